//! The Winners & Losers screen: the string as tiles, each player's letters, the
//! projected winner, hints on the ends, and the AND/OR pyramid on `p`.

use std::cell::Cell;

use rand::Rng;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::game::wl::{Wl, WlMove};
use crate::game::{Game, Outcome, Seat};
use crate::games::wl::options::WlSetup;
use crate::plugin::GameSetup;
use crate::plugin::match_screen::{Board, Match};
use crate::plugin::match_view::{MatchView, Who};
use crate::solve::analyst::{FnAnalyst, SharedAnalyst};
use crate::solve::wl::pyramid;
use crate::ui::animation::Animation;
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

/// The pyramid is drawn for strings up to this long (it has n(n+1)/2 cells).
pub const PYRAMID_MAX: usize = 200;

/// Winners & Losers' own part of its screen: the pyramid and the letter leaving.
pub struct WlBoard {
    show_pyramid: bool,
    /// Rows the pyramid is scrolled by (↑↓) from where it follows the game.
    pyramid_scroll: Cell<isize>,
    /// Columns a pyramid wider than the window is scrolled by (sideways keys) from
    /// where it follows the game.
    pyramid_pan: Cell<isize>,
    /// rows[k-1][i]: the letter taken last from letters[i..i+k] with perfect play.
    pyramid: Vec<Vec<bool>>,
    /// The letter just taken leaving the string.
    taking: Animation,
}

/// The Winners & Losers screen.
pub type WlScreen = Match<WlBoard>;

/// An end of the string is clicked as `Hit::Square(0)` (left) or `Hit::Square(1)`
/// (right).
pub fn end_hit(end: WlMove) -> Hit {
    Hit::Square(match end {
        WlMove::Left => 0,
        WlMove::Right => 1,
    })
}

/// The end of the string a hit is on, if any.
pub fn end_of(hit: Hit) -> Option<WlMove> {
    match hit {
        Hit::Square(0) => Some(WlMove::Left),
        Hit::Square(1) => Some(WlMove::Right),
        _ => None,
    }
}

fn letter(w: bool) -> &'static str {
    if w { "W" } else { "L" }
}

/// The letters a game of this setup starts with: its position if it names one (`WLLW`),
/// else the setup's string or a random one.
pub fn start_letters<R: Rng + ?Sized>(setup: &GameSetup, rng: &mut R) -> Result<Vec<bool>, String> {
    match &setup.position {
        Some(text) => crate::game::wl::parse_letters(text).map_err(|e| e.to_string()),
        None => Ok(setup.own::<WlSetup>().starting_letters(rng)),
    }
}

/// What the string shows besides the letters: the move that led here, the winning
/// ends (hints) and whether the ends are the cursor (a person to move).
pub struct TilesLook<'a> {
    pub game: &'a Wl,
    pub last: Option<WlMove>,
    pub wins: Vec<WlMove>,
    pub cursor: bool,
    /// While the letter just taken leaves the string (an animation frame: 0 still in
    /// place and lit, 1 lower case and lit, then as taken letters are drawn).
    pub taking: Option<u64>,
}

