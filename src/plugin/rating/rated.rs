//! Which finished games move the player's rating, and the ratings they give: a game
//! against the AI (one person, one AI; not two people, two AIs or a match online, which
//! the server keeps), finished, started from the game's own start (not a typed
//! position), and not from a setup the game knows is a proven loss for the player
//! (`GameKind::start_winner` names the AI's seat), at a level whose rating was measured,
//! not ended by a clock (or a resignation) before both sides had moved, and played
//! unaided (no move taken back, hints off).

use crate::config::Config;
use crate::game::Seat;
use crate::matchup::Mode;
use crate::plugin::{GameId, GameSetup, Registry};
use crate::store::rating::{self, PlayerRating, RatedGame, Result};
use crate::store::record::ResultRecord;
use crate::store::{Aids, MatchRecord};

/// Why a finished game does not count for the rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unrated {
    /// Two people, two AIs, or no one person in a seat.
    NotAgainstTheAi,
    NotFinished,
    /// Started from a typed position (or a start the game lets be typed, as Winners &
    /// Losers' string).
    FromAPosition,
    /// The setup put the player in a proven loss.
    ProvenLoss,
    /// The start drawn at random was a proven loss for the player: against the AI's
    /// perfect play no skill could win it, so losing it says nothing of the player.
    DrawnLoss,
    /// A game this parlor does not know, or a level without a measured rating.
    Unmeasured,
    /// Ended before both sides had moved: outside the rules (a clock, a resignation),
    /// aborted, as a chess server counts it, not won or lost; by the rules, a game
    /// too short to say anything of the player.
    Aborted,
    /// Played with help: moves taken back, or the hints on.
    Aided,
}

/// What the game-over box says of a game that moved the rating: from `before` (none
/// before the first rated game of the game) to `after`.
///
/// While the rating is new (its `deviation` above [`SETTLING_DEVIATION`]) it moves by
/// hundreds of points a game, and a second line of the note says so: the first games'
/// swings of 200-250 were said nowhere.
pub fn rated_note(before: Option<u32>, after: u32, deviation: u32) -> String {
    let note = match before {
        Some(before) if before == after => format!("Rated: your rating stays {after}."),
        Some(before) => format!("Rated: your rating {before} → {after}."),
        None => format!("Rated: your first rating is {after}."),
    };
    if deviation > SETTLING_DEVIATION {
        // A line of its own in the box (the boxes split the note at line ends).
        format!("{note}\n(A new rating moves fast at first.)")
    } else {
        note
    }
}

/// A game rating as the menu and the statistics write it: "1370?" while it is still
/// settling (as the puzzles' rating is written), whole points after.
pub fn shown_rating(rating: u32, deviation: u32) -> String {
    if deviation > SETTLING_DEVIATION {
        format!("{rating}?")
    } else {
        rating.to_string()
    }
}

/// What a "?" after a game's rating ([`shown_rating`]) means, on the menu and in the
/// statistics: one sentence beside the one mechanism that writes the "?".
pub const UNSURE_RATING: &str = "? = unsure until more rated games";

/// A game rating's deviation above which it is still settling (a new player's is 350;
/// it falls below this after about ten games).
pub const SETTLING_DEVIATION: u32 = 110;

/// Why a finished game against the AI is not rated, as the moves panel says it during
/// play ("the setup was a proven loss."); nothing for two people or two AIs. The
/// game-over box says it after "Not rated: " ([`unrated_note`]).
pub fn unrated_reason(why: Unrated, aids: Aids) -> Option<&'static str> {
    match why {
        Unrated::NotAgainstTheAi | Unrated::NotFinished => None,
        Unrated::FromAPosition => Some("the start was typed in."),
        Unrated::ProvenLoss => Some("the setup was a proven loss."),
        Unrated::DrawnLoss => Some(DRAWN_LOSS),
        Unrated::Unmeasured => Some("this level has no rating."),
        Unrated::Aborted => Some("ended before both sides moved."),
        Unrated::Aided => aided_reason(aids),
    }
}

