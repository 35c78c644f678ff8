//! `parlor solve wl` and `parlor simulate wl`.

use std::io::Write;

use serde_json::json;

use crate::console::json::{self, SimulateJson};

use crate::config::Config;
use crate::console::progress::{Played, Progress};
use crate::game::Game;
use crate::game::wl::{Wl, parse_letters};
use crate::plugin::{CliError, SimulateCommon, usage};
use crate::solve::wl::{self, SIMULATION_MAX_LEN, SimulationReport};

/// `parlor solve wl`.
#[derive(Debug, clap::Args)]
pub struct WlSolveArgs {
    /// The string of W and L letters left, e.g. WLLWL (at most 200); `-` reads it from
    /// the first line of standard input.
    #[arg(value_name = "LETTERS", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Print one JSON object (its shape is in docs/json.md).
    #[arg(long)]
    pub json: bool,
}

/// `parlor simulate wl`.
#[derive(Debug, clap::Args)]
pub struct WlSimulateArgs {
    #[command(flatten)]
    pub common: SimulateCommon,
    /// The shortest random string (the default is the config's [wl] min_len).
    #[arg(long)]
    pub min_len: Option<usize>,
    /// The longest random string (the default is the config's [wl] max_len).
    #[arg(long)]
    pub max_len: Option<usize>,
}

/// `parlor play wl`'s own options.
#[derive(Debug, clap::Args)]
pub struct WlPlayArgs {
    /// Play this string of W and L (at most 200 letters; a start, so not with a
    /// position as well).
    #[arg(
        long = "string",
        value_name = "LETTERS",
        allow_hyphen_values = true,
        conflicts_with = "position"
    )]
    pub letters: Option<String>,
}

pub fn solve(args: WlSolveArgs) -> Result<(), CliError> {
    let position = crate::console::input::read_position(args.position)?;
    let text = position.as_deref().ok_or_else(|| {
        usage("solve wl needs a string of W and L letters, e.g. parlor solve wl WLLWL")
    })?;
    let game = Wl::new(parse_letters(text).map_err(usage)?);
    let a = wl::analyse(&game);
    let mut out = std::io::stdout().lock();
    if args.json {
        let v = crate::console::json::SolveJson::new("wl", &game.notation(), &a);
        writeln!(out, "{}", v.line())?;
        return Ok(());
    }
    let shown = if game.remaining().len() > 60 {
        format!(
            "{}… ({} letters)",
            &game.notation()[..60],
            game.remaining().len()
        )
    } else {
        game.notation()
    };
    writeln!(out, "Winners & Losers {shown}")?;
    let winner = if a.verdict.is_win() {
        "first"
    } else {
        "second"
    };
    writeln!(
        out,
        "Projected winner: the {winner} player (the player to move {}).",
        if a.verdict.is_win() { "wins" } else { "loses" }
    )?;
    for m in &a.moves {
        writeln!(out, "  {}: {}", game.move_text(m.mv), m.verdict.word())?;
    }
    Ok(())
}

pub fn simulate(all: &WlSimulateArgs, config: &Config) -> Result<(), CliError> {
    let args = &all.common;
    let own = super::config::SECTION.read(config);
    let min_len = all.min_len.unwrap_or(own.min_len);
    let max_len = all.max_len.unwrap_or(own.max_len);
    if min_len == 0 || min_len > max_len || max_len > SIMULATION_MAX_LEN {
        return Err(usage(format!(
            "--min-len {min_len} --max-len {max_len}: expected 1 <= min-len <= max-len <= {SIMULATION_MAX_LEN}"
        )));
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    let progress = Progress::count("simulate", "games", Some(u64::from(args.games)))?;
    let r = wl::simulate(args.games, min_len, max_len, seed, &mut |r| {
        progress.set(u64::from(r.games));
        !progress.interrupted()
    });
    progress.clear();
    let played = Played {
        done: r.games,
        asked: args.games,
    };
    let printed = write_simulation(&r, seed, args.json, played);
    played.finish(printed)
}

/// Prints the simulation's table (or JSON) and checks its predictions.
fn write_simulation(
    r: &SimulationReport,
    seed: u64,
    as_json: bool,
    played: Played,
) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    if as_json {
        let by_length: serde_json::Map<String, serde_json::Value> = r
            .by_length
            .iter()
            .map(|(len, (games, first))| {
                (
                    len.to_string(),
                    json!({"games": games, "first_player_wins": first}),
                )
            })
            .collect();
        let mut v = SimulateJson::new("wl", seed, played);
        v.games = r.games;
        v.first_player_wins = Some(r.first_player_wins);
        v.second_player_wins = Some(r.second_player_wins());
        v.predictions_confirmed = Some(r.predictions_confirmed);
        v.mean_length = Some(r.mean_length());
        v.by_length = Some(by_length);
        writeln!(out, "{}", json::line(&v))?;
    } else {
        writeln!(
            out,
            "Winners & Losers: perfect AI vs perfect AI, seed {seed}"
        )?;
        writeln!(out, "{:<24}{:>10}", "games", r.games)?;
        writeln!(
            out,
            "{:<24}{:>10}",
            "first-player wins", r.first_player_wins
        )?;
        writeln!(
            out,
            "{:<24}{:>10}",
            "second-player wins",
            r.second_player_wins()
        )?;
        writeln!(out, "{:<24}{:>10.1}", "mean length", r.mean_length())?;
        writeln!(
            out,
            "predictions confirmed: {}/{}",
            r.predictions_confirmed, r.games
        )?;
        writeln!(out)?;
        writeln!(
            out,
            "{:>6} {:>7} {:>9}  first-player win rate",
            "length", "games", "1st wins"
        )?;
        for (len, (games, first)) in &r.by_length {
            let rate = f64::from(*first) / f64::from(*games);
            let bar = "█".repeat((rate * 20.0).round() as usize);
            writeln!(
                out,
                "{len:>6} {games:>7} {first:>9}  {:>5.1}% {bar}",
                rate * 100.0
            )?;
        }
        writeln!(out, "{}", crate::console::tally::seed_line(seed))?;
    }
    if r.predictions_confirmed != r.games {
        return Err(CliError::Failed(format!(
            "{} prediction(s) failed",
            r.games - r.predictions_confirmed
        )));
    }
    Ok(())
}
