//! Pnut-Butta's setup options: the rules, the players, the assistant and the solver's
//! limits.

use crate::game::pnut::{self, MAX_LENGTH, MAX_PLAYERS, MAX_SYMBOLS, MIN_LENGTH, MIN_PLAYERS};
use crate::matchup::MatchSetup;
use crate::options_plumbing;
use crate::plugin::options::{GameOptions, Row, stepped};
use crate::solve::pnut::{Limits, MAX_BUDGET};

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PnutSetup {
    /// As typed; [`PnutSetup::rules`] falls back to 0 1 2 while it is not valid.
    pub symbols: String,
    pub length: usize,
    /// 2-6; more than two are people only.
    pub players: usize,
    pub assist: bool,
    /// Plies of proof search at most; 0 for no limit.
    pub max_depth: u32,
    pub think_ms: u64,
    /// The solver's table, from the config.
    pub table_mib: u32,
}

impl PnutSetup {
    /// The variant in words, for the statistics: "symbols 012, runs of 3" (as the game's
    /// title says it; "l=3" was jargon), with the number of
    /// players past two and the hard mode.
    pub fn variant_words(&self) -> String {
        let mut words = format!("symbols {}, runs of {}", self.symbols, self.length);
        if self.players > 2 {
            words.push_str(&format!(", {} players", self.players));
        }
        if !self.assist {
            words.push_str(", hard");
        }
        words
    }

    /// The rules to play; the default symbols while the typed ones are not valid.
    pub fn rules(&self) -> pnut::Rules {
        pnut::Rules::new(&self.symbols, self.length)
            .or_else(|_| pnut::Rules::new("012", self.length))
            .unwrap_or_else(|_| pnut::Rules::new("012", 3).expect("the default rules are valid"))
    }

    /// The solver's limits for this game.
    pub fn limits(&self) -> Limits {
        Limits {
            max_depth: (self.max_depth > 0).then_some(self.max_depth),
            max_millis: self.think_ms,
            table_mib: self.table_mib,
            max_nodes: None,
        }
    }
}

const SYMBOLS: u16 = 0;
const LENGTH: u16 = 1;
const PLAYERS: u16 = 2;
const ASSIST: u16 = 3;
const DEPTH: u16 = 4;
const TIME: u16 = 5;

/// What ←→ steps through on the symbols row.
const PRESETS: [&str; 6] = ["01", "012", "0123", "abc", "ACGT", "0123456789"];

impl GameOptions for PnutSetup {
    options_plumbing!();

    fn rows(&self, _matchup: &MatchSetup) -> Vec<Row> {
        let mut rows = vec![
            Row {
                id: SYMBOLS,
                label: "Symbols".into(),
                value: match pnut::parse_symbols(&self.symbols) {
                    Ok(list) => {
                        // The symbols alone: "(k = 3)" beside "Length 3 symbols" read as
                        // two names for one number.
                        let shown: Vec<String> = list.iter().map(|c| c.to_string()).collect();
                        shown.join(" ")
                    }
                    Err(_) => format!("{}_ (type 2-12 symbols)", self.symbols),
                },
                explanation:
                    "←→ presets, or type your own (not a key with a job in the game, such as q)."
                        .into(),
            },
            Row {
                id: LENGTH,
                label: "Length".into(),
                // In words, not the proofs' letter: "l = 3" read as "1 = 3".
                value: format!("{} symbols", self.length),
                explanation: format!(
                    "The last {} symbols, as a run, may never have appeared earlier in the \
                     string.",
                    self.length
                )
                .into(),
            },
            Row {
                id: PLAYERS,
                label: "Players".into(),
                value: if self.players > 2 {
                    format!("{} (people only, in turn)", self.players)
                } else {
                    "2".into()
                },
                explanation: (if self.players > 2 {
                    "The turn rotates among the players; the last player to move wins."
                } else {
                    "Two players; ←→ for 3-6 (people only, the turn rotates)."
                })
                .into(),
            },
            Row {
                id: ASSIST,
                label: "Assistance".into(),
                value: if self.assist {
                    "on: illegal symbols refused"
                } else {
                    "off: an illegal symbol loses"
                }
                .into(),
                explanation: (if self.assist {
                    "The assistant refuses a symbol that would repeat. ←→ for the hard mode."
                } else {
                    "The hard mode: check for yourself, an illegal symbol loses."
                })
                .into(),
            },
        ];
        if !self.people_only() {
            rows.push(Row {
                id: DEPTH,
                label: "Search depth".into(),
                value: if self.max_depth == 0 {
                    "no limit".into()
                } else {
                    format!("{} plies", self.max_depth)
                },
                explanation: "The AI's proof search stops at this depth (0: until proven).".into(),
            });
            rows.push(Row {
                id: TIME,
                label: "Thinking time".into(),
                value: format!("{:.1} s per position", self.think_ms as f64 / 1000.0),
                explanation: "How long the AI and the hints think per position.".into(),
            });
        }
        rows
    }

