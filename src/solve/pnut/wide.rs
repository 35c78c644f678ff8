//! The unused edges of the two-symbol graph of 256 edges (01/l=8: 128 nodes) as two
//! `u128` words, with the component and first bridge on whole node sets at once, as
//! `reduce_binary` does for the graphs of at most 128 edges.
//!
//! With k = 2 and n = 128 nodes, edge e = 2t + c leaves node t and enters e mod 128:
//! the low word holds the edges out of nodes 0-63, the high word those out of nodes
//! 64-127, and the heads of a set of edges are its two words folded together.

use super::graph::{Graph, splitmix};
use super::reduce::Component;
use super::reduce_binary::{spread, tails};
use super::unused::Unused;

/// A set of up to 256 edges: `lo` holds edges 0-127, `hi` edges 128-255. (Ordered as
/// the 256-bit number, `hi` first.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct U256 {
    hi: u128,
    lo: u128,
}

impl U256 {
    const ALL: U256 = U256 {
        hi: u128::MAX,
        lo: u128::MAX,
    };

    #[inline(always)]
    fn and(self, o: U256) -> U256 {
        U256 {
            hi: self.hi & o.hi,
            lo: self.lo & o.lo,
        }
    }

    #[inline(always)]
    fn and_not(self, o: U256) -> U256 {
        U256 {
            hi: self.hi & !o.hi,
            lo: self.lo & !o.lo,
        }
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self.hi | self.lo == 0
    }

    #[inline(always)]
    fn bit(e: u64) -> U256 {
        if e < 128 {
            U256 { hi: 0, lo: 1 << e }
        } else {
            U256 {
                hi: 1 << (e - 128),
                lo: 0,
            }
        }
    }
}

/// The edges leaving the nodes `set` (node t: edges 2t and 2t + 1).
#[inline(always)]
fn spread_wide(set: u128) -> U256 {
    U256 {
        hi: spread((set >> 64) as u64),
        lo: spread(set as u64),
    }
}

/// The heads of the edges `set`: edge e enters e mod 128.
#[inline(always)]
fn heads_wide(set: U256) -> u128 {
    set.hi | set.lo
}

/// The tails of the edges `set`.
#[inline(always)]
fn tails_wide(set: U256) -> u128 {
    u128::from(tails(set.lo)) | u128::from(tails(set.hi)) << 64
}

/// The edges into the nodes `set`: v and v + 128.
#[inline(always)]
fn into_wide(set: u128) -> U256 {
    U256 { hi: set, lo: set }
}

impl Unused for U256 {
    type Nodes = u128;

    fn fits(g: &Graph) -> bool {
        g.k == 2 && g.edges == 256
    }
    #[inline]
    fn empty() -> Self {
        U256::default()
    }
    fn all(_g: &Graph) -> Self {
        U256::ALL
    }
    #[inline(always)]
    fn with(self, e: u64) -> Self {
        let b = U256::bit(e);
        U256 {
            hi: self.hi | b.hi,
            lo: self.lo | b.lo,
        }
    }
    #[inline(always)]
    fn without(self, e: u64) -> Self {
        self.and_not(U256::bit(e))
    }
    #[inline(always)]
    fn out(self, v: u64, _g: &Graph) -> u32 {
        let word = if v < 64 { self.lo } else { self.hi };
        (word >> (2 * (v % 64))) as u32 & 3
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.hi.count_ones() + self.lo.count_ones()
    }
    #[inline]
    fn pop(&mut self) -> Option<u64> {
        if self.lo != 0 {
            let e = u64::from(self.lo.trailing_zeros());
            self.lo &= self.lo - 1;
            Some(e)
        } else if self.hi != 0 {
            let e = u64::from(self.hi.trailing_zeros());
            self.hi &= self.hi - 1;
            Some(128 + e)
        } else {
            None
        }
    }
    fn reversed(self, width: u32) -> Self {
        debug_assert_eq!(width, 256);
        U256 {
            hi: self.lo.reverse_bits(),
            lo: self.hi.reverse_bits(),
        }
    }
    /// Two 64-bit hashes of the four words, chained with different seeds: a collision
    /// between two sets is as unlikely as one of 128 random bits.
    #[inline]
    fn key(self) -> u128 {
        let words = [self.lo as u64, (self.lo >> 64) as u64, self.hi as u64, {
            (self.hi >> 64) as u64
        }];
        let chain = |seed: u64| words.iter().fold(seed, |h, &w| splitmix(h ^ w));
        u128::from(chain(0x6c_38_77_69_64_65)) << 64 | u128::from(chain(0x3c_a5_c3_96_5a_0f_e1_d2))
    }
    fn component(self, cur: u64, _g: &Graph) -> Component<Self> {
        let mut reach: u128 = 1 << cur;
        // The nodes at an even and at an odd distance from the token.
        let mut sides = [reach, 0];
        let mut layer = reach;
        let mut odd = 1;
        loop {
            let next = heads_wide(spread_wide(layer).and(self)) & !reach;
            if next == 0 {
                break;
            }
            reach |= next;
            sides[odd] |= next;
            odd ^= 1;
            layer = next;
        }
        // Connected, so two-colourable exactly when the distance parities are a colouring.
        let bipartite = sides
            .iter()
            .all(|&side| heads_wide(spread_wide(side).and(self)) & side == 0);
        Component {
            edges: spread_wide(reach).and(self),
            nodes: reach,
            bipartite,
        }
    }
    fn first_bridge(comp: &Component<Self>, cur: u64, _g: &Graph) -> Option<(u64, Self)> {
        let mut back: u128 = 1 << cur;
        let mut layer = back;
        loop {
            let prev = tails_wide(into_wide(layer).and(comp.edges)) & !back;
            if prev == 0 {
                break;
            }
            back |= prev;
            layer = prev;
        }
        if back == comp.nodes {
            return None;
        }
        let first = spread_wide(back).and(comp.edges);
        let mut leaving = first.and_not(into_wide(back));
        if leaving.is_empty() {
            return None;
        }
        leaving.pop().map(|b| (b, first))
    }
}

#[cfg(test)]
#[path = "wide_tests.rs"]
mod tests;
