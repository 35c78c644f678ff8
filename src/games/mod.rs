//! The catalogue of games: names on the menu and on the command line.

pub mod othello;
pub mod pnut;

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameId {
    Nim,
    SugarPackets,
    Chopsticks,
    Othello,
    Pnut,
    WinnersLosers,
}

impl GameId {
    pub const ALL: [GameId; 6] = [
        GameId::Nim,
        GameId::SugarPackets,
        GameId::Chopsticks,
        GameId::Othello,
        GameId::Pnut,
        GameId::WinnersLosers,
    ];

    pub fn menu_name(self) -> &'static str {
        match self {
            GameId::Nim => "Nim",
            GameId::SugarPackets => "1-3-5-7",
            GameId::Chopsticks => "Chopsticks",
            GameId::Othello => "Othello",
            GameId::Pnut => "Pnut-Butta",
            GameId::WinnersLosers => "Winners & Losers",
        }
    }

    /// The name used on the command line.
    pub fn cli_name(self) -> &'static str {
        match self {
            GameId::Nim => "nim",
            GameId::SugarPackets => "1357",
            GameId::Chopsticks => "chopsticks",
            GameId::Othello => "othello",
            GameId::Pnut => "pnut",
            GameId::WinnersLosers => "wl",
        }
    }

    pub fn blurb(self) -> &'static str {
        match self {
            GameId::Nim => "take coins from one pile; last coin wins",
            GameId::SugarPackets => "misère Nim with sugar packets",
            GameId::Chopsticks => "the finger-counting hand game",
            GameId::Othello => "8x8 reversi against a searching engine",
            GameId::Pnut => "never repeat the last l symbols",
            GameId::WinnersLosers => "take W/L letters from either end",
        }
    }

    pub fn from_cli_name(name: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.cli_name() == name)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.menu_name())
    }
}
