//! Which games' lessons the player has finished, kept in `lessons.json` in the data
//! directory: the menu stops suggesting a lesson once it is done, and the setup says
//! "lesson done ✓". Like `setups.json`, never written into the user's config.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::{Format, Store};

/// `lessons.json`.
pub const LESSONS: Format = Format {
    name: "lessons",
    version: 1,
};

/// The file: when each game's lesson (by the game's command-line name) was finished.
#[derive(Default, Serialize, Deserialize)]
struct LessonsFile {
    finished: BTreeMap<String, String>,
}

impl Store {
    fn lessons_path(&self) -> PathBuf {
        self.dir.join("lessons.json")
    }

    /// The games (command-line names) whose lesson was finished; a file that cannot be
    /// read is moved aside with a notice, and counts as none.
    pub fn finished_lessons(&mut self) -> Vec<String> {
        let path = self.lessons_path();
        self.read_or_set_aside::<LessonsFile>(&path, LESSONS)
            .map(|f| f.finished.into_keys().collect())
            .unwrap_or_default()
    }

    /// Remembers that `game`'s lesson was finished (the first time it was, kept).
    pub fn finish_lesson(&mut self, game: &str) {
        let path = self.lessons_path();
        self.locked(|s| {
            let mut file: LessonsFile = s.read_or_set_aside(&path, LESSONS).unwrap_or_default();
            if !file.finished.contains_key(game) {
                file.finished.insert(game.to_string(), super::record::now());
                s.write_or_give_up(&path, LESSONS, &file);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_lesson_is_kept_and_a_broken_file_moved_aside() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut store = Store::open(dir.path().to_path_buf());
        assert!(store.finished_lessons().is_empty());
        store.finish_lesson("nim");
        store.finish_lesson("nim");
        let mut again = Store::open(dir.path().to_path_buf());
        assert_eq!(again.finished_lessons(), vec!["nim".to_string()]);

        std::fs::write(dir.path().join("lessons.json"), "not json").expect("written");
        assert!(again.finished_lessons().is_empty());
        let notices = again.take_notices();
        assert!(
            notices[0].contains("lessons.json was moved aside"),
            "{notices:?}"
        );
        again.finish_lesson("wl");
        assert_eq!(again.finished_lessons(), vec!["wl".to_string()]);
    }
}
