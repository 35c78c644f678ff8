//! The switches a letter turns (the spoilers), a letter that is also a square's column
//! (Othello's `e6`), and what the terminal says after quitting a kept game.

use super::{App, Screen};
use crate::ui::keys::Action;

impl App {
    /// What to say on the terminal after quitting in the middle of a game that is kept:
    /// where it is and how to go on ("q" leaves at once, so the player knows nothing
    /// is lost). `None` when no game in progress was kept.
    pub fn farewell(&self) -> Option<String> {
        let Screen::Game(game) = &self.screen else {
            return None;
        };
        let moves = game.record().map_or(0, |r| r.moves.len());
        // A match the clock ended is in the history, not kept to resume.
        let over = game.is_over() || self.out_of_time();
        if !self.game_saved || over || moves == 0 || self.online.is_some() {
            return None;
        }
        Some(format!(
            "Your {} game is kept at move {}: run parlor and choose \"Resume\" to go on.",
            game.setup().game.menu_name(),
            moves + 1
        ))
    }

    /// Turns the prediction and the AI's remarks on or off and says which.
    pub(super) fn toggle_spoilers(&mut self) -> String {
        let Screen::Game(game) = &mut self.screen else {
            return String::new();
        };
        let on = !game.spoilers_on();
        game.set_spoilers(on);
        let setup = game.setup().clone();
        let hints_on = game.hints_on();
        self.remember_setup(&setup);
        if on {
            "Prediction and AI remarks shown.".to_string()
        } else if hints_on {
            // The hints are a switch of their own: say they stay, and how to hide them.
            format!(
                "Prediction and AI remarks hidden ({} shows them); hints stay ({} hides them).",
                self.keys.key(Action::Spoilers),
                self.keys.key(Action::Hints)
            )
        } else {
            format!(
                "Prediction and AI remarks hidden ({} shows them).",
                self.keys.key(Action::Spoilers)
            )
        }
    }

    /// Remembers a switch turned by a letter that also names a column, so that a row
    /// typed next plays the square instead (see [`Self::square_after_toggle`]).
    pub(super) fn note_letter_toggle(&mut self, action: Action, typed: Option<char>) {
        self.letter_toggled = match (action, typed, &self.screen) {
            (Action::Hints | Action::Spoilers, Some(c), Screen::Game(game))
                if self.help.is_none() && game.letter_names_square(c) =>
            {
                Some((action, c))
            }
            _ => None,
        };
        // Said on screen: a row typed next plays in that column (a play-test found
        // `h`, a pause, then `2` playing h2 with nothing shown in between).
        if let (Some((switch, c)), Screen::Game(game)) = (self.letter_toggled, &self.screen) {
            let what = if switch == Action::Hints {
                let shown = if game.hints_on() { "shown" } else { "hidden" };
                format!("Hints {shown}.")
            } else {
                // Short, so that the row and Esc fit on one line at 80 columns (the
                // switch's own sentence, with the hints', ran past it).
                self.flash = None;
                match (game.spoilers_on(), game.hints_on()) {
                    (true, _) => "Prediction and remarks shown.",
                    (false, false) => "Prediction and remarks hidden.",
                    (false, true) => "Prediction hidden; hints stay.",
                }
                .to_string()
            };
            self.flash = Some(format!(
                "{what} A row next plays {c}1-{c}8; Esc takes the {c} back."
            ));
        }
    }

    /// `e` then `6` is the square e6, although `e` alone is the spoiler switch: the
    /// switch just turned is put back and the square is played. Returns whether the key
    /// was taken so.
    pub(super) fn square_after_toggle(&mut self, action: Action) -> bool {
        let Some((switch, c)) = self.letter_toggled.take() else {
            return false;
        };
        let Screen::Game(game) = &mut self.screen else {
            return false;
        };
        if !game.letter_names_square(c) {
            return false;
        }
        // Esc (or Backspace) after the letter: it was a column begun by mistake, or a
        // switch not wanted; the switch is put back (it stayed turned, and `h` then Esc
        // left the game playing with the hints on).
        if matches!(action, Action::Back | Action::Backspace) {
            if switch == Action::Hints {
                game.put_back_hints();
                let shown = if game.hints_on() { "shown" } else { "hidden" };
                self.flash = Some(format!("{c} taken back: hints {shown} again."));
            } else {
                let said = self.toggle_spoilers();
                self.flash = Some(format!("{c} taken back: {said}"));
            }
            return true;
        }
        if !matches!(action, Action::Digit(1..=8)) {
            return false;
        }
        // The switch is put back before the square is played: a move made with the
        // hints turned on only by the column's letter is not one made with hints (it
        // left the game unrated: a play-test typed h1).
        let hints = switch == Action::Hints;
        if hints {
            game.put_back_hints();
        }
        game.handle(Action::Char(c));
        game.handle(action);
        if !hints {
            self.toggle_spoilers();
        }
        self.flash = None;
        true
    }
}
