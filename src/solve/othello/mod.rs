//! The Othello engine: search, evaluation, exact endgame solver.
//!
//! * [`analyse`] streams an improving [`Analysis`] of a position: iterative-deepening
//!   principal-variation search with every root move scored, then (at or below
//!   [`Limits::exact_empties`] empty squares) the exact solve: first the best move, then
//!   every other move.
//! * [`Level`] and [`choose_move`]: the AI opponents, from a beginner to the exact
//!   solver, with Benedict (the original program's three-ply AI) in between.
//! * [`Engine`] keeps one transposition table across calls; exact solves of 20 empty
//!   squares or more first run a selective presearch ([`probcut`]) whose best moves
//!   order the exact pass.
//! * [`perft`]: move-generation counts.

pub mod benedict;
pub mod book;
pub mod clock;
pub mod endgame;
pub mod eval;
pub mod eval_weights;
pub mod evaluator;
pub mod last_moves;
pub mod mid_probcut;
pub mod midgame;
pub mod pattern_sum;
pub mod pattern_weights;
pub mod patterns;
pub mod perft;
pub mod probcut;
pub mod root;
pub mod search;
pub mod stability;
mod stream;
pub mod table;

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, RngExt};

use self::eval::SCALE;
pub use self::evaluator::{Evaluation, Evaluator};
use self::pattern_weights::PatternWeights;
use self::root::{Kind, PASS, RootMove, principal_variation, root_moves};
use self::search::{Search, with_helpers};
use self::stream::Stream;
use self::table::Table;
use crate::game::othello::{CORNERS, Othello, OthelloMove, final_margin, moves};
use crate::solve::analysis::{Analysis, Verdict};

/// How far and how long to search, and with how much memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Midgame search depth in plies; with `Some(d)` below the number of empty squares
    /// the answer is never exact.
    pub max_depth: Option<u32>,
    /// Wall-clock budget.
    pub max_millis: Option<u64>,
    /// Transposition table size.
    pub table_mib: u32,
    /// At or below this many empty squares, solve exactly.
    pub exact_empties: u32,
}

impl Limits {
    /// No limits except the table: solve exactly, however long it takes.
    pub fn exact(table_mib: u32) -> Limits {
        Limits {
            max_depth: None,
            max_millis: None,
            table_mib,
            exact_empties: 64,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: None,
            max_millis: Some(5000),
            table_mib: 64,
            exact_empties: 20,
        }
    }
}

/// An exact solve: the margin for the side to move and a move that reaches it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub score: i32,
    pub best: OthelloMove,
    pub pv: Vec<OthelloMove>,
    pub nodes: u64,
}

/// A move picked by a search, with what the search thinks of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub mv: OthelloMove,
    /// Disc margin for the mover (exact or estimated).
    pub score: i32,
    pub exact: bool,
    pub depth: u32,
    pub nodes: u64,
}

/// Rounds an evaluation to a disc margin.
pub fn to_discs(v: i32) -> i32 {
    let half = SCALE / 2;
    let d = if v >= 0 {
        (v + half) / SCALE
    } else {
        (v - half) / SCALE
    };
    d.clamp(-64, 64)
}

/// Win, loss or draw for an exact margin; `Score` for an estimate.
pub fn verdict_of(score: i32, exact: bool) -> Verdict {
    if !exact {
        return Verdict::Score(score);
    }
    match score.cmp(&0) {
        std::cmp::Ordering::Greater => Verdict::Win { plies: None },
        std::cmp::Ordering::Less => Verdict::Loss { plies: None },
        std::cmp::Ordering::Equal => Verdict::Draw,
    }
}

/// Midgame plies searched before an exact solve, to order the root.
fn presearch_depth(empties: u32) -> u32 {
    ((empties as i32 - 6) / 2).clamp(0, 6) as u32
}

fn move_of(sq: u32) -> OthelloMove {
    OthelloMove::at(sq).unwrap_or(OthelloMove::Pass)
}

/// Orders root moves fastest-first (fewest replies), for solves without a presearch.
fn order_fastest(p: u64, o: u64, list: &mut [RootMove]) {
    list.sort_by_key(|m| {
        let (np, no) = m.child(p, o);
        let r = moves(np, no);
        r.count_ones() + (r & CORNERS).count_ones()
    });
}

