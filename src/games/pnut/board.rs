//! The string written so far and the table of every l-symbol substring, drawn for a
//! position alone: shared by the match screen (`screen.rs`) and the review.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::game::pnut::{Forfeit, Pnut};
use crate::tui::theme::Theme;
use crate::tui::widgets;

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

/// The string in a panel titled with its length, its end in view when it does not fit.
/// Shared by the match screen and the review.
pub fn draw_string(frame: &mut Frame, area: Rect, game: &Pnut, marks: StringMarks, theme: &Theme) {
    let inner_width = area.width.saturating_sub(2).max(1) as usize;
    let lines = string_lines(game, marks, theme, inner_width);
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

/// The string in rows of `width`, each followed by a row of markers: `^` under the
/// marked symbols (see [`StringMarks`]), or under both occurrences of the repeated
/// substring after a forfeit.
pub fn string_lines(
    game: &Pnut,
    marks: StringMarks,
    theme: &Theme,
    width: usize,
) -> Vec<Line<'static>> {
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

/// The rows [`draw_table`] needs at `width` (the panel's inside) to list every
/// substring, its borders included; room for the summary when they are too many.
pub fn table_height(game: &Pnut, width: usize) -> u16 {
    let rules = game.rules();
    let per_row = (width / (rules.length() + 2)).max(1) as u64;
    let rows = rules.grams().div_ceil(per_row);
    // More rows than any screen has: the summary instead (two lines, either may wrap).
    if rows > 40 { 6 } else { rows as u16 + 2 }
}

/// Every l-symbol substring with the used ones marked ▪, or a summary when the table
/// does not fit. Shared by the match screen and the review.
pub fn draw_table(frame: &mut Frame, area: Rect, game: &Pnut, theme: &Theme) {
    let rules = game.rules();
    let l = rules.length();
    let total = rules.grams();
    let used = game.used_count() as u64;
    let title = format!("Substrings · {used} of {total} used");
    let inner = widgets::block(&title, theme).inner(area);
    frame.render_widget(widgets::block(&title, theme), area);
    let cell = l + 2;
    let per_row = (inner.width as usize / cell).max(1) as u64;
    let rows = total.div_ceil(per_row);
    let lines: Vec<Line> = if rows <= u64::from(inner.height) {
        (0..rows)
            .map(|r| {
                let spans: Vec<Span> = (r * per_row..((r + 1) * per_row).min(total))
                    .map(|code| {
                        let text = rules.gram_text(code);
                        if game.gram_position(code).is_some() {
                            Span::styled(format!("▪{text} "), theme.accent())
                        } else {
                            Span::styled(format!(" {text} "), theme.muted())
                        }
                    })
                    .collect();
                Line::from(spans)
            })
            .collect()
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
    shown: &crate::tui::review::board::Shown<Pnut>,
    theme: &Theme,
) {
    let game = shown.position;
    let width = area.width.saturating_sub(2).max(1) as usize;
    let lines = string_lines(game, StringMarks::Last, theme, width).len() as u16;
    let string_height = (lines + 2).clamp(3, (area.height / 2).max(3));
    let [string, table] =
        Layout::vertical([Constraint::Length(string_height), Constraint::Min(0)]).areas(area);
    draw_string(frame, string, game, StringMarks::Last, theme);
    // A table with no row inside says nothing.
    if table.height >= 3 {
        draw_table(frame, table, game, theme);
    }
}
