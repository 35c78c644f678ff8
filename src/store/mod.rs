//! What parlor keeps between sessions, in its data directory: every match in progress
//! (`saves/<game>-<started>-<seed>.json`, one file a match, so starting another game never
//! replaces one; `claims/` marks those on screen in a parlor, see `claim`), every
//! finished game (`history.json`), and the analysis of reviewed games (`reviews/`, a
//! cache: see `reviews`). Saves of the first version,
//! one a game (`saves/<game>.json`), are offered and resumed like the others.
//!
//! Nothing here is a reason to stop playing: a file that cannot be read is moved aside
//! with a one-line notice; a directory that cannot be written means no saving, said
//! once. Writers take a lock on `parlor.lock` around every read-modify-write, so two
//! parlors at once never lose or mix up each other's games.

pub mod claim;
pub mod file;
pub mod lessons;
pub mod puzzles;
pub mod rating;
pub mod record;
pub mod reviews;
pub mod setups;
pub mod stats;

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub use file::{FileError, Format};
pub use record::{Aids, EndedBy, MatchRecord, ResultRecord, SeatRecord};
pub use reviews::ReviewKey;
pub use setups::RememberedSetup;

/// `saves/<game>-<started>-<seed>.json` (and the older `saves/<game>.json`).
pub const SAVE: Format = Format {
    name: "save",
    version: 1,
};
/// `history.json`.
pub const HISTORY: Format = Format {
    name: "history",
    version: 1,
};

/// Names the data directory instead of the platform's (tests, portable installs).
pub const DATA_DIR_ENV: &str = "PARLOR_DATA_DIR";

/// The file of one saved match, by its name without `.json`: `<game>-<started>-<seed>`,
/// or the game's name alone for a save of the first version (`saves/nim.json`), which
/// goes on being saved where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveSlot(String);

#[derive(Serialize, Deserialize)]
struct SaveFile {
    game: MatchRecord,
}

#[derive(Serialize, Deserialize, Default)]
struct HistoryFile {
    games: Vec<MatchRecord>,
}

/// The data directory and what went wrong with it (to say once).
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    /// False once the directory turned out not to be writable: nothing more is tried.
    writable: bool,
    notices: Vec<String>,
}

/// The platform's data directory for parlor (or `PARLOR_DATA_DIR`).
pub fn default_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "parlor").map(|d| d.data_dir().to_path_buf())
}

impl Store {
    /// The store in `dir`, created if missing. A directory that cannot be made or
    /// written to gives a store that keeps nothing and says so once.
    pub fn open(dir: PathBuf) -> Store {
        let mut store = Store {
            dir,
            writable: true,
            notices: Vec::new(),
        };
        if let Err(e) = fs::create_dir_all(store.saves_dir()) {
            store.give_up(&e.to_string());
        }
        store
    }