/// The exact value of `(p, o)` whose root moves are `list` (not empty), as
/// [`Engine::solve`] finds it: midgame plies to [`presearch_depth`] order the moves and
/// centre the first window, then [`Search::exact_root`]. The list ends best first;
/// `None` if stopped.
fn solve_root(s: &mut Search<'_>, p: u64, o: u64, list: &mut [RootMove]) -> Option<i32> {
    let n = (!(p | o)).count_ones();
    let mut estimate = None;
    let pre = presearch_depth(n);
    let full = Kind::Mid(0).full();
    for d in 1..=pre {
        estimate = Some(s.root(p, o, Kind::Mid(d), list, full.0, full.1, false)?);
    }
    if pre == 0 {
        order_fastest(p, o, list);
    }
    s.exact_root(p, o, list, estimate.map_or(0, to_discs))
}

/// A search engine with its own transposition table, reused across calls.
pub struct Engine {
    table: Table,
    threads: usize,
    presearch: bool,
    /// Whether [`Engine::search`]'s midgame iterations use [`mid_probcut`].
    mid_probcut: bool,
    /// Whether [`Engine::analyse`] values every move exactly, or stops once the other
    /// moves are proved worse than the best (or as good).
    exact_others: bool,
    /// Without `exact_others`: a move valued exactly all the same (a review's played
    /// move).
    asked: Option<OthelloMove>,
    evaluation: Evaluation,
    /// Pattern weights other than the shipped ones (training uses the weights fitted
    /// so far to label the next phase).
    weights: Option<Arc<PatternWeights>>,
    /// Ordering weights other than those `weights` implies (the same set, or the
    /// shipped ordering set): a test gives an engine noise to evaluate with and good
    /// weights to order by, to show an exact solve never reads the former.
    order_weights: Option<Arc<PatternWeights>>,
}

impl Engine {
    /// An engine with a table of about `table_mib` MiB.
    pub fn new(table_mib: u32) -> Engine {
        stability::warm_up();
        Engine {
            table: Table::new(table_mib),
            threads: search::default_threads(),
            presearch: true,
            mid_probcut: true,
            exact_others: true,
            asked: None,
            evaluation: Evaluation::default(),
            weights: None,
            order_weights: None,
        }
    }

