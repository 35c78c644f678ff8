//! `parlor serve` with the system's own `ssh` client in a pseudo-terminal, as a friend
//! would join: the arcade on the client's terminal, sized to it and redrawn when it
//! changes, each player's saves kept under their name and offered back when they join
//! again, and the server stopped by SIGTERM restoring every client's terminal after
//! saving. Skipped, with a message, where the machine has no `ssh`.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use crate::pty_harness::{Tui, menu_ready, selected_is};

/// A `parlor serve` on a port of its own on 127.0.0.1, with its data in a temporary
/// directory.
pub(crate) struct Server {
    child: Child,
    /// What the server printed after its start-up lines (who came and went).
    said: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    pub port: u16,
    pub fingerprint: String,
    pub data: tempfile::TempDir,
}

impl Server {
    pub fn start() -> Server {
        Server::start_with(&[], |_| {})
    }

    /// A server with `args` added to `parlor serve`, after `prepare` has written what
    /// they name into the server's temporary directory.
    pub fn start_with(args: &[&str], prepare: impl FnOnce(&std::path::Path)) -> Server {
        let data = tempfile::tempdir().expect("a temporary directory");
        prepare(data.path());
        Server::launch(data, args)
    }

    /// Stops this server (SIGTERM) and starts another on the same data, as an operator
    /// restarting it would; returns it with what the first one printed.
    pub fn restart(mut self) -> (Server, Vec<String>) {
        let data = std::mem::replace(
            &mut self.data,
            tempfile::tempdir().expect("a temporary directory"),
        );
        let (_, said) = self.terminate();
        (Server::launch(data, &[]), said)
    }

