//! Puzzles (issue 37): positions where the side to move wins and finding the move takes
//! thought. The model (`Puzzle`, one JSON object a line, the same in a shipped set's file
//! and in `parlor puzzle list <game> --json`), how a game offers its puzzles
//! (`GameKind::puzzles` returns a [`PuzzleBook`]) and the generator that makes the
//! shipped sets from play (`generate`, run by `examples/make_puzzles.rs`).

pub mod coach;
pub mod generate;
pub mod personal;
pub mod pick;
pub mod rating;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::matchup::Difficulty;

/// The shape's version in the JSON lines (docs/json.md, schema `puzzle`).
pub const VERSION: u32 = 1;

/// One puzzle: a position whose mover wins, the winning first moves, and how hard it is.
/// Serialized as docs/json.md's `puzzle` block, its keys in this order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    pub version: u32,
    /// The game's command-line name.
    pub game: String,
    /// Stable across runs: the game and a hash of its options and the position up to
    /// symmetry (`nim-1f0c2a9b`).
    pub id: String,
    /// The game's options as `parlor solve <game>` takes them (`--misere`, `--symbols
    /// 01 --length 5`; empty for the defaults).
    pub options: String,
    /// The position in the notation of `parlor solve <game>`.
    pub position: String,
    /// Every winning first move, in the game's move notation.
    pub winning: Vec<String>,
    /// The expected result with best play on both sides: "win in 7".
    pub result: String,
    /// The same distance as a number: plies to the end, the winner fastest, the loser
    /// slowest.
    pub plies: u32,
    /// The puzzle's first rating: that of the weakest AI level that solves it
    /// ([`first_rating`]).
    pub rating: u32,
}

impl Puzzle {
    /// The words of `result` for a win in `plies`.
    pub fn win_in(plies: u32) -> String {
        format!("win in {plies}")
    }

    /// The words of `result` for a game scored by discs (Othello): the side to move
    /// ends `margin` discs ahead with best play.
    pub fn win_by(margin: i32) -> String {
        format!("win by {margin}")
    }

    /// The puzzle as one JSON line (the shipped files and `puzzle list --json`).
    pub fn json_line(&self) -> String {
        // A struct of strings and numbers always serializes.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A puzzle's first rating when its weakest solving level is `level`: the level's
/// rating measured by AI-vs-AI matches (`assets/ratings/levels.txt`), or for a game
/// not measured there, [`LEVEL_RATINGS`].
pub fn first_rating(game: &str, level: Difficulty) -> u32 {
    crate::plugin::rating::levels::difficulty_rating(game, level).unwrap_or_else(|| {
        LEVEL_RATINGS
            .iter()
            .find(|(l, _)| *l == level)
            .map_or(LEVEL_RATINGS[0].1, |(_, r)| *r)
    })
}

/// The AI levels' ratings, weakest first, for a game whose levels were not measured
/// (a game added later): set by hand on an Elo-like scale, 400 points a level.
pub const LEVEL_RATINGS: [(Difficulty, u32); 4] = [
    (Difficulty::Beginner, 800),
    (Difficulty::Casual, 1200),
    (Difficulty::Strong, 1600),
    (Difficulty::Perfect, 2000),
];

/// Why a shipped set cannot be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PuzzleError {
    #[error("line {line} of the puzzles of {game} is not a puzzle: {message}")]
    Unreadable {
        game: &'static str,
        line: usize,
        message: String,
    },
    #[error("line {line} of the puzzles of {game} names the game {named:?}")]
    OtherGame {
        game: &'static str,
        line: usize,
        named: String,
    },
}

/// Reads a set of puzzles of `game`: one JSON object a line, blank lines skipped.
pub fn read_lines(game: &'static str, text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let puzzle: Puzzle = serde_json::from_str(line).map_err(|e| PuzzleError::Unreadable {
            game,
            line: i + 1,
            message: e.to_string(),
        })?;
        if puzzle.game != game {
            return Err(PuzzleError::OtherGame {
                game,
                line: i + 1,
                named: puzzle.game,
            });
        }
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

