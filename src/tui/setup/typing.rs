//! Typing into the setup's rows: the keys a row takes, what it is told when it takes
//! none, and the options kept from before the typing (a row left empty goes back).

use super::{Field, MAX_POSITION, Setup};

/// Signs tried on a row to see whether it takes signs as well as letters and digits.
const SIGNS: &str = "*+#!";

impl Setup {
    /// Typing into the selected row ends: the row settles what was left half typed.
    /// Returns whether a row left empty went back to its value before the typing (said
    /// in `self.error`).
    pub(super) fn end_typing(&mut self) -> bool {
        let left_empty = self.setup.options.has_empty_number();
        let before = self.before_typing.take();
        let row_of = |options: &dyn crate::plugin::GameOptions, field: Field| {
            let mut rows = options.rows(&self.setup.matchup);
            rows.extend(options.simulation_rows());
            rows.into_iter().find(|r| match field {
                Field::Game(id) | Field::Simulation(id) => r.id == id,
                _ => false,
            })
        };
        if let Some((before, field)) = &before
            && left_empty
        {
            // Said, not silent: which row went back, and to what.
            if let Some(row) = row_of(before.options.as_ref(), *field) {
                let label = super::capitalised(row.label.trim());
                self.error = Some(format!("{label} was left empty: back to {}.", row.value));
            }
            self.setup.options = before.options.clone_box();
        }
        let went_back = before.is_some() && left_empty;
        let typed = before.map(|(_, field)| field).filter(|_| !left_empty);
        let number = |s: &Setup| typed.and_then(|f| s.number_in(f)).map(|(now, _)| now);
        let was = number(self);
        self.typing = false;
        self.setup.options.settle();
        // A number left below its least takes its least, said as the emptied row is
        // (Chopsticks' move cap went from "2…" to 10 without a word).
        if let Some(field) = typed
            && was != number(self)
            && let Some(row) = row_of(self.setup.options.as_ref(), field)
        {
            let label = super::capitalised(row.label.trim());
            self.error = Some(format!("{label} was below its least: now {}.", row.value));
        }
        went_back
    }

    /// Keeps the options as they were before a row's typing begins.
    pub(super) fn note_typing_start(&mut self) {
        if !self.typing {
            self.before_typing = Some((self.setup.clone(), self.field()));
        }
    }

    pub(super) fn type_char(&mut self, c: char) {
        match self.field() {
            Field::Game(id) | Field::Simulation(id) => {
                self.note_typing_start();
                let before = (self.setup.options.clone_box(), self.typing);
                let kind = self.setup.game.kind();
                let had = kind.typed_moves(&self.setup).contains(&c);
                // The first key replaces the row: only a key after it can be refused.
                let refused = if self.typing {
                    self.setup.options.refused(id, c)
                } else {
                    None
                };
                self.setup.options.type_char(id, c, &mut self.typing);
                if refused.is_some() {
                    self.error = refused;
                    return;
                }
                // A symbol that is a key of the game's screen (Pnut-Butta's q quits) is
                // refused as it is typed, not only at Start.
                let clash = self
                    .keys
                    .as_ref()
                    .and_then(|keys| super::clash_of(keys, &self.setup, self.online, c));
                if let Some(clash) = clash
                    && !had
                    && kind.typed_moves(&self.setup).contains(&c)
                {
                    (self.setup.options, self.typing) = before;
                    self.error = super::clash_message(&[clash]);
                    return;
                }
                // A 0 that leaves a number row empty changed nothing to see: say why.
                if c == '0' && self.setup.options.has_empty_number() {
                    let name = self.row_name();
                    // Not "is empty": in Nim an empty pile is one of 0 coins.
                    self.error = Some(format!("{name} cannot be 0: type another number."));
                }
            }
            Field::Position => {
                // The first key replaces what was there, as in every typed row.
                let mut text = if self.typing {
                    self.setup.position.take().unwrap_or_default()
                } else {
                    String::new()
                };
                if text.chars().count() < MAX_POSITION {
                    text.push(c);
                }
                self.setup.position = Some(text);
                self.typing = true;
            }
            _ => {}
        }
    }

