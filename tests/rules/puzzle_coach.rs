//! The trainer's judge on every shipped puzzle (issue 37, point 2): the puzzle sets up
//! on its game's board with its options (`coach::setup_of`), the coach's winning first
//! moves are exactly the listed ones, every move's position after it is one the board
//! can be started from, and best play from the puzzle (the player's fastest win against
//! the solver's slowest defence, the trainer's own choices) wins for the puzzle's mover
//! in exactly the listed number of plies (Othello's: reaches the listed margin). The listing itself is re-proved by plain
//! searches in `puzzles.rs`; this checks that the trainer reads the same answers.

use std::collections::BTreeSet;

use parlor::config::Config;
use parlor::plugin::puzzle::coach::{self, MoveValue};

/// The moves the trainer takes as right: the winning ones, or by discs (Othello) those
/// reaching the best margin.
fn winning(moves: &[MoveValue]) -> BTreeSet<String> {
    moves
        .iter()
        .filter(|m| m.is_right(moves))
        .map(|m| m.text.clone())
        .collect()
}

#[test]
fn the_coach_agrees_with_every_listed_puzzle_and_best_play_wins_in_time() {
    let registry = parlor::arcade::registry();
    let config = Config::default();
    let mut checked = 0;
    for game in registry.all() {
        let Some(book) = game.kind().puzzles() else {
            continue;
        };
        if book.none_because.is_some() {
            continue;
        }
        let puzzles = book.shipped().expect("the shipped set reads");
        for puzzle in &puzzles {
            let setup = coach::setup_of(game, puzzle, &config)
                .unwrap_or_else(|e| panic!("{}: {e}", puzzle.id));
            let moves = (book.coach)(&setup).unwrap_or_else(|e| panic!("{}: {e}", puzzle.id));
            let listed: BTreeSet<String> = puzzle.winning.iter().cloned().collect();
            assert_eq!(winning(&moves), listed, "{}", puzzle.id);
            for m in &moves {
                let mut after = setup.clone();
                after.position = Some(m.after.clone());
                game.kind()
                    .check_position(&after)
                    .unwrap_or_else(|e| panic!("{} after {}: {e}", puzzle.id, m.text));
            }
            // Best play, as the trainer plays both sides: the win takes the listed
            // plies (by discs: ends at the listed margin), the player's moves win and
            // the defence's lose all along.
            let player = moves.first().map(|m| m.mover);
            let by_discs = coach::best_score(&moves);
            let mut at = setup.clone();
            let mut plies = 0;
            let mut last_margin = None;
            loop {
                let moves = (book.coach)(&at).unwrap_or_else(|e| panic!("{}: {e}", puzzle.id));
                let Some(best) = coach::best(&moves) else {
                    break;
                };
                // The player's turn: by the seat where the position names the side to
                // move (Othello, whose passes let a side move twice), else every
                // other ply (Nim's piles do not say whose turn it is).
                let mine = match by_discs {
                    Some(_) => Some(best.mover) == player,
                    None => plies % 2 == 0,
                };
                assert_eq!(best.wins(), mine, "{} at ply {plies}", puzzle.id);
                if let coach::Worth::Scores(m) = best.worth {
                    last_margin = Some(if mine { m } else { -m });
                }
                at.position = Some(best.after.clone());
                plies += 1;
                assert!(plies <= 64, "{}: no end", puzzle.id);
            }
            match by_discs {
                Some(margin) => {
                    assert_eq!(last_margin, Some(margin), "{}", puzzle.id);
                    assert_eq!(puzzle.result, format!("win by {margin}"), "{}", puzzle.id);
                }
                None => assert_eq!(plies, puzzle.plies, "{}", puzzle.id),
            }
            checked += 1;
        }
    }
    assert!(checked >= 600, "every shipped puzzle: {checked}");
}
