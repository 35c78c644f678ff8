//! Who wins, without distances: an exact win/loss search with the reductions of issue
//! 17, for graphs whose edges one fixed-width set holds ([`Unused`]): at most 128
//! edges, and the two-symbol graph of 256 (01/l=8).
//!
//! The depth-bounded search (`search`) proves "won within d plies", which the exact
//! distances need; the winner alone needs none of it, and without a budget a position's
//! value is one bit that any reduction of the position keeps. So this search keys the
//! table by the reduced position ([`super::reduce`]): the token's component only; past
//! the first bridge, only the part before it and the value of the part after it (solved
//! first, once, as a game of its own); the least symbol relabelling. A component with
//! no odd cycle is decided by its edge count's parity with no search, forced moves are
//! followed without storing anything, the children are looked up in the table before
//! any is searched, and the move that leaves the opponent the fewest replies comes
//! first, then the one that won most often elsewhere ([`super::history`]).
//!
//! Every reduction can be switched off ([`Reductions`]): the tests check each one alone
//! against a plain negamax, and the measurements compare them.

use rustc_hash::FxHashMap;

use super::graph::Graph;
use super::history::History;
use super::reduce::{Component, RELABEL_MAX_K, Relabel};
use super::table::Table;
use super::unused::Unused;
use crate::game::pnut::Pnut;

/// Which reductions the search uses (all of them by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reductions {
    /// Key the part before the first bridge and the value of the part after it.
    pub bridges: bool,
    /// Decide a component with no odd cycle by its edge count.
    pub parity: bool,
    /// The least key over the symbol relabellings (up to 4 symbols).
    pub relabel: bool,
    /// Forced moves followed without storing; children looked up before searching.
    pub forced_and_lookup: bool,
    /// The move leaving the opponent the fewest replies first.
    pub ordering: bool,
    /// Then the edge that won most often where it was tried ([`super::history`]).
    pub history: bool,
}

impl Reductions {
    pub const ALL: Reductions = Reductions {
        bridges: true,
        parity: true,
        relabel: true,
        forced_and_lookup: true,
        ordering: true,
        history: true,
    };
    /// Only the component key (the reduction the depth-bounded search has too).
    pub const NONE: Reductions = Reductions {
        bridges: false,
        parity: false,
        relabel: false,
        forced_and_lookup: false,
        ordering: false,
        history: false,
    };
}

impl Default for Reductions {
    fn default() -> Self {
        Reductions::ALL
    }
}

/// A position's component and its first bridge (when bridges are on), computed once:
/// a child's, worked out to look it up in the table, serves again if it is searched.
#[derive(Clone, Copy)]
struct Reduced<E: Unused> {
    comp: Component<E>,
    bridge: Option<(u64, E)>,
}

/// The search stopped (its node limit or `stop`) before the value was known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// Table keys: the node field holds the token and what kind of key it is.
const KEY_COMPONENT: u64 = 0;
/// The part before the first bridge, the part after it lost for its mover.
const KEY_BEFORE_LOST: u64 = 1 << 8;
/// ... and won for its mover.
const KEY_BEFORE_WON: u64 = 2 << 8;

/// The win/loss search on one graph, on a table it borrows (so that what it proves
/// outlives it, e.g. for a checkpoint), with the unused edges as an `E` (a `u128` up to
/// 128 edges, see [`Unused`]).
pub struct Outcome<'a, E: Unused = u128> {
    g: Graph,
    red: Reductions,
    relabel: Option<Relabel>,
    table: &'a mut Table,
    /// The unused edges now.
    unused: E,
    /// Nodes searched.
    pub nodes: u64,
    node_limit: u64,
    stop: &'a dyn Fn() -> bool,
    /// Values of opening strings (fewer than l-1 symbols), by canonical string.
    openings: FxHashMap<Vec<u8>, bool>,
    history: History,
}

impl<'a> Outcome<'a> {
    /// A search on `g` (at most 128 edges) with `table` (its own: its keys mean
    /// something else than the depth-bounded search's).
    pub fn new(
        g: Graph,
        red: Reductions,
        table: &'a mut Table,
        stop: &'a dyn Fn() -> bool,
    ) -> Self {
        Outcome::of_width(g, red, table, stop)
    }
}

