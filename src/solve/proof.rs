//! The exhaustive proof for a Nim start position, as Breaking-1357 did it: enumerate
//! every position reachable from the start (piles and whose turn), then work backwards
//! from the finished positions to find which player can force a win from each. It uses
//! no nim-sum formula, so it independently confirms the formula.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::game::nim::{Ending, Nim};
use crate::game::{Game, Outcome, Seat};

/// What the exhaustive search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofReport {
    /// Distinct (piles, player to move) states reachable from the start, the start and
    /// the finished states included.
    pub positions: usize,
    /// How many of those states the first player can force a win from.
    pub first_player_wins: usize,
    /// How many the second player can force a win from.
    pub second_player_wins: usize,
    /// Who wins from the start with perfect play.
    pub winner: Seat,
}

/// Searches every position reachable from `start`.
pub fn prove(start: &Nim) -> ProofReport {
    let reachable = reachable_states(start);
    let mut winner_of: FxHashMap<Nim, Seat> = FxHashMap::default();
    for state in &reachable {
        forced_winner(state, &mut winner_of);
    }
    let first_player_wins = reachable
        .iter()
        .filter(|s| winner_of.get(*s) == Some(&Seat::First))
        .count();
    ProofReport {
        positions: reachable.len(),
        first_player_wins,
        second_player_wins: reachable.len() - first_player_wins,
        winner: winner_of.get(start).copied().unwrap_or(Seat::First),
    }
}

fn reachable_states(start: &Nim) -> FxHashSet<Nim> {
    let mut seen = FxHashSet::default();
    let mut stack = vec![start.clone()];
    while let Some(state) = stack.pop() {
        if !seen.insert(state.clone()) {
            continue;
        }
        for mv in state.legal_moves() {
            if let Ok(next) = state.after(mv)
                && !seen.contains(&next)
            {
                stack.push(next);
            }
        }
    }
    seen
}

/// The player who can force a win from `state`: the mover if some move leads to a
/// state the mover wins, otherwise the opponent.
fn forced_winner(state: &Nim, memo: &mut FxHashMap<Nim, Seat>) -> Seat {
    if let Some(&w) = memo.get(state) {
        return w;
    }
    let mover = state.to_move();
    let winner = match state.outcome() {
        Some(Outcome::Win(seat)) => seat,
        Some(Outcome::Draw) => unreachable!("Nim has no draws"),
        None => {
            let mut w = mover.other();
            for mv in state.legal_moves() {
                if let Ok(next) = state.after(mv)
                    && forced_winner(&next, memo) == mover
                {
                    w = mover;
                    break;
                }
            }
            w
        }
    };
    memo.insert(state.clone(), winner);
    winner
}

/// The 1-3-5-7 proof.
pub fn prove_1357() -> ProofReport {
    prove(&Nim::sugar_packets())
}

/// Whether `start` is misère, for the proof's printed summary.
pub fn ending_name(ending: Ending) -> &'static str {
    match ending {
        Ending::Normal => "normal play: the last coin wins",
        Ending::Misere => "misère: the last coin loses",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_player_wins_1357() {
        let r = prove_1357();
        assert_eq!(r.winner, Seat::Second);
        assert_eq!(r.positions, r.first_player_wins + r.second_player_wins);
        // 2*4*6*8 pile combinations, each with either player to move, less the ones
        // parity makes unreachable.
        assert!(r.positions <= 2 * 384);
        assert!(r.positions > 384);
    }

    #[test]
    fn normal_three_four_five_is_a_first_player_win() {
        let r = prove(&Nim::new(vec![3, 4, 5], Ending::Normal));
        assert_eq!(r.winner, Seat::First);
    }
}
