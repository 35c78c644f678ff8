//! Puzzles from the player's own games (issue 37, point 5): in a finished game against
//! the AI, each move of the player's that the game marked as throwing a win away
//! (`MatchRecord::mistakes`) leaves a position where the player had a win: that
//! position, with the player to move, is a puzzle of their own ("from your game of 24
//! Nov, move 14"). Derived from the history each time, so it cannot drift from it; the
//! coach values each position again, and a position it cannot settle is left out.

use crate::config::Config;
use crate::matchup::{FirstMover, Mode};
use crate::plugin::{GameId, GameSetup};
use crate::store::MatchRecord;

use super::Puzzle;
use super::coach::Worth;

/// A puzzle from one of the player's games, with the setup it is played in (the game's
/// options as recorded, which a shipped puzzle gives as words).
#[derive(Clone, Debug)]
pub struct Personal {
    pub puzzle: Puzzle,
    pub setup: GameSetup,
    /// "your game of 2026-11-24, move 14".
    pub from: String,
}

/// The most positions looked at (the newest games first).
pub const MOST: usize = 50;

/// Every personal puzzle of `game` in `history`, the newest game first.
pub fn from_history(game: GameId, history: &[MatchRecord], config: &Config) -> Vec<Personal> {
    let Some(book) = game.kind().puzzles() else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for record in history.iter().rev().filter(|r| r.game == game.cli_name()) {
        if record.mode != Mode::VsAi || record.result.is_none() {
            continue;
        }
        // Marks past the moves are of moves taken back (the redo list): not played.
        for &index in record.mistakes.iter().filter(|&&i| i < record.moves.len()) {
            if found.len() >= MOST {
                return found;
            }
            // The players alternate in the games with a coach: the seat of the move.
            let person = record
                .seats
                .get(index % 2)
                .is_some_and(|seat| seat.ai.is_none());
            if !person {
                continue;
            }
            if let Some(p) = position_before(game, record, index, config)
                .and_then(|setup| personal(book.coach, record, index, setup))
            {
                found.push(p);
            }
        }
    }
    found
}

/// The setup of the position before move `index` of `record`: the board replayed from
/// the record's start, two people at one keyboard, no clock, no prediction.
fn position_before(
    game: GameId,
    record: &MatchRecord,
    index: usize,
    config: &Config,
) -> Option<GameSetup> {
    let mut setup = GameSetup::from_record(game, record, config).ok()?;
    setup.matchup.mode = Mode::TwoPlayers;
    setup.matchup.first = FirstMover::You;
    setup.matchup.clock = None;
    setup.spoilers = false;
    let mut board = super::coach::quiet_board(setup.clone(), config, record.seed);
    for mv in record.moves.get(..index)? {
        board.play_text(mv).ok()?;
    }
    setup.position = Some(board.position_text());
    Some(setup)
}

/// The puzzle of the position in `setup`, where the player played move `index`: kept
/// only if the coach finds the position won and that move not winning.
fn personal(
    coach: super::coach::Coach,
    record: &MatchRecord,
    index: usize,
    setup: GameSetup,
) -> Option<Personal> {
    let values = coach(&setup).ok()?;
    let played = record.moves.get(index)?;
    let winning: Vec<String> = values
        .iter()
        .filter(|v| v.wins() && v.is_right(&values))
        .map(|v| v.text.clone())
        .collect();
    if winning.is_empty() || winning.contains(played) {
        return None;
    }
    // By discs (Othello) the puzzle is the best score; else the fastest win.
    let (result, plies) = match super::coach::best_score(&values) {
        Some(margin) => {
            let line = super::coach::best_line(coach, &setup, 64);
            (Puzzle::win_by(margin), line.len() as u32)
        }
        None => {
            let plies = values
                .iter()
                .filter_map(|v| match v.worth {
                    Worth::Wins(p) => Some(p),
                    _ => None,
                })
                .min()?;
            (Puzzle::win_in(plies), plies)
        }
    };
    let date = record
        .started
        .get(..10)
        .unwrap_or(&record.started)
        .to_string();
    let position = setup.position.clone().unwrap_or_default();
    let puzzle = Puzzle {
        version: super::VERSION,
        game: record.game.clone(),
        id: format!("{}-yours-{}-{}", record.game, record.seed, index + 1),
        options: String::new(),
        position,
        winning,
        result,
        plies,
        rating: 0,
    };
    Some(Personal {
        puzzle,
        setup,
        from: format!("your game of {date}, move {}", index + 1),
    })
}
