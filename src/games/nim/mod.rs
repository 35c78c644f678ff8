//! Nim: take coins from one pile; the last coin wins (or, misère, loses).

pub mod cli;
pub mod config;
pub mod options;
pub mod review;
pub mod screen;

use rand::rngs::StdRng;

use crate::cli::{CliError, PlayArgs, SimulateArgs, SolveArgs, usage};
use crate::config::Config;
use crate::game::nim::{EmptyPiles, MAX_COINS, MAX_PILES, parse_piles};
use crate::games::{ConfigProblem, GameId, GameKind, GameOptions, GameSetup, StartEnv};
use crate::matchup::FirstMover;
use crate::tui::screen::GameScreen;
use options::{NimSetup, PilePreset};
use screen::NimScreen;

pub const ID: GameId = GameId("nim");

pub struct Nim;
pub static KIND: Nim = Nim;

/// `solve`'s options for Nim and 1-3-5-7.
pub const SOLVE_FLAGS: &[&str] = &["--misere", "--proof"];

impl GameKind for Nim {
    fn id(&self) -> GameId {
        ID
    }
    fn menu_name(&self) -> &'static str {
        "Nim"
    }
    fn blurb(&self) -> &'static str {
        "take coins from one pile; last coin wins"
    }
    fn summary(&self) -> &'static str {
        "Take any number of coins from one pile."
    }
    fn rules(&self) -> &'static str {
        include_str!("../../../assets/rules/nim.md")
    }
    fn first_default(&self, config: &Config) -> FirstMover {
        config.nim.first
    }
    fn options(&self, config: &Config) -> Box<dyn GameOptions> {
        Box::new(NimSetup::from_config(config))
    }
    fn validate_config(&self, config: &Config) -> Result<(), ConfigProblem> {
        let piles = &config.nim.piles;
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
    fn check_position(&self, setup: &GameSetup) -> Result<(), String> {
        let mut rng = <StdRng as rand::SeedableRng>::seed_from_u64(0);
        screen::start_position(setup, &mut rng).map(|_| ())
    }
    fn start(&self, setup: GameSetup, env: &StartEnv, rng: &mut StdRng) -> Box<dyn GameScreen> {
        Box::new(NimScreen::new(setup, env.ai_delay_ms, env.hints, rng))
    }
    fn review(
        &self,
        record: &crate::store::MatchRecord,
        config: &Config,
    ) -> Result<crate::tui::review::Review, String> {
        review::review(record, config)
    }
    fn engine(
        &self,
        options: &[String],
        config: &Config,
    ) -> Result<Box<dyn crate::cli::engine::EngineSession>, CliError> {
        cli::engine(ID, options, config)
    }
    fn solve(&self, args: &SolveArgs, _config: &Config) -> Result<(), CliError> {
        cli::solve(args, screen::Flavour::Coins)
    }
    fn simulate(&self, args: &SimulateArgs, _config: &Config) -> Result<(), CliError> {
        cli::simulate(args, screen::Flavour::Coins)
    }
    fn solve_flags(&self) -> (&'static [&'static str], &'static str) {
        (
            SOLVE_FLAGS,
            "solve nim accepts piles (e.g. 3,4,5), --misere, --proof and --json",
        )
    }
    fn simulate_flags(&self) -> (&'static [&'static str], &'static str) {
        (
            &["--misere"],
            "simulate nim accepts --games N, --seed S, --misere and --json",
        )
    }
    fn play_options(&self, args: &PlayArgs, setup: &mut GameSetup) -> Result<(), CliError> {
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
    fn foreign_play_options(&self, args: &PlayArgs, other: GameId) -> Option<String> {
        if !(args.piles.is_some() || args.misere) {
            return None;
        }
        Some(if other == crate::games::sugar_packets::ID {
            "1357 is always misère Nim on piles 1,3,5,7: drop --piles and --misere, or play nim"
                .to_string()
        } else {
            crate::cli::not_options_of("--piles and --misere", "Nim", other)
        })
    }
}
