//! The certificate of a finished proof (issue 38): the winner's strategy, written so
//! that a checker that knows only the rules can walk it against every reply of the
//! loser (`parlor verify pnut`, its own code in `games::pnut::verify`). The format and
//! every reduction it relies on are in docs/certificate.md; this file makes the
//! certificate's content, `games::pnut::certificate` writes it.
//!
//! The walk is the checker's, step for step: at a position where the player to move
//! must win, nothing is recorded when a move leaves the opponent without a move, when
//! there is only one move (its child is walked), or when the reachable edges have no
//! odd cycle (parity decides); otherwise the position's reduced key gets the move
//! that wins, found by the win/loss search on the proof's own table. Where the player
//! to move must lose, every move is walked. A position whose component splits at a
//! bridge is keyed by the part before it and the value of the part after it, and that
//! part is walked as a game of its own (for whoever wins it): the checker derives the
//! part's value from the certificate and checks it the same way.

use std::collections::BTreeMap;

use rustc_hash::{FxHashMap, FxHashSet};

use super::canonical;
use super::graph::Graph;
use super::outcome::{Outcome, Reductions, Stopped};
use super::reduce::{self, Component, RELABEL_MAX_K, Relabel};
use super::table::Table;

/// A key's kind (the top two bits of its tag): the whole component of the token.
pub const KIND_WHOLE: u8 = 0;
/// The part before the component's first bridge; the part after it lost for its mover.
pub const KIND_AFTER_LOST: u8 = 1;
/// ... won for its mover.
pub const KIND_AFTER_WON: u8 = 2;

/// A reduced position: the edge set (least over the symbol relabellings when k <= 4)
/// and its tag, the token's node | kind << 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key {
    pub set: u128,
    pub tag: u8,
}

/// A proof's certificate, in memory (docs/certificate.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    pub k: usize,
    pub l: usize,
    /// Whether the first player wins.
    pub first_wins: bool,
    /// The winner's moves in the opening (strings of fewer than l-1 symbols, as symbol
    /// indices, not relabelled), sorted by string.
    pub opening: Vec<(Vec<u8>, u8)>,
    /// The move of each reduced position whose mover wins (the symbol in the key's
    /// labelling), sorted by key.
    pub entries: Vec<(Key, u8)>,
}

/// Why no certificate was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CertifyError {
    /// Stopped (Ctrl-C).
    Stopped,
    /// The search says a position is won but finds no move to a lost child: a bug.
    Inconsistent(String),
}

impl From<Stopped> for CertifyError {
    fn from(_: Stopped) -> Self {
        CertifyError::Stopped
    }
}

/// The certificate of the proof whose start nodes are `starts` (canonical strings,
/// whether their mover wins) on `g` (at most 128 edges), finding the winning moves
/// with the win/loss search on `table` (the proof's: what it proved is looked up, not
/// searched again).
pub fn certify(
    g: Graph,
    table: &mut Table,
    starts: &BTreeMap<Vec<u8>, bool>,
    stop: &dyn Fn() -> bool,
    progress: &dyn Fn(usize),
) -> Result<Certificate, CertifyError> {
    let mut walk = Walk::new(g, table, starts, stop, progress);
    let first_wins = walk.opening_value(&mut Vec::new())?;
    walk.opening_walk(&mut Vec::new(), first_wins)?;
    let mut entries: Vec<(Key, u8)> = walk.entries.into_iter().collect();
    entries.sort_unstable();
    Ok(Certificate {
        k: g.k as usize,
        l: g.l as usize,
        first_wins,
        opening: walk.opening.into_iter().collect(),
        entries,
    })
}

/// The certificate of one position (a job of a proof split into jobs, issue 38 point
/// 3): whether its mover wins, and the winner's moves from it, keyed as in a whole
/// certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub mover_wins: bool,
    pub entries: Vec<(Key, u8)>,
}

/// The unused edges and the token after `text` (symbol indices, a legal string of at
/// least l-1 symbols of `g`'s rules).
pub fn position_of(g: Graph, text: &[u8]) -> (u128, u64) {
    let l = g.l as usize;
    let k = u64::from(g.k);
    let code = |w: &[u8]| w.iter().fold(0u64, |a, &x| a * k + u64::from(x));
    let unused = text
        .windows(l)
        .fold(g.all_edges, |u, w| u & !(1u128 << code(w)));
    (unused, code(&text[text.len() + 1 - l..]))
}

