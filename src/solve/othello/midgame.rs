//! The midgame search: principal-variation negamax on the evaluation, with the
//! transposition table, hash-move-first then fastest-first ordering, and a hand-over to
//! the exact solver once the remaining depth covers every empty square.

use super::endgame::{INF, Mv, gen_moves, pick_best};
use super::eval::{EVAL_MAX, SCALE, weighted_mobility};
use super::evaluator::Evaluator;
use super::mid_probcut::MID_MPC_MIN;
use super::search::Search;
use super::table::NO_MOVE;
use crate::game::othello::{CORNERS, final_margin, moves, neighbours};

/// Below this depth, moves are ordered by a static square value instead of mobility.
const MOBILITY_ORDER_MIN: u32 = 3;

/// In a search without ProbCut (hints, the review, `parlor solve othello --depth`),
/// nodes this shallow neither probe nor fill the transposition table. They are most of
/// the tree's inner nodes, and their probe (a cache miss into a table of many
/// megabytes) took about a fifth of the time (perf), while what it saves them is
/// little: a depth-1 node's move order is a static one, and its subtree is a handful
/// of evaluations. Measured on the every-move analysis at 12 plies of two positions of
/// 48 and 38 empty squares (`parlor solve othello MOVES --depth 12 --threads 1`, the
/// same values): from 36.0 M and 19.9 M nodes to 24.4 M and 15.4 M, 1.6-1.8x less CPU;
/// at 2: 1.1x; at 4: a little worse than at 3.
pub const TABLE_MIN_DEPTH: u32 = 3;

/// A static value of each square for ordering shallow nodes: corners best, X-squares
/// and C-squares worst.
const fn build_square_value() -> [i32; 64] {
    const ROWS: [[i32; 8]; 8] = [
        [18, 4, 16, 12, 12, 16, 4, 18],
        [4, 2, 6, 8, 8, 6, 2, 4],
        [16, 6, 14, 10, 10, 14, 6, 16],
        [12, 8, 10, 0, 0, 10, 8, 12],
        [12, 8, 10, 0, 0, 10, 8, 12],
        [16, 6, 14, 10, 10, 14, 6, 16],
        [4, 2, 6, 8, 8, 6, 2, 4],
        [18, 4, 16, 12, 12, 16, 4, 18],
    ];
    let mut t = [0; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = ROWS[i / 8][i % 8];
        i += 1;
    }
    t
}

pub static SQUARE_VALUE: [i32; 64] = build_square_value();

/// Ordering for the midgame: the hash move, then the fewest opponent replies.
fn order_moves(eval: Evaluator<'_>, p: u64, o: u64, list: &mut [Mv], hash_move: u32, depth: u32) {
    for m in list.iter_mut() {
        if m.sq == hash_move {
            m.score = 1 << 30;
            continue;
        }
        if depth < MOBILITY_ORDER_MIN {
            m.score = SQUARE_VALUE[m.sq as usize];
            continue;
        }
        let bit = 1u64 << m.sq;
        let np = o ^ m.flips;
        let no = p ^ m.flips ^ bit;
        if np == 0 {
            m.score = 1 << 29;
            continue;
        }
        let empty = !(np | no);
        let replies = moves(np, no);
        let mut s = (36 - weighted_mobility(replies)) << 12;
        s += (36 - (neighbours(no) & empty).count_ones() as i32) << 6;
        s += ((no & CORNERS).count_ones() as i32) << 9;
        s += SQUARE_VALUE[m.sq as usize] << 3;
        if depth >= 6 {
            s -= eval.eval(np, no) * 40;
        }
        m.score = s;
    }
}

/// Converts an evaluation window to a disc window with the same fail-soft meaning.
#[inline]
fn disc_window(alpha: i32, beta: i32) -> (i32, i32) {
    let a = alpha.div_euclid(SCALE).clamp(-65, 64);
    let b = (beta + SCALE - 1).div_euclid(SCALE).clamp(-64, 65);
    (a, b)
}

impl Search<'_> {
    /// The value of `p` to move at `depth` plies, in evaluation units, fail-soft.
    pub fn mid_pvs(&mut self, p: u64, o: u64, alpha: i32, beta: i32, depth: u32) -> i32 {
        if depth == 0 {
            self.nodes += 1;
            return self.eval.eval(p, o);
        }
        self.tick();
        if self.stop {
            return 0;
        }
        let empty = !(p | o);
        let n = empty.count_ones();
        if n <= depth {
            let (a, b) = disc_window(alpha, beta);
            return self.end_pvs(p, o, a, b) * SCALE;
        }
        let mut alpha = alpha;
        let mut beta = beta;
        let mut hash_move = NO_MOVE;
        // Searches with ProbCut keep the table at every depth: their probes search the
        // same shallow subtrees again, and the table is what makes that cheap (the play
        // search at 15 plies took 1.27x the CPU without it at depths 1-2); in the exact
        // solver's presearch (`mpc` set) it also fills the table for the exact pass
        // (FFO #40-#44: 1.4% more nodes without).
        let use_table =
            self.use_table && (depth >= TABLE_MIN_DEPTH || self.mpc > 0 || self.mid_mpc);
        if use_table && let Some(h) = self.tt.probe(p, o) {
            hash_move = h.best;
            let usable = if h.exact {
                Some((h.lower * SCALE, h.upper * SCALE))
            } else if h.depth >= depth {
                Some((h.lower, h.upper))
            } else {
                None
            };
            if let Some((lo, up)) = usable {
                if lo >= beta {
                    return lo;
                }
                if up <= alpha {
                    return up;
                }
                if lo == up {
                    return lo;
                }
                alpha = alpha.max(lo - 1);
                beta = beta.min(up + 1);
            }
        }
        if self.mid_mpc
            && depth >= MID_MPC_MIN
            && beta == alpha + 1
            && let Some(v) = self.mid_probcut(p, o, alpha, depth)
        {
            return v;
        }
        let bits = moves(p, o);
        if bits == 0 {
            if moves(o, p) == 0 {
                return final_margin(p, o) * SCALE;
            }
            return -self.mid_pvs(o, p, -beta, -alpha, depth);
        }
        let mut list = self.take_list(n);
        gen_moves(p, o, bits, &mut list);
        order_moves(self.eval, p, o, &mut list, hash_move, depth);
        let alpha0 = alpha;
        let mut best = -INF * SCALE;
        let mut best_move = NO_MOVE;
        for i in 0..list.len() {
            pick_best(&mut list, i);
            let m = list[i];
            let np = o ^ m.flips;
            let no = p ^ m.flips ^ (1u64 << m.sq);
            let v = if i == 0 {
                -self.mid_pvs(np, no, -beta, -alpha, depth - 1)
            } else {
                let mut v = -self.mid_pvs(np, no, -alpha - 1, -alpha, depth - 1);
                if !self.stop && v > alpha && v < beta {
                    v = -self.mid_pvs(np, no, -beta, -alpha, depth - 1);
                }
                v
            };
            if self.stop {
                break;
            }
            if v > best {
                best = v;
                best_move = m.sq;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.give_list(n, list);
        if self.stop {
            return 0;
        }
        if use_table {
            let (lower, upper) = if best >= beta {
                (best, EVAL_MAX)
            } else if best > alpha0 {
                (best, best)
            } else {
                (-EVAL_MAX, best)
            };
            self.tt.store(p, o, depth, false, lower, upper, best_move);
        }
        best
    }
}
