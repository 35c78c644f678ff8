//! The unused edges of the two-symbol graph of 256 edges (01/l=8: 128 nodes) as two
//! `u128` words, with the whole-set operations `reduce_binary` finds the component and
//! the first bridge with.
//!
//! With k = 2 and n = 128 nodes, edge e = 2t + c leaves node t and enters e mod 128:
//! the low word holds the edges out of nodes 0-63, the high word those out of nodes
//! 64-127, and the heads of a set of edges are its two words folded together.

use super::graph::{Graph, splitmix};
use super::reduce::Component;
use super::reduce_binary::{self, BinarySets};
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

impl BinarySets for U256 {
    /// Node t's edges are 2t and 2t + 1: the low word's for nodes 0-63.
    #[inline(always)]
    fn spread(set: u128) -> U256 {
        U256 {
            hi: u128::spread((set >> 64) as u64),
            lo: u128::spread(set as u64),
        }
    }
    /// Edge e enters e mod 128: the two words folded together.
    #[inline(always)]
    fn heads(self, _n: u64) -> u128 {
        self.hi | self.lo
    }
    #[inline(always)]
    fn tails(self) -> u128 {
        u128::from(self.lo.tails()) | u128::from(self.hi.tails()) << 64
    }
    /// The edges into v are v and v + 128.
    #[inline(always)]
    fn into(set: u128, _n: u64) -> U256 {
        U256 { hi: set, lo: set }
    }
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
        BinarySets::and_not(self, U256::bit(e))
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
    fn component(self, cur: u64, g: &Graph) -> Component<Self> {
        reduce_binary::component(self, cur, g)
    }
    fn first_bridge(comp: &Component<Self>, cur: u64, g: &Graph) -> Option<(u64, Self)> {
        reduce_binary::first_bridge(comp, cur, g)
    }
}

#[cfg(test)]
#[path = "wide_tests.rs"]
mod tests;
