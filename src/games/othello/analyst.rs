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
pub use crate::solve::othello::STRONG_BOOK_SPREAD;
use crate::solve::othello::book::{self, Book};
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
    /// The opening book consulted before any search (`None`: always search).
    book: Option<&'static Book>,
    /// The deepest hints found for each position this match, so that a position seen
    /// again (undo, redo) shows them at once and only deeper ones replace them: a
    /// search on a warm table gave other values, at a depth it had not searched.
    hints_seen: HintMemory,
}

/// How many moves of `a` are valued exactly (a win, loss or draw by a margin; the
/// others still carry the midgame's estimate).
fn valued(a: &Analysis<OthelloMove>) -> usize {
    // A move proved worse than the best has a verdict but only a bound: not valued.
    a.moves
        .iter()
        .filter(|m| {
            m.score_at_most.is_none() && !matches!(m.verdict, Verdict::Score(_) | Verdict::Unknown)
        })
        .count()
}

/// The hints of the positions analysed this match, the deepest of each.
#[derive(Default)]
struct HintMemory {
    kept: std::collections::HashMap<Othello, Analysis<OthelloMove>>,
    /// The most empty squares of a position these hints solved exactly.
    solved_empties: Option<u32>,
}

impl HintMemory {
    /// More positions than a match has: past this the oldest are not told apart, all
    /// are forgotten (a match rarely has more than 70 positions).
    const MOST: usize = 512;

    fn get(&self, board: &Othello) -> Option<&Analysis<OthelloMove>> {
        self.kept.get(board)
    }

    /// Whether these hints solved a position with more empty squares than `board`:
    /// the table holds most of what solving `board` takes.
    fn solved_beyond(&self, board: &Othello) -> bool {
        self.solved_empties.is_some_and(|n| n > board.empty_count())
    }

    fn keep(&mut self, board: Othello, a: Analysis<OthelloMove>) {
        if self.kept.len() >= Self::MOST && !self.kept.contains_key(&board) {
            self.kept.clear();
        }
        // Exact beats estimates; among exact analyses, the one with more moves valued
        // (the other moves are valued one by one after the best, and a stopped search
        // leaves some without a value).
        let deeper = self
            .kept
            .get(&board)
            .is_none_or(|old| match (old.exact, a.exact) {
                (false, false) => a.depth >= old.depth,
                (false, true) => true,
                (true, false) => false,
                (true, true) => valued(&a) >= valued(old),
            });
        if deeper {
            if a.exact {
                let n = board.empty_count();
                self.solved_empties = Some(self.solved_empties.map_or(n, |m| m.max(n)));
            }
            self.kept.insert(board, a);
        }
    }
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
            book: Some(Book::shipped()),
            hints_seen: HintMemory::default(),
        }
    }

    /// The same analyst without the opening book: every position searched (tests of
    /// the search, measurements).
    pub fn without_book(mut self) -> OthelloAnalyst {
        self.book = None;
        self
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

    /// The strong level's limits at `board`: its own exact reach, or the hints' where
    /// they already solved a position with more empty squares this match.
    fn strong_limits(&self, board: &Othello) -> Limits {
        let reach = if self.hints_seen.solved_beyond(board) {
            self.limits.exact_empties
        } else {
            self.limits.exact_empties.min(othello::STRONG_EXACT)
        };
        Limits {
            exact_empties: reach,
            ..self.limits
        }
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
                    score_at_most: None,
                    traps: None,
                }],
                depth: 0,
                nodes: 0,
                exact: false,
            },
        });
    }
}

