//! Running the real binary as a script would, shared by the command-line tests: every
//! run gets its own HOME and XDG directories in a temp dir, stdin null, output piped.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;
use tempfile::TempDir;

/// Only turns a hang into a failure; nothing here measures speed.
pub const HANG_GUARD: Duration = Duration::from_secs(60);

/// A throwaway HOME with XDG config and data directories inside it.
pub struct Sandbox {
    dir: TempDir,
}

impl Sandbox {
    pub fn new() -> Sandbox {
        let dir = tempfile::tempdir().expect("temp dir");
        for sub in ["home", "config", "data"] {
            std::fs::create_dir_all(dir.path().join(sub)).expect("create sandbox dir");
        }
        Sandbox { dir }
    }

    pub fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    pub fn config_home(&self) -> PathBuf {
        self.dir.path().join("config")
    }

    pub fn data_home(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// Writes `text` to a file in the sandbox (outside the config dir) and returns its path.
    pub fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, text).expect("write file");
        path
    }

    /// Where parlor looks for the user's config: $XDG_CONFIG_HOME/parlor/config.toml.
    pub fn user_config(&self) -> PathBuf {
        self.config_home().join("parlor").join("config.toml")
    }

    /// parlor with `args` in this sandbox, stdin null, output piped, the progress display
    /// left to its default (none without a terminal).
    fn command(&self, args: &[&str]) -> Command {
        self.command_of(env!("CARGO_BIN_EXE_parlor"), args)
    }

    /// `program` with `args` in this sandbox, as [`Sandbox::command`] runs parlor.
    fn command_of(&self, program: &str, args: &[&str]) -> Command {
        let mut command = Command::new(program);
        command
            .args(args)
            .env("HOME", self.home())
            .env("XDG_CONFIG_HOME", self.config_home())
            .env("XDG_DATA_HOME", self.data_home())
            .env_remove("XDG_STATE_HOME")
            .env_remove("XDG_CACHE_HOME")
            .env_remove("PARLOR_PROGRESS")
            // The developer's own choices never leak into a test.
            .env_remove("PARLOR_CONFIG")
            .env_remove("PARLOR_DATA_DIR")
            .current_dir(self.dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }

    pub fn run(&self, args: &[&str]) -> Run {
        self.run_with_env(args, &[])
    }

    /// [`Sandbox::run`] with these environment variables set.
    pub fn run_with_env(&self, args: &[&str], env: &[(&str, &str)]) -> Run {
        let child = self
            .command(args)
            .envs(env.iter().copied())
            .spawn()
            .expect("spawn parlor");
        wait_for(child, args)
    }

    /// A shell script run in the sandbox (its folder the current one), with `$PARLOR`
    /// the binary under test: how a batch system (GNU parallel) runs it.
    pub fn sh(&self, script: &str) -> Run {
        let child = self
            .command_of("sh", &["-c", script])
            .env("PARLOR", env!("CARGO_BIN_EXE_parlor"))
            // GNU parallel (and anything else the script runs) keeps its temporary
            // files in the sandbox, so none is left behind in the system's /tmp.
            .env("TMPDIR", self.dir.path())
            // GNU parallel runs a job on an --sshlogin host through $SHELL; where it is
            // unset (a bare CI environment) it runs nothing at all and still exits 0.
            .env("SHELL", "/bin/sh")
            .spawn()
            .expect("spawn sh");
        wait_for(child, &["sh", "-c", script])
    }

    /// The sandbox's own folder (the current one of every command run in it).
    pub fn dir(&self) -> PathBuf {
        self.dir.path().to_path_buf()
    }
}

/// Waits for `child` (with the hang guard) and gathers what it said.
fn wait_for(mut child: std::process::Child, args: &[&str]) -> Run {
    {
        let read_all = |mut pipe: Box<dyn Read + Send>| {
            thread::spawn(move || {
                let mut text = String::new();
                pipe.read_to_string(&mut text).expect("output is UTF-8");
                text
            })
        };
        let stdout = read_all(Box::new(child.stdout.take().expect("stdout")));
        let stderr = read_all(Box::new(child.stderr.take().expect("stderr")));
        let deadline = Instant::now() + HANG_GUARD;
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait for parlor") {
                break status;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("parlor {args:?} did not finish (hang guard)");
            }
            thread::sleep(Duration::from_millis(10));
        };
        Run {
            args: args.iter().map(|a| a.to_string()).collect(),
            code: status
                .code()
                .unwrap_or_else(|| panic!("parlor {args:?} was killed by a signal: {status}")),
            stdout: stdout.join().expect("stdout reader"),
            stderr: stderr.join().expect("stderr reader"),
        }
    }
}

impl Sandbox {
    /// Starts parlor in the background with `PARLOR_PROGRESS=plain`, so that it reports
    /// on stderr as it goes (for the Ctrl-C tests).
    pub fn start(&self, args: &[&str]) -> Running {
        let mut child = self
            .command(args)
            .env("PARLOR_PROGRESS", "plain")
            .spawn()
            .expect("spawn parlor");
        let mut stdout = child.stdout.take().expect("stdout");
        let stdout = thread::spawn(move || {
            let mut text = String::new();
            stdout.read_to_string(&mut text).expect("output is UTF-8");
            text
        });
        let stderr = BufReader::new(child.stderr.take().expect("stderr"));
        let (lines_tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in stderr.lines() {
                let Ok(line) = line else { break };
                if lines_tx.send(line).is_err() {
                    break;
                }
            }
        });
        Running {
            args: args.iter().map(|a| a.to_string()).collect(),
            child,
            stdout,
            lines,
            stderr: String::new(),
        }
    }
}

