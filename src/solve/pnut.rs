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
//! of bounds (decided within hi, undecided within lo) with the unreachable edges
//! dropped from the key; enhanced transposition cutoffs; moves ordered by the
//! opponent's mobility; symbols not yet touched by any used edge are interchangeable
//! (only one of them is tried), and while the string is short the root's moves are
//! grouped by symbol relabelling.
//!
//! Beyond exact reach, moves left unproven are scored by Monte-Carlo playouts and the
//! analysis says how deep the proof search went.

use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use super::analysis::{Analysis, MoveValue, Verdict};
use super::policy;
use crate::config::Config;
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
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: None,
            max_millis: 5000,
            table_mib: 64,
        }
    }
}

impl Limits {
    pub fn from_config(config: &Config) -> Limits {
        Limits {
            max_depth: None,
            max_millis: config.solver.max_millis,
            table_mib: config.solver.table_mib,
        }
    }
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

/// A set of edges (l-grams by number).
pub trait EdgeSet: Clone {
    fn empty(edges: u64) -> Self;
    fn has(&self, e: u64) -> bool;
    fn insert(&mut self, e: u64);
    fn remove(&mut self, e: u64);
    /// Bit c set when edge `v*k + c` is used.
    fn out_used(&self, v: u64, k: u32) -> u32;
    /// Identifies the set (exactly for `u128`, by a 128-bit hash otherwise).
    fn key(&self) -> u128;
    /// The key of the state: the used edges plus the unused edges not reachable from
    /// `cur` (they can never be played). Defaults to `key`.
    fn state_key(&self, _cur: u64, _g: &Graph) -> u128 {
        self.key()
    }
}

impl EdgeSet for u128 {
    fn empty(_edges: u64) -> Self {
        0
    }
    #[inline]
    fn has(&self, e: u64) -> bool {
        self >> e & 1 == 1
    }
    #[inline]
    fn insert(&mut self, e: u64) {
        *self |= 1 << e;
    }
    #[inline]
    fn remove(&mut self, e: u64) {
        *self &= !(1 << e);
    }
    #[inline]
    fn out_used(&self, v: u64, k: u32) -> u32 {
        (self >> (v * u64::from(k))) as u32 & ((1 << k) - 1)
    }
    fn key(&self) -> u128 {
        *self
    }
    fn state_key(&self, cur: u64, g: &Graph) -> u128 {
        let k = g.k;
        let full = g.full;
        let mut reach: u64 = 1 << cur;
        let mut stack = [0u8; 64];
        stack[0] = cur as u8;
        let mut top = 1;
        let mut free_edges: u128 = 0;
        while top > 0 {
            top -= 1;
            let v = u64::from(stack[top]);
            let free = !self.out_used(v, k) & full;
            if free == 0 {
                continue;
            }
            free_edges |= u128::from(free) << (v * u64::from(k));
            let mut bits = free;
            while bits != 0 {
                let c = bits.trailing_zeros();
                bits &= bits - 1;
                let h = (v * u64::from(k) + u64::from(c)) % g.nodes;
                if reach >> h & 1 == 0 {
                    reach |= 1 << h;
                    stack[top] = h as u8;
                    top += 1;
                }
            }
        }
        !free_edges & g.all_edges
    }
}

/// An edge set of any size, with an incremental 128-bit hash.
#[derive(Clone, Debug)]
pub struct BigSet {
    words: Vec<u64>,
    hash: u128,
}

fn edge_hash(e: u64) -> u128 {
    let a = splitmix(e.wrapping_mul(2).wrapping_add(1));
    let b = splitmix(a ^ 0x5851_f42d_4c95_7f2d);
    (u128::from(a) << 64) | u128::from(b)
}

impl EdgeSet for BigSet {
    fn empty(edges: u64) -> Self {
        BigSet {
            words: vec![0; edges.div_ceil(64) as usize + 1],
            hash: 0,
        }
    }
    fn has(&self, e: u64) -> bool {
        self.words[(e / 64) as usize] >> (e % 64) & 1 == 1
    }
    fn insert(&mut self, e: u64) {
        if !self.has(e) {
            self.words[(e / 64) as usize] |= 1 << (e % 64);
            self.hash ^= edge_hash(e);
        }
    }
    fn remove(&mut self, e: u64) {
        if self.has(e) {
            self.words[(e / 64) as usize] &= !(1 << (e % 64));
            self.hash ^= edge_hash(e);
        }
    }
    fn out_used(&self, v: u64, k: u32) -> u32 {
        let start = v * u64::from(k);
        let w = (start / 64) as usize;
        let off = start % 64;
        let mut bits = self.words[w] >> off;
        if off + u64::from(k) > 64 {
            bits |= self.words[w + 1] << (64 - off);
        }
        bits as u32 & ((1 << k) - 1)
    }
    fn key(&self) -> u128 {
        self.hash
    }
}

/// The de Bruijn graph B(k, l-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Graph {
    pub k: u32,
    pub l: u32,
    pub nodes: u64,
    pub edges: u64,
    /// The k low bits.
    full: u32,
    /// Every edge, when there are at most 128.
    all_edges: u128,
}

