//! The Pnut-Butta screen's drawing: the string, the symbols as keys, the side panels
//! (status, prediction, every symbol's value, the table of used substrings) and the
//! game-over box.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::game::pnut::PnutMove;
use crate::plugin::match_view::{Who, what_next};
use crate::solve::Verdict;
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::Keys;
use crate::ui::theme::Theme;
use crate::ui::widgets;

use super::{PnutScreen, Seats};
use crate::games::pnut::board::{
    StringMarks, draw_string, draw_table, roomy, string_lines, string_spread, table_height,
};

impl PnutScreen {
    pub(super) fn render_board(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        let game = self.game();
        let roomy = roomy(area);
        let spread = string_spread(roomy);
        let inner_width = area.width.saturating_sub(2).max(1) as usize;
        let string_lines = string_lines(game, StringMarks::Next, theme, inner_width, spread);
        let string_height = (string_lines.len() as u16 + 2).clamp(4, area.height / 3 + 1);
        if self.is_over() {
            // The symbols are of no more use: the table moves up under the string, as
            // tall as its rows, and the game-over box goes below it, hiding none of it.
            let [status, string, table, _] = Layout::vertical([
                Constraint::Length(3),
                Constraint::Length(string_height),
                Constraint::Length(table_height(game, inner_width, roomy)),
                Constraint::Min(0),
            ])
            .areas(area);
            frame.render_widget(
                Paragraph::new(self.status_lines(theme, keys)).wrap(Wrap { trim: true }),
                status,
            );
            draw_string(frame, string, game, StringMarks::Next, spread, theme);
            draw_table(frame, table, game, roomy, theme);
            return;
        }
        // On a roomy board the symbols are keys three rows tall.
        let keys_drawn = roomy && symbol_cell(game.rules().k(), area.width, roomy) >= KEY_CELL;
        let [status, string, symbols, table] = Layout::vertical([
            Constraint::Length(3),
            Constraint::Length(string_height),
            Constraint::Length(if keys_drawn { 6 } else { 4 }),
            Constraint::Min(3),
        ])
        .areas(area);
        frame.render_widget(
            Paragraph::new(self.status_lines(theme, keys)).wrap(Wrap { trim: true }),
            status,
        );
        draw_string(frame, string, game, StringMarks::Next, spread, theme);
        self.render_symbols(frame, symbols, keys_drawn, theme, hits);
        draw_table(frame, table, game, roomy, theme);
    }

    /// The symbols to choose from: the cursor, illegal ones greyed (assisted), and with
    /// hints each legal symbol's value; drawn as boxed keys when `keys_drawn` (the
    /// cursor's box heavy).
    fn render_symbols(
        &self,
        frame: &mut Frame,
        area: Rect,
        keys_drawn: bool,
        theme: &Theme,
        hits: &mut Hits,
    ) {
        let game = self.game();
        let rules = game.rules();
        let analysis = self
            .analysis()
            .filter(|_| self.view.hints && self.hints_wait().is_none());
        let inner = widgets::block("Symbols", theme).inner(area);
        frame.render_widget(widgets::block("Symbols", theme), area);
        let k = rules.k();
        // Three columns a symbol ("[c]" at the cursor, "W12" under it) when they fit;
        // else two (12 symbols in a 64-column terminal): the cursor shown by its style
        // alone and the verdicts without their distances.
        let narrow = (inner.width as usize) < 3 * k;
        let cell = symbol_cell(k, area.width, keys_drawn);
        // The keys stand in the middle of the panel; the compact row keeps to the left.
        let left = if keys_drawn {
            inner.width.saturating_sub((cell * k) as u16) / 2
        } else {
            0
        };
        let mut top = Vec::new();
        let mut bottom = Vec::new();
        let mut keys_rows: [Vec<Span>; 3] = Default::default();
        for i in 0..k {
            let c = rules.symbol(i as u8);
            let legal = game.is_legal_index(i as u8) && !game.is_over();
            let here = i == self.board.cursor && self.human_to_move();
            let style = if here {
                theme.cursor()
            } else if !legal && self.assisted() {
                theme.muted()
            } else {
                theme.coin()
            };
            let label = if narrow {
                c.to_string()
            } else if here {
                format!("[{c}]")
            } else {
                format!(" {c} ")
            };
            if keys_drawn {
                for (row, text) in keys_rows.iter_mut().zip(key_box(c, here)) {
                    row.push(Span::styled(format!("{text:^cell$}"), style));
                }
            } else {
                top.push(Span::styled(format!("{label:^cell$}"), style));
            }
            let mark = if game.is_over() {
                String::new()
            } else if !legal && self.assisted() {
                "✗".to_string()
            } else {
                analysis
                    .and_then(|a| a.value_of(PnutMove(c)))
                    .map(|m| short_verdict(m.verdict))
                    .map(|v| if narrow { v[..1].to_string() } else { v })
                    .unwrap_or_default()
            };
            let mark_style = analysis
                .and_then(|a| a.value_of(PnutMove(c)))
                .map_or(theme.muted(), |m| verdict_style(m.verdict, theme));
            bottom.push(Span::styled(format!("{mark:^cell$}"), mark_style));
            let x = inner.x + left + (i * cell) as u16;
            // The whole key (or the symbol and its verdict) is clickable.
            let height = if keys_drawn { 4 } else { 2 };
            if x < inner.right() {
                hits.add(
                    Rect::new(x, inner.y, (cell as u16).min(inner.right() - x), height),
                    Hit::Choice(i),
                );
            }
        }
        let lines = if keys_drawn {
            let mut lines: Vec<Line> = keys_rows.into_iter().map(Line::from).collect();
            lines.push(Line::from(bottom));
            lines
        } else {
            vec![Line::from(top), Line::from(bottom)]
        };
        let row = Rect {
            x: inner.x + left,
            width: inner.width - left,
            ..inner
        };
        frame.render_widget(Paragraph::new(lines), row);
    }

