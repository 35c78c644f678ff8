//! The analysis of a recorded game, one position at a time: the job that runs on the
//! solver thread, what it reports after each ply, and the turning points read from the
//! reports. Generic over the game; the reports carry moves as text, so the screen that
//! shows them is not.

use serde::{Deserialize, Serialize};

use crate::game::{Game, Outcome, Seat};
use crate::solve::analyst::{Analyst, Query};
use crate::solve::worker::{Job, Outbox};
use crate::solve::{Analysis, Verdict};

/// A move and what it is worth to the player making it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Valued {
    pub text: String,
    pub verdict: Verdict,
    /// A margin for the mover (Othello discs), where the game has one.
    pub score: Option<i32>,
}

/// What the analysis says about the position after `ply` moves. Kept with the game
/// once analysed (`store::reviews`), so its fields are a file format too.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyReport {
    pub ply: usize,
    pub mover: Seat,
    /// The prediction for the mover.
    pub verdict: Verdict,
    pub score: Option<i32>,
    pub exact: bool,
    pub depth: u32,
    /// The nodes the analysis searched: `Some(0)` for values known without a search
    /// (Othello's opening book); `None` at the end, or in a review kept before this
    /// was recorded.
    #[serde(default)]
    pub nodes: Option<u64>,
    /// The best move there, when the game is not over.
    pub best: Option<Valued>,
    /// Every move worth as much as the best one, the best among them
    /// (`Analysis::best_moves`): ties are equal, whichever the search named.
    pub best_moves: Vec<String>,
    /// How many moves there were to choose from.
    pub choices: usize,
    /// The move that was played there, with its value when the analysis gave one.
    pub played: Option<Valued>,
}

impl PlyReport {
    /// Who wins with perfect play from here, when that is known.
    pub fn winner(&self) -> Option<Seat> {
        match self.verdict {
            Verdict::Win { .. } => Some(self.mover),
            Verdict::Loss { .. } => Some(self.mover.other()),
            _ => None,
        }
    }

    /// The first player's margin: a disc score, or +1 / 0 / -1 for a predicted win of
    /// the first player, a draw, a win of the second. `None` while unknown.
    pub fn first_value(&self) -> Option<f64> {
        let sign = if self.mover == Seat::First { 1.0 } else { -1.0 };
        match (self.score, self.verdict) {
            (Some(s), _) => Some(sign * f64::from(s)),
            (None, Verdict::Win { .. }) => Some(sign),
            (None, Verdict::Loss { .. }) => Some(-sign),
            (None, Verdict::Draw) => Some(0.0),
            _ => None,
        }
    }

    /// What the move played here cost in discs against the best, `after` being the
    /// report of the position it led to: from this position's own search where it
    /// valued the move (the best's and the move's values at one depth), else from the
    /// two positions' scores. Two searches' estimates differ by their depths' swing:
    /// a review marked the hint's top move "-5" from the score after it.
    pub fn cost(&self, after: &PlyReport) -> Option<i32> {
        let best = self.score?;
        match self.played.as_ref().and_then(|p| p.score) {
            Some(own) => Some(best - own),
            None => after.score.map(|next| best + next),
        }
    }

    /// Whether the reports carry disc scores (graphs and costs in discs).
    pub fn scored(&self) -> bool {
        self.score.is_some()
    }

