//! The de Bruijn graph B(k, l-1) and sets of its edges (l-grams).

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
                let h = g.head(v * u64::from(k) + u64::from(c));
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
    pub(super) full: u32,
    /// Every edge, when there are at most 128.
    pub(super) all_edges: u128,
    /// `nodes - 1` when `nodes` is a power of two (k = 2, 4, 8), so that an edge's head
    /// is a mask instead of a division; 0 otherwise.
    pow2_mask: u64,
    /// log2 k when k is a power of two, so that an edge's tail is a shift; 0 otherwise.
    k_shift: u32,
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
            pow2_mask: if nodes.is_power_of_two() {
                nodes - 1
            } else {
                0
            },
            k_shift: if k.is_power_of_two() {
                k.trailing_zeros()
            } else {
                0
            },
        }
    }

    #[inline]
    pub fn head(&self, e: u64) -> u64 {
        if self.pow2_mask != 0 {
            e & self.pow2_mask
        } else {
            e % self.nodes
        }
    }

    /// The node an edge (or the code of any l-gram) leaves: its first l-1 symbols.
    #[inline]
    pub fn tail(&self, e: u64) -> u64 {
        if self.k_shift != 0 {
            e >> self.k_shift
        } else {
            e / u64::from(self.k)
        }
    }

    /// The symbols of an edge (l-gram), as a bit mask.
    pub(super) fn edge_symbols(&self, e: u64) -> u32 {
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
    pub(super) fn node_symbols(&self, v: u64) -> u32 {
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

pub(super) fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

pub(super) fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
