//! Who plays a match and how: the mode, who moves first, the AI's difficulty. Shared by
//! the arcade's setup screen, the command line and the config, for every game.

use serde::{Deserialize, Serialize};

use std::fmt;
use std::str::FromStr;

use crate::solve::policy::Slips;

/// Who plays: a person against the AI, two people, or two AIs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    VsAi,
    TwoPlayers,
    AiVsAi,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::VsAi, Mode::TwoPlayers, Mode::AiVsAi];

    pub fn label(self) -> &'static str {
        match self {
            Mode::VsAi => "you vs the AI",
            Mode::TwoPlayers => "two players, one keyboard",
            Mode::AiVsAi => "AI vs AI (watch)",
        }
    }
}

/// How well the AI plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// Fastest win; when lost, the most traps, then the best chances, then the longest
    /// resistance.
    Perfect,
    /// Perfect, with rare slips.
    Strong,
    /// A fair opponent that often plays a natural-looking but unsound move.
    Casual,
    /// Makes mistakes more often than not.
    Beginner,
}

impl Difficulty {
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Perfect,
        Difficulty::Strong,
        Difficulty::Casual,
        Difficulty::Beginner,
    ];

    /// How often the AI plays a move other than the best one, and whether its slips
    /// may be any move (a beginner's) or only ones that do not lose at once.
    pub fn slips(self) -> Slips {
        let chance = match self {
            Difficulty::Perfect => 0.0,
            Difficulty::Strong => 0.05,
            Difficulty::Casual => 0.3,
            Difficulty::Beginner => 0.6,
        };
        Slips {
            chance,
            blind: self == Difficulty::Beginner,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Perfect => "perfect",
            Difficulty::Strong => "strong",
            Difficulty::Casual => "casual",
            Difficulty::Beginner => "beginner",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| {
                format!("'{s}' is not a difficulty: expected perfect, strong, casual or beginner")
            })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstMover {
    /// The human (player 1 in two-player games) moves first.
    You,
    Ai,
    Coin,
    /// The AI takes the side it can win from.
    AiChooses,
}

/// Who plays and how well.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSetup {
    pub mode: Mode,
    pub first: FirstMover,
    pub difficulty: Difficulty,
    /// Each side's clock, if the match is timed (offered online).
    pub clock: Option<crate::clock::TimeControl>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulty_names_parse() {
        for d in Difficulty::ALL {
            assert_eq!(d.name().parse::<Difficulty>().unwrap(), d);
        }
        assert!("expert".parse::<Difficulty>().is_err());
    }

    #[test]
    fn each_difficulty_slips_more_than_the_one_before() {
        let chances: Vec<f64> = Difficulty::ALL.iter().map(|d| d.slips().chance).collect();
        assert_eq!(chances[0], 0.0);
        assert!(chances.windows(2).all(|w| w[0] < w[1]), "{chances:?}");
        // Only a beginner may hand over a win at once.
        let blind: Vec<bool> = Difficulty::ALL.iter().map(|d| d.slips().blind).collect();
        assert_eq!(blind, [false, false, false, true]);
    }
}
