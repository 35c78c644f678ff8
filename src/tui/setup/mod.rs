//! The setup screen shared by all games: mode, who moves first, AI level, and the
//! game's own options (which the game describes as rows). Defaults come from the config.

mod draw;
mod typing;

use std::borrow::Cow;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::matchup::Difficulty;
use crate::matchup::{FirstMover, Mode};
use crate::plugin::options::{cycle, on_scale};
use crate::plugin::{GameOptions, GameSetup, Row};
use crate::store::puzzles::PuzzleMode;
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Mode,
    First,
    Difficulty,
    /// The spoiler switch: the prediction shown or hidden.
    Spoilers,
    /// Each side's clock (an offer online).
    Clock,
    /// One of the game's own rows, by its id.
    Game(u16),
    /// The position to start from, typed (every game has it).
    Position,
    Start,
    /// The game's lesson, beside Start.
    Lesson,
    /// The game's puzzle trainer, its way in (rated, daily, streak) chosen with ←→.
    Puzzles,
    /// One of the simulation's rows, after Start.
    Simulation(u16),
    Simulate,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub setup: GameSetup,
    selected: usize,
    /// Keys typed into the selected row so far.
    typing: bool,
    /// The options before the typing under way began: a row left empty goes back to
    /// them (it took its least, and a pile of 3 erased and left read 1).
    before_typing: Option<(GameSetup, Field)>,
    /// Why Start was refused (the game's word on the position), or why a key did
    /// nothing on the selected row, until the next key.
    error: Option<String>,
    /// Who moves first as last chosen on its row: a mode that cannot offer it (two
    /// players have no AI to start) changes the row, and it comes back with a mode that can.
    first_choice: FirstMover,
    /// Whether the game's lesson was finished (the app says); `None`: it has none.
    pub lesson: Option<bool>,
    /// The trainer's way in on the Puzzles row; `None`: the game has no puzzles.
    pub puzzles: Option<PuzzleMode>,
    /// The player's puzzle rating in this game, as shown (the app says), if any.
    pub puzzle_rating: Option<String>,
    /// An offer to a player online: two people, no AI, no lesson; Start offers it.
    pub online: bool,
    /// The keys of the game's screen, to refuse a symbol typed that is one of them
    /// (set by the app; the Start check stays either way).
    pub keys: Option<Keys>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SetupOutcome {
    Stay,
    /// The game's lesson.
    Lesson(crate::plugin::GameId),
    /// The game's puzzle trainer, in this mode.
    Puzzles(crate::plugin::GameId, PuzzleMode),
    /// Run the game's AI-vs-AI simulation with these options.
    Simulate(GameSetup),
    Start(GameSetup),
    Back,
    Help,
    Quit,
}

/// Who may move first in an offer online: the one who offers (`You`), the one who
/// accepts (`Ai`, the other side, as against the AI at home), or a coin.
pub const OFFER_FIRST: [FirstMover; 3] = [FirstMover::You, FirstMover::Ai, FirstMover::Coin];

impl Setup {
    pub fn new(setup: GameSetup) -> Setup {
        let start = Setup::fields_of(&setup)
            .iter()
            .position(|f| *f == Field::Start)
            .unwrap_or(0);
        Setup {
            first_choice: setup.matchup.first,
            lesson: setup.game.kind().lesson().map(|_| false),
            puzzles: has_puzzles(setup.game).then_some(PuzzleMode::Rated),
            puzzle_rating: None,
            setup,
            // Start on the Start button: Enter right away plays with the defaults.
            selected: start,
            typing: false,
            before_typing: None,
            error: None,
            online: false,
            keys: None,
        }
    }

    fn game_rows(s: &GameSetup) -> Vec<Row> {
        s.options.rows(&s.matchup)
    }

