//! Issue 17, point 1: the exact reductions of the win/loss search, each one alone (and
//! all together) checked against a plain negamax written here from the rules, at every
//! start node of the small settings, along random games from each, and at random
//! positions of the larger settings.

use parlor::game::Game;
use parlor::game::pnut::{Pnut, Rules};
use parlor::solve::pnut::reduce::{component, first_bridge};
use parlor::solve::pnut::{Graph, Outcome, Reductions, Table, U256};

use crate::pnut_oracle::{Negamax, with_negamax};

use crate::pnut_engine::SMALL;

fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *seed >> 33
}

fn strings(k: usize, len: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    for _ in 0..len {
        let mut longer = Vec::new();
        for s in &all {
            for c in 0..k as u8 {
                let mut t = s.clone();
                t.push(c);
                longer.push(t);
            }
        }
        all = longer;
    }
    all
}

fn game_of(rules: &Rules, text: &[u8]) -> Pnut {
    let s: String = text.iter().map(|&c| rules.symbol(c)).collect();
    Pnut::parse(rules.clone(), &s).unwrap()
}

/// Every start node and a few random games from each, plus the empty string: the
/// strings (symbol indices) where a reduction is checked.
fn positions(rules: &Rules, seed: u64) -> Vec<Vec<u8>> {
    let l = rules.length();
    let mut out = vec![Vec::new()];
    let mut rng = seed;
    for start in strings(rules.k(), l - 1) {
        for _ in 0..2 {
            let mut game = game_of(rules, &start);
            loop {
                out.push(game.indices().to_vec());
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[(next(&mut rng) % legal.len() as u64) as usize];
                game.play(m).unwrap();
            }
        }
    }
    out
}

/// Checks the search with `red` against negamax at every position of `positions` on
/// the small settings and at random positions of 012/l=4 and 01/l=7. Returns the
/// positions checked.
fn check(red: Reductions) -> usize {
    let mut checked = 0;
    for (i, (symbols, l)) in SMALL.into_iter().enumerate() {
        let rules = Rules::new(symbols, l).unwrap();
        let g = Graph::new(rules.k(), l);
        let mut table = Table::new(16);
        let stop = || false;
        let mut search = Outcome::new(g, red, &mut table, &stop);
        with_negamax(rules.k(), l, |negamax| {
            for text in positions(&rules, 11 + i as u64) {
                let truth = negamax.wins(&text).expect("within the cap");
                assert_eq!(
                    search.wins_after(&text),
                    Ok(truth),
                    "{symbols} l={l} {text:?} {red:?}"
                );
                checked += 1;
            }
        });
    }
    for (symbols, l, plies) in [("012", 4, [34, 40, 46]), ("01", 7, [70, 80, 90])] {
        let rules = Rules::new(symbols, l).unwrap();
        let g = Graph::new(rules.k(), l);
        for seed in 0..8 {
            for p in plies {
                let mut rng = seed * 31 + p as u64;
                let mut game = Pnut::new(rules.clone());
                for _ in 0..p {
                    let legal = game.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    game.play(legal[(next(&mut rng) % legal.len() as u64) as usize])
                        .unwrap();
                }
                let mut negamax = Negamax::new(rules.k(), l, 2_000_000);
                let Some(truth) = negamax.wins(game.indices()) else {
                    continue;
                };
                let mut table = Table::new(16);
                let stop = || false;
                let mut search = Outcome::new(g, red, &mut table, &stop);
                assert_eq!(
                    search.wins_game(&game),
                    Ok(truth),
                    "{symbols} l={l} {} {red:?}",
                    game.text()
                );
                checked += 1;
            }
        }
    }
    checked
}

fn only(f: impl FnOnce(&mut Reductions)) -> Reductions {
    let mut red = Reductions::NONE;
    f(&mut red);
    red
}

#[test]
fn the_search_on_the_component_alone_is_negamaxs() {
    assert!(check(Reductions::NONE) > 3000);
}

/// Past the first bridge, the part after it is a game of its own: the search that keys
/// the part before it with the after part's value is negamax's, and bridges are common.
#[test]
fn bridges_split_a_position_exactly() {
    assert!(check(only(|r| r.bridges = true)) > 3000);
    // How often there is a bridge, along the random games of 01/l=6.
    let rules = Rules::new("01", 6).unwrap();
    let g = Graph::new(2, 6);
    let mut with_bridge = 0;
    let negamax = Negamax::new(2, 6, 1);
    for text in positions(&rules, 5) {
        if text.len() + 1 < 6 {
            continue;
        }
        let (used, node) = negamax.state(&text);
        let comp = component(!used & ((1u128 << 64) - 1), node, &g);
        if let Some((b, before)) = first_bridge(&comp, node, &g) {
            // The part before the bridge holds it, within the component; no edge of
            // it leaves from the bridge's head (nothing after the bridge comes back).
            assert_eq!(before >> b & 1, 1);
            assert_eq!(before & !comp.edges, 0);
            let head = b % g.nodes;
            assert_eq!(before >> (head * 2) & 3, 0);
            with_bridge += 1;
        }
    }
    assert!(with_bridge > 200, "{with_bridge}");
}

