//! Othello engine benchmarks (perft, FFO endgames). Run: cargo bench --bench othello
//!
//! * `perft`: leaves 9, 10 and 11 plies from the start on one thread (the CLI's
//!   `parlor perft` uses every core).
//! * `ffo`: exact solves of FFO #40-#49 (`tests/data/ffo.txt`), one sample each: a
//!   solve takes from under a second to a minute. `parlor bench ffo FILE` prints the
//!   same positions with nodes and times.
//! * `best_or_every_move`: FFO #40 and #42, one thread: the best move's exact solve
//!   (`Engine::solve`) against the analysis that values every move exactly
//!   (`Engine::analyse`, as `parlor solve othello`, the hints and the review run it).
//!   `examples/othello_analysis_cost.rs` prints the same comparison with nodes on more
//!   positions.

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

/// Ten consecutive moves of the strong AI (to depth 8, no clock, so every run searches
/// the same trees) from a fixed opening, as a match asks for them: with the match's one
/// analyst, whose table carries from move to move, or with a fresh engine (and a fresh
/// 64 MiB table) for every move, as every solver job used to build. Returns the nodes.
#[divan::bench(args = ["kept", "fresh"], sample_count = 3, sample_size = 1)]
fn ten_ai_moves(engine: &str) -> u64 {
    use parlor::game::Game;
    use parlor::games::othello::analyst::OthelloAnalyst;
    use parlor::solve::analyst::{Analyst, Query};
    use parlor::solve::othello::{Level, Limits};
    let limits = Limits {
        max_depth: Some(8),
        max_millis: None,
        table_mib: 64,
        exact_empties: 20,
    };
    let mut board = Othello::new();
    for m in ["f5", "d6", "c3", "d3", "c4", "f4"] {
        let mv = board
            .legal_moves()
            .into_iter()
            .find(|lm| lm.to_string() == m)
            .expect("the opening is legal");
        board.play(mv).expect("legal");
    }
    let mut kept = OthelloAnalyst::new(limits, Level::Strong, 1);
    let mut nodes = 0;
    for ply in 0..10 {
        let mut fresh;
        let analyst = if engine == "kept" {
            &mut kept
        } else {
            fresh = OthelloAnalyst::new(limits, Level::Strong, 1);
            &mut fresh
        };
        let query = Query {
            position: board,
            ai_to_move: true,
            ply,
            played: None,
        };
        let mut last = None;
        analyst.analyse(&query, &|| false, &mut |a| last = Some(a));
        let a = last.expect("a report");
        nodes += a.nodes;
        board.play(a.best.expect("a move")).expect("legal");
    }
    println!("{engine}: {nodes} nodes");
    nodes
}

/// One thread, so the two compare in CPU time.
#[divan::bench(
    args = [(40, "best"), (40, "every move"), (42, "best"), (42, "every move")],
    sample_count = 1,
    sample_size = 1
)]
fn best_or_every_move(bencher: divan::Bencher, (number, what): (usize, &str)) {
    use parlor::solve::othello::Limits;
    let board = ffo(number);
    let mut engine = Engine::new(64);
    engine.set_threads(1);
    bencher.bench_local(|| {
        engine.clear();
        if what == "best" {
            engine
                .solve(divan::black_box(&board), &|| false)
                .map(|s| s.nodes)
        } else {
            let mut last = None;
            engine.analyse(
                divan::black_box(&board),
                &Limits::exact(64),
                &|| false,
                &mut |a| last = Some(a),
            );
            last.map(|a| a.nodes)
        }
    });
}

/// The every-move analysis of a midgame position to a fixed depth (hints, the review,
/// `parlor solve othello --depth`), one thread: the search without ProbCut, whose
/// shallow nodes skip the transposition table (`midgame::TABLE_MIN_DEPTH`).
#[divan::bench(
    args = ["f5d6c3d3c4f4c5b3c2e6c6b4", "f5f6e6f4g6d6e3h7f3d3g5e7e8f7f8g7d7h4c7g4g3c6"],
    sample_count = 1,
    sample_size = 1
)]
fn every_move_midgame(bencher: divan::Bencher, moves: &str) {
    use parlor::solve::othello::Limits;
    let (board, _) = Othello::after_moves(moves).expect("a game from the start");
    let limits = Limits {
        max_depth: Some(11),
        max_millis: None,
        table_mib: 64,
        exact_empties: 0,
    };
    let mut engine = Engine::new(64);
    engine.set_threads(1);
    bencher.bench_local(|| {
        engine.clear();
        let mut last = None;
        engine.analyse(divan::black_box(&board), &limits, &|| false, &mut |a| {
            last = Some(a)
        });
        last.map(|a| a.nodes)
    });
}