/// What the game-over box says of a finished game the rating leaves out, where the
/// player may have expected it to count (nothing for two people or two AIs).
pub fn unrated_note(why: Unrated, aids: Aids) -> Option<String> {
    unrated_reason(why, aids).map(not_rated)
}

/// Why a game from a random start that was a proven loss for the player is not rated:
/// during play the moves panel says it only while the prediction is shown (it tells
/// the player they are lost).
pub const DRAWN_LOSS: &str = "the random start was a proven loss for you.";

/// "Not rated: " and why.
pub fn not_rated(reason: &str) -> String {
    format!("Not rated: {reason}")
}

/// The help that leaves a game against the AI unrated, in words ("moves taken back.").
pub fn aided_reason(aids: Aids) -> Option<&'static str> {
    match (aids.undo, aids.hints) {
        (true, true) => Some("moves taken back, hints were on."),
        (true, false) => Some("moves taken back."),
        (false, true) => Some("hints were on."),
        (false, false) => None,
    }
}

/// Whether the game `record`, still in play, will count for the rating once it is
/// finished unaided, or why not ("the setup was a proven loss."): what the moves panel
/// says during play (a rated game said nothing of it until its end; an unrated one
/// said "not rated" without the reason until then).
pub fn counts_when_finished(
    games: &Registry,
    record: &MatchRecord,
) -> std::result::Result<(), &'static str> {
    let mut finished = record.clone();
    finished.result = Some(ResultRecord::Draw);
    finished.ended_by = None;
    finished.aids = Aids::default();
    match rated(games, &finished) {
        // Both sides may yet move.
        Ok(_) | Err(Unrated::Aborted) => Ok(()),
        Err(why) => Err(unrated_reason(why, Aids::default())
            .unwrap_or("not a game of one person against the AI.")),
    }
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
    let both_moved = record.moves.len().saturating_sub(record.given) >= 2;
    if record.ended_by.is_some() && !both_moved {
        return Err(Unrated::Aborted);
    }
    if !record.aids.none() {
        return Err(Unrated::Aided);
    }
    let game = games.find(&record.game).ok_or(Unrated::Unmeasured)?;
    // The setup as it was (its options, the typed position if any).
    let setup = GameSetup::from_record(game, record, &Config::default())
        .ok()
        .map(|mut setup| {
            setup.position = record.from_position.clone();
            setup
        });
    if let Some(setup) = &setup {
        if game.kind().typed_start(setup) {
            return Err(Unrated::FromAPosition);
        }
        // As the setup screen warned.
        match game.kind().start_winner(setup) {
            Some(winner) if winner == seat.other() => return Err(Unrated::ProvenLoss),
            Some(_) => {}
            // A random start (the setup could not know it): the start drawn, as the
            // record keeps it, judged the same way.
            None => {
                let mut drawn = setup.clone();
                drawn.position = Some(record.start.clone());
                if !record.start.is_empty()
                    && game.kind().start_winner(&drawn) == Some(seat.other())
                {
                    return Err(Unrated::DrawnLoss);
                }
            }
        }
    }
    // Ended by the rules before both sides had moved: no test of the player either (a
    // one-coin Nim game won at once was a rated win against the perfect AI, again and
    // again). After the setup's reasons, which come first.
    if !both_moved {
        return Err(Unrated::Aborted);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::record::test_records::vs_ai;

    /// A finished game of Nim on 3, 4, 5 (a win for the first mover) against the
    /// perfect AI, the person moving first or second, won by `winner`.
    fn nim(person_first: bool, winner: ResultRecord) -> MatchRecord {
        MatchRecord {
            options: serde_json::json!({"piles": [3, 4, 5], "preset": "three-four-five", "misere": false}),
            start: "3,4,5".into(),
            ..vs_ai("nim", "perfect", person_first, winner)
        }
    }

    #[test]
    fn a_game_from_the_winning_side_is_rated() {
        let games = crate::arcade::registry();
        let won = rated(&games, &nim(true, ResultRecord::First)).expect("rated");
        assert_eq!(won.result, Result::Won);
        assert_eq!(won.level, "perfect");
        assert_eq!(
            Some(won.level_rating),
            super::super::level_rating("nim", "perfect")
        );
        let lost = rated(&games, &nim(true, ResultRecord::Second)).expect("rated");
        assert_eq!(lost.result, Result::Lost);
    }

    #[test]
    fn a_proven_loss_a_typed_position_and_other_modes_are_not_rated() {
        let games = crate::arcade::registry();
        // Moving second on 3, 4, 5: the setup warned of a proven loss.
        assert_eq!(
            rated(&games, &nim(false, ResultRecord::First)),
            Err(Unrated::ProvenLoss)
        );
        // Even when the person won it (a weaker level may slip): the setup said lost.
        assert_eq!(
            rated(&games, &nim(false, ResultRecord::Second)),
            Err(Unrated::ProvenLoss)
        );
        let mut typed = nim(true, ResultRecord::First);
        typed.from_position = Some("3,4,5".into());
        assert_eq!(rated(&games, &typed), Err(Unrated::FromAPosition));
        let mut two = nim(true, ResultRecord::First);
        two.mode = Mode::TwoPlayers;
        assert_eq!(rated(&games, &two), Err(Unrated::NotAgainstTheAi));
        let mut open = nim(true, ResultRecord::First);
        open.result = None;
        assert_eq!(rated(&games, &open), Err(Unrated::NotFinished));
        let mut odd = nim(true, ResultRecord::First);
        odd.level = "grandmaster".into();
        assert_eq!(rated(&games, &odd), Err(Unrated::Unmeasured));
    }

    /// Winners & Losers' String row is a start the player typed: not rated, whichever
    /// side it favours; a random string is rated.
    #[test]
    fn a_typed_winners_and_losers_string_is_not_rated() {
        let games = crate::arcade::registry();
        let game = |letters: &str| MatchRecord {
            options: serde_json::json!({"min_len": 10, "max_len": 50, "letters": letters}),
            start: "WLLWLWW".into(),
            ..vs_ai("wl", "perfect", false, ResultRecord::Second)
        };
        assert_eq!(rated(&games, &game("WLLWLWW")), Err(Unrated::FromAPosition));
        assert!(rated(&games, &game("")).is_ok());
    }

    #[test]
    fn a_game_the_clock_ended_before_both_sides_moved_is_not_rated() {
        let games = crate::arcade::registry();
        let mut flagged = nim(true, ResultRecord::Second);
        flagged.moves.clear();
        flagged.ended_by = Some(crate::store::EndedBy::Time);
        assert_eq!(rated(&games, &flagged), Err(Unrated::Aborted));
        flagged.moves = vec!["1:1".into()];
        assert_eq!(rated(&games, &flagged), Err(Unrated::Aborted));
        // Once both have moved, time counts as any loss.
        flagged.moves.push("2:1".into());
        let lost = rated(&games, &flagged).expect("rated");
        assert_eq!(lost.result, Result::Lost);
        // A game its rules ended before both sides moved is not rated either: one coin,
        // taken at once, is no win over the AI.
        let mut short = nim(true, ResultRecord::First);
        short.options = serde_json::json!({"piles": [1], "preset": "custom", "misere": false});
        short.start = "1".into();
        short.moves = vec!["1:1".into()];
        assert_eq!(rated(&games, &short), Err(Unrated::Aborted));
    }

    /// The "new rating" words stop after about ten games, as the constant's comment
    /// says: games won and lost in turn against a level of 1500.
    #[test]
    fn a_rating_settles_after_about_ten_games() {
        use crate::store::rating::{Result, start, update};
        let mut player = start();
        let mut games = 0;
        while player.deviation.round() as u32 > SETTLING_DEVIATION {
            let result = if games % 2 == 0 {
                Result::Won
            } else {
                Result::Lost
            };
            player = update(player, 1500.0, result);
            games += 1;
            assert!(games < 100);
        }
        assert!((5..=15).contains(&games), "{games} games");
    }

    /// Every reason a game against the AI goes unrated is said in the game-over box;
    /// a game of two people or two AIs says nothing of ratings.
    #[test]
    fn an_unrated_game_against_the_ai_says_why() {
        let none = Aids::default();
        for why in [
            Unrated::FromAPosition,
            Unrated::ProvenLoss,
            Unrated::DrawnLoss,
            Unrated::Unmeasured,
            Unrated::Aborted,
        ] {
            let note = unrated_note(why, none).expect("said");
            assert!(note.starts_with("Not rated: "), "{note}");
        }
        assert_eq!(unrated_note(Unrated::NotAgainstTheAi, none), None);
        let undone = Aids {
            undo: true,
            hints: false,
        };
        assert_eq!(
            unrated_note(Unrated::Aided, undone).as_deref(),
            Some("Not rated: moves taken back.")
        );
        assert_eq!(
            rated_note(Some(1200), 1218, 80),
            "Rated: your rating 1200 → 1218."
        );
        assert_eq!(
            rated_note(None, 1222, 350),
            "Rated: your first rating is 1222.\n(A new rating moves fast at first.)"
        );
        assert_eq!(
            rated_note(Some(1222), 1222, 90),
            "Rated: your rating stays 1222."
        );
    }

    /// A game won with a move taken back, or with the hints on, is not rated; a save
    /// from before the aids were kept reads as unaided.
    #[test]
    fn an_aided_game_is_not_rated() {
        use crate::store::Aids;
        let games = crate::arcade::registry();
        for aids in [
            Aids {
                undo: true,
                hints: false,
            },
            Aids {
                undo: false,
                hints: true,
            },
        ] {
            let won = MatchRecord {
                aids,
                ..nim(true, ResultRecord::First)
            };
            assert_eq!(rated(&games, &won), Err(Unrated::Aided));
            let text = serde_json::to_string(&won).expect("json");
            let back: MatchRecord = serde_json::from_str(&text).expect("read back");
            assert_eq!(back.aids, aids);
        }
        let plain = nim(true, ResultRecord::First);
        let text = serde_json::to_string(&plain).expect("json");
        assert!(!text.contains("aids"), "not written when empty: {text}");
        let back: MatchRecord = serde_json::from_str(&text).expect("read back");
        assert!(rated(&games, &back).is_ok());
    }

    /// A finished Pnut-Butta game on `symbols`, length `length`, from the empty string.
    fn pnut(symbols: &str, length: usize, person_first: bool, winner: ResultRecord) -> MatchRecord {
        MatchRecord {
            options: serde_json::json!({"symbols": symbols, "length": length, "players": 2,
                "assist": false, "max_depth": 0, "think_ms": 1000, "table_mib": 16}),
            ..vs_ai("pnut", "perfect", person_first, winner)
        }
    }

    #[test]
    fn a_pnut_game_from_a_proven_loss_is_not_rated() {
        use crate::game::pnut::{Pnut, Rules};
        use crate::solve::{Verdict, pnut as solver};
        let games = crate::arcade::registry();
        // Settings the shipped table does not hold (a small solve decides them) and one
        // it does (2 symbols, l=5); each checked against a full solve of the empty string.
        for (symbols, length) in [("01", 2), ("01", 3), ("012", 2), ("01", 5)] {
            let rules = Rules::new(symbols, length).expect("rules");
            let verdict = solver::solve(&Pnut::new(rules), &solver::Limits::nodes(50_000_000, 16))
                .analysis
                .verdict;
            let first_wins = match verdict {
                Verdict::Win { .. } => true,
                Verdict::Loss { .. } => false,
                other => panic!("{symbols} l={length}: not solved: {other:?}"),
            };
            // The side the solve says loses is not rated; the winning side is.
            let losing_seat_first = !first_wins;
            assert_eq!(
                rated(
                    &games,
                    &pnut(symbols, length, losing_seat_first, ResultRecord::Draw)
                ),
                Err(Unrated::ProvenLoss),
                "{symbols} l={length}"
            );
            assert_ne!(
                rated(
                    &games,
                    &pnut(symbols, length, !losing_seat_first, ResultRecord::Draw)
                ),
                Err(Unrated::ProvenLoss),
                "{symbols} l={length}"
            );
        }
    }

    #[test]
    fn a_random_start_drawn_lost_for_the_player_is_not_rated() {
        // The setup could not know who wins a random start, so it warned of nothing;
        // the start drawn is judged when the game is rated. Normal Nim on 1,2: the
        // first player wins (take one from the 2); the person here is second.
        let games = crate::arcade::registry();
        let mut random = nim(false, ResultRecord::First);
        random.options =
            serde_json::json!({"piles": [3, 4, 5], "preset": "random", "misere": false});
        random.start = "1,2".into();
        assert!(
            crate::solve::nim::mover_wins(&[1, 2], crate::game::nim::Ending::Normal),
            "the hand-worked case"
        );
        assert_eq!(rated(&games, &random), Err(Unrated::DrawnLoss));
        // Even a win does not count (a weaker level may slip), as a proven-loss setup.
        random.result = Some(ResultRecord::Second);
        assert_eq!(rated(&games, &random), Err(Unrated::DrawnLoss));
        // On 1,1 the first player loses: the person's side wins, and it counts.
        random.start = "1,1".into();
        assert!(rated(&games, &random).is_ok());
        // During the game it is said (the moves panel hides it with the prediction).
        random.start = "1,2".into();
        random.result = None;
        assert_eq!(counts_when_finished(&games, &random), Err(DRAWN_LOSS));
    }

    #[test]
    fn a_random_winners_and_losers_start_drawn_lost_is_not_rated() {
        // W&L with its String row empty: a random string each game, unknown to the
        // setup. Worked by hand (whoever takes a last W wins, a last L loses): on LW
        // the mover takes the W and leaves the L: the mover wins; on WW either W leaves
        // the other the last W: the mover loses. The person here moves second.
        let games = crate::arcade::registry();
        let game = games.find("wl").expect("wl");
        let mut record = nim(false, ResultRecord::First);
        record.game = "wl".into();
        record.options = serde_json::json!({"letters": ""});
        let setup = GameSetup::from_record(game, &record, &Config::default()).expect("setup");
        assert_eq!(game.kind().start_winner(&setup), None, "a random start");
        record.start = "LW".into();
        assert_eq!(rated(&games, &record), Err(Unrated::DrawnLoss));
        record.start = "WW".into();
        assert_ne!(rated(&games, &record), Err(Unrated::DrawnLoss));
    }

    #[test]
    fn only_rated_games_move_the_rating() {
        let games = crate::arcade::registry();
        let mut typed = nim(true, ResultRecord::Second);
        typed.from_position = Some("3,4,5".into());
        let history = [
            nim(true, ResultRecord::First),
            nim(false, ResultRecord::First),
            typed,
            nim(true, ResultRecord::First),
        ];
        let ratings = player_ratings(&games, &history);
        assert_eq!(ratings.len(), 1);
        let (game, rating) = &ratings[0];
        assert_eq!(game.cli_name(), "nim");
        assert_eq!(rating.games, 2);
        assert!(rating.history.iter().all(|p| p.result == Result::Won));
        assert!(rating.history[1].rating > rating.history[0].rating);
    }
}
