//! Winners & Losers' setup options: a typed string or the random length range, and
//! the simulation's number of games.

use rand::{Rng, RngExt};

use crate::matchup::MatchSetup;
use crate::options_plumbing;
use crate::plugin::options::{
    GameOptions, Row, erased_number, number_text, settled, stepped, typed_number,
};

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
    /// The variant in words, for the statistics: "random, 5-50 letters", or the typed
    /// string ("letters WLLWL").
    pub fn variant_words(&self) -> String {
        if self.letters.is_empty() {
            let (shortest, longest) = self.lengths();
            format!("random, {shortest}-{longest} letters")
        } else {
            format!("letters {}", self.letters)
        }
    }

    /// The letters to play: the typed string, or a random one (true = W).
    pub fn starting_letters<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<bool> {
        if self.letters.is_empty() {
            let (shortest, longest) = self.lengths();
            let n = rng.random_range(shortest..=longest);
            (0..n).map(|_| rng.random_bool(0.5)).collect()
        } else {
            self.letters.chars().map(|c| c == 'W').collect()
        }
    }

    /// The random strings' lengths, shortest and longest. Typing a bound leaves the
    /// other as it is (typing 150 passes through 1 and 15), so the two may cross while
    /// being typed: the range is then the one between them.
    /// A length row's value; bounds typed across each other say which range is
    /// meant ("100 (crossed: 49-100 letters)"), not a shortest above the longest.
    fn length_value(&self, n: usize) -> String {
        if self.min_len > self.max_len && n > 0 && self.min_len.min(self.max_len) > 0 {
            let (lo, hi) = self.lengths();
            format!("{n} (crossed: {lo}-{hi} letters)")
        } else {
            number_text(n as u64, 1, MAX_LEN as u64)
        }
    }

    pub fn lengths(&self) -> (usize, usize) {
        (
            self.min_len.min(self.max_len),
            self.min_len.max(self.max_len),
        )
    }
}

/// The most games a simulation plays.
pub const MAX_SIMULATED_GAMES: u32 = 1_000_000;

const LETTERS: u16 = 0;
const MIN_LEN: u16 = 1;
const MAX_LEN_ROW: u16 = 2;
const SIMULATE_GAMES: u16 = 3;

const LENGTHS_EXPLAINED: &str =
    "Random strings get a length in this range (1-200): type it, or ←→ one more or fewer.";

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
                value: self.length_value(self.min_len),
                explanation: LENGTHS_EXPLAINED.into(),
            },
            Row {
                id: MAX_LEN_ROW,
                label: "Longest string".into(),
                value: self.length_value(self.max_len),
                explanation: LENGTHS_EXPLAINED.into(),
            },
        ]
    }

    fn simulation_rows(&self) -> Vec<Row> {
        vec![Row {
            id: SIMULATE_GAMES,
            label: "Simulated games".into(),
            value: number_text(
                u64::from(self.simulate_games),
                1,
                u64::from(MAX_SIMULATED_GAMES),
            ),
            explanation: "Type the number of games (up to 1000000), or ←→ ten times more or fewer."
                .into(),
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
                    (*g * 10).min(MAX_SIMULATED_GAMES)
                } else {
                    (*g / 10).max(1)
                };
            }
            _ => {}
        }
    }

    /// Typing W or L into the string row, digits into the numbers.
    fn type_char(&mut self, id: u16, c: char, typing: &mut bool) {
        let len = |n: usize, typing: &mut bool| {
            typed_number(n as u64, c, typing, 0, MAX_LEN as u64) as usize
        };
        match id {
            LETTERS => match c.to_ascii_uppercase() {
                upper @ ('W' | 'L') if self.letters.len() < MAX_LEN => self.letters.push(upper),
                _ => {}
            },
            MIN_LEN => self.min_len = len(self.min_len, typing),
            MAX_LEN_ROW => self.max_len = len(self.max_len, typing),
            SIMULATE_GAMES => {
                let games = u64::from(self.simulate_games);
                let max = u64::from(MAX_SIMULATED_GAMES);
                self.simulate_games = typed_number(games, c, typing, 0, max) as u32;
            }
            _ => {}
        }
    }

    fn number_in(&self, id: u16) -> Option<(u64, u64)> {
        match id {
            MIN_LEN => Some((self.min_len as u64, MAX_LEN as u64)),
            MAX_LEN_ROW => Some((self.max_len as u64, MAX_LEN as u64)),
            SIMULATE_GAMES => Some((
                u64::from(self.simulate_games),
                u64::from(MAX_SIMULATED_GAMES),
            )),
            _ => None,
        }
    }

    fn erase(&mut self, id: u16, typing: &mut bool) {
        match id {
            LETTERS => {
                self.letters.pop();
            }
            MIN_LEN => self.min_len = erased_number(self.min_len as u64, typing, 0) as usize,
            MAX_LEN_ROW => self.max_len = erased_number(self.max_len as u64, typing, 0) as usize,
            SIMULATE_GAMES => {
                let games = u64::from(self.simulate_games);
                self.simulate_games = erased_number(games, typing, 0) as u32;
            }
            _ => {}
        }
    }

    /// A length or a number of games left empty (0) takes its least, 1.
    fn has_empty_number(&self) -> bool {
        self.min_len == 0 || self.max_len == 0 || self.simulate_games == 0
    }
    fn settle(&mut self) {
        self.min_len = settled(self.min_len as u64, 1) as usize;
        self.max_len = settled(self.max_len as u64, 1) as usize;
        self.simulate_games = settled(u64::from(self.simulate_games), 1) as u32;
    }
}

