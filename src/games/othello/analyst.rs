//! Othello's analyst: the engine (and its transposition table) built once per match and
//! kept from move to move. For hints and the strong levels it streams the engine's
//! analysis as the search deepens; when a weaker level is to move it reports that
//! level's own choice, with a short outlook beside it for the prediction panel.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::seeds::GameRng;
use rand::SeedableRng;

use crate::game::Game;
use crate::game::othello::{Othello, OthelloMove};
use crate::solve::analyst::{Analyst, Query};
use crate::solve::othello::{self, Engine, Level, Limits};
use crate::solve::{Analysis, MoveValue, Verdict};

/// The prediction shown while a weaker level picks its move: a search this deep, this
/// long at most, exact this close to the end.
const OUTLOOK_DEPTH: u32 = 6;
const OUTLOOK_MILLIS: u64 = 400;
const OUTLOOK_EXACT: u32 = 12;
/// The table of the weaker levels' own searches (they look three or four plies ahead).
const CHOOSER_TABLE_MIB: u32 = 4;

pub struct OthelloAnalyst {
    engine: Engine,
    /// The weaker levels' searches keep a small table of their own, so their quirks
    /// never pollute the hints' table.
    chooser: Engine,
    limits: Limits,
    /// The thinking time per move, shared with the screen so that two AIs can be sped
    /// up or slowed down while they play; read at the start of every search.
    think_ms: Arc<AtomicU64>,
    level: Level,
    /// Per match; the AI's seed at a move is this and the ply.
    seed: u64,
}

impl OthelloAnalyst {
    pub fn new(limits: Limits, level: Level, seed: u64) -> OthelloAnalyst {
        OthelloAnalyst {
            engine: Engine::new(limits.table_mib),
            chooser: Engine::new(CHOOSER_TABLE_MIB),
            think_ms: Arc::new(AtomicU64::new(limits.max_millis.unwrap_or(0))),
            limits,
            level,
            seed,
        }
    }

    /// The same analyst searching with `threads` threads (`solver.threads`).
    pub fn with_threads(mut self, threads: usize) -> OthelloAnalyst {
        self.engine.set_threads(threads);
        self.chooser.set_threads(threads);
        self
    }

    /// The thinking time per move, to change between searches (0: no clock).
    pub fn think_ms(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.think_ms)
    }

    /// The limits for the next search, with the thinking time as it is now.
    fn current_limits(&self) -> Limits {
        let ms = self.think_ms.load(Ordering::Relaxed);
        Limits {
            max_millis: (ms > 0).then_some(ms),
            ..self.limits
        }
    }

    fn weak_choice(
        &mut self,
        board: &Othello,
        seed: u64,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(Analysis<OthelloMove>),
    ) {
        // A short search beside the weaker level keeps the prediction panel honest
        // about the position while the level picks its move its own way.
        let mut outlook: Option<Analysis<OthelloMove>> = None;
        let limits = Limits {
            max_depth: Some(OUTLOOK_DEPTH),
            max_millis: Some(
                self.limits
                    .max_millis
                    .map_or(OUTLOOK_MILLIS, |m| m.min(OUTLOOK_MILLIS)),
            ),
            exact_empties: self.limits.exact_empties.min(OUTLOOK_EXACT),
            ..self.limits
        };
        self.engine
            .analyse(board, &limits, stop, &mut |a| outlook = Some(a));
        let choice = if board.legal_moves() == [OthelloMove::Pass] {
            Some(OthelloMove::Pass)
        } else {
            let mut rng = GameRng::seed_from_u64(seed);
            self.chooser
                .choose_move(board, self.level, &mut rng, &self.limits, stop)
        };
        let Some(mv) = choice else {
            return;
        };
        if stop() {
            return;
        }
        // The AI plays `best`; the rest is the outlook's. This is the job's last
        // report, so an exact outlook cannot hurry the AI into the outlook's move.
        report(match outlook {
            Some(a) => Analysis {
                best: Some(mv),
                pv: vec![mv],
                ..a
            },
            None => Analysis {
                best: Some(mv),
                verdict: Verdict::Unknown,
                score: None,
                pv: vec![mv],
                moves: vec![MoveValue {
                    mv,
                    verdict: Verdict::Unknown,
                    score: None,
                    chances: None,
                    plies_at_most: None,
                    proofs_left: None,
                    traps: None,
                }],
                depth: 0,
                nodes: 0,
                exact: false,
            },
        });
    }
}

