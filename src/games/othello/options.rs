//! Othello's setup options: the AI's level and its thinking time per move.

use super::levels;
use crate::matchup::{MatchSetup, Mode};
use crate::options_plumbing;
use crate::plugin::options::{GameOptions, Row, on_scale, stepped};
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
            // On the clock the AI's time comes from its clock: this is a ceiling.
            match matchup.clock.filter(|_| matchup.mode != Mode::AiVsAi) {
                // A level that plays at once: the time is the hints' alone (its arrows
                // beside a level they do not change read as a setting of the AI).
                _ if !uses_time(self.level) => Row {
                    id: THINK_TIME,
                    label: "Thinking time".into(),
                    value: format!("{:.1} s per move (hints)", self.think_ms as f64 / 1000.0),
                    explanation: format!(
                        "{} plays at once; this is how long the hints think per move.",
                        self.level
                    )
                    .into(),
                },
                None => Row {
                    id: THINK_TIME,
                    label: "Thinking time".into(),
                    value: format!("{:.1} s per move", self.think_ms as f64 / 1000.0),
                    explanation:
                        "How long the strong and exact levels (and the hints) think per move."
                            .into(),
                },
                Some(_) => Row {
                    id: THINK_TIME,
                    label: "Thinking time".into(),
                    value: format!("at most {:.1} s a move", self.think_ms as f64 / 1000.0),
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
                self.think_ms = stepped(self.think_ms as i64, step, 500, 500, 60_000) as u64;
            }
            _ => {}
        }
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