    fn status_lines(&self, theme: &Theme, keys: &Keys) -> Vec<Line<'static>> {
        let game = self.game();
        let turn = match self.seats() {
            Seats::Two(view) if self.board.forfeited.is_none() => {
                view.turn_line(theme, keys, ": ←→ Enter or type a symbol".to_string())
            }
            _ if game.is_over() => Line::styled("Game over.", theme.bold()),
            _ => Line::from(vec![
                Span::styled(format!("{}'s turn", self.name(game.mover())), theme.bold()),
                Span::raw(": ←→ Enter or type a symbol"),
            ]),
        };
        let voice = match self.seats() {
            Seats::Two(view) => view.voice_line(theme),
            Seats::Many(_) => Line::raw(""),
        };
        let third = if let Some(n) = &self.board.notice {
            Line::styled(n.clone(), theme.warning())
        } else if game.is_over() {
            Line::raw("")
        } else {
            let l = game.rules().length();
            let legal = game.legal_indices().len();
            let what = if game.len() + 1 < l {
                format!("No {l}-symbol substrings yet: all legal.")
            } else if self.assisted() {
                format!("{legal} of {} symbols legal.", game.rules().k())
            } else {
                "Hard mode: check for yourself.".to_string()
            };
            Line::styled(what, theme.muted())
        };
        vec![turn, voice, third]
    }

    fn prediction_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let game = self.game();
        if let Some(w) = game.winner() {
            return vec![
                Line::raw("Game over:"),
                Line::styled(self.wins_sentence(w), theme.bold()),
            ];
        }
        let Seats::Two(view) = self.seats() else {
            return vec![
                Line::raw("No prediction with"),
                Line::raw("three or more players."),
            ];
        };
        if let Some(reason) = view.session.analysis_failed() {
            return vec![
                Line::styled("Analysis unavailable.", theme.warning()),
                Line::styled(format!("The solver stopped: {reason}"), theme.muted()),
            ];
        }
        if view.session.side_pending() {
            return vec![Line::raw("The AI is choosing a side…")];
        }
        let Some(a) = view.session.analysis() else {
            return vec![Line::styled("Thinking…", theme.muted())];
        };
        let mover = view.session.to_move();
        if !a.exact {
            return vec![
                Line::raw("No win proven yet"),
                Line::styled(format!("(searched to depth {})", a.depth), theme.muted()),
            ];
        }
        let winner = if a.verdict.is_win() {
            mover
        } else {
            mover.other()
        };
        let style = match view.ai_seat() {
            Some(ai) if ai == winner => theme.warning(),
            _ => theme.hint(),
        };
        let mut lines = vec![
            Line::raw("With perfect play,"),
            Line::styled(view.wins_text(winner), style),
        ];
        if let Some(p) = a.verdict.plies() {
            lines.push(Line::styled(
                crate::plugin::match_view::moves_left(p),
                theme.muted(),
            ));
        }
        lines
    }

    pub(super) fn render_side(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys) {
        let history = widgets::prediction_and_hints(
            frame,
            area,
            match self.seats() {
                Seats::Two(view) => view.hidden_prediction(keys, theme),
                Seats::Many(_) => None,
            }
            .unwrap_or_else(|| self.prediction_lines(theme)),
            "Every symbol",
            if self.is_over() {
                Some(widgets::no_moves_left(theme))
            } else {
                self.view.hints.then(|| self.move_value_lines(theme))
            },
            "marks every symbol",
            keys,
            theme,
        );
        let room = history.height.saturating_sub(2) as usize;
        let why = self
            .view
            .why_not_rated_lines(theme, history.width.saturating_sub(2));
        let mut lines = self.history_lines(theme, room.saturating_sub(why.iter().len()));
        lines.splice(0..0, why);
        frame.render_widget(
            Paragraph::new(lines).block(widgets::block(self.view.moves_title(), theme)),
            history,
        );
    }

    fn move_value_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        if self.is_over() {
            return vec![Line::styled("The game is over.", theme.muted())];
        }
        if self.board.hot_seat.is_some() {
            return vec![Line::styled("No analysis for 3+ players.", theme.muted())];
        }
        if let Some(wait) = self.hints_wait() {
            return vec![Line::styled(wait, theme.muted())];
        }
        let Some(a) = self.analysis() else {
            return vec![Line::styled("Thinking…", theme.muted())];
        };
        a.moves
            .iter()
            .map(|m| {
                // Every move as good as the best gets the star: ties are equal.
                let marker = if a.is_best(m.mv) { "★ " } else { "  " };
                Line::from(vec![
                    Span::styled(marker, theme.accent()),
                    Span::raw(format!("{:<4}", m.mv.to_string())),
                    Span::styled(
                        verdict_text(m.verdict, m.plies_at_most),
                        verdict_style(m.verdict, theme),
                    ),
                ])
            })
            .collect()
    }

    fn history_lines(&self, theme: &Theme, room: usize) -> Vec<Line<'static>> {
        let game = self.game();
        let text: Vec<char> = game.text().chars().collect();
        let skip = text.len().saturating_sub(room.max(1));
        let mistakes: Vec<bool> = match self.seats() {
            Seats::Two(view) => view
                .session
                .history()
                .iter()
                .map(|m| view.mistake_shown(m))
                .collect(),
            Seats::Many(_) => Vec::new(),
        };
        text.iter()
            .enumerate()
            .skip(skip)
            .map(|(i, c)| {
                let style = if i + 1 == text.len() {
                    theme.last_move()
                } else {
                    Style::new()
                };
                let mut spans = vec![Span::styled(
                    format!("{:>3}. {:<9}{:>3}", i + 1, self.name(i % game.players()), c),
                    style,
                )];
                if game.forfeit().is_some() && i + 1 == text.len() {
                    spans.push(Span::styled(" ✗ illegal", theme.warning()));
                } else if mistakes.get(i).copied().unwrap_or(false) {
                    spans.push(Span::styled(" ✗ mistake", theme.warning()));
                }
                Line::from(spans)
            })
            .collect()
    }

    pub(super) fn render_game_over(
        &self,
        frame: &mut Frame,
        board: Rect,
        theme: &Theme,
        keys: &Keys,
    ) {
        let game = self.game();
        let Some(w) = game.winner() else {
            return;
        };
        if !self.view.over_box_shown() {
            return;
        }
        // A lesson's panel says what the end of its step means.
        if keys.is_teaching() {
            return;
        }
        let rules = game.rules();
        let why = match game.forfeit() {
            Some(f) => {
                let gram: String = game
                    .text()
                    .chars()
                    .skip(f.now)
                    .take(rules.length())
                    .collect();
                format!(
                    "{} wrote '{}': {gram} was already at {}.",
                    self.name(f.player),
                    f.symbol,
                    f.earlier + 1
                )
            }
            None => match self.who(game.mover()) {
                Who::You => "You are trapped: every symbol repeats.".to_string(),
                Who::Ai => "The AI is trapped: every symbol repeats.".to_string(),
                _ => format!(
                    "{} is trapped: every symbol repeats.",
                    self.name(game.mover())
                ),
            },
        };
        let headline = match self.who(w) {
            Who::You => "You win!".to_string(),
            Who::Ai => "The AI wins.".to_string(),
            Who::Named(_) => format!("{} wins!", self.name(w)),
        };
        let mut lines = vec![
            Line::styled(headline, theme.title()),
            Line::raw(why),
            Line::raw(format!("{} symbols written.", game.len())),
        ];
        lines.extend(self.view.rating_lines().into_iter().map(Line::raw));
        lines.extend([Line::raw(""), what_next(keys, theme, true)]);
        // Only two-player games are kept, and so reviewed.
        if self.board.hot_seat.is_none() {
            lines.push(crate::ui::widgets::review_line(keys, theme));
        }
        // Below the string, so both marked occurrences stay in view; a spare row inside
        // the box, and the board's border below it.
        let height = lines.len() as u16 + 3;
        let area = Rect {
            y: board.y + board.height.saturating_sub(height + 1),
            height: (height + 1).min(board.height),
            ..board
        };
        let area = widgets::over_panel(area, 46, height);
        widgets::popup(frame, area, "Game over", lines, theme);
    }
}

