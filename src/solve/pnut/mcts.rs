//! The guess where nothing is proved: Monte-Carlo tree search with solver backups
//! (MCTS-Solver), on graphs of at most [`MAX_EDGES`] edges.
//!
//! Why a tree search and not flat playouts: a flat playout score says how a move fares
//! against random play; a tree concentrates its simulations on the replies a good
//! opponent would choose, so its percentage is a far better guess of the game's value.
//!
//! Why solver backups: Pnut-Butta is decided by who is stuck, and the end of the game is
//! often within reach of an exact search. A node with no legal move is lost for its
//! mover, one with a move that leaves the opponent stuck is won; a node with a child lost
//! for the child's mover is won, a node whose children are all won for their movers is
//! lost. Proven children are never selected again, so the simulations go where the
//! game is still open. A leaf prover ([`super::leaf`]: the win/loss search, on the
//! engine's table that lives for the whole match) is tried with a small node cap at
//! every new leaf, and again with a cap growing with the node's visits
//! each time they double: the proof effort follows the simulations, and what it proves
//! stays in the table for the next move.
//!
//! The tree is kept between moves ([`Tree::reroot`]): a win the tree has proved is still
//! proved after the opponent's reply, so a claimed win never slips.

use rand::{RngExt, SeedableRng};

use super::graph::{Graph, splitmix};
use super::leaf::Prover;
use crate::game::pnut::Pnut;
use crate::seeds::GameRng;

/// The largest graph the tree search plays on (the positions are four words of edges).
pub(super) const MAX_EDGES: u64 = 256;

/// The exploration constant of UCB1 (wins count 1, losses 0). (0.5 measured no better.)
const EXPLORATION: f32 = 1.0;

/// The leaf prover's node cap at a new leaf; a node tried again when its visits
/// double gets this many times its visits. (Measured on 01/l=7 from random openings,
/// 40 games each against the yardstick: 128 won 39, 32 won 37.)
///
/// On 01/l=7 at 200 ms a move this leaves only about a hundred simulations a move in
/// the first 40 plies (some 100 k prover nodes, nearly all failed proof attempts).
/// Proving no new leaf (only the immediate checks) and trying a node first at 32
/// visits with 16 nodes a visit gave about eight times as many simulations, but no
/// measurable gain: against the yardstick, 40 games a run at 200 ms, same seeds, from
/// the empty string 37-3, 38-2, 38-2, 36-4 (seeds 11-14) where this cap won 36-4,
/// 34-6, 38-2, 38-2, and from 8-symbol openings 37-3, 39-1 against 35-5, 40-0 (seeds
/// 21, 22); 38-2 on 012/l=4 and 39-1 on 0123/l=3. The simulations score the moves of the first 40
/// plies within a few points of 50% either way; in two lost games solved after the fact
/// the losing moves were at plies 17-23, in positions whose winner takes the win/loss
/// search 3-6 M nodes or more (`parlor solve pnut STRING --winner`).
const LEAF_CAP: u64 = 128;

/// The tree stops growing at this many nodes (16 bytes each); simulations go on from
/// its leaves.
const MAX_NODES: usize = 1 << 22;

/// Used edges of a graph of at most 256 edges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Bits([u64; 4]);

impl Bits {
    #[inline]
    fn set(&mut self, e: u64) {
        self.0[(e / 64) as usize] |= 1 << (e % 64);
    }

    /// Bit c set when edge `v*k + c` is used (k at most 16, so at most two words).
    #[inline]
    fn out(&self, v: u64, k: u32) -> u32 {
        let start = v * u64::from(k);
        let w = (start / 64) as usize;
        let off = start % 64;
        let mut bits = self.0[w] >> off;
        if off + u64::from(k) > 64 && w + 1 < 4 {
            bits |= self.0[w + 1] << (64 - off);
        }
        bits as u32 & ((1 << k) - 1)
    }
}

/// A position for the simulations: the used edges, the last l-1 symbols (fewer in the
/// opening) as a number, and the string's length.
#[derive(Clone, Copy, Debug)]
struct Pos {
    used: Bits,
    window: u64,
    len: u32,
}

impl Pos {
    fn of(game: &Pnut, g: &Graph) -> Pos {
        let mut pos = Pos {
            used: Bits::default(),
            window: 0,
            len: 0,
        };
        for &s in &game.indices()[..game.len()] {
            pos.play(s, g);
        }
        pos
    }

