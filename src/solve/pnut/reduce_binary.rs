//! [`super::reduce`]'s component and first bridge for two symbols, on whole node sets
//! at once instead of node by node.
//!
//! With k = 2 the edge codes are 2t + c for the tail t, and the head of edge e is e mod
//! n (n nodes, a power of two). So the edges leaving a set of nodes are the set with
//! each bit doubled ([`spread`]), the heads of a set of edges are its two halves folded
//! together ([`heads`]), and the tails its bit pairs squeezed into one ([`tails`]): one
//! breadth-first step is a few shifts and masks for every node of a layer together.
//! Searches here are most of the win/loss search's time.

use super::graph::Graph;
use super::reduce::Component;
use super::unused::Unused;

/// Bit t of the low 32 bits moved to bit 2t.
#[inline(always)]
fn spread_half(x: u64) -> u64 {
    let mut x = x & 0xffff_ffff;
    x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}

/// The edges leaving the nodes `set`: node t's bit becomes edges 2t and 2t + 1.
#[inline(always)]
fn spread(set: u64) -> u128 {
    let even = u128::from(spread_half(set)) | u128::from(spread_half(set >> 32)) << 64;
    even | even << 1
}

/// Bit 2t of `x` moved to bit t (the odd bits ignored).
#[inline(always)]
fn squeeze_half(x: u64) -> u64 {
    let mut x = x & 0x5555_5555_5555_5555;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    (x | x >> 16) & 0xffff_ffff
}

/// The tails of the edges `set`.
#[inline(always)]
fn tails(set: u128) -> u64 {
    let pairs = set | set >> 1;
    squeeze_half(pairs as u64) | squeeze_half((pairs >> 64) as u64) << 32
}

/// The heads of the edges `set` (head = code mod n; the codes are below 2n).
#[inline(always)]
fn heads(set: u128, n: u64) -> u64 {
    let low = if n == 64 { u64::MAX } else { (1 << n) - 1 };
    (set as u64 & low) | (set >> n) as u64
}

/// The edges into the nodes `set`: v and v + n.
#[inline(always)]
fn into(set: u64, n: u64) -> u128 {
    u128::from(set) | u128::from(set) << n
}

/// The whole-set operations of one width of two-symbol edge sets (`u128` for at most
/// 64 nodes, [`super::wide::U256`] for 128), on which [`component`] and
/// [`first_bridge`] are written once.
pub(super) trait BinarySets: Unused {
    /// The edges leaving the nodes `set`.
    fn spread(set: Self::Nodes) -> Self;
    /// The heads of the edges (of a graph of `n` nodes).
    fn heads(self, n: u64) -> Self::Nodes;
    /// The tails of the edges.
    fn tails(self) -> Self::Nodes;
    /// The edges into the nodes `set` (of a graph of `n` nodes).
    fn into(set: Self::Nodes, n: u64) -> Self;
    /// The edges in both sets.
    fn and(self, other: Self) -> Self;
    /// The edges in this set and not in `other`.
    fn and_not(self, other: Self) -> Self;
}

impl BinarySets for u128 {
    #[inline(always)]
    fn spread(set: u64) -> u128 {
        spread(set)
    }
    #[inline(always)]
    fn heads(self, n: u64) -> u64 {
        heads(self, n)
    }
    #[inline(always)]
    fn tails(self) -> u64 {
        tails(self)
    }
    #[inline(always)]
    fn into(set: u64, n: u64) -> u128 {
        into(set, n)
    }
    #[inline(always)]
    fn and(self, other: u128) -> u128 {
        self & other
    }
    #[inline(always)]
    fn and_not(self, other: u128) -> u128 {
        self & !other
    }
}

