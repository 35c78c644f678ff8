//! The every-move analysis as [`Engine::analyse`](super::Engine::analyse) streams it:
//! what is known of each root move (the midgame's estimates, the bounds that prove a
//! move worse than the best, exact values), and one report per improvement.

use std::ops::ControlFlow;

use super::root::{Kind, RootMove, principal_variation, root_moves};
use super::search::Search;
use super::{move_of, solve_root, to_discs, verdict_of};
use crate::game::othello::{OthelloMove, final_margin};
use crate::solve::analysis::{Analysis, MoveValue, Verdict};

/// What is known about one root move during an analysis.
#[derive(Clone, Copy, Debug)]
pub(super) struct Known {
    sq: u32,
    exact: Option<i32>,
    estimate: Option<i32>,
    /// Proven: the move is worth at most this (a move proved worse than the best).
    at_most: Option<i32>,
    /// Proven: the move wins (a move proved worse than the best that still wins).
    wins: bool,
}

/// One analysis as [`Engine::analyse`] streams it: what is known of each root move of
/// the position (`p` to move against `o`), and where each improvement is reported.
pub(super) struct Stream<'r> {
    p: u64,
    o: u64,
    known: Vec<Known>,
    report: &'r mut dyn FnMut(Analysis<OthelloMove>),
}

impl<'r> Stream<'r> {
    /// Nothing known yet of the moves of `list`.
    pub(super) fn new(
        p: u64,
        o: u64,
        list: &[RootMove],
        report: &'r mut dyn FnMut(Analysis<OthelloMove>),
    ) -> Self {
        let known = list
            .iter()
            .map(|m| Known {
                sq: m.sq,
                exact: None,
                estimate: None,
                at_most: None,
                wins: false,
            })
            .collect();
        Stream {
            p,
            o,
            known,
            report,
        }
    }

    fn known_mut(&mut self, sq: u32) -> Option<&mut Known> {
        self.known.iter_mut().find(|k| k.sq == sq)
    }

    /// Whether the root move on `sq` already has its exact value (nothing left to do).
    fn is_exact(&self, sq: u32) -> bool {
        self.known.iter().any(|k| k.sq == sq && k.exact.is_some())
    }

    /// The midgame iterations, depth 1 to `last`, each reported once every root move is
    /// scored. Continues with the last iteration's value (`None` if `last` is 0); breaks
    /// if the search was stopped.
    pub(super) fn deepen(
        &mut self,
        s: &mut Search<'_>,
        list: &mut [RootMove],
        last: u32,
    ) -> ControlFlow<(), Option<i32>> {
        let (p, o) = (self.p, self.o);
        let mut estimate = None;
        let full = Kind::Mid(0).full();
        for d in 1..=last {
            s.poll();
            if s.stop {
                return ControlFlow::Break(());
            }
            let Some(v) = s.root(p, o, Kind::Mid(d), list, full.0, full.1, true) else {
                return ControlFlow::Break(());
            };
            estimate = Some(v);
            for m in list.iter() {
                if let Some(k) = self.known_mut(m.sq) {
                    k.estimate = Some(to_discs(m.value));
                }
            }
            let best = list[0].mv();
            let pv = principal_variation(s.tt, p, o, best, d as usize);
            (self.report)(build_analysis(
                &self.known,
                best,
                to_discs(v),
                false,
                pv,
                d,
                s.total_nodes(),
            ));
        }
        ControlFlow::Continue(estimate)
    }

    /// After the exact root search (`list` sorted best first, the best worth `v`):
    /// records the moves it valued exactly and reports. Returns the best move and its
    /// principal variation.
    pub(super) fn exact_best(
        &mut self,
        s: &Search<'_>,
        list: &[RootMove],
        v: i32,
        n: u32,
    ) -> (OthelloMove, Vec<OthelloMove>) {
        let best_sq = list[0].sq;
        for m in list {
            if m.exact_value
                && let Some(k) = self.known_mut(m.sq)
            {
                k.exact = Some(m.value);
            }
        }
        if let Some(k) = self.known_mut(best_sq) {
            k.exact = Some(v);
        }
        let best = move_of(best_sq);
        let pv = principal_variation(s.tt, self.p, self.o, best, n as usize + 2);
        (self.report)(build_analysis(
            &self.known,
            best,
            v,
            true,
            pv.clone(),
            n,
            s.total_nodes(),
        ));
        (best, pv)
    }

    /// Reports what is known after the exact solve of the best move `best` (worth `v`),
    /// its principal variation `pv`, on `n` empties.
    fn report_exact(
        &mut self,
        s: &Search<'_>,
        (best, v): (OthelloMove, i32),
        pv: &[OthelloMove],
        n: u32,
    ) {
        (self.report)(build_analysis(
            &self.known,
            best,
            v,
            true,
            pv.to_vec(),
            n,
            s.total_nodes(),
        ));
    }