    /// Chooses the evaluation (the default: [`Evaluation::default`]).
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.evaluation = evaluation;
    }

    pub fn evaluation(&self) -> Evaluation {
        self.evaluation
    }

    /// Uses these pattern weights instead of the shipped ones when the evaluation is
    /// [`Evaluation::Patterns`] (`None`: the shipped ones again).
    pub fn set_pattern_weights(&mut self, weights: Option<Arc<PatternWeights>>) {
        self.weights = weights;
    }

    /// Orders an exact solve's moves by these weights rather than by those
    /// [`set_pattern_weights`](Engine::set_pattern_weights) set (`None`: by those).
    pub fn set_order_weights(&mut self, weights: Option<Arc<PatternWeights>>) {
        self.order_weights = weights;
    }

    /// The evaluation function searches call.
    pub fn evaluator(&self) -> Evaluator<'_> {
        let chosen = match (self.evaluation, &self.weights) {
            (Evaluation::Patterns, Some(w)) => Evaluator::patterns(w),
            (choice, _) => Evaluator::of(choice),
        };
        match (chosen, &self.order_weights) {
            (Evaluator::Patterns { eval, .. }, Some(order)) => Evaluator::Patterns { eval, order },
            (chosen, _) => chosen,
        }
    }

    /// The evaluator of a search: an exact solve (its presearch, its ProbCut and its
    /// move ordering) runs wholly on the ordering weights, so a retrained evaluation
    /// changes the midgame's play, not the endgame solver's trees (see
    /// [`evaluator`]).
    fn evaluator_for(&self, solves: bool) -> Evaluator<'_> {
        if solves {
            self.evaluator().ordering()
        } else {
            self.evaluator()
        }
    }

    /// Sets the number of threads of exact solves (1: no helper threads).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Turns the selective presearch of exact solves off or on (on by default; off only
    /// to compare, e.g. in tests that check it never changes a score).
    pub fn set_presearch(&mut self, on: bool) {
        self.presearch = on;
    }

    /// Turns midgame ProbCut in the AI's play searches ([`Engine::search`]) on or off
    /// (see [`mid_probcut`]; off to compare, and to fit its margins).
    pub fn set_mid_probcut(&mut self, on: bool) {
        self.mid_probcut = on;
    }

    /// Whether [`Engine::analyse`] ends with every move valued exactly (the default),
    /// or once every other move is proved worse than the best, or as good: the best
    /// move's solve, one null-window search a move more.
    pub fn set_exact_others(&mut self, on: bool) {
        self.exact_others = on;
    }

    /// The move [`Engine::analyse`] values exactly when the other moves are left with
    /// their bounds ([`Engine::set_exact_others`] off): what a review asks of a move.
    pub fn set_asked(&mut self, asked: Option<OthelloMove>) {
        self.asked = asked;
    }

    /// Forgets everything in the table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Streams an improving analysis of `board` (see [`analyse`]).
    pub fn analyse(
        &mut self,
        board: &Othello,
        limits: &Limits,
        is_cancelled: &dyn Fn() -> bool,
        report: &mut dyn FnMut(Analysis<OthelloMove>),
    ) {
        let start = Instant::now();
        let deadline = limits
            .max_millis
            .map(|ms| start + Duration::from_millis(ms));
        let (p, o) = (board.player(), board.opponent());
        let n = board.empty_count();
        self.table.new_search();
        let mut list = root_moves(p, o);
        if list.is_empty() {
            let m = final_margin(p, o);
            report(Analysis {
                best: None,
                verdict: verdict_of(m, true),
                score: Some(m),
                pv: Vec::new(),
                moves: Vec::new(),
                depth: 0,
                nodes: 0,
                exact: true,
            });
            return;
        }
        let mut stream = Stream::new(p, o, &list, report);
        let table = &self.table;
        let presearch = self.presearch;
        let exact_others = self.exact_others;
        let asked = self.asked.and_then(|m| m.square()).map(|s| s.index());
        let solves = limits.max_depth.is_none_or(|d| d >= n) && n <= limits.exact_empties;
        let eval = self.evaluator_for(solves);
        with_helpers(table, eval, deadline, self.threads, |shared| {
            let mut s = Search::new(table, is_cancelled, deadline);
            s.eval = eval;
            s.shared = shared;
            s.presearch = presearch;
            let depth_allows_exact = limits.max_depth.is_none_or(|d| d >= n);
            let mid_last = if depth_allows_exact && n <= limits.exact_empties {
                presearch_depth(n)
            } else {
                limits.max_depth.unwrap_or(n).min(n.saturating_sub(1))
            };
            let ControlFlow::Continue(estimate) = stream.deepen(&mut s, &mut list, mid_last) else {
                return;
            };
            if !depth_allows_exact {
                return;
            }
            s.poll();
            if s.stop {
                return;
            }
            if mid_last == 0 {
                order_fastest(p, o, &mut list);
            }
            let guess = estimate.map_or(0, to_discs);
            let Some(v) = s.exact_root(p, o, &mut list, guess) else {
                return;
            };
            let (best, pv) = stream.exact_best(&s, &list, v, n);
            if !stream.bound_others(&mut s, &list, (best, v), &pv, n) {
                return;
            }
            if exact_others {
                stream.exact_others(&mut s, &list, (best, v), &pv, n);
            } else if let Some(sq) = asked {
                let only: Vec<RootMove> = list.iter().filter(|m| m.sq == sq).copied().collect();
                // exact_others skips the first of its list: the best.
                let with_best: Vec<RootMove> = list[..1].iter().chain(&only).copied().collect();
                stream.exact_others(&mut s, &with_best, (best, v), &pv, n);
            }
        })
    }

    /// The exact margin and a best move, searching only as much as proving the best
    /// needs. `None` if cancelled or the game is over.
    pub fn solve(&mut self, board: &Othello, is_cancelled: &dyn Fn() -> bool) -> Option<Solution> {
        self.solve_with(board, is_cancelled, true)
    }

    /// [`Engine::solve`], optionally without the transposition table (for tests).
    pub fn solve_with(
        &mut self,
        board: &Othello,
        is_cancelled: &dyn Fn() -> bool,
        use_table: bool,
    ) -> Option<Solution> {
        let (p, o) = (board.player(), board.opponent());
        let n = board.empty_count();
        self.table.new_search();
        let mut list = root_moves(p, o);
        if list.is_empty() {
            return None;
        }
        let table = &self.table;
        // Helper threads always probe the table, so a search without it runs alone.
        let threads = if use_table { self.threads } else { 1 };
        let eval = self.evaluator_for(true);
        with_helpers(table, eval, None, threads, |shared| {
            let mut s = Search::new(table, is_cancelled, None);
            s.eval = eval;
            s.shared = shared;
            s.use_table = use_table;
            s.presearch = self.presearch;
            let score = solve_root(&mut s, p, o, &mut list)?;
            let best = list[0].mv();
            let pv = if use_table {
                principal_variation(s.tt, p, o, best, n as usize + 2)
            } else {
                vec![best]
            };
            Some(Solution {
                score,
                best,
                pv,
                nodes: s.total_nodes(),
            })
        })
    }

    /// The best move within `limits` (one move, no per-move values): iterative
    /// deepening with time management, or the exact solve at or below
    /// `limits.exact_empties`. `None` when the game is over.
    pub fn search(
        &mut self,
        board: &Othello,
        limits: &Limits,
        is_cancelled: &dyn Fn() -> bool,
    ) -> Option<Choice> {
        let start = Instant::now();
        let budget = limits.max_millis.map(Duration::from_millis);
        let deadline = budget.map(|b| start + b);
        // No deeper iteration starts once this much of the budget is gone. One that
        // starts before need not finish: its first move re-searched at the new depth,
        // a move it then proves better is played ([`Search::interrupted`]).
        // Where the last iteration changed its mind, a deeper one may start later
        // ([`soft_share`]).
        let soft = |share: f64| budget.map(|b| start + b.mul_f64(share));
        let (p, o) = (board.player(), board.opponent());
        let n = board.empty_count();
        self.table.new_search();
        let mut list = root_moves(p, o);
        let first = *list.first()?;
        let mut choice = Choice {
            mv: first.mv(),
            score: 0,
            exact: false,
            depth: 0,
            nodes: 0,
        };
        if list.len() == 1 && first.sq == PASS {
            return Some(choice);
        }
        let table = &self.table;
        let presearch = self.presearch;
        let mid_probcut = self.mid_probcut;
        let solves = limits.max_depth.is_none_or(|d| d >= n) && n <= limits.exact_empties;
        let eval = self.evaluator_for(solves);
        with_helpers(table, eval, deadline, self.threads, |shared| {
            let mut s = Search::new(table, is_cancelled, deadline);
            s.eval = eval;
            s.shared = shared;
            s.presearch = presearch;
            s.mid_mpc = mid_probcut;
            let depth_allows_exact = limits.max_depth.is_none_or(|d| d >= n);
            let exact = depth_allows_exact && n <= limits.exact_empties;
            let last = if exact {
                presearch_depth(n)
            } else {
                // Without any limit, stop at a sensible depth rather than never.
                let cap = if limits.max_millis.is_none() { 12 } else { 60 };
                // On the clock the last iteration may be the whole game (the midgame
                // search solves exactly where its depth covers every empty square): it
                // starts only early enough in the move's time, and stopped, it keeps
                // the move of the iteration before unless it proved another better.
                let whole = if budget.is_some() {
                    n
                } else {
                    n.saturating_sub(1)
                };
                limits.max_depth.unwrap_or(cap).min(whole).max(1)
            };
            let full = Kind::Mid(0).full();
            let mut estimate = None;
            // The choice of the iteration before the last (see `soft_share`).
            let mut before_last = choice;
            for d in 1..=last {
                s.interrupted = None;
                let Some(v) = s.root(p, o, Kind::Mid(d), &mut list, full.0, full.1, false) else {
                    if let Some((sq, v)) = s.interrupted.filter(|_| d > 1) {
                        choice = Choice {
                            mv: move_of(sq),
                            score: to_discs(v),
                            exact: false,
                            depth: d,
                            nodes: s.total_nodes(),
                        };
                    }
                    break;
                };
                estimate = Some(v);
                let two_back = before_last;
                before_last = choice;
                let before = choice;
                choice = Choice {
                    mv: list[0].mv(),
                    score: to_discs(v),
                    exact: false,
                    depth: d,
                    nodes: s.total_nodes(),
                };
                if soft(soft_share(d, &two_back, &before, &choice))
                    .is_some_and(|t| Instant::now() >= t)
                    && !exact
                {
                    break;
                }
            }
            s.mid_mpc = false;
            if exact && !s.stop {
                if estimate.is_none() {
                    order_fastest(p, o, &mut list);
                }
                if let Some(v) = s.exact_root(p, o, &mut list, estimate.map_or(0, to_discs)) {
                    choice = Choice {
                        mv: list[0].mv(),
                        score: v,
                        exact: true,
                        depth: n,
                        nodes: s.total_nodes(),
                    };
                }
            }
            choice.nodes = s.total_nodes();
            Some(choice)
        })
    }

    /// The move the AI plays at `level`; see [`Level`]. Any generator: the app's, or
    /// `simulate`'s ChaCha8 whose stream a printed seed replays.
    pub fn choose_move<R: Rng + ?Sized>(
        &mut self,
        board: &Othello,
        level: Level,
        rng: &mut R,
        limits: &Limits,
        is_cancelled: &dyn Fn() -> bool,
    ) -> Option<OthelloMove> {
        let legal = root_moves(board.player(), board.opponent());
        if legal.is_empty() {
            return None;
        }
        // The strong levels play from the opening book where it has the position.
        let spread = match level {
            Level::Strong => Some(STRONG_BOOK_SPREAD),
            Level::Exact => Some(0),
            _ => None,
        };
        if let Some(mv) = spread.and_then(|s| book::Book::shipped().choose(board, s, rng)) {
            return Some(mv);
        }
        let random = |rng: &mut R| legal[rng.random_range(0..legal.len())].mv();
        match level {
            Level::Beginner => {
                if rng.random_bool(BEGINNER_RANDOM) {
                    return Some(random(rng));
                }
                // One ply on the evaluation, blurred by a few discs of noise.
                let (p, o) = (board.player(), board.opponent());
                let eval = self.evaluator();
                legal
                    .iter()
                    .map(|m| {
                        let (np, no) = m.child(p, o);
                        let noise = BEGINNER_NOISE_DISCS * SCALE;
                        let noise = rng.random_range(-noise..=noise);
                        (-eval.eval(np, no) + noise, m.mv())
                    })
                    .max_by_key(|&(v, _)| v)
                    .map(|(_, m)| m)
            }
            Level::Casual => {
                if rng.random_bool(CASUAL_RANDOM) {
                    return Some(random(rng));
                }
                let casual = Limits {
                    max_depth: Some(CASUAL_DEPTH),
                    max_millis: limits.max_millis,
                    table_mib: limits.table_mib,
                    exact_empties: 6,
                };
                self.search(board, &casual, is_cancelled).map(|c| c.mv)
            }
            Level::Benedict => benedict::choose(board, rng),
            Level::Strong => {
                // Deepens until the clock (the time per move) or `limits.max_depth` stops it.
                let strong = Limits {
                    max_depth: limits.max_depth,
                    max_millis: limits.max_millis,
                    table_mib: limits.table_mib,
                    exact_empties: limits.exact_empties.min(STRONG_EXACT),
                };
                self.search(board, &strong, is_cancelled).map(|c| c.mv)
            }
            Level::Exact => self.search(board, limits, is_cancelled).map(|c| c.mv),
        }
    }
}

