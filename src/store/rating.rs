//! The player's rating against the AI in one game: Glicko-2 (the `skillratings` crate),
//! one rating period per game, against the measured rating of the AI level played
//! (`plugin::rating::levels`). Recomputed from the history every time it is shown, from
//! the rated games in the order they were played: nothing else is kept, so it cannot
//! drift from the games it counts (a game finished again after undo replaces its
//! earlier ending in the history, and is counted once). Which games are rated is the
//! caller's to say (`plugin::rating::rated`): it needs the games.

use serde::Serialize;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// A new player's rating and its deviation (Glicko-2's defaults).
pub const START: f64 = 1500.0;
pub const START_DEVIATION: f64 = 350.0;
/// The deviation given to an AI level's measured rating: small, as it was measured over
/// hundreds of games, and it does not move with the player's games.
pub const LEVEL_DEVIATION: f64 = 60.0;

/// How a rated game ended for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Result {
    Won,
    Drawn,
    Lost,
}

impl Result {
    fn outcome(self) -> Outcomes {
        match self {
            Result::Won => Outcomes::WIN,
            Result::Drawn => Outcomes::DRAW,
            Result::Lost => Outcomes::LOSS,
        }
    }
}

/// A rated game, as the caller found it in the history.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    /// When it finished (RFC 3339).
    pub date: String,
    /// The AI level played, and its measured rating.
    pub level: String,
    pub level_rating: u32,
    pub result: Result,
}

/// The rating after one game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingPoint {
    /// The day the game finished (`2026-11-23`).
    pub date: String,
    /// The rating after it, rounded.
    pub rating: u32,
    pub level: String,
    pub level_rating: u32,
    pub result: Result,
}

/// The player's rating in one game, with its history (oldest first).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerRating {
    pub rating: u32,
    /// Glicko-2's rating deviation: about how far the rating may be from the truth.
    pub deviation: u32,
    pub games: u32,
    pub history: Vec<RatingPoint>,
}

/// One game's update: the player's rating after `result` against a level rated `level`.
pub fn update(player: Glicko2Rating, level: f64, result: Result) -> Glicko2Rating {
    let opponent = Glicko2Rating {
        rating: level,
        deviation: LEVEL_DEVIATION,
        volatility: 0.06,
    };
    glicko2(&player, &opponent, &result.outcome(), &Glicko2Config::new()).0
}

/// A new player's rating.
pub fn start() -> Glicko2Rating {
    Glicko2Rating {
        rating: START,
        deviation: START_DEVIATION,
        volatility: 0.06,
    }
}

fn rounded(x: f64) -> u32 {
    x.round().clamp(0.0, f64::from(u32::MAX)) as u32
}

/// The rating after `games` (oldest first); `None` without any.
pub fn replay(games: &[RatedGame]) -> Option<PlayerRating> {
    if games.is_empty() {
        return None;
    }
    let mut player = start();
    let mut history = Vec::with_capacity(games.len());
    for game in games {
        player = update(player, f64::from(game.level_rating), game.result);
        history.push(RatingPoint {
            date: game.date.get(..10).unwrap_or(&game.date).to_string(),
            rating: rounded(player.rating),
            level: game.level.clone(),
            level_rating: game.level_rating,
            result: game.result,
        });
    }
    Some(PlayerRating {
        rating: rounded(player.rating),
        deviation: rounded(player.deviation),
        games: games.len() as u32,
        history,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn game(level_rating: u32, result: Result) -> RatedGame {
        RatedGame {
            date: "2026-11-23T10:00:00Z".into(),
            level: "perfect".into(),
            level_rating,
            result,
        }
    }

    #[test]
    fn no_rated_games_no_rating() {
        assert_eq!(replay(&[]), None);
    }

    #[test]
    fn the_history_keeps_every_game_and_ends_at_the_rating() {
        let r = replay(&[
            game(1200, Result::Won),
            game(2000, Result::Lost),
            game(1600, Result::Drawn),
        ])
        .expect("rated");
        assert_eq!(r.games, 3);
        assert_eq!(r.history.len(), 3);
        assert_eq!(r.history[0].date, "2026-11-23");
        assert_eq!(r.history[2].rating, r.rating);
        assert!(r.history[0].rating > 1500, "a first win raises");
        assert!(r.deviation < 350, "games make it surer");
    }

    fn result() -> impl Strategy<Value = Result> {
        prop_oneof![Just(Result::Won), Just(Result::Drawn), Just(Result::Lost)]
    }

    proptest! {
        /// From any rating: a win raises it, a loss lowers it, a draw raises it against a
        /// stronger level and lowers it against a weaker one.
        #[test]
        fn each_result_moves_the_rating_the_right_way(
            rating in 600.0f64..2600.0,
            deviation in 40.0f64..350.0,
            level in 600u32..2600,
        ) {
            let player = Glicko2Rating { rating, deviation, volatility: 0.06 };
            let level = f64::from(level);
            prop_assert!(update(player, level, Result::Won).rating > rating);
            prop_assert!(update(player, level, Result::Lost).rating < rating);
            let drawn = update(player, level, Result::Drawn).rating;
            if level > rating + 1.0 {
                prop_assert!(drawn > rating);
            } else if level < rating - 1.0 {
                prop_assert!(drawn < rating);
            }
        }

        /// A win never leaves the player lower than a draw would, nor a draw lower than
        /// a loss, whatever came before.
        #[test]
        fn better_results_rate_higher(
            before in proptest::collection::vec((600u32..2600, result()), 0..12),
            level in 600u32..2600,
        ) {
            let mut games: Vec<RatedGame> =
                before.iter().map(|&(l, r)| game(l, r)).collect();
            let mut end = |r: Result| {
                games.push(game(level, r));
                let rating = replay(&games).expect("rated").rating;
                games.pop();
                rating
            };
            let (won, drawn, lost) = (end(Result::Won), end(Result::Drawn), end(Result::Lost));
            prop_assert!(won >= drawn && drawn >= lost, "{won} {drawn} {lost}");
        }
    }
}
