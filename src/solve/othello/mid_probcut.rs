//! Midgame ProbCut (Buro's multi-ProbCut, one probe per node): in the AI's
//! depth-limited play searches, a null-window node `depth` plies deep is cut when a
//! much shallower search lands so far beyond the window that the deep search would
//! most likely land there too. "Far" is [`MPC_T`] standard deviations of the
//! difference between the deep and the shallow value, fitted per depth by
//! `cargo run --release --example othello_mpc_fit` (see [`SIGMA`]). The cut buys depth:
//! the same time reaches further. Hints (`analyse`) and exact solves never use it.

use super::eval::EVAL_MAX;
use super::search::Search;

/// Nodes at least this many plies deep may be cut.
pub const MID_MPC_MIN: u32 = 3;

/// The deepest depth [`SIGMA`] was fitted for; deeper nodes use its last entry.
const SIGMA_MAX_DEPTH: usize = 14;

/// Standard deviation, in evaluation units, of (value at depth `d`) minus (value at
/// [`probe_depth`]`(d)`), for `d` in 0..=[`SIGMA_MAX_DEPTH`] (entries below
/// [`MID_MPC_MIN`] unused). Fitted for the shipped evaluation (the retrain of
/// 2026-11-29) by `examples/othello_mpc_fit.rs --positions 2000 --seed 2 --max-depth
/// 14` (60 s) on self-play positions of 14-50 empties. The fit for the evaluation
/// before (600 positions to depth 12, 13 and 14 repeating 12) was 507 441 639 567 537
/// 435 581 518 493 476 476 476 from depth 3, biases 147 17 204 25 82 10 133 20 82 -11
/// -11 -11.
const SIGMA: [i32; SIGMA_MAX_DEPTH + 1] = [
    0, 0, 0, 464, 410, 583, 549, 488, 431, 533, 516, 478, 475, 529, 484,
];

/// The mean of the same difference (deep minus probe), by the same fit: the probe's
/// value plus this is its estimate of the deep value. Odd depths lean positive.
const BIAS: [i32; SIGMA_MAX_DEPTH + 1] =
    [0, 0, 0, 142, 12, 174, 24, 56, 20, 77, 22, 40, -10, 6, 48];

/// How many standard deviations beyond the window the probe must land: (numerator,
/// denominator). On the 30 quality positions of 20-24 empties at 1 s a move (strong
/// level, loaded machine): without ProbCut 25/30 exact best moves, mean loss 0.47
/// discs; at 1 sigma 28/30, 0.20; at 1.5 29/30, 0.07; at 2 30/30, 0.00. In play the
/// depth a tighter cut buys is worth more than those few positions: against the same
/// build at 2 sigmas, 100 games at 200 ms a move (`examples/othello_match --ms 200
/// --seed 3`), 1.5 sigmas scored 56.0% +- 9.7, 1 sigma 61.0% +- 9.6 (mean margin +3.4
/// discs, 0.87x the CPU a game), 0.7 sigmas 57.0% +- 9.7 (+3.9, 0.78x).
const MPC_T: (i32, i32) = (1, 1);

/// The depth of the shallow probe for a node `depth` plies deep: about half, with the
/// same parity (the evaluation is biased by who moves last).
#[inline]
pub fn probe_depth(depth: u32) -> u32 {
    let half = depth / 2;
    if (depth - half).is_multiple_of(2) {
        half
    } else {
        half.saturating_sub(1)
    }
}

/// How far beyond the window (evaluation units) the probe must land at `depth`, and
/// the probe's bias there.
#[inline]
fn margin(depth: u32) -> (i32, i32) {
    let d = (depth as usize).min(SIGMA_MAX_DEPTH);
    (SIGMA[d] * MPC_T.0 / MPC_T.1, BIAS[d])
}

impl Search<'_> {
    /// At a null-window node `(alpha, alpha + 1)` of a play search, `depth >=
    /// MID_MPC_MIN`: the bound ProbCut allows, if the probe lands beyond the margin.
    pub fn mid_probcut(&mut self, p: u64, o: u64, alpha: i32, depth: u32) -> Option<i32> {
        let d = probe_depth(depth);
        let (m, bias) = margin(depth);
        let beta = alpha + 1;
        if beta + m - bias < EVAL_MAX {
            let bound = beta + m - bias;
            let v = self.mid_pvs(p, o, bound - 1, bound, d);
            if self.stop {
                return None;
            }
            if v >= bound {
                return Some(beta);
            }
        }
        if alpha - m - bias > -EVAL_MAX {
            let bound = alpha - m - bias;
            let v = self.mid_pvs(p, o, bound, bound + 1, d);
            if self.stop {
                return None;
            }
            if v <= bound {
                return Some(alpha);
            }
        }
        None
    }
}
