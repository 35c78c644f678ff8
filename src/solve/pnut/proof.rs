//! A proof of who wins from the empty string that can stop at any moment and go on
//! later without losing what it established (issue 17, point 4).
//!
//! The proof is the opening (the first l-1 symbols, by canonical string: the first new
//! symbol is always the next unused one) over the values of the start nodes, each found
//! by the win/loss search ([`super::outcome`]). The search runs in slices of nodes:
//! between two slices the caller may save what is established, which is the start
//! nodes decided so far and every position in the table (each entry is a fact about a
//! position alone, so it stays true in any later search), and stop. A slice that stops
//! in the middle of a start node loses only the positions on its current line, which
//! the next slice finds again from the table.
//!
//! [`Proof::recheck`] checks a finished proof by replaying it: the opening's minimax
//! again from the start nodes' values, and every start node the winner's strategy
//! reaches proven again by a second search with other keys (no bridges, no
//! relabelling) on a fresh table.

use std::collections::BTreeMap;

use super::graph::Graph;
use super::outcome::{Outcome, Reductions, Stopped};
use super::table::Table;
use super::{Stats, canonical};

/// What a slice of the proof ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Proven: whether the first player wins.
    Done(bool),
    /// The slice's nodes are spent: more to do.
    Slice,
    /// `stop` said so.
    Stopped,
}

/// A proof in progress for one graph of at most 128 edges.
pub struct Proof {
    g: Graph,
    table: Table,
    /// Start nodes (canonical strings of l-1 symbols) decided: whether their mover wins.
    starts: BTreeMap<Vec<u8>, bool>,
    /// The nodes each decided start node took (those decided by this process, or read
    /// back from a checkpoint that kept them).
    spent: BTreeMap<Vec<u8>, u64>,
    /// The start node being searched, if any.
    current: Option<Vec<u8>>,
    /// The nodes spent on `current` by earlier slices.
    partial: u64,
    /// The start nodes the last slice decided, in order.
    decided_now: Vec<Vec<u8>>,
    /// Nodes searched by this process.
    pub nodes: u64,
}

impl Proof {
    /// A proof on `g` (at most 128 edges) with a table of `table_mib` MiB.
    pub fn new(g: Graph, table_mib: u32) -> Proof {
        Proof {
            g,
            table: Table::new(table_mib),
            starts: BTreeMap::new(),
            spent: BTreeMap::new(),
            current: None,
            partial: 0,
            decided_now: Vec::new(),
            nodes: 0,
        }
    }

    pub fn graph(&self) -> Graph {
        self.g
    }

    /// The start nodes decided so far.
    pub fn starts(&self) -> &BTreeMap<Vec<u8>, bool> {
        &self.starts
    }

    /// The nodes each decided start node took, where known.
    pub fn spent(&self) -> &BTreeMap<Vec<u8>, u64> {
        &self.spent
    }

    /// The start nodes the last slice decided, in the order decided.
    pub fn decided_now(&self) -> &[Vec<u8>] {
        &self.decided_now
    }

    /// Takes back the node counts of start nodes an earlier run decided.
    pub fn restore_spent(&mut self, spent: impl IntoIterator<Item = (Vec<u8>, u64)>) {
        self.spent.extend(spent);
    }

    /// The start node being searched when the last slice ended.
    pub fn current(&self) -> Option<&[u8]> {
        self.current.as_deref()
    }

    /// The start nodes not decided yet that the opening may still need (those whose
    /// value no decided sibling makes irrelevant).
    pub fn open_starts(&self) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        open(&self.starts, self.g, &[], &mut out);
        out
    }

    /// Every position established, as (key, node, mover wins).
    pub fn positions(&self) -> impl Iterator<Item = (u128, u64, bool)> + '_ {
        self.table.decided()
    }

    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            stored: self.table.stored(),
            table_bytes: self.table.bytes(),
        }
    }

    /// Takes back one position an earlier run established (from its checkpoint).
    pub fn restore_position(&mut self, key: u128, node: u64, win: bool) {
        self.table.put_decided(key, node, win);
    }

    /// Takes back what an earlier run established (from its checkpoint).
    pub fn restore(
        &mut self,
        starts: impl IntoIterator<Item = (Vec<u8>, bool)>,
        positions: impl IntoIterator<Item = (u128, u64, bool)>,
    ) {
        self.starts.extend(starts);
        for (key, node, win) in positions {
            self.table.put_decided(key, node, win);
        }
    }

    /// Runs one slice of at most `slice` nodes.
    pub fn step(&mut self, slice: u64, stop: &dyn Fn() -> bool) -> Step {
        let mut search = Outcome::new(self.g, Reductions::ALL, &mut self.table, stop);
        search.set_node_limit(slice);
        let mut settled = Settled {
            starts: &mut self.starts,
            spent: &mut self.spent,
            current: self.current.take(),
            partial: self.partial,
            decided: Vec::new(),
        };
        let r = opening(&mut search, &mut settled, &[]);
        self.nodes += search.nodes;
        self.current = settled.current;
        self.partial = settled.partial;
        self.decided_now = settled.decided;
        match r {
            Ok(v) => {
                self.current = None;
                // The empty string's mover is the first player.
                Step::Done(v)
            }
            Err(Stopped) if stop() => Step::Stopped,
            Err(Stopped) => Step::Slice,
        }
    }

    /// The certificate of a finished proof (see [`super::certify`]): the winner's
    /// strategy, its moves found on this proof's table.
    /// The certificate of the finished proof (see [`super::certify::certify`]);
    /// `progress` is told the moves recorded so far, now and then.
    pub fn certificate(
        &mut self,
        stop: &dyn Fn() -> bool,
        progress: &dyn Fn(usize),
    ) -> Result<super::certify::Certificate, super::certify::CertifyError> {
        super::certify::certify(self.g, &mut self.table, &self.starts, stop, progress)
    }

    /// Checks a finished proof by replay (see the module docs): `Ok(Some(winner))`
    /// when the opening's minimax from the recorded start nodes gives `winner` and each
    /// start node of the winner's strategy is proven again; `Ok(None)` when the record
    /// lacks a start node the strategy needs or a second search disagrees. Returns the
    /// start nodes proven again too.
    ///
    /// It takes the proof: the proof's table is freed before the second search's table
    /// of the same size is made, so the re-check needs no more memory than the proof.
    pub fn recheck(self, stop: &dyn Fn() -> bool) -> Result<(Option<bool>, usize), Stopped> {
        let Proof {
            g, table, starts, ..
        } = self;
        let Some(first_wins) = replay(&starts, g, &[]) else {
            return Ok((None, 0));
        };
        let mut needed = Vec::new();
        strategy(&starts, g, &[], &mut needed);
        let red = Reductions {
            bridges: false,
            relabel: false,
            ..Reductions::ALL
        };
        let mib = table.max_bytes().div_ceil(1 << 20) as u32;
        drop(table);
        let mut table = Table::new(mib);
        let mut search = Outcome::new(g, red, &mut table, stop);
        for start in &needed {
            let again = search.wins_after(start)?;
            if Some(&again) != starts.get(start) {
                return Ok((None, 0));
            }
        }
        Ok((Some(first_wins), needed.len()))
    }
}

