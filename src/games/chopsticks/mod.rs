//! Chopsticks: the finger-counting hand game, solved by retrograde analysis.

pub mod cli;
pub mod config;
pub mod lesson;
pub mod options;
pub mod puzzles;
pub mod review;
pub mod screen;

use crate::seeds::GameRng;

use clap::Args;

use crate::config::{AnySection, Config};
use crate::console::lines::LineGame;
use crate::game::chopsticks::{MAX_MOVE_CAP, MIN_MOVE_CAP};
use crate::matchup::FirstMover;
use crate::plugin::GameArgs;
use crate::plugin::screen::GameScreen;
use crate::plugin::{CliError, SimulateCommon};
use crate::plugin::{ConfigProblem, GameId, GameInfo, GameKind, GameOptions, GameSetup, StartEnv};
use crate::solve::analyst::FnAnalyst;
use crate::ui::keys::{Action, OwnKey};
use options::ChopsticksSetup;
use screen::ChopsticksScreen;

pub const ID: GameId = GameId::of(&KIND);

pub struct Chopsticks;
pub static KIND: Chopsticks = Chopsticks;

static INFO: GameInfo = GameInfo {
    id: "chopsticks",
    name: "Chopsticks",
    blurb: "the finger-counting hand game",
    summary: "Hit a hand to add your fingers to it, or split yours; both hands dead loses.",
    rules: include_str!("../../../assets/rules/chopsticks.md"),
    examples: include_str!("../../../assets/examples/chopsticks.txt"),
};

impl GameKind for Chopsticks {
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
        Box::new(ChopsticksSetup::from_config(config))
    }
    fn validate_config(&self, config: &Config) -> Result<(), ConfigProblem> {
        let cap = config::SECTION.read(config).move_cap;
        if !(MIN_MOVE_CAP..=MAX_MOVE_CAP).contains(&cap) {
            return Err((
                "chopsticks.move_cap",
                format!("{cap}: expected {MIN_MOVE_CAP}-{MAX_MOVE_CAP} moves"),
            ));
        }
        Ok(())
    }
    fn keys(&self) -> &'static [OwnKey] {
        &[OwnKey {
            name: "splits",
            action: Action::Own("splits"),
            default: 's',
            what: "open or close the list of splits",
        }]
    }
    fn position_help(&self) -> &'static str {
        "Hands as mover's left,right / other's left,right, e.g. 1,1/1,2; empty: the usual start."
    }
    fn variant(&self, options: &serde_json::Value) -> Option<String> {
        serde_json::from_value::<options::ChopsticksSetup>(options.clone())
            .ok()
            .map(|o| o.variant_words())
    }
    fn start_winner(&self, setup: &GameSetup) -> Option<crate::game::Seat> {
        let start = screen::start_position(setup).ok()?;
        match crate::solve::chopsticks::analyse(&start).verdict {
            crate::solve::Verdict::Win { .. } => Some(crate::plugin::winner_if(true)),
            crate::solve::Verdict::Loss { .. } => Some(crate::plugin::winner_if(false)),
            _ => None,
        }
    }
    fn lesson(&self) -> Option<crate::plugin::lesson::Lesson> {
        Some(lesson::lesson())
    }
    /// A draw: a repeated position or the move cap.
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
    fn puzzles(&self) -> Option<crate::plugin::puzzle::PuzzleBook> {
        Some(puzzles::book())
    }
    fn check_position(&self, setup: &GameSetup) -> Result<(), String> {
        crate::plugin::playable(&screen::start_position(setup)?)
    }
    fn start(&self, setup: GameSetup, env: &StartEnv, rng: &mut GameRng) -> Box<dyn GameScreen> {
        Box::new(ChopsticksScreen::new(
            setup,
            env.ai_delay_ms,
            env.hints,
            rng,
        ))
    }
    /// Every position solved by the retrograde table, the hands drawn as in the match.
    fn review(
        &self,
        record: &crate::store::MatchRecord,
        config: &Config,
    ) -> Result<crate::plugin::review::ReviewPlan, String> {
        review::review(record, config)
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
            analyst: |_| Box::new(FnAnalyst(crate::solve::chopsticks::analyse)),
        }
        .session(options, setups)
    }
    fn solve_command(&self) -> clap::Command {
        cli::ChopsticksSolveArgs::augment_args(clap::Command::new(ID.cli_name()))
    }
    fn solve(&self, args: &GameArgs, _config: &Config) -> Result<(), CliError> {
        cli::solve(args.typed()?)
    }
    fn simulate_command(&self) -> clap::Command {
        SimulateCommon::augment_args(clap::Command::new(ID.cli_name())).after_help(
            "The rules (rollover, empty splits, move cap) come from the [chopsticks] section of the config file.",
        )
    }
    fn simulate(&self, args: &GameArgs, config: &Config) -> Result<(), CliError> {
        cli::simulate(&args.typed()?, config)
    }
    fn play_command(&self, shared: clap::Command) -> clap::Command {
        cli::ChopsticksPlayArgs::augment_args(shared)
    }
    fn play_options(&self, args: &GameArgs, setup: &mut GameSetup) -> Result<(), CliError> {
        cli::play_options(args.typed()?, setup)
    }
}
