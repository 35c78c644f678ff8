//! Othello's setup options: the AI's level and its thinking time per move.

use super::levels;
use crate::matchup::{MatchSetup, Mode};
use crate::options_plumbing;
use crate::plugin::options::{GameOptions, Row, erased_number, on_scale, stepped, typed_number};
use crate::solve::othello::Level;

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct OthelloSetup {
    pub level: Level,
    pub think_ms: u64,
    /// Draw discs as X and O.
    pub ascii: bool,
    /// Two AIs' speed as the watcher left it: steps of doubling (+) or halving (-)
    /// their thinking time and pause from the setup's; kept in a saved match.
    #[serde(skip_serializing_if = "is_zero")]
    pub speed_step: i32,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

const LEVEL: u16 = 0;
const THINK_TIME: u16 = 1;
/// The thinking time's bounds (ms), and the step of ←→.
const MIN_THINK_MS: u64 = 500;
const MAX_THINK_MS: u64 = 60_000;
const THINK_STEP_MS: u64 = 500;

impl GameOptions for OthelloSetup {
    options_plumbing!();

    /// The level and its thinking time are the AI's strength: shown after "First
    /// move", as every other game's "AI level" (they came after Clock and Prediction).
    fn rows_are_ai_strength(&self) -> bool {
        true
    }

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
            // On the clock the AI's time comes from its clock: this is a ceiling.
            match matchup.clock.filter(|_| matchup.mode != Mode::AiVsAi) {
                // A level that plays at once: the time is the hints' alone (its arrows
                // beside a level they do not change read as a setting of the AI).
                _ if !uses_time(self.level) => Row {
                    id: THINK_TIME,
                    label: "Thinking time".into(),
                    value: self.think_text("s per move (hints)"),
                    explanation: format!(
                        "{} plays at once; this is how long the hints think per move.",
                        self.level
                    )
                    .into(),
                },
                None => Row {
                    id: THINK_TIME,
                    label: "Thinking time".into(),
                    value: self.think_text("s per move"),
                    explanation: "How long the strong and exact levels (and the hints) think \
                                  per move: type whole seconds (1-60), or ←→ by half a \
                                  second (0.5-60)."
                        .into(),
                },
                Some(_) => Row {
                    id: THINK_TIME,
                    label: "Thinking time".into(),
                    value: format!("at most {}", self.think_text("s a move")),
                    explanation: "On the clock the strong and exact levels share out their \
                                  time left, a move never longer than this."
                        .into(),
                },
            },
        ]
    }

    fn change(&mut self, id: u16, step: isize) {
        match id {
            LEVEL => self.level = on_scale(&Level::ALL, self.level, step),
            THINK_TIME => {
                let (least, most) = (MIN_THINK_MS as i64, MAX_THINK_MS as i64);
                let ms = stepped(
                    self.think_ms as i64,
                    step,
                    THINK_STEP_MS as i64,
                    least,
                    most,
                );
                self.think_ms = ms as u64;
            }
            _ => {}
        }
    }

    /// Digits typed into the thinking time are whole seconds, up to the most; a lone
    /// 0 is allowed on the way and settles at 1 s once typing ends.
    fn type_char(&mut self, id: u16, c: char, typing: &mut bool) {
        // Only digits: a letter emptied the row (and the footer offered "a-z").
        if id == THINK_TIME && c.is_ascii_digit() {
            let seconds = if *typing { self.think_ms / 1000 } else { 0 };
            let most = MAX_THINK_MS / 1000;
            self.think_ms = typed_number(seconds, c, typing, 0, most) * 1000;
        }
    }

    fn number_in(&self, id: u16) -> Option<(u64, u64)> {
        (id == THINK_TIME).then_some((self.think_ms / 1000, MAX_THINK_MS / 1000))
    }

    fn erase(&mut self, id: u16, typing: &mut bool) {
        if id == THINK_TIME {
            self.think_ms = erased_number(self.think_ms / 1000, typing, 0) * 1000;
        }
    }

    /// A time left at "0" takes the least that may be typed, 1 s (the row said "type
    /// 1-60 s"; 0.5 s, the arrows' least, read as a value from nowhere). Only that: a
    /// shorter time from the config, as the tests' 0.2 s, stays as it was set.
    fn has_empty_number(&self) -> bool {
        self.think_ms == 0
    }
    fn settle(&mut self) {
        if self.think_ms == 0 {
            self.think_ms = 1_000;
        }
    }
}

impl OthelloSetup {
    /// "5.0 s per move" (`unit` after the seconds), or while a time is half typed
    /// ("0"), what may be typed.
    fn think_text(&self, unit: &str) -> String {
        if self.think_ms == 0 {
            return format!("… (type 1-{} s)", MAX_THINK_MS / 1000);
        }
        format!("{:.1} {unit}", self.think_ms as f64 / 1000.0)
    }
}

