//! The root driver: iterative deepening over the root moves, distances tightened to
//! exact, the analysis built.

use std::cell::Cell;
use std::time::{Duration, Instant};

use super::engine::{Pin, Pins};
use super::graph::{EdgeSet, Graph};
use super::playout::score_unknown;
use super::search::{PrefixMemo, Searcher};
use super::table::Table;
use super::{Goal, Limits, MAX_BUDGET, Res, canonical, moves_left_bound};
use crate::game::pnut::{Pnut, PnutMove};
use crate::solve::analysis::{Analysis, MoveValue, Verdict};
use crate::solve::policy;

fn verdict_of(r: Res, exact_distance: bool) -> Verdict {
    let plies = r.distance().filter(|_| exact_distance);
    match r {
        Res::Win(_) => Verdict::Win { plies },
        Res::Loss(_) => Verdict::Loss { plies },
        Res::Unknown => Verdict::Unknown,
    }
}

pub(super) struct RootMove {
    pub(super) symbol: u8,
    /// Moves equivalent under symbol relabelling share one search: the first of them.
    pub(super) same_as: Option<usize>,
    /// For the player making the move (the opponent's result, flipped).
    pub(super) result: Res,
    pub(super) exact_distance: bool,
    pub(super) score: Option<i32>,
}

/// What one run of the root driver found.
pub(super) struct Run {
    pub(super) analysis: Analysis<PnutMove>,
    pub(super) roots: Vec<RootMove>,
    pub(super) nodes: u64,
    /// When the verdict was first proven, and the nodes searched by then.
    pub(super) proof: Option<(Duration, u64)>,
}

/// Analyses `game` on the engine's table and memo, starting from what `pins` already
/// knows about its children: a pinned root move is decided before any search, and a
/// pinned distance is the first budget searched (a tight proof budget costs far less
/// than the whole game's).
#[allow(clippy::too_many_arguments)]
pub(super) fn run<S: EdgeSet>(
    game: &Pnut,
    g: Graph,
    table: &mut Table,
    memo: &mut PrefixMemo,
    pins: &Pins,
    limits: &Limits,
    goal: Goal,
    stop: &dyn Fn() -> bool,
    report: &mut dyn FnMut(&Analysis<PnutMove>),
) -> Run {
    let started = Instant::now();
    let clock = Clock::new(started, limits, stop);
    let timed_stop = || stop() || Instant::now() >= clock.slice.get();
    let mut searcher: Searcher<S> = Searcher::new(g, table, memo, &timed_stop);
    searcher.set_node_limit(clock.max_nodes);
    searcher.load(game);
    let legal = game.legal_indices();
    let rules = game.rules().clone();
    let mv = |s: u8| PnutMove(rules.symbol(s));
    if legal.is_empty() {
        return lost_at_once(started, report);
    }
    let text = &game.indices()[..game.len()];
    let mut roots = root_moves(game, &legal, pins, goal);
    // A move to play: a single legal move, or a win already proven, is answered at once.
    if goal == Goal::Play && (roots.len() == 1 || settled(goal, &roots)) {
        glance(&mut searcher, game, &mut roots);
        let decided = settled(Goal::Winner, &roots);
        // (No scores: the move is chosen already, and a forced or won position is
        // answered at once.)
        let analysis = build(&roots, &mv, 0, searcher.nodes, decided);
        report(&analysis);
        return Run {
            analysis,
            nodes: searcher.nodes,
            proof: decided.then(|| (started.elapsed(), searcher.nodes)),
            roots,
        };
    }
    let full = moves_left_bound(game).min(u64::from(MAX_BUDGET)) as u32;
    let cap = limits.max_depth.map_or(full, |d| d.clamp(1, full.max(1)));
    // What is known of this position: its pinned distance, else the fastest pinned win.
    let known = pins
        .get(text)
        .and_then(|p| p.res.distance())
        .or_else(|| roots.iter().filter_map(|m| win_distance(m.result)).min());
    let plan = budget_plan(known, cap);
    let (depth_done, last) = deepen(
        &mut searcher,
        &clock,
        game,
        &mut roots,
        &plan,
        cap,
        goal,
        &mv,
        report,
    );
    let proven = roots.iter().all(|m| m.result.decided())
        || roots.iter().any(|m| matches!(m.result, Res::Win(_)));
    let proof = proven.then(|| (started.elapsed(), searcher.nodes));
    make_exact(&mut searcher, game, &mut roots, goal);
    follow_leaders(&mut roots);
    let decided = roots.iter().all(|m| m.result.decided())
        || roots.iter().any(|m| matches!(m.result, Res::Win(_)));
    score_unknown(&mut roots, game, &g);
    let analysis = if decided {
        build(&roots, &mv, depth_done, searcher.nodes, true)
    } else {
        last.unwrap_or_else(|| build(&roots, &mv, depth_done, searcher.nodes, false))
    };
    let analysis = Analysis {
        nodes: searcher.nodes,
        ..analysis
    };
    report(&analysis);
    Run {
        analysis,
        nodes: searcher.nodes,
        roots,
        proof,
    }
}