impl Graph {
    pub fn new(k: usize, l: usize) -> Graph {
        let nodes = (k as u64).pow(l as u32 - 1);
        let edges = nodes * k as u64;
        Graph {
            k: k as u32,
            l: l as u32,
            nodes,
            edges,
            full: (1 << k) - 1,
            all_edges: if edges >= 128 {
                u128::MAX
            } else {
                (1u128 << edges) - 1
            },
        }
    }

    #[inline]
    pub fn head(&self, e: u64) -> u64 {
        e % self.nodes
    }

    /// The symbols of an edge (l-gram), as a bit mask.
    fn edge_symbols(&self, e: u64) -> u32 {
        let k = u64::from(self.k);
        let mut mask = 0;
        let mut c = e;
        for _ in 0..self.l {
            mask |= 1 << (c % k);
            c /= k;
        }
        mask
    }

    /// The symbols of a node (l-1 symbols), as a bit mask.
    fn node_symbols(&self, v: u64) -> u32 {
        let k = u64::from(self.k);
        let mut mask = 0;
        let mut c = v;
        for _ in 1..self.l {
            mask |= 1 << (c % k);
            c /= k;
        }
        mask
    }
}

const NONE: u16 = u16::MAX;

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u128,
    node: u32,
    /// Decided within `hi` plies (`NONE`: not known).
    hi: u16,
    /// Not decided within `lo` plies.
    lo: u16,
    win: bool,
    best: u8,
    /// log2 of the nodes searched to make this entry, for replacement.
    work: u8,
    used: bool,
}

const EMPTY: Entry = Entry {
    key: 0,
    node: 0,
    hi: NONE,
    lo: 0,
    win: false,
    best: u8::MAX,
    work: 0,
    used: false,
};

/// The transposition table: buckets of four entries, the least work replaced.
struct Table {
    entries: Vec<Entry>,
    mask: usize,
    stored: u64,
}

const BUCKET: usize = 4;

impl Table {
    fn new(mib: u32) -> Table {
        let bytes = (mib.max(1) as usize) << 20;
        let want = (bytes / std::mem::size_of::<Entry>()).max(BUCKET * 16);
        // The largest power of two that fits in the size asked for.
        let buckets = 1usize << (usize::BITS - 1 - (want / BUCKET).leading_zeros());
        let buckets = buckets.max(16);
        Table {
            entries: vec![EMPTY; buckets * BUCKET],
            mask: buckets - 1,
            stored: 0,
        }
    }

    fn bucket(&self, key: u128, node: u64) -> usize {
        let h = mix(key as u64 ^ mix((key >> 64) as u64 ^ node.wrapping_mul(0x9e37_79b9)));
        (h as usize & self.mask) * BUCKET
    }

    fn get(&self, key: u128, node: u64) -> Option<&Entry> {
        let b = self.bucket(key, node);
        self.entries[b..b + BUCKET]
            .iter()
            .find(|e| e.used && e.key == key && u64::from(e.node) == node)
    }