/// Whether the AI at `level` thinks for the thinking time (the others search a fixed
/// number of moves ahead and play at once).
pub(super) fn uses_time(level: Level) -> bool {
    matches!(level, Level::Strong | Level::Exact)
}

impl OthelloSetup {
    /// The options as the config sets them.
    pub fn from_config(config: &crate::config::Config) -> OthelloSetup {
        let own = super::config::SECTION.read(config);
        OthelloSetup {
            level: own.level,
            think_ms: config.solver.max_millis,
            ascii: own.ascii_discs,
            speed_step: 0,
        }
    }
}

impl Default for OthelloSetup {
    /// The built-in config's options.
    fn default() -> Self {
        OthelloSetup::from_config(&crate::config::Config::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;

    /// On the clock the thinking time is a ceiling, and the row says so (it read as
    /// the time each move takes, beside a clock that shortens it).
    #[test]
    fn the_thinking_time_row_says_it_is_a_ceiling_on_the_clock() {
        let options = OthelloSetup {
            level: Level::Strong,
            ..OthelloSetup::default()
        };
        let mut matchup = MatchSetup {
            mode: Mode::VsAi,
            first: crate::matchup::FirstMover::You,
            difficulty: crate::matchup::Difficulty::Perfect,
            clock: None,
        };
        let think = |m: &MatchSetup| {
            let rows = options.rows(m);
            rows.into_iter()
                .find(|r| r.id == THINK_TIME)
                .map(|r| r.value)
                .expect("a thinking time row")
        };
        assert!(think(&matchup).ends_with(" s per move"));
        matchup.clock = Some(TimeControl::new(300_000, 0));
        assert!(
            think(&matchup).starts_with("at most "),
            "{}",
            think(&matchup)
        );
        // Two AIs play without a clock: the setup keeps the choice, hidden.
        matchup.mode = Mode::AiVsAi;
        assert!(think(&matchup).ends_with(" s per move"));
    }

    /// Digits type the thinking time in whole seconds: "12" is 12 s, past 60 s it is
    /// 60 s, a lone "0" says what may be typed and settles at 1 s, Backspace
    /// drops a digit.
    #[test]
    fn the_thinking_time_is_typed_in_seconds() {
        let mut o = OthelloSetup {
            level: Level::Strong,
            think_ms: 5_000,
            ..OthelloSetup::default()
        };
        let mut typing = false;
        // A letter is no digit: it leaves the time (it emptied the row).
        o.type_char(THINK_TIME, 'x', &mut typing);
        assert_eq!(o.think_ms, 5_000);
        assert!(!typing);
        o.type_char(THINK_TIME, '1', &mut typing);
        assert_eq!(o.think_ms, 1_000);
        o.type_char(THINK_TIME, '2', &mut typing);
        assert_eq!(o.think_ms, 12_000);
        assert_eq!(o.think_text("s per move"), "12.0 s per move");
        o.type_char(THINK_TIME, '9', &mut typing);
        assert_eq!(o.think_ms, 12_000, "a digit past the most is not taken");
        assert_eq!(o.number_in(THINK_TIME), Some((12, 60)));
        o.erase(THINK_TIME, &mut typing);
        assert_eq!(o.think_ms, 1_000);
        let mut fresh = false;
        o.type_char(THINK_TIME, '0', &mut fresh);
        assert_eq!(o.think_ms, 0);
        assert_eq!(o.think_text("s per move"), "… (type 1-60 s)");
        o.settle();
        assert_eq!(o.think_ms, 1_000);
        // Another row's typing leaves it; a config's shorter time is kept.
        let mut quick = OthelloSetup {
            think_ms: 200,
            ..OthelloSetup::default()
        };
        quick.type_char(LEVEL, '3', &mut fresh);
        quick.settle();
        assert_eq!(quick.think_ms, 200);
    }

    /// The levels that play at once do not think for the thinking time: the row says
    /// whose time it is (the hints'), on the clock or not.
    #[test]
    fn the_thinking_time_of_a_level_that_plays_at_once_is_the_hints() {
        for level in Level::ALL {
            let options = OthelloSetup {
                level,
                ..OthelloSetup::default()
            };
            for clock in [None, Some(TimeControl::new(300_000, 0))] {
                let matchup = MatchSetup {
                    mode: Mode::VsAi,
                    first: crate::matchup::FirstMover::You,
                    difficulty: crate::matchup::Difficulty::Perfect,
                    clock,
                };
                let row = options
                    .rows(&matchup)
                    .into_iter()
                    .find(|r| r.id == THINK_TIME)
                    .expect("a thinking time row");
                let hints = row.value.ends_with("(hints)");
                assert_eq!(
                    hints,
                    matches!(level, Level::Beginner | Level::Casual | Level::Benedict),
                    "{level}: {}",
                    row.value
                );
                if hints {
                    assert!(
                        row.explanation.contains("plays at once"),
                        "{}",
                        row.explanation
                    );
                }
            }
        }
    }
}
