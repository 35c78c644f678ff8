//! `parlor serve` against any bytes a peer could send, through SSH clients of our own
//! (the system `ssh` in a pseudo-terminal cannot send everything: its terminal cooks
//! some bytes, and it always says goodbye). Generated cases: a client sends random
//! bytes, asks for absurd window sizes, and ends in any way (a goodbye, an end of input
//! alone, a cut connection, never having asked for a shell); others connect to the port
//! and send anything but SSH. Through all of it a player in the lobby keeps playing: his
//! keys are answered, the one who came and went leaves the list of who is here, and the
//! server stops cleanly at the end.

use std::io::Write;

use proptest::prelude::*;

use crate::ssh_client::{DOWN, LocalServer, Player, UP, client_runtime};

/// How a client ends its visit.
#[derive(Clone, Debug)]
enum Ending {
    /// End of input, then a goodbye.
    Leave,
    /// The TCP connection cut under it.
    Cut,
    /// End of input, then the connection cut.
    EofThenCut,
    /// The client's connection dropped by its program with no word.
    Drop,
}

/// One thing a client does in its visit.
#[derive(Clone, Debug)]
enum Act {
    Bytes(Vec<u8>),
    Resize(u32, u32),
}

/// What a visitor does.
#[derive(Clone, Debug)]
struct Visit {
    size: (u32, u32),
    /// Whether it asks for its shell at all.
    shell: bool,
    acts: Vec<Act>,
    ending: Ending,
    /// Bytes sent to the port by a client that does not speak SSH at all.
    not_ssh: Vec<u8>,
}

fn any_size() -> impl Strategy<Value = u32> {
    prop_oneof![Just(0), Just(1), Just(u32::MAX), Just(65_535), 2u32..400]
}

/// Bytes that look like a terminal's (escape sequences, mouse reports, UTF-8) as well
/// as anything at all.
fn any_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        prop::collection::vec(any::<u8>(), 1..64),
        Just(b"\x1b[".to_vec()),
        Just(b"\x1b[<0;999999;999999M".to_vec()),
        Just(b"\x1b[200~pasted\x1b[201~".to_vec()),
        Just(b"\x1bO".to_vec()),
        Just("é☃👍".as_bytes().to_vec()),
        Just(vec![0xff, 0xfe, 0xc3]),
        (0u8..0x20).prop_map(|c| vec![c]),
        Just(b"\r".to_vec()),
    ];
    prop::collection::vec(piece, 1..12).prop_map(|p| p.concat())
}

fn any_visit() -> impl Strategy<Value = Visit> {
    let act = prop_oneof![
        3 => any_bytes().prop_map(Act::Bytes),
        1 => (any_size(), any_size()).prop_map(|(c, r)| Act::Resize(c, r)),
    ];
    let ending = prop_oneof![
        Just(Ending::Leave),
        Just(Ending::Cut),
        Just(Ending::EofThenCut),
        Just(Ending::Drop),
    ];
    let not_ssh = prop_oneof![
        prop::collection::vec(any::<u8>(), 0..200),
        prop::collection::vec(any::<u8>(), 0..200).prop_map(|junk| {
            // A banner, then junk where the key exchange should be.
            let mut bytes = b"SSH-2.0-junk\r\n".to_vec();
            bytes.extend(junk);
            bytes
        }),
    ];
    (
        (any_size(), any_size()),
        prop::bool::weighted(0.85),
        prop::collection::vec(act, 0..10),
        ending,
        not_ssh,
    )
        .prop_map(|(size, shell, acts, ending, not_ssh)| Visit {
            size,
            shell,
            acts,
            ending,
            not_ssh,
        })
}

/// Bob, in the lobby, sees `who` among those here.
fn lists(screen: &str, who: &str) -> bool {
    screen.contains(who)
}

#[test]
fn no_bytes_a_client_sends_stall_the_server_or_another_player() {
    let server = LocalServer::start();
    let runtime = client_runtime();
    let bob = runtime.block_on(async {
        let mut bob = Player::join(server.addr, "bob").await;
        // To the lobby: its entry is the one before Statistics, at the end of the menu.
        bob.send(b"\x1b[A\x1b[A\r").await;
        bob.wait_for("Play online · you are bob").await;
        bob
    });
    let bob = std::cell::RefCell::new(bob);
    let visitors = std::cell::Cell::new(0u32);
    let config = ProptestConfig {
        cases: 24,
        failure_persistence: None,
        // Each case is a connection or two; a failure is shown shrunk, but not for ever.
        max_shrink_iters: 32,
        ..ProptestConfig::default()
    };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let result = runner.run(&any_visit(), |visit| {
        visitors.set(visitors.get() + 1);
        let name = format!("mallory{}", visitors.get());
        let mut bob = bob.borrow_mut();
        runtime.block_on(visit_and_check(&server, &mut bob, &name, visit));
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let mut bob = bob.into_inner();
    runtime.block_on(async {
        // Bob, who sat through all of it, still plays.
        bob.key_round_trip(DOWN).await;
        bob.key_round_trip(UP).await;
        bob.leave().await;
    });
    server.stop().expect("the server stops cleanly");
}

/// One visitor does what `visit` says; bob is checked after.
async fn visit_and_check(server: &LocalServer, bob: &mut Player, name: &str, visit: Visit) {
    // First a client that is not SSH at all: the server closes on it, sooner or later,
    // and it changes nothing for anyone.
    let mut raw = std::net::TcpStream::connect(server.addr).expect("the port answers");
    let _ = raw.write_all(&visit.not_ssh);
    drop(raw);

    let visitor = Player::connect_with(server.addr, name, visit.size, visit.shell).await;
    if visit.shell {
        // Its arcade starts: bob sees it arrive.
        bob.wait_until(&format!("{name} in bob's lobby"), |s| lists(s, name))
            .await;
    }
    for act in &visit.acts {
        match act {
            Act::Bytes(bytes) => {
                // A channel the server has closed (a byte quit the arcade) takes no more.
                if visitor.channel.data(&bytes[..]).await.is_err() {
                    break;
                }
            }
            Act::Resize(cols, rows) => {
                let _ = visitor.channel.window_change(*cols, *rows, 0, 0).await;
            }
        }
    }
    match visit.ending {
        Ending::Leave => visitor.leave().await,
        Ending::Cut => visitor.cut(),
        Ending::EofThenCut => {
            let _ = visitor.channel.eof().await;
            visitor.cut();
        }
        Ending::Drop => drop(visitor),
    }
    // Gone from the lobby, whatever the bytes did (an offer made, a game started).
    bob.wait_until(&format!("{name} gone from bob's lobby"), |s| {
        !lists(s, name)
    })
    .await;
    // And bob's keys are answered: down the lobby's list and back.
    bob.key_round_trip(DOWN).await;
    bob.settle().await;
    bob.key_round_trip(UP).await;
    bob.settle().await;
}
