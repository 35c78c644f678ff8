//! The command line: the TUI by default, plus `play`, `solve`, `simulate`, `perft`,
//! `bench` and `export`.
//! Usage errors exit with code 2 and a message naming what was wrong and what is accepted;
//! a long command stopped by Ctrl-C prints what it did and exits with code 130.
//! Each game's commands live in their own file; this one parses and dispatches.

pub mod config_cmd;
pub mod engine;
pub mod export;
pub mod game_args;
pub mod puzzles;
pub mod shell;
pub mod stats;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use thiserror::Error;

use crate::config::{Config, ConfigError, FirstMover, clip};
use crate::matchup::Mode;
use crate::plugin::{GameSetup, Registry};
use crate::quote::clip_values;
use crate::store::MatchRecord;
use crate::tui::app::Start;
use crate::tui::{self, TuiError};

pub use crate::plugin::command::{
    CliError, DifficultyArg, DifficultyOption, FirstArg, ModeArg, PlayCommon, SimulateCommon, usage,
};

#[derive(Debug, Parser)]
#[command(
    name = "parlor",
    version,
    about = "A terminal arcade of two-player strategy games with perfect AIs, live predictions and hints"
)]
pub struct Cli {
    /// Read this config file instead of the one in the platform config directory (the
    /// environment variable PARLOR_CONFIG does the same; this option wins).
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the arcade straight into a game: `parlor play <GAME> --help` lists its options.
    Play(game_args::PlayCommand),
    /// Exact analysis of a position: `parlor solve <GAME> --help` lists the game's options
    /// and its position notation.
    Solve(game_args::SolveCommand),
    /// AI against AI on many games, checking every prediction.
    Simulate(game_args::SimulateCommand),
    /// The AI as a long-lived process on stdin/stdout (Othello: the NBoard protocol;
    /// the other games: the line protocol in docs/engine.md).
    Engine {
        /// The game the engine plays.
        // Its possible values, the registry's names, are added in `command`.
        #[arg(index = 1)]
        game: String,
        /// The game's options, as `parlor play` takes them (e.g. --piles 3,4,5).
        #[arg(index = 2, trailing_var_arg = true, allow_hyphen_values = true)]
        options: Vec<String>,
    },
    /// Print a shell completion script, e.g. `parlor completions bash > ~/.local/share/bash-completion/completions/parlor`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `parlor man > ~/.local/share/man/man1/parlor.1`.
    Man,
    /// Where the config file is, and the documented defaults.
    #[command(subcommand)]
    Config(config_cmd::ConfigCommand),
    /// Puzzles: positions where the side to move wins and finding the move takes
    /// thought. `parlor puzzle GAME [--daily | --streak]` opens the trainer, `--rating`
    /// prints your puzzle rating, `parlor puzzle list GAME --json` the shipped set.
    Puzzle(puzzles::PuzzleArgs),
    /// Review a finished game from the history: every move judged, the turning points marked.
    Review {
        /// Which game, counting back from the last one played (1, the default, is the last).
        #[arg(value_name = "N", allow_hyphen_values = true)]
        back: Option<String>,
    },
    /// Print a finished game from the history: its start, moves and result.
    Export(export::ExportArgs),
    /// Statistics of the finished games: per game and AI level, won, drawn, lost, streaks.
    Stats {
        /// Print one JSON object (its shape is in docs/json.md).
        #[arg(long)]
        json: bool,
    },
    /// Host the arcade over SSH: each player connects with `ssh -p PORT name@host` and
    /// gets an arcade of their own, their saves kept under their name.
    Serve {
        /// The address and port to listen on. Only this machine can connect unless
        /// another address is given (e.g. 0.0.0.0:2222 for every interface).
        #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:2222")]
        listen: std::net::SocketAddr,
        /// Players join with the password on the first line of this file.
        #[arg(long, value_name = "FILE")]
        password_file: Option<PathBuf>,
        /// Players join with a key listed in this OpenSSH authorized_keys file.
        #[arg(long, value_name = "FILE")]
        authorized_keys: Option<PathBuf>,
        /// Anyone joins under any name, even beyond this machine (on 127.0.0.1 that is
        /// the default when no password or keys are given).
        #[arg(long)]
        open: bool,
        /// A player who presses no key for this long is sent off, their games saved and
        /// their seat in a match held for them: seconds, minutes or hours (90s, 30m, 2h),
        /// or 0 for never.
        #[arg(long, value_name = "TIME", default_value = "30m", value_parser = crate::serve::parse_idle)]
        idle_timeout: crate::serve::IdleTimeout,
    },
}

