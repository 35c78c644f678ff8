//! `parlor solve pnut`, `parlor simulate pnut` and the options of `parlor play pnut`.

use std::io::Write;

use crate::console::json::SimulateJson;

use crate::config::Config;
use crate::console::in_plies;
use crate::console::progress::Progress;
use crate::console::tally::Tally;
use crate::game::pnut::{LENGTH_FORMAT, MAX_PLAYERS, MIN_PLAYERS, Pnut, Rules};
use crate::game::{Game, Outcome, Seat};
use crate::games::pnut::options::PnutSetup;
use crate::plugin::GameSetup;
use crate::plugin::{CliError, ModeArg, PlayCommon, SimulateCommon, usage};
use crate::solve::Verdict;
use crate::solve::pnut::{Goal, Limits, MAX_BUDGET, Solved, analyse as analyse_pnut, analyse_goal};
use crate::solve::policy;

/// `parlor solve pnut`.
#[derive(Debug, clap::Args)]
pub struct PnutSolveArgs {
    /// The string played so far, e.g. 0012 (empty, the default: the start); `-` reads it
    /// from the first line of standard input.
    #[arg(value_name = "STRING", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// The symbols, 2-12 distinct characters (e.g. 012 or abc; the default is the
    /// config's [pnut] symbols).
    #[arg(long, value_name = "SYMBOLS", allow_hyphen_values = true)]
    pub symbols: Option<String>,
    /// l, the length of the substrings that must not repeat (2-8; the default is the
    /// config's [pnut] length).
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    pub length: Option<String>,
    /// Search to this depth (plies) instead of proving.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Stop searching after this many seconds (the answer may not be proven).
    #[arg(long)]
    pub max_seconds: Option<f64>,
    /// Stop as soon as the winner is proven, without exact distances.
    #[arg(long)]
    pub winner: bool,
    /// Print one JSON object (its shape is in docs/json.md).
    #[arg(long)]
    pub json: bool,
}

/// `parlor play pnut`'s own options.
#[derive(Debug, clap::Args)]
pub struct PnutPlayArgs {
    /// The symbols, 2-12 distinct characters (e.g. 012 or abc).
    #[arg(long, value_name = "SYMBOLS", allow_hyphen_values = true)]
    pub symbols: Option<String>,
    /// l, the length of the substrings that must not repeat (2-8).
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    pub length: Option<String>,
    /// 2-6 players (more than two: people only, in turn).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub players: Option<String>,
    /// The hard mode: illegal symbols are not refused and lose at once.
    #[arg(long)]
    pub no_assist: bool,
}

/// The length given on the command line: 2-8.
fn parse_length(text: &str) -> Result<usize, CliError> {
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| usage(format!("--length '{text}': {LENGTH_FORMAT}")))?;
    Ok(n)
}

/// The rules from `--symbols` and `--length`, each defaulting to the config.
fn rules(symbols: Option<&str>, length: Option<&str>, config: &Config) -> Result<Rules, CliError> {
    let own = super::config::SECTION.read(config);
    let length = match length {
        Some(text) => parse_length(text)?,
        None => own.length,
    };
    let symbols = symbols.unwrap_or(&own.symbols);
    Rules::new(symbols, length).map_err(|e| {
        let flag = match e {
            crate::game::pnut::PnutError::BadLength(_) => "--length",
            _ => "--symbols",
        };
        usage(format!("{flag}: {e}"))
    })
}

/// The search limits of `parlor solve pnut`.
fn limits(args: &PnutSolveArgs, config: &Config) -> Result<Limits, CliError> {
    if let Some(d) = args.depth
        && !(1..=MAX_BUDGET).contains(&d)
    {
        return Err(usage(format!("--depth {d}: accepted 1-{MAX_BUDGET} plies")));
    }
    let max_millis = match args.max_seconds {
        Some(s) if !(s.is_finite() && s > 0.0 && s <= 86_400.0) => {
            return Err(usage(format!(
                "--max-seconds {s} is out of range: accepted a number of seconds above 0 and at most 86400"
            )));
        }
        Some(s) => ((s * 1000.0).ceil() as u64).max(1),
        None => config.solver.max_millis,
    };
    Ok(Limits {
        max_depth: args.depth,
        max_millis,
        table_mib: config.solver.table_mib,
        max_nodes: None,
    })
}

/// "wins in 7 plies", "loses", "is not proven".
fn verdict_words(v: Verdict) -> String {
    match v {
        Verdict::Win { plies: p } => format!("wins{}", in_plies(p)),
        Verdict::Loss { plies: p } => format!("loses{}", in_plies(p)),
        // The share of the search's simulated games through the move that its player won.
        Verdict::Score(s) => format!(
            "is not proven (won {:.0}% of simulations)",
            50.0 + f64::from(s) / 20.0
        ),
        _ => "is not proven".to_string(),
    }
}