    fn fields_of(s: &GameSetup) -> Vec<Field> {
        let kind = s.game.kind();
        let mut f = Vec::new();
        if !s.options.people_only() {
            f.push(Field::Mode);
            if s.matchup.mode != Mode::AiVsAi {
                f.push(Field::First);
            }
            if s.matchup.mode != Mode::TwoPlayers && kind.uses_difficulty() {
                f.push(Field::Difficulty);
            }
        }
        let game_rows = Setup::game_rows(s)
            .iter()
            .map(|r| Field::Game(r.id))
            .collect();
        let (strength, game_rows) = if s.options.rows_are_ai_strength() {
            (game_rows, Vec::new())
        } else {
            (Vec::new(), game_rows)
        };
        f.extend(strength);
        if !s.options.people_only() {
            if s.matchup.mode != Mode::AiVsAi {
                f.push(Field::Clock);
            }
            f.push(Field::Spoilers);
        }
        f.extend(game_rows);
        f.push(Field::Position);
        f.push(Field::Start);
        if kind.lesson().is_some() {
            f.push(Field::Lesson);
        }
        if has_puzzles(s.game) {
            f.push(Field::Puzzles);
        }
        if s.options.offers_simulation() {
            f.extend(
                s.options
                    .simulation_rows()
                    .iter()
                    .map(|r| Field::Simulation(r.id)),
            );
            f.push(Field::Simulate);
        }
        f
    }

    fn fields(&self) -> Vec<Field> {
        if self.online {
            let mut f = vec![Field::First, Field::Clock];
            f.extend(
                Setup::game_rows(&self.setup)
                    .iter()
                    .filter(|r| self.setup.options.online_row(r.id))
                    .map(|r| Field::Game(r.id)),
            );
            f.push(Field::Start);
            return f;
        }
        Setup::fields_of(&self.setup)
    }

    /// This setup as an offer to a player online: two people, Start on the offer.
    pub fn for_online(mut self) -> Setup {
        self.online = true;
        self.setup.matchup.mode = Mode::TwoPlayers;
        self.setup.options.for_online();
        self.setup.position = None;
        self.selected = self.fields().len() - 1;
        self
    }

    fn field(&self) -> Field {
        let fields = self.fields();
        fields[self.selected.min(fields.len() - 1)]
    }

    /// The number in the game's row at `field` and the most it takes, for number rows.
    fn number_in(&self, field: Field) -> Option<(u64, u64)> {
        match field {
            Field::Game(id) | Field::Simulation(id) => self.setup.options.number_in(id),
            _ => None,
        }
    }

    /// The game's row `id`, as the game describes it now.
    fn row(&self, field: Field) -> Option<Row> {
        match field {
            Field::Game(id) => Setup::game_rows(&self.setup)
                .into_iter()
                .find(|r| r.id == id),
            Field::Simulation(id) => self
                .setup
                .options
                .simulation_rows()
                .into_iter()
                .find(|r| r.id == id),
            _ => None,
        }
    }

    /// True while the selected row takes typed letters (the position, W&L's string):
    /// the app then reads letters as text rather than as the keys bound to actions, so
    /// `q` typed into a string is not a quit.
    pub fn takes_text(&self) -> bool {
        self.field() == Field::Position
            || self
                .typed()
                .is_some_and(|keys| keys.chars().any(|c| c.is_ascii_alphabetic()))
            || self.full_of_letters()
    }

    /// True on a row of letters that is full (W&L's string at its longest): it takes no
    /// more now, yet a `q` typed there is still a letter, not a quit. Seen by erasing one
    /// letter from a copy and typing again.
    fn full_of_letters(&self) -> bool {
        let (Field::Game(id) | Field::Simulation(id)) = self.field() else {
            return false;
        };
        let options = &self.setup.options;
        let takes_a_letter = |from: &dyn GameOptions, typing: bool| {
            ('a'..='z').any(|c| {
                let mut copy = from.clone_box();
                let mut t = typing;
                copy.type_char(id, c, &mut t);
                !copy.eq_box(from)
            })
        };
        if takes_a_letter(options.as_ref(), self.typing) {
            return false;
        }
        let mut erased = options.clone_box();
        let mut typing = self.typing;
        erased.erase(id, &mut typing);
        !erased.eq_box(options.as_ref()) && takes_a_letter(erased.as_ref(), typing)
    }