impl OthelloAnalyst {
    /// The hints for the person to move: what this match found here before, at once,
    /// then the search's iterations that go deeper.
    fn hints(
        &mut self,
        board: &Othello,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(Analysis<OthelloMove>),
    ) {
        let floor = self.hints_seen.get(board).cloned();
        if let Some(kept) = &floor {
            report(kept.clone());
            // Solved, every move valued: nothing left to find.
            if kept.exact && valued(kept) == kept.moves.len() {
                return;
            }
        }
        let floor = floor.map(|a| a.depth);
        let seen = &mut self.hints_seen;
        self.engine.analyse(board, &self.limits, stop, &mut |a| {
            if a.exact || floor.is_none_or(|d| a.depth > d) {
                seen.keep(*board, a.clone());
                report(a);
            }
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
        // In the opening book the book answers: its values are deeper than a search
        // of a move's time, and the strong levels vary their choice within its spread.
        let spread = match (query.ai_to_move, self.level) {
            (false, _) => Some(0),
            (true, Level::Strong) => Some(STRONG_BOOK_SPREAD),
            (true, Level::Exact) => Some(0),
            (true, _) => None,
        };
        if let (Some(spread), Some(book)) = (spread, self.book) {
            let mut rng = GameRng::seed_from_u64(self.seed ^ query.ply as u64);
            let pick = query.ai_to_move.then_some((spread, &mut rng));
            if let Some(a) = book_analysis(book, board, pick) {
                report(a);
                return;
            }
        }
        match (query.ai_to_move, self.level) {
            // A review asks of the move played and the best: the other moves are left
            // with the bound that proves them worse (several times cheaper).
            (false, _) if query.played.is_some() => {
                self.engine.set_exact_others(false);
                self.engine.set_asked(query.played);
                self.hints(board, stop, report);
                self.engine.set_exact_others(true);
                self.engine.set_asked(None);
            }
            (false, _) => self.hints(board, stop, report),
            (true, Level::Exact) => {
                self.engine.analyse(board, &self.limits, stop, report);
            }
            // Strong deepens until the time per move runs out; it leaves the last few
            // empties above the exact level's reach to the clock. Where this match's
            // hints already solved a position with more empties, the table holds the
            // solve: the AI solves too, and the prediction stays exact while it thinks
            // (it fell back to an estimate for a move or two).
            (true, Level::Strong) => {
                let limits = self.strong_limits(board);
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
        self.hints_seen = HintMemory::default();
    }
}

/// The analysis of `board` from `book`, when the position is open in it: every move
/// valued by the book (an estimate, never exact), the best the highest; with `pick`, the
/// best is the move the AI plays, chosen within the spread by the generator. `None` out
/// of the book.
pub fn book_analysis<R: rand::Rng + ?Sized>(
    book: &Book,
    board: &Othello,
    pick: Option<(i32, &mut R)>,
) -> Option<Analysis<OthelloMove>> {
    let moves = book.moves(board)?;
    let (top, top_value) = moves.iter().copied().max_by_key(|(_, v)| v.score)?;
    let best = match pick {
        Some((spread, rng)) => book::choose_among(&moves, spread, rng).unwrap_or(top),
        None => top,
    };
    let depth = moves.iter().map(|(_, v)| v.depth).min().unwrap_or(0);
    Some(Analysis {
        best: Some(best),
        verdict: Verdict::Score(top_value.score),
        score: Some(top_value.score),
        pv: vec![best],
        moves: moves
            .iter()
            .map(|&(mv, v)| MoveValue {
                mv,
                verdict: Verdict::Score(v.score),
                score: Some(v.score),
                traps: None,
                plies_at_most: None,
                chances: None,
                proofs_left: None,
                score_at_most: None,
            })
            .collect(),
        depth,
        nodes: 0,
        exact: false,
    })
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

    /// The position where a game whose every move is the `pick`-th part of the legal
    /// list first reaches `empties` empty squares or fewer with `moves` legal moves.
    fn a_line_to(empties: u32, moves: usize, pick: usize) -> Othello {
        let mut board = Othello::new();
        while board.empty_count() > empties || board.legal_moves().len() < moves {
            let legal = board.legal_moves();
            assert!(!legal.is_empty(), "the game went on");
            board.play(legal[legal.len() / pick]).expect("legal");
        }
        board
    }

    /// No clock, no depth limit, exact from `exact_empties`.
    fn unclocked(exact_empties: u32) -> Limits {
        Limits {
            max_depth: None,
            max_millis: None,
            table_mib: 16,
            exact_empties,
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
            played: None,
        }
    }

    #[test]
    fn the_table_outlives_a_move() {
        // The AI's searches (the hints keep their own answers, see below).
        let ai = |moves: &[&str]| Query {
            ai_to_move: true,
            ..query(moves)
        };
        let mut kept = OthelloAnalyst::new(limits(), Level::Exact, 1).without_book();
        let first = last_report(&mut kept, &ai(&["f5", "d6"]));
        // The same position again: the table already holds the answer near the root.
        let again = last_report(&mut kept, &ai(&["f5", "d6"]));
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
        let next = ai(&moves);
        let warm = last_report(&mut kept, &next);
        let cold = last_report(
            &mut OthelloAnalyst::new(limits(), Level::Exact, 1).without_book(),
            &next,
        );
        assert!(
            warm.nodes < cold.nodes,
            "warm {} vs cold {}",
            warm.nodes,
            cold.nodes
        );
    }

    /// The start is valued by the book's own searches, not by a constant: its four
    /// moves (one move turned) alike; past the book the search answers.
    #[test]
    fn the_start_is_the_books_and_later_positions_are_searched() {
        let mut a = OthelloAnalyst::new(limits(), Level::Strong, 1);
        let start = last_report(&mut a, &query(&[]));
        assert_eq!(start.nodes, 0, "no search at the start");
        assert_eq!(start.moves.len(), 4);
        let book = Book::shipped();
        let (_, value) = book
            .best(&Othello::new())
            .expect("the start is in the book");
        for m in &start.moves {
            assert_eq!(m.score, Some(value.score), "{}", m.mv);
        }
        assert_eq!(start.score, Some(value.score));
        // Deep in a game's opening, past the book: the search's own values.
        let moves = ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"];
        let past = query(&moves);
        assert!(book.moves(&past.position).is_none(), "past the book");
        let after = last_report(&mut a, &past);
        assert!(after.nodes > 0);
    }

    /// A position seen again (undo, redo) shows the hints found there before at once,
    /// and nothing shallower after them: the warm table's quicker, other values at the
    /// same depth are not shown.
    #[test]
    fn a_position_seen_again_keeps_its_hints() {
        let moves = ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"];
        let past = query(&moves);
        let mut a = OthelloAnalyst::new(limits(), Level::Strong, 1);
        let first = last_report(&mut a, &past);
        assert!(first.nodes > 0 && first.depth == 7, "{first:?}");
        // Elsewhere, then back.
        last_report(&mut a, &query(&moves[..9]));
        let mut again = Vec::new();
        a.analyse(&past, &|| false, &mut |r| again.push(r));
        assert_eq!(again.first(), Some(&first), "shown at once");
        assert!(again.iter().all(|r| r.depth >= first.depth));
        assert_eq!(again.last(), Some(&first));
        // A new match forgets them.
        a.reset();
        let mut fresh = Vec::new();
        a.analyse(&past, &|| false, &mut |r| fresh.push(r));
        assert!(fresh.first().is_some_and(|r| r.depth < first.depth));
    }

    /// A solve stopped while it valued the other moves one by one is not kept as the
    /// last word: seen again, the position's hints go on until every move has a value
    /// (a move kept a bare `*` in a solved endgame).
    #[test]
    fn a_solve_stopped_half_way_is_finished_when_seen_again() {
        let board = a_line_to(12, 3, 2);
        let exact = unclocked(20);
        let q = Query {
            position: board,
            ai_to_move: false,
            ply: 48,
            played: None,
        };
        let mut a = OthelloAnalyst::new(exact, Level::Strong, 1).without_book();
        // Stopped at the first exact report: the best move solved, the others not yet.
        let solved = std::cell::Cell::new(false);
        let mut first = None;
        a.analyse(&q, &|| solved.get(), &mut |r| {
            if r.exact && first.is_none() {
                solved.set(true);
                first = Some(r);
            }
        });
        let first = first.expect("an exact report");
        assert!(valued(&first) < first.moves.len(), "{first:?}");
        let again = last_report(&mut a, &q);
        assert!(again.exact);
        assert_eq!(valued(&again), again.moves.len(), "{again:?}");
    }

    /// Once the hints have solved the person's position, the strong AI's search of the
    /// next one is exact too, above its own exact reach: the prediction does not drop
    /// from "exact" to an estimate while the AI thinks.
    #[test]
    fn the_strong_ai_solves_where_the_hints_already_solved() {
        let board = a_line_to(othello::STRONG_EXACT + 2, 2, 3);
        let limits = unclocked(othello::STRONG_EXACT + 2);
        let mut a = OthelloAnalyst::new(limits, Level::Strong, 1).without_book();
        let mut child = board;
        child.play(board.legal_moves()[0]).expect("legal");
        assert!(child.empty_count() > othello::STRONG_EXACT);
        // A fresh match: the AI's own reach.
        assert_eq!(a.strong_limits(&child).exact_empties, othello::STRONG_EXACT);
        // The hints solve the person's position (stopped once its best move is solved).
        let q = Query {
            position: board,
            ai_to_move: false,
            ply: 40,
            played: None,
        };
        let solved = std::cell::Cell::new(false);
        a.analyse(&q, &|| solved.get(), &mut |r| solved.set(r.exact));
        assert!(solved.get(), "the hints solved the position");
        assert_eq!(a.strong_limits(&child).exact_empties, limits.exact_empties);
        // A new match starts from the AI's own reach again.
        a.reset();
        assert_eq!(a.strong_limits(&child).exact_empties, othello::STRONG_EXACT);
    }

    /// A review asks of the move played and the best only: those two exact, every
    /// other move left with the bound that proves it worse, for fewer nodes than
    /// valuing them all; the same analyst then answers a hint query in full.
    #[test]
    fn a_review_values_the_move_played_and_the_best_exactly_and_bounds_the_rest() {
        let board = a_line_to(14, 5, 3);
        let exact = unclocked(20);
        let hints = Query {
            position: board,
            ai_to_move: false,
            ply: 46,
            played: None,
        };
        let full = last_report(
            &mut OthelloAnalyst::new(exact, Level::Exact, 1).without_book(),
            &hints,
        );
        assert_eq!(valued(&full), full.moves.len(), "{full:?}");
        let best = full.best.expect("a best move");
        // The worst move is the one played: surely not the best.
        let played = full
            .moves
            .iter()
            .min_by_key(|m| m.score)
            .map(|m| m.mv)
            .expect("moves");
        let mut analyst = OthelloAnalyst::new(exact, Level::Exact, 1).without_book();
        let review = last_report(
            &mut analyst,
            &Query {
                played: Some(played),
                ..hints.clone()
            },
        );
        assert!(review.exact);
        assert_eq!(review.score, full.score);
        let exact_of = |a: &Analysis<OthelloMove>, mv| a.value_of(mv).and_then(|m| m.score);
        assert_eq!(exact_of(&review, played), exact_of(&full, played));
        assert_eq!(review.value_of(played).and_then(|m| m.score_at_most), None);
        assert_eq!(exact_of(&review, best), full.score);
        let mut bounded = 0;
        for m in &review.moves {
            if let Some(b) = m.score_at_most {
                bounded += 1;
                let want = exact_of(&full, m.mv).expect("valued");
                assert!(
                    want <= b && b < full.score.unwrap_or(0),
                    "{}: {want} {b}",
                    m.mv
                );
            }
        }
        assert!(bounded > 0, "{review:?}");
        assert!(review.nodes < full.nodes, "{} {}", review.nodes, full.nodes);
        // The same analyst asked for hints then values every move.
        let after = last_report(&mut analyst, &hints);
        assert_eq!(valued(&after), after.moves.len(), "{after:?}");
    }

    #[test]
    fn reset_forgets() {
        let mut a = OthelloAnalyst::new(limits(), Level::Strong, 1).without_book();
        let first = last_report(&mut a, &query(&["f5"]));
        a.reset();
        let again = last_report(&mut a, &query(&["f5"]));
        assert_eq!(again.nodes, first.nodes);
    }

    /// In the book the analysis is the book's (no search), every move valued; the
    /// strong level's choice varies from game to game within its spread, the perfect
    /// level's stays on the best value.
    #[test]
    fn the_book_answers_in_the_opening_and_the_strong_level_varies() {
        let book = Book::shipped();
        assert!(
            book.len() > 1000,
            "the shipped book: {} positions",
            book.len()
        );
        let position = query(&["f5", "d6", "c3"]);
        let values = book.moves(&position.position).expect("open in the book");
        let top = values.iter().map(|(_, v)| v.score).max().expect("moves");
        let hints = last_report(
            &mut OthelloAnalyst::new(limits(), Level::Strong, 1),
            &position,
        );
        assert_eq!(hints.nodes, 0, "no search");
        assert_eq!(hints.moves.len(), values.len());
        for (mv, v) in &values {
            assert_eq!(
                hints.value_of(*mv).and_then(|m| m.score),
                Some(v.score),
                "{mv}"
            );
        }
        let value_of = |mv: OthelloMove| {
            values
                .iter()
                .find(|(m, _)| *m == mv)
                .map(|(_, v)| v.score)
                .expect("a legal move")
        };
        let start = Query {
            ai_to_move: true,
            ..query(&[])
        };
        let mut firsts = std::collections::BTreeSet::new();
        for seed in 0..16 {
            let mut strong = OthelloAnalyst::new(limits(), Level::Strong, seed);
            let a = last_report(&mut strong, &start);
            assert_eq!(a.nodes, 0);
            firsts.insert(a.best.expect("a move").to_string());
            let ai = Query {
                ai_to_move: true,
                ..query(&["f5", "d6", "c3"])
            };
            let strong_pick = last_report(&mut strong, &ai).best.expect("a move");
            assert!(value_of(strong_pick) >= top - STRONG_BOOK_SPREAD);
            let mut exact = OthelloAnalyst::new(limits(), Level::Exact, seed);
            let exact_pick = last_report(&mut exact, &ai).best.expect("a move");
            assert_eq!(value_of(exact_pick), top);
        }
        // The four first moves are one move turned: the games start differently.
        assert!(firsts.len() > 1, "{firsts:?}");
    }
}
