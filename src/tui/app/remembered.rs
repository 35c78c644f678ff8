//! The setups remembered per player: each game's last setup at one keyboard (the next
//! setup screen starts from it) and, apart, each game's last offer online.

use crate::plugin::{GameId, GameSetup};

use super::App;

impl App {
    /// `game`'s setup as last remembered under `key`, or from the config.
    pub(super) fn remembered_setup(&mut self, game: GameId, key: &str) -> GameSetup {
        let mut setup = GameSetup::from_config(game, &self.config);
        let remembered = self.store.as_mut().and_then(|s| s.remembered_setup(key));
        if let Some(last) = remembered {
            // Options this version cannot read leave the defaults.
            match setup.options.read_json(&last.options) {
                Ok(options) => {
                    setup.options = options;
                    setup.matchup = last.matchup();
                    setup.spoilers = last.spoilers;
                }
                Err(e) => tracing::warn!("the remembered setup of {}: {e}", game.cli_name()),
            }
        }
        setup
    }

    /// Remembers what a game was started with from its setup screen.
    pub(super) fn remember_setup(&mut self, setup: &GameSetup) {
        self.remember_setup_as(setup.game.cli_name(), setup);
    }

    /// Remembers `setup` under `key` (a game's name, or its offers online: see
    /// `online::offer_key`).
    pub(super) fn remember_setup_as(&mut self, key: &str, setup: &GameSetup) {
        if let Some(store) = &mut self.store {
            store.remember_setup(
                key,
                crate::store::RememberedSetup {
                    mode: setup.matchup.mode,
                    first: setup.matchup.first,
                    difficulty: setup.matchup.difficulty,
                    options: setup.options.to_json(),
                    spoilers: setup.spoilers,
                    clock: setup.matchup.clock,
                },
            );
        }
    }
}
