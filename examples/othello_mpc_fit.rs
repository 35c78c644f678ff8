//! Fits midgame ProbCut's margins (`src/solve/othello/mid_probcut.rs`, `SIGMA`): on
//! self-play positions, the standard deviation of (value at depth d) minus (value at
//! the probe depth of d), for each d, with ProbCut off.
//!
//! ```text
//! cargo run --release --example othello_mpc_fit -- --positions 400 --seed 1 --max-depth 12
//! ```
//!
//! Positions: 2-10 random plies from the start, then the strong level at depth 2 with
//! one move in eight at random, stopped at an even spread of 14-50 empties (ChaCha8: a
//! seed gives the same positions with any build). Values are disc margins as the
//! engine reports them (rounded to a disc), so the printed sigmas are in discs; the
//! table in `mid_probcut.rs` holds them times 100 (evaluation units).

use std::io::Write;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

#[path = "shared/othello_openings.rs"]
mod openings;

use openings::{Playing, option, play_to};
use parlor::solve::othello::mid_probcut::probe_depth;
use parlor::solve::othello::{Engine, Limits};

const TABLE_MIB: u32 = 16;

fn main() {
    if let Err(e) = run(&std::env::args().skip(1).collect::<Vec<_>>()) {
        let _ = writeln!(std::io::stderr(), "othello_mpc_fit: {e}");
        std::process::exit(2);
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let count: usize = option(args, "--positions", 400)?;
    let seed: u64 = option(args, "--seed", 1)?;
    let max_depth: u32 = option(args, "--max-depth", 12)?;
    if !(3..=14).contains(&max_depth) {
        return Err("--max-depth: expected 3-14".into());
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut engine = Engine::new(TABLE_MIB);
    engine.set_threads(1);
    engine.set_mid_probcut(false);
    // Per depth: the sum and the sum of squares of (deep - probe), and the count.
    let depths = max_depth as usize + 1;
    let mut sum = vec![0f64; depths];
    let mut sq = vec![0f64; depths];
    let mut n = vec![0u32; depths];
    let mut made = 0;
    while made < count {
        let target = 14 + (made as u32 * 37) % 37;
        let how = Playing {
            depth: 2,
            random_one_in: 8,
            table_mib: TABLE_MIB,
        };
        let Some(board) = play_to(target, &how, &mut rng, &mut engine) else {
            continue;
        };
        made += 1;
        engine.clear();
        let mut value = vec![0i32; depths];
        for d in 1..=max_depth {
            let limits = Limits {
                max_depth: Some(d),
                max_millis: None,
                table_mib: TABLE_MIB,
                exact_empties: 0,
            };
            let c = engine
                .search(&board, &limits, &|| false)
                .ok_or("no move in a live position")?;
            value[d as usize] = c.score;
        }
        for d in 3..=max_depth {
            let diff = f64::from(value[d as usize] - value[probe_depth(d) as usize]);
            sum[d as usize] += diff;
            sq[d as usize] += diff * diff;
            n[d as usize] += 1;
        }
        if made % 50 == 0 {
            eprintln!("{made} positions");
        }
    }
    println!("depth probe  mean(discs)  sigma(discs)");
    for d in 3..=max_depth as usize {
        let k = f64::from(n[d]);
        let mean = sum[d] / k;
        let sigma = (sq[d] / k - mean * mean).max(0.0).sqrt();
        println!(
            "{d:>5} {:>5}  {mean:>11.2}  {sigma:>12.2}",
            probe_depth(d as u32)
        );
    }
    Ok(())
}
