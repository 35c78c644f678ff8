//! Othello positions as other programs write them, read and written: the OBF line of
//! the FFO test suites (`<64 squares> <side>;`, an optional `% comment`) and move lists
//! from the start (`f5d6c3d3c4`), besides parlor's own notation ([`Othello::parse`]).

use thiserror::Error;

use super::{NotationError, Othello, OthelloMove, Square};
use crate::game::{Game, Seat};

/// What every form of a position accepts, for messages.
pub const ACCEPTED: &str = "an Othello position is 64 squares (a1..h8, rank 1 first) of X, O or - and the side to move (X or O), as an OBF line ending in ';' if you like, or a move list from the start such as f5d6c3";

/// Why a move list was refused: the move's number (1 = the first move) says where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveListError {
    #[error(
        "move {number}: '{found}' is not a square: expected a1-h8 (file a-h, then rank 1-8), or pa/pass"
    )]
    NotASquare { number: usize, found: String },
    #[error("move {number}: {side} cannot play {square}; the legal moves are {legal}")]
    Illegal {
        number: usize,
        square: String,
        side: &'static str,
        legal: String,
    },
    #[error("move {number}: {side} cannot pass while it has a legal move ({legal})")]
    NoPass {
        number: usize,
        side: &'static str,
        legal: String,
    },
    #[error("move {number}: the game is already over after {played} moves")]
    Over { number: usize, played: usize },
}

/// Why a position in any of the three forms was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("{0} (or a move list from the start such as f5d6c3)")]
    Notation(#[from] NotationError),
    #[error(transparent)]
    Moves(#[from] MoveListError),
    #[error("an empty position: {ACCEPTED}")]
    Empty,
}

/// "black (X)" or "white (O)".
pub fn side_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "black (X)",
        Seat::Second => "white (O)",
    }
}

impl Othello {
    /// A position in any form parlor reads: its notation, an OBF line, or a move list
    /// from the start. Text with a disc, an empty square or a `;` in it is a board (a
    /// move list has only files a-h, ranks 1-8 and `pa`), anything else is moves.
    pub fn read(text: &str) -> Result<Othello, PositionError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(PositionError::Empty);
        }
        // A board never starts with a square's name: text that does is a move list,
        // whatever stray character it holds ("f5d6c3x" was read as 7 squares of 64).
        let mut head = text.chars().map(|c| c.to_ascii_lowercase());
        let moves_first = matches!(
            (head.next(), head.next()),
            (Some('a'..='h'), Some('1'..='8'))
        );
        if !moves_first && text.contains(['X', 'x', 'O', 'o', '-', '*', '.', ';', '%']) {
            return Ok(Othello::parse_obf(text)?);
        }
        Ok(Othello::after_moves(text)?.0)
    }

    /// An OBF line: the notation with an optional `;` after the side to move and an
    /// optional `% comment` (also accepted: the notation alone).
    pub fn parse_obf(line: &str) -> Result<Othello, NotationError> {
        let line = line.split('%').next().unwrap_or("");
        let line = line.trim().trim_end_matches(';');
        Othello::parse(line)
    }

    /// The position as an OBF line: `<64 squares> <X|O>;`.
    pub fn obf(&self) -> String {
        format!("{};", self.notation())
    }

    /// The position after a move list from the start, with the moves (passes
    /// included where the side to move had none).
    pub fn after_moves(text: &str) -> Result<(Othello, Vec<OthelloMove>), MoveListError> {
        Othello::new().replay(text)
    }

    /// The position after playing a move list from this one: squares (either case),
    /// spaces and commas between them optional; a pass is implied when the side to
    /// move has no legal square, and may be written `pa` or `pass`.
    pub fn replay(&self, text: &str) -> Result<(Othello, Vec<OthelloMove>), MoveListError> {
        let letters: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let mut board = *self;
        let mut played = Vec::new();
        let mut i = 0;
        let mut number = 0;
        while i < letters.len() {
            number += 1;
            let rest: String = letters[i..].iter().take(4).collect();
            let (mv, used) = if rest.starts_with("pass") {
                (OthelloMove::Pass, 4)
            } else if rest.starts_with("pa") {
                (OthelloMove::Pass, 2)
            } else {
                let found: String = letters[i..].iter().take(2).collect();
                match found.parse::<OthelloMove>() {
                    Ok(mv) => (mv, 2),
                    Err(_) => return Err(MoveListError::NotASquare { number, found }),
                }
            };
            i += used;
            // The side to move has no square: the pass is implied.
            if mv != OthelloMove::Pass
                && board.move_bits() == 0
                && board.is_legal(OthelloMove::Pass)
            {
                let _ = board.play(OthelloMove::Pass);
                played.push(OthelloMove::Pass);
            }
            if board.is_over() {
                return Err(MoveListError::Over {
                    number,
                    played: number - 1,
                });
            }
            if !board.is_legal(mv) {
                let side = side_name(board.to_move());
                let legal = legal_squares(&board);
                return Err(match mv {
                    OthelloMove::Pass => MoveListError::NoPass {
                        number,
                        side,
                        legal,
                    },
                    OthelloMove::Play(sq) => MoveListError::Illegal {
                        number,
                        square: sq.to_string(),
                        side,
                        legal,
                    },
                });
            }
            let _ = board.play(mv);
            played.push(mv);
        }
        Ok((board, played))
    }
}

/// The legal squares of the side to move, "c4, d3, e6, f5".
fn legal_squares(board: &Othello) -> String {
    let mut bits = board.move_bits();
    let mut out = Vec::new();
    while bits != 0 {
        out.extend(Square::new(bits.trailing_zeros()).map(|s| s.to_string()));
        bits &= bits - 1;
    }
    out.join(", ")
}

/// Moves as a move list, `f5d6c3`: squares only, since a pass followed by a move is
/// implied by the position (a side passes exactly when it has no square); a pass at
/// the very end is written `pa`, so the list reads back to the same game.
pub fn move_list(moves: &[OthelloMove]) -> String {
    let mut list: String = moves
        .iter()
        .filter_map(|m| m.square().map(|s| s.to_string()))
        .collect();
    if moves.last() == Some(&OthelloMove::Pass) {
        list.push_str("pa");
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_forms_agree() {
        let (after, moves) = Othello::after_moves("F5 d6 c3").expect("legal moves");
        assert_eq!(moves.len(), 3);
        assert_eq!(Othello::read(&after.notation()), Ok(after));
        assert_eq!(Othello::read(&after.obf()), Ok(after));
        assert_eq!(Othello::read("f5d6c3"), Ok(after));
        assert_eq!(move_list(&moves), "f5d6c3");
    }

    #[test]
    fn errors_name_the_move() {
        let err = Othello::read("f5d6a1").unwrap_err().to_string();
        assert!(err.contains("move 3") && err.contains("a1"), "{err}");
        assert!(err.contains("c3"), "the legal moves are listed: {err}");
        let err = Othello::read("f5z9").unwrap_err().to_string();
        assert!(err.contains("move 2") && err.contains("z9"), "{err}");
        let err = Othello::read("f5pa").unwrap_err().to_string();
        assert!(
            err.contains("move 2") && err.contains("cannot pass"),
            "{err}"
        );
    }
}
