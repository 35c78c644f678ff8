//! The application state machine: every event goes through `App::update`, every frame
//! is drawn by `App::render`. Nothing here blocks: analysis comes from the solver thread.

mod clock;
mod draw;
mod keymap;
mod mouse;
mod navigation;
mod online;
mod online_match;
mod remembered;
mod review;
mod saves;
pub mod setup_outcome;
mod solver;
mod switches;
mod teaching;

use crate::seeds::GameRng;
use crossbeam_channel::Sender;
use rand::SeedableRng;
use ratatui::crossterm::event::KeyModifiers;

use super::event::{AppEvent, TICK_MS};
use super::help::Help;
use super::leave::{self, Leave};
use super::lesson::{LessonOutcome, LessonScreen};
use super::menu::{Menu, MenuOutcome};
use super::review::{Review, ReviewOutcome};
use super::setup::{Setup, SetupOutcome};
use super::stats::{StatsOutcome, StatsScreen};
use super::trainer::{TrainerOutcome, TrainerScreen};
use super::transcript::Transcript;
use crate::config::Config;
use crate::plugin::screen::{GameScreen, SimOutcome, SimulationScreen};
use crate::plugin::{GameId, GameSetup, Registry};
use crate::solve::worker::{Notice, SolverMsg, SolverThread};
use crate::store::{MatchRecord, SaveSlot, Store};
use crate::ui::hits::Hits;
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

/// Where the app opens.
#[derive(Clone, Debug, PartialEq)]
pub enum Start {
    Menu,
    /// Straight into a game (`parlor play`).
    Game(GameSetup),
    /// The review of a recorded game (`parlor review`).
    Review(Box<MatchRecord>),
    /// A game's puzzle trainer (`parlor puzzle`).
    Puzzles(GameId, crate::store::puzzles::PuzzleMode),
}

pub enum Screen {
    Menu(Menu),
    Setup(Setup),
    Game(Box<dyn GameScreen>),
    Simulation(Box<dyn SimulationScreen>),
    /// A game's review, and the finished game it was opened from (Esc goes back to it).
    Review(Box<Review>, Option<Box<dyn GameScreen>>),
    Stats(StatsScreen),
    /// A game's lesson (from its setup).
    Lesson(Box<LessonScreen>),
    /// A game's puzzle trainer (from its setup, or `parlor puzzle`).
    Trainer(Box<TrainerScreen>),
    /// Play online: who is here, the games offered (a served arcade only).
    Lobby(super::lobby::LobbyScreen),
}

