//! What the every-move exact analysis costs against the best move's own solve (issue
//! 36): for each position, the nodes and seconds of `Engine::solve` (the best move and
//! its margin) and of `Engine::analyse` to its last report (every move exact; with
//! `--bounds`, every other move proved worse than the best or as good), each on a
//! cleared engine with one thread.
//!
//! ```text
//! taskset -c 0 cargo run --release --example othello_analysis_cost -- [--bounds] [--table MIB] [FILE...]
//! taskset -c 0 cargo run --release --example othello_analysis_cost -- --random COUNT EMPTIES SEED
//! ```
//!
//! `--random` plays random moves from the start (ChaCha8 from SEED) until EMPTIES
//! squares are left, COUNT times.
//!
//! Without files: FFO #40-#44 (`tests/data/ffo.txt`) and the first eight positions of
//! `tests/data/othello_quality.txt` (20-24 empties from played games). A file gives one
//! position a line, the board as `parlor solve othello` reads it first (anything after
//! the side to move is ignored).

use std::time::Instant;

use parlor::game::othello::Othello;
use parlor::solve::othello::{Engine, Limits};

fn positions(path: &str, take: usize) -> Vec<(String, Othello)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .take(take)
        .enumerate()
        .map(|(i, line)| {
            let parts: Vec<&str> = line.split_whitespace().take(2).collect();
            let board = Othello::parse(&parts.join(" "))
                .unwrap_or_else(|e| panic!("{path} line {}: {e}", i + 1));
            (format!("{}:{}", short(path), i + 1), board)
        })
        .collect()
}

fn random_positions(count: usize, empties: u32, seed: u64) -> Vec<(String, Othello)> {
    use parlor::game::Game;
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut board = Othello::new();
        while board.empty_count() > empties && !board.is_over() {
            let legal = board.legal_moves();
            let m = legal[rng.random_range(0..legal.len())];
            board.play(m).expect("legal");
        }
        if !board.is_over() {
            // The board on standard error, to reuse it.
            eprintln!("random {}: {}", out.len() + 1, board.notation());
            out.push((format!("random {}", out.len() + 1), board));
        }
    }
    out
}

fn short(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let bounds = args
        .iter()
        .position(|a| a == "--bounds")
        .map(|i| args.remove(i));
    let mut table = 64;
    if let Some(i) = args.iter().position(|a| a == "--table") {
        table = args
            .get(i + 1)
            .and_then(|t| t.parse().ok())
            .expect("--table MIB");
        args.drain(i..=i + 1);
    }
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let list: Vec<(String, Othello)> = if args.first().is_some_and(|a| a == "--random") {
        let num = |i: usize| -> u64 {
            args.get(i)
                .and_then(|a| a.parse().ok())
                .expect("--random COUNT EMPTIES SEED")
        };
        random_positions(num(1) as usize, num(2) as u32, num(3))
    } else if args.is_empty() {
        let mut l = positions(&format!("{data}/ffo.txt"), 5);
        for (name, _) in &mut l {
            // ffo.txt starts at #40.
            let line: usize = name
                .rsplit(':')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            *name = format!("FFO #{}", 39 + line);
        }
        l.extend(positions(&format!("{data}/othello_quality.txt"), 8));
        l
    } else {
        args.iter().flat_map(|f| positions(f, usize::MAX)).collect()
    };
    // --bounds: the analysis ends once the other moves are proved worse than the best
    // (or as good); without it every move is valued exactly.
    let mut engine = Engine::new(table);
    engine.set_threads(1);
    engine.set_exact_others(bounds.is_none());
    println!(
        "{:<20} {:>3} {:>5} {:>12} {:>8} {:>12} {:>8} {:>6} {:>6}",
        "position", "emp", "moves", "solve nodes", "solve s", "all nodes", "all s", "nodes", "time"
    );
    let (mut total_solve, mut total_all) = ((0u64, 0.0), (0u64, 0.0));
    for (name, board) in &list {
        engine.clear();
        let start = Instant::now();
        let Some(solution) = engine.solve(board, &|| false) else {
            continue;
        };
        let solve_secs = start.elapsed().as_secs_f64();
        engine.clear();
        let start = Instant::now();
        let mut last = None;
        engine.analyse(board, &Limits::exact(table), &|| false, &mut |a| {
            last = Some(a)
        });
        let all_secs = start.elapsed().as_secs_f64();
        let last = last.expect("an analysis");
        assert_eq!(last.score, Some(solution.score), "{name}: the two disagree");
        println!(
            "{:<20} {:>3} {:>5} {:>12} {:>8.3} {:>12} {:>8.3} {:>5.1}x {:>5.1}x",
            name,
            board.empty_count(),
            last.moves.len(),
            solution.nodes,
            solve_secs,
            last.nodes,
            all_secs,
            last.nodes as f64 / solution.nodes as f64,
            all_secs / solve_secs
        );
        total_solve = (total_solve.0 + solution.nodes, total_solve.1 + solve_secs);
        total_all = (total_all.0 + last.nodes, total_all.1 + all_secs);
    }
    println!(
        "total: solve {} nodes {:.3} s, every move {} nodes {:.3} s: {:.1}x nodes, {:.1}x time",
        total_solve.0,
        total_solve.1,
        total_all.0,
        total_all.1,
        total_all.0 as f64 / total_solve.0 as f64,
        total_all.1 / total_solve.1
    );
}
