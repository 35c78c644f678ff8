//! A move to play (`Goal::Play`) on the graphs the win/loss search holds: a proof
//! first, the tree search's guess for what it leaves open ([`Engine::play_move`], by a
//! [`Plan`]).
//!
//! * A win the kept tree has proved is answered at once, with no search.
//! * The win/loss search tries each move in rounds of growing node caps for the
//!   plan's share of the time (a win proved at an earlier turn is in its table: a
//!   round of look-ups). A move proved winning is played at once.
//! * When every move is proved lost, the traps and the depth-bounded search's longest
//!   resistance (and, by the plan, the chances) pick the move with the rest of the time.
//! * Otherwise the tree search ([`super::mcts`]) has the rest, starting from the moves
//!   already proved, and by the plan proving more on the way with the win/loss search
//!   on the same table as its leaf prover (`leaf`). An unproved move's score is the
//!   share of the simulated games through it that its player won.
//!
//! The plans: on graphs of at most [`TREE_EDGES`] edges ([`TREE_PLAN`]) the proof has
//! [`PROOF_SHARE`] of the time and the tree search, its leaves proved, the rest; on
//! 01/l=8 ([`WIDE_PLAN`], the 256-bit win/loss search) the proof has most of it.
//!
//! On the other graphs beyond the tree search's, up to [`MAX_EDGES`] edges (3^5, 4^4,
//! 6^3, 12^2), the depth-bounded search proves what it can in part of the time and
//! the kept tree, without a leaf prover, scores what it leaves open
//! ([`Engine::play_deep`]).

use std::time::{Duration, Instant};

use super::engine::Engine;
use super::graph::{BigSet, EdgeSet, Graph};
use super::mcts::{MAX_EDGES, Mcts, MoveStat, Tree};
use super::outcome::{Outcome, Reductions};
use super::table::Table;
use super::unused::Unused;
use super::wide::U256;
use super::{Goal, Limits, Solved, Stats};
use crate::game::Game;
use crate::game::pnut::{Pnut, PnutMove};
use crate::solve::analysis::{Analysis, MoveValue, Traps, Verdict};
use crate::solve::policy;

/// The share of a move's time (numerator, denominator) the proof searches get before
/// the tree search. (3/5, the share the win/loss search had before the tree search,
/// won 35 of 40 games on 01/l=7 from random openings; 1/5 won 37.)
pub(super) const PROOF_SHARE: (u64, u64) = (1, 5);

/// The leaf prover's node cap on each position when a proved win is secured in the
/// kept tree (`Mcts::secure_win`): the proof is in the table, so a few nodes do.
const SECURE_CAP: u64 = 1 << 10;

/// The win/loss search's node cap on each reply when counting a lost move's traps.
///
/// A measured alternative (01/l=7, 200 ms a move, 40 games from the empty string
/// against the yardstick, seed 32): retrying the undecided replies with caps growing
/// fourfold for 60 ms won 36 and came back in 10 of the 14 games whose loss was
/// proved, against 34 and 13 of 19 with this cap alone. Within the noise; not kept.
const TRAP_CAP: u64 = 1 << 12;

/// Seeds the tree search's simulations (with the position's string).
const SEED: u64 = 0x70_6e_75_74_6d_63_74_73;

/// Whether [`Engine::play_deep`] plays on `g`: graphs beyond the tree search's that
/// the win/loss search does not hold.
pub(super) fn deep_plays(g: &Graph) -> bool {
    !tree_plays(g) && !wide_plays(g) && g.edges <= MAX_EDGES
}

/// The share of a move's time the depth-bounded search gets in [`Engine::play_deep`]
/// before the tree search. (Measured on 01/l=8, when it played there, at 200 ms a move
/// against the yardstick, 40 games a run: from 8-symbol openings 39-1 and 35-5 (seeds
/// 43, 42), from the empty string 37-3 (seed 41), 40-0 and 34-6 (seed 44, twice): 185
/// of 200, where the depth-bounded search alone, with 64 flat playouts a move for what
/// it leaves open, won 35-5, 35-5 and 37-3 on seeds 43, 42 and 41: 107 of 120. Within
/// the noise. A share of 1/5 won 37-3 from the empty string (seed 44) and 37-3 from
/// 8-symbol openings (seed 46), 74 of 80, where this one won 112 of 120 on the same
/// seeds: no better.)
const DEEP_PROOF_SHARE: (u64, u64) = (3, 5);