/// The first line when the search proved nothing: it says what is not proven (the
/// winner), not "the player to move is not proven".
fn unproven_headline(depth: u32, v: Verdict) -> String {
    let what = match v {
        Verdict::Win { .. } | Verdict::Loss { .. } => {
            format!("the player to move {}", verdict_words(v))
        }
        Verdict::Score(s) => format!(
            "no win found for either player; the player to move won {:.0}% of simulations",
            50.0 + f64::from(s) / 20.0
        ),
        _ => "no win found for either player".to_string(),
    };
    format!("Not proven (searched to depth {depth}): {what}.")
}

/// `parlor solve pnut [STRING] --symbols 012 --length 3 [--depth D] [--max-seconds S]
/// [--winner] [--json]`. With `--winner` the search stops as soon as the winner is
/// proven (a winning move, or every move losing), without exact distances.
pub fn solve(args: &PnutSolveArgs, config: &Config) -> Result<(), CliError> {
    let rules = rules(args.symbols.as_deref(), args.length.as_deref(), config)?;
    let position = crate::console::input::read_position(args.position.clone())?;
    let text = position.as_deref().unwrap_or("");
    let game = Pnut::parse(rules.clone(), text).map_err(|e| {
        // The string may start with '-' (a symbol like any other), so clap lets
        // `--players` through as the string; when it is not a string, say what it is.
        if text.starts_with("--") && text[2..].starts_with(|c: char| c.is_ascii_alphabetic()) {
            usage(format!(
                "{text} is not an option of solve pnut: it accepts --symbols, --length, a \
                 string (e.g. 0012), --depth D, --max-seconds S, --winner and --json"
            ))
        } else {
            usage(e)
        }
    })?;
    let limits = limits(args, config)?;
    let progress = Progress::spinner("solve pnut")?;
    let goal = if args.winner {
        Goal::Winner
    } else {
        Goal::Exact
    };
    let solved = analyse_goal(&game, &limits, goal, &progress.stop(), &mut |a| {
        progress.message(format!(
            "depth {}, {} nodes, best {}",
            a.depth,
            a.nodes,
            a.best.map_or_else(|| "-".to_string(), |m| m.to_string())
        ));
    });
    progress.clear();
    let interrupted = progress.interrupted();
    let printed = write_solved(args, &rules, &game, &solved, interrupted);
    progress.result(printed, || {
        "interrupted: the analysis shown is the best found so far".to_string()
    })
}

/// Prints what `parlor solve pnut` found (marked as cut short when `interrupted`).
fn write_solved(
    args: &PnutSolveArgs,
    rules: &Rules,
    game: &Pnut,
    solved: &Solved,
    interrupted: bool,
) -> Result<(), CliError> {
    let a = &solved.analysis;
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut v = crate::console::json::SolveJson::new("pnut", &game.text(), a);
        v.interrupted = interrupted;
        v.symbols = Some(rules.symbols_text());
        v.length = Some(rules.length());
        v.depth = Some(a.depth);
        v.positions = Some(solved.stats.stored);
        v.seconds = Some(solved.elapsed.as_secs_f64());
        v.proof_seconds = solved.proof.map(|(t, _)| t.as_secs_f64());
        v.proof_nodes = solved.proof.map(|(_, n)| n);
        v.winner_only = Some(args.winner);
        writeln!(out, "{}", v.line())?;
        return Ok(());
    }
    let shown = if game.is_empty() {
        "(empty)".to_string()
    } else {
        game.text()
    };
    writeln!(
        out,
        "Pnut-Butta, symbols {} (k = {}), length l = {}: string {shown}",
        rules.symbols_text(),
        rules.k(),
        rules.length()
    )?;
    if game.is_over() {
        writeln!(
            out,
            "The game is over: the player to move is trapped and has lost."
        )?;
        return Ok(());
    }
    if a.exact {
        writeln!(
            out,
            "Proven: the player to move {} with best play.",
            verdict_words(a.verdict)
        )?;
    } else {
        writeln!(out, "{}", unproven_headline(a.depth, a.verdict))?;
    }
    writeln!(out, "Moves:")?;
    for m in &a.moves {
        // Every move as good as the best: ties are equal.
        let mark = if a.is_best(m.mv) { "  ◀ best" } else { "" };
        let words = match (m.verdict, m.plies_at_most) {
            (Verdict::Win { plies: None }, Some(b)) => format!("wins within {b} plies"),
            (Verdict::Loss { plies: None }, Some(b)) => format!("loses within {b} plies"),
            (v, _) if args.winner && a.exact && !v.is_win() && !v.is_loss() => {
                "not decided: the winner is proven without it".to_string()
            }
            (v, _) => verdict_words(v),
        };
        writeln!(out, "  {}  {words}{mark}", m.mv)?;
    }
    writeln!(
        out,
        "Nodes: {}  positions stored: {}  table: {:.1} MiB  time: {:.2} s",
        a.nodes,
        solved.stats.stored,
        solved.stats.table_bytes as f64 / f64::from(1 << 20),
        solved.elapsed.as_secs_f64()
    )?;
    Ok(())
}

