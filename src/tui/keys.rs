//! Key presses to actions, with the action keys from the config.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::config::KeyConfig;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    Enter,
    Back,
    Quit,
    Help,
    Hints,
    Undo,
    NewGame,
    Rematch,
    Pause,
    Digit(u8),
    Backspace,
    /// Any other character, for text fields.
    Char(char),
    None,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Keys {
    quit: char,
    help: char,
    hints: char,
    undo: char,
    new_game: char,
    rematch: char,
}

impl Keys {
    pub fn new(config: &KeyConfig) -> Keys {
        Keys {
            quit: KeyConfig::char_of(&config.quit),
            help: KeyConfig::char_of(&config.help),
            hints: KeyConfig::char_of(&config.hints),
            undo: KeyConfig::char_of(&config.undo),
            new_game: KeyConfig::char_of(&config.new_game),
            rematch: KeyConfig::char_of(&config.rematch),
        }
    }

    pub fn quit(&self) -> char {
        self.quit
    }
    pub fn help(&self) -> char {
        self.help
    }
    pub fn hints(&self) -> char {
        self.hints
    }
    pub fn undo(&self) -> char {
        self.undo
    }
    pub fn new_game(&self) -> char {
        self.new_game
    }
    pub fn rematch(&self) -> char {
        self.rematch
    }

    pub fn action(&self, key: KeyEvent) -> Action {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return match key.code {
                KeyCode::Char('c') => Action::Quit,
                _ => Action::None,
            };
        }
        match key.code {
            KeyCode::Up => Action::Up,
            KeyCode::Down => Action::Down,
            KeyCode::Left => Action::Left,
            KeyCode::Right => Action::Right,
            KeyCode::Enter => Action::Enter,
            KeyCode::Esc => Action::Back,
            KeyCode::Backspace => Action::Backspace,
            KeyCode::Char(c) => self.char_action(c),
            _ => Action::None,
        }
    }

    fn char_action(&self, c: char) -> Action {
        // Configured keys win over the built-in aliases.
        if c == self.quit {
            Action::Quit
        } else if c == self.help {
            Action::Help
        } else if c == self.hints {
            Action::Hints
        } else if c == self.undo {
            Action::Undo
        } else if c == self.new_game {
            Action::NewGame
        } else if c == self.rematch {
            Action::Rematch
        } else {
            match c {
                'k' => Action::Up,
                'j' => Action::Down,
                ' ' => Action::Pause,
                '0'..='9' => Action::Digit(c as u8 - b'0'),
                other => Action::Char(other),
            }
        }
    }
}
