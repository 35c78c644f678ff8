//! Nim's and 1-3-5-7's puzzles (issue 37): positions met in play, proved by the
//! formula and the distance search (`solve::nim`), the same up to the order of the
//! piles (empty piles left out). Made by `examples/make_puzzles.rs`.

use rand::RngExt;

use crate::game::nim::{Ending, Nim};
use crate::plugin::GameSetup;
use crate::plugin::puzzle::PuzzleBook;
use crate::plugin::puzzle::coach::{self, MoveValue};
use crate::plugin::puzzle::generate::{self, Found, Plan, Report, Source};
use crate::seeds::GameRng;
use crate::solve::nim as solver;

/// Nim's moves, for the trainer.
const HOW_TO_MOVE: &str = "Move: ↑↓ picks a pile (a row), a digit or ←→ how many, Enter takes them. Moves are written pile:coins (2:7 takes 7 from pile 2).";
/// 1-3-5-7's moves in its own words (its board says rows and packets).
const SUGAR_HOW_TO_MOVE: &str = "Move: ↑↓ picks a row, a digit or ←→ how many packets, Enter takes them. Moves are written row:packets (4:3 takes 3 from row 4).";

/// Nim's shipped set.
pub fn nim_book() -> PuzzleBook {
    PuzzleBook {
        game: super::ID.cli_name(),
        shipped: include_str!("../../../assets/puzzles/nim.jsonl"),
        generate: generate_nim,
        coach,
        goal: crate::plugin::puzzle::WIN_GOAL,
        sides: None,
        how_to_move: HOW_TO_MOVE,
        none_because: None,
        rules_of,
    }
}

/// 1-3-5-7's shipped set.
pub fn sugar_book(game: &'static str) -> PuzzleBook {
    PuzzleBook {
        game,
        shipped: include_str!("../../../assets/puzzles/1357.jsonl"),
        generate: generate_sugar,
        coach,
        goal: crate::plugin::puzzle::WIN_GOAL,
        sides: None,
        how_to_move: SUGAR_HOW_TO_MOVE,
        none_because: None,
        // One variant (misère, as its title says): no line of rules.
        rules_of: crate::plugin::puzzle::one_variant,
    }
}

/// Nim's set mixes misère with normal play: each puzzle says which. (1-3-5-7's set is
/// all of its one rule, misère, which its title says: it said "Normal play" there.)
fn rules_of(options: &str) -> Option<&'static str> {
    Some(if options.split_whitespace().any(|o| o == "--misere") {
        "Misère: whoever takes the last coin loses."
    } else {
        "Normal play: whoever takes the last coin wins."
    })
}

/// The piles as a multiset: the same text for positions equal up to pile order.
pub fn key(position: &Nim) -> String {
    let mut piles: Vec<u8> = position
        .piles()
        .iter()
        .copied()
        .filter(|&p| p > 0)
        .collect();
    piles.sort_unstable_by(|a, b| b.cmp(a));
    piles
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Nim's position as a puzzle shows it: the piles left, in their order.
fn without_empty_piles(position: &Nim) -> Nim {
    let piles = position
        .piles()
        .iter()
        .copied()
        .filter(|&p| p > 0)
        .collect();
    Nim::new(piles, position.ending())
}

/// 1-3-5-7's rows keep their places (a row holds at most 1, 3, 5 or 7).
fn as_it_is(position: &Nim) -> Nim {
    position.clone()
}

/// Two to five piles of one to nine coins: small enough for exact distances.
fn random_piles(rng: &mut GameRng, ending: Ending) -> Nim {
    let count = rng.random_range(2..=5);
    let piles = (0..count).map(|_| rng.random_range(1..=9)).collect();
    Nim::new(piles, ending)
}

fn analyse(position: &Nim) -> Option<crate::solve::Analysis<crate::game::nim::NimMove>> {
    Some(solver::analyse(position))
}

/// The trainer's values: the formula's and the distance search's, on the board's
/// position (Nim's and 1-3-5-7's alike).
fn coach(setup: &GameSetup) -> Result<Vec<MoveValue>, String> {
    let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(0);
    let position = super::screen::start_position(setup, &mut rng)?;
    coach::values(&position, &solver::analyse(&position))
}

fn generate_nim(plan: &Plan) -> Report {
    let game = super::ID.cli_name();
    let mut found = Found::new();
    let mut settings = Vec::new();
    for (ending, options) in [(Ending::Normal, ""), (Ending::Misere, "--misere")] {
        let mut source = Source {
            game,
            options: options.to_string(),
            start: Box::new(move |rng| random_piles(rng, ending)),
            present: without_empty_piles,
            analyse: Box::new(analyse),
            key,
            max_plies: 64,
        };
        settings.push(generate::mine(&mut source, plan, &mut found));
    }
    generate::finish(game, plan, settings, found)
}

fn generate_sugar(plan: &Plan) -> Report {
    let game = crate::games::sugar_packets::ID.cli_name();
    let mut found = Found::new();
    let mut source = Source {
        game,
        options: String::new(),
        start: Box::new(|_| Nim::sugar_packets()),
        present: as_it_is,
        analyse: Box::new(analyse),
        key,
        max_plies: 16,
    };
    let settings = vec![generate::mine(&mut source, plan, &mut found)];
    generate::finish(game, plan, settings, found)
}

#[cfg(test)]
mod tests {
    /// Nim's puzzles say their rule; 1-3-5-7's, all misère as its title says, add none.
    #[test]
    fn each_set_says_the_rules_it_mixes() {
        let nim = nim_book();
        assert_eq!(
            (nim.rules_of)("--misere"),
            Some("Misère: whoever takes the last coin loses.")
        );
        assert_eq!(
            (nim.rules_of)(""),
            Some("Normal play: whoever takes the last coin wins.")
        );
        assert_eq!((sugar_book("sugar").rules_of)(""), None);
    }

    use super::*;

    /// 1-3-5-7's board speaks of rows and packets; its puzzles' help must too.
    #[test]
    fn each_flavour_explains_moves_in_its_own_words() {
        let sugar = sugar_book("1357").how_to_move;
        for nim_word in ["pile", "coin"] {
            assert!(!sugar.contains(nim_word), "{sugar}");
        }
        assert!(sugar.contains("row:packets"), "{sugar}");
        assert!(nim_book().how_to_move.contains("pile:coins"));
    }
}