    fn from_analysis<G: Game>(
        ply: usize,
        position: &G,
        played: Option<G::Move>,
        a: Analysis<G::Move>,
    ) -> PlyReport {
        let value = |mv: G::Move| {
            let v = a.value_of(mv);
            Valued {
                text: position.move_text(mv),
                verdict: v.map_or(Verdict::Unknown, |v| v.verdict),
                score: v.and_then(|v| v.score),
            }
        };
        PlyReport {
            ply,
            mover: position.to_move(),
            verdict: a.verdict,
            score: a.score,
            exact: a.exact,
            depth: a.depth,
            nodes: Some(a.nodes),
            best: a.best.map(|mv| {
                let own = value(mv);
                match own.verdict {
                    // A proven distance is the move's own: the perfect AI's choice in a
                    // lost position (the most traps) may lose sooner than the position
                    // could (1-3-5-7: "a best move (loss in 11)" for a loss in 9).
                    Verdict::Win { plies: Some(_) } | Verdict::Loss { plies: Some(_) } => own,
                    // Else the best move is worth the position itself (a search's
                    // estimate is the root's).
                    _ => Valued {
                        verdict: a.verdict,
                        score: a.score,
                        ..own
                    },
                }
            }),
            played: played.map(value),
            // In the form the moves are shown (Winners & Losers' "left W"), so that
            // they compare with `played` and read as the move list does.
            best_moves: a
                .best_moves()
                .iter()
                .map(|mv| position.move_text(*mv))
                .collect(),
            choices: a.moves.len(),
        }
    }

    /// Whether the move played here was a best move: worth as much as the best one,
    /// not necessarily the one the search named.
    pub fn played_best(&self) -> bool {
        self.played.as_ref().is_some_and(|p| {
            self.best.as_ref().is_some_and(|b| b.text == p.text)
                || self.best_moves.contains(&p.text)
        })
    }

    /// Whether every move here was as good as the best (and there was a choice).
    pub fn all_tie(&self) -> bool {
        self.choices > 1 && self.best_moves.len() == self.choices
    }

    /// The end of the game: the result itself, no search.
    fn at_end<G: Game>(ply: usize, position: &G, outcome: Outcome) -> PlyReport {
        let mover = position.to_move();
        let done = Some(0);
        let verdict = match outcome {
            Outcome::Win(seat) if seat == mover => Verdict::Win { plies: done },
            Outcome::Win(_) => Verdict::Loss { plies: done },
            Outcome::Draw => Verdict::Draw,
        };
        let score = position.first_margin().map(|m| match mover {
            Seat::First => m,
            Seat::Second => -m,
        });
        PlyReport {
            ply,
            mover,
            verdict,
            score,
            exact: true,
            depth: 0,
            nodes: None,
            best: None,
            played: None,
            best_moves: Vec::new(),
            choices: 0,
        }
    }
}

/// Every position of a game: the start, then one after each move.
pub fn positions<G: Game>(start: &G, moves: &[G::Move]) -> Result<Vec<G>, String> {
    let mut positions = vec![start.clone()];
    let mut position = start.clone();
    for (i, mv) in moves.iter().enumerate() {
        position
            .play(*mv)
            .map_err(|e| format!("move {} ({mv}): {e}", i + 1))?;
        positions.push(position.clone());
    }
    Ok(positions)
}

/// Analyses one position with `analyst`, to the end of its limits or until `stop`.
/// `None` when stopped before it said anything.
pub fn analyse_ply<G: Game>(
    analyst: &mut dyn Analyst<G>,
    ply: usize,
    position: &G,
    played: Option<G::Move>,
    stop: &dyn Fn() -> bool,
) -> Option<PlyReport> {
    if let Some(outcome) = position.outcome() {
        return Some(PlyReport::at_end(ply, position, outcome));
    }
    let query = Query {
        position: position.clone(),
        ai_to_move: false,
        ply,
        played,
    };
    let mut last = None;
    analyst.analyse(&query, stop, &mut |a| last = Some(a));
    // A search cut short by `stop` is not the answer: the review keeps whole plies.
    if stop() {
        return None;
    }
    last.map(|a| PlyReport::from_analysis(ply, position, played, a))
}

