//! The AI's character: which move to play, given the solver's truth about every move.
//! The solver never lies; the difficulty decides how often the AI ignores it.

use std::cmp::Ordering;

use rand::{Rng, RngExt};

use super::analysis::{Analysis, MoveValue, Verdict};

/// How the AI leaves the solver's best move: how often, and whether a slip may be any
/// move at all. The difficulties of a match (`matchup::Difficulty`) are made of these.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slips {
    /// The chance of playing a move other than the best one.
    pub chance: f64,
    /// A slip may be any move, even one that hands the opponent a win at once (a
    /// beginner's); otherwise the AI sees one move ahead.
    pub blind: bool,
}

impl Slips {
    /// Never leaves the best move.
    pub const NONE: Slips = Slips {
        chance: 0.0,
        blind: false,
    };
}

/// How good a move is for the player making it; higher is better.
fn rank<M>(m: &MoveValue<M>) -> (u8, i64, f64, i32) {
    let far = i64::from(u32::MAX);
    let share = m.traps.map_or(0.0, |t| t.share());
    match m.verdict {
        // Fastest win first; a win whose length is not known exactly counts at its
        // proven bound.
        Verdict::Win { plies } => (4, -plies.or(m.plies_at_most).map_or(far, i64::from), 0.0, 0),
        Verdict::Draw => (3, 0, 0.0, 0),
        // Not proven: the fewest proofs left to a win where the solver counted them (a
        // move wins when every reply loses), then the estimate.
        Verdict::Score(s) => (2, i64::from(s), -f64::from(m.proofs_left.unwrap_or(0)), 0),
        Verdict::Unknown => (2, 0, 0.0, 0),
        // When lost: the most traps, then the best chances against a fallible opponent,
        // then the longest resistance; a loss whose length is not known exactly counts
        // at its proven bound, so it is not mistaken for the shortest.
        Verdict::Loss { plies } => (
            0,
            plies.or(m.plies_at_most).map_or(0, i64::from),
            share,
            m.chances.unwrap_or(0),
        ),
    }
}

fn compare<M>(a: &MoveValue<M>, b: &MoveValue<M>) -> Ordering {
    let (ca, pa, sa, xa) = rank(a);
    let (cb, pb, sb, xb) = rank(b);
    ca.cmp(&cb)
        .then(sa.total_cmp(&sb))
        .then(xa.cmp(&xb))
        .then(pa.cmp(&pb))
}

/// The moves a perfect player considers equally best.
pub fn best_moves<M: Copy>(moves: &[MoveValue<M>]) -> Vec<M> {
    let Some(top) = moves.iter().max_by(|a, b| compare(a, b)) else {
        return Vec::new();
    };
    moves
        .iter()
        .filter(|m| compare(m, top) == Ordering::Equal)
        .map(|m| m.mv)
        .collect()
}

/// The first of the best moves: a deterministic choice for reports.
pub fn perfect_choice<M: Copy>(moves: &[MoveValue<M>]) -> Option<M> {
    best_moves(moves).first().copied()
}

/// The moves a player who `slips` might play by mistake. Like a person, a strong or
/// casual player sees one move ahead: it does not hand over a win the opponent can take
/// at once (when some other move avoids that). A blind one (a beginner) may play
/// anything.
fn plausible_slips<M: Copy>(moves: &[MoveValue<M>], slips: Slips) -> Vec<M> {
    let all = || moves.iter().map(|m| m.mv).collect::<Vec<M>>();
    if slips.blind {
        return all();
    }
    // A move after which the opponent wins with their very next move.
    let loses_at_once =
        |m: &MoveValue<M>| matches!(m.verdict, Verdict::Loss { plies: Some(p) } if p <= 2);
    let sensible: Vec<M> = moves
        .iter()
        .filter(|m| !loses_at_once(m))
        .map(|m| m.mv)
        .collect();
    if sensible.is_empty() { all() } else { sensible }
}