    /// The store in the platform's data directory, if it has one.
    pub fn open_default() -> Option<Store> {
        default_dir().map(Store::open)
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Whether saving works.
    pub fn writable(&self) -> bool {
        self.writable
    }

    /// One-line notices not yet shown (files moved aside, saving turned off).
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    fn saves_dir(&self) -> PathBuf {
        self.dir.join("saves")
    }

    fn slot_path(&self, slot: &SaveSlot) -> PathBuf {
        self.saves_dir().join(format!("{}.json", slot.0))
    }

    /// Where the claims of saved matches are (see [`claim`]): apart from the saves, so
    /// that the saves folder holds saves only.
    fn claims_dir(&self) -> PathBuf {
        self.dir.join("claims")
    }

    /// The file whose lock claims the match in `slot` (see [`claim`]).
    fn claim_path(&self, slot: &SaveSlot) -> PathBuf {
        self.claims_dir().join(format!("{}.lock", slot.0))
    }

    /// A file of its own for a new match, `<game>-<started>-<seed>`, never one that
    /// holds another match already (`-2`, `-3`, ... then).
    pub fn new_slot(&self, record: &MatchRecord) -> SaveSlot {
        let started: String = record
            .started
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect();
        let base = format!("{}-{started}-{:016x}", record.game, record.seed);
        let mut slot = SaveSlot(base.clone());
        let mut n = 1;
        while self.slot_path(&slot).exists() {
            n += 1;
            slot = SaveSlot(format!("{base}-{n}"));
        }
        slot
    }

    fn setups_path(&self) -> PathBuf {
        self.dir.join("setups.json")
    }

    /// The setup `game` (its command-line name) was last started with, if any.
    pub fn remembered_setup(&mut self, game: &str) -> Option<RememberedSetup> {
        let path = self.setups_path();
        self.read_or_set_aside::<setups::SetupsFile>(&path, setups::SETUPS)?
            .games
            .remove(game)
    }

    /// Remembers the setup `game` was started with, for its next setup screen.
    pub fn remember_setup(&mut self, game: &str, setup: RememberedSetup) {
        let path = self.setups_path();
        self.locked(|s| {
            let mut file: setups::SetupsFile = s
                .read_or_set_aside(&path, setups::SETUPS)
                .unwrap_or_default();
            if file.games.get(game) != Some(&setup) {
                file.games.insert(game.to_string(), setup);
                s.write_or_give_up(&path, setups::SETUPS, &file);
            }
        });
    }

    pub fn history_path(&self) -> PathBuf {
        self.dir.join("history.json")
    }

    fn notice(&mut self, text: String) {
        tracing::warn!("{text}");
        self.notices.push(text);
    }

    fn give_up(&mut self, why: &str) {
        if self.writable {
            self.writable = false;
            self.notice(format!(
                "Games are not being saved: {} is not writable ({why}).",
                self.dir.display()
            ));
        }
    }

    /// Reads a file; one that cannot be used is moved aside with a notice.
    fn read_or_set_aside<T: serde::de::DeserializeOwned>(
        &mut self,
        path: &Path,
        format: Format,
    ) -> Option<T> {
        match file::read(path, format) {
            Ok(data) => data,
            Err(FileError::Io { source, .. }) if !path.exists() => {
                tracing::warn!("{}: {source}", path.display());
                None
            }
            Err(err) => {
                tracing::warn!("{err}");
                let name = file_name(path);
                let text = match file::move_aside(path) {
                    Ok(aside) => format!(
                        "{name} was moved aside to {} ({})",
                        file_name(&aside),
                        err.reason()
                    ),
                    Err(e) => format!(
                        "{name} cannot be used ({}) nor moved aside: {e}",
                        err.reason()
                    ),
                };
                self.notice(text);
                None
            }
        }
    }

    /// Runs `f` holding the store's lock (other parlors wait for it).
    fn locked<R>(&mut self, f: impl FnOnce(&mut Store) -> R) -> Option<R> {
        if !self.writable {
            return None;
        }
        let lock = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.dir.join("parlor.lock"));
        let lock = match lock {
            Ok(lock) => lock,
            Err(e) => {
                self.give_up(&e.to_string());
                return None;
            }
        };
        if let Err(e) = lock.lock() {
            self.give_up(&format!("cannot lock it: {e}"));
            return None;
        }
        let out = f(self);
        // Closing the file releases the lock as well; unlocking first says so.
        let _ = lock.unlock();
        Some(out)
    }

    fn write_or_give_up<T: Serialize>(&mut self, path: &Path, format: Format, data: &T) -> bool {
        match file::write(path, format, data) {
            Ok(()) => true,
            Err(e) => {
                self.give_up(&e.to_string());
                false
            }
        }
    }

    /// Saves a match in progress in its file, replacing its earlier save (never
    /// another match's).
    pub fn save_match(&mut self, slot: &SaveSlot, record: &MatchRecord) -> bool {
        let path = self.slot_path(slot);
        let data = SaveFile {
            game: record.clone(),
        };
        self.locked(|s| s.write_or_give_up(&path, SAVE, &data))
            .unwrap_or(false)
    }