/// The narrowest column a symbol drawn as a key takes: its box and a space each side.
const KEY_CELL: usize = 7;

/// Symbol `c` as a key three rows tall; the cursor's key `heavy`, so it shows
/// without colour too.
fn key_box(c: char, heavy: bool) -> [String; 3] {
    let (lines, across) = if heavy {
        (["┏┓", "┃┃", "┗┛"], "━━━")
    } else {
        (["┌┐", "││", "└┘"], "───")
    };
    let fill = [across.to_string(), format!(" {c} "), across.to_string()];
    let mut rows = [String::new(), String::new(), String::new()];
    for ((row, ends), fill) in rows.iter_mut().zip(lines).zip(fill) {
        let mut ends = ends.chars();
        row.extend(ends.next());
        row.push_str(&fill);
        row.extend(ends.next());
    }
    rows
}

/// The columns each of `k` symbols takes in the symbols panel of a board `width` wide:
/// two when three do not fit (the cursor shown by its style alone), up to eight
/// (twelve when drawn as keys) when there is room.
fn symbol_cell(k: usize, width: u16, keys_drawn: bool) -> usize {
    let inner = width.saturating_sub(2) as usize;
    if inner < 3 * k {
        2
    } else {
        (inner / k.max(1)).clamp(3, if keys_drawn { 12 } else { 8 })
    }
}