/// The whole command line, with the games of `games` where a game is named.
pub fn command(games: &Registry) -> clap::Command {
    let command = <Cli as clap::CommandFactory>::command()
        .after_help(format!(
            "Games: {}. Run without a command for the arcade.",
            games.names().join(", ")
        ))
        .mut_subcommand("engine", |c| {
            c.mut_arg("game", |a| {
                a.value_parser(clap::builder::PossibleValuesParser::new(games.names()))
            })
        });
    // The commands of one game's own (Othello's perft and bench, Pnut-Butta's prove).
    let command = games
        .all()
        .flat_map(|g| {
            let examples = g.kind().info().examples();
            g.kind().commands().into_iter().map(move |own| {
                let verb = own.get_name().to_string();
                game_args::with_examples(own, &verb, &examples)
            })
        })
        .fold(command, |command, own| command.subcommand(own));
    game_args::add_games(command, games)
}

/// A command line that names a game's own command (`parlor perft 5`): the game, its
/// command's name and arguments, and `--config`.
struct OwnCommand {
    game: crate::plugin::GameId,
    name: String,
    args: clap::ArgMatches,
    config: Option<PathBuf>,
}

impl OwnCommand {
    fn of(matches: &clap::ArgMatches, games: &Registry) -> Option<OwnCommand> {
        let (name, args) = matches.subcommand()?;
        let game = games
            .all()
            .find(|g| g.kind().commands().iter().any(|c| c.get_name() == name))?;
        Some(OwnCommand {
            game,
            name: name.to_string(),
            args: args.clone(),
            config: matches.get_one::<PathBuf>("config").cloned(),
        })
    }

    fn run(self, games: &Registry) -> Result<(), RunError> {
        let config = Config::load(self.config.as_deref(), &|c| games.check_config(c))?;
        Ok(self
            .game
            .kind()
            .run_command(&self.name, &self.args, &config)?)
    }
}

/// What the command line asks for.
enum Parsed {
    Cli(Cli),
    Own(OwnCommand),
}

/// `parlor play <GAME>`: the shared options, `--difficulty` where the game has it, then
/// the game's own.
pub(crate) fn play_command(kind: &dyn crate::plugin::GameKind) -> clap::Command {
    use clap::Args;
    let shared = PlayCommon::augment_args(clap::Command::new(kind.info().id));
    let shared = if kind.uses_difficulty() {
        DifficultyOption::augment_args(shared)
    } else {
        shared
    };
    kind.play_command(shared)
}

