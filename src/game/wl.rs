//! Winners & Losers: a string of W and L; players take the leftmost or the rightmost
//! letter in turn. Whoever takes the last letter wins if it is W and loses if it is L.

use std::fmt;
use std::str::FromStr;

use super::{Game, Outcome, RuleError, Seat};

/// The longest string accepted, so that analysis stays instant.
pub const MAX_LETTERS: usize = 100_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WlMove {
    /// Take the leftmost letter.
    Left,
    /// Take the rightmost letter.
    Right,
}

/// The notation names the end, in words: a lone "L" read as the letter L as often as
/// the left end. Saved games from before wrote L and R, which still read.
impl fmt::Display for WlMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WlMove::Left => "left",
            WlMove::Right => "right",
        })
    }
}

impl FromStr for WlMove {
    type Err = RuleError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "left" | "l" => Ok(WlMove::Left),
            "right" | "r" => Ok(WlMove::Right),
            _ => Err(RuleError::BadMove(format!(
                "'{}' is not a Winners & Losers move: expected left (take the leftmost letter) or right (the rightmost); L and R also read",
                s.trim()
            ))),
        }
    }
}

/// A game in progress: the original string, the part still on the table, whose turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Wl {
    /// true is W.
    letters: Vec<bool>,
    /// The letters still on the table are `letters[start..end]`.
    start: usize,
    end: usize,
    to_move: Seat,
    /// The letter the last move took: once the table is empty it decides the game.
    last_taken: Option<bool>,
}

impl Wl {
    /// A new game on `letters` (true = W) with `First` to move.
    pub fn new(letters: Vec<bool>) -> Wl {
        let end = letters.len();
        Wl {
            letters,
            start: 0,
            end,
            to_move: Seat::First,
            last_taken: None,
        }
    }

    /// The whole string the game started from.
    pub fn letters(&self) -> &[bool] {
        &self.letters
    }

    /// The letters still on the table.
    pub fn remaining(&self) -> &[bool] {
        &self.letters[self.start..self.end]
    }

    /// Where the remaining letters sit in the original string.
    pub fn span(&self) -> (usize, usize) {
        (self.start, self.end)
    }

    /// The remaining letters as text, e.g. `WLLW`.
    pub fn notation(&self) -> String {
        format_letters(self.remaining())
    }

    /// The letter `m` would take.
    pub fn letter_at(&self, m: WlMove) -> Option<bool> {
        if self.start >= self.end {
            return None;
        }
        Some(match m {
            WlMove::Left => self.letters[self.start],
            WlMove::Right => self.letters[self.end - 1],
        })
    }
}

impl Game for Wl {
    type Move = WlMove;

    fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Both ends; with one letter left they are the same letter, and both are offered.
    fn legal_moves(&self) -> Vec<WlMove> {
        if self.start < self.end {
            vec![WlMove::Left, WlMove::Right]
        } else {
            Vec::new()
        }
    }

    fn play(&mut self, m: WlMove) -> Result<(), RuleError> {
        if self.start >= self.end {
            return Err(RuleError::GameOver);
        }
        let taken = match m {
            WlMove::Left => {
                self.start += 1;
                self.letters[self.start - 1]
            }
            WlMove::Right => {
                self.end -= 1;
                self.letters[self.end]
            }
        };
        self.last_taken = Some(taken);
        self.to_move = self.to_move.other();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.start < self.end {
            return None;
        }
        let last_is_w = self.last_taken?;
        let taker = self.to_move.other();
        Some(Outcome::Win(if last_is_w { taker } else { self.to_move }))
    }

    fn position_text(&self) -> String {
        self.notation()
    }

    /// The end and the letter it takes, "left W": the one way a move is shown.
    fn move_text(&self, m: WlMove) -> String {
        match self.letter_at(m) {
            Some(w) => format!("{m} {}", if w { 'W' } else { 'L' }),
            None => m.to_string(),
        }
    }
}

/// The moves of a game from `start` as the screen shows them ("left W, right L"), for
/// the transcript and the export; `None` if a move does not read or play.
pub fn move_texts(start: &[bool], moves: &[String]) -> Option<Vec<String>> {
    let mut game = Wl::new(start.to_vec());
    moves
        .iter()
        .map(|text| {
            let m: WlMove = text.parse().ok()?;
            let shown = game.move_text(m);
            game.play(m).ok()?;
            Some(shown)
        })
        .collect()
}

