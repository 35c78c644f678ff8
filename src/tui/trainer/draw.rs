//! The trainer on screen: the game's own board, the puzzle's panel over its side
//! column (what to find, what the last move did, the rating), and the trainer's keys
//! in the footer.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::{State, TrainerScreen};
use crate::plugin::puzzle::rating;
use crate::store::puzzles::PuzzleMode;
use crate::ui::hits::Hits;
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

impl TrainerScreen {
    pub fn render(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        let footer_area = Rect {
            y: area.bottom().saturating_sub(1),
            height: 1,
            ..area
        };
        let Some(current) = &self.current else {
            let text = self.empty.as_deref().unwrap_or("No puzzle to play.");
            let mut lines = vec![Line::raw(text.to_string()), Line::raw("")];
            lines.extend(self.rating_lines(theme));
            let body = Rect {
                height: area.height.saturating_sub(1),
                ..area
            };
            frame.render_widget(
                Paragraph::new(lines)
                    .wrap(Wrap { trim: true })
                    .block(widgets::text_block(&self.title(), theme)),
                body,
            );
            widgets::footer(frame, footer_area, &self.footer(keys), theme);
            return;
        };
        // Once the puzzle is decided the board stands still: its turn line says so,
        // not whose turn it would be ("Player 2's turn" read as a live game).
        let board_keys = match &current.state {
            State::Wrong { mv, .. } => keys
                .teaching()
                .with_board_note(format!("Missed: the board after your move {mv}.")),
            State::Solved { .. } if current.missed => keys
                .teaching()
                .with_board_note("Finished, on a retry.".into()),
            State::Solved { .. } => keys.teaching().with_board_note("Solved.".into()),
            _ => keys.teaching(),
        };
        current.board.render(frame, area, theme, &board_keys, hits);
        if current.state != State::YourMove {
            // The board waits: clicks on it do nothing until the player's turn.
            hits.clear();
        }
        crate::tui::side_panel::over_title(frame, area, &self.title().to_lowercase(), theme);
        let panel = crate::tui::side_panel::over_side_column(frame, area);
        frame.render_widget(Clear, panel);
        frame.render_widget(
            Paragraph::new(self.panel_lines(theme, keys))
                .wrap(Wrap { trim: true })
                .block(widgets::text_block(&self.title(), theme)),
            panel,
        );
        frame.render_widget(Clear, footer_area);
        widgets::footer(frame, footer_area, &self.footer(keys), theme);
    }

    /// "Puzzle · rated", "Daily puzzle · 2026-11-27", "Puzzle streak · 3".
    fn title(&self) -> String {
        match self.mode {
            PuzzleMode::Rated => "Puzzle · rated".into(),
            PuzzleMode::Daily => format!("Daily puzzle · {}", self.today),
            PuzzleMode::Streak => {
                let solved = self.streak.as_ref().map_or(0, |s| s.solved);
                format!("Puzzle streak · {solved}")
            }
            PuzzleMode::Yours => match self.yours() {
                Some((_, at, of)) => format!("Your puzzles · {at} of {of}"),
                None => "Your puzzles".into(),
            },
        }
    }