    fn launch(data: tempfile::TempDir, args: &[&str]) -> Server {
        let config = data.path().join("config.toml");
        std::fs::write(&config, "[ui]\nai_delay_ms = 0\n").expect("config");
        let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
            .args(["serve", "--listen", "127.0.0.1:0", "--config"])
            .arg(&config)
            .args(args)
            .current_dir(data.path())
            .env("PARLOR_DATA_DIR", data.path().join("data"))
            // A server started as a service has no terminal and no TERM of its own:
            // nothing it does for its players may depend on them (a resize once did).
            .env_remove("TERM")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("parlor serve starts");
        let stdout = child.stdout.take().expect("its stdout");
        let mut lines = BufReader::new(stdout).lines();
        let mut port = None;
        let mut fingerprint = String::new();
        for line in lines.by_ref() {
            let line = line.expect("a line");
            if let Some(addr) = line.strip_prefix("parlor serves the arcade on ") {
                let addr: std::net::SocketAddr = addr.trim().parse().expect("an address");
                port = Some(addr.port());
            }
            if let Some(key) = line.strip_prefix("host key: ") {
                fingerprint = key.trim().to_string();
            }
            if line.starts_with("Ctrl-C stops") {
                break;
            }
        }
        // Keep the rest (and never let the server block on a full pipe).
        let said = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let keep = said.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                keep.lock().expect("the lines").push(line);
            }
        });
        Server {
            child,
            said,
            port: port.expect("the server said where it listens"),
            fingerprint,
            data,
        }
    }

    /// Stops the server as an operator's SIGTERM does; returns its exit code and what
    /// it printed after starting.
    pub fn terminate(mut self) -> (Option<i32>, Vec<String>) {
        let pid = self.child.id().to_string();
        let killed = Command::new("kill").args(["-TERM", &pid]).status();
        assert!(killed.is_ok_and(|s| s.success()), "kill -TERM {pid}");
        let code = self.child.wait().expect("the server exits").code();
        // The reader has the last lines once the pipe is closed.
        for _ in 0..50 {
            let done = self
                .said
                .lock()
                .expect("the lines")
                .iter()
                .any(|l| l.contains("stopped"));
            if done {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let said = self.said.lock().expect("the lines").clone();
        (code, said)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether the system `ssh` client is there; says so when it is not.
pub(crate) fn have_ssh() -> bool {
    let found = Command::new("ssh")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    if !found {
        eprintln!("skipped: no system ssh client on this machine");
    }
    found
}

/// `ssh -p PORT name@127.0.0.1` in a terminal of `cols` x `rows`.
pub(crate) fn join(server: &Server, name: &str, cols: u16, rows: u16) -> Tui {
    join_with(server, name, cols, rows, &["-o", "BatchMode=yes"])
}

/// ssh's options for a test server: a host key never seen before is taken without a
/// question or a file written, and only errors are printed.
const QUIET: [&str; 6] = [
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "LogLevel=ERROR",
];

/// `join` with more of ssh's options (`-i KEY`, how to authenticate).
fn join_with(server: &Server, name: &str, cols: u16, rows: u16, more: &[&str]) -> Tui {
    join_port(server.port, name, (cols, rows), more)
}

/// `ssh -tt -p PORT name@127.0.0.1` with `more` of ssh's options, in a terminal of
/// `cols` x `rows`: a server on `port`, this test's or another's.
pub(crate) fn join_port(port: u16, name: &str, (cols, rows): (u16, u16), more: &[&str]) -> Tui {
    let port = port.to_string();
    let who = format!("{name}@127.0.0.1");
    let mut args = QUIET.to_vec();
    args.extend_from_slice(&["-tt", "-p", &port]);
    args.extend_from_slice(more);
    args.push(&who);
    Tui::start_program("ssh", &args, cols, rows)
}

#[test]
fn a_friend_joins_with_ssh_plays_and_finds_the_game_again() {
    if !have_ssh() {
        return;
    }
    let server = Server::start();
    assert!(
        server.fingerprint.starts_with("SHA256:"),
        "{}",
        server.fingerprint
    );
    let key = server.data.path().join("data/server/host_key_ed25519");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key)
            .expect("the host key is kept")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "only its owner reads the host key");
    }

    let mut alice = join(&server, "alice", 80, 24);
    alice.wait_until("the menu", menu_ready);
    // Arrows and Esc arrive as keys: down to 1-3-5-7, into its setup, Esc, up to Nim.
    alice.send("\x1b[B");
    alice.wait_until("1-3-5-7 chosen", |s| selected_is(s, "1-3-5-7"));
    alice.send("\r");
    alice.wait_for("Start");
    alice.esc();
    alice.wait_until("the menu again", menu_ready);
    alice.send("\x1b[A");
    alice.wait_until("Nim chosen", |s| selected_is(s, "Nim"));
    // Nim's setup, then Start: a game on alice's terminal.
    alice.send("\r");
    alice.wait_for("Start");
    alice.send("\r");
    let game = alice.wait_for("you vs the AI");
    assert!(game.contains("Piles"), "{game}");
    // A move, then the window grows: the arcade redraws at the new size.
    alice.send("\r");
    alice.resize(120, 40);
    alice.wait_until("a 120-column frame", |s| {
        s.lines()
            .any(|l| l.chars().count() >= 118 && l.contains("Piles"))
    });
    // q saves and leaves; ssh ends with the arcade.
    alice.send("q");
    alice.wait_exit();
    let saves = server.data.path().join("data/server/players/alice/saves");
    let kept = std::fs::read_dir(&saves).expect("alice's saves").count();
    assert_eq!(kept, 1, "the game is kept under alice's name");

    // Alice again: her game is offered back. Bob: nothing of hers.
    let mut again = join(&server, "alice", 80, 24);
    again.wait_for("Resume Nim");
    let mut bob = join(&server, "bob", 80, 24);
    let menu = bob.wait_until("bob's menu", menu_ready);
    assert!(!menu.contains("Resume"), "{menu}");

    // The operator stops the server: both terminals are given back as they were.
    let (code, said) = server.terminate();
    assert_eq!(code, Some(0), "a stop asked for is a clean exit");
    // The operator saw who came and went.
    for line in [
        "alice joined from 127.0.0.1:",
        "alice left",
        "bob joined from",
        "parlor serve stopped.",
    ] {
        assert!(said.iter().any(|l| l.contains(line)), "{line}: {said:?}");
    }
    for client in [&mut again, &mut bob] {
        client.wait_exit();
        let screen = client.screen();
        assert!(
            !screen.contains("Statistics"),
            "the arcade left the screen:\n{screen}"
        );
        assert!(screen.contains("the server has stopped"), "{screen}");
    }
}

