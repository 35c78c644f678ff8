//! Pnut-Butta proofs from the empty string. Run: cargo bench --bench pnut
//!
//! Each bench proves the winner (and the exact distances of the root moves) for one
//! setting of k symbols and substring length l, with a fresh table each sample.

use parlor::game::pnut::{Pnut, Rules};
use parlor::solve::pnut::{Limits, solve};

fn main() {
    divan::main();
}

/// The first `k` symbols of 0-9.
fn empty_game(k: usize, l: usize) -> Pnut {
    let symbols: String = "0123456789".chars().take(k).collect();
    Pnut::new(Rules::new(&symbols, l).expect("valid bench setting"))
}

fn prove(k: usize, l: usize) -> bool {
    let limits = Limits {
        max_depth: None,
        max_millis: 600_000,
        table_mib: 64,
        max_nodes: None,
    };
    let solved = solve(divan::black_box(&empty_game(k, l)), &limits);
    assert!(solved.analysis.exact, "k={k} l={l} was not proven");
    solved.analysis.exact
}

/// The targets: k=2 with l=2..6, k=3 with l=2..3, k=4..6 with l=2.
#[divan::bench(args = [(2, 2), (2, 3), (2, 4), (2, 5), (2, 6), (3, 2), (3, 3), (4, 2), (5, 2), (6, 2)], sample_count = 3)]
fn prove_from_empty((k, l): (usize, usize)) -> bool {
    prove(k, l)
}

/// The winner alone (`solve pnut --winner`, issue 17): the search stops once a move
/// wins or every move loses, no exact distances; a fresh 64 MiB table each sample.
#[divan::bench(args = [(2, 5), (2, 6), (3, 3), (5, 2), (8, 2), (10, 2)], sample_count = 5)]
fn winner_from_empty((k, l): (usize, usize)) -> bool {
    use parlor::solve::pnut::{Goal, analyse_goal};
    let limits = Limits {
        max_depth: None,
        max_millis: 600_000,
        table_mib: 64,
        max_nodes: None,
    };
    let solved = analyse_goal(
        divan::black_box(&empty_game(k, l)),
        &limits,
        Goal::Winner,
        &|| false,
        &mut |_| {},
    );
    assert!(solved.analysis.exact, "k={k} l={l} was not proven");
    solved.analysis.verdict.is_win()
}

/// The stretch settings: k=2 with l=7 and k=4 with l=3, each given a minute. Returns
/// whether the proof finished; not proven within the minute is the expected answer today.
#[divan::bench(args = [(2, 7), (4, 3)], sample_count = 1, sample_size = 1)]
fn stretch_for_a_minute((k, l): (usize, usize)) -> bool {
    let limits = Limits {
        max_depth: None,
        max_millis: 60_000,
        table_mib: 64,
        max_nodes: None,
    };
    solve(divan::black_box(&empty_game(k, l)), &limits)
        .analysis
        .exact
}

/// Ten consecutive AI moves (both sides) of a 012/l=4 game from 30 plies in, each
/// analysis exact (3,000,000 nodes a move is more than any needs): one engine kept for
/// the match, or a fresh engine each move (what every move cost before engines were
/// kept). Returns the nodes searched, also printed: they matter more than the time.
#[divan::bench(args = ["kept", "fresh"], sample_count = 1, sample_size = 1)]
fn ten_consecutive_ai_moves(engine: &str) -> u64 {
    use parlor::game::Game;
    use parlor::solve::pnut::Engine;
    let rules = Rules::new("012", 4).expect("valid bench setting");
    let mut game =
        Pnut::parse(rules.clone(), "200002210101102112102200200100").expect("a legal string");
    let limits = Limits::nodes(3_000_000, 16);
    let mut kept = Engine::new(&rules, limits.table_mib);
    let (mut nodes, mut wins) = (0, 0);
    for _ in 0..10 {
        if game.is_over() {
            break;
        }
        let solved = if engine == "kept" {
            kept.analyse(&game, &limits, &|| false, &mut |_| {})
        } else {
            Engine::new(&rules, limits.table_mib).analyse(&game, &limits, &|| false, &mut |_| {})
        };
        nodes += solved.stats.nodes;
        wins += u32::from(solved.analysis.verdict.is_win());
        let Some(best) = solved.analysis.best else {
            break;
        };
        game.play(best).expect("the engine plays legal moves");
    }
    eprintln!(
        "{engine}: {nodes} nodes, {wins} of 10 analyses proved a win, line {}",
        game.text()
    );
    divan::black_box(nodes)
}