    fn put(&mut self, key: u128, node: u64, f: impl FnOnce(&mut Entry), work: u8) {
        let b = self.bucket(key, node);
        let slots = &mut self.entries[b..b + BUCKET];
        let i = match slots
            .iter()
            .position(|e| e.used && e.key == key && u64::from(e.node) == node)
        {
            Some(i) => i,
            None => {
                let i = (0..BUCKET)
                    .min_by_key(|&i| (slots[i].used, slots[i].work))
                    .unwrap_or(0);
                if !slots[i].used {
                    self.stored += 1;
                }
                slots[i] = Entry {
                    key,
                    node: node as u32,
                    used: true,
                    ..EMPTY
                };
                i
            }
        };
        let e = &mut slots[i];
        e.work = e.work.max(work);
        f(e);
    }
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Search statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub nodes: u64,
    /// Transposition-table entries in use.
    pub stored: u64,
    pub table_bytes: u64,
}

/// The proof search over one game's graph.
pub struct Searcher<'a, S: EdgeSet> {
    pub g: Graph,
    used: S,
    /// How many used edges contain each symbol (for the fresh-symbol symmetry).
    touched: [u32; 16],
    table: Table,
    pub nodes: u64,
    stop: &'a dyn Fn() -> bool,
    stopped: bool,
    prefix_memo: FxHashMap<(Vec<u8>, u32), Res>,
}

