//! `parlor stats [--json]`: the statistics of the finished games (`store::stats`), as a
//! plain table per game and AI level, or one JSON object whose shape docs/json.md
//! documents (`STATS_VERSION` changes whenever it does).

use std::io::Write;

use serde::Serialize;

use super::CliError;
use crate::store::Store;
use crate::store::stats::{self, GameStats, LevelStats, SeatTally};

/// The version of the `--json` shape.
pub const STATS_VERSION: u32 = 2;

#[derive(Serialize)]
struct StatsJson<'a> {
    version: u32,
    games: &'a [GameStats],
}

/// Reads the history and prints its statistics. Notices of the store (a broken history
/// moved aside, a data directory that cannot be written) go to stderr.
pub fn run(json: bool, games: &crate::plugin::Registry) -> Result<(), CliError> {
    let mut err = std::io::stderr();
    let mut server = None;
    let (history, place) = match Store::open_default() {
        Some(mut store) => {
            let history = store.history();
            for notice in store.take_notices() {
                let _ = writeln!(err, "parlor: {notice}");
            }
            server = server_standings(store.dir(), &mut err);
            (history, store.history_path().display().to_string())
        }
        None => {
            let _ = writeln!(
                err,
                "parlor: this system has no data directory for parlor; set {} to name one",
                crate::store::DATA_DIR_ENV
            );
            (Vec::new(), "the history".to_string())
        }
    };
    let games = games.statistics(&history);
    let mut out = std::io::stdout().lock();
    if json {
        let text = serde_json::to_string(&StatsJson {
            version: STATS_VERSION,
            games: &games,
        })
        .map_err(|e| CliError::Failed(format!("cannot write the statistics as JSON: {e}")))?;
        writeln!(out, "{text}")?;
    } else if games.is_empty() && server.is_none() {
        writeln!(
            out,
            "No finished games in {place} yet: finish a game in the arcade (`parlor`: \
             against the AI, two players, or two AIs watched) and it is counted here."
        )?;
    } else {
        if !games.is_empty() {
            write!(out, "{}", table(&games))?;
        }
        if let Some(standings) = server {
            if !games.is_empty() {
                writeln!(out)?;
            }
            writeln!(
                out,
                "Online games on this server (parlor serve), per player:"
            )?;
            write!(out, "{standings}")?;
        }
    }
    Ok(())
}

/// The standings of the games played on a server whose data is under `dir`, if it
/// has a database there (`parlor serve` made it, in `server/`).
fn server_standings(dir: &std::path::Path, err: &mut impl Write) -> Option<String> {
    let path = dir
        .join(crate::serve::SERVER_DIR)
        .join(crate::serve::DB_FILE);
    if !path.exists() {
        return None;
    }
    let read = crate::serve::db::Db::open(&path).and_then(|db| db.standings());
    match read {
        Ok(standings) => Some(crate::serve::db::standings_text(&standings)),
        Err(e) => {
            let _ = writeln!(err, "parlor: the server's games: {e}");
            None
        }
    }
}

/// The header of the level column, and so its least width.
const AGAINST: &str = "against the AI";

/// The rating history's values shown after the rating, at most.
const HISTORY_SHOWN: usize = 8;

/// The plain table: per game its name, a row per AI level, then the games of two
/// people and of two AIs, the player's rating, and the same rows per variant (when more
/// than one was played); a legend at the end.
pub fn table(games: &[GameStats]) -> String {
    let width = games
        .iter()
        .flat_map(|g| {
            let variants = g.variants.iter().flat_map(|v| &v.vs_ai);
            g.vs_ai
                .iter()
                .map(|l| l.level.chars().count())
                .chain(variants.map(|l| l.level.chars().count() + 2))
        })
        .chain([AGAINST.len()])
        .max()
        .unwrap_or(AGAINST.len());
    let mut out = String::new();
    for (i, game) in games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&game.name);
        out.push('\n');
        if !game.vs_ai.is_empty() {
            let margin = if game.has_margin() { "  margin" } else { "" };
            out.push_str(&format!(
                "  {AGAINST:<width$}  played  won  drawn  lost  streak  best{margin}\n"
            ));
            for level in &game.vs_ai {
                out.push_str(&level_row(level, "", width, game.has_margin()));
            }
        }
        seat_rows(&mut out, "", width, game.two_players, game.ai_vs_ai);
        if let Some(rating) = &game.rating {
            let history: Vec<String> = rating.history
                [rating.history.len().saturating_sub(HISTORY_SHOWN)..]
                .iter()
                .map(|p| p.rating.to_string())
                .collect();
            let games = match rating.games {
                1 => "1 rated game".to_string(),
                n => format!("{n} rated games"),
            };
            // One game has no history to show: its rating is the line's own.
            let history = if history.len() > 1 {
                format!(": {}", history.join(" "))
            } else {
                String::new()
            };
            out.push_str(&format!(
                "  rating {} (±{}) after {games}{history}\n",
                rating.rating, rating.deviation,
            ));
        }
        if game.variants.len() > 1 {
            out.push_str("  by variant:\n");
            for variant in &game.variants {
                out.push_str(&format!("  {}\n", variant.variant));
                for level in &variant.vs_ai {
                    out.push_str(&level_row(level, "  ", width, game.has_margin()));
                }
                seat_rows(&mut out, "  ", width, variant.two_players, variant.ai_vs_ai);
            }
        }
    }
    out.push_str("\nstreak: wins in a row up to the latest game; best: the longest run.\n");
    if games.iter().any(GameStats::has_margin) {
        out.push_str("margin: your final score minus the AI's, on average.\n");
    }
    if games.iter().any(|g| g.rating.is_some()) {
        out.push_str(
            "rating: moves with every game against the AI (not from a typed position or a\n        \
             proven loss, nor with a move taken back or hints on), by the AI level's\n        \
             measured rating (Glicko-2); its last values.\n",
        );
    }
    out
}

/// The rows of the games of two people and of two AIs, where there were some.
fn seat_rows(out: &mut String, indent: &str, width: usize, two: SeatTally, ais: SeatTally) {
    let width = width.saturating_sub(indent.len());
    for (label, who, tally) in [("two players", "player", two), ("AI vs AI", "AI", ais)] {
        if tally.played > 0 {
            out.push_str(&format!(
                "  {indent}{label:<width$}  {:>6}  {}\n",
                tally.played,
                tally.summary(who)
            ));
        }
    }
}

fn level_row(level: &LevelStats, indent: &str, width: usize, margin: bool) -> String {
    let width = width.saturating_sub(indent.len());
    let mut row = format!(
        "  {indent}{:<width$}  {:>6}  {:>3}  {:>5}  {:>4}  {:>6}  {:>4}",
        level.level,
        level.played,
        level.won,
        level.drawn,
        level.lost,
        level.streak,
        level.best_streak
    );
    if margin {
        row.push_str(&format!("  {:>6}", stats::margin_text(level.mean_margin)));
    }
    row.push('\n');
    row
}
