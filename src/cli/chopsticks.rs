//! `parlor solve chopsticks`.

use super::{CliError, SolveArgs, not_yet};
use crate::config::Config;
use crate::games::GameId;

pub fn solve(_args: &SolveArgs, _config: &Config) -> Result<(), CliError> {
    Err(not_yet(GameId::Chopsticks))
}
