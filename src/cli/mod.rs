//! The command line: the TUI by default, plus `play`, `solve`, `simulate` and `perft`.
//! Usage errors exit with code 2 and a message naming what was wrong and what is accepted.
//! Each game's commands live in their own file; this one parses and dispatches.

pub mod chopsticks;
pub mod othello;
pub mod pnut;
pub mod wl;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::json;
use thiserror::Error;

use crate::config::{Config, ConfigError, FirstMover};
use crate::game::nim::{EmptyPiles, Ending, Nim, format_piles, parse_piles};
use crate::game::{Game, Outcome, Seat};
use crate::games::GameId;
use crate::session::Mode;
use crate::solve::policy::{self, Difficulty};
use crate::solve::proof;
use crate::solve::{Analysis, nim as nim_solver};
use crate::tui::app::Start;
use crate::tui::setup::{GameSetup, PilePreset};
use crate::tui::{self, TuiError};

#[derive(Debug, Parser)]
#[command(
    name = "parlor",
    version,
    about = "A terminal arcade of two-player strategy games with perfect AIs, live predictions and hints",
    after_help = "Games: nim, 1357, chopsticks, othello, pnut, wl. Run without a command for the arcade."
)]
pub struct Cli {
    /// Read this config file instead of the one in the platform config directory.
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the arcade straight into a game.
    Play(PlayArgs),
    /// Exact analysis of a position.
    Solve(SolveArgs),
    /// AI against AI on many games, checking every prediction.
    Simulate(SimulateArgs),
    /// Othello move-generation count from the start position.
    Perft {
        /// Depth in plies.
        depth: u32,
    },
    /// Engine benchmarks: `parlor bench ffo FILE` solves the FFO endgame positions in FILE.
    Bench {
        /// The suite: ffo.
        suite: String,
        /// The positions file, one position a line.
        file: PathBuf,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    Nim,
    #[value(name = "1357")]
    SugarPackets,
    Chopsticks,
    Othello,
    Pnut,
    Wl,
}

impl GameName {
    fn id(self) -> GameId {
        match self {
            GameName::Nim => GameId::Nim,
            GameName::SugarPackets => GameId::SugarPackets,
            GameName::Chopsticks => GameId::Chopsticks,
            GameName::Othello => GameId::Othello,
            GameName::Pnut => GameId::Pnut,
            GameName::Wl => GameId::WinnersLosers,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    VsAi,
    TwoPlayers,
    AiVsAi,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    Black,
    White,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FirstArg {
    You,
    Ai,
    Coin,
    AiChooses,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DifficultyArg {
    Perfect,
    Strong,
    Casual,
    Beginner,
}

impl DifficultyArg {
    fn difficulty(self) -> Difficulty {
        match self {
            DifficultyArg::Perfect => Difficulty::Perfect,
            DifficultyArg::Strong => Difficulty::Strong,
            DifficultyArg::Casual => Difficulty::Casual,
            DifficultyArg::Beginner => Difficulty::Beginner,
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    pub game: GameName,
    /// Nim piles, e.g. 1,3,5,7 (1-8 piles of 1-99 coins).
    #[arg(long, allow_hyphen_values = true)]
    pub piles: Option<String>,
    /// Nim: whoever takes the last coin loses.
    #[arg(long)]
    pub misere: bool,
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
    /// Who moves first.
    #[arg(long, value_enum)]
    pub first: Option<FirstArg>,
    #[arg(long, value_enum)]
    pub difficulty: Option<DifficultyArg>,
    /// Seed for coin flips and the AI's choices, for a reproducible game.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Winners & Losers: play this string of W and L (at most 200 letters).
    #[arg(long = "string", value_name = "LETTERS", allow_hyphen_values = true)]
    pub letters: Option<String>,
    /// Chopsticks: the rollover variant (sums wrap modulo 5; a hand dies only at exactly 5).
    #[arg(long)]
    pub rollover: bool,
    /// Chopsticks: splits may not empty a hand.
    #[arg(long)]
    pub no_empty_splits: bool,
    /// Chopsticks: draw after this many moves (10-1000, both players counted).
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub move_cap: Option<String>,
    /// Othello: the AI's level: beginner, casual, benedict, strong or exact.
    #[arg(long, value_name = "LEVEL")]
    pub level: Option<String>,
    /// Othello: the colour you play (black moves first).
    #[arg(long, value_enum)]
    pub color: Option<ColorArg>,
    /// Pnut-Butta: the symbols, 2-10 distinct characters (e.g. 012 or abc).
    #[arg(long, value_name = "SYMBOLS", allow_hyphen_values = true)]
    pub symbols: Option<String>,
    /// Pnut-Butta: l, the length of the substrings that must not repeat (2-8).
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    pub length: Option<String>,
    /// Pnut-Butta: 2-6 players (more than two: people only, in turn).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub players: Option<String>,
    /// Pnut-Butta: the hard mode: illegal symbols are not refused and lose at once.
    #[arg(long)]
    pub no_assist: bool,
}

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    pub game: GameName,
    /// The position, e.g. 3,4,5 for Nim (empty piles allowed). 1357 defaults to 1,3,5,7.
    #[arg(allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Nim: whoever takes the last coin loses (1357 always is).
    #[arg(long)]
    pub misere: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Search every position reachable from this one and report each player's winning set.
    #[arg(long)]
    pub proof: bool,
    /// Othello and Pnut-Butta: search to this depth (plies) instead of solving exactly.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Othello and Pnut-Butta: stop searching after this many seconds (the answer may not be exact).
    #[arg(long)]
    pub max_seconds: Option<f64>,
    /// Chopsticks: the rollover variant (sums wrap modulo 5; a hand dies only at exactly 5).
    #[arg(long)]
    pub rollover: bool,
    /// Chopsticks: splits may not empty a hand.
    #[arg(long)]
    pub no_empty_splits: bool,
    /// Pnut-Butta: the symbols, 2-10 distinct characters (e.g. 012 or abc).
    #[arg(long, value_name = "SYMBOLS", allow_hyphen_values = true)]
    pub symbols: Option<String>,
    /// Pnut-Butta: l, the length of the substrings that must not repeat (2-8).
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    pub length: Option<String>,
}

#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    pub game: GameName,
    /// How many games to play (1-1000000).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    #[arg(long)]
    pub seed: Option<u64>,
    /// Nim: misère play.
    #[arg(long)]
    pub misere: bool,
    #[arg(long)]
    pub json: bool,
    /// Winners & Losers: the shortest random string.
    #[arg(long)]
    pub min_len: Option<usize>,
    /// Winners & Losers: the longest random string.
    #[arg(long)]
    pub max_len: Option<usize>,
    /// Othello: the level playing black (e.g. strong, benedict).
    #[arg(long)]
    pub black: Option<String>,
    /// Othello: the level playing white.
    #[arg(long)]
    pub white: Option<String>,
}

#[derive(Debug, Error)]
pub enum CliError {
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Tui(#[from] TuiError),
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
    #[error("{0}")]
    Failed(String),
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) | CliError::Config(_) | CliError::Tui(TuiError::NotATerminal) => 2,
            _ => 1,
        }
    }
}

/// Parses the process arguments and runs; the exit code follows the contract.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help and version to stdout with code 0, usage errors with code 2.
            let _ = e.print();
            return ExitCode::from(e.exit_code().clamp(0, 255) as u8);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (e.g. `| head`): not an error of ours.
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parlor: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// What `solve <game>` accepts besides the position and --json, and in what words.
fn solve_options(game: GameId) -> (&'static [&'static str], &'static str) {
    match game {
        GameId::Nim => (
            &["--misere", "--proof"],
            "solve nim accepts piles (e.g. 3,4,5), --misere, --proof and --json",
        ),
        GameId::SugarPackets => (
            &["--misere", "--proof"],
            "solve 1357 accepts a position (e.g. 1,3,5,7), --proof and --json (it is always misère)",
        ),
        GameId::Chopsticks => (
            &["--rollover", "--no-empty-splits"],
            "solve chopsticks accepts a position (e.g. 1,1/1,1), --rollover, --no-empty-splits and --json",
        ),
        GameId::Othello => (
            &["--depth", "--max-seconds"],
            "solve othello accepts a board, --depth D, --max-seconds S and --json",
        ),
        GameId::Pnut => (
            &["--symbols", "--length", "--depth", "--max-seconds"],
            "solve pnut accepts --symbols, --length, a string (e.g. 0012), --depth D, --max-seconds S and --json",
        ),
        GameId::WinnersLosers => (
            &[],
            "solve wl accepts a string of W and L (e.g. WLLW) and --json",
        ),
    }
}

/// Refuses an option of `solve` meant for another game: silently ignoring it would
/// answer a different question from the one asked.
fn refuse_foreign_solve_options(game: GameId, args: &SolveArgs) -> Result<(), CliError> {
    let given = [
        (args.misere, "--misere"),
        (args.proof, "--proof"),
        (args.depth.is_some(), "--depth"),
        (args.max_seconds.is_some(), "--max-seconds"),
        (args.rollover, "--rollover"),
        (args.no_empty_splits, "--no-empty-splits"),
        (args.symbols.is_some(), "--symbols"),
        (args.length.is_some(), "--length"),
    ];
    let (allowed, accepted) = solve_options(game);
    refuse_unless_allowed(&given, allowed, game, accepted)
}

/// The same for `simulate`.
fn refuse_foreign_simulate_options(game: GameId, args: &SimulateArgs) -> Result<(), CliError> {
    let given = [
        (args.misere, "--misere"),
        (args.min_len.is_some(), "--min-len"),
        (args.max_len.is_some(), "--max-len"),
        (args.black.is_some(), "--black"),
        (args.white.is_some(), "--white"),
    ];
    let (allowed, accepted): (&[&str], &str) = match game {
        GameId::Nim => (
            &["--misere"],
            "simulate nim accepts --games N, --seed S, --misere and --json",
        ),
        GameId::WinnersLosers => (
            &["--min-len", "--max-len"],
            "simulate wl accepts --games N, --seed S, --min-len A, --max-len B and --json",
        ),
        GameId::Othello => (
            &["--black", "--white"],
            "simulate othello accepts --games N, --seed S, --black LEVEL, --white LEVEL and --json",
        ),
        GameId::SugarPackets => (
            &["--misere"],
            "simulate 1357 accepts --games N, --seed S and --json",
        ),
        GameId::Chopsticks | GameId::Pnut => (
            &[],
            "it accepts --games N, --seed S and --json; the rules come from the config file",
        ),
    };
    refuse_unless_allowed(&given, allowed, game, accepted)
}

fn refuse_unless_allowed(
    given: &[(bool, &str)],
    allowed: &[&str],
    game: GameId,
    accepted: &str,
) -> Result<(), CliError> {
    match given
        .iter()
        .find(|(set, name)| *set && !allowed.contains(name))
    {
        Some((_, name)) => Err(usage(format!(
            "{name} is not an option of {}: {accepted}",
            game.menu_name()
        ))),
        None => Ok(()),
    }
}

pub fn run(cli: Cli) -> Result<(), CliError> {
    // Every command reads the config, so a broken file is reported whatever was asked.
    let config = Config::load(cli.config.as_deref())?;
    match cli.command {
        None => {
            tui::run(config, Start::Menu, rand::random())?;
            Ok(())
        }
        Some(Command::Play(args)) => {
            let setup = play_setup(&args, &config)?;
            tui::run(
                config,
                Start::Game(setup),
                args.seed.unwrap_or_else(rand::random),
            )?;
            Ok(())
        }
        Some(Command::Solve(args)) => {
            refuse_foreign_solve_options(args.game.id(), &args)?;
            solve_game(&args, &config)
        }
        Some(Command::Simulate(args)) => {
            refuse_foreign_simulate_options(args.game.id(), &args)?;
            simulate_game(&args, &config)
        }
        Some(Command::Perft { depth }) => othello::perft(depth),
        Some(Command::Bench { suite, file }) => othello::bench(&suite, &file, &config),
    }
}

/// `parlor solve <game>`, once the options are known to be the game's own.
fn solve_game(args: &SolveArgs, config: &Config) -> Result<(), CliError> {
    match args.game.id() {
        GameId::Othello => othello::solve(args, config),
        GameId::Chopsticks => chopsticks::solve(args, config),
        GameId::WinnersLosers => wl::solve(args),
        GameId::Pnut => pnut::solve(args, config),
        GameId::Nim | GameId::SugarPackets => solve(args),
    }
}

/// `parlor simulate <game>`, once the options are known to be the game's own.
fn simulate_game(args: &SimulateArgs, config: &Config) -> Result<(), CliError> {
    match args.game.id() {
        GameId::Othello => othello::simulate(args, config),
        GameId::WinnersLosers => wl::simulate(args, config),
        GameId::Chopsticks => chopsticks::simulate(args, config),
        GameId::Pnut => pnut::simulate(args, config),
        GameId::Nim | GameId::SugarPackets => simulate(args),
    }
}

pub(crate) fn usage(e: impl ToString) -> CliError {
    CliError::Usage(e.to_string())
}

/// The game setup for `parlor play`.
pub fn play_setup(args: &PlayArgs, config: &Config) -> Result<GameSetup, CliError> {
    let game = args.game.id();
    let mut setup = GameSetup::from_config(game, config);
    chopsticks::play_options(args, &mut setup)?;
    pnut::play_options(args, &mut setup)?;
    if game != GameId::Othello && (args.level.is_some() || args.color.is_some()) {
        return Err(usage(
            "--level and --color are Othello options: parlor play othello --level strong --color white",
        ));
    }
    if let Some(level) = &args.level {
        setup.othello.level = level
            .parse()
            .map_err(|e: String| usage(format!("--level: {e}")))?;
    }
    if let Some(color) = args.color {
        setup.matchup.first = match color {
            ColorArg::Black => FirstMover::You,
            ColorArg::White => FirstMover::Ai,
        };
    }
    if game == GameId::SugarPackets && (args.piles.is_some() || args.misere) {
        return Err(usage(
            "1357 is always misère Nim on piles 1,3,5,7: drop --piles and --misere, or play nim",
        ));
    }
    let nim_like = matches!(game, GameId::Nim | GameId::SugarPackets);
    if !nim_like && (args.piles.is_some() || args.misere) {
        return Err(usage(format!(
            "--piles and --misere are Nim options; {} does not take them",
            game.cli_name()
        )));
    }
    if let Some(text) = &args.letters {
        if game != GameId::WinnersLosers {
            return Err(usage(
                "--string is for Winners & Losers: parlor play wl --string WLLW",
            ));
        }
        let letters =
            crate::game::wl::parse_letters(text).map_err(|e| usage(format!("--string: {e}")))?;
        if letters.len() > crate::config::WL_MAX_LEN {
            return Err(usage(format!(
                "--string has {} letters: expected 1 to {} letters W and L",
                letters.len(),
                crate::config::WL_MAX_LEN
            )));
        }
        setup.wl.letters = crate::game::wl::format_letters(&letters);
    }
    if let Some(text) = &args.piles {
        setup.nim.piles =
            parse_piles(text, EmptyPiles::Refused).map_err(|e| usage(format!("--piles: {e}")))?;
        setup.nim.preset = PilePreset::Custom;
    }
    if args.misere {
        setup.nim.misere = true;
    }
    if let Some(mode) = args.mode {
        setup.matchup.mode = match mode {
            ModeArg::VsAi => Mode::VsAi,
            ModeArg::TwoPlayers => Mode::TwoPlayers,
            ModeArg::AiVsAi => Mode::AiVsAi,
        };
    }
    if let Some(first) = args.first {
        setup.matchup.first = match first {
            FirstArg::You => FirstMover::You,
            FirstArg::Ai => FirstMover::Ai,
            FirstArg::Coin => FirstMover::Coin,
            FirstArg::AiChooses => FirstMover::AiChooses,
        };
    }
    if setup.matchup.mode == Mode::TwoPlayers
        && matches!(setup.matchup.first, FirstMover::Ai | FirstMover::AiChooses)
    {
        if args.first.is_some() {
            return Err(usage(
                "--first ai/ai-chooses needs an AI: with --mode two-players use you or coin",
            ));
        }
        setup.matchup.first = FirstMover::You;
    }
    if game == GameId::Othello && setup.matchup.first == FirstMover::AiChooses {
        return Err(usage(
            "--first ai-chooses is not offered for Othello: use --color black|white or --first you|ai|coin",
        ));
    }
    if let Some(d) = args.difficulty {
        setup.matchup.difficulty = d.difficulty();
    }
    Ok(setup)
}

/// The Nim position named on the command line.
fn nim_position(game: GameId, position: Option<&str>, misere: bool) -> Result<Nim, CliError> {
    match game {
        GameId::Nim => {
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
        GameId::SugarPackets => {
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
        // Only Nim and 1-3-5-7 reach here: the other games have solvers of their own.
        other => Err(usage(format!("{other} has no pile positions"))),
    }
}

/// The `solve --json` object of DESIGN.md for any game: the verdict for the player to
/// move, the distance and margin where known, the best move and every move's verdict.
pub(crate) fn analysis_json<M: std::fmt::Display>(
    game: &str,
    position: &str,
    a: &Analysis<M>,
) -> serde_json::Value {
    json!({
        "game": game,
        "position": position,
        "verdict": a.verdict.word(),
        "plies": a.verdict.plies(),
        "score": a.score,
        "best": a.best.as_ref().map(|m| m.to_string()),
        "exact": a.exact,
        "nodes": a.nodes,
        "moves": a.moves.iter().map(|m| {
            let mut entry = json!({
                "move": m.mv.to_string(),
                "verdict": m.verdict.word(),
                "plies": m.verdict.plies(),
            });
            if let Some(score) = m.score {
                entry["score"] = json!(score);
            }
            entry
        }).collect::<Vec<_>>(),
    })
}

/// Positions the proof may enumerate before it refuses.
const PROOF_LIMIT: u64 = 5_000_000;

fn solve(args: &SolveArgs) -> Result<(), CliError> {
    let game = args.game.id();
    let position = nim_position(game, args.position.as_deref(), args.misere)?;
    let mut out = std::io::stdout().lock();
    if args.proof {
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
        let report = proof::prove(&position);
        let winner = match report.winner {
            Seat::First => "first",
            Seat::Second => "second",
        };
        if args.json {
            let v = json!({
                "game": game.cli_name(),
                "position": position.notation(),
                "positions": report.positions,
                "first_player_wins": report.first_player_wins,
                "second_player_wins": report.second_player_wins,
                "winner": winner,
            });
            writeln!(out, "{v}")?;
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
        return Ok(());
    }
    let analysis = nim_solver::analyse(&position);
    if args.json {
        let v = analysis_json(game.cli_name(), &position.notation(), &analysis);
        writeln!(out, "{v}")?;
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
        match analysis.verdict.word() {
            "win" => "wins",
            _ => "loses",
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
        if let Some(best) = analysis.best {
            writeln!(out, "Best move: {best}")?;
        }
    }
    Ok(())
}

/// Perfect AI against perfect AI: every game must end as the start's analysis predicted.
fn simulate(args: &SimulateArgs) -> Result<(), CliError> {
    let game = args.game.id();
    let mut rng = StdRng::seed_from_u64(args.seed.unwrap_or_else(rand::random));
    let mut first_wins = 0u32;
    let mut confirmed = 0u32;
    let mut total_moves = 0u64;
    for _ in 0..args.games {
        let mut position = match game {
            GameId::SugarPackets => Nim::sugar_packets(),
            _ => {
                let n = rng.random_range(1..=5);
                let piles = (0..n).map(|_| rng.random_range(1..=12)).collect();
                Nim::new(
                    piles,
                    if args.misere {
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
        while position.outcome().is_none() {
            let a = nim_solver::analyse(&position);
            let mv = policy::choose_move(&a, Difficulty::Perfect, &mut rng)
                .ok_or_else(|| CliError::Failed("a running game had no legal move".into()))?;
            position
                .play(mv)
                .map_err(|e| CliError::Failed(e.to_string()))?;
            total_moves += 1;
        }
        if let Some(Outcome::Win(w)) = position.outcome() {
            if w == Seat::First {
                first_wins += 1;
            }
            if w == predicted {
                confirmed += 1;
            }
        }
    }
    let games = args.games;
    let mut out = std::io::stdout().lock();
    if args.json {
        let v = json!({
            "game": game.cli_name(),
            "games": games,
            "first_player_wins": first_wins,
            "second_player_wins": games - first_wins,
            "predictions_confirmed": confirmed,
            "mean_moves": total_moves as f64 / f64::from(games),
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(out, "{:<28}{:>10}", "games", games)?;
        writeln!(out, "{:<28}{:>10}", "first-player wins", first_wins)?;
        writeln!(
            out,
            "{:<28}{:>10}",
            "second-player wins",
            games - first_wins
        )?;
        writeln!(
            out,
            "{:<28}{:>10.1}",
            "mean moves per game",
            total_moves as f64 / f64::from(games)
        )?;
        writeln!(out, "predictions confirmed: {confirmed}/{games}")?;
    }
    if confirmed != games {
        return Err(CliError::Failed(format!(
            "{} game(s) did not end as predicted",
            games - confirmed
        )));
    }
    Ok(())
}