/// The children of an opening string, canonical: its symbols, then one new symbol.
fn children(prefix: &[u8], g: Graph) -> Vec<Vec<u8>> {
    let next = super::next_canonical(prefix, g.k);
    (0..=next)
        .map(|c| {
            let mut t = prefix.to_vec();
            t.push(c);
            canonical(&t)
        })
        .collect()
}

/// What the opening's search settles: the start nodes decided, with their nodes.
struct Settled<'a> {
    starts: &'a mut BTreeMap<Vec<u8>, bool>,
    spent: &'a mut BTreeMap<Vec<u8>, u64>,
    /// The start node being searched, and the nodes earlier slices spent on it.
    current: Option<Vec<u8>>,
    partial: u64,
    /// Decided by this slice, in order.
    decided: Vec<Vec<u8>>,
}

/// The value of an opening string for its mover, searching the start nodes not decided
/// yet (the one being searched is left in `settled.current`).
fn opening(search: &mut Outcome, settled: &mut Settled, prefix: &[u8]) -> Result<bool, Stopped> {
    if prefix.len() + 1 == search_l(search) {
        if let Some(&v) = settled.starts.get(prefix) {
            return Ok(v);
        }
        let carried = if settled.current.as_deref() == Some(prefix) {
            settled.partial
        } else {
            0
        };
        settled.current = Some(prefix.to_vec());
        let before = search.nodes;
        let r = search.wins_after(prefix);
        let spent = carried + (search.nodes - before);
        let v = match r {
            Ok(v) => v,
            Err(stopped) => {
                settled.partial = spent;
                return Err(stopped);
            }
        };
        settled.partial = 0;
        settled.starts.insert(prefix.to_vec(), v);
        settled.spent.insert(prefix.to_vec(), spent);
        settled.decided.push(prefix.to_vec());
        return Ok(v);
    }
    for child in children(prefix, search.graph()) {
        if !opening(search, settled, &child)? {
            return Ok(true);
        }
    }
    Ok(false)
}

fn search_l(search: &Outcome) -> usize {
    search.graph().l as usize
}

/// The opening's minimax from the recorded start nodes alone; `None` if one it needs is
/// missing.
fn replay(starts: &BTreeMap<Vec<u8>, bool>, g: Graph, prefix: &[u8]) -> Option<bool> {
    if prefix.len() + 1 == g.l as usize {
        return starts.get(prefix).copied();
    }
    for child in children(prefix, g) {
        if !replay(starts, g, &child)? {
            return Some(true);
        }
    }
    Some(false)
}

/// The opening's value from the decided start nodes, collecting in `out` the undecided
/// ones it still depends on; `None` while some are needed.
fn open(
    starts: &BTreeMap<Vec<u8>, bool>,
    g: Graph,
    prefix: &[u8],
    out: &mut Vec<Vec<u8>>,
) -> Option<bool> {
    if prefix.len() + 1 == g.l as usize {
        let v = starts.get(prefix).copied();
        if v.is_none() {
            out.push(prefix.to_vec());
        }
        return v;
    }
    let mark = out.len();
    let mut unknown = false;
    for child in children(prefix, g) {
        match open(starts, g, &child, out) {
            Some(false) => {
                out.truncate(mark);
                return Some(true);
            }
            Some(true) => {}
            None => unknown = true,
        }
    }
    (!unknown).then_some(false)
}

/// The start nodes the proof of `prefix`'s value rests on: one losing child of a won
/// string, every child of a lost one.
fn strategy(starts: &BTreeMap<Vec<u8>, bool>, g: Graph, prefix: &[u8], out: &mut Vec<Vec<u8>>) {
    if prefix.len() + 1 == g.l as usize {
        if !out.iter().any(|s| s == prefix) {
            out.push(prefix.to_vec());
        }
        return;
    }
    let kids = children(prefix, g);
    if let Some(lost) = kids.iter().find(|c| replay(starts, g, c) == Some(false)) {
        strategy(starts, g, lost, out);
    } else {
        for c in &kids {
            strategy(starts, g, c, out);
        }
    }
}
