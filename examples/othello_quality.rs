//! Othello midgame quality (issue 16's yardstick): how often the strong level picks an
//! exact best move, and how many discs it gives away, on positions of 20-24 empty
//! squares whose every move has been solved exactly.
//!
//! ```text
//! # once: 30 positions, each solved exactly (tens of minutes)
//! cargo run --release --example othello_quality -- generate --count 30 --seed 1 > tests/data/othello_quality.txt
//! # the measurement: the strong level at 1 s a move (or --depth D for a fixed depth)
//! taskset -c 0 cargo run --release --example othello_quality -- measure tests/data/othello_quality.txt --ms 1000
//! ```
//!
//! `generate` plays from the start: 2-10 random plies, then the strong level at depth 4
//! with one move in twelve at random, until the position has its target number of empty
//! squares (spread evenly over 20-24), and solves it exactly. Positions already decided
//! (the best margin beyond +-24 discs) are skipped: they test little. Each line: the
//! board as `parlor solve othello` reads it, `|`, then `move:value` for a best move (the
//! value is the final disc margin for the player to move with perfect play after that
//! move), and for any other move solved since. The generator is ChaCha8, so a
//! seed gives the same file with any build.
//!
//! `measure` gives each position to a fresh engine at the strong level and reports, per
//! position and in total, whether the move it chose is an exact best move and the discs
//! it lost against the best.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

#[path = "shared/othello_openings.rs"]
mod openings;

use openings::{Playing, option, play_to};
use parlor::game::Game;
use parlor::game::othello::{Othello, OthelloMove};
use parlor::solve::othello::pattern_weights::PatternWeights;
use parlor::solve::othello::{Engine, Evaluation, Level, Limits, STRONG_EXACT};

const TABLE_MIB: u32 = 64;
/// Positions whose best margin is beyond this are already decided: not generated.
const MAX_MARGIN: i32 = 24;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("generate") => generate(&args[1..]),
        Some("measure") => measure(&args[1..]),
        _ => Err("usage: othello_quality generate [--count N] [--seed S] [--min E] [--max E] | measure FILE [--ms M] [--depth D] [--eval patterns|classic] [--weights FILE]".to_string()),
    };
    if let Err(e) = result {
        let _ = writeln!(std::io::stderr(), "othello_quality: {e}");
        std::process::exit(2);
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
        let how = Playing {
            depth: 4,
            random_one_in: 12,
            table_mib: TABLE_MIB,
        };
        let Some(board) = play_to(target, &how, &mut rng, &mut engine) else {
            continue;
        };
        let start = Instant::now();
        let (best_move, best) = exact_best(&mut engine, &board).ok_or("no best move")?;
        if best.abs() > MAX_MARGIN {
            eprintln!("skipped a decided position (best {best:+})");
            continue;
        }
        writeln!(out, "{} | {best_move}:{best}", board.position_text())
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

/// A best move of `board` and the exact final margin it keeps for the player to move.
fn exact_best(engine: &mut Engine, board: &Othello) -> Option<(OthelloMove, i32)> {
    let mut best = None;
    engine.analyse(board, &Limits::exact(TABLE_MIB), &|| false, &mut |a| {
        if a.exact {
            best = a.best.zip(a.score);
        }
    });
    best
}

/// The exact value of `m` in `board`: the margin for the player to move after it.
fn exact_value(engine: &mut Engine, board: &Othello, m: OthelloMove) -> Result<i32, String> {
    let mut child = *board;
    child.play(m).map_err(|e| e.to_string())?;
    let mut score = None;
    engine.analyse(&child, &Limits::exact(TABLE_MIB), &|| false, &mut |a| {
        if a.exact {
            score = a.score;
        }
    });
    // After `m` the opponent moves: their margin is ours negated.
    score
        .map(|s| -s)
        .ok_or_else(|| format!("{m} could not be solved"))
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
    let eval: Evaluation = option(args, "--eval", Evaluation::default())?;
    // Pattern weights other than the shipped ones (e.g. a training run's), to compare.
    let weights = match args.iter().position(|a| a == "--weights") {
        None => None,
        Some(i) => {
            let path = args.get(i + 1).ok_or("--weights needs a file")?;
            let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            let w = PatternWeights::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
            Some(Arc::new(w))
        }
    };
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
    let mut kept = Vec::new();
    let mut solved_more = false;
    let mut solver = Engine::new(TABLE_MIB);
    for line in std::io::BufReader::new(text).lines() {
        let line = line.map_err(|e| e.to_string())?;
        if line.trim().is_empty() || line.starts_with('%') {
            kept.push(line);
            continue;
        }
        let (board, mut values) = read_line(&line)?;
        let best = values.iter().map(|&(_, v)| v).max().ok_or("no moves")?;
        let mut engine = Engine::new(TABLE_MIB);
        engine.set_threads(1);
        engine.set_evaluation(eval);
        engine.set_pattern_weights(weights.clone());
        let chosen = engine
            .choose_move(&board, Level::Strong, &mut rng, &limits, &|| false)
            .ok_or("no move chosen")?;
        let known = values.iter().find(|&&(m, _)| m == chosen).map(|&(_, v)| v);
        let value = match known {
            Some(v) => v,
            None => {
                // A move nobody chose before: solve it once and keep it in the file.
                let v = exact_value(&mut solver, &board, chosen)?;
                values.push((chosen, v));
                solved_more = true;
                v
            }
        };
        let written: Vec<String> = values.iter().map(|(m, v)| format!("{m}:{v}")).collect();
        kept.push(format!("{} | {}", board.position_text(), written.join(" ")));
        positions += 1;
        if value > best {
            return Err(format!(
                "{chosen} keeps {value:+} but the file's best is {best:+}: one of the solves is wrong ({line})"
            ));
        }
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
    if solved_more {
        // The values solved here are kept, so the next measurement need not solve them.
        let temp = format!("{file}.tmp");
        std::fs::write(&temp, kept.join("\n") + "\n").map_err(|e| e.to_string())?;
        std::fs::rename(&temp, file).map_err(|e| e.to_string())?;
        eprintln!("{file}: the moves solved during the measurement were added");
    }
    let what = if depth > 0 {
        format!("depth {depth}")
    } else {
        format!("{ms} ms a move")
    };
    let what = format!("{what}, {eval} evaluation");
    println!(
        "strong at {what}: exact best move in {best_found} of {positions}, mean loss {:.2} discs ({:.1} s)",
        f64::from(lost) / f64::from(positions.max(1)),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
