//! The exact solver: alpha-beta on the final disc margin.
//!
//! * many empties: null-window search with the transposition table, enhanced
//!   transposition cutoff (every child looked up first), fastest-first ordering (fewest
//!   opponent replies, corners counted twice, then potential mobility) refined by the
//!   evaluation or, from 20 empties, a shallow search per move, and a stability cutoff
//!   (the opponent's stable discs bound what can be won);
//! * five to [`SHALLOW_MAX`] empties: no table; moves in odd quadrants first (parity),
//!   then by a static square order;
//! * four, three, two and one empty squares: dedicated routines on explicit squares
//!   (`last_moves.rs`), the last move's flips counted from per-line tables.
//!
//! All scores are even (empty squares go to the winner), which root windows exploit.

use super::eval::{SCALE, weighted_mobility};
use super::last_moves::solve1;
use super::probcut::{cuts_at, end_bounds};
use super::search::Search;
use super::stability::stable_count;
use super::table::NO_MOVE;
use crate::game::othello::{ADJACENT, CORNERS, final_margin, flips, moves, neighbours};

/// Below or at this many empties the solver uses no table and no mobility ordering.
pub const SHALLOW_MAX: u32 = 6;
/// At or above this many empties, moves are also ordered by a static evaluation.
const EVAL_ORDER_MIN: u32 = 14;
/// At or above this many empties, ordering also counts potential mobility and corners.
const FULL_ORDER_MIN: u32 = 10;
/// At or above this many empties, the null-window search uses the table.
const TT_MIN: u32 = 8;
/// Weight of the evaluation (per disc) in the ordering score.
const EVAL_ORDER_WEIGHT: i32 = 4096;
/// At or above this many empties, the null-window search first looks up every child
/// in the table (enhanced transposition cutoff): -15% nodes on FFO #20-#44, same speed.
const ETC_MIN: u32 = 9;
/// The ordering score of the table's second move: after the first and wipe-outs,
/// before every move scored by mobility.
const HASH_SECOND: i32 = 1 << 28;
/// A score no real one reaches.
pub const INF: i32 = 127;

/// Edax's thresholds: with `n` empties, test the opponent's stable discs when alpha is
/// at least this (99: never).
const STABILITY_THRESHOLD: [i32; 65] = [
    99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46,
    48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
    99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
];

const QUADRANT: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

const fn build_quad_bit() -> [u32; 64] {
    let mut t = [0u32; 64];
    let mut sq = 0;
    while sq < 64 {
        let q = (if sq % 8 >= 4 { 1 } else { 0 }) + (if sq / 8 >= 4 { 2 } else { 0 });
        t[sq] = 1 << q;
        sq += 1;
    }
    t
}

/// The parity bit of each square's quadrant.
pub(super) static QUAD_BIT: [u32; 64] = build_quad_bit();

const fn build_parity_mask() -> [u64; 16] {
    let mut t = [0u64; 16];
    let mut i = 0;
    while i < 16 {
        let mut q = 0;
        while q < 4 {
            if i & (1 << q) != 0 {
                t[i] |= QUADRANT[q];
            }
            q += 1;
        }
        i += 1;
    }
    t
}

/// The squares of the quadrants whose bit is set.
static PARITY_MASK: [u64; 16] = build_parity_mask();

/// Squares in the order a shallow search tries them (after parity): corners, the
/// centre block, the middle of the edges, the inner ring, C-squares, X-squares.
const PRIORITY: [u64; 6] = [
    CORNERS,
    0x0000_3C3C_3C3C_0000,
    0x3C00_8181_8181_003C,
    0x003C_4242_4242_3C00,
    0x4281_0000_0000_8142,
    0x0042_0000_0000_4200,
];

const _: () = {
    let mut all = 0u64;
    let mut i = 0;
    while i < PRIORITY.len() {
        assert!(all & PRIORITY[i] == 0);
        all |= PRIORITY[i];
        i += 1;
    }
    assert!(all == u64::MAX);
};

/// The quadrant-parity bits of a set of empty squares.
#[inline]
pub fn parity_of(empty: u64) -> u32 {
    let mut par = 0;
    for (q, mask) in QUADRANT.iter().enumerate() {
        par |= ((empty & mask).count_ones() & 1) << q;
    }
    par
}

/// A move in a list: its square, the discs it flips, and its ordering score.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mv {
    pub flips: u64,
    pub sq: u32,
    pub score: i32,
}

