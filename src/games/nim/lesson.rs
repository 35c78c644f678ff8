//! Nim's lesson: a move, the last coin, then the nim-sum (checked by the formula the
//! solver uses).

use crate::game::nim::{EmptyPiles, Ending, Nim, parse_piles};
use crate::plugin::GameSetup;
use crate::plugin::lesson::{Lesson, Steps, Words};
use crate::solve::nim::mover_wins;

use super::options::NimSetup;

/// Normal-play piles from the lesson's text.
fn read(text: &str) -> Option<Nim> {
    parse_piles(text, EmptyPiles::Allowed)
        .ok()
        .map(|piles| Nim::new(piles, Ending::Normal))
}

/// The lesson teaches normal play (the last coin wins), whatever the setup says.
fn configure(setup: &mut GameSetup) {
    if let Some(nim) = setup.options_mut::<NimSetup>() {
        nim.misere = false;
    }
}

pub fn lesson() -> Lesson {
    Steps::new(read)
        .step(
            Words {
                position: "3,4,5",
                instruction: "A move takes one or more coins from one pile. Take 2 coins \
                              from the pile of 5: ↓ picks a pile, ← takes more, Enter takes.",
                success: "Well done: any number of coins, all from the same pile.",
                retry: "Not quite: this step wants 2 coins from the pile of 5.",
            },
            |p| p.mv.pile == 2 && p.mv.take == 2,
        )
        .step(
            Words {
                position: "0,0,4",
                instruction: "Whoever takes the last coin wins. One pile is left: take it \
                              all (← until every coin is marked, then Enter).",
                success: "The last coin is yours: you win.",
                retry: "Coins are left, and your opponent takes them all and wins.",
            },
            |p| p.after.coins_left() == 0,
        )
        .step(
            Words {
                position: "3,4,5",
                instruction: "The nim-sum: write the piles in binary and add without \
                              carrying (XOR). 3, 4 and 5 give 011 ^ 100 ^ 101 = 010. Leave \
                              a nim-sum of 0 and your opponent is lost: make the pile of 3 \
                              a 1.",
                success: "1 ^ 4 ^ 5 = 0: whatever your opponent takes, you can make it 0 \
                          again, and the last coin is yours. The solver proves it.",
                retry: "The nim-sum is not 0, so your opponent can win from here.",
            },
            |p| !mover_wins(p.after.piles(), Ending::Normal),
        )
        .lesson(configure)
}