/// What stops `parlor`: a command's error, or the arcade's.
#[derive(Debug, Error)]
pub enum RunError {
    #[error(transparent)]
    Command(#[from] CliError),
    #[error(transparent)]
    Tui(#[from] TuiError),
    #[error(transparent)]
    Serve(#[from] crate::serve::ServeError),
}

impl From<ConfigError> for RunError {
    fn from(e: ConfigError) -> Self {
        RunError::Command(CliError::Config(e))
    }
}

impl RunError {
    pub fn exit_code(&self) -> u8 {
        match self {
            RunError::Command(e) => e.exit_code(),
            RunError::Tui(TuiError::NotATerminal) => 2,
            // The shell's convention: 128 + the signal's number.
            RunError::Tui(TuiError::Signal(s)) => (128 + s).clamp(0, 255) as u8,
            RunError::Tui(_) => 1,
            RunError::Serve(_) => 1,
        }
    }
}

/// Parses the process arguments and runs the games of `games`; the exit code follows
/// the contract.
pub fn main(games: Registry) -> ExitCode {
    let command = command(&games);
    let raw = game_args::game_names_lowered(std::env::args_os().collect(), &games);
    // Under --json (or export's --format json) errors are one JSON object on stderr.
    let as_json = crate::console::json::wants_json(&raw);
    let raw_copy = raw.clone();
    let parsed = command
        .try_get_matches_from(raw)
        .and_then(|m| match OwnCommand::of(&m, &games) {
            Some(own) => Ok(Parsed::Own(own)),
            None => <Cli as clap::FromArgMatches>::from_arg_matches(&m).map(Parsed::Cli),
        });
    let parsed = match parsed {
        Ok(parsed) => parsed,
        Err(e) => {
            // clap prints help and version to stdout with code 0, usage errors with code 2.
            let code = e.exit_code().clamp(0, 255) as u8;
            if let Some(message) = game_args::explain(&e, &raw_copy, &games) {
                report(&message, code, as_json);
                return ExitCode::from(code);
            }
            if as_json && e.use_stderr() {
                report(&e.render().to_string(), code, true);
                return ExitCode::from(code);
            }
            // clap's own message, in its colours, unless it quotes a huge value.
            let plain = e.render().to_string();
            let clipped = clip_values(&plain);
            if e.use_stderr() && clipped != plain {
                let _ = write!(std::io::stderr(), "{clipped}");
            } else {
                let _ = e.print();
            }
            return ExitCode::from(code);
        }
    };
    let result = match parsed {
        Parsed::Cli(cli) => run(cli, &games),
        Parsed::Own(own) => own.run(&games),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (e.g. `| head`): not an error of ours.
        Err(RunError::Command(CliError::Output(e)))
            if e.kind() == std::io::ErrorKind::BrokenPipe =>
        {
            ExitCode::SUCCESS
        }
        // Asked to stop, or nobody left to tell: the exit code says it all.
        Err(e @ RunError::Tui(TuiError::Signal(_) | TuiError::TerminalLost)) => {
            ExitCode::from(e.exit_code())
        }
        Err(e) => {
            report(&e.to_string(), e.exit_code(), as_json);
            ExitCode::from(e.exit_code())
        }
    }
}

/// Writes an error on stderr: `parlor: <message>`, or under `--json` one JSON object;
/// any huge value the message quotes is clipped (see [`clip_values`]).
fn report(message: &str, code: u8, as_json: bool) {
    let message = clip_values(message);
    let line = if as_json {
        crate::console::json::error_line(&message, code)
    } else {
        format!("parlor: {message}")
    };
    // Not eprintln!: it panics when stderr is gone.
    let _ = writeln!(std::io::stderr(), "{line}");
}

pub fn run(cli: Cli, games: &Registry) -> Result<(), RunError> {
    let command = match cli.command {
        // `parlor config` helps to find and fix the config, so it never reads it.
        Some(Command::Config(command)) => {
            return Ok(config_cmd::run(&command, cli.config.as_deref())?);
        }
        // Neither needs the config either: they describe the command line itself.
        Some(Command::Completions { shell }) => return Ok(shell::completions(shell, games)?),
        Some(Command::Man) => return Ok(shell::man(games)?),
        other => other,
    };
    // Every other command reads the config, so a broken file is reported whatever was
    // asked.
    let config = Config::load(cli.config.as_deref(), &|c| games.check_config(c))?;
    match command {
        // Answered above, without the config.
        Some(Command::Config(_) | Command::Completions { .. } | Command::Man) => Ok(()),
        None => {
            tui::run(games, config, Start::Menu, rand::random())?;
            Ok(())
        }
        Some(Command::Play(game_args::PlayCommand(args))) => {
            let args = args.resolve(games)?;
            let setup = play_setup(&args, &config)?;
            let keys = crate::ui::keys::Keys::new(&config.keys, &games.own_keys());
            if let Some(why) = tui::setup::key_clash(&keys, &setup, false) {
                return Err(usage(why).into());
            }
            let seed = args.typed::<PlayCommon>()?.seed;
            tui::run(
                games,
                config,
                Start::Game(setup),
                seed.unwrap_or_else(rand::random),
            )?;
            Ok(())
        }
        Some(Command::Solve(game_args::SolveCommand(args))) => {
            let args = args.resolve(games)?;
            game_args::refuse_option_as_position("solve", &args, games)?;
            Ok(args.game.kind().solve(&args, &config)?)
        }
        Some(Command::Simulate(game_args::SimulateCommand(args))) => {
            let args = args.resolve(games)?;
            Ok(args.game.kind().simulate(&args, &config)?)
        }
        Some(Command::Review { back }) => {
            let record = review_record(back.as_deref(), &config, games)?;
            tui::run(
                games,
                config,
                Start::Review(Box::new(record)),
                rand::random(),
            )?;
            Ok(())
        }
        Some(Command::Puzzle(args)) => Ok(puzzles::run(args, games, config)?),
        Some(Command::Export(args)) => Ok(export::export(&args, games)?),
        Some(Command::Stats { json }) => Ok(stats::run(json, games)?),
        Some(Command::Serve {
            listen,
            password_file,
            authorized_keys,
            open,
            idle_timeout,
        }) => {
            let access = crate::serve::access::Access::new(
                listen,
                open,
                password_file.as_deref(),
                authorized_keys.as_deref(),
            )
            .map_err(|e| crate::plugin::usage(e.to_string()))?;
            let data_dir = crate::store::default_dir()
                .ok_or(crate::serve::ServeError::NoDataDir)?
                .join(crate::serve::SERVER_DIR);
            let who = access.describe();
            let options = crate::serve::ServeOptions {
                listen,
                data_dir,
                access,
                stopper: crate::serve::Stopper::default(),
                signals: true,
                idle: idle_timeout.0,
                keepalive: crate::serve::KEEPALIVE,
            };
            crate::serve::run(games.clone(), config, options, |addr, fingerprint| {
                let _ = writeln!(
                    std::io::stdout(),
                    "parlor serves the arcade on {addr}\n\
                     join with: ssh -p {port} NAME@{host}\n\
                     who may join: {who}\n\
                     host key: {fingerprint}\n\
                     Ctrl-C stops the server (every game is saved, matches online too).",
                    port = addr.port(),
                    host = addr.ip(),
                );
                let _ = std::io::stdout().flush();
            })?;
            let _ = writeln!(std::io::stdout(), "parlor serve stopped.");
            Ok(())
        }
        Some(Command::Engine { game, options }) => {
            let game = game_args::find_game(games, &game)?;
            Ok(engine::run(game, &options, &config)?)
        }
    }
}

/// The game `parlor review [N]` opens: the N-th last of the history, checked to be
/// one the review can read.
fn review_record(
    back: Option<&str>,
    config: &Config,
    games: &Registry,
) -> Result<MatchRecord, CliError> {
    let history = crate::store::Store::open_default()
        .map(|mut store| store.history())
        .unwrap_or_default();
    if history.is_empty() {
        return Err(usage(
            "no finished games in the history yet: play one to the end, then review it",
        ));
    }
    let count = history.len();
    let accepted = if count == 1 {
        "1 (the only game kept)".to_string()
    } else {
        format!("1 (the last game) to {count} (the oldest kept)")
    };
    let n = match back {
        None => 1,
        Some(text) => text
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=count).contains(n))
            .ok_or_else(|| {
                usage(format!(
                    "review {}: expected a number from {accepted}",
                    clip(text)
                ))
            })?,
    };
    let record = history[count - n].clone();
    let game = games.find(&record.game).ok_or_else(|| {
        usage(format!(
            "game {n} back is of an unknown game {:?}: expected one of {}",
            clip(&record.game),
            games.names().join(", ")
        ))
    })?;
    game.kind()
        .review(&record, config)
        .map_err(|e| usage(format!("game {n} back ({game}) cannot be reviewed: {e}")))?;
    Ok(record)
}

/// The game setup for `parlor play`: the shared options here, the game's own in its
/// folder; another game's options are refused, not ignored.
pub fn play_setup(
    game_args: &crate::plugin::GameArgs,
    config: &Config,
) -> Result<GameSetup, CliError> {
    let game = game_args.game;
    let args = game_args.typed::<PlayCommon>()?;
    let difficulty = if game.kind().uses_difficulty() {
        game_args.typed::<DifficultyOption>()?.difficulty
    } else {
        None
    };
    let mut setup = GameSetup::from_config(game, config);
    game.kind().play_options(game_args, &mut setup)?;
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
    // Options that do nothing in the mode asked for are refused, not dropped.
    if args.first.is_some() && setup.matchup.mode == Mode::AiVsAi {
        return Err(usage(
            "--first says who starts against the AI or at one keyboard: two AIs take turns \
             as AI 1 and AI 2 (use --mode vs-ai or two-players)",
        ));
    }
    if difficulty.is_some() && setup.matchup.mode == Mode::TwoPlayers {
        return Err(usage(
            "--difficulty is the AI's: with --mode two-players no AI plays (use --mode \
             vs-ai or ai-vs-ai)",
        ));
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
    if !game
        .kind()
        .first_options(setup.matchup.mode)
        .contains(&setup.matchup.first)
        && setup.matchup.mode == Mode::VsAi
    {
        return Err(usage(format!(
            "--first {} is not offered for {game}: {}",
            first_word(setup.matchup.first),
            game.kind()
                .first_options(Mode::VsAi)
                .iter()
                .map(|f| first_word(*f))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    if let Some(d) = difficulty {
        setup.matchup.difficulty = d.difficulty();
    }
    if let Some(clock) = args.clock {
        if setup.matchup.mode == Mode::AiVsAi {
            return Err(usage(
                "--clock needs a person to play: use it with --mode vs-ai or two-players",
            ));
        }
        setup.matchup.clock = Some(clock);
    }
    if let Some(position) = &args.position {
        setup.position = Some(position.clone());
        game.kind()
            .check_position(&setup)
            .map_err(|e| usage(format!("--position: {e}")))?;
    }
    Ok(setup)
}

/// How `--first` spells a first mover.
fn first_word(first: FirstMover) -> &'static str {
    match first {
        FirstMover::You => "you",
        FirstMover::Ai => "ai",
        FirstMover::Coin => "coin",
        FirstMover::AiChooses => "ai-chooses",
    }
}
