//! What Winners & Losers' lesson claims, against the solver.

use crate::lessons::step_passes_exactly;
use parlor::game::wl::{Wl, WlMove, parse_letters};

fn wl(text: &str) -> Wl {
    Wl::new(parse_letters(text).expect("letters"))
}

#[test]
fn wl_the_last_letter_and_the_pyramid_agree_with_the_solver() {
    use parlor::solve::wl::{mover_wins, pyramid};
    // "Leave them the L": the only win from LW.
    step_passes_exactly("wl", 2, &wl("LW"), |mv, after| {
        assert_eq!(!mover_wins(after.remaining()), *mv == WlMove::Right);
        *mv == WlMove::Right
    });
    // "With 5 letters you will take the last one": the mover takes letters 1, 3, 5.
    assert!(mover_wins(&parse_letters("WWWLL").expect("letters")));
    let top = |text: &str| {
        let rows = pyramid(&parse_letters(text).expect("letters"));
        rows.last().expect("a row")[0]
    };
    // "WWWL shows a W", "WWLL shows an L", and the right end is the only win.
    assert!(top("WWWL"));
    assert!(!top("WWLL"));
    step_passes_exactly("wl", 3, &wl("WWWLL"), |mv, after| {
        assert_eq!(!mover_wins(after.remaining()), *mv == WlMove::Right);
        *mv == WlMove::Right
    });
    step_passes_exactly("wl", 0, &wl("WLLW"), |mv, _| *mv == WlMove::Left);
    step_passes_exactly("wl", 1, &wl("LLWW"), |mv, _| *mv == WlMove::Right);
}