/// The string as tiles in rows, its ends labelled, then `below` (who took what, the
/// last move). The whole string stays in place: taken letters become dots, and the one
/// the last move took is shown in lower case, highlighted. Shared by the match screen
/// and the review.
pub fn draw_tiles(
    frame: &mut Frame,
    area: Rect,
    look: &TilesLook,
    below: Vec<Line<'static>>,
    theme: &Theme,
    hits: &mut Hits,
) {
    let game = look.game;
    let remaining = game.remaining();
    // On a roomy board (100x30 and up) each letter is a tile in a box three rows tall,
    // six columns apart, or four when that keeps the string on fewer rows, if the whole
    // string fits so; else a letter every other column, as at 80x24.
    let rows = |step: u16| {
        let per_line = (area.width.saturating_sub(2) / step).max(1) as usize;
        game.letters().len().div_ceil(per_line) as u16
    };
    let fits = |step: u16| 1 + 3 * rows(step) + 1 + below.len() as u16 <= area.height;
    let tile_step = [6, 4]
        .into_iter()
        .find(|&step| roomy(area) && fits(step) && rows(step) <= rows(4));
    let boxed = tile_step.is_some();
    let step = tile_step.unwrap_or(2);
    let per_line = (area.width.saturating_sub(2) / step).max(1) as usize;
    let mut lines: Vec<Line> = Vec::new();
    // A string on several rows ends on the last: its right label goes under the rows
    // (at the top right it pointed at a letter in the middle of the string).
    let wrapped = game.letters().len() > per_line;
    let label = |left: &'static str, right: &'static str| {
        let mut spans = vec![Span::styled(left, theme.muted())];
        // The right label ends at the right edge, whatever its length.
        let used = left.chars().count() + right.chars().count() + 1;
        let gap = (area.width as usize).saturating_sub(used);
        spans.push(Span::raw(" ".repeat(gap)));
        spans.push(Span::styled(right, theme.muted()));
        Line::from(spans)
    };
    let (ends, after) = match remaining.len() {
        0 => (Line::raw(""), Line::raw("")),
        // Said on the left, not at the right edge (the letter may stand anywhere).
        1 => (
            label("one letter left: either end takes it", ""),
            Line::raw(""),
        ),
        _ if wrapped => (
            label("◀ left end: the first letter", ""),
            label("", "the last letter: right end ▶"),
        ),
        _ => (label("◀ left end", "right end ▶"), Line::raw("")),
    };
    lines.push(ends);
    let rows_start = area.y + 1;
    let (start, end) = game.span();
    let just_taken = look.last.map(|m| match m {
        WlMove::Left => start.saturating_sub(1),
        WlMove::Right => end,
    });
    for (row, chunk) in game.letters().chunks(per_line).enumerate() {
        let mut spans = vec![Span::raw(" ")];
        let mut tiles: [Vec<Span>; 3] = Default::default();
        for (col, &w) in chunk.iter().enumerate() {
            let index = row * per_line + col;
            let end_move = if start >= end {
                None
            } else if index == start {
                Some(WlMove::Left)
            } else if index + 1 == end {
                Some(WlMove::Right)
            } else {
                None
            };
            let lit = theme.last_move().add_modifier(Modifier::REVERSED);
            let (text, style) = if just_taken == Some(index) {
                match look.taking {
                    Some(0) => (letter(w).to_string(), lit),
                    Some(1) => (letter(w).to_lowercase(), lit),
                    _ => (letter(w).to_lowercase(), theme.last_move()),
                }
            } else if index < start || index >= end {
                ("·".to_string(), theme.muted())
            } else if end_move.is_some_and(|e| look.wins.contains(&e)) {
                (
                    letter(w).to_string(),
                    theme.hint().add_modifier(Modifier::REVERSED),
                )
            } else if end_move.is_some() && look.cursor {
                (letter(w).to_string(), theme.cursor())
            } else if w {
                (letter(w).to_string(), theme.coin())
            } else {
                (letter(w).to_string(), Style::new())
            };
            if boxed {
                push_tile(&mut tiles, text, step, style, theme);
            } else {
                spans.push(Span::styled(text, style));
                spans.push(Span::raw(" "));
            }
            // An end is clicked on its letter, or anywhere on its tile.
            let (y, size) = if boxed {
                (rows_start + 3 * row as u16, 3)
            } else {
                (rows_start + row as u16, 1)
            };
            if let Some(e) = end_move
                && y < area.bottom()
            {
                let width = if boxed { step - 1 } else { 1 };
                hits.add(
                    Rect::new(area.x + 1 + step * col as u16, y, width, size),
                    end_hit(e),
                );
            }
        }
        if boxed {
            for row in tiles {
                let mut line = vec![Span::raw(" ")];
                line.extend(row);
                lines.push(Line::from(line));
            }
        } else {
            lines.push(Line::from(spans));
        }
    }
    lines.push(after);
    lines.extend(below);
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}

/// The pyramid's row labels ("You OR   "), in columns.
const LABEL_WIDTH: usize = 10;

