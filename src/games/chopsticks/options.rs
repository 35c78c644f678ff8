//! Chopsticks' setup options: the rules variant and the move cap.

use crate::game::chopsticks::{MAX_MOVE_CAP, MIN_MOVE_CAP, Variant};
use crate::matchup::MatchSetup;
use crate::options_plumbing;
use crate::plugin::options::{GameOptions, Row, stepped};

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct ChopsticksSetup {
    pub rollover: bool,
    pub empty_splits: bool,
    pub move_cap: u32,
}

impl ChopsticksSetup {
    /// The variant in words, for the statistics: "standard", "rollover, no empty splits".
    pub fn variant_words(&self) -> String {
        match (self.rollover, self.empty_splits) {
            (false, true) => "standard".to_string(),
            (true, true) => "rollover".to_string(),
            (false, false) => "no empty splits".to_string(),
            (true, false) => "rollover, no empty splits".to_string(),
        }
    }

    pub fn variant(&self) -> Variant {
        Variant {
            rollover: self.rollover,
            empty_splits: self.empty_splits,
        }
    }
}

const ROLLOVER: u16 = 0;
const EMPTY_SPLITS: u16 = 1;
const MOVE_CAP: u16 = 2;

impl GameOptions for ChopsticksSetup {
    options_plumbing!();

    fn rows(&self, _matchup: &MatchSetup) -> Vec<Row> {
        vec![
            Row {
                id: ROLLOVER,
                label: "Rollover".into(),
                value: if self.rollover {
                    "on: past 5 wraps round"
                } else {
                    "off: 5 or more kills a hand"
                }
                .into(),
                explanation: (if self.rollover {
                    "Rollover: 3 + 4 = 2 instead of a dead hand; a hand dies only at exactly 5."
                } else {
                    "A hand that reaches 5 fingers or more dies. ←→ for rollover."
                })
                .into(),
            },
            Row {
                id: EMPTY_SPLITS,
                label: "Emptying splits".into(),
                value: if self.empty_splits {
                    "allowed (e.g. 2,2 → 4,0)"
                } else {
                    "not allowed"
                }
                .into(),
                explanation: (if self.empty_splits {
                    "A split may leave a hand with no fingers (2,2 → 4,0)."
                } else {
                    "A split must leave fingers on both hands."
                })
                .into(),
            },
            Row {
                id: MOVE_CAP,
                label: "Move cap".into(),
                value: format!("{} moves, then a draw", self.move_cap),
                explanation: "←→ ten more or fewer; a third repetition of a position also draws."
                    .into(),
            },
        ]
    }

    fn change(&mut self, id: u16, step: isize) {
        match id {
            ROLLOVER => self.rollover = !self.rollover,
            EMPTY_SPLITS => self.empty_splits = !self.empty_splits,
            MOVE_CAP => {
                self.move_cap = stepped(
                    i64::from(self.move_cap),
                    step,
                    10,
                    i64::from(MIN_MOVE_CAP),
                    i64::from(MAX_MOVE_CAP),
                ) as u32;
            }
            _ => {}
        }
    }
}

impl ChopsticksSetup {
    /// The options as the config sets them.
    pub fn from_config(config: &crate::config::Config) -> ChopsticksSetup {
        let own = super::config::SECTION.read(config);
        ChopsticksSetup {
            rollover: own.rollover,
            empty_splits: own.empty_splits,
            move_cap: own.move_cap,
        }
    }
}

impl Default for ChopsticksSetup {
    /// The built-in config's options.
    fn default() -> Self {
        ChopsticksSetup::from_config(&crate::config::Config::default())
    }
}
