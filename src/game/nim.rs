//! Nim: piles of coins; a move takes one or more coins from a single pile.
//! Normal play: whoever takes the last coin wins. Misère: whoever takes it loses.

use std::fmt;
use std::str::FromStr;

use super::{Game, Outcome, RuleError, Seat};

pub const MAX_PILES: usize = 8;
pub const MAX_COINS: u8 = 99;

/// Which convention decides the winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Taking the last coin wins.
    Normal,
    /// Taking the last coin loses.
    Misere,
}

/// A move: take `take` coins from pile `pile` (0-based inside, 1-based in notation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NimMove {
    pub pile: usize,
    pub take: u8,
}

impl fmt::Display for NimMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.pile + 1, self.take)
    }
}

impl FromStr for NimMove {
    type Err = RuleError;

    /// `2:3` takes 3 coins from pile 2.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || {
            RuleError::BadMove(format!(
                "'{s}' is not a Nim move: expected PILE:COUNT with whole numbers, e.g. 2:3 takes 3 from pile 2"
            ))
        };
        let (pile, take) = s.trim().split_once(':').ok_or_else(bad)?;
        let pile: usize = pile.trim().parse().map_err(|_| bad())?;
        let take: u8 = take.trim().parse().map_err(|_| bad())?;
        if pile == 0 || take == 0 {
            return Err(bad());
        }
        Ok(NimMove {
            pile: pile - 1,
            take,
        })
    }
}

/// A Nim position: the piles, the ending convention and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    piles: Vec<u8>,
    ending: Ending,
    to_move: Seat,
}

impl Nim {
    /// A new game with `First` to move. Piles may be empty; counts are not range-checked
    /// here beyond the notation limits (see [`parse_piles`]).
    pub fn new(piles: Vec<u8>, ending: Ending) -> Nim {
        Nim {
            piles,
            ending,
            to_move: Seat::First,
        }
    }

    /// The 1-3-5-7 sugar-packet game: misère Nim on piles 1, 3, 5, 7.
    pub fn sugar_packets() -> Nim {
        Nim::new(vec![1, 3, 5, 7], Ending::Misere)
    }

    pub fn piles(&self) -> &[u8] {
        &self.piles
    }

    pub fn ending(&self) -> Ending {
        self.ending
    }

    pub fn coins_left(&self) -> u32 {
        self.piles.iter().map(|&p| u32::from(p)).sum()
    }

    /// The position in notation: `1,3,5,7`.
    pub fn notation(&self) -> String {
        format_piles(&self.piles)
    }

    /// The position after `m`, or an error if `m` is illegal.
    pub fn after(&self, m: NimMove) -> Result<Nim, RuleError> {
        let mut next = self.clone();
        next.play(m)?;
        Ok(next)
    }
}

impl Game for Nim {
    type Move = NimMove;

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn legal_moves(&self) -> Vec<NimMove> {
        self.piles
            .iter()
            .enumerate()
            .flat_map(|(pile, &count)| (1..=count).map(move |take| NimMove { pile, take }))
            .collect()
    }

    fn play(&mut self, m: NimMove) -> Result<(), RuleError> {
        if self.outcome().is_some() {
            return Err(RuleError::GameOver);
        }
        let Some(count) = self.piles.get_mut(m.pile) else {
            return Err(RuleError::Illegal(format!(
                "{m}: there is no pile {}",
                m.pile + 1
            )));
        };
        if m.take == 0 || m.take > *count {
            return Err(RuleError::Illegal(format!(
                "{m}: pile {} has {} coin(s)",
                m.pile + 1,
                *count
            )));
        }
        *count -= m.take;
        self.to_move = self.to_move.other();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.coins_left() > 0 {
            return None;
        }
        // The player who just moved took the last coin.
        let last_mover = self.to_move.other();
        Some(match self.ending {
            Ending::Normal => Outcome::Win(last_mover),
            Ending::Misere => Outcome::Win(self.to_move),
        })
    }

