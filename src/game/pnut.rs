//! Pnut-Butta: players in turn append one of k symbols to a shared string. Once the
//! string holds l or more symbols, its last l symbols must not appear anywhere earlier
//! in it (overlapping occurrences count; the same symbols reversed are fine). A player
//! with no legal symbol is trapped, and the player who moved last wins.
//!
//! With more than two players (people only) the turn rotates and the last player to
//! move still wins. In the hard mode nobody checks a symbol before it is written: an
//! illegal one loses at once, and [`Forfeit`] says where its l symbols appeared before.
//!
//! Seen as a graph, the game is a walk in the de Bruijn graph B(k, l-1): a node is a
//! run of l-1 symbols, an edge an l-gram, and a move follows an edge never used before.
//! An l-gram is numbered as a base-k number of its symbols (first symbol most
//! significant), so the edges leaving a node `v` are `v*k .. v*k + k`.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use rustc_hash::FxHashMap;
use thiserror::Error;

use super::{Game, Outcome, RuleError, Seat};

pub const MIN_SYMBOLS: usize = 2;
pub const MAX_SYMBOLS: usize = 12;
pub const MIN_LENGTH: usize = 2;
pub const MAX_LENGTH: usize = 8;
pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 6;

/// What `--symbols` accepts, for messages.
pub const SYMBOLS_FORMAT: &str =
    "expected 2-12 distinct printable characters (no spaces), e.g. 012 or abc";
/// What `--length` accepts, for messages.
pub const LENGTH_FORMAT: &str = "expected a whole number from 2 to 8";

/// Why Pnut-Butta options, a string or a move were refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PnutError {
    #[error("{count} symbol(s) given: {SYMBOLS_FORMAT}")]
    TooFewSymbols { count: usize },
    #[error("{count} symbols given: {SYMBOLS_FORMAT}")]
    TooManySymbols { count: usize },
    #[error("the symbol '{0}' is given twice: {SYMBOLS_FORMAT}")]
    RepeatedSymbol(char),
    #[error("the symbol {0:?} is not printable: {SYMBOLS_FORMAT}")]
    UnprintableSymbol(char),
    #[error("length {0}: {LENGTH_FORMAT}")]
    BadLength(usize),
    #[error("{0} players: expected 2-6")]
    BadPlayers(usize),
    #[error("'{symbol}' (character {position} of the string) is not one of the symbols {symbols}")]
    ForeignSymbol {
        symbol: char,
        position: usize,
        symbols: String,
    },
    #[error(
        "the string breaks the rules at character {position}: its last {length} symbols '{gram}' appeared before"
    )]
    RepeatedGram {
        position: usize,
        length: usize,
        gram: String,
    },
}

impl From<PnutError> for RuleError {
    fn from(e: PnutError) -> RuleError {
        match e {
            PnutError::ForeignSymbol { .. } | PnutError::RepeatedGram { .. } => {
                RuleError::BadPosition(e.to_string())
            }
            _ => RuleError::BadPosition(e.to_string()),
        }
    }
}

/// The symbols and the length l: everything fixed for a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    symbols: Vec<char>,
    length: usize,
}

impl Rules {
    /// Checks the symbols (2-12 distinct printable characters) and the length (2-8).
    pub fn new(symbols: &str, length: usize) -> Result<Rules, PnutError> {
        let symbols = parse_symbols(symbols)?;
        if !(MIN_LENGTH..=MAX_LENGTH).contains(&length) {
            return Err(PnutError::BadLength(length));
        }
        Ok(Rules { symbols, length })
    }

    /// k, the number of symbols.
    pub fn k(&self) -> usize {
        self.symbols.len()
    }

    /// l, the length of the substrings that must not repeat.
    pub fn length(&self) -> usize {
        self.length
    }

    pub fn symbols(&self) -> &[char] {
        &self.symbols
    }

    /// The symbols as one string, e.g. "012".
    pub fn symbols_text(&self) -> String {
        self.symbols.iter().collect()
    }

    pub fn symbol(&self, index: u8) -> char {
        self.symbols[usize::from(index)]
    }