/// Whether a board area has room to spread out (see `draw_tiles`, the pyramid): from
/// about 100x30; at 80x24 not.
fn roomy(area: Rect) -> bool {
    area.width >= 50 && area.height >= 20
}

/// One letter as a tile three rows tall onto `rows`, `step` columns with the space
/// after it: a box around the letter in its colour (not reversed: the letter alone is,
/// for a winning end), a taken letter's dot with no box.
fn push_tile(
    rows: &mut [Vec<Span<'static>>; 3],
    text: String,
    step: u16,
    style: Style,
    theme: &Theme,
) {
    let inside = usize::from(step.saturating_sub(3).max(1));
    let pad = " ".repeat((inside - 1) / 2);
    let blank = " ".repeat(usize::from(step));
    if text == "·" {
        rows[0].push(Span::raw(blank.clone()));
        rows[1].push(Span::styled(
            format!("{:^width$}", "·", width = inside + 2) + " ",
            theme.muted(),
        ));
        rows[2].push(Span::raw(blank));
        return;
    }
    let edge = style.remove_modifier(Modifier::REVERSED);
    let across = "─".repeat(inside);
    rows[0].push(Span::styled(format!("┌{across}┐ "), edge));
    rows[1].push(Span::styled(format!("│{pad}"), edge));
    rows[1].push(Span::styled(text, style));
    rows[1].push(Span::styled(format!("{pad}│ "), edge));
    rows[2].push(Span::styled(format!("└{across}┘ "), edge));
}

/// "Last move: Ann took the left letter, W (shown as w).": `who` played `mv` from
/// `before`. The string shows the letter just taken in lower case, which this says
/// (a play-tester read the "l" as a letter of its own).
pub fn last_move_line(before: &Wl, mv: WlMove, who: &str, theme: &Theme) -> Line<'static> {
    let side = if mv == WlMove::Left { "left" } else { "right" };
    let said = match before.letter_at(mv).map(letter) {
        Some(l) => format!(
            "Last move: {who} took the {side} letter, {l} (shown as {}).",
            l.to_lowercase()
        ),
        None => format!("Last move: {who} took the {side} letter."),
    };
    Line::styled(said, theme.last_move())
}

impl WlScreen {
    pub fn new<R: Rng + ?Sized>(
        setup: GameSetup,
        ai_delay_ms: u64,
        hints: bool,
        rng: &mut R,
    ) -> WlScreen {
        // The position was checked before the game was started (`check_position`).
        let letters = start_letters(&setup, rng).unwrap_or_else(|_| vec![true]);
        let pyramid = if letters.len() <= PYRAMID_MAX {
            pyramid(&letters)
        } else {
            Vec::new()
        };
        let analyst = SharedAnalyst::new(FnAnalyst(crate::solve::wl::analyse));
        let view = MatchView::new(Wl::new(letters), &setup.matchup, ai_delay_ms, analyst, rng);
        let board = WlBoard {
            show_pyramid: false,
            pyramid_scroll: Cell::new(0),
            pyramid_pan: Cell::new(0),
            pyramid,
            taking: Animation::default(),
        };
        Match::with_board(setup, hints, view, board)
    }

    fn game(&self) -> &Wl {
        self.view.session.position()
    }

    /// A person's move, which also brings the pyramid back to where it follows the
    /// game.
    fn take(&mut self, mv: WlMove) {
        if self.view.session.human_to_move() && self.view.play(mv) {
            self.board.taking.start(3);
            self.board.pyramid_scroll.set(0);
            self.board.pyramid_pan.set(0);
        }
    }

    fn winning_ends(&self) -> Vec<WlMove> {
        match self.view.session.analysis() {
            Some(a) if self.view.hints && !self.view.session.is_over() => {
                a.winning_moves().collect()
            }
            _ => Vec::new(),
        }
    }

    fn title(&self) -> String {
        let who = self.who_plays();
        format!("Winners & Losers · last letter: W wins, L loses · {who}")
    }