/// Whether the tree search plays on `g`.
pub(super) fn tree_plays(g: &Graph) -> bool {
    g.edges <= TREE_EDGES.min(MAX_EDGES)
}

/// The tree search plays, and scores the unproven moves, on graphs of at most this many
/// edges: those where the win/loss search proves its leaves on `u128` sets. On 01/l=8
/// (256 edges) it measured no better than [`Engine::play_deep`] (200 ms a move, 40
/// games a run against the yardstick):
/// * without a leaf prover, 17 of 20 games from random openings against 17 of 20 for
///   the path before `play_deep`;
/// * with the depth-bounded search proving its leaves, 37 of 40 from 8-symbol openings
///   against 36, and 34 of 40 from the empty string against 37 (seed 5, a loaded
///   machine);
/// * with the win/loss search on 256-bit sets (`wide`) for the proof share and the
///   leaves: 36-4, 38-2, 34-6, 35-5 (seeds 41 and 44 from the empty string, 42 and 46
///   from 8-symbol openings), 143 of 160, where `play_deep` won 184 of 200 on the same
///   seeds (37-3; 35-5; 40-0 and 34-6; 38-2);
/// * `play_deep` with that search proving the tree's leaves: 35-5 and 35-5 on seeds 44
///   and 46, 70 of 80.
///
/// So on 01/l=8 the tree search, without a leaf prover, only scores what the 256-bit
/// win/loss search leaves open in most of the time ([`WIDE_PLAN`]).
pub(super) const TREE_EDGES: u64 = 128;

/// How [`Engine::play_move`] plays on a graph.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    /// The share of a move's time (numerator, denominator) for the proof first.
    proof_share: (u64, u64),
    /// Whether the tree search's leaves are proved by the win/loss search.
    leaf_prover: bool,
    /// Whether a lost position weighs each move's chances (see `longest_resistance`).
    chances: bool,
    /// Whether the open moves with the fewest proofs left come first (see
    /// `proofs_left_first`).
    proofs_left_first: bool,
}

/// On the graphs of at most [`TREE_EDGES`] edges.
pub(super) const TREE_PLAN: Plan = Plan {
    proof_share: PROOF_SHARE,
    leaf_prover: true,
    chances: true,
    proofs_left_first: false,
};

/// On 01/l=8 (the 256-bit win/loss search): the proof has most of the time.
pub(super) const WIDE_PLAN: Plan = Plan {
    proof_share: WIDE_PROOF_SHARE,
    leaf_prover: false,
    chances: false,
    proofs_left_first: true,
};

/// The share of a move's time the 256-bit win/loss search gets on 01/l=8 before the
/// tree search (see [`WIDE_PLAN`]).
///
/// Why most of it: on 01/l=8 the tree search's share of simulated games won stays
/// within a point or two of 50% until the proofs begin (around ply 100), so the
/// time is worth more to the proof. Measured on 88 positions of random games at plies
/// 85-115 where one of two moves wins and the other loses (`examples/pnut_decisions`,
/// 200 ms a move, twice): this plan proved a move in 34 and picked the winning move in
/// 58 and 61, where `play_deep` (the depth-bounded search for 3/5 of the time) proved
/// 22 and picked 54 both times, and the yardstick 51-57. A share of 5/5 and of 3/5
/// proved about as many as 4/5 on the first 48 of them. In matches against the
/// yardstick (200 ms a move, 40 games a run): 36-4 (seed 47, empty string), 36-4
/// (seed 42, 8-symbol openings), 34-6 (seed 44, empty string), where `play_deep` won
/// 35-5 on seed 47 and 32-8 on seed 42 in the same session: within the noise.
const WIDE_PROOF_SHARE: (u64, u64) = (4, 5);

/// Whether [`WIDE_PLAN`] plays on `g`: 01/l=8.
pub(super) fn wide_plays(g: &Graph) -> bool {
    !tree_plays(g) && U256::fits(g)
}

