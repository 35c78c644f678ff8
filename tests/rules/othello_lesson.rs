//! What Othello's lesson claims, against the solver.

use crate::lessons::step_passes_exactly;
use parlor::game::othello::{Othello, OthelloMove};
use parlor::game::{Game, Seat};

fn othello(text: &str) -> Othello {
    Othello::read(text).expect("a position")
}

fn square(name: &str) -> OthelloMove {
    name.parse().expect("a square")
}

#[test]
fn othello_the_positions_do_what_the_lesson_says() {
    use parlor::games::othello::lesson::{PASS, START, TWO_WAYS, directions};
    assert_eq!(othello(START), Othello::new());
    // Two moves: c5 flips down and across, e3 one line only.
    let two = othello(TWO_WAYS);
    assert_eq!(two.legal_moves(), vec![square("e3"), square("c5")]);
    assert_eq!(directions(&two, square("c5")), 2);
    assert_eq!(directions(&two, square("e3")), 1);
    step_passes_exactly("othello", 1, &two, |mv, _| *mv == square("c5"));
    // d7 leaves White no move (a pass, and Black plays again); c5 does not.
    let pass = othello(PASS);
    assert_eq!(pass.legal_moves(), vec![square("c5"), square("d7")]);
    let after = pass.after(square("d7")).expect("legal");
    assert!(after.forced() && after.outcome().is_none());
    assert!(!pass.after(square("c5")).expect("legal").forced());
    step_passes_exactly("othello", 2, &pass, |mv, _| *mv == square("d7"));
}

#[test]
fn othello_benedicts_corner_is_the_solvers_best_move() {
    use parlor::games::othello::lesson::CORNER;
    use parlor::solve::othello::benedict::DISC_TABLE;
    // "scores a corner at 50 and the squares beside an empty corner below 0".
    for (r, f) in [(0, 0), (0, 7), (7, 0), (7, 7)] {
        assert_eq!(DISC_TABLE[r][f], 50);
        let (r1, f1) = (if r == 0 { 1 } else { 6 }, if f == 0 { 1 } else { 6 });
        assert!(DISC_TABLE[r][f1] < 0 && DISC_TABLE[r1][f] < 0 && DISC_TABLE[r1][f1] < 0);
    }
    let board = othello(CORNER);
    assert_eq!(board.to_move(), Seat::First);
    let corners: Vec<_> = board
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.square()
                .is_some_and(|s| parlor::game::othello::CORNERS & s.bit() != 0)
        })
        .collect();
    assert_eq!(corners, vec![square("h1")], "one corner to take");
    // "h1 wins by 24 discs with perfect play, and every other move here loses."
    for mv in board.legal_moves() {
        let after = board.after(mv).expect("legal");
        let black = -parlor::solve::othello::solve(&after, 16)
            .expect("not over")
            .score;
        if mv == square("h1") {
            assert_eq!(black, 24);
        } else {
            assert!(black < 0, "{mv}: {black}");
        }
    }
    step_passes_exactly("othello", 3, &board, |mv, _| *mv == square("h1"));
}
