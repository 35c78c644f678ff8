//! The setup on screen: its rows, the explanation of the selected one, the footer.

use super::*;

impl Setup {
    pub fn render(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        let fields = self.fields();
        // The summary and the explanation wrap onto a second line when they must.
        // One column stays free, so wrapped text never ends flush against the edge.
        let text_width = area.width.saturating_sub(1);
        let lines_for = |text: &str| widgets::wrapped_lines(text, text_width);
        let summary = self.game_summary();
        // A refused position is said where the explanation goes, until the next key.
        let (explanation, explain_style) = match &self.error {
            Some(error) => (Cow::Borrowed(error.as_str()), theme.warning()),
            None => (self.explanation(), theme.muted()),
        };
        let explanation = explanation.as_ref();
        let warning = self.proven_loss();
        let warning_lines = warning.as_deref().map_or(0, |w| lines_for(w).min(3));
        let [header, body, warn, explain, footer] = Layout::vertical([
            Constraint::Length(1 + lines_for(&summary).min(2)),
            Constraint::Min(3),
            Constraint::Length(warning_lines),
            Constraint::Length(lines_for(explanation).min(4)),
            Constraint::Length(1),
        ])
        .areas(area);
        if let Some(text) = &warning {
            frame.render_widget(
                Paragraph::new(text.as_str())
                    .style(theme.warning())
                    .wrap(Wrap { trim: true }),
                Rect {
                    width: text_width,
                    ..warn
                },
            );
        }
        let title = format!("New game: {}", self.setup.game);
        frame.render_widget(
            Paragraph::new(vec![
                Line::styled(title, theme.title()),
                Line::styled(summary, theme.muted()),
            ])
            .wrap(Wrap { trim: true }),
            Rect {
                width: text_width,
                ..header
            },
        );
        let width = 62.min(body.width);
        let body = widgets::centered(body, width, body.height);
        let box_height = (fields.len() as u16 + 2).min(body.height);
        let boxed = Rect {
            height: box_height,
            ..body
        };
        let inner = widgets::block("Setup", theme).inner(boxed);
        // More rows than room (Nim's eight piles at 20 rows): the rows scroll so the
        // selected one is always shown, and the border says where more rows are.
        let room = usize::from(inner.height);
        let first = (self.selected + 1).saturating_sub(room);
        let mut block = widgets::block("Setup", theme);
        if first > 0 {
            block = block.title(Line::styled(" ↑ more ", theme.muted()).right_aligned());
        }
        if first + room < fields.len() {
            block = block.title_bottom(Line::styled(" ↓ more ", theme.muted()).right_aligned());
        }
        frame.render_widget(block, boxed);
        for (i, field) in fields.iter().enumerate().skip(first) {
            let shown = i - first;
            if shown >= room {
                break;
            }
            let row = Rect {
                y: inner.y + shown as u16,
                height: 1,
                ..inner
            };
            let selected = i == self.selected;
            // The buttons are marked by more than colour when selected (a terminal
            // without colours, a colour-blind player).
            let mark = if selected { "▶ " } else { "  " };
            let line = if *field == Field::Start {
                let label = if self.online {
                    "[ Offer it online ]"
                } else {
                    "[ Start ]"
                };
                Line::from(Span::styled(format!("{mark}{label}"), theme.bold()))
            } else if *field == Field::Simulate {
                Line::from(Span::styled(format!("{mark}[ Simulate ]"), theme.bold()))
            } else if *field == Field::Lesson {
                let done = if self.lesson == Some(true) {
                    "lesson done ✓"
                } else {
                    "new here? the rules, step by step"
                };
                Line::from(vec![
                    Span::styled(format!("{mark}[ Lesson ]"), theme.bold()),
                    Span::styled(format!("  {done}"), theme.muted()),
                ])
            } else {
                // Long text (a typed position) shows its end, where typing goes on.
                let room = usize::from(inner.width.saturating_sub(21));
                let value = tail(&self.value_text(*field), room);
                // On the selected row the arrows take the row's colours: accent on
                // the accent background would hide them.
                // A typed row (the position) is not changed with ←→: no arrows, a
                // cursor where typing goes.
                let (l, r, arrows) = if selected && *field == Field::Position {
                    ("› ", "▏", Style::new())
                } else if selected {
                    // A row that stops at its ends shows no arrow past them.
                    let (left, right) = self.steps();
                    (
                        if left { "◀ " } else { "  " },
                        if right { " ▶" } else { "  " },
                        Style::new(),
                    )
                } else {
                    ("  ", "  ", theme.accent())
                };
                Line::from(vec![
                    Span::raw(format!(" {:<16}", self.label(*field))),
                    Span::styled(l, arrows),
                    Span::raw(value),
                    Span::styled(r, arrows),
                ])
            };
            let style = if selected {
                theme.selected()
            } else {
                Style::new()
            };
            frame.render_widget(Paragraph::new(line).style(style), row);
            hits.add(row, Hit::SetupField(i));
        }
        frame.render_widget(
            Paragraph::new(explanation)
                .style(explain_style)
                .wrap(Wrap { trim: true }),
            Rect {
                width: text_width,
                ..explain
            },
        );
        widgets::footer(frame, footer, &self.footer(keys), theme);
    }

    /// The keys that do something on the selected row, and Enter's meaning there.
    fn footer(&self, keys: &Keys) -> Vec<(String, String)> {
        let mut list = keys.footer(&[(&[Action::Up, Action::Down], "setting")]);
        if self.changes() {
            list.extend(keys.footer(&[(&[Action::Left, Action::Right], "change")]));
        }
        if let Some(typed) = self.typed() {
            list.push((typed, "type".into()));
        }
        let enter = match self.field() {
            Field::Simulate => "simulate",
            Field::Lesson => "lesson",
            Field::Puzzles => "puzzles",
            _ if self.online => "offer it",
            _ => "start",
        };
        list.extend(keys.footer(&[(&[Action::Enter], enter), (&[Action::Back], "back")]));
        list
    }

    fn game_summary(&self) -> String {
        self.setup.game.info().summary.to_string()
    }
}
