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
                if let Some(why) = key_clash(&self.keys, &s, online) {
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

/// What to say instead of starting `setup` when a character it plays as a move is a
/// key with a job on the game's screen (Pnut-Butta's symbol `q` quit the arcade).
pub fn key_clash(keys: &Keys, setup: &GameSetup, online: bool) -> Option<String> {
    let game = setup.game.cli_name();
    let clashes: Vec<String> = setup
        .game
        .kind()
        .typed_moves(setup)
        .into_iter()
        .filter_map(|c| {
            keys.job_of(c, game, online)
                .map(|job| format!("{c} ({job})"))
        })
        .collect();
    match clashes.as_slice() {
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
