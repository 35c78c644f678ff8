//! The plug-in API: what a game is to the rest of the program (its identity, options,
//! setup, screens, commands and engine session), and the pieces a game builds them
//! from. The games implement it (`games/`); the shell (`tui/`, `cli/`) uses it. It
//! imports no shell module.

pub mod command;
pub mod engine;
pub mod lesson;
pub mod match_screen;
pub mod match_view;
pub mod options;
pub mod puzzle;
pub mod rating;
pub mod referee;
pub mod review;
pub mod screen;

use std::fmt;

use crate::seeds::GameRng;

use crate::config::{AnySection, Config};
use crate::matchup::Difficulty;
use crate::matchup::{FirstMover, MatchSetup, Mode};
use crate::plugin::screen::{GameScreen, SimulationScreen};
use crate::store::MatchRecord;
use crate::ui::keys::OwnKey;
pub use command::{CliError, GameArgs, ModeArg, PlayCommon, SimulateCommon, usage};
pub use options::{GameOptions, NoOptions, Row};

/// What a game is called and says of itself: one static description per game.
#[derive(Debug)]
pub struct GameInfo {
    /// Its command-line name (`parlor play <id>`), also the name its saves are kept
    /// under.
    pub id: &'static str,
    /// Its name on the menu and in titles.
    pub name: &'static str,
    /// One line on the menu.
    pub blurb: &'static str,
    /// One line under the setup screen's title.
    pub summary: &'static str,
    /// The rules, for the help overlay (Markdown-ish text, usually an
    /// `assets/rules/` file): what [`GameKind::rules`] shows unless the game writes
    /// parts in from its code.
    pub rules: &'static str,
    /// Command lines that show what the game's commands take (usually an
    /// `assets/examples/` file; read by [`GameInfo::examples`]), listed under
    /// "Examples:" in each command's `--help`. The tests run every one, so they stay
    /// true: each game has a `play` with `--position` and a `solve`, all quick to run.
    pub examples: &'static str,
}

impl GameInfo {
    /// The examples: each a line of words after `parlor` (single quotes keep a word
    /// with spaces together), then an indented line saying what it does. `#` lines are
    /// comments.
    pub fn examples(&self) -> Vec<Example> {
        let mut examples: Vec<Example> = Vec::new();
        for line in self.examples.lines() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            match examples.last_mut() {
                Some(last) if line.starts_with(' ') => {
                    if !last.says.is_empty() {
                        last.says.push(' ');
                    }
                    last.says.push_str(line.trim());
                }
                _ => examples.push(Example {
                    args: words(line),
                    says: String::new(),
                }),
            }
        }
        examples
    }
}

/// A command line's words: split at spaces, single quotes keeping a word together.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.trim().chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// One example command line: the words after `parlor`, and what it does.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    pub args: Vec<String>,
    pub says: String,
}

impl Example {
    /// The command (`play`, `solve`, `simulate`, or a game's own).
    pub fn verb(&self) -> &str {
        self.args.first().map_or("", String::as_str)
    }

    /// The words after `parlor`, as a command line takes them.
    pub fn argv(&self) -> Vec<&str> {
        self.args.iter().map(String::as_str).collect()
    }

    /// The line as a shell takes it: words with spaces or shell characters quoted.
    pub fn line(&self) -> String {
        let words = self.args.iter().map(|w| {
            let plain = !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || ",./:=_+-".contains(c));
            if plain { w.clone() } else { format!("'{w}'") }
        });
        std::iter::once("parlor".to_string())
            .chain(words)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The "Examples:" section of `verb`'s help among `examples` (empty when none).
    pub fn section(examples: &[Example], verb: &str) -> String {
        let lines: Vec<String> = examples
            .iter()
            .filter(|e| e.verb() == verb)
            .map(|e| format!("  {}\n      {}", e.line(), e.says))
            .collect();
        if lines.is_empty() {
            String::new()
        } else {
            format!("Examples:\n{}", lines.join("\n"))
        }
    }
}

