//! The app's saved matches: saving the match on screen after every change, the menu's
//! list of saves, resuming one and forgetting one (after a yes).

use crate::plugin::StartEnv;
use crate::store::Store;

use super::{App, Screen};

/// Said when a match ends again after moves were undone past its end.
const FIRST_ENDING: &str = "The history keeps this game as it first ended (a game counts once).";

/// Said when another parlor has a saved match on screen.
const OPEN_ELSEWHERE: &str = "That game is open in another parlor window";

impl App {
    /// Reads the saved matches again, keeping those of known games, and any notice.
    pub(super) fn refresh_saved(&mut self) {
        let Some(store) = &mut self.store else {
            return;
        };
        self.finished_lessons = store.finished_lessons();
        let history = store.history();
        let mut played: Vec<String> = history.iter().map(|r| r.game.clone()).collect();
        for game in self.games.all() {
            if !store.puzzle_progress(game.cli_name()).attempts.is_empty() {
                played.push(game.cli_name().to_string());
            }
        }
        played.sort();
        played.dedup();
        self.played_games = played;
        let ratings = crate::plugin::rating::rated::player_ratings(&self.games, &history);
        self.ratings = ratings.iter().map(|(game, r)| (*game, r.rating)).collect();
        self.rating_deviations = ratings
            .iter()
            .map(|(game, r)| (*game, r.deviation))
            .collect();
        self.saved = store
            .saved_matches()
            .into_iter()
            .filter(|(_, r)| self.games.find(&r.game).is_some())
            .collect();
        self.take_notices();
    }

    pub(super) fn take_notices(&mut self) {
        if let Some(store) = &mut self.store
            && let Some(last) = store.take_notices().pop()
        {
            // Said at once on the screen that is up, and kept on the menu.
            self.flash = Some(last.clone());
            self.notice = Some(last);
        }
    }

    /// Saves the game on screen when it changed: a match in progress to resume, a
    /// finished one to the history.
    pub(super) fn autosave(&mut self) {
        let Screen::Game(game) = &self.screen else {
            return;
        };
        // A match online is the server's to keep, in progress and in its history.
        if self.online.is_some() {
            return;
        }
        let generation = game.generation();
        if self.saved_generation == Some(generation) {
            return;
        }
        self.saved_generation = Some(generation);
        let clock = self.clock_record();
        let (Some(store), Some(mut record)) = (&mut self.store, game.record()) else {
            self.game_saved = false;
            return;
        };
        if clock.is_some() {
            record.clock = clock;
        }
        self.game_saved = if record.result.is_some() {
            let finished = store.finish(self.slot.as_ref(), &record);
            if finished == crate::store::Finished::EndedBefore {
                self.flash = Some(FIRST_ENDING.to_string());
                // Until the next key, not the next change of the board.
                self.flash_generation = None;
            }
            if finished == crate::store::Finished::Added {
                let note = self.rating_note(&record);
                if let Screen::Game(game) = &mut self.screen {
                    game.set_rating_note(note);
                }
            }
            finished != crate::store::Finished::NotSaved
        } else if record.moves.is_empty() && record.redo.is_empty() {
            // Nothing played yet: nothing worth resuming (this match's own file only;
            // other saved matches of the game stay).
            if let Some(slot) = &self.slot {
                store.clear_match(slot);
            }
            false
        } else {
            // A match to resume keeps the hints as the player left them (the history
            // of finished games has no use for them).
            record.hints = Some(game.hints_on());
            let slot = self.slot.get_or_insert_with(|| store.new_slot(&record));
            store.save_match(slot, &record)
        };
        self.take_notices();
    }

    /// Tells the game on screen whether it counts for the rating once finished (its
    /// moves panel says so during play); a match online is the server's to rate.
    pub(super) fn tell_rating_counts(&mut self) {
        if self.online.is_some() {
            return;
        }
        let Screen::Game(game) = &mut self.screen else {
            return;
        };
        if let Some(record) = game.record() {
            let counts = crate::plugin::rating::rated::counts_when_finished(&self.games, &record);
            game.set_counts_for_rating(counts);
        }
    }

    /// What the game `record`, just added to the history, did to the player's rating:
    /// the rating before and after it, or why it is not rated.
    fn rating_note(&mut self, record: &crate::store::MatchRecord) -> Option<String> {
        use crate::plugin::rating::rated;
        match rated::rated(&self.games, record) {
            Ok(_) => {
                let game = self.games.find(&record.game)?;
                let rating_of = |ratings: &[(crate::plugin::GameId, u32)]| {
                    ratings.iter().find(|(g, _)| *g == game).map(|(_, r)| *r)
                };
                let before = rating_of(&self.ratings);
                self.refresh_saved();
                let deviation = rating_of(&self.rating_deviations).unwrap_or(0);
                rating_of(&self.ratings).map(|after| rated::rated_note(before, after, deviation))
            }
            Err(why) => rated::unrated_note(why, record.aids),
        }
    }