/// With a password file, a wrong password is refused and the right one lets the
/// player in.
#[test]
fn a_password_server_lets_in_only_who_knows_it() {
    if !have_ssh() {
        return;
    }
    let server = Server::start_with(&["--password-file", "pw"], |dir| {
        std::fs::write(dir.join("pw"), "tea for two\n").expect("the password file");
    });
    let only_password = [
        "-o",
        "PreferredAuthentications=password",
        "-o",
        "PubkeyAuthentication=no",
        "-o",
        "NumberOfPasswordPrompts=2",
    ];
    let mut carol = join_with(&server, "carol", 80, 24, &only_password);
    carol.wait_for("password:");
    carol.send("tea for one\r");
    carol.wait_until("asked again", |s| s.matches("password:").count() >= 2);
    carol.send("tea for two\r");
    carol.wait_until("the menu", menu_ready);
    carol.send("q");
    carol.wait_exit();
}

/// With an authorized_keys file, the listed key joins and another is refused.
#[test]
fn a_key_server_lets_in_only_the_listed_keys() {
    if !have_ssh() {
        return;
    }
    let keygen = |dir: &std::path::Path, name: &str| {
        let status = Command::new("ssh-keygen")
            .args(["-q", "-t", "ed25519", "-N", "", "-f"])
            .arg(dir.join(name))
            .status();
        status.is_ok_and(|s| s.success())
    };
    let keys = tempfile::tempdir().expect("a directory");
    if !keygen(keys.path(), "dave") || !keygen(keys.path(), "eve") {
        eprintln!("skipped: no ssh-keygen on this machine");
        return;
    }
    let listed = std::fs::read_to_string(keys.path().join("dave.pub")).expect("dave's key");
    let server = Server::start_with(&["--authorized-keys", "keys"], |dir| {
        std::fs::write(dir.join("keys"), &listed).expect("the keys file");
    });
    let key_only = |name: &str| {
        let path = keys.path().join(name).display().to_string();
        vec![
            "-o".to_string(),
            "BatchMode=yes".to_string(),
            "-o".to_string(),
            "IdentitiesOnly=yes".to_string(),
            "-i".to_string(),
            path,
        ]
    };
    let dave_args = key_only("dave");
    let dave_args: Vec<&str> = dave_args.iter().map(String::as_str).collect();
    let mut dave = join_with(&server, "dave", 80, 24, &dave_args);
    dave.wait_until("the menu", menu_ready);
    let eve_args = key_only("eve");
    let eve_args: Vec<&str> = eve_args.iter().map(String::as_str).collect();
    let mut eve = join_with(&server, "eve", 80, 24, &eve_args);
    let refused = eve.wait_for("Permission denied");
    assert!(!menu_ready(&refused), "{refused}");
    eve.wait_exit();
    dave.send("q");
    dave.wait_exit();
}

