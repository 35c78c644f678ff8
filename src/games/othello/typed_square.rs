//! A square typed by its name: `f5`, or the row first (`5f`). The first key is held
//! until the second names the square. A column whose letter is a key of its own (`h`
//! hints, `e` the spoiler switch) does its job at once; the app puts the switch back
//! when a row follows and plays the square (`tui::app`, `square_after_toggle`).

use crate::ui::keys::Action;

/// What a key did to a square being typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Half a square: the key is held, the next one completes it.
    Half,
    /// A whole square, 0..64 (a1 = 0, h8 = 63).
    Square(u32),
    /// Back or Backspace dropped the half typed.
    Dropped,
    /// Not a key of a typed square: it does what it does elsewhere (a half typed is
    /// dropped).
    Other,
}

/// The first half of a square, while it waits for the second.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SquareTyping {
    column: Option<u32>,
    row: Option<u32>,
}

impl SquareTyping {
    /// Whether half a square is held (the next letter is a column, whatever it is bound
    /// to elsewhere).
    pub fn is_half(&self) -> bool {
        self.column.is_some() || self.row.is_some()
    }

    /// What is held and what is missing, as the status line shows it: `f…, now its
    /// row (1-8)`.
    pub fn shown(&self) -> Option<String> {
        match (self.column, self.row) {
            (Some(c), None) => Some(format!("{}…, now its row (1-8)", column_letter(c))),
            (None, Some(r)) => Some(format!("…{}, now its column (a-h)", r + 1)),
            _ => None,
        }
    }

    /// Takes one key.
    pub fn key(&mut self, action: Action) -> Typed {
        let column = match action {
            Action::Char(c @ 'a'..='h') => Some(c as u32 - 'a' as u32),
            Action::Char(c @ 'A'..='H') => Some(c as u32 - 'A' as u32),
            _ => None,
        };
        let row = match action {
            Action::Digit(d @ 1..=8) => Some(u32::from(d) - 1),
            _ => None,
        };
        match (column, row, self.column, self.row) {
            (Some(c), _, _, Some(r)) | (_, Some(r), Some(c), _) => {
                *self = Self::default();
                Typed::Square(r * 8 + c)
            }
            // A second letter or digit replaces the first: a slip is mended by typing on.
            (Some(c), ..) => {
                *self = Self {
                    column: Some(c),
                    row: None,
                };
                Typed::Half
            }
            (_, Some(r), ..) => {
                *self = Self {
                    column: None,
                    row: Some(r),
                };
                Typed::Half
            }
            _ if self.is_half() && matches!(action, Action::Back | Action::Backspace) => {
                *self = Self::default();
                Typed::Dropped
            }
            _ => {
                *self = Self::default();
                Typed::Other
            }
        }
    }
}

fn column_letter(column: u32) -> char {
    char::from(b'a' + column as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(keys: &[Action]) -> Vec<Typed> {
        let mut typing = SquareTyping::default();
        keys.iter().map(|&k| typing.key(k)).collect()
    }

    #[test]
    fn a_letter_then_a_digit_names_a_square() {
        // f5 is file 5 (0-based), rank 4: 4 * 8 + 5 = 37.
        assert_eq!(
            typed(&[Action::Char('f'), Action::Digit(5)]),
            [Typed::Half, Typed::Square(37)]
        );
        assert_eq!(
            typed(&[Action::Char('a'), Action::Digit(1)]),
            [Typed::Half, Typed::Square(0)]
        );
    }

    #[test]
    fn the_row_may_come_first_so_every_column_can_be_typed() {
        assert_eq!(
            typed(&[Action::Digit(8), Action::Char('h')]),
            [Typed::Half, Typed::Square(63)]
        );
        assert_eq!(
            typed(&[Action::Digit(3), Action::Char('E')]),
            [Typed::Half, Typed::Square(20)]
        );
    }

    #[test]
    fn a_second_letter_replaces_the_first() {
        assert_eq!(
            typed(&[Action::Char('b'), Action::Char('d'), Action::Digit(3)]),
            [Typed::Half, Typed::Half, Typed::Square(19)]
        );
    }

    #[test]
    fn what_is_not_on_the_board_is_not_a_square() {
        let mut typing = SquareTyping::default();
        assert_eq!(typing.key(Action::Char('i')), Typed::Other);
        assert_eq!(typing.key(Action::Digit(9)), Typed::Other);
        assert_eq!(typing.key(Action::Digit(0)), Typed::Other);
        assert!(!typing.is_half());
        // Another key drops the half typed and does its own job.
        assert_eq!(typing.key(Action::Char('c')), Typed::Half);
        assert_eq!(typing.shown().as_deref(), Some("c…, now its row (1-8)"));
        assert_eq!(typing.key(Action::Up), Typed::Other);
        assert!(!typing.is_half());
        assert_eq!(typing.key(Action::Digit(4)), Typed::Half);
        assert_eq!(typing.shown().as_deref(), Some("…4, now its column (a-h)"));
        assert_eq!(typing.key(Action::Back), Typed::Dropped);
        assert!(!typing.is_half());
        // Back with nothing typed is Back.
        assert_eq!(typing.key(Action::Back), Typed::Other);
    }
}
