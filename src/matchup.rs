//! Who plays a match and how: the mode, who moves first, the AI's difficulty. Shared by
//! the arcade's setup screen, the command line and the config, for every game.

use serde::{Deserialize, Serialize};

pub use crate::session::Mode;
use crate::solve::policy::Difficulty;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstMover {
    /// The human (player 1 in two-player games) moves first.
    You,
    Ai,
    Coin,
    /// The AI takes the side it can win from.
    AiChooses,
}

/// Who plays and how well.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSetup {
    pub mode: Mode,
    pub first: FirstMover,
    pub difficulty: Difficulty,
}
