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
                for m in mcts.root_moves() {
                    let Some(wins) = m.wins else { continue };
                    let child = format!("{text}{}", rules.symbol(m.symbol));
                    assert_eq!(wins, !negamax(&rules, &child), "{symbols} l={l} {child}");
                    proved += 1;
                }
                if mcts.proved() {
                    assert_eq!(
                        mcts.root_moves().iter().any(|m| m.wins == Some(true)),
                        negamax(&rules, &text),
                        "{symbols} l={l} {text:?}"
                    );
                }
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