/// The limits of one run: `slice` is when the searcher stops, the deadline but for the
/// step straight to the whole game, which gets half of what is left (of the time and
/// of the nodes).
struct Clock<'s> {
    deadline: Instant,
    slice: Cell<Instant>,
    max_nodes: u64,
    /// The caller's stop (the searcher's adds the slice).
    stop: &'s dyn Fn() -> bool,
}

impl<'s> Clock<'s> {
    fn new(started: Instant, limits: &Limits, stop: &'s dyn Fn() -> bool) -> Self {
        let deadline = started + Duration::from_millis(limits.max_millis.max(1));
        Clock {
            deadline,
            slice: Cell::new(deadline),
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            stop,
        }
    }

    /// Gives the next search half of the time and nodes left.
    fn halve<S: EdgeSet>(&self, searcher: &mut Searcher<S>) {
        let now = Instant::now();
        self.slice
            .set(now + self.deadline.saturating_duration_since(now) / 2);
        let left = self.max_nodes.saturating_sub(searcher.nodes);
        searcher.set_node_limit(searcher.nodes.saturating_add(left / 2));
    }

    /// Gives the searches all that is left again.
    fn restore<S: EdgeSet>(&self, searcher: &mut Searcher<S>) {
        self.slice.set(self.deadline);
        searcher.set_node_limit(self.max_nodes);
    }

    /// Whether some time and nodes are left (and the caller has not stopped).
    fn some_left<S: EdgeSet>(&self, searcher: &Searcher<S>) -> bool {
        !(self.stop)() && Instant::now() < self.deadline && searcher.nodes < self.max_nodes
    }
}

/// The analysis of a position with no legal move: the mover has lost.
fn lost_at_once(started: Instant, report: &mut dyn FnMut(&Analysis<PnutMove>)) -> Run {
    let analysis = Analysis {
        best: None,
        verdict: Verdict::Loss { plies: Some(0) },
        score: None,
        pv: Vec::new(),
        moves: Vec::new(),
        depth: 0,
        nodes: 1,
        exact: true,
    };
    report(&analysis);
    Run {
        analysis,
        roots: Vec::new(),
        nodes: 1,
        proof: Some((started.elapsed(), 1)),
    }
}

/// The root moves (the `legal` symbol indices of `game`), with what `pins` already
/// decides of them.
fn root_moves(game: &Pnut, legal: &[u8], pins: &Pins, goal: Goal) -> Vec<RootMove> {
    // Group moves that are the same up to relabelling while the string is short.
    let text = &game.indices()[..game.len()];
    let short = game.len() < 3 * game.rules().length();
    let mut roots: Vec<RootMove> = Vec::new();
    let mut keys: Vec<Vec<u8>> = Vec::new();
    for &s in legal {
        let mut t = text.to_vec();
        t.push(s);
        let mut same_as = None;
        if short {
            let key = canonical(&t);
            same_as = keys.iter().position(|k| *k == key);
            keys.push(key);
        } else {
            keys.push(Vec::new());
        }
        let pinned = pins.get(&t);
        roots.push(RootMove {
            symbol: s,
            same_as,
            result: pinned.map_or(Res::Unknown, |p| p.res.flip()),
            exact_distance: pinned.is_some_and(|p| p.exact),
            score: None,
        });
    }
    // A pinned equivalent move decides the one searched for the group.
    for i in 0..roots.len() {
        if let Some(j) = roots[i].same_as
            && roots[i].result.decided()
            && !roots[j].result.decided()
        {
            roots[j].result = roots[i].result;
            roots[j].exact_distance = roots[i].exact_distance;
        }
    }
    // A position pinned as lost: every move loses within its distance.
    if goal == Goal::Winner
        && let Some(Pin {
            res: Res::Loss(d), ..
        }) = pins.get(text)
    {
        for m in roots.iter_mut().filter(|m| !m.result.decided()) {
            m.result = Res::Loss(d);
        }
    }
    roots
}

