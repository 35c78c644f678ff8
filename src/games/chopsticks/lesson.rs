//! Chopsticks' lesson, under the standard rules (a hand dies at 5 or more; splits may
//! empty a hand): a hit, a split, a hand killed, then the solver's verdict on the
//! start (checked against its table in `tests/rules/lessons.rs`).

use crate::game::chopsticks::{Chopsticks, ChopsticksMove, Variant};
use crate::plugin::GameSetup;
use crate::plugin::lesson::{Lesson, Steps, Words};
use crate::solve::analysis::Verdict;

use super::options::ChopsticksSetup;

fn read(text: &str) -> Option<Chopsticks> {
    Chopsticks::parse(text, Variant::STANDARD, None).ok()
}

/// The standard rules, whatever the setup says.
fn configure(setup: &mut GameSetup) {
    if let Some(options) = setup.options_mut::<ChopsticksSetup>() {
        options.rollover = Variant::STANDARD.rollover;
        options.empty_splits = Variant::STANDARD.empty_splits;
    }
}

/// Live hands: those showing a finger.
fn live(hands: [u8; 2]) -> usize {
    hands.iter().filter(|&&f| f > 0).count()
}

pub fn lesson() -> Lesson {
    Steps::new(read)
        .step(
            Words {
                position: "1,1/1,1",
                instruction: "The player to move has the hands at the bottom. A hit: \
                              tap one of your opponent's hands with one of yours, and it \
                              gains your fingers. Pick your hand (←→, Enter), then theirs \
                              (←→, Enter).",
                success: "The hand you hit now shows 2 (marked \"was 1\"): it gained \
                          your finger, and yours stays as it was. The board turns: the \
                          player to move is always at the bottom.",
                retry: "That was not a hit: this step wants one of your hands to tap \
                        one of theirs.",
            },
            |p| matches!(p.mv, ChopsticksMove::Hit { .. }),
        )
        .step(
            Words {
                position: "4,0/2,1",
                instruction: "A split moves fingers between your own hands, same total. \
                              Your right hand is dead (0): split your 4 so that both hands \
                              live again. The split key (see the footer) lists them.",
                success: "Both hands live again: a split can bring a dead hand back.",
                retry: "Not that: this step wants a split (the split key) that brings \
                        both hands to life: 2,2, 1,3 or 3,1.",
            },
            |p| matches!(p.mv, ChopsticksMove::Split { left, right } if left > 0 && right > 0),
        )
        .step(
            Words {
                position: "2,1/3,1",
                instruction: "A hand that reaches 5 or more fingers dies (these are the \
                              standard rules; the setup also offers rollover). Kill one \
                              of your opponent's hands.",
                success: "3 + 2 = 5: that hand is dead. Kill both and you win.",
                retry: "No hand reached 5: hit their 3 with your 2.",
            },
            // Seen from the next mover: the opponent's hands are now `mine`.
            |p| live(p.after.hands().mine) < live(p.before.hands().theirs),
        )
        .step(
            Words {
                position: "0,2/1,1",
                instruction: "The solver knows all 600 positions, and says the start, \
                              1,1 against 1,1, is lost for the player to move. Here a hit \
                              loses at once; find the move that hands your opponent the \
                              start.",
                success: "Split 1,1: your opponent faces the start, and the solver proves \
                          you win in at most 26 moves.",
                retry: "The solver says that loses: your opponent can now win at once.",
            },
            |p| {
                matches!(
                    crate::solve::chopsticks::table(Variant::STANDARD).verdict(p.after.hands()),
                    Verdict::Loss { .. }
                )
            },
        )
        .lesson(configure)
}
