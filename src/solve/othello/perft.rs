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
    let threads = threads.max(1);
    if threads == 1 || depth < 7 {
        return perft(board, depth);
    }
    let mut work = Vec::new();
    frontier(board.player(), board.opponent(), depth, 4, &mut work);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let work = &work;
    let next = &next;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(move || {
                    let mut sum = 0u64;
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&(p, o, d)) = work.get(i) else {
                            break;
                        };
                        sum += perft_bits(p, o, d);
                    }
                    sum
                })
            })
            .collect();
        // A worker cannot panic (no indexing or arithmetic that can fail), so a join
        // error is impossible; count it as nothing rather than panic.
        handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
    })
}
