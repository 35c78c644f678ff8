//! A match between two builds of parlor's Othello engine (issue 16's yardstick: the new
//! strong level against today's at equal time per move), each a `parlor engine othello`
//! process spoken to in the NBoard protocol, with parlor's `set movetime MS`.
//!
//! ```text
//! cargo run --release --example othello_match -- --a ./target/release/parlor \
//!     --b /tmp/base-parlor --games 100 --ms 1000 --seed 1
//! ```
//!
//! Openings: `--opening N` random plies from the start (8 by default; ChaCha8 from
//! `--seed`, so the same openings with any build), each played twice with the colours
//! swapped. Both engines read a config file of their own with only `solver.threads`
//! (`--threads`, 1 by default), never the user's. `--a-eval E` / `--b-eval E` send
//! `set eval E` (patterns or classic), so one binary can play both evaluations.
//! Reports each side's wins, draws, losses, score and mean disc margin, and the score's
//! rough 95% interval.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use parlor::game::othello::{Othello, OthelloMove};
use parlor::game::{Game, Seat};

struct Args {
    a: String,
    b: String,
    games: usize,
    ms: u64,
    seed: u64,
    opening: usize,
    /// `set eval` for each engine (`patterns` or `classic`), if given.
    a_eval: Option<String>,
    b_eval: Option<String>,
    /// Search threads of each engine (`solver.threads`; 0: the machine's cores).
    threads: u64,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        a: String::new(),
        b: String::new(),
        games: 100,
        ms: 1000,
        seed: 1,
        opening: 8,
        a_eval: None,
        b_eval: None,
        threads: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|e| format!("{flag} {value}: {e}"))
        };
        match flag.as_str() {
            "--a" => args.a = value.clone(),
            "--b" => args.b = value.clone(),
            "--games" => args.games = number()? as usize,
            "--ms" => args.ms = number()?,
            "--seed" => args.seed = number()?,
            "--opening" => args.opening = number()? as usize,
            "--a-eval" => args.a_eval = Some(value.clone()),
            "--b-eval" => args.b_eval = Some(value.clone()),
            "--threads" => args.threads = number()?,
            other => return Err(format!("unknown option {other}")),
        }
    }
    if args.a.is_empty() || args.b.is_empty() {
        return Err("usage: othello_match --a BIN --b BIN [--games N] [--ms MS] [--seed S] [--opening PLIES] [--a-eval E] [--b-eval E] [--threads N]".into());
    }
    Ok(args)
}

/// One engine process.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(
        binary: &str,
        config: &std::path::Path,
        ms: u64,
        eval: Option<&str>,
    ) -> Result<Engine, String> {
        let mut child = Command::new(binary)
            .args(["--config"])
            .arg(config)
            .args(["engine", "othello"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{binary}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut engine = Engine {
            child,
            input,
            output,
        };
        engine.send("nboard 2")?;
        engine.send(&format!("set movetime {ms}"))?;
        if let Some(e) = eval {
            engine.send(&format!("set eval {e}"))?;
        }
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}").map_err(|e| e.to_string())?;
        self.input.flush().map_err(|e| e.to_string())
    }

    /// The engine's move in the game of `moves` from the start.
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
        loop {
            let mut line = String::new();
            if self
                .output
                .read_line(&mut line)
                .map_err(|e| e.to_string())?
                == 0
            {
                return Err("the engine stopped".into());
            }
            if let Some(answer) = line.trim().strip_prefix("=== ") {
                let text = answer.split('/').next().unwrap_or("");
                if text.eq_ignore_ascii_case("pa") {
                    return Ok(OthelloMove::Pass);
                }
                return text
                    .to_ascii_lowercase()
                    .parse()
                    .map_err(|_| format!("the engine answered {line:?}"));
            }
        }
    }
}

