//! The real binary as scripts and terminals see it: the command line, the progress
//! display, and the arcade in a pseudo-terminal: one test crate (one link) for what used
//! to be one crate a file.

// A test's helpers may unwrap too: a panic there is the failure report
// (clippy.toml's allow-unwrap-in-tests covers only #[test] functions).
#![allow(clippy::unwrap_used)]

/// Runs the binary as a script would (`Sandbox`).
#[path = "../common/cli.rs"]
mod cli_harness;
/// A seventh game made up for the tests, through the plug-in API alone.
#[path = "../common/fake_game.rs"]
mod fake_game;
/// Hand-made histories of finished games.
#[path = "../common/history.rs"]
mod history_harness;
/// Runs the binary in a pseudo-terminal (`Tui`).
#[path = "../common/pty.rs"]
mod pty_harness;
/// A `parlor serve` in this process and SSH clients of our own.
#[path = "../common/ssh_client.rs"]
mod ssh_client;

/// Every game's command-line name, from the registry (a hand-kept list would skip a
/// seventh game without a word).
fn game_names() -> Vec<&'static str> {
    parlor::arcade::registry()
        .all()
        .map(|g| g.cli_name())
        .collect()
}

mod chopsticks_cli;
mod chopsticks_pty;
mod cli;
mod docs;
mod engine_cli;
mod json_schema;
mod keep_pty;
mod layers;
mod nboard_gui;
mod othello_cli;
mod per_game_cli;
mod pnut_certificate_cli;
mod pnut_cli;
mod pnut_prove;
mod pnut_pty;
mod pnut_split_cli;
mod positions_cli;
mod progress_cli;
mod pty;
mod puzzle_pty;
mod puzzles_cli;
mod seeds_cli;
mod serve_frozen;
mod serve_games;
mod serve_junk;
mod serve_ssh;
mod seventh_game_cli;
mod signals_pty;
mod stats_cli;