    pub fn index_of(&self, c: char) -> Option<u8> {
        self.symbols.iter().position(|&s| s == c).map(|i| i as u8)
    }

    /// k^l, the number of distinct l-grams (edges of the de Bruijn graph), saturating.
    pub fn grams(&self) -> u64 {
        (self.k() as u64).saturating_pow(self.length as u32)
    }

    /// k^(l-1), the number of nodes of the de Bruijn graph.
    pub fn nodes(&self) -> u64 {
        (self.k() as u64).saturating_pow(self.length as u32 - 1)
    }

    /// The number of an l-gram given as symbol indices.
    pub fn code(&self, gram: &[u8]) -> u64 {
        gram.iter()
            .fold(0u64, |acc, &s| acc * self.k() as u64 + u64::from(s))
    }

    /// The l-gram with number `code`, as symbols.
    pub fn gram_text(&self, code: u64) -> String {
        let k = self.k() as u64;
        let mut digits = vec![0u8; self.length];
        let mut c = code;
        for d in digits.iter_mut().rev() {
            *d = (c % k) as u8;
            c /= k;
        }
        digits.iter().map(|&d| self.symbol(d)).collect()
    }
}

/// Parses a symbol set: 2-12 distinct printable characters, not whitespace.
pub fn parse_symbols(text: &str) -> Result<Vec<char>, PnutError> {
    let symbols: Vec<char> = text.chars().collect();
    if symbols.len() < MIN_SYMBOLS {
        return Err(PnutError::TooFewSymbols {
            count: symbols.len(),
        });
    }
    if symbols.len() > MAX_SYMBOLS {
        return Err(PnutError::TooManySymbols {
            count: symbols.len(),
        });
    }
    for (i, &c) in symbols.iter().enumerate() {
        if c.is_control() || c.is_whitespace() {
            return Err(PnutError::UnprintableSymbol(c));
        }
        if symbols[..i].contains(&c) {
            return Err(PnutError::RepeatedSymbol(c));
        }
    }
    Ok(symbols)
}

/// A move: the symbol appended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PnutMove(pub char);

impl fmt::Display for PnutMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for PnutMove {
    type Err = RuleError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(PnutMove(c)),
            _ => Err(RuleError::BadMove(format!(
                "'{s}' is not a Pnut-Butta move: expected one symbol, e.g. 2"
            ))),
        }
    }
}

/// An illegal symbol written in the hard mode: the game is lost for its writer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// Who wrote it (0-based player index in turn order).
    pub player: usize,
    pub symbol: char,
    /// Where the l symbols it completed started before (index into the string).
    pub earlier: usize,
    /// Where they start now: the last l symbols of the string with the illegal one.
    pub now: usize,
}

/// A game of Pnut-Butta: the rules, the number of players, the string so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pnut {
    rules: Arc<Rules>,
    players: usize,
    /// The string as symbol indices; in a forfeited game, the illegal symbol is last.
    string: Vec<u8>,
    /// Every l-gram of the string (by code) and where it starts.
    seen: FxHashMap<u64, usize>,
    forfeit: Option<Forfeit>,
}

impl Pnut {
    /// A new two-player game with the empty string.
    pub fn new(rules: Rules) -> Pnut {
        Pnut {
            rules: Arc::new(rules),
            players: 2,
            string: Vec::new(),
            seen: FxHashMap::default(),
            forfeit: None,
        }
    }

