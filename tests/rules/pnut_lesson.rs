//! What Pnut-Butta's lesson claims, against the solver.

use crate::lessons::step_passes_exactly;
use parlor::game::Game;
use parlor::game::pnut::{Pnut, PnutMove};

fn pnut(text: &str) -> Pnut {
    let rules = parlor::games::pnut::lesson::rules().expect("the lesson's rules");
    Pnut::parse(rules, text).expect("a string")
}

/// Whether the mover wins, by plain negamax (a second opinion beside the solver).
fn pnut_wins(game: &Pnut) -> bool {
    game.legal_moves().iter().any(|m| {
        let mut next = game.clone();
        next.play(*m).expect("legal");
        !pnut_wins(&next)
    })
}

#[test]
fn pnut_the_repeat_the_trap_and_the_win_hold() {
    use parlor::games::pnut::lesson::mover_wins;
    // "a would make aba again": refused; b is allowed.
    let repeat = pnut("abab");
    assert!(!repeat.is_legal('a') && repeat.is_legal('b'));
    // a traps the opponent (they have no symbol left), b does not.
    let trap = pnut("babaabb");
    step_passes_exactly("pnut", 2, &trap, |mv, after| {
        assert_eq!(after.legal_moves().is_empty(), *mv == PnutMove('a'));
        *mv == PnutMove('a')
    });
    // "One of your two symbols here wins against any defence": a, by the solver and by
    // negamax; after baba the opponent has one symbol.
    let start = pnut("bab");
    assert_eq!(start.legal_moves().len(), 2);
    assert_eq!(mover_wins(&start), Some(true));
    step_passes_exactly("pnut", 3, &start, |mv, after| {
        let lost = mover_wins(after) == Some(false);
        assert_eq!(lost, !pnut_wins(after));
        assert_eq!(lost, *mv == PnutMove('a'));
        lost
    });
    assert_eq!(pnut("baba").legal_moves().len(), 1);
}
