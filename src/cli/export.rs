//! `parlor export [N] [--format moves|json|...]`: a finished game from the history, as
//! text to keep or to give another program: the start, the moves and the result
//! (`moves`), the whole record (`json`), or a game's own record format (Othello's GGF).

use std::io::Write;

use crate::plugin::{CliError, usage};
use crate::plugin::{GameId, Registry};
use crate::store::{self, MatchRecord, ResultRecord, SeatRecord, Store};

#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// Which finished game, counting back from the last: 1 (the default) is the last.
    #[arg(value_name = "N", allow_hyphen_values = true)]
    pub n: Option<String>,
    /// moves (the default): start, moves and result; json: the whole record; ggf: a GGF
    /// game record (Othello).
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<String>,
}

/// The formats every game has.
const SHARED_FORMATS: [&str; 2] = ["moves", "json"];

pub fn export(args: &ExportArgs, games: &Registry) -> Result<(), CliError> {
    let format = args.format.as_deref().unwrap_or("moves");
    check_format(format, games)?;
    let history = history()?;
    let record = pick(&history, args.n.as_deref())?;
    let text = write(record, format, games)?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")?;
    Ok(())
}

/// Refuses a format no game has, before the history is read.
fn check_format(format: &str, games: &Registry) -> Result<(), CliError> {
    let mut all: Vec<&str> = SHARED_FORMATS.to_vec();
    for game in games.all() {
        for f in game.kind().record_formats() {
            if !all.contains(f) {
                all.push(f);
            }
        }
    }
    if all.contains(&format) {
        Ok(())
    } else {
        Err(usage(format!(
            "--format {format} is not a format: expected {}",
            formats_text(games)
        )))
    }
}

/// "moves, json, or ggf (Othello)".
fn formats_text(games: &Registry) -> String {
    let mut names: Vec<String> = SHARED_FORMATS.iter().map(|f| f.to_string()).collect();
    for game in games.all() {
        for f in game.kind().record_formats() {
            names.push(format!("{f} ({})", game.menu_name()));
        }
    }
    names.join(", ")
}

/// Every finished game, oldest first; none is a usage error, said with where they are
/// kept. Nothing is created when there is no history.
fn history() -> Result<Vec<MatchRecord>, CliError> {
    let dir = store::default_dir().ok_or_else(|| {
        usage("no data directory: set PARLOR_DATA_DIR to where parlor keeps its games")
    })?;
    let none = || {
        usage(format!(
            "no finished games in {}: games are kept once they are played to the end",
            dir.display()
        ))
    };
    if !dir.join("history.json").exists() {
        return Err(none());
    }
    let mut store = Store::open(dir.clone());
    let games = store.history();
    for notice in store.take_notices() {
        let _ = writeln!(std::io::stderr(), "parlor: {notice}");
    }
    if games.is_empty() {
        return Err(none());
    }
    Ok(games)
}

/// The game `n` counts back to from the last (1, or no `n`, is the last).
fn pick<'a>(history: &'a [MatchRecord], n: Option<&str>) -> Result<&'a MatchRecord, CliError> {
    let count = history.len();
    let plural = if count == 1 { "" } else { "s" };
    let out_of_range = |n: &str| {
        usage(format!(
            "there is no game {n}: N counts back from the last finished game (1 = the last), and there {} {count} game{plural}: accepted 1-{count}",
            if count == 1 { "is" } else { "are" }
        ))
    };
    let index = match n {
        None => 1,
        Some(text) => match text.trim().parse::<usize>() {
            Ok(k) if (1..=count).contains(&k) => k,
            Ok(_) => return Err(out_of_range(text)),
            Err(_) => {
                return Err(usage(format!(
                    "'{text}' is not a game number: N counts back from the last finished game (1 = the last), accepted 1-{count}"
                )));
            }
        },
    };
    history
        .get(count - index)
        .ok_or_else(|| out_of_range(&index.to_string()))
}

/// `export --format json`: the record as the history keeps it, after the shape's version.
#[derive(serde::Serialize)]
struct ExportJson<'a> {
    version: u32,
    #[serde(flatten)]
    record: &'a MatchRecord,
}

/// The record in `format`.
fn write(record: &MatchRecord, format: &str, games: &Registry) -> Result<String, CliError> {
    let game = games.find(&record.game);
    match format {
        "moves" => Ok(moves_text(record, game)),
        "json" => serde_json::to_string_pretty(&ExportJson {
            version: crate::console::json::VERSION,
            record,
        })
        .map_err(|e| CliError::Failed(e.to_string())),
        other => {
            let name: &str = match game {
                Some(g) => g.menu_name(),
                None => &record.game,
            };
            match game {
                Some(g) if g.kind().record_formats().contains(&other) => g
                    .kind()
                    .game_record(record, other)
                    .map_err(CliError::Failed),
                _ => Err(usage(format!(
                    "this game is {name}, which has no {other} format: accepted {}",
                    SHARED_FORMATS
                        .iter()
                        .chain(game.map_or(&[][..], |g| g.kind().record_formats()))
                        .copied()
                        .collect::<Vec<_>>()
                        .join(", ")
                ))),
            }
        }
    }
}

/// A player as the export names them: the name, and for an AI its level (and that it
/// is one, unless its name says so).
fn player(seat: &SeatRecord, level: &str) -> String {
    match seat.ai {
        Some(_) if seat.name.contains("AI") => format!("{} ({level})", seat.name),
        Some(_) => format!("{} (AI, {level})", seat.name),
        None => seat.name.clone(),
    }
}

/// `moves`: one `field: value` line each, the moves as the game writes a move list.
fn moves_text(record: &MatchRecord, game: Option<GameId>) -> String {
    let name: &str = match game {
        Some(g) => g.menu_name(),
        None => &record.game,
    };
    let moves = match game {
        Some(g) => g.kind().move_list(&record.start, &record.moves),
        None => record.moves.join(" "),
    };
    let opening = game.and_then(|g| g.kind().opening(&record.start, &record.moves));
    let first = player(&record.seats[0], &record.level);
    let second = player(&record.seats[1], &record.level);
    let result = match record.result {
        Some(ResultRecord::First) => format!("{first} (first) won"),
        Some(ResultRecord::Second) => format!("{second} (second) won"),
        Some(ResultRecord::Draw) => "a draw".to_string(),
        None => "not finished".to_string(),
    };
    let margin = record
        .first_margin
        .map_or_else(String::new, |m| format!(", first player's margin {m:+}"));
    let result = match record.ended_by {
        Some(by) => format!("{result} {}", by.words()),
        None => result,
    };
    [
        format!("game: {name} ({})", record.game),
        format!("played: {}", record.started),
        format!("first: {first}"),
        format!("second: {second}"),
        format!("start: {}", record.start),
        format!("moves: {moves}"),
        format!("result: {result}{margin}"),
    ]
    .into_iter()
    .chain(opening.map(|o| format!("opening: {o}")))
    .collect::<Vec<_>>()
    .join("\n")
}
