//! The proof-number search against a plain negamax over strings: every root move it
//! decides is so, its counts agree with what it decided, and with nodes enough it
//! decides the root.

use super::*;
use crate::game::pnut::Rules;
use crate::solve::pnut::mcts::tests::negamax;

/// Checks `root_values` at `text` within `budget` nodes, with a fresh table and no
/// kept tree; the root moves it decided.
fn check(rules: &Rules, text: &str, budget: u64) -> usize {
    check_with(
        rules,
        text,
        budget,
        &mut Table::new(1),
        &mut KeptTree::default(),
    )
}

/// [`check`] on `table`, starting from `kept`.
fn check_with(
    rules: &Rules,
    text: &str,
    budget: u64,
    table: &mut Table,
    kept: &mut KeptTree,
) -> usize {
    let what = format!(
        "{} l={} {text:?} budget {budget}",
        rules.symbols_text(),
        rules.length()
    );
    let game = Pnut::parse(rules.clone(), text).expect("a legal string");
    let g = Graph::new(rules.k(), rules.length());
    let (values, _) = root_values(&game, g, table, kept, 60_000, budget, &|| false);
    assert_eq!(values.len(), game.legal_indices().len(), "{what}");
    let mut decided = 0;
    for v in &values {
        let child = format!("{text}{}", rules.symbol(v.symbol));
        let opponent_wins = negamax(rules, &child);
        if let Some(w) = v.opponent_wins {
            assert_eq!(w, opponent_wins, "{what}: {child}");
            decided += 1;
        }
        // No proof left exactly when the move is proved to win.
        assert_eq!(
            v.to_prove == 0,
            v.opponent_wins == Some(false),
            "{what}: {child}"
        );
        if let Some(t) = v.refuted {
            let after = Pnut::parse(rules.clone(), &child).expect("legal");
            let losing = after
                .legal_indices()
                .into_iter()
                .filter(|&r| negamax(rules, &format!("{child}{}", rules.symbol(r))))
                .count() as u32;
            assert_eq!(
                t.replies as usize,
                after.legal_indices().len(),
                "{what}: {child}"
            );
            // (`negamax` after a reply: whether the root's mover wins.)
            assert!(t.losing_replies <= losing, "{what}: {child}");
        }
    }
    if budget >= 1 << 20 {
        // Decided: a winning move, or every move lost.
        let wins = values.iter().any(|v| v.opponent_wins == Some(false));
        let all_lost = values.iter().all(|v| v.opponent_wins == Some(true));
        assert!(wins || all_lost, "{what}: {values:?}");
        assert_eq!(wins, negamax(rules, text), "{what}");
    }
    decided
}

#[test]
fn it_decides_only_what_negamax_decides() {
    let mut decided = 0;
    for l in [3, 4] {
        let rules = Rules::new("01", l).expect("valid rules");
        // Every string of up to 5 symbols that is still open.
        let mut texts = vec![String::new()];
        let mut i = 0;
        while i < texts.len() {
            if texts[i].len() < 5 {
                for &c in rules.symbols() {
                    let t = format!("{}{c}", texts[i]);
                    if Pnut::parse(rules.clone(), &t).is_ok_and(|p| !p.is_over()) {
                        texts.push(t);
                    }
                }
            }
            i += 1;
        }
        for text in &texts {
            for budget in [1, 50, 1 << 20] {
                decided += check(&rules, text, budget);
            }
        }
    }
    // 01/l=5 from seeded random strings of 18 symbols.
    let rules = Rules::new("01", 5).expect("valid rules");
    let mut seed = 5u64;
    for _ in 0..40 {
        let mut game = Pnut::new(rules.clone());
        while game.len() < 18 && !game.is_over() {
            let legal = game.legal_indices();
            seed = super::super::graph::splitmix(seed);
            let s = legal[(seed % legal.len() as u64) as usize];
            game.play(PnutMove(rules.symbol(s))).expect("legal");
        }
        if game.is_over() {
            continue;
        }
        for budget in [1, 200, 1 << 20] {
            decided += check(&rules, &game.text(), budget);
        }
    }
    assert!(decided > 200, "{decided}");
}

/// A seeded random string of `len` symbols on `rules` (shorter if the game ends).
fn random_text(rules: &Rules, len: usize, mut seed: u64) -> String {
    let mut game = Pnut::new(rules.clone());
    while game.len() < len && !game.is_over() {
        let legal = game.legal_indices();
        seed = super::super::graph::splitmix(seed);
        let s = legal[(seed % legal.len() as u64) as usize];
        game.play(PnutMove(rules.symbol(s))).expect("legal");
    }
    game.text()
}

#[test]
fn a_kept_tree_is_right_at_every_position_of_a_game() {
    // One table and one kept tree a game, as the engine has for a match: each position
    // starts from the last call's subtree, wherever the tree holds it.
    let rules = Rules::new("01", 5).expect("valid rules");
    let mut decided = 0;
    for seed in 0..30u64 {
        let text = random_text(&rules, 40, seed + 100);
        let (mut table, mut kept) = (Table::new(1), KeptTree::default());
        for len in 4..text.len() {
            let at = &text[..len];
            if Pnut::parse(rules.clone(), at).is_ok_and(|p| !p.is_over()) {
                decided += check_with(&rules, at, 150, &mut table, &mut kept);
            }
        }
    }
    assert!(decided > 300, "{decided}");
}

#[test]
fn a_kept_tree_goes_on_where_the_last_call_stopped() {
    // A fresh table at each call, so that only the kept tree carries the work over:
    // a call of a fifth of the nodes one whole search takes stops short of the proof
    // (the search is deterministic), and without the tree every such call would start
    // over and stop at the same place.
    let rules = Rules::new("01", 6).expect("valid rules");
    let game = Pnut::parse(rules.clone(), "0001").expect("legal");
    let g = Graph::new(rules.k(), rules.length());
    let decided = |values: &[RootValue]| {
        values.iter().any(|v| v.opponent_wins == Some(false))
            || values.iter().all(|v| v.opponent_wins == Some(true))
    };
    let (values, whole) = root_values(
        &game,
        g,
        &mut Table::new(1),
        &mut KeptTree::default(),
        60_000,
        u64::MAX,
        &|| false,
    );
    assert!(decided(&values), "{values:?}");
    let part = whole / 5;
    let mut kept = KeptTree::default();
    for calls in 1..40 {
        let (values, _) = root_values(
            &game,
            g,
            &mut Table::new(1),
            &mut kept,
            60_000,
            part,
            &|| false,
        );
        if decided(&values) {
            assert!(calls > 1, "{values:?} within {part} of {whole} nodes");
            let wins = values.iter().any(|v| v.opponent_wins == Some(false));
            assert_eq!(wins, negamax(&rules, "0001"));
            return;
        }
    }
    panic!("not decided in 40 calls of {part} nodes");
}
