//! A game's lesson and its puzzle trainer: opened from the setup (the trainer also
//! from `parlor puzzle`), what each keeps in the data directory, and where leaving
//! goes.

use super::*;
use crate::ui::keys::Action;

impl App {
    /// `game`'s puzzle trainer in `mode`, with the player's progress; a game without
    /// puzzles says why over the footer.
    pub(super) fn open_trainer(&mut self, game: GameId, mode: crate::store::puzzles::PuzzleMode) {
        let progress = self
            .store
            .as_mut()
            .map(|s| s.puzzle_progress(game.cli_name()))
            .unwrap_or_default();
        self.take_notices();
        let today: String = crate::store::record::now().chars().take(10).collect();
        let seed = rand::RngExt::random(&mut self.rng);
        let history = match (mode, &mut self.store) {
            (crate::store::puzzles::PuzzleMode::Yours, Some(store)) => store.history(),
            _ => Vec::new(),
        };
        self.take_notices();
        match TrainerScreen::new(game, mode, progress, history, &self.config, &today, seed) {
            Ok(trainer) => self.screen = Screen::Trainer(Box::new(trainer)),
            Err(why) => self.flash = Some(why),
        }
    }

    /// The trainer is left: a puzzle begun and not finished is kept as missed. Returns
    /// the trainer's mode.
    pub(super) fn leave_trainer(&mut self) -> Option<crate::store::puzzles::PuzzleMode> {
        let Screen::Trainer(trainer) = &mut self.screen else {
            return None;
        };
        let mode = trainer.mode();
        if let Some(outcome) = trainer.abandon() {
            self.on_trainer(outcome);
        }
        Some(mode)
    }

    /// What the trainer asked for: a result is kept in the data directory (the
    /// progress as written goes back to the trainer).
    pub(super) fn on_trainer(&mut self, outcome: TrainerOutcome) {
        match outcome {
            TrainerOutcome::Record(game, attempted) => {
                let kept = self.store.as_mut().and_then(|s| {
                    s.update_puzzles(game.cli_name(), |p| {
                        crate::tui::trainer::apply(p, &attempted);
                    })
                });
                self.take_notices();
                if let (Some(progress), Screen::Trainer(trainer)) = (kept, &mut self.screen) {
                    trainer.set_progress(progress);
                }
            }
            TrainerOutcome::Back(game) => {
                let mode = self.leave_trainer();
                self.open_setup(game);
                if let (Screen::Setup(setup), Some(mode)) = (&mut self.screen, mode) {
                    setup.select_puzzles(mode);
                }
            }
            TrainerOutcome::Help(game) => {
                let hint = match &self.screen {
                    Screen::Trainer(trainer) => trainer.hint_action(&self.keys),
                    _ => Action::Hints,
                };
                self.help = Some(Help::for_trainer(game, &self.keys, hint));
            }
            TrainerOutcome::Quit => {
                self.leave_trainer();
                self.quit = true;
            }
            TrainerOutcome::Stay => {}
        }
    }

    pub(super) fn lesson_done(&self, game: GameId) -> bool {
        self.finished_lessons.iter().any(|g| g == game.cli_name())
    }

    /// `game`'s lesson, from its first step.
    pub(super) fn open_lesson(&mut self, game: GameId) {
        if let Some(lesson) = LessonScreen::new(game, &self.config) {
            self.screen = Screen::Lesson(Box::new(lesson));
        }
    }

    /// What a lesson asked for: a finished lesson is remembered in the data directory.
    pub(super) fn on_lesson(&mut self, outcome: LessonOutcome) {
        match outcome {
            LessonOutcome::Finished(game) => {
                if let Some(store) = &mut self.store {
                    store.finish_lesson(game.cli_name());
                    self.finished_lessons = store.finished_lessons();
                }
                self.take_notices();
            }
            LessonOutcome::Back(game) => self.open_setup(game),
            LessonOutcome::Help(game) => self.help = Some(Help::for_game(game, &self.keys)),
            LessonOutcome::Quit => self.quit = true,
            LessonOutcome::Stay => {}
        }
    }
}