/// The share of a move's time after which no deeper iteration starts
/// ([`Engine::search`]); the rest goes to the iteration under way.
pub const SOFT_SHARE: f64 = 0.6;
/// The share of a move's time after which no iteration deeper than `depth` starts,
/// `before` and `after` the best move of the iterations at `depth - 1` and `depth`,
/// `same_parity` that of `depth - 2`: [`SOFT_SHARE_UNSETTLED`] where the search changed
/// its mind (another move than at `depth - 1`, or a score fallen by [`UNSETTLED_DROP`]
/// discs or more from `depth - 2`), [`SOFT_SHARE`] where it did not.
///
/// The score is compared two plies back because the evaluation favours the side to
/// move at the horizon: from one iteration to the next the score swings by a disc or
/// two with the depth's parity (measured, NBoard `set depth 12..19` from one position:
/// +2 -1 +1 -2 +1 -2 +1 -2), so against the iteration just before, every other
/// iteration looked like a fall and took the longer share.
pub fn soft_share(depth: u32, same_parity: &Choice, before: &Choice, after: &Choice) -> f64 {
    let unsettled = depth > UNSETTLED_FROM
        && (after.mv != before.mv || after.score <= same_parity.score - UNSETTLED_DROP);
    if unsettled {
        SOFT_SHARE_UNSETTLED
    } else {
        SOFT_SHARE
    }
}