    /// Why the last Start was refused, if it was.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Start, unless the game refuses the position typed: then the setup stays, saying
    /// why.
    /// The Puzzles row selected, showing `mode` (back from the trainer).
    pub fn select_puzzles(&mut self, mode: PuzzleMode) {
        if let Some(i) = self.fields().iter().position(|f| *f == Field::Puzzles) {
            self.selected = i;
            self.puzzles = Some(mode);
        }
    }

    /// The trainer, in the mode the Puzzles row shows.
    fn puzzles_outcome(&self) -> SetupOutcome {
        SetupOutcome::Puzzles(self.setup.game, self.puzzles.unwrap_or(PuzzleMode::Rated))
    }

    /// Says why the setup cannot start as it is (the arcade's judgement, beyond the
    /// game's own checks).
    pub fn refuse(&mut self, why: String) {
        self.error = Some(why);
    }
    /// The simulation, of the options as settled (a games count left empty plays 1).
    fn simulate(&mut self) -> SetupOutcome {
        self.end_typing();
        SetupOutcome::Simulate(self.setup.clone())
    }

    fn start(&mut self) -> SetupOutcome {
        // A number row left empty goes back to its value, and says so: seen before the
        // game starts (a Nim game began with the old pile without a word).
        if self.end_typing() {
            return SetupOutcome::Stay;
        }
        match self.setup.game.kind().check_position(&self.setup) {
            Ok(()) => SetupOutcome::Start(self.setup.clone()),
            Err(e) => {
                // A pasted huge position is quoted short.
                self.error = Some(crate::quote::clip_values(&e));
                SetupOutcome::Stay
            }
        }
    }

    pub fn handle(&mut self, action: Action) -> SetupOutcome {
        let count = self.fields().len();
        if !matches!(action, Action::Enter | Action::Help) {
            self.error = None;
        }
        match action {
            Action::Up => {
                self.selected = (self.selected + count - 1) % count;
                self.end_typing();
            }
            Action::Down => {
                self.selected = (self.selected + 1) % count;
                self.end_typing();
            }
            // Home and End (as PgUp and PgDn): the first row and the last ([ Start ]).
            Action::PageUp | Action::PageDown => {
                self.selected = if action == Action::PageUp {
                    0
                } else {
                    count - 1
                };
                self.end_typing();
            }
            Action::Left | Action::Right if !self.changes() => {
                self.error = Some(format!("{} is not changed with ←→.", self.row_name()));
            }
            Action::Left => self.change(-1),
            Action::Right => self.change(1),
            Action::Digit(_) | Action::Char(_) if self.full_of_letters() => {
                self.error = Some(format!(
                    "{} is full: Backspace erases a letter.",
                    self.row_name()
                ));
            }
            Action::Digit(_) | Action::Char(_) | Action::Backspace
                if self.typed().is_none() && !self.full_of_letters() =>
            {
                self.error = Some(format!(
                    "{} is not typed into: ↑↓ picks a row, ←→ changes it.",
                    self.row_name()
                ));
            }
            Action::Digit(d) if !self.takes_key(char::from(b'0' + d)) => self.say_keys(),
            Action::Char(c) if !self.takes_key(c) => self.say_keys(),
            Action::Digit(d) => {
                // A digit that would pass the row's most is not taken (the shared
                // `typed_number` refuses it), and said, with the number it would have
                // made: the row keeps "12" where "123" was typed.
                let number = |s: &Setup| s.number_in(s.field());
                if self.typing
                    && let Some((now, most)) = number(self)
                    && let typed = now.saturating_mul(10).saturating_add(u64::from(d))
                    && typed > most
                {
                    self.error = Some(format!(
                        "{} is at most {most}: {typed} was not taken.",
                        self.row_name()
                    ));
                    return SetupOutcome::Stay;
                }
                self.type_char(char::from(b'0' + d));
                // A number typed to its most exactly is said at once, not silently (the
                // next digit would be refused).
                if self.typing
                    && let Some((now, most)) = number(self)
                    && now == most
                {
                    self.error = Some(format!(
                        "{} is at most {most}: Backspace erases a digit.",
                        self.row_name()
                    ));
                }
            }
            Action::Char(c) => self.type_char(c),
            Action::Backspace => {
                let before = (self.setup.options.clone_box(), self.typing);
                self.erase();
                let game_row = matches!(self.field(), Field::Game(_) | Field::Simulation(_));
                let unchanged = self.setup.options.eq_box(before.0.as_ref());
                if game_row && unchanged && self.typing == before.1 {
                    // Said with what the row does take ("Number of piles" showed a
                    // number and said it had "nothing to erase").
                    let keys = self.typed().unwrap_or_default();
                    let arrows = if self.changes() { " or use ←→" } else { "" };
                    // A row already erased to nothing is empty, not "not erased".
                    let what = if self.setup.options.has_empty_number() {
                        "has no number yet"
                    } else {
                        "is not erased"
                    };
                    self.error = Some(format!("{} {what}: type {keys}{arrows}.", self.row_name()));
                }
            }
            Action::Enter if self.field() == Field::Simulate => return self.simulate(),
            Action::Enter if self.field() == Field::Lesson => {
                return SetupOutcome::Lesson(self.setup.game);
            }
            Action::Enter if self.field() == Field::Puzzles => return self.puzzles_outcome(),
            Action::Enter => return self.start(),
            Action::Back => {
                self.end_typing();
                return SetupOutcome::Back;
            }
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
            Some(Field::Start) => self.start(),
            Some(Field::Simulate) => self.simulate(),
            Some(Field::Lesson) => SetupOutcome::Lesson(self.setup.game),
            Some(Field::Puzzles) if self.field() == Field::Puzzles => self.puzzles_outcome(),
            Some(_) => {
                self.selected = index;
                self.end_typing();
                SetupOutcome::Stay
            }
            None => SetupOutcome::Stay,
        }
    }

