//! A finished Othello game written for other Othello programs: the move list
//! (`f5d6c3...`) and the GGF game record (`parlor export --format ggf`).

use crate::game::Game;
use crate::game::othello::ggf::GgfGame;
use crate::game::othello::{Othello, OthelloMove, move_list, openings};
use crate::store::{MatchRecord, SeatRecord};

/// Moves as Othello players write them, `f5d6c3` (passes implied); moves that are not
/// Othello's are left as they were, separated by spaces.
pub fn compact(moves: &[String]) -> String {
    let parsed: Result<Vec<OthelloMove>, _> = moves.iter().map(|m| m.parse()).collect();
    match parsed {
        Ok(moves) => move_list(&moves),
        Err(_) => moves.join(" "),
    }
}

/// The named opening of a game from the standard start, in words: "Aubrey (also
/// called Tanaka), reached at move 6". `None` for another start, moves that are not a
/// game, or a game too short to have a name (see `game::othello::openings`).
pub fn opening(start: &str, moves: &[String]) -> Option<String> {
    if Othello::read(start).ok()? != Othello::new() {
        return None;
    }
    let moves: Vec<OthelloMove> = moves
        .iter()
        .map(|m| m.parse())
        .collect::<Result<_, _>>()
        .ok()?;
    let (named, ply) = openings::opening(&moves)?;
    let also = if named.also.is_empty() {
        String::new()
    } else {
        format!(" (also called {})", named.also)
    };
    Some(format!("{}{also}, reached at move {ply}", named.name))
}

/// A player as GGF names them: the name, and the AI's level for an AI.
fn player(seat: &SeatRecord, level: &str) -> String {
    match seat.ai {
        Some(_) => format!("{} ({level})", seat.name),
        None => seat.name.clone(),
    }
}

/// RFC 3339 in UTC (`2026-11-23T19:20:05Z`) as GGS writes dates
/// (`2026.11.23_19:20:05.UTC`); anything else is kept as it is.
fn ggf_date(rfc3339: &str) -> String {
    match rfc3339.strip_suffix('Z').and_then(|t| t.split_once('T')) {
        Some((day, time)) => format!("{}_{time}.UTC", day.replace('-', ".")),
        None => rfc3339.to_string(),
    }
}

/// The game record in GGF. Black is the first seat (black always moves first in
/// Othello); the result is black's disc margin, counted again from the final board.
pub fn ggf(record: &MatchRecord) -> Result<String, String> {
    let start = Othello::read(&record.start).map_err(|e| format!("the start: {e}"))?;
    let mut board = start;
    let mut moves = Vec::with_capacity(record.moves.len());
    for (i, text) in record.moves.iter().enumerate() {
        let mv: OthelloMove = text
            .parse()
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        board
            .play(mv)
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        moves.push(mv);
    }
    let game = GgfGame {
        place: "parlor".into(),
        date: ggf_date(&record.started),
        black: player(&record.seats[0], &record.level),
        white: player(&record.seats[1], &record.level),
        result: if board.is_over() {
            board.first_margin()
        } else {
            None
        },
        ..GgfGame::new(start, moves)
    };
    Ok(game.write())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_lists() {
        assert_eq!(ggf_date("2026-11-23T19:20:05Z"), "2026.11.23_19:20:05.UTC");
        assert_eq!(ggf_date("yesterday"), "yesterday");
        let moves: Vec<String> = ["f5", "d6", "c3"].iter().map(|s| s.to_string()).collect();
        assert_eq!(compact(&moves), "f5d6c3");
        assert_eq!(compact(&["1:2".to_string(), "2:1".into()]), "1:2 2:1");
    }

    #[test]
    fn the_opening_in_words() {
        let start = Othello::new().notation();
        let game: Vec<String> = ["d3", "c5", "f6", "f5", "e6", "f7", "c6"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        // d3 c5 f6 f5 e6 is the Tiger from d3, f7 its Aubrey; c6 leaves the list.
        assert_eq!(
            opening(&start, &game),
            Some("Aubrey (also called Tanaka), reached at move 6".into())
        );
        assert_eq!(
            opening(&start, &game[..5]),
            Some("Tiger, reached at move 5".into())
        );
        assert_eq!(opening(&start, &game[..1]), None);
        // The same game from the position after d3 is not from the start.
        let after_d3 = Othello::read("d3").map(|b| b.notation());
        assert_eq!(after_d3.map(|s| opening(&s, &game[1..])), Ok(None));
        assert_eq!(opening(&start, &["zz".to_string()]), None);
    }
}