/// The same share where the last iteration changed the best move or lowered its score
/// by [`UNSETTLED_DROP`] discs or more: the time goes where the position needs it.
pub const SOFT_SHARE_UNSETTLED: f64 = 0.85;
/// A fall of the best score this large (discs) from one iteration to the next.
pub const UNSETTLED_DROP: i32 = 2;
/// Iterations this shallow or shallower do not count as changing their mind (the first
/// few plies swing by nature and cost nothing).
pub const UNSETTLED_FROM: u32 = 4;

/// The strong level's choice in the opening book: any move within this many discs of
/// the book's best (the exact level plays the best).
pub const STRONG_BOOK_SPREAD: i32 = 1;

/// The share of the beginner's moves played at random.
pub const BEGINNER_RANDOM: f64 = 0.5;
/// The beginner's other moves are one ply on the evaluation, give or take this many
/// discs of noise.
pub const BEGINNER_NOISE_DISCS: i32 = 3;
/// The share of the casual level's moves played at random.
pub const CASUAL_RANDOM: f64 = 0.2;
/// The casual level's search depth in plies.
pub const CASUAL_DEPTH: u32 = 2;
/// The depth that stands in for the strong level's clock where results must repeat
/// (simulations): about 10 ms a move here (100 games against Benedict took 36.5 s).
pub const STRONG_DEPTH: u32 = 8;
/// The strong level's exact-solve threshold.
pub const STRONG_EXACT: u32 = 18;

