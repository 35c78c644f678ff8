//! `parlor perft`, `parlor solve othello`, `parlor simulate othello`, `parlor bench ffo`.

use std::path::Path;

use super::{CliError, SimulateArgs, SolveArgs, not_yet};
use crate::config::Config;
use crate::games::GameId;

pub fn perft(_depth: u32) -> Result<(), CliError> {
    Err(not_yet(GameId::Othello))
}

pub fn solve(_args: &SolveArgs, _config: &Config) -> Result<(), CliError> {
    Err(not_yet(GameId::Othello))
}

pub fn simulate(_args: &SimulateArgs, _config: &Config) -> Result<(), CliError> {
    Err(not_yet(GameId::Othello))
}

pub fn bench(_suite: &str, _file: &Path, _config: &Config) -> Result<(), CliError> {
    Err(not_yet(GameId::Othello))
}
