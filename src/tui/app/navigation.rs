//! Moving between screens: the setup opened and a game launched from it, the way back
//! to the menu, and the answer to "leave the game?".

use rand::SeedableRng;

use super::{App, Screen};
use crate::plugin::{GameId, GameSetup, StartEnv};
use crate::seeds::GameRng;
use crate::tui::leave::{Answer, Forgetting, Leave};
use crate::tui::setup::Setup;

impl App {
    /// The answer to "leave the game?".
    pub(super) fn on_leave_answer(&mut self, to: Leave, answer: Answer) {
        self.forgetting = if answer == Answer::AskForget {
            Forgetting::Asked {
                ended_before: self.ended_before(),
            }
        } else {
            Forgetting::NotAsked
        };
        match answer {
            Answer::Ignored | Answer::AskForget | Answer::KeepAsking => return,
            Answer::Stay => {}
            Answer::Quit => self.quit = true,
            Answer::Abandon | Answer::Keep => {
                if answer == Answer::Keep {
                    self.keep_clock();
                }
                if answer == Answer::Abandon
                    && let (Some(store), Some(slot)) = (&mut self.store, &self.slot)
                {
                    store.clear_match(slot);
                }
                match to {
                    Leave::Menu => self.back_to_menu(),
                    Leave::NewGame => self.new_game(),
                    Leave::Quit => self.quit = true,
                }
            }
        }
        self.leaving = None;
    }

    /// Whether the game on screen had ended once and is in the history as it first
    /// ended (moves were undone after its end): read once, when forgetting is asked.
    fn ended_before(&mut self) -> bool {
        let (Some(store), Screen::Game(game)) = (&mut self.store, &self.screen) else {
            return false;
        };
        let Some(record) = game.record() else {
            return false;
        };
        store.has_ended(&record)
    }

    /// Back to the setup of the game on screen.
    pub(super) fn new_game(&mut self) {
        if let Screen::Game(game) = &self.screen {
            if let Some(solver) = &self.solver {
                solver.cancel();
            }
            let setup = game.setup().clone();
            self.screen = Screen::Setup(self.setup_screen(setup));
        }
    }

    /// The same setup again, hints as they were.
    pub(super) fn rematch(&mut self) {
        let Screen::Game(game) = &self.screen else {
            return;
        };
        let (setup, hints) = (game.setup().clone(), game.hints_on());
        self.launch(setup, hints);
    }

    /// The setup screen of `game`, as it was last started (else the config's defaults).
    pub(super) fn open_setup(&mut self, game: GameId) {
        // Back from the lesson or the puzzles opened from a setup: that setup as it was
        // left, not the last one started (the changes were lost on the way).
        let left = self.left_setup.take().filter(|s| s.game == game);
        let setup = match left {
            Some(setup) => setup,
            None => self.remembered_setup(game, game.cli_name()),
        };
        self.take_notices();
        self.screen = Screen::Setup(self.setup_screen(setup));
    }

    /// The setup screen of `setup`, saying whether the game's lesson was finished and
    /// the player's puzzle rating.
    pub(super) fn setup_screen(&mut self, setup: GameSetup) -> Setup {
        let done = self.lesson_done(setup.game);
        let game = setup.game;
        let mut screen = Setup::new(setup);
        screen.keys = Some(self.keys.clone());
        if screen.lesson.is_some() {
            screen.lesson = Some(done);
        }
        if screen.puzzles.is_some() {
            screen.puzzle_rating = self
                .store
                .as_mut()
                .and_then(|s| s.puzzle_progress(game.cli_name()).rating)
                .map(crate::plugin::puzzle::rating::shown);
        }
        screen
    }

    pub(super) fn start_game(&mut self, setup: GameSetup) {
        self.launch(setup, self.config.ui.hints);
    }

    pub(super) fn launch(&mut self, setup: GameSetup, hints: bool) {
        let env = StartEnv {
            config: &self.config,
            ai_delay_ms: self.config.ui.ai_delay_ms,
            hints,
        };
        // Each match draws its own seed, kept in its record.
        let seed = rand::RngExt::random(&mut self.rng);
        let mut rng = GameRng::seed_from_u64(seed);
        let spoilers = setup.spoilers;
        let mut screen = setup.game.kind().start(setup, &env, &mut rng);
        screen.set_seed(seed);
        screen.set_spoilers(spoilers);
        self.saved_generation = Some(screen.generation());
        // A new match gets a file of its own at its first save.
        self.slot = None;
        self.game_saved = false;
        self.screen = Screen::Game(screen);
        self.start_clock(None);
        self.tell_rating_counts();
    }

    pub(super) fn back_to_menu(&mut self) {
        if let Some(solver) = &self.solver {
            solver.cancel();
        }
        if let Screen::Stats(_) = self.screen {
            let mut menu = self.menu(None);
            menu.select_statistics();
            self.screen = Screen::Menu(menu);
            return;
        }
        if let Screen::Lobby(_) = self.screen {
            // An offer stands while its player is in the lobby.
            if let Some(lobby) = &self.lobby {
                lobby.withdraw();
            }
            let mut menu = self.menu(None);
            menu.select_lobby();
            self.screen = Screen::Menu(menu);
            return;
        }
        let selected = match &self.screen {
            Screen::Setup(s) => s.setup.game,
            Screen::Game(g) => g.setup().game,
            Screen::Simulation(sim) => sim.setup().game,
            Screen::Review(review, _) => review.game(),
            Screen::Lesson(lesson) => lesson.game(),
            Screen::Trainer(trainer) => trainer.game(),
            Screen::Menu(menu) => return self.screen = Screen::Menu(menu.clone()),
            Screen::Stats(_) | Screen::Lobby(_) => return,
        };
        // A match kept on leaving is selected by its own entry: the game's first one
        // may be an older match, which Enter then opened instead.
        let kept = match self.screen {
            Screen::Game(_) => self.slot.clone(),
            _ => None,
        };
        self.refresh_saved();
        let mut menu = self.menu(Some(selected));
        if let Some(i) = kept.and_then(|kept| self.saved.iter().position(|(s, _)| *s == kept)) {
            menu.selected = i;
        }
        self.screen = Screen::Menu(menu);
    }
}
