//! `parlor puzzle <game> [--daily | --streak]` opens the puzzle trainer (issue 37);
//! `parlor puzzle <game> --rating` prints the player's puzzle rating with its history;
//! `parlor puzzle list <game> [--json]` prints every shipped puzzle of a game (point 6),
//! so anyone can check them with their own solver. The JSON lines are the shipped
//! file's lines, read and checked first (docs/json.md, schema `puzzle`).

use std::io::Write;

use crate::config::Config;
use crate::plugin::puzzle::{Puzzle, PuzzleBook, rating};
use crate::plugin::{CliError, GameId, Registry, usage};
use crate::quote::clip;
use crate::store::puzzles::PuzzleMode;
use crate::tui::app::Start;

/// `parlor puzzle`'s arguments: a game to train on, or `list`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct PuzzleArgs {
    #[command(subcommand)]
    pub command: Option<PuzzleCommand>,
    /// The game to train on: one that has puzzles (nim, 1357, chopsticks, othello, pnut).
    #[arg(value_name = "GAME")]
    pub game: Option<String>,
    /// The daily puzzle: the same for every player on a date (UTC).
    #[arg(long, conflicts_with = "streak")]
    pub daily: bool,
    /// A streak: puzzles from the easiest up, until the first miss.
    #[arg(long, conflicts_with = "yours")]
    pub streak: bool,
    /// Your own puzzles: the positions of your games against the AI where you let a
    /// win go (not rated).
    #[arg(long, conflicts_with = "daily")]
    pub yours: bool,
    /// Print your puzzle rating in the game and its history instead of opening the
    /// trainer.
    #[arg(long, conflicts_with_all = ["daily", "streak", "yours"])]
    pub rating: bool,
}

/// `parlor puzzle list`'s arguments.
#[derive(Debug, clap::Subcommand)]
pub enum PuzzleCommand {
    /// Print every shipped puzzle of a game: its id, the game's options, the position
    /// (the notation of `parlor solve`), every winning first move, the expected result
    /// and its rating.
    List {
        /// The game: one that has puzzles (nim, 1357, chopsticks, othello, pnut).
        #[arg(value_name = "GAME")]
        game: String,
        /// One JSON object a line (its shape is in docs/json.md).
        #[arg(long)]
        json: bool,
    },
}

pub fn run(args: PuzzleArgs, games: &Registry, config: Config) -> Result<(), super::RunError> {
    if let Some(PuzzleCommand::List { game, json }) = &args.command {
        return Ok(list(game, *json, games)?);
    }
    let Some(name) = args.game.as_deref() else {
        return Err(usage(format!(
            "puzzle: name a game: parlor puzzle GAME [--daily | --streak | --yours | --rating], one of {}; \
             or parlor puzzle list GAME",
            with_puzzles(games).join(", ")
        ))
        .into());
    };
    let (game, book) = book("puzzle", name, games)?;
    if book.shipped.trim().is_empty() {
        return Err(usage(format!("{game} has no puzzles yet")).into());
    }
    if args.rating {
        return Ok(rating(game)?);
    }
    let mode = if args.daily {
        PuzzleMode::Daily
    } else if args.streak {
        PuzzleMode::Streak
    } else if args.yours {
        PuzzleMode::Yours
    } else {
        PuzzleMode::Rated
    };
    crate::tui::run(games, config, Start::Puzzles(game, mode), rand::random())?;
    Ok(())
}

/// `--rating`: the player's puzzle rating in `game`, what it rests on, and how it
/// moved, one attempt a line.
fn rating(game: GameId) -> Result<(), CliError> {
    let progress = crate::store::Store::open_default()
        .map(|mut s| s.puzzle_progress(game.cli_name()))
        .unwrap_or_default();
    let mut out = std::io::stdout().lock();
    let Some(now) = progress.rating else {
        writeln!(
            out,
            "No puzzle of {game} tried yet: `parlor puzzle {}` opens the trainer.",
            game.cli_name()
        )?;
        return Ok(());
    };
    let solved = progress.attempts.iter().filter(|a| a.solved).count();
    writeln!(
        out,
        "Puzzle rating in {game}: {} (deviation {:.0}); {} attempts, {solved} solved; best streak {}.",
        rating::shown(now),
        now.deviation,
        progress.attempts.len(),
        progress.best_streak
    )?;
    for a in &progress.attempts {
        let result = match (a.solved, a.hinted) {
            (true, _) => "solved",
            (false, true) => "hint taken",
            (false, false) => "missed",
        };
        writeln!(
            out,
            "{}  {:<6}  {:<18}  {:<10}  {:.0}",
            a.at,
            a.mode.name(),
            a.id,
            result,
            a.rating
        )?;
    }
    Ok(())
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
fn book(verb: &str, name: &str, games: &Registry) -> Result<(GameId, PuzzleBook), CliError> {
    let accepted = with_puzzles(games).join(", ");
    let game = games.find(name).ok_or_else(|| {
        usage(format!(
            "{verb}: unknown game {}: expected one of {accepted}",
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
    let (game, book) = book("puzzle list", name, games)?;
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
    // Othello's position holds a space before the side to move: quoted, the line
    // pastes into a shell as it is.
    let position = if p.position.contains(' ') {
        format!("'{}'", p.position)
    } else {
        p.position.clone()
    };
    format!(
        "{}  rating {}  {}: parlor solve {} {position}{options}  winning: {}",
        p.id,
        p.rating,
        p.result,
        p.game,
        p.winning.join(" ")
    )
}