/// Formats letters as `WLLW`.
pub fn format_letters(letters: &[bool]) -> String {
    letters.iter().map(|&w| if w { 'W' } else { 'L' }).collect()
}

/// Parses a string of W and L (either case).
pub fn parse_letters(text: &str) -> Result<Vec<bool>, RuleError> {
    let text = text.trim();
    let accepted = "expected a non-empty string of the letters W and L, e.g. WLLWL";
    if text.is_empty() {
        return Err(RuleError::BadPosition(format!(
            "no letters given: {accepted}"
        )));
    }
    if text.chars().count() > MAX_LETTERS {
        return Err(RuleError::BadPosition(format!(
            "{} letters is too many: at most {MAX_LETTERS}",
            text.chars().count()
        )));
    }
    text.chars()
        .enumerate()
        .map(|(i, c)| match c {
            'W' | 'w' => Ok(true),
            'L' | 'l' => Ok(false),
            other => Err(RuleError::BadPosition(format!(
                "letter {} is '{other}': {accepted}",
                i + 1
            ))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_all(text: &str, moves: &[WlMove]) -> Wl {
        let mut g = Wl::new(parse_letters(text).unwrap());
        for &m in moves {
            g.play(m).unwrap();
        }
        g
    }

    #[test]
    fn taking_a_last_w_wins_and_a_last_l_loses() {
        use WlMove::*;
        // W L: first takes L (left), second must take the W and wins.
        let g = play_all("LW", &[Left, Left]);
        assert_eq!(g.outcome(), Some(Outcome::Win(Seat::Second)));
        // First takes W, second is left with L: taking it loses, so first wins.
        let g = play_all("WL", &[Left, Right]);
        assert_eq!(g.outcome(), Some(Outcome::Win(Seat::First)));
        let g = play_all("W", &[Right]);
        assert_eq!(g.outcome(), Some(Outcome::Win(Seat::First)));
        let g = play_all("L", &[Left]);
        assert_eq!(g.outcome(), Some(Outcome::Win(Seat::Second)));
    }

    #[test]
    fn moves_take_from_the_right_end() {
        use WlMove::*;
        let g = play_all("WLLWL", &[Left, Right]);
        assert_eq!(g.notation(), "LLW");
        assert_eq!(g.letter_at(Left), Some(false));
        assert_eq!(g.letter_at(Right), Some(true));
        assert_eq!(g.to_move(), Seat::First);
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn no_moves_once_empty() {
        let mut g = play_all("W", &[WlMove::Left]);
        assert!(g.legal_moves().is_empty());
        assert_eq!(g.play(WlMove::Left), Err(RuleError::GameOver));
    }

    #[test]
    fn notation_is_checked() {
        assert_eq!(parse_letters("wLl").unwrap(), vec![true, false, false]);
        for bad in ["", "  ", "WLX", "W L", "1"] {
            let e = parse_letters(bad).unwrap_err().to_string();
            assert!(e.contains("W and L"), "{bad}: {e}");
        }
        assert!("X".parse::<WlMove>().is_err());
        assert_eq!("R".parse::<WlMove>().unwrap(), WlMove::Right);
    }

    #[test]
    fn a_move_is_written_by_its_end_and_shown_with_the_letter_it_takes() {
        use WlMove::*;
        // The notation round-trips; the L and R of older saves still read.
        for m in [Left, Right] {
            assert_eq!(m.to_string().parse::<WlMove>().unwrap(), m);
        }
        assert_eq!(Left.to_string(), "left");
        assert_eq!("L".parse::<WlMove>().unwrap(), Left);
        assert_eq!("Right".parse::<WlMove>().unwrap(), Right);
        // WLL: the left end holds a W, the right an L.
        let g = play_all("WLL", &[]);
        assert_eq!(g.move_text(Left), "left W");
        assert_eq!(g.move_text(Right), "right L");
        // The old saved form of the same moves: left W, then right L, then left L.
        let moves = ["L", "R", "left"].map(String::from);
        assert_eq!(
            move_texts(&parse_letters("WLL").unwrap(), &moves).unwrap(),
            ["left W", "right L", "left L"]
        );
        assert_eq!(move_texts(&[true], &["up".to_string()]), None);
    }
}
