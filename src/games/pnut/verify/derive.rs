//! The reductions a certificate's keys rely on, derived by the checker itself from the
//! rules (docs/certificate.md, "Reductions"): the l-grams as the edges of the de Bruijn
//! graph, the edges reachable from the token, whether they have an odd cycle and who
//! wins by parity when they do not, the first bridge, the least symbol relabelling.
//! Written from the documentation, not from the prover's search.

use crate::game::pnut::Rules;

/// A position after at least l-1 symbols: the l-grams not used yet (bit e for the
/// l-gram numbered e) and the token, the node of the last l-1 symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub unused: u128,
    pub token: u64,
}

/// What the rules say about positions, with k^l <= 128.
pub struct Board {
    pub k: u64,
    pub nodes: u64,
    /// Every l-gram.
    pub all: u128,
    /// The symbol permutations but the identity, when k <= 4 (docs: relabelling).
    perms: Vec<Perm>,
}

/// One permutation of the symbols: each symbol's image and back, each l-gram's image
/// and each node's.
struct Perm {
    inverse: Vec<u8>,
    gram: Vec<u8>,
    node: Vec<u8>,
}

/// Keys are the least image over the permutations up to this many symbols.
pub const RELABEL_UP_TO: usize = 4;

/// A key's kinds (docs: "Keys").
pub const WHOLE: u8 = 0;
pub const AFTER_LOST: u8 = 1;
pub const AFTER_WON: u8 = 2;

/// Why a position breaks what the rules guarantee of every position reached by play
/// (which would make a reduction unsound): never expected.
#[derive(Debug)]
pub struct Unbalanced(pub String);

impl Board {
    pub fn new(rules: &Rules) -> Board {
        let k = rules.k() as u64;
        let l = rules.length() as u32;
        let nodes = rules.nodes();
        let grams = rules.grams();
        let all = if grams == 128 {
            u128::MAX
        } else {
            (1u128 << grams) - 1
        };
        let mut perms = Vec::new();
        if rules.k() <= RELABEL_UP_TO {
            let mut all_perms: Vec<Vec<u8>> = vec![Vec::new()];
            for _ in 0..k {
                all_perms = all_perms
                    .iter()
                    .flat_map(|p| {
                        (0..k as u8).filter(|c| !p.contains(c)).map(move |c| {
                            let mut q = p.clone();
                            q.push(c);
                            q
                        })
                    })
                    .collect();
            }
            // The image of a number of `digits` base-k digits, each digit mapped.
            let image = |code: u64, digits: u32, p: &[u8]| -> u8 {
                let mut out = 0u64;
                let mut c = code;
                let mut scale = 1;
                for _ in 0..digits {
                    out += u64::from(p[(c % k) as usize]) * scale;
                    c /= k;
                    scale *= k;
                }
                out as u8
            };
            for p in all_perms {
                if p.iter().enumerate().all(|(i, &c)| usize::from(c) == i) {
                    continue;
                }
                let mut inverse = vec![0u8; k as usize];
                for (i, &c) in p.iter().enumerate() {
                    inverse[usize::from(c)] = i as u8;
                }
                perms.push(Perm {
                    inverse,
                    gram: (0..grams).map(|e| image(e, l, &p)).collect(),
                    node: (0..nodes).map(|v| image(v, l - 1, &p)).collect(),
                });
            }
        }
        Board {
            k,
            nodes,
            all,
            perms,
        }
    }

    /// The l-gram of appending symbol `c` at node `v`: v's l-1 symbols then c.
    pub fn gram(&self, v: u64, c: u64) -> u64 {
        v * self.k + c
    }

    /// The node an l-gram leads to: its last l-1 symbols.
    pub fn head(&self, e: u64) -> u64 {
        e % self.nodes
    }

    /// The node an l-gram leaves: its first l-1 symbols.
    pub fn tail(&self, e: u64) -> u64 {
        e / self.k
    }

    /// The symbols that may follow at `p` (bit c: the l-gram of c unused).
    pub fn legal(&self, p: Position) -> u32 {
        (0..self.k)
            .filter(|&c| p.unused >> self.gram(p.token, c) & 1 == 1)
            .fold(0, |m, c| m | 1 << c)
    }

    /// The position after symbol `c`.
    pub fn after(&self, p: Position, c: u64) -> Position {
        let e = self.gram(p.token, c);
        Position {
            unused: p.unused & !(1 << e),
            token: self.head(e),
        }
    }

    /// The unused l-grams reachable from the token by a walk of unused l-grams (the
    /// only ones any game from here can use), and their nodes.
    pub fn reach(&self, p: Position) -> (u128, u64) {
        let mut nodes = 1u64 << p.token;
        let mut edges = 0u128;
        let mut todo = vec![p.token];
        while let Some(v) = todo.pop() {
            for c in 0..self.k {
                let e = self.gram(v, c);
                if p.unused >> e & 1 == 1 {
                    edges |= 1 << e;
                    let h = self.head(e);
                    if nodes >> h & 1 == 0 {
                        nodes |= 1 << h;
                        todo.push(h);
                    }
                }
            }
        }
        (edges, nodes)
    }