/// Play before the proof (issue 17): the answer of a match's engine for a move to play
/// (`Goal::Play`) against an exact analysis (`Goal::Exact`, what every AI move cost
/// before), with the arcade's one second to think, 012/l=4. "forced": a position with a
/// single legal move 16 plies in; "proven": the position after the opponent's reply to a
/// move the engine proved winning (its pins decide it). Run:
/// `cargo bench --bench pnut -- answer_a_move`
#[divan::bench(args = ["forced/play", "forced/exact", "proven/play", "proven/exact"], sample_count = 3, sample_size = 1)]
fn answer_a_move(bencher: divan::Bencher, case: &str) {
    use parlor::game::Game;
    use parlor::solve::pnut::{Engine, Goal};
    let rules = Rules::new("012", 4).expect("valid bench setting");
    let limits = Limits {
        max_depth: None,
        max_millis: 1000,
        table_mib: 16,
        max_nodes: None,
    };
    let goal = if case.ends_with("play") {
        Goal::Play
    } else {
        Goal::Exact
    };
    let forced = case.starts_with("forced");
    bencher
        .with_inputs(|| {
            let mut engine = Engine::new(&rules, limits.table_mib);
            if forced {
                let game = Pnut::parse(rules.clone(), "2121021220102212").expect("a legal string");
                assert_eq!(game.legal_moves().len(), 1);
                return (engine, game);
            }
            let mut game = Pnut::parse(rules.clone(), "200002210101102112102200200100")
                .expect("a legal string");
            let a = engine
                .analyse_goal(&game, &limits, Goal::Play, &|| false, &mut |_| {})
                .analysis;
            assert!(a.exact && a.verdict.is_win());
            game.play(a.best.expect("a move")).expect("legal");
            let reply = game.legal_moves()[0];
            game.play(reply).expect("legal");
            (engine, game)
        })
        .bench_local_refs(|(engine, game)| {
            engine
                .analyse_goal(game, &limits, goal, &|| false, &mut |_| {})
                .analysis
                .best
        });
}

/// Positions of 01/l=8 after `plies` seeded random moves (games that ended sooner are
/// left out), as symbol indices.
fn random_01_l8(plies: usize, count: u64) -> Vec<Vec<u8>> {
    use parlor::game::Game;
    let rules = Rules::new("01", 8).expect("valid bench setting");
    (1..=count)
        .filter_map(|seed| {
            let mut x = seed;
            let mut game = Pnut::new(rules.clone());
            for _ in 0..plies {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    return None;
                }
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let _ = game.play(legal[((x >> 33) % legal.len() as u64) as usize]);
            }
            (!game.is_over()).then(|| game.indices()[..game.len()].to_vec())
        })
        .collect()
}

/// The winner of eight random 01/l=8 positions after 112 moves, each with a fresh
/// engine and 64 MiB table, as `parlor solve pnut --winner` proves it: by the win/loss
/// search on 256-bit sets with the reductions ("wide", the route now), and by the
/// depth-bounded search on word sets ("depth", the route before; a depth limit as
/// large as any game still takes it, as `--depth 600 --winner` does). Returns how many
/// the mover wins.
#[divan::bench(args = ["wide", "depth"], sample_count = 3, sample_size = 1)]
fn winner_of_01_l8_positions(route: &str) -> usize {
    use parlor::game::Game;
    use parlor::solve::pnut::{Goal, MAX_BUDGET, analyse_goal};
    let rules = Rules::new("01", 8).expect("valid bench setting");
    let limits = Limits {
        max_depth: (route == "depth").then_some(MAX_BUDGET),
        max_millis: 600_000,
        table_mib: 64,
        max_nodes: None,
    };
    let positions = random_01_l8(112, 12);
    assert!(positions.len() >= 8, "only {} positions", positions.len());
    let mut wins = 0;
    for text in positions.iter().take(8) {
        let mut game = Pnut::new(rules.clone());
        for &s in text {
            let _ = game.play(parlor::game::pnut::PnutMove(rules.symbol(s)));
        }
        let solved = analyse_goal(&game, &limits, Goal::Winner, &|| false, &mut |_| {});
        assert!(solved.analysis.exact, "{} was not proven", game.text());
        wins += usize::from(solved.analysis.verdict.is_win());
    }
    wins
}