pub struct App {
    /// The games this arcade offers (the composition root's list).
    games: Registry,
    screen: Screen,
    help: Option<Help>,
    /// The position and moves as text (`Action::Transcript`), over the game.
    transcript: bool,
    config: Config,
    theme: Theme,
    keys: Keys,
    solver: Option<SolverThread<()>>,
    /// The setup being edited when its lesson or puzzles were opened: back from them,
    /// the setup comes back as it was left.
    left_setup: Option<GameSetup>,
    rng: GameRng,
    hits: Hits,
    quit: bool,
    /// The terminal size at the last draw or resize.
    size: (u16, u16),
    /// Where matches are saved and finished games kept; `None`: nothing is kept.
    store: Option<Store>,
    /// The saved matches and their files, most recent first (what the menu offers to
    /// resume).
    saved: Vec<(SaveSlot, MatchRecord)>,
    /// The file of the match on screen, once it has been saved (or it was resumed).
    slot: Option<SaveSlot>,
    /// This parlor's claim on the saved match on screen (see `store::claim`): another
    /// parlor open at once cannot resume or forget it meanwhile.
    claim: Option<crate::store::claim::SlotClaim>,
    /// The latest notice about the files (a file moved aside, saving off).
    notice: Option<String>,
    /// The generation of the game on screen when it was last saved.
    saved_generation: Option<u64>,
    /// Whether the game on screen is saved as it stands.
    game_saved: bool,
    /// Asking whether to leave an unfinished game, and for where.
    leaving: Option<Leave>,
    /// The game-over box of an ending outside the rules (a clock, a resignation, an
    /// agreement online) is put away (Enter), to see the final board. Cleared whenever
    /// no such ending is on screen, so the next one shows its box.
    ending_box_hidden: bool,
    /// The forget key was pressed at that question: "forget it for good?" is asked.
    forgetting: leave::Forgetting,
    /// A notice shown over the footer of whatever screen is up, until the next key.
    flash: Option<String>,
    /// The game's generation when the flash said why a key does nothing now: once a
    /// move is played the reason is stale ("it is the AI's turn"), so it goes.
    flash_generation: Option<u64>,
    /// The terminal bell is due (`ui.bell`: the AI moved, or a game ended).
    bell: bool,
    /// The games whose lesson was finished (command-line names), as last read.
    finished_lessons: Vec<String>,
    /// Games (command-line names) with a finished game in the history or a puzzle
    /// tried: their players are not new to them (the menu's lesson tip is for those).
    played_games: Vec<String>,
    /// The player's rating in each game with a rated game, as last read (the menu's).
    ratings: Vec<(GameId, u32)>,
    /// Each rating's deviation (Glicko-2's "about how far from the truth").
    rating_deviations: Vec<(GameId, u32)>,
    /// The line to the lobby, in an arcade served online.
    lobby: Option<Box<dyn super::online::LobbyLink>>,
    /// The match online on screen, if the game on screen is one.
    online: Option<online_match::OnlineMatch>,
    /// Asking whether to leave the match online on screen.
    leaving_online: bool,
    /// Asking whether to resign the match online on screen.
    resigning: bool,
    /// The action a letter key just did where that letter may also start a square's
    /// name (Othello's `e`, the spoiler switch): a row typed next takes it back and
    /// plays the square.
    letter_toggled: Option<(Action, char)>,
    /// What the clocks of a match read (a test's hand-driven time).
    time: std::sync::Arc<dyn crate::clock::TimeSource>,
    /// The clocks of a timed match at this keyboard.
    local_clock: Option<clock::LocalClock>,
    /// The seats this arcade took in matches online that need a code to take back,
    /// told to the player again when they leave them waiting and when the arcade ends.
    held_seats: Vec<online::HeldSeat>,
}

impl App {
    /// `events` is the channel the main loop reads: the solver thread reports into it.
    /// `store` is where games are saved (`None`: nothing is kept).
    pub fn new(
        games: Registry,
        config: Config,
        start: Start,
        events: Sender<AppEvent>,
        seed: u64,
        no_color: bool,
        store: Option<Store>,
    ) -> App {
        let solver = SolverThread::spawn(move |msg| {
            // The receiver is gone only when the app is shutting down.
            let _ = events.send(AppEvent::Solver(msg));
        })
        .ok();
        let keys = Keys::new(&config.keys, &games.own_keys());
        let mut app = App {
            screen: Screen::Menu(Menu::default()),
            games,
            help: None,
            transcript: false,
            theme: Theme::new(&config.colors, no_color).with_animations(config.ui.animations),
            keys,
            config,
            solver,
            left_setup: None,
            rng: GameRng::seed_from_u64(seed),
            hits: Hits::default(),
            quit: false,
            size: (0, 0),
            store,
            saved: Vec::new(),
            slot: None,
            claim: None,
            notice: None,
            saved_generation: None,
            game_saved: false,
            leaving: None,
            ending_box_hidden: false,
            forgetting: leave::Forgetting::NotAsked,
            flash: None,
            flash_generation: None,
            bell: false,
            finished_lessons: Vec::new(),
            played_games: Vec::new(),
            ratings: Vec::new(),
            rating_deviations: Vec::new(),
            lobby: None,
            online: None,
            leaving_online: false,
            held_seats: Vec::new(),
            resigning: false,
            letter_toggled: None,
            time: crate::clock::SystemTime::start(),
            local_clock: None,
        };
        app.refresh_saved();
        app.screen = Screen::Menu(app.menu(None));
        match start {
            Start::Game(mut setup) => {
                // `parlor play` sets up the game from the command line; the spoiler
                // switch is the player's own, as last set for this game.
                if let Some(last) = app
                    .store
                    .as_mut()
                    .and_then(|s| s.remembered_setup(setup.game.cli_name()))
                {
                    setup.spoilers = last.spoilers;
                }
                app.start_game(setup)
            }
            Start::Review(record) => app.open_review(&record, None),
            Start::Puzzles(game, mode) => app.open_trainer(game, mode),
            Start::Menu => {}
        }
        app
    }

