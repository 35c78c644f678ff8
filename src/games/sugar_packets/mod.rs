//! 1-3-5-7: misère Nim on rows of 1, 3, 5 and 7 sugar packets. A second entry over
//! Nim's rules, engine, screen and command line: only its name, rules and start differ.

pub mod config;
pub mod lesson;

use crate::seeds::GameRng;

use clap::Args;

use crate::config::{AnySection, Config};
use crate::games::nim::cli;
use crate::games::nim::screen::{Flavour, NimScreen};
use crate::matchup::FirstMover;
use crate::plugin::GameArgs;
use crate::plugin::screen::GameScreen;
use crate::plugin::{CliError, SimulateCommon};
use crate::plugin::{GameId, GameInfo, GameKind, GameSetup, StartEnv};

pub const ID: GameId = GameId::of(&KIND);

pub struct SugarPackets;
pub static KIND: SugarPackets = SugarPackets;

static INFO: GameInfo = GameInfo {
    id: "1357",
    name: "1-3-5-7",
    blurb: "misère Nim with sugar packets",
    summary: "Rows of 1, 3, 5 and 7 packets; whoever takes the last packet loses.",
    rules: include_str!("../../../assets/rules/1357.md"),
    examples: include_str!("../../../assets/examples/1357.txt"),
};

impl GameKind for SugarPackets {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }
    fn config_section(&self) -> Option<&'static dyn AnySection> {
        Some(&config::SECTION)
    }

    fn first_default(&self, config: &Config) -> FirstMover {
        config::SECTION.read(config).first
    }
    fn position_help(&self) -> &'static str {
        "Packets per row as parlor solve reads them, e.g. 1,3,5,7; empty: the usual 1,3,5,7."
    }
    fn start_winner(&self, setup: &GameSetup) -> Option<crate::game::Seat> {
        let start = crate::plugin::fixed_start(|rng| {
            crate::games::nim::screen::start_position(setup, rng)
        })?;
        Some(crate::plugin::winner_if(crate::solve::nim::mover_wins(
            start.piles(),
            start.ending(),
        )))
    }
    fn lesson(&self) -> Option<crate::plugin::lesson::Lesson> {
        Some(lesson::lesson())
    }
    fn referee(
        &self,
        setup: &GameSetup,
        rng: &mut GameRng,
    ) -> Result<Box<dyn crate::plugin::referee::Referee>, String> {
        crate::games::nim::screen::start_position(setup, rng).map(crate::plugin::referee::of)
    }
    fn puzzles(&self) -> Option<crate::plugin::puzzle::PuzzleBook> {
        Some(crate::games::nim::puzzles::sugar_book(INFO.id))
    }
    fn check_position(&self, setup: &GameSetup) -> Result<(), String> {
        let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(0);
        crate::plugin::playable(&crate::games::nim::screen::start_position(setup, &mut rng)?)
    }
    fn start(&self, setup: GameSetup, env: &StartEnv, rng: &mut GameRng) -> Box<dyn GameScreen> {
        Box::new(NimScreen::new(setup, env.ai_delay_ms, env.hints, rng))
    }
    fn review(
        &self,
        record: &crate::store::MatchRecord,
        config: &Config,
    ) -> Result<crate::plugin::review::ReviewPlan, String> {
        crate::games::nim::review::review(ID, record, config)
    }
    fn engine(
        &self,
        options: &[String],
        _config: &Config,
        setups: crate::plugin::engine::SetupReader,
    ) -> Result<Box<dyn crate::plugin::engine::EngineSession>, CliError> {
        cli::engine(ID, options, setups)
    }
    fn solve_command(&self) -> clap::Command {
        cli::SugarSolveArgs::augment_args(clap::Command::new(ID.cli_name()))
    }
    fn solve(&self, args: &GameArgs, _config: &Config) -> Result<(), CliError> {
        let args: cli::SugarSolveArgs = args.typed()?;
        cli::solve(ID, args.into(), Flavour::SugarPackets)
    }
    fn simulate_command(&self) -> clap::Command {
        SimulateCommon::augment_args(clap::Command::new(ID.cli_name()))
    }
    fn simulate(&self, args: &GameArgs, _config: &Config) -> Result<(), CliError> {
        cli::simulate(ID, &args.typed()?, true, Flavour::SugarPackets)
    }
}
