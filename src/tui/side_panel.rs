//! The panel a lesson and the puzzle trainer draw over a game's side column, where the
//! prediction and the move list would be: the board stays the game's own.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Paragraph};

use crate::ui::theme::Theme;

/// The narrowest the panel gets.
const MIN_PANEL: u16 = 28;

/// Where a lesson's or a puzzle's panel goes: over the game's side column (the
/// prediction and the move list, which neither uses). Every game screen draws its side column as
/// boxes starting on the row under the title (`widgets::game_frame`), so the panel starts
/// at the last box corner on that row past the middle; a screen with no side column
/// (Othello at 80 columns) gets the room right of its board.
pub fn over_side_column(frame: &mut Frame, area: Rect) -> Rect {
    let buffer = frame.buffer_mut();
    let row = area.y + 1;
    let middle = area.x + area.width / 2;
    let symbol = |x: u16| buffer.cell((x, row)).map_or("", |c| c.symbol());
    let side = (middle..area.right())
        .rev()
        .find(|&x| symbol(x) == "╭")
        .or_else(|| {
            (middle..area.right())
                .rev()
                .find(|&x| symbol(x) == "╮")
                .map(|x| x + 1)
        })
        .unwrap_or(area.right().saturating_sub(MIN_PANEL));
    let x = side.min(area.right().saturating_sub(MIN_PANEL));
    Rect {
        x,
        y: row,
        width: area.right().saturating_sub(x),
        height: area.height.saturating_sub(2),
    }
}

/// Ends the game screen's title row with `what` ("lesson · step 2 of 4") in place of who
/// plays ("two players": true of the board, not of a lesson or a puzzle); the game and
/// its variant ("misère: the last coin loses") stay.
pub fn over_title(frame: &mut Frame, area: Rect, what: &str, theme: &Theme) {
    let row = Rect { height: 1, ..area };
    let buffer = frame.buffer_mut();
    let shown: String = (row.x..row.right())
        .filter_map(|x| buffer.cell((x, row.y)).map(|c| c.symbol().to_string()))
        .collect();
    let shown = shown.trim_end();
    let game = shown.strip_suffix(" · two players").unwrap_or(shown);
    let title = format!("{game} · {what}");
    frame.render_widget(Clear, row);
    frame.render_widget(
        Paragraph::new(crate::ui::widgets::fit(&title, row.width)).style(theme.title()),
        row,
    );
}