/// What a position's value depends on (docs/certificate.md, reductions 2 and 5): the
/// unused edges reachable from the token and the token, least over the symbol
/// relabellings when k <= 4. Two positions of one class have the same value, and a
/// certificate's walk from either meets the same keys.
pub fn class_of(g: Graph, unused: u128, token: u64) -> (u128, u64) {
    let reach = reduce::component(unused, token, &g).edges;
    if g.k <= RELABEL_MAX_K {
        Relabel::new(&g).least(reach, token)
    } else {
        (reach, token)
    }
}

/// The certificate of the position after `text` (at least l-1 symbols), its value
/// found by the win/loss search on `table` (a job's own: what it proved is looked up);
/// the search may go on past any node limit the job had.
pub fn certify_position(
    g: Graph,
    table: &mut Table,
    text: &[u8],
    stop: &dyn Fn() -> bool,
    progress: &dyn Fn(usize),
) -> Result<Part, CertifyError> {
    let starts = BTreeMap::new();
    let mut walk = Walk::new(g, table, &starts, stop, progress);
    let (u, v) = position_of(g, text);
    let mover_wins = walk.search.wins_at(u, v)?;
    if mover_wins {
        walk.won(u, v)?;
    } else {
        walk.lost(u, v)?;
    }
    let mut entries: Vec<(Key, u8)> = walk.entries.into_iter().collect();
    entries.sort_unstable();
    Ok(Part {
        mover_wins,
        entries,
    })
}

/// How many positions walked between two calls of the walk's progress (the recorded
/// moves alone could stay below a round number for an hour, while the walk's searches
/// re-proved what the proof's full table had let go).
const PROGRESS_EVERY: usize = 1 << 16;

/// The nodes each move of a won position gets in the first round of
/// [`Walk::winning_move`]: most are settled by a look-up or a small search.
const FIRST_BUDGET: u64 = 1 << 10;

struct Walk<'a> {
    /// Positions walked (won and lost ones past the settled-at-once rules).
    steps: usize,
    /// Told the number of moves recorded, every [`PROGRESS_EVERY`] positions: on large
    /// proofs the walk takes about as long as the proof.
    progress: &'a dyn Fn(usize),
    g: Graph,
    search: Outcome<'a>,
    relabel: Option<Relabel>,
    starts: &'a BTreeMap<Vec<u8>, bool>,
    entries: FxHashMap<Key, u8>,
    opening: BTreeMap<Vec<u8>, u8>,
    /// The positions walked already, as (the reachable unused edges, the token, whether
    /// its mover wins): a position's game is its reachable edges and token
    /// (docs/certificate.md, reduction 2), so one walked once needs no second walk.
    /// Without it a loser's position reached along many lines, and the part after a
    /// bridge each time its position is keyed, were walked again every time.
    walked: FxHashSet<(u128, u64, bool)>,
}

/// The bits of a mask, lowest first.
fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let c = mask.trailing_zeros();
            mask &= mask - 1;
            c
        })
    })
}

impl<'a> Walk<'a> {
    /// A walk of `g`'s proof with the start nodes `starts` decided, its moves found by
    /// the win/loss search on `table`.
    fn new(
        g: Graph,
        table: &'a mut Table,
        starts: &'a BTreeMap<Vec<u8>, bool>,
        stop: &'a dyn Fn() -> bool,
        progress: &'a dyn Fn(usize),
    ) -> Self {
        Walk {
            progress,
            g,
            search: Outcome::new(g, Reductions::ALL, table, stop),
            relabel: (g.k <= RELABEL_MAX_K).then(|| Relabel::new(&g)),
            starts,
            entries: FxHashMap::default(),
            opening: BTreeMap::new(),
            walked: FxHashSet::default(),
            steps: 0,
        }
    }

    /// Counts a position walked, and now and then says how many moves are recorded.
    fn step(&mut self) {
        self.steps += 1;
        if self.steps.is_multiple_of(PROGRESS_EVERY) {
            (self.progress)(self.entries.len());
        }
    }

    fn free(&self, u: u128, v: u64) -> u32 {
        (u >> (v * u64::from(self.g.k))) as u32 & self.g.full
    }

    /// The position after symbol `c` at (u, v).
    fn child(&self, u: u128, v: u64, c: u32) -> (u128, u64) {
        let e = v * u64::from(self.g.k) + u64::from(c);
        (u & !(1 << e), self.g.head(e))
    }

    /// The node of the l-1 symbols `text`.
    fn node(&self, text: &[u8]) -> u64 {
        let k = u64::from(self.g.k);
        text.iter().fold(0, |a, &s| a * k + u64::from(s))
    }

