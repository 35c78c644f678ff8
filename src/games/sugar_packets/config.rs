//! The `[sugar_packets]` section of the config: this game's defaults.

use serde::Deserialize;

use crate::config::Section;
use crate::matchup::FirstMover;

/// Where the file writes it, and what it reads as.
pub const SECTION: Section<SugarPacketsConfig> = Section::new("sugar_packets");

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SugarPacketsConfig {
    pub first: FirstMover,
}

impl Default for SugarPacketsConfig {
    fn default() -> Self {
        SugarPacketsConfig {
            first: FirstMover::Ai,
        }
    }
}
