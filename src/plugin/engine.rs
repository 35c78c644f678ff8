//! `parlor engine <game>`'s session as the games provide it: the engine loop (`cli::engine`)
//! hands each input line to the session and writes its answer.

use std::io::Write;

use super::{CliError, GameSetup};

/// Reads a game's setup from its `parlor play` options, as the command line does (the
/// shell parses options; a game's engine asks it, e.g. for the line protocol's `new`).
pub type SetupReader = Box<dyn Fn(&[String]) -> Result<GameSetup, CliError>>;

/// One engine session: answers each input line on `out`. `quit` never reaches it: the
/// engine loop ends the session on it, as on the end of input.
///
/// Lines keep arriving while the session thinks (a reader thread queues them), so a
/// search can end early: `stop` turns true once a line waits that [`EngineSession::stopper`]
/// says stops a search (NBoard's `ping`), or the input has ended. The session then
/// answers with what it has found so far, and the waiting line comes next.
pub trait EngineSession {
    fn answer(
        &mut self,
        line: &str,
        out: &mut dyn Write,
        stop: &dyn Fn() -> bool,
    ) -> std::io::Result<()>;

    /// Whether `line`, arriving during a search, stops it (`quit` always does). By
    /// default no other line.
    fn stopper(&self) -> fn(&str) -> bool {
        |_| false
    }
}
