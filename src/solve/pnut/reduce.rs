//! The exact reductions of a position (issue 17), on graphs of at most 128 edges (one
//! `u128` of unused edges, at most 64 nodes).
//!
//! A position is the token and the unused edges; every unused edge of the token's weakly
//! connected component is reachable (in-degree equals out-degree except at the token and
//! the start node), and nothing else ever is. That component has an Euler trail from the
//! token to the start node, which gives two more facts used here:
//!
//! * its strongly connected components form a chain joined by single bridges, so the
//!   part after the first bridge is a game of its own, whose value is all the part
//!   before it needs ([`first_bridge`]);
//! * every walk from the token ends at the start node, so when the component has no odd
//!   cycle (as an undirected graph) every game from here has the parity of the Euler
//!   trail, its edge count: the winner is known without a search ([`Component`]).
//!
//! And symbol relabellings map the game to itself ([`Relabel`]).

use super::graph::Graph;
use super::unused::Unused;

/// The token's weakly connected component over the unused edges (a set of `E`'s
/// width, see [`Unused`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Component<E: Unused = u128> {
    /// Its edges (all of them reachable from the token).
    pub edges: E,
    /// Its nodes.
    pub nodes: E::Nodes,
    /// No odd cycle: the nodes split in two sides with every edge between them.
    pub bipartite: bool,
}

/// The component of `cur` over `unused` (a search along the edges' directions reaches
/// all of it, see the module docs), two-coloured on the way.
pub fn component(unused: u128, cur: u64, g: &Graph) -> Component {
    if g.k == 2 {
        return super::reduce_binary::component(unused, cur, g);
    }
    component_any(unused, cur, g)
}

/// [`component`] node by node, for any number of symbols.
pub(super) fn component_any(unused: u128, cur: u64, g: &Graph) -> Component {
    let k = u64::from(g.k);
    let mut reach: u64 = 1 << cur;
    let mut side: u64 = 0;
    let mut bipartite = true;
    let mut stack = [0u8; 64];
    stack[0] = cur as u8;
    let mut top = 1;
    let mut edges: u128 = 0;
    while top > 0 {
        top -= 1;
        let v = u64::from(stack[top]);
        let free = (unused >> (v * k)) as u32 & g.full;
        if free == 0 {
            continue;
        }
        edges |= u128::from(free) << (v * k);
        let v_side = side >> v & 1;
        let mut bits = free;
        while bits != 0 {
            let c = bits.trailing_zeros();
            bits &= bits - 1;
            let h = g.head(v * k + u64::from(c));
            if reach >> h & 1 == 0 {
                reach |= 1 << h;
                side |= (v_side ^ 1) << h;
                stack[top] = h as u8;
                top += 1;
            } else if side >> h & 1 == v_side {
                bipartite = false;
            }
        }
    }
    Component {
        edges,
        nodes: reach,
        bipartite,
    }
}

/// The first bridge of a component: the single edge leaving the token's strongly
/// connected component, and the edges whose tail is in that component (the bridge
/// included). `None` when the component is strongly connected.
pub fn first_bridge(comp: &Component, cur: u64, g: &Graph) -> Option<(u64, u128)> {
    if g.k == 2 {
        return super::reduce_binary::first_bridge(comp, cur, g);
    }
    first_bridge_any(comp, cur, g)
}

/// [`first_bridge`] node by node, for any number of symbols.
pub(super) fn first_bridge_any(comp: &Component, cur: u64, g: &Graph) -> Option<(u64, u128)> {
    let k = u64::from(g.k);
    // The nodes that reach the token: its strong component (all nodes are reached
    // from it).
    let mut back: u64 = 1 << cur;
    let mut stack = [0u8; 64];
    stack[0] = cur as u8;
    let mut top = 1;
    // The edges into v are v + j * nodes, whose tails are v / k + j * (nodes / k).
    let tail_step = g.nodes / k;
    while top > 0 {
        top -= 1;
        let v = u64::from(stack[top]);
        let mut t = g.tail(v);
        let mut into = comp.edges >> v;
        for _ in 0..k {
            if into & 1 == 1 && back >> t & 1 == 0 {
                back |= 1 << t;
                stack[top] = t as u8;
                top += 1;
            }
            into >>= g.nodes;
            t += tail_step;
        }
    }
    if back == comp.nodes {
        return None;
    }
    let mut first: u128 = 0;
    let mut rest = back;
    while rest != 0 {
        let v = u64::from(rest.trailing_zeros());
        rest &= rest - 1;
        first |= comp.edges & (u128::from(g.full) << (v * k));
    }
    let mut bridge = None;
    let mut bits = first;
    while bits != 0 {
        let e = u64::from(bits.trailing_zeros());
        bits &= bits - 1;
        if back >> g.head(e) & 1 == 0 {
            bridge = Some(e);
            break;
        }
    }
    bridge.map(|b| (b, first))
}