impl<'a, S: EdgeSet> Searcher<'a, S> {
    pub fn new(g: Graph, table_mib: u32, stop: &'a dyn Fn() -> bool) -> Self {
        Searcher {
            g,
            used: S::empty(g.edges),
            touched: [0; 16],
            table: Table::new(table_mib),
            nodes: 0,
            stop,
            stopped: false,
            prefix_memo: FxHashMap::default(),
        }
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Searches again after a stop (a time slice ran out).
    pub fn resume(&mut self) {
        self.stopped = false;
    }

    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            stored: self.table.stored,
            table_bytes: (self.table.entries.len() * std::mem::size_of::<Entry>()) as u64,
        }
    }

    fn mark(&mut self, e: u64) {
        self.used.insert(e);
        let mut m = self.g.edge_symbols(e);
        while m != 0 {
            self.touched[m.trailing_zeros() as usize] += 1;
            m &= m - 1;
        }
    }

    fn unmark(&mut self, e: u64) {
        self.used.remove(e);
        let mut m = self.g.edge_symbols(e);
        while m != 0 {
            self.touched[m.trailing_zeros() as usize] -= 1;
            m &= m - 1;
        }
    }

    /// Replaces the used edges by those of `game` (which must have this graph).
    pub fn load(&mut self, game: &Pnut) {
        self.used = S::empty(self.g.edges);
        self.touched = [0; 16];
        for code in game.used_grams() {
            self.mark(code);
        }
    }

    #[inline]
    fn free(&self, v: u64) -> u32 {
        !self.used.out_used(v, self.g.k) & self.g.full
    }

    /// The symbols not in any used edge nor in node `cur`: swapping two of them maps
    /// the state to itself, so moves to them are equivalent.
    fn fresh(&self, cur: u64) -> u32 {
        let mut mask = 0;
        for c in 0..self.g.k {
            if self.touched[c as usize] == 0 {
                mask |= 1 << c;
            }
        }
        mask & !self.g.node_symbols(cur)
    }

    /// Is the position with the mover at `cur` decided within `budget` plies?
    pub fn search(&mut self, cur: u64, budget: u32) -> Res {
        self.nodes += 1;
        if self.nodes & 4095 == 0 && (self.stop)() {
            self.stopped = true;
        }
        if self.stopped {
            return Res::Unknown;
        }
        let free = self.free(cur);
        if free == 0 {
            return Res::Loss(0);
        }
        if budget == 0 {
            return Res::Unknown;
        }
        let k = u64::from(self.g.k);
        if free.count_ones() == 1 {
            // A forced move: no branching, no table.
            let e = cur * k + u64::from(free.trailing_zeros());
            self.mark(e);
            let r = self.search(self.g.head(e), budget - 1);
            self.unmark(e);
            return r.flip();
        }
        // A move into a node left without free edges wins at once.
        let mut bits = free;
        while bits != 0 {
            let c = bits.trailing_zeros();
            bits &= bits - 1;
            let e = cur * k + u64::from(c);
            let h = self.g.head(e);
            let mut hf = self.free(h);
            if h == cur {
                hf &= !(1 << c);
            }
            if hf == 0 {
                return Res::Win(1);
            }
        }
        if budget <= 2 {
            // Not a win in 1; a loss in 2 needs every reply to win at once.
            if budget == 2 && self.all_replies_win_at_once(cur, free) {
                return Res::Loss(2);
            }
            return Res::Unknown;
        }
        let key = self.used.state_key(cur, &self.g);
        let mut tt_best = u8::MAX;
        if let Some(e) = self.table.get(key, cur) {
            if e.hi != NONE && u32::from(e.hi) <= budget {
                let d = u32::from(e.hi);
                return if e.win { Res::Win(d) } else { Res::Loss(d) };
            }
            if budget <= u32::from(e.lo) {
                return Res::Unknown;
            }
            tt_best = e.best;
        }
        let start_nodes = self.nodes;
        // Moves: one of the fresh symbols only; ordered by the opponent's mobility.
        let fresh = self.fresh(cur);
        let mut moves = [(0u32, 0u32); 16];
        let mut n = 0;
        let mut fresh_taken = false;
        let mut bits = free;
        while bits != 0 {
            let c = bits.trailing_zeros();
            bits &= bits - 1;
            if fresh >> c & 1 == 1 {
                if fresh_taken {
                    continue;
                }
                fresh_taken = true;
            }
            let e = cur * k + u64::from(c);
            let h = self.g.head(e);
            let mut hf = self.free(h);
            if h == cur {
                hf &= !(1 << c);
            }
            let order = if c == u32::from(tt_best) {
                0
            } else {
                1 + hf.count_ones()
            };
            moves[n] = (order, c);
            n += 1;
        }
        let moves = &mut moves[..n];
        moves.sort_unstable();
        // Enhanced transposition cutoff: a child already known lost for the opponent.
        if budget >= ETC_BUDGET {
            for &(_, c) in moves.iter() {
                let e = cur * k + u64::from(c);
                let h = self.g.head(e);
                self.used.insert(e);
                let child = self.used.state_key(h, &self.g);
                self.used.remove(e);
                if let Some(entry) = self.table.get(child, h)
                    && !entry.win
                    && entry.hi != NONE
                    && u32::from(entry.hi) < budget
                {
                    let d = u32::from(entry.hi) + 1;
                    self.store(key, cur, Res::Win(d), budget, c as u8, start_nodes);
                    return Res::Win(d);
                }
            }
        }
        let mut unknown = false;
        let mut longest = 0;
        let mut best = moves[0].1 as u8;
        for &(_, c) in moves.iter() {
            let e = cur * k + u64::from(c);
            self.mark(e);
            let r = self.search(self.g.head(e), budget - 1);
            self.unmark(e);
            if self.stopped {
                return Res::Unknown;
            }
            match r {
                Res::Loss(d) => {
                    self.store(key, cur, Res::Win(d + 1), budget, c as u8, start_nodes);
                    return Res::Win(d + 1);
                }
                Res::Win(d) => {
                    if d >= longest {
                        longest = d;
                        if !unknown {
                            best = c as u8;
                        }
                    }
                }
                Res::Unknown => {
                    if !unknown {
                        best = c as u8;
                    }
                    unknown = true;
                }
            }
        }
        let r = if unknown {
            Res::Unknown
        } else {
            Res::Loss(longest + 1)
        };
        self.store(key, cur, r, budget, best, start_nodes);
        r
    }

    fn all_replies_win_at_once(&mut self, cur: u64, free: u32) -> bool {
        let k = u64::from(self.g.k);
        let mut bits = free;
        // Edges go in and out of the search's own set: a copy would cost the whole set
        // (megabytes at k=10, l=8) at every node two plies from the horizon.
        while bits != 0 {
            let c = bits.trailing_zeros();
            bits &= bits - 1;
            let e = cur * k + u64::from(c);
            self.used.insert(e);
            let h = self.g.head(e);
            // The opponent at h wins at once if some free edge of h leads to a dead node.
            let hfree = !self.used.out_used(h, self.g.k) & self.g.full;
            let mut wins = false;
            let mut rb = hfree;
            while rb != 0 {
                let c2 = rb.trailing_zeros();
                rb &= rb - 1;
                let e2 = h * k + u64::from(c2);
                let h2 = self.g.head(e2);
                let mut f2 = !self.used.out_used(h2, self.g.k) & self.g.full;
                if h2 == h {
                    f2 &= !(1 << c2);
                }
                if f2 == 0 {
                    wins = true;
                    break;
                }
            }
            self.used.remove(e);
            if !wins {
                return false;
            }
        }
        true
    }

    fn store(&mut self, key: u128, cur: u64, r: Res, budget: u32, best: u8, start: u64) {
        let work = (64 - (self.nodes - start).leading_zeros()) as u8;
        self.table.put(
            key,
            cur,
            |e| {
                match r {
                    Res::Win(d) | Res::Loss(d) => {
                        let d = d.min(u32::from(NONE) - 1) as u16;
                        if e.hi == NONE || d < e.hi {
                            e.hi = d;
                            e.win = matches!(r, Res::Win(_));
                        }
                    }
                    Res::Unknown => e.lo = e.lo.max(budget.min(u32::from(NONE) - 1) as u16),
                }
                e.best = best;
            },
            work,
        );
    }

    /// The value of a position in the opening, before the string has l-1 symbols:
    /// `prefix` is canonical (symbols numbered in order of first appearance).
    pub fn search_prefix(&mut self, prefix: &[u8], budget: u32) -> Res {
        let l = self.g.l as usize;
        if prefix.len() + 1 == l {
            let node = prefix
                .iter()
                .fold(0u64, |a, &s| a * u64::from(self.g.k) + u64::from(s));
            return self.search(node, budget);
        }
        if budget == 0 {
            return Res::Unknown;
        }
        if let Some(&r) = self.prefix_memo.get(&(prefix.to_vec(), budget)) {
            return r;
        }
        let next = prefix
            .iter()
            .max()
            .map_or(0, |&m| m + 1)
            .min(self.g.k as u8 - 1);
        let mut unknown = false;
        let mut longest = 0;
        let mut child = prefix.to_vec();
        child.push(0);
        for c in 0..=next {
            *child.last_mut().unwrap_or(&mut 0) = c;
            let r = self.search_prefix(&child, budget - 1);
            if self.stopped {
                return Res::Unknown;
            }
            match r {
                Res::Loss(d) => {
                    let r = Res::Win(d + 1);
                    self.prefix_memo.insert((prefix.to_vec(), budget), r);
                    return r;
                }
                Res::Win(d) => longest = longest.max(d),
                Res::Unknown => unknown = true,
            }
        }
        let r = if unknown {
            Res::Unknown
        } else {
            Res::Loss(longest + 1)
        };
        self.prefix_memo.insert((prefix.to_vec(), budget), r);
        r
    }

    /// The value for its mover of the game after `game`'s mover writes symbol `s`
    /// (legal), within `budget` plies. The used edges must be `game`'s (see `load`).
    pub fn child(&mut self, game: &Pnut, s: u8, budget: u32) -> Res {
        let l = self.g.l as usize;
        if game.len() + 1 < l {
            let mut text = game.indices().to_vec();
            text.push(s);
            return self.search_prefix(&canonical(&text), budget);
        }
        match game.gram_after(s) {
            Some(e) => {
                self.mark(e);
                let r = self.search(self.g.head(e), budget);
                self.unmark(e);
                r
            }
            // Unreachable: with l-1 symbols or more every move completes an l-gram.
            None => Res::Unknown,
        }
    }
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
    pub stats: Stats,
    pub elapsed: Duration,
    /// When the verdict was first proven (before the distances were made exact), and
    /// the nodes searched by then.
    pub proof: Option<(Duration, u64)>,
}

