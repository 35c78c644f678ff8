//! Ratings from the results of matches between players (the AI levels): the maximum
//! likelihood fit of the Bradley-Terry model on the Elo scale, a draw counted as half a
//! win for each side, with a prior of virtual draws (as BayesElo does) so that a level
//! that never lost still gets a finite rating.
//!
//! The model: the expected score of `i` against `j` is `1 / (1 + 10^((r_j - r_i) / 400))`.
//! The fit solves, for every player, "expected score = actual score" over its games, by
//! Hunter's minorization-maximization iteration: `gamma_i = W_i / S_i`, where `W_i` is
//! its points and `S_i` the sum over its opponents `j` of `n_ij / (gamma_i + gamma_j)`,
//! with `gamma = 10^(r / 400)`. It converges for any connected set of pairings once
//! every pairing holds a virtual draw.

/// The results of the games between two players, `a` and `b` (indices).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub a: usize,
    pub b: usize,
    pub a_wins: u32,
    pub draws: u32,
    pub b_wins: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.a_wins + self.draws + self.b_wins
    }
}

/// Virtual draws added to every pairing that played (BayesElo's default prior is two;
/// one keeps the measured counts in charge and still bounds a level that never lost).
pub const PRIOR_DRAWS: f64 = 1.0;

/// How close two iterations must be (in rating points) for the fit to stop.
const TOLERANCE: f64 = 1e-6;
const MAX_ROUNDS: usize = 100_000;

/// The expected score of a player rated `r` against one rated `opponent`.
pub fn expected(r: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((opponent - r) / 400.0))
}

/// The ratings of `players` players from `tallies`, with `prior` virtual draws per
/// pairing, the lowest at `anchor`. A player without games gets the anchor. With no
/// prior, a player that scored nothing has no finite rating: give a prior.
pub fn fit(players: usize, tallies: &[Tally], prior: f64, anchor: f64) -> Vec<f64> {
    // Points won (W_i) and games played per pairing (n_ij), the prior included.
    let mut points = vec![0.0; players];
    let mut games = vec![vec![0.0; players]; players];
    for t in tallies.iter().filter(|t| t.a != t.b && t.games() > 0) {
        let (a_wins, draws, b_wins) = (
            f64::from(t.a_wins),
            f64::from(t.draws) + prior,
            f64::from(t.b_wins),
        );
        points[t.a] += a_wins + draws / 2.0;
        points[t.b] += b_wins + draws / 2.0;
        let n = a_wins + draws + b_wins;
        games[t.a][t.b] += n;
        games[t.b][t.a] += n;
    }
    let has_games = |i: usize| games[i].iter().any(|&n| n > 0.0);
    let mut gamma = vec![1.0f64; players];
    for _ in 0..MAX_ROUNDS {
        let mut next = gamma.clone();
        for i in 0..players {
            let denominator: f64 = (0..players)
                .filter(|&j| games[i][j] > 0.0)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            if denominator > 0.0 {
                next[i] = points[i] / denominator;
            }
        }
        // The scale is free: keep the geometric mean at 1.
        let played: Vec<usize> = (0..players).filter(|&i| has_games(i)).collect();
        let mean = played.iter().map(|&i| next[i].ln()).sum::<f64>() / played.len().max(1) as f64;
        for &i in &played {
            next[i] /= mean.exp();
        }
        let moved = (0..players)
            .map(|i| (400.0 * (next[i] / gamma[i]).log10()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if moved < TOLERANCE {
            break;
        }
    }
    let ratings: Vec<f64> = gamma.iter().map(|g| 400.0 * g.log10()).collect();
    let lowest = (0..players)
        .filter(|&i| has_games(i))
        .map(|i| ratings[i])
        .fold(f64::INFINITY, f64::min);
    (0..players)
        .map(|i| {
            if has_games(i) {
                ratings[i] - lowest + anchor
            } else {
                anchor
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn tally(a: usize, b: usize, a_wins: u32, draws: u32, b_wins: u32) -> Tally {
        Tally {
            a,
            b,
            a_wins,
            draws,
            b_wins,
        }
    }

    #[test]
    fn two_players_by_hand() {
        // 3 wins and a loss, plus one virtual draw: 3.5 points of 5, odds 7:3,
        // 400 log10(7/3) = 147.19 points apart.
        let r = fit(2, &[tally(0, 1, 3, 0, 1)], 1.0, 800.0);
        assert!((r[1] - 800.0).abs() < 1e-6, "{r:?}");
        assert!((r[0] - 947.19).abs() < 0.01, "{r:?}");
        // Without the prior: 3:1, 400 log10(3) = 190.85.
        let r = fit(2, &[tally(1, 0, 3, 0, 1)], 0.0, 800.0);
        assert!((r[1] - r[0] - 190.85).abs() < 0.01, "{r:?}");
        // Even: the same rating.
        let r = fit(2, &[tally(0, 1, 2, 4, 2)], 1.0, 800.0);
        assert!((r[0] - r[1]).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn a_player_that_never_lost_stays_finite() {
        let r = fit(2, &[tally(0, 1, 0, 0, 20)], 1.0, 800.0);
        // 20.5 of 21: 400 log10(41) = 645.1.
        assert!((r[1] - r[0] - 645.1).abs() < 0.1, "{r:?}");
    }

    #[test]
    fn a_chain_of_three_by_hand() {
        // 0 and 1 even, 1 and 2 even, no prior: all three equal; 2 beats 0 3:1 moves 2 up
        // and 0 down by the same amount, 1 stays in the middle.
        let r = fit(
            3,
            &[
                tally(0, 1, 5, 0, 5),
                tally(1, 2, 5, 0, 5),
                tally(0, 2, 1, 0, 3),
            ],
            0.0,
            800.0,
        );
        assert!((r[1] - r[0] - (r[2] - r[1])).abs() < 1e-6, "{r:?}");
        assert!(r[2] > r[1] && r[1] > r[0], "{r:?}");
    }

    proptest! {
        /// The fit's defining property: every player's expected score over its games
        /// (the prior's virtual draws included) equals its actual score.
        #[test]
        fn expected_scores_equal_actual_scores(
            counts in proptest::collection::vec((0u32..20, 0u32..5, 0u32..20), 6)
        ) {
            let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
            let tallies: Vec<Tally> = pairs
                .iter()
                .zip(&counts)
                .map(|(&(a, b), &(w, d, l))| tally(a, b, w, d, l))
                .collect();
            let r = fit(4, &tallies, PRIOR_DRAWS, 800.0);
            let lowest = r.iter().copied().fold(f64::INFINITY, f64::min);
            prop_assert!((lowest - 800.0).abs() < 1e-6);
            for p in 0..4 {
                let (mut actual, mut expect) = (0.0, 0.0);
                for t in tallies.iter().filter(|t| t.games() > 0) {
                    let n = f64::from(t.games()) + PRIOR_DRAWS;
                    let half = (f64::from(t.draws) + PRIOR_DRAWS) / 2.0;
                    if t.a == p {
                        actual += f64::from(t.a_wins) + half;
                        expect += n * expected(r[t.a], r[t.b]);
                    } else if t.b == p {
                        actual += f64::from(t.b_wins) + half;
                        expect += n * expected(r[t.b], r[t.a]);
                    }
                }
                prop_assert!((actual - expect).abs() < 1e-3, "player {p}: {actual} vs {expect}");
            }
        }
    }
}
