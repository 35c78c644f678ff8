//! `parlor engine <game>`'s session as the games provide it: the engine loop (`cli::engine`)
//! hands each input line to the session and writes its answer.

use std::io::Write;

use super::{CliError, GameSetup};

/// Reads a game's setup from its `parlor play` options, as the command line does (the
/// shell parses options; a game's engine asks it, e.g. for the line protocol's `new`).
pub type SetupReader = Box<dyn Fn(&[String]) -> Result<GameSetup, CliError>>;

/// What the loop does after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// One engine session: answers each input line on `out`.
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
    ) -> std::io::Result<Flow>;

    /// Whether `line`, arriving during a search, stops it. By default only `quit`.
    fn stopper(&self) -> fn(&str) -> bool {
        |line| line.split_whitespace().next() == Some("quit")
    }
}