/// Moves the highest-scored of `list[i..]` to `list[i]`.
#[inline(always)]
pub fn pick_best(list: &mut [Mv], i: usize) {
    let mut b = i;
    for j in i + 1..list.len() {
        if list[j].score > list[b].score {
            b = j;
        }
    }
    list.swap(i, b);
}

/// Fills `list` with the moves of `p`.
#[inline]
pub fn gen_moves(p: u64, o: u64, mut bits: u64, list: &mut Vec<Mv>) {
    list.clear();
    while bits != 0 {
        let sq = bits.trailing_zeros();
        bits &= bits - 1;
        list.push(Mv {
            flips: flips(p, o, sq),
            sq,
            score: 0,
        });
    }
}

/// Fastest-first ordering scores: few (weighted) replies for the opponent, then little
/// potential mobility for them, corners, and quadrant parity.
#[inline]
fn score_moves(p: u64, o: u64, list: &mut [Mv], hash: [u32; 2], parity: u32, n: u32) {
    for m in list.iter_mut() {
        if m.sq == hash[0] {
            m.score = 1 << 30;
            continue;
        }
        if m.sq == hash[1] {
            m.score = HASH_SECOND;
            continue;
        }
        let bit = 1u64 << m.sq;
        let np = o ^ m.flips; // the opponent, to move next
        let no = p ^ m.flips ^ bit;
        if np == 0 {
            m.score = 1 << 29; // wipe-out
            continue;
        }
        let replies = moves(np, no);
        let mut s = (36 - weighted_mobility(replies)) << 12;
        if n >= FULL_ORDER_MIN {
            let empty = !(np | no);
            s += (36 - (neighbours(no) & empty).count_ones() as i32) << 5;
            s += ((no & CORNERS).count_ones() as i32) << 8;
        }
        if parity & QUAD_BIT[m.sq as usize] != 0 {
            s += 16;
        }
        m.score = s;
    }
}

/// The depth of the shallow search that orders the moves of a node with `n` empties:
/// the deeper the tree below, the more a better order saves (as Edax does).
#[inline]
fn sort_depth(n: u32) -> u32 {
    // Measured on FFO #20-#39 and #40-#44 (nodes, one thread): starting at 18 empties
    // as Edax does cost nodes with this evaluation; from 20 it saves 7%.
    match n {
        0..=19 => 0,
        20..=22 => 1,
        23..=25 => 2,
        _ => 3,
    }
}

/// Moves scored this far (in discs) below alpha are all equally bad to the ordering.
const SORT_ALPHA_DELTA: i32 = 8;

impl Search<'_> {
    /// Adds a shallow search's opinion of each move to its ordering score: the static
    /// evaluation below [`sort_depth`] 1, else a midgame search to that depth with a
    /// window that tells apart only the moves within reach of `alpha`.
    fn add_search_scores(&mut self, p: u64, o: u64, list: &mut [Mv], alpha: i32) {
        let w = EVAL_ORDER_WEIGHT;
        let n = (!(p | o)).count_ones();
        let depth = sort_depth(n);
        let hi = -(alpha - SORT_ALPHA_DELTA).max(-64) * SCALE;
        // Shallow searches stay out of the table: their entries would push out exact ones.
        let use_table = std::mem::replace(&mut self.use_table, false);
        // Nor are they cut by midgame ProbCut: the endgame's ordering stays its own.
        let mid_mpc = std::mem::replace(&mut self.mid_mpc, false);
        // And they evaluate with the ordering weights (see `super::evaluator`).
        let eval = self.eval;
        self.eval = eval.ordering();
        for m in list.iter_mut() {
            if m.score >= HASH_SECOND {
                continue;
            }
            let np = o ^ m.flips;
            let no = p ^ m.flips ^ (1u64 << m.sq);
            let v = if depth == 0 {
                self.eval.eval(np, no)
            } else {
                self.mid_pvs(np, no, -super::eval::EVAL_MAX - 1, hi, depth)
            };
            m.score -= v * w / SCALE;
        }
        self.use_table = use_table;
        self.mid_mpc = mid_mpc;
        self.eval = eval;
    }
}

