//! The main menu: every game of the registry by name, with its blurb.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::hits::{Hit, Hits};
use super::keys::{Action, Keys};
use super::theme::Theme;
use super::widgets;
use crate::games::GameId;

pub const TITLE_ART: &str = include_str!("../../assets/title.txt");

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Menu {
    pub selected: usize,
}

/// What the menu asks the app to do.
#[derive(Clone, Debug, PartialEq)]
pub enum MenuOutcome {
    Stay,
    Open(GameId),
    Help,
    Quit,
}

impl Menu {
    pub fn handle(&mut self, action: Action) -> MenuOutcome {
        let n = GameId::all().len();
        match action {
            Action::Up => {
                self.selected = (self.selected + n - 1) % n;
            }
            Action::Down => {
                self.selected = (self.selected + 1) % n;
            }
            Action::Enter => return self.open(self.selected),
            Action::Help => return MenuOutcome::Help,
            Action::Quit | Action::Back => return MenuOutcome::Quit,
            _ => {}
        }
        MenuOutcome::Stay
    }

    /// Opens entry `index` (Enter or a click).
    pub fn open(&mut self, index: usize) -> MenuOutcome {
        let Some(game) = GameId::all().nth(index) else {
            return MenuOutcome::Stay;
        };
        self.selected = index;
        MenuOutcome::Open(game)
    }

    pub fn render(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        let art_lines: Vec<&str> = TITLE_ART.lines().collect();
        let art_height = art_lines.len() as u16;
        let [_, art, subtitle, _, list, _, _, footer] = Layout::vertical([
            Constraint::Max(area.height.saturating_sub(art_height + 12) / 2),
            Constraint::Length(art_height),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(GameId::all().len() as u16),
            Constraint::Min(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);

        let art_width = art_lines
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0) as u16;
        let art_area = widgets::centered(art, art_width, art_height);
        let art_text: Vec<Line> = art_lines
            .iter()
            .map(|l| Line::styled(*l, theme.title()))
            .collect();
        frame.render_widget(Paragraph::new(art_text), art_area);
        frame.render_widget(
            Paragraph::new("two-player strategy games · perfect AIs · live predictions")
                .style(theme.muted())
                .alignment(Alignment::Center),
            subtitle,
        );

        let width = 60.min(list.width);
        let list = widgets::centered(list, width, list.height);
        for (i, game) in GameId::all().enumerate() {
            let row = Rect {
                y: list.y + i as u16,
                height: 1,
                ..list
            };
            let marker = if i == self.selected { "▶ " } else { "  " };
            let name = format!("{marker}{:<18}", game.menu_name());
            let line = Line::from(vec![
                Span::raw(name),
                Span::styled(game.blurb(), theme.muted()),
            ]);
            let style = if i == self.selected {
                theme.selected()
            } else {
                ratatui::style::Style::new()
            };
            frame.render_widget(Paragraph::new(line).style(style), row);
            hits.add(row, Hit::MenuItem(i));
        }

        let list = keys.footer(&[
            (&[Action::Up, Action::Down], "choose"),
            (&[Action::Enter], "play"),
            (&[Action::Help], "help"),
            (&[Action::Quit, Action::Back], "quit"),
        ]);
        widgets::footer(frame, footer, &list, theme);
    }
}