    fn for_online(&mut self) {
        self.players = 2;
    }

    /// Online: two players, no AI to search or think.
    fn online_row(&self, id: u16) -> bool {
        !matches!(id, PLAYERS | DEPTH | TIME)
    }

    fn change(&mut self, id: u16, step: isize) {
        match id {
            SYMBOLS => {
                let i = PRESETS.iter().position(|p| *p == self.symbols);
                let n = PRESETS.len() as isize;
                let next = match i {
                    Some(i) => (i as isize + step).rem_euclid(n) as usize,
                    None => 1,
                };
                self.symbols = PRESETS[next].to_string();
            }
            LENGTH => {
                self.length = stepped(
                    self.length as i64,
                    step,
                    1,
                    MIN_LENGTH as i64,
                    MAX_LENGTH as i64,
                ) as usize;
            }
            PLAYERS => {
                self.players = stepped(
                    self.players as i64,
                    step,
                    1,
                    MIN_PLAYERS as i64,
                    MAX_PLAYERS as i64,
                ) as usize;
            }
            ASSIST => self.assist = !self.assist,
            DEPTH => {
                self.max_depth =
                    stepped(i64::from(self.max_depth), step, 4, 0, i64::from(MAX_BUDGET)) as u32;
            }
            TIME => self.think_ms = stepped(self.think_ms as i64, step, 500, 500, 60_000) as u64,
            _ => {}
        }
    }

    /// Typing a symbol: the first key replaces the set, later keys add to it; repeated
    /// and unprintable symbols are ignored.
    fn type_char(&mut self, id: u16, c: char, typing: &mut bool) {
        if id != SYMBOLS {
            return;
        }
        if !*typing {
            self.symbols.clear();
            *typing = true;
        }
        if !c.is_control()
            && !c.is_whitespace()
            && !self.symbols.contains(c)
            && self.symbols.chars().count() < MAX_SYMBOLS
        {
            self.symbols.push(c);
        }
    }

    fn refused(&self, id: u16, c: char) -> Option<String> {
        if id != SYMBOLS || c.is_control() || c.is_whitespace() {
            return None;
        }
        if self.symbols.contains(c) {
            Some(format!("'{c}' is a symbol already: each symbol once."))
        } else if self.symbols.chars().count() >= MAX_SYMBOLS {
            Some(format!(
                "At most {MAX_SYMBOLS} symbols: '{c}' was not added."
            ))
        } else {
            None
        }
    }

    fn erase(&mut self, id: u16, typing: &mut bool) {
        if id == SYMBOLS {
            self.symbols.pop();
            *typing = true;
        }
    }

    fn people_only(&self) -> bool {
        self.players > 2
    }
}

impl PnutSetup {
    /// The options as the config sets them.
    pub fn from_config(config: &crate::config::Config) -> PnutSetup {
        let own = super::config::SECTION.read(config);
        PnutSetup {
            symbols: own.symbols,
            length: own.length,
            players: own.players,
            assist: own.assist,
            max_depth: own.max_depth,
            think_ms: config.solver.max_millis,
            table_mib: config.solver.table_mib,
        }
    }
}

impl Default for PnutSetup {
    /// The built-in config's options.
    fn default() -> Self {
        PnutSetup::from_config(&crate::config::Config::default())
    }
}
