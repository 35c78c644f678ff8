//! Ratings against the AI (issue 37): each AI level of each game has a rating measured
//! by AI-vs-AI matches (`levels`, fitted by `fit`), and the player's rating per game
//! moves with every rated game against the AI (`player`).

pub mod fit;
pub mod levels;
pub mod rated;

pub use levels::{difficulty_rating, level_rating};
