//! The pseudo-terminal harness shared by the end-to-end tests: the real binary in a
//! pty of a chosen size, read back through a vt100 parser, with config and data in a
//! temp dir. Each test file uses the parts it needs.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, ExitStatus, MasterPty, PtySize, native_pty_system};
use tempfile::TempDir;

/// Only turns a hang into a failure; nothing here measures speed.
pub const HANG_GUARD: Duration = Duration::from_secs(30);

pub const DOWN: &str = "\x1b[B";
pub const UP: &str = "\x1b[A";
pub const RIGHT: &str = "\x1b[C";
pub const LEFT: &str = "\x1b[D";
pub const ENTER: &str = "\r";

pub fn nz(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).expect("a terminal has at least one row and column")
}

pub fn size(cols: u16, rows: u16) -> PtySize {
    PtySize {
        rows,
        cols,
        pixel_width: 0,
        pixel_height: 0,
    }
}

/// Spots the cursor position query ESC [ 6 n in the output, even split across reads.
#[derive(Default)]
pub struct QueryMatcher {
    matched: usize,
}

impl QueryMatcher {
    pub const QUERY: &'static [u8] = b"\x1b[6n";

    /// Takes the next output byte; true when it completes a query.
    pub fn feed(&mut self, b: u8) -> bool {
        if b == Self::QUERY[self.matched] {
            self.matched += 1;
            if self.matched == Self::QUERY.len() {
                self.matched = 0;
                return true;
            }
        } else {
            self.matched = usize::from(b == Self::QUERY[0]);
        }
        false
    }
}

pub struct Tui {
    child: Box<dyn Child + Send + Sync>,
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    master: Box<dyn MasterPty + Send>,
    pub parser: Arc<Mutex<vt100::Parser>>,
    reader: Option<JoinHandle<()>>,
    reader_done: Arc<AtomicBool>,
    /// The termios before the child started, to compare with after it exits.
    pub initial_modes: Option<String>,
    /// Home, config and data: shared by a second run in the same sandbox.
    _dirs: Arc<TempDir>,
}

impl Tui {
    /// Starts `parlor args` in a `cols` x `rows` terminal with the AI's pause set to
    /// `ai_delay_ms`.
    pub fn start(args: &[&str], cols: u16, rows: u16, ai_delay_ms: u64) -> Tui {
        let dirs = Arc::new(tempfile::tempdir().expect("temp dir"));
        Tui::launch_in(dirs, cols, rows, ai_delay_ms, |config| {
            let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_parlor"));
            cmd.args(args);
            cmd.arg("--config");
            cmd.arg(config);
            cmd
        })
    }

    /// Starts parlor again in the same sandbox (home, config, data) as `self`, which
    /// should have exited.
    pub fn start_again(&self, args: &[&str], cols: u16, rows: u16, ai_delay_ms: u64) -> Tui {
        Tui::launch_in(Arc::clone(&self._dirs), cols, rows, ai_delay_ms, |config| {
            let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_parlor"));
            cmd.args(args);
            cmd.arg("--config");
            cmd.arg(config);
            cmd
        })
    }

    /// Starts another program (`ssh`, say) in a `cols` x `rows` terminal, in a sandbox
    /// of its own (home, config and data in a temporary directory).
    pub fn start_program(program: &str, args: &[&str], cols: u16, rows: u16) -> Tui {
        let dirs = Arc::new(tempfile::tempdir().expect("temp dir"));
        Tui::launch_in(dirs, cols, rows, 0, |_| {
            let mut cmd = CommandBuilder::new(program);
            cmd.args(args);
            cmd
        })
    }

