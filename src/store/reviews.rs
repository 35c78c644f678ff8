//! Reviews already analysed, kept in `reviews/` in the data directory: a finished
//! game's review opens with the analysis it had, instead of computing it again (about
//! a minute for a game of Othello), and one left half-way goes on where it stopped.
//!
//! One file per reviewed game, named by a hash of what its analysis depends on (the
//! game, its start, its moves, how it was analysed). The file repeats those, so a file
//! of another game that happens to share the name is not used. The analysis itself is
//! the caller's (the review's reports): this module keeps it without reading it.
//!
//! A cache, not the user's work: a file that cannot be read is analysed again and
//! written over, nothing is moved aside, and a failed write turns nothing off.

use std::fs;
use std::path::PathBuf;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::{Format, Store, file};

/// `reviews/<game>-<hash>.json`.
pub const REVIEW: Format = Format {
    name: "review",
    version: 1,
};

/// The most reviews kept; past it the least recently written go.
pub const KEPT_REVIEWS: usize = 500;

/// What a review's analysis depends on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewKey {
    /// The game's command-line name.
    pub game: String,
    /// The start position in the game's notation (empty for the game's own start).
    pub start: String,
    pub moves: Vec<String>,
    /// How the plies were analysed, in the review's words ("exact from 20 empties,
    /// else 1.0 s a move"): another method is another analysis.
    pub method: String,
}

impl ReviewKey {
    /// A 64-bit FNV-1a hash of every field, each ended by a byte no field holds, so
    /// the name of a file does not change with the compiler (as `std`'s hasher may).
    fn hash(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |text: &str| {
            for b in text.bytes().chain([0xff]) {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        };
        eat(&self.game);
        eat(&self.start);
        for mv in &self.moves {
            eat(mv);
        }
        eat(&self.method);
        h
    }
}

#[derive(Serialize, Deserialize)]
struct ReviewFile<T> {
    key: ReviewKey,
    plies: T,
}

impl Store {
    fn reviews_dir(&self) -> PathBuf {
        self.dir.join("reviews")
    }

    fn review_path(&self, key: &ReviewKey) -> PathBuf {
        let game: String = key
            .game
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        self.reviews_dir()
            .join(format!("{game}-{:016x}.json", key.hash()))
    }

    /// The analysis kept for the review `key`, if there is one for exactly that game.
    pub fn kept_review<T: DeserializeOwned>(&self, key: &ReviewKey) -> Option<T> {
        let path = self.review_path(key);
        match file::read::<ReviewFile<T>>(&path, REVIEW) {
            Ok(Some(kept)) if kept.key == *key => Some(kept.plies),
            Ok(_) => None,
            Err(e) => {
                tracing::warn!("a kept review is analysed again: {e}");
                None
            }
        }
    }

    /// Keeps the analysis of the review `key` (written whole or not at all). Returns
    /// whether it was written.
    pub fn keep_review<T: Serialize>(&mut self, key: &ReviewKey, plies: &T) -> bool {
        if !self.writable {
            return false;
        }
        let dir = self.reviews_dir();
        if let Err(e) = fs::create_dir_all(&dir) {
            tracing::warn!("{}: {e}", dir.display());
            return false;
        }
        let path = self.review_path(key);
        let fresh = !path.exists();
        let data = ReviewFile {
            key: key.clone(),
            plies,
        };
        if let Err(e) = file::write(&path, REVIEW, &data) {
            tracing::warn!("a review was not kept: {e}");
            return false;
        }
        if fresh {
            self.forget_old_reviews(KEPT_REVIEWS);
        }
        true
    }

    /// Past `limit` ([`KEPT_REVIEWS`]), the reviews written longest ago are removed.
    fn forget_old_reviews(&self, limit: usize) {
        let Ok(entries) = fs::read_dir(self.reviews_dir()) else {
            return;
        };
        let mut kept: Vec<(std::time::SystemTime, PathBuf)> = entries
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
            .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
            .collect();
        if kept.len() <= limit {
            return;
        }
        kept.sort();
        for (_, path) in &kept[..kept.len() - limit] {
            if let Err(e) = fs::remove_file(path) {
                tracing::warn!("{}: {e}", path.display());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(moves: &[&str]) -> ReviewKey {
        ReviewKey {
            game: "othello".into(),
            start: String::new(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            method: "exact from 20 empties".into(),
        }
    }

    #[test]
    fn a_kept_review_is_found_for_its_game_only() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut store = Store::open(dir.path().to_path_buf());
        let game = key(&["f5", "d6"]);
        assert_eq!(store.kept_review::<Vec<u32>>(&game), None);
        assert!(store.keep_review(&game, &vec![1u32, 2, 3]));
        let again = Store::open(dir.path().to_path_buf());
        assert_eq!(again.kept_review::<Vec<u32>>(&game), Some(vec![1, 2, 3]));
        // Another move, another method: not this analysis.
        assert_eq!(again.kept_review::<Vec<u32>>(&key(&["f5", "f6"])), None);
        let other_method = ReviewKey {
            method: "1 s a ply".into(),
            ..game.clone()
        };
        assert_eq!(again.kept_review::<Vec<u32>>(&other_method), None);
        // Moves are not run together: ["f5d6"] is not ["f5", "d6"].
        assert_ne!(key(&["f5d6"]).hash(), game.hash());
    }

    #[test]
    fn a_file_under_the_name_of_another_game_or_broken_is_not_used() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut store = Store::open(dir.path().to_path_buf());
        let game = key(&["f5"]);
        assert!(store.keep_review(&game, &vec![7u32]));
        let path = store.review_path(&game);
        // The same name holding another game's analysis.
        let text = fs::read_to_string(&path).expect("kept");
        fs::write(&path, text.replace("\"f5\"", "\"d3\"")).expect("written");
        assert_eq!(store.kept_review::<Vec<u32>>(&game), None);
        // A broken file: analysed again and written over, nothing moved aside.
        fs::write(&path, "{ not json").expect("written");
        assert_eq!(store.kept_review::<Vec<u32>>(&game), None);
        assert!(store.keep_review(&game, &vec![8u32]));
        assert_eq!(store.kept_review::<Vec<u32>>(&game), Some(vec![8]));
        let files = fs::read_dir(store.reviews_dir())
            .expect("the directory")
            .count();
        assert_eq!(files, 1);
        assert!(store.take_notices().is_empty());
    }

    #[test]
    fn past_the_limit_the_oldest_reviews_go() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut store = Store::open(dir.path().to_path_buf());
        let base = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
        // Written in the order 0..5, but dated 4, 3, 2, 1, 0: the dates decide.
        for i in 0..5u64 {
            let game = key(&[&format!("m{i}")]);
            assert!(store.keep_review(&game, &i));
            let file = fs::File::options()
                .write(true)
                .open(store.review_path(&game))
                .expect("kept");
            file.set_modified(base + std::time::Duration::from_secs(100 - i))
                .expect("dated");
        }
        store.forget_old_reviews(3);
        let left: Vec<Option<u64>> = (0..5u64)
            .map(|i| store.kept_review(&key(&[&format!("m{i}")])))
            .collect();
        assert_eq!(left, [Some(0), Some(1), Some(2), None, None]);
    }
}
