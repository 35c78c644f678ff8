//! Nim by formula: Bouton's nim-sum, with the misère correction when every pile
//! has at most one coin. Exact distances come from a small memoised search when the
//! position is small enough to enumerate.

use rustc_hash::FxHashMap;

use super::analysis::{Analysis, MoveValue, Traps, Verdict};
use crate::game::Game;
use crate::game::nim::{Ending, Nim, NimMove};

/// Exact distances to the end are computed when the estimated work of the memoised
/// search (sorted sub-positions times coins) is at most this; larger positions get
/// verdicts only. Tens of milliseconds at the limit in a release build, so the solver thread
/// answers at once even for 8 piles of 99.
pub const DISTANCE_WORK_LIMIT: f64 = 1_500_000.0;

/// The XOR of all pile sizes.
pub fn nim_sum(piles: &[u8]) -> u8 {
    piles.iter().fold(0, |acc, &p| acc ^ p)
}

/// Whether the player to move can force a win.
pub fn mover_wins(piles: &[u8], ending: Ending) -> bool {
    let big_piles = piles.iter().filter(|&&p| p > 1).count();
    match ending {
        Ending::Normal => nim_sum(piles) != 0,
        // Misère with only ones left: the mover wins iff an even number of ones remain,
        // so that the opponent takes the last coin.
        Ending::Misere if big_piles == 0 => piles.iter().filter(|&&p| p == 1).count() % 2 == 0,
        Ending::Misere => nim_sum(piles) != 0,
    }
}

/// The full analysis of a Nim position: a verdict for every legal move, how many of the
/// opponent's replies to each move would hand the win back, and distances when small.
pub fn analyse(position: &Nim) -> Analysis<NimMove> {
    let piles = position.piles();
    let ending = position.ending();
    let mut nodes = 1u64;
    let mut distances = small_enough(piles).then(Distances::new);
    let verdict_of = |piles: &[u8], distances: &mut Option<Distances>| match distances {
        Some(d) => d.verdict(piles, ending),
        None if mover_wins(piles, ending) => Verdict::Win { plies: None },
        None => Verdict::Loss { plies: None },
    };

    let verdict = verdict_of(piles, &mut distances);
    let mut moves = Vec::new();
    let mut child = piles.to_vec();
    for mv in position.legal_moves() {
        child[mv.pile] -= mv.take;
        let reply_verdict = verdict_of(&child, &mut distances);
        let traps = count_traps(&mut child, ending);
        nodes += 1 + u64::from(traps.replies);
        moves.push(MoveValue {
            mv,
            verdict: reply_verdict.flipped_and_extended(),
            score: None,
            chances: None,
            plies_at_most: None,
            proofs_left: None,
            score_at_most: None,
            traps: Some(traps),
        });
        child[mv.pile] += mv.take;
    }
    if let Some(d) = &distances {
        nodes += d.memo.len() as u64;
    }
    let best = super::policy::perfect_choice(&moves);
    Analysis {
        best,
        verdict,
        score: None,
        pv: best.into_iter().collect(),
        moves,
        depth: 1,
        nodes,
        exact: true,
    }
}

/// For the position `piles` with the opponent to move: how many of their replies leave
/// us (the player who just moved) in a winning position.
fn count_traps(piles: &mut [u8], ending: Ending) -> Traps {
    let mut replies = 0;
    let mut losing_replies = 0;
    for pile in 0..piles.len() {
        let count = piles[pile];
        for take in 1..=count {
            piles[pile] = count - take;
            replies += 1;
            if mover_wins(piles, ending) {
                losing_replies += 1;
            }
        }
        piles[pile] = count;
    }
    Traps {
        losing_replies,
        replies,
    }
}

/// Whether the distance search is cheap enough: the positions it stores (the distinct
/// sorted sub-positions) times the coins, since each has up to one child per coin.
pub fn small_enough(piles: &[u8]) -> bool {
    let coins: u64 = piles.iter().map(|&p| u64::from(p)).sum();
    (sorted_sub_positions(piles) as f64) * (coins.max(1) as f64) <= DISTANCE_WORK_LIMIT
}

/// How many distinct positions, up to the order of the piles, can arise from `piles`:
/// with both sorted in decreasing order, a sub-position c arises iff c[i] <= p[i] for
/// every i. Counted by a dynamic programme over the value of c[i].
pub fn sorted_sub_positions(piles: &[u8]) -> u64 {
    let mut sorted = piles.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    // ways[v]: sequences so far whose last element is v.
    let mut ways = vec![0u64; 256];
    ways[255] = 1; // an unbounded "previous" element before the first pile
    for &p in &sorted {
        let mut next = vec![0u64; 256];
        // next[v] = sum of ways[u] for u >= v, for v <= p.
        let mut at_least = 0u64;
        for v in (0..256).rev() {
            at_least = at_least.saturating_add(ways[v]);
            if v <= usize::from(p) {
                next[v] = at_least;
            }
        }
        ways = next;
    }
    ways.iter().fold(0u64, |acc, &w| acc.saturating_add(w))
}

