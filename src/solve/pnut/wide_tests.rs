use std::collections::HashMap;

use super::*;
use crate::solve::pnut::graph::BigSet;
use crate::solve::pnut::outcome::{Outcome, Reductions};
use crate::solve::pnut::search::{PrefixMemo, Searcher};
use crate::solve::pnut::table::Table;
use crate::solve::pnut::{MAX_BUDGET, Res};

fn graph() -> Graph {
    Graph::new(2, 8)
}

/// A set as a list of 256 flags, and the set built from it edge by edge.
fn from_flags(flags: &[bool]) -> U256 {
    (0..256u64)
        .filter(|&e| flags[e as usize])
        .fold(U256::empty(), |s, e| s.with(e))
}

/// Random flags: dense, sparse, or in runs (`x` picks which).
fn random_flags(x: &mut u64) -> Vec<bool> {
    *x = splitmix(*x);
    let kind = *x % 3;
    (0..256)
        .map(|_| {
            *x = splitmix(*x);
            match kind {
                0 => !x.is_multiple_of(4),
                1 => x.is_multiple_of(5),
                _ => x.is_multiple_of(2),
            }
        })
        .collect()
}

#[test]
fn set_operations_match_a_list_of_flags() {
    let g = graph();
    let mut x = 0x5eed_u64;
    for _ in 0..300 {
        let flags = random_flags(&mut x);
        let set = from_flags(&flags);
        assert_eq!(set.count() as usize, flags.iter().filter(|&&f| f).count());
        for v in 0..128u64 {
            let want = u32::from(flags[2 * v as usize]) | u32::from(flags[2 * v as usize + 1]) << 1;
            assert_eq!(set.out(v, &g), want, "node {v}");
        }
        let mut rest = set;
        let listed: Vec<u64> = std::iter::from_fn(|| rest.pop()).collect();
        let want: Vec<u64> = (0..256).filter(|&e| flags[e as usize]).collect();
        assert_eq!(listed, want);
        let reversed: Vec<bool> = (0..256).map(|e| flags[255 - e]).collect();
        assert_eq!(set.reversed(256), from_flags(&reversed));
        x = splitmix(x);
        let e = x % 256;
        let mut without = flags.clone();
        without[e as usize] = false;
        assert_eq!(set.without(e), from_flags(&without));
        assert_eq!(
            set.without(e).with(e).count(),
            set.count() + u32::from(!flags[e as usize])
        );
        // Different sets, different keys; the same set, the same key.
        assert_eq!(set.key(), from_flags(&flags).key());
        if flags[e as usize] {
            assert_ne!(set.key(), set.without(e).key());
        }
    }
    assert_eq!(U256::all(&g).count(), 256);
}

/// The component of `cur` over `unused`, node by node: the nodes reached along the
/// edges, their unused out-edges, and whether a two-colouring of the reached nodes (by
/// a depth-first search) leaves no edge inside a colour. Then the first bridge: the
/// nodes that reach the token back, and the edge leaving them.
#[allow(clippy::type_complexity)]
fn by_nodes(flags: &[bool], cur: u64) -> (Vec<bool>, u128, bool, Option<(u64, Vec<bool>)>) {
    let g = graph();
    let mut colour: HashMap<u64, u8> = HashMap::from([(cur, 0)]);
    let mut stack = vec![cur];
    let mut edges = vec![false; 256];
    while let Some(v) = stack.pop() {
        for c in 0..2 {
            let e = 2 * v + c;
            if flags[e as usize] {
                edges[e as usize] = true;
                let h = g.head(e);
                let side = 1 - colour[&v];
                if let std::collections::hash_map::Entry::Vacant(slot) = colour.entry(h) {
                    slot.insert(side);
                    stack.push(h);
                }
            }
        }
    }
    let nodes = colour.keys().fold(0u128, |a, &v| a | 1 << v);
    let bipartite =
        (0..256u64).all(|e| !edges[e as usize] || colour[&g.tail(e)] != colour[&g.head(e)]);
    let mut back = vec![cur];
    let mut i = 0;
    while i < back.len() {
        let v = back[i];
        i += 1;
        for e in (0..256u64).filter(|&e| edges[e as usize] && g.head(e) == v) {
            if !back.contains(&g.tail(e)) {
                back.push(g.tail(e));
            }
        }
    }
    let bridge = (back.len() < colour.len()).then(|| {
        let first: Vec<bool> = (0..256u64)
            .map(|e| edges[e as usize] && back.contains(&g.tail(e)))
            .collect();
        let b = (0..256u64)
            .find(|&e| first[e as usize] && !back.contains(&g.head(e)))
            .expect("a component not strongly connected has an edge out of the token's part");
        (b, first)
    });
    (edges, nodes, bipartite, bridge)
}