    /// The legal symbols, as a bit mask.
    #[inline]
    fn legal(&self, g: &Graph) -> u32 {
        if self.len + 1 < g.l {
            g.full
        } else {
            !self.used.out(self.window, g.k) & g.full
        }
    }

    #[inline]
    fn play(&mut self, c: u8, g: &Graph) {
        let next = self.window * u64::from(g.k) + u64::from(c);
        if self.len + 1 >= g.l {
            self.used.set(next);
            self.window = g.head(next);
        } else {
            self.window = next;
        }
        self.len += 1;
    }

    /// Whether writing `c` leaves the opponent without a legal symbol.
    #[inline]
    fn wins_at_once(&self, c: u8, g: &Graph) -> bool {
        if self.len + 1 < g.l {
            return false;
        }
        let e = self.window * u64::from(g.k) + u64::from(c);
        let h = g.head(e);
        let mut free = !self.used.out(h, g.k) & g.full;
        if h == self.window {
            free &= !(1 << c);
        }
        free == 0
    }

    /// Whether writing `c` lets the opponent win at once.
    fn hands_a_win(&self, c: u8, g: &Graph) -> bool {
        let mut after = *self;
        after.play(c, g);
        let mut bits = after.legal(g);
        while bits != 0 {
            let r = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            if after.wins_at_once(r, g) {
                return true;
            }
        }
        false
    }
}

/// One node: its children (a block of `count` nodes from `first`, 0 when not expanded),
/// the symbol that led to it, what is proved for its mover, and the simulations through
/// it with the wins of the player who moved into it.
#[derive(Clone, Copy, Debug)]
struct Node {
    first: u32,
    count: u8,
    symbol: u8,
    /// For the player to move here: 1 won, -1 lost, 0 not proved.
    proof: i8,
    visits: u32,
    wins: f32,
}

impl Node {
    fn new(symbol: u8) -> Node {
        Node {
            first: 0,
            count: 0,
            symbol,
            proof: 0,
            visits: 0,
            wins: 0.0,
        }
    }
}

/// The search tree, kept by the engine from one move to the next.
#[derive(Clone, Debug, Default)]
pub(super) struct Tree {
    nodes: Vec<Node>,
    /// The root's string (symbol indices).
    text: Vec<u8>,
}

impl Tree {
    /// Makes `text` the root, keeping the subtree below it when the old root's string
    /// is a prefix of it and the tree holds that line; starts afresh otherwise.
    pub(super) fn reroot(&mut self, text: &[u8]) {
        let mut at = Some(0usize).filter(|_| !self.nodes.is_empty());
        if text.len() < self.text.len() || text[..self.text.len()] != self.text[..] {
            at = None;
        }
        for &s in text.get(self.text.len()..).unwrap_or(&[]) {
            at = at.and_then(|i| {
                let n = self.nodes[i];
                (n.first..n.first + u32::from(n.count))
                    .map(|c| c as usize)
                    .find(|&c| self.nodes[c].symbol == s)
            });
        }
        self.text = text.to_vec();
        let Some(at) = at else {
            self.nodes = vec![Node::new(0)];
            return;
        };
        if at != 0 {
            self.keep_subtree(at);
        }
        // A root proved by the leaf prover alone does not say which move wins:
        // the search proves it again from its children (the table has them).
        let root = self.nodes[0];
        let children = &self.nodes[root.first as usize..][..usize::from(root.count)];
        let decided = if root.proof > 0 {
            children.iter().any(|c| c.proof < 0)
        } else {
            root.count > 0 && children.iter().all(|c| c.proof > 0)
        };
        if root.proof != 0 && !decided {
            self.nodes[0].proof = 0;
        }
    }

    /// Makes node `at` the root, with its subtree.
    fn keep_subtree(&mut self, at: usize) {
        // Copy the subtree breadth first, each block of children kept together.
        let old = std::mem::take(&mut self.nodes);
        let mut queue = vec![(at, 0usize)];
        self.nodes.push(old[at]);
        let mut next = 0;
        while next < queue.len() {
            let (from, to) = queue[next];
            next += 1;
            let n = old[from];
            if n.count == 0 {
                continue;
            }
            let first = self.nodes.len();
            self.nodes[to].first = first as u32;
            for c in 0..usize::from(n.count) {
                let child = n.first as usize + c;
                self.nodes.push(old[child]);
                queue.push((child, first + c));
            }
        }
    }