    /// The player's rating (once there is one), the last change, the best streak.
    fn rating_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        if let Some(now) = self.progress.rating {
            let mut text = format!("Your puzzle rating: {}", rating::shown(now));
            if let Some((before, after)) = self.change {
                let delta = (after - before).round() as i64;
                if delta != 0 {
                    text.push_str(&format!(" ({delta:+})"));
                }
            }
            lines.push(Line::styled(text, theme.bold()));
            // The "?" said nothing on the screen itself.
            if rating::unsure(now) {
                lines.push(Line::styled(
                    "(? = unsure until more puzzles)",
                    theme.muted(),
                ));
            }
        } else {
            lines.push(Line::raw(
                "No puzzle rating yet: it starts with your first puzzle.",
            ));
        }
        if self.mode == PuzzleMode::Streak || self.progress.best_streak > 0 {
            lines.push(Line::raw(format!(
                "Best streak: {}",
                self.progress.best_streak
            )));
        }
        lines
    }

    fn panel_lines(&self, theme: &Theme, keys: &Keys) -> Vec<Line<'static>> {
        let Some(current) = &self.current else {
            return Vec::new();
        };
        let puzzle = &self.puzzles[current.index];
        let mut lines = Vec::new();
        if let Some((from, _, _)) = self.yours() {
            lines.push(Line::styled(format!("From {from}:"), theme.muted()));
        }
        let goal = if current.by_discs || puzzle.result.starts_with("win by") {
            format!(
                "Find the {} discs, the best score, against the solver's best defence.",
                puzzle.result
            )
        } else {
            format!(
                "Find the {} (moves on both sides) against the solver's best defence.",
                puzzle.result
            )
        };
        if let Some(rules) = (self.rules_of)(&puzzle.options) {
            lines.push(Line::styled(rules, theme.bold()));
        }
        lines.push(Line::raw(goal));
        let played = self.played();
        if !played.is_empty() {
            lines.push(Line::raw(format!("Moves: {}", played.join(" "))));
        }
        lines.push(Line::raw(""));
        match &current.state {
            State::Thinking => lines.push(Line::styled("The solver looks…", theme.muted())),
            // "Your move." once Enter is taken (a reflex Enter is held back first).
            State::YourMove if current.settle_ms > 0 => {
                lines.push(Line::styled(
                    "A moment: look at the board first.",
                    theme.muted(),
                ));
            }
            State::YourMove => {
                let you = match &current.side {
                    Some(side) => format!("Your move. You are {side} on the board."),
                    None => "Your move.".into(),
                };
                lines.push(Line::styled(you, theme.bold()));
                match &current.hint {
                    Some(hint) => lines.push(Line::styled(
                        format!(
                            "Hint: {hint} {}. (With a hint the puzzle counts as missed.)",
                            if current.by_discs {
                                "keeps the best score"
                            } else {
                                "wins"
                            }
                        ),
                        theme.warning(),
                    )),
                    None if !current.hinted => {
                        let what = if current.by_discs {
                            "a best move"
                        } else {
                            "a winning move"
                        };
                        // Once the puzzle is kept (missed, or met before), a hint
                        // costs nothing more.
                        let cost = if current.recorded || current.seen {
                            ""
                        } else {
                            "; the puzzle then counts as missed"
                        };
                        lines.push(Line::styled(
                            format!("{} shows {what}{cost}.", keys.key(self.hint_action(keys))),
                            theme.muted(),
                        ));
                    }
                    None => {}
                }
                if !self.how_to_move.is_empty() {
                    lines.push(Line::styled(self.how_to_move, theme.muted()));
                }
                if current.seen && self.mode != PuzzleMode::Yours {
                    lines.push(Line::styled(
                        "Met before: it no longer moves your rating.",
                        theme.muted(),
                    ));
                }
            }
            State::Replying { .. } => {
                let last = current.path.last().cloned().unwrap_or_default();
                lines.push(Line::styled(
                    format!("✓ {last} is right. The solver defends…"),
                    theme.accent(),
                ));
            }
            State::Wrong { mv, what, line } => {
                let words = match line {
                    Some(line) if !line.is_empty() => {
                        format!(". Best play from there: {}", line.join(" "))
                    }
                    Some(_) => String::new(),
                    None => " …".into(),
                };
                lines.push(Line::styled(
                    format!("✗ {mv} {what}{words}"),
                    theme.warning(),
                ));
            }
            State::Solved {
                every_move_right,
                by_discs,
            } => {
                // Won on a retry or after a hint: finished, but not "Solved", which
                // read oddly beside the line saying it counts as missed.
                let done = if current.missed {
                    "✓ Finished"
                } else {
                    "✓ Solved"
                };
                let text = match (every_move_right, by_discs) {
                    (true, false) => format!("{done}: every move wins from here."),
                    (true, true) => format!(
                        "{done}: every move from here ends with the {} discs.",
                        puzzle.result
                    ),
                    (false, false) => format!("{done}: the game is won."),
                    (false, true) => format!("{done}: the game ends with the {}.", puzzle.result),
                };
                lines.push(Line::styled(text, theme.accent()));
                if current.missed {
                    lines.push(Line::raw(
                        "A wrong move or a hint came first, so it counts as missed.",
                    ));
                }
            }
            State::Broken(why) => lines.push(Line::styled(
                format!("The solver could not value this position: {why}"),
                theme.warning(),
            )),
        }
        if let Some(note) = &self.note {
            lines.push(Line::styled(note.clone(), theme.warning()));
        }
        lines.push(Line::raw(""));
        let done = matches!(current.state, State::Solved { .. } | State::Wrong { .. });
        if done && self.mode != PuzzleMode::Yours {
            let shown = crate::plugin::puzzle::pick::rating_of(puzzle, &self.progress);
            lines.push(Line::styled(
                format!("This puzzle is rated {}.", shown.rating.round() as i64),
                theme.muted(),
            ));
        }
        lines.extend(self.rating_lines(theme));
        lines
    }

    /// The keys that do something now.
    fn footer(&self, keys: &Keys) -> Vec<(String, String)> {
        let next = match self.mode {
            PuzzleMode::Daily => None,
            _ => Some("next puzzle"),
        };
        let mut items: Vec<(&[Action], &str)> = match self.state() {
            Some(State::YourMove) => {
                let hint: &[Action] = if self.hint_action(keys) == Action::Hints {
                    &[Action::Hints]
                } else {
                    &[Action::MoveNow]
                };
                let mut items: Vec<(&[Action], &str)> = vec![(hint, "hint")];
                if self.mode == PuzzleMode::Streak {
                    items.push((&[Action::NewGame], "end the streak"));
                } else if next.is_some() {
                    // Skipping is free until a move or a hint, a miss after (the
                    // footer said "skip" alike; only the help told them apart).
                    let skip = if self.begun() {
                        "skip (a miss)"
                    } else {
                        "skip"
                    };
                    items.push((&[Action::NewGame], skip));
                }
                items
            }
            Some(State::Wrong { .. }) if self.mode == PuzzleMode::Streak => vec![
                (&[Action::Enter], "end of the streak"),
                (&[Action::Undo], "try again"),
            ],
            Some(State::Wrong { .. }) => {
                let mut items: Vec<(&[Action], &str)> =
                    vec![(&[Action::Enter, Action::Undo], "try again")];
                if let Some(next) = next {
                    items.push((&[Action::NewGame], next));
                }
                items
            }
            Some(State::Solved { .. }) if self.streak.as_ref().is_some_and(|s| s.over) => {
                vec![(&[Action::Enter], "end of the streak")]
            }
            Some(State::Solved { .. }) => match next {
                Some(next) => vec![(&[Action::Enter, Action::NewGame], next)],
                None => Vec::new(),
            },
            Some(State::Broken(_)) => match next {
                Some(next) => vec![(&[Action::NewGame], next)],
                None => Vec::new(),
            },
            None if self.mode == PuzzleMode::Streak => vec![(&[Action::Enter], "new streak")],
            _ => Vec::new(),
        };
        items.push((&[Action::Back], "leave"));
        let mut list = keys.footer(&items);
        list.extend(keys.footer(&[(&[Action::Help], "rules"), (&[Action::Quit], "quit")]));
        list
    }
}