impl Engine {
    /// `Goal::Play` in the opening where the shipped start-node table settles a
    /// winning move (issue 38 point 6): played at once, the moves the table settles
    /// valued with it, the others unknown.
    pub(super) fn play_from_table(
        &mut self,
        game: &Pnut,
        report: &mut dyn FnMut(&Analysis<PnutMove>),
    ) -> Option<Solved> {
        let known = super::starts::known_moves(super::starts::shipped(), game);
        let &(win, _) = known.iter().find(|(_, wins)| *wins)?;
        let started = Instant::now();
        let moves: Vec<MoveStat> = game
            .legal_indices()
            .iter()
            .map(|&m| MoveStat {
                symbol: m,
                wins: known.iter().find(|(p, _)| *p == m).map(|&(_, w)| w),
                visits: 0,
                rate: 0.5,
            })
            .collect();
        let mut analysis = tree_analysis(game, &moves, true, 0);
        analysis.best = Some(PnutMove(game.rules().symbol(win)));
        analysis.pv = analysis.best.into_iter().collect();
        Some(finish(analysis, started, 0, report, self.stats()))
    }

    /// `Goal::Play` with more than one legal move and no pinned win, on a graph the
    /// win/loss search holds, by `plan` (see the module docs); `S` holds the edges for
    /// the depth-bounded search's longest resistance.
    pub(super) fn play_move<S: EdgeSet>(
        &mut self,
        game: &Pnut,
        limits: &Limits,
        plan: Plan,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Analysis<PnutMove>),
    ) -> Solved {
        let started = Instant::now();
        let deadline = started + Duration::from_millis(limits.max_millis.max(1));
        let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        self.tree.reroot(&game.indices()[..game.len()]);
        if self.tree.root_won() {
            let (moves, work) = self.with_tree(game, limits.table_mib, plan, stop, |mcts| {
                mcts.secure_win(SECURE_CAP);
                (mcts.root_moves(), mcts.work())
            });
            self.nodes += work;
            let analysis = tree_analysis(game, &moves, true, work);
            return finish(analysis, started, work, report, self.stats());
        }
        let (num, den) = plan.proof_share;
        let share_ms = limits.max_millis * num / den;
        let share_nodes = max_nodes.saturating_mul(num) / den;
        let g = self.g;
        // The moves proved so far (for the player making them), and the nodes spent.
        // And, by the plan, what the proof left to do for each move left open.
        let (proved, mut nodes, left_open) = {
            let table = self
                .outcome_table
                .get_or_insert_with(|| Table::new(limits.table_mib));
            let kept = &mut self.proof_tree;
            let found =
                super::winner::root_outcomes(game, g, table, kept, share_ms, share_nodes, stop);
            self.nodes += found.nodes;
            let proved: Vec<(u8, bool)> = found
                .values
                .iter()
                .filter_map(|&(s, v)| v.map(|opponent_wins| (s, !opponent_wins)))
                .collect();
            let left_open: Vec<LeftOpen> = (0..found.values.len())
                .filter(|&i| plan.proofs_left_first && found.values[i].1.is_none())
                .map(|i| LeftOpen {
                    symbol: found.values[i].0,
                    refuted: found.refuted[i],
                    proofs_left: found.proofs_left[i],
                })
                .collect();
            (proved, found.nodes, left_open)
        };
        // What the shipped start-node table settles (issue 38 point 6): moves into
        // start nodes won for their mover are losses the search cannot prove in time.
        let mut proved = proved;
        for (s, wins) in super::starts::known_moves(super::starts::shipped(), game) {
            if !proved.iter().any(|&(p, _)| p == s) {
                proved.push((s, wins));
            }
        }
        let legal = game.legal_indices();
        if let Some(&(s, _)) = proved.iter().find(|(_, wins)| *wins) {
            let moves: Vec<MoveStat> = legal
                .iter()
                .map(|&m| MoveStat {
                    symbol: m,
                    wins: proved.iter().find(|(p, _)| *p == m).map(|&(_, w)| w),
                    visits: 0,
                    rate: 0.5,
                })
                .collect();
            let mut analysis = tree_analysis(game, &moves, true, nodes);
            analysis.best = Some(PnutMove(game.rules().symbol(s)));
            analysis.pv = analysis.best.into_iter().collect();
            return finish(analysis, started, nodes, report, self.stats());
        }
        // Every move lost, by the proofs or by the tree search: played for the traps
        // and the longest resistance.
        let lost_moves = if proved.len() == legal.len() {
            proved
        } else {
            // The tree search, its leaves proved on the engine's tables by the plan.
            let timed_stop = || stop() || Instant::now() >= deadline;
            let budget = max_nodes.saturating_sub(nodes);
            let (moves, work, lost) =
                self.with_tree(game, limits.table_mib, plan, &timed_stop, |mcts| {
                    mcts.know(&proved);
                    mcts.run(budget, &timed_stop);
                    if mcts_won(mcts) {
                        mcts.secure_win(SECURE_CAP);
                    }
                    (
                        mcts.root_moves(),
                        mcts.work(),
                        mcts.proved() && !mcts_won(mcts),
                    )
                });
            self.nodes += work;
            nodes += work;
            if !lost {
                let exact = moves.iter().any(|m| m.wins == Some(true));
                let mut analysis = tree_analysis(game, &moves, exact, nodes);
                if !exact {
                    proofs_left_first(&mut analysis, game, &left_open);
                }
                return finish(analysis, started, nodes, report, self.stats());
            }
            moves.iter().map(|m| (m.symbol, false)).collect()
        };
        let rest = limits_left(limits, deadline, nodes);
        let mut solved = self.longest_resistance::<S>(
            game,
            &rest,
            &lost_moves,
            nodes,
            stop,
            report,
            plan.chances,
        );
        solved.elapsed = started.elapsed();
        solved
    }

    /// `Goal::Play` with more than one legal move and no pinned win, on a graph beyond
    /// the tree search's (01/l=8): the depth-bounded search for [`DEEP_PROOF_SHARE`] of
    /// the time; a move it proves winning, or every move proved lost (searched on for
    /// the longest resistance), ends there. Otherwise the kept tree, without a leaf
    /// prover, has the rest and picks among the moves not proved lost.
    pub(super) fn play_deep(
        &mut self,
        game: &Pnut,
        limits: &Limits,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Analysis<PnutMove>),
    ) -> Solved {
        let started = Instant::now();
        let deadline = started + Duration::from_millis(limits.max_millis.max(1));
        let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        let part = Limits {
            max_millis: (limits.max_millis * DEEP_PROOF_SHARE.0 / DEEP_PROOF_SHARE.1).max(1),
            max_nodes: limits
                .max_nodes
                .map(|n| (n.saturating_mul(DEEP_PROOF_SHARE.0) / DEEP_PROOF_SHARE.1).max(1)),
            ..*limits
        };
        let solved = self.analyse_with::<BigSet>(game, &part, Goal::Play, stop, &mut |_| {});
        let mut nodes = solved.stats.nodes;
        let left = |nodes: u64| limits_left(limits, deadline, nodes);
        if solved.analysis.exact || stop() {
            if solved.analysis.verdict.is_loss() && !stop() {
                // Every move lost: the rest of the time for the longest resistance (no
                // traps: no width of the win/loss search holds these graphs).
                let mut again =
                    self.analyse_with::<BigSet>(game, &left(nodes), Goal::Play, stop, report);
                again.analysis.nodes += nodes;
                again.stats.nodes += nodes;
                again.elapsed = started.elapsed();
                return again;
            }
            report(&solved.analysis);
            return Solved {
                elapsed: started.elapsed(),
                ..solved
            };
        }
        let proved = proved_moves(game, &solved.analysis);
        self.tree.reroot(&game.indices()[..game.len()]);
        let timed_stop = || stop() || Instant::now() >= deadline;
        let budget = max_nodes.saturating_sub(nodes);
        let g = self.g;
        let mut mcts = Mcts::new(game, g, &mut self.tree, None, SEED);
        mcts.know(&proved);
        mcts.run(budget, &timed_stop);
        let (moves, work) = (mcts.root_moves(), mcts.work());
        self.nodes += work;
        nodes += work;
        let analysis = tree_analysis(game, &moves, false, nodes);
        finish(analysis, started, nodes, report, self.stats())
    }

    /// Runs `f` on the tree search at `game`, with the win/loss search on its table as
    /// the leaf prover when `plan` has one (on a graph the tree search plays on).
    fn with_tree<R>(
        &mut self,
        game: &Pnut,
        table_mib: u32,
        plan: Plan,
        stop: &dyn Fn() -> bool,
        f: impl FnOnce(&mut Mcts) -> R,
    ) -> R {
        let g = self.g;
        if !plan.leaf_prover {
            return f(&mut Mcts::new(game, g, &mut self.tree, None, SEED));
        }
        let table = self
            .outcome_table
            .get_or_insert_with(|| Table::new(table_mib));
        let mut outcome = Outcome::new(g, Reductions::ALL, table, stop);
        f(&mut Mcts::new(
            game,
            g,
            &mut self.tree,
            Some(&mut outcome),
            SEED,
        ))
    }

    /// Every move proved lost: first the traps of each move (the share of the opponent's
    /// replies that hand the win back, which a fallible opponent may play), then the
    /// depth-bounded search (on `S` sets) for the longest resistance with half the time
    /// left, or all of it without `chances` (the moves it leaves undecided are marked
    /// lost), then, with `chances` and unless every move's length is now
    /// known exactly, each move's chances with the rest (the share of a proof-less tree
    /// search's simulated games its player won). The
    /// perfect AI picks the most traps, then the best chances, then the longest
    /// resistance; where every move's length is known, that is the longest resistance.
    ///
    /// Measured at 200 ms a move from the empty string against the yardstick, 40 games
    /// a seed:
    /// * 01/l=7: with the chances 39, 37, 39 won on seeds 31-33, coming back in 30 of
    ///   the 35 games whose loss was proved, against 36, 34, 38 without them (31 of 39
    ///   on seeds 32-33). Dropping them where the lengths are known: 38 and 37 (seeds
    ///   31, 32).
    /// * 0123/l=3, where the lengths are mostly known: the chances before the lengths
    ///   won 36 and 38 (seeds 61, 62) where the code before the chances won 39 (seed
    ///   61); dropping them where the lengths are known: 36, 38 and 40 (seeds 61-63).
    /// * 01/l=8, where the depth-bounded search proves the loss: the chances measured
    ///   worse than its longest resistance alone, 31-9 from 8-symbol openings, coming
    ///   back in 7 of 16, against 35-5 and 13 of 18 (seed 42); not used there.
    #[allow(clippy::too_many_arguments)]
    fn longest_resistance<S: EdgeSet>(
        &mut self,
        game: &Pnut,
        rest: &Limits,
        proved: &[(u8, bool)],
        mut nodes: u64,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Analysis<PnutMove>),
        chances: bool,
    ) -> Solved {
        let began = Instant::now();
        let (traps, n) = self.traps(game, rest.table_mib, stop);
        self.nodes += n;
        nodes += n;
        let left_ms = rest
            .max_millis
            .saturating_sub(began.elapsed().as_millis() as u64)
            .max(1);
        let until = Instant::now() + Duration::from_millis(left_ms);
        // The longest resistance with half the time left (all of it without the
        // chances).
        let part = if chances { 2 } else { 1 };
        let half = Limits {
            max_millis: (left_ms / part).max(1),
            max_nodes: rest
                .max_nodes
                .map(|n| (n.saturating_sub(nodes) / part).max(1)),
            ..*rest
        };
        let mut solved = self.analyse_with::<S>(game, &half, Goal::Play, stop, &mut |_| {});
        let rules = game.rules().clone();
        let a = &mut solved.analysis;
        for m in a.moves.iter_mut() {
            let lost = proved
                .iter()
                .any(|&(s, wins)| !wins && rules.symbol(s) == m.mv.0);
            if lost && !m.verdict.is_loss() {
                m.verdict = Verdict::Loss { plies: None };
            }
            if let Some(&(_, t)) = traps.iter().find(|(s, _)| rules.symbol(*s) == m.mv.0) {
                m.traps = Some(t);
            }
        }
        if !a.moves.is_empty() && a.moves.iter().all(|m| m.verdict.is_loss()) {
            if !a.verdict.is_loss() {
                a.verdict = Verdict::Loss { plies: None };
            }
            a.exact = true;
        }
        // The chances against a fallible opponent, with the rest of the time: a tree
        // search without proofs. Not where every move's length is known exactly: the
        // longest resistance decides there (see above).
        let lengths_known = a
            .moves
            .iter()
            .all(|m| matches!(m.verdict, Verdict::Loss { plies: Some(_) }));
        if chances && !lengths_known {
            let timed = || stop() || Instant::now() >= until;
            let mut tree = Tree::default();
            let mut mcts = Mcts::new(game, self.g, &mut tree, None, SEED);
            let searched = nodes.saturating_add(solved.stats.nodes);
            let budget = rest
                .max_nodes
                .map_or(u64::MAX, |n| n.saturating_sub(searched));
            mcts.run(budget, &timed);
            nodes += mcts.work();
            let chances = mcts.root_moves();
            for m in a.moves.iter_mut() {
                if let Some(c) = chances.iter().find(|c| rules.symbol(c.symbol) == m.mv.0) {
                    m.chances = Some(rate_score(c.rate));
                }
            }
        }
        a.best = policy::perfect_choice(&a.moves);
        a.pv = a.best.into_iter().collect();
        a.nodes += nodes;
        solved.stats.nodes += nodes;
        report(&solved.analysis);
        solved
    }
}