/// "W5", "L8", "W", "?": under a symbol.
fn short_verdict(v: Verdict) -> String {
    match v {
        Verdict::Win { plies: Some(p) } => format!("W{p}"),
        Verdict::Win { plies: None } => "W".into(),
        Verdict::Loss { plies: Some(p) } => format!("L{p}"),
        Verdict::Loss { plies: None } => "L".into(),
        _ => "?".into(),
    }
}

/// "win in 7", "loss in 26", "win within 31" (a proven bound), "unknown".
fn verdict_text(v: Verdict, at_most: Option<u32>) -> String {
    match (v, at_most) {
        (Verdict::Win { plies: Some(p) }, _) => format!("win in {p}"),
        (Verdict::Loss { plies: Some(p) }, _) => format!("loss in {p}"),
        (Verdict::Win { plies: None }, Some(b)) => format!("win within {b}"),
        (Verdict::Loss { plies: None }, Some(b)) => format!("loss within {b}"),
        (v, _) => match v {
            // The share of the search's simulated games through the move that its player
            // won (a Monte-Carlo tree search's, or random playouts' on the largest
            // graphs): an estimate, not a proof.
            Verdict::Score(s) => format!("won {:.0}% of simulations", 50.0 + f64::from(s) / 20.0),
            other => other.word().to_string(),
        },
    }
}

fn verdict_style(v: Verdict, theme: &Theme) -> Style {
    match v {
        Verdict::Win { .. } => theme.hint(),
        Verdict::Loss { .. } => theme.warning(),
        _ => theme.muted(),
    }
}
