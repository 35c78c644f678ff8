//! Othello's setup options: the AI's level and its thinking time per move.

use super::levels;
use crate::matchup::{MatchSetup, Mode};
use crate::options_plumbing;
use crate::plugin::options::{GameOptions, Row, cycle, stepped};
use crate::solve::othello::Level;

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct OthelloSetup {
    pub level: Level,
    pub think_ms: u64,
    /// Draw discs as X and O.
    pub ascii: bool,
}

const LEVEL: u16 = 0;
const THINK_TIME: u16 = 1;

impl GameOptions for OthelloSetup {
    options_plumbing!();

    fn rows(&self, matchup: &MatchSetup) -> Vec<Row> {
        if matchup.mode == Mode::TwoPlayers {
            return Vec::new();
        }
        vec![
            Row {
                id: LEVEL,
                label: "AI level".into(),
                value: self.level.to_string(),
                explanation: levels::setup_line(self.level).into(),
            },
            Row {
                id: THINK_TIME,
                label: "Thinking time".into(),
                value: format!("{:.1} s per move", self.think_ms as f64 / 1000.0),
                explanation: "How long the strong and exact levels (and the hints) think per move."
                    .into(),
            },
        ]
    }

    fn change(&mut self, id: u16, step: isize) {
        match id {
            LEVEL => self.level = cycle(&Level::ALL, self.level, step),
            THINK_TIME => {
                self.think_ms = stepped(self.think_ms as i64, step, 500, 500, 60_000) as u64;
            }
            _ => {}
        }
    }
}

impl OthelloSetup {
    /// The options as the config sets them.
    pub fn from_config(config: &crate::config::Config) -> OthelloSetup {
        let own = super::config::SECTION.read(config);
        OthelloSetup {
            level: own.level,
            think_ms: config.solver.max_millis,
            ascii: own.ascii_discs,
        }
    }
}

impl Default for OthelloSetup {
    /// The built-in config's options.
    fn default() -> Self {
        OthelloSetup::from_config(&crate::config::Config::default())
    }
}
