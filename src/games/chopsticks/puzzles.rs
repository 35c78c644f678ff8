//! Chopsticks' puzzles (issue 37): positions met in play in each of the four variants,
//! proved by the retrograde table (`solve::chopsticks`), the same up to swapping either
//! player's two hands. A puzzle's position starts afresh (no repetitions behind it, no
//! move cap), as `parlor solve chopsticks` reads it. Made by `examples/make_puzzles.rs`.

use crate::game::chopsticks::{Chopsticks, Variant};
use crate::plugin::GameSetup;
use crate::plugin::puzzle::PuzzleBook;
use crate::plugin::puzzle::coach::{self, MoveValue};
use crate::plugin::puzzle::generate::{self, Found, Plan, Report, Source};

pub fn book() -> PuzzleBook {
    PuzzleBook {
        game: super::ID.cli_name(),
        shipped: include_str!("../../../assets/puzzles/chopsticks.jsonl"),
        generate,
        coach,
        goal: crate::plugin::puzzle::WIN_GOAL,
        sides: None,
        how_to_move: "The board turns to the side to move: on your turn your hands are at the bottom. Moves are written hit:l:r (your left hits their right) and split:0,3 (your hands after the split, left then right).",
        none_because: None,
        rules_of,
    }
}

/// The set mixes rollover with the standard rules: each puzzle says which.
fn rules_of(options: &str) -> Option<&'static str> {
    Some(if options.split_whitespace().any(|o| o == "--rollover") {
        "Rollover: 3 + 4 = 2; a hand dies only at exactly 5."
    } else {
        "Standard rules: a hand at 5 fingers or more dies."
    })
}

/// The variant's options as `parlor solve chopsticks` takes them.
pub fn options(variant: Variant) -> String {
    let mut words = Vec::new();
    if variant.rollover {
        words.push("--rollover");
    }
    if !variant.empty_splits {
        words.push("--no-empty-splits");
    }
    words.join(" ")
}

/// The smallest index among the four mirror images of the hands.
pub fn key(position: &Chopsticks) -> String {
    let hands = position.hands();
    let least = [(false, false), (false, true), (true, false), (true, true)]
        .into_iter()
        .map(|(mine, theirs)| hands.mirrored(mine, theirs).index())
        .min()
        .unwrap_or_else(|| hands.index());
    least.to_string()
}

/// The hands alone, as a new game: what `parlor solve chopsticks` analyses.
fn afresh(position: &Chopsticks) -> Chopsticks {
    Chopsticks::from_hands(position.hands(), position.variant(), None)
        .unwrap_or_else(|_| position.clone())
}

/// The trainer's values: the retrograde solver's, on the board's hands (without the
/// board's move cap, as the puzzles were proved).
fn coach(setup: &GameSetup) -> Result<Vec<MoveValue>, String> {
    let position = afresh(&super::screen::start_position(setup)?);
    coach::values(&position, &crate::solve::chopsticks::analyse(&position))
}

fn generate(plan: &Plan) -> Report {
    let game = super::ID.cli_name();
    let mut found = Found::new();
    let mut settings = Vec::new();
    for variant in Variant::ALL {
        let mut source = Source {
            game,
            options: options(variant),
            start: Box::new(move |_| Chopsticks::new(variant, None)),
            present: afresh,
            analyse: Box::new(|p| Some(crate::solve::chopsticks::analyse(p))),
            key,
            max_plies: 200,
        };
        settings.push(generate::mine(&mut source, plan, &mut found));
    }
    generate::finish(game, plan, settings, found)
}