/// The goal of a game whose puzzles are won or lost.
pub const WIN_GOAL: &str = "find the win against its best defence";

/// What a game offers of puzzles: its shipped set and the generator that made it.
#[derive(Clone, Copy)]
pub struct PuzzleBook {
    /// The game's command-line name.
    pub game: &'static str,
    /// The shipped set, `assets/puzzles/<game>.jsonl` built into the binary.
    pub shipped: &'static str,
    /// Makes puzzles from play (random playouts and AI-vs-AI games, seeded), proved by
    /// the game's exact solver and graded: see [`generate::Plan`].
    pub generate: fn(&generate::Plan) -> generate::Report,
    /// Every legal move's exact value from a position of one of its puzzles (the
    /// trainer judges the player's moves and answers with the best defence by it).
    pub coach: coach::Coach,
    /// What the player must find, for the trainer's help: "find the win against its
    /// best defence" ([`WIN_GOAL`]), or Othello's best score.
    pub goal: &'static str,
    /// The sides' names on the board where they have them (Othello's colours), first
    /// player first: the trainer says "You are Black".
    pub sides: Option<[&'static str; 2]>,
    /// How a move is made and written, one or two sentences for the trainer's panel
    /// (its lines write moves as the game's notation does).
    pub how_to_move: &'static str,
    /// Why the game has no puzzles when it can have none (shown where its set is
    /// asked for); `None` for a game that has them.
    pub none_because: Option<&'static str>,
    /// The rules a puzzle's options (`Puzzle::options`) play by, where the set mixes
    /// variants, said over its goal: Nim's set mixes misère with normal play, and the
    /// setup's "misère off" made every misère puzzle a surprise. `None`: one variant.
    pub rules_of: fn(&str) -> Option<&'static str>,
}

/// [`PuzzleBook::rules_of`] of a set of one variant.
pub fn one_variant(_options: &str) -> Option<&'static str> {
    None
}

impl PuzzleBook {
    /// The shipped puzzles.
    pub fn shipped(&self) -> Result<Vec<Puzzle>, PuzzleError> {
        read_lines(self.game, self.shipped)
    }
}

impl std::fmt::Debug for PuzzleBook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PuzzleBook")
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Puzzle {
        Puzzle {
            version: VERSION,
            game: "nim".into(),
            id: "nim-00000001".into(),
            options: "--misere".into(),
            position: "3,4,5".into(),
            winning: vec!["1:2".into()],
            result: Puzzle::win_in(11),
            plies: 11,
            rating: 1600,
        }
    }

    #[test]
    fn a_puzzle_round_trips_through_its_line() {
        let p = sample();
        let text = format!("{}\n\n{}\n", p.json_line(), p.json_line());
        assert_eq!(read_lines("nim", &text), Ok(vec![p.clone(), p]));
    }

    #[test]
    fn lines_of_another_game_or_shape_are_refused_with_their_number() {
        let p = sample();
        let err = read_lines("1357", &p.json_line()).unwrap_err();
        assert!(
            matches!(err, PuzzleError::OtherGame { line: 1, .. }),
            "{err}"
        );
        let text = format!("{}\n{{\"id\":1}}\n", p.json_line());
        let err = read_lines("nim", &text).unwrap_err();
        assert!(
            matches!(err, PuzzleError::Unreadable { line: 2, .. }),
            "{err}"
        );
    }

    #[test]
    fn level_ratings_rise_from_the_weakest_level() {
        assert!(LEVEL_RATINGS.windows(2).all(|w| w[0].1 < w[1].1));
        let mut names: Vec<Difficulty> = LEVEL_RATINGS.iter().map(|(d, _)| *d).collect();
        names.reverse();
        assert_eq!(names, Difficulty::ALL, "weakest first: ALL reversed");
    }
}
