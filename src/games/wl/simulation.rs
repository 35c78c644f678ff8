//! The Winners & Losers simulation screen: perfect AI against itself on random strings,
//! run on the solver thread, with a progress bar, the results table and a chart of the
//! first player's win rate by string length.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Gauge, Paragraph};

use crate::games::wl::options::WlSetup;
use crate::plugin::GameSetup;
use crate::plugin::screen::{SimOutcome, SimulationScreen};
use crate::solve::wl::{self, SimulationReport};
use crate::solve::worker::{Inbox, Job};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

pub struct WlSimulation {
    pub setup: GameSetup,
    seed: u64,
    ticket: u64,
    needs_request: bool,
    report: SimulationReport,
    finished: bool,
    failed: Option<String>,
    /// The counts the running simulation sent, under their tickets.
    inbox: Inbox<SimulationReport>,
}

impl WlSimulation {
    /// A column per string length (or per group of lengths when they do not fit), as
    /// tall as the first player's win rate.
    fn render_chart(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let block = widgets::block("First-player win rate by length", theme);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let by_length: Vec<(usize, u32, u32)> = self
            .report
            .by_length
            .iter()
            .map(|(&len, &(games, first))| (len, games, first))
            .collect();
        if by_length.is_empty() || inner.height < 3 || inner.width < 10 {
            return;
        }
        let axis = 5u16; // "100% " on the left
        let columns = (inner.width - axis) as usize;
        let per_column = by_length.len().div_ceil(columns).max(1);
        let groups: Vec<(usize, usize, f64)> = by_length
            .chunks(per_column)
            .map(|c| {
                let games: u32 = c.iter().map(|x| x.1).sum();
                let first: u32 = c.iter().map(|x| x.2).sum();
                (
                    c[0].0,
                    c[c.len() - 1].0,
                    f64::from(first) / f64::from(games.max(1)),
                )
            })
            .collect();
        let bar_rows = (inner.height - 1) as usize;
        let mut lines = Vec::new();
        for level in (0..bar_rows).rev() {
            let label = match level {
                l if l + 1 == bar_rows => "100%",
                l if l == bar_rows / 2 => " 50%",
                0 => "  0%",
                _ => "    ",
            };
            let mut spans = vec![Span::styled(format!("{label} "), theme.muted())];
            let cells: String = groups
                .iter()
                .map(|&(_, _, rate)| {
                    let height = rate * bar_rows as f64;
                    if height >= level as f64 + 0.75 {
                        '█'
                    } else if height >= level as f64 + 0.25 {
                        '▄'
                    } else {
                        ' '
                    }
                })
                .collect();
            spans.push(Span::styled(cells, theme.accent()));
            lines.push(Line::from(spans));
        }
        // Length labels under the columns, every few columns.
        let mut axis_line = vec![' '; columns];
        let mut col = 0;
        while col < groups.len() {
            let text = groups[col].0.to_string();
            for (k, ch) in text.chars().enumerate() {
                if col + k < columns {
                    axis_line[col + k] = ch;
                }
            }
            col += text.len() + 2;
        }
        lines.push(Line::from(vec![
            Span::styled(" len ", theme.muted()),
            Span::styled(axis_line.into_iter().collect::<String>(), theme.muted()),
        ]));
        frame.render_widget(Paragraph::new(lines), inner);
    }

    pub fn new(setup: GameSetup, seed: u64) -> WlSimulation {
        WlSimulation {
            setup,
            seed,
            ticket: 0,
            needs_request: true,
            report: SimulationReport::default(),
            finished: false,
            failed: None,
            inbox: Inbox::default(),
        }
    }
}

impl SimulationScreen for WlSimulation {
    fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The simulation as a job for the solver thread, once.
    fn take_request(&mut self) -> Option<Job> {
        if !std::mem::take(&mut self.needs_request) {
            return None;
        }
        let w: WlSetup = self.setup.own();
        let (min_len, max_len) = w.lengths();
        let (games, seed) = (w.simulate_games, self.seed);
        let outbox = self.inbox.outbox();
        Some(Box::new(move |ctx| {
            let mut reported = 0;
            wl::simulate(games, min_len, max_len, seed, &mut |so_far| {
                // A report every 1% of the games keeps the channel light.
                if so_far.games == games || so_far.games - reported >= (games / 100).max(1) {
                    reported = so_far.games;
                    ctx.send(&outbox, so_far.clone());
                }
                !ctx.is_cancelled()
            });
        }))
    }

