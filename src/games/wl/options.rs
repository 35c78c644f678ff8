//! Winners & Losers' setup options: a typed string or the random length range, and
//! the simulation's number of games.

use rand::{Rng, RngExt};

use crate::games::options::{GameOptions, Row, stepped};
use crate::matchup::MatchSetup;
use crate::options_plumbing;

/// The longest random string the setup offers, and the longest typed one.
pub const MAX_LEN: usize = 200;

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct WlSetup {
    pub min_len: usize,
    pub max_len: usize,
    /// A typed string of W and L; empty means a random one for every game.
    pub letters: String,
    pub simulate_games: u32,
}

impl WlSetup {
    /// The letters to play: the typed string, or a random one (true = W).
    pub fn starting_letters<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<bool> {
        if self.letters.is_empty() {
            let n = rng.random_range(self.min_len..=self.max_len.max(self.min_len));
            (0..n).map(|_| rng.random_bool(0.5)).collect()
        } else {
            self.letters.chars().map(|c| c == 'W').collect()
        }
    }
}

const LETTERS: u16 = 0;
const MIN_LEN: u16 = 1;
const MAX_LEN_ROW: u16 = 2;
const SIMULATE_GAMES: u16 = 3;

const LENGTHS_EXPLAINED: &str = "Random strings get a length in this range (1-200).";

impl GameOptions for WlSetup {
    options_plumbing!();

    fn rows(&self, _matchup: &MatchSetup) -> Vec<Row> {
        vec![
            Row {
                id: LETTERS,
                label: "String".into(),
                value: if self.letters.is_empty() {
                    "random (type W and L)".into()
                } else {
                    self.letters.clone()
                },
                explanation:
                    "Type W and L for your own string (Backspace erases), or leave it random."
                        .into(),
            },
            Row {
                id: MIN_LEN,
                label: "Shortest string".into(),
                value: self.min_len.to_string(),
                explanation: LENGTHS_EXPLAINED.into(),
            },
            Row {
                id: MAX_LEN_ROW,
                label: "Longest string".into(),
                value: self.max_len.to_string(),
                explanation: LENGTHS_EXPLAINED.into(),
            },
        ]
    }

    fn simulation_rows(&self) -> Vec<Row> {
        vec![Row {
            id: SIMULATE_GAMES,
            label: "Simulated games".into(),
            value: self.simulate_games.to_string(),
            explanation: "←→ ten times more or fewer games for the simulation.".into(),
        }]
    }

    fn offers_simulation(&self) -> bool {
        true
    }

    fn change(&mut self, id: u16, step: isize) {
        match id {
            MIN_LEN => {
                self.min_len = stepped(self.min_len as i64, step, 1, 1, MAX_LEN as i64) as usize;
                self.max_len = self.max_len.max(self.min_len);
            }
            MAX_LEN_ROW => {
                self.max_len = stepped(self.max_len as i64, step, 1, 1, MAX_LEN as i64) as usize;
                self.min_len = self.min_len.min(self.max_len);
            }
            SIMULATE_GAMES => {
                let g = &mut self.simulate_games;
                *g = if step > 0 {
                    (*g * 10).min(1_000_000)
                } else {
                    (*g / 10).max(1)
                };
            }
            _ => {}
        }
    }

    /// Typing W or L into the string row.
    fn type_char(&mut self, id: u16, c: char, _typing: &mut bool) {
        if id != LETTERS {
            return;
        }
        match c.to_ascii_uppercase() {
            upper @ ('W' | 'L') if self.letters.len() < MAX_LEN => self.letters.push(upper),
            _ => {}
        }
    }

    fn erase(&mut self, id: u16, _typing: &mut bool) {
        if id == LETTERS {
            self.letters.pop();
        }
    }
}

impl WlSetup {
    /// The options as the config sets them.
    pub fn from_config(config: &crate::config::Config) -> WlSetup {
        WlSetup {
            min_len: config.wl.min_len,
            max_len: config.wl.max_len,
            letters: String::new(),
            simulate_games: config.wl.simulate_games,
        }
    }
}

impl Default for WlSetup {
    /// The built-in config's options.
    fn default() -> Self {
        WlSetup::from_config(&crate::config::Config::default())
    }
}
