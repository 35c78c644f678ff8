//! Winners & Losers by the interval dynamic programme: whether the player to move wins
//! on letters[i..i+k] follows from the two intervals of length k-1, so one row of
//! n booleans, rewritten in place for k = 1, 2, ..., gives the verdict in O(n^2) time
//! and O(n) memory. The AND/OR pyramid of the original write-up is the same programme
//! kept whole, for drawing.

use std::collections::BTreeMap;

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use super::analysis::{Analysis, MoveValue, Traps, Verdict};
use super::policy;
use crate::game::wl::{Wl, WlMove};
use crate::game::{Game, Outcome, Seat};

/// Win rows: after the call, `row[i]` says whether the mover wins on
/// `letters[i..i+len]`, and `previous[i]` the same for length `len - 1` (when len >= 2).
/// Returns the number of cells computed.
fn win_rows(letters: &[bool], len: usize, row: &mut Vec<bool>, previous: &mut Vec<bool>) -> u64 {
    row.clear();
    row.extend_from_slice(letters); // length 1: the mover takes the letter; W wins
    previous.clear();
    let mut cells = letters.len() as u64;
    for k in 2..=len {
        previous.clone_from(row);
        let count = letters.len() + 1 - k;
        for i in 0..count {
            // Take the left letter (the opponent faces i+1..) or the right one (i..).
            row[i] = !previous[i + 1] || !previous[i];
        }
        row.truncate(count);
        cells += count as u64;
    }
    cells
}

/// Whether the player to move wins on a non-empty string with perfect play.
pub fn mover_wins(letters: &[bool]) -> bool {
    if letters.is_empty() {
        return false;
    }
    let n = letters.len();
    // Rolling a single row in place: O(n) memory.
    let mut row = letters.to_vec();
    for k in 2..=n {
        for i in 0..=n - k {
            row[i] = !row[i + 1] || !row[i];
        }
    }
    row[0]
}

/// The full analysis of the position on the table: the verdict, each end's verdict, and
/// for each end how many of the opponent's replies would hand the win back.
pub fn analyse(position: &Wl) -> Analysis<WlMove> {
    let letters = position.remaining();
    let r = letters.len();
    if r == 0 {
        let verdict = match position.outcome() {
            Some(Outcome::Win(seat)) if seat == position.to_move() => {
                Verdict::Win { plies: Some(0) }
            }
            _ => Verdict::Loss { plies: Some(0) },
        };
        return Analysis {
            best: None,
            verdict,
            score: None,
            pv: Vec::new(),
            moves: Vec::new(),
            depth: 0,
            nodes: 1,
            exact: true,
        };
    }
    let plies = Some(r as u32);
    let (moves, nodes) = if r == 1 {
        // Both ends are the same last letter.
        let v = if letters[0] {
            Verdict::Win { plies: Some(1) }
        } else {
            Verdict::Loss { plies: Some(1) }
        };
        let m = |mv| MoveValue {
            mv,
            verdict: v,
            score: None,
            chances: None,
            plies_at_most: None,
            proofs_left: None,
            score_at_most: None,
            traps: Some(Traps {
                losing_replies: 0,
                replies: 0,
            }),
        };
        (vec![m(WlMove::Left), m(WlMove::Right)], 1)
    } else {
        let mut row = Vec::new();
        let mut previous = Vec::new();
        let nodes = win_rows(letters, r - 1, &mut row, &mut previous);
        // row: length r-1, children. previous: length r-2, grandchildren (r >= 3).
        let child_wins = [row[1], row[0]]; // Left leaves 1.., Right leaves 0..r-1
        let replies_losing = |child: usize| -> u32 {
            // The child interval starts at `child`; the opponent's replies leave the
            // intervals starting at child+1 and child, of length r-2.
            if r == 2 {
                // The opponent takes the last letter: it loses for them if it is L.
                let last = letters[1 - child];
                if last { 0 } else { 2 }
            } else {
                u32::from(previous[child + 1]) + u32::from(previous[child])
            }
        };
        let moves = [
            (WlMove::Left, 1usize, child_wins[0]),
            (WlMove::Right, 0, child_wins[1]),
        ]
        .into_iter()
        .map(|(mv, start, opponent_wins)| MoveValue {
            mv,
            verdict: if opponent_wins {
                Verdict::Loss { plies }
            } else {
                Verdict::Win { plies }
            },
            score: None,
            chances: None,
            plies_at_most: None,
            proofs_left: None,
            score_at_most: None,
            traps: Some(Traps {
                losing_replies: replies_losing(start),
                replies: 2,
            }),
        })
        .collect();
        (moves, nodes)
    };
    let mover_wins = moves.iter().any(|m: &MoveValue<WlMove>| m.verdict.is_win());
    let best = policy::perfect_choice(&moves);
    Analysis {
        best,
        verdict: if mover_wins {
            Verdict::Win { plies }
        } else {
            Verdict::Loss { plies }
        },
        score: None,
        pv: best.into_iter().collect(),
        moves,
        depth: r as u32,
        nodes: nodes + 1,
        exact: true,
    }
}