impl WlSetup {
    /// The options as the config sets them.
    pub fn from_config(config: &crate::config::Config) -> WlSetup {
        let own = super::config::SECTION.read(config);
        WlSetup {
            min_len: own.min_len,
            max_len: own.max_len,
            letters: String::new(),
            simulate_games: own.simulate_games,
        }
    }
}

impl Default for WlSetup {
    /// The built-in config's options.
    fn default() -> Self {
        WlSetup::from_config(&crate::config::Config::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seeds::GameRng;
    use rand::SeedableRng;

    #[test]
    fn typed_lengths_that_cross_still_give_strings_between_them() {
        let mut setup = WlSetup::default();
        let mut typing = false;
        // The shortest typed as 30 while the longest is still 10: no panic, 10-30.
        for c in ['3', '0'] {
            setup.type_char(MIN_LEN, c, &mut typing);
        }
        typing = false;
        for c in ['1', '0'] {
            setup.type_char(MAX_LEN_ROW, c, &mut typing);
        }
        assert_eq!((setup.min_len, setup.max_len), (30, 10));
        assert_eq!(setup.lengths(), (10, 30));
        // The rows say so, rather than a shortest above the longest.
        let matchup = crate::plugin::GameSetup::from_config(
            crate::games::wl::ID,
            &crate::config::Config::default(),
        )
        .matchup;
        let rows = setup.rows(&matchup);
        let value = |id| rows.iter().find(|r| r.id == id).map(|r| r.value.clone());
        assert_eq!(
            value(MIN_LEN).as_deref(),
            Some("30 (crossed: 10-30 letters)")
        );
        assert_eq!(
            value(MAX_LEN_ROW).as_deref(),
            Some("10 (crossed: 10-30 letters)")
        );
        let mut rng = GameRng::seed_from_u64(1);
        for _ in 0..50 {
            let n = setup.starting_letters(&mut rng).len();
            assert!((10..=30).contains(&n), "{n}");
        }
        // A digit past the longest the setup offers is not taken (as every number
        // row), and the row says its most to the setup.
        typing = false;
        for c in ['1', '9', '9', '9'] {
            setup.type_char(MAX_LEN_ROW, c, &mut typing);
        }
        assert_eq!(setup.max_len, 199);
        assert_eq!(setup.number_in(MAX_LEN_ROW), Some((199, MAX_LEN as u64)));
    }
}