    /// A new game for 2-6 players.
    pub fn with_players(rules: Rules, players: usize) -> Result<Pnut, PnutError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(PnutError::BadPlayers(players));
        }
        let mut game = Pnut::new(rules);
        game.players = players;
        Ok(game)
    }

    /// A two-player game from a string written so far; refuses symbols outside the set
    /// and strings that already broke the rule.
    pub fn parse(rules: Rules, text: &str) -> Result<Pnut, PnutError> {
        let mut game = Pnut::new(rules);
        for (i, c) in text.chars().enumerate() {
            let Some(s) = game.rules.index_of(c) else {
                return Err(PnutError::ForeignSymbol {
                    symbol: c,
                    position: i + 1,
                    symbols: game.rules.symbols_text(),
                });
            };
            if !game.is_legal_index(s) {
                let l = game.rules.length;
                let mut gram: String = text.chars().skip(i + 1 - l).take(l).collect();
                if gram.is_empty() {
                    gram = c.to_string();
                }
                return Err(PnutError::RepeatedGram {
                    position: i + 1,
                    length: l,
                    gram,
                });
            }
            game.push(s);
        }
        Ok(game)
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// The string as symbol indices (with the illegal symbol last after a forfeit).
    pub fn indices(&self) -> &[u8] {
        &self.string
    }

    /// The string as text.
    pub fn text(&self) -> String {
        self.string.iter().map(|&s| self.rules.symbol(s)).collect()
    }

    /// Symbols written so far (legal ones).
    pub fn len(&self) -> usize {
        self.string.len() - usize::from(self.forfeit.is_some())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn forfeit(&self) -> Option<Forfeit> {
        self.forfeit
    }

    /// The 0-based index of the player to move (or who would be, once over).
    pub fn mover(&self) -> usize {
        self.len() % self.players
    }

    /// The player who moved last, if anyone has.
    pub fn last_mover(&self) -> Option<usize> {
        (!self.is_empty()).then(|| (self.len() - 1) % self.players)
    }

    /// The winner's 0-based index once the game is over: the last player to move
    /// legally (after a forfeit too).
    pub fn winner(&self) -> Option<usize> {
        if self.forfeit.is_some() || self.legal_indices().is_empty() {
            self.last_mover().or(Some(self.players - 1))
        } else {
            None
        }
    }

    pub fn is_over(&self) -> bool {
        self.winner().is_some()
    }

    /// The code of the l-gram that appending symbol `s` would complete, if the string
    /// is long enough.
    pub fn gram_after(&self, s: u8) -> Option<u64> {
        let l = self.rules.length;
        let n = self.len();
        if n + 1 < l {
            return None;
        }
        let k = self.rules.k() as u64;
        let prefix = &self.string[n + 1 - l..n];
        let code = prefix.iter().fold(0u64, |acc, &x| acc * k + u64::from(x));
        Some(code * k + u64::from(s))
    }

    /// Whether appending symbol index `s` is legal (ignoring whether the game is over).
    pub fn is_legal_index(&self, s: u8) -> bool {
        usize::from(s) < self.rules.k()
            && self
                .gram_after(s)
                .is_none_or(|code| !self.seen.contains_key(&code))
    }

    /// Where the l symbols that `s` would complete appeared before, if they did: the
    /// start of the earlier occurrence.
    pub fn earlier_occurrence(&self, s: u8) -> Option<usize> {
        self.gram_after(s)
            .and_then(|code| self.seen.get(&code).copied())
    }

    /// The legal symbol indices, in the order of the symbol set.
    pub fn legal_indices(&self) -> Vec<u8> {
        if self.forfeit.is_some() {
            return Vec::new();
        }
        (0..self.rules.k() as u8)
            .filter(|&s| self.is_legal_index(s))
            .collect()
    }

    /// Whether `c` may be written now.
    pub fn is_legal(&self, c: char) -> bool {
        self.forfeit.is_none()
            && self
                .rules
                .index_of(c)
                .is_some_and(|s| self.is_legal_index(s))
    }

    /// The l-grams used so far, by code.
    pub fn used_grams(&self) -> impl Iterator<Item = u64> + '_ {
        self.seen.keys().copied()
    }

    /// Whether the l-gram `code` is used, and where it starts.
    pub fn gram_position(&self, code: u64) -> Option<usize> {
        self.seen.get(&code).copied()
    }

    pub fn used_count(&self) -> usize {
        self.seen.len()
    }

    fn push(&mut self, s: u8) {
        if let Some(code) = self.gram_after(s) {
            let start = self.len() + 1 - self.rules.length;
            self.seen.insert(code, start);
        }
        self.string.push(s);
    }

    /// Writes `c` without the assistant's check (the hard mode): a legal symbol is
    /// played; an illegal one ends the game, lost for its writer. Symbols outside the
    /// set are refused.
    pub fn write_unchecked(&mut self, c: char) -> Result<Option<Forfeit>, RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        let Some(s) = self.rules.index_of(c) else {
            return Err(RuleError::Illegal(format!(
                "'{c}' is not one of the symbols {}",
                self.rules.symbols_text()
            )));
        };
        if let Some(earlier) = self.earlier_occurrence(s) {
            let forfeit = Forfeit {
                player: self.mover(),
                symbol: c,
                earlier,
                now: self.len() + 1 - self.rules.length,
            };
            self.string.push(s);
            self.forfeit = Some(forfeit);
            return Ok(Some(forfeit));
        }
        self.push(s);
        Ok(None)
    }
}

