//! Labels Othello positions by the results of games, not by searches on the weights
//! being trained (issue 36's "labels that are not bootstrapped").
//!
//! ```text
//! nice cargo run --release --example othello_results -- --seed 1 --games 20000 \
//!     --depth 4 --exact 18 --threads 2 --out results.txt
//! ```
//!
//! Self-play on the shipped patterns: each game opens with `--min-opening` to
//! `--max-opening` random plies, then both sides play a `--depth`-ply search (midgame
//! ProbCut on, as the AI plays) until `--exact` empty squares, where the game's result
//! is solved exactly. Every position before that, with a legal move, gets one line:
//!
//! ```text
//! <mover hex> <opponent hex> <result for the mover> <the search's value for the mover>
//! ```
//!
//! The third column is what the mover scored with both sides playing on (the exact
//! value once the solve begins); the fourth, where the engine searched, the search's
//! own value (`-` in the random opening). `othello_train --fit-only --labels` reads the
//! first three columns. `othello_results mix RESULTS BASE MAX LAMBDA OUT` makes a
//! trainer's labels file of them: BASE's labels (a trainer's) up to MAX empty squares,
//! then every RESULTS position labelled LAMBDA * search + (1 - LAMBDA) * result.
//! Everything follows from `--seed` and `--threads`.

use std::io::Write;

#[path = "shared/othello_labels.rs"]
mod labels;

use rand::{RngExt, SeedableRng};

use parlor::game::othello::Othello;
use parlor::game::{Game, Seat};
use parlor::seeds::GameRng;
use parlor::solve::othello::{Engine, Evaluation, Limits};

struct Args {
    seed: u64,
    games: usize,
    depth: u32,
    exact: u32,
    threads: usize,
    min_opening: u32,
    max_opening: u32,
    out: String,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        seed: 1,
        games: 1000,
        depth: 4,
        exact: 18,
        threads: 1,
        min_opening: 4,
        max_opening: 20,
        out: "results.txt".into(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let v = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let num = |v: &str| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--seed" => a.seed = num(&v)?,
            "--games" => a.games = num(&v)? as usize,
            "--depth" => a.depth = num(&v)? as u32,
            "--exact" => a.exact = num(&v)? as u32,
            "--threads" => a.threads = (num(&v)? as usize).max(1),
            "--min-opening" => a.min_opening = num(&v)? as u32,
            "--max-opening" => a.max_opening = num(&v)? as u32,
            "--out" => a.out = v,
            other => return Err(format!("unknown option {other}")),
        }
    }
    if a.min_opening > a.max_opening {
        return Err("--min-opening is above --max-opening".into());
    }
    Ok(a)
}

/// One position of a game: the mover's and the opponent's discs, who moves, and the
/// search's value for the mover where the engine searched.
struct Seen {
    p: u64,
    o: u64,
    black_moves: bool,
    search: Option<i32>,
}

/// Plays game `g` and returns its lines.
fn play(engine: &mut Engine, a: &Args, g: usize) -> Result<String, String> {
    let mut rng = GameRng::seed_from_u64(a.seed.wrapping_mul(1_000_003).wrapping_add(g as u64));
    let opening = rng.random_range(a.min_opening..=a.max_opening);
    let limits = Limits {
        max_depth: Some(a.depth),
        max_millis: None,
        table_mib: 16,
        exact_empties: 0,
    };
    let mut board = Othello::new();
    let mut seen: Vec<Seen> = Vec::new();
    let mut ply = 0;
    // Black's final margin.
    let black_margin = loop {
        let black_moves = board.to_move() == Seat::First;
        let for_black = |v: i32| if black_moves { v } else { -v };
        if board.is_over() {
            break for_black(board.margin());
        }
        if board.empty_count() <= a.exact {
            let s = engine
                .solve(&board, &|| false)
                .ok_or("the solve gave no value")?;
            break for_black(s.score);
        }
        let legal = board.legal_moves();
        let (mv, search) = if ply < opening {
            (legal[rng.random_range(0..legal.len())], None)
        } else {
            let c = engine
                .search(&board, &limits, &|| false)
                .ok_or("the search gave no move")?;
            (c.mv, Some(c.score))
        };
        if board.move_bits() != 0 {
            seen.push(Seen {
                p: board.player(),
                o: board.opponent(),
                black_moves,
                search,
            });
        }
        board = board.after(mv).map_err(|e| e.to_string())?;
        ply += 1;
    };
    let mut out = String::new();
    for s in seen {
        let result = if s.black_moves {
            black_margin
        } else {
            -black_margin
        };
        let search = s.search.map_or("-".to_string(), |v| v.to_string());
        out.push_str(&format!("{:016x} {:016x} {result} {search}\n", s.p, s.o));
    }
    Ok(out)
}

