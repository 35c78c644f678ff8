//! Which puzzle comes next (issue 37, point 3): the daily puzzle, the same for every
//! player on a date (UTC) and chosen from the date alone; the next rated puzzle, near
//! the player's rating among those not yet tried; and a streak's puzzles, from the
//! easiest to the hardest.

use rand::RngExt;

use super::Puzzle;
use super::generate::stable_hash;
use crate::seeds::GameRng;
use crate::store::puzzles::{GameProgress, Rated};

/// The longest streak a set offers (a set of fewer puzzles offers them all).
pub const STREAK_LENGTH: usize = 30;

/// The puzzle of `date` (`YYYY-MM-DD`, UTC) among `puzzles` of `game`: a hash of the
/// game and the date picks it, so every player sees the same one that day.
pub fn daily(game: &str, puzzles: &[Puzzle], date: &str) -> Option<usize> {
    if puzzles.is_empty() {
        return None;
    }
    let hash = stable_hash(&format!("daily puzzle {game} {date}"));
    Some((hash % puzzles.len() as u64) as usize)
}

/// A puzzle's rating now: as the player's results moved it, else its first rating.
pub fn rating_of(puzzle: &Puzzle, progress: &GameProgress) -> Rated {
    progress
        .puzzles
        .get(&puzzle.id)
        .copied()
        .unwrap_or_else(|| super::rating::first_puzzle_rating(puzzle.rating))
}

/// The next rated puzzle for a player rated `rating`: among the puzzles not tried yet
/// (all of them, once every one was), one of the few nearest the rating, drawn by `rng`
/// so two sessions do not repeat one order. `except` (the puzzle just played) is left
/// out where another is left.
pub fn rated(
    puzzles: &[Puzzle],
    progress: &GameProgress,
    rating: f64,
    except: Option<&str>,
    rng: &mut GameRng,
) -> Option<usize> {
    let untried: Vec<usize> = (0..puzzles.len())
        .filter(|&i| !progress.tried(&puzzles[i].id))
        .collect();
    let mut pool = if untried.is_empty() {
        (0..puzzles.len()).collect()
    } else {
        untried
    };
    if pool.len() > 1 {
        pool.retain(|&i| Some(puzzles[i].id.as_str()) != except);
    }
    let distance = |i: usize| (rating_of(&puzzles[i], progress).rating - rating).abs();
    pool.sort_by(|&a, &b| distance(a).total_cmp(&distance(b)).then(a.cmp(&b)));
    let nearest = &pool[..pool.len().min(5)];
    if nearest.is_empty() {
        return None;
    }
    Some(nearest[rng.random_range(0..nearest.len())])
}

/// A streak's puzzles, in the order they come: the set sorted from the easiest (by
/// first rating, then the length of the win), cut into [`STREAK_LENGTH`] windows of
/// rising difficulty, one puzzle drawn from each.
pub fn streak(puzzles: &[Puzzle], rng: &mut GameRng) -> Vec<usize> {
    let mut sorted: Vec<usize> = (0..puzzles.len()).collect();
    sorted.sort_by_key(|&i| (puzzles[i].rating, puzzles[i].plies, puzzles[i].id.clone()));
    let steps = sorted.len().min(STREAK_LENGTH);
    (0..steps)
        .map(|k| {
            let from = k * sorted.len() / steps;
            let to = ((k + 1) * sorted.len() / steps).max(from + 1);
            sorted[rng.random_range(from..to)]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn puzzle(n: usize, rating: u32, plies: u32) -> Puzzle {
        Puzzle {
            version: super::super::VERSION,
            game: "nim".into(),
            id: format!("nim-{n:08x}"),
            options: String::new(),
            position: format!("{n},1"),
            winning: vec!["1:1".into()],
            result: Puzzle::win_in(plies),
            plies,
            rating,
        }
    }

    fn set() -> Vec<Puzzle> {
        (0..60)
            .map(|n| puzzle(n, 800 + 400 * (n as u32 % 4), 5 + 2 * (n as u32 % 3)))
            .collect()
    }

    #[test]
    fn the_daily_puzzle_is_fixed_by_the_date_and_changes_with_it() {
        let puzzles = set();
        let today = daily("nim", &puzzles, "2026-11-27");
        assert_eq!(today, daily("nim", &puzzles, "2026-11-27"));
        let days: std::collections::BTreeSet<_> = (1..=28)
            .map(|d| daily("nim", &puzzles, &format!("2026-02-{d:02}")))
            .collect();
        assert!(days.len() > 10, "a month shows many puzzles: {days:?}");
        assert_eq!(daily("nim", &[], "2026-11-27"), None);
        // Pinned: the choice must not change between builds (players compare it).
        assert_eq!(
            stable_hash("daily puzzle nim 2026-11-27") % 60,
            today.unwrap() as u64
        );
    }

    #[test]
    fn a_rated_puzzle_is_near_the_rating_and_new() {
        let puzzles = set();
        let mut progress = GameProgress::default();
        let mut rng = GameRng::seed_from_u64(3);
        for _ in 0..10 {
            let i = rated(&puzzles, &progress, 1600.0, None, &mut rng).unwrap();
            assert_eq!(puzzles[i].rating, 1600);
            progress.attempts.push(crate::store::puzzles::Attempt {
                at: "2026-11-27T10:00:00Z".into(),
                id: puzzles[i].id.clone(),
                mode: crate::store::puzzles::PuzzleMode::Rated,
                solved: true,
                hinted: false,
                rating: 1600.0,
            });
        }
        let tried: std::collections::BTreeSet<_> =
            progress.attempts.iter().map(|a| a.id.clone()).collect();
        assert_eq!(
            tried.len(),
            10,
            "no puzzle comes twice while others are new"
        );
        // A puzzle whose rating the player's results raised is met at its new rating.
        let moved = &puzzles[0];
        progress.puzzles.insert(
            moved.id.clone(),
            Rated {
                rating: 2400.0,
                deviation: 80.0,
                volatility: 0.06,
            },
        );
        let drawn: std::collections::BTreeSet<usize> = (0..50)
            .map(|_| rated(&puzzles, &progress, 2400.0, None, &mut rng).unwrap())
            .collect();
        assert!(drawn.contains(&0), "{drawn:?}");
        assert!(
            drawn.iter().all(|&i| i == 0 || puzzles[i].rating == 2000),
            "only the nearest: {drawn:?}"
        );
        let one = [puzzles[0].clone()];
        assert_eq!(
            rated(&one, &progress, 1500.0, Some(&one[0].id), &mut rng),
            Some(0)
        );
    }

    #[test]
    fn a_streak_rises_from_the_easiest_to_the_hardest() {
        let puzzles = set();
        let order = streak(&puzzles, &mut GameRng::seed_from_u64(1));
        assert_eq!(order.len(), STREAK_LENGTH);
        let ratings: Vec<u32> = order.iter().map(|&i| puzzles[i].rating).collect();
        assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "{ratings:?}");
        assert_eq!(ratings.first(), Some(&800));
        assert_eq!(ratings.last(), Some(&2000));
        let distinct: std::collections::BTreeSet<_> = order.iter().collect();
        assert_eq!(distinct.len(), order.len(), "no puzzle twice in a streak");
        let small = &puzzles[..7];
        assert_eq!(streak(small, &mut GameRng::seed_from_u64(1)).len(), 7);
    }
}
