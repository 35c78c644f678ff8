//! Nim: take coins from one pile; the last coin wins (or, misère, loses).

pub mod cli;
pub mod config;
pub mod lesson;
pub mod options;
pub mod puzzles;
pub mod review;
pub mod screen;

use crate::seeds::GameRng;

use crate::config::{AnySection, Config};
use crate::game::nim::{EmptyPiles, MAX_COINS, MAX_PILES, parse_piles};
use crate::matchup::FirstMover;
use crate::plugin::GameArgs;
use crate::plugin::screen::GameScreen;
use crate::plugin::{CliError, usage};
use crate::plugin::{ConfigProblem, GameId, GameInfo, GameKind, GameOptions, GameSetup, StartEnv};
use clap::Args;
use options::{NimSetup, PilePreset};
use screen::NimScreen;

pub const ID: GameId = GameId::of(&KIND);

pub struct Nim;
pub static KIND: Nim = Nim;

static INFO: GameInfo = GameInfo {
    id: "nim",
    name: "Nim",
    blurb: "take coins from one pile; last coin wins",
    summary: "Take any number of coins from one pile.",
    rules: include_str!("../../../assets/rules/nim.md"),
    examples: include_str!("../../../assets/examples/nim.txt"),
};

impl GameKind for Nim {
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
        Box::new(NimSetup::from_config(config))
    }
    fn validate_config(&self, config: &Config) -> Result<(), ConfigProblem> {
        let piles = &config::SECTION.read(config).piles;
        if piles.is_empty()
            || piles.len() > MAX_PILES
            || piles.iter().any(|&p| p == 0 || p > MAX_COINS)
        {
            return Err((
                "nim.piles",
                format!(
                    "{}: expected 1-{MAX_PILES} piles of 1-{MAX_COINS} coins, e.g. [3, 4, 5]",
                    crate::config::clip(&format!("{piles:?}"))
                ),
            ));
        }
        Ok(())
    }
    fn position_help(&self) -> &'static str {
        "Piles as parlor solve reads them, e.g. 3,4,5 (empty piles allowed); empty: the setup's piles."
    }
    fn variant(&self, options: &serde_json::Value) -> Option<String> {
        serde_json::from_value::<options::NimSetup>(options.clone())
            .ok()
            .map(|o| o.variant_words())
    }
    /// The position in place of the options' piles, which were not played: "from 2,
    /// misère".
    fn variant_from(&self, options: &serde_json::Value, position: &str) -> Option<String> {
        let options = serde_json::from_value::<options::NimSetup>(options.clone()).ok()?;
        let from = crate::plugin::from_words(position);
        Some(if options.misere {
            format!("{from}, misère")
        } else {
            from
        })
    }
    fn start_winner(&self, setup: &GameSetup) -> Option<crate::game::Seat> {
        let start = crate::plugin::fixed_start(|rng| screen::start_position(setup, rng))?;
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
        screen::start_position(setup, rng).map(crate::plugin::referee::of)
    }
    fn puzzles(&self) -> Option<crate::plugin::puzzle::PuzzleBook> {
        Some(puzzles::nim_book())
    }
    fn check_position(&self, setup: &GameSetup) -> Result<(), String> {
        let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(0);
        crate::plugin::playable(&screen::start_position(setup, &mut rng)?)
    }
    fn start(&self, setup: GameSetup, env: &StartEnv, rng: &mut GameRng) -> Box<dyn GameScreen> {
        Box::new(NimScreen::new(setup, env.ai_delay_ms, env.hints, rng))
    }
    fn review(
        &self,
        record: &crate::store::MatchRecord,
        config: &Config,
    ) -> Result<crate::plugin::review::ReviewPlan, String> {
        review::review(ID, record, config)
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
        cli::NimSolveArgs::augment_args(clap::Command::new(ID.cli_name()))
    }
    fn solve(&self, args: &GameArgs, _config: &Config) -> Result<(), CliError> {
        cli::solve(ID, args.typed()?, screen::Flavour::Coins)
    }
    fn simulate_command(&self) -> clap::Command {
        cli::NimSimulateArgs::augment_args(clap::Command::new(ID.cli_name()))
    }
    fn simulate(&self, args: &GameArgs, _config: &Config) -> Result<(), CliError> {
        let args: cli::NimSimulateArgs = args.typed()?;
        cli::simulate(ID, &args.common, args.misere, screen::Flavour::Coins)
    }
    fn play_command(&self, shared: clap::Command) -> clap::Command {
        cli::NimPlayArgs::augment_args(shared)
    }
    fn play_options(&self, args: &GameArgs, setup: &mut GameSetup) -> Result<(), CliError> {
        let args: cli::NimPlayArgs = args.typed()?;
        let Some(nim) = setup.options_mut::<NimSetup>() else {
            return Ok(());
        };
        if let Some(text) = &args.piles {
            nim.piles = parse_piles(text, EmptyPiles::Refused)
                .map_err(|e| usage(format!("--piles: {e}")))?;
            nim.preset = PilePreset::Custom;
        }
        if args.misere {
            nim.misere = true;
        }
        Ok(())
    }
}
