//! The tree search's solver backups alone (no win/loss search at the leaves) against a
//! plain negamax over strings: every root move it proves is so.

use super::*;
use crate::game::pnut::Rules;

/// Whether the player to move after `text` wins, from the rules alone.
fn negamax(rules: &Rules, text: &str) -> bool {
    let game = Pnut::parse(rules.clone(), text).expect("a legal string");
    game.legal_indices().into_iter().any(|s| {
        let mut t = text.to_string();
        t.push(rules.symbol(s));
        !negamax(rules, &t)
    })
}

/// Checks every root move `mcts` claims won or lost, and its verdict on the root once
/// proved, against negamax; the number of moves it had proved.
fn check_root_claims(mcts: &Mcts, rules: &Rules, text: &str) -> usize {
    let what = format!("{} l={} {text:?}", rules.symbols_text(), rules.length());
    let mut proved = 0;
    for m in mcts.root_moves() {
        let Some(wins) = m.wins else { continue };
        let child = format!("{text}{}", rules.symbol(m.symbol));
        assert_eq!(wins, !negamax(rules, &child), "{what}: {child}");
        proved += 1;
    }
    if mcts.proved() {
        assert_eq!(
            mcts.root_moves().iter().any(|m| m.wins == Some(true)),
            negamax(rules, text),
            "{what}"
        );
    }
    proved
}

#[test]
fn solver_backups_prove_only_what_negamax_proves() {
    let mut proved = 0;
    for (symbols, l) in [("01", 3), ("01", 4), ("012", 2)] {
        let rules = Rules::new(symbols, l).expect("valid rules");
        let g = Graph::new(rules.k(), l);
        // Every string of up to 4 symbols that is still open.
        let mut texts = vec![String::new()];
        let mut i = 0;
        while i < texts.len() {
            if texts[i].len() < 4 {
                for &c in rules.symbols() {
                    let t = format!("{}{c}", texts[i]);
                    if Pnut::parse(rules.clone(), &t).is_ok_and(|p| !p.is_over()) {
                        texts.push(t);
                    }
                }
            }
            i += 1;
        }
        for text in texts {
            let game = Pnut::parse(rules.clone(), &text).expect("legal");
            for budget in [10, 100, 10_000] {
                let mut tree = Tree::default();
                let mut mcts = Mcts::new(&game, g, &mut tree, None, 1);
                mcts.run(budget, &|| false);
                proved += check_root_claims(&mcts, &rules, &text);
            }
        }
    }
    assert!(proved > 50, "{proved}");
}

/// The tree kept between moves: after a move and a reply, the root is the old node
/// two plies down, with its simulations and proofs.
#[test]
fn rerooting_keeps_the_subtree() {
    let rules = Rules::new("012", 3).expect("valid rules");
    let g = Graph::new(3, 3);
    let game = Pnut::parse(rules.clone(), "0012").expect("legal");
    let mut tree = Tree::default();
    let mut mcts = Mcts::new(&game, g, &mut tree, None, 7);
    mcts.run(5000, &|| false);
    let before = tree.nodes.len();
    let visits = |tree: &Tree, text: &str| {
        let mut at = 0usize;
        for c in text.chars() {
            let s = rules.index_of(c).expect("a symbol");
            let n = tree.nodes[at];
            at = (n.first as usize..n.first as usize + usize::from(n.count))
                .find(|&i| tree.nodes[i].symbol == s)
                .expect("in the tree");
        }
        tree.nodes[at].visits
    };
    let deep = visits(&tree, "20");
    assert!(deep > 0);
    tree.reroot(&[0, 0, 1, 2, 2, 0]);
    assert_eq!(tree.nodes[0].visits, deep);
    assert!(tree.nodes.len() < before);
    // Another line: a fresh tree.
    tree.reroot(&[1]);
    assert_eq!(tree.nodes.len(), 1);
}

/// Every open string of `rules` with at least l-1 and at most `max_len` symbols.
fn open_strings(rules: &Rules, l: usize, max_len: usize) -> Vec<String> {
    let mut texts = vec![String::new()];
    let mut i = 0;
    while i < texts.len() {
        if texts[i].len() < max_len {
            for &c in rules.symbols() {
                let t = format!("{}{c}", texts[i]);
                if Pnut::parse(rules.clone(), &t).is_ok_and(|p| !p.is_over()) {
                    texts.push(t);
                }
            }
        }
        i += 1;
    }
    texts.retain(|t| t.len() + 1 >= l);
    texts
}

