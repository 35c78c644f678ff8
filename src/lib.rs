//! parlor: a terminal arcade of two-player strategy games.
//!
//! Layers that do not leak (see ARCHITECTURE.md): [`game`] knows rules only, [`solve`]
//! knows search only; [`games`] holds each game's glue (its options, screen, command
//! line and analyst) in one folder a game, reached through one registry; [`tui`] draws
//! and routes keys, [`cli`] parses and dispatches. [`session`] ties a game to its
//! players, [`matchup`] says who plays and how.

pub mod arcade;
pub mod cli;
pub mod clock;
pub mod config;
pub mod console;
pub mod game;
pub mod games;
pub mod log;
pub mod matchup;
pub mod plugin;
pub mod quote;
pub mod seeds;
pub mod serve;
pub mod session;
pub mod solve;
pub mod store;
pub mod tui;
pub mod ui;
