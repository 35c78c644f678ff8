//! parlor: a terminal arcade of two-player strategy games.
//!
//! Three layers that do not leak: [`game`] knows rules only, [`solve`] knows search only,
//! [`tui`] knows drawing and keys only. [`session`] ties a game to its players.

pub mod cli;
pub mod config;
pub mod game;
pub mod games;
pub mod log;
pub mod matchup;
pub mod session;
pub mod solve;
pub mod tui;
