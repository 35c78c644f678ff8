//! The players of `othello_match`: an engine spoken to in the NBoard protocol in one
//! long-lived process (parlor's `engine othello` with `set movetime`, NTest with `set
//! depth`), or Zebra, one process a move (`-evalone`: it searches the position after
//! `-seq MOVES`, prints its line and stops). Each reports the CPU time (user + system)
//! it has spent, read from /proc, so a match can weigh strength against CPU rather
//! than against the wall clock of a shared machine.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use parlor::game::othello::OthelloMove;

/// Which program plays a side, and how hard.
#[derive(Clone, Debug)]
pub enum Kind {
    /// A parlor binary, `set movetime MS` (and `set eval E` if given).
    Parlor {
        binary: String,
        ms: u64,
        eval: Option<String>,
    },
    /// NTest run from `dir` (its coefficients/, parameters.txt, resource/), `set depth N`.
    Ntest { dir: PathBuf, depth: u32 },
    /// Zebra in `dir` (beside coeffs2.bin), no book: midgame depth, exact and
    /// win/loss/draw solves from these empty squares.
    Zebra {
        dir: PathBuf,
        depth: u32,
        exact: u32,
        wld: u32,
    },
}

impl Kind {
    pub fn describe(&self) -> String {
        match self {
            Kind::Parlor { binary, ms, eval } => {
                let eval = eval.as_deref().map(|e| format!(", eval {e}"));
                format!(
                    "parlor {binary} ({ms} ms a move{})",
                    eval.unwrap_or_default()
                )
            }
            Kind::Ntest { dir, depth } => format!("ntest {} (depth {depth})", dir.display()),
            Kind::Zebra {
                dir,
                depth,
                exact,
                wld,
            } => format!(
                "zebra {} (depth {depth}, exact {exact}, wld {wld} empties)",
                dir.display()
            ),
        }
    }
}

pub enum Player {
    Nboard(Nboard),
    Zebra(Zebra),
}

impl Player {
    /// Starts `kind`; `config` is parlor's config file, `work` a folder of this player's
    /// own (Zebra writes its current.gam and current.mov where it runs).
    pub fn start(kind: &Kind, config: &Path, work: &Path) -> Result<Player, String> {
        std::fs::create_dir_all(work).map_err(|e| format!("{}: {e}", work.display()))?;
        match kind {
            Kind::Parlor { binary, ms, eval } => {
                let mut command = Command::new(binary);
                command
                    .arg("--config")
                    .arg(config)
                    .args(["engine", "othello"]);
                let mut setup = vec![format!("set movetime {ms}")];
                setup.extend(eval.iter().map(|e| format!("set eval {e}")));
                Nboard::start(command, &setup).map(Player::Nboard)
            }
            Kind::Ntest { dir, depth } => {
                let mut command = Command::new(dir.join("ntest"));
                // Its start-up self test and book messages go to standard error.
                let log = std::fs::File::create(work.join("ntest-stderr.log"))
                    .map_err(|e| e.to_string())?;
                command.arg("x").current_dir(dir).stderr(log);
                Nboard::start(command, &[format!("set depth {depth}")]).map(Player::Nboard)
            }
            Kind::Zebra {
                dir,
                depth,
                exact,
                wld,
            } => Zebra::start(dir, work, [*depth, *exact, *wld]).map(Player::Zebra),
        }
    }

    /// The player's move in the game of `moves` from the start (passes included).
    pub fn choose(&mut self, moves: &[OthelloMove]) -> Result<OthelloMove, String> {
        match self {
            Player::Nboard(e) => e.choose(moves),
            Player::Zebra(z) => z.choose(moves),
        }
    }

    /// The evaluation the player gave with its last move (an NBoard engine's `=== F5/-1.14`),
    /// if it gave one.
    pub fn last_eval(&self) -> Option<&str> {
        match self {
            Player::Nboard(e) => e.last_eval.as_deref(),
            Player::Zebra(_) => None,
        }
    }

    /// CPU clock ticks (user + system) the player has spent so far.
    pub fn cpu_ticks(&self) -> Result<u64, String> {
        match self {
            Player::Nboard(e) => {
                let stat = std::fs::read_to_string(format!("/proc/{}/stat", e.child.id()))
                    .map_err(|e| format!("/proc stat of an engine: {e}"))?;
                let t = stat_times(&stat).ok_or("an engine's /proc stat unreadable")?;
                Ok(t.utime + t.stime)
            }
            Player::Zebra(z) => Ok(z.ticks),
        }
    }
}

/// An engine process spoken to in the NBoard protocol.
pub struct Nboard {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    last_eval: Option<String>,
}