/// Streams an improving analysis of `board` through `report`: one report per
/// completed midgame iteration (every root move scored), then, when the position is
/// within reach (`limits.exact_empties`, and `limits.max_depth` not below the number of
/// empty squares), an exact report for the best move, then one more as each other
/// move is solved exactly. Stops within milliseconds of `is_cancelled` turning true or
/// of `limits.max_millis`, and when everything is exact. A finished game gets one
/// exact report with no moves.
pub fn analyse(
    board: &Othello,
    limits: &Limits,
    is_cancelled: &dyn Fn() -> bool,
    report: &mut dyn FnMut(Analysis<OthelloMove>),
) {
    Engine::new(limits.table_mib).analyse(board, limits, is_cancelled, report);
}

/// The exact margin and a best move for `board` (unbounded time), or `None` when the
/// game is over.
pub fn solve(board: &Othello, table_mib: u32) -> Option<Solution> {
    Engine::new(table_mib).solve(board, &|| false)
}

/// The AI levels, weakest first (what each does, in words for the player:
/// `games::othello::levels`). In the config: `level = "strong"` (or `"perfect"`,
/// another name for exact).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Half its moves at random, the rest one ply deep with noise.
    Beginner,
    /// Two plies, one move in five at random.
    Casual,
    /// The original program's AI: three plies on its two tables.
    Benedict,
    /// Deepens until the time per move (or `max_depth`) runs out; exact from 18 empty
    /// squares (fewer if the limits say so).
    Strong,
    /// The limits as given: time per move, exact at `exact_empties`.
    #[serde(alias = "perfect")]
    Exact,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Casual,
        Level::Benedict,
        Level::Strong,
        Level::Exact,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Benedict => "benedict",
            Level::Strong => "strong",
            Level::Exact => "exact",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        if t == "perfect" {
            return Ok(Level::Exact);
        }
        Level::ALL.into_iter().find(|l| l.name() == t).ok_or_else(|| {
            format!(
                "'{s}' is not an Othello level: expected beginner, casual, benedict, strong or exact (perfect)"
            )
        })
    }
}

/// The move the AI plays at `level` on `board` (`None` when the game is over). Ties and
/// deliberate slips are decided by `rng`. Allocates a fresh table for the searching
/// levels; keep an [`Engine`] to reuse one.
pub fn choose_move<R: Rng + ?Sized>(
    board: &Othello,
    level: Level,
    rng: &mut R,
    limits: &Limits,
) -> Option<OthelloMove> {
    let mib = match level {
        Level::Beginner | Level::Benedict => 1,
        Level::Casual => 4,
        Level::Strong | Level::Exact => limits.table_mib,
    };
    Engine::new(mib).choose_move(board, level, rng, limits, &|| false)
}
