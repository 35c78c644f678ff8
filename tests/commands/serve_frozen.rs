//! A client that freezes (its `ssh` stopped, its network gone without a word) keeps
//! the connection open but answers nothing: the server's keepalive questions go
//! unanswered and the connection is closed, so the player's name (one name, one
//! terminal) and seat come back to them when they join again.

use std::time::Duration;

use russh::ChannelMsg;

use crate::pty_harness::menu_ready;
use crate::ssh_client::{AT_MENU, LocalServer, client_runtime};

/// What joining under a name gave: the menu, or the server's refusal.
async fn try_join(addr: std::net::SocketAddr, name: &str) -> Result<(), String> {
    let mut player = crate::ssh_client::Player::connect(addr, name, (80, 24)).await;
    let deadline = tokio::time::Instant::now() + crate::ssh_client::PATIENCE;
    loop {
        if player.contents().contains(AT_MENU) {
            player.leave().await;
            return Ok(());
        }
        match tokio::time::timeout_at(deadline, player.channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => player.screen.process(&data),
            Ok(Some(ChannelMsg::ExtendedData { data, .. })) => {
                return Err(String::from_utf8_lossy(&data).into_owned());
            }
            Ok(Some(_)) => {}
            Ok(None) => return Err("closed without a word".into()),
            Err(_) => return Err("no menu and no refusal".into()),
        }
    }
}

#[test]
fn a_frozen_client_is_closed_and_its_player_can_join_again() {
    if !crate::serve_ssh::have_ssh() {
        return;
    }
    let server = LocalServer::start_with(|o| o.keepalive = Duration::from_millis(300));
    let mut alice = crate::serve_ssh::join_port(
        server.addr.port(),
        "alice",
        (80, 24),
        &["-o", "BatchMode=yes"],
    );
    alice.wait_until("the menu", menu_ready);
    // Her ssh is stopped: the connection stays open, nothing answers.
    alice.signal("STOP");
    let runtime = client_runtime();
    let mut refusals = Vec::new();
    let joined = runtime.block_on(async {
        for _ in 0..60 {
            match try_join(server.addr, "alice").await {
                Ok(()) => return true,
                Err(why) => refusals.push(why),
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        false
    });
    alice.signal("CONT");
    assert!(joined, "alice never got her name back: {refusals:?}");
    // While the frozen one still counted, the name was hers alone.
    assert!(
        refusals
            .iter()
            .all(|r| r.contains("alice is already playing here")),
        "{refusals:?}"
    );
    drop(alice);
    server.stop().expect("the server stops cleanly");
}