impl Nboard {
    /// Starts `command`, sends `nboard 2` and `setup`, and waits until the engine has
    /// read them (`ping`/`pong`), so its start-up is not counted in the first game.
    fn start(mut command: Command, setup: &[String]) -> Result<Nboard, String> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{command:?}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut engine = Nboard {
            child,
            input,
            output,
            last_eval: None,
        };
        engine.send("nboard 2")?;
        for line in setup {
            engine.send(line)?;
        }
        engine.send("ping 1")?;
        engine.answer("pong 1")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}").map_err(|e| e.to_string())?;
        self.input.flush().map_err(|e| e.to_string())
    }

    /// The first line of output starting with `prefix`, the rest of it.
    fn answer(&mut self, prefix: &str) -> Result<String, String> {
        loop {
            let mut line = String::new();
            let read = self.output.read_line(&mut line);
            if read.map_err(|e| e.to_string())? == 0 {
                return Err("the engine stopped".into());
            }
            if let Some(rest) = line.trim().strip_prefix(prefix) {
                return Ok(rest.to_string());
            }
        }
    }

    fn choose(&mut self, moves: &[OthelloMove]) -> Result<OthelloMove, String> {
        let mut ggf = String::from(
            "(;GM[Othello]PC[match]BO[8 ---------------------------O*------*O--------------------------- *]",
        );
        for (i, m) in moves.iter().enumerate() {
            let colour = if i % 2 == 0 { 'B' } else { 'W' };
            ggf.push_str(&format!("{colour}[{}]", nboard(*m)));
        }
        ggf.push_str(";)");
        self.send(&format!("set game {ggf}"))?;
        self.send("go")?;
        // `=== F5/-1.14/0.00`: the move, then the engine's evaluation and time.
        let answer = self.answer("=== ")?;
        let mut fields = answer.split('/');
        let text = fields.next().unwrap_or("");
        self.last_eval = fields.next().map(str::to_string);
        if text.eq_ignore_ascii_case("pa") {
            return Ok(OthelloMove::Pass);
        }
        text.to_ascii_lowercase()
            .parse()
            .map_err(|_| format!("the engine answered {answer:?}"))
    }
}

impl Drop for Nboard {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

fn nboard(m: OthelloMove) -> String {
    match m {
        OthelloMove::Pass => "PA".into(),
        square => square.to_string().to_uppercase(),
    }
}

/// Zebra, one process a move. Its CPU time is what this process's reaped children
/// gained while it ran (/proc/self/stat's cutime + cstime), so no other child may be
/// reaped meanwhile: the match refuses Zebra with more than one game at a time.
pub struct Zebra {
    binary: PathBuf,
    work: PathBuf,
    /// Midgame depth, exact and win/loss/draw solve empties.
    levels: [u32; 3],
    ticks: u64,
}

impl Zebra {
    fn start(dir: &Path, work: &Path, levels: [u32; 3]) -> Result<Zebra, String> {
        // Zebra reads coeffs2.bin from where it runs; it runs in `work` so the files it
        // writes there (current.gam, current.mov) are this player's own.
        let coeffs = work.join("coeffs2.bin");
        if !coeffs.exists() {
            std::os::unix::fs::symlink(dir.join("coeffs2.bin"), &coeffs)
                .map_err(|e| format!("{}: {e}", coeffs.display()))?;
        }
        let binary = dir.join("zebra");
        if !binary.exists() {
            return Err(format!("no {}", binary.display()));
        }
        Ok(Zebra {
            binary,
            work: work.to_path_buf(),
            levels,
            ticks: 0,
        })
    }

    fn choose(&mut self, moves: &[OthelloMove]) -> Result<OthelloMove, String> {
        // Zebra's -seq has no passes: it passes by itself when it must.
        let seq: String = moves
            .iter()
            .filter(|m| **m != OthelloMove::Pass)
            .map(|m| m.to_string())
            .collect();
        let level = self.levels.map(|l| l.to_string());
        let mut command = Command::new(&self.binary);
        // -quiet only counts as the first argument (Zebra checks argv[1] before the rest).
        command.args(["-quiet", "-b", "0", "-r", "0", "-l"]);
        command.args(&level).args(&level);
        command.arg("-evalone");
        if !seq.is_empty() {
            command.args(["-seq", &seq]);
        }
        let before = children_ticks()?;
        let out = command
            .current_dir(&self.work)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("{}: {e}", self.binary.display()))?;
        self.ticks += children_ticks()?.saturating_sub(before);
        let text = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            return Err(format!("zebra failed ({}) after {seq}: {text}", out.status));
        }
        zebra_move(&text).ok_or_else(|| format!("no move in zebra's answer after {seq}: {text:?}"))
    }
}

/// The move Zebra chose: the first of its principal variation, the line `PV: d3 c4 …`
/// it prints after `-evalone`'s search (a forced move is searched too, so it has one).
pub fn zebra_move(output: &str) -> Option<OthelloMove> {
    let pv = output
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("PV:"))?;
    pv.split_whitespace()
        .next()?
        .to_ascii_lowercase()
        .parse()
        .ok()
}

/// Times of a /proc/<pid>/stat line, in clock ticks.
#[derive(Debug, PartialEq)]
pub struct StatTimes {
    pub utime: u64,
    pub stime: u64,
    /// Of the children waited for.
    pub cutime: u64,
    pub cstime: u64,
}

/// Fields 14-17 of a /proc/<pid>/stat line (proc(5)). The command name, field 2, is in
/// parentheses and may hold spaces and parentheses itself, so fields are counted from
/// the last `)`.
pub fn stat_times(stat: &str) -> Option<StatTimes> {
    let (_, rest) = stat.rsplit_once(')')?;
    // After the name: field 3 (state) is at 0, so field n is at n - 3.
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let field = |n: usize| fields.get(n - 3)?.parse::<u64>().ok();
    Some(StatTimes {
        utime: field(14)?,
        stime: field(15)?,
        cutime: field(16)?,
        cstime: field(17)?,
    })
}

/// CPU ticks of this process's children that have been waited for.
fn children_ticks() -> Result<u64, String> {
    let stat = std::fs::read_to_string("/proc/self/stat").map_err(|e| e.to_string())?;
    let t = stat_times(&stat).ok_or("/proc/self/stat unreadable")?;
    Ok(t.cutime + t.cstime)
}

/// Clock ticks a second (`getconf CLK_TCK`; 100 on Linux when it cannot be asked).
pub fn ticks_per_second() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .trim()
                .parse::<f64>()
                .ok()
        })
        .filter(|t| *t > 0.0)
        .unwrap_or(100.0)
}
