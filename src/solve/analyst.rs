//! An analyst: the engine a match keeps for its whole life. The solver thread asks it
//! about one position at a time; what it learns (transposition tables, proven results)
//! stays with it from move to move, across undo, until the match ends and drops it.

use std::sync::{Arc, Mutex, MutexGuard};

use super::analysis::Analysis;
use crate::game::Game;

/// What the solver thread is asked about one position.
#[derive(Clone, Debug)]
pub struct Query<G: Game> {
    pub position: G,
    /// The AI is to move: engines whose levels are searches of their own (Othello)
    /// answer with the AI's choice as `best`.
    pub ai_to_move: bool,
    /// Moves played so far in the match (a stable per-move seed for random slips).
    pub ply: usize,
    /// The move played from here (a review): an engine whose every-move analysis is
    /// costly may value only the best move and this one exactly, the others by a proved
    /// bound (Othello).
    pub played: Option<G::Move>,
}

/// Analyses positions of one game, streaming improving reports.
pub trait Analyst<G: Game>: Send {
    /// Analyses `query.position`, calling `report` with every improved analysis, until
    /// done or `stop` says so.
    fn analyse(
        &mut self,
        query: &Query<G>,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(Analysis<G::Move>),
    );

    /// Forgets what it learnt: after a search panicked half-way through an update.
    fn reset(&mut self) {}
}

/// An analyst for games whose analysis is one call of a function (solved by formula or
/// by a table built once per process): nothing to keep per match.
pub struct FnAnalyst<G: Game>(pub fn(&G) -> Analysis<G::Move>);

impl<G: Game> Analyst<G> for FnAnalyst<G> {
    fn analyse(
        &mut self,
        query: &Query<G>,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(Analysis<G::Move>),
    ) {
        if !stop() {
            report((self.0)(&query.position));
        }
    }
}

/// An analyst shared between the match that owns it and the job running on the solver
/// thread. Jobs run one at a time, so the lock is never contended for long.
pub struct SharedAnalyst<G: Game>(Arc<Mutex<Box<dyn Analyst<G>>>>);

impl<G: Game> Clone for SharedAnalyst<G> {
    fn clone(&self) -> Self {
        SharedAnalyst(Arc::clone(&self.0))
    }
}

impl<G: Game> SharedAnalyst<G> {
    pub fn new(analyst: impl Analyst<G> + 'static) -> Self {
        SharedAnalyst(Arc::new(Mutex::new(Box::new(analyst))))
    }

    /// The analyst, reset first if a job panicked while holding it.
    pub fn lock(&self) -> MutexGuard<'_, Box<dyn Analyst<G>>> {
        match self.0.lock() {
            Ok(guard) => guard,
            Err(poisoned) => {
                self.0.clear_poison();
                let mut guard = poisoned.into_inner();
                guard.reset();
                guard
            }
        }
    }
}