impl Engine {
    /// For each legal move, the opponent's replies and how many of them the win/loss
    /// search proves lost for the opponent within [`TRAP_CAP`] nodes each (a reply left
    /// unproved is not counted). Returns them with the nodes searched. On a graph the
    /// search holds ([`super::winner::holds`]: `play_move`'s).
    fn traps(
        &mut self,
        game: &Pnut,
        table_mib: u32,
        stop: &dyn Fn() -> bool,
    ) -> (Vec<(u8, Traps)>, u64) {
        let g = self.g;
        let table = self
            .outcome_table
            .get_or_insert_with(|| Table::new(table_mib));
        if u128::fits(&g) {
            traps_of_width::<u128>(game, g, table, stop)
        } else {
            traps_of_width::<U256>(game, g, table, stop)
        }
    }
}

/// [`Engine::traps`] with the unused edges as an `E`.
fn traps_of_width<E: Unused>(
    game: &Pnut,
    g: Graph,
    table: &mut Table,
    stop: &dyn Fn() -> bool,
) -> (Vec<(u8, Traps)>, u64) {
    let mut outcome = Outcome::<E>::of_width(g, Reductions::ALL, table, stop);
    let rules = game.rules();
    let mut traps = Vec::new();
    for s in game.legal_indices() {
        let mut after = game.clone();
        if after.play(PnutMove(rules.symbol(s))).is_err() {
            continue;
        }
        let replies = after.legal_indices();
        let mut losing = 0;
        for &r in &replies {
            let mut text = after.indices()[..after.len()].to_vec();
            text.push(r);
            outcome.set_node_limit(outcome.nodes.saturating_add(TRAP_CAP));
            if outcome.wins_after(&text) == Ok(true) {
                losing += 1;
            }
        }
        traps.push((
            s,
            Traps {
                losing_replies: losing,
                replies: replies.len() as u32,
            },
        ));
    }
    (traps, outcome.nodes)
}