    fn launch_in(
        dirs: Arc<TempDir>,
        cols: u16,
        rows: u16,
        ai_delay_ms: u64,
        command: impl FnOnce(&std::path::Path) -> CommandBuilder,
    ) -> Tui {
        let home = dirs.path().join("home");
        let config_home = dirs.path().join("config");
        let data_home = dirs.path().join("data");
        for d in [&home, &config_home, &data_home] {
            std::fs::create_dir_all(d).expect("sandbox dir");
        }
        let config = dirs.path().join("test-config.toml");
        std::fs::write(&config, format!("[ui]\nai_delay_ms = {ai_delay_ms}\n")).unwrap();

        let pair = native_pty_system()
            .openpty(size(cols, rows))
            .expect("open a pty");
        let initial_modes = pair.master.get_termios().map(|t| format!("{t:?}"));
        assert!(initial_modes.is_some(), "cannot read the pty's termios");
        let mut cmd = command(&config);
        cmd.env_clear();
        cmd.env("PARLOR_TEST_CONFIG", &config);
        cmd.env("PATH", std::env::var_os("PATH").unwrap_or_default());
        cmd.env("TERM", "xterm-256color");
        cmd.env("HOME", &home);
        cmd.env("XDG_CONFIG_HOME", &config_home);
        cmd.env("XDG_DATA_HOME", &data_home);
        cmd.env("LANG", "C.UTF-8");
        cmd.env("RUST_BACKTRACE", "1");
        cmd.cwd(dirs.path());
        let child = pair.slave.spawn_command(cmd).expect("spawn parlor");
        drop(pair.slave);

        let parser = Arc::new(Mutex::new(vt100::Parser::new(nz(rows), nz(cols), 0)));
        let writer = Arc::new(Mutex::new(pair.master.take_writer().expect("pty writer")));
        let reader_done = Arc::new(AtomicBool::new(false));
        let mut input = pair.master.try_clone_reader().expect("pty reader");
        let reader = {
            let parser = Arc::clone(&parser);
            let writer = Arc::clone(&writer);
            let done = Arc::clone(&reader_done);
            thread::spawn(move || {
                let mut buf = [0u8; 8192];
                let mut query = QueryMatcher::default();
                loop {
                    match input.read(&mut buf) {
                        // EIO once the child has gone and the slave is closed: the end.
                        Ok(0) | Err(_) => break,
                        Ok(n) => {
                            // Like a real terminal, answer "where is the cursor?" (ESC [ 6 n),
                            // which ratatui asks when it clears the screen.
                            let mut start = 0;
                            for (i, &b) in buf[..n].iter().enumerate() {
                                if query.feed(b) {
                                    let mut p = parser.lock().unwrap();
                                    p.process(&buf[start..=i]);
                                    start = i + 1;
                                    let (row, col) = p.screen().cursor_position();
                                    let reply = format!("\x1b[{};{}R", row + 1, col + 1);
                                    let mut w = writer.lock().unwrap();
                                    let _ = w.write_all(reply.as_bytes());
                                    let _ = w.flush();
                                }
                            }
                            parser.lock().unwrap().process(&buf[start..n]);
                        }
                    }
                }
                done.store(true, Ordering::SeqCst);
            })
        };
        Tui {
            child,
            writer,
            master: pair.master,
            parser,
            reader: Some(reader),
            reader_done,
            initial_modes,
            _dirs: dirs,
        }
    }

