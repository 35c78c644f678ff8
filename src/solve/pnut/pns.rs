//! The root moves' values by a proof-number search over the first plies, its leaves
//! searched by the win/loss search ([`super::outcome`]) in growing node caps.
//!
//! Why: the win/loss search is depth-first. Within one call it commits to the reply it
//! tries first until that reply is decided, and a reply that does not win can take far
//! longer to refute than another takes to win. The rounds of [`super::winner`] protect
//! the root's first two plies from that; this search protects every ply it holds. It
//! goes where the fewest proofs are left to make: a line of forced moves costs nothing,
//! a move with one reply left open is cheaper to prove than one with two.
//!
//! The numbers (negamax form, for the player to move at a node): `pn` is how many
//! leaves must still be proved won for the mover to win, `dn` how many must be proved
//! lost for the mover to lose. A node's `pn` is its children's least `dn`; its `dn` the
//! sum of its children's `pn`. The search descends to the child with the least `dn`
//! (the most-proving leaf), searches that leaf with the win/loss search within a cap
//! eight times the last, and expands it into its children once a cap of
//! [`EXPAND_CAP`] nodes has failed. A leaf's numbers grow by one with each failed
//! search, so effort spreads to the leaves not yet tried hard.
//!
//! When time runs out, the root move with the least `dn` (the fewest proofs between
//! it and a win) is the best guess; the opponent's replies proved lost are its traps.
//!
//! The tree is kept from one call to the next ([`KeptTree`], the engine's for the
//! match): the next call at a position the tree holds starts from its subtree there,
//! with the numbers, the failed caps and the decided nodes it had. Why: the tree of a
//! 200 ms move on 01/l=8 has hundreds of nodes, each grown with 64 + 512 nodes of
//! failed searches, so a fresh tree spends most of the next move growing again
//! what it had two plies down.

use std::time::{Duration, Instant};

use super::graph::Graph;
use super::outcome::{Outcome, Reductions};
use super::table::Table;
use super::unused::Unused;
use super::wide::U256;
use crate::game::Game;
use crate::game::pnut::{Pnut, PnutMove};
use crate::solve::analysis::Traps;

/// A leaf's first search (mostly table look-ups: the line of a proof made at an
/// earlier turn).
const FIRST_CAP: u64 = 1 << 6;

/// A leaf is expanded once a search of this many nodes has failed on it (after its
/// searches of 64 and 512 nodes).
///
/// Why 512 and not 4096 (as first written): a bigger tree puts the effort where the
/// numbers say the proof is nearest, where a leaf's 4096-node search is blind. Measured
/// on 01/l=8 with the kept tree: of 53 positions of random games at plies 80-95 where
/// one of two moves wins (`pnut_decisions 01 8 80 95 60 12 FILE 200 CAP 4 750000`: four
/// earlier positions of the line first, 750 k nodes a move), parlor picked the winning
/// move in 50 and proved a move in 29, against 44 and 24 with 4096 (2048 and 1024: 44
/// and 24, 45 and 24; 64: 48 and 26). The winner of the four positions where parlor's
/// lost games had turned (plies 66-99) was proved in 2.4, 21.2, 26.9 and 32.1 M nodes
/// against 5.4, 26.5, 47.6 and 59.6 M. A whole proof of 01/l=6 from the empty string
/// takes more, 248 k nodes against 148 k (0.05 s).
const EXPAND_CAP: u64 = 1 << 9;

/// The nodes a decided node's record in the table may search (the part past its
/// first bridge, when the table does not know it).
const RECORD_CAP: u64 = 1 << 14;

/// A tree of more nodes than this (32 bytes each) is not kept for the next call: a
/// long analysis of one position would otherwise hold its whole tree for the match.
/// (A 200 ms move on 01/l=8 grows a few hundred.)
const KEPT_NODES: usize = 1 << 20;

/// Stands for "never": the proof or disproof numbers of a decided node.
const INF: u32 = u32::MAX;

