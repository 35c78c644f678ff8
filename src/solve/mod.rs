//! Search only: engines that tell the truth about positions, the worker thread that
//! runs them off the UI thread, and the AI policy that turns truth into a move.

pub mod analysis;
pub mod chopsticks;
pub mod nim;
pub mod othello;
pub mod pnut;
pub mod policy;
pub mod proof;
pub mod wl;
pub mod worker;

pub use analysis::{Analysis, MoveValue, Traps, Verdict};

use crate::game::chopsticks::{Chopsticks, ChopsticksMove};
use crate::game::nim::{Nim, NimMove};
use crate::game::othello::{Othello, OthelloMove};
use crate::game::pnut::{Pnut, PnutMove};
use crate::game::wl::{Wl, WlMove};
use worker::JobContext;

/// A position of any game, as sent to the solver thread.
#[derive(Clone, Debug)]
pub enum Position {
    /// Othello: with `ai` set, the AI of that level chooses its move (seeded) and the
    /// report's `best` is that move; without, the engine analyses for hints.
    Othello {
        board: Othello,
        limits: othello::Limits,
        ai: Option<(othello::Level, u64)>,
    },
    Nim(Nim),
    Chopsticks(Chopsticks),
    Wl(Wl),
    /// Pnut-Butta (two players) under search limits.
    Pnut(Pnut, pnut::Limits),
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
    Othello(Analysis<OthelloMove>),
    Nim(Analysis<NimMove>),
    Chopsticks(Analysis<ChopsticksMove>),
    Wl(Analysis<WlMove>),
    Pnut(Analysis<PnutMove>),
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

impl Analysable for Pnut {
    /// With the default limits; the Pnut-Butta screen puts in the setup's.
    fn to_position(&self) -> Position {
        Position::Pnut(self.clone(), pnut::Limits::default())
    }
    fn from_report(report: Report) -> Option<Analysis<PnutMove>> {
        match report {
            Report::Pnut(a) => Some(a),
            _ => None,
        }
    }
}

impl Analysable for Othello {
    fn to_position(&self) -> Position {
        Position::Othello {
            board: *self,
            limits: othello::Limits::default(),
            ai: None,
        }
    }
    fn from_report(report: Report) -> Option<Analysis<OthelloMove>> {
        match report {
            Report::Othello(a) => Some(a),
            _ => None,
        }
    }
}

/// Othello on the solver thread: an analysis streamed as the search deepens, or the
/// AI's move at its level. The strong levels' move is the analysis's best move; the
/// weaker levels search in their own way and report just their choice.
fn othello_job(
    board: &Othello,
    limits: &othello::Limits,
    ai: Option<(othello::Level, u64)>,
    ctx: &JobContext<Report>,
) {
    use crate::game::Game;
    use othello::Level;
    let cancelled = || ctx.is_cancelled();
    let stream = |limits: &othello::Limits| {
        othello::analyse(board, limits, &cancelled, &mut |a| {
            ctx.report(Report::Othello(a));
        });
    };
    match ai {
        None | Some((Level::Exact, _)) => stream(limits),
        // Strong deepens until the time per move runs out; it leaves the last few
        // empties above the exact level's reach to the clock.
        Some((Level::Strong, _)) => stream(&othello::Limits {
            exact_empties: limits.exact_empties.min(othello::STRONG_EXACT),
            ..*limits
        }),
        Some((level, seed)) => {
            // The weaker levels pick their move their own way; a short search beside it
            // keeps the prediction panel honest about the position while they do.
            let mut outlook: Option<Analysis<OthelloMove>> = None;
            othello::analyse(
                board,
                &othello::Limits {
                    max_depth: Some(OUTLOOK_DEPTH),
                    max_millis: Some(
                        limits
                            .max_millis
                            .map_or(OUTLOOK_MILLIS, |m| m.min(OUTLOOK_MILLIS)),
                    ),
                    exact_empties: limits.exact_empties.min(OUTLOOK_EXACT),
                    table_mib: limits.table_mib.min(OUTLOOK_TABLE_MIB),
                },
                &cancelled,
                &mut |a| outlook = Some(a),
            );
            let legal = board.legal_moves();
            let choice = if legal == [OthelloMove::Pass] {
                Some(OthelloMove::Pass)
            } else {
                let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
                othello::Engine::new(4).choose_move(board, level, &mut rng, limits, &cancelled)
            };
            let Some(mv) = choice else {
                return;
            };
            if ctx.is_cancelled() {
                return;
            }
            // The AI plays `best`; the rest is the outlook's. This is the job's last
            // report, so an exact outlook cannot hurry the AI into the outlook's move.
            let report = match outlook {
                Some(a) => Analysis {
                    best: Some(mv),
                    pv: vec![mv],
                    ..a
                },
                None => Analysis {
                    best: Some(mv),
                    verdict: Verdict::Unknown,
                    score: None,
                    pv: vec![mv],
                    moves: vec![MoveValue {
                        mv,
                        verdict: Verdict::Unknown,
                        score: None,
                        plies_at_most: None,
                        traps: None,
                    }],
                    depth: 0,
                    nodes: 0,
                    exact: false,
                },
            };
            ctx.report(Report::Othello(report));
        }
    }
}

/// The prediction shown while a weaker Othello level picks its move: a search this
/// deep, this long at most, exact this close to the end.
const OUTLOOK_DEPTH: u32 = 6;
const OUTLOOK_MILLIS: u64 = 400;
const OUTLOOK_EXACT: u32 = 12;
const OUTLOOK_TABLE_MIB: u32 = 8;

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
        Position::Othello { board, limits, ai } => othello_job(board, limits, *ai, ctx),
        Position::Pnut(game, limits) => {
            pnut::analyse(game, limits, &|| ctx.is_cancelled(), &mut |a| {
                ctx.report(Report::Pnut(a.clone()));
            });
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