    /// Forgets everything.
    pub(super) fn clear(&mut self) {
        *self = Tree::default();
    }

    /// Whether the root is proved won for its mover.
    pub(super) fn root_won(&self) -> bool {
        self.nodes.first().is_some_and(|n| n.proof > 0)
    }
}

/// What the tree search knows about one root move, for the player making it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct MoveStat {
    pub(super) symbol: u8,
    /// Proved: whether the move wins.
    pub(super) wins: Option<bool>,
    /// Simulations through the move, and the share its player won.
    pub(super) visits: u32,
    pub(super) rate: f64,
}

/// Options of the simulations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Policy {
    /// A player never writes a symbol that lets the opponent win at once (when another
    /// symbol does not). Measured on 01/l=7 from random openings, 40 games each: 37 won
    /// with it, 36 without (within the noise; kept, as it makes the simulated games less
    /// random at their end, where they decide).
    pub(super) avoid_handing_wins: bool,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            avoid_handing_wins: true,
        }
    }
}

/// One run of the tree search on a kept tree, with a leaf prover when it has one.
pub(super) struct Mcts<'t, 'o> {
    g: Graph,
    tree: &'t mut Tree,
    root: Pos,
    prover: Option<&'t mut (dyn Prover + 'o)>,
    rng: GameRng,
    policy: Policy,
    /// Simulations run.
    pub(super) iterations: u64,
    path: Vec<usize>,
    text: Vec<u8>,
}

