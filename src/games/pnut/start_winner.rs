//! Who wins a Pnut-Butta start with best play, as the setup screen and the rating ask
//! it: from the shipped table of settled start nodes, or a small proof where the whole
//! game is small. The setup asks on every frame, so each answer is kept: a start is
//! proved once per run, not sixty times a second on the UI thread.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::game::pnut::Pnut;

/// The proof's budget: a few milliseconds, enough for the small settings
/// (01 with l up to 4, 012 with l = 2, ...).
const NODES: u64 = 5_000;

/// Answers kept before the memo starts over (each is a few bytes; typed strings
/// are the only way to make many).
const KEPT: usize = 4_096;

type Key = (usize, usize, Vec<u8>);

fn memo() -> &'static Mutex<HashMap<Key, Option<bool>>> {
    static MEMO: OnceLock<Mutex<HashMap<Key, Option<bool>>>> = OnceLock::new();
    MEMO.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Whether the player to move at `start` wins with best play; `None` where neither
/// the table nor the small proof settles it.
pub fn mover_wins(start: &Pnut) -> Option<bool> {
    let rules = start.rules();
    let key: Key = (rules.k(), rules.length(), start.indices().to_vec());
    // A poisoned lock only means another thread panicked mid-insert: the map is
    // still a map of answers, so go on with it.
    if let Some(known) = memo().lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return *known;
    }
    let answer = settle(start);
    let mut kept = memo().lock().unwrap_or_else(|e| e.into_inner());
    if kept.len() >= KEPT {
        kept.clear();
    }
    kept.insert(key, answer);
    answer
}

fn settle(start: &Pnut) -> Option<bool> {
    let rules = start.rules();
    let starts = crate::solve::pnut::starts::shipped();
    crate::solve::pnut::starts::value(starts, rules.k(), rules.length(), start.indices()).or_else(
        || {
            let limits = crate::solve::pnut::Limits::nodes(NODES, 1);
            match crate::solve::pnut::solve(start, &limits).analysis.verdict {
                crate::solve::Verdict::Win { .. } => Some(true),
                crate::solve::Verdict::Loss { .. } => Some(false),
                _ => None,
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kept answer is the answer: asked twice, the same verdict, and it agrees
    /// with a full solve of each small start.
    #[test]
    fn a_kept_answer_agrees_with_a_full_solve() {
        for (symbols, l) in [("01", 2), ("01", 3), ("012", 2)] {
            let rules = crate::game::pnut::Rules::new(symbols, l).expect("a valid setting");
            let start = Pnut::new(rules);
            let full = crate::solve::pnut::solve(
                &start,
                &crate::solve::pnut::Limits::nodes(50_000_000, 16),
            );
            let truth = match full.analysis.verdict {
                crate::solve::Verdict::Win { .. } => true,
                crate::solve::Verdict::Loss { .. } => false,
                other => panic!("{symbols} l={l}: the full solve said {other:?}"),
            };
            assert_eq!(mover_wins(&start), Some(truth), "{symbols} l={l}");
            assert_eq!(
                mover_wins(&start),
                Some(truth),
                "{symbols} l={l}, asked again"
            );
        }
    }
}