    fn change(&mut self, step: isize) {
        self.typing = false;
        let field = self.field();
        let kind = self.setup.game.kind();
        let s = &mut self.setup;
        match field {
            Field::Mode => {
                s.matchup.mode = cycle(&Mode::ALL, s.matchup.mode, step);
                let options = kind.first_options(s.matchup.mode);
                if options.contains(&self.first_choice) {
                    s.matchup.first = self.first_choice;
                } else if !options.is_empty() && !options.contains(&s.matchup.first) {
                    s.matchup.first = options[0];
                }
            }
            Field::First if self.online => {
                if !kind.first_options(Mode::TwoPlayers).is_empty() {
                    s.matchup.first = cycle(&OFFER_FIRST, s.matchup.first, step);
                }
            }
            Field::First => {
                s.matchup.first = cycle(kind.first_options(s.matchup.mode), s.matchup.first, step);
                self.first_choice = s.matchup.first;
            }
            Field::Difficulty => {
                // → is stronger, as in Othello's AI level row.
                let mut scale = Difficulty::ALL;
                scale.reverse();
                s.matchup.difficulty = on_scale(&scale, s.matchup.difficulty, step);
            }
            Field::Spoilers => s.spoilers = !s.spoilers,
            Field::Clock => s.matchup.clock = step_clock(s.matchup.clock, step),
            Field::Game(id) | Field::Simulation(id) => {
                s.options.change(id, step);
                // A row that changes which rows there are keeps the cursor on itself.
                if let Some(i) = self.fields().iter().position(|f| *f == field) {
                    self.selected = i;
                }
            }
            Field::Puzzles => {
                if let Some(mode) = &mut self.puzzles {
                    *mode = cycle(&PUZZLE_MODES, *mode, step);
                }
            }
            Field::Position | Field::Start | Field::Lesson | Field::Simulate => {}
        }
        let count = self.fields().len();
        self.selected = self.selected.min(count - 1);
    }
    /// Whether ← and → change the selected row's value, tried on a copy: most rows go
    /// round, some stop at their ends (the clock, a number's bounds), and the arrows
    /// show only the steps that do something.
    pub(super) fn steps(&self) -> (bool, bool) {
        let field = self.field();
        let now = self.value_text(field);
        let changes = |step| {
            let mut copy = self.clone();
            copy.change(step);
            copy.value_text(field) != now
        };
        (changes(-1), changes(1))
    }

