//! What each Othello AI level does, in words for the player: the one text the setup
//! screen, the rules (`{levels}` in assets/rules/othello.md), `--level`'s help and the
//! README show. Every number is the constant or default the engine plays with, so the
//! words cannot drift from the code.

use super::analyst::STRONG_BOOK_SPREAD;
use crate::config::SolverConfig;
use crate::solve::othello::{
    BEGINNER_NOISE_DISCS, BEGINNER_RANDOM, CASUAL_DEPTH, CASUAL_RANDOM, Level, STRONG_DEPTH,
    STRONG_EXACT, benedict,
};

/// The rules' width (the rules overlay's inside at 80 columns, 74, less the column
/// kept free by its right border and one to spare: a line of 74 wrapped "evaluation"
/// alone under the level names): the level names in a column, the descriptions
/// wrapped beside them.
const NAME_COLUMN: usize = 14;
const RULES_WIDTH: usize = 72;

/// A share of the moves as a percentage ("50%").
fn percent(share: f64) -> String {
    format!("{:.0}%", share * 100.0)
}

/// The empty squares from which the exact level solves, as the built-in config sets it.
fn exact_empties() -> u32 {
    SolverConfig::default().exact_empties
}

/// What `level` does, in one sentence without the level's name.
pub fn description(level: Level) -> String {
    match level {
        Level::Beginner => format!(
            "plays {} of its moves at random, the rest by its evaluation one move ahead, \
             give or take {BEGINNER_NOISE_DISCS} discs",
            percent(BEGINNER_RANDOM)
        ),
        Level::Casual => format!(
            "looks {CASUAL_DEPTH} moves ahead, and plays {} of its moves at random",
            percent(CASUAL_RANDOM)
        ),
        Level::Benedict => format!(
            "the AI of Benedict, the program parlor grew from: looks {} moves ahead (its \
             move, your reply, its next) and scores positions by two tables of square \
             values: corners high, squares beside them low, less the value of your moves",
            benedict::DEPTH
        ),
        Level::Strong => format!(
            "plays from its opening book while the game is in it (any move within \
             {STRONG_BOOK_SPREAD} disc of the book's best, so games vary), then searches \
             deeper and deeper for the thinking time per move; solves the last {} squares \
             exactly when that fits in the time",
            STRONG_EXACT.min(exact_empties())
        ),
        Level::Exact => format!(
            "as strong, but plays the book's best and solves the last {} squares exactly \
             (exact_empties under [solver] in the config file changes it)",
            exact_empties()
        ),
    }
}

/// The setup screen's line for the selected level.
pub fn setup_line(level: Level) -> String {
    format!("{level}: {}.", description(level))
}

/// How simulations play the strong level, which the clock would make unrepeatable.
pub fn simulation_note() -> String {
    format!(
        "When AIs play each other from the command line (parlor simulate), strong \
         searches {STRONG_DEPTH} moves ahead instead of by the clock, so a seed repeats \
         its games."
    )
}

/// The rules' table of levels: each name, its description wrapped beside it, then the
/// note on simulations.
pub fn rules_table() -> String {
    let mut lines = Vec::new();
    for level in Level::ALL {
        let words = description(level);
        let wrapped = wrap(&words, RULES_WIDTH - NAME_COLUMN);
        for (i, line) in wrapped.iter().enumerate() {
            let name = if i == 0 { level.name() } else { "" };
            lines.push(format!("{name:<NAME_COLUMN$}{line}"));
        }
    }
    lines.push(String::new());
    lines.extend(wrap(&simulation_note(), RULES_WIDTH));
    lines.join("\n")
}

/// Greedy word wrap to `width` columns.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_wraps_within_the_rules_width_beside_the_names() {
        let table = rules_table();
        for line in table.lines() {
            assert!(line.chars().count() <= RULES_WIDTH, "too wide: {line}");
        }
        for level in Level::ALL {
            assert!(
                table
                    .lines()
                    .any(|l| l.starts_with(&format!("{:<NAME_COLUMN$}", level.name()))),
                "{level} heads a row:\n{table}"
            );
        }
    }
}
