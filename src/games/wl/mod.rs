//! Winners & Losers: take W/L letters from either end; the AND/OR pyramid, and an
//! AI-vs-AI simulation that checks every prediction.

pub mod cli;
pub mod config;
pub mod lesson;
pub mod options;
pub mod puzzles;
pub mod review;
pub mod screen;
pub mod simulation;

use crate::seeds::GameRng;

use clap::Args;

use crate::config::{AnySection, Config};
use crate::console::lines::LineGame;
use crate::matchup::FirstMover;
use crate::plugin::GameArgs;
use crate::plugin::screen::{GameScreen, SimulationScreen};
use crate::plugin::{CliError, usage};
use crate::plugin::{ConfigProblem, GameId, GameInfo, GameKind, GameOptions, GameSetup, StartEnv};
use crate::solve::analyst::FnAnalyst;
use crate::ui::keys::{Action, OwnKey};
use options::{MAX_LEN, MAX_SIMULATED_GAMES, WlSetup};
use screen::WlScreen;
use simulation::WlSimulation;

pub const ID: GameId = GameId::of(&KIND);

pub struct WinnersLosers;
pub static KIND: WinnersLosers = WinnersLosers;

static INFO: GameInfo = GameInfo {
    id: "wl",
    name: "Winners & Losers",
    blurb: "take W/L letters from either end",
    summary: "Take a letter from either end; whoever takes the last: W wins, L loses.",
    rules: include_str!("../../../assets/rules/wl.md"),
    examples: include_str!("../../../assets/examples/wl.txt"),
};

