//! Which action a key press is, on the screen now: a typed position, a chat line or a
//! half-typed square takes every letter; a letter that names a square on a lesson's or
//! a puzzle's board is that square, not the hints; the online keys are letters when no
//! match online is on.

use ratatui::crossterm::event::KeyEvent;

use super::*;

impl App {
    /// The board of a lesson or a puzzle on screen: no hints, no spoilers there.
    fn teaching_board(&self) -> Option<&dyn crate::plugin::screen::GameScreen> {
        match &self.screen {
            Screen::Lesson(lesson) => Some(lesson.board()),
            Screen::Trainer(trainer) => trainer.board(),
            _ => None,
        }
    }

    /// The action of `key`, and the character it types (if any).
    pub(super) fn action_of(&self, key: KeyEvent) -> (Action, Option<char>) {
        let action = match &self.screen {
            // A typed position takes every letter, bound to an action or not.
            Screen::Setup(setup) if setup.takes_text() => self.keys.text_action(key),
            // So does a chat line, and a square's name half typed.
            _ if self.typing_chat() => self.keys.text_action(key),
            Screen::Game(game) if game.takes_text() => self.keys.text_action(key),
            _ if self.teaching_board().is_some_and(|b| b.takes_text()) => {
                self.keys.text_action(key)
            }
            _ => self
                .keys
                .action(key, self.game_on_screen().map(GameId::cli_name)),
        };
        let typed = match key.code {
            ratatui::crossterm::event::KeyCode::Char(c) => Some(c),
            _ => None,
        };
        // A lesson or a puzzle has no hint switch and no spoilers: their letters are
        // columns there (Othello's h1; the trainer's hint is on another key).
        let action = match (action, typed) {
            (Action::Hints | Action::Spoilers, Some(c))
                if self
                    .teaching_board()
                    .is_some_and(|b| b.letter_names_square(c)) =>
            {
                Action::Char(c)
            }
            _ => action,
        };
        // The keys of a match online are letters like any other elsewhere (a
        // Pnut-Butta symbol may be `c`).
        let action = match (action, typed) {
            (Action::Resign | Action::OfferDraw | Action::Chat, Some(c))
                if self.online.is_none() =>
            {
                Action::Char(c)
            }
            _ => action,
        };
        (action, typed)
    }
}
