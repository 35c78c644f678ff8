//! The main menu: the saved games to resume first, then every game of the registry by
//! name, with its blurb.

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

/// A saved game the menu offers to resume.
#[derive(Clone, Debug, PartialEq)]
pub struct Resume {
    pub game: GameId,
    /// The number of the next move.
    pub next_move: usize,
    /// When it was saved (`2026-11-23`).
    pub date: String,
}

impl Resume {
    fn label(&self) -> String {
        format!(
            "Resume {} · move {} · {}",
            self.game.menu_name(),
            self.next_move,
            self.date
        )
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Menu {
    pub selected: usize,
    /// The saved games, most recent first; they come before the games in the list.
    pub resumes: Vec<Resume>,
    /// A one-line notice (a file moved aside, saving turned off).
    pub notice: Option<String>,
}

/// What the menu asks the app to do.
#[derive(Clone, Debug, PartialEq)]
pub enum MenuOutcome {
    Stay,
    Open(GameId),
    /// Resume the saved game of this game.
    Resume(GameId),
    /// The statistics screen (the last entry).
    Stats,
    Help,
    Quit,
}

impl Menu {
    /// The menu with the saved games first, the first of them selected.
    pub fn new(resumes: Vec<Resume>, notice: Option<String>) -> Menu {
        Menu {
            selected: 0,
            resumes,
            notice,
        }
    }

    /// Selects `game`'s saved match if there is one, else its entry in the list of games.
    pub fn select_game(&mut self, game: GameId) {
        self.selected = match self.resumes.iter().position(|r| r.game == game) {
            Some(i) => i,
            None => self.resumes.len() + GameId::all().position(|g| g == game).unwrap_or(0),
        };
    }

    /// Selects the statistics entry.
    pub fn select_statistics(&mut self) {
        self.selected = self.len() - 1;
    }

    /// The saved games, the games, then the statistics.
    fn len(&self) -> usize {
        self.resumes.len() + GameId::all().len() + 1
    }

    pub fn handle(&mut self, action: Action) -> MenuOutcome {
        let n = self.len();
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
        if let Some(resume) = self.resumes.get(index) {
            self.selected = index;
            return MenuOutcome::Resume(resume.game);
        }
        if index + 1 == self.len() {
            self.selected = index;
            return MenuOutcome::Stats;
        }
        let Some(game) = GameId::all().nth(index - self.resumes.len()) else {
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
        let rows = self.len() as u16;
        // On a short screen the title art gives way to the list.
        let art_height = if area.height >= art_height + rows + 6 {
            art_height
        } else {
            0
        };
        let [_, art, subtitle, _, list, _, notice, footer] = Layout::vertical([
            Constraint::Max(area.height.saturating_sub(art_height + rows + 6) / 2),
            Constraint::Length(art_height),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(rows),
            Constraint::Min(0),
            Constraint::Length(2),
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
        let resumes = self.resumes.iter().map(|r| {
            Line::from(vec![
                Span::styled("↻ ", theme.accent()),
                Span::raw(widgets::fit(&r.label(), width.saturating_sub(5))),
            ])
        });
        let games = GameId::all().map(|game| {
            Line::from(vec![
                Span::raw(format!("{:<18}", game.menu_name())),
                Span::styled(game.blurb(), theme.muted()),
            ])
        });
        let stats = Line::from(vec![
            Span::raw(format!("{:<18}", "Statistics")),
            Span::styled("your results against the AI", theme.muted()),
        ]);
        for (i, entry) in resumes.chain(games).chain([stats]).enumerate() {
            if i as u16 >= list.height {
                break;
            }
            let row = Rect {
                y: list.y + i as u16,
                height: 1,
                ..list
            };
            let marker = if i == self.selected { "▶ " } else { "  " };
            let mut spans = vec![Span::raw(marker)];
            spans.extend(entry.spans);
            let line = Line::from(spans);
            let style = if i == self.selected {
                theme.selected()
            } else {
                ratatui::style::Style::new()
            };
            frame.render_widget(Paragraph::new(line).style(style), row);
            hits.add(row, Hit::MenuItem(i));
        }

        if let Some(text) = &self.notice {
            // Two lines at most; the log has the whole story.
            let notice = Rect {
                width: notice.width.saturating_sub(1),
                ..notice
            };
            frame.render_widget(
                Paragraph::new(text.as_str())
                    .wrap(ratatui::widgets::Wrap { trim: true })
                    .style(theme.warning()),
                notice,
            );
        }
        let list = keys.footer(&[
            (&[Action::Up, Action::Down], "choose"),
            (&[Action::Enter], "open"),
            (&[Action::Help], "help"),
            (&[Action::Quit, Action::Back], "quit"),
        ]);
        widgets::footer(frame, footer, &list, theme);
    }
}
