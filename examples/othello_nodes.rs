//! Othello midgame search effort at a fixed depth: the yardstick for move ordering.
//!
//! ```text
//! cargo run --release --example othello_nodes -- --positions 40 --depth 10 --seed 1
//! cargo run --release --example othello_nodes -- --positions 40 --depth 10 --probcut
//! ```
//!
//! Plays `--positions` positions from the start (2-10 random plies, then the strong
//! level at depth 4 with one move in twelve at random, as `othello_quality` does), spread
//! evenly over 26-50 empty squares, and searches each with a fresh engine on one thread
//! to `--depth` plies with no clock. It prints each position's value and move and the
//! totals: nodes and CPU seconds. Without `--probcut` the search is plain alpha-beta, so
//! its values cannot depend on move ordering: two builds must print the same values, and
//! the one with fewer nodes orders better. With `--probcut` (the AI's play search) the
//! values may differ; the nodes still say how much a depth costs.

use std::io::Write;
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

#[path = "shared/othello_openings.rs"]
mod openings;

use openings::{Playing, option, play_to};
use parlor::solve::othello::{Engine, Limits};

const TABLE_MIB: u32 = 64;
const MIN_EMPTIES: u32 = 26;
const MAX_EMPTIES: u32 = 50;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = run(&args) {
        let _ = writeln!(
            std::io::stderr(),
            "othello_nodes: {e}\nusage: othello_nodes [--positions N] [--depth D] [--seed S] [--probcut]"
        );
        std::process::exit(2);
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let count: u32 = option(args, "--positions", 40)?;
    let depth: u32 = option(args, "--depth", 10)?;
    let seed: u64 = option(args, "--seed", 1)?;
    let probcut = args.iter().any(|a| a == "--probcut");
    if depth == 0 || depth > 30 {
        return Err("--depth: expected 1-30".into());
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut player = Engine::new(TABLE_MIB);
    let how = Playing {
        depth: 4,
        random_one_in: 12,
        table_mib: TABLE_MIB,
    };
    let mut boards = Vec::new();
    while boards.len() < count as usize {
        let span = MAX_EMPTIES - MIN_EMPTIES + 1;
        let target = MIN_EMPTIES + (boards.len() as u32) % span;
        if let Some(board) = play_to(target, &how, &mut rng, &mut player) {
            boards.push(board);
        }
    }
    let limits = Limits {
        max_depth: Some(depth),
        max_millis: None,
        table_mib: TABLE_MIB,
        exact_empties: 0,
    };
    let (mut nodes, mut cpu) = (0u64, 0.0f64);
    let mut out = std::io::stdout().lock();
    for (i, board) in boards.iter().enumerate() {
        let mut engine = Engine::new(TABLE_MIB);
        engine.set_threads(1);
        engine.set_mid_probcut(probcut);
        let start = Instant::now();
        let choice = engine
            .search(board, &limits, &|| false)
            .ok_or("a position without a move")?;
        let seconds = start.elapsed().as_secs_f64();
        nodes += choice.nodes;
        cpu += seconds;
        writeln!(
            out,
            "{:>3}  {:>2} empties  {} {:+}  {} nodes  {seconds:.2} s",
            i + 1,
            board.empty_count(),
            choice.mv,
            choice.score,
            choice.nodes
        )
        .map_err(|e| e.to_string())?;
    }
    writeln!(
        out,
        "depth {depth}{}: {count} positions, {nodes} nodes, {cpu:.2} s",
        if probcut { " with ProbCut" } else { "" }
    )
    .map_err(|e| e.to_string())?;
    Ok(())
}