    /// Then every other move of `list` not yet exact proved worse than the best `v`,
    /// or as good (then exact): one null-window search each, at `v`, most of them cut
    /// at once by what the best move's solve left in the table. One report at the end.
    /// Returns false if stopped.
    pub(super) fn bound_others(
        &mut self,
        s: &mut Search<'_>,
        list: &[RootMove],
        (best, v): (OthelloMove, i32),
        pv: &[OthelloMove],
        n: u32,
    ) -> bool {
        for m in list.iter().skip(1) {
            if self.is_exact(m.sq) {
                continue;
            }
            s.poll();
            if s.stop {
                return false;
            }
            let (np, no) = m.child(self.p, self.o);
            // The opponent's value c after the move: the move is worth -c, at least v
            // (then exactly v, the best) when c <= -v.
            let (exact, at_most) = if root_moves(np, no).is_empty() {
                (Some(-final_margin(np, no)), None)
            } else {
                let c = s.nws(np, no, -v);
                if s.stop {
                    return false;
                }
                if c > -v {
                    (None, Some(-c))
                } else {
                    (Some(v), None)
                }
            };
            // Worse than a win: whether it still wins, a second null window at 0 (it
            // wins when the opponent's c <= -1). Below a draw it is lost already.
            let (mut at_most, mut wins) = (at_most, false);
            if let Some(b) = at_most.filter(|&b| b >= 1) {
                let c = s.nws(np, no, -1);
                if s.stop {
                    return false;
                }
                if c > -1 {
                    at_most = Some(b.min(-c));
                } else {
                    wins = true;
                }
            }
            if let Some(k) = self.known_mut(m.sq) {
                k.exact = exact;
                k.at_most = at_most;
                k.wins = wins;
            }
        }
        self.report_exact(s, (best, v), pv, n);
        true
    }

    /// Then every other move of `list` not yet exact, exactly, one report each, the
    /// best move (and its value) and `pv` unchanged. Returns early if stopped.
    pub(super) fn exact_others(
        &mut self,
        s: &mut Search<'_>,
        list: &[RootMove],
        (best, v): (OthelloMove, i32),
        pv: &[OthelloMove],
        n: u32,
    ) {
        for m in list.iter().skip(1) {
            if self.is_exact(m.sq) {
                continue;
            }
            s.poll();
            if s.stop {
                return;
            }
            // Each move solved as a root of its own, the way the best one was: its
            // replies ordered by a few midgame plies, the selective presearch from 20
            // empties, narrow windows around the estimate. One full window with none
            // of these (as before) cost 1.2-1.3 times the nodes on positions of 21-24
            // empties (issue 36); below 20 empties the two cost about the same.
            let (np, no) = m.child(self.p, self.o);
            let mut replies = root_moves(np, no);
            let value = if replies.is_empty() {
                Some(-final_margin(np, no))
            } else {
                solve_root(s, np, no, &mut replies).map(|v| -v)
            };
            let Some(value) = value else {
                return;
            };
            if let Some(k) = self.known_mut(m.sq) {
                k.exact = Some(value);
            }
            self.report_exact(s, (best, v), pv, n);
        }
    }
}

fn build_analysis(
    known: &[Known],
    best: OthelloMove,
    score: i32,
    exact: bool,
    pv: Vec<OthelloMove>,
    depth: u32,
    nodes: u64,
) -> Analysis<OthelloMove> {
    let mut moves: Vec<MoveValue<OthelloMove>> = known
        .iter()
        .map(|k| MoveValue {
            mv: move_of(k.sq),
            verdict: match (k.exact, k.at_most, k.estimate) {
                (Some(e), _, _) => verdict_of(e, true),
                // At most a loss is a loss, proved.
                (None, Some(b), _) if b < 0 => Verdict::Loss { plies: None },
                (None, Some(_), _) if k.wins => Verdict::Win { plies: None },
                (None, Some(b), e) => Verdict::Score(e.map_or(b, |e| e.min(b))),
                (None, None, Some(e)) => Verdict::Score(e),
                (None, None, None) => Verdict::Unknown,
            },
            // A bounded move's estimate, never above what is proved.
            score: k.exact.or(match (k.at_most, k.estimate) {
                (Some(b), e) => Some(e.map_or(b, |e| e.min(b)).max(if k.wins { 1 } else { -64 })),
                (None, e) => e,
            }),
            score_at_most: if k.exact.is_none() { k.at_most } else { None },
            chances: None,
            plies_at_most: None,
            proofs_left: None,
            traps: None,
        })
        .collect();
    moves.sort_by_key(|m| m.mv);
    Analysis {
        best: Some(best),
        verdict: verdict_of(score, exact),
        score: Some(score),
        pv,
        moves,
        depth,
        nodes,
        exact,
    }
}