/// One position of the tree: the symbol that led to it, its parent, its children (a
/// block from `first`, none while `count` is 0), what is known for its mover, and the
/// numbers.
#[derive(Clone, Copy, Debug)]
struct Node {
    parent: u32,
    symbol: u8,
    first: u32,
    count: u8,
    /// The last node cap the win/loss search failed with here (0: not searched).
    cap: u64,
    pn: u32,
    dn: u32,
}

impl Node {
    fn leaf(parent: u32, symbol: u8) -> Node {
        Node {
            parent,
            symbol,
            first: 0,
            count: 0,
            cap: 0,
            pn: 1,
            dn: 1,
        }
    }

    /// Whether the mover here is proved to win (`Some(true)`) or lose.
    fn value(&self) -> Option<bool> {
        match (self.pn, self.dn) {
            (0, _) => Some(true),
            (_, 0) => Some(false),
            _ => None,
        }
    }

    fn decide(&mut self, wins: bool) {
        (self.pn, self.dn) = if wins { (0, INF) } else { (INF, 0) };
    }
}

/// The proof-number tree of the last call, at the string it was rooted at, for the
/// next call to start from ([`root_values`]). Every number in it is a fact about its
/// positions or a count of the search's own failures, so it stays right for any later
/// call at a position it holds, whatever the table.
#[derive(Clone, Debug, Default)]
pub(super) struct KeptTree {
    /// The string (symbol indices) at the root.
    text: Vec<u8>,
    nodes: Vec<Node>,
}

impl KeptTree {
    /// Forgets the tree.
    pub(super) fn clear(&mut self) {
        self.text.clear();
        self.nodes.clear();
    }

    /// The kept subtree at `text` (re-rooted, its root first), if the tree holds that
    /// position with its children; the tree is emptied either way.
    fn take_at(&mut self, text: &[u8]) -> Option<Vec<Node>> {
        let nodes = std::mem::take(&mut self.nodes);
        let kept = std::mem::take(&mut self.text);
        let rest = text.strip_prefix(&kept[..])?;
        let mut at = 0usize;
        for &s in rest {
            let n = nodes.get(at)?;
            let children = n.first as usize..n.first as usize + usize::from(n.count);
            at = children.into_iter().find(|&c| nodes[c].symbol == s)?;
        }
        (nodes.get(at)?.count > 0).then(|| subtree(&nodes, at))
    }
}

/// The subtree of `nodes` at `at`, its root first and each node's children a block
/// (the layout [`ProofTree`] grows).
fn subtree(nodes: &[Node], at: usize) -> Vec<Node> {
    let mut out = vec![Node {
        parent: 0,
        symbol: 0,
        ..nodes[at]
    }];
    let mut i = 0;
    while i < out.len() {
        // `out[i].first` still indexes `nodes`: its children are copied after the
        // nodes copied so far, and it points there.
        let n = out[i];
        if n.count > 0 {
            let first = out.len();
            let children = &nodes[n.first as usize..n.first as usize + usize::from(n.count)];
            out.extend(children.iter().map(|&c| Node {
                parent: i as u32,
                ..c
            }));
            out[i].first = first as u32;
        }
        i += 1;
    }
    out
}

/// What [`root_values`] found for one legal symbol at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RootValue {
    pub symbol: u8,
    /// Whether the mover after the symbol (the opponent) wins; `None`: not proved.
    pub opponent_wins: Option<bool>,
    /// The leaves still to prove lost for the opponent before the symbol is proved
    /// to win (the child's `dn`); fewer is the better guess.
    pub to_prove: u32,
    /// The opponent's replies proved lost for them, where the child was expanded.
    pub refuted: Option<Traps>,
}

