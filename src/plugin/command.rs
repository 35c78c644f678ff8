//! What a game's commands return and are given: the typed error every command of the
//! program shares (its exit code follows the command line's contract) and a game's
//! parsed arguments.

use clap::{ArgMatches, FromArgMatches, ValueEnum};
use thiserror::Error;

use super::GameId;
use crate::config::ConfigError;
use crate::matchup::Difficulty;

/// The exit code of a long command stopped by Ctrl-C (the shell's 128 + SIGINT).
pub const INTERRUPTED: u8 = 130;

#[derive(Debug, Error)]
pub enum CliError {
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
    #[error("{0}")]
    Failed(String),
    /// Ctrl-C stopped the command after it printed what it had done: exit code 130.
    #[error("{0}")]
    Interrupted(String),
    #[error("cannot catch Ctrl-C: {0}")]
    Signal(std::io::Error),
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) | CliError::Config(_) => 2,
            CliError::Interrupted(_) => INTERRUPTED,
            _ => 1,
        }
    }
}

/// A usage error: what was wrong and what is accepted (exit code 2).
pub fn usage(e: impl ToString) -> CliError {
    CliError::Usage(e.to_string())
}

/// A command's typed arguments, read back from the matches its own struct described
/// (a game's subcommand, or one of its own commands).
pub fn typed<T: FromArgMatches>(matches: &ArgMatches) -> Result<T, CliError> {
    T::from_arg_matches(matches).map_err(|e| usage(e.render()))
}

/// The game named after a command, and the matches of that game's own subcommand.
#[derive(Clone, Debug)]
pub struct GameArgs {
    pub game: GameId,
    pub matches: ArgMatches,
}

impl GameArgs {
    /// The game's typed options. The subcommand was built from the same struct, so
    /// this fails only if a game reads a struct other than the one it described.
    pub fn typed<T: FromArgMatches>(&self) -> Result<T, CliError> {
        typed(&self.matches)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    VsAi,
    TwoPlayers,
    AiVsAi,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FirstArg {
    You,
    Ai,
    Coin,
    AiChooses,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DifficultyArg {
    Perfect,
    Strong,
    Casual,
    Beginner,
}

impl DifficultyArg {
    pub fn difficulty(self) -> Difficulty {
        match self {
            DifficultyArg::Perfect => Difficulty::Perfect,
            DifficultyArg::Strong => Difficulty::Strong,
            DifficultyArg::Casual => Difficulty::Casual,
            DifficultyArg::Beginner => Difficulty::Beginner,
        }
    }
}

/// The options `parlor play` takes for every game (each game adds its own).
#[derive(Debug, clap::Args)]
pub struct PlayCommon {
    /// Who plays: you against the AI, two people on one keyboard, or two AIs to watch.
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
    /// Who moves first.
    #[arg(long, value_enum)]
    pub first: Option<FirstArg>,
    /// Seed for coin flips and the AI's choices, for a reproducible game.
    // A negative number is taken as the (refused) value, not as an unknown option.
    #[arg(long, allow_negative_numbers = true, value_parser = seed)]
    pub seed: Option<u64>,
    /// Start from this position, in the notation `parlor solve <GAME>` reads (see its
    /// --help; Othello also takes an OBF line or a move list from the start such as f5d6c3).
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Each side's clock: minutes+seconds added a move (5+3), or 30s+0; whoever runs
    /// out loses (against the AI, Othello's AI thinks within its clock).
    // "-1+0" is taken as the (refused) value, not as an unknown option.
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    pub clock: Option<crate::clock::TimeControl>,
}

/// `--difficulty`, for the games whose AI has the four difficulties (Othello has levels).
#[derive(Debug, clap::Args)]
pub struct DifficultyOption {
    /// How well the AI plays (perfect never slips; beginner more often than not).
    #[arg(long, value_enum)]
    pub difficulty: Option<DifficultyArg>,
}

/// The options `parlor simulate` takes for every game.
#[derive(Debug, clap::Args)]
pub struct SimulateCommon {
    /// How many games to play (1-1000000).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Seed of the games' random choices; each run prints the seed it used, which
    /// replays the same games.
    #[arg(long, allow_negative_numbers = true, value_parser = seed)]
    pub seed: Option<u64>,
    /// Print one JSON object (its shape is in docs/json.md) instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// A `--seed`: any whole number from 0 to 2^64 - 1 (clap's own words, "invalid digit
/// found in string", did not say what is accepted).
fn seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("expected a whole number from 0 to {}, e.g. 42", u64::MAX))
}