impl<'a, E: Unused> Outcome<'a, E> {
    /// A search on `g`, which `E` must hold ([`Unused::fits`]), with `table` (its own:
    /// its keys mean something else than the depth-bounded search's, and than another
    /// width's).
    pub fn of_width(
        g: Graph,
        red: Reductions,
        table: &'a mut Table,
        stop: &'a dyn Fn() -> bool,
    ) -> Self {
        assert!(E::fits(&g), "the edge set does not hold the graph");
        Outcome {
            relabel: (red.relabel && g.k <= RELABEL_MAX_K).then(|| Relabel::new(&g)),
            g,
            red,
            table,
            unused: E::all(&g),
            nodes: 0,
            node_limit: u64::MAX,
            stop,
            openings: FxHashMap::default(),
            history: History::new(g.edges),
        }
    }

    pub fn graph(&self) -> Graph {
        self.g
    }

    /// Stops once `nodes` passes `limit`.
    pub fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
    }

    /// Whether the player to move after `text` (symbol indices, a legal string of this
    /// graph's rules) wins.
    pub fn wins_after(&mut self, text: &[u8]) -> Result<bool, Stopped> {
        let l = self.g.l as usize;
        if text.len() + 1 < l {
            return self.opening(&super::canonical(text));
        }
        let cur = self.set_position(text);
        self.wins(cur)
    }

    /// Records in the table that the player to move after `text` wins (or loses), as
    /// another search proved it (the proof-number search above this one,
    /// [`super::pns`]), with `work` nodes for the table's replacement order. Only where
    /// the search itself would store it: a position with two free edges or more, not
    /// decided by its parity; the part past its first bridge is searched first if
    /// needed, within the node limit (not recorded if that stops).
    pub fn record_after(&mut self, text: &[u8], win: bool, work: u64) {
        let l = self.g.l as usize;
        if text.len() + 1 < l {
            return;
        }
        let cur = self.set_position(text);
        if self.free(cur).count_ones() < 2 {
            return;
        }
        let comp = self.unused.component(cur, &self.g);
        if self.red.parity && comp.bipartite {
            return;
        }
        let reduced = self.reduced(comp, cur);
        // The part past the first bridge is searched if the table does not know it
        // (as the search itself does before storing), within the node limit.
        if let Ok((key, node)) = self.key(&reduced, cur) {
            self.put(key, node, win, work);
        }
    }

    /// Makes `text` (at least l-1 symbols) the position: its l-grams used. Returns the
    /// token (its last l-1 symbols).
    fn set_position(&mut self, text: &[u8]) -> u64 {
        let l = self.g.l as usize;
        let k = u64::from(self.g.k);
        let code = |w: &[u8]| w.iter().fold(0u64, |a, &x| a * k + u64::from(x));
        self.unused = E::all(&self.g);
        for w in text.windows(l) {
            self.unused = self.unused.without(code(w));
        }
        code(&text[text.len() + 1 - l..])
    }

    /// Whether the player to move in `game` wins.
    pub fn wins_game(&mut self, game: &Pnut) -> Result<bool, Stopped> {
        self.wins_after(&game.indices()[..game.len()])
    }

    /// The opening: the string (canonical) has fewer than l-1 symbols; its children are
    /// canonical too (a new symbol is the next unused one).
    fn opening(&mut self, prefix: &[u8]) -> Result<bool, Stopped> {
        if let Some(&v) = self.openings.get(prefix) {
            return Ok(v);
        }
        let next = super::next_canonical(prefix, self.g.k);
        let mut win = false;
        for c in 0..=next {
            let mut child = prefix.to_vec();
            child.push(c);
            if !self.wins_after(&child)? {
                win = true;
                break;
            }
        }
        self.openings.insert(prefix.to_vec(), win);
        Ok(win)
    }

    #[inline]
    fn free(&self, v: u64) -> u32 {
        self.unused.out(v, &self.g)
    }

    /// Whether the mover at `cur` wins with the unused edges `unused` (a position given
    /// as the graph sees it, for the certificate's walk, [`super::certify`]).
    pub fn wins_at(&mut self, unused: E, cur: u64) -> Result<bool, Stopped> {
        self.unused = unused;
        self.wins(cur)
    }

    /// [`Self::wins_at`] within `budget` more nodes: `None` when the budget ran out
    /// first (what it proved on the way stays in the table). `Err` only when `stop` (or
    /// a node limit set before) stopped it.
    pub fn wins_at_within(
        &mut self,
        unused: E,
        cur: u64,
        budget: u64,
    ) -> Result<Option<bool>, Stopped> {
        let limit = self.node_limit;
        self.node_limit = limit.min(self.nodes.saturating_add(budget));
        let r = self.wins_at(unused, cur);
        self.node_limit = limit;
        match r {
            Ok(win) => Ok(Some(win)),
            Err(Stopped) if self.nodes > limit || (self.stop)() => Err(Stopped),
            Err(Stopped) => Ok(None),
        }
    }

    /// Whether the mover at `cur` wins with the unused edges `self.unused`.
    pub fn wins(&mut self, cur: u64) -> Result<bool, Stopped> {
        self.wins_reduced(cur, None)
    }

    /// [`Self::wins`], given the position's component and bridge if already known.
    fn wins_reduced(&mut self, cur: u64, known: Option<Reduced<E>>) -> Result<bool, Stopped> {
        self.nodes += 1;
        if self.nodes > self.node_limit || (self.nodes & 4095 == 0 && (self.stop)()) {
            return Err(Stopped);
        }
        let k = u64::from(self.g.k);
        let free = self.free(cur);
        if free == 0 {
            return Ok(false);
        }
        if self.red.forced_and_lookup && free.count_ones() == 1 {
            let e = cur * k + u64::from(free.trailing_zeros());
            return Ok(!self.play(e)?);
        }
        // A move into a node left without free edges wins at once.
        let mut bits = free;
        while bits != 0 {
            let c = bits.trailing_zeros();
            bits &= bits - 1;
            let e = cur * k + u64::from(c);
            if self.free(self.g.head(e)) & !self.self_loop(cur, e) == 0 {
                return Ok(true);
            }
        }
        let reduced = match known {
            Some(r) => r,
            None => {
                let comp = self.unused.component(cur, &self.g);
                if self.red.parity && comp.bipartite {
                    return Ok(comp.edges.count() % 2 == 1);
                }
                self.reduced(comp, cur)
            }
        };
        let (key, node) = self.key(&reduced, cur)?;
        if let Some(entry) = self.table.get(key, node) {
            return Ok(entry.win);
        }
        let start = self.nodes;
        // (Rank, edge, the child's reduction once worked out): the lowest rank first.
        let mut moves = [(0u64, 0u64, None::<Reduced<E>>); 16];
        let mut n = 0;
        let mut bits = free;
        while bits != 0 {
            let c = bits.trailing_zeros();
            bits &= bits - 1;
            let e = cur * k + u64::from(c);
            let h = self.g.head(e);
            let replies = (self.free(h) & !self.self_loop(cur, e)).count_ones();
            let replies = if self.red.ordering { replies } else { 0 };
            let history = if self.red.history {
                self.history.rank(e)
            } else {
                0
            };
            moves[n] = (u64::from(replies) << 32 | history, e, None);
            n += 1;
        }
        let moves = &mut moves[..n];
        moves.sort_unstable_by_key(|m| (m.0, m.1));
        if self.red.forced_and_lookup {
            // A child already known lost for the opponent wins without a search.
            for m in moves.iter_mut() {
                let e = m.1;
                let h = self.g.head(e);
                self.unused = self.unused.without(e);
                // The child's value when the table or its parity knows it.
                let known = if self.free(h).count_ones() >= 2 {
                    let cc = self.unused.component(h, &self.g);
                    if self.red.parity && cc.bipartite {
                        Some(cc.edges.count() % 2 == 1)
                    } else {
                        let r = self.reduced(cc, h);
                        m.2 = Some(r);
                        self.key_known(&r, h)
                            .and_then(|(ck, cn)| self.table.get(ck, cn))
                            .map(|entry| entry.win)
                    }
                } else {
                    None
                };
                self.unused = self.unused.with(e);
                match known {
                    Some(false) => {
                        self.store(key, node, true, start);
                        return Ok(true);
                    }
                    // Won for the opponent: try it last.
                    Some(true) => m.0 = u64::MAX,
                    None => {}
                }
            }
            moves.sort_unstable_by_key(|m| (m.0, m.1));
        }
        for &(_, e, known) in moves.iter() {
            self.history.tried(e);
            if !self.play_reduced(e, known)? {
                self.history.won(e);
                self.store(key, node, true, start);
                return Ok(true);
            }
        }
        self.store(key, node, false, start);
        Ok(false)
    }

    /// The edge `e` (leaving `cur`) if it is a loop, as a bit of the head's free edges.
    #[inline]
    fn self_loop(&self, cur: u64, e: u64) -> u32 {
        if self.g.head(e) == cur {
            1 << (e - cur * u64::from(self.g.k))
        } else {
            0
        }
    }

    /// Plays `e` and returns whether the opponent then wins.
    fn play(&mut self, e: u64) -> Result<bool, Stopped> {
        self.play_reduced(e, None)
    }

    /// [`Self::play`], given the child's component and bridge if already known.
    fn play_reduced(&mut self, e: u64, known: Option<Reduced<E>>) -> Result<bool, Stopped> {
        self.unused = self.unused.without(e);
        let r = self.wins_reduced(self.g.head(e), known);
        self.unused = self.unused.with(e);
        r
    }

    /// The component with its first bridge, if bridges are on.
    fn reduced(&self, comp: Component<E>, cur: u64) -> Reduced<E> {
        let bridge = if self.red.bridges {
            E::first_bridge(&comp, cur, &self.g)
        } else {
            None
        };
        Reduced { comp, bridge }
    }

    /// The table key of the reduced position: past the first bridge, the part before
    /// it and the value of the part after it (searched first); relabelled.
    fn key(&mut self, r: &Reduced<E>, cur: u64) -> Result<(u128, u64), Stopped> {
        let mut set = r.comp.edges;
        let mut kind = KEY_COMPONENT;
        if let Some((b, before)) = r.bridge {
            let after_won = self.play(b)?;
            set = before;
            kind = if after_won {
                KEY_BEFORE_WON
            } else {
                KEY_BEFORE_LOST
            };
        }
        Ok(self.least(set, cur, kind))
    }

    /// The key of a child for a look-up only: `None` when it needs a search (the value
    /// past a bridge not in the table yet).
    fn key_known(&mut self, r: &Reduced<E>, cur: u64) -> Option<(u128, u64)> {
        let mut set = r.comp.edges;
        let mut kind = KEY_COMPONENT;
        if let Some((b, before)) = r.bridge {
            let h = self.g.head(b);
            self.unused = self.unused.without(b);
            let after = if self.free(h).count_ones() >= 2 {
                let ac = self.unused.component(h, &self.g);
                if self.red.parity && ac.bipartite {
                    Some(ac.edges.count() % 2 == 1)
                } else if self.red.bridges && E::first_bridge(&ac, h, &self.g).is_some() {
                    None
                } else {
                    let (ak, an) = self.least(ac.edges, h, KEY_COMPONENT);
                    self.table.get(ak, an).map(|e| e.win)
                }
            } else {
                None
            };
            self.unused = self.unused.with(b);
            set = before;
            kind = match after? {
                true => KEY_BEFORE_WON,
                false => KEY_BEFORE_LOST,
            };
        }
        Some(self.least(set, cur, kind))
    }

    /// The table key: the least relabelling's set (or its hash, see [`Unused::key`]),
    /// and its node with the key's kind.
    fn least(&self, set: E, cur: u64, kind: u64) -> (u128, u64) {
        let (set, node) = match &self.relabel {
            Some(r) => r.least(set, cur),
            None => (set, cur),
        };
        (set.key(), node | kind)
    }

    fn store(&mut self, key: u128, node: u64, win: bool, start: u64) {
        self.put(key, node, win, self.nodes - start);
    }

    /// Puts a value in the table, ranked for replacement by the `work` nodes it took.
    fn put(&mut self, key: u128, node: u64, win: bool, work: u64) {
        let work = (64 - work.leading_zeros()) as u8;
        self.table.put(
            key,
            node,
            |e| {
                e.win = win;
                e.hi = 0;
            },
            work,
        );
    }
}
