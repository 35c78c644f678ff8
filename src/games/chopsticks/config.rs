//! The `[chopsticks]` section of the config: this game's defaults.

use serde::Deserialize;

use crate::config::Section;
use crate::matchup::FirstMover;

/// Where the file writes it, and what it reads as.
pub const SECTION: Section<ChopsticksConfig> = Section::new("chopsticks");

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChopsticksConfig {
    /// Sums wrap modulo 5; a hand dies only at exactly 5.
    pub rollover: bool,
    /// Whether a split may leave a hand empty.
    pub empty_splits: bool,
    /// The game is drawn after this many moves (both players' together).
    pub move_cap: u32,
    pub first: FirstMover,
}

impl Default for ChopsticksConfig {
    fn default() -> Self {
        ChopsticksConfig {
            rollover: false,
            empty_splits: true,
            move_cap: 100,
            first: FirstMover::Ai,
        }
    }
}