    /// Holds the claim on the saved match on screen, and only on it: taken once a new
    /// match has its file, let go when the match leaves the screen.
    pub(super) fn sync_claim(&mut self) {
        use crate::store::claim::Claim;
        let on_screen = match (&self.screen, &self.slot) {
            (Screen::Game(_), Some(slot)) if self.online.is_none() => Some(slot),
            _ => None,
        };
        if self.claim.as_ref().map(|c| c.slot()) == on_screen {
            return;
        }
        self.claim = None;
        if let (Some(slot), Some(store)) = (on_screen, &self.store) {
            match store.claim(slot) {
                Claim::Held(claim) => self.claim = Some(claim),
                Claim::Busy => {
                    self.flash = Some(format!("{OPEN_ELSEWHERE} too."));
                }
                Claim::Unavailable => {}
            }
        }
    }

    /// A notice on the menu on screen (the menu shows notices, not flashes).
    fn say_on_menu(&mut self, text: String) {
        match &mut self.screen {
            Screen::Menu(menu) => menu.notice = Some(text),
            _ => self.flash = Some(text),
        }
    }

    /// Forgets the saved match at `index` of the menu's list (the player said yes).
    /// Whether the saved match at `index` had ended once and is in the history as it
    /// first ended (moves were undone after its end): read once, when forgetting it
    /// is asked.
    pub(super) fn saved_ended_before(&mut self, index: usize) -> bool {
        let (Some(store), Some((_, record))) = (&mut self.store, self.saved.get(index)) else {
            return false;
        };
        store.has_ended(record)
    }

    pub(super) fn forget_saved(&mut self, index: usize) {
        let Some((slot, record)) = self.saved.get(index).cloned() else {
            return;
        };
        if let Some(store) = &mut self.store {
            if store.claimed_elsewhere(&slot) {
                self.say_on_menu(format!("{OPEN_ELSEWHERE}: forget it there."));
                return;
            }
            store.clear_match(&slot);
        }
        self.refresh_saved();
        let game = self.games.find(&record.game);
        let mut menu = self.menu(game);
        menu.selected = index.min(menu.resumes.len().saturating_sub(1));
        if menu.resumes.is_empty()
            && let Some(game) = game
        {
            menu.select_game(game);
        }
        self.screen = Screen::Menu(menu);
    }

    /// Puts the saved match at `index` of the menu's list back on the board; one that
    /// cannot be is moved aside with a notice.
    pub(super) fn resume(&mut self, index: usize) {
        let Some((slot, record)) = self.saved.get(index).cloned() else {
            return;
        };
        let Some(game) = self.games.find(&record.game) else {
            return;
        };
        // Two parlors playing one saved match would each save over the other's moves.
        self.claim = None;
        let claim = match self.store.as_ref().map(|s| s.claim(&slot)) {
            Some(crate::store::claim::Claim::Busy) => {
                self.say_on_menu(format!("{OPEN_ELSEWHERE}: go on there, or leave it first."));
                return;
            }
            Some(crate::store::claim::Claim::Held(claim)) => Some(claim),
            _ => None,
        };
        let env = StartEnv {
            config: &self.config,
            ai_delay_ms: self.config.ui.ai_delay_ms,
            // As the player left them.
            hints: record.hints.unwrap_or(self.config.ui.hints),
        };
        let spoilers = self
            .store
            .as_mut()
            .and_then(|s| s.remembered_setup(game.cli_name()))
            .is_none_or(|last| last.spoilers);
        match self.games.resume(&record, &env) {
            Ok(mut screen) => {
                screen.set_spoilers(spoilers);
                self.saved_generation = Some(screen.generation());
                self.slot = Some(slot);
                self.claim = claim;
                self.game_saved = self.store.as_ref().is_some_and(Store::writable);
                self.screen = Screen::Game(screen);
                self.start_clock(record.clock);
                self.tell_rating_counts();
            }
            Err(why) => {
                if let Some(store) = &mut self.store {
                    store.set_aside_match(&slot, game.menu_name(), &why);
                }
                self.take_notices();
                self.refresh_saved();
                self.screen = Screen::Menu(self.menu(Some(game)));
            }
        }
    }
}
