//! Puzzle ratings (issue 37, point 3): Glicko-2, as Lichess rates its puzzles. An
//! attempt is a game between the player and the puzzle: solving it (at the first try,
//! without a hint) is the player's win. Both ratings move, the player's and the
//! puzzle's own. The maths is the `skillratings` crate's; this module says what the
//! ratings start at and how an attempt reads as a result.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::Puzzle;
use crate::store::puzzles::{Attempt, GameProgress, PuzzleMode, Rated};

/// A new player's rating: Glicko-2's usual start (1500, unsure: deviation 350).
pub fn first_player_rating() -> Rated {
    from_crate(Glicko2Rating::new())
}

/// A puzzle's rating before anyone's results moved it: its first rating (the weakest
/// AI level that solves it), fairly sure (deviation 100: the grading is a measure,
/// not a guess).
pub fn first_puzzle_rating(first: u32) -> Rated {
    Rated {
        rating: f64::from(first),
        deviation: 100.0,
        volatility: 0.06,
    }
}

/// The player's and the puzzle's ratings after an attempt.
pub fn after(player: Rated, puzzle: Rated, solved: bool) -> (Rated, Rated) {
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (p, q) = glicko2(
        &to_crate(player),
        &to_crate(puzzle),
        &outcome,
        &Glicko2Config::new(),
    );
    (from_crate(p), from_crate(q))
}

/// An attempt at `puzzle` kept in `progress`: solved (at the first try, no hint) or
/// not. The first attempt at a puzzle moves both ratings; a puzzle met again (in a
/// later streak, a retried daily) is kept without moving them, so a known answer
/// earns nothing; so is a puzzle from the player's own games (it has no rating).
pub fn record(
    progress: &mut GameProgress,
    puzzle: &Puzzle,
    mode: PuzzleMode,
    solved: bool,
    hinted: bool,
    at: String,
) {
    let player = progress.rating.unwrap_or_else(first_player_rating);
    let mut now = player;
    if !progress.tried(&puzzle.id) && mode != PuzzleMode::Yours {
        let theirs = super::pick::rating_of(puzzle, progress);
        let (p, q) = after(player, theirs, solved && !hinted);
        progress.puzzles.insert(puzzle.id.clone(), q);
        now = p;
        progress.rating = Some(now);
    }
    progress.attempts.push(Attempt {
        at,
        id: puzzle.id.clone(),
        mode,
        solved: solved && !hinted,
        hinted,
        rating: now.rating,
    });
}

/// Whether the rating is still unsure (shown with a "?"): its deviation is over 110,
/// as Lichess marks a provisional rating (after few puzzles).
pub fn unsure(rated: Rated) -> bool {
    rated.deviation > 110.0
}

/// A rating as shown: whole points, with "?" while it is still [`unsure`].
pub fn shown(rated: Rated) -> String {
    let points = rated.rating.round() as i64;
    if unsure(rated) {
        format!("{points}?")
    } else {
        points.to_string()
    }
}

fn to_crate(r: Rated) -> Glicko2Rating {
    Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

fn from_crate(r: Glicko2Rating) -> Rated {
    Rated {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rated() -> impl Strategy<Value = Rated> {
        (400.0..2800.0f64, 40.0..350.0f64, 0.03..0.1f64).prop_map(
            |(rating, deviation, volatility)| Rated {
                rating,
                deviation,
                volatility,
            },
        )
    }

    proptest! {
        /// A solve raises the player and lowers the puzzle; a miss the other way
        /// round. (The deviation need not shrink: Glicko-2 widens it after a
        /// surprise; the test below checks that a new rating settles.)
        #[test]
        fn ratings_move_the_right_way(player in rated(), puzzle in rated()) {
            let (p, q) = after(player, puzzle, true);
            prop_assert!(p.rating > player.rating && q.rating < puzzle.rating);
            let (p2, q2) = after(player, puzzle, false);
            prop_assert!(p2.rating < player.rating && q2.rating > puzzle.rating);
        }

        /// Solving a harder puzzle gains more than solving an easier one.
        #[test]
        fn a_harder_solve_gains_more(player in rated(), easy in 400.0..1500.0f64, gap in 50.0..1000.0f64) {
            let puzzle = |rating| Rated { rating, deviation: 100.0, volatility: 0.06 };
            let (after_easy, _) = after(player, puzzle(easy), true);
            let (after_hard, _) = after(player, puzzle(easy + gap), true);
            prop_assert!(after_hard.rating > after_easy.rating);
        }
    }

    #[test]
    fn only_the_first_attempt_at_a_puzzle_moves_the_ratings() {
        let puzzle = Puzzle {
            version: super::super::VERSION,
            game: "nim".into(),
            id: "nim-00000001".into(),
            options: String::new(),
            position: "3,4,5".into(),
            winning: vec!["1:2".into()],
            result: Puzzle::win_in(7),
            plies: 7,
            rating: 1600,
        };
        let mut progress = GameProgress::default();
        record(
            &mut progress,
            &puzzle,
            PuzzleMode::Rated,
            true,
            false,
            "t1".into(),
        );
        let first = progress.rating.expect("rated");
        assert!(first.rating > 1500.0);
        assert!(progress.puzzles["nim-00000001"].rating < 1600.0);
        record(
            &mut progress,
            &puzzle,
            PuzzleMode::Streak,
            false,
            false,
            "t2".into(),
        );
        assert_eq!(
            progress.rating,
            Some(first),
            "a puzzle met again moves nothing"
        );
        assert_eq!(progress.attempts.len(), 2);
        assert!(progress.solved("nim-00000001"));
        let mut hinted = GameProgress::default();
        record(
            &mut hinted,
            &puzzle,
            PuzzleMode::Daily,
            true,
            true,
            "t3".into(),
        );
        assert!(
            hinted.rating.expect("rated").rating < 1500.0,
            "a hint costs the puzzle"
        );
        assert!(!hinted.attempts[0].solved && hinted.attempts[0].hinted);
    }

    #[test]
    fn a_new_rating_is_shown_unsure_until_results_settle_it() {
        let mut player = first_player_rating();
        assert_eq!(shown(player), "1500?");
        let puzzle = first_puzzle_rating(1500);
        for _ in 0..12 {
            player = after(player, puzzle, true).0;
            player = after(player, puzzle, false).0;
        }
        assert!(!shown(player).ends_with('?'), "{player:?}");
    }
}
