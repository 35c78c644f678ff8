//! What proves positions at the tree search's leaves ([`super::mcts`]): the win/loss
//! search ([`Outcome`]), on the graphs it holds (at most 128 edges, and 01/l=8).
//!
//! (A depth-bounded prover, "won within d plies" by iterative deepening, once proved
//! the leaves of 01/l=8 before the win/loss search held it; it measured no better than
//! no prover at all there, see `play::tree_plays`.)

use super::outcome::Outcome;
use super::unused::Unused;

/// A leaf prover: whether the player to move after a string wins, when it can tell
/// within a node cap.
pub(super) trait Prover {
    /// Whether the player to move after `text` (symbol indices, at least l-1 of them, a
    /// legal string of the graph's rules) wins, if proved within `cap` more nodes.
    fn prove(&mut self, text: &[u8], cap: u64) -> Option<bool>;
    /// Nodes searched so far.
    fn nodes(&self) -> u64;
}

impl<E: Unused> Prover for Outcome<'_, E> {
    fn prove(&mut self, text: &[u8], cap: u64) -> Option<bool> {
        self.set_node_limit(self.nodes.saturating_add(cap));
        self.wins_after(text).ok()
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}
