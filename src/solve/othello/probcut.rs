//! The selective presearch: before the exact pass, large roots are solved once with
//! ProbCut at the null-window nodes (a shallow midgame search that lands far enough
//! beyond the window is taken as the answer). Its results are estimates, kept in the
//! table apart from exact ones; what the exact pass gains from them is the best moves
//! they leave everywhere in the table, and a close first window at the root. Exact
//! scores stay exact: the exact pass never takes an estimate as a bound.

use super::eval::SCALE;
use super::search::Search;
use super::table::Hit;

/// In the presearch, null-window nodes with at least this many empties may be cut.
/// Measured in nodes with the pattern evaluation and the two levels below (FFO
/// #40-#46, #20-#39, and the 30 midgame-quality positions of 20-24 empties): 10 gave
/// 341 M, 90 M and 913 M; 12 gave 351 M, 102 M, 991 M; 8 no better than 10.
/// (With the classic evaluation and one level, 10 and 12 were no better than 14.)
pub const MPC_MIN: u32 = 10;
/// Roots with at least this many empties get a presearch before the exact pass (18
/// changed nothing on FFO #20-#44).
pub const PRESEARCH_MIN: u32 = 20;
/// A presearch result is stored at this depth times its level plus its empties: never
/// exact, deeper than any midgame search (which may use it as an estimate), and kept
/// apart from the results of the other levels.
const SELECTIVE_DEPTH: u32 = 64;
/// The presearch levels: the base of the margin of each (see [`margin`]), loosest
/// first, so each level starts from the table the previous one filled. With the
/// pattern evaluation, measured in nodes on the three sets of [`MPC_MIN`] (at
/// `MPC_MIN` 14 unless said): one level at 14 447 M, 112 M, 1,145 M; at 8 420 M,
/// 124 M; 8 then 12 379 M, 108 M, 1,033 M (at `MPC_MIN` 10: 341 M, 90 M, 913 M);
/// 8 then 14 383 M; 6 then 12 397 M; 10 then 14 418 M; 6, 10, 14 at `MPC_MIN` 10
/// 366 M, 88 M, 883 M. (With the classic evaluation one level at 14 did best.)
pub const LEVELS: [i32; 2] = [8, 12];

/// The depth of the shallow search that decides a cut at `n` empties (even, so the
/// evaluation is always taken with the same side to move).
#[inline]
fn probe_depth(n: u32) -> u32 {
    2 * (n / 8)
}

/// How far (in discs) beyond the window the shallow search must land for a cut.
#[inline]
fn margin(depth: u32, level: u8) -> i32 {
    let base = LEVELS[usize::from(level.max(1)) - 1];
    base - depth as i32 / 2
}

impl Search<'_> {
    /// In the presearch, at `n >= MPC_MIN` empties: a bound on the right side of
    /// `alpha` when a shallow search lands far beyond the null window.
    pub fn probcut(&mut self, p: u64, o: u64, alpha: i32, n: u32) -> Option<i32> {
        let d = probe_depth(n);
        let m = margin(d, self.mpc);
        let hi = alpha + 1 + m;
        let lo = alpha - m;
        if hi > 64 && lo < -64 {
            return None;
        }
        let v = self.mid_pvs(p, o, lo * SCALE, hi * SCALE, d);
        if self.stop {
            return None;
        }
        if v >= hi * SCALE {
            Some(alpha + 1)
        } else if v <= lo * SCALE {
            Some(alpha)
        } else {
            None
        }
    }

    /// Stores an endgame result for a position with `n` empties: exact, or from the
    /// presearch (where pruning above [`MPC_MIN`] may have made it wrong) an estimate.
    #[inline]
    pub fn store_end(&self, p: u64, o: u64, n: u32, lower: i32, upper: i32, best: u32) {
        if self.mpc > 0 && n >= MPC_MIN {
            let (lo, up) = (lower * SCALE, upper * SCALE);
            let depth = n + SELECTIVE_DEPTH * u32::from(self.mpc);
            self.tt.store(p, o, depth, false, lo, up, best);
        } else {
            self.tt.store(p, o, n, true, lower, upper, best);
        }
    }
}

/// The disc bounds a table hit gives the endgame search at `n` empties: exact ones, and
/// in the presearch (`mpc`) also the presearch's own estimates.
#[inline]
pub fn end_bounds(h: &Hit, n: u32, mpc: u8) -> Option<(i32, i32)> {
    if h.exact {
        Some((h.lower, h.upper))
    } else if mpc > 0 && h.depth == n + SELECTIVE_DEPTH * u32::from(mpc) {
        Some((h.lower / SCALE, h.upper / SCALE))
    } else {
        None
    }
}