    pub fn screen(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    /// Polls the screen until `ok` holds; panics with the screen if it never does.
    pub fn wait_until(&mut self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + HANG_GUARD;
        loop {
            let screen = self.screen();
            if ok(&screen) {
                return screen;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                // Let the reader drain what the child wrote before it went: its last
                // words may be what was awaited (ssh's "Permission denied").
                thread::sleep(Duration::from_millis(200));
                let last = self.screen();
                if ok(&last) {
                    return last;
                }
                panic!("parlor exited ({status:?}) while waiting for {what}; screen:\n{last}");
            }
            if Instant::now() > deadline {
                panic!("never saw {what}; screen:\n{screen}");
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for a screen with every one of `present` and none of `absent`: a screen
    /// read mid-redraw may hold half of a frame, so checks go into the wait.
    pub fn wait_all(&mut self, present: &[&str], absent: &[&str]) -> String {
        self.wait_until(&format!("{present:?} without {absent:?}"), |s| {
            present.iter().all(|t| s.contains(t)) && !absent.iter().any(|t| s.contains(t))
        })
    }

    pub fn wait_for(&mut self, text: &str) -> String {
        self.wait_until(&format!("{text:?}"), |s| s.contains(text))
    }

    pub fn send(&mut self, keys: &str) {
        let mut w = self.writer.lock().unwrap();
        w.write_all(keys.as_bytes()).expect("write to pty");
        w.flush().expect("flush pty");
    }

    /// Esc alone in its own write, apart from other keys, so it is not read as the
    /// start of an escape sequence.
    pub fn esc(&mut self) {
        thread::sleep(Duration::from_millis(100));
        self.send("\x1b");
        thread::sleep(Duration::from_millis(100));
    }

    pub fn resize(&mut self, cols: u16, rows: u16) {
        self.parser
            .lock()
            .unwrap()
            .screen_mut()
            .set_size(nz(rows), nz(cols));
        self.master.resize(size(cols, rows)).expect("resize pty");
    }

    /// Sends `signal` (a name such as "TERM") to the child with `kill`.
    #[allow(dead_code)] // not every test binary uses it
    pub fn signal(&self, signal: &str) {
        let pid = self.child.process_id().expect("the child's pid");
        let status = std::process::Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(pid.to_string())
            .status()
            .expect("run kill");
        assert!(status.success(), "kill -{signal} {pid} failed");
    }

    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Waits for the child to exit and the reader to see the end of its output.
    pub fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + HANG_GUARD;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                break status;
            }
            if Instant::now() > deadline {
                panic!("parlor did not exit; screen:\n{}", self.screen());
            }
            thread::sleep(Duration::from_millis(20));
        };
        while !self.reader_done.load(Ordering::SeqCst) {
            if Instant::now() > deadline {
                panic!("the pty never reported the end of output");
            }
            thread::sleep(Duration::from_millis(20));
        }
        if let Some(reader) = self.reader.take() {
            reader.join().expect("reader thread");
        }
        status
    }

    /// Quits with `q` and checks the exit status and that the terminal is restored.
    pub fn quit_cleanly(&mut self) {
        self.send("q");
        let status = self.wait_exit();
        assert!(
            status.success(),
            "exit status {status:?}; screen:\n{}",
            self.screen()
        );
        self.assert_restored();
    }

    /// The sandbox's data directory (`XDG_DATA_HOME`), where parlor keeps its log.
    pub fn data_home(&self) -> std::path::PathBuf {
        self._dirs.path().join("data")
    }

    pub fn assert_restored(&self) {
        {
            let parser = self.parser.lock().unwrap();
            let screen = parser.screen();
            assert!(
                !screen.alternate_screen(),
                "still on the alternate screen after exit"
            );
            assert_eq!(
                screen.mouse_protocol_mode(),
                vt100::MouseProtocolMode::None,
                "mouse capture left on after exit"
            );
            assert!(!screen.hide_cursor(), "cursor left hidden after exit");
        }
        assert_eq!(
            self.modes(),
            self.initial_modes,
            "terminal modes (raw mode) not restored"
        );
    }

    /// The terminal modes (raw mode, echo...) as the termios says now.
    pub fn modes(&self) -> Option<String> {
        self.master.get_termios().map(|t| format!("{t:?}"))
    }
}

impl Drop for Tui {
    fn drop(&mut self) {
        // A failed test must not leave the child behind.
        if self.alive() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Whether the menu's ▶ marker stands right before `name`.
pub fn selected_is(screen: &str, name: &str) -> bool {
    screen
        .lines()
        .any(|l| l.trim_start().starts_with(&format!("▶ {name} ")))
}

/// Whether some row holds both `a` and, after it, `b`.
pub fn row_has(screen: &str, a: &str, b: &str) -> bool {
    screen
        .lines()
        .any(|l| l.find(a).is_some_and(|i| l[i + a.len()..].contains(b)))
}

pub fn menu_ready(screen: &str) -> bool {
    [
        "Nim",
        "1-3-5-7",
        "Othello",
        "Pnut-Butta",
        "Winners & Losers",
    ]
    .iter()
    .all(|t| screen.contains(t))
}