/// The job that analyses every position in turn but those `done` already (kept from
/// an earlier review), reporting a [`PlyReport`] after each; a newer job (or leaving
/// the review) stops it, and what was reported stays.
pub fn analysis_job<G: Game>(
    positions: Vec<G>,
    moves: Vec<G::Move>,
    done: Vec<bool>,
    mut analyst: Box<dyn Analyst<G>>,
    to: Outbox<PlyReport>,
) -> Job {
    Box::new(move |ctx| {
        // The game's end first: it needs no search, and the review's last move said
        // "analysing…" until every position before it was done.
        let (ended, going): (Vec<usize>, Vec<usize>) =
            (0..positions.len()).partition(|&ply| positions[ply].outcome().is_some());
        for ply in ended.into_iter().chain(going) {
            let position = &positions[ply];
            if done.get(ply).copied().unwrap_or(false) {
                continue;
            }
            let stop = || ctx.is_cancelled();
            let Some(report) = analyse_ply(
                analyst.as_mut(),
                ply,
                position,
                moves.get(ply).copied(),
                &stop,
            ) else {
                return;
            };
            if !ctx.send(&to, report) {
                return;
            }
        }
    })
}

/// Why a move is a turning point.
#[derive(Clone, Debug, PartialEq)]
pub enum Turn {
    /// The predicted result got worse for the mover: `before` and `after` are the
    /// mover's prospects ("win", "draw", "loss").
    Threw {
        before: &'static str,
        after: &'static str,
    },
    /// An Othello move that cost this many discs against the best move.
    Cost(i32),
}

/// A move costs discs worth marking from this many on.
pub const COSTLY_DISCS: i32 = 2;

/// What the mover could expect: win, draw or loss, when known.
pub fn prospect(verdict: Verdict) -> Option<&'static str> {
    match verdict {
        Verdict::Win { .. } => Some("win"),
        Verdict::Draw => Some("draw"),
        Verdict::Loss { .. } => Some("loss"),
        _ => None,
    }
}

fn rank(prospect: &str) -> i32 {
    match prospect {
        "win" => 2,
        "draw" => 1,
        _ => 0,
    }
}