/// The AND/OR pyramid: `rows[k - 1][i]` is the letter (true = W) that will be taken
/// last from `letters[i..i+k]` with perfect play. The player who takes the last letter
/// (the mover when k is odd) picks the larger child (OR), the other the smaller (AND).
/// Quadratic memory: for drawing strings of modest length.
pub fn pyramid(letters: &[bool]) -> Vec<Vec<bool>> {
    let mut rows: Vec<Vec<bool>> = vec![letters.to_vec()];
    for k in 2..=letters.len() {
        let below = &rows[k - 2];
        let row = (0..=letters.len() - k)
            .map(|i| {
                if k % 2 == 1 {
                    below[i] || below[i + 1]
                } else {
                    below[i] && below[i + 1]
                }
            })
            .collect();
        rows.push(row);
    }
    rows
}

/// Whether the mover wins, read off a pyramid cell: the mover takes the last letter
/// when an odd number remain, and wins if it is W; otherwise wins if it is L.
pub fn mover_wins_from_pyramid_cell(len: usize, last_letter_is_w: bool) -> bool {
    (len % 2 == 1) == last_letter_is_w
}

/// What a simulation found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimulationReport {
    pub games: u32,
    pub first_player_wins: u32,
    pub predictions_confirmed: u32,
    pub total_letters: u64,
    /// Per string length: (games, first-player wins).
    pub by_length: BTreeMap<usize, (u32, u32)>,
}

impl SimulationReport {
    pub fn second_player_wins(&self) -> u32 {
        self.games - self.first_player_wins
    }

    pub fn mean_length(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total_letters as f64 / f64::from(self.games)
        }
    }
}

/// The longest string the simulation accepts: each game costs O(n^3) with the AI's
/// per-move analysis.
pub const SIMULATION_MAX_LEN: usize = 500;

/// Perfect AI against perfect AI on `games` random strings of `min_len..=max_len`
/// letters (ChaCha8 from `seed`: a stable stream, so a seed replays). In every game the winner predicted before the first move is checked
/// against the actual winner. `progress` is called after each game with the report so
/// far; returning false stops early.
pub fn simulate(
    games: u32,
    min_len: usize,
    max_len: usize,
    seed: u64,
    progress: &mut dyn FnMut(&SimulationReport) -> bool,
) -> SimulationReport {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut report = SimulationReport::default();
    for _ in 0..games {
        let n = rng.random_range(min_len..=max_len);
        let letters: Vec<bool> = (0..n).map(|_| rng.random_bool(0.5)).collect();
        let mut game = Wl::new(letters);
        let predicted = if mover_wins(game.remaining()) {
            Seat::First
        } else {
            Seat::Second
        };
        while game.outcome().is_none() {
            let a = analyse(&game);
            let Some(mv) = policy::choose_move(&a, policy::Slips::NONE, &mut rng) else {
                break;
            };
            if game.play(mv).is_err() {
                break;
            }
        }
        let winner = match game.outcome() {
            Some(Outcome::Win(seat)) => Some(seat),
            _ => None,
        };
        report.games += 1;
        report.total_letters += n as u64;
        let entry = report.by_length.entry(n).or_default();
        entry.0 += 1;
        if winner == Some(Seat::First) {
            report.first_player_wins += 1;
            entry.1 += 1;
        }
        if winner == Some(predicted) {
            report.predictions_confirmed += 1;
        }
        if !progress(&report) {
            break;
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::wl::parse_letters;

    fn wins(s: &str) -> bool {
        mover_wins(&parse_letters(s).unwrap())
    }

    #[test]
    fn hand_worked_cases() {
        assert!(wins("W"));
        assert!(!wins("L"));
        // Two letters: the mover leaves the opponent a letter to take last.
        assert!(wins("LL") && wins("LW") && wins("WL"));
        assert!(!wins("WW"));
        // The write-up's example, corrected: WLWLL is a loss for the first player.
        assert!(!wins("WLWLL"));
    }

    #[test]
    fn the_pyramid_agrees_with_the_rolling_row() {
        for s in ["WLWLL", "LLWWW", "WWLWLLWLWW", "L", "WW"] {
            let letters = parse_letters(s).unwrap();
            let p = pyramid(&letters);
            let apex = p[letters.len() - 1][0];
            assert_eq!(
                mover_wins_from_pyramid_cell(letters.len(), apex),
                mover_wins(&letters),
                "{s}"
            );
        }
        // The write-up's rows for WLWLL (it drew them reversed): AND then OR then AND.
        let p = pyramid(&parse_letters("WLWLL").unwrap());
        assert_eq!(p[1], vec![false, false, false, false]);
    }

    #[test]
    fn each_move_is_judged() {
        let a = analyse(&Wl::new(parse_letters("LLWWW").unwrap()));
        assert_eq!(a.verdict, Verdict::Win { plies: Some(5) });
        let left = a.value_of(WlMove::Left).unwrap();
        let right = a.value_of(WlMove::Right).unwrap();
        assert!(left.verdict.is_win());
        assert!(right.verdict.is_loss());
        assert_eq!(a.best, Some(WlMove::Left));
    }

    #[test]
    fn a_seeded_simulation_confirms_every_prediction() {
        let r = simulate(200, 1, 30, 42, &mut |_| true);
        assert_eq!(r.games, 200);
        assert_eq!(r.predictions_confirmed, 200);
        let again = simulate(200, 1, 30, 42, &mut |_| true);
        assert_eq!(r, again, "the same seed gives the same games");
        assert_eq!(r.by_length.values().map(|(g, _)| g).sum::<u32>(), 200);
    }
}
