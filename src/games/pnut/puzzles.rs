//! Pnut-Butta's puzzles (issue 37) on small settings, where the exact search proves a
//! position with its distances in a moment: symbols 012 with l = 3, 0123 with l = 2
//! and 3, 01234 with l = 2. Not on two symbols: a player there has at most two moves,
//! and one winning move is already more than the third of them a puzzle allows.
//! Positions met in play, proved by the engine's exact analysis
//! (`solve::pnut`, every move with its exact distance, within a node budget), the same
//! up to relabelling the symbols. Made by `examples/make_puzzles.rs`.

use crate::game::Game;
use crate::game::pnut::{Pnut, PnutMove, Rules};
use crate::plugin::GameSetup;
use crate::plugin::puzzle::PuzzleBook;
use crate::plugin::puzzle::coach::{self, MoveValue};
use crate::plugin::puzzle::generate::{self, Found, Plan, Report, Source};
use crate::solve::Analysis;
use crate::solve::pnut::{Limits, canonical};

/// The settings mined: symbols and l.
pub const SETTINGS: [(&str, usize); 4] = [("012", 3), ("0123", 2), ("0123", 3), ("01234", 2)];

/// The nodes one position's exact analysis may take; a position beyond it is no
/// candidate (the test's plain search re-proves every puzzle, so they stay small).
const NODE_BUDGET: u64 = 200_000;
/// A position with more unused l-grams than this is no candidate: the independent
/// check in the tests is a plain search, which must stay quick.
pub const MAX_UNUSED: usize = 24;

pub fn book() -> PuzzleBook {
    PuzzleBook {
        game: super::ID.cli_name(),
        shipped: include_str!("../../../assets/puzzles/pnut.jsonl"),
        generate,
        coach,
        goal: crate::plugin::puzzle::WIN_GOAL,
        sides: None,
        how_to_move: "Move: type the next symbol (or ←→ and Enter). Moves are written as the symbol played.",
        none_because: None,
        rules_of: crate::plugin::puzzle::one_variant,
    }
}

/// The setting's options as `parlor solve pnut` takes them.
pub fn options(symbols: &str, length: usize) -> String {
    format!("--symbols {symbols} --length {length}")
}

/// The string with its symbols relabelled in the order they first appear.
pub fn key(position: &Pnut) -> String {
    canonical(position.indices())
        .iter()
        .map(|s| char::from(b'a' + s))
        .collect()
}

fn as_it_is(position: &Pnut) -> Pnut {
    position.clone()
}

/// The exact analysis of a small enough position, or `None`.
fn analyse(position: &Pnut) -> Option<Analysis<PnutMove>> {
    let unused = position.rules().grams() as usize - position.used_count();
    if unused > MAX_UNUSED {
        return None;
    }
    let solved = crate::solve::pnut::solve(position, &Limits::nodes(NODE_BUDGET, 16));
    solved.analysis.exact.then_some(solved.analysis)
}

/// The trainer's values: the proof search's, within the generator's budget (the
/// puzzles were proved within it, and every later position is smaller).
fn coach(setup: &GameSetup) -> Result<Vec<MoveValue>, String> {
    let position = super::screen::start_position(setup)?;
    let analysis = analyse(&position)
        .ok_or_else(|| format!("{} could not be solved exactly", position.position_text()))?;
    coach::values(&position, &analysis)
}

fn generate(plan: &Plan) -> Report {
    let game = super::ID.cli_name();
    let mut found = Found::new();
    let mut settings = Vec::new();
    for (symbols, length) in SETTINGS {
        let Ok(rules) = Rules::new(symbols, length) else {
            continue;
        };
        let mut source = Source {
            game,
            options: options(symbols, length),
            start: Box::new(move |_| Pnut::new(rules.clone())),
            present: as_it_is,
            analyse: Box::new(analyse),
            key,
            max_plies: 200,
        };
        settings.push(generate::mine(&mut source, plan, &mut found));
    }
    generate::finish(game, plan, settings, found)
}