impl Analyst<Othello> for OthelloAnalyst {
    fn analyse(
        &mut self,
        query: &Query<Othello>,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(Analysis<OthelloMove>),
    ) {
        let board = &query.position;
        self.limits = self.current_limits();
        // What is known without a search is said as known: the moves from the start
        // lead to known draws, whatever a depth-limited search estimates (hints showed
        // -2 on each while the panel said the start is a draw).
        let report = &mut |a: Analysis<OthelloMove>| report(with_known_draws(board, a));
        match (query.ai_to_move, self.level) {
            (false, _) | (true, Level::Exact) => {
                self.engine.analyse(board, &self.limits, stop, report);
            }
            // Strong deepens until the time per move runs out; it leaves the last few
            // empties above the exact level's reach to the clock.
            (true, Level::Strong) => {
                let limits = Limits {
                    exact_empties: self.limits.exact_empties.min(othello::STRONG_EXACT),
                    ..self.limits
                };
                self.engine.analyse(board, &limits, stop, report);
            }
            (true, _) => {
                let seed = self.seed ^ query.ply as u64;
                self.weak_choice(board, seed, stop, report);
            }
        }
    }

    fn reset(&mut self) {
        self.engine.clear();
        self.chooser.clear();
    }
}

/// `analysis` of `board` with every move into a known draw (`screen::known_draw`)
/// valued as a draw by 0 discs, and the position itself a draw when all of them are.
fn with_known_draws(board: &Othello, mut analysis: Analysis<OthelloMove>) -> Analysis<OthelloMove> {
    let mut all = !analysis.moves.is_empty();
    for m in &mut analysis.moves {
        let mut next = *board;
        if next.play(m.mv).is_ok() && super::screen::known_draw(&next) {
            m.verdict = Verdict::Draw;
            m.score = Some(0);
        } else {
            all = false;
        }
    }
    if all {
        analysis.verdict = Verdict::Draw;
        analysis.score = Some(0);
    }
    analysis
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::othello::OthelloMove;

    /// A fixed-depth search (no clock), so node counts are repeatable.
    fn limits() -> Limits {
        Limits {
            max_depth: Some(7),
            max_millis: None,
            table_mib: 16,
            exact_empties: 0,
        }
    }

    fn last_report(analyst: &mut OthelloAnalyst, query: &Query<Othello>) -> Analysis<OthelloMove> {
        let mut last = None;
        analyst.analyse(query, &|| false, &mut |a| last = Some(a));
        last.expect("the search reports")
    }

    fn query(moves: &[&str]) -> Query<Othello> {
        let mut board = Othello::new();
        for m in moves {
            let mv = board
                .legal_moves()
                .into_iter()
                .find(|lm| lm.to_string() == *m)
                .expect("a legal opening move");
            board.play(mv).expect("legal");
        }
        Query {
            position: board,
            ai_to_move: false,
            ply: moves.len(),
        }
    }

    #[test]
    fn the_table_outlives_a_move() {
        let mut kept = OthelloAnalyst::new(limits(), Level::Strong, 1);
        let first = last_report(&mut kept, &query(&["f5", "d6"]));
        // The same position again: the table already holds the answer near the root.
        let again = last_report(&mut kept, &query(&["f5", "d6"]));
        assert_eq!(again.best, first.best);
        assert_eq!(again.score, first.score);
        assert!(
            again.nodes * 4 < first.nodes,
            "kept {} vs first {}",
            again.nodes,
            first.nodes
        );
        // Two plies on, along the line the search expected: cheaper than from scratch.
        let line: Vec<String> = first.pv.iter().take(2).map(|m| m.to_string()).collect();
        let mut moves = vec!["f5", "d6"];
        moves.extend(line.iter().map(String::as_str));
        let next = query(&moves);
        let warm = last_report(&mut kept, &next);
        let cold = last_report(&mut OthelloAnalyst::new(limits(), Level::Strong, 1), &next);
        assert!(
            warm.nodes < cold.nodes,
            "warm {} vs cold {}",
            warm.nodes,
            cold.nodes
        );
    }

    #[test]
    fn the_first_moves_are_known_draws_and_later_ones_are_searched() {
        let mut a = OthelloAnalyst::new(limits(), Level::Strong, 1);
        let start = last_report(&mut a, &query(&[]));
        assert_eq!(start.moves.len(), 4);
        for m in &start.moves {
            assert_eq!((m.verdict, m.score), (Verdict::Draw, Some(0)), "{}", m.mv);
        }
        assert_eq!((start.verdict, start.score), (Verdict::Draw, Some(0)));
        // One move on, the replies are not all equal: the search's own values.
        let after = last_report(&mut a, &query(&["f5"]));
        assert!(after.moves.iter().all(|m| m.verdict != Verdict::Draw));
        let scores: std::collections::BTreeSet<_> = after.moves.iter().map(|m| m.score).collect();
        assert!(scores.len() > 1, "{scores:?}");
    }

    #[test]
    fn reset_forgets() {
        let mut a = OthelloAnalyst::new(limits(), Level::Strong, 1);
        let first = last_report(&mut a, &query(&["f5"]));
        a.reset();
        let again = last_report(&mut a, &query(&["f5"]));
        assert_eq!(again.nodes, first.nodes);
    }
}
