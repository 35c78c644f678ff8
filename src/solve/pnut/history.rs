//! The history heuristic of the win/loss search: among the moves that leave the
//! opponent as few replies, the edge that has won most often where it was tried comes
//! first.
//!
//! An edge of the de Bruijn graph is a move from one node to another, the same move in
//! every position that reaches it, and a move that wins in one part of the tree tends
//! to win in its neighbours (the positions differ by a few used edges far away). Kept
//! as a share, not a count: an edge tried at every node and winning at few must not pass
//! one that wins wherever it is tried. (Measured on 88 positions of 01/l=8 at plies
//! 85-115, `parlor solve pnut --winner` each: the share cut the nodes from 656 M to
//! 302 M, by two thirds at the geometric mean of the positions; on the first 30 of
//! them the win count as tie-break cut them by a fifth, the share by half, and the
//! share alone, before the replies, made them worse.)

/// The wins and tries of each edge, for one search.
#[derive(Clone, Debug)]
pub(super) struct History {
    won: Vec<u32>,
    tried: Vec<u32>,
}

impl History {
    /// No edge tried yet, on a graph of `edges` edges.
    pub(super) fn new(edges: u64) -> History {
        History {
            won: vec![0; edges as usize],
            tried: vec![0; edges as usize],
        }
    }

    /// The search tried edge `e` at a node.
    #[inline]
    pub(super) fn tried(&mut self, e: u64) {
        let t = &mut self.tried[e as usize];
        *t = t.saturating_add(1);
    }

    /// Edge `e`, tried at a node, won it.
    #[inline]
    pub(super) fn won(&mut self, e: u64) {
        let w = &mut self.won[e as usize];
        *w = w.saturating_add(1);
    }

    /// The edge's rank, lowest first: one minus its share of wins, in 1/65536ths (an
    /// edge never tried ranks last).
    #[inline]
    pub(super) fn rank(&self, e: u64) -> u64 {
        let won = u64::from(self.won[e as usize]);
        let tried = u64::from(self.tried[e as usize]);
        (1 << 16) - (won << 16) / (tried + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edge_that_wins_where_it_is_tried_ranks_before_one_that_wins_more_often_but_rarer() {
        let mut h = History::new(4);
        // Edge 1: tried 3 times, won 3. Edge 2: tried 100 times, won 10.
        for _ in 0..3 {
            h.tried(1);
            h.won(1);
        }
        for i in 0..100 {
            h.tried(2);
            if i % 10 == 0 {
                h.won(2);
            }
        }
        assert!(h.rank(1) < h.rank(2));
        // An edge never tried ranks after both, and every rank fits below 2^16 + 1.
        assert!(h.rank(2) < h.rank(3));
        assert_eq!(h.rank(3), 1 << 16);
        assert_eq!(h.rank(1), (1 << 16) - (3 << 16) / 4);
    }
}
