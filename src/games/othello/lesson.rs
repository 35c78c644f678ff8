//! Othello's lesson: a flip, a flip in two directions, a pass, then Benedict's corners
//! (the exact solver's agreement is checked in `tests/rules/lessons.rs`).

use crate::game::Game;
use crate::game::othello::{
    CORNERS, Othello, OthelloMove, shift_e, shift_n, shift_ne, shift_nw, shift_s, shift_se,
    shift_sw, shift_w,
};
use crate::plugin::lesson::{Lesson, Played, Steps, Words};

fn read(text: &str) -> Option<Othello> {
    Othello::read(text).ok()
}

/// In how many directions move `mv` flips discs.
pub fn directions(before: &Othello, mv: OthelloMove) -> usize {
    let (Some(square), flips) = (mv.square(), before.flips_of(mv)) else {
        return 0;
    };
    let shifts = [
        shift_n, shift_s, shift_e, shift_w, shift_ne, shift_nw, shift_se, shift_sw,
    ];
    shifts
        .iter()
        .filter(|shift| shift(square.bit()) & flips != 0)
        .count()
}

/// Whether the move left White with no move but a pass (the board plays it), the game
/// going on.
fn passed(p: &Played<Othello>) -> bool {
    p.after.to_move() == p.before.to_move() && p.after.outcome().is_none()
}

/// The ranks 1 to 8 (a1 top left) and Black to move.
macro_rules! board {
    ($($rank:literal)*) => {
        concat!($($rank,)* " X")
    };
}

pub const START: &str = board!(
    "........" "........" "........" "...OX..." "...XO..." "........" "........" "........"
);
pub const TWO_WAYS: &str = board!(
    "........" "........" "..XO...." "..O....." "XO......" "........" "........" "........"
);
pub const PASS: &str = board!(
    "........" "........" "........" "........" "XO.X...." "........" ".XO....." "........"
);
pub const CORNER: &str = board!(
    "..OOOXO." "..XOOXXX" ".XXOOOOX" "XOOOXXOX" "XOOOXXO." "XOXOOOOO" "XOOX.O.O" "XOOO...O"
);

pub fn lesson() -> Lesson {
    Steps::new(read)
        .step(
            Words {
                position: START,
                instruction: "You are Black (●). Place a disc so that a line of White's \
                              discs lies between it and one of yours: they flip to black. \
                              Move with the arrows, Enter plays.",
                success: "Flipped: the white disc between your two turned black.",
                retry: "Play on a square that flips a white disc.",
            },
            |p| p.mv.square().is_some(),
        )
        .step(
            Words {
                position: TWO_WAYS,
                instruction: "A move flips every line it closes, in all eight directions \
                              at once. Find the square that flips two lines.",
                success: "Two lines flipped at once: every line a move closes turns.",
                retry: "That flipped one line only. Look for the square that closes two.",
            },
            |p| directions(&p.before, p.mv) >= 2,
        )
        .step(
            Words {
                position: PASS,
                instruction: "A player with no move passes, and the other plays again. \
                              Play so that White is left with no move.",
                success: "White has no move and passes: you play again.",
                retry: "White still has a move there. Which of your moves takes \
                        White's chances away?",
            },
            passed,
        )
        .step(
            Words {
                position: CORNER,
                instruction: "Benedict, the program parlor grew from, scores a corner at \
                              50 and the squares beside an empty corner below 0: a disc on \
                              a corner can never be flipped back. Take the corner.",
                success: "The exact solver agrees: h1 wins by 24 discs with perfect \
                          play, and every other move here loses.",
                retry: "Not the corner: the exact solver says that move loses. Take h1.",
            },
            |p| p.mv.square().is_some_and(|s| CORNERS & s.bit() != 0),
        )
        .lesson(|_| {})
}
