//! 1-3-5-7's lesson: a move, the last packet (which loses), then the winning sets
//! (each checked by the solver in `tests/rules/lessons.rs`; the last step passes every
//! move the solver wins with, 3-5-6 among them).

use crate::game::nim::{EmptyPiles, Ending, Nim, parse_piles};
use crate::plugin::lesson::{Lesson, Steps, Words};
use crate::solve::nim::mover_wins;

/// Misère rows from the lesson's text.
fn read(text: &str) -> Option<Nim> {
    parse_piles(text, EmptyPiles::Allowed)
        .ok()
        .map(|piles| Nim::new(piles, Ending::Misere))
}

/// The sets the lesson names: leave one of them and your opponent, to move, is lost.
/// (Two equal rows: of two packets or more; 1-1 is a win for the player to move.) The
/// rule behind them, which the lesson states: a nim-sum of 0 while a row of 2 or more
/// is left, else an odd number of single packets.
pub const WINNING_SETS: [&[u8]; 7] = [
    &[1, 2, 3],
    &[1, 4, 5],
    &[2, 4, 6],
    &[3, 5, 6],
    &[2, 5, 7],
    &[3, 4, 7],
    &[1, 1, 1],
];

pub fn lesson() -> Lesson {
    Steps::new(read)
        .step(
            Words {
                position: "1,3,5,7",
                instruction: "A move takes one or more packets from one row. Take the \
                              whole row of 7: ↓ picks a row, ← takes more, Enter takes.",
                success: "Right: as many packets as you like, all from one row.",
                retry: "Not quite: this step wants all 7 packets of the last row.",
            },
            |p| p.mv.pile == 3 && p.after.piles()[3] == 0,
        )
        .step(
            Words {
                position: "0,0,0,3",
                instruction: "Whoever takes the last packet loses. Three are left: leave \
                              your opponent the last one.",
                success: "Your opponent must take the last packet: you win.",
                retry: "Not quite: leave exactly one packet (take two), so that your \
                        opponent must take it.",
            },
            |p| !mover_wins(p.after.piles(), Ending::Misere),
        )
        .step(
            Words {
                position: "0,3,5,7",
                instruction: "Winning sets: rows whose nim-sum is 0, as in Nim (1-2-3, \
                              1-4-5, 2-4-6, 3-5-6, 2-5-7, 3-4-7, two equal rows), while a \
                              row of 2 or more is left; at the very end, an odd number of \
                              single packets. Leave one and your opponent is lost (1-3-5-7 \
                              is one: the second player wins). Three moves do it here.",
                success: "The solver proves your opponent loses, whatever they do.",
                retry: "That is no winning set: the solver says your opponent can win \
                        from there.",
            },
            |p| !mover_wins(p.after.piles(), Ending::Misere),
        )
        .lesson(|_| {})
}
