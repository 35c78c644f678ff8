//! The string written so far and the table of every l-symbol substring, drawn for a
//! position alone: shared by the match screen (`screen.rs`) and the review.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::game::pnut::{Forfeit, Pnut};
use crate::ui::theme::Theme;
use crate::ui::widgets;

/// Which symbols of the string are marked (a forfeit always marks both occurrences of
/// the repeated substring).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StringMarks {
    /// The last l-1 symbols, which the next symbol completes (the match).
    Next,
    /// The last l symbols, the substring the last symbol completed, that symbol as the
    /// last move (the review).
    Last,
}

/// Whether a board has room to spread out: up to 80x24 the string, the symbols and the
/// table stay compact; from about 100x30 the string's symbols stand a cell apart, the
/// symbols to choose are drawn as keys and the table's rows spread.
pub fn roomy(board: Rect) -> bool {
    board.width >= 60 && board.height >= 26
}

/// The columns a symbol of the string takes: itself, and a space on a roomy board.
pub fn string_spread(roomy: bool) -> usize {
    if roomy { 2 } else { 1 }
}

/// The string in a panel titled with its length, its end in view when it does not fit.
/// Shared by the match screen and the review; `spread` as [`string_spread`].
pub fn draw_string(
    frame: &mut Frame,
    area: Rect,
    game: &Pnut,
    marks: StringMarks,
    spread: usize,
    theme: &Theme,
) {
    let inner_width = area.width.saturating_sub(2).max(1) as usize;
    let lines = string_lines(game, marks, theme, inner_width, spread);
    let room = area.height.saturating_sub(2) as usize;
    let skip = lines.len().saturating_sub(room);
    let title = if game.forfeit().is_some() {
        format!(
            "String · {} symbol{} + 1 illegal",
            game.len(),
            if game.len() == 1 { "" } else { "s" }
        )
    } else {
        match game.len() {
            1 => "String · 1 symbol".to_string(),
            n => format!("String · {n} symbols"),
        }
    };
    frame.render_widget(
        Paragraph::new(lines.into_iter().skip(skip).collect::<Vec<_>>())
            .block(widgets::block(&title, theme)),
        area,
    );
}

/// The string in rows of `width` columns, each symbol taking `spread` of them, each row
/// followed by a row of markers: `^` under the marked symbols (see [`StringMarks`]), or
/// under both occurrences of the repeated substring after a forfeit.
pub fn string_lines(
    game: &Pnut,
    marks: StringMarks,
    theme: &Theme,
    width: usize,
    spread: usize,
) -> Vec<Line<'static>> {
    let spread = spread.max(1);
    let pad = " ".repeat(spread - 1);
    let width = (width / spread).max(1);
    let text: Vec<char> = game.text().chars().collect();
    let l = game.rules().length();
    if text.is_empty() {
        return vec![Line::styled("(empty: any symbol may start)", theme.muted())];
    }
    let n = text.len();
    let marked = |i: usize| -> Option<Style> {
        if let Some(Forfeit { earlier, now, .. }) = game.forfeit() {
            return ((earlier..earlier + l).contains(&i) || (now..now + l).contains(&i))
                .then(|| theme.warning());
        }
        match marks {
            StringMarks::Next => (!game.is_over() && i + l > n && i < n).then(|| theme.cursor()),
            StringMarks::Last if i + 1 == n => Some(theme.last_move()),
            StringMarks::Last => (i + l >= n && n >= l).then(|| theme.accent()),
        }
    };
    let mut lines = Vec::new();
    for (row, chunk) in text.chunks(width.max(1)).enumerate() {
        let start = row * width.max(1);
        let mut spans = Vec::new();
        let mut marks = String::new();
        let mut any = false;
        for (j, &c) in chunk.iter().enumerate() {
            match marked(start + j) {
                Some(style) => {
                    spans.push(Span::styled(c.to_string(), style));
                    marks.push('^');
                    any = true;
                }
                None => {
                    spans.push(Span::raw(c.to_string()));
                    marks.push(' ');
                }
            }
            if spread > 1 {
                spans.push(Span::raw(pad.clone()));
                marks.push_str(&pad);
            }
        }
        lines.push(Line::from(spans));
        if any {
            let style = if game.forfeit().is_some() {
                theme.warning()
            } else {
                theme.accent()
            };
            lines.push(Line::styled(marks.trim_end().to_string(), style));
        }
    }
    lines
}

/// How the table of substrings is laid out at a width.
struct Grid {
    per_row: u64,
    /// Columns a substring takes, its mark and spaces included.
    cell: usize,
    rows: u64,
}