/// The unused edges and the token after a random game of up to `plies` symbols
/// ([`random_text`]; at least the first 7, so that there is a token).
fn random_position(x: &mut u64, plies: usize) -> (Vec<bool>, u64) {
    let text = random_text(x, plies.max(7));
    let code = |w: &[u8]| w.iter().fold(0u64, |a, &s| a * 2 + u64::from(s));
    let mut flags = vec![true; 256];
    for w in text.windows(8) {
        flags[code(w) as usize] = false;
    }
    (flags, code(&text[text.len() - 7..]))
}

#[test]
fn components_and_bridges_match_a_node_by_node_search() {
    let g = graph();
    let mut x = 0xb1d9e_u64;
    // How many cases had a bridge, and how many no odd cycle: both must come up for the
    // comparison to mean anything.
    let (mut bridged, mut bipartite) = (0, 0);
    for i in 0..600 {
        let (flags, cur) = if i % 2 == 0 {
            random_position(&mut x, 60 + i % 190)
        } else {
            x = splitmix(x);
            (random_flags(&mut x), x % 128)
        };
        let set = from_flags(&flags);
        let comp = set.component(cur, &g);
        let (edges, nodes, two_coloured, bridge) = by_nodes(&flags, cur);
        assert_eq!(comp.edges, from_flags(&edges), "case {i}: edges");
        assert_eq!(comp.nodes, nodes, "case {i}: nodes");
        assert_eq!(comp.bipartite, two_coloured, "case {i}: odd cycle");
        let fast = U256::first_bridge(&comp, cur, &g);
        assert_eq!(
            fast,
            bridge.as_ref().map(|(b, first)| (*b, from_flags(first))),
            "case {i}: bridge"
        );
        bridged += usize::from(fast.is_some());
        bipartite += usize::from(comp.bipartite && comp.edges.count() > 2);
    }
    assert!(bridged > 20 && bipartite > 20, "{bridged} {bipartite}");
}

/// A random legal string of 01/l=8 (symbol indices) of up to `plies` symbols.
fn random_text(x: &mut u64, plies: usize) -> Vec<u8> {
    let mut text: Vec<u8> = Vec::new();
    let mut used = [false; 256];
    for _ in 0..plies {
        let code = |t: &[u8], c: u8| {
            t[t.len() - 7..]
                .iter()
                .fold(0usize, |a, &s| a * 2 + usize::from(s))
                * 2
                + usize::from(c)
        };
        let legal: Vec<u8> = (0..2u8)
            .filter(|&c| text.len() < 7 || !used[code(&text, c)])
            .collect();
        if legal.is_empty() {
            break;
        }
        *x = splitmix(*x);
        let c = legal[(*x % legal.len() as u64) as usize];
        if text.len() >= 7 {
            used[code(&text, c)] = true;
        }
        text.push(c);
    }
    text
}

/// (Late positions against a plain negamax, each reduction switched off in turn:
/// `tests/rules/pnut_reductions.rs`.)
///
/// Deeper positions, where negamax is out of reach: the depth-bounded search (its own
/// code, word sets, exact with a budget of every edge left) gives the same winner, and
/// one table serves all of them.
#[test]
fn the_wide_search_agrees_with_the_depth_bounded_search() {
    let g = graph();
    let mut x = 0xdee9_u64;
    let mut wide_table = Table::new(64);
    let (mut nodes, mut wins) = (0u64, [0usize; 2]);
    for i in 0..24 {
        let text = random_text(&mut x, 130 + i % 30);
        if text.len() < 8 {
            continue;
        }
        let stop = || false;
        let mut search = Outcome::<U256>::of_width(g, Reductions::ALL, &mut wide_table, &stop);
        let wide = search.wins_after(&text).expect("no limit");
        nodes += search.nodes;
        let mut table = Table::new(64);
        let mut memo = PrefixMemo::default();
        let mut depth = Searcher::<BigSet>::new(g, &mut table, &mut memo, &stop);
        depth.load_text(&text);
        let cur = text[text.len() - 7..]
            .iter()
            .fold(0u64, |a, &s| a * 2 + u64::from(s));
        let want = match depth.search(cur, MAX_BUDGET) {
            Res::Win(_) => true,
            Res::Loss(_) => false,
            Res::Unknown => panic!("the exact search did not decide {text:?}"),
        };
        assert_eq!(wide, want, "{text:?}");
        wins[usize::from(want)] += 1;
    }
    assert!(wins[0] > 3 && wins[1] > 3, "{wins:?}");
    // Not all of them trivial: the comparison reached positions that take a search.
    assert!(nodes > 10_000, "{nodes}");
}
