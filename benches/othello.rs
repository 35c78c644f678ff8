//! Othello engine benchmarks (perft, FFO endgames). Run: cargo bench --bench othello
//!
//! * `perft`: leaves 9, 10 and 11 plies from the start on one thread (the CLI's
//!   `parlor perft` uses every core).
//! * `ffo`: exact solves of FFO #40-#49 (`tests/data/ffo.txt`), one sample each: a
//!   solve takes from under a second to a minute. `parlor bench ffo FILE` prints the
//!   same positions with nodes and times.

use parlor::game::othello::Othello;
use parlor::solve::othello::Engine;
use parlor::solve::othello::perft::perft;

fn main() {
    divan::main();
}

#[divan::bench(args = [9, 10, 11], sample_count = 1, sample_size = 1)]
fn perft_start(depth: u32) -> u64 {
    perft(divan::black_box(&Othello::new()), depth)
}

/// FFO position `number` (40-59) from `tests/data/ffo.txt`.
fn ffo(number: usize) -> Othello {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ffo.txt");
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{path} must exist beside the clone: {e}"));
    let line = text
        .lines()
        .nth(number - 40)
        .unwrap_or_else(|| panic!("no FFO #{number} in {path}"));
    let squares_and_side: Vec<&str> = line.split_whitespace().take(2).collect();
    Othello::parse(&squares_and_side.join(" ")).expect("FFO position parses")
}

#[divan::bench(args = [40, 41, 42, 43, 44, 45, 46, 47, 48, 49], sample_count = 1, sample_size = 1)]
fn ffo_exact(bencher: divan::Bencher, number: usize) {
    let board = ffo(number);
    let mut engine = Engine::new(64);
    bencher.bench_local(|| {
        engine.clear();
        engine
            .solve(divan::black_box(&board), &|| false)
            .map(|s| s.score)
    });
}
