//! Drawing the app: the screen on top, then what lies over it (the leave box, the
//! transcript, the help, a flashed notice), and nothing but a request for room when
//! the terminal is too small.

use ratatui::Frame;

use super::{App, Screen};
use crate::tui::leave;
use crate::tui::transcript::Transcript;
use crate::ui::widgets;

impl App {
    /// The clocks of a timed match online, at the right of the title row.
    fn render_clocks(&self, frame: &mut Frame, area: ratatui::layout::Rect) {
        let line = match &self.online {
            Some(online) => online.clock_line(self.time.now_ms()),
            None => self.local_clock_line(),
        };
        let Some(line) = line else {
            return;
        };
        // In the room the title leaves on its row, with the names as far as they fit;
        // at the least, the times alone in the title's order of the players, for which
        // a title too long gives up its middle parts (the rules, kept in the help).
        let least = line.text(0).chars().count() + 3;
        let room = Self::title_room(frame, area, least);
        let text = format!("  {}", line.text(room.min(48)));
        let width = (text.chars().count() as u16 + 1).min(area.width);
        let at = ratatui::layout::Rect {
            x: area.right().saturating_sub(width),
            y: area.y,
            width,
            height: 1,
        };
        let style = if line.short() {
            self.theme.warning()
        } else {
            self.theme.accent()
        };
        frame.render_widget(ratatui::widgets::Clear, at);
        frame.render_widget(
            ratatui::widgets::Paragraph::new(widgets::fit(&text, width)).style(style),
            at,
        );
    }

    /// The columns the title row leaves at its right; when fewer than `least`, the
    /// title's middle parts (between " · ") go until they are not, or only its first
    /// and last parts are left.
    fn title_room(frame: &mut Frame, area: ratatui::layout::Rect, least: usize) -> usize {
        let buffer = frame.buffer_mut();
        let cells: Vec<(String, ratatui::style::Style)> = (area.left()..area.right())
            .filter_map(|x| buffer.cell((x, area.y)))
            .map(|c| (c.symbol().to_string(), c.style()))
            .collect();
        let title: String = cells.iter().map(|(s, _)| s.as_str()).collect();
        let title = title.trim_end().to_string();
        let width = usize::from(area.width);
        let room = |t: &str| width.saturating_sub(t.chars().count());
        // What is left once the clocks' margin ("  " before, a column after) is kept.
        if room(&title) >= least {
            return room(&title).saturating_sub(3);
        }
        let mut parts: Vec<&str> = title.split(" · ").collect();
        while parts.len() > 2 && room(&parts.join(" · ")) < least {
            parts.remove(1);
        }
        let short = parts.join(" · ");
        let style = cells.first().map(|(_, s)| *s).unwrap_or_default();
        let row = ratatui::layout::Rect { height: 1, ..area };
        frame.render_widget(ratatui::widgets::Clear, row);
        frame.render_widget(
            ratatui::widgets::Paragraph::new(short.as_str()).style(style),
            row,
        );
        room(&short).saturating_sub(3)
    }

    /// The box of a match that ended outside its rules (resigned, agreed, left, a clock
    /// ran out), like the box the board draws for an end by the rules: over the board,
    /// the side panel (the chat) left in view.
    /// The headline and reason of a match that ended outside its rules, and whether
    /// it was online.
    fn outside_ending(&self) -> Option<(String, String, bool)> {
        if let Some((headline, how)) = self.online.as_ref().and_then(|o| o.ending_box()) {
            Some((headline, how, true))
        } else {
            let (headline, how) = self.local_ending_box()?;
            Some((headline, how, false))
        }
    }

    fn render_outside_ending(&self, frame: &mut Frame, area: ratatui::layout::Rect) {
        use crate::ui::keys::Action;
        use ratatui::text::{Line, Span};
        let Some((headline, how, online)) = self.outside_ending() else {
            return;
        };
        let key = |action: Action| Span::styled(self.keys.key(action), self.theme.accent());
        let next = if self
            .online
            .as_ref()
            .is_some_and(|o| o.watching || o.abandoned || o.other_away)
        {
            Line::from(vec![key(Action::Back), Span::raw(" lobby")])
        } else if online {
            Line::from(vec![
                key(Action::Rematch),
                Span::raw(" rematch, sides swapped · "),
                key(Action::Back),
                Span::raw(" lobby"),
            ])
        } else {
            Line::from(vec![
                key(Action::Rematch),
                Span::raw(" rematch · "),
                key(Action::NewGame),
                Span::raw(" new game · "),
                key(Action::Back),
                Span::raw(" menu"),
            ])
        };
        let mut lines = vec![
            Line::styled(headline, self.theme.title()),
            Line::raw(how),
            Line::raw(""),
            next,
        ];
        // A match that ran out of time here has its moves to review (online, the
        // review waits for a game played to its end); one without a move has none.
        if !online && self.moves_played() {
            lines.push(Line::from(vec![
                key(Action::Review),
                Span::raw(" review the game, move by move"),
            ]));
        }
        let height = lines.len() as u16 + 2;
        // Over the board: the left part of the screen, where every game draws it.
        let board = ratatui::layout::Rect {
            width: area.width * 6 / 10,
            ..area
        };
        let at = widgets::over_panel(board, 44, height);
        widgets::popup(frame, at, "Game over", lines, &self.theme);
    }

