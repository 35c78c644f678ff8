//! What a review is made of, game by game: a recorded game's positions drawn the game's
//! way (`board`) and the analysis of each ply (`plies`). The review screen (`tui::review`)
//! reads them.

pub mod board;
pub mod plies;