impl<'t, 'o> Mcts<'t, 'o> {
    /// A run at `game` (two players, a graph of at most [`MAX_EDGES`] edges) on `tree`,
    /// rerooted there; `seed` fixes the simulations.
    pub(super) fn new(
        game: &Pnut,
        g: Graph,
        tree: &'t mut Tree,
        prover: Option<&'t mut (dyn Prover + 'o)>,
        seed: u64,
    ) -> Self {
        debug_assert!(g.edges <= MAX_EDGES);
        let text = game.indices()[..game.len()].to_vec();
        tree.reroot(&text);
        let mut seed = splitmix(seed);
        for &s in &text {
            seed = splitmix(seed ^ u64::from(s));
        }
        Mcts {
            g,
            tree,
            root: Pos::of(game, &g),
            prover,
            rng: GameRng::seed_from_u64(seed),
            policy: Policy::default(),
            iterations: 0,
            path: Vec::new(),
            text,
        }
    }

    /// Marks root moves already proved (for the player making them).
    pub(super) fn know(&mut self, proved: &[(u8, bool)]) {
        self.expand(0, self.root);
        let n = self.tree.nodes[0];
        for c in n.first as usize..n.first as usize + usize::from(n.count) {
            let s = self.tree.nodes[c].symbol;
            if let Some(&(_, wins)) = proved.iter().find(|(m, _)| *m == s) {
                self.tree.nodes[c].proof = if wins { -1 } else { 1 };
            }
        }
        self.settle(0);
    }

    /// The nodes searched: simulations plus the leaf prover's nodes.
    pub(super) fn work(&self) -> u64 {
        self.iterations + self.prover.as_ref().map_or(0, |p| p.nodes())
    }

    /// Whether the root is proved (won or lost for its mover).
    pub(super) fn proved(&self) -> bool {
        self.tree.nodes[0].proof != 0
    }

    /// Simulates until the root is proved, `work` reaches `max_work`, or `stop` says so
    /// (polled every few simulations).
    pub(super) fn run(&mut self, max_work: u64, stop: &dyn Fn() -> bool) {
        while !self.proved() && self.work() < max_work {
            if self.iterations.is_multiple_of(16) && stop() {
                return;
            }
            self.iterate();
        }
    }

    /// With the root proved won: proves, for a winning move, every reply won for the
    /// root's mover with one winning move of its own, each by the leaf prover within
    /// `cap` nodes (the proof just made is in its table: mostly look-ups). The kept tree
    /// then answers the next turn, whatever the reply, without a search
    /// ([`Tree::reroot`] keeps a root proved by its children), and that turn secures the
    /// one after. A reply left unproved within the cap is left to the next turn's proof.
    pub(super) fn secure_win(&mut self, cap: u64) {
        let root = self.tree.nodes[0];
        let Some(c) = Self::children(root).find(|&i| self.tree.nodes[i].proof < 0) else {
            return;
        };
        let root_len = self.tree.text.len();
        let mut after = self.root;
        let s = self.tree.nodes[c].symbol;
        after.play(s, &self.g);
        self.text.truncate(root_len);
        self.text.push(s);
        self.expand(c, after);
        for r in Self::children(self.tree.nodes[c]) {
            let mut reply = after;
            let s = self.tree.nodes[r].symbol;
            reply.play(s, &self.g);
            self.text.truncate(root_len + 1);
            self.text.push(s);
            if self.tree.nodes[r].proof == 0 {
                match self.prove(&reply, cap) {
                    Some(true) => self.tree.nodes[r].proof = 1,
                    _ => continue,
                }
            }
            if self.tree.nodes[r].proof < 0 {
                continue;
            }
            self.expand(r, reply);
            for m in Self::children(self.tree.nodes[r]) {
                let n = self.tree.nodes[m];
                if n.proof < 0 {
                    break;
                }
                if n.proof > 0 {
                    continue;
                }
                let mut next = reply;
                next.play(n.symbol, &self.g);
                self.text.truncate(root_len + 2);
                self.text.push(n.symbol);
                match self.prove(&next, cap) {
                    Some(false) => {
                        self.tree.nodes[m].proof = -1;
                        break;
                    }
                    Some(true) => self.tree.nodes[m].proof = 1,
                    None => {}
                }
            }
        }
        self.text.truncate(root_len);
    }

    /// The indices of a node's children.
    fn children(n: Node) -> std::ops::Range<usize> {
        n.first as usize..n.first as usize + usize::from(n.count)
    }

    /// The root moves, for the player making them.
    pub(super) fn root_moves(&self) -> Vec<MoveStat> {
        let n = self.tree.nodes[0];
        (n.first as usize..n.first as usize + usize::from(n.count))
            .map(|c| {
                let child = self.tree.nodes[c];
                MoveStat {
                    symbol: child.symbol,
                    wins: match child.proof {
                        1 => Some(false),
                        -1 => Some(true),
                        _ => None,
                    },
                    visits: child.visits,
                    rate: if child.visits == 0 {
                        0.5
                    } else {
                        f64::from(child.wins) / f64::from(child.visits)
                    },
                }
            })
            .collect()
    }

    /// One simulation: down the tree by UCB1 to a new node, a proof attempt or a random
    /// game from there, and the result backed up with what it proved.
    fn iterate(&mut self) {
        self.iterations += 1;
        let root_len = self.tree.text.len();
        self.text.truncate(root_len);
        self.path.clear();
        self.path.push(0);
        let mut pos = self.root;
        let mut at = 0usize;
        // Whether the player to move at `at` wins.
        let result = loop {
            let node = self.tree.nodes[at];
            if node.proof != 0 {
                break node.proof > 0;
            }
            if node.visits == 0 && at != 0 {
                if let Some(w) = self.prove_new(&pos) {
                    self.tree.nodes[at].proof = if w { 1 } else { -1 };
                    break w;
                }
                break self.playout(pos);
            }
            // (Not at the root: its value alone would not say which move wins.)
            if at != 0 && node.visits >= 4 && node.visits.is_power_of_two() {
                let cap = LEAF_CAP.saturating_mul(u64::from(node.visits));
                if let Some(w) = self.prove(&pos, cap) {
                    self.tree.nodes[at].proof = if w { 1 } else { -1 };
                    break w;
                }
            }
            if node.first == 0 {
                if self.tree.nodes.len() + self.g.k as usize > MAX_NODES {
                    break self.playout(pos);
                }
                self.expand(at, pos);
                if self.tree.nodes[at].proof != 0 {
                    break self.tree.nodes[at].proof > 0;
                }
            }
            at = self.select(at);
            let s = self.tree.nodes[at].symbol;
            pos.play(s, &self.g);
            self.text.push(s);
            self.path.push(at);
        };
        self.backup(result);
    }

    /// A new leaf: stuck or winning at once, else the leaf prover's small cap.
    fn prove_new(&mut self, pos: &Pos) -> Option<bool> {
        let legal = pos.legal(&self.g);
        if legal == 0 {
            return Some(false);
        }
        let mut bits = legal;
        while bits != 0 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            if pos.wins_at_once(c, &self.g) {
                return Some(true);
            }
        }
        self.prove(pos, LEAF_CAP)
    }

    /// The leaf prover at the current line's end, within `cap` nodes.
    fn prove(&mut self, pos: &Pos, cap: u64) -> Option<bool> {
        let prover = self.prover.as_mut()?;
        if pos.len + 1 < self.g.l {
            return None;
        }
        prover.prove(&self.text, cap)
    }

    /// Gives `at` its children; a node without legal symbols is lost for its mover.
    fn expand(&mut self, at: usize, pos: Pos) {
        if self.tree.nodes[at].first != 0 {
            return;
        }
        let legal = pos.legal(&self.g);
        if legal == 0 {
            self.tree.nodes[at].proof = -1;
            return;
        }
        let first = self.tree.nodes.len();
        let mut bits = legal;
        let mut count = 0u8;
        while bits != 0 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let mut child = Node::new(c);
            if pos.wins_at_once(c, &self.g) {
                child.proof = -1;
            }
            self.tree.nodes.push(child);
            count += 1;
        }
        let node = &mut self.tree.nodes[at];
        node.first = first as u32;
        node.count = count;
        self.settle(at);
    }

    /// Proves `at` from its children when they decide it.
    fn settle(&mut self, at: usize) -> bool {
        let n = self.tree.nodes[at];
        if n.proof != 0 || n.first == 0 {
            return n.proof != 0;
        }
        let children = &self.tree.nodes[n.first as usize..n.first as usize + usize::from(n.count)];
        if children.iter().any(|c| c.proof < 0) {
            self.tree.nodes[at].proof = 1;
        } else if children.iter().all(|c| c.proof > 0) {
            self.tree.nodes[at].proof = -1;
        }
        self.tree.nodes[at].proof != 0
    }

    /// The unproved child with the best UCB1 value (an unvisited one first).
    fn select(&mut self, at: usize) -> usize {
        let n = self.tree.nodes[at];
        let log = (n.visits.max(1) as f32).ln();
        let mut best = (f32::NEG_INFINITY, n.first as usize);
        for c in n.first as usize..n.first as usize + usize::from(n.count) {
            let child = self.tree.nodes[c];
            if child.proof != 0 {
                continue;
            }
            if child.visits == 0 {
                return c;
            }
            let v = child.visits as f32;
            let ucb = child.wins / v + EXPLORATION * (log / v).sqrt();
            if ucb > best.0 {
                best = (ucb, c);
            }
        }
        best.1
    }

    /// Counts the simulation along the path (`result`: whether the mover at its last
    /// node won) and carries proofs up while they decide the parents.
    fn backup(&mut self, mut result: bool) {
        let mut proving = true;
        for i in (0..self.path.len()).rev() {
            let at = self.path[i];
            if proving && i + 1 < self.path.len() {
                proving = self.settle(at);
            }
            let node = &mut self.tree.nodes[at];
            node.visits += 1;
            if !result {
                node.wins += 1.0;
            }
            result = !result;
            proving &= node.proof != 0;
        }
    }

    /// A random game from `pos` (a player wins at once when it can, and, by the policy,
    /// does not let the opponent win at once when it can avoid it): whether the player
    /// to move at `pos` wins.
    fn playout(&mut self, mut pos: Pos) -> bool {
        let g = self.g;
        let mut first = true;
        loop {
            let legal = pos.legal(&g);
            if legal == 0 {
                return !first;
            }
            let mut safe = 0u32;
            let mut bits = legal;
            while bits != 0 {
                let c = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                if pos.wins_at_once(c, &g) {
                    return first;
                }
                if self.policy.avoid_handing_wins && !pos.hands_a_win(c, &g) {
                    safe |= 1 << c;
                }
            }
            let pool = if safe != 0 { safe } else { legal };
            let mut i = self.rng.random_range(0..pool.count_ones());
            let mut bits = pool;
            while i > 0 {
                bits &= bits - 1;
                i -= 1;
            }
            pos.play(bits.trailing_zeros() as u8, &g);
            first = !first;
        }
    }
}

#[cfg(test)]
#[path = "mcts_tests.rs"]
pub(super) mod tests;
