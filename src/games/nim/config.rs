//! The `[nim]` section of the config: this game's defaults.

use serde::Deserialize;

use crate::config::Section;
use crate::matchup::FirstMover;

/// Where the file writes it, and what it reads as.
pub const SECTION: Section<NimConfig> = Section::new("nim");

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NimConfig {
    pub piles: Vec<u8>,
    pub misere: bool,
    pub first: FirstMover,
}

impl Default for NimConfig {
    fn default() -> Self {
        NimConfig {
            piles: vec![3, 4, 5],
            misere: false,
            first: FirstMover::You,
        }
    }
}
