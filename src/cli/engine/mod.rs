//! `parlor engine <game>`: the AI as a long-lived process reading commands on stdin and
//! answering on stdout, keeping one analyst (and so its tables) for the whole session.
//! Othello speaks the NBoard protocol (`games/othello/nboard.rs`), the other games a small line
//! protocol (`lines.rs`, documented in docs/engine.md). Each game builds its session through
//! `GameKind::engine`.

mod inbox;

use std::io::Write;

use super::CliError;
use crate::config::Config;
use crate::plugin::GameId;
use crate::plugin::engine::SetupReader;
use crate::plugin::{GameSetup, usage};

/// Runs `parlor engine <game> [options]` on stdin/stdout until `quit` or end of input.
pub fn run(game: GameId, options: &[String], config: &Config) -> Result<(), CliError> {
    let reader_config = config.clone();
    let setups: SetupReader = Box::new(move |options| setup(game, options, &reader_config));
    let mut session = game.kind().engine(options, config, setups)?;
    let inbox = inbox::Inbox::read(std::io::BufReader::new(std::io::stdin()), session.stopper());
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    while let Some(line) = inbox.next() {
        if inbox::is_quit(&line) {
            break;
        }
        session.answer(&line, &mut out, &|| inbox.stopping())?;
        // Another program waits for the answer: never leave it in a buffer.
        out.flush()?;
    }
    Ok(())
}

/// The setup of `game` with `options` as `parlor play <game>` reads them.
fn setup(game: GameId, options: &[String], config: &Config) -> Result<GameSetup, CliError> {
    let argv = [game.cli_name()]
        .into_iter()
        .map(String::from)
        .chain(options.iter().cloned());
    let matches = crate::cli::play_command(game.kind())
        .try_get_matches_from(argv)
        .map_err(|e| {
            let text = e.to_string();
            let first = text
                .lines()
                .next()
                .unwrap_or("")
                .trim_start_matches("error: ");
            usage(format!("the options {}: {first}", options.join(" ")))
        })?;
    let setup = crate::cli::play_setup(&crate::plugin::GameArgs { game, matches }, config)?;
    game.kind()
        .check_position(&setup)
        .map_err(|e| usage(format!("the options {}: {e}", options.join(" "))))?;
    Ok(setup)
}
