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
    pub port: u16,
    pub fingerprint: String,
    pub data: tempfile::TempDir,
}

impl Server {
    pub fn start() -> Server {
        let data = tempfile::tempdir().expect("a temporary directory");
        let config = data.path().join("config.toml");
        std::fs::write(&config, "[ui]\nai_delay_ms = 0\n").expect("config");
        let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
            .args(["serve", "--listen", "127.0.0.1:0", "--config"])
            .arg(&config)
            .env("PARLOR_DATA_DIR", data.path().join("data"))
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
        // Drain the rest so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Server {
            child,
            port: port.expect("the server said where it listens"),
            fingerprint,
            data,
        }
    }

    /// Stops the server as an operator's SIGTERM does; returns its exit code.
    pub fn terminate(mut self) -> Option<i32> {
        let pid = self.child.id().to_string();
        let killed = Command::new("kill").args(["-TERM", &pid]).status();
        assert!(killed.is_ok_and(|s| s.success()), "kill -TERM {pid}");
        self.child.wait().expect("the server exits").code()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether the system `ssh` client is there; says so when it is not.
fn have_ssh() -> bool {
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
fn join(server: &Server, name: &str, cols: u16, rows: u16) -> Tui {
    let port = server.port.to_string();
    let who = format!("{name}@127.0.0.1");
    Tui::start_program(
        "ssh",
        &[
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "LogLevel=ERROR",
            "-o",
            "BatchMode=yes",
            "-tt",
            "-p",
            &port,
            &who,
        ],
        cols,
        rows,
    )
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
    let code = server.terminate();
    assert_eq!(code, Some(0), "a stop asked for is a clean exit");
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