    fn value_text(&self, field: Field) -> String {
        let s = &self.setup;
        let kind = s.game.kind();
        match field {
            Field::Mode => s.matchup.mode.label().to_string(),
            Field::First if self.online => match s.matchup.first {
                FirstMover::Coin => "a coin decides".into(),
                FirstMover::Ai => "the one who accepts".into(),
                _ => "you, who offer".into(),
            },
            Field::First => kind
                .first_label(s.matchup.first, s.matchup.mode)
                .to_string(),
            Field::Difficulty => s.matchup.difficulty.to_string(),
            Field::Clock => match s.matchup.clock {
                Some(c) => format!("{c}: {}", c.words()),
                None => "none: take your time".into(),
            },
            // Two AIs leave no win to find: hidden, the watcher judges their play.
            Field::Spoilers => match (s.spoilers, s.matchup.mode) {
                (true, _) => "shown",
                (false, Mode::AiVsAi) => "hidden: judge the AIs yourself",
                (false, _) => "hidden: find the win yourself",
            }
            .into(),
            Field::Game(_) | Field::Simulation(_) => {
                self.row(field).map(|r| r.value).unwrap_or_default()
            }
            Field::Position => match &s.position {
                Some(text) => text.clone(),
                None => "the usual start".into(),
            },
            Field::Puzzles => {
                let mode = self.puzzles.unwrap_or(PuzzleMode::Rated);
                match (mode, &self.puzzle_rating) {
                    (PuzzleMode::Rated, Some(r)) => format!("rated · your rating {r}"),
                    (mode, _) => mode.name().into(),
                }
            }
            Field::Start | Field::Lesson | Field::Simulate => String::new(),
        }
    }

    fn label(&self, field: Field) -> String {
        match field {
            Field::Mode => "Mode".into(),
            Field::First => "First move".into(),
            Field::Difficulty => "AI level".into(),
            Field::Clock => "Clock".into(),
            Field::Spoilers => "Prediction".into(),
            Field::Game(_) | Field::Simulation(_) => {
                self.row(field).map(|r| r.label).unwrap_or_default()
            }
            Field::Position => "From a position".into(),
            Field::Puzzles => "Puzzles".into(),
            Field::Start | Field::Lesson | Field::Simulate => String::new(),
        }
    }

    /// The selected row's name, for the messages about keys that do nothing there:
    /// capitalised, as each message starts with it ("pile 1 is …" beside "Pile 1 is …").
    fn row_name(&self) -> String {
        match self.field() {
            Field::Start => "Start".into(),
            Field::Lesson => "Lesson".into(),
            Field::Simulate => "Simulate".into(),
            field => capitalised(self.label(field).trim()),
        }
    }