/// Compact: as many substrings a row as fit. Roomy: a row for each run that shares
/// all but its last symbols (a power of k, as many as fit), the cells widened to fill
/// the row.
fn grid(game: &Pnut, width: usize, roomy: bool) -> Grid {
    let rules = game.rules();
    let l = rules.length();
    let total = rules.grams();
    let fit = (width / (l + 2)).max(1) as u64;
    let mut per_row = fit;
    if roomy {
        let k = (rules.k() as u64).max(2);
        let mut run = 1;
        while run * k <= fit && run * k <= total {
            run *= k;
        }
        if run >= k {
            per_row = run;
        }
    }
    let cell = if roomy {
        (width / per_row as usize).clamp(l + 2, l + 6)
    } else {
        l + 2
    };
    Grid {
        per_row,
        cell,
        rows: total.div_ceil(per_row),
    }
}

/// The rows [`draw_table`] needs at `width` (the panel's inside) to list every
/// substring, its borders included (on a roomy board a blank row between rows); room
/// for the summary when they are too many.
pub fn table_height(game: &Pnut, width: usize, roomy: bool) -> u16 {
    let rows = grid(game, width, roomy).rows;
    // More rows than any screen has: the summary instead (two lines, either may wrap).
    match rows {
        41.. => 6,
        _ if roomy => 2 * rows as u16 + 1,
        _ => rows as u16 + 2,
    }
}

/// Every l-symbol substring with the used ones marked ▪, or a summary when the table
/// does not fit. Shared by the match screen and the review.
pub fn draw_table(frame: &mut Frame, area: Rect, game: &Pnut, roomy: bool, theme: &Theme) {
    let rules = game.rules();
    let l = rules.length();
    let total = rules.grams();
    let used = game.used_count() as u64;
    let title = format!("Substrings · {used} of {total} used");
    let inner = widgets::block(&title, theme).inner(area);
    frame.render_widget(widgets::block(&title, theme), area);
    let Grid {
        per_row,
        cell,
        rows,
    } = grid(game, inner.width as usize, roomy);
    // On a roomy board the rows stand apart (up to two blank rows) when the panel has
    // the height for it.
    let gap = match u64::from(inner.height)
        .saturating_sub(rows)
        .checked_div(rows.saturating_sub(1))
    {
        Some(spare) if roomy => spare.min(2) as usize,
        _ => 0,
    };
    let lines: Vec<Line> = if rows <= u64::from(inner.height) {
        let mut lines = Vec::new();
        for r in 0..rows {
            if r > 0 {
                lines.extend(std::iter::repeat_n(Line::raw(""), gap));
            }
            let spans: Vec<Span> = (r * per_row..((r + 1) * per_row).min(total))
                .map(|code| {
                    let text = rules.gram_text(code);
                    let (mark, style) = if game.gram_position(code).is_some() {
                        ('▪', theme.accent())
                    } else {
                        (' ', theme.muted())
                    };
                    Span::styled(format!("{mark}{text:<width$}", width = cell - 1), style)
                })
                .collect();
            lines.push(Line::from(spans));
        }
        lines
    } else {
        // Too many to list: the used ones, most recent first.
        let mut recent: Vec<(usize, u64)> = game
            .used_grams()
            .map(|c| (game.gram_position(c).unwrap_or(0), c))
            .collect();
        recent.sort_unstable_by(|a, b| b.cmp(a));
        let listed: Vec<String> = recent.iter().map(|&(_, c)| rules.gram_text(c)).collect();
        let mut lines = vec![Line::raw(format!(
            "{total} substrings of length {l}: {} unused.",
            total - used
        ))];
        if listed.is_empty() {
            lines.push(Line::styled("None used yet.", theme.muted()));
        } else {
            lines.push(Line::styled(
                format!("Used, latest first: {}", listed.join(" ")),
                theme.accent(),
            ));
        }
        lines
    };
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

/// A position in the review: the string with the substring the move completed marked
/// (the move itself highlighted), and the substrings table below when there is room.
pub fn draw_review(
    frame: &mut Frame,
    area: Rect,
    shown: &crate::plugin::review::board::Shown<Pnut>,
    theme: &Theme,
) {
    let game = shown.position;
    let roomy = roomy(area);
    let spread = string_spread(roomy);
    let width = area.width.saturating_sub(2).max(1) as usize;
    let lines = string_lines(game, StringMarks::Last, theme, width, spread).len() as u16;
    let string_height = (lines + 2).clamp(3, (area.height / 2).max(3));
    let [string, table] =
        Layout::vertical([Constraint::Length(string_height), Constraint::Min(0)]).areas(area);
    draw_string(frame, string, game, StringMarks::Last, spread, theme);
    // A table with no row inside says nothing.
    if table.height >= 3 {
        draw_table(frame, table, game, roomy, theme);
    }
}