/// A parlor running in the background (see [`Sandbox::start`]).
pub struct Running {
    args: Vec<String>,
    child: Child,
    stdout: thread::JoinHandle<String>,
    lines: mpsc::Receiver<String>,
    /// Every stderr line read so far.
    stderr: String,
}

impl Running {
    /// Reads stderr until a line contains `needle` and returns that line.
    pub fn wait_for_stderr(&mut self, needle: &str) -> String {
        loop {
            match self.lines.recv_timeout(HANG_GUARD) {
                Ok(line) => {
                    self.stderr.push_str(&line);
                    self.stderr.push('\n');
                    if line.contains(needle) {
                        return line;
                    }
                }
                Err(e) => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    panic!(
                        "parlor {:?} never printed {needle:?} on stderr ({e}); it printed:\n{}",
                        self.args, self.stderr
                    );
                }
            }
        }
    }

    /// Sends SIGINT, as Ctrl-C in a terminal does.
    pub fn interrupt(&self) {
        let status = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(status.success(), "kill -INT failed: {status}");
    }

    /// Sends a signal by name (e.g. "TERM", "KILL").
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .args([&format!("-{name}"), &self.child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(status.success(), "kill -{name} failed: {status}");
    }

    /// Kills the process outright (SIGKILL) and waits for it.
    pub fn kill_hard(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Waits for the end (hang-guarded) and collects the output.
    pub fn finish(mut self) -> Run {
        let deadline = Instant::now() + HANG_GUARD;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait for parlor") {
                break status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("parlor {:?} did not finish (hang guard)", self.args);
            }
            thread::sleep(Duration::from_millis(10));
        };
        // The reader thread ends at EOF, which follows the exit.
        while let Ok(line) = self.lines.recv_timeout(HANG_GUARD) {
            self.stderr.push_str(&line);
            self.stderr.push('\n');
        }
        let args = self.args;
        Run {
            code: status
                .code()
                .unwrap_or_else(|| panic!("parlor {args:?} was killed by a signal: {status}")),
            args,
            stdout: self.stdout.join().expect("stdout reader"),
            stderr: self.stderr,
        }
    }
}

#[derive(Debug)]
pub struct Run {
    pub args: Vec<String>,
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn expect_code(&self, code: i32) -> &Run {
        assert_eq!(
            self.code, code,
            "parlor {:?}: exit code\nstdout:\n{}\nstderr:\n{}",
            self.args, self.stdout, self.stderr
        );
        self
    }

    pub fn stderr_has(&self, needle: &str) -> &Run {
        assert!(
            self.stderr.contains(needle),
            "parlor {:?}: stderr should mention {needle:?}:\n{}",
            self.args,
            self.stderr
        );
        self
    }

    /// The single JSON object on stdout.
    pub fn json(&self) -> Value {
        let mut values = serde_json::Deserializer::from_str(&self.stdout).into_iter::<Value>();
        let first = values
            .next()
            .unwrap_or_else(|| panic!("parlor {:?}: no JSON on stdout", self.args))
            .unwrap_or_else(|e| {
                panic!(
                    "parlor {:?}: stdout is not JSON ({e}):\n{}",
                    self.args, self.stdout
                )
            });
        assert!(
            values.next().is_none(),
            "parlor {:?}: more than one JSON value on stdout:\n{}",
            self.args,
            self.stdout
        );
        assert!(first.is_object(), "not an object: {first}");
        first
    }
}

pub fn parlor(args: &[&str]) -> Run {
    Sandbox::new().run(args)
}

/// Runs a solve or simulate that must succeed and print one JSON object.
pub fn json_of(args: &[&str]) -> Value {
    let run = parlor(args);
    run.expect_code(0);
    run.json()
}

/// A usage error: exit code 2, nothing on stdout, and stderr names each of `needles`.
pub fn usage_error(args: &[&str], needles: &[&str]) {
    let run = parlor(args);
    run.expect_code(2);
    assert!(
        run.stdout.is_empty(),
        "parlor {args:?}: a usage error prints nothing on stdout, got:\n{}",
        run.stdout
    );
    for needle in needles {
        run.stderr_has(needle);
    }
}

pub fn verdict(args: &[&str]) -> String {
    let v = json_of(args);
    v["verdict"]
        .as_str()
        .unwrap_or_else(|| panic!("no verdict string in {v}"))
        .to_string()
}

/// Runs parlor in a fresh sandbox, with `config` (if any) as the user's config file.
pub fn run_with(args: &[&str], config: Option<&str>) -> Run {
    let sandbox = Sandbox::new();
    if let Some(text) = config {
        let path = sandbox.user_config();
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("config dir");
        }
        std::fs::write(&path, text).expect("config file");
    }
    sandbox.run(args)
}

/// The option and argument lines of a `--help` text that carry no help of their own:
/// neither text after the name on the same line (the accepted values alone are not
/// help) nor a more indented line under it (clap's layout when help runs long).
pub fn options_without_help(help: &str) -> Vec<String> {
    let lines: Vec<&str> = help.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut missing = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let l = line.trim_start();
        // An option's accepted values or default on a line of their own (clap's long
        // help, when some option lists its values with descriptions) belong to it.
        let values = l.starts_with("[possible values") || l.starts_with("[default");
        if values || !(l.starts_with("--") || l.starts_with('<') || l.starts_with('[')) {
            continue;
        }
        let same_line = l
            .split("  ")
            .filter(|p| !p.trim().is_empty() && !p.trim().starts_with("[possible"))
            .count()
            > 1;
        let below = lines
            .get(i + 1)
            .is_some_and(|next| !next.trim().is_empty() && indent(next) > indent(line));
        if !(same_line || below) {
            missing.push(line.trim().to_string());
        }
    }
    missing
}