impl Game for Pnut {
    type Move = PnutMove;

    /// Seats alternate with the string's length: `First` writes symbols 1, 3, 5...
    fn to_move(&self) -> Seat {
        if self.len().is_multiple_of(2) {
            Seat::First
        } else {
            Seat::Second
        }
    }

    fn legal_moves(&self) -> Vec<PnutMove> {
        self.legal_indices()
            .into_iter()
            .map(|s| PnutMove(self.rules.symbol(s)))
            .collect()
    }

    fn play(&mut self, m: PnutMove) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        let Some(s) = self.rules.index_of(m.0) else {
            return Err(RuleError::Illegal(format!(
                "'{}' is not one of the symbols {}",
                m.0,
                self.rules.symbols_text()
            )));
        };
        if let Some(earlier) = self.earlier_occurrence(s) {
            let l = self.rules.length;
            let gram = self
                .gram_after(s)
                .map(|c| self.rules.gram_text(c))
                .unwrap_or_default();
            return Err(RuleError::Illegal(format!(
                "{m}: the last {l} symbols would be '{gram}', which appeared before at position {}",
                earlier + 1
            )));
        }
        self.push(s);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let winner = self.winner()?;
        Some(Outcome::Win(if winner % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        }))
    }

    fn position_text(&self) -> String {
        self.text()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_original_example_traps_player_two() {
        let rules = Rules::new("012", 3).unwrap();
        let game = Pnut::parse(rules, "00012002100").unwrap();
        assert!(game.legal_moves().is_empty());
        assert_eq!(game.winner(), Some(0));
        assert_eq!(game.outcome(), Some(Outcome::Win(Seat::First)));
        for s in 0..3u8 {
            assert!(game.earlier_occurrence(s).is_some());
        }
        // 00012002100: "000" was at 0; "001" at 1; "002" at 5.
        assert_eq!(game.earlier_occurrence(0), Some(0));
        assert_eq!(game.earlier_occurrence(1), Some(1));
        assert_eq!(game.earlier_occurrence(2), Some(5));
    }

    #[test]
    fn reversed_is_fine_and_overlaps_count() {
        let rules = Rules::new("01", 2).unwrap();
        assert!(Pnut::parse(rules.clone(), "0110").is_ok());
        assert!(matches!(
            Pnut::parse(rules.clone(), "0111"),
            Err(PnutError::RepeatedGram { position: 4, .. })
        ));
        let rules3 = Rules::new("01", 3).unwrap();
        // 0000: "000" at 0 and at 1 overlap.
        assert!(Pnut::parse(rules3, "0000").is_err());
    }

    #[test]
    fn forfeits_record_both_occurrences() {
        let rules = Rules::new("01", 2).unwrap();
        let mut g = Pnut::with_players(rules, 3).unwrap();
        for c in "011".chars() {
            assert_eq!(g.write_unchecked(c).unwrap(), None);
        }
        assert_eq!(g.mover(), 0);
        let f = g.write_unchecked('1').unwrap().unwrap();
        assert_eq!((f.player, f.earlier, f.now), (0, 1, 2));
        assert_eq!(g.winner(), Some(2));
        assert_eq!(g.text(), "0111");
        assert_eq!(g.len(), 3);
    }
}