    /// Moves the saved match in `slot` aside (it could not be put back on the board),
    /// with a notice. `name` is how the game is called on screen.
    pub fn set_aside_match(&mut self, slot: &SaveSlot, name: &str, why: &str) {
        let path = self.slot_path(slot);
        let whereto = match file::move_aside(&path) {
            Ok(aside) => format!("moved aside to {}", file_name(&aside)),
            Err(e) => format!("could not be moved aside: {e}"),
        };
        self.notice(format!(
            "The saved {name} game could not be resumed and was {whereto} ({why})"
        ));
    }

    /// Forgets the saved match in `slot` (finished or abandoned); other saved matches
    /// of the same game stay.
    pub fn clear_match(&mut self, slot: &SaveSlot) {
        let path = self.slot_path(slot);
        let claim = self.claim_path(slot);
        self.locked(|_| {
            for path in [&path, &claim] {
                if let Err(e) = remove_if_there(path) {
                    tracing::warn!("{}: {e}", path.display());
                }
            }
        });
    }

    /// The saved matches with their files, most recently saved first.
    pub fn saved_matches(&mut self) -> Vec<(SaveSlot, MatchRecord)> {
        let Ok(entries) = fs::read_dir(self.saves_dir()) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        let mut found: Vec<(SaveSlot, MatchRecord)> = paths
            .iter()
            .filter_map(|p| {
                let stem = p.file_stem()?.to_string_lossy().into_owned();
                let file = self.read_or_set_aside::<SaveFile>(p, SAVE)?;
                Some((SaveSlot(stem), file.game))
            })
            .collect();
        found.sort_by(|a, b| b.1.saved.cmp(&a.1.saved));
        found
    }

    /// Every finished game, oldest first.
    pub fn history(&mut self) -> Vec<MatchRecord> {
        let path = self.history_path();
        self.read_or_set_aside::<HistoryFile>(&path, HISTORY)
            .map(|h| h.games)
            .unwrap_or_default()
    }

    /// Whether the history holds `record`'s match: it ended once (and moves were taken
    /// back since, or it would not be saved). Read when a save is about to be forgotten.
    pub fn has_ended(&mut self, record: &MatchRecord) -> bool {
        self.history().iter().any(|g| g.same_match(record))
    }

    /// Adds a finished game to the history and forgets its saved match (in `slot`);
    /// whether it was written (see [`Store::finish`]).
    pub fn finish_match(&mut self, slot: Option<&SaveSlot>, record: &MatchRecord) -> bool {
        self.finish(slot, record) != Finished::NotSaved
    }

    /// Adds a finished game to the history and forgets its saved match (in `slot`). The
    /// same match finished again (moves undone after its end and played otherwise)
    /// keeps its first ending: a game counts once, as it first ended, so a result
    /// cannot be taken back into another.
    pub fn finish(&mut self, slot: Option<&SaveSlot>, record: &MatchRecord) -> Finished {
        let path = self.history_path();
        self.locked(|s| {
            let mut history: HistoryFile = s.read_or_set_aside(&path, HISTORY).unwrap_or_default();
            let earlier = history.games.iter().rev().any(|g| g.same_match(record));
            let ok = earlier || {
                history.games.push(record.clone());
                s.write_or_give_up(&path, HISTORY, &history)
            };
            if let (true, Some(slot)) = (ok, slot) {
                let _ = fs::remove_file(s.slot_path(slot));
                let _ = remove_if_there(&s.claim_path(slot));
            }
            match (ok, earlier) {
                (false, _) => Finished::NotSaved,
                (true, true) => Finished::EndedBefore,
                (true, false) => Finished::Added,
            }
        })
        .unwrap_or(Finished::NotSaved)
    }
}

/// What [`Store::finish`] did with a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finished {
    /// Added to the history.
    Added,
    /// The match had ended before (and moves were undone since): its first ending
    /// stays in the history.
    EndedBefore,
    /// Not written (the data directory cannot be written).
    NotSaved,
}

fn remove_if_there(path: &Path) -> std::io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}
