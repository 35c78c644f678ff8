//! The `[pnut]` section of the config: this game's defaults.

use serde::Deserialize;

use crate::config::Section;
use crate::matchup::FirstMover;

/// Where the file writes it, and what it reads as.
pub const SECTION: Section<PnutConfig> = Section::new("pnut");

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PnutConfig {
    /// The symbols: 2-12 distinct printable characters.
    pub symbols: String,
    /// l: the length of the substrings that must not repeat (2-8).
    pub length: usize,
    /// 2-6; with more than two, people only.
    pub players: usize,
    /// Illegal symbols are greyed and refused; off, an illegal symbol loses at once.
    pub assist: bool,
    /// The solver's proof search stops at this many plies (0: no limit).
    pub max_depth: u32,
    pub first: FirstMover,
}

impl Default for PnutConfig {
    fn default() -> Self {
        PnutConfig {
            symbols: "012".into(),
            length: 3,
            players: 2,
            assist: true,
            max_depth: 0,
            first: FirstMover::You,
        }
    }
}
