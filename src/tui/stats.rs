//! The statistics screen: the table of `store::stats` (the same numbers `parlor stats`
//! prints), one section per game with a row per AI level, the player's rating against
//! the AI with its history as a small chart, and the games split by variant; then each
//! game's puzzle rating, once a puzzle was tried; scrolled when it is taller than the
//! screen.

use std::cell::Cell;

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::plugin::puzzle::rating as puzzle_rating;
use crate::store::MatchRecord;
use crate::store::puzzles::GameProgress;
use crate::store::rating::PlayerRating;
use crate::store::stats::{self, GameStats, LevelStats, SeatTally};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

/// The first column: a game's name, or a level indented under it.
const NAME: usize = 18;
/// The table's width at most: the first column and the numbers take 60 columns; the
/// rest is room for the line of the games between two people or two AIs.
const TABLE: u16 = 72;
/// The rating chart's rows, and its label column (the values, then a tick).
const CHART_ROWS: usize = 3;
const CHART_LABEL: usize = 8;

/// What the screen asks the app to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsOutcome {
    Stay,
    Back,
    Quit,
}

/// One game's puzzles as the player met them: its name and progress.
pub type PuzzleStats = (String, GameProgress);

#[derive(Clone, Debug, PartialEq)]
pub struct StatsScreen {
    games: Vec<GameStats>,
    /// The games whose puzzles were tried, in menu order.
    puzzles: Vec<PuzzleStats>,
    /// The first line of the table shown.
    scroll: u16,
    /// The last scroll position that still fills the window, and the window's height,
    /// as the last frame drew them.
    bottom: Cell<u16>,
    page: Cell<u16>,
}

impl StatsScreen {
    /// The statistics of `history` (oldest first, as `Store::history` gives it).
    pub fn new(history: &[MatchRecord], games: &crate::plugin::Registry) -> StatsScreen {
        StatsScreen {
            games: games.statistics(history),
            puzzles: Vec::new(),
            scroll: 0,
            bottom: Cell::new(u16::MAX),
            page: Cell::new(10),
        }
    }

    /// With the puzzles of `puzzles` (those without an attempt are left out).
    pub fn with_puzzles(mut self, puzzles: Vec<PuzzleStats>) -> StatsScreen {
        self.puzzles = puzzles
            .into_iter()
            .filter(|(_, p)| !p.attempts.is_empty())
            .collect();
        self
    }

    /// The statistics shown, per game.
    pub fn games(&self) -> &[GameStats] {
        &self.games
    }

    pub fn handle(&mut self, action: Action) -> StatsOutcome {
        let page = i32::from(self.page.get().max(1));
        match action {
            Action::Up => self.scroll_by(-1),
            Action::Down => self.scroll_by(1),
            Action::PageUp => self.scroll_by(-page),
            Action::PageDown => self.scroll_by(page),
            Action::Back => return StatsOutcome::Back,
            Action::Quit => return StatsOutcome::Quit,
            _ => {}
        }
        StatsOutcome::Stay
    }

    /// The mouse wheel: `lines` down (negative: up).
    pub fn wheel(&mut self, lines: i32) {
        self.scroll_by(lines * 3);
    }

    /// Scrolls by `lines`, never past the last full window of the table.
    pub fn scroll_by(&mut self, lines: i32) {
        let next = (i32::from(self.scroll) + lines).clamp(0, i32::from(self.bottom.get()));
        self.scroll = next as u16;
    }

