//! Chopsticks' setup options: the rules variant and the move cap.

use crate::game::chopsticks::{MAX_MOVE_CAP, MIN_MOVE_CAP, Variant};
use crate::matchup::MatchSetup;
use crate::options_plumbing;
use crate::plugin::options::{GameOptions, Row, erased_number, stepped, typed_number};

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

    /// The move cap the game plays with: the row's number within its bounds (a number
    /// half typed, "5" on the way to "50", may be below the least).
    pub fn cap(&self) -> u32 {
        self.move_cap.clamp(MIN_MOVE_CAP, MAX_MOVE_CAP)
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
                value: if self.move_cap == 0 {
                    format!("… (type {MIN_MOVE_CAP}-{MAX_MOVE_CAP})")
                } else if self.move_cap < MIN_MOVE_CAP {
                    format!("{}… (at least {MIN_MOVE_CAP} moves)", self.move_cap)
                } else {
                    format!("{} moves, then a draw", self.move_cap)
                },
                explanation: format!(
                    "Type {MIN_MOVE_CAP}-{MAX_MOVE_CAP}, or ←→ ten more or fewer; a third \
                     repetition of a position also draws."
                )
                .into(),
            },
        ]
    }

    fn change(&mut self, id: u16, step: isize) {
        match id {
            ROLLOVER => self.rollover = !self.rollover,
            EMPTY_SPLITS => self.empty_splits = !self.empty_splits,
            // From a number typed below the least, either way: the least.
            MOVE_CAP if self.move_cap < MIN_MOVE_CAP => self.move_cap = MIN_MOVE_CAP,
            MOVE_CAP => {
                self.move_cap = stepped(
                    i64::from(self.cap()),
                    step,
                    10,
                    i64::from(MIN_MOVE_CAP),
                    i64::from(MAX_MOVE_CAP),
                ) as u32;
            }
            _ => {}
        }
    }

    /// Digits typed into the move cap append, up to the most; below the least is
    /// allowed on the way ("5" then "0" is 50, not 10 then 100) and the row says so,
    /// and the setup settles it at the least once typing ends.
    fn type_char(&mut self, id: u16, c: char, typing: &mut bool) {
        if id == MOVE_CAP {
            // Below the least while typing ("5" on the way to "50"): settled when the
            // typing ends.
            let cap = typed_number(u64::from(self.move_cap), c, typing, 0, MAX_MOVE_CAP.into());
            self.move_cap = cap as u32;
        }
    }

    fn settle(&mut self) {
        self.move_cap = self.cap();
    }

    fn number_in(&self, id: u16) -> Option<(u64, u64)> {
        (id == MOVE_CAP).then(|| (u64::from(self.move_cap), u64::from(MAX_MOVE_CAP)))
    }

    fn erase(&mut self, id: u16, typing: &mut bool) {
        if id == MOVE_CAP {
            self.move_cap = erased_number(u64::from(self.move_cap), typing, 0) as u32;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(keys: &str) -> ChopsticksSetup {
        let mut s = ChopsticksSetup::default();
        let mut typing = false;
        for c in keys.chars() {
            if c == '<' {
                s.erase(MOVE_CAP, &mut typing);
            } else {
                s.type_char(MOVE_CAP, c, &mut typing);
            }
        }
        s
    }

    fn cap_row(s: &ChopsticksSetup) -> String {
        let matchup = MatchSetup {
            mode: crate::matchup::Mode::VsAi,
            first: crate::matchup::FirstMover::You,
            difficulty: crate::matchup::Difficulty::Perfect,
            clock: None,
        };
        s.rows(&matchup)
            .into_iter()
            .find(|r| r.id == MOVE_CAP)
            .map(|r| r.value)
            .expect("a move cap row")
    }

    /// The move cap takes typed numbers: "50" is 50 (it was not typable; a number
    /// clamped at each digit would have made "5" 10 and then "0" 100).
    #[test]
    fn the_move_cap_is_typed_digit_by_digit() {
        assert_eq!(typed("50").cap(), 50);
        assert_eq!(typed("1000").cap(), 1000);
        // A digit past the most is not taken.
        assert_eq!(typed("10005").move_cap, 1000);
        assert_eq!(typed("2000").move_cap, 200);
        // On the way, below the least: said on the row, played at the least.
        let half = typed("5");
        assert_eq!(cap_row(&half), "5… (at least 10 moves)");
        assert_eq!(half.cap(), 10);
        assert_eq!(cap_row(&typed("50")), "50 moves, then a draw");
        assert_eq!(typed("250<").move_cap, 25);
        assert_eq!(cap_row(&typed("5<")), "… (type 10-1000)");
        // Settled when typing ends, and ←→ from below the least go to it.
        let mut half = typed("5");
        half.settle();
        assert_eq!(half.move_cap, 10);
        for step in [-1, 1] {
            let mut half = typed("5");
            half.change(MOVE_CAP, step);
            assert_eq!(half.move_cap, 10);
        }
        // Letters are not numbers.
        assert_eq!(typed("x").move_cap, 100);
    }
}