/// The budgets to search, up to `cap` plies. A shallow look first (quick tactics to
/// show), or the `known` distance (a proof within it exists and costs far less than
/// the whole game's); then straight for the whole game with half the budget (shallow
/// iterations in between would only re-search the same trees without proving
/// anything), then deepening step by step with what is left.
fn budget_plan(known: Option<u32>, cap: u32) -> Vec<u32> {
    let first = known.unwrap_or(8).clamp(1, cap.max(1));
    let mut plan = vec![first];
    if cap > first {
        plan.push(cap);
        let mut b = 12;
        while b < cap {
            plan.push(b);
            // Small steps: each one costs ~15-20x the one three plies shallower, so the
            // depth reported under a time limit is the deepest that fits.
            b += (b / 4).max(3);
        }
        plan.push(cap);
    }
    plan
}

/// Searches the root moves at each budget of `plan` (the second, straight to `cap`,
/// on half of what is left), reporting an analysis after each one completed, until
/// the goal is proven, every move is decided, `cap` is searched, or the search stops.
/// Returns the deepest budget completed and the last analysis reported.
#[allow(clippy::too_many_arguments)]
fn deepen<S: EdgeSet>(
    searcher: &mut Searcher<S>,
    clock: &Clock,
    game: &Pnut,
    roots: &mut [RootMove],
    plan: &[u32],
    cap: u32,
    goal: Goal,
    mv: &dyn Fn(u8) -> PnutMove,
    report: &mut dyn FnMut(&Analysis<PnutMove>),
) -> (u32, Option<Analysis<PnutMove>>) {
    let mut depth_done = 0;
    let mut last = None;
    for (step, &budget) in plan.iter().enumerate() {
        if budget <= depth_done && step > 0 {
            continue;
        }
        let sliced = step == 1;
        if sliced {
            clock.halve(searcher);
        }
        let completed = iterate(searcher, game, roots, budget, goal);
        if sliced {
            clock.restore(searcher);
            if !completed && clock.some_left(searcher) {
                searcher.resume();
                continue;
            }
        }
        if !completed {
            break;
        }
        depth_done = budget;
        if goal != Goal::Exact && settled(goal, roots) {
            // Proven: nothing more to search for this goal.
            break;
        }
        let all_decided = roots.iter().all(|m| m.result.decided());
        if !all_decided {
            score_unknown(roots, game, &searcher.g);
        }
        if !all_decided || budget < cap {
            let a = build(roots, mv, depth_done, searcher.nodes, false);
            report(&a);
            last = Some(a);
        }
        if all_decided || budget >= cap {
            break;
        }
    }
    (depth_done, last)
}

/// Tightens the distances of decided moves until they are exact: wins first (the
/// fastest one is what the player wants), then losses (the longest resistance). A
/// move to play once a win is proven, and the winner alone, need none of it; a move
/// to play also glances at the moves left undecided.
fn make_exact<S: EdgeSet>(
    searcher: &mut Searcher<S>,
    game: &Pnut,
    roots: &mut [RootMove],
    goal: Goal,
) {
    let won = roots.iter().any(|m| matches!(m.result, Res::Win(_)));
    if goal == Goal::Play && won {
        glance(searcher, game, roots);
    }
    let tightening = match goal {
        Goal::Exact => true,
        Goal::Play => !won,
        Goal::Winner => false,
    };
    if !tightening || searcher.stopped() {
        return;
    }
    let mut order: Vec<usize> = (0..roots.len())
        .filter(|&i| roots[i].same_as.is_none() && roots[i].result.decided())
        .collect();
    order.sort_by_key(|&i| !matches!(roots[i].result, Res::Win(_)));
    for i in order {
        tighten(searcher, game, &mut roots[i]);
        if searcher.stopped() {
            break;
        }
    }
}

/// Gives each move equivalent to a decided one (the leader of its group) its result.
fn follow_leaders(roots: &mut [RootMove]) {
    for i in 0..roots.len() {
        if let Some(j) = roots[i].same_as
            && roots[j].result.decided()
        {
            roots[i].result = roots[j].result;
            roots[i].exact_distance = roots[j].exact_distance;
        }
    }
}

fn win_distance(r: Res) -> Option<u32> {
    match r {
        Res::Win(d) => Some(d),
        _ => None,
    }
}

/// Narrows a decided root move's distance to the exact one, two plies at a time (the
/// parity of a distance is fixed). Each step proves a shorter result or shows there is
/// none; stepping down from the top keeps all but the last search cheap, where
/// bisecting would fail (and so search a whole tree) at every other step.
fn tighten<S: EdgeSet>(searcher: &mut Searcher<S>, game: &Pnut, root: &mut RootMove) {
    let Some(mut bound) = root.result.distance() else {
        return;
    };
    if root.exact_distance {
        return;
    }
    loop {
        if bound < 3 {
            root.exact_distance = true;
            return;
        }
        // The child's distance is bound - 1; try two fewer.
        let r = searcher.child(game, root.symbol, bound - 3);
        if searcher.stopped() {
            return;
        }
        match r.flip() {
            Res::Unknown => {
                root.exact_distance = true;
                return;
            }
            better => {
                root.result = better;
                bound = better.distance().unwrap_or(bound);
            }
        }
    }
}