    fn render_tiles(&self, frame: &mut Frame, area: Rect, theme: &Theme, hits: &mut Hits) {
        let s = &self.view.session;
        let mut below: Vec<Line> = Vec::new();
        for seat in [Seat::First, Seat::Second] {
            let taken: String = s
                .history()
                .iter()
                .filter(|m| m.seat == seat)
                .filter_map(|m| m.before.letter_at(m.mv))
                .map(letter)
                .collect::<Vec<_>>()
                .join(" ");
            below.push(Line::from(vec![
                Span::styled(format!("{:<9} took: ", s.name(seat)), theme.muted()),
                Span::raw(taken),
            ]));
        }
        if let Some(m) = s.history().last() {
            below.push(last_move_line(&m.before, m.mv, s.name(m.seat), theme));
        }
        let look = TilesLook {
            game: self.game(),
            last: s.history().last().map(|m| m.mv),
            wins: self.winning_ends(),
            cursor: s.human_to_move(),
            taking: self.board.taking.frame().filter(|_| theme.animate),
        };
        draw_tiles(frame, area, &look, below, theme, hits);
    }

    /// The AND/OR triangle: apex at the top is the whole string; each move steps one
    /// row down, to the lower right (left letter taken) or lower left (right letter
    /// taken). Wider than the window, it scrolls sideways: a row cut on a side is marked
    /// ◀ or ▶ there, and the last line says which letters of the string the view is over.
    fn render_pyramid(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys) {
        let n = self.game().letters().len();
        if self.board.pyramid.is_empty() || n == 0 {
            frame.render_widget(
                Paragraph::new(format!(
                    "The pyramid is drawn for strings up to {PYRAMID_MAX} letters."
                )),
                area,
            );
            return;
        }
        // The path: (row, start) after each move.
        let mut path = vec![(0usize, 0usize)];
        for m in self.view.session.history() {
            let (r, i) = *path.last().unwrap_or(&(0, 0));
            path.push((r + 1, if m.mv == WlMove::Left { i + 1 } else { i }));
        }
        let current = *path.last().unwrap_or(&(0, 0));
        // Once the string is empty the path ends below the base row: view the base.
        let in_view = if current.0 >= n {
            (n - 1, current.1.min(n - 1))
        } else {
            current
        };
        let label_width = LABEL_WIDTH as u16;
        let rows_width = area.width.saturating_sub(label_width) as usize;
        // On a roomy board a pyramid with room to spare spreads out: its cells four
        // columns apart, and a line between rows with the moves drawn on it (/ \).
        let spread = roomy(area) && 4 * (n - 1) < rows_width;
        let step = if spread { 4 } else { 2 };
        let full_width = step * (n - 1) + 1;
        // Too wide: a column for the markers on each side, and a line to say where.
        let cropped = full_width > rows_width;
        let between = roomy(area) && !cropped && 2 * n - 1 <= area.height as usize;
        let (width, height) = if cropped {
            (
                rows_width.saturating_sub(4).max(1),
                area.height.saturating_sub(1) as usize,
            )
        } else {
            (rows_width, area.height as usize)
        };
        // Keep the current node in view: a third from the top, centred across.
        let last_top = n.saturating_sub(height.min(n));
        let follow = in_view.0.saturating_sub(height / 3).min(last_top);
        // ↑↓ move the view from there, within the pyramid (kept for the next frame).
        let top = (follow as isize + self.board.pyramid_scroll.get()).clamp(0, last_top as isize);
        self.board.pyramid_scroll.set(top - follow as isize);
        let top = top as usize;
        let bottom = (top + height.max(1)).min(n);
        // Centred when the whole base fits, else scrolled to the current node and from
        // there by the sideways keys (in columns, kept for the next frame).
        let margin = width.saturating_sub(full_width) / 2;
        let node_x = |r: usize, i: usize| margin + (n - 1 - r) * step / 2 + step * i;
        let last_left = full_width.saturating_sub(width);
        let follow_x = node_x(in_view.0, in_view.1)
            .saturating_sub(width / 2)
            .min(last_left);
        let left = (follow_x as isize + self.board.pyramid_pan.get()).clamp(0, last_left as isize);
        self.board.pyramid_pan.set(left - follow_x as isize);
        let left = left as usize;
        let wins = self.winning_ends();
        // Each row is labelled by who moves there: "You" and "AI" where the names are
        // that short, else 1st and 2nd (a play-tester had to work out which was theirs).
        let names = [Seat::First, Seat::Second].map(|seat| self.view.session.name(seat));
        let movers = if names.iter().all(|n| n.chars().count() <= 3) {
            names.map(str::to_string)
        } else {
            ["1st".to_string(), "2nd".to_string()]
        };
        let mut lines = Vec::new();
        for r in top..bottom {
            if between && r > top {
                lines.push(self.pyramid_links(r - 1, node_x, width, &path, theme));
            }
            let len = n - r;
            let gate = if len % 2 == 1 { "OR" } else { "AND" };
            let mover = &movers[r % 2];
            // Rows hidden above or below are announced on the edge rows.
            // `label_width` columns each.
            let label = if r == top && top > 0 {
                "↑ more    ".to_string()
            } else if r + 1 == bottom && bottom < n {
                "↓ more    ".to_string()
            } else {
                format!("{mover:<3} {gate:<3}   ")
            };
            let mut spans = vec![Span::styled(label, theme.muted())];
            // The row's cells run from node_x(r, 0) to node_x(r, r).
            let marker = |hidden: bool, arrow: &'static str| {
                Span::styled(if hidden { arrow } else { " " }, theme.muted())
            };
            if cropped {
                spans.push(marker(node_x(r, 0) < left, "◀"));
                spans.push(Span::raw(" "));
            }
            let mut line = vec![(" ".to_string(), Style::new()); width];
            for i in 0..=r {
                let x = node_x(r, i);
                if x < left || x >= left + width {
                    continue;
                }
                let last_w = self.board.pyramid[len - 1][i];
                let on_path = path.contains(&(r, i));
                let is_child = r == current.0 + 1 && (i == current.1 || i == current.1 + 1);
                let child_wins = is_child
                    && wins.iter().any(|m| {
                        (*m == WlMove::Left && i == current.1 + 1)
                            || (*m == WlMove::Right && i == current.1)
                    });
                let style = if (r, i) == current {
                    theme.cursor()
                } else if child_wins {
                    theme.hint()
                } else if on_path {
                    theme.last_move()
                } else if r > current.0 {
                    theme.muted()
                } else {
                    Style::new()
                };
                line[x - left] = (letter(last_w).to_string(), style);
                // Where the game is, in text as well as colour (a screen reader, a
                // terminal without colours saw no mark): a ▸ before the cell itself
                // (on the row's label it marked the row, not which of its cells).
                if (r, i) == current {
                    match (x - left).checked_sub(1) {
                        Some(before) => line[before] = ("▸".to_string(), theme.cursor()),
                        None => {
                            // At the view's left edge: in the gap before it.
                            if let Some(Span { content, .. }) = spans.last_mut() {
                                let mut text = content.to_string();
                                text.pop();
                                text.push('▸');
                                *content = text.into();
                            }
                        }
                    }
                }
            }
            spans.extend(line.into_iter().map(|(t, s)| Span::styled(t, s)));
            if cropped {
                spans.push(Span::raw(" "));
                spans.push(marker(node_x(r, r) >= left + width, "▶"));
            }
            lines.push(Line::from(spans));
        }
        if cropped {
            // The base row is the string, letter i at column 2i: the letters in view.
            let first = left.div_ceil(2);
            let last = ((left + width - 1) / 2).min(n - 1);
            let where_ = format!("letters {}-{} of {n}", first + 1, last + 1);
            let scroll = format!(
                "{} {}",
                keys.key(Action::Own("pyramid_left")),
                keys.key(Action::Own("pyramid_right"))
            );
            // As much of it as the width takes.
            let said = [
                format!("{where_} · {scroll} scroll sideways"),
                format!("{where_} · {scroll} scroll"),
                format!("{where_} · {scroll}"),
                where_,
            ]
            .into_iter()
            .find(|t| t.chars().count() < usize::from(area.width))
            .unwrap_or_default();
            lines.push(Line::styled(said, theme.muted()));
        }
        frame.render_widget(Paragraph::new(lines), area);
    }

    /// The line under pyramid row `r` on a spread pyramid: from each cell a / to the
    /// cell below on its left (the right letter taken) and a \ to the one on its right
    /// (the left letter taken), those the game went along highlighted.
    fn pyramid_links(
        &self,
        r: usize,
        node_x: impl Fn(usize, usize) -> usize,
        width: usize,
        path: &[(usize, usize)],
        theme: &Theme,
    ) -> Line<'static> {
        let mut line = vec![(" ", theme.muted()); width];
        for i in 0..=r {
            let x = node_x(r, i);
            for (link, dx, child) in [("/", -1isize, i), ("\\", 1, i + 1)] {
                let Some(at) = x.checked_add_signed(dx).filter(|&at| at < width) else {
                    continue;
                };
                let taken = path.contains(&(r, i)) && path.contains(&(r + 1, child));
                let style = if taken {
                    theme.last_move()
                } else {
                    theme.muted()
                };
                line[at] = (link, style);
            }
        }
        let mut spans = vec![Span::raw(" ".repeat(LABEL_WIDTH))];
        spans.extend(line.into_iter().map(|(t, s)| Span::styled(t, s)));
        Line::from(spans)
    }

    fn status_lines(&self, theme: &Theme, keys: &Keys) -> Vec<Line<'static>> {
        let game = self.game();
        let detail = match (game.letter_at(WlMove::Left), game.letter_at(WlMove::Right)) {
            (Some(l), Some(r)) if game.remaining().len() > 1 => {
                format!(": ← takes {} · → takes {}", letter(l), letter(r))
            }
            (Some(l), _) => format!(": take the last letter, {}", letter(l)),
            _ => String::new(),
        };
        let turn = self.view.turn_line(theme, keys, detail);
        let hint = if !self.view.hints || self.view.session.is_over() {
            Line::raw("")
        } else {
            match self.view.session.analysis() {
                None => Line::styled("Hints: thinking…", theme.muted()),
                Some(a) => {
                    let wins: Vec<&str> = a
                        .winning_moves()
                        .map(|m| {
                            if m == WlMove::Left {
                                "the left"
                            } else {
                                "the right"
                            }
                        })
                        .collect();
                    if wins.is_empty() {
                        Line::styled(
                            "No winning end: both lose to perfect play.",
                            theme.warning(),
                        )
                    } else if game.remaining().len() == 1 {
                        Line::styled("Take it: it wins.", theme.hint())
                    } else {
                        Line::styled(
                            format!("Winning: take {} letter.", wins.join(" or ")),
                            theme.hint(),
                        )
                    }
                }
            }
        };
        vec![turn, self.view.voice_line(theme), hint]
    }

    fn prediction_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let s = &self.view.session;
        if s.is_over() || s.analysis_failed().is_some() || s.side_pending() {
            return self.view.prediction_lines(theme);
        }
        let Some(winner) = s.predicted_winner() else {
            return vec![Line::styled("Thinking…", theme.muted())];
        };
        let name = match self.view.who(winner) {
            Who::You => "you".to_string(),
            Who::Ai => "the AI".to_string(),
            Who::Named(name) => name.to_string(),
        };
        let mut lines = vec![
            Line::raw("Projected winner:"),
            Line::styled(name, theme.bold()),
            Line::styled(
                format!(
                    "{} left",
                    widgets::counted(self.game().remaining().len(), "letter")
                ),
                theme.muted(),
            ),
        ];
        if s.history().last().is_some_and(|m| m.mistake) {
            lines.push(Line::styled("The last move changed it.", theme.warning()));
        }
        lines
    }
}