    pub(super) fn erase(&mut self) {
        match self.field() {
            Field::Game(id) | Field::Simulation(id) => {
                self.note_typing_start();
                self.setup.options.erase(id, &mut self.typing);
            }
            Field::Position => {
                let mut text = self.setup.position.take().unwrap_or_default();
                text.pop();
                self.setup.position = (!text.is_empty()).then_some(text);
                self.typing = true;
            }
            _ => {}
        }
    }

    /// A key the selected row has no use for (a 9 on "Number of piles") is said, with
    /// the keys it takes, not ignored.
    pub(super) fn say_keys(&mut self) {
        let keys = self.typed().unwrap_or_default();
        let arrows = if self.changes() { ", or ←→" } else { "" };
        self.error = Some(format!("{} takes {keys}{arrows}.", self.row_name()));
    }

    /// Whether the selected game row takes the key `c`, tried on a copy as the first
    /// key typed: a number at its most takes no further digit, yet the row is still one
    /// to type into. Rows of the arcade's own (Position) take every key.
    pub(super) fn takes_key(&self, c: char) -> bool {
        let (Field::Game(id) | Field::Simulation(id)) = self.field() else {
            return true;
        };
        let options = &self.setup.options;
        let mut copy = options.clone_box();
        let mut typing = false;
        copy.type_char(id, c, &mut typing);
        typing || !copy.eq_box(options.as_ref())
    }

    /// Whether a 0 typed first on the selected row leaves it empty ("… (type 1-99)").
    fn zero_empties(&self) -> bool {
        let (Field::Game(id) | Field::Simulation(id)) = self.field() else {
            return false;
        };
        let mut copy = self.setup.options.clone_box();
        copy.type_char(id, '0', &mut false);
        copy.has_empty_number()
    }

    /// What typing does on the selected row, as the footer names the keys: "0-9" (or
    /// the digits that work, "1-8"), the letters it takes ("W/L", "a-z" for any), both
    /// ("a-z/0-9"), `None` where typing does nothing. A game's row is asked by trying each key on a
    /// copy of the options, so the footer cannot claim a key the row ignores.
    pub(super) fn typed(&self) -> Option<String> {
        match self.field() {
            Field::Position => return Some("a-z/0-9".into()),
            Field::Game(_) | Field::Simulation(_) => {}
            _ => return None,
        }
        // A 0 typed first empties a number row rather than setting it: not offered.
        let digits: Vec<char> = ('0'..='9')
            .filter(|&c| self.takes_key(c) && !(c == '0' && self.zero_empties()))
            .collect();
        let letters: Vec<char> = ('a'..='z').filter(|&c| self.takes_key(c)).collect();
        let digits = match digits.as_slice() {
            [] => None,
            [only] => Some(only.to_string()),
            [first, .., last] => Some(format!("{first}-{last}")),
        };
        // A row that takes any character (Pnut-Butta's symbols) says so: its footer
        // said "a-z/0-9" and the row took capitals and signs as well.
        let capitals = ('A'..='Z').all(|c| self.takes_key(c));
        let signs = SIGNS.chars().all(|c| self.takes_key(c));
        let letters = match letters.len() {
            0 => None,
            26 if capitals => Some("a-z/A-Z".to_string()),
            1..=3 => Some(
                letters
                    .iter()
                    .map(|c| c.to_ascii_uppercase().to_string())
                    .collect::<Vec<_>>()
                    .join("/"),
            ),
            _ => Some("a-z".to_string()),
        };
        let typed = match (letters, digits) {
            (Some(l), Some(d)) => Some(format!("{l}/{d}")),
            (l, d) => l.or(d),
        };
        if signs {
            typed.map(|t| format!("{t}/signs"))
        } else {
            typed
        }
    }
}
