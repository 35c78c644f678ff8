//! What a review is made of, game by game: a recorded game's positions drawn the game's
//! way (`board`) and the analysis of each ply (`plies`). The review screen (`tui::review`)
//! reads them.

pub mod board;
pub mod plies;

use super::GameId;
use board::ReviewBoard;

/// A recorded game as the review screen (`tui::review`) reads it: its positions, drawn
/// the game's way, with the analyst that judges them, and how they are judged, said on
/// screen ("every move solved exactly").
pub struct ReviewPlan {
    pub game: GameId,
    pub board: Box<dyn ReviewBoard>,
    pub method: String,
    /// How many of the first moves came with the start the player asked for (an
    /// Othello move list): shown, not judged as anyone's choice.
    pub given: usize,
}

impl ReviewPlan {
    pub fn new(game: GameId, board: Box<dyn ReviewBoard>, method: String) -> ReviewPlan {
        ReviewPlan {
            game,
            board,
            method,
            given: 0,
        }
    }

    /// The plan with the first `given` moves marked as the start's, not the players'.
    pub fn with_given(self, given: usize) -> ReviewPlan {
        ReviewPlan { given, ..self }
    }
}
