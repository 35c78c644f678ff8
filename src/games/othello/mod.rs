//! Othello: 8x8 reversi against a searching engine, from the original depth-3 Benedict
//! to the exact endgame solver.

pub mod analyst;
pub mod board;
pub mod cli;
pub mod config;
pub mod lesson;
pub mod levels;
pub mod nboard;
pub mod options;
pub mod puzzles;
pub mod record;
pub mod review;
pub mod screen;
mod typed_square;

use crate::seeds::GameRng;

use clap::Args;

use crate::config::{AnySection, Config};
use crate::matchup::{FirstMover, Mode};
use crate::plugin::CliError;
use crate::plugin::GameArgs;
use crate::plugin::screen::GameScreen;
use crate::plugin::{ConfigProblem, GameId, GameInfo, GameKind, GameOptions, GameSetup, StartEnv};
use crate::solve::othello::{Level, Limits};
use crate::store::MatchRecord;
use crate::ui::keys::{Action, OwnKey};
use options::OthelloSetup;
use screen::OthelloScreen;

pub const ID: GameId = GameId::of(&KIND);

pub struct OthelloGame;
pub static KIND: OthelloGame = OthelloGame;

static INFO: GameInfo = GameInfo {
    id: "othello",
    name: "Othello",
    blurb: "8x8 reversi against a searching engine",
    summary: "Place a disc to flip a line of your opponent's; most discs wins.",
    rules: include_str!("../../../assets/rules/othello.md"),
    examples: include_str!("../../../assets/examples/othello.txt"),
};

/// The engine's limits in the config: time per move, table size, exact threshold.
pub fn limits(config: &Config) -> Limits {
    Limits {
        max_depth: None,
        max_millis: Some(config.solver.max_millis),
        table_mib: config.solver.table_mib,
        exact_empties: config.solver.exact_empties,
    }
}

/// The engine's threads from the config: `solver.threads`, 0 meaning the machine's
/// cores (at most 8, see [`crate::solve::othello::search::default_threads`]).
pub fn threads(config: &Config) -> usize {
    match config.solver.threads {
        0 => crate::solve::othello::search::default_threads(),
        n => n as usize,
    }
}