    fn requested(&mut self, ticket: u64) {
        self.ticket = ticket;
    }

    fn running(&self) -> bool {
        !self.finished && self.failed.is_none()
    }

    /// The latest count of the current run comes in; a stale run's are dropped.
    fn progress(&mut self, _ticket: u64) {
        for (ticket, report) in self.inbox.drain() {
            if ticket == self.ticket {
                self.report = report;
            }
        }
    }

    fn finished(&mut self, ticket: u64) {
        self.progress(ticket);
        if ticket == self.ticket {
            self.finished = true;
        }
    }

    fn failed(&mut self, ticket: u64, reason: String) {
        if ticket == self.ticket {
            self.failed = Some(reason);
        }
    }

    fn handle(&mut self, action: Action) -> SimOutcome {
        match action {
            Action::Back => SimOutcome::Back,
            Action::Quit => SimOutcome::Quit,
            // Again, on new strings.
            Action::Rematch | Action::Enter if !self.running() => {
                *self = WlSimulation::new(self.setup.clone(), self.seed.wrapping_add(1));
                SimOutcome::Stay
            }
            _ => SimOutcome::Stay,
        }
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys) {
        let [title, gauge, table, chart, footer] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Length(3),
            Constraint::Length(8),
            Constraint::Min(6),
            Constraint::Length(1),
        ])
        .areas(area);
        let w: WlSetup = self.setup.own();
        frame.render_widget(
            Paragraph::new(vec![
                Line::styled(
                    "Winners & Losers: simulation, perfect AI vs itself",
                    theme.title(),
                ),
                Line::styled(
                    format!(
                        "{} strings of {}-{} letters · seed {}",
                        w.simulate_games,
                        w.lengths().0,
                        w.lengths().1,
                        self.seed
                    ),
                    theme.muted(),
                ),
            ]),
            title,
        );
        let r = &self.report;
        let ratio = if w.simulate_games == 0 {
            0.0
        } else {
            f64::from(r.games) / f64::from(w.simulate_games)
        };
        let label = match (&self.failed, self.finished) {
            (Some(reason), _) => format!("stopped: {reason}"),
            (None, true) => format!("done: {} games", r.games),
            (None, false) => format!("{} / {} games", r.games, w.simulate_games),
        };
        frame.render_widget(
            Gauge::default()
                .block(widgets::block("Progress", theme))
                .gauge_style(theme.accent())
                .ratio(ratio.clamp(0.0, 1.0))
                .label(label),
            gauge,
        );
        let confirmed_style = if r.predictions_confirmed == r.games {
            theme.hint()
        } else {
            theme.warning()
        };
        let row = |k: &str, v: String| {
            Line::from(vec![
                Span::raw(format!("{k:<26}")),
                Span::styled(v, theme.bold()),
            ])
        };
        let pct = |n: u32| {
            if r.games == 0 {
                String::new()
            } else {
                format!(" ({:.1}%)", 100.0 * f64::from(n) / f64::from(r.games))
            }
        };
        frame.render_widget(
            Paragraph::new(vec![
                row("games", r.games.to_string()),
                row(
                    "first-player wins",
                    format!("{}{}", r.first_player_wins, pct(r.first_player_wins)),
                ),
                row(
                    "second-player wins",
                    format!("{}{}", r.second_player_wins(), pct(r.second_player_wins())),
                ),
                Line::from(vec![
                    Span::raw(format!("{:<26}", "predictions confirmed")),
                    Span::styled(
                        format!("{}/{}", r.predictions_confirmed, r.games),
                        confirmed_style,
                    ),
                ]),
                row("mean length", format!("{:.1}", r.mean_length())),
            ])
            .block(widgets::block("Results", theme)),
            table,
        );
        self.render_chart(frame, chart, theme);
        let list = if self.running() {
            keys.footer(&[
                (&[Action::Back], "stop and go back"),
                (&[Action::Quit], "quit"),
            ])
        } else {
            keys.footer(&[
                (
                    &[Action::Rematch, Action::Enter],
                    "run again on new strings",
                ),
                (&[Action::Back], "back"),
                (&[Action::Quit], "quit"),
            ])
        };
        widgets::footer(frame, footer, &list, theme);
    }
}
