//! The review of a game of Othello: the engine judges every position, exactly where
//! the endgame is in reach and by a search of limited time before; the board is drawn
//! as in the match, the discs the move flipped highlighted.

use ratatui::Frame;
use ratatui::layout::Rect;

use super::analyst::OthelloAnalyst;
use super::board::{Marks, board_title, draw_board};
use super::options::OthelloSetup;
use super::screen::start_position;
use crate::config::Config;
use crate::game::othello::Othello;
use crate::plugin::GameSetup;
use crate::plugin::review::ReviewPlan;
use crate::plugin::review::board::{GameBoard, Shown};
use crate::solve::othello::{Level, Limits};
use crate::store::MatchRecord;
use crate::ui::hits::Hits;
use crate::ui::theme::Theme;
use crate::ui::widgets;

/// The most a review spends on one position before the exact solver's reach: a
/// 60-move game is reviewed in about a minute at most.
pub const REVIEW_MILLIS: u64 = 1000;

/// The review's limits: the config's table and exact threshold, and at most
/// [`REVIEW_MILLIS`] (or the config's time per move, if shorter) a position.
pub fn review_limits(config: &Config) -> Limits {
    Limits {
        max_depth: None,
        max_millis: Some(config.solver.max_millis.min(REVIEW_MILLIS)),
        table_mib: config.solver.table_mib,
        exact_empties: config.solver.exact_empties,
    }
}

pub fn review(record: &MatchRecord, config: &Config) -> Result<ReviewPlan, String> {
    let setup = GameSetup::from_record(super::ID, record, config)?;
    let ascii = setup.own::<OthelloSetup>().ascii;
    let start = start_position(&setup)?;
    let limits = review_limits(config);
    let method = format!(
        "exact from {} empties, else {:.1} s a move",
        limits.exact_empties,
        limits.max_millis.unwrap_or(0) as f64 / 1000.0
    );
    // Not the AI's turn in any query: the engine's own best, whatever the level.
    let analyst = OthelloAnalyst::new(limits, Level::Exact, record.seed)
        .with_threads(crate::games::othello::threads(config));
    let board = GameBoard::new(
        start,
        &record.moves,
        Box::new(analyst),
        Box::new(move |frame, area, shown, theme| draw(frame, area, shown, theme, ascii)),
    )?;
    Ok(board
        .plan(setup.game, method)
        .with_given(given_moves(record)))
}

/// How many of the record's first moves are those of the move list it was started
/// from (`--position f5d6c3`): the start the player asked for, played out from the
/// standard start so that the match keeps them, but no one's choice at the board.
/// Only as far as the game followed the list (an undo into it, then another move,
/// makes the rest the players' own).
fn given_moves(record: &MatchRecord) -> usize {
    let Some((_, list)) = record
        .from_position
        .as_deref()
        .and_then(|text| Othello::after_moves(text).ok())
    else {
        return 0;
    };
    list.iter()
        .zip(&record.moves)
        .take_while(|(given, played)| given.to_string() == **played)
        .count()
}

fn draw(frame: &mut Frame, area: Rect, shown: &Shown<Othello>, theme: &Theme, ascii: bool) {
    let title = board_title(shown.start, shown.played, area.width);
    let block = widgets::block(&title, theme);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let flash = match (shown.before, shown.last) {
        (Some(before), Some(mv)) => before.flips_of(mv),
        _ => 0,
    };
    let marks = Marks {
        board: shown.position,
        legal: 0,
        scores: None,
        best: None,
        last: shown.last.and_then(|m| m.square()),
        cursor: None,
        flash,
        turning: None,
        ascii,
    };
    draw_board(frame, inner, &marks, theme, &mut Hits::default());
}
