//! The root of a search: every legal move (or the pass) searched in order, by the
//! midgame search at some depth or by the exact solver.

use super::endgame::INF;
use super::eval::{EVAL_MAX, SCALE};
use super::probcut::{PRESEARCH_MIN, plan};
use super::search::Search;
use super::table::{NO_MOVE, Table};
use crate::game::othello::{OthelloMove, flips, moves};

/// The pass, as a root square.
pub const PASS: u32 = 64;

/// Half-width of the first exact window around the estimate; after a failure the
/// next window starts at the bound found and doubles in width each time.
const ASPIRATION: i32 = 3;

/// One move at the root and what the last search learned about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// 0-63, or [`PASS`].
    pub sq: u32,
    pub flips: u64,
    /// The last value found: exact if `exact_value`, else a bound from a null window.
    pub value: i32,
    pub exact_value: bool,
}

impl RootMove {
    pub fn mv(&self) -> OthelloMove {
        OthelloMove::at(self.sq).unwrap_or(OthelloMove::Pass)
    }

    /// The position after this move: (mover, opponent) for the side to move next.
    pub fn child(&self, p: u64, o: u64) -> (u64, u64) {
        if self.sq == PASS {
            (o, p)
        } else {
            (o ^ self.flips, p ^ self.flips ^ (1u64 << self.sq))
        }
    }
}

/// The root moves of `(p, o)` in a1..h8 order: `[pass]` when stuck, empty when over.
pub fn root_moves(p: u64, o: u64) -> Vec<RootMove> {
    let mut bits = moves(p, o);
    if bits == 0 {
        if moves(o, p) == 0 {
            return Vec::new();
        }
        return vec![RootMove {
            sq: PASS,
            flips: 0,
            value: 0,
            exact_value: false,
        }];
    }
    let mut out = Vec::new();
    while bits != 0 {
        let sq = bits.trailing_zeros();
        bits &= bits - 1;
        out.push(RootMove {
            sq,
            flips: flips(p, o, sq),
            value: 0,
            exact_value: false,
        });
    }
    out
}

/// What kind of search runs below the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Midgame search to this depth (counting the root move), evaluation units.
    Mid(u32),
    /// Exact solve, disc margins.
    Exact,
}

impl Kind {
    /// A window wider than any value.
    pub fn full(self) -> (i32, i32) {
        match self {
            Kind::Mid(_) => (-EVAL_MAX - 1, EVAL_MAX + 1),
            Kind::Exact => (-65, 65),
        }
    }
}

impl Search<'_> {
    fn child_value(&mut self, kind: Kind, np: u64, no: u64, alpha: i32, beta: i32) -> i32 {
        match kind {
            Kind::Mid(d) => -self.mid_pvs(np, no, -beta, -alpha, d.saturating_sub(1)),
            Kind::Exact => -self.end_pvs(np, no, -beta, -alpha),
        }
    }

    fn child_null(&mut self, kind: Kind, np: u64, no: u64, alpha: i32) -> i32 {
        match kind {
            Kind::Mid(d) => -self.mid_pvs(np, no, -alpha - 1, -alpha, d.saturating_sub(1)),
            Kind::Exact => -self.nws(np, no, -alpha - 1),
        }
    }

    /// Searches the root moves in their current order within `(alpha, beta)`. With
    /// `all`, every move gets an exact value (each searched with a full window);
    /// otherwise principal-variation search: moves that fail low keep only a bound.
    /// On return the list is re-sorted, best first. `None` if the search was stopped
    /// (the list then keeps the values of the moves that finished, and
    /// [`Search::interrupted`] the best of them, if any finished).
    #[allow(clippy::too_many_arguments)]
    pub fn root(
        &mut self,
        p: u64,
        o: u64,
        kind: Kind,
        list: &mut [RootMove],
        alpha: i32,
        beta: i32,
        all: bool,
    ) -> Option<i32> {
        let (full_lo, full_hi) = kind.full();
        let mut alpha = alpha;
        let alpha0 = alpha;
        let mut best = -INF * SCALE;
        let mut best_sq = NO_MOVE;
        for (i, rm) in list.iter_mut().enumerate() {
            let (np, no) = rm.child(p, o);
            let (v, exact_value) = if all {
                let v = self.child_value(kind, np, no, full_lo, full_hi);
                (v, true)
            } else if i == 0 {
                let v = self.child_value(kind, np, no, alpha, beta);
                (v, v > alpha && v < beta)
            } else {
                let mut v = self.child_null(kind, np, no, alpha);
                let mut exact = false;
                if !self.stop && v > alpha && v < beta {
                    v = self.child_value(kind, np, no, alpha, beta);
                    exact = v > alpha && v < beta;
                }
                (v, exact)
            };
            if self.stop {
                self.interrupted = (best_sq != NO_MOVE).then_some((best_sq, best));
                return None;
            }
            rm.value = v;
            rm.exact_value = exact_value;
            if v > best {
                best = v;
                best_sq = rm.sq;
                if v > alpha {
                    alpha = v;
                    if v >= beta && !all {
                        break;
                    }
                }
            }
        }
        // Best first, then by value (bounds included, as an ordering hint).
        list.sort_by(|a, b| {
            (b.sq == best_sq)
                .cmp(&(a.sq == best_sq))
                .then(b.value.cmp(&a.value))
        });
        if self.use_table && best_sq != PASS {
            let (lower, upper) = if best >= beta {
                (best, full_hi - 1)
            } else if best > alpha0 {
                (best, best)
            } else {
                (full_lo + 1, best)
            };
            match kind {
                Kind::Mid(d) => self.tt.store(p, o, d, false, lower, upper, best_sq),
                Kind::Exact => {
                    let n = (!(p | o)).count_ones();
                    self.store_end(p, o, n, lower, upper, best_sq);
                }
            }
        }
        Some(best)
    }

    /// The exact value of the position with an aspiration window around `guess`
    /// (disc margin); the list ends best first. Narrow windows are much cheaper than
    /// wide ones, so a failed window is followed by another narrow one beyond it.
    pub fn exact_root(&mut self, p: u64, o: u64, list: &mut [RootMove], guess: i32) -> Option<i32> {
        let n = (!(p | o)).count_ones();
        let mut guess = guess;
        if self.use_table && self.presearch && n >= PRESEARCH_MIN {
            // The selective presearch: its value is the next window's centre, its
            // moves fill the table.
            for level in plan(n) {
                self.mpc = level;
                let v = self.aspiration(p, o, list, guess);
                self.mpc = 0;
                guess = v?;
            }
        }
        self.aspiration(p, o, list, guess)
    }

    /// [`Search::exact_root`]'s aspiration loop, in the current mode.
    fn aspiration(&mut self, p: u64, o: u64, list: &mut [RootMove], guess: i32) -> Option<i32> {
        let g = (guess.clamp(-64, 64) / 2) * 2;
        let w = ASPIRATION;
        let mut step = 2 * ASPIRATION;
        let (mut lo, mut hi) = ((g - w).max(-65), (g + w).min(65));
        let mut failed_low = None;
        loop {
            let v = self.root(p, o, Kind::Exact, list, lo, hi, false)?;
            let low = if v <= lo && lo > -65 {
                true
            } else if v >= hi && hi < 65 {
                false
            } else {
                return Some(v);
            };
            // Exact bounds never contradict each other, the presearch's may: after a
            // fail low, a fail high above it (or the other way round). Once the
            // windows reach the ends of the scale, such a pass could swing between
            // (-65, v + 1) and (v - 1, 65) forever (a position of 20 empties did,
            // until `step` overflowed): the presearch's value is only the next pass's
            // first guess, this one will do.
            if self.mpc > 0 && failed_low == Some(!low) && step > 130 {
                return Some(v);
            }
            failed_low = Some(low);
            (lo, hi) = if low {
                ((v - step).max(-65), v + 1)
            } else {
                (v - 1, (v + step).min(65))
            };
            step = step.saturating_mul(2);
        }
    }
}