    /// Whether the mover at the opening string `prefix` wins, when the decided start
    /// nodes alone say so (renaming the symbols keeps a string's value, so every string
    /// is looked up as its canonical form). A proof settles the start nodes it needs and
    /// no others: `1` is `0` renamed, and the strings under `10` whose start nodes no
    /// one decided need no search, where searching them cost the (3,4) walk hours.
    fn opening_known(&self, prefix: &mut Vec<u8>) -> Option<bool> {
        if prefix.len() + 1 == self.g.l as usize {
            return self.starts.get(&canonical(prefix)).copied();
        }
        let mut all_won = true;
        for c in 0..self.g.k as u8 {
            prefix.push(c);
            let child = self.opening_known(prefix);
            prefix.pop();
            match child {
                Some(false) => return Some(true),
                Some(true) => {}
                None => all_won = false,
            }
        }
        all_won.then_some(false)
    }

    /// Whether the mover at the opening string `prefix` wins: from the decided start
    /// nodes where they say, else searched.
    fn opening_value(&mut self, prefix: &mut Vec<u8>) -> Result<bool, CertifyError> {
        if let Some(v) = self.opening_known(prefix) {
            return Ok(v);
        }
        if prefix.len() + 1 == self.g.l as usize {
            if let Some(&v) = self.starts.get(&canonical(prefix)) {
                return Ok(v);
            }
            return Ok(self.search.wins_after(prefix)?);
        }
        for c in 0..self.g.k as u8 {
            prefix.push(c);
            let child = self.opening_value(prefix);
            prefix.pop();
            if !child? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Records the winner's strategy from the opening string `prefix`, whose mover
    /// wins when `wins`.
    fn opening_walk(&mut self, prefix: &mut Vec<u8>, wins: bool) -> Result<(), CertifyError> {
        if prefix.len() + 1 == self.g.l as usize {
            let (u, v) = (self.g.all_edges, self.node(prefix));
            return if wins {
                self.won(u, v)
            } else {
                self.lost(u, v)
            };
        }
        // The winner's move: one the decided start nodes prove first, then any.
        let proved = (0..self.g.k as u8).find(|&c| {
            prefix.push(c);
            let lost = self.opening_known(prefix) == Some(false);
            prefix.pop();
            lost
        });
        if wins && let Some(c) = proved {
            prefix.push(c);
            self.opening.insert(prefix[..prefix.len() - 1].to_vec(), c);
            let r = self.opening_walk(prefix, false);
            prefix.pop();
            return r;
        }
        for c in 0..self.g.k as u8 {
            prefix.push(c);
            let r = if wins {
                if self.opening_value(prefix)? {
                    Ok(false)
                } else {
                    self.opening.insert(prefix[..prefix.len() - 1].to_vec(), c);
                    self.opening_walk(prefix, false).map(|()| true)
                }
            } else {
                self.opening_walk(prefix, true).map(|()| false)
            };
            prefix.pop();
            if r? {
                return Ok(());
            }
        }
        if wins {
            return Err(CertifyError::Inconsistent(format!(
                "the opening string {prefix:?} is won but no symbol wins"
            )));
        }
        Ok(())
    }

    /// The mover at (u, v) wins: records its strategy.
    fn won(&mut self, u: u128, v: u64) -> Result<(), CertifyError> {
        let free = self.free(u, v);
        for c in bits(free) {
            let (cu, cv) = self.child(u, v, c);
            if self.free(cu, cv) == 0 {
                return Ok(());
            }
        }
        if free.count_ones() == 1 {
            let (cu, cv) = self.child(u, v, free.trailing_zeros());
            return self.lost(cu, cv);
        }
        let comp = reduce::component(u, v, &self.g);
        if comp.bipartite || !self.walked.insert((comp.edges, v, true)) {
            return Ok(());
        }
        self.step();
        let (set, kind) = self.reduced(u, v, &comp)?;
        let (key, _) = self.key(set, v, kind, v * u64::from(self.g.k));
        if self.entries.contains_key(&key) {
            return Ok(());
        }
        let c = self.winning_move(u, v, free)?;
        let (cu, cv) = self.child(u, v, c);
        let (_, image) = self.key(set, v, kind, v * u64::from(self.g.k) + u64::from(c));
        self.entries.insert(key, image);
        self.lost(cu, cv)
    }

    /// A move of the won position (u, v) that leaves the opponent lost. The moves are
    /// searched in turn, each within a budget that grows fourfold a round, so the
    /// cheapest to settle decides: the move the proof played has its subtree in the
    /// table (or costs what the proof paid), while proving that a poor move loses is a
    /// search the proof never made and may cost more than the proof did. Searched in
    /// symbol order to the end instead, the (3,4) walk ran for hours.
    fn winning_move(&mut self, u: u128, v: u64, free: u32) -> Result<u32, CertifyError> {
        let mut open: Vec<u32> = bits(free).collect();
        let mut budget = FIRST_BUDGET;
        while !open.is_empty() {
            let mut i = 0;
            while i < open.len() {
                let (cu, cv) = self.child(u, v, open[i]);
                match self.search.wins_at_within(cu, cv, budget)? {
                    Some(false) => return Ok(open[i]),
                    Some(true) => {
                        open.remove(i);
                    }
                    None => i += 1,
                }
            }
            budget = budget.saturating_mul(4);
        }
        Err(CertifyError::Inconsistent(format!(
            "a position ({u:#x}, node {v}) is won but no move leaves a lost one"
        )))
    }

    /// The mover at (u, v) loses: records the strategy against each of its moves.
    fn lost(&mut self, u: u128, v: u64) -> Result<(), CertifyError> {
        let free = self.free(u, v);
        if free == 0 {
            return Ok(());
        }
        if free.count_ones() > 1 {
            let comp = reduce::component(u, v, &self.g);
            if comp.bipartite || !self.walked.insert((comp.edges, v, false)) {
                return Ok(());
            }
            self.step();
            // The checker derives the part after a bridge here too.
            self.reduced(u, v, &comp)?;
        }
        for c in bits(free) {
            let (cu, cv) = self.child(u, v, c);
            self.won(cu, cv)?;
        }
        Ok(())
    }

    /// The edges that key (u, v) and the key's kind: the component, or the part before
    /// its first bridge, the part after it (a game of its own) walked first.
    fn reduced(&mut self, u: u128, v: u64, comp: &Component) -> Result<(u128, u8), CertifyError> {
        let Some((b, before)) = reduce::first_bridge(comp, v, &self.g) else {
            return Ok((comp.edges, KIND_WHOLE));
        };
        let (au, av) = (u & !(1 << b), self.g.head(b));
        let after_won = self.search.wins_at(au, av)?;
        if after_won {
            self.won(au, av)?;
        } else {
            self.lost(au, av)?;
        }
        let kind = if after_won {
            KIND_AFTER_WON
        } else {
            KIND_AFTER_LOST
        };
        Ok((before, kind))
    }

    /// The key of (set, v) of `kind`, and the symbol of edge `e` (leaving v) in its
    /// labelling.
    fn key(&self, set: u128, v: u64, kind: u8, e: u64) -> (Key, u8) {
        let (set, node, e) = match &self.relabel {
            Some(r) => r.least_moving(set, v, e),
            None => (set, v, e),
        };
        let key = Key {
            set,
            tag: node as u8 | kind << 6,
        };
        (key, (e % u64::from(self.g.k)) as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk of (k, l) with the start nodes `starts` decided, whose search may not
    /// look at a single node.
    fn no_search<'a>(
        g: Graph,
        table: &'a mut Table,
        starts: &'a BTreeMap<Vec<u8>, bool>,
        stop: &'a dyn Fn() -> bool,
        progress: &'a dyn Fn(usize),
    ) -> Walk<'a> {
        let mut walk = Walk::new(g, table, starts, stop, progress);
        walk.search.set_node_limit(0);
        walk
    }

    #[test]
    fn the_opening_is_valued_from_the_decided_start_nodes_with_no_search() {
        // The (3,4) proof decides 000 and 001 (both won for their mover) and no other
        // start node: that settles the opening, by renaming the symbols ('1' is '0').
        // The walk searched the start nodes under '10' instead (011, 010, 012), which
        // no one has decided, and ran for hours.
        let g = Graph::new(3, 4);
        let mut table = Table::new(1);
        let starts = BTreeMap::from([(vec![0, 0, 0], true), (vec![0, 0, 1], true)]);
        let mut walk = no_search(g, &mut table, &starts, &|| false, &|_| {});
        assert_eq!(walk.opening_value(&mut Vec::new()), Ok(false));
        for first in 0..3u8 {
            assert_eq!(walk.opening_known(&mut vec![first]), Some(true));
            // The second player answers with the same symbol, to '00' renamed.
            assert_eq!(walk.opening_known(&mut vec![first, first]), Some(false));
        }
        assert_eq!(walk.opening_known(&mut vec![1, 0]), None);
        assert_eq!(walk.search.nodes, 0);
    }

    #[test]
    fn a_start_node_no_one_decided_is_searched() {
        // The same walk with 001 unknown must search (here: stopped by its zero budget).
        let g = Graph::new(3, 4);
        let mut table = Table::new(1);
        let starts = BTreeMap::from([(vec![0, 0, 0], true)]);
        let mut walk = no_search(g, &mut table, &starts, &|| false, &|_| {});
        assert_eq!(walk.opening_known(&mut Vec::new()), None);
        assert_eq!(
            walk.opening_value(&mut Vec::new()),
            Err(CertifyError::Stopped)
        );
    }
}