/// A game: a handle on its [`GameKind`], compared and shown by its names. Whoever holds
/// one reaches the game without a global look-up.
#[derive(Clone, Copy)]
pub struct GameId(&'static dyn GameKind);

impl GameId {
    /// The handle of `kind` (each game's `ID`).
    pub const fn of(kind: &'static dyn GameKind) -> GameId {
        GameId(kind)
    }

    /// What the game is and does.
    pub fn kind(self) -> &'static dyn GameKind {
        self.0
    }

    pub fn info(self) -> &'static GameInfo {
        self.0.info()
    }

    pub fn menu_name(self) -> &'static str {
        self.info().name
    }

    /// The name used on the command line.
    pub fn cli_name(self) -> &'static str {
        self.info().id
    }

    pub fn blurb(self) -> &'static str {
        self.info().blurb
    }
}

impl PartialEq for GameId {
    fn eq(&self, other: &GameId) -> bool {
        self.cli_name() == other.cli_name()
    }
}

impl Eq for GameId {}

impl std::hash::Hash for GameId {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cli_name().hash(state);
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.menu_name())
    }
}

impl fmt::Debug for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GameId({})", self.cli_name())
    }
}

/// What a game screen is started with besides its setup.
pub struct StartEnv<'a> {
    pub config: &'a Config,
    pub ai_delay_ms: u64,
    pub hints: bool,
}