impl GameKind for WinnersLosers {
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
        Box::new(WlSetup::from_config(config))
    }
    fn validate_config(&self, config: &Config) -> Result<(), ConfigProblem> {
        let wl = &config::SECTION.read(config);
        if wl.min_len == 0 || wl.min_len > wl.max_len || wl.max_len > MAX_LEN {
            // Name the bound that is out of range, or else the one the user moved.
            let blamed = if wl.min_len == 0 {
                "wl.min_len"
            } else if wl.max_len > MAX_LEN || wl.max_len != config::WlConfig::default().max_len {
                "wl.max_len"
            } else {
                "wl.min_len"
            };
            return Err((
                blamed,
                format!(
                    "min_len {} and max_len {}: expected 1 <= min_len <= max_len <= {MAX_LEN}",
                    wl.min_len, wl.max_len
                ),
            ));
        }
        if wl.simulate_games == 0 || wl.simulate_games > MAX_SIMULATED_GAMES {
            return Err((
                "wl.simulate_games",
                format!(
                    "{}: expected 1-{MAX_SIMULATED_GAMES} games",
                    wl.simulate_games
                ),
            ));
        }
        Ok(())
    }
    /// The moves as the screen shows them, each with the letter it took ("left W, right
    /// L"), read from the start; as recorded if they do not replay.
    fn move_list(&self, start: &str, moves: &[String]) -> String {
        crate::game::wl::parse_letters(start)
            .ok()
            .and_then(|letters| crate::game::wl::move_texts(&letters, moves))
            .map_or_else(|| moves.join(" "), |texts| texts.join(", "))
    }
    fn revealing_keys(&self) -> &'static [&'static str] {
        &["pyramid"]
    }
    fn keys(&self) -> &'static [OwnKey] {
        &[
            OwnKey {
                name: "pyramid",
                action: Action::Own("pyramid"),
                default: 'p',
                what: "show or hide the AND/OR pyramid",
            },
            OwnKey {
                name: "pyramid_left",
                action: Action::Own("pyramid_left"),
                default: '<',
                what: "scroll a wide pyramid left",
            },
            OwnKey {
                name: "pyramid_right",
                action: Action::Own("pyramid_right"),
                default: '>',
                what: "scroll a wide pyramid right",
            },
        ]
    }
    fn position_help(&self) -> &'static str {
        "A string of W and L, e.g. WLLWL; empty: the setup's string or a random one."
    }
    fn variant(&self, options: &serde_json::Value) -> Option<String> {
        serde_json::from_value::<options::WlSetup>(options.clone())
            .ok()
            .map(|o| o.variant_words())
    }
    /// The position is the string played, in place of the options' letters.
    fn variant_from(&self, _options: &serde_json::Value, position: &str) -> Option<String> {
        Some(crate::plugin::from_words(position))
    }
    fn start_winner(&self, setup: &GameSetup) -> Option<crate::game::Seat> {
        let letters = crate::plugin::fixed_start(|rng| screen::start_letters(setup, rng))?;
        Some(crate::plugin::winner_if(crate::solve::wl::mover_wins(
            &letters,
        )))
    }
    /// The String row's letters are a start the player typed, as a position is.
    fn typed_start(&self, setup: &GameSetup) -> bool {
        let own: options::WlSetup = setup.own();
        setup.position.is_some() || !own.letters.is_empty()
    }
    fn lesson(&self) -> Option<crate::plugin::lesson::Lesson> {
        Some(lesson::lesson())
    }
    fn referee(
        &self,
        setup: &GameSetup,
        rng: &mut GameRng,
    ) -> Result<Box<dyn crate::plugin::referee::Referee>, String> {
        let letters = screen::start_letters(setup, rng)?;
        Ok(crate::plugin::referee::of(crate::game::wl::Wl::new(
            letters,
        )))
    }
    fn puzzles(&self) -> Option<crate::plugin::puzzle::PuzzleBook> {
        Some(puzzles::book())
    }
    fn check_position(&self, setup: &GameSetup) -> Result<(), String> {
        let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(0);
        screen::start_letters(setup, &mut rng).map(|_| ())
    }
    fn start(&self, setup: GameSetup, env: &StartEnv, rng: &mut GameRng) -> Box<dyn GameScreen> {
        Box::new(WlScreen::new(setup, env.ai_delay_ms, env.hints, rng))
    }
    fn simulation(&self, setup: GameSetup, seed: u64) -> Option<Box<dyn SimulationScreen>> {
        Some(Box::new(WlSimulation::new(setup, seed)))
    }
    /// Every position solved by the AND/OR table, the string drawn as in the match.
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
            start: |setup| {
                // Random letters (an option of play) are drawn once, the same every time.
                let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(0);
                screen::start_letters(setup, &mut rng).map(crate::game::wl::Wl::new)
            },
            analyst: |_| Box::new(FnAnalyst(crate::solve::wl::analyse)),
        }
        .session(options, setups)
    }
    fn solve_command(&self) -> clap::Command {
        cli::WlSolveArgs::augment_args(clap::Command::new(ID.cli_name()))
    }
    fn solve(&self, args: &GameArgs, _config: &Config) -> Result<(), CliError> {
        cli::solve(args.typed()?)
    }
    fn simulate_command(&self) -> clap::Command {
        cli::WlSimulateArgs::augment_args(clap::Command::new(ID.cli_name()))
    }
    fn simulate(&self, args: &GameArgs, config: &Config) -> Result<(), CliError> {
        cli::simulate(&args.typed()?, config)
    }
    fn play_command(&self, shared: clap::Command) -> clap::Command {
        cli::WlPlayArgs::augment_args(shared)
    }
    fn play_options(&self, args: &GameArgs, setup: &mut GameSetup) -> Result<(), CliError> {
        let args: cli::WlPlayArgs = args.typed()?;
        let (Some(text), Some(wl)) = (&args.letters, setup.options_mut::<WlSetup>()) else {
            return Ok(());
        };
        let letters =
            crate::game::wl::parse_letters(text).map_err(|e| usage(format!("--string: {e}")))?;
        if letters.len() > MAX_LEN {
            return Err(usage(format!(
                "--string has {} letters: expected 1 to {MAX_LEN} letters W and L",
                letters.len(),
            )));
        }
        wl.letters = crate::game::wl::format_letters(&letters);
        Ok(())
    }
}
