//! `parlor engine <game>`: the AI as a long-lived process reading commands on stdin and
//! answering on stdout, keeping one analyst (and so its tables) for the whole session.
//! Othello speaks the NBoard protocol (`games/othello/nboard.rs`), the other games a small line
//! protocol (`lines.rs`, documented in docs/engine.md). Each game builds its session through
//! `GameKind::engine`.

pub mod lines;

use std::io::{BufRead, Write};

use super::CliError;
use crate::config::Config;
use crate::games::GameId;

/// What the loop does after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// One engine session: answers each input line on `out`.
pub trait EngineSession {
    fn answer(&mut self, line: &str, out: &mut dyn Write) -> std::io::Result<Flow>;
}

/// Runs `parlor engine <game> [options]` on stdin/stdout until `quit` or end of input.
pub fn run(game: GameId, options: &[String], config: &Config) -> Result<(), CliError> {
    let mut session = game.kind().engine(options, config)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        // Bytes that are not UTF-8 become U+FFFD: the line is then refused as any
        // unknown line is, and the session goes on.
        let line = String::from_utf8_lossy(&bytes);
        let flow = session.answer(line.trim(), &mut out)?;
        // Another program waits for the answer: never leave it in a buffer.
        out.flush()?;
        if flow == Flow::Quit {
            break;
        }
    }
    Ok(())
}