/// Symbol relabellings of one graph: the edge and node maps of each permutation of the
/// symbols, for the least relabelled key.
#[derive(Clone, Debug)]
pub struct Relabel {
    /// Per permutation but the identity: each edge's image, then each node's.
    maps: Vec<(Vec<u8>, Vec<u8>)>,
    /// k = 2: the one other relabelling reverses the bits.
    binary: bool,
    edges: u32,
    nodes: u64,
}

/// Relabelling is tried up to this many symbols (4! = 24 images a key); beyond, the
/// images cost more than the positions they merge.
pub const RELABEL_MAX_K: u32 = 4;

impl Relabel {
    pub fn new(g: &Graph) -> Relabel {
        let k = g.k as usize;
        let mut perms: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..k {
            let mut longer = Vec::new();
            for p in &perms {
                for c in (0..k as u8).filter(|c| !p.contains(c)) {
                    let mut q = p.clone();
                    q.push(c);
                    longer.push(q);
                }
            }
            perms = longer;
        }
        let digits_map = |code: u64, digits: u32, p: &[u8]| {
            let mut c = code;
            let mut out = 0u64;
            let mut scale = 1u64;
            for _ in 0..digits {
                out += u64::from(p[(c % k as u64) as usize]) * scale;
                c /= k as u64;
                scale *= k as u64;
            }
            out as u8
        };
        let maps = perms
            .iter()
            .filter(|p| p.iter().enumerate().any(|(i, &c)| usize::from(c) != i))
            .map(|p| {
                let e = (0..g.edges).map(|e| digits_map(e, g.l, p)).collect();
                let n = (0..g.nodes).map(|v| digits_map(v, g.l - 1, p)).collect();
                (e, n)
            })
            .collect();
        Relabel {
            maps,
            binary: k == 2,
            edges: g.edges as u32,
            nodes: g.nodes,
        }
    }

    /// The least (edges, node) over every relabelling of `set` and `node`, and the image
    /// of the edge `e` under the relabelling that gives it (for a certificate's move,
    /// [`super::certify`]).
    pub fn least_moving(&self, set: u128, node: u64, e: u64) -> (u128, u64, u64) {
        let mut best = (set, node, e);
        if self.binary {
            let image = set.reversed(self.edges);
            let flipped = (image, self.nodes - 1 - node, u64::from(self.edges) - 1 - e);
            return if (flipped.0, flipped.1) < (best.0, best.1) {
                flipped
            } else {
                best
            };
        }
        for (emap, nmap) in &self.maps {
            let mut image = 0u128;
            let mut bits = set;
            while let Some(x) = bits.pop() {
                image = image.with(u64::from(emap[x as usize]));
            }
            let node_image = u64::from(nmap[node as usize]);
            if (image, node_image) < (best.0, best.1) {
                best = (image, node_image, u64::from(emap[e as usize]));
            }
        }
        best
    }

    /// The least (edges, node) over every relabelling of `set` and `node`.
    pub fn least<E: Unused>(&self, set: E, node: u64) -> (E, u64) {
        let mut best = (set, node);
        if self.binary {
            // Swapping the two symbols maps code c to (edges - 1) - c.
            let image = set.reversed(self.edges);
            return best.min((image, self.nodes - 1 - node));
        }
        for (emap, nmap) in &self.maps {
            let mut image = E::empty();
            let mut bits = set;
            while let Some(e) = bits.pop() {
                image = image.with(u64::from(emap[e as usize]));
            }
            best = best.min((image, u64::from(nmap[node as usize])));
        }
        best
    }
}
