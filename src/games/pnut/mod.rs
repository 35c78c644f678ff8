//! Pnut-Butta: append symbols to a shared string without ever repeating its last l.

pub mod analyst;
pub mod board;
pub mod certificate;
pub mod checkpoint;
pub mod cli;
pub mod config;
pub mod jobs;
pub mod lesson;
pub mod options;
pub mod prove;
pub mod puzzles;
pub mod screen;
pub mod start_winner;
pub mod verify;
pub mod verify_cli;

use crate::seeds::GameRng;

use clap::Args;

use crate::config::{AnySection, Config};
use crate::console::lines::LineGame;
use crate::game::pnut::{self, MAX_PLAYERS, MIN_PLAYERS};
use crate::matchup::FirstMover;
use crate::plugin::GameArgs;
use crate::plugin::screen::GameScreen;
use crate::plugin::{CliError, SimulateCommon};
use crate::plugin::{ConfigProblem, GameId, GameInfo, GameKind, GameOptions, GameSetup, StartEnv};
use crate::solve::pnut::MAX_BUDGET;
use options::PnutSetup;
use screen::PnutScreen;

pub const ID: GameId = GameId::of(&KIND);

pub struct PnutButta;
pub static KIND: PnutButta = PnutButta;

static INFO: GameInfo = GameInfo {
    id: "pnut",
    name: "Pnut-Butta",
    blurb: "never let a run of symbols repeat",
    summary: "Append a symbol so the last few (3 by default) are new; whoever can't, loses.",
    rules: include_str!("../../../assets/rules/pnut.md"),
    examples: include_str!("../../../assets/examples/pnut.txt"),
};