    /// The edges of `edges` as pairs (tail, head).
    fn pairs(&self, edges: u128) -> impl Iterator<Item = (u64, u64)> + '_ {
        (0..128u64)
            .filter(move |&e| edges >> e & 1 == 1)
            .map(|e| (self.tail(e), self.head(e)))
    }

    /// Two sides of the nodes with every edge between them (the edges taken without
    /// their direction, a loop an odd cycle), or `None` when there is an odd cycle.
    /// Returns the nodes on the token's side's opposite.
    pub fn two_sides(&self, edges: u128, nodes: u64, token: u64) -> Option<u64> {
        let mut coloured = 1u64 << token;
        let mut other = 0u64;
        loop {
            let mut grew = false;
            for (t, h) in self.pairs(edges) {
                for (a, b) in [(t, h), (h, t)] {
                    if coloured >> a & 1 == 1 && coloured >> b & 1 == 0 {
                        coloured |= 1 << b;
                        other |= (!(other >> a) & 1) << b;
                        grew = true;
                    }
                }
            }
            if !grew {
                break;
            }
        }
        debug_assert_eq!(coloured & nodes, nodes);
        self.pairs(edges)
            .all(|(t, h)| (other >> t & 1) != (other >> h & 1))
            .then_some(other)
    }

    /// The node every game from `p` ends at, found from the degrees of the reachable
    /// edges: the one node entered once more than left, or the token when there is
    /// none. Errs if the degrees are not those every reachable position has (each
    /// node left as often as entered, but the token left once more and that node
    /// entered once more).
    pub fn end(&self, p: Position, edges: u128) -> Result<u64, Unbalanced> {
        let mut balance = [0i32; 64];
        for (t, h) in self.pairs(edges) {
            balance[t as usize] += 1;
            balance[h as usize] -= 1;
        }
        let token = p.token as usize;
        let entered_more: Vec<u64> = (0..self.nodes)
            .filter(|&v| v != p.token && balance[v as usize] == -1)
            .collect();
        let others_even = (0..self.nodes)
            .filter(|&v| v != p.token)
            .all(|v| matches!(balance[v as usize], 0 | -1));
        match (balance[token], &entered_more[..]) {
            (1, &[s]) if others_even => Ok(s),
            (0, []) if others_even => Ok(p.token),
            _ => Err(Unbalanced(format!(
                "the token is left {} time(s) more than entered, and {} other node(s) are entered once more than left",
                balance[token],
                entered_more.len()
            ))),
        }
    }

    /// The first bridge of the reachable edges: the one edge leaving the nodes from
    /// which the token can be reached again, and the edges leaving those nodes (the
    /// bridge included). `None` when every reachable node reaches the token back.
    pub fn bridge(
        &self,
        p: Position,
        edges: u128,
        nodes: u64,
    ) -> Result<Option<(u64, u128)>, Unbalanced> {
        let mut back = 1u64 << p.token;
        loop {
            let before = back;
            for (t, h) in self.pairs(edges) {
                if back >> h & 1 == 1 {
                    back |= 1 << t;
                }
            }
            if back == before {
                break;
            }
        }
        if back == nodes {
            return Ok(None);
        }
        let mut leaving = Vec::new();
        let mut first = 0u128;
        for e in (0..128u64).filter(|&e| edges >> e & 1 == 1) {
            if back >> self.tail(e) & 1 == 1 {
                first |= 1 << e;
                if back >> self.head(e) & 1 == 0 {
                    leaving.push(e);
                }
            }
        }
        match leaving[..] {
            [b] => Ok(Some((b, first))),
            _ => Err(Unbalanced(format!(
                "{} edges leave the nodes that reach the token back, not one",
                leaving.len()
            ))),
        }
    }

    /// The least (edges, node) over the symbol relabellings when k <= 4 (compared as
    /// the set's number, then the node), and the permutation that gives it (`None`: as
    /// it is).
    pub fn least(&self, edges: u128, node: u64) -> (u128, u64, Option<usize>) {
        let mut best = (edges, node, None);
        for (i, perm) in self.perms.iter().enumerate() {
            let mut image = 0u128;
            for e in (0..128u64).filter(|&e| edges >> e & 1 == 1) {
                image |= 1 << perm.gram[e as usize];
            }
            let n = u64::from(perm.node[node as usize]);
            if (image, n) < (best.0, best.1) {
                best = (image, n, Some(i));
            }
        }
        best
    }

    /// A symbol of a key's labelling, in the position's own (the permutation `perm`
    /// undone).
    pub fn unlabel(&self, perm: Option<usize>, symbol: u8) -> u8 {
        match perm {
            Some(i) => self.perms[i].inverse[usize::from(symbol)],
            None => symbol,
        }
    }
}