/// The root moves' values within `max_millis` and `max_nodes` (see the module docs),
/// on `table`, and the nodes searched. Stops when the root is decided. Starts from
/// `kept`'s subtree at `game` where it has one, and leaves this call's tree there.
pub(super) fn root_values(
    game: &Pnut,
    g: Graph,
    table: &mut Table,
    kept: &mut KeptTree,
    max_millis: u64,
    max_nodes: u64,
    stop: &dyn Fn() -> bool,
) -> (Vec<RootValue>, u64) {
    if u128::fits(&g) {
        values_of_width::<u128>(game, g, table, kept, max_millis, max_nodes, stop)
    } else {
        values_of_width::<U256>(game, g, table, kept, max_millis, max_nodes, stop)
    }
}

fn values_of_width<E: Unused>(
    game: &Pnut,
    g: Graph,
    table: &mut Table,
    kept: &mut KeptTree,
    max_millis: u64,
    max_nodes: u64,
    stop: &dyn Fn() -> bool,
) -> (Vec<RootValue>, u64) {
    let deadline = Instant::now() + Duration::from_millis(max_millis.max(1));
    let timed_stop = || stop() || Instant::now() >= deadline;
    let search = Outcome::<E>::of_width(g, Reductions::ALL, table, &timed_stop);
    let text = &game.indices()[..game.len()];
    let found = kept.take_at(text);
    let fresh = found.is_none();
    let mut tree = ProofTree {
        game,
        nodes: found.unwrap_or_else(|| vec![Node::leaf(0, 0)]),
        search,
        max_nodes,
        path: Vec::new(),
    };
    if fresh {
        tree.expand(0);
    }
    while tree.nodes[0].value().is_none() {
        if tree.search.nodes >= max_nodes || timed_stop() {
            break;
        }
        let leaf = tree.most_proving();
        let node = tree.nodes[leaf];
        if node.cap >= EXPAND_CAP {
            tree.expand(leaf);
        } else if !tree.try_prove(leaf, (node.cap * 8).max(FIRST_CAP * 8)) {
            let n = &mut tree.nodes[leaf];
            n.pn = n.pn.saturating_add(1);
            n.dn = n.dn.saturating_add(1);
        }
        tree.update_from(leaf);
    }
    let nodes = tree.search.nodes;
    let values = tree.root_values();
    if tree.nodes.len() <= KEPT_NODES {
        *kept = KeptTree {
            text: text.to_vec(),
            nodes: tree.nodes,
        };
    }
    (values, nodes)
}

/// The tree with the win/loss search at its leaves.
struct ProofTree<'a, 'b, E: Unused> {
    game: &'a Pnut,
    nodes: Vec<Node>,
    search: Outcome<'b, E>,
    max_nodes: u64,
    /// Scratch: a node's symbols from the root.
    path: Vec<u8>,
}

impl<E: Unused> ProofTree<'_, '_, E> {
    /// The symbols from the root to `at`, in `self.path`.
    fn path_to(&mut self, mut at: usize) {
        self.path.clear();
        while at != 0 {
            self.path.push(self.nodes[at].symbol);
            at = self.nodes[at].parent as usize;
        }
        self.path.reverse();
    }

    /// The win/loss search at `at` within `cap` more nodes; whether it decided it.
    fn try_prove(&mut self, at: usize, cap: u64) -> bool {
        self.path_to(at);
        let spent = self.search.nodes;
        self.search
            .set_node_limit(spent.saturating_add(cap).min(self.max_nodes));
        let mut text = self.game.indices()[..self.game.len()].to_vec();
        text.extend_from_slice(&self.path);
        match self.search.wins_after(&text) {
            Ok(w) => {
                self.nodes[at].decide(w);
                true
            }
            Err(_) => {
                self.nodes[at].cap = cap;
                false
            }
        }
    }