/// The expected line from `(p, o)` starting with `first`: the first move, then the
/// table's best moves while they are legal.
pub fn principal_variation(
    tt: &Table,
    p: u64,
    o: u64,
    first: OthelloMove,
    max_len: usize,
) -> Vec<OthelloMove> {
    let mut pv = vec![first];
    let (mut p, mut o) = (p, o);
    let apply = |p: &mut u64, o: &mut u64, m: OthelloMove| {
        if let OthelloMove::Play(sq) = m {
            let f = flips(*p, *o, sq.index());
            *p ^= f | sq.bit();
            *o ^= f;
        }
        std::mem::swap(p, o);
    };
    apply(&mut p, &mut o, first);
    while pv.len() < max_len {
        let m = moves(p, o);
        if m == 0 {
            if moves(o, p) == 0 {
                break;
            }
            pv.push(OthelloMove::Pass);
            apply(&mut p, &mut o, OthelloMove::Pass);
            continue;
        }
        let Some(hit) = tt.probe(p, o) else { break };
        if hit.best >= 64 || m & (1u64 << hit.best) == 0 {
            break;
        }
        let Some(mv) = OthelloMove::at(hit.best) else {
            break;
        };
        pv.push(mv);
        apply(&mut p, &mut o, mv);
    }
    pv
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;
    use crate::game::othello::Othello;

    /// A root search stopped part-way reports the best of the moves that finished, with
    /// its true value at that depth; where a later move beat the first, that move.
    #[test]
    fn a_stopped_root_search_keeps_the_best_finished_move() {
        let board = Othello::read("f5d6c3d3c4f4f6f3e6e7").expect("legal");
        let (p, o) = (board.player(), board.opponent());
        let depth = 5;
        // Each move's true value at this depth, from a search of its own.
        let table = Table::new(1);
        let never = || false;
        let truth = |sq: u32| {
            let mut s = Search::new(&table, &never, None);
            s.use_table = false;
            let m = root_moves(p, o)
                .into_iter()
                .find(|m| m.sq == sq)
                .expect("a root move");
            let (np, no) = m.child(p, o);
            -s.mid_pvs(np, no, -INF * SCALE, INF * SCALE, depth - 1)
        };
        let mut list = root_moves(p, o);
        // The worst move first, so a later one beats it.
        list.sort_by_key(|m| truth(m.sq));
        let first = list[0].sq;
        let mut beat_the_first = false;
        for polls in 1..400 {
            let count = Cell::new(0);
            let cancel = || {
                count.set(count.get() + 1);
                count.get() > polls
            };
            let mut s = Search::new(&table, &cancel, None);
            s.use_table = false;
            let mut order = list.clone();
            if s.root(
                p,
                o,
                Kind::Mid(depth),
                &mut order,
                -INF * SCALE,
                INF * SCALE,
                false,
            )
            .is_some()
            {
                break;
            }
            if let Some((sq, v)) = s.interrupted {
                assert_eq!(v, truth(sq), "the reported value is the move's own");
                assert!(v >= truth(first), "never worse than the first move");
                beat_the_first |= sq != first;
            }
        }
        assert!(
            beat_the_first,
            "some stop came after a better move finished"
        );
    }
}
