//! Othello midgame quality (issue 16's yardstick): how often the strong level picks an
//! exact best move, and how many discs it gives away, on positions of 20-24 empty
//! squares whose every move has been solved exactly.
//!
//! ```text
//! # once: 30 positions, every legal move solved exactly (a few minutes)
//! cargo run --release --example othello_quality -- generate --count 30 --seed 1 > tests/data/othello_quality.txt
//! # the measurement: the strong level at 1 s a move (or --depth D for a fixed depth)
//! taskset -c 0 cargo run --release --example othello_quality -- measure tests/data/othello_quality.txt --ms 1000
//! ```
//!
//! `generate` plays from the start: 2-10 random plies, then the strong level at depth 4
//! with one move in twelve at random, until the position has its target number of empty
//! squares (spread evenly over 20-24); every legal move is then played and the position
//! after it solved exactly. Positions already decided (the best move's margin beyond
//! +-24 discs) are skipped: they test little. Each line: the board as `parlor solve othello` reads it, `|`,
//! then `move:value` for every legal move (the value is the final disc margin for the
//! player to move with perfect play after that move). The generator is ChaCha8, so a
//! seed gives the same file with any build.
//!
//! `measure` gives each position to a fresh engine at the strong level and reports, per
//! position and in total, whether the move it chose is an exact best move and the discs
//! it lost against the best.

use std::io::{BufRead, Write};
use std::time::Instant;

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use parlor::game::Game;
use parlor::game::othello::{Othello, OthelloMove};
use parlor::solve::othello::{Engine, Level, Limits, STRONG_EXACT};

const TABLE_MIB: u32 = 64;
/// Positions whose best margin is beyond this are already decided: not generated.
const MAX_MARGIN: i32 = 24;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("generate") => generate(&args[1..]),
        Some("measure") => measure(&args[1..]),
        _ => Err("usage: othello_quality generate [--count N] [--seed S] [--min E] [--max E] | measure FILE [--ms M] [--depth D]".to_string()),
    };
    if let Err(e) = result {
        let _ = writeln!(std::io::stderr(), "othello_quality: {e}");
        std::process::exit(2);
    }
}

/// `--name value` from `args`, parsed, or `default`.
fn option<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .ok_or_else(|| format!("{name} needs a value"))?
            .parse()
            .map_err(|_| format!("{name}: not a number")),
    }
}