/// Analyses `game` (two players) under `limits`, calling `report` with every improved
/// analysis; `stop` is polled often. Returns the last analysis and statistics.
pub fn analyse(
    game: &Pnut,
    limits: &Limits,
    stop: &dyn Fn() -> bool,
    report: &mut dyn FnMut(&Analysis<PnutMove>),
) -> Solved {
    let g = Graph::new(game.rules().k(), game.rules().length());
    if g.edges <= 128 {
        run::<u128>(game, g, limits, stop, report)
    } else {
        run::<BigSet>(game, g, limits, stop, report)
    }
}

/// A one-shot analysis with no streaming and no cancellation.
pub fn solve(game: &Pnut, limits: &Limits) -> Solved {
    analyse(game, limits, &|| false, &mut |_| {})
}

fn verdict_of(r: Res, exact_distance: bool) -> Verdict {
    let plies = r.distance().filter(|_| exact_distance);
    match r {
        Res::Win(_) => Verdict::Win { plies },
        Res::Loss(_) => Verdict::Loss { plies },
        Res::Unknown => Verdict::Unknown,
    }
}

struct RootMove {
    symbol: u8,
    /// Moves equivalent under symbol relabelling share one search: the first of them.
    same_as: Option<usize>,
    /// For the player making the move (the opponent's result, flipped).
    result: Res,
    exact_distance: bool,
    score: Option<i32>,
}

