//! `parlor solve chopsticks`, `parlor simulate chopsticks` and the options of
//! `parlor play chopsticks`.

use std::io::Write;

use crate::config::Config;
use crate::console::in_plies;
use crate::console::progress::Progress;
use crate::console::tally::{Tally, play_out};
use crate::game::chopsticks::{Chopsticks, MAX_MOVE_CAP, MIN_MOVE_CAP, Variant};
use crate::game::{Game, Outcome, Seat};
use crate::games::chopsticks::options::ChopsticksSetup;
use crate::plugin::GameSetup;
use crate::plugin::{CliError, SimulateCommon, usage};
use crate::solve::Verdict;
use crate::solve::chopsticks::{analyse, table};

/// `parlor solve chopsticks`.
#[derive(Debug, clap::Args)]
pub struct ChopsticksSolveArgs {
    /// The position: the mover's hands, a slash, the other player's hands, e.g. 1,3/2,4
    /// (the default is the start, 1,1/1,1); `-` reads it from the first line of standard
    /// input.
    #[arg(value_name = "POSITION", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// The rollover variant: sums wrap modulo 5; a hand dies only at exactly 5.
    #[arg(long)]
    pub rollover: bool,
    /// Splits may not empty a hand.
    #[arg(long)]
    pub no_empty_splits: bool,
    /// Print one JSON object (its shape is in docs/json.md).
    #[arg(long)]
    pub json: bool,
}

/// `parlor play chopsticks`'s own options.
#[derive(Debug, clap::Args)]
pub struct ChopsticksPlayArgs {
    /// The rollover variant: sums wrap modulo 5; a hand dies only at exactly 5.
    #[arg(long)]
    pub rollover: bool,
    /// Splits may not empty a hand.
    #[arg(long)]
    pub no_empty_splits: bool,
    /// Draw after this many moves (10-1000, both players counted).
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub move_cap: Option<String>,
}

/// "wins in 7 plies", "loses in 26 plies", "draws".
fn verdict_words(v: Verdict) -> String {
    match v {
        Verdict::Win { plies: p } => format!("wins{}", in_plies(p)),
        Verdict::Loss { plies: p } => format!("loses{}", in_plies(p)),
        Verdict::Draw => "draws".to_string(),
        _ => "is unknown".to_string(),
    }
}

/// `parlor solve chopsticks [POSITION] [--rollover] [--no-empty-splits] [--json]`: the
/// position defaults to the start, 1,1/1,1.
pub fn solve(args: ChopsticksSolveArgs) -> Result<(), CliError> {
    let variant = Variant {
        rollover: args.rollover,
        empty_splits: !args.no_empty_splits,
    };
    let text = crate::console::input::read_position(args.position)?;
    let text = text.as_deref().unwrap_or("1,1/1,1");
    let position = Chopsticks::parse(text, variant, None).map_err(usage)?;
    let analysis = analyse(&position);
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(
            out,
            "{}",
            crate::console::json::SolveJson::new("chopsticks", &position.notation(), &analysis)
                .line()
        )?;
        return Ok(());
    }
    writeln!(
        out,
        "Chopsticks {} ({})",
        position.notation(),
        variant.describe()
    )?;
    writeln!(
        out,
        "Hands: the player to move has {}, the opponent {} (left,right).",
        position.hands().mine.map(|f| f.to_string()).join(","),
        position.hands().theirs.map(|f| f.to_string()).join(","),
    )?;
    if position.outcome().is_some() {
        writeln!(
            out,
            "The game is over: the player to move has no live hand and has lost."
        )?;
        return Ok(());
    }
    writeln!(
        out,
        "With perfect play the player to move {}.",
        verdict_words(analysis.verdict)
    )?;
    writeln!(out, "Moves:")?;
    for m in &analysis.moves {
        // Every move as good as the best: ties are equal.
        let mark = if analysis.is_best(m.mv) {
            "  ◀ best"
        } else {
            ""
        };
        writeln!(
            out,
            "  {:<10} {}{mark}",
            m.mv.to_string(),
            verdict_words(m.verdict)
        )?;
    }
    let stats = table(variant).stats();
    writeln!(
        out,
        "Retrograde table: {} states ({} reachable from 1,1/1,1): {} won, {} lost, {} drawn for the player to move.",
        stats.states, stats.reachable, stats.wins, stats.losses, stats.draws
    )?;
    Ok(())
}

/// `parlor simulate chopsticks --games N`: perfect AI against perfect AI from the start
/// in the configured variant, checking that every game ends as the start's analysis
/// predicted (a draw by repetition or the move cap when the start is drawn).
pub fn simulate(args: &SimulateCommon, config: &Config) -> Result<(), CliError> {
    let own = super::config::SECTION.read(config);
    let variant = Variant {
        rollover: own.rollover,
        empty_splits: own.empty_splits,
    };
    let cap = Some(own.move_cap);
    let (seed, mut rng) = crate::console::tally::seeded(args.seed);
    let start = Chopsticks::new(variant, cap);
    let predicted = match analyse(&start).verdict {
        Verdict::Win { .. } => Some(Seat::First),
        Verdict::Loss { .. } => Some(Seat::Second),
        _ => None,
    };
    let mut tally = Tally {
        draws: Some(0),
        seed,
        ..Tally::default()
    };
    let progress = Progress::count("simulate", "games", Some(u64::from(args.games)))?;
    let played = progress.games(args.games, |_stop| {
        let (game, moves) = play_out(start.clone(), analyse, &mut rng)?;
        let winner = match game.outcome() {
            Some(Outcome::Win(w)) => Some(w),
            _ => None,
        };
        tally.count(winner, winner == predicted);
        tally.total_moves += moves;
        Ok(true)
    })?;
    tally.games = played.done;
    let heading = format!("Chopsticks, {}", variant.describe());
    tally.print("chopsticks", Some(heading), &|_| {}, args.json, played)
}

/// Applies `parlor play`'s Chopsticks options to `setup`.
pub fn play_options(args: ChopsticksPlayArgs, setup: &mut GameSetup) -> Result<(), CliError> {
    let Some(options) = setup.options_mut::<ChopsticksSetup>() else {
        return Ok(());
    };
    if args.rollover {
        options.rollover = true;
    }
    if args.no_empty_splits {
        options.empty_splits = false;
    }
    if let Some(text) = &args.move_cap {
        let accepted =
            format!("expected a whole number of moves from {MIN_MOVE_CAP} to {MAX_MOVE_CAP}");
        let cap: u32 = text
            .trim()
            .parse()
            .map_err(|_| usage(format!("--move-cap '{text}': {accepted}")))?;
        if !(MIN_MOVE_CAP..=MAX_MOVE_CAP).contains(&cap) {
            return Err(usage(format!("--move-cap {cap}: {accepted}")));
        }
        options.move_cap = cap;
    }
    Ok(())
}