fn generate(args: &[String]) -> Result<(), String> {
    let count: usize = option(args, "--count", 30)?;
    let seed: u64 = option(args, "--seed", 1)?;
    let min: u32 = option(args, "--min", 20)?;
    let max: u32 = option(args, "--max", 24)?;
    if min > max || max > 58 {
        return Err("expected --min <= --max <= 58".into());
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut engine = Engine::new(TABLE_MIB);
    let mut out = std::io::stdout().lock();
    let mut made = 0;
    while made < count {
        let target = min + (made as u32) % (max - min + 1);
        let Some(board) = play_to(target, &mut rng, &mut engine) else {
            continue;
        };
        let legal = board.legal_moves();
        if legal == [OthelloMove::Pass] {
            continue;
        }
        let start = Instant::now();
        let mut values = Vec::new();
        for m in legal {
            let mut child = board;
            child.play(m).map_err(|e| e.to_string())?;
            let score = exact_score(&mut engine, &child);
            values.push((m, -score));
        }
        let best = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
        if best.abs() > MAX_MARGIN {
            eprintln!("skipped a decided position (best {best:+})");
            continue;
        }
        let values: Vec<String> = values.iter().map(|(m, v)| format!("{m}:{v}")).collect();
        writeln!(out, "{} | {}", board.position_text(), values.join(" "))
            .map_err(|e| e.to_string())?;
        eprintln!(
            "position {} ({target} empties) solved in {:.1} s",
            made + 1,
            start.elapsed().as_secs_f64()
        );
        made += 1;
    }
    Ok(())
}

/// A position with `empties` empty squares reached from the start, or `None` when the
/// game ended first.
fn play_to(empties: u32, rng: &mut ChaCha8Rng, engine: &mut Engine) -> Option<Othello> {
    let mut board = Othello::new();
    let random_plies = rng.random_range(2..=10);
    let depth4 = Limits {
        max_depth: Some(4),
        max_millis: None,
        table_mib: TABLE_MIB,
        exact_empties: 0,
    };
    let mut ply = 0;
    while board.empty_count() > empties {
        if board.outcome().is_some() {
            return None;
        }
        let legal = board.legal_moves();
        let m = if ply < random_plies || rng.random_range(0..12) == 0 {
            legal[rng.random_range(0..legal.len())]
        } else {
            engine.choose_move(&board, Level::Strong, rng, &depth4, &|| false)?
        };
        board.play(m).ok()?;
        ply += 1;
    }
    // A position where the side to move must pass is not a choice of move.
    (board.outcome().is_none() && board.legal_moves() != [OthelloMove::Pass]).then_some(board)
}

/// The exact final margin for the player to move in `board`.
fn exact_score(engine: &mut Engine, board: &Othello) -> i32 {
    let mut score = 0;
    engine.analyse(board, &Limits::exact(TABLE_MIB), &|| false, &mut |a| {
        if a.exact {
            score = a.score.unwrap_or(0);
        }
    });
    score
}

/// One line of the file: the board and each move's exact value.
fn read_line(line: &str) -> Result<(Othello, Vec<(OthelloMove, i32)>), String> {
    let (board, values) = line
        .split_once('|')
        .ok_or_else(|| format!("no '|' in {line:?}"))?;
    let board = Othello::read(board.trim()).map_err(|e| e.to_string())?;
    let values = values
        .split_whitespace()
        .map(|mv| {
            let (m, v) = mv
                .split_once(':')
                .ok_or_else(|| format!("bad value {mv:?}"))?;
            let m: OthelloMove = m.parse().map_err(|_| format!("bad move {m:?}"))?;
            let v: i32 = v.parse().map_err(|_| format!("bad value {v:?}"))?;
            Ok((m, v))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok((board, values))
}

fn measure(args: &[String]) -> Result<(), String> {
    let file = args
        .first()
        .filter(|a| !a.starts_with("--"))
        .ok_or("measure needs the positions file")?;
    let ms: u64 = option(args, "--ms", 1000)?;
    let depth: u32 = option(args, "--depth", 0)?;
    let text = std::fs::File::open(file).map_err(|e| format!("{file}: {e}"))?;
    let limits = Limits {
        max_depth: (depth > 0).then_some(depth),
        max_millis: (depth == 0).then_some(ms),
        table_mib: TABLE_MIB,
        exact_empties: STRONG_EXACT,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let (mut positions, mut best_found, mut lost) = (0u32, 0u32, 0i32);
    let start = Instant::now();
    for line in std::io::BufReader::new(text).lines() {
        let line = line.map_err(|e| e.to_string())?;
        if line.trim().is_empty() || line.starts_with('%') {
            continue;
        }
        let (board, values) = read_line(&line)?;
        let best = values.iter().map(|&(_, v)| v).max().ok_or("no moves")?;
        let mut engine = Engine::new(TABLE_MIB);
        let chosen = engine
            .choose_move(&board, Level::Strong, &mut rng, &limits, &|| false)
            .ok_or("no move chosen")?;
        let value = values
            .iter()
            .find(|&&(m, _)| m == chosen)
            .map(|&(_, v)| v)
            .ok_or_else(|| format!("{chosen} is not among the solved moves"))?;
        positions += 1;
        if value == best {
            best_found += 1;
        }
        lost += best - value;
        println!(
            "{positions:>3}  {:>2} empties  chose {chosen} ({value:+}), best {best:+}, lost {}",
            board.empty_count(),
            best - value
        );
    }
    let what = if depth > 0 {
        format!("depth {depth}")
    } else {
        format!("{ms} ms a move")
    };
    println!(
        "strong at {what}: exact best move in {best_found} of {positions}, mean loss {:.2} discs ({:.1} s)",
        f64::from(lost) / f64::from(positions.max(1)),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
