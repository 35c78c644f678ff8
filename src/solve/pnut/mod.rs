//! Pnut-Butta by exact search over the de Bruijn graph.
//!
//! Once the string has l-1 symbols the game is a walk in B(k, l-1) that never reuses
//! an edge: a node is the last l-1 symbols, an edge an l-gram. The state is the set of
//! used edges and the current node, and only the *unused edges reachable from the
//! current node* matter, so the transposition key drops the rest.
//!
//! Two facts shape the search:
//! * every node has k edges in and k out, so a walk can only get stuck where it
//!   started (the node of the first l-1 symbols): the game ends on the k-th return
//!   there. A move into a node whose edges are all used wins at once;
//! * a game's length decides its winner, so a win is always an odd number of plies
//!   away and a loss an even number.
//!
//! The search is a depth-bounded proof search: `search(node, budget)` answers "win
//! within d plies", "loss within d plies" (every line ends within d with the opponent
//! winning) or "not decided within budget". With the budget at least the number of
//! moves left it is an exact solver; iterative deepening raises the budget under the
//! time limit. Proven distances are upper bounds; a second pass tightens each root
//! move's distance until a smaller budget no longer decides it, which makes it exact
//! (the winner's fastest win, the loser's longest resistance).
//!
//! Speed: edges as a `u128` (k^l <= 128) or a word vector; forced moves followed
//! without branching; wins in one found before anything else; a transposition table
//! of bounds (decided within hi, undecided within lo; it starts small and grows with
//! use up to the size asked for) with the unreachable edges
//! dropped from the key; enhanced transposition cutoffs; moves ordered by the
//! opponent's mobility; symbols not yet touched by any used edge are interchangeable
//! (only one of them is tried), and while the string is short the root's moves are
//! grouped by symbol relabelling.
//!
//! Beyond exact reach, moves left unproven are scored by a Monte-Carlo tree search with
//! solver backups (the share of its simulated games through the move that its player
//! won; flat random playouts on graphs of more than 128 edges) and the analysis says
//! how deep the proof search went. A move to play gets a proof first and
//! the tree search, kept from move to move, for what the proof leaves open (`play`,
//! `mcts`).
//!
//! What an analysis is for ([`Goal`]) decides when it stops: every move with its exact
//! distance (`parlor solve pnut`, the hints); a move to play (a single legal move or a
//! win already proven answered at once, the search stopped at the first proven win);
//! or the winner alone (`parlor solve pnut --winner`: a winning move, or every move
//! lost, without exact distances).
//!
//! An [`Engine`] keeps the table, the opening memo and the proven results near the
//! game's line from one analysis to the next, so a match proves each position once and
//! a win once proven is never lost (see `engine`); [`analyse`] and [`solve`] make a
//! one-shot engine.
//!
//! The winner alone on graphs of at most 128 edges (k^l <= 128) and on 01/l=8 is a
//! separate win/loss search without distances, whose table keys the reduced positions
//! of issue 17 (`outcome`, `reduce`, `winner`; the unused edges as one fixed-width set,
//! `unused`, `wide`). On two symbols its root is a proof-number search over the first
//! plies (`pns`), the win/loss search proving its leaves: the depth-first search alone
//! commits to the first reply it tries. Where nothing is proved, the move with the
//! fewest proofs left to a win is the guess on 01/l=8.
//!
//! Files: `graph` (the graph and edge sets), `table` (the transposition table),
//! `search` (the proof search), `root` (the root driver: deepening plan, exact
//! distances, the analysis), `playout` (the unproven moves' scores), `mcts` (the tree
//! search with solver backups), `leaf` (what proves the tree's leaves), `play` (a move
//! to play: proof, then tree search), `outcome` (the win/loss search), `reduce` and
//! `reduce_binary` (its reductions), `unused` and `wide` (its edge sets, 128 and 256
//! bits), `winner` (the winner alone), `pns` (the proof-number search at its root on
//! two symbols), `proof` (the resumable proof),
//! `engine` (the kept engine and its pinned results), `certify` (a finished proof's
//! certificate, issue 38), `starts` (the start nodes proofs settled, which the AI plays
//! from in the opening).

pub mod certify;
mod engine;
mod graph;
mod history;
mod leaf;
mod mcts;
mod outcome;
mod play;
mod playout;
mod pns;
mod proof;
pub mod reduce;
mod reduce_binary;
mod root;
mod search;
pub mod starts;
mod table;
mod unused;
mod wide;
mod winner;

use std::time::Duration;

pub use self::engine::Engine;
pub use self::graph::{BigSet, EdgeSet, Graph};
pub use self::outcome::{Outcome, Reductions, Stopped};
pub use self::proof::{Proof, Step};
pub use self::search::{PrefixMemo, Searcher};
pub use self::table::Table;
pub use self::unused::Unused;
pub use self::wide::U256;
use super::analysis::Analysis;
use crate::game::pnut::{Pnut, PnutMove};

/// Enhanced transposition cutoffs are tried this far from the search horizon and
/// further (nearer the leaves they cost more than they save).
const ETC_BUDGET: u32 = 16;

/// The deepest budget the search accepts (it recurses once per ply).
pub const MAX_BUDGET: u32 = 600;

