//! The tree search's solver backups alone (no win/loss search at the leaves) against a
//! plain negamax over strings: every root move it proves is so.

use super::*;
use crate::game::pnut::Rules;

/// Whether the player to move after `text` wins, from the rules alone (also the
/// proof-number search's oracle).
pub(crate) fn negamax(rules: &Rules, text: &str) -> bool {
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

/// A win the tree proved is secured: after the winning move and any reply, the kept
/// tree's new root is proved won with a winning move it knows (so the next turn answers
/// without a search), and that move wins by negamax.
#[test]
fn a_secured_win_survives_every_reply_in_the_tree() {
    use super::super::outcome::{Outcome, Reductions};
    use super::super::table::Table;
    let mut secured = 0;
    for (symbols, l) in [("01", 4), ("01", 5), ("012", 3)] {
        let rules = Rules::new(symbols, l).expect("valid rules");
        let g = Graph::new(rules.k(), l);
        for text in open_strings(&rules, l, l + 2) {
            if !negamax(&rules, &text) {
                continue;
            }
            {
                let game = Pnut::parse(rules.clone(), &text).expect("legal");
                let mut table = Table::new(1);
                let mut outcome = Outcome::new(g, Reductions::ALL, &mut table, &|| false);
                let mut tree = Tree::default();
                let mut mcts = Mcts::new(&game, g, &mut tree, Some(&mut outcome), 5);
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