impl GameKind for OthelloGame {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }
    /// The rules with the table of levels written in from [`levels`], the one text
    /// that describes them.
    fn rules(&self) -> std::borrow::Cow<'static, str> {
        INFO.rules
            .replace("{levels}", &levels::rules_table())
            .into()
    }
    fn config_section(&self) -> Option<&'static dyn AnySection> {
        Some(&config::SECTION)
    }

    fn first_default(&self, config: &Config) -> FirstMover {
        config::SECTION.read(config).first
    }
    fn options(&self, config: &Config) -> Box<dyn GameOptions> {
        Box::new(OthelloSetup::from_config(config))
    }
    fn validate_config(&self, config: &Config) -> Result<(), ConfigProblem> {
        if config::SECTION.read(config).first == FirstMover::AiChooses {
            return Err((
                "othello.first",
                "ai-chooses is not offered for Othello: expected you, ai or coin".into(),
            ));
        }
        Ok(())
    }
    /// In Othello black moves first: choosing who starts is choosing a colour.
    fn first_options(&self, mode: Mode) -> &'static [FirstMover] {
        match mode {
            Mode::VsAi => &[FirstMover::You, FirstMover::Ai, FirstMover::Coin],
            Mode::TwoPlayers => &[FirstMover::You, FirstMover::Coin],
            Mode::AiVsAi => &[],
        }
    }
    fn first_label(&self, first: FirstMover, mode: Mode) -> &'static str {
        match (first, mode) {
            (FirstMover::You, Mode::TwoPlayers) => "player 1 plays black",
            (FirstMover::You, _) => "you play black (black starts)",
            (FirstMover::Ai, _) => "you play white",
            (FirstMover::Coin, _) => "coin flip",
            (FirstMover::AiChooses, _) => "AI chooses",
        }
    }
    fn first_explanation(&self) -> &'static str {
        "Black moves first. A coin flip picks your colour."
    }
    fn side_colours(&self) -> Option<[&'static str; 2]> {
        Some(["black", "white"])
    }
    fn uses_difficulty(&self) -> bool {
        false
    }
    fn keys(&self) -> &'static [OwnKey] {
        &[
            OwnKey {
                name: "right",
                action: Action::Right,
                default: 'l',
                what: "right, beside the arrow key",
            },
            OwnKey {
                name: "faster",
                action: Action::Own("faster"),
                default: '+',
                what: "faster: two AIs move sooner and think less",
            },
            OwnKey {
                name: "slower",
                action: Action::Own("slower"),
                default: '-',
                what: "slower: two AIs pause and think longer",
            },
        ]
    }
    fn position_help(&self) -> &'static str {
        "Moves from the start (f5d6c3), an OBF line, or 64 squares of X O - and the side; empty: the start."
    }
    fn lesson(&self) -> Option<crate::plugin::lesson::Lesson> {
        Some(lesson::lesson())
    }
    fn puzzles(&self) -> Option<crate::plugin::puzzle::PuzzleBook> {
        Some(puzzles::book())
    }
    /// A draw: as many discs each at the end.
    fn has_draws(&self) -> bool {
        true
    }
    fn referee(
        &self,
        setup: &GameSetup,
        _rng: &mut GameRng,
    ) -> Result<Box<dyn crate::plugin::referee::Referee>, String> {
        screen::start_position(setup).map(crate::plugin::referee::of)
    }
    fn check_position(&self, setup: &GameSetup) -> Result<(), String> {
        crate::plugin::playable(&screen::start_position(setup)?)
    }
    fn ai_level(&self, setup: &GameSetup) -> String {
        setup.own::<OthelloSetup>().level.to_string()
    }
    fn levels(&self) -> Vec<&'static str> {
        Level::ALL.iter().map(|l| l.name()).collect()
    }
    fn start(&self, setup: GameSetup, env: &StartEnv, rng: &mut GameRng) -> Box<dyn GameScreen> {
        Box::new(
            OthelloScreen::new(
                setup,
                env.ai_delay_ms,
                env.hints,
                limits(env.config),
                threads(env.config),
                rng,
            )
            .with_legal_marks(config::SECTION.read(env.config).legal_marks),
        )
    }
    fn review(
        &self,
        record: &crate::store::MatchRecord,
        config: &Config,
    ) -> Result<crate::plugin::review::ReviewPlan, String> {
        review::review(record, config)
    }
    fn commands(&self) -> Vec<clap::Command> {
        vec![
            cli::PerftArgs::augment_args(clap::Command::new("perft"))
                .about("Othello move-generation count from the start position"),
            cli::BenchArgs::augment_args(clap::Command::new("bench")).about(
                "Engine benchmarks: `parlor bench ffo FILE` solves the FFO endgame positions in FILE",
            ),
        ]
    }
    fn run_command(
        &self,
        name: &str,
        args: &clap::ArgMatches,
        config: &Config,
    ) -> Result<(), CliError> {
        use crate::plugin::command::typed;
        match name {
            "perft" => {
                let args: cli::PerftArgs = typed(args)?;
                cli::perft(args.depth)
            }
            "bench" => {
                let args: cli::BenchArgs = typed(args)?;
                cli::bench(
                    &args.suite,
                    &args.file,
                    args.threads,
                    args.eval.as_deref(),
                    config,
                )
            }
            _ => Err(crate::plugin::usage(format!(
                "{name} is not a command of Othello"
            ))),
        }
    }
    fn engine(
        &self,
        _options: &[String],
        config: &Config,
        _setups: crate::plugin::engine::SetupReader,
    ) -> Result<Box<dyn crate::plugin::engine::EngineSession>, CliError> {
        Ok(Box::new(nboard::NBoard::new(config)))
    }
    fn solve_command(&self) -> clap::Command {
        cli::OthelloSolveArgs::augment_args(clap::Command::new(ID.cli_name()))
            .after_help(cli::POSITION_HELP)
    }
    fn solve(&self, args: &GameArgs, config: &Config) -> Result<(), CliError> {
        cli::solve(&args.typed()?, config)
    }
    fn simulate_command(&self) -> clap::Command {
        cli::OthelloSimulateArgs::augment_args(clap::Command::new(ID.cli_name()))
    }
    fn simulate(&self, args: &GameArgs, config: &Config) -> Result<(), CliError> {
        cli::simulate(&args.typed()?, config)
    }
    fn play_command(&self, shared: clap::Command) -> clap::Command {
        cli::OthelloPlayArgs::augment_args(shared)
    }
    fn play_options(&self, args: &GameArgs, setup: &mut GameSetup) -> Result<(), CliError> {
        let common: crate::plugin::command::PlayCommon = args.typed()?;
        let args: cli::OthelloPlayArgs = args.typed()?;
        // Your colour is a side against the AI: with two people or two AIs it was
        // silently dropped.
        let vs_ai = match common.mode {
            Some(mode) => mode == crate::plugin::command::ModeArg::VsAi,
            None => setup.matchup.mode == crate::matchup::Mode::VsAi,
        };
        if args.color.is_some() && !vs_ai {
            return Err(crate::plugin::usage(
                "--color is your colour against the AI: use it with --mode vs-ai",
            ));
        }
        if let Some(color) = args.color {
            setup.matchup.first = match color {
                cli::ColorArg::Black => FirstMover::You,
                cli::ColorArg::White => FirstMover::Ai,
            };
        }
        let Some(othello) = setup.options_mut::<OthelloSetup>() else {
            return Ok(());
        };
        if let Some(level) = args.level {
            othello.level = level;
        }
        Ok(())
    }
    fn move_list(&self, _start: &str, moves: &[String]) -> String {
        record::compact(moves)
    }
    fn opening(&self, start: &str, moves: &[String]) -> Option<String> {
        record::opening(start, moves)
    }
    fn even_within(&self) -> i32 {
        screen::EVEN_WITHIN
    }
    fn record_formats(&self) -> &'static [&'static str] {
        &["ggf"]
    }
    fn game_record(&self, record: &MatchRecord, format: &str) -> Result<String, String> {
        match format {
            "ggf" => record::ggf(record),
            other => Err(format!("Othello has no {other} format: expected ggf")),
        }
    }
}
