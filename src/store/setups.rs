//! Each game's last setup (mode, who moves first, difficulty, the game's own options),
//! kept in `setups.json` in the data directory so that the next game starts from what
//! the player chose last. Never written into the user's config file, whose comments
//! would be lost.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Format;
use crate::matchup::Difficulty;
use crate::matchup::{FirstMover, MatchSetup, Mode};

/// `setups.json`.
pub const SETUPS: Format = Format {
    name: "setups",
    version: 1,
};

/// One game's setup as it was last started from the setup screen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RememberedSetup {
    pub mode: Mode,
    pub first: FirstMover,
    pub difficulty: Difficulty,
    /// The game's own options, as that game writes them (`GameOptions::to_json`).
    pub options: serde_json::Value,
    /// The spoiler switch: whether the prediction and what else gives the result
    /// away is shown (set on the setup or by its key during a game).
    #[serde(default = "shown")]
    pub spoilers: bool,
    /// The clock chosen, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<crate::clock::TimeControl>,
}

fn shown() -> bool {
    true
}

impl RememberedSetup {
    pub fn matchup(&self) -> MatchSetup {
        MatchSetup {
            mode: self.mode,
            first: self.first,
            difficulty: self.difficulty,
            clock: self.clock,
        }
    }
}

/// The file: the setups by the game's command-line name.
#[derive(Default, Serialize, Deserialize)]
pub(super) struct SetupsFile {
    pub games: BTreeMap<String, RememberedSetup>,
}