/// How long and how deep to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Plies of proof search at most; `None` searches until exact (or out of time).
    pub max_depth: Option<u32>,
    pub max_millis: u64,
    pub table_mib: u32,
    /// Stop once this many nodes are searched: a budget that does not depend on the
    /// machine, for tests. (An engine's tight searches that keep a proven win go beyond
    /// it, see [`Engine`].)
    pub max_nodes: Option<u64>,
}

impl Limits {
    /// A budget of `max_nodes` nodes alone: the same work on any machine, whatever its
    /// load (tests, and the examples that compare two builds). Time does not count: its
    /// limit is ten days.
    pub fn nodes(max_nodes: u64, table_mib: u32) -> Limits {
        Limits {
            max_depth: None,
            max_millis: 864_000_000,
            table_mib,
            max_nodes: Some(max_nodes),
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: None,
            max_millis: 5000,
            table_mib: 64,
            max_nodes: None,
        }
    }
}

/// What an analysis is for: how far it goes once the position is proved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Goal {
    /// Every root move decided, with its exact distance (the winner's fastest win, the
    /// loser's longest resistance): `parlor solve pnut`, and the hints.
    #[default]
    Exact,
    /// A move to play: a single legal move is answered at once (with a glance at
    /// its child, a few nodes), and the search stops as soon as one move is proven to
    /// win (the other moves get a two-ply glance, so an easier AI still sees a move
    /// that loses at once). A proven loss is searched on for the longest resistance.
    Play,
    /// Only who wins: the search stops as soon as one move is proven to win or every
    /// move to lose, without exact distances (`parlor solve pnut --winner`).
    Winner,
}

/// The result of a bounded search, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Res {
    /// Wins within this many plies.
    Win(u32),
    /// Loses within this many plies (and cannot be beaten faster than... see `exact`).
    Loss(u32),
    Unknown,
}

impl Res {
    /// The same result one ply earlier, for the other player.
    fn flip(self) -> Res {
        match self {
            Res::Win(d) => Res::Loss(d + 1),
            Res::Loss(d) => Res::Win(d + 1),
            Res::Unknown => Res::Unknown,
        }
    }

    fn decided(self) -> bool {
        self != Res::Unknown
    }

    fn distance(self) -> Option<u32> {
        match self {
            Res::Win(d) | Res::Loss(d) => Some(d),
            Res::Unknown => None,
        }
    }
}

/// Search statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub nodes: u64,
    /// Transposition-table entries in use.
    pub stored: u64,
    /// The table's size now: it grows with use up to the size asked for.
    pub table_bytes: u64,
}

/// The largest symbol a canonical opening string may take next: one past the largest it
/// has (the next unused symbol), at most the last of the k symbols.
pub(super) fn next_canonical(prefix: &[u8], k: u32) -> u8 {
    prefix.iter().max().map_or(0, |&m| m + 1).min(k as u8 - 1)
}

/// The string relabelled so that symbols appear in the order 0, 1, 2...
pub fn canonical(text: &[u8]) -> Vec<u8> {
    let mut map = [u8::MAX; 16];
    let mut next = 0;
    text.iter()
        .map(|&s| {
            if map[usize::from(s)] == u8::MAX {
                map[usize::from(s)] = next;
                next += 1;
            }
            map[usize::from(s)]
        })
        .collect()
}

/// The most moves that can still be played: the unused l-grams, plus the opening.
pub fn moves_left_bound(game: &Pnut) -> u64 {
    let rules = game.rules();
    let opening = (rules.length() - 1).saturating_sub(game.len()) as u64;
    rules.grams().saturating_sub(game.used_count() as u64) + opening
}

/// Everything one analysis found, for the command line and the benchmarks.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    pub analysis: Analysis<PnutMove>,
    /// `nodes`: searched by this analysis (with an engine's tight searches that keep a
    /// proven win); `stored`, `table_bytes`: the table after it.
    pub stats: Stats,
    pub elapsed: Duration,
    /// When the verdict was first proven (before the distances were made exact), and
    /// the nodes searched by then.
    pub proof: Option<(Duration, u64)>,
}

/// Analyses `game` (two players) under `limits`, calling `report` with every improved
/// analysis; `stop` is polled often. Returns the last analysis and statistics. A
/// one-shot engine: a match should keep an [`Engine`] instead.
pub fn analyse(
    game: &Pnut,
    limits: &Limits,
    stop: &dyn Fn() -> bool,
    report: &mut dyn FnMut(&Analysis<PnutMove>),
) -> Solved {
    analyse_goal(game, limits, Goal::Exact, stop, report)
}

/// Like [`analyse`], for `goal` (see [`Goal`]).
pub fn analyse_goal(
    game: &Pnut,
    limits: &Limits,
    goal: Goal,
    stop: &dyn Fn() -> bool,
    report: &mut dyn FnMut(&Analysis<PnutMove>),
) -> Solved {
    Engine::one_shot(game.rules(), limits.table_mib).analyse_goal(game, limits, goal, stop, report)
}

/// A one-shot analysis with no streaming and no cancellation.
pub fn solve(game: &Pnut, limits: &Limits) -> Solved {
    analyse(game, limits, &|| false, &mut |_| {})
}