/// A problem with a game's own section of the config: the dotted key and why.
pub type ConfigProblem = (&'static str, String);

/// One game, as the rest of the program sees it.
pub trait GameKind: Sync {
    /// Its names and its lines on the menu and the setup screen.
    fn info(&self) -> &'static GameInfo;
    /// The rules, for the help overlay: [`GameInfo::rules`], where a game may write
    /// parts in from its code.
    fn rules(&self) -> std::borrow::Cow<'static, str> {
        self.info().rules.into()
    }

    /// Who moves first by default.
    fn first_default(&self, config: &Config) -> FirstMover;
    /// The game's own options, with the config's defaults (by default it has none).
    fn options(&self, _config: &Config) -> Box<dyn GameOptions> {
        Box::new(NoOptions)
    }
    /// The game's own section of the config (`[nim]`), if it has one: the registry
    /// checks that it reads as its type, and refuses a section no game has.
    fn config_section(&self) -> Option<&'static dyn AnySection> {
        None
    }
    /// Checks the values of the game's own section (which reads: the registry has
    /// checked it first).
    fn validate_config(&self, _config: &Config) -> Result<(), ConfigProblem> {
        Ok(())
    }

    /// The first-mover choices the setup offers in `mode`.
    fn first_options(&self, mode: Mode) -> &'static [FirstMover] {
        match mode {
            Mode::VsAi => &[
                FirstMover::You,
                FirstMover::Ai,
                FirstMover::Coin,
                FirstMover::AiChooses,
            ],
            Mode::TwoPlayers => &[FirstMover::You, FirstMover::Coin],
            Mode::AiVsAi => &[],
        }
    }
    fn first_label(&self, first: FirstMover, mode: Mode) -> &'static str {
        match (first, mode) {
            (FirstMover::You, Mode::TwoPlayers) => "player 1",
            (FirstMover::You, _) => "you",
            (FirstMover::Ai, _) => "the AI",
            (FirstMover::Coin, _) => "coin flip",
            (FirstMover::AiChooses, _) => "AI chooses (takes the winning side)",
        }
    }
    fn first_explanation(&self) -> &'static str {
        "AI chooses: the AI analyses the start and takes the side that wins."
    }
    /// The names of the two sides where the game gives them colours (Othello's black
    /// and white, first and second): a saved match against the AI says which is yours.
    fn side_colours(&self) -> Option<[&'static str; 2]> {
        None
    }
    /// Whether a game can end in a draw (a draw may then be offered online).
    fn has_draws(&self) -> bool {
        false
    }
    /// Those of its own keys that show what the solver knows (W&L's pyramid): refused
    /// in a match online, where the players play on their own.
    fn revealing_keys(&self) -> &'static [&'static str] {
        &[]
    }
    /// The keys of this game's own (they apply only while it is on screen).
    fn keys(&self) -> &'static [OwnKey] {
        &[]
    }
    /// Whether the setup offers the shared AI level row (Othello has its own levels).
    fn uses_difficulty(&self) -> bool {
        true
    }
    /// What the AI's strength is called in a match of this setup (the statistics count
    /// per level): the shared difficulty, unless the game has levels of its own.
    fn ai_level(&self, setup: &GameSetup) -> String {
        setup.matchup.difficulty.to_string()
    }
    /// Every name `ai_level` can give, in the order the setup offers them: the
    /// statistics list a game's levels in this order.
    fn levels(&self) -> Vec<&'static str> {
        Difficulty::ALL.iter().map(|d| d.name()).collect()
    }

    /// The characters a player types as moves in a match of this setup (Pnut-Butta's
    /// symbols): a key with a job on the game's screen cannot be one of them, so the
    /// arcade refuses such a setup before the game starts. Empty by default.
    fn typed_moves(&self, _setup: &GameSetup) -> Vec<char> {
        Vec::new()
    }

    /// The variant a match's options (`MatchRecord::options`) describe, in words, for the
    /// statistics' split by variant ("piles 3,4,5, misère", "symbols 012, runs of 3"). `None`:
    /// the game has one variant (or its levels are the split, as in Othello).
    fn variant(&self, _options: &serde_json::Value) -> Option<String> {
        None
    }

    /// The variant of a match started from `position` (`MatchRecord::from_position`):
    /// by default the options' words and the start ("symbols 012, runs of 3, from 0120"). A
    /// game whose options' words name a start of their own (Nim's piles) says the
    /// position in their place: the piles of the options were not played.
    fn variant_from(&self, options: &serde_json::Value, position: &str) -> Option<String> {
        self.variant(options)
            .map(|words| format!("{words}, {}", from_words(position)))
    }

    /// Who wins from this setup's start with perfect play, where the game knows it at
    /// once (a formula or a table) and the start is the same every game: the setup
    /// warns a player who would start in a proven loss, and a first game is set up on
    /// the winning side. `None`: not known, a draw, or a random start.
    fn start_winner(&self, _setup: &GameSetup) -> Option<crate::game::Seat> {
        None
    }

    /// Whether the setup's start was typed by the player (a typed position, or a
    /// game's own typed start such as Winners & Losers' string): such a game is not
    /// rated, as the player chose where it began.
    fn typed_start(&self, setup: &GameSetup) -> bool {
        setup.position.is_some()
    }

    /// The game's lesson: its rules on a live board in a few steps, then one idea of
    /// strategy from its solver (`games::lesson`). `None`: the game has none.
    fn lesson(&self) -> Option<lesson::Lesson> {
        None
    }

    /// The game's puzzles (issue 37): its shipped set and the generator that makes it
    /// (`examples/make_puzzles.rs`); `parlor puzzle list <game>` prints the set. `None`:
    /// the game offers none.
    fn puzzles(&self) -> Option<puzzle::PuzzleBook> {
        None
    }

    /// One line for the setup's "From a position" row: the notation, with an example.
    fn position_help(&self) -> &'static str {
        "Type a position as parlor solve reads it; empty: the usual start."
    }
    /// Checks the setup's position (`GameSetup::position`) against its options: the
    /// error says what is wrong and what is accepted. Called before `start`.
    fn check_position(&self, setup: &GameSetup) -> Result<(), String>;
    /// The screen of a new match.
    fn start(&self, setup: GameSetup, env: &StartEnv, rng: &mut GameRng) -> Box<dyn GameScreen>;
    /// The rules of a match of `setup` as a server referees it between two terminals
    /// (a random start drawn from `rng`). `Err`: the game is not played online.
    fn referee(
        &self,
        _setup: &GameSetup,
        _rng: &mut GameRng,
    ) -> Result<Box<dyn referee::Referee>, String> {
        Err(format!("{} is not played online", self.info().name))
    }
    /// The review of a recorded game of this kind: its positions, drawn the game's way,
    /// and the analyst that judges them (with limits suited to a review). The error
    /// says what in the record cannot be read.
    fn review(&self, record: &MatchRecord, config: &Config) -> Result<review::ReviewPlan, String>;
    /// The AI-vs-AI simulation screen, for games whose setup offers one.
    fn simulation(&self, _setup: GameSetup, _seed: u64) -> Option<Box<dyn SimulationScreen>> {
        None
    }

    /// The session of `parlor engine <game> [options]` (`options` as `parlor play`
    /// reads them): how the engine reads this game's positions and moves, and the
    /// analyst it keeps for the whole session.
    /// `setups` reads a setup of this game from `parlor play` options.
    fn engine(
        &self,
        options: &[String],
        config: &Config,
        setups: engine::SetupReader,
    ) -> Result<Box<dyn engine::EngineSession>, CliError>;

    /// `parlor solve <game>`'s arguments: the game's own typed struct (its help text
    /// is the command's help), usually `Args::augment_args(Command::new(..))`.
    fn solve_command(&self) -> clap::Command;
    /// `parlor solve <game>`: `args` were parsed by [`GameKind::solve_command`].
    fn solve(&self, args: &GameArgs, config: &Config) -> Result<(), CliError>;
    /// `parlor simulate <game>`'s arguments (with `cli::SimulateCommon` flattened in).
    fn simulate_command(&self) -> clap::Command;
    /// `parlor simulate <game>`: `args` were parsed by [`GameKind::simulate_command`].
    fn simulate(&self, args: &GameArgs, config: &Config) -> Result<(), CliError>;
    /// `parlor play <game>`: the game's own options added to `shared` (the options
    /// every game takes).
    fn play_command(&self, shared: clap::Command) -> clap::Command {
        shared
    }
    /// Applies the game's own `parlor play` options (parsed by
    /// [`GameKind::play_command`]) to `setup`.
    fn play_options(&self, _args: &GameArgs, _setup: &mut GameSetup) -> Result<(), CliError> {
        Ok(())
    }

    /// The game's own top-level commands besides play, solve and simulate (Othello:
    /// `perft` and `bench`; Pnut-Butta: `prove`), as clap commands named as typed.
    fn commands(&self) -> Vec<clap::Command> {
        Vec::new()
    }
    /// Runs the command `name` of [`GameKind::commands`], its arguments parsed by it.
    fn run_command(
        &self,
        name: &str,
        _args: &clap::ArgMatches,
        _config: &Config,
    ) -> Result<(), CliError> {
        Err(usage(format!(
            "{name} is not a command of {}",
            self.info().name
        )))
    }

    /// Moves (each in the game's move notation) from `start` (the record's start
    /// position) as one move list, the way players of this game write them: separated
    /// by spaces unless the game has its own habit (Othello: `f5d6c3`; Winners & Losers
    /// shows the letter each move took).
    fn move_list(&self, _start: &str, moves: &[String]) -> String {
        moves.join(" ")
    }
    /// The named opening that `moves` from `start` follow, in words, for a game whose
    /// openings have names (Othello's Tiger, Rose, ...): the move list overlay and
    /// `parlor export` show it. `None`: no name (the default: most games have none).
    fn opening(&self, _start: &str, _moves: &[String]) -> Option<String> {
        None
    }
    /// A margin this small or smaller, from a search that proved nothing, is "about
    /// even": at that size its sign changes from one search to the next (Othello: 2
    /// discs). 0 for games whose estimates are not margins.
    fn even_within(&self) -> i32 {
        0
    }
    /// The record formats of this game's own that `parlor export --format` offers
    /// besides moves and json (Othello: ggf).
    fn record_formats(&self) -> &'static [&'static str] {
        &[]
    }
    /// A finished game in one of [`GameKind::record_formats`].
    fn game_record(&self, _record: &MatchRecord, format: &str) -> Result<String, String> {
        Err(format!("{} has no {format} format", self.info().name))
    }
}

