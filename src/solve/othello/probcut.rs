//! The selective presearch: before the exact pass, large roots are solved once with
//! ProbCut at the null-window nodes (a shallow midgame search that lands far enough
//! beyond the window is taken as the answer). Its results are estimates, kept in the
//! table apart from exact ones; what the exact pass gains from them is the best moves
//! they leave everywhere in the table, and a close first window at the root. Exact
//! scores stay exact: the exact pass never takes an estimate as a bound.

use super::eval::SCALE;
use super::search::Search;
use super::table::Hit;

/// Roots with at least this many empties get a presearch before the exact pass (18
/// changed nothing on FFO #20-#44).
pub const PRESEARCH_MIN: u32 = 20;
/// A presearch result is stored at this depth times its level plus its empties: never
/// exact, deeper than any midgame search (which may use it as an estimate), and kept
/// apart from the results of the other levels.
const SELECTIVE_DEPTH: u32 = 64;
/// A presearch level: the base of its margin (see [`margin`]) and the fewest empties
/// at which its null-window nodes may be cut. Levels are numbered from 1 in this list;
/// the level is all a helper thread needs (a split carries it) to cut and store
/// exactly as the thread that published the split does.
#[derive(Clone, Copy)]
struct Level {
    base: i32,
    min_empties: u32,
}

const LEVELS: [Level; 3] = [
    Level {
        base: 8,
        min_empties: 10,
    },
    Level {
        base: 12,
        min_empties: 10,
    },
    Level {
        base: 14,
        min_empties: 14,
    },
];

/// The levels a root with `n` empties runs, loosest first, so each starts from the
/// table the one before filled. Measured in nodes, one thread, pattern evaluation, on
/// FFO #40-#46, #20-#39 and the 30 quality positions (all 20-24 empties): level 3
/// alone (the plan before) 447 M, 112 M, 1,145 M; levels 1 and 2 341 M, 90 M, 913 M
/// (with 12 at the second level's base: 351 M, 102 M, 991 M; bases 6, 10, 14 from 10
/// empties: 366 M, 88 M, 883 M; 8 alone from 14: 420 M, 124 M). But on FFO #55 (29
/// empties, 64 MiB table) levels 1 and 2 took 17.3 G nodes against level 3's 13.6 G:
/// the looser plan is kept to the sizes where it was measured better.
pub fn plan(n: u32) -> std::ops::RangeInclusive<u8> {
    if n <= 24 { 1..=2 } else { 3..=3 }
}

/// Whether a node with `n` empties may be cut (and its result is an estimate) in the
/// presearch `level` (0: the exact pass, never).
#[inline]
pub fn cuts_at(level: u8, n: u32) -> bool {
    level > 0 && n >= LEVELS[usize::from(level) - 1].min_empties
}

/// The depth of the shallow search that decides a cut at `n` empties (even, so the
/// evaluation is always taken with the same side to move).
#[inline]
fn probe_depth(n: u32) -> u32 {
    2 * (n / 8)
}

/// How far (in discs) beyond the window the shallow search must land for a cut.
#[inline]
fn margin(depth: u32, level: u8) -> i32 {
    let base = LEVELS[usize::from(level.max(1)) - 1].base;
    base - depth as i32 / 2
}

impl Search<'_> {
    /// In the presearch, where [`cuts_at`]: a bound on the right side of
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
    /// presearch (where [`cuts_at`], pruning may have made it wrong) an estimate.
    #[inline]
    pub fn store_end(&self, p: u64, o: u64, n: u32, lower: i32, upper: i32, best: u32) {
        if cuts_at(self.mpc, n) {
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