/// A client that sends junk (random bytes, broken escape sequences, mouse reports)
/// harms no one: the server goes on, and another player's arcade still answers.
#[test]
fn junk_from_one_client_leaves_the_others_playing() {
    if !have_ssh() {
        return;
    }
    use rand::{RngExt, SeedableRng};
    let server = Server::start();
    let mut bob = join(&server, "bob", 80, 24);
    bob.wait_until("the menu", menu_ready);
    let mut rng = parlor::seeds::GameRng::seed_from_u64(35);
    for _ in 0..5 {
        let mut mallory = join(&server, "mallory", 80, 24);
        mallory.wait_until("mallory's menu", menu_ready);
        for _ in 0..20 {
            // Bytes a terminal could send, quit keys left out so the junk goes on.
            let junk: String = (0..rng.random_range(1..60))
                .map(|_| match rng.random_range(0..6) {
                    0 => '\x1b',
                    1 => '[',
                    2 => char::from(rng.random_range(0x20u8..0x7f)),
                    3 => char::from(rng.random_range(0x04u8..0x1b)),
                    4 => ';',
                    _ => char::from(b'0' + rng.random_range(0u8..10)),
                })
                .filter(|c| !matches!(c, 'q' | 'Q' | '\x03'))
                .collect();
            mallory.send(&junk);
            mallory.send(&format!(
                "\x1b[<0;{};{}M",
                rng.random_range(1..90),
                rng.random_range(1..30)
            ));
        }
        // Bob's arcade answers at once: down to 1-3-5-7 and back.
        bob.send("\x1b[B");
        bob.wait_until("bob moves down", |s| selected_is(s, "1-3-5-7"));
        bob.send("\x1b[A");
        bob.wait_until("and back up", |s| selected_is(s, "Nim"));
        drop(mallory);
    }
    let (code, _) = server.terminate();
    assert_eq!(code, Some(0), "the server ran to its stop");
}

/// A command instead of a terminal runs nothing and says how to join; a second
/// terminal under a name already playing is turned away (two would overwrite each
/// other's saves).
#[test]
fn a_command_runs_nothing_and_a_name_plays_at_one_terminal_at_a_time() {
    if !have_ssh() {
        return;
    }
    let server = Server::start();
    let port = server.port.to_string();
    let ssh = |args: &[&str]| {
        Command::new("ssh")
            .args(QUIET)
            .args(["-o", "BatchMode=yes", "-p", &port])
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("ssh runs")
    };
    let exec = ssh(&["alice@127.0.0.1", "ls", "/"]);
    assert_eq!(exec.status.code(), Some(1));
    let said = String::from_utf8_lossy(&exec.stderr);
    assert!(said.contains("parlor runs no commands"), "{said}");
    assert!(exec.stdout.is_empty(), "nothing ran");
    let no_terminal = ssh(&["-T", "alice@127.0.0.1"]);
    assert_eq!(no_terminal.status.code(), Some(1));
    let said = String::from_utf8_lossy(&no_terminal.stderr);
    assert!(said.contains("needs a terminal"), "{said}");
    // A port forwarded from the server back to the client is refused, and ssh, told
    // to give up when a forward fails, does.
    let forward = ssh(&[
        "-o",
        "ExitOnForwardFailure=yes",
        "-N",
        "-R",
        "0:127.0.0.1:9",
        "alice@127.0.0.1",
    ]);
    assert_eq!(forward.status.code(), Some(255));
    let said = String::from_utf8_lossy(&forward.stderr);
    assert!(said.contains("forwarding failed"), "{said}");

    let mut alice = join(&server, "alice", 80, 24);
    alice.wait_until("the menu", menu_ready);
    let mut again = join(&server, "alice", 80, 24);
    again.wait_for("alice is already playing here");
    again.wait_exit();
    // The first is untouched.
    alice.send("\x1b[B");
    alice.wait_until("alice still plays", |s| selected_is(s, "1-3-5-7"));
}