/// The games an arcade offers, in menu order: built once where the program starts
/// (`arcade::registry`) and handed to the command line and the app. Tests build their
/// own, with one game or a made-up one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Registry {
    games: std::sync::Arc<[GameId]>,
}

impl Registry {
    pub fn new(kinds: &[&'static dyn GameKind]) -> Registry {
        Registry {
            games: kinds.iter().map(|k| GameId::of(*k)).collect(),
        }
    }

    /// Every game, in menu order.
    pub fn all(&self) -> impl ExactSizeIterator<Item = GameId> + '_ {
        self.games.iter().copied()
    }

    /// The game whose command-line name is `name`.
    pub fn find(&self, name: &str) -> Option<GameId> {
        self.all().find(|g| g.cli_name() == name)
    }

    /// The command-line names, in menu order.
    pub fn names(&self) -> Vec<&'static str> {
        self.all().map(GameId::cli_name).collect()
    }

    /// Each game's own keys, by its command-line name (`ui::keys::Keys::new`).
    pub fn own_keys(&self) -> Vec<(&'static str, &'static [OwnKey])> {
        self.all()
            .map(|g| (g.cli_name(), g.kind().keys()))
            .collect()
    }

    /// What the config's shared sections cannot judge alone: which other sections
    /// there may be (the games'), that each game's reads as its type, the keys, of
    /// every game at once (no two on one screen may clash), and each game's values.
    pub fn check_config(&self, config: &Config) -> Result<(), crate::config::Problem> {
        use crate::config::{Problem, clip};
        let sections: Vec<&dyn AnySection> = self
            .all()
            .filter_map(|g| g.kind().config_section())
            .collect();
        let names: Vec<&str> = sections.iter().map(|s| s.name()).collect();
        config.refuse_unknown_sections(&names)?;
        for section in &sections {
            section.check(config)?;
        }
        crate::ui::keys::check(&config.keys, &self.own_keys()).map_err(|(name, message)| {
            // A name too long to quote is blamed on its table (the message quotes it
            // shortened).
            let key = if name.is_empty() || clip(&name) != name {
                "keys".to_string()
            } else {
                format!("keys.{name}")
            };
            Problem::invalid(key, message)
        })?;
        for game in self.all() {
            game.kind()
                .validate_config(config)
                .map_err(|(key, message)| Problem::invalid(key, message))?;
        }
        Ok(())
    }

    /// The variant of `record`'s match in words ("piles 3,4,5, misère"; see
    /// [`GameKind::variant`]), `None` for a game with one variant or one not built in.
    pub fn variant_of(&self, record: &MatchRecord) -> Option<String> {
        let kind = self.find(&record.game)?.kind();
        match &record.from_position {
            Some(position) => kind.variant_from(&record.options, position),
            None => kind.variant(&record.options),
        }
    }

    /// The statistics of `history` (`store::stats`), in menu order, each game's levels
    /// in the order its setup offers them, split by variant (`GameKind::variant`), with
    /// the player's rating against the AI (`rating::rated`).
    pub fn statistics(&self, history: &[MatchRecord]) -> Vec<crate::store::stats::GameStats> {
        let known: Vec<crate::store::stats::GameInfo> = self
            .all()
            .map(|g| crate::store::stats::GameInfo {
                id: g.cli_name(),
                name: g.menu_name(),
                levels: g.kind().levels(),
            })
            .collect();
        let variant = |record: &MatchRecord| self.variant_of(record);
        let mut stats = crate::store::stats::compute_by_variant(history, &known, &variant);
        for (game, rating) in rating::rated::player_ratings(self, history) {
            if let Some(g) = stats.iter_mut().find(|g| g.game == game.cli_name()) {
                g.rating = Some(rating);
            }
        }
        stats
    }

    /// A saved match put back on the board: its game's screen started from the record's
    /// start, with its options, seats, moves and what undo had taken back. The error
    /// says why it cannot be (an unknown game, options or moves that do not fit).
    pub fn resume(
        &self,
        record: &MatchRecord,
        env: &StartEnv,
    ) -> Result<Box<dyn GameScreen>, String> {
        let game = self
            .find(&record.game)
            .ok_or_else(|| format!("unknown game {:?}", record.game))?;
        let setup = GameSetup::from_record(game, record, env.config)?;
        let kind = setup.game.kind();
        kind.check_position(&setup)
            .map_err(|e| format!("its start: {e}"))?;
        let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(record.seed);
        let mut screen = kind.start(setup, env, &mut rng);
        screen.set_seed(record.seed);
        screen.restore(record)?;
        // Remembered as set up: a rematch starts where the setup said, not from here.
        screen.setup_mut().position = record.from_position.clone();
        Ok(screen)
    }
}

