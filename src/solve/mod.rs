//! Search only: engines that tell the truth about positions, the worker thread that
//! runs them off the UI thread, and the AI policy that turns truth into a move.

pub mod analysis;
pub mod chopsticks;
pub mod nim;
pub mod othello;
pub mod policy;
pub mod proof;
pub mod wl;
pub mod worker;

pub use analysis::{Analysis, MoveValue, Traps, Verdict};

use crate::game::chopsticks::{Chopsticks, ChopsticksMove};
use crate::game::nim::{Nim, NimMove};
use crate::game::wl::{Wl, WlMove};
use worker::JobContext;

/// A position of any game, as sent to the solver thread.
#[derive(Clone, Debug)]
pub enum Position {
    Nim(Nim),
    Chopsticks(Chopsticks),
    Wl(Wl),
    /// A Winners & Losers simulation: games, shortest and longest string, seed.
    WlSimulation {
        games: u32,
        min_len: usize,
        max_len: usize,
        seed: u64,
    },
}

/// An analysis of any game, as streamed back from the solver thread.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    Nim(Analysis<NimMove>),
    Chopsticks(Analysis<ChopsticksMove>),
    Wl(Analysis<WlMove>),
    WlSimulation(wl::SimulationReport),
}

/// A game the solver thread can analyse: how its positions travel to the solver, and
/// how its reports come back.
pub trait Analysable: crate::game::Game {
    fn to_position(&self) -> Position;
    /// This game's analysis, if `report` is one.
    fn from_report(report: Report) -> Option<Analysis<Self::Move>>;
}

impl Analysable for Nim {
    fn to_position(&self) -> Position {
        Position::Nim(self.clone())
    }
    #[allow(unreachable_patterns)] // other games' reports join this enum
    fn from_report(report: Report) -> Option<Analysis<NimMove>> {
        match report {
            Report::Nim(a) => Some(a),
            _ => None,
        }
    }
}

impl Analysable for Wl {
    fn to_position(&self) -> Position {
        Position::Wl(self.clone())
    }
    fn from_report(report: Report) -> Option<Analysis<WlMove>> {
        match report {
            Report::Wl(a) => Some(a),
            _ => None,
        }
    }
}

impl Analysable for Chopsticks {
    fn to_position(&self) -> Position {
        Position::Chopsticks(self.clone())
    }
    #[allow(unreachable_patterns)] // other games' reports join this enum
    fn from_report(report: Report) -> Option<Analysis<ChopsticksMove>> {
        match report {
            Report::Chopsticks(a) => Some(a),
            _ => None,
        }
    }
}

/// Analyses `position`, streaming reports through `ctx` until done or cancelled.
pub fn analyse(position: &Position, ctx: &JobContext<Report>) {
    match position {
        Position::Nim(nim) => {
            if !ctx.is_cancelled() {
                ctx.report(Report::Nim(nim::analyse(nim)));
            }
        }
        Position::Chopsticks(game) => {
            if !ctx.is_cancelled() {
                ctx.report(Report::Chopsticks(chopsticks::analyse(game)));
            }
        }
        Position::Wl(game) => {
            if !ctx.is_cancelled() {
                ctx.report(Report::Wl(wl::analyse(game)));
            }
        }
        &Position::WlSimulation {
            games,
            min_len,
            max_len,
            seed,
        } => {
            let mut reported = 0;
            wl::simulate(games, min_len, max_len, seed, &mut |so_far| {
                // A report every 1% of the games keeps the channel light.
                if so_far.games == games || so_far.games - reported >= (games / 100).max(1) {
                    reported = so_far.games;
                    ctx.report(Report::WlSimulation(so_far.clone()));
                }
                !ctx.is_cancelled()
            });
        }
    }
}