    /// The first line of the table shown.
    pub fn scroll(&self) -> u16 {
        self.scroll
    }

    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys) {
        let [header, _, body, footer] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(1),
        ])
        .areas(area);
        let text_width = area.width.saturating_sub(1);
        frame.render_widget(
            Paragraph::new(vec![
                Line::styled("Statistics", theme.title()),
                Line::styled(
                    widgets::fit("every finished game, per game and AI level", text_width),
                    theme.muted(),
                ),
            ]),
            Rect {
                width: text_width,
                ..header
            },
        );
        if self.games.is_empty() && self.puzzles.is_empty() {
            self.bottom.set(0);
            self.render_empty(frame, widgets::centered(body, TABLE, body.height), theme);
        } else {
            self.render_table(frame, body, theme);
        }
        // The scrolling keys only while there is something to scroll.
        let scrolls = self.bottom.get() > 0;
        let mut list: Vec<(&[Action], &str)> = Vec::new();
        if scrolls {
            list.push((&[Action::Up, Action::Down], "scroll"));
            list.push((&[Action::PageUp, Action::PageDown], "page"));
        }
        list.push((&[Action::Back], "back"));
        list.push((&[Action::Quit], "quit"));
        widgets::footer(frame, footer, &keys.footer(&list), theme);
    }

    fn render_empty(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let text = vec![
            Line::styled("No finished games yet.", theme.bold()),
            Line::raw(""),
            Line::raw("Finish a game and it is counted here: against the AI"),
            Line::raw("played, won, drawn and lost, per game and level, and"),
            Line::raw("your winning streaks; two players' and two AIs' games"),
            Line::raw("by who won."),
            Line::raw(""),
            Line::styled(
                "On the command line: parlor stats (or --json).",
                theme.muted(),
            ),
        ];
        let height = (text.len() as u16).min(area.height);
        frame.render_widget(
            Paragraph::new(text)
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true }),
            widgets::centered(area, area.width, height),
        );
    }

    /// The table, centred in `body` by its widest line.
    fn render_table(&self, frame: &mut Frame, body: Rect, theme: &Theme) {
        let lines = self.lines(body.width.min(TABLE), theme);
        let widest = lines.iter().map(Line::width).max().unwrap_or(0);
        let width = (widest as u16).saturating_add(1).min(body.width);
        let area = widgets::centered(body, width, body.height);
        let total = lines.len().min(usize::from(u16::MAX)) as u16;
        // The last row says where the window is, when the table does not fit.
        let fits = total <= area.height;
        let window = if fits {
            area.height
        } else {
            area.height.saturating_sub(1)
        };
        let bottom = total.saturating_sub(window);
        self.bottom.set(bottom);
        self.page.set(window.saturating_sub(1).max(1));
        let scroll = self.scroll.min(bottom);
        frame.render_widget(
            Paragraph::new(lines).scroll((scroll, 0)),
            Rect {
                height: window,
                ..area
            },
        );
        if !fits {
            let last = (scroll + window).min(total);
            let more = match (scroll > 0, scroll < bottom) {
                (true, true) => " · ↑↓ more",
                (false, true) => " · ↓ more",
                (true, false) => " · ↑ more",
                (false, false) => "",
            };
            let place = format!("lines {}-{last} of {total}{more}", scroll + 1);
            frame.render_widget(
                Paragraph::new(Line::styled(place, theme.muted())).alignment(Alignment::Right),
                Rect {
                    y: area.y + window,
                    height: 1,
                    width: area.width.saturating_sub(1),
                    ..area
                },
            );
        }
    }

    /// The whole table, one line per row: per game its name over the column names, a
    /// row per level, then the games of two people and of two AIs; a legend at the end.
    fn lines(&self, width: u16, theme: &Theme) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        for (i, game) in self.games.iter().enumerate() {
            if i > 0 {
                lines.push(Line::raw(""));
            }
            let margin = game.has_margin();
            let name = widgets::fit(&game.name, NAME as u16);
            let columns = format!(
                " played  won drawn lost streak best{}",
                if margin { " margin" } else { "" }
            );
            lines.push(Line::from(vec![
                Span::styled(format!("{name:<NAME$}"), theme.title()),
                Span::styled(columns, theme.muted()),
            ]));
            for level in &game.vs_ai {
                lines.push(level_line(level, margin, 2, theme));
            }
            for (label, tally) in [
                (("two players", "player"), game.two_players),
                (("AI vs AI", "AI"), game.ai_vs_ai),
            ] {
                if tally.played > 0 {
                    lines.push(seats_line(label, &tally, 2, width, theme));
                }
            }
            if let Some(rating) = &game.rating {
                rating_lines(rating, width, theme, &mut lines);
            }
            // One variant played: its rows would repeat the game's.
            if game.variants.len() > 1 {
                for variant in &game.variants {
                    lines.push(Line::styled(
                        format!(
                            "  {}",
                            widgets::fit(&variant.variant, width.saturating_sub(3))
                        ),
                        theme.bold(),
                    ));
                    for level in &variant.vs_ai {
                        lines.push(level_line(level, margin, 4, theme));
                    }
                    for (label, tally) in [
                        (("two players", "player"), variant.two_players),
                        (("AI vs AI", "AI"), variant.ai_vs_ai),
                    ] {
                        if tally.played > 0 {
                            lines.push(seats_line(label, &tally, 4, width, theme));
                        }
                    }
                }
            }
        }
        self.puzzle_lines(width, theme, &mut lines);
        lines.push(Line::raw(""));
        if !self.games.is_empty() {
            lines.push(Line::styled(
                "streak: wins in a row now · best: the longest run",
                theme.muted(),
            ));
        }
        if self.games.iter().any(GameStats::has_margin) {
            lines.push(Line::styled(
                "margin: your score minus the AI's, on average",
                theme.muted(),
            ));
        }
        if self.games.iter().any(|g| g.rating.is_some()) {
            for text in [
                "rating: moves with each game against the AI (not from a typed",
                "position or a proven loss, nor with hints seen or a move taken",
                "back and not redone), by the AI level's measured rating",
            ] {
                lines.push(Line::styled(text, theme.muted()));
            }
        }
        lines
    }
}