/// What is left of `limits` at `nodes` searched: the time to `deadline` (at least
/// 1 ms) and the nodes not yet searched (at least one).
fn limits_left(limits: &Limits, deadline: Instant, nodes: u64) -> Limits {
    Limits {
        max_millis: deadline
            .saturating_duration_since(Instant::now())
            .as_millis()
            .max(1) as u64,
        max_nodes: limits.max_nodes.map(|n| n.saturating_sub(nodes).max(1)),
        ..*limits
    }
}

/// The moves `analysis` proved, as (symbol index, whether it wins for its player).
fn proved_moves(game: &Pnut, analysis: &Analysis<PnutMove>) -> Vec<(u8, bool)> {
    analysis
        .moves
        .iter()
        .filter(|m| m.verdict.is_win() || m.verdict.is_loss())
        .filter_map(|m| Some((game.rules().index_of(m.mv.0)?, m.verdict.is_win())))
        .collect()
}

/// What the proof left to do for a root move it did not decide.
struct LeftOpen {
    symbol: u8,
    refuted: Option<Traps>,
    proofs_left: Option<u32>,
}

/// Marks each open move with what the proof left to do (the opponent's replies it
/// refuted, the proofs left to a win), and picks the best again: among the moves not
/// proved, the one with the fewest proofs left is played first ([`policy`]'s order),
/// the share of simulations won breaking ties.
///
/// Why: on 01/l=8 the share of simulations won stays within a point or two of 50%
/// until the proofs reach, while a move with one proof left is likelier to hold than
/// one with two. On 88 positions of random 01/l=8 games at plies 85-115 where one of
/// two moves wins (`examples/pnut_decisions`, 200 ms a move), this picked the winning
/// move in 83 (a move proved in 57; 26 of the other 31), where the share of
/// simulations won, after the same proof-number search, picked it in 75 (19 of 32).
/// On 20 positions at plies 70-100 not used for any choice: 18, where the build before
/// the proof-number search picked 11. (In matches against the yardstick it measured
/// no better: 220 of 240 games, against 218 before.)
fn proofs_left_first(analysis: &mut Analysis<PnutMove>, game: &Pnut, left_open: &[LeftOpen]) {
    let rules = game.rules();
    for m in analysis.moves.iter_mut() {
        if let Verdict::Score(_) = m.verdict
            && let Some(open) = left_open.iter().find(|o| rules.symbol(o.symbol) == m.mv.0)
        {
            m.traps = open.refuted;
            m.proofs_left = open.proofs_left;
        }
    }
    analysis.best = policy::perfect_choice(&analysis.moves);
    analysis.pv = analysis.best.into_iter().collect();
    if let Some(best) = analysis.moves.iter().find(|m| Some(m.mv) == analysis.best) {
        analysis.verdict = best.verdict;
    }
}