/// Everything needed to start a game.
#[derive(Debug)]
pub struct GameSetup {
    pub game: GameId,
    pub matchup: MatchSetup,
    pub options: Box<dyn GameOptions>,
    /// Start from this position (in the game's notation, as `parlor solve` reads it)
    /// instead of the game's own start.
    pub position: Option<String>,
    /// The spoiler switch: whether the prediction, the AI's remarks on who wins and
    /// the best move are shown during the game.
    pub spoilers: bool,
}

impl Clone for GameSetup {
    fn clone(&self) -> Self {
        GameSetup {
            game: self.game,
            matchup: self.matchup.clone(),
            options: self.options.clone_box(),
            position: self.position.clone(),
            spoilers: self.spoilers,
        }
    }
}

impl PartialEq for GameSetup {
    fn eq(&self, other: &Self) -> bool {
        self.game == other.game
            && self.matchup == other.matchup
            && self.options.eq_box(other.options.as_ref())
            && self.position == other.position
            && self.spoilers == other.spoilers
    }
}

impl GameSetup {
    /// The config's defaults for `game`.
    pub fn from_config(game: GameId, config: &Config) -> GameSetup {
        let kind = game.kind();
        GameSetup {
            game,
            matchup: MatchSetup {
                mode: Mode::VsAi,
                first: kind.first_default(config),
                difficulty: config.ai.difficulty,
                clock: None,
            },
            options: kind.options(config),
            position: None,
            spoilers: true,
        }
    }