fn run<S: EdgeSet>(
    game: &Pnut,
    g: Graph,
    limits: &Limits,
    stop: &dyn Fn() -> bool,
    report: &mut dyn FnMut(&Analysis<PnutMove>),
) -> Solved {
    let started = Instant::now();
    let deadline = started + Duration::from_millis(limits.max_millis.max(1));
    let slice = std::cell::Cell::new(deadline);
    let timed_stop = || stop() || Instant::now() >= slice.get();
    let mut searcher: Searcher<S> = Searcher::new(g, limits.table_mib, &timed_stop);
    searcher.load(game);
    let legal = game.legal_indices();
    let rules = game.rules().clone();
    let mv = |s: u8| PnutMove(rules.symbol(s));
    if legal.is_empty() {
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
        return Solved {
            analysis,
            stats: searcher.stats(),
            elapsed: started.elapsed(),
            proof: Some((started.elapsed(), 1)),
        };
    }
    // Group moves that are the same up to relabelling while the string is short.
    let short = game.len() < 3 * rules.length();
    let mut roots: Vec<RootMove> = Vec::new();
    let mut keys: Vec<Vec<u8>> = Vec::new();
    for &s in &legal {
        let mut same_as = None;
        if short {
            let mut t = game.indices()[..game.len()].to_vec();
            t.push(s);
            let key = canonical(&t);
            same_as = keys.iter().position(|k| *k == key);
            keys.push(key);
        } else {
            keys.push(Vec::new());
        }
        roots.push(RootMove {
            symbol: s,
            same_as,
            result: Res::Unknown,
            exact_distance: false,
            score: None,
        });
    }
    let full = moves_left_bound(game).min(u64::from(MAX_BUDGET)) as u32;
    let cap = limits.max_depth.map_or(full, |d| d.clamp(1, full.max(1)));
    let mut depth_done = 0;
    let mut last: Option<Analysis<PnutMove>> = None;
    // A shallow look first (quick tactics to show), then straight for the whole game
    // with half the time (shallow iterations in between would only re-search the same
    // trees without proving anything), then deepening step by step with what is left.
    let mut plan = vec![8.min(cap)];
    if cap > 8 {
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
    for (step, &budget) in plan.iter().enumerate() {
        if budget <= depth_done && step > 0 {
            continue;
        }
        let sliced = step == 1;
        if sliced {
            let now = Instant::now();
            slice.set(now + deadline.saturating_duration_since(now) / 2);
        }
        let completed = iterate(&mut searcher, game, &mut roots, budget);
        if sliced {
            slice.set(deadline);
            if !completed && !stop() && Instant::now() < deadline {
                searcher.resume();
                continue;
            }
        }
        if !completed {
            break;
        }
        depth_done = budget;
        let all_decided = roots.iter().all(|m| m.result.decided());
        if !all_decided {
            score_unknown(&mut roots, game, &g);
        }
        if !all_decided || budget < cap {
            let a = build(&roots, &mv, depth_done, searcher.nodes, false);
            report(&a);
            last = Some(a);
        }
        if all_decided || budget >= cap {
            break;
        }
    }
    let proven = roots.iter().all(|m| m.result.decided())
        || roots.iter().any(|m| matches!(m.result, Res::Win(_)));
    let proof = proven.then(|| (started.elapsed(), searcher.nodes));
    // Tighten the distances of decided moves until they are exact: wins first (the
    // fastest one is what the player wants), then losses (the longest resistance).
    if !searcher.stopped() {
        let mut order: Vec<usize> = (0..roots.len())
            .filter(|&i| roots[i].same_as.is_none() && roots[i].result.decided())
            .collect();
        order.sort_by_key(|&i| !matches!(roots[i].result, Res::Win(_)));
        for i in order {
            tighten(&mut searcher, game, &mut roots[i]);
            if searcher.stopped() {
                break;
            }
        }
        for i in 0..roots.len() {
            if let Some(j) = roots[i].same_as {
                roots[i].result = roots[j].result;
                roots[i].exact_distance = roots[j].exact_distance;
            }
        }
    }
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
    Solved {
        analysis,
        stats: searcher.stats(),
        elapsed: started.elapsed(),
        proof,
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

/// Searches every undecided root move to `budget` plies. False when stopped.
fn iterate<S: EdgeSet>(
    searcher: &mut Searcher<S>,
    game: &Pnut,
    roots: &mut [RootMove],
    budget: u32,
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
                plies_at_most: if m.exact_distance {
                    None
                } else {
                    m.result.distance()
                },
                traps: None,
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

/// Playouts per unproven root move.
const PLAYOUTS: u32 = 64;
/// Plies per playout at most; longer ones count as half a win.
const PLAYOUT_PLIES: usize = 2000;

/// Scores each unproven root move by random playouts (a player wins at once when it
/// can, else writes a random legal symbol): the mover's win rate, scaled to -1000..1000.
fn score_unknown(roots: &mut [RootMove], game: &Pnut, g: &Graph) {
    let mut seed = splitmix(game.len() as u64 ^ 0x70_6e_75_74);
    for i in 0..roots.len() {
        if roots[i].result.decided() || roots[i].score.is_some() {
            continue;
        }
        if let Some(j) = roots[i].same_as {
            roots[i].score = roots[j].score;
            continue;
        }
        let mut sim = Playout::new(game, *g);
        let mut wins2 = 0u32; // in halves
        for _ in 0..PLAYOUTS {
            seed = splitmix(seed);
            wins2 += sim.play(roots[i].symbol, seed);
        }
        let rate = f64::from(wins2) / f64::from(2 * PLAYOUTS);
        roots[i].score = Some(((rate - 0.5) * 2000.0).round() as i32);
    }
}

/// Random games from a position, on a set of used l-grams that is undone after each.
struct Playout {
    g: Graph,
    used: FxHashMap<u64, ()>,
    base: Vec<u64>,
    start: Vec<u8>,
}

impl Playout {
    fn new(game: &Pnut, g: Graph) -> Playout {
        Playout {
            g,
            used: game.used_grams().map(|c| (c, ())).collect(),
            base: game.used_grams().collect(),
            start: game.indices()[..game.len()].to_vec(),
        }
    }

    /// Plays `first` then random moves; returns 2 if the player who wrote `first`
    /// wins, 0 if they lose, 1 if the playout ran too long.
    fn play(&mut self, first: u8, seed: u64) -> u32 {
        let k = u64::from(self.g.k);
        let l = self.g.l as usize;
        let mut rng = seed;
        let mut text = self.start.clone();
        let mut added = Vec::new();
        let mut sym = first;
        let mut plies = 0usize;
        let result;
        loop {
            // Write `sym`.
            if text.len() + 1 >= l {
                let code = text[text.len() + 1 - l..]
                    .iter()
                    .fold(0u64, |a, &x| a * k + u64::from(x))
                    * k
                    + u64::from(sym);
                self.used.insert(code, ());
                added.push(code);
            }
            text.push(sym);
            plies += 1;
            if plies > PLAYOUT_PLIES {
                result = 1;
                break;
            }
            // The next player's options.
            let legal: Vec<u8> = (0..self.g.k as u8)
                .filter(|&c| {
                    text.len() + 1 < l || {
                        let code = text[text.len() + 1 - l..]
                            .iter()
                            .fold(0u64, |a, &x| a * k + u64::from(x))
                            * k
                            + u64::from(c);
                        !self.used.contains_key(&code)
                    }
                })
                .collect();
            if legal.is_empty() {
                // The player who wrote last wins: plies odd means the first writer.
                result = if plies % 2 == 1 { 2 } else { 0 };
                break;
            }
            rng = splitmix(rng);
            sym = legal[(rng % legal.len() as u64) as usize];
        }
        for code in added {
            self.used.remove(&code);
        }
        debug_assert!(self.base.iter().all(|c| self.used.contains_key(c)));
        result
    }
}
