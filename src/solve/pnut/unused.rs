//! The unused edges of a position as one fixed-width bit set, for the win/loss search
//! ([`super::outcome`]) and its reductions ([`super::reduce`]): a `u128` on graphs of
//! at most 128 edges, a [`U256`] on the two-symbol graph of 256 edges (01/l=8).
//!
//! Why a width per graph and not one set of any size: the reductions run at every node
//! of the search (the component, its first bridge, the least relabelling), and on a
//! fixed width each is a few shifts and masks (`reduce_binary`, `wide`); the search is
//! written once over this trait and compiled for each width.

use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not, Shl};

use super::graph::Graph;
use super::reduce::{self, Component};

/// A set of unused edges of one fixed width.
pub trait Unused: Copy + Eq + Ord + Debug {
    /// A set of nodes of the graphs this width holds (an unsigned integer, bit v for
    /// node v).
    type Nodes: Copy
        + Eq
        + Debug
        + From<u8>
        + Shl<u64, Output = Self::Nodes>
        + BitOr<Output = Self::Nodes>
        + BitOrAssign
        + BitAnd<Output = Self::Nodes>
        + Not<Output = Self::Nodes>;

    /// Whether this width holds `g` (its edges, and its nodes for the component search).
    fn fits(g: &Graph) -> bool;
    /// No edge.
    fn empty() -> Self;
    /// Every edge of `g`.
    fn all(g: &Graph) -> Self;
    /// The set with edge `e` added.
    fn with(self, e: u64) -> Self;
    /// The set with edge `e` removed.
    fn without(self, e: u64) -> Self;
    /// Bit c set when edge `v*k + c` is in the set.
    fn out(self, v: u64, g: &Graph) -> u32;
    /// How many edges.
    fn count(self) -> u32;
    /// The lowest edge, removed from the set (`None` when empty).
    fn pop(&mut self) -> Option<u64>;
    /// The set's edges `e` moved to `width - 1 - e` (the set below `width`).
    fn reversed(self, width: u32) -> Self;
    /// Identifies the set in a table: exactly, or by a 128-bit hash.
    fn key(self) -> u128;
    /// The token's weakly connected component over these edges ([`reduce::component`]).
    fn component(self, cur: u64, g: &Graph) -> Component<Self>;
    /// The component's first bridge and the edges before it ([`reduce::first_bridge`]).
    fn first_bridge(comp: &Component<Self>, cur: u64, g: &Graph) -> Option<(u64, Self)>;
}

impl Unused for u128 {
    type Nodes = u64;

    fn fits(g: &Graph) -> bool {
        g.edges <= 128
    }
    #[inline]
    fn empty() -> Self {
        0
    }
    fn all(g: &Graph) -> Self {
        g.all_edges
    }
    #[inline(always)]
    fn with(self, e: u64) -> Self {
        self | 1 << e
    }
    #[inline(always)]
    fn without(self, e: u64) -> Self {
        self & !(1 << e)
    }
    #[inline(always)]
    fn out(self, v: u64, g: &Graph) -> u32 {
        (self >> (v * u64::from(g.k))) as u32 & g.full
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn pop(&mut self) -> Option<u64> {
        let e = u64::from(self.trailing_zeros());
        (*self != 0).then(|| {
            *self &= *self - 1;
            e
        })
    }
    #[inline]
    fn reversed(self, width: u32) -> Self {
        self.reverse_bits() >> (128 - width)
    }
    #[inline(always)]
    fn key(self) -> u128 {
        self
    }
    #[inline(always)]
    fn component(self, cur: u64, g: &Graph) -> Component<Self> {
        reduce::component(self, cur, g)
    }
    #[inline(always)]
    fn first_bridge(comp: &Component<Self>, cur: u64, g: &Graph) -> Option<(u64, Self)> {
        reduce::first_bridge(comp, cur, g)
    }
}
