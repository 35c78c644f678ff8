//! Which finished games move the player's rating, and the ratings they give: a game
//! against the AI (one person, one AI; not two people, two AIs or a match online, which
//! the server keeps), finished, started from the game's own start (not a typed
//! position), and not from a setup the game knows is a proven loss for the player
//! (`GameKind::start_winner` names the AI's seat), at a level whose rating was measured.

use crate::config::Config;
use crate::game::Seat;
use crate::matchup::Mode;
use crate::plugin::{GameId, GameSetup, Registry};
use crate::store::MatchRecord;
use crate::store::rating::{self, PlayerRating, RatedGame, Result};
use crate::store::record::ResultRecord;

/// Why a finished game does not count for the rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unrated {
    /// Two people, two AIs, or no one person in a seat.
    NotAgainstTheAi,
    NotFinished,
    /// Started from a typed position.
    FromAPosition,
    /// The setup put the player in a proven loss.
    ProvenLoss,
    /// A game this parlor does not know, or a level without a measured rating.
    Unmeasured,
}

/// The game `record` as a rated game, or why it is not one.
pub fn rated(games: &Registry, record: &MatchRecord) -> std::result::Result<RatedGame, Unrated> {
    let seat = match (record.mode, record.human_seat()) {
        (Mode::VsAi, Some(seat)) => seat,
        _ => return Err(Unrated::NotAgainstTheAi),
    };
    let Some(result) = record.result else {
        return Err(Unrated::NotFinished);
    };
    if record.from_position.is_some() {
        return Err(Unrated::FromAPosition);
    }
    let game = games.find(&record.game).ok_or(Unrated::Unmeasured)?;
    if proven_loss(game, record, seat) {
        return Err(Unrated::ProvenLoss);
    }
    let level = if record.level.is_empty() {
        record.difficulty.name()
    } else {
        record.level.as_str()
    };
    let level_rating = super::level_rating(game.cli_name(), level).ok_or(Unrated::Unmeasured)?;
    let result = match (result, seat) {
        (ResultRecord::Draw, _) => Result::Drawn,
        (ResultRecord::First, Seat::First) | (ResultRecord::Second, Seat::Second) => Result::Won,
        _ => Result::Lost,
    };
    Ok(RatedGame {
        date: record.saved.clone(),
        level: level.to_string(),
        level_rating,
        result,
    })
}

/// Whether the setup `record` was started from gave the win to the AI, as the setup
/// screen warned: the game's `start_winner` of the setup as it was (its options, no
/// typed position), so a random start counts as unknown, as it did then.
fn proven_loss(game: GameId, record: &MatchRecord, seat: Seat) -> bool {
    let Ok(mut setup) = GameSetup::from_record(game, record, &Config::default()) else {
        return false;
    };
    setup.position = record.from_position.clone();
    game.kind().start_winner(&setup) == Some(seat.other())
}

/// The player's rating in each game with a rated game in `history` (oldest first), in
/// menu order.
pub fn player_ratings(games: &Registry, history: &[MatchRecord]) -> Vec<(GameId, PlayerRating)> {
    games
        .all()
        .filter_map(|game| {
            let rated: Vec<RatedGame> = history
                .iter()
                .filter(|r| r.game == game.cli_name())
                .filter_map(|r| rated(games, r).ok())
                .collect();
            rating::replay(&rated).map(|r| (game, r))
        })
        .collect()
}