    /// Gives `at` its children, each tried first with [`FIRST_CAP`] nodes; a child
    /// without a legal symbol is lost for its mover.
    fn expand(&mut self, at: usize) {
        self.path_to(at);
        let mut position = self.game.clone();
        let rules = self.game.rules().clone();
        for &s in &self.path {
            if position.play(PnutMove(rules.symbol(s))).is_err() {
                // Not reached: the path's symbols were legal. Never selected again.
                debug_assert!(false, "an illegal symbol in the tree");
                let n = &mut self.nodes[at];
                (n.pn, n.dn) = (INF - 1, INF - 1);
                return;
            }
        }
        let legal = position.legal_indices();
        if legal.is_empty() {
            self.nodes[at].decide(false);
            return;
        }
        let first = self.nodes.len();
        for &s in &legal {
            self.nodes.push(Node::leaf(at as u32, s));
        }
        self.nodes[at].first = first as u32;
        self.nodes[at].count = legal.len() as u8;
        for c in first..first + legal.len() {
            let mut child = position.clone();
            let stuck = child
                .play(PnutMove(rules.symbol(self.nodes[c].symbol)))
                .is_ok()
                && child.legal_indices().is_empty();
            if stuck {
                self.nodes[c].decide(false);
            } else {
                // (A failed look-up leaves the leaf's numbers at one.)
                self.try_prove(c, FIRST_CAP);
            }
            if self.nodes[c].value() == Some(false) {
                // One child lost for its mover decides the parent: the rest need no look-up.
                break;
            }
        }
        self.recompute(at);
    }

    /// `at`'s numbers from its children.
    fn recompute(&mut self, at: usize) {
        let n = self.nodes[at];
        if n.count == 0 {
            return;
        }
        let children = &self.nodes[n.first as usize..n.first as usize + usize::from(n.count)];
        let pn = children.iter().map(|c| c.dn).min().unwrap_or(INF);
        let dn = children.iter().fold(0u32, |sum, c| {
            if c.pn == INF {
                INF
            } else {
                sum.saturating_add(c.pn)
            }
        });
        let node = &mut self.nodes[at];
        node.pn = pn;
        node.dn = dn;
        let decided = match (pn, dn) {
            (0, _) => Some(true),
            (_, 0) => Some(false),
            _ => None,
        };
        if let Some(wins) = decided {
            node.decide(wins);
            // Into the table too: the next turn starts two plies down this tree, and
            // the win/loss search there knows only what is in its table.
            self.path_to(at);
            let mut text = self.game.indices()[..self.game.len()].to_vec();
            text.extend_from_slice(&self.path);
            let work = self.search.nodes;
            self.search
                .set_node_limit(work.saturating_add(RECORD_CAP).min(self.max_nodes));
            self.search.record_after(&text, wins, work);
        }
    }

    /// The numbers of `at`'s ancestors again, up to the root.
    fn update_from(&mut self, mut at: usize) {
        while at != 0 {
            at = self.nodes[at].parent as usize;
            self.recompute(at);
        }
    }

    /// The most-proving leaf: from the root, the child with the least `dn` each time.
    fn most_proving(&self) -> usize {
        let mut at = 0usize;
        loop {
            let n = self.nodes[at];
            if n.count == 0 {
                return at;
            }
            let children = n.first as usize..n.first as usize + usize::from(n.count);
            at = children
                .filter(|&c| self.nodes[c].value().is_none())
                .min_by_key(|&c| self.nodes[c].dn)
                .unwrap_or(n.first as usize);
        }
    }

    fn root_values(&self) -> Vec<RootValue> {
        let root = self.nodes[0];
        (root.first as usize..root.first as usize + usize::from(root.count))
            .map(|c| {
                let n = self.nodes[c];
                let refuted = (n.count > 0).then(|| {
                    let replies =
                        &self.nodes[n.first as usize..n.first as usize + usize::from(n.count)];
                    Traps {
                        losing_replies: replies.iter().filter(|r| r.value() == Some(false)).count()
                            as u32,
                        replies: u32::from(n.count),
                    }
                });
                RootValue {
                    symbol: n.symbol,
                    opponent_wins: n.value(),
                    to_prove: n.dn,
                    refuted,
                }
            })
            .collect()
    }
}

#[cfg(test)]
#[path = "pns_tests.rs"]
mod tests;
