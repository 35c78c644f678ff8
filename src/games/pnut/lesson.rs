//! Pnut-Butta's lesson, on symbols a and b with l = 3: a symbol, a forbidden repeat, a
//! trap, then a win read to the end (each claim checked by the solver in
//! `tests/rules/lessons.rs`).

use crate::game::Game;
use crate::game::pnut::{Pnut, PnutMove, Rules};
use crate::plugin::GameSetup;
use crate::plugin::lesson::{Lesson, Steps, Words};

use super::options::PnutSetup;

pub const SYMBOLS: &str = "ab";
pub const LENGTH: usize = 3;

pub fn rules() -> Option<Rules> {
    Rules::new(SYMBOLS, LENGTH).ok()
}

fn read(text: &str) -> Option<Pnut> {
    Pnut::parse(rules()?, text).ok()
}

/// Two players, the assistant on (a forbidden symbol is refused and explained).
fn configure(setup: &mut GameSetup) {
    if let Some(options) = setup.options_mut::<PnutSetup>() {
        options.symbols = SYMBOLS.to_string();
        options.length = LENGTH;
        options.players = 2;
        options.assist = true;
    }
}

/// Whether the player to move can force a win, by the solver.
pub fn mover_wins(game: &Pnut) -> Option<bool> {
    let limits = crate::solve::pnut::Limits {
        table_mib: 1,
        ..Default::default()
    };
    match crate::solve::pnut::solve(game, &limits).analysis.verdict {
        crate::solve::analysis::Verdict::Win { .. } => Some(true),
        crate::solve::analysis::Verdict::Loss { .. } => Some(false),
        _ => None,
    }
}

pub fn lesson() -> Lesson {
    Steps::new(read)
        .step(
            Words {
                position: "",
                instruction: "Players take turns writing one symbol, a or b, at the end \
                              of a shared string. Write one: type it, or ←→ and Enter.",
                success: "Written. The string grows one symbol a turn.",
                retry: "Write a or b.",
            },
            |_| true,
        )
        .step(
            Words {
                position: "abab",
                instruction: "The last 3 symbols may never repeat 3 symbols written \
                              earlier (overlaps count). Here a would make aba again: try \
                              it, then write the symbol that is allowed.",
                success: "abb is new: allowed. No block of 3 symbols in a row ever \
                          appears twice in the string.",
                retry: "Write the allowed symbol.",
            },
            |p| p.mv == PnutMove('b'),
        )
        .step(
            Words {
                position: "babaabb",
                instruction: "A player with no allowed symbol is trapped, and the last \
                              player to move wins. Write the symbol that leaves your \
                              opponent trapped.",
                success: "Both of their symbols would repeat: trapped. You moved last, \
                          so you win.",
                retry: "Your opponent can still write a symbol there.",
            },
            |p| p.after.legal_moves().is_empty(),
        )
        .step(
            Words {
                position: "bab",
                instruction: "Read ahead: a move that leaves your opponent one allowed \
                              symbol lets you follow the game to its end. One of your two \
                              symbols here wins against any defence.",
                success: "The solver proves it: after baba your opponent has one symbol, \
                          and you win whatever follows.",
                retry: "The solver proves that one loses: your opponent can win from there.",
            },
            |p| mover_wins(&p.after) == Some(false),
        )
        .lesson(configure)
}
