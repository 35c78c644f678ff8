//! The start nodes proofs have settled (issue 38 point 6), shipped as a table the AI
//! plays from in the opening, where no search proves anything in a move's time on the
//! larger settings: a move into a start node (or an opening string) the table settles
//! lost for its mover is played at once; moves into ones it settles won for their
//! mover are known losses, which the search leaves alone when another move is open.
//!
//! The table (`assets/pnut/start_nodes.txt`, made by `examples/pnut_start_table.rs`) is
//! text, a line a start node: `k l start W|L` (`#` starts a comment), the start node its canonical string of
//! l-1 symbol indices (symbols numbered in the order they first appear), W when its
//! mover wins. Values depend on k and l alone, not on the symbols' characters.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use rustc_hash::FxHashMap;

use super::canonical;
use crate::game::pnut::Pnut;

/// The shipped table's text.
pub const SHIPPED_TEXT: &str = include_str!("../../../assets/pnut/start_nodes.txt");

/// Settled start nodes by (k, l): whether each one's mover wins.
pub type StartTable = FxHashMap<(usize, usize), BTreeMap<Vec<u8>, bool>>;

static SHIPPED: LazyLock<StartTable> = LazyLock::new(|| {
    // A test parses the shipped text with `parse`: a line it refuses fails the build's
    // tests, so ignoring one here only keeps a damaged copy from stopping the game.
    parse(SHIPPED_TEXT).unwrap_or_default()
});

/// Parses a table: `k l start W|L` lines, `#` comments and blank lines ignored.
pub fn parse(text: &str) -> Result<StartTable, String> {
    let mut table = StartTable::default();
    for (n, line) in text.lines().enumerate() {
        // A `#` starts a comment, on a line of its own or after a start node.
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |why: &str| format!("line {}: {why}: {line}", n + 1);
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [k, l, start, value] = fields[..] else {
            return Err(bad("expected `k l start W|L`"));
        };
        let k: usize = k.parse().map_err(|_| bad("k is not a number"))?;
        let l: usize = l.parse().map_err(|_| bad("l is not a number"))?;
        if !(2..=36).contains(&k) || l < 2 || start.len() + 1 != l {
            return Err(bad("the start node must have l-1 symbols"));
        }
        let digits: Option<Vec<u8>> = start
            .chars()
            .map(|c| {
                c.to_digit(36)
                    .filter(|&d| (d as usize) < k)
                    .map(|d| d as u8)
            })
            .collect();
        let digits = digits.ok_or_else(|| bad("a symbol beyond the k"))?;
        if canonical(&digits) != digits {
            return Err(bad("the start node is not canonical"));
        }
        let wins = match value {
            "W" => true,
            "L" => false,
            _ => return Err(bad("the value is W or L")),
        };
        table.entry((k, l)).or_default().insert(digits, wins);
    }
    Ok(table)
}

/// The shipped table.
pub fn shipped() -> &'static StartTable {
    &SHIPPED
}

/// Whether the mover after the opening string `text` (at most l-1 symbol indices)
/// wins, as far as the start nodes in `table` settle it: a start node's value, or the
/// opening's minimax over them.
pub fn value(table: &StartTable, k: usize, l: usize, text: &[u8]) -> Option<bool> {
    let starts = table.get(&(k, l))?;
    opening_value(starts, k, l, &canonical(text))
}

fn opening_value(
    starts: &BTreeMap<Vec<u8>, bool>,
    k: usize,
    l: usize,
    text: &[u8],
) -> Option<bool> {
    if text.len() + 1 == l {
        return starts.get(text).copied();
    }
    if text.len() + 1 > l {
        return None;
    }
    let next = super::next_canonical(text, k as u32);
    let mut open = false;
    for c in 0..=next {
        let mut child = text.to_vec();
        child.push(c);
        match opening_value(starts, k, l, &child) {
            Some(false) => return Some(true),
            Some(true) => {}
            None => open = true,
        }
    }
    (!open).then_some(false)
}

/// The legal moves of `game` (symbol indices) whose result the table settles, each
/// with whether it wins for the player making it. Empty past the opening.
pub fn known_moves(table: &StartTable, game: &Pnut) -> Vec<(u8, bool)> {
    let rules = game.rules();
    let (k, l) = (rules.k(), rules.length());
    if game.len() + 1 >= l || game.players() != 2 {
        return Vec::new();
    }
    let text = &game.indices()[..game.len()];
    game.legal_indices()
        .into_iter()
        .filter_map(|c| {
            let mut child = text.to_vec();
            child.push(c);
            value(table, k, l, &child).map(|opponent_wins| (c, !opponent_wins))
        })
        .collect()
}
