//! The `[wl]` section of the config: this game's defaults.

use serde::Deserialize;

use crate::config::Section;
use crate::matchup::FirstMover;

/// Where the file writes it, and what it reads as.
pub const SECTION: Section<WlConfig> = Section::new("wl");

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WlConfig {
    pub min_len: usize,
    pub max_len: usize,
    pub first: FirstMover,
    pub simulate_games: u32,
}

impl Default for WlConfig {
    fn default() -> Self {
        WlConfig {
            min_len: 5,
            max_len: 50,
            first: FirstMover::Coin,
            simulate_games: 1000,
        }
    }
}