    /// Whether ←→ changes the selected row.
    fn changes(&self) -> bool {
        !matches!(
            self.field(),
            Field::Position | Field::Start | Field::Lesson | Field::Simulate
        )
    }
    fn explanation(&self) -> Cow<'static, str> {
        let field = self.field();
        let matchup = &self.setup.matchup;
        let fixed = match field {
            Field::Mode => match matchup.mode {
                Mode::VsAi => "You play the AI. ←→: two people at one keyboard, or two AIs.",
                Mode::TwoPlayers => "Two people take turns at one keyboard; no AI plays.",
                Mode::AiVsAi => "Two AIs play each other while you watch.",
            },
            Field::First if self.online => match matchup.first {
                FirstMover::Coin => "A coin decides who moves first, when the offer is accepted.",
                FirstMover::Ai => "The player who accepts moves first. ←→: you, or a coin.",
                _ => "You, who offer, move first. ←→: the one who accepts, or a coin.",
            },
            Field::First => match (matchup.first, matchup.mode) {
                (FirstMover::AiChooses, _) | (_, Mode::AiVsAi) => {
                    self.setup.game.kind().first_explanation()
                }
                (FirstMover::You, Mode::TwoPlayers) => "Player 1 moves first.",
                (FirstMover::You, _) => "You move first.",
                (FirstMover::Ai, _) => "The AI moves first.",
                (FirstMover::Coin, _) => "A coin flip decides who moves first.",
            },
            Field::Difficulty => match matchup.difficulty {
                Difficulty::Perfect => "perfect never slips: it wins whenever it can.",
                Difficulty::Strong => "strong plays perfectly but slips now and then.",
                Difficulty::Casual => "casual often plays a natural-looking but unsound move.",
                Difficulty::Beginner => "beginner makes mistakes more often than not.",
            },
            Field::Spoilers => {
                if self.setup.spoilers && self.setup.matchup.mode == Mode::AiVsAi {
                    "Who wins with perfect play, shown as the AIs play, with their remarks. \
                     ←→ to hide them and judge the AIs yourself."
                } else if self.setup.spoilers {
                    "Who wins with perfect play, shown as you play, with the AI's remarks. ←→ to \
                     hide them and find the win yourself (a key does it in a game: see ?)."
                } else {
                    "Hidden: no prediction, no remark on who wins, no mistake marks until the \
                     game is over (a key shows them in a game: see ?)."
                }
            }
            Field::Game(_) | Field::Simulation(_) => {
                return self.row(field).map_or("".into(), |r| r.explanation);
            }
            Field::Clock => match matchup.clock {
                Some(_) => {
                    "Each side's clock: the time it starts with, and what each move adds. \
                     Whoever runs out of time loses. ←→ a faster or slower clock."
                }
                None => "No clock: take your time. → a clock for each side.",
            },
            Field::Position => self.setup.game.kind().position_help(),
            Field::Start if self.online => {
                "Enter puts the offer up in the lobby; the game starts when someone accepts it."
            }
            Field::Start => "Enter starts the game (from any line).",
            Field::Puzzles => match self.puzzles.unwrap_or(PuzzleMode::Rated) {
                PuzzleMode::Rated => {
                    "Puzzles made and proved by the solver: find the win against its best \
                     defence. Rated: the next one near your puzzle rating. ←→ daily, streak, \
                     yours; Enter opens."
                }
                PuzzleMode::Daily => {
                    "The daily puzzle: the same for every player today (UTC). ←→ other \
                     puzzles; Enter opens."
                }
                PuzzleMode::Streak => {
                    "A streak: puzzles from the easiest up, until the first miss. ←→ other \
                     puzzles; Enter opens."
                }
                PuzzleMode::Yours => {
                    "Your puzzles: the positions of your games against the AI where you let \
                     a win go (not rated). ←→ other puzzles; Enter opens."
                }
            },
            Field::Lesson => {
                "A short lesson: the rules on a live board, a move at each step, then one \
                 idea of strategy from the solver."
            }
            Field::Simulate => {
                "Perfect AI against itself on random strings: do the predictions hold?"
            }
        };
        fixed.into()
    }

    /// Said before the first move when the person would start in a proven loss
    /// against the perfect AI (or may, by the coin), with what makes the game fair.
    pub fn proven_loss(&self) -> Option<String> {
        proven_loss(&self.setup)
    }
}

