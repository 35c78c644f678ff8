//! Nim's and 1-3-5-7's command line: `solve` (with the exhaustive `--proof`) and
//! `simulate`.

use std::io::Write;

use rand::RngExt;

use crate::console::json::{self, ProofJson, SolveJson};
use crate::console::progress::Progress;
use crate::console::tally::{Tally, play_out};
use crate::game::nim::{EmptyPiles, Ending, Nim, format_piles, parse_piles};
use crate::game::{Game, Outcome, Seat};
use crate::games::nim::screen::Flavour;
use crate::plugin::GameId;
use crate::plugin::{CliError, SimulateCommon, usage};
use crate::solve::nim as nim_solver;
use crate::solve::proof;

/// `parlor solve nim`.
#[derive(Debug, clap::Args)]
pub struct NimSolveArgs {
    /// The piles, comma-separated, e.g. 3,4,5 (empty piles allowed, at most 8 piles of
    /// at most 99); `-` reads them from the first line of standard input.
    #[arg(value_name = "PILES", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Misère play: whoever takes the last coin loses.
    #[arg(long)]
    pub misere: bool,
    /// Search every position reachable from this one and report each player's winning set.
    #[arg(long)]
    pub proof: bool,
    /// Print one JSON object (its shape is in docs/json.md).
    #[arg(long)]
    pub json: bool,
}

/// `parlor solve 1357` (always misère).
#[derive(Debug, clap::Args)]
pub struct SugarSolveArgs {
    /// Packets left per row, e.g. 1,2,5,0 (rows of at most 1, 3, 5 and 7; the default is
    /// the start, 1,3,5,7); `-` reads them from the first line of standard input.
    #[arg(value_name = "ROWS", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Search every position reachable from this one and report each player's winning set.
    #[arg(long)]
    pub proof: bool,
    /// Print one JSON object (its shape is in docs/json.md).
    #[arg(long)]
    pub json: bool,
}

impl From<SugarSolveArgs> for NimSolveArgs {
    fn from(a: SugarSolveArgs) -> Self {
        NimSolveArgs {
            position: a.position,
            misere: true,
            proof: a.proof,
            json: a.json,
        }
    }
}

/// `parlor simulate nim`.
#[derive(Debug, clap::Args)]
pub struct NimSimulateArgs {
    #[command(flatten)]
    pub common: SimulateCommon,
    /// Misère play: whoever takes the last coin loses.
    #[arg(long)]
    pub misere: bool,
}

/// `parlor play nim`'s own options.
#[derive(Debug, clap::Args)]
pub struct NimPlayArgs {
    /// The piles, e.g. 1,3,5,7 (1-8 piles of 1-99 coins; a start, so not with a
    /// position as well).
    #[arg(long, allow_hyphen_values = true, conflicts_with = "position")]
    pub piles: Option<String>,
    /// Misère play: whoever takes the last coin loses.
    #[arg(long)]
    pub misere: bool,
}

/// The Nim position named on the command line.
fn nim_position(flavour: Flavour, position: Option<&str>, misere: bool) -> Result<Nim, CliError> {
    match flavour {
        Flavour::Coins => {
            let text = position.ok_or_else(|| {
                usage("solve nim needs a position: comma-separated pile sizes, e.g. parlor solve nim 3,4,5")
            })?;
            let piles = parse_piles(text, EmptyPiles::Allowed).map_err(usage)?;
            let ending = if misere {
                Ending::Misere
            } else {
                Ending::Normal
            };
            Ok(Nim::new(piles, ending))
        }
        Flavour::SugarPackets => {
            let accepted = "expected up to 4 comma-separated rows holding at most 1,3,5,7 packets, e.g. 1,2,5,0";
            let piles = match position {
                Some(text) => parse_piles(text, EmptyPiles::Allowed).map_err(|_| {
                    usage(format!("'{text}' is not a 1-3-5-7 position: {accepted}"))
                })?,
                None => vec![1, 3, 5, 7],
            };
            let fits = piles.len() <= 4 && piles.iter().zip([1, 3, 5, 7]).all(|(&p, max)| p <= max);
            if !fits {
                return Err(usage(format!(
                    "'{}' cannot arise in 1-3-5-7: {accepted}",
                    format_piles(&piles)
                )));
            }
            Ok(Nim::new(piles, Ending::Misere))
        }
    }
}

/// Positions the proof may enumerate before it refuses.
const PROOF_LIMIT: u64 = 5_000_000;