    pub fn render(&mut self, frame: &mut Frame) {
        let area = frame.area();
        self.size = (area.width, area.height);
        self.hits.clear();
        if !widgets::fits(area) {
            // A match online is left only after a question, which needs room.
            let way_out = if self.online_in_progress() {
                "a match online is on: enlarge the window to play or leave it"
            } else {
                "q quits"
            };
            widgets::too_small(frame, &self.theme, way_out);
            return;
        }
        self.show_online();
        match &self.screen {
            Screen::Menu(menu) => menu.render(frame, area, &self.theme, &self.keys, &mut self.hits),
            Screen::Setup(setup) => {
                setup.render(frame, area, &self.theme, &self.keys, &mut self.hits)
            }
            Screen::Game(game) => {
                // A match the clock ended is in the history as much as one the rules
                // ended.
                let over = game.is_over() || self.out_of_time();
                let status = match (self.game_saved, over) {
                    (false, _) => None,
                    (true, false) => Some("saved"),
                    (true, true) => Some("in history"),
                };
                self.keys.set_status(status);
                // The record is written out only for a match the clock ended, not on
                // every frame of every game.
                let flagged = self.out_of_time();
                self.keys
                    .set_finished(flagged, flagged && self.moves_played());
                let ending =
                    self.outside_ending()
                        .filter(|_| !game.is_over())
                        .map(|(_, how, _)| crate::ui::keys::EndingBox {
                            shown: !self.ending_box_hidden,
                            // The box shortens a draw's reason under its headline.
                            how: self
                                .online
                                .as_ref()
                                .and_then(|o| o.ending_sentence())
                                .unwrap_or(how),
                        });
                let outside_ending = ending.is_some();
                if !outside_ending {
                    self.ending_box_hidden = false;
                }
                self.keys.set_ending_box(ending);
                game.render(frame, area, &self.theme, &self.keys, &mut self.hits);
                self.keys.set_status(None);
                self.keys.set_finished(false, false);
                self.keys.set_ending_box(None);
                self.render_clocks(frame, area);
                if outside_ending && !self.ending_box_hidden {
                    self.render_outside_ending(frame, area);
                }
                if let Some(to) = self.leaving {
                    leave::render(
                        frame,
                        area,
                        &self.theme,
                        &self.keys,
                        to,
                        self.game_saved,
                        self.forgetting,
                    );
                    self.hits.clear();
                }
                if self.leaving_online || self.resigning {
                    let question = if self.resigning {
                        leave::OnlineQuestion::Resign
                    } else if self.online.as_ref().is_some_and(|o| o.other_away) {
                        leave::OnlineQuestion::LeaveWaiting
                    } else {
                        leave::OnlineQuestion::Leave
                    };
                    let code = self.seat_code().map(str::to_string);
                    let claim = self.claimable();
                    leave::render_online(
                        frame,
                        area,
                        &self.theme,
                        question,
                        code.as_deref(),
                        claim.as_deref(),
                    );
                    self.hits.clear();
                }
            }
            Screen::Simulation(sim) => sim.render(frame, area, &self.theme, &self.keys),
            Screen::Stats(stats) => stats.render(frame, area, &self.theme, &self.keys),
            Screen::Review(review, _) => review.render(frame, area, &self.theme, &self.keys),
            Screen::Lesson(lesson) => {
                lesson.render(frame, area, &self.theme, &self.keys, &mut self.hits)
            }
            Screen::Trainer(trainer) => {
                trainer.render(frame, area, &self.theme, &self.keys, &mut self.hits)
            }
            Screen::Lobby(lobby) => {
                lobby.render(frame, area, &self.theme, &self.keys, &mut self.hits)
            }
        }
        if let (true, Screen::Game(game)) = (self.transcript, &self.screen) {
            Transcript::of(game.as_ref()).render(frame, area, &self.theme, &self.keys);
            self.hits.clear();
        }
        if let Some(help) = &self.help {
            help.render(frame, area, &self.theme);
            self.hits.clear();
        }
        let typed = self.online.as_ref().and_then(|o| o.typing.as_ref());
        if let Some(text) = typed {
            // The chat line being typed, on the footer's line.
            let line = ratatui::layout::Rect {
                y: area.bottom().saturating_sub(1),
                height: 1,
                ..area
            };
            let said = format!("Say: {text}▏");
            let help = "  Enter says it · Esc drops it";
            // The end of a long line stays in view as it is typed.
            let room = usize::from(line.width).saturating_sub(help.chars().count() + 1);
            let skip = said.chars().count().saturating_sub(room);
            let shown: String = said.chars().skip(skip).collect();
            frame.render_widget(ratatui::widgets::Clear, line);
            frame.render_widget(
                ratatui::widgets::Paragraph::new(ratatui::text::Line::from(vec![
                    ratatui::text::Span::styled(shown, self.theme.accent()),
                    ratatui::text::Span::styled(help, self.theme.muted()),
                ])),
                line,
            );
        } else if let Some(text) = &self.flash
            && !matches!(self.screen, Screen::Menu(_))
        {
            // Over the footer: one line, warning colours, as wide as it may be.
            let line = ratatui::layout::Rect {
                y: area.bottom().saturating_sub(1),
                height: 1,
                width: area.width.saturating_sub(1),
                ..area
            };
            frame.render_widget(ratatui::widgets::Clear, line);
            frame.render_widget(
                ratatui::widgets::Paragraph::new(widgets::fit(text, line.width))
                    .style(self.theme.warning()),
                line,
            );
        }
    }
}