/// The move the AI plays when it `slips` so. Ties between equally good moves and slips
/// are decided by `rng`, so a seeded rng gives a reproducible game.
pub fn choose_move<M: Copy, R: Rng + ?Sized>(
    analysis: &Analysis<M>,
    slips: Slips,
    rng: &mut R,
) -> Option<M> {
    if analysis.moves.is_empty() {
        return None;
    }
    if rng.random_bool(slips.chance) {
        let plausible = plausible_slips(&analysis.moves, slips);
        let i = rng.random_range(0..plausible.len());
        return Some(plausible[i]);
    }
    let best = best_moves(&analysis.moves);
    let i = rng.random_range(0..best.len());
    Some(best[i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Traps;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    // Slips as the difficulties of a match use them (`matchup::Difficulty::slips`).
    const STRONG: Slips = Slips {
        chance: 0.05,
        blind: false,
    };
    const CASUAL: Slips = Slips {
        chance: 0.3,
        blind: false,
    };
    const BEGINNER: Slips = Slips {
        chance: 0.6,
        blind: true,
    };
    const SLIPS: [Slips; 4] = [Slips::NONE, STRONG, CASUAL, BEGINNER];

    fn mv(id: u8, verdict: Verdict, traps: Option<(u32, u32)>) -> MoveValue<u8> {
        MoveValue {
            mv: id,
            verdict,
            score: None,
            chances: None,
            plies_at_most: None,
            proofs_left: None,
            score_at_most: None,
            traps: traps.map(|(losing_replies, replies)| Traps {
                losing_replies,
                replies,
            }),
        }
    }

    fn analysis(moves: Vec<MoveValue<u8>>) -> Analysis<u8> {
        Analysis {
            best: None,
            verdict: Verdict::Unknown,
            score: None,
            pv: Vec::new(),
            moves,
            depth: 1,
            nodes: 1,
            exact: true,
        }
    }

    #[test]
    fn perfect_takes_the_fastest_win() {
        let a = analysis(vec![
            mv(0, Verdict::Loss { plies: Some(9) }, None),
            mv(1, Verdict::Win { plies: Some(5) }, None),
            mv(2, Verdict::Win { plies: Some(3) }, None),
            mv(3, Verdict::Draw, None),
        ]);
        let mut rng = StdRng::seed_from_u64(1);
        for _ in 0..50 {
            assert_eq!(choose_move(&a, Slips::NONE, &mut rng), Some(2));
        }
    }

    #[test]
    fn a_loss_of_unknown_length_counts_at_its_bound() {
        let unknown = Verdict::Loss { plies: None };
        let mut a = analysis(vec![
            mv(0, Verdict::Loss { plies: Some(2) }, None),
            mv(1, unknown, None),
            mv(2, unknown, None),
        ]);
        a.moves[1].plies_at_most = Some(30);
        a.moves[2].plies_at_most = Some(60);
        assert_eq!(best_moves(&a.moves), vec![2]);
        // Wins likewise: a proven bound of 5 beats an exact 7, and an unknown length
        // comes last.
        let mut w = analysis(vec![
            mv(0, Verdict::Win { plies: Some(7) }, None),
            mv(1, Verdict::Win { plies: None }, None),
            mv(2, Verdict::Win { plies: None }, None),
        ]);
        w.moves[1].plies_at_most = Some(5);
        assert_eq!(best_moves(&w.moves), vec![1]);
        w.moves[1].plies_at_most = None;
        assert_eq!(best_moves(&w.moves), vec![0]);
        // Without bounds, the unknown losses tie at the bottom and the known one is best.
        a.moves[1].plies_at_most = None;
        a.moves[2].plies_at_most = None;
        assert_eq!(best_moves(&a.moves), vec![0]);
        let mut rng = StdRng::seed_from_u64(4);
        assert_eq!(choose_move(&a, Slips::NONE, &mut rng), Some(0));
    }

    #[test]
    fn perfect_sets_the_most_traps_when_lost() {
        let a = analysis(vec![
            mv(0, Verdict::Loss { plies: Some(9) }, Some((1, 10))),
            mv(1, Verdict::Loss { plies: Some(3) }, Some((6, 10))),
            mv(2, Verdict::Loss { plies: Some(7) }, Some((2, 10))),
        ]);
        assert_eq!(best_moves(&a.moves), vec![1]);
        // Equal traps: the longest resistance.
        let a = analysis(vec![
            mv(0, Verdict::Loss { plies: Some(3) }, Some((1, 2))),
            mv(1, Verdict::Loss { plies: Some(7) }, Some((1, 2))),
        ]);
        assert_eq!(best_moves(&a.moves), vec![1]);
    }

    #[test]
    fn perfect_takes_the_best_chances_between_equal_traps_when_lost() {
        let with = |id, plies, traps, chances| MoveValue {
            chances: Some(chances),
            ..mv(id, Verdict::Loss { plies }, Some(traps))
        };
        // Equal traps: the better chances, before the longer resistance.
        let a = analysis(vec![
            with(0, Some(9), (0, 2), -300),
            with(1, Some(3), (0, 2), 120),
            with(2, Some(5), (0, 2), 40),
        ]);
        assert_eq!(best_moves(&a.moves), vec![1]);
        // More traps beat better chances.
        let a = analysis(vec![
            with(0, None, (1, 2), -500),
            with(1, None, (0, 2), 400),
        ]);
        assert_eq!(best_moves(&a.moves), vec![0]);
        // Equal chances: the longest resistance.
        let a = analysis(vec![
            with(0, Some(3), (0, 2), 10),
            with(1, Some(7), (0, 2), 10),
        ]);
        assert_eq!(best_moves(&a.moves), vec![1]);
    }

    #[test]
    fn perfect_plays_the_unproven_move_with_the_fewest_proofs_left() {
        let left = |id, score, proofs_left| MoveValue {
            proofs_left,
            ..mv(id, Verdict::Score(score), None)
        };
        // One proof left beats two, whatever the estimates.
        let a = analysis(vec![left(0, 300, Some(2)), left(1, -200, Some(1))]);
        assert_eq!(best_moves(&a.moves), vec![1]);
        // As many either way: the estimate decides.
        let a = analysis(vec![left(0, -100, Some(3)), left(1, 50, Some(3))]);
        assert_eq!(best_moves(&a.moves), vec![1]);
        // Without counts, the estimate alone, as before.
        let a = analysis(vec![left(0, 10, None), left(1, 20, None)]);
        assert_eq!(best_moves(&a.moves), vec![1]);
        // A proven win still comes first.
        let a = analysis(vec![
            left(0, 900, Some(1)),
            mv(1, Verdict::Win { plies: None }, None),
        ]);
        assert_eq!(best_moves(&a.moves), vec![1]);
    }

    #[test]
    fn perfect_prefers_a_draw_to_a_loss() {
        let a = analysis(vec![
            mv(0, Verdict::Loss { plies: Some(20) }, Some((9, 10))),
            mv(1, Verdict::Draw, None),
        ]);
        assert_eq!(best_moves(&a.moves), vec![1]);
    }

    #[test]
    fn weaker_levels_slip_at_their_rates() {
        let a = analysis(
            (0..10)
                .map(|i| {
                    let v = if i == 0 {
                        Verdict::Win { plies: Some(1) }
                    } else {
                        Verdict::Loss { plies: Some(5) }
                    };
                    mv(i, v, None)
                })
                .collect(),
        );
        let mut rng = StdRng::seed_from_u64(7);
        let mut slips = [0u32; 4];
        for (i, d) in SLIPS.into_iter().enumerate() {
            for _ in 0..2000 {
                if choose_move(&a, d, &mut rng) != Some(0) {
                    slips[i] += 1;
                }
            }
        }
        assert_eq!(slips[0], 0);
        assert!(
            slips[0] < slips[1] && slips[1] < slips[2] && slips[2] < slips[3],
            "{slips:?}"
        );
    }

    #[test]
    fn casual_slips_never_hand_over_an_immediate_win() {
        let a = analysis(vec![
            mv(0, Verdict::Win { plies: Some(3) }, None),
            mv(1, Verdict::Loss { plies: Some(2) }, None),
            mv(2, Verdict::Loss { plies: Some(6) }, None),
        ]);
        let mut rng = StdRng::seed_from_u64(11);
        let mut beginner_blunders = 0;
        for _ in 0..500 {
            assert_ne!(choose_move(&a, CASUAL, &mut rng), Some(1));
            assert_ne!(choose_move(&a, STRONG, &mut rng), Some(1));
            if choose_move(&a, BEGINNER, &mut rng) == Some(1) {
                beginner_blunders += 1;
            }
        }
        assert!(beginner_blunders > 0, "a beginner may blunder outright");
    }
}