fn mcts_won(mcts: &Mcts) -> bool {
    mcts.root_moves().iter().any(|m| m.wins == Some(true))
}

/// The analysis of a move to play from the tree search's root moves: proved moves win
/// or lose, the others score the share of simulated games their player won
/// (-1000..1000 for 0..100%).
fn tree_analysis(game: &Pnut, moves: &[MoveStat], exact: bool, nodes: u64) -> Analysis<PnutMove> {
    let rules = game.rules();
    let values: Vec<MoveValue<PnutMove>> = moves
        .iter()
        .map(|m| MoveValue {
            mv: PnutMove(rules.symbol(m.symbol)),
            verdict: match m.wins {
                Some(true) => Verdict::Win { plies: None },
                Some(false) => Verdict::Loss { plies: None },
                None => Verdict::Score(rate_score(m.rate)),
            },
            score: None,
            traps: None,
            chances: None,
            plies_at_most: None,
            proofs_left: None,
            score_at_most: None,
        })
        .collect();
    let best = policy::perfect_choice(&values);
    let verdict = if values.iter().any(|m| m.verdict.is_win()) {
        Verdict::Win { plies: None }
    } else if !values.is_empty() && values.iter().all(|m| m.verdict.is_loss()) {
        Verdict::Loss { plies: None }
    } else {
        best.and_then(|b| values.iter().find(|m| m.mv == b))
            .map_or(Verdict::Unknown, |m| m.verdict)
    };
    Analysis {
        best,
        verdict,
        score: None,
        pv: best.into_iter().collect(),
        moves: values,
        depth: 0,
        nodes,
        exact: exact && (verdict.is_win() || verdict.is_loss()),
    }
}

/// A share of games won (0..1) as a score, -1000..1000.
pub(super) fn rate_score(rate: f64) -> i32 {
    ((rate - 0.5) * 2000.0).round() as i32
}

fn finish(
    analysis: Analysis<PnutMove>,
    started: Instant,
    nodes: u64,
    report: &mut dyn FnMut(&Analysis<PnutMove>),
    stats: Stats,
) -> Solved {
    report(&analysis);
    let elapsed = started.elapsed();
    let proof = analysis.exact.then_some((elapsed, nodes));
    Solved {
        analysis,
        stats: Stats { nodes, ..stats },
        elapsed,
        proof,
    }
}
