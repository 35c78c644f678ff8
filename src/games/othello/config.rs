//! The `[othello]` section of the config: this game's defaults.

use serde::Deserialize;

use crate::config::Section;
use crate::matchup::FirstMover;

/// Where the file writes it, and what it reads as.
pub const SECTION: Section<OthelloConfig> = Section::new("othello");

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OthelloConfig {
    /// beginner, casual, benedict, strong or exact.
    pub level: crate::solve::othello::Level,
    /// Who moves first: you (you play black), ai (you play white), coin.
    pub first: FirstMover,
    /// Draw discs as X and O instead of ● and ○.
    pub ascii_discs: bool,
    /// Mark the squares a person may play with `*` on their turn.
    pub legal_marks: bool,
}

impl Default for OthelloConfig {
    fn default() -> Self {
        OthelloConfig {
            level: crate::solve::othello::Level::Strong,
            first: FirstMover::You,
            ascii_discs: false,
            legal_marks: true,
        }
    }
}