/// The warning of a setup that puts the person in a proven loss against the perfect AI
/// (see [`Setup::proven_loss`]); `None` when the game is fair or not known.
pub fn proven_loss(setup: &GameSetup) -> Option<String> {
    use crate::game::Seat;
    use crate::matchup::FirstMover;
    let kind = setup.game.kind();
    let m = &setup.matchup;
    if m.mode != Mode::VsAi || !kind.uses_difficulty() || m.difficulty != Difficulty::Perfect {
        return None;
    }
    let winner = kind.start_winner(setup)?;
    let (wins, fair_first) = match winner {
        Seat::First => ("the first player wins", "you"),
        Seat::Second => ("the second player wins", "the AI"),
    };
    let you = match m.first {
        FirstMover::You => Seat::First,
        FirstMover::Ai => Seat::Second,
        FirstMover::AiChooses => {
            return Some(format!(
                "Proven loss: from this start {wins} and the AI takes that side, so the \
                 perfect AI wins whatever you play. For a game you can win, choose First move: \
                 {fair_first}, or a weaker AI."
            ));
        }
        FirstMover::Coin => {
            return Some(format!(
                "From this start {wins}: if the coin gives you the other side, the perfect \
                 AI wins whatever you play. For a game you can win, choose First move: {fair_first}."
            ));
        }
    };
    (you != winner).then(|| {
        format!(
            "Proven loss: from this start {wins}, so the perfect AI wins whatever you play. \
             For a game you can win, choose First move: {fair_first}, or a weaker AI."
        )
    })
}

/// The longest position the setup takes (an Othello move list of 60 moves is 120).
const MAX_POSITION: usize = 200;

/// The last `room` characters of `text`, with "…" in front when some were cut.
fn tail(text: &str, room: usize) -> String {
    let count = text.chars().count();
    if count <= room || room == 0 {
        return text.to_string();
    }
    let kept: String = text.chars().skip(count + 1 - room).collect();
    format!("…{kept}")
}

/// The clock after `current` in `step`'s direction: no clock, then each control from
/// the fastest to the slowest. The ends hold rather than wrap (a step left of "no
/// clock" gave the slowest clock, one right of the slowest "no clock", then 30 s).
fn step_clock(
    current: Option<crate::clock::TimeControl>,
    step: isize,
) -> Option<crate::clock::TimeControl> {
    let all: Vec<Option<crate::clock::TimeControl>> = std::iter::once(None)
        .chain(crate::clock::CONTROLS.iter().copied().map(Some))
        .collect();
    let at = all.iter().position(|c| *c == current).unwrap_or(0);
    let to = (at as isize + step).clamp(0, all.len() as isize - 1) as usize;
    all[to]
}

/// The trainer's ways in, in the order ←→ steps through them.
const PUZZLE_MODES: [PuzzleMode; 4] = [
    PuzzleMode::Rated,
    PuzzleMode::Daily,
    PuzzleMode::Streak,
    PuzzleMode::Yours,
];

/// Whether `game` has puzzles to train on (W&L can have none).
fn has_puzzles(game: crate::plugin::GameId) -> bool {
    game.kind()
        .puzzles()
        .is_some_and(|b| b.none_because.is_none() && !b.shipped.trim().is_empty())
}

use crate::ui::widgets::capitalised;

#[cfg(test)]
mod tests;

/// What to say instead of starting `setup` when a character it plays as a move is a
/// key with a job on the game's screen (Pnut-Butta's symbol `q` quit the arcade).
pub fn key_clash(keys: &Keys, setup: &GameSetup, online: bool) -> Option<String> {
    let clashes: Vec<String> = setup
        .game
        .kind()
        .typed_moves(setup)
        .into_iter()
        .filter_map(|c| clash_of(keys, setup, online, c))
        .collect();
    clash_message(&clashes)
}

/// The key `c` named with its job on the game's screen ("q (quit)"), if it has one.
pub(super) fn clash_of(keys: &Keys, setup: &GameSetup, online: bool, c: char) -> Option<String> {
    keys.job_of(c, setup.game.cli_name(), online)
        .map(|job| format!("{c} ({job})"))
}

/// What the setup says of typed moves that are keys (see [`clash_of`]): the one
/// sentence for a symbol refused as typed and for a set refused at Start.
pub(super) fn clash_message(clashes: &[String]) -> Option<String> {
    match clashes {
        [] => None,
        [one] => Some(format!(
            "{one} is a key in the game: choose another symbol."
        )),
        _ => Some(format!(
            "{} are keys in the game: choose other symbols.",
            clashes.join(", ")
        )),
    }
}