/// Whether the move played at `before` (leading to `after`) was a turning point: the
/// mover's prospect fell (a win thrown away, a draw lost), or, in games with a score,
/// the move cost [`COSTLY_DISCS`] or more against the best move. The best move itself
/// never is one, nor is any move worth as much (ties are equal).
pub fn turn(before: &PlyReport, after: &PlyReport) -> Option<Turn> {
    before.played.as_ref()?;
    if before.played_best() {
        return None;
    }
    // Where there is a score, the discs say more than the result.
    if let Some(cost) = before.cost(after) {
        return (cost >= COSTLY_DISCS).then_some(Turn::Cost(cost));
    }
    // The position after the move, seen by the mover (one ply earlier).
    let then = after.verdict.flipped_and_extended();
    match (prospect(before.verdict), prospect(then)) {
        (Some(was), Some(now)) if rank(now) < rank(was) => Some(Turn::Threw {
            before: was,
            after: now,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::nim::{Ending, Nim, NimMove};
    use crate::solve::analyst::FnAnalyst;

    fn reports(start: Nim, moves: &[NimMove]) -> Vec<PlyReport> {
        let positions = positions(&start, moves).expect("legal moves");
        let mut analyst = FnAnalyst(crate::solve::nim::analyse);
        positions
            .iter()
            .enumerate()
            .map(|(i, p)| {
                analyse_ply(&mut analyst, i, p, moves.get(i).copied(), &|| false).expect("a report")
            })
            .collect()
    }

    /// The job reports the game's end first (no search needed), then the positions
    /// from the start: the review's last move waited for all of them.
    #[test]
    fn the_analysis_reports_the_end_first() {
        use crate::solve::worker::{Inbox, SolverThread};
        let take = |pile, take| NimMove { pile, take };
        let moves = vec![take(0, 1), take(1, 2)];
        let start = Nim::new(vec![1, 2], Ending::Normal);
        let all = positions(&start, &moves).expect("legal");
        let (tx, rx) = crossbeam_channel::unbounded();
        let solver = SolverThread::spawn(move |m| {
            let _ = tx.send(m);
        })
        .expect("a solver thread");
        let inbox = Inbox::<PlyReport>::default();
        let job = analysis_job(
            all,
            moves,
            vec![false; 3],
            Box::new(FnAnalyst(crate::solve::nim::analyse)),
            inbox.outbox(),
        );
        let ticket = solver.submit(job);
        // Until the job ends (finished, or failed: then the order below says so).
        use crate::solve::worker::SolverMsg;
        while let Ok(m) = rx.recv() {
            if !matches!(m, SolverMsg::Progress { .. }) && m.ticket() == ticket {
                break;
            }
        }
        let order: Vec<usize> = inbox.drain().map(|(_, r)| r.ply).collect();
        assert_eq!(order, [2, 0, 1]);
    }

    /// 1,2 is a win for the mover (take 1 from pile 2: 1,1); taking the 1 leaves 0,2
    /// and hands the win over; then the end.
    #[test]
    fn a_thrown_win_is_a_turning_point_and_the_best_move_is_not() {
        let take = |pile, take| NimMove { pile, take };
        let moves = [take(0, 1), take(1, 2)];
        let r = reports(Nim::new(vec![1, 2], Ending::Normal), &moves);
        assert_eq!(r.len(), 3);
        assert_eq!(r[0].winner(), Some(Seat::First));
        assert_eq!(r[1].winner(), Some(Seat::Second));
        assert_eq!(
            r[2].winner(),
            Some(Seat::Second),
            "the end: the second took the last"
        );
        assert_eq!(
            turn(&r[0], &r[1]),
            Some(Turn::Threw {
                before: "win",
                after: "loss"
            })
        );
        assert_eq!(turn(&r[1], &r[2]), None, "the winning move");
        assert_eq!(r[0].best.as_ref().map(|b| b.text.as_str()), Some("2:1"));
        assert_eq!(r[0].first_value(), Some(1.0));
        assert_eq!(r[1].first_value(), Some(-1.0));
    }

    /// From 1,1,5,5 (misère) the perfect AI's choice, the move with the most traps,
    /// loses sooner than the position must: the review gives that move's own distance,
    /// not the position's.
    #[test]
    fn the_best_move_is_worth_its_own_distance() {
        let start = Nim::new(vec![1, 1, 5, 5], Ending::Misere);
        let a = crate::solve::nim::analyse(&start);
        let best = a.best.expect("a move");
        let own = a.value_of(best).expect("valued").verdict;
        assert_ne!(own, a.verdict, "the case this test is about");
        let r = reports(start, &[best]);
        assert_eq!(r[0].best.as_ref().map(|b| b.verdict), Some(own));
        assert_eq!(r[0].verdict, a.verdict, "the position keeps its own value");
    }

    /// An Othello ply whose search valued the move played (one depth for it and the
    /// best) is costed from those values, not from the next position's own search:
    /// at 1 s a ply the next search, a ply deeper or shallower, swings by several
    /// discs, and the game's hint move was marked "-5" so.
    #[test]
    fn a_move_is_costed_by_the_search_that_valued_it() {
        let valued = |text: &str, score| Valued {
            text: text.into(),
            verdict: Verdict::Unknown,
            score: Some(score),
        };
        let report = |ply, mover, score: i32, played: Option<Valued>| PlyReport {
            ply,
            mover,
            verdict: Verdict::Unknown,
            score: Some(score),
            exact: false,
            depth: 12,
            nodes: Some(1000),
            best: Some(valued("d3", score)),
            best_moves: vec!["d3".into()],
            choices: 8,
            played,
        };
        // Worth +3 where the best is +4: one disc, no turning point, although the
        // next search sees the opponent at +1 (a cost of 5 by the two searches).
        let before = report(20, Seat::First, 4, Some(valued("c4", 3)));
        let after = report(21, Seat::Second, 1, None);
        assert_eq!(before.cost(&after), Some(1));
        assert_eq!(turn(&before, &after), None);
        // Worth -1: five discs, a turning point by the same search.
        let before = report(20, Seat::First, 4, Some(valued("c4", -1)));
        assert_eq!(turn(&before, &after), Some(Turn::Cost(5)));
        // No value for the move played: the two positions' scores.
        let before = report(
            20,
            Seat::First,
            4,
            Some(Valued {
                score: None,
                ..valued("c4", 0)
            }),
        );
        assert_eq!(before.cost(&after), Some(5));
    }
}