    /// The menu, offering the saved matches first, with `game`'s entry selected (else
    /// the first).
    fn menu(&self, game: Option<GameId>) -> Menu {
        let resumes = super::menu::resumes(&self.saved, &self.games);
        let mut menu = Menu::new(self.games.clone(), resumes, self.notice.clone());
        menu.online = self.lobby.is_some();
        menu.online_news = self
            .lobby
            .as_ref()
            .and_then(|l| online::lobby_news(&l.view()));
        menu.new_lessons = self
            .games
            .all()
            .filter(|g| g.kind().lesson().is_some() && !self.lesson_done(*g))
            .filter(|g| !self.played_games.iter().any(|p| p == g.cli_name()))
            .collect();
        menu.ratings = self
            .ratings
            .iter()
            .map(|&(game, rating)| {
                let deviation = self
                    .rating_deviations
                    .iter()
                    .find(|(g, _)| *g == game)
                    .map_or(0, |(_, d)| *d);
                let shown = crate::plugin::rating::rated::shown_rating(rating, deviation);
                (game, shown)
            })
            .collect();
        if let Some(game) = game {
            menu.select_game(game);
        }
        menu
    }

    /// The latest notice about saving, if any.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// The terminal size at the last draw or resize.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// Whether time matters on screen now (a game's AI and animations, a lesson, a
    /// simulation, a review's progress): elsewhere nothing changes without an event, and
    /// a served arcade waits without ticking.
    pub fn wants_ticks(&self) -> bool {
        matches!(
            self.screen,
            Screen::Game(_)
                | Screen::Lesson(_)
                | Screen::Trainer(_)
                | Screen::Simulation(_)
                | Screen::Review(..)
        ) || self.flash.is_some()
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// True while the position on the board is still being analysed.
    pub fn analysing(&self) -> bool {
        match &self.screen {
            Screen::Game(g) => g.analysing(),
            Screen::Simulation(sim) => sim.running(),
            Screen::Review(review, _) => review.running(),
            _ => false,
        }
    }

    /// The ticket of the analysis the board is waiting for, if a game is on.
    pub fn analysis_ticket(&self) -> Option<u64> {
        match &self.screen {
            Screen::Game(g) => Some(g.ticket()),
            _ => None,
        }
    }

    /// Whether to ring the terminal bell now (once per ring).
    pub fn take_bell(&mut self) -> bool {
        std::mem::take(&mut self.bell)
    }

    /// The game on screen as the bell sees it: its moves so far, whether it is over,
    /// and whether the AI plays a person in it.
    fn bell_watch(&self) -> Option<(u64, bool, bool)> {
        match &self.screen {
            Screen::Game(g) => {
                let s = g.situation();
                Some((g.generation(), g.is_over(), s.ai_plays && !s.all_ai))
            }
            _ => None,
        }
    }

    /// Handles one event. Returns whether the screen needs redrawing.
    pub fn update(&mut self, event: AppEvent) -> bool {
        let watched = self.config.ui.bell.then(|| self.bell_watch()).flatten();
        let ticked = matches!(event, AppEvent::Tick);
        let mut redraw = self.handle_event(event);
        redraw |= self.drop_stale_flash();
        if self.config.ui.bell
            && let (Some((moves, over, ai)), Some((now_moves, now_over, _))) =
                (watched, self.bell_watch())
        {
            // Only ticks move the AI; a person's own keys never ring.
            let ai_moved = ticked && ai && now_moves != moves;
            self.bell |= ai_moved || (now_over && !over);
        }
        redraw
    }

    /// Drops a "why this key does nothing" notice once the game it spoke of has moved
    /// on. Returns whether one was dropped (the screen changes).
    fn drop_stale_flash(&mut self) -> bool {
        let Some(said_at) = self.flash_generation else {
            return false;
        };
        let now = match &self.screen {
            Screen::Game(game) => Some(game.generation()),
            _ => None,
        };
        if now == Some(said_at) {
            return false;
        }
        self.flash_generation = None;
        self.flash.take().is_some()
    }

    fn handle_event(&mut self, event: AppEvent) -> bool {
        let redraw = match event {
            // Ctrl-C always quits at once, whatever is on screen.
            AppEvent::Key(key)
                if key.modifiers.contains(KeyModifiers::CONTROL)
                    && key.code == ratatui::crossterm::event::KeyCode::Char('c') =>
            {
                self.quit = true;
                false
            }
            AppEvent::Key(key) => {
                // A flashed notice stays until the next key.
                self.flash = None;
                self.flash_generation = None;
                // A key ends a running animation: the board shows the position as is.
                if let Screen::Game(game) = &mut self.screen {
                    game.skip_animation();
                }
                let (action, typed) = self.action_of(key);
                // A window too small shows only how to get room, and what q does: other
                // keys would change a board no one can see.
                // (Before the first draw the size is not known: (0, 0).)
                let too_small = self.size != (0, 0)
                    && !widgets::fits(ratatui::layout::Rect::new(0, 0, self.size.0, self.size.1));
                if too_small && (action != Action::Quit || self.online_in_progress()) {
                    return false;
                }
                if self.typing_chat() {
                    self.on_chat_key(action);
                } else if self.resigning {
                    self.resigning = false;
                    if typed == Some('y') {
                        self.resign_online();
                    }
                } else if self.leaving_online {
                    self.leaving_online = false;
                    if typed == Some('y') {
                        self.leave_online();
                    } else if typed == Some('w') {
                        self.claim_abandoned();
                    }
                } else if let Some(to) = self.leaving {
                    let asked = self.forgetting != leave::Forgetting::NotAsked;
                    let answer = leave::answer(action, typed, self.game_saved, asked);
                    self.on_leave_answer(to, answer);
                } else if let Screen::Menu(menu) = &mut self.screen
                    && menu.forgetting.is_some()
                {
                    if let MenuOutcome::Forget(index) = menu.answer_forget(typed) {
                        self.forget_saved(index);
                    }
                } else if !self.square_after_toggle(action) {
                    self.on_action(action);
                    self.note_letter_toggle(action, typed);
                }
                true
            }
            AppEvent::Mouse(mouse) => self.on_mouse(mouse),
            AppEvent::Resize(w, h) => {
                self.size = (w, h);
                true
            }
            AppEvent::Tick => self.on_tick(),
            AppEvent::Solver(msg) => self.on_solver(msg),
            AppEvent::Move(mv) => self.on_move_text(&mv),
            AppEvent::Online(event) => self.on_online(event),
            AppEvent::Signal(_) => {
                self.quit = true;
                false
            }
        };
        let clocks = self.sync_clock();
        self.sync_solver();
        self.send_own_moves();
        self.autosave();
        self.sync_claim();
        if self.quit {
            self.keep_clock();
            // Quitting lets go of the match on screen (another parlor may resume it).
            self.claim = None;
            // Ctrl-C and signals too: a puzzle begun counts as missed, as a skip does.
            self.leave_trainer();
        }
        redraw || clocks
    }

    fn too_small(&self) -> bool {
        self.size != (0, 0)
            && !widgets::fits(ratatui::layout::Rect::new(0, 0, self.size.0, self.size.1))
    }

    fn on_action(&mut self, action: Action) {
        if self.too_small() {
            // Leaving a match online asks first, and the question needs room.
            if action == Action::Quit && !self.online_in_progress() {
                self.quit = true;
            }
            return;
        }
        if let Some(help) = &mut self.help {
            // q and Ctrl-C quit from the overlay too; the rest scroll or close it.
            if action == Action::Quit {
                self.quit = true;
            } else if !help.handle(action) {
                self.help = None;
            }
            return;
        }
        if self.transcript {
            if action == Action::Quit {
                self.quit = true;
            }
            self.transcript = Transcript::stays_open(action);
            return;
        }
        match &mut self.screen {
            Screen::Menu(menu) => match menu.handle(action) {
                MenuOutcome::Open(game) => self.open_setup(game),
                MenuOutcome::Resume(index) => self.resume(index),
                MenuOutcome::Forget(index) => self.forget_saved(index),
                MenuOutcome::AskForget(index) => {
                    let ended = self.saved_ended_before(index);
                    if let Screen::Menu(menu) = &mut self.screen {
                        menu.forgetting_ended = ended;
                    }
                }
                MenuOutcome::Stats => self.open_stats(),
                MenuOutcome::Lobby => self.open_lobby(),
                MenuOutcome::Help => self.help = Some(Help::general(&self.keys)),
                MenuOutcome::Quit => self.quit = true,
                MenuOutcome::Stay => {}
            },
            Screen::Setup(setup) => {
                let outcome = setup.handle(action);
                self.on_setup(outcome);
            }
            Screen::Simulation(sim) => match sim.handle(action) {
                SimOutcome::Back => {
                    let setup = sim.setup().clone();
                    if let Some(solver) = &self.solver {
                        solver.cancel();
                    }
                    self.screen = Screen::Setup(self.setup_screen(setup));
                }
                SimOutcome::Quit => self.quit = true,
                SimOutcome::Stay => {}
            },
            Screen::Game(_) => self.on_game_action(action),
            Screen::Review(review, _) => match review.handle(action) {
                ReviewOutcome::Back => self.close_review(),
                ReviewOutcome::Help => {
                    self.help = Some(Help::for_review(review.game(), &self.keys));
                }
                ReviewOutcome::Quit => self.quit = true,
                ReviewOutcome::Said(why) => self.flash = Some(why.to_string()),
                ReviewOutcome::Stay => {}
            },
            Screen::Stats(stats) => match stats.handle(action) {
                StatsOutcome::Back => self.back_to_menu(),
                StatsOutcome::Quit => self.quit = true,
                StatsOutcome::Stay => {}
            },
            Screen::Lesson(lesson) => {
                let outcome = lesson.handle(action);
                self.on_lesson(outcome);
            }
            Screen::Trainer(trainer) => {
                let outcome = trainer.handle(action);
                self.on_trainer(outcome);
            }
            Screen::Lobby(_) => self.on_lobby_action(action),
        }
    }

    /// A move in notation (see [`AppEvent::Move`]) on the board on screen: the game's
    /// or the lesson's. A refusal is said over the footer.
    fn on_move_text(&mut self, mv: &str) -> bool {
        let refused = match &mut self.screen {
            Screen::Game(game) => game.play_text(mv).err(),
            Screen::Lesson(lesson) => match lesson.play_text(mv) {
                Ok(outcome) => {
                    self.on_lesson(outcome);
                    None
                }
                Err(why) => Some(why),
            },
            Screen::Trainer(trainer) => match trainer.play_text(mv) {
                Ok(outcome) => {
                    self.on_trainer(outcome);
                    None
                }
                Err(why) => Some(why),
            },
            _ => Some("no board is on screen".into()),
        };
        if let Some(why) = refused {
            // One full stop, whether or not the reason ends with its own.
            let why = why.trim_end_matches('.');
            self.flash = Some(format!("Move {mv} refused: {why}."));
        }
        true
    }

    /// The moves a person may make on the board on screen, in the game's notation.
    pub fn legal_moves_text(&self) -> Vec<String> {
        match &self.screen {
            Screen::Game(game) => game.legal_moves_text(),
            Screen::Lesson(lesson) => lesson.board().legal_moves_text(),
            Screen::Trainer(trainer) => trainer
                .board()
                .map(|b| b.legal_moves_text())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// A key in a game: the screen's own keys first, then what the shared actions do in
    /// every game. A finished game takes the rematch key as a rematch.
    fn on_game_action(&mut self, action: Action) {
        // A match online first: its own rules for rematch, undo, hints and leaving.
        if self.online_game_action(action) {
            return;
        }
        // A match the clock ended takes no more moves.
        if self.out_of_time() {
            self.handle_after_flag(action);
            return;
        }
        let Screen::Game(game) = &mut self.screen else {
            return;
        };
        // The end of a game stays on screen until a deliberate key: Enter, pressed by
        // reflex after the last move, does not start another.
        if game.is_over() && action == Action::Rematch {
            self.rematch();
            return;
        }
        if game.is_over() && action == Action::Review {
            self.review_game();
            return;
        }
        if game.handle(action) {
            return;
        }
        // A key that does nothing at this moment says why, over the footer.
        if let Some(why) = super::unavailable::why(action, game.situation(), &self.keys) {
            self.flash = Some(why);
            self.flash_generation = Some(game.generation());
            return;
        }
        // Leaving a game in progress asks first: keep it or forget it.
        let in_progress = !game.is_over()
            && game
                .record()
                .is_some_and(|r| !r.moves.is_empty() || !r.redo.is_empty());
        match action {
            Action::Back | Action::NewGame if in_progress => {
                self.leaving = Some(if action == Action::Back {
                    Leave::Menu
                } else {
                    Leave::NewGame
                });
            }
            Action::Back => self.back_to_menu(),
            // A game that cannot be kept (saving is off) is not dropped by one key.
            Action::Quit if in_progress && !self.game_saved => self.leaving = Some(Leave::Quit),
            Action::Quit => self.quit = true,
            Action::Help => {
                let help = Help::for_game(game.setup().game, &self.keys);
                // A timed match's clocks stand under the help (it hides the board).
                let timed = (self.local_clock.as_ref()).is_some_and(|c| c.flagged.is_none());
                self.help = Some(if timed {
                    help.noting(clock::CLOCKS_STAND)
                } else {
                    help
                });
            }
            Action::NewGame => self.new_game(),
            Action::Hints => game.toggle_hints(),
            Action::Spoilers => self.flash = Some(self.toggle_spoilers()),
            Action::Pause => game.toggle_pause(),
            Action::Undo | Action::Redo => {
                // Against the AI one undo takes back two moves (the AI's reply and
                // yours): the count is said, so nothing goes missing unnoticed.
                let moves = |g: &dyn GameScreen| g.record().map_or(0, |r| r.moves.len());
                let before = moves(game.as_ref());
                if action == Action::Undo {
                    game.undo();
                } else {
                    game.redo();
                }
                let after = moves(game.as_ref());
                self.flash = took_back_or_replayed(before, after);
                self.flash_generation = Some(game.generation());
            }
            Action::MoveNow => game.move_now(),
            Action::Transcript => self.transcript = true,
            _ => {}
        }
    }

    /// The game on screen, for keys that apply in one game only.
    fn game_on_screen(&self) -> Option<GameId> {
        match &self.screen {
            Screen::Game(g) => Some(g.setup().game),
            Screen::Review(review, _) => Some(review.game()),
            Screen::Lesson(lesson) => Some(lesson.game()),
            Screen::Trainer(trainer) => Some(trainer.game()),
            _ => None,
        }
    }

    fn on_tick(&mut self) -> bool {
        let clocks = self.online_tick();
        match &mut self.screen {
            Screen::Game(game) => game.tick(TICK_MS, &mut self.rng) || clocks,
            Screen::Lesson(lesson) => lesson.tick(TICK_MS, &mut self.rng),
            Screen::Trainer(trainer) => {
                let (redraw, outcome) = trainer.tick(TICK_MS, &mut self.rng);
                self.on_trainer(outcome);
                redraw
            }
            _ => false,
        }
    }
}

/// What an undo or a redo did, in moves: "Took back 2 moves."
fn took_back_or_replayed(before: usize, after: usize) -> Option<String> {
    let plural = |n: usize| if n == 1 { "move" } else { "moves" };
    match after.cmp(&before) {
        std::cmp::Ordering::Less => {
            let n = before - after;
            Some(format!("Took back {n} {}.", plural(n)))
        }
        std::cmp::Ordering::Greater => {
            let n = after - before;
            Some(format!("Replayed {n} {}.", plural(n)))
        }
        std::cmp::Ordering::Equal => None,
    }
}
