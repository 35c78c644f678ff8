//! The review and the statistics: opened from a finished game or the menu, closed
//! back to where they came from.

use super::*;

impl App {
    /// The review of `record`, opened from the finished game `from` (or from the
    /// command line). A record that cannot be reviewed leaves things as they were.
    pub(super) fn open_review(&mut self, record: &MatchRecord, from: Option<Box<dyn GameScreen>>) {
        let review = self
            .games
            .find(&record.game)
            .ok_or_else(|| format!("unknown game {:?}", record.game))
            .and_then(|game| game.kind().review(record, &self.config));
        match (review, from) {
            (Ok(plan), from) => {
                let mut review = Review::new(plan.game, record, plan.board, plan.method)
                    .with_given(plan.given)
                    .with_variant(self.games.variant_of(record));
                // Analysed before: the review opens with it, and analyses only the
                // plies still missing.
                if let Some(kept) = self
                    .store
                    .as_ref()
                    .and_then(|s| s.kept_review(review.key()))
                {
                    review.restore(kept);
                }
                self.screen = Screen::Review(Box::new(review), from);
            }
            (Err(e), Some(game)) => {
                tracing::warn!("no review: {e}");
                self.flash = Some(format!("No review of this game: {e}"));
                self.screen = Screen::Game(game);
            }
            (Err(e), None) => tracing::warn!("no review: {e}"),
        }
    }

    /// The finished game on screen, reviewed.
    pub(super) fn review_game(&mut self) {
        let screen = std::mem::replace(&mut self.screen, Screen::Menu(Menu::default()));
        let Screen::Game(game) = screen else {
            self.screen = screen;
            return;
        };
        match game.record() {
            // A match the clock ended: the review says so after the last move.
            Some(record) => self.open_review(&self.with_flag(record), Some(game)),
            None => self.screen = Screen::Game(game),
        }
    }

    /// Esc on a review: back to the game it was opened from, else to the menu.
    pub(super) fn close_review(&mut self) {
        if let Some(solver) = &self.solver {
            solver.cancel();
        }
        let screen = std::mem::replace(&mut self.screen, Screen::Menu(Menu::default()));
        match screen {
            Screen::Review(_, Some(game)) => self.screen = Screen::Game(game),
            other => {
                self.screen = other;
                self.back_to_menu();
            }
        }
    }

    /// The statistics of the finished games in the store (none without a store).
    pub(super) fn open_stats(&mut self) {
        let history = self.store.as_mut().map(Store::history).unwrap_or_default();
        let puzzles = match self.store.as_mut() {
            Some(store) => self
                .games
                .all()
                .map(|g| {
                    (
                        g.menu_name().to_string(),
                        store.puzzle_progress(g.cli_name()),
                    )
                })
                .collect(),
            None => Vec::new(),
        };
        self.take_notices();
        self.screen = Screen::Stats(StatsScreen::new(&history, &self.games).with_puzzles(puzzles));
    }
}