impl StatsScreen {
    /// The puzzles section: per game its puzzle rating, the attempts solved and the
    /// best streak (what the puzzles screen shows of one game, here for all).
    fn puzzle_lines(&self, width: u16, theme: &Theme, lines: &mut Vec<Line<'static>>) {
        if self.puzzles.is_empty() {
            return;
        }
        if !lines.is_empty() {
            lines.push(Line::raw(""));
        }
        lines.push(Line::styled("Puzzles", theme.title()));
        let mut unsure = false;
        for (name, progress) in &self.puzzles {
            let solved = progress.attempts.iter().filter(|a| a.solved).count();
            let tried = progress.attempts.len();
            let rating = progress.rating.map_or_else(
                || "-".to_string(),
                |r| {
                    unsure |= puzzle_rating::unsure(r);
                    puzzle_rating::shown(r)
                },
            );
            let mut text = format!("rating {rating} · solved {solved} of {tried} tried");
            // The best run of the Streak mode, once played (a solve in another mode is
            // no streak: "best streak 0" beside a solve read as wrong).
            if progress.best_streak > 0 {
                text.push_str(&format!(" · best streak {}", progress.best_streak));
            }
            text = widgets::fit(&text, width.saturating_sub(NAME as u16 + 1));
            lines.push(Line::from(vec![
                Span::raw(format!("  {:<w$}", name, w = NAME - 2)),
                Span::raw(text),
            ]));
        }
        if unsure {
            lines.push(Line::styled(
                "  ? = unsure until more puzzles",
                theme.muted(),
            ));
        }
    }
}

/// The player's rating in a game, and its history as a chart of the last games.
fn rating_lines(rating: &PlayerRating, width: u16, theme: &Theme, lines: &mut Vec<Line<'static>>) {
    let games = match rating.games {
        1 => "1 rated game".to_string(),
        n => format!("{n} rated games"),
    };
    // Written as the puzzles' rating is: "1370?" while it is unsure, no "±262" beside a
    // puzzle rating of "1370?" (two notations for one thing on one screen).
    use crate::plugin::rating::rated::{SETTLING_DEVIATION, shown_rating};
    let note = if rating.deviation > SETTLING_DEVIATION {
        // The menu's wording, and the puzzles' ("? = unsure until more puzzles").
        &format!(" · {}", crate::plugin::rating::rated::UNSURE_RATING)
    } else {
        ""
    };
    lines.push(Line::from(vec![
        Span::raw("  rating "),
        Span::styled(
            shown_rating(rating.rating, rating.deviation),
            theme.accent(),
        ),
        Span::styled(format!(" · {games}{note}"), theme.muted()),
    ]));
    let series: Vec<u32> = rating.history.iter().map(|p| p.rating).collect();
    // One game is no history yet.
    if series.len() < 2 {
        return;
    }
    let room = usize::from(width).saturating_sub(2 + CHART_LABEL + 1);
    for row in crate::ui::chart::blocks(&series, room, CHART_ROWS, CHART_LABEL) {
        lines.push(Line::styled(format!("  {row}"), theme.accent()));
    }
}

/// A level's row, its name indented by `indent`.
fn level_line(level: &LevelStats, margin: bool, indent: usize, theme: &Theme) -> Line<'static> {
    let label = widgets::fit(&level.level, (NAME - indent - 1) as u16);
    let mut spans = vec![
        Span::raw(format!(
            "{:indent$}{label:<width$}",
            "",
            width = NAME - indent
        )),
        Span::raw(format!(
            " {:>6} {:>4} {:>5} {:>4}",
            level.played, level.won, level.drawn, level.lost
        )),
    ];
    let streak = format!(" {:>6}", level.streak);
    spans.push(if level.streak > 0 {
        Span::styled(streak, theme.accent())
    } else {
        Span::raw(streak)
    });
    spans.push(Span::raw(format!(" {:>4}", level.best_streak)));
    if margin {
        spans.push(Span::raw(format!(
            " {:>6}",
            stats::margin_text(level.mean_margin)
        )));
    }
    Line::from(spans)
}

/// The games of two people or two AIs: how many, and who won them, in `width` columns
/// with the last one free. The seats are named as the game named them: "player 1" of
/// two people, "AI 1" of two AIs.
fn seats_line(
    (label, who): (&str, &str),
    tally: &SeatTally,
    indent: usize,
    width: u16,
    theme: &Theme,
) -> Line<'static> {
    let room = usize::from(width).saturating_sub(NAME + 7 + 2);
    Line::from(vec![
        Span::raw(format!(
            "{:indent$}{label:<width$}",
            "",
            width = NAME - indent
        )),
        Span::raw(format!(" {:>6}", tally.played)),
        Span::styled(
            format!("  {}", widgets::fit(&tally.summary(who), room as u16)),
            theme.muted(),
        ),
    ])
}