/// A component with no odd cycle: the winner is its edge count's parity.
#[test]
fn a_component_without_odd_cycle_is_decided_by_its_parity() {
    assert!(check(only(|r| r.parity = true)) > 3000);
    let mut decided = 0;
    for (i, (symbols, l)) in SMALL.into_iter().enumerate() {
        let rules = Rules::new(symbols, l).unwrap();
        let g = Graph::new(rules.k(), l);
        let all = if g.edges == 128 {
            u128::MAX
        } else {
            (1u128 << g.edges) - 1
        };
        with_negamax(rules.k(), l, |negamax| {
            for text in positions(&rules, 3 + i as u64) {
                if text.len() + 1 < l {
                    continue;
                }
                let (used, node) = negamax.state(&text);
                let comp = component(all & !used, node, &g);
                if comp.bipartite {
                    let truth = negamax.value(used, node).unwrap();
                    assert_eq!(comp.edges.count_ones() % 2 == 1, truth, "{symbols} l={l}");
                    decided += 1;
                }
            }
        });
    }
    assert!(decided > 500, "{decided}");
}

#[test]
fn the_least_relabelled_key_is_exact() {
    assert!(check(only(|r| r.relabel = true)) > 3000);
}

#[test]
fn forced_moves_unstored_and_children_looked_up_first_are_exact() {
    assert!(check(only(|r| r.forced_and_lookup = true)) > 3000);
}

#[test]
fn the_fewest_replies_first_is_exact() {
    assert!(check(only(|r| r.ordering = true)) > 3000);
}

#[test]
fn the_history_heuristic_is_exact() {
    assert!(check(only(|r| r.history = true)) > 3000);
    assert!(
        check(only(|r| {
            r.ordering = true;
            r.history = true;
        })) > 3000
    );
}

#[test]
fn all_reductions_together_are_exact_and_store_fewer_positions() {
    assert!(check(Reductions::ALL) > 3000);
    // From the empty string of 01/l=6: the component alone against all of them.
    let g = Graph::new(2, 6);
    let stored = |red: Reductions| {
        let mut table = Table::new(64);
        let stop = || false;
        let mut search = Outcome::new(g, red, &mut table, &stop);
        assert_eq!(search.wins_after(&[]), Ok(true));
        let nodes = search.nodes;
        (nodes, table.stored())
    };
    let (plain_nodes, plain) = stored(Reductions::NONE);
    let (all_nodes, all) = stored(Reductions::ALL);
    println!(
        "01 l=6: component alone {plain_nodes} nodes {plain} stored; all {all_nodes} nodes {all} stored"
    );
    assert!(all * 4 < plain, "{all} against {plain}");
    assert!(all_nodes < plain_nodes, "{all_nodes} against {plain_nodes}");
}

/// A node budget stops the search with `Stopped`, and the same search then finishes.
/// On 01/l=8 the search runs on 256-bit sets: at late positions of seeded random games
/// (170 to 209 plies in) it is plain negamax's with every reduction, with none, and
/// with each one switched off in turn.
#[test]
fn on_256_bit_sets_each_reduction_is_exact() {
    let rules = Rules::new("01", 8).unwrap();
    let g = Graph::new(2, 8);
    let mut memo = std::collections::HashMap::new();
    let off = |f: fn(&mut Reductions)| {
        let mut r = Reductions::ALL;
        f(&mut r);
        r
    };
    let sets = [
        Reductions::ALL,
        Reductions::NONE,
        off(|r| r.parity = false),
        off(|r| r.bridges = false),
        off(|r| r.relabel = false),
        off(|r| r.forced_and_lookup = false),
        off(|r| r.ordering = false),
    ];
    let (mut wins, mut nodes) = ([0usize; 2], 0u64);
    for i in 0..60u64 {
        let mut rng = 900 + i;
        let mut game = Pnut::new(rules.clone());
        for _ in 0..170 + i % 40 {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let _ = game.play(legal[(next(&mut rng) % legal.len() as u64) as usize]);
        }
        if game.is_over() {
            continue;
        }
        let text = game.indices()[..game.len()].to_vec();
        let want = crate::pnut_play::wins_binary_8(&text, &mut memo);
        wins[usize::from(want)] += 1;
        for red in sets {
            let mut table = Table::new(16);
            let stop = || false;
            let mut search = Outcome::<U256>::of_width(g, red, &mut table, &stop);
            assert_eq!(
                search.wins_after(&text),
                Ok(want),
                "{} {red:?}",
                game.text()
            );
            nodes += search.nodes;
        }
    }
    println!("{wins:?} won/lost positions, {nodes} nodes");
    assert!(wins[0] > 5 && wins[1] > 5, "{wins:?}");
    // Not all of them decided at once: the reductions had positions to work on.
    assert!(nodes > 5_000, "{nodes}");
}