impl Search<'_> {
    /// The exact margin for `p` (to move) within `(alpha, beta)`, fail-soft: a result
    /// `<= alpha` is an upper bound, `>= beta` a lower bound.
    pub fn end_pvs(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        self.tick();
        if self.stop {
            return 0;
        }
        let empty = !(p | o);
        let n = empty.count_ones();
        let mut alpha = alpha;
        let mut beta = beta;
        let mut hash = [NO_MOVE; 2];
        let use_tt = n > SHALLOW_MAX && self.use_table;
        if use_tt && let Some(h) = self.tt.probe(p, o) {
            // Only moves of a search as deep as the endgame (exact, or the presearch):
            // a shallow ordering search's best move, tried first, made worse trees
            // than the endgame's own ordering, and more so in larger tables, where
            // such entries survive longer (FFO #40-#44: 153 M nodes at 512 MiB, 129 M
            // at 16 MiB; 117 M at both without them).
            if h.exact || h.depth >= n {
                hash = [h.best, h.second];
            }
            if let Some((lower, upper)) = end_bounds(&h, n, self.mpc) {
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                if lower == upper {
                    return lower;
                }
                alpha = alpha.max(lower - 1);
                beta = beta.min(upper + 1);
            }
        }
        let bits = moves(p, o);
        if bits == 0 {
            if moves(o, p) == 0 {
                return final_margin(p, o);
            }
            return -self.end_pvs(o, p, -beta, -alpha);
        }
        let mut list = self.take_list(n);
        gen_moves(p, o, bits, &mut list);
        if n > SHALLOW_MAX {
            score_moves(p, o, &mut list, hash, parity_of(!(p | o)), n);
            if n >= EVAL_ORDER_MIN {
                self.add_search_scores(p, o, &mut list, alpha);
            }
        } else {
            let parity = parity_of(empty);
            for m in list.iter_mut() {
                m.score = if parity & QUAD_BIT[m.sq as usize] != 0 {
                    1
                } else {
                    0
                };
            }
        }
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for i in 0..list.len() {
            pick_best(&mut list, i);
            let m = list[i];
            let np = o ^ m.flips;
            let no = p ^ m.flips ^ (1u64 << m.sq);
            let v = if i == 0 {
                -self.end_pvs(np, no, -beta, -alpha)
            } else {
                let mut v = -self.nws(np, no, -alpha - 1);
                if !self.stop && v > alpha && v < beta {
                    v = -self.end_pvs(np, no, -beta, -alpha);
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
        if use_tt {
            let (lower, upper) = if best >= beta {
                (best, 64)
            } else if best > alpha0 {
                (best, best)
            } else {
                (-64, best)
            };
            self.store_end(p, o, n, lower, upper, best_move);
        }
        best
    }

    /// Null-window test: the exact margin if it is `<= alpha` or `> alpha` ... as a
    /// fail-soft bound on the right side of `alpha`.
    #[inline]
    pub fn nws(&mut self, p: u64, o: u64, alpha: i32) -> i32 {
        let empty = !(p | o);
        let n = empty.count_ones();
        if n > SHALLOW_MAX {
            return self.nws_deep(p, o, alpha, n);
        }
        match n {
            0 => {
                self.nodes += 1;
                final_margin(p, o)
            }
            1 => {
                self.nodes += 1;
                solve1(p, empty.trailing_zeros())
            }
            2 => {
                let x1 = empty.trailing_zeros();
                let x2 = (empty & (empty - 1)).trailing_zeros();
                self.solve2(p, o, alpha, x1, x2)
            }
            3 => self.solve3(p, o, alpha, empty, parity_of(empty)),
            4 => self.solve4(p, o, alpha, empty, parity_of(empty)),
            _ => self.nws_shallow(p, o, alpha, empty, parity_of(empty), n),
        }
    }

    fn nws_deep(&mut self, p: u64, o: u64, alpha: i32, n: u32) -> i32 {
        self.tick();
        if self.stop {
            return 0;
        }
        if let Some(v) = stability_cut(p, o, alpha, n) {
            return v;
        }
        let mut hash = [NO_MOVE; 2];
        let use_tt = self.use_table && n >= TT_MIN;
        if use_tt && let Some(h) = self.tt.probe(p, o) {
            // As in `end_pvs`: only moves of searches as deep as this one.
            if h.exact || h.depth >= n {
                hash = [h.best, h.second];
            }
            if let Some((lower, upper)) = end_bounds(&h, n, self.mpc) {
                if upper <= alpha {
                    return upper;
                }
                if lower > alpha {
                    return lower;
                }
            }
        }
        if cuts_at(self.mpc, n)
            && let Some(v) = self.probcut(p, o, alpha, n)
        {
            return v;
        }
        let bits = moves(p, o);
        if bits == 0 {
            if moves(o, p) == 0 {
                self.nodes += 1;
                return final_margin(p, o);
            }
            return -self.nws_deep(o, p, -alpha - 1, n);
        }
        let mut list = self.take_list(n);
        gen_moves(p, o, bits, &mut list);
        if use_tt && n >= ETC_MIN {
            // Enhanced transposition cutoff: a child the table already proves bad
            // enough for the opponent cuts this node without searching anything.
            for m in list.iter() {
                let np = o ^ m.flips;
                let no = p ^ m.flips ^ (1u64 << m.sq);
                if let Some(h) = self.tt.probe(np, no)
                    && let Some((_, upper)) = end_bounds(&h, n - 1, self.mpc)
                    && -upper > alpha
                {
                    let v = -upper;
                    self.give_list(n, list);
                    return v;
                }
            }
        }
        score_moves(p, o, &mut list, hash, parity_of(!(p | o)), n);
        if n >= EVAL_ORDER_MIN {
            self.add_search_scores(p, o, &mut list, alpha);
        }
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for i in 0..list.len() {
            if i >= 1 && self.can_split(n, list.len() - i) {
                // The eldest brother did not cut: share the rest, best first. Not only
                // after the eldest: a thread that fell idle since would otherwise wait
                // for this whole node (one run each on FFO #40-#44, two threads,
                // splits from 16 with the open list: 1.61 s without, 1.59 s with; see
                // `SPLIT_MIN` for the settings measured together).
                list[i..].sort_unstable_by_key(|m| std::cmp::Reverse(m.score));
                let (v, sq) = self.split(p, o, alpha, &list[i..]);
                if !self.stop && v > best {
                    best = v;
                    best_move = sq;
                }
                break;
            }
            pick_best(&mut list, i);
            let m = list[i];
            let np = o ^ m.flips;
            let no = p ^ m.flips ^ (1u64 << m.sq);
            let v = -self.nws(np, no, -alpha - 1);
            if self.stop {
                break;
            }
            if v > best {
                best = v;
                best_move = m.sq;
                if v > alpha {
                    break;
                }
            }
        }
        self.give_list(n, list);
        if self.stop {
            return 0;
        }
        if use_tt {
            let (lower, upper) = if best > alpha {
                (best, 64)
            } else {
                (-64, best)
            };
            self.store_end(p, o, n, lower, upper, best_move);
        }
        best
    }

    /// Five or six empties: the empty squares in odd quadrants first (parity), each
    /// tried directly (no move generation).
    fn nws_shallow(&mut self, p: u64, o: u64, alpha: i32, empty: u64, parity: u32, n: u32) -> i32 {
        self.nodes += 1;
        if let Some(v) = stability_cut(p, o, alpha, n) {
            return v;
        }
        let odd = PARITY_MASK[parity as usize];
        let mut best = -INF;
        let order = [
            empty & odd & CORNERS,
            empty & odd & !CORNERS,
            empty & !odd & CORNERS,
            empty & !odd & !CORNERS,
        ];
        for class in order {
            let mut m = class;
            while m != 0 {
                let x = m.trailing_zeros();
                m &= m - 1;
                if ADJACENT[x as usize] & o == 0 {
                    continue;
                }
                let f = flips(p, o, x);
                if f == 0 {
                    continue;
                }
                let bit = 1u64 << x;
                let np = o ^ f;
                let no = p ^ f ^ bit;
                let v = if n == 5 {
                    -self.solve4(
                        np,
                        no,
                        -alpha - 1,
                        empty ^ bit,
                        parity ^ QUAD_BIT[x as usize],
                    )
                } else {
                    -self.nws_shallow(
                        np,
                        no,
                        -alpha - 1,
                        empty ^ bit,
                        parity ^ QUAD_BIT[x as usize],
                        n - 1,
                    )
                };
                if v > best {
                    if v > alpha {
                        return v;
                    }
                    best = v;
                }
            }
        }
        if best == -INF {
            if moves(o, p) == 0 {
                return final_margin(p, o);
            }
            return -self.nws_shallow(o, p, -alpha - 1, empty, parity, n);
        }
        best
    }
}

/// The stability cutoff: when alpha is high enough for the test to be worth it, the
/// opponent's stable discs cap what `p` can reach; a cap at or below alpha fails low.
#[inline(always)]
pub(super) fn stability_cut(p: u64, o: u64, alpha: i32, n: u32) -> Option<i32> {
    if alpha >= STABILITY_THRESHOLD[n as usize] {
        let max = 64 - 2 * stable_count(o, p);
        if max <= alpha {
            return Some(max);
        }
    }
    None
}
