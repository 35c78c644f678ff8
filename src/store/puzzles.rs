//! The player's puzzles, kept in `puzzles.json` in the data directory (issue 37): per
//! game, the puzzle rating with every attempt that moved it, the best streak, and the
//! puzzles' own ratings as this player's results moved them. Written under the store's
//! lock as one read-modify-write, so two parlors at once never lose an attempt; a file
//! that cannot be read is moved aside with a notice, never overwritten.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::{Format, Store};

/// `puzzles.json`.
pub const PUZZLES: Format = Format {
    name: "puzzles",
    version: 1,
};

/// A Glicko-2 rating as kept: the number shown, how unsure it is, and how erratic the
/// results behind it were (the rating's maths is `plugin::puzzle::rating`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rated {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// How a puzzle was met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PuzzleMode {
    /// The next puzzle near the player's rating.
    Rated,
    /// The puzzle of the day (UTC).
    Daily,
    /// Puzzles of rising difficulty until the first miss.
    Streak,
    /// Positions of the player's own games where they let a win go (not rated).
    Yours,
}

impl PuzzleMode {
    pub fn name(self) -> &'static str {
        match self {
            PuzzleMode::Rated => "rated",
            PuzzleMode::Daily => "daily",
            PuzzleMode::Streak => "streak",
            PuzzleMode::Yours => "yours",
        }
    }
}

/// One puzzle tried: solved at the first try without a hint, or not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    /// When it ended (`record::now`, UTC).
    pub at: String,
    pub id: String,
    pub mode: PuzzleMode,
    pub solved: bool,
    /// Whether a hint was taken (the attempt then counts as missed).
    #[serde(default)]
    pub hinted: bool,
    /// The player's rating after it.
    pub rating: f64,
}

/// One game's puzzles as the player has met them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameProgress {
    /// `None` until the first attempt.
    pub rating: Option<Rated>,
    /// Every attempt, oldest first.
    #[serde(default)]
    pub attempts: Vec<Attempt>,
    /// The longest streak run so far.
    #[serde(default)]
    pub best_streak: u32,
    /// The puzzles' own ratings, by id, as this player's attempts moved them (a puzzle
    /// not here has its shipped rating).
    #[serde(default)]
    pub puzzles: BTreeMap<String, Rated>,
}

impl GameProgress {
    /// Whether puzzle `id` was ever solved.
    pub fn solved(&self, id: &str) -> bool {
        self.attempts.iter().any(|a| a.id == id && a.solved)
    }

    /// Whether puzzle `id` was ever tried.
    pub fn tried(&self, id: &str) -> bool {
        self.attempts.iter().any(|a| a.id == id)
    }

    /// The attempt at the daily puzzle of `date` (`YYYY-MM-DD`), if made.
    pub fn daily(&self, date: &str) -> Option<&Attempt> {
        self.attempts
            .iter()
            .find(|a| a.mode == PuzzleMode::Daily && a.at.starts_with(date))
    }
}

/// The file: each game's progress by its command-line name.
#[derive(Default, Serialize, Deserialize)]
struct PuzzlesFile {
    games: BTreeMap<String, GameProgress>,
}

impl Store {
    fn puzzles_path(&self) -> PathBuf {
        self.dir.join("puzzles.json")
    }

    /// `game`'s progress (empty when none; a file that cannot be read is moved aside
    /// with a notice and counts as none).
    pub fn puzzle_progress(&mut self, game: &str) -> GameProgress {
        let path = self.puzzles_path();
        self.read_or_set_aside::<PuzzlesFile>(&path, PUZZLES)
            .and_then(|mut f| f.games.remove(game))
            .unwrap_or_default()
    }

    /// Changes `game`'s progress by `change` under the lock (read, change, write
    /// atomically), and returns it as written; `None` when nothing can be kept (the
    /// notice says why).
    pub fn update_puzzles(
        &mut self,
        game: &str,
        change: impl FnOnce(&mut GameProgress),
    ) -> Option<GameProgress> {
        let path = self.puzzles_path();
        self.locked(|s| {
            let mut file: PuzzlesFile = s.read_or_set_aside(&path, PUZZLES).unwrap_or_default();
            let progress = file.games.entry(game.to_string()).or_default();
            change(progress);
            let kept = progress.clone();
            s.write_or_give_up(&path, PUZZLES, &file).then_some(kept)
        })
        .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(id: &str, solved: bool) -> Attempt {
        Attempt {
            at: "2026-11-27T10:00:00Z".into(),
            id: id.into(),
            mode: PuzzleMode::Daily,
            solved,
            hinted: false,
            rating: 1500.0,
        }
    }

    #[test]
    fn attempts_are_kept_per_game_and_a_broken_file_moved_aside() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut store = Store::open(dir.path().to_path_buf());
        assert_eq!(store.puzzle_progress("nim"), GameProgress::default());
        store.update_puzzles("nim", |p| p.attempts.push(attempt("nim-1", true)));
        store.update_puzzles("nim", |p| p.attempts.push(attempt("nim-2", false)));
        store.update_puzzles("pnut", |p| p.best_streak = 4);
        let mut again = Store::open(dir.path().to_path_buf());
        let nim = again.puzzle_progress("nim");
        assert_eq!(nim.attempts.len(), 2);
        assert!(nim.solved("nim-1") && !nim.solved("nim-2") && nim.tried("nim-2"));
        assert_eq!(
            nim.daily("2026-11-27").map(|a| a.id.as_str()),
            Some("nim-1")
        );
        assert_eq!(nim.daily("2026-11-28"), None);
        assert_eq!(again.puzzle_progress("pnut").best_streak, 4);

        std::fs::write(dir.path().join("puzzles.json"), "not json").expect("written");
        assert_eq!(again.puzzle_progress("nim"), GameProgress::default());
        let notices = again.take_notices();
        assert!(
            notices[0].contains("puzzles.json was moved aside"),
            "{notices:?}"
        );
        let aside = std::fs::read_dir(dir.path())
            .expect("listed")
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().starts_with("puzzles.json."))
            .count();
        assert_eq!(aside, 1, "the broken file is kept aside");
    }
}