fn run(a: &Args) -> Result<(), String> {
    let start = std::time::Instant::now();
    let mut file = std::fs::File::create(&a.out).map_err(|e| format!("{}: {e}", a.out))?;
    let (tx, rx) = std::sync::mpsc::channel::<Result<(usize, String), String>>();
    std::thread::scope(|scope| {
        for t in 0..a.threads {
            let tx = tx.clone();
            scope.spawn(move || {
                let mut engine = Engine::new(16);
                engine.set_threads(1);
                engine.set_evaluation(Evaluation::Patterns);
                for g in (t..a.games).step_by(a.threads) {
                    let r = play(&mut engine, a, g).map(|s| (g, s));
                    let failed = r.is_err();
                    if tx.send(r).is_err() || failed {
                        return;
                    }
                }
            });
        }
        drop(tx);
        // Written in the order the games finish; each line stands alone.
        let mut done = 0;
        for r in rx {
            let (_, lines) = r?;
            file.write_all(lines.as_bytes())
                .map_err(|e| e.to_string())?;
            done += 1;
            if done % 1000 == 0 {
                eprintln!("{done} games, {:.0} s", start.elapsed().as_secs_f64());
            }
        }
        Ok::<(), String>(())
    })?;
    eprintln!(
        "{} games in {:.0} s",
        a.games,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `othello_results mix RESULTS BASE MAX LAMBDA OUT`: the labels file `othello_train
/// --fit-only --labels OUT` reads: BASE's lines (a trainer's labels) of at most MAX
/// empty squares, then each RESULTS line labelled `LAMBDA * search + (1 - LAMBDA) *
/// result` (the result alone where there was no search).
fn mix(args: &[String]) -> Result<(), String> {
    let [results, base, max, lambda, out] = args else {
        return Err("mix RESULTS BASE MAX LAMBDA OUT".into());
    };
    let max: u32 = max.parse().map_err(|e| format!("MAX {max}: {e}"))?;
    let lambda: f64 = lambda
        .parse()
        .map_err(|e| format!("LAMBDA {lambda}: {e}"))?;
    let read = |path: &str| std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"));
    let mut text = String::new();
    let (mut low, mut mixed) = (0usize, 0usize);
    for line in read(base)?.lines() {
        let (p, o, _) =
            labels::parse_label(line).ok_or_else(|| format!("{base}: not a label: {line}"))?;
        if (!(p | o)).count_ones() <= max {
            text.push_str(line);
            text.push('\n');
            low += 1;
        }
    }
    for line in read(results)?.lines() {
        if let [p, o, result, search] = line.split_whitespace().collect::<Vec<_>>()[..] {
            let result: f64 = result.parse().map_err(|e| format!("{result}: {e}"))?;
            let label = match search.parse::<f64>() {
                Ok(v) => lambda * v + (1.0 - lambda) * result,
                Err(_) => result,
            };
            text.push_str(&format!("{p} {o} {label}\n"));
            mixed += 1;
        }
    }
    std::fs::write(out, text).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("{low} positions of {base} up to {max} empties, {mixed} of {results}");
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("mix") {
        if let Err(e) = mix(&args[1..]) {
            let _ = writeln!(std::io::stderr(), "othello_results: {e}");
            std::process::exit(2);
        }
        return;
    }
    if let Err(e) = parse_args().and_then(|a| run(&a)) {
        let _ = writeln!(std::io::stderr(), "othello_results: {e}");
        std::process::exit(2);
    }
}