    /// The setup a recorded game was played with, starting from the record's start
    /// (`MatchRecord::start`). The error names what cannot be read.
    pub fn from_record(
        game: GameId,
        record: &MatchRecord,
        config: &Config,
    ) -> Result<GameSetup, String> {
        let options = game
            .kind()
            .options(config)
            .read_json(&record.options)
            .map_err(|e| format!("the options of this {} game: {e}", game.menu_name()))?;
        Ok(GameSetup {
            game,
            matchup: MatchSetup {
                mode: record.mode,
                first: record.first,
                difficulty: record.difficulty,
                clock: record.clock.map(|c| c.control),
            },
            options,
            position: Some(record.start.clone()),
            spoilers: true,
        })
    }

    /// The game's own options, when they are of type `T`.
    pub fn options<T: GameOptions>(&self) -> Option<&T> {
        self.options.as_any().downcast_ref()
    }

    /// A copy of the game's own options of type `T` (its defaults for a setup of
    /// another game, which a screen is never started with).
    pub fn own<T: GameOptions + Clone + Default>(&self) -> T {
        self.options::<T>().cloned().unwrap_or_default()
    }

    /// The game's own options to change, when they are of type `T`.
    pub fn options_mut<T: GameOptions>(&mut self) -> Option<&mut T> {
        self.options.as_any_mut().downcast_mut()
    }
}

/// The start `draw` makes when it does not depend on the random draw (two different
/// seeds give the same start), else `None`.
pub fn fixed_start<T: PartialEq, E>(draw: impl Fn(&mut GameRng) -> Result<T, E>) -> Option<T> {
    let mut a = <GameRng as rand::SeedableRng>::seed_from_u64(1);
    let mut b = <GameRng as rand::SeedableRng>::seed_from_u64(2);
    let (x, y) = (draw(&mut a).ok()?, draw(&mut b).ok()?);
    (x == y).then_some(x)
}

/// A typed start must leave a move to play: one already over would open on a
/// game-over box ("0 moves played") and a review of nothing. For `check_position`.
pub fn playable(game: &impl crate::game::Game) -> Result<(), String> {
    match game.outcome() {
        Some(_) => Err(
            "that position is already over, with no move left to play: give one with a move \
             to make, or none for the usual start"
                .into(),
        ),
        None => Ok(()),
    }
}

/// The seat that wins when the player to move at the start wins (`mover_wins`), or
/// loses.
pub fn winner_if(mover_wins: bool) -> crate::game::Seat {
    if mover_wins {
        crate::game::Seat::First
    } else {
        crate::game::Seat::Second
    }
}

/// "from 2,0,1" for a start short enough to read in the statistics, else "from a
/// position".
pub fn from_words(position: &str) -> String {
    let position = position.trim();
    if !position.is_empty() && position.chars().count() <= 16 {
        format!("from {position}")
    } else {
        "from a position".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_are_read_with_quoted_words_and_their_descriptions() {
        let info = GameInfo {
            id: "x",
            name: "X",
            blurb: "",
            summary: "",
            rules: "",
            examples: "# a comment\n\nsolve x 'a b  c' --json\n    what it does,\n    on two lines\nplay x ''\n  empty\n",
        };
        let examples = info.examples();
        assert_eq!(
            examples,
            vec![
                Example {
                    args: vec!["solve".into(), "x".into(), "a b  c".into(), "--json".into()],
                    says: "what it does, on two lines".into(),
                },
                Example {
                    args: vec!["play".into(), "x".into(), String::new()],
                    says: "empty".into(),
                },
            ]
        );
        assert_eq!(examples[0].line(), "parlor solve x 'a b  c' --json");
        assert_eq!(examples[1].line(), "parlor play x ''");
        assert_eq!(
            Example::section(&examples, "solve"),
            "Examples:\n  parlor solve x 'a b  c' --json\n      what it does, on two lines"
        );
        assert_eq!(Example::section(&examples, "simulate"), "");
    }
}