/// Whether the root is proven as far as `goal` needs: a winning move for a move to
/// play, a winning move or every move lost for the winner; every move decided for an
/// exact analysis.
fn settled(goal: Goal, roots: &[RootMove]) -> bool {
    let won = roots.iter().any(|m| matches!(m.result, Res::Win(_)));
    let all = roots.iter().all(|m| m.result.decided());
    match goal {
        Goal::Exact => all,
        Goal::Play => won,
        Goal::Winner => won || all,
    }
}

/// A two-ply look at each undecided root move (a few nodes each): a move that wins at
/// once or that the opponent answers with a win at once is marked so, with its exact
/// distance (1 or 2 plies cannot be shortened).
fn glance<S: EdgeSet>(searcher: &mut Searcher<S>, game: &Pnut, roots: &mut [RootMove]) {
    for i in 0..roots.len() {
        if let Some(j) = roots[i].same_as {
            if roots[j].result.decided() && !roots[i].result.decided() {
                roots[i].result = roots[j].result;
                roots[i].exact_distance = roots[j].exact_distance;
            }
            continue;
        }
        if roots[i].result.decided() {
            continue;
        }
        let r = searcher.child(game, roots[i].symbol, 1).flip();
        if searcher.stopped() {
            return;
        }
        if r.decided() {
            roots[i].result = r;
            roots[i].exact_distance = r.distance().is_some_and(|d| d < 3);
        }
    }
}

/// Searches every undecided root move to `budget` plies (unless the analysis is exact,
/// only until a move is proven to win). False when stopped.
fn iterate<S: EdgeSet>(
    searcher: &mut Searcher<S>,
    game: &Pnut,
    roots: &mut [RootMove],
    budget: u32,
    goal: Goal,
) -> bool {
    for i in 0..roots.len() {
        if let Some(j) = roots[i].same_as {
            roots[i].result = roots[j].result;
            continue;
        }
        if roots[i].result.decided() {
            continue;
        }
        let r = searcher.child(game, roots[i].symbol, budget.saturating_sub(1));
        if searcher.stopped() {
            return false;
        }
        roots[i].result = r.flip();
        if goal != Goal::Exact && matches!(roots[i].result, Res::Win(_)) {
            return true;
        }
    }
    true
}

fn build(
    roots: &[RootMove],
    mv: &dyn Fn(u8) -> PnutMove,
    depth: u32,
    nodes: u64,
    exact: bool,
) -> Analysis<PnutMove> {
    let moves: Vec<MoveValue<PnutMove>> = roots
        .iter()
        .map(|m| {
            let verdict = match m.result {
                Res::Unknown => m.score.map_or(Verdict::Unknown, Verdict::Score),
                r => verdict_of(r, m.exact_distance),
            };
            MoveValue {
                mv: mv(m.symbol),
                verdict,
                score: None,
                chances: None,
                plies_at_most: if m.exact_distance {
                    None
                } else {
                    m.result.distance()
                },
                traps: None,
                proofs_left: None,
                score_at_most: None,
            }
        })
        .collect();
    let best = policy::perfect_choice(&moves);
    let verdict = if roots.iter().any(|m| matches!(m.result, Res::Win(_))) {
        // The fastest proven win, when every win's distance is exact.
        let wins: Vec<&RootMove> = roots
            .iter()
            .filter(|m| matches!(m.result, Res::Win(_)))
            .collect();
        let plies = if wins.iter().all(|m| m.exact_distance) {
            wins.iter().filter_map(|m| m.result.distance()).min()
        } else {
            None
        };
        Verdict::Win { plies }
    } else if roots.iter().all(|m| m.result.decided()) {
        let plies = if roots.iter().all(|m| m.exact_distance) {
            roots.iter().filter_map(|m| m.result.distance()).max()
        } else {
            None
        };
        Verdict::Loss { plies }
    } else {
        best.and_then(|b| moves.iter().find(|m| m.mv == b))
            .map_or(Verdict::Unknown, |m| m.verdict)
    };
    let exact = exact && matches!(verdict, Verdict::Win { .. } | Verdict::Loss { .. });
    Analysis {
        best,
        verdict,
        score: None,
        pv: best.into_iter().collect(),
        moves,
        depth,
        nodes,
        exact,
    }
}
