//! What proves positions at the tree search's leaves ([`super::mcts`]): the win/loss
//! search ([`Outcome`]) on graphs of at most 128 edges, the depth-bounded search
//! ([`Searcher`]) on larger ones, where the win/loss search does not work.
//!
//! Why the depth-bounded search beyond 128 edges: without any prover the tree proves
//! only the game's very end, so its guesses stay flat where a short forced line
//! decides. "Won within d plies" is what a few hundred nodes can prove far from the
//! end, so the tree proves what is near wherever it is. (The tree search does not play
//! beyond 128 edges for now: with this prover it measured no better than the old path
//! on 01/l=8, see `play::TREE_EDGES`.)

use super::graph::{EdgeSet, Graph};
use super::outcome::Outcome;
use super::search::Searcher;
use super::{MAX_BUDGET, Res};

/// A leaf prover: whether the player to move after a string wins, when it can tell
/// within a node cap.
pub(super) trait Prover {
    /// Whether the player to move after `text` (symbol indices, at least l-1 of them, a
    /// legal string of the graph's rules) wins, if proved within `cap` more nodes.
    fn prove(&mut self, text: &[u8], cap: u64) -> Option<bool>;
    /// Nodes searched so far.
    fn nodes(&self) -> u64;
}

impl Prover for Outcome<'_> {
    fn prove(&mut self, text: &[u8], cap: u64) -> Option<bool> {
        self.set_node_limit(self.nodes.saturating_add(cap));
        self.wins_after(text).ok()
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// The first depth budget a leaf is searched to, and the step of the deepening after
/// it (4: a win is an odd number of plies away and a loss an even one, so each step
/// tries both one ply and three plies further).
const FIRST_BUDGET: u32 = 6;
const BUDGET_STEP: u32 = 4;

/// The depth-bounded search as a leaf prover: iterative deepening until the cap.
pub(super) struct DepthProver<'a, S: EdgeSet> {
    searcher: Searcher<'a, S>,
}

impl<'a, S: EdgeSet> DepthProver<'a, S> {
    pub(super) fn new(searcher: Searcher<'a, S>) -> Self {
        DepthProver { searcher }
    }
}

impl<S: EdgeSet> Prover for DepthProver<'_, S> {
    fn prove(&mut self, text: &[u8], cap: u64) -> Option<bool> {
        let g: Graph = self.searcher.g;
        let l = g.l as usize;
        let k = u64::from(g.k);
        if text.len() + 1 < l {
            return None;
        }
        let code = |w: &[u8]| w.iter().fold(0u64, |a, &x| a * k + u64::from(x));
        let cur = code(&text[text.len() + 1 - l..]);
        self.searcher.load_text(text);
        // No more plies than unused edges are left, so a deeper budget proves no more.
        let left = g
            .edges
            .saturating_sub(text.len().saturating_sub(l - 1) as u64);
        let deepest = u32::try_from(left).unwrap_or(MAX_BUDGET).min(MAX_BUDGET);
        self.searcher
            .set_node_limit(self.searcher.nodes.saturating_add(cap));
        self.searcher.resume();
        let mut budget = FIRST_BUDGET.min(deepest);
        loop {
            match self.searcher.search(cur, budget) {
                Res::Win(_) => return Some(true),
                Res::Loss(_) => return Some(false),
                Res::Unknown if self.searcher.stopped() || budget >= deepest => return None,
                Res::Unknown => budget = (budget + BUDGET_STEP).min(deepest),
            }
        }
    }

    fn nodes(&self) -> u64 {
        self.searcher.nodes
    }
}