/// A server stopped mid-match and started again on the same data: the match comes back
/// from the server's database, and a player who joins again takes their seat back with
/// the code shown when it began; the position is the one left.
#[test]
fn a_match_survives_a_server_restart() {
    if !have_ssh() {
        return;
    }
    let server = Server::start();
    let mut alice = join(&server, "alice", 80, 24);
    alice.wait_until("the menu", menu_ready);
    alice.send("\x1b[A\x1b[A\r");
    alice.wait_for("Play online · you are alice");
    alice.send("\r");
    alice.wait_for("[ Offer it online ]");
    alice.send("\r");
    alice.wait_for("Your offer is up");
    let mut bob = join(&server, "bob", 80, 24);
    bob.wait_until("the menu", menu_ready);
    bob.send("\x1b[A\x1b[A\r");
    bob.wait_for("Accept: alice offers Nim");
    bob.send("\r");
    let seen = bob.wait_for("Your seat code: ");
    let at = seen
        .find("Your seat code: ")
        .map_or(0, |i| i + "Your seat code: ".len());
    let code: String = seen[at..].chars().take(6).collect();
    assert!(code.chars().all(|c| c.is_ascii_digit()), "{code}");
    // Alice takes a coin; bob sees it.
    alice.wait_for("Your turn");
    alice.send("\r");
    bob.wait_for("Your turn");
    let before = bob.screen();

    let (server, said) = server.restart();
    assert!(said.iter().any(|l| l.contains("stopped")), "{said:?}");
    alice.wait_exit();
    bob.wait_exit();
    // Each leaves with the code that takes their seat back.
    let goodbye = bob.screen();
    assert!(
        goodbye.contains(&format!(
            "Your match of Nim with alice waits for you: take your seat back with the seat code {code}"
        )),
        "{goodbye}"
    );
    let mut bob = join(&server, "bob", 80, 24);
    bob.wait_until("the menu", menu_ready);
    bob.send("\x1b[A\x1b[A\r");
    bob.wait_for("Resume your match: Nim with alice");
    bob.send(&code);
    bob.send("\r");
    let back = bob.wait_for("online: alice vs bob");
    // The piles as they were: the board's rows are the same.
    let piles = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.contains('●'))
            .map(|l| l.chars().filter(|c| *c == '●').count().to_string())
            .collect()
    };
    assert_eq!(piles(&back), piles(&before), "{back}\n---\n{before}");
    bob.send("q");
}

/// A player who presses no key for the server's idle time is sent off, told why and
/// that their games are kept; one who keeps playing stays.
#[test]
fn an_idle_player_is_sent_off_and_told_why() {
    if !have_ssh() {
        return;
    }
    let server = Server::start_with(&["--idle-timeout", "2s"], |_| {});
    let mut alice = join(&server, "alice", 80, 24);
    alice.wait_until("the menu", menu_ready);
    let mut bob = join(&server, "bob", 80, 24);
    bob.wait_until("the menu", menu_ready);
    // Bob moves up and down the menu, more often than the idle time, for three times
    // the idle time, while alice does nothing.
    let started = std::time::Instant::now();
    let mut down = true;
    while started.elapsed() < std::time::Duration::from_secs(6) {
        bob.send(if down { "\x1b[B" } else { "\x1b[A" });
        let entry = if down { "1-3-5-7" } else { "Nim" };
        bob.wait_until("bob's key is answered", |s| selected_is(s, entry));
        down = !down;
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    assert!(bob.alive(), "bob, who kept playing, is still here");
    alice.wait_exit();
    let said = alice.screen();
    assert!(
        said.contains("no key was pressed for 2 seconds, so the session ended"),
        "{said}"
    );
    assert!(said.contains("join again to go on"), "{said}");
}

/// A name the server cannot keep is refused with what a name may be, never changed
/// without a word (zoë and zoé would both have become "zo", one player's saves).
#[test]
fn a_name_with_other_characters_is_refused_and_told_what_a_name_is() {
    if !have_ssh() {
        return;
    }
    let server = Server::start();
    let mut zoe = join(&server, "zoë", 100, 24);
    let said = zoe.wait_for("cannot be a name here");
    assert!(said.contains("'zoë' cannot be a name here"), "{said}");
    assert!(
        said.contains("1 to 16 letters a-z, digits, - or _"),
        "{said}"
    );
    zoe.wait_exit();
    let mut long = join(&server, "averyveryverylongname", 100, 24);
    long.wait_for("'averyveryverylongname' cannot be a name here");
    long.wait_exit();
}
