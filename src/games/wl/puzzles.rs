//! Winners & Losers has no puzzles (issue 37): a player has at most two moves, so a
//! single winning move is already half of them, more than the third the rule allows.
//! The generator runs all the same (the interval programme, `solve::wl`, strings the
//! same read backwards), so `examples/make_puzzles.rs` counts what it finds: none.

use rand::RngExt;

use crate::game::wl::Wl;
use crate::plugin::puzzle::PuzzleBook;
use crate::plugin::puzzle::generate::{self, Found, Plan, Report, Source};

pub fn book() -> PuzzleBook {
    PuzzleBook {
        game: super::ID.cli_name(),
        shipped: "",
        generate,
        coach: |_| Err("Winners & Losers has no puzzles".into()),
        goal: crate::plugin::puzzle::WIN_GOAL,
        sides: None,
        how_to_move: "",
        none_because: Some(
            "every position offers at most two moves, so a winning move is never hard to find: a puzzle needs at least three moves with at most a third of them winning",
        ),
        rules_of: crate::plugin::puzzle::one_variant,
    }
}

/// The letters left, or the same read backwards, whichever comes first.
fn key(position: &Wl) -> String {
    let text = position.notation();
    let backwards: String = text.chars().rev().collect();
    text.min(backwards)
}

/// The letters left, as a new game: what `parlor solve wl` analyses.
fn afresh(position: &Wl) -> Wl {
    Wl::new(position.remaining().to_vec())
}

fn generate(plan: &Plan) -> Report {
    let game = super::ID.cli_name();
    let mut found = Found::new();
    let mut source = Source {
        game,
        options: String::new(),
        start: Box::new(|rng| {
            let len = rng.random_range(5..=16);
            Wl::new((0..len).map(|_| rng.random_bool(0.5)).collect())
        }),
        present: afresh,
        analyse: Box::new(|p| Some(crate::solve::wl::analyse(p))),
        key,
        max_plies: 16,
    };
    let settings = vec![generate::mine(&mut source, plan, &mut found)];
    generate::finish(game, plan, settings, found)
}
