//! The setup screen shared by all games: mode, who moves first, AI difficulty, and the
//! game's own options. Defaults come from the config.

use rand::{Rng, RngExt};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::hits::{Hit, Hits};
use super::keys::Action;
use super::theme::Theme;
use super::widgets;
use crate::config::{Config, FirstMover, WL_MAX_LEN};
use crate::game::chopsticks::{MAX_MOVE_CAP, MIN_MOVE_CAP, Variant};
use crate::game::nim::{MAX_COINS, MAX_PILES};
use crate::games::GameId;
use crate::session::Mode;
use crate::solve::othello::Level;
use crate::solve::policy::Difficulty;

/// Who plays and how well.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSetup {
    pub mode: Mode,
    pub first: FirstMover,
    pub difficulty: Difficulty,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PilePreset {
    Custom,
    ThreeFourFive,
    Random,
}

impl PilePreset {
    const ALL: [PilePreset; 3] = [
        PilePreset::Custom,
        PilePreset::ThreeFourFive,
        PilePreset::Random,
    ];

    fn label(self) -> &'static str {
        match self {
            PilePreset::Custom => "custom",
            PilePreset::ThreeFourFive => "3-4-5 (classic)",
            PilePreset::Random => "random",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct NimSetup {
    pub piles: Vec<u8>,
    pub preset: PilePreset,
    pub misere: bool,
}

impl NimSetup {
    /// The piles to start with: random ones are drawn anew for every game.
    pub fn starting_piles<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<u8> {
        match self.preset {
            PilePreset::Random => {
                let n = rng.random_range(2..=6);
                (0..n).map(|_| rng.random_range(1..=15)).collect()
            }
            _ => self.piles.clone(),
        }
    }
}

/// Winners & Losers options: the random length range, or a typed string.
#[derive(Clone, Debug, PartialEq)]
pub struct WlSetup {
    pub min_len: usize,
    pub max_len: usize,
    /// A typed string of W and L; empty means a random one for every game.
    pub letters: String,
    pub simulate_games: u32,
}

impl WlSetup {
    /// The letters to play: the typed string, or a random one (true = W).
    pub fn starting_letters<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<bool> {
        if self.letters.is_empty() {
            let n = rng.random_range(self.min_len..=self.max_len.max(self.min_len));
            (0..n).map(|_| rng.random_bool(0.5)).collect()
        } else {
            self.letters.chars().map(|c| c == 'W').collect()
        }
    }
}

/// Othello options: the AI's level and its thinking time per move.
#[derive(Clone, Debug, PartialEq)]
pub struct OthelloSetup {
    pub level: Level,
    pub think_ms: u64,
}

/// Chopsticks options: the rules variant and the move cap.
#[derive(Clone, Debug, PartialEq)]
pub struct ChopsticksSetup {
    pub rollover: bool,
    pub empty_splits: bool,
    pub move_cap: u32,
}

impl ChopsticksSetup {
    pub fn variant(&self) -> Variant {
        Variant {
            rollover: self.rollover,
            empty_splits: self.empty_splits,
        }
    }
}

/// Pnut-Butta options: the rules, the players, the assistant and the solver's limits.
#[derive(Clone, Debug, PartialEq)]
pub struct PnutSetup {
    /// As typed; [`PnutSetup::rules`] falls back to 0 1 2 while it is not valid.
    pub symbols: String,
    pub length: usize,
    /// 2-6; more than two are people only.
    pub players: usize,
    pub assist: bool,
    /// Plies of proof search at most; 0 for no limit.
    pub max_depth: u32,
    pub think_ms: u64,
}

impl PnutSetup {
    /// The rules to play; the default symbols while the typed ones are not valid.
    pub fn rules(&self) -> crate::game::pnut::Rules {
        crate::game::pnut::Rules::new(&self.symbols, self.length)
            .or_else(|_| crate::game::pnut::Rules::new("012", self.length))
            .unwrap_or_else(|_| {
                crate::game::pnut::Rules::new("012", 3).expect("the default rules are valid")
            })
    }

    /// The solver's limits for this game.
    pub fn limits(&self, table_mib: u32) -> crate::solve::pnut::Limits {
        crate::solve::pnut::Limits {
            max_depth: (self.max_depth > 0).then_some(self.max_depth),
            max_millis: self.think_ms,
            table_mib,
            max_nodes: None,
        }
    }
}

/// Everything needed to start a game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSetup {
    pub game: GameId,
    pub matchup: MatchSetup,
    pub nim: NimSetup,
    pub wl: WlSetup,
    pub chopsticks: ChopsticksSetup,
    pub othello: OthelloSetup,
    pub pnut: PnutSetup,
}

impl GameSetup {
    /// The config's defaults for `game`.
    pub fn from_config(game: GameId, config: &Config) -> GameSetup {
        let first = match game {
            GameId::SugarPackets => config.sugar_packets.first,
            GameId::WinnersLosers => config.wl.first,
            GameId::Chopsticks => config.chopsticks.first,
            GameId::Othello => config.othello.first,
            GameId::Pnut => config.pnut.first,
            _ => config.nim.first,
        };
        let preset = if config.nim.piles == [3, 4, 5] {
            PilePreset::ThreeFourFive
        } else {
            PilePreset::Custom
        };
        GameSetup {
            game,
            matchup: MatchSetup {
                mode: Mode::VsAi,
                first,
                difficulty: config.ai.difficulty,
            },
            nim: NimSetup {
                piles: config.nim.piles.clone(),
                preset,
                misere: config.nim.misere,
            },
            wl: WlSetup {
                min_len: config.wl.min_len,
                max_len: config.wl.max_len,
                letters: String::new(),
                simulate_games: config.wl.simulate_games,
            },
            othello: OthelloSetup {
                level: config.othello.level.parse().unwrap_or(Level::Strong),
                think_ms: config.solver.max_millis,
            },
            chopsticks: ChopsticksSetup {
                rollover: config.chopsticks.rollover,
                empty_splits: config.chopsticks.empty_splits,
                move_cap: config.chopsticks.move_cap,
            },
            pnut: PnutSetup {
                symbols: config.pnut.symbols.clone(),
                length: config.pnut.length,
                players: config.pnut.players,
                assist: config.pnut.assist,
                max_depth: config.pnut.max_depth,
                think_ms: config.solver.max_millis,
            },
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Mode,
    First,
    Difficulty,
    Preset,
    Misere,
    PileCount,
    Pile(usize),
    MinLen,
    MaxLen,
    Letters,
    SimulateGames,
    Rollover,
    EmptySplits,
    MoveCap,
    Level,
    ThinkTime,
    PnutSymbols,
    PnutLength,
    PnutPlayers,
    PnutAssist,
    PnutDepth,
    PnutTime,
    Start,
    Simulate,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub setup: GameSetup,
    selected: usize,
    /// Digits typed into the selected number so far.
    typing: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SetupOutcome {
    Stay,
    /// Winners & Losers: run the AI-vs-AI simulation with these options.
    Simulate(GameSetup),
    Start(GameSetup),
    Back,
    Help,
    Quit,
}

fn first_options(game: GameId, mode: Mode) -> &'static [FirstMover] {
    match mode {
        // In Othello black moves first: choosing who starts is choosing a colour.
        Mode::VsAi if game == GameId::Othello => {
            &[FirstMover::You, FirstMover::Ai, FirstMover::Coin]
        }
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

fn first_label(game: GameId, first: FirstMover, mode: Mode) -> &'static str {
    if game == GameId::Othello {
        match (first, mode) {
            (FirstMover::You, Mode::TwoPlayers) => return "player 1 plays black",
            (FirstMover::You, _) => return "you play black (black starts)",
            (FirstMover::Ai, _) => return "you play white",
            _ => {}
        }
    }
    match (first, mode) {
        (FirstMover::You, Mode::TwoPlayers) => "player 1",
        (FirstMover::You, _) => "you",
        (FirstMover::Ai, _) => "the AI",
        (FirstMover::Coin, _) => "coin flip",
        (FirstMover::AiChooses, _) => "AI chooses (takes the winning side)",
    }
}

/// The next item of `all` after (or before, when `step` is -1) `current`.
fn cycle<T: PartialEq + Copy>(all: &[T], current: T, step: isize) -> T {
    let n = all.len() as isize;
    if n == 0 {
        return current;
    }
    let i = all.iter().position(|x| *x == current).unwrap_or(0) as isize;
    all[((i + step).rem_euclid(n)) as usize]
}

impl Setup {
    pub fn new(setup: GameSetup) -> Setup {
        let start = Setup::fields_of(&setup)
            .iter()
            .position(|f| *f == Field::Start)
            .unwrap_or(0);
        Setup {
            setup,
            // Start on the Start button: Enter right away plays with the defaults.
            selected: start,
            typing: false,
        }
    }

    fn fields_of(s: &GameSetup) -> Vec<Field> {
        if s.game == GameId::Pnut && s.pnut.players > 2 {
            // Three or more players: people only, in turn.
            return vec![
                Field::PnutSymbols,
                Field::PnutLength,
                Field::PnutPlayers,
                Field::PnutAssist,
                Field::Start,
            ];
        }
        let mut f = vec![Field::Mode];
        if s.matchup.mode != Mode::AiVsAi {
            f.push(Field::First);
        }
        if s.matchup.mode != Mode::TwoPlayers {
            if s.game == GameId::Othello {
                f.extend([Field::Level, Field::ThinkTime]);
            } else {
                f.push(Field::Difficulty);
            }
        }
        if s.game == GameId::Nim {
            f.extend([Field::Preset, Field::Misere]);
            if s.nim.preset != PilePreset::Random {
                f.push(Field::PileCount);
                f.extend((0..s.nim.piles.len()).map(Field::Pile));
            }
        }
        if s.game == GameId::WinnersLosers {
            f.extend([Field::Letters, Field::MinLen, Field::MaxLen]);
        }
        if s.game == GameId::Chopsticks {
            f.extend([Field::Rollover, Field::EmptySplits, Field::MoveCap]);
        }
        if s.game == GameId::Pnut {
            f.extend([
                Field::PnutSymbols,
                Field::PnutLength,
                Field::PnutPlayers,
                Field::PnutAssist,
                Field::PnutDepth,
                Field::PnutTime,
            ]);
        }
        f.push(Field::Start);
        if s.game == GameId::WinnersLosers {
            f.extend([Field::SimulateGames, Field::Simulate]);
        }
        f
    }

    fn fields(&self) -> Vec<Field> {
        Setup::fields_of(&self.setup)
    }

    fn field(&self) -> Field {
        let fields = self.fields();
        fields[self.selected.min(fields.len() - 1)]
    }

    pub fn handle(&mut self, action: Action) -> SetupOutcome {
        let count = self.fields().len();
        match action {
            Action::Up => {
                self.selected = (self.selected + count - 1) % count;
                self.typing = false;
            }
            Action::Down => {
                self.selected = (self.selected + 1) % count;
                self.typing = false;
            }
            Action::Left => self.change(-1),
            Action::Right => self.change(1),
            Action::Digit(d) => self.type_digit(d),
            Action::Backspace => self.erase_digit(),
            Action::Enter if self.field() == Field::Simulate => {
                return SetupOutcome::Simulate(self.setup.clone());
            }
            Action::Enter => return SetupOutcome::Start(self.setup.clone()),
            Action::Char(c) => self.type_letter(c),
            Action::Back => return SetupOutcome::Back,
            Action::Help => return SetupOutcome::Help,
            Action::Quit => return SetupOutcome::Quit,
            _ => {}
        }
        SetupOutcome::Stay
    }

    /// Selects field `index` (a click); a click on Start starts.
    pub fn click(&mut self, index: usize) -> SetupOutcome {
        let fields = self.fields();
        match fields.get(index) {
            Some(Field::Start) => SetupOutcome::Start(self.setup.clone()),
            Some(Field::Simulate) => SetupOutcome::Simulate(self.setup.clone()),
            Some(_) => {
                self.selected = index;
                self.typing = false;
                SetupOutcome::Stay
            }
            None => SetupOutcome::Stay,
        }
    }

    fn change(&mut self, step: isize) {
        self.typing = false;
        let field = self.field();
        let s = &mut self.setup;
        match field {
            Field::Mode => {
                s.matchup.mode = cycle(&Mode::ALL, s.matchup.mode, step);
                let options = first_options(s.game, s.matchup.mode);
                if !options.is_empty() && !options.contains(&s.matchup.first) {
                    s.matchup.first = options[0];
                }
            }
            Field::First => {
                s.matchup.first =
                    cycle(first_options(s.game, s.matchup.mode), s.matchup.first, step);
            }
            Field::Level => {
                s.othello.level = cycle(&Level::ALL, s.othello.level, step);
            }
            Field::ThinkTime => {
                let t = s.othello.think_ms as i64 + 500 * step as i64;
                s.othello.think_ms = t.clamp(500, 60_000) as u64;
            }
            Field::Difficulty => {
                s.matchup.difficulty = cycle(&Difficulty::ALL, s.matchup.difficulty, step);
            }
            Field::Preset => {
                s.nim.preset = cycle(&PilePreset::ALL, s.nim.preset, step);
                if s.nim.preset == PilePreset::ThreeFourFive {
                    s.nim.piles = vec![3, 4, 5];
                }
            }
            Field::Misere => s.nim.misere = !s.nim.misere,
            Field::PileCount => {
                let n = (s.nim.piles.len() as isize + step).clamp(1, MAX_PILES as isize) as usize;
                s.nim.piles.resize(n, 3);
                s.nim.preset = PilePreset::Custom;
            }
            Field::Pile(i) => {
                if let Some(p) = s.nim.piles.get_mut(i) {
                    *p = (*p as isize + step).clamp(1, MAX_COINS as isize) as u8;
                }
                s.nim.preset = PilePreset::Custom;
            }
            Field::MinLen => {
                let w = &mut s.wl;
                w.min_len = (w.min_len as isize + step).clamp(1, WL_MAX_LEN as isize) as usize;
                w.max_len = w.max_len.max(w.min_len);
            }
            Field::MaxLen => {
                let w = &mut s.wl;
                w.max_len = (w.max_len as isize + step).clamp(1, WL_MAX_LEN as isize) as usize;
                w.min_len = w.min_len.min(w.max_len);
            }
            Field::SimulateGames => {
                let g = &mut s.wl.simulate_games;
                *g = if step > 0 {
                    (*g * 10).min(1_000_000)
                } else {
                    (*g / 10).max(1)
                };
            }
            Field::Letters => {}
            Field::Rollover => s.chopsticks.rollover = !s.chopsticks.rollover,
            Field::EmptySplits => s.chopsticks.empty_splits = !s.chopsticks.empty_splits,
            Field::MoveCap => {
                let c = &mut s.chopsticks.move_cap;
                *c = (i64::from(*c) + 10 * step as i64)
                    .clamp(i64::from(MIN_MOVE_CAP), i64::from(MAX_MOVE_CAP))
                    as u32;
            }
            Field::PnutSymbols => {
                const PRESETS: [&str; 6] = ["01", "012", "0123", "abc", "ACGT", "0123456789"];
                let i = PRESETS.iter().position(|p| *p == s.pnut.symbols);
                let n = PRESETS.len() as isize;
                let next = match i {
                    Some(i) => (i as isize + step).rem_euclid(n) as usize,
                    None => 1,
                };
                s.pnut.symbols = PRESETS[next].to_string();
            }
            Field::PnutLength => {
                s.pnut.length = (s.pnut.length as isize + step).clamp(
                    crate::game::pnut::MIN_LENGTH as isize,
                    crate::game::pnut::MAX_LENGTH as isize,
                ) as usize;
            }
            Field::PnutPlayers => {
                s.pnut.players = (s.pnut.players as isize + step).clamp(
                    crate::game::pnut::MIN_PLAYERS as isize,
                    crate::game::pnut::MAX_PLAYERS as isize,
                ) as usize;
                let fields = Setup::fields_of(s);
                if let Some(i) = fields.iter().position(|f| *f == Field::PnutPlayers) {
                    self.selected = i;
                }
            }
            Field::PnutAssist => s.pnut.assist = !s.pnut.assist,
            Field::PnutDepth => {
                let d = i64::from(s.pnut.max_depth) + 4 * step as i64;
                s.pnut.max_depth = d.clamp(0, i64::from(crate::solve::pnut::MAX_BUDGET)) as u32;
            }
            Field::PnutTime => {
                let t = s.pnut.think_ms as i64 + 500 * step as i64;
                s.pnut.think_ms = t.clamp(500, 60_000) as u64;
            }
            Field::Start | Field::Simulate => {}
        }
        let count = self.fields().len();
        self.selected = self.selected.min(count - 1);
    }

    fn type_digit(&mut self, d: u8) {
        let field = self.field();
        let s = &mut self.setup;
        match field {
            Field::Pile(i) => {
                let Some(p) = s.nim.piles.get_mut(i) else {
                    return;
                };
                let appended = u16::from(*p) * 10 + u16::from(d);
                *p = if self.typing && appended <= u16::from(MAX_COINS) {
                    appended as u8
                } else {
                    d
                }
                .max(1);
                s.nim.preset = PilePreset::Custom;
                self.typing = true;
            }
            Field::PnutSymbols => self.type_symbol(char::from(b'0' + d)),
            Field::PileCount if (1..=MAX_PILES as u8).contains(&d) => {
                s.nim.piles.resize(usize::from(d), 3);
                s.nim.preset = PilePreset::Custom;
            }
            _ => {}
        }
    }

    /// Typing a Pnut-Butta symbol: the first key replaces the set, later keys add to
    /// it; repeated and unprintable symbols are ignored.
    fn type_symbol(&mut self, c: char) {
        let symbols = &mut self.setup.pnut.symbols;
        if !self.typing {
            symbols.clear();
            self.typing = true;
        }
        if !c.is_control()
            && !c.is_whitespace()
            && !symbols.contains(c)
            && symbols.chars().count() < crate::game::pnut::MAX_SYMBOLS
        {
            symbols.push(c);
        }
    }

    /// Typing W or L into the string field.
    fn type_letter(&mut self, c: char) {
        if self.field() == Field::PnutSymbols {
            self.type_symbol(c);
            return;
        }
        if self.field() != Field::Letters {
            return;
        }
        let letters = &mut self.setup.wl.letters;
        match c.to_ascii_uppercase() {
            'W' | 'L' if letters.len() < crate::config::WL_MAX_LEN => {
                letters.push(c.to_ascii_uppercase());
            }
            _ => {}
        }
    }

    fn erase_digit(&mut self) {
        if self.field() == Field::PnutSymbols {
            self.setup.pnut.symbols.pop();
            self.typing = true;
            return;
        }
        if self.field() == Field::Letters {
            self.setup.wl.letters.pop();
            return;
        }
        if let Field::Pile(i) = self.field()
            && let Some(p) = self.setup.nim.piles.get_mut(i)
        {
            *p = (*p / 10).max(1);
            self.setup.nim.preset = PilePreset::Custom;
            self.typing = true;
        }
    }

    fn value_text(&self, field: Field) -> String {
        let s = &self.setup;
        match field {
            Field::Mode => s.matchup.mode.label().to_string(),
            Field::First => first_label(s.game, s.matchup.first, s.matchup.mode).to_string(),
            Field::Level => s.othello.level.to_string(),
            Field::ThinkTime => format!("{:.1} s per move", s.othello.think_ms as f64 / 1000.0),
            Field::Difficulty => s.matchup.difficulty.to_string(),
            Field::Preset => s.nim.preset.label().to_string(),
            Field::Misere => if s.nim.misere {
                "on: the last coin loses"
            } else {
                "off: the last coin wins"
            }
            .to_string(),
            Field::PileCount => s.nim.piles.len().to_string(),
            Field::Pile(i) => s.nim.piles.get(i).map_or(String::new(), |p| p.to_string()),
            Field::MinLen => s.wl.min_len.to_string(),
            Field::MaxLen => s.wl.max_len.to_string(),
            Field::Letters if s.wl.letters.is_empty() => "random (type W and L)".into(),
            Field::Letters => s.wl.letters.clone(),
            Field::SimulateGames => s.wl.simulate_games.to_string(),
            Field::Rollover if s.chopsticks.rollover => "on: past 5 wraps round".into(),
            Field::Rollover => "off: 5 or more kills a hand".into(),
            Field::EmptySplits if s.chopsticks.empty_splits => "allowed (e.g. 2,2 → 4,0)".into(),
            Field::EmptySplits => "not allowed".into(),
            Field::MoveCap => format!("{} moves, then a draw", s.chopsticks.move_cap),
            Field::PnutSymbols => match crate::game::pnut::parse_symbols(&s.pnut.symbols) {
                Ok(list) => {
                    let shown: Vec<String> = list.iter().map(|c| c.to_string()).collect();
                    format!("{} (k = {})", shown.join(" "), list.len())
                }
                Err(_) => format!("{}_ (type 2-10 symbols)", s.pnut.symbols),
            },
            Field::PnutLength => format!("l = {}", s.pnut.length),
            Field::PnutPlayers if s.pnut.players > 2 => {
                format!("{} (people only, in turn)", s.pnut.players)
            }
            Field::PnutPlayers => "2".into(),
            Field::PnutAssist if s.pnut.assist => "on: illegal symbols refused".into(),
            Field::PnutAssist => "off: an illegal symbol loses".into(),
            Field::PnutDepth if s.pnut.max_depth == 0 => "no limit".into(),
            Field::PnutDepth => format!("{} plies", s.pnut.max_depth),
            Field::PnutTime => format!("{:.1} s per position", s.pnut.think_ms as f64 / 1000.0),
            Field::Start | Field::Simulate => String::new(),
        }
    }

    fn label(field: Field) -> String {
        match field {
            Field::Mode => "Mode".into(),
            Field::First => "First move".into(),
            Field::Level => "AI level".into(),
            Field::ThinkTime => "Thinking time".into(),
            Field::Difficulty => "AI difficulty".into(),
            Field::Preset => "Piles preset".into(),
            Field::Misere => "Misère".into(),
            Field::PileCount => "Number of piles".into(),
            Field::Pile(i) => format!("  pile {}", i + 1),
            Field::MinLen => "Shortest string".into(),
            Field::MaxLen => "Longest string".into(),
            Field::Letters => "String".into(),
            Field::SimulateGames => "Simulated games".into(),
            Field::Rollover => "Rollover".into(),
            Field::EmptySplits => "Emptying splits".into(),
            Field::MoveCap => "Move cap".into(),
            Field::PnutSymbols => "Symbols".into(),
            Field::PnutLength => "Length".into(),
            Field::PnutPlayers => "Players".into(),
            Field::PnutAssist => "Assistance".into(),
            Field::PnutDepth => "Search depth".into(),
            Field::PnutTime => "Thinking time".into(),
            Field::Start | Field::Simulate => String::new(),
        }
    }

    fn explanation(&self) -> &'static str {
        match self.field() {
            Field::Mode => "Play the AI, pass the keyboard to a friend, or watch two AIs.",
            Field::First if self.setup.game == GameId::Othello => {
                "Black moves first. A coin flip picks your colour."
            }
            Field::First => "AI chooses: the AI analyses the start and takes the side that wins.",
            Field::Level => {
                "benedict is the original depth-3 AI; strong searches for its thinking time; exact also solves the last 20 squares."
            }
            Field::ThinkTime => {
                "How long the strong and exact levels (and the hints) think per move."
            }
            Field::Difficulty => {
                "perfect never slips; strong rarely; casual often; beginner more often than not."
            }
            Field::Preset => "random draws 2-6 piles of 1-15 coins for every game.",
            Field::Misere => "Misère turns Nim around: whoever takes the last coin loses.",
            Field::PileCount | Field::Pile(_) => "←→ change by one, or type a number (coins 1-99).",
            Field::Start => "Enter starts the game (from any line).",
            Field::Letters => {
                "Type W and L for your own string (Backspace erases), or leave it random."
            }
            Field::MinLen | Field::MaxLen => "Random strings get a length in this range (1-200).",
            Field::SimulateGames => "←→ ten times more or fewer games for the simulation.",
            Field::Simulate => {
                "Perfect AI against itself on random strings: do the predictions hold?"
            }
            Field::Rollover => {
                "Rollover: 3 + 4 = 2 instead of a dead hand; a hand dies only at exactly 5."
            }
            Field::EmptySplits => "Whether a split may leave a hand with no fingers.",
            Field::MoveCap => "←→ ten more or fewer; a third repetition of a position also draws.",
            Field::PnutSymbols => {
                "←→ presets, or type your own (digits and letters; q h u n r ? are keys)."
            }
            Field::PnutLength => {
                "The last l symbols may never have appeared earlier in the string."
            }
            Field::PnutPlayers => {
                "With 3-6 players the turn rotates; the last player to move wins."
            }
            Field::PnutAssist => {
                "Off is the hard mode: check for yourself, an illegal symbol loses."
            }
            Field::PnutDepth => "The AI's proof search stops at this depth (0: until proven).",
            Field::PnutTime => "How long the AI and the hints think per position.",
        }
    }

    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme, hits: &mut Hits) {
        let fields = self.fields();
        let [header, body, explain, footer] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(3),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let title = format!("New game: {}", self.setup.game);
        frame.render_widget(
            Paragraph::new(vec![
                Line::styled(title, theme.title()),
                Line::styled(self.game_summary(), theme.muted()),
            ]),
            header,
        );
        let width = 62.min(body.width);
        let body = widgets::centered(body, width, body.height);
        let box_height = (fields.len() as u16 + 2).min(body.height);
        let boxed = Rect {
            height: box_height,
            ..body
        };
        let inner = widgets::block("Setup", theme).inner(boxed);
        frame.render_widget(widgets::block("Setup", theme), boxed);
        for (i, field) in fields.iter().enumerate() {
            if i as u16 >= inner.height {
                break;
            }
            let row = Rect {
                y: inner.y + i as u16,
                height: 1,
                ..inner
            };
            let selected = i == self.selected;
            let line = if *field == Field::Start {
                Line::from(Span::styled("  [ Start ]", theme.bold()))
            } else if *field == Field::Simulate {
                Line::from(Span::styled("  [ Simulate ]", theme.bold()))
            } else {
                let value = self.value_text(*field);
                let (l, r) = if selected {
                    ("◀ ", " ▶")
                } else {
                    ("  ", "  ")
                };
                Line::from(vec![
                    Span::raw(format!(" {:<16}", Setup::label(*field))),
                    Span::styled(l, theme.accent()),
                    Span::raw(value),
                    Span::styled(r, theme.accent()),
                ])
            };
            let style = if selected {
                theme.selected()
            } else {
                Style::new()
            };
            frame.render_widget(Paragraph::new(line).style(style), row);
            hits.add(row, Hit::SetupField(i));
        }
        frame.render_widget(
            Paragraph::new(self.explanation()).style(theme.muted()),
            explain,
        );
        widgets::footer(
            frame,
            footer,
            &[
                ("↑↓", "setting"),
                ("←→", "change"),
                ("0-9", "type"),
                ("Enter", "start"),
                ("Esc", "back"),
            ],
            theme,
        );
    }

    fn game_summary(&self) -> String {
        match self.setup.game {
            GameId::SugarPackets => {
                "Rows of 1, 3, 5 and 7 packets; whoever takes the last packet loses.".into()
            }
            GameId::WinnersLosers => {
                "Take a letter from either end; whoever takes the last: W wins, L loses.".into()
            }
            GameId::Chopsticks => {
                "Hit a hand to add your fingers to it, or split yours; both hands dead loses."
                    .into()
            }
            GameId::Pnut => {
                "Append a symbol; the last l symbols must never have appeared before.".into()
            }
            GameId::Othello => {
                "Place a disc to flip a line of your opponent's; most discs wins.".into()
            }
            GameId::Nim => "Take any number of coins from one pile.".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nim_setup() -> Setup {
        Setup::new(GameSetup::from_config(GameId::Nim, &Config::default()))
    }

    #[test]
    fn typing_a_pile_size_caps_at_99() {
        let mut s = nim_setup();
        // Mode, First, Difficulty, Preset, Misere, PileCount, Pile 1.
        s.selected = 6;
        s.handle(Action::Digit(4));
        s.handle(Action::Digit(2));
        assert_eq!(s.setup.nim.piles[0], 42);
        s.handle(Action::Digit(7));
        assert_eq!(s.setup.nim.piles[0], 7);
        assert_eq!(s.setup.nim.preset, PilePreset::Custom);
    }

    #[test]
    fn pile_count_stays_within_one_to_eight() {
        let mut s = nim_setup();
        s.selected = 5;
        for _ in 0..20 {
            s.handle(Action::Right);
        }
        assert_eq!(s.setup.nim.piles.len(), 8);
        for _ in 0..20 {
            s.handle(Action::Left);
        }
        assert_eq!(s.setup.nim.piles.len(), 1);
    }

    #[test]
    fn two_players_cannot_pick_the_ai_to_move_first() {
        let mut s = nim_setup();
        s.selected = 0;
        s.handle(Action::Right);
        assert_eq!(s.setup.matchup.mode, Mode::TwoPlayers);
        assert!(first_options(GameId::Nim, Mode::TwoPlayers).contains(&s.setup.matchup.first));
    }
}
