//! Rules only: no I/O, no drawing, no search.

pub mod chopsticks;
pub mod nim;
pub mod othello;
pub mod pnut;
pub mod wl;

use std::fmt;

use thiserror::Error;

/// A seat at the table. `First` is whoever moves first in this game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    /// The seats by index: `Seat::ALL[seat.index()] == seat`.
    pub const ALL: [Seat; 2] = [Seat::First, Seat::Second];

    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    pub fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Seat),
    Draw,
}

/// Why a move or a position was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("the game is already over")]
    GameOver,
    #[error("illegal move {0}")]
    Illegal(String),
    #[error("{0}")]
    BadPosition(String),
    #[error("{0}")]
    BadMove(String),
}

/// The rules of a two-player game with perfect information.
pub trait Game: Clone + Send + 'static {
    /// A move; its `Display` is the game's move notation, which `FromStr` reads back
    /// (saved games and move lists depend on the round trip).
    type Move: Copy
        + Eq
        + std::hash::Hash
        + fmt::Debug
        + fmt::Display
        + std::str::FromStr<Err = RuleError>
        + Send
        + 'static;

    /// Whose turn it is.
    fn to_move(&self) -> Seat;
    /// Every legal move, in a stable order.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays a move, refusing illegal ones without changing the position.
    fn play(&mut self, m: Self::Move) -> Result<(), RuleError>;
    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The position in the game's notation, as `parlor solve` reads it.
    fn position_text(&self) -> String;
    /// True when the player to move has no choice to make and the move is played for
    /// them (Othello's pass): undo and redo go past such positions, since stopping there
    /// would only see the forced move played again.
    fn forced(&self) -> bool {
        false
    }
    /// `m`, played from here, as screens, reviews and move lists show it: the notation
    /// itself unless that alone is unclear (Winners & Losers adds the letter taken:
    /// "left W").
    fn move_text(&self, m: Self::Move) -> String {
        m.to_string()
    }
    /// For games with a score: the first player's margin (Othello: discs, counting
    /// empty squares for the winner). `None` where a game has only win, loss or draw.
    fn first_margin(&self) -> Option<i32> {
        None
    }
}
