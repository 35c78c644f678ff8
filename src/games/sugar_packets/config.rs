//! The `[sugar_packets]` section of the config: this game's defaults.

use serde::Deserialize;

use crate::matchup::FirstMover;

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
