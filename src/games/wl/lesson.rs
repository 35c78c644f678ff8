//! Winners & Losers' lesson: each end, the last letter, then the pyramid (each claim
//! checked by the solver in `tests/rules/lessons.rs`).

use crate::game::wl::{Wl, WlMove, parse_letters};
use crate::plugin::lesson::{Lesson, Steps, Words};
use crate::solve::wl::mover_wins;

fn read(text: &str) -> Option<Wl> {
    parse_letters(text).ok().map(Wl::new)
}

pub fn lesson() -> Lesson {
    Steps::new(read)
        .step(
            Words {
                position: "WLLW",
                instruction: "Players take turns taking a letter from either end of the \
                              string. Take the leftmost letter: ←.",
                success: "Taken from the left end.",
                retry: "That was the right end: this step wants the left one.",
            },
            |p| p.mv == WlMove::Left,
        )
        .step(
            Words {
                position: "LLWW",
                instruction: "Now take the rightmost letter: →.",
                success: "Taken from the right end. Those are the only two moves.",
                retry: "That was the left end: this step wants the right one.",
            },
            |p| p.mv == WlMove::Right,
        )
        .step(
            Words {
                position: "LW",
                instruction: "Whoever takes the last letter wins if it is a W and loses \
                              if it is an L. Two are left: you take one, your opponent the \
                              last. Leave them the L.",
                success: "Your opponent must take the L: you win.",
                retry: "Your opponent takes the last letter, a W, and wins.",
            },
            |p| !mover_wins(p.after.remaining()),
        )
        .step(
            Words {
                position: "WWWLL",
                instruction: "With 5 letters you will take the last one, so you want a W \
                              to survive. Press p: each cell of the pyramid shows the letter \
                              taken last from that part of the string with perfect play. \
                              Taking → steps down to the left, ← to the right: take the end \
                              that leads to a W. ▸ marks where the game is. A row of the 1st \
                              player (OR) shows a W if either cell below it does; of the 2nd \
                              (AND), only if both do.",
                success: "WWWL shows a W: the solver proves your opponent loses, though \
                          you took an L.",
                retry: "WWLL shows an L: the solver says your opponent wins now.",
            },
            |p| !mover_wins(p.after.remaining()),
        )
        .lesson(|_| {})
}