/// Memoised exact search for the distance to the end: the winner takes the fastest
/// win, the loser the slowest loss. Piles are sorted, since their order never matters.
struct Distances {
    memo: FxHashMap<u64, Verdict>,
}

impl Distances {
    fn new() -> Distances {
        Distances {
            memo: FxHashMap::default(),
        }
    }

    fn key(sorted: &[u8]) -> u64 {
        sorted.iter().fold(0, |acc, &p| (acc << 7) | u64::from(p))
    }

    fn verdict(&mut self, piles: &[u8], ending: Ending) -> Verdict {
        let mut sorted: Vec<u8> = piles.iter().copied().filter(|&p| p > 0).collect();
        sorted.sort_unstable();
        self.search(&sorted, ending)
    }

    fn search(&mut self, sorted: &[u8], ending: Ending) -> Verdict {
        if sorted.is_empty() {
            // The previous player took the last coin.
            return match ending {
                Ending::Normal => Verdict::Loss { plies: Some(0) },
                Ending::Misere => Verdict::Win { plies: Some(0) },
            };
        }
        let key = Self::key(sorted);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut fastest_win: Option<u32> = None;
        let mut slowest_loss = 0u32;
        for i in 0..sorted.len() {
            if i > 0 && sorted[i] == sorted[i - 1] {
                continue; // same pile size, same children
            }
            for take in 1..=sorted[i] {
                let mut child = sorted.to_vec();
                child[i] -= take;
                child.retain(|&p| p > 0);
                child.sort_unstable();
                match self.search(&child, ending) {
                    Verdict::Loss { plies: Some(p) } => {
                        fastest_win = Some(fastest_win.map_or(p + 1, |w| w.min(p + 1)));
                    }
                    Verdict::Win { plies: Some(p) } => slowest_loss = slowest_loss.max(p + 1),
                    _ => unreachable!("the distance search only stores proven distances"),
                }
            }
        }
        let v = match fastest_win {
            Some(plies) => Verdict::Win { plies: Some(plies) },
            None => Verdict::Loss {
                plies: Some(slowest_loss),
            },
        };
        self.memo.insert(key, v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_positions() {
        assert_eq!(nim_sum(&[3, 4, 5]), 2);
        assert!(mover_wins(&[3, 4, 5], Ending::Normal));
        assert!(!mover_wins(&[1, 2, 3], Ending::Normal));
        assert!(!mover_wins(&[1, 3, 5, 7], Ending::Misere));
        assert!(!mover_wins(&[1], Ending::Misere));
        assert!(mover_wins(&[1, 1], Ending::Misere));
        assert!(mover_wins(&[], Ending::Misere));
        assert!(!mover_wins(&[], Ending::Normal));
    }

    #[test]
    fn three_four_five_has_one_winning_move() {
        let a = analyse(&Nim::new(vec![3, 4, 5], Ending::Normal));
        let wins: Vec<_> = a.winning_moves().collect();
        assert_eq!(wins, vec![NimMove { pile: 0, take: 2 }]);
        assert!(a.verdict.is_win());
        assert_eq!(a.best, Some(NimMove { pile: 0, take: 2 }));
    }

    #[test]
    fn distances_are_exact_on_small_cases() {
        // One pile of 5: take all, one ply.
        let a = analyse(&Nim::new(vec![5], Ending::Normal));
        assert_eq!(a.verdict, Verdict::Win { plies: Some(1) });
        // 1,1: the mover takes one, the opponent the other: lost in 2.
        let a = analyse(&Nim::new(vec![1, 1], Ending::Normal));
        assert_eq!(a.verdict, Verdict::Loss { plies: Some(2) });
        // Misère 2: take one, leaving the last coin to the opponent: win in 2.
        let a = analyse(&Nim::new(vec![2], Ending::Misere));
        assert_eq!(a.verdict, Verdict::Win { plies: Some(2) });
    }

    #[test]
    fn sorted_sub_positions_counts_multisets() {
        assert_eq!(sorted_sub_positions(&[]), 1);
        assert_eq!(sorted_sub_positions(&[5]), 6);
        // Two piles of 2: {0,0} {1,0} {1,1} {2,0} {2,1} {2,2}.
        assert_eq!(sorted_sub_positions(&[2, 2]), 6);
        // 1 and 3: c0 <= 3, c1 <= min(c0, 1): 1 + 2 + 2 + 2.
        assert_eq!(sorted_sub_positions(&[1, 3]), 7);
        // Brute force on a mixed case.
        let piles = [4u8, 1, 3];
        let mut seen = std::collections::HashSet::new();
        for a in 0..=4u8 {
            for b in 0..=1u8 {
                for c in 0..=3u8 {
                    let mut v = vec![a, b, c];
                    v.sort_unstable();
                    seen.insert(v);
                }
            }
        }
        assert_eq!(sorted_sub_positions(&piles), seen.len() as u64);
    }

    #[test]
    fn big_positions_give_verdicts_without_distances() {
        let a = analyse(&Nim::new(vec![99; 8], Ending::Normal));
        assert_eq!(a.verdict, Verdict::Loss { plies: None });
        assert_eq!(a.moves.len(), 8 * 99);
        assert!(a.moves.iter().all(|m| m.verdict.is_loss()));
    }
}