/// [`super::reduce::component`] for k = 2.
pub(super) fn component<E: BinarySets>(unused: E, cur: u64, g: &Graph) -> Component<E> {
    let n = g.nodes;
    let none = E::Nodes::from(0u8);
    let mut reach = E::Nodes::from(1u8) << cur;
    // The nodes at an even and at an odd distance from the token.
    let mut sides = [reach, none];
    let mut layer = reach;
    let mut odd = 1;
    loop {
        let next = E::spread(layer).and(unused).heads(n) & !reach;
        if next == none {
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
        .all(|&side| E::spread(side).and(unused).heads(n) & side == none);
    Component {
        edges: E::spread(reach).and(unused),
        nodes: reach,
        bipartite,
    }
}

/// [`super::reduce::first_bridge`] for k = 2.
pub(super) fn first_bridge<E: BinarySets>(
    comp: &Component<E>,
    cur: u64,
    g: &Graph,
) -> Option<(u64, E)> {
    let n = g.nodes;
    let none = E::Nodes::from(0u8);
    let mut back = E::Nodes::from(1u8) << cur;
    let mut layer = back;
    loop {
        let prev = E::into(layer, n).and(comp.edges).tails() & !back;
        if prev == none {
            break;
        }
        back |= prev;
        layer = prev;
    }
    if back == comp.nodes {
        return None;
    }
    let first = E::spread(back).and(comp.edges);
    let mut leaving = first.and_not(E::into(back, n));
    leaving.pop().map(|b| (b, first))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::pnut::reduce;

    #[test]
    fn the_set_operations_match_edge_by_edge() {
        for l in 2..=7u32 {
            let g = Graph::new(2, l as usize);
            let mut x: u64 = 0x9e37_79b9_7f4a_7c15 ^ u64::from(l);
            for _ in 0..200 {
                x = crate::solve::pnut::graph::splitmix(x);
                let nodes = x & (u64::MAX >> (64 - g.nodes));
                let expect_out = (0..g.nodes)
                    .filter(|v| nodes >> v & 1 == 1)
                    .fold(0u128, |a, v| a | 3 << (2 * v));
                assert_eq!(spread(nodes), expect_out);
                let edges = u128::from(x) | u128::from(x.rotate_left(17)) << 64;
                let edges = edges & g.all_edges;
                let (mut h, mut t) = (0u64, 0u64);
                for e in (0..g.edges).filter(|&e| edges >> e & 1 == 1) {
                    h |= 1 << g.head(e);
                    t |= 1 << g.tail(e);
                }
                assert_eq!((heads(edges, g.nodes), tails(edges)), (h, t));
            }
        }
    }

    #[test]
    fn components_and_bridges_match_the_general_search() {
        for l in 2..=7u32 {
            let g = Graph::new(2, l as usize);
            let mut x: u64 = 0x0123_4567 ^ u64::from(l);
            // How many of the random positions had a bridge, and how many no odd cycle:
            // both cases must come up for the comparison to mean anything.
            let (mut bridged, mut bipartite) = (0, 0);
            for _ in 0..2000 {
                x = crate::solve::pnut::graph::splitmix(x);
                let y = crate::solve::pnut::graph::splitmix(x);
                // Random edge sets, dense and sparse.
                let mut unused = (u128::from(x) | u128::from(y) << 64) & g.all_edges;
                if x & 1 == 0 {
                    unused |= u128::from(y.rotate_left(7)) << (x % 64) & g.all_edges;
                } else {
                    unused &= u128::from(y.rotate_left(3)) | u128::from(x) << 64;
                }
                let cur = y % g.nodes;
                let fast = component(unused, cur, &g);
                let plain = reduce::component_any(unused, cur, &g);
                assert_eq!(fast, plain, "l={l} unused={unused:#x} cur={cur}");
                let bridge = first_bridge(&fast, cur, &g);
                assert_eq!(
                    bridge,
                    reduce::first_bridge_any(&plain, cur, &g),
                    "l={l} unused={unused:#x} cur={cur}"
                );
                bridged += usize::from(bridge.is_some());
                bipartite += usize::from(fast.bipartite && fast.edges != 0);
            }
            if l >= 3 {
                assert!(
                    bridged > 20 && bipartite > 20,
                    "l={l}: {bridged} {bipartite}"
                );
            }
        }
    }
}
