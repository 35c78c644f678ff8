//! The review screen: the board as it was, the text for the current move, the
//! prediction graph with the current ply marked, and the move list with the turning
//! points marked.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Chart, Dataset, GraphType, Paragraph, Wrap};

use super::Review;
use crate::plugin::review::plies::Turn;
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

impl Review {
    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys) {
        let title = |variant: &str| {
            format!(
                "Review · {}{variant} · {} vs {}",
                self.game.menu_name(),
                self.names[0],
                self.names[1]
            )
        };
        // The variant where the line has room for it (a long string of letters would
        // push the players' names off).
        let title = match &self.variant {
            Some(v) => Some(title(&format!(" ({v})")))
                .filter(|t| t.chars().count() <= usize::from(area.width))
                .unwrap_or_else(|| title("")),
            None => title(""),
        };
        let (left, side, footer) = widgets::game_frame(frame, area, title, [44, 36, 30], theme);
        // The move's panel grows to hold its wrapped lines (at 80x24 a long verdict
        // pushed "Now: …" off its bottom), up to half the column: the board keeps the
        // other half (an Othello board needs 11 rows, the half of 80x24's 22).
        let ply_title = self.ply_title();
        let ply_lines = self.ply_lines(theme);
        let needed = Paragraph::new(ply_lines.clone())
            .wrap(Wrap { trim: true })
            .block(widgets::text_block(&ply_title, theme))
            .line_count(left.width)
            .min(usize::from(u16::MAX)) as u16;
        let text_height = needed.clamp(6, (left.height / 2).max(6));
        let [board, text] =
            Layout::vertical([Constraint::Min(8), Constraint::Length(text_height)]).areas(left);
        self.board.draw(frame, board, self.ply, theme);
        widgets::panel(frame, text, &ply_title, ply_lines, theme);
        let graph_height = (side.height / 2).clamp(7, 12);
        let [graph, moves] =
            Layout::vertical([Constraint::Length(graph_height), Constraint::Min(3)]).areas(side);
        self.render_graph(frame, graph, theme);
        self.render_moves(frame, moves, theme);
        let list = keys.footer(&[
            (&[Action::Left, Action::Right], "step"),
            (&[Action::Up, Action::Down], "turning point"),
            (&[Action::PageUp, Action::PageDown], "start/end"),
            (&[Action::Help], "help"),
            (&[Action::Back], "back"),
        ]);
        widgets::footer(frame, footer, &list, theme);
    }

    /// "Move 14 of 60", or "The start".
    fn ply_title(&self) -> String {
        match self.ply {
            0 if self.moves.len() == 1 => "Start · 1 move".to_string(),
            0 => format!("Start · {} moves", self.moves.len()),
            p => format!("Move {p} of {}", self.moves.len()),
        }
    }

    /// The current move's verdict, the prediction from here, and the analysis' progress.
    fn ply_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        if let Some(text) = self.ply.checked_sub(1).and_then(|i| self.move_text(i)) {
            let style = if self.turn_at(self.ply - 1).is_some() {
                theme.warning()
            } else {
                Style::new()
            };
            lines.push(Line::styled(text, style));
        }
        // At the end, a match the rules did not end says how it ended (the moves
        // panel says it too, further down).
        if self.ply == self.moves.len()
            && let Some(ending) = &self.ending
        {
            lines.push(Line::styled(ending.clone(), theme.bold()));
        }
        let last = self.ply == self.moves.len();
        match self.report(self.ply) {
            Some(r) => {
                // After the last move: the result where the rules ended the game; what
                // the position held where a clock or a player ended it first.
                let label = if last && self.ending.is_some() {
                    "Had it gone on"
                } else if last && r.best.is_none() {
                    "Result"
                } else {
                    "Now"
                };
                lines.push(Line::styled(
                    format!("{label}: {}.", self.prediction_text(r)),
                    theme.bold(),
                ));
            }
            None => lines.push(Line::styled("Now: analysing…", theme.muted())),
        }
        lines.push(Line::styled(self.status(), theme.muted()));
        lines
    }

    /// How the analysis goes: "analysing position 23 of 61" (the start and one after
    /// each move, so one more than the moves the title counts), how it is done (and whether it
    /// was kept from an earlier review), or why not.
    fn status(&self) -> String {
        if let Some(reason) = &self.failed {
            return format!("Analysis unavailable: {reason}");
        }
        let total = self.reports.len();
        let done = self.analysed();
        if done < total && self.running {
            format!("analysing position {} of {total}…", done + 1)
        } else if done < total {
            format!("analysed {done} of {total} positions · {}", self.method)
        } else if self.restored == total {
            // Nothing was searched this time: say where the analysis came from.
            // (The method is the same: another method is another key.)
            "analysis kept from an earlier review".to_string()
        } else {
            self.method.clone()
        }
    }

    /// The prediction over the whole game, the first player's side up, the current ply
    /// as a vertical line and the turning points as dots.
    fn render_graph(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let points: Vec<(f64, f64)> = (0..self.reports.len())
            .filter_map(|p| Some((p as f64, self.report(p)?.first_value()?)))
            .collect();
        let scored = self.reports.iter().flatten().any(|r| r.scored());
        let top = if scored {
            points
                .iter()
                .map(|(_, v)| v.abs())
                .fold(8.0, f64::max)
                .ceil()
        } else {
            1.0
        };
        let current = [(self.ply as f64, -top), (self.ply as f64, top)];
        let turns: Vec<(f64, f64)> = self
            .turning_points()
            .into_iter()
            .filter_map(|i| Some(((i + 1) as f64, self.report(i + 1)?.first_value()?)))
            .collect();
        let datasets = vec![
            Dataset::default()
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(theme.muted())
                .data(&current),
            Dataset::default()
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(theme.accent())
                .data(&points),
            Dataset::default()
                .marker(Marker::Dot)
                .graph_type(GraphType::Scatter)
                .style(theme.warning())
                .data(&turns),
        ];
        let (up, down) = if scored {
            (format!("+{top}"), format!("-{top}"))
        } else {
            ("1st".to_string(), "2nd".to_string())
        };
        let last = self.moves.len().max(1) as f64;
        let title = if scored {
            "Disc margin, 1st player"
        } else {
            "Who wins with best play"
        };
        let chart = Chart::new(datasets)
            .block(widgets::block(title, theme))
            .x_axis(Axis::default().bounds([0.0, last]))
            .y_axis(
                Axis::default()
                    .bounds([-top, top])
                    .labels([Span::raw(down), Span::raw(""), Span::raw(up)])
                    .style(theme.muted()),
            );
        frame.render_widget(chart, area);
    }

    /// The moves, numbered, the current one highlighted and the turning points marked,
    /// scrolled to keep the current one in view.
    fn render_moves(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let room = usize::from(area.height.saturating_sub(2)).max(1);
        let current = self.ply.checked_sub(1);
        // A match that did not end by its rules says how after its last move.
        let rows = self.moves.len() + usize::from(self.ending.is_some());
        let skip = current
            .map_or(0, |c| (c + 1).saturating_sub(room / 2 + 1))
            .min(rows.saturating_sub(room));
        let mut lines: Vec<Line> = self
            .moves
            .iter()
            .enumerate()
            .skip(skip)
            .take(room)
            .map(|(i, mv)| {
                let seat = self.report(i).map(|r| r.mover).unwrap_or(if i % 2 == 0 {
                    crate::game::Seat::First
                } else {
                    crate::game::Seat::Second
                });
                let style = if Some(i) == current {
                    theme.last_move()
                } else {
                    Style::new()
                };
                // The moves of the start asked for are no one's choice.
                let who = if i < self.given {
                    "start"
                } else {
                    self.name(seat)
                };
                let mut spans = vec![Span::styled(
                    format!("{:>3}. {:<9}{:>6}", i + 1, who, mv),
                    style,
                )];
                match self.turn_at(i) {
                    // The game's own word for such a move (the list said "✗ mistake"
                    // during the game and "✗ loss" here); what it threw is said on
                    // the move's line below the board.
                    Some(Turn::Threw { .. }) => {
                        spans.push(Span::styled(" ✗ mistake", theme.warning()))
                    }
                    Some(Turn::Cost(d)) => {
                        spans.push(Span::styled(format!(" ✗ -{d}"), theme.warning()))
                    }
                    None => {}
                }
                Line::from(spans)
            })
            .collect();
        if let Some(ending) = &self.ending
            && lines.len() < room
        {
            lines.push(Line::styled(format!("     {ending}"), theme.muted()));
        }
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .block(widgets::block("Moves", theme)),
            area,
        );
    }
}
