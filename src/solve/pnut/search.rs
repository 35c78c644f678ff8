//! The depth-bounded proof search.

use std::ops::ControlFlow;

use rustc_hash::FxHashMap;

use super::graph::{EdgeSet, Graph};
use super::table::{NONE, Table};
use super::{ETC_BUDGET, Res, canonical};
use crate::game::pnut::Pnut;

/// The values of opening positions (before the string has l-1 symbols), by canonical
/// prefix and budget: like the table's entries, facts about the position alone.
pub type PrefixMemo = FxHashMap<(Vec<u8>, u32), Res>;

/// The proof search over one game's graph, on a table and opening memo it borrows (so
/// that what it proves outlives it).
pub struct Searcher<'a, S: EdgeSet> {
    pub g: Graph,
    used: S,
    /// How many used edges contain each symbol (for the fresh-symbol symmetry).
    touched: [u32; 16],
    table: &'a mut Table,
    prefix_memo: &'a mut PrefixMemo,
    /// Nodes searched by this searcher.
    pub nodes: u64,
    /// The search stops once `nodes` passes this.
    node_limit: u64,
    stop: &'a dyn Fn() -> bool,
    stopped: bool,
}

impl<'a, S: EdgeSet> Searcher<'a, S> {
    pub fn new(
        g: Graph,
        table: &'a mut Table,
        prefix_memo: &'a mut PrefixMemo,
        stop: &'a dyn Fn() -> bool,
    ) -> Self {
        Searcher {
            g,
            used: S::empty(g.edges),
            touched: [0; 16],
            table,
            prefix_memo,
            nodes: 0,
            node_limit: u64::MAX,
            stop,
            stopped: false,
        }
    }