/// `parlor simulate pnut --games N`: perfect AI against perfect AI from the empty
/// string with the configured rules, checking the start's proven winner.
pub fn simulate(args: &SimulateCommon, config: &Config) -> Result<(), CliError> {
    let rules = rules(None, None, config)?;
    let limits = Limits {
        max_depth: None,
        max_millis: config.solver.max_millis,
        table_mib: config.solver.table_mib,
        max_nodes: None,
    };
    let (seed, mut rng) = crate::console::tally::seeded(args.seed);
    let start = Pnut::new(rules.clone());
    let progress = Progress::count("simulate", "games", Some(u64::from(args.games)))?;
    let stop = progress.stop();
    let first = analyse_pnut(&start, &limits, &stop, &mut |_| {}).analysis;
    let predicted = match first.verdict {
        Verdict::Win { .. } if first.exact => Some(Seat::First),
        Verdict::Loss { .. } if first.exact => Some(Seat::Second),
        _ => None,
    };
    let mut tally = Tally {
        seed,
        ..Tally::default()
    };
    let played = progress.games(args.games, |stop| {
        let mut game = start.clone();
        while game.outcome().is_none() {
            let a = analyse_pnut(&game, &limits, stop, &mut |_| {}).analysis;
            if stop() {
                // The search was cut short: this game is not counted.
                return Ok(false);
            }
            let mv = policy::choose_move(&a, policy::Slips::NONE, &mut rng)
                .ok_or_else(|| CliError::Failed("a running game had no legal move".into()))?;
            game.play(mv).map_err(|e| CliError::Failed(e.to_string()))?;
            tally.total_moves += 1;
        }
        let winner = match game.outcome() {
            Some(Outcome::Win(w)) => w,
            _ => Seat::First,
        };
        tally.count(Some(winner), predicted.is_none_or(|p| p == winner));
        Ok(true)
    })?;
    tally.games = played.done;
    let heading = format!(
        "Pnut-Butta, symbols {}, length {}",
        rules.symbols_text(),
        rules.length()
    );
    let fill = |v: &mut SimulateJson| {
        v.symbols = Some(rules.symbols_text());
        v.length = Some(rules.length());
    };
    tally.print("pnut", Some(heading), &fill, args.json, played)
}

/// Applies `parlor play`'s Pnut-Butta options to `setup`.
pub fn play_options(
    args: &PnutPlayArgs,
    common: &PlayCommon,
    setup: &mut GameSetup,
) -> Result<(), CliError> {
    let Some(p) = setup.options_mut::<PnutSetup>() else {
        return Ok(());
    };
    let length = match &args.length {
        Some(text) => parse_length(text)?,
        None => p.length,
    };
    let symbols = args.symbols.clone().unwrap_or_else(|| p.symbols.clone());
    Rules::new(&symbols, length).map_err(|e| {
        let flag = match e {
            crate::game::pnut::PnutError::BadLength(_) => "--length",
            _ => "--symbols",
        };
        usage(format!("{flag}: {e}"))
    })?;
    p.symbols = symbols;
    p.length = length;
    if let Some(text) = &args.players {
        let n: usize = text
            .trim()
            .parse()
            .ok()
            .filter(|n| (MIN_PLAYERS..=MAX_PLAYERS).contains(n))
            .ok_or_else(|| {
                usage(format!(
                    "--players '{text}': expected {MIN_PLAYERS}-{MAX_PLAYERS} players"
                ))
            })?;
        if n > 2 && common.mode.is_some_and(|m| m != ModeArg::TwoPlayers) {
            return Err(usage(
                "--players above 2 is for people only: drop --mode or use --mode two-players",
            ));
        }
        p.players = n;
    }
    if args.no_assist {
        p.assist = false;
    }
    Ok(())
}

#[cfg(test)]
mod wording_tests {
    use super::*;

    #[test]
    fn an_unproven_search_says_what_is_not_proven() {
        assert_eq!(
            unproven_headline(9, Verdict::Unknown),
            "Not proven (searched to depth 9): no win found for either player."
        );
        assert_eq!(
            unproven_headline(9, Verdict::Score(250)),
            "Not proven (searched to depth 9): no win found for either player; \
             the player to move won 62% of simulations."
        );
    }
}