/// `solve --proof`: every position reachable from `position`, and each player's
/// winning set.
fn prove(
    args: &NimSolveArgs,
    game: GameId,
    position: &Nim,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let states: u64 = position
        .piles()
        .iter()
        .map(|&p| u64::from(p) + 1)
        .product::<u64>()
        * 2;
    if states > PROOF_LIMIT {
        return Err(usage(format!(
            "--proof enumerates every reachable position; {} has up to {states}, more than the {PROOF_LIMIT} accepted",
            position.notation()
        )));
    }
    let report = proof::prove(position);
    let winner = match report.winner {
        Seat::First => "first",
        Seat::Second => "second",
    };
    if args.json {
        let v = ProofJson {
            version: json::VERSION,
            game: game.cli_name().to_string(),
            position: position.notation(),
            positions: report.positions,
            first_player_wins: report.first_player_wins,
            second_player_wins: report.second_player_wins,
            winner,
        };
        writeln!(out, "{}", json::line(&v))?;
    } else {
        writeln!(
            out,
            "Exhaustive search from {} ({}):",
            position.notation(),
            proof::ending_name(position.ending())
        )?;
        writeln!(
            out,
            "  positions reachable (piles and player to move): {}",
            report.positions
        )?;
        writeln!(
            out,
            "  first player's winning set:  {}",
            report.first_player_wins
        )?;
        writeln!(
            out,
            "  second player's winning set: {}",
            report.second_player_wins
        )?;
        writeln!(
            out,
            "The {winner} player wins with perfect play: from every position in that player's set, some move stays in it."
        )?;
    }
    Ok(())
}

pub fn solve(game: GameId, args: NimSolveArgs, flavour: Flavour) -> Result<(), CliError> {
    let position = crate::console::input::read_position(args.position.clone())?;
    let position = nim_position(flavour, position.as_deref(), args.misere)?;
    let mut out = std::io::stdout().lock();
    if args.proof {
        return prove(&args, game, &position, &mut out);
    }
    let analysis = nim_solver::analyse(&position);
    if args.json {
        let v = SolveJson::new(game.cli_name(), &position.notation(), &analysis);
        writeln!(out, "{}", v.line())?;
        return Ok(());
    }
    writeln!(
        out,
        "{} {} ({})",
        game.menu_name(),
        position.notation(),
        proof::ending_name(position.ending())
    )?;
    let distance = match analysis.verdict.plies() {
        Some(p) => format!(" in {p} plies with best play"),
        None => String::new(),
    };
    writeln!(
        out,
        "The player to move {}{distance}.",
        if analysis.verdict.is_win() {
            "wins"
        } else {
            "loses"
        }
    )?;
    writeln!(out, "Nim-sum: {}", nim_solver::nim_sum(position.piles()))?;
    let wins: Vec<String> = analysis.winning_moves().map(|m| m.to_string()).collect();
    if position.outcome().is_some() {
        writeln!(out, "The game is over.")?;
    } else if wins.is_empty() {
        writeln!(
            out,
            "No winning move: all {} moves lose.",
            analysis.moves.len()
        )?;
        if let Some(best) = analysis.best {
            writeln!(
                out,
                "Most stubborn move (most traps, longest resistance): {best}"
            )?;
        }
    } else {
        writeln!(out, "Winning moves (pile:take): {}", wins.join(" "))?;
        // Every move as good as the best one, none singled out.
        let best: Vec<String> = analysis
            .best_moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        match best.as_slice() {
            [] => {}
            [one] => writeln!(out, "Best move: {one}")?,
            many => writeln!(out, "Best moves (equally good): {}", many.join(" "))?,
        }
    }
    Ok(())
}

/// Perfect AI against perfect AI: every game must end as the start's analysis predicted.
pub fn simulate(
    game: GameId,
    args: &SimulateCommon,
    misere: bool,
    flavour: Flavour,
) -> Result<(), CliError> {
    let (seed, mut rng) = crate::console::tally::seeded(args.seed);
    let mut tally = Tally {
        seed,
        ..Tally::default()
    };
    let progress = Progress::count("simulate", "games", Some(u64::from(args.games)))?;
    let played = progress.games(args.games, |_stop| {
        let position = match flavour {
            Flavour::SugarPackets => Nim::sugar_packets(),
            Flavour::Coins => {
                let n = rng.random_range(1..=5);
                let piles = (0..n).map(|_| rng.random_range(1..=12)).collect();
                Nim::new(
                    piles,
                    if misere {
                        Ending::Misere
                    } else {
                        Ending::Normal
                    },
                )
            }
        };
        let start = nim_solver::analyse(&position);
        let predicted = if start.verdict.is_win() {
            Seat::First
        } else {
            Seat::Second
        };
        let (position, moves) = play_out(position, nim_solver::analyse, &mut rng)?;
        if let Some(Outcome::Win(w)) = position.outcome() {
            tally.count(Some(w), w == predicted);
        }
        tally.total_moves += moves;
        Ok(true)
    })?;
    tally.games = played.done;
    tally.print(game.cli_name(), None, &|_| {}, args.json, played)
}

/// `parlor engine nim` and `parlor engine 1357`: the line protocol, with the analyst a
/// match keeps.
pub fn engine(
    id: GameId,
    options: &[String],
    setups: crate::plugin::engine::SetupReader,
) -> Result<Box<dyn crate::plugin::engine::EngineSession>, CliError> {
    crate::console::lines::LineGame {
        id,
        start: |setup| {
            // Random piles (an option of play) are drawn once, the same every time.
            let mut rng = <crate::seeds::GameRng as rand::SeedableRng>::seed_from_u64(0);
            crate::games::nim::screen::start_position(setup, &mut rng)
        },
        analyst: |_| Box::new(crate::solve::analyst::FnAnalyst(crate::solve::nim::analyse)),
    }
    .session(options, setups)
}
