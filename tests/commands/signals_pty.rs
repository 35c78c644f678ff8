//! Signals and a lost terminal: parlor killed by SIGTERM, SIGINT (from `kill`), SIGHUP
//! or SIGQUIT, in the menu, a game or an overlay, puts the terminal back as it was
//! (cooked mode, main screen, no mouse reporting, cursor shown) and exits with 128 + the
//! signal's number; a closed terminal ends it even when SIGHUP was ignored.

use crate::pty_harness as harness;

use harness::*;

/// (signal name, number) as `kill -l` knows them on Linux.
const SIGNALS: [(&str, i32); 4] = [("TERM", 15), ("INT", 2), ("HUP", 1), ("QUIT", 3)];

#[test]
fn every_stop_signal_restores_the_terminal_in_every_state() {
    for (name, number) in SIGNALS {
        for state in ["menu", "game", "help"] {
            let mut tui = Tui::start(&[], 80, 24, 0);
            tui.wait_until("the menu", menu_ready);
            match state {
                "game" => {
                    tui.send(ENTER);
                    tui.wait_for("[ Start ]");
                    tui.send(ENTER);
                    tui.wait_for("Prediction");
                }
                "help" => {
                    tui.send("?");
                    tui.wait_for("Help");
                }
                _ => {}
            }
            tui.signal(name);
            let status = tui.wait_exit();
            assert_eq!(
                status.exit_code(),
                (128 + number) as u32,
                "SIG{name} in the {state}: {status:?}"
            );
            tui.assert_restored();
        }
    }
}

#[test]
fn a_closed_terminal_ends_parlor_even_with_sighup_ignored() {
    closed_terminal(true);
}

/// As a terminal window closed, or `tmux kill-server`: SIGHUP and the terminal gone.
#[test]
fn a_closed_terminal_ends_parlor_cleanly() {
    closed_terminal(false);
}

fn closed_terminal(ignore_hup: bool) {
    use portable_pty::{CommandBuilder, native_pty_system};
    use std::io::Read;
    use std::time::{Duration, Instant};

    let dirs = tempfile::tempdir().expect("temp dir");
    let pair = native_pty_system()
        .openpty(size(80, 24))
        .expect("open a pty");
    // `trap '' HUP` as nohup does, then parlor in the same process.
    let trap = if ignore_hup { "trap '' HUP; " } else { "" };
    let mut cmd = CommandBuilder::new("sh");
    cmd.args([
        "-c",
        &format!("{trap}exec {}", env!("CARGO_BIN_EXE_parlor")),
    ]);
    cmd.env_clear();
    cmd.env("PATH", std::env::var_os("PATH").unwrap_or_default());
    cmd.env("TERM", "xterm-256color");
    cmd.env("HOME", dirs.path());
    cmd.env("XDG_CONFIG_HOME", dirs.path().join("config"));
    cmd.env("XDG_DATA_HOME", dirs.path().join("data"));
    cmd.cwd(dirs.path());
    let mut child = pair.slave.spawn_command(cmd).expect("spawn parlor");
    drop(pair.slave);
    // Read until the menu is drawn, then let go of every handle on the terminal.
    {
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let mut seen = Vec::new();
        let mut buf = [0u8; 4096];
        while !String::from_utf8_lossy(&seen).contains("choose") {
            let n = reader.read(&mut buf).expect("read the menu");
            assert!(n > 0, "parlor ended before drawing the menu");
            seen.extend_from_slice(&buf[..n]);
        }
    }
    drop(pair.master);
    let deadline = Instant::now() + HANG_GUARD;
    let status = loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("parlor kept running after its terminal was closed");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    // It ends as a lost terminal, not by a panic on the way out (ratatui's terminal
    // printing to a stderr that is gone did that once).
    let log = std::fs::read_to_string(dirs.path().join("data/parlor/parlor.log"))
        .expect("the log was written");
    assert!(!log.contains("panic"), "{log}");
    assert_ne!(status.exit_code(), 101, "a panic's exit code");
}
