//! Rules only: no I/O, no drawing, no search.

pub mod chopsticks;
pub mod nim;
pub mod othello;
pub mod pnut;
pub mod wl;

use std::fmt;

use thiserror::Error;

/// A seat at the table. `First` is whoever moves first in this game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    First,
    Second,
}

impl Seat {
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
    type Move: Copy + Eq + std::hash::Hash + fmt::Debug + fmt::Display + Send + 'static;

    /// Whose turn it is.
    fn to_move(&self) -> Seat;
    /// Every legal move, in a stable order.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays a move, refusing illegal ones without changing the position.
    fn play(&mut self, m: Self::Move) -> Result<(), RuleError>;
    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;
}
