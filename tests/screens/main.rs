//! The arcade's screens and what they keep: whole screens rendered into ratatui's
//! TestBackend and compared with reviewed snapshots (`snapshots/`), saves and resume,
//! the review and the statistics screen. One test crate (one link) for what used to be
//! one crate a file.

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

mod chopsticks_snapshots;
mod clocks;
mod keys_ui;
mod lessons;
mod nim_ui;
mod online;
mod online_talk;
mod othello_ui;
mod pnut_snapshots;
mod positions_ui;
mod review;
mod saves;
mod seventh_game;
mod snapshots;
mod stats_ui;
mod trainer;
mod visible_play;
mod wl_snapshots;