    fn position_text(&self) -> String {
        self.notation()
    }
}

/// Formats piles as `3,4,5`.
pub fn format_piles(piles: &[u8]) -> String {
    piles
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Whether empty piles are accepted: a game in progress may have them, a new game may not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmptyPiles {
    Allowed,
    Refused,
}

/// Parses `1,3,5,7`: 1 to 8 piles of whole numbers up to 99.
pub fn parse_piles(text: &str, empty: EmptyPiles) -> Result<Vec<u8>, RuleError> {
    let lowest = if empty == EmptyPiles::Allowed { 0 } else { 1 };
    let accepted = format!(
        "expected 1-{MAX_PILES} comma-separated piles of {lowest}-{MAX_COINS} coins, e.g. 3,4,5"
    );
    let text = text.trim();
    if text.is_empty() {
        return Err(RuleError::BadPosition(format!(
            "no piles given: {accepted}"
        )));
    }
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() > MAX_PILES {
        return Err(RuleError::BadPosition(format!(
            "{} piles is too many: {accepted}",
            parts.len()
        )));
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            let n: i64 = part.parse().map_err(|_| {
                RuleError::BadPosition(format!(
                    "pile {} is '{part}', not a whole number: {accepted}",
                    i + 1
                ))
            })?;
            if n < i64::from(lowest) || n > i64::from(MAX_COINS) {
                return Err(RuleError::BadPosition(format!(
                    "pile {} has {n} coins: {accepted}",
                    i + 1
                )));
            }
            u8::try_from(n).map_err(|_| RuleError::BadPosition(accepted.clone()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taking_the_last_coin_wins_in_normal_play() {
        let mut g = Nim::new(vec![0, 2], Ending::Normal);
        g.play(NimMove { pile: 1, take: 2 }).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Win(Seat::First)));
    }

    #[test]
    fn taking_the_last_coin_loses_in_misere() {
        let mut g = Nim::new(vec![1], Ending::Misere);
        g.play(NimMove { pile: 0, take: 1 }).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Win(Seat::Second)));
    }

    #[test]
    fn illegal_moves_leave_the_position_alone() {
        let mut g = Nim::new(vec![3, 4], Ending::Normal);
        let before = g.clone();
        assert!(g.play(NimMove { pile: 0, take: 4 }).is_err());
        assert!(g.play(NimMove { pile: 2, take: 1 }).is_err());
        assert!(g.play(NimMove { pile: 0, take: 0 }).is_err());
        assert_eq!(g, before);
    }

    #[test]
    fn legal_moves_count_every_take_from_every_pile() {
        let g = Nim::new(vec![1, 3, 0, 2], Ending::Normal);
        assert_eq!(g.legal_moves().len(), 6);
    }

    #[test]
    fn notation_round_trips() {
        assert_eq!(
            parse_piles(" 1, 3,5,7", EmptyPiles::Refused).unwrap(),
            vec![1, 3, 5, 7]
        );
        assert_eq!(
            "2:3".parse::<NimMove>().unwrap(),
            NimMove { pile: 1, take: 3 }
        );
        assert_eq!(NimMove { pile: 1, take: 3 }.to_string(), "2:3");
    }

    #[test]
    fn bad_notation_is_refused_with_what_is_accepted() {
        for bad in [
            "",
            "a",
            "1,,2",
            "-1",
            "1,2,3,4,5,6,7,8,9",
            "100",
            "3,x",
            "1.5",
        ] {
            let err = parse_piles(bad, EmptyPiles::Refused)
                .unwrap_err()
                .to_string();
            assert!(err.contains("expected 1-8"), "{bad}: {err}");
        }
        assert!(parse_piles("0,3", EmptyPiles::Refused).is_err());
        assert_eq!(parse_piles("0,3", EmptyPiles::Allowed).unwrap(), vec![0, 3]);
        for bad in ["2", "0:1", "1:0", "a:b", "1:-1"] {
            assert!(bad.parse::<NimMove>().is_err(), "{bad}");
        }
    }
}
