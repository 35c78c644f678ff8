//! Move-generation counts from a position: a pass is a ply, a finished game is a leaf,
//! and the last ply is counted in bulk (the number of moves, not the moves played).

use crate::game::othello::{Othello, flips, moves};

/// Leaves `depth` plies below `(p, o)`, `p` to move.
pub fn perft_bits(p: u64, o: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut bits = moves(p, o);
    if bits == 0 {
        // A pass leads to one position; a finished game is a leaf.
        if depth == 1 || moves(o, p) == 0 {
            return 1;
        }
        return perft_bits(o, p, depth - 1);
    }
    if depth == 1 {
        return u64::from(bits.count_ones());
    }
    let mut total = 0;
    if depth == 2 {
        while bits != 0 {
            let sq = bits.trailing_zeros();
            bits &= bits - 1;
            let f = flips(p, o, sq);
            let replies = moves(o ^ f, p ^ f ^ (1u64 << sq));
            total += if replies == 0 {
                1
            } else {
                u64::from(replies.count_ones())
            };
        }
        return total;
    }
    while bits != 0 {
        let sq = bits.trailing_zeros();
        bits &= bits - 1;
        let f = flips(p, o, sq);
        total += perft_bits(o ^ f, p ^ f ^ (1u64 << sq), depth - 1);
    }
    total
}

/// Leaves `depth` plies below `board`.
pub fn perft(board: &Othello, depth: u32) -> u64 {
    perft_bits(board.player(), board.opponent(), depth)
}

/// The positions `levels` plies down (fewer where the game ends), each with the depth
/// still to go, in the order [`perft_bits`] visits them.
fn frontier(p: u64, o: u64, depth: u32, levels: u32, out: &mut Vec<(u64, u64, u32)>) {
    if levels == 0 || depth <= 2 {
        out.push((p, o, depth));
        return;
    }
    let mut bits = moves(p, o);
    if bits == 0 {
        if moves(o, p) == 0 {
            out.push((p, o, depth));
        } else {
            frontier(o, p, depth - 1, levels - 1, out);
        }
        return;
    }
    while bits != 0 {
        let sq = bits.trailing_zeros();
        bits &= bits - 1;
        let f = flips(p, o, sq);
        frontier(o ^ f, p ^ f ^ (1u64 << sq), depth - 1, levels - 1, out);
    }
}

/// [`perft`] on `threads` threads (the positions a few plies down are shared out).
pub fn perft_parallel(board: &Othello, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth < 7 {
        return perft(board, depth);
    }
    perft_watched(board, depth, threads, &|| false, &|_, _| {}).leaves
}

/// How far a count got: the leaves of the subtrees finished, of how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftCount {
    pub leaves: u64,
    pub subtrees_done: u64,
    pub subtrees: u64,
}

impl PerftCount {
    /// Every subtree was counted: `leaves` is the perft number.
    pub fn complete(&self) -> bool {
        self.subtrees_done == self.subtrees
    }
}

/// Below this many plies a subtree is counted without polling `stop`.
const UNSTOPPABLE: u32 = 8;

/// [`perft_bits`] that gives up (`None`) once `stop` says so, polled at every node more
/// than [`UNSTOPPABLE`] plies above the leaves.
fn perft_stoppable(p: u64, o: u64, depth: u32, stop: &(dyn Fn() -> bool + Sync)) -> Option<u64> {
    if depth <= UNSTOPPABLE {
        return Some(perft_bits(p, o, depth));
    }
    if stop() {
        return None;
    }
    let mut bits = moves(p, o);
    if bits == 0 {
        if moves(o, p) == 0 {
            return Some(1);
        }
        return perft_stoppable(o, p, depth - 1, stop);
    }
    let mut total = 0;
    while bits != 0 {
        let sq = bits.trailing_zeros();
        bits &= bits - 1;
        let f = flips(p, o, sq);
        total += perft_stoppable(o ^ f, p ^ f ^ (1u64 << sq), depth - 1, stop)?;
    }
    Some(total)
}

/// [`perft_parallel`] that can be watched and stopped, for long counts: the positions a
/// few plies down are shared out among `threads` threads, `progress(done, total)` is
/// called (from those threads) after each of them is counted, and `stop` is polled
/// throughout. A stopped count holds the leaves of the subtrees finished so far.
pub fn perft_watched(
    board: &Othello,
    depth: u32,
    threads: usize,
    stop: &(dyn Fn() -> bool + Sync),
    progress: &(dyn Fn(u64, u64) + Sync),
) -> PerftCount {
    let threads = threads.max(1);
    if depth < 7 {
        let leaves = perft(board, depth);
        progress(1, 1);
        return PerftCount {
            leaves,
            subtrees_done: 1,
            subtrees: 1,
        };
    }
    // Deep counts are split finer, so that the progress moves.
    let levels = if depth >= 12 { 6 } else { 4 };
    let mut work = Vec::new();
    frontier(board.player(), board.opponent(), depth, levels, &mut work);
    let subtrees = work.len() as u64;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done = std::sync::atomic::AtomicU64::new(0);
    let (work, next, done) = (&work, &next, &done);
    let leaves = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(move || {
                    let mut sum = 0u64;
                    while !stop() {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&(p, o, d)) = work.get(i) else {
                            break;
                        };
                        let Some(n) = perft_stoppable(p, o, d, stop) else {
                            break;
                        };
                        sum += n;
                        let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        progress(finished, subtrees);
                    }
                    sum
                })
            })
            .collect();
        // A worker cannot panic (no indexing or arithmetic that can fail), so a join
        // error is impossible; count it as nothing rather than panic.
        handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
    });
    PerftCount {
        leaves,
        subtrees_done: done.load(std::sync::atomic::Ordering::Relaxed),
        subtrees,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    #[test]
    fn a_watched_count_agrees_and_reports_every_subtree() {
        let calls = AtomicU64::new(0);
        let count = perft_watched(&Othello::new(), 9, 2, &|| false, &|done, total| {
            assert!(done <= total);
            calls.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(count.leaves, 3005288);
        assert!(count.complete());
        assert_eq!(calls.load(Ordering::Relaxed), count.subtrees);
        let shallow = perft_watched(&Othello::new(), 5, 1, &|| false, &|_, _| {});
        assert_eq!(shallow.leaves, 1396);
        assert!(shallow.complete());
    }

    #[test]
    fn a_stopped_count_is_incomplete() {
        let count = perft_watched(&Othello::new(), 12, 2, &|| true, &|_, _| {});
        assert!(!count.complete());
        assert_eq!((count.leaves, count.subtrees_done), (0, 0));
    }

    #[test]
    fn a_count_stopped_after_its_first_subtree_keeps_what_finished() {
        let stop = AtomicBool::new(false);
        let count = perft_watched(
            &Othello::new(),
            12,
            2,
            &|| stop.load(Ordering::Relaxed),
            &|_, _| stop.store(true, Ordering::Relaxed),
        );
        assert!(!count.complete());
        // The first finished subtree stops both threads; the other finishes the one it
        // was counting (6 plies deep, not stoppable).
        assert!((1..=2).contains(&count.subtrees_done), "{count:?}");
        assert!(count.leaves > 0);
        assert_eq!(count.subtrees, 8200);
    }
}