/// The depth-bounded leaf prover (the one beyond 128 edges, here on the word-vector
/// edge set it uses there): what it proves within any cap is so by negamax, and with a
/// cap the size of these small games it proves everything.
#[test]
fn depth_prover_proves_only_what_negamax_proves() {
    use super::super::graph::BigSet;
    use super::super::leaf::{DepthProver, Prover};
    use super::super::search::{PrefixMemo, Searcher};
    use super::super::table::Table;
    let mut proved = 0;
    for (symbols, l) in [("01", 3), ("01", 4), ("012", 2), ("012", 3)] {
        let rules = Rules::new(symbols, l).expect("valid rules");
        let g = Graph::new(rules.k(), l);
        for cap in [10, 100, 1_000_000] {
            let mut table = Table::new(1);
            let mut memo = PrefixMemo::default();
            let mut prover =
                DepthProver::new(Searcher::<BigSet>::new(g, &mut table, &mut memo, &|| false));
            for text in open_strings(&rules, l, 5) {
                let indices: Vec<u8> = text
                    .chars()
                    .map(|c| rules.index_of(c).expect("a symbol"))
                    .collect();
                match prover.prove(&indices, cap) {
                    Some(wins) => {
                        assert_eq!(wins, negamax(&rules, &text), "{symbols} l={l} {text}");
                        proved += 1;
                    }
                    None => assert!(cap < 1_000_000, "{symbols} l={l} {text} unproved"),
                }
            }
        }
    }
    assert!(proved > 100, "{proved}");
}

/// The tree search with the depth-bounded leaf prover: every root move it proves is so
/// by negamax, and its leaves are proved by the prover (it searches nodes of its own).
#[test]
fn tree_with_depth_prover_proves_only_what_negamax_proves() {
    use super::super::graph::BigSet;
    use super::super::leaf::DepthProver;
    use super::super::search::{PrefixMemo, Searcher};
    use super::super::table::Table;
    let mut proved = 0;
    for (symbols, l) in [("01", 4), ("012", 3)] {
        let rules = Rules::new(symbols, l).expect("valid rules");
        let g = Graph::new(rules.k(), l);
        for text in open_strings(&rules, 1, 4) {
            let game = Pnut::parse(rules.clone(), &text).expect("legal");
            for budget in [50, 300, 3000] {
                let mut table = Table::new(1);
                let mut memo = PrefixMemo::default();
                let mut prover =
                    DepthProver::new(Searcher::<BigSet>::new(g, &mut table, &mut memo, &|| false));
                let mut tree = Tree::default();
                let mut mcts = Mcts::new(&game, g, &mut tree, Some(&mut prover), 3);
                mcts.run(budget, &|| false);
                // The work counts the prover's nodes: it was asked at the leaves.
                if text.len() + 1 >= l && !mcts.proved() {
                    assert!(mcts.work() > mcts.iterations, "{symbols} l={l} {text:?}");
                }
                proved += check_root_claims(&mcts, &rules, &text);
            }
        }
    }
    assert!(proved > 100, "{proved}");
}

/// A win the tree proved is secured: after the winning move and any reply, the kept
/// tree's new root is proved won with a winning move it knows (so the next turn answers
/// without a search), and that move wins by negamax. Both leaf provers.
#[test]
fn a_secured_win_survives_every_reply_in_the_tree() {
    use super::super::graph::BigSet;
    use super::super::leaf::{DepthProver, Prover};
    use super::super::outcome::{Outcome, Reductions};
    use super::super::search::{PrefixMemo, Searcher};
    use super::super::table::Table;
    let mut secured = 0;
    for (symbols, l) in [("01", 4), ("01", 5), ("012", 3)] {
        let rules = Rules::new(symbols, l).expect("valid rules");
        let g = Graph::new(rules.k(), l);
        for text in open_strings(&rules, l, l + 2) {
            if !negamax(&rules, &text) {
                continue;
            }
            for depth in [false, true] {
                let game = Pnut::parse(rules.clone(), &text).expect("legal");
                let (mut table, mut memo) = (Table::new(1), PrefixMemo::default());
                let mut outcome;
                let mut searcher;
                let prover: &mut dyn Prover = if depth {
                    searcher = DepthProver::new(Searcher::<BigSet>::new(
                        g,
                        &mut table,
                        &mut memo,
                        &|| false,
                    ));
                    &mut searcher
                } else {
                    outcome = Outcome::new(g, Reductions::ALL, &mut table, &|| false);
                    &mut outcome
                };
                let mut tree = Tree::default();
                let mut mcts = Mcts::new(&game, g, &mut tree, Some(prover), 5);
                mcts.run(100_000, &|| false);
                let Some(win) = mcts.root_moves().into_iter().find(|m| m.wins == Some(true)) else {
                    continue;
                };
                mcts.secure_win(1 << 16);
                drop(mcts);
                let mut line = game.indices()[..game.len()].to_vec();
                line.push(win.symbol);
                let after = Pnut::parse(
                    rules.clone(),
                    &format!("{text}{}", rules.symbol(win.symbol)),
                )
                .expect("legal");
                for r in after.legal_indices() {
                    let mut t = line.clone();
                    t.push(r);
                    let mut kept = tree.clone();
                    kept.reroot(&t);
                    assert!(kept.root_won(), "{symbols} l={l} {text} {t:?}");
                    let n = kept.nodes[0];
                    let best = (n.first as usize..n.first as usize + usize::from(n.count))
                        .find(|&i| kept.nodes[i].proof < 0)
                        .expect("a winning move kept");
                    let s: String = t.iter().map(|&i| rules.symbol(i)).collect();
                    let next = format!("{s}{}", rules.symbol(kept.nodes[best].symbol));
                    assert!(!negamax(&rules, &next), "{symbols} l={l} {next}");
                    secured += 1;
                }
            }
        }
    }
    assert!(secured > 20, "{secured}");
}
