//! The Othello evaluation's error on held-out positions with exact labels (issue 36):
//! how far each weights file's static value lies from the exact final margin.
//!
//! ```text
//! cargo run --release --example othello_eval_error -- --make held.txt --seed 77 \
//!     --games 4000 --min 14 --max 22
//! cargo run --release --example othello_eval_error -- --labels held.txt \
//!     --weights assets/othello_patterns.bin --weights /tmp/new.bin
//! ```
//!
//! `--make` plays `--games` games as the trainer's self-play does (random openings of
//! 0-20 plies, then a 2-ply search on the classic evaluation with one move in ten at
//! random) from its own `--seed` (not the trainer's 1), takes one position a game with
//! `--min` to `--max` empty squares and a legal move, solves it exactly (one thread) and
//! writes `mover opponent margin` lines. Without `--make` it reads such a file and
//! prints, for each weights file (and the classic evaluation), the root mean square
//! error in discs by number of empty squares and over all.

use std::io::Write;

use rand::{RngExt, SeedableRng};

use parlor::game::Game;
use parlor::game::othello::Othello;
use parlor::seeds::GameRng;
use parlor::solve::othello::eval::{SCALE, evaluate};
use parlor::solve::othello::evaluator::pattern_eval;
use parlor::solve::othello::pattern_weights::PatternWeights;
use parlor::solve::othello::{Engine, Evaluation, Limits};

struct Args {
    make: Option<String>,
    labels: Option<String>,
    weights: Vec<String>,
    seed: u64,
    games: usize,
    min: u32,
    max: u32,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        make: None,
        labels: None,
        weights: Vec::new(),
        seed: 77,
        games: 4000,
        min: 14,
        max: 22,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let v = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let num = |v: &str| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--make" => a.make = Some(v),
            "--labels" => a.labels = Some(v),
            "--weights" => a.weights.push(v),
            "--seed" => a.seed = num(&v)?,
            "--games" => a.games = num(&v)? as usize,
            "--min" => a.min = num(&v)? as u32,
            "--max" => a.max = num(&v)? as u32,
            other => return Err(format!("unknown option {other}")),
        }
    }
    if a.make.is_none() && a.labels.is_none() {
        return Err("--make FILE or --labels FILE expected".into());
    }
    Ok(a)
}

fn make(a: &Args, path: &str) -> Result<(), String> {
    let mut rng = GameRng::seed_from_u64(a.seed);
    let mut player = Engine::new(1);
    player.set_threads(1);
    player.set_evaluation(Evaluation::Classic);
    let quick = Limits {
        max_depth: Some(2),
        max_millis: None,
        table_mib: 1,
        exact_empties: 0,
    };
    let mut solver = Engine::new(64);
    solver.set_threads(1);
    let mut out = std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?;
    for g in 0..a.games {
        let mut board = Othello::new();
        let opening = rng.random_range(0..=20);
        let mut candidates = Vec::new();
        let mut ply = 0;
        while !board.is_over() {
            let n = board.empty_count();
            if board.move_bits() != 0 && (a.min..=a.max).contains(&n) {
                candidates.push((board.player(), board.opponent()));
            }
            let legal = board.legal_moves();
            let m = if ply < opening || rng.random_bool(0.1) {
                legal[rng.random_range(0..legal.len())]
            } else {
                match player.search(&board, &quick, &|| false) {
                    Some(c) => c.mv,
                    None => break,
                }
            };
            if board.play(m).is_err() {
                break;
            }
            ply += 1;
        }
        if candidates.is_empty() {
            continue;
        }
        let (p, o) = candidates[rng.random_range(0..candidates.len())];
        let board =
            Othello::from_bitboards(p, o, parlor::game::Seat::First).map_err(|e| e.to_string())?;
        if let Some(s) = solver.solve(&board, &|| false) {
            writeln!(out, "{p:016x} {o:016x} {}", s.score).map_err(|e| e.to_string())?;
        }
        if (g + 1) % 100 == 0 {
            eprintln!("{} of {} games", g + 1, a.games);
        }
    }
    Ok(())
}

fn read_labels(path: &str) -> Result<Vec<(u64, u64, f64)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut v = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let bad = || format!("{path}:{}: expected 'mover opponent margin'", i + 1);
        let [p, o, t] = f[..] else { return Err(bad()) };
        let p = u64::from_str_radix(p, 16).map_err(|_| bad())?;
        let o = u64::from_str_radix(o, 16).map_err(|_| bad())?;
        let t = t.parse::<f64>().map_err(|_| bad())?;
        v.push((p, o, t));
    }
    Ok(v)
}

fn report(name: &str, labels: &[(u64, u64, f64)], eval: &dyn Fn(u64, u64) -> i32) {
    let mut by_empties = std::collections::BTreeMap::<u32, (f64, usize)>::new();
    let mut all = (0.0, 0usize);
    for &(p, o, t) in labels {
        let e = (f64::from(eval(p, o)) / f64::from(SCALE) - t).powi(2);
        let n = (!(p | o)).count_ones();
        let slot = by_empties.entry(n).or_default();
        slot.0 += e;
        slot.1 += 1;
        all.0 += e;
        all.1 += 1;
    }
    let rms = |(s, n): (f64, usize)| (s / n.max(1) as f64).sqrt();
    let cells: Vec<String> = by_empties
        .iter()
        .map(|(n, &v)| format!("{n}:{:.2}", rms(v)))
        .collect();
    println!(
        "{name}: rmse {:.3} discs over {} positions; by empties {}",
        rms(all),
        all.1,
        cells.join(" ")
    );
}

fn run(a: &Args) -> Result<(), String> {
    if let Some(path) = &a.make {
        return make(a, path);
    }
    let Some(path) = &a.labels else {
        return Ok(());
    };
    let labels = read_labels(path)?;
    report("classic", &labels, &|p, o| evaluate(p, o));
    for w in &a.weights {
        let bytes = std::fs::read(w).map_err(|e| format!("{w}: {e}"))?;
        let weights = PatternWeights::from_bytes(&bytes).map_err(|e| format!("{w}: {e}"))?;
        report(w, &labels, &|p, o| pattern_eval(&weights, p, o));
    }
    Ok(())
}

fn main() {
    if let Err(e) = parse_args().and_then(|a| run(&a)) {
        let _ = writeln!(std::io::stderr(), "othello_eval_error: {e}");
        std::process::exit(2);
    }
}
