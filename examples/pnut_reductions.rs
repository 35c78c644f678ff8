//! What each exact reduction of issue 17 buys the win/loss search: nodes, stored
//! positions and time, from the empty string and at seeded random positions, with the
//! reductions added one at a time and each removed from the full set.
//!
//! Run: cargo run --release --example pnut_reductions -- [SYMBOLS LENGTH [PLIES SEEDS]]
//! e.g. `-- 01 6` (from the empty string), `-- 01 8 110 5` (01/l=8 on 256-bit sets)
//! or `-- 012 4 21 5` (five random positions
//! after 21 moves; a fifth argument keeps the sets whose name starts with it, e.g.
//! `-- 012 4 21 5 "all but"`). Nothing here is timed in a test: the tests check the values.

use std::time::Instant;

use parlor::game::Game;
use parlor::game::pnut::{Pnut, Rules};
use parlor::solve::pnut::{Graph, Outcome, Reductions, Table, U256, Unused};

fn sets() -> Vec<(&'static str, Reductions)> {
    let none = Reductions::NONE;
    let all = Reductions::ALL;
    vec![
        ("component only", none),
        (
            "+parity",
            Reductions {
                parity: true,
                ..none
            },
        ),
        (
            "+parity+bridges",
            Reductions {
                parity: true,
                bridges: true,
                ..none
            },
        ),
        (
            "+parity+bridges+relabel",
            Reductions {
                parity: true,
                bridges: true,
                relabel: true,
                ..none
            },
        ),
        (
            "+...+forced/lookup",
            Reductions {
                ordering: false,
                history: false,
                ..all
            },
        ),
        (
            "+...+ordering",
            Reductions {
                history: false,
                ..all
            },
        ),
        ("all (+history)", all),
        (
            "all but parity",
            Reductions {
                parity: false,
                ..all
            },
        ),
        (
            "all but bridges",
            Reductions {
                bridges: false,
                ..all
            },
        ),
        (
            "all but relabel",
            Reductions {
                relabel: false,
                ..all
            },
        ),
        (
            "all but forced/lookup",
            Reductions {
                forced_and_lookup: false,
                ..all
            },
        ),
    ]
}

/// Nodes at most a position.
const LIMIT: u64 = 50_000_000;

fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *seed >> 33
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let symbols = args.first().map_or("01", String::as_str);
    let l: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(6);
    let plies: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let seeds: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let Ok(rules) = Rules::new(symbols, l) else {
        eprintln!("bad rules");
        return;
    };
    let g = Graph::new(rules.k(), l);
    if !u128::fits(&g) && !U256::fits(&g) {
        eprintln!(
            "no win/loss search for {} edges of {} symbols",
            g.edges, g.k
        );
        return;
    }
    let mut games = Vec::new();
    for seed in 0..seeds {
        let mut rng = seed + 1;
        let mut game = Pnut::new(rules.clone());
        for _ in 0..plies {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[(next(&mut rng) % legal.len() as u64) as usize];
            let _ = game.play(m);
        }
        games.push(game);
    }
    println!(
        "{symbols} l={l}, {} position(s) after {plies} plies: nodes, stored, seconds (sums; ? past {LIMIT} nodes)",
        games.len()
    );
    for game in &games {
        println!("  position {:?}", game.text());
    }
    // A fifth argument keeps only the sets whose name starts with it.
    let only = args.get(4).cloned().unwrap_or_default();
    for (name, red) in sets().into_iter().filter(|(n, _)| n.starts_with(&only)) {
        let (mut nodes, mut stored, mut secs) = (0u64, 0u64, 0f64);
        let mut values = Vec::new();
        for game in &games {
            let started = Instant::now();
            let (v, n, s) = if u128::fits(&g) {
                value::<u128>(g, red, game)
            } else {
                value::<U256>(g, red, game)
            };
            nodes += n;
            stored += s;
            secs += started.elapsed().as_secs_f64();
            values.push(v);
        }
        let values: String = values
            .iter()
            .map(|v| match v {
                Some(true) => 'W',
                Some(false) => 'L',
                None => '?',
            })
            .collect();
        println!("{name:28} {nodes:>12} {stored:>10} {secs:>8.3}  {values}");
    }
}

/// Whether the player to move wins (`None`: past the node limit), the nodes searched and
/// the positions stored, by the win/loss search on sets of `E`'s width.
fn value<E: Unused>(g: Graph, red: Reductions, game: &Pnut) -> (Option<bool>, u64, u64) {
    let mut table = Table::new(256);
    let stop = || false;
    let mut search = Outcome::<E>::of_width(g, red, &mut table, &stop);
    search.set_node_limit(LIMIT);
    let v = search.wins_game(game).ok();
    let nodes = search.nodes;
    (v, nodes, table.stored())
}
