//! The games: one folder each holding that game's glue (its name and rules, its setup
//! options, its screen, its command-line part and its analyst), and the one registry
//! through which the menu, the setup screen, the help, the command line and the config
//! reach them. Rules live in `game/`, engines in `solve/`.
//!
//! Adding a game: see ARCHITECTURE.md.

pub mod chopsticks;
pub mod nim;
pub mod othello;
pub mod pnut;
pub mod sugar_packets;
pub mod wl;