#[test]
fn a_node_budget_stops_the_search() {
    let g = Graph::new(2, 6);
    let mut table = Table::new(16);
    let stop = || false;
    let mut search = Outcome::new(g, Reductions::ALL, &mut table, &stop);
    search.set_node_limit(1000);
    assert!(search.wins_after(&[]).is_err());
    search.set_node_limit(u64::MAX);
    assert_eq!(search.wins_after(&[]), Ok(true));
}

/// The certificate's walk asks each move of a won position in turn within a growing
/// budget: a budget that runs out is no answer (not a stop), what it proved stays, and
/// the answer at the end is the plain negamax's at every child of every start node.
#[test]
fn a_search_within_a_budget_answers_as_the_negamax_or_not_at_all() {
    let (k, l) = (2, 6);
    let g = Graph::new(k, l);
    let rules = Rules::new("01", l).unwrap();
    let mut table = Table::new(16);
    let stop = || false;
    let mut search = Outcome::new(g, Reductions::ALL, &mut table, &stop);
    let mut unanswered = 0;
    with_negamax(k, l, |oracle: &mut Negamax| {
        // Every string of l symbols: the children of every start node.
        for text in strings(k, l) {
            if game_of(&rules, &text).is_over() {
                continue;
            }
            let want = oracle.wins(&text).unwrap();
            let (unused, token) = parlor::solve::pnut::certify::position_of(g, &text);
            let mut budget = 4;
            let got = loop {
                match search.wins_at_within(unused, token, budget) {
                    Ok(Some(win)) => break win,
                    Ok(None) => unanswered += 1,
                    Err(e) => panic!("{text:?}: stopped ({e:?}) with no stop asked"),
                }
                budget *= 4;
            };
            assert_eq!(got, want, "{text:?}");
        }
    });
    assert!(unanswered > 0, "no budget ran out: the test tests nothing");
}

/// Issue 17, point 4: a proof cut into slices of a node budget, each slice's work saved
/// to a checkpoint and read back into a fresh proof (a new table), ends with the winner
/// and the start nodes of the uninterrupted proof.
#[test]
fn a_proof_stopped_and_restored_from_its_checkpoint_gives_the_same_answer() {
    use parlor::games::pnut::checkpoint::Checkpoint;
    use parlor::solve::pnut::{Proof, Step};
    for (k, l) in [(3, 3), (2, 6), (2, 5)] {
        let g = Graph::new(k, l);
        let never = || false;
        let mut whole = Proof::new(g, 16);
        let Step::Done(winner) = whole.step(u64::MAX, &never) else {
            panic!("k={k} l={l} not proven");
        };
        let mut proof = Proof::new(g, 16);
        let mut slices = 0;
        let path = std::path::Path::new("memory");
        let got = loop {
            match proof.step(20_000, &never) {
                Step::Done(w) => break w,
                Step::Slice => {
                    slices += 1;
                    let saved = Checkpoint {
                        k,
                        l,
                        nodes: 0,
                        starts: proof
                            .starts()
                            .iter()
                            .map(|(s, &v)| (s.clone(), v))
                            .collect(),
                        positions: proof.positions().collect(),
                    };
                    let read = Checkpoint::from_bytes(&saved.to_bytes(), path).unwrap();
                    proof = Proof::new(g, 16);
                    proof.restore(read.starts, read.positions);
                }
                Step::Stopped => panic!("nothing stops it"),
            }
            assert!(slices < 1000, "k={k} l={l}: no end");
        };
        assert_eq!(got, winner, "k={k} l={l}");
        assert_eq!(proof.starts(), whole.starts(), "k={k} l={l}");
        if k == 2 && l == 6 {
            assert!(slices >= 10, "{slices}");
        }
        let (again, rechecked) = proof.recheck(&never).unwrap();
        assert_eq!(again, Some(winner), "k={k} l={l}");
        assert!(rechecked >= 1, "k={k} l={l}");
    }
}
