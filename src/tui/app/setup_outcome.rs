//! Where a setup's answer goes, keyed or clicked: the game started (or offered
//! online), its lesson or puzzles (the setup kept to come back to), a simulation, help,
//! back.

use super::*;

impl App {
    pub(super) fn on_setup(&mut self, outcome: SetupOutcome) {
        let Screen::Setup(setup) = &mut self.screen else {
            return;
        };
        let online = setup.online;
        match outcome {
            SetupOutcome::Start(s) => {
                if let Some(why) = crate::tui::setup::key_clash(&self.keys, &s, online) {
                    setup.refuse(why);
                } else if online {
                    self.post_offer(&s);
                } else {
                    self.remember_setup(&s);
                    self.start_game(s);
                }
            }
            SetupOutcome::Lesson(game) => {
                self.left_setup = Some(setup.setup.clone());
                self.open_lesson(game);
            }
            SetupOutcome::Puzzles(game, mode) => {
                self.left_setup = Some(setup.setup.clone());
                self.open_trainer(game, mode);
            }
            SetupOutcome::Simulate(s) => {
                let seed = rand::RngExt::random(&mut self.rng);
                if let Some(sim) = s.game.kind().simulation(s, seed) {
                    self.screen = Screen::Simulation(sim);
                }
            }
            SetupOutcome::Back if online => self.open_lobby(),
            SetupOutcome::Back => {
                // What was set is kept for the next setup of the game, as when it
                // starts: eight piles typed and Esc to look at the menu lost them.
                let left = setup.setup.clone();
                self.remember_setup(&left);
                self.back_to_menu();
            }
            SetupOutcome::Help => {
                self.help = Some(Help::for_game(setup.setup.game, &self.keys));
            }
            SetupOutcome::Quit => self.quit = true,
            SetupOutcome::Stay => {}
        }
    }
}
