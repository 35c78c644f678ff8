//! The AI levels' ratings, measured: `assets/ratings/levels.txt`, made by
//! `examples/rate_levels.rs` from AI-vs-AI matches between the levels of each game (its
//! header gives the command and how). One line per game and level: `<game> <level>
//! <rating>`, the game by its command-line name, the level as `GameKind::levels` names
//! it; `#` starts a comment.

use std::sync::OnceLock;

use crate::matchup::Difficulty;

/// The shipped file, built into the binary.
pub const SHIPPED: &str = include_str!("../../../assets/ratings/levels.txt");

/// One level's measured rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelRating {
    pub game: String,
    pub level: String,
    pub rating: u32,
}

/// Why a line of the file is not a level's rating.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("line {line} of the level ratings: {message}")]
pub struct LevelsError {
    pub line: usize,
    pub message: String,
}

/// Reads a file of level ratings.
pub fn read(text: &str) -> Result<Vec<LevelRating>, LevelsError> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let err = |message: String| LevelsError {
            line: i + 1,
            message,
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let [game, level, rating] = words[..] else {
            return Err(err(format!(
                "expected <game> <level> <rating>, not {line:?}"
            )));
        };
        let rating = rating
            .parse()
            .map_err(|_| err(format!("{rating:?} is not a rating")))?;
        found.push(LevelRating {
            game: game.to_string(),
            level: level.to_string(),
            rating,
        });
    }
    Ok(found)
}

/// The shipped ratings (none if the file does not read: a test keeps that from
/// shipping).
pub fn shipped() -> &'static [LevelRating] {
    static LEVELS: OnceLock<Vec<LevelRating>> = OnceLock::new();
    LEVELS.get_or_init(|| {
        read(SHIPPED).unwrap_or_else(|e| {
            tracing::warn!("{e}");
            Vec::new()
        })
    })
}

/// The measured rating of `game`'s AI `level` (names as in a match's record), if the
/// shipped file has it.
pub fn level_rating(game: &str, level: &str) -> Option<u32> {
    shipped()
        .iter()
        .find(|l| l.game == game && l.level == level)
        .map(|l| l.rating)
}

/// The measured rating of the shared difficulty `level` in `game`: what can replace the
/// hand-set `puzzle::LEVEL_RATINGS` for a game's puzzles.
pub fn difficulty_rating(game: &str, level: Difficulty) -> Option<u32> {
    level_rating(game, level.name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_of_every_game_is_measured_the_weakest_at_800() {
        let shipped = read(SHIPPED).expect("the shipped file reads");
        for game in crate::arcade::registry().all() {
            let levels = game.kind().levels();
            let ratings: Vec<u32> = levels
                .iter()
                .map(|level| {
                    level_rating(game.cli_name(), level)
                        .unwrap_or_else(|| panic!("{} {level} is not measured", game.cli_name()))
                })
                .collect();
            assert_eq!(ratings.iter().min(), Some(&800), "{}", game.cli_name());
            let lines = shipped.iter().filter(|l| l.game == game.cli_name()).count();
            assert_eq!(lines, levels.len(), "{}: one line a level", game.cli_name());
        }
        // The shared difficulties by name, for the puzzles.
        assert_eq!(
            difficulty_rating("nim", Difficulty::Beginner),
            level_rating("nim", "beginner")
        );
    }

    #[test]
    fn lines_are_read_and_bad_ones_refused_with_their_number() {
        let text = "# a comment\n\nnim perfect 1334   # strong 593-0-407\nwl beginner 800\n";
        let read = read(text).expect("reads");
        assert_eq!(
            read[0],
            LevelRating {
                game: "nim".into(),
                level: "perfect".into(),
                rating: 1334
            }
        );
        assert_eq!(read.len(), 2);
        assert_eq!(super::read("nim perfect\n").unwrap_err().line, 1);
        assert_eq!(super::read("\nnim perfect high\n").unwrap_err().line, 2);
        assert!(super::read("nim perfect 1 2\n").is_err());
    }
}