    /// Stops the search once `nodes` passes `limit` (a deterministic budget).
    pub fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Searches again after a stop (a time or node slice ran out).
    pub fn resume(&mut self) {
        self.stopped = false;
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

    /// Replaces the used edges by those of `text` (symbol indices, a legal string of
    /// this graph's rules): `load` without a game (for the unit tests).
    #[cfg(test)]
    pub fn load_text(&mut self, text: &[u8]) {
        self.used = S::empty(self.g.edges);
        self.touched = [0; 16];
        let k = u64::from(self.g.k);
        for w in text.windows(self.g.l as usize) {
            self.mark(w.iter().fold(0u64, |a, &x| a * k + u64::from(x)));
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
        if self.nodes > self.node_limit || (self.nodes & 4095 == 0 && (self.stop)()) {
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
        if free.count_ones() == 1 {
            // A forced move: no branching, no table.
            let e = cur * u64::from(self.g.k) + u64::from(free.trailing_zeros());
            self.mark(e);
            let r = self.search(self.g.head(e), budget - 1);
            self.unmark(e);
            return r.flip();
        }
        if self.wins_at_once(cur, free) {
            return Res::Win(1);
        }
        if budget <= 2 {
            // Not a win in 1; a loss in 2 needs every reply to win at once.
            if budget == 2 && self.all_replies_win_at_once(cur, free) {
                return Res::Loss(2);
            }
            return Res::Unknown;
        }
        let key = self.used.state_key(cur, &self.g);
        let tt_best = match self.probe(key, cur, budget) {
            ControlFlow::Break(r) => return r,
            ControlFlow::Continue(best) => best,
        };
        let start_nodes = self.nodes;
        let mut moves = [(0u32, 0u32); 16];
        let n = self.order_moves(cur, free, tt_best, &mut moves);
        let moves = &moves[..n];
        if budget >= ETC_BUDGET
            && let Some((c, d)) = self.lost_child(cur, moves, budget)
        {
            self.store(key, cur, Res::Win(d), budget, c as u8, start_nodes);
            return Res::Win(d);
        }
        let (r, best) = self.search_moves(cur, moves, budget);
        if self.stopped {
            return Res::Unknown;
        }
        self.store(key, cur, r, budget, best, start_nodes);
        r
    }

    /// The free edges of the node that symbol `c` written at `cur` leads to, once
    /// written (a loop back to `cur` uses one of them).
    #[inline]
    fn free_after(&self, cur: u64, c: u32) -> u32 {
        let e = cur * u64::from(self.g.k) + u64::from(c);
        let h = self.g.head(e);
        let mut hf = self.free(h);
        if h == cur {
            hf &= !(1 << c);
        }
        hf
    }

    /// Does one of the `free` moves at `cur` leave the opponent at a node without free
    /// edges (a win at once)?
    #[inline]
    fn wins_at_once(&self, cur: u64, free: u32) -> bool {
        let mut bits = free;
        while bits != 0 {
            let c = bits.trailing_zeros();
            bits &= bits - 1;
            if self.free_after(cur, c) == 0 {
                return true;
            }
        }
        false
    }

    /// What the table knows of the position (`key` at `cur`): breaks with its value
    /// when that is decided within `budget` plies, or with unknown when no
    /// decision within `budget` is possible; otherwise continues with the move the
    /// table found best (`u8::MAX`: none).
    #[inline]
    fn probe(&mut self, key: u128, cur: u64, budget: u32) -> ControlFlow<Res, u8> {
        let Some(e) = self.table.get(key, cur) else {
            return ControlFlow::Continue(u8::MAX);
        };
        if e.hi != NONE && u32::from(e.hi) <= budget {
            let d = u32::from(e.hi);
            return ControlFlow::Break(if e.win { Res::Win(d) } else { Res::Loss(d) });
        }
        if budget <= u32::from(e.lo) {
            return ControlFlow::Break(Res::Unknown);
        }
        ControlFlow::Continue(e.best)
    }

    /// The `free` moves at `cur` worth searching, written into `moves` as (order,
    /// symbol) and sorted: of the fresh symbols only one (they are equivalent), the
    /// table's best move first, then by the opponent's mobility. Returns how many.
    #[inline]
    fn order_moves(&self, cur: u64, free: u32, tt_best: u8, moves: &mut [(u32, u32); 16]) -> usize {
        let fresh = self.fresh(cur);
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
            let order = if c == u32::from(tt_best) {
                0
            } else {
                1 + self.free_after(cur, c).count_ones()
            };
            moves[n] = (order, c);
            n += 1;
        }
        moves[..n].sort_unstable();
        n
    }

    /// Enhanced transposition cutoff: the first of `moves` whose child the table
    /// already knows lost for the opponent in fewer than `budget` plies, with the
    /// distance of the win it gives.
    #[inline]
    fn lost_child(&mut self, cur: u64, moves: &[(u32, u32)], budget: u32) -> Option<(u32, u32)> {
        let k = u64::from(self.g.k);
        for &(_, c) in moves {
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
                return Some((c, u32::from(entry.hi) + 1));
            }
        }
        None
    }

    /// Searches `moves` in order: a win as soon as one leaves the opponent lost;
    /// otherwise a loss after the opponent's longest win, or unknown if some move is.
    /// Returns the value and the move for the table (the winning move, else the first
    /// unknown one, else the longest resistance). Unknown once stopped.
    #[inline]
    fn search_moves(&mut self, cur: u64, moves: &[(u32, u32)], budget: u32) -> (Res, u8) {
        let k = u64::from(self.g.k);
        let mut unknown = false;
        let mut longest = 0;
        let mut best = moves[0].1 as u8;
        for &(_, c) in moves {
            let e = cur * k + u64::from(c);
            self.mark(e);
            let r = self.search(self.g.head(e), budget - 1);
            self.unmark(e);
            if self.stopped {
                return (Res::Unknown, best);
            }
            match r {
                Res::Loss(d) => return (Res::Win(d + 1), c as u8),
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
        (r, best)
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
        let next = super::next_canonical(prefix, self.g.k);
        let mut unknown = false;
        let mut longest = 0;
        // The prefix and one more symbol, the last set in turn.
        let mut child = prefix.to_vec();
        child.push(0);
        let last = prefix.len();
        for c in 0..=next {
            child[last] = c;
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