impl Board for WlBoard {
    type Game = Wl;

    fn wheel(&mut self, lines: i32) {
        if self.show_pyramid {
            self.pyramid_scroll
                .set(self.pyramid_scroll.get() + lines as isize);
        }
    }
    fn animation(&mut self) -> Option<&mut Animation> {
        Some(&mut self.taking)
    }
    fn other_view(&self) -> bool {
        self.show_pyramid
    }
    fn set_other_view(&mut self, on: bool) {
        self.show_pyramid = on;
    }
    /// The AI's move (a person's goes through `WlScreen::take`): the pyramid follows
    /// the game again, as after a person's (a view scrolled away while the AI thought
    /// kept the new cell out of sight).
    fn play(m: &mut Match<Self>, mv: WlMove) {
        if m.view.play(mv) {
            m.board.taking.start(3);
            m.board.pyramid_scroll.set(0);
            m.board.pyramid_pan.set(0);
        }
    }
    fn handle(m: &mut Match<Self>, action: Action) -> bool {
        match action {
            Action::Own("pyramid") => m.board.show_pyramid = !m.board.show_pyramid,
            Action::Up if m.board.show_pyramid => {
                m.board.pyramid_scroll.set(m.board.pyramid_scroll.get() - 1);
            }
            Action::Down if m.board.show_pyramid => {
                m.board.pyramid_scroll.set(m.board.pyramid_scroll.get() + 1);
            }
            // Two columns: one cell of a row sideways.
            Action::Own("pyramid_left") if m.board.show_pyramid => {
                m.board.pyramid_pan.set(m.board.pyramid_pan.get() - 2);
            }
            Action::Own("pyramid_right") if m.board.show_pyramid => {
                m.board.pyramid_pan.set(m.board.pyramid_pan.get() + 2);
            }
            Action::Left => m.take(WlMove::Left),
            Action::Right => m.take(WlMove::Right),
            _ => return false,
        }
        true
    }
    fn click(m: &mut Match<Self>, hit: Hit) {
        if let Some(mv) = end_of(hit) {
            m.take(mv);
        }
    }
    fn render(
        m: &Match<Self>,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        let (board, side, footer) =
            widgets::game_frame(frame, area, m.title(), [40, 34, 34], theme);
        let block_title = if m.board.show_pyramid {
            format!(
                "Pyramid ({}: the string · ↑↓ scroll)",
                keys.key(Action::Own("pyramid"))
            )
        } else {
            "String".to_string()
        };
        let block = widgets::block(&block_title, theme);
        let inner = block.inner(board);
        frame.render_widget(block, board);
        let [main, status] =
            Layout::vertical([Constraint::Min(3), Constraint::Length(3)]).areas(inner);
        if m.board.show_pyramid {
            m.render_pyramid(frame, main, theme, keys);
        } else {
            m.render_tiles(frame, main, theme, hits);
        }
        frame.render_widget(
            Paragraph::new(m.status_lines(theme, keys)).wrap(Wrap { trim: true }),
            status,
        );

        let [prediction, moves] =
            Layout::vertical([Constraint::Length(6), Constraint::Min(3)]).areas(side);
        m.view
            .render_prediction(frame, prediction, (keys, theme), || {
                m.prediction_lines(theme)
            });
        m.view
            .render_moves(frame, moves, theme, |m| m.before.move_text(m.mv));
        m.view.render_footer(
            frame,
            footer,
            (keys, theme),
            1,
            &[
                (&[Action::Left, Action::Right], "take"),
                (&[Action::Hints], "hints"),
                (&[Action::Own("pyramid")], "pyramid"),
                (&[Action::Undo], "undo"),
                (&[Action::NewGame], "new"),
                (&[Action::Help], "rules"),
                (&[Action::Back], "menu"),
            ],
        );
        if let Some(Outcome::Win(winner)) = m.view.session.outcome() {
            let (s, v) = (&m.view.session, &m.view);
            let last = s.history().last().and_then(|m| m.before.letter_at(m.mv));
            let why = match last {
                Some(true) => format!("{} took the last letter, a W.", v.subject(winner)),
                _ => format!("{} took the last letter, an L.", v.subject(winner.other())),
            };
            m.view.render_game_over(frame, board, theme, keys, why);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_end_hit_reads_back_as_its_end() {
        for end in [WlMove::Left, WlMove::Right] {
            assert_eq!(end_of(end_hit(end)), Some(end));
        }
        assert_ne!(end_hit(WlMove::Left), end_hit(WlMove::Right));
        assert_eq!(end_of(Hit::Square(2)), None);
        assert_eq!(end_of(Hit::Choice(0)), None);
    }
}