impl GameKind for PnutButta {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }
    fn config_section(&self) -> Option<&'static dyn AnySection> {
        Some(&config::SECTION)
    }

    fn first_default(&self, config: &Config) -> FirstMover {
        config::SECTION.read(config).first
    }
    fn options(&self, config: &Config) -> Box<dyn GameOptions> {
        Box::new(PnutSetup::from_config(config))
    }
    fn validate_config(&self, config: &Config) -> Result<(), ConfigProblem> {
        let p = &config::SECTION.read(config);
        if let Err(e) = pnut::Rules::new(&p.symbols, p.length) {
            let key = match e {
                pnut::PnutError::BadLength(_) => "pnut.length",
                _ => "pnut.symbols",
            };
            return Err((key, e.to_string()));
        }
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&p.players) {
            return Err((
                "pnut.players",
                format!("{}: expected 2-6 players", p.players),
            ));
        }
        if p.max_depth > MAX_BUDGET {
            return Err((
                "pnut.max_depth",
                format!(
                    "{}: expected 0 (no limit) to {MAX_BUDGET} plies",
                    p.max_depth
                ),
            ));
        }
        Ok(())
    }
    fn variant(&self, options: &serde_json::Value) -> Option<String> {
        serde_json::from_value::<options::PnutSetup>(options.clone())
            .ok()
            .map(|o| o.variant_words())
    }
    fn position_help(&self) -> &'static str {
        "The string written so far, e.g. 0012 (two players); empty: the empty string."
    }
    /// From the shipped table of settled start nodes, or a small proof where the whole
    /// game is small; each start's answer is kept (the setup asks on every frame).
    fn start_winner(&self, setup: &GameSetup) -> Option<crate::game::Seat> {
        use crate::game::Game;
        let options: PnutSetup = setup.own();
        if options.players != 2 {
            return None;
        }
        let start = screen::start_position(setup).ok()?;
        let mover_wins = start_winner::mover_wins(&start)?;
        let mover = start.to_move();
        Some(if mover_wins { mover } else { mover.other() })
    }
    fn lesson(&self) -> Option<crate::plugin::lesson::Lesson> {
        Some(lesson::lesson())
    }
    fn referee(
        &self,
        setup: &GameSetup,
        _rng: &mut GameRng,
    ) -> Result<Box<dyn crate::plugin::referee::Referee>, String> {
        if setup.own::<PnutSetup>().players > 2 {
            return Err(
                "Pnut-Butta is played online by two players: set Players to 2 to offer it.".into(),
            );
        }
        screen::start_position(setup).map(crate::plugin::referee::of)
    }
    fn puzzles(&self) -> Option<crate::plugin::puzzle::PuzzleBook> {
        Some(puzzles::book())
    }
    fn typed_moves(&self, setup: &GameSetup) -> Vec<char> {
        // Every symbol typed, even while the set is not yet a valid one: the setup
        // refuses a key of the game as it is typed.
        setup.own::<PnutSetup>().symbols.chars().collect()
    }
    fn check_position(&self, setup: &GameSetup) -> Result<(), String> {
        if setup.position.is_some() && setup.own::<PnutSetup>().players > 2 {
            return Err("a position can be given for two players only".into());
        }
        crate::plugin::playable(&screen::start_position(setup)?)
    }
    fn start(&self, setup: GameSetup, env: &StartEnv, rng: &mut GameRng) -> Box<dyn GameScreen> {
        Box::new(PnutScreen::new(setup, env.ai_delay_ms, env.hints, rng))
    }
    /// Every position searched by the proof engine within the game's limits (and at
    /// most a second a ply), its string drawn as in the match.
    fn review(
        &self,
        record: &crate::store::MatchRecord,
        config: &Config,
    ) -> Result<crate::plugin::review::ReviewPlan, String> {
        use crate::plugin::review::board::GameBoard;
        const REVIEW_MILLIS: u64 = 1000;
        let setup = GameSetup::from_record(ID, record, config)?;
        let options: PnutSetup = setup.own();
        let limits = crate::solve::pnut::Limits {
            max_millis: options.limits().max_millis.min(REVIEW_MILLIS),
            ..options.limits()
        };
        let method = format!(
            "searched up to {:.1} s a move",
            limits.max_millis as f64 / 1000.0
        );
        let board = GameBoard::new(
            screen::start_position(&setup)?,
            &record.moves,
            Box::new(analyst::PnutAnalyst::new(&options.rules(), limits)),
            Box::new(board::draw_review),
        )?;
        Ok(board.plan(ID, method))
    }
    fn commands(&self) -> Vec<clap::Command> {
        vec![
            prove::ProveArgs::augment_args(clap::Command::new("prove")).about(
                "An exact proof of who wins that can stop and continue from a checkpoint (Pnut-Butta only): `parlor prove pnut --symbols 012 --length 4 --checkpoint FILE [--certificate CERT]`",
            ),
            verify_cli::VerifyArgs::augment_args(clap::Command::new("verify")).about(
                "Checks a proof certificate from the rules alone (Pnut-Butta only): `parlor verify pnut CERT`",
            ),
        ]
    }
    fn run_command(
        &self,
        name: &str,
        args: &clap::ArgMatches,
        config: &Config,
    ) -> Result<(), CliError> {
        match name {
            "prove" => prove::run(&crate::plugin::command::typed(args)?, config),
            "verify" => verify_cli::run(&crate::plugin::command::typed(args)?, config),
            _ => Err(crate::plugin::usage(format!(
                "{name} is not a command of Pnut-Butta"
            ))),
        }
    }
    fn engine(
        &self,
        options: &[String],
        _config: &Config,
        setups: crate::plugin::engine::SetupReader,
    ) -> Result<Box<dyn crate::plugin::engine::EngineSession>, CliError> {
        // The line protocol, with the analyst a match keeps.
        LineGame {
            id: ID,
            start: screen::start_position,
            analyst: |setup| {
                let options: PnutSetup = setup.own();
                Box::new(analyst::PnutAnalyst::new(
                    &options.rules(),
                    options.limits(),
                ))
            },
        }
        .session(options, setups)
    }
    fn solve_command(&self) -> clap::Command {
        cli::PnutSolveArgs::augment_args(clap::Command::new(ID.cli_name()))
    }
    fn solve(&self, args: &GameArgs, config: &Config) -> Result<(), CliError> {
        cli::solve(&args.typed()?, config)
    }
    fn simulate_command(&self) -> clap::Command {
        SimulateCommon::augment_args(clap::Command::new(ID.cli_name())).after_help(
            "The rules (symbols, length) come from the [pnut] section of the config file.",
        )
    }
    fn simulate(&self, args: &GameArgs, config: &Config) -> Result<(), CliError> {
        cli::simulate(&args.typed()?, config)
    }
    fn play_command(&self, shared: clap::Command) -> clap::Command {
        cli::PnutPlayArgs::augment_args(shared)
    }
    fn play_options(&self, args: &GameArgs, setup: &mut GameSetup) -> Result<(), CliError> {
        cli::play_options(&args.typed()?, &args.typed()?, setup)
    }
}