impl Drop for Engine {
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

/// `plies` random moves from the start that leave the game running.
fn opening(rng: &mut ChaCha8Rng, plies: usize) -> Vec<OthelloMove> {
    loop {
        let mut board = Othello::new();
        let mut moves = Vec::new();
        while moves.len() < plies && board.outcome().is_none() {
            let legal = board.legal_moves();
            let m = legal[rng.random_range(0..legal.len())];
            let _ = board.play(m);
            moves.push(m);
        }
        if board.outcome().is_none() {
            return moves;
        }
    }
}

/// One game from `opening`, `black` and `white` choosing: black's final disc margin.
fn play(black: &mut Engine, white: &mut Engine, opening: &[OthelloMove]) -> Result<i32, String> {
    let mut board = Othello::new();
    let mut moves = opening.to_vec();
    for m in opening {
        board.play(*m).map_err(|e| e.to_string())?;
    }
    while board.outcome().is_none() {
        let engine = match board.to_move() {
            Seat::First => &mut *black,
            Seat::Second => &mut *white,
        };
        let m = engine.choose(&moves)?;
        board
            .play(m)
            .map_err(|e| format!("illegal move {m} after {moves:?}: {e}"))?;
        moves.push(m);
    }
    Ok(board.first_margin().unwrap_or(0))
}

#[derive(Default)]
struct Side {
    won: u32,
    drawn: u32,
    lost: u32,
    margin: i64,
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("othello_match: {e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = run(&args) {
        eprintln!("othello_match: {e}");
        std::process::exit(1);
    }
}

fn run(args: &Args) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("othello_match_{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let config = dir.join("config.toml");
    let text = format!("[solver]\nthreads = {}\n", args.threads);
    std::fs::write(&config, text).map_err(|e| e.to_string())?;
    let mut a = Engine::start(&args.a, &config, args.ms, args.a_eval.as_deref())?;
    let mut b = Engine::start(&args.b, &config, args.ms, args.b_eval.as_deref())?;
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let (mut side_a, mut side_b) = (Side::default(), Side::default());
    let mut line = Vec::new();
    for game in 0..args.games {
        if game % 2 == 0 {
            line = opening(&mut rng, args.opening);
        }
        let a_black = game % 2 == 0;
        let black_margin = if a_black {
            play(&mut a, &mut b, &line)?
        } else {
            play(&mut b, &mut a, &line)?
        };
        let a_margin = if a_black { black_margin } else { -black_margin };
        for (side, margin) in [(&mut side_a, a_margin), (&mut side_b, -a_margin)] {
            side.margin += i64::from(margin);
            match margin.signum() {
                1 => side.won += 1,
                0 => side.drawn += 1,
                _ => side.lost += 1,
            }
        }
        eprintln!(
            "game {:>3}: a {} ({a_margin:+})  running score a {:.1}-{:.1}",
            game + 1,
            if a_black { "black" } else { "white" },
            f64::from(side_a.won) + f64::from(side_a.drawn) / 2.0,
            f64::from(side_b.won) + f64::from(side_b.drawn) / 2.0
        );
    }
    let n = args.games.max(1) as f64;
    let a_name = format!("{} {}", args.a, args.a_eval.as_deref().unwrap_or(""));
    let b_name = format!("{} {}", args.b, args.b_eval.as_deref().unwrap_or(""));
    for (name, binary, side) in [("a", &a_name, &side_a), ("b", &b_name, &side_b)] {
        let score = (f64::from(side.won) + f64::from(side.drawn) / 2.0) / n;
        println!(
            "{name} ({binary}): won {} drawn {} lost {}, score {:.1}%, mean margin {:+.2}",
            side.won,
            side.drawn,
            side.lost,
            100.0 * score,
            side.margin as f64 / n
        );
    }
    let p = (f64::from(side_a.won) + f64::from(side_a.drawn) / 2.0) / n;
    let half_width = 1.96 * (p * (1.0 - p) / n).sqrt();
    println!(
        "a's score {:.1}% +- {:.1} (95%), {} games at {} ms a move, openings of {} plies, seed {}",
        100.0 * p,
        100.0 * half_width,
        args.games,
        args.ms,
        args.opening,
        args.seed
    );
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
