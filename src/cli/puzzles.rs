//! `parlor puzzle list <game> [--json]`: every shipped puzzle of a game (issue 37,
//! point 6), so anyone can check them with their own solver. The JSON lines are the
//! shipped file's lines, read and checked first (docs/json.md, schema `puzzle`).

use std::io::Write;

use crate::plugin::puzzle::{Puzzle, PuzzleBook};
use crate::plugin::{CliError, GameId, Registry, usage};
use crate::quote::clip;

/// `parlor puzzle list`'s arguments.
#[derive(Debug, clap::Subcommand)]
pub enum PuzzleCommand {
    /// Print every shipped puzzle of a game: its id, the game's options, the position
    /// (the notation of `parlor solve`), every winning first move, the expected result
    /// and its rating.
    List {
        /// The game: one that has puzzles (nim, 1357, chopsticks, pnut).
        #[arg(value_name = "GAME")]
        game: String,
        /// One JSON object a line (its shape is in docs/json.md).
        #[arg(long)]
        json: bool,
    },
}

pub fn run(command: &PuzzleCommand, games: &Registry) -> Result<(), CliError> {
    match command {
        PuzzleCommand::List { game, json } => list(game, *json, games),
    }
}

/// The games whose puzzles can be listed, in menu order.
fn with_puzzles(games: &Registry) -> Vec<&'static str> {
    games
        .all()
        .filter(|g| g.kind().puzzles().is_some_and(|b| b.none_because.is_none()))
        .map(GameId::cli_name)
        .collect()
}

/// The puzzle book of the game named `name`; a usage error names the games that have
/// puzzles.
fn book(name: &str, games: &Registry) -> Result<(GameId, PuzzleBook), CliError> {
    let accepted = with_puzzles(games).join(", ");
    let game = games.find(name).ok_or_else(|| {
        usage(format!(
            "puzzle list: unknown game {}: expected one of {accepted}",
            clip(name)
        ))
    })?;
    let book = game.kind().puzzles().ok_or_else(|| {
        usage(format!(
            "{game} has no puzzles yet: expected one of {accepted}"
        ))
    })?;
    match book.none_because {
        None => Ok((game, book)),
        Some(why) => Err(usage(format!(
            "{game} has no puzzles ({why}): expected one of {accepted}"
        ))),
    }
}

fn list(name: &str, json: bool, games: &Registry) -> Result<(), CliError> {
    let (game, book) = book(name, games)?;
    let puzzles = book
        .shipped()
        .map_err(|e| CliError::Failed(format!("{game}'s shipped puzzles: {e}")))?;
    let mut out = std::io::stdout().lock();
    for p in &puzzles {
        let line = if json { p.json_line() } else { text_line(p) };
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// One puzzle in words: `nim-1f0c2a9b  rating 1600  win in 7: parlor solve nim 3,4,5
/// --misere  winning: 1:2`.
fn text_line(p: &Puzzle) -> String {
    let options = if p.options.is_empty() {
        String::new()
    } else {
        format!(" {}", p.options)
    };
    format!(
        "{}  rating {}  {}: parlor solve {} {}{options}  winning: {}",
        p.id,
        p.rating,
        p.result,
        p.game,
        p.position,
        p.winning.join(" ")
    )
}
