//! The Pnut-Butta screen: the string so far (wrapped, the last l-1 symbols marked), the
//! symbols to choose from, the table of every l-symbol substring with the used ones
//! marked, whose turn, the prediction and, on `h`, every legal symbol's value.
//!
//! Two players go through the shared [`MatchView`] (AI, undo, prediction). Three to six
//! players are people only: the `Game` trait's seats are two, so a small hot-seat
//! controller here keeps the history and rotates the turn instead.
//!
//! Symbols are chosen with ←→ and Enter, by typing them, or by clicking. Keys bound to
//! actions (q ? h u U n r m x, and j k space) keep their actions, so a symbol such as `q` is
//! picked with the arrows.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use crate::seeds::GameRng;
use rand::{Rng, SeedableRng};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::game::Game;
use crate::game::pnut::{Pnut, PnutMove};
use crate::games::pnut::analyst::PnutAnalyst;
use crate::games::pnut::options::PnutSetup;
use crate::plugin::GameSetup;
use crate::plugin::match_screen::{Board, Match};
use crate::plugin::match_view::{MatchView, Who, what_next, wins_sentence};
use crate::plugin::screen::{Situation, SolverLink};
use crate::solve::analyst::{Analyst, Query, SharedAnalyst};
use crate::solve::worker::Job;
use crate::solve::{Analysis, Verdict};
use crate::store::{MatchRecord, ResultRecord};
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

use super::board::{
    StringMarks, draw_string, draw_table, roomy, string_lines, string_spread, table_height,
};

/// People only, three to six of them, taking turns.
pub struct HotSeat {
    pub game: Pnut,
    history: Vec<Pnut>,
}

/// The hot seat asks the solver nothing.
impl SolverLink for HotSeat {
    fn take_job(&mut self) -> Option<Job> {
        None
    }
    fn analysis_requested(&mut self, _ticket: u64) {}
    fn ticket(&self) -> u64 {
        0
    }
    fn analysing(&self) -> bool {
        false
    }
    fn news(&mut self, _ticket: u64) {}
    fn finished(&mut self, _ticket: u64) {}
    fn failed(&mut self, _ticket: u64, _reason: String) {}
}

/// Who plays: the match's shared view (two players) or the hot seat (three to six).
pub enum Seats<'a> {
    Two(&'a MatchView<Pnut>),
    Many(&'a HotSeat),
}

/// An analyst for the view a hot-seat match does not use: never asked.
struct Unused;

impl Analyst<Pnut> for Unused {
    fn analyse(
        &mut self,
        _query: &Query<Pnut>,
        _stop: &dyn Fn() -> bool,
        _report: &mut dyn FnMut(Analysis<PnutMove>),
    ) {
    }
}

/// Pnut-Butta's own part of its screen: the hot seat of three or more people, the
/// symbol picker, a game lost by an illegal symbol.
pub struct PnutBoard {
    /// Three to six people take turns here, and the match's view sits unused (the
    /// hooks of [`Board`] below say so); `None`: two players, through the view.
    hot_seat: Option<HotSeat>,
    /// Illegal symbols are refused (off: the hard mode, where they lose).
    assist: bool,
    /// The symbol under the picker's cursor (index into the symbol set).
    cursor: usize,
    /// The game as it ended after an illegal symbol in the hard mode (two players: the
    /// session keeps the position before it).
    forfeited: Option<Pnut>,
    notice: Option<String>,
}

/// The Pnut-Butta screen.
pub type PnutScreen = Match<PnutBoard>;

/// The start of a two-player game of this setup: the string written so far if it names
/// one (`0012`), else the empty string.
pub fn start_position(setup: &GameSetup) -> Result<Pnut, String> {
    let rules = setup.own::<PnutSetup>().rules();
    match &setup.position {
        Some(text) => Pnut::parse(rules, text).map_err(|e| e.to_string()),
        None => Ok(Pnut::new(rules)),
    }
}

impl PnutScreen {
    pub fn new<R: Rng + ?Sized>(
        setup: GameSetup,
        ai_delay_ms: u64,
        hints: bool,
        rng: &mut R,
    ) -> PnutScreen {
        let options: PnutSetup = setup.own();
        let rules = options.rules();
        let limits = options.limits();
        let (view, hot_seat) = if options.players > 2 {
            let game = Pnut::with_players(rules.clone(), options.players)
                .unwrap_or_else(|_| Pnut::new(rules.clone()));
            // A view of two seats the hot seat never uses, drawn from a generator of
            // its own: the arcade's draws stay as they were without it.
            let view = MatchView::new(
                Pnut::new(rules),
                &setup.matchup,
                ai_delay_ms,
                SharedAnalyst::new(Unused),
                &mut GameRng::seed_from_u64(0),
            );
            let hot_seat = HotSeat {
                game,
                history: Vec::new(),
            };
            (view, Some(hot_seat))
        } else {
            // The position was checked before the game was started.
            let start = start_position(&setup).unwrap_or_else(|_| Pnut::new(rules.clone()));
            let mut view = MatchView::new(
                start,
                &setup.matchup,
                ai_delay_ms,
                SharedAnalyst::new(PnutAnalyst::new(&rules, limits)),
                rng,
            );
            view.set_think_ms(Arc::new(AtomicU64::new(options.think_ms)));
            (view, None)
        };
        let board = PnutBoard {
            hot_seat,
            assist: options.assist,
            cursor: 0,
            forfeited: None,
            notice: None,
        };
        Match::with_board(setup, hints, view, board)
    }

    /// Who plays: the view or the hot seat.
    fn seats(&self) -> Seats<'_> {
        match &self.board.hot_seat {
            Some(h) => Seats::Many(h),
            None => Seats::Two(&self.view),
        }
    }

    /// The game on the board (after a forfeit, with the illegal symbol).
    pub fn game(&self) -> &Pnut {
        if let Some(f) = &self.board.forfeited {
            return f;
        }
        match self.seats() {
            Seats::Two(view) => view.session.position(),
            Seats::Many(h) => &h.game,
        }
    }

    fn assisted(&self) -> bool {
        self.board.assist
    }

    fn is_over(&self) -> bool {
        self.game().is_over()
    }

    /// The name of player `i` (0-based, in turn order).
    fn name(&self, i: usize) -> String {
        match self.seats() {
            Seats::Two(view) => {
                let seat = if i.is_multiple_of(2) {
                    crate::game::Seat::First
                } else {
                    crate::game::Seat::Second
                };
                view.session.name(seat).to_string()
            }
            Seats::Many(_) => format!("Player {}", i + 1),
        }
    }

    fn human_to_move(&self) -> bool {
        if self.board.forfeited.is_some() {
            return false;
        }
        match self.seats() {
            Seats::Two(view) => view.session.human_to_move(),
            Seats::Many(h) => !h.game.is_over(),
        }
    }

    /// See [`MatchView::hints_wait`].
    fn hints_wait(&self) -> Option<&'static str> {
        match self.seats() {
            Seats::Two(view) if self.board.forfeited.is_none() => view.hints_wait(),
            _ => None,
        }
    }

    fn analysis(&self) -> Option<&Analysis<PnutMove>> {
        match self.seats() {
            Seats::Two(view) if self.board.forfeited.is_none() => view.session.analysis(),
            _ => None,
        }
    }

    /// A person writes symbol `c`: refused if illegal with the assistant on, a lost
    /// game if illegal without it.
    fn write(&mut self, c: char) {
        if !self.human_to_move() {
            return;
        }
        let game = self.game().clone();
        let Some(s) = game.rules().index_of(c) else {
            // A key that is no symbol says so, rather than nothing.
            self.board.notice = Some(format!(
                "'{c}' is not a symbol of this game: {}.",
                game.rules().symbols_text()
            ));
            return;
        };
        self.board.cursor = usize::from(s);
        if let Some(earlier) = game.earlier_occurrence(s) {
            if self.assisted() {
                let gram = game
                    .gram_after(s)
                    .map(|g| game.rules().gram_text(g))
                    .unwrap_or_default();
                self.board.notice = Some(format!(
                    "'{c}' would repeat {gram}, already at position {}.",
                    earlier + 1
                ));
                return;
            }
            let mut lost = game;
            if lost.write_unchecked(c).is_ok() {
                let winner = self.name_of_winner(&lost);
                if self.board.hot_seat.is_none() {
                    self.view.voice = match self.view.ai_seat() {
                        Some(_) => "That one was used before: I win.".to_string(),
                        None => format!("{winner} wins."),
                    };
                }
                self.board.forfeited = Some(lost);
            }
            return;
        }
        self.board.notice = None;
        match &mut self.board.hot_seat {
            None => {
                self.view.play(PnutMove(c));
            }
            Some(h) => {
                h.history.push(h.game.clone());
                let _ = h.game.write_unchecked(c);
            }
        }
    }

    /// Who player `i` is, for the wording (see [`Who`]).
    fn who(&self, i: usize) -> Who<'_> {
        match self.seats() {
            Seats::Two(view) => view.who(if i.is_multiple_of(2) {
                crate::game::Seat::First
            } else {
                crate::game::Seat::Second
            }),
            Seats::Many(_) => Who::Named(""),
        }
    }

    /// "You win.", "The AI wins.", "Player 3 wins.".
    fn wins_sentence(&self, i: usize) -> String {
        match self.who(i) {
            Who::Named(_) => format!("{} wins.", self.name(i)),
            who => wins_sentence(who),
        }
    }

    fn name_of_winner(&self, game: &Pnut) -> String {
        game.winner().map_or_else(String::new, |w| self.name(w))
    }

    fn undo(&mut self) {
        self.board.notice = None;
        if self.board.forfeited.take().is_some() {
            if self.board.hot_seat.is_none() {
                self.view.voice = String::new();
            }
            return;
        }
        match &mut self.board.hot_seat {
            None => {
                self.view.undo();
            }
            Some(h) => {
                if let Some(previous) = h.history.pop() {
                    h.game = previous;
                }
            }
        }
    }

    fn step_cursor(&mut self, step: isize) {
        let k = self.game().rules().k() as isize;
        let mut i = self.board.cursor as isize;
        let game = self.game().clone();
        for _ in 0..k {
            i = (i + step).rem_euclid(k);
            // With the assistant on, the cursor skips illegal symbols.
            if !self.assisted() || game.is_legal_index(i as u8) {
                break;
            }
        }
        self.board.cursor = i as usize;
    }

    /// Keeps the cursor on a legal symbol when the assistant is on.
    fn settle(&mut self) {
        let game = self.game();
        if self.assisted()
            && !game.is_over()
            && !game.is_legal_index(self.board.cursor as u8)
            && let Some(&s) = game.legal_indices().first()
        {
            self.board.cursor = usize::from(s);
        }
    }

    fn toggle_pause(&mut self) {
        if self.board.hot_seat.is_none() {
            self.view.toggle_pause();
        }
    }

    fn title(&self) -> String {
        let g = self.game();
        let r = g.rules();
        let mut t = format!(
            "Pnut-Butta · symbols {} · l = {}",
            r.symbols_text(),
            r.length()
        );
        if g.players() > 2 {
            t.push_str(&format!(" · {} players", g.players()));
        }
        if !self.assisted() {
            t.push_str(" · hard mode");
        }
        t
    }

    fn render_board(
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
            .filter(|_| self.hints && self.hints_wait().is_none());
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

    fn render_side(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys) {
        let history = widgets::prediction_and_hints(
            frame,
            area,
            match self.seats() {
                Seats::Two(view) => view.hidden_prediction(keys, theme),
                Seats::Many(_) => None,
            }
            .unwrap_or_else(|| self.prediction_lines(theme)),
            "Every symbol",
            self.hints.then(|| self.move_value_lines(theme)),
            "marks every symbol",
            keys,
            theme,
        );
        let room = history.height.saturating_sub(2) as usize;
        frame.render_widget(
            Paragraph::new(self.history_lines(theme, room)).block(widgets::block("Moves", theme)),
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

    fn render_game_over(&self, frame: &mut Frame, board: Rect, theme: &Theme, keys: &Keys) {
        let game = self.game();
        let Some(w) = game.winner() else {
            return;
        };
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
            Line::raw(""),
            what_next(keys, theme, true),
        ];
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
        let area = widgets::centered(area, 46, height);
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

/// Two players go through the shared view as in every game, but for a game lost by an
/// illegal symbol; the hot seat keeps its own history and asks the solver nothing.
impl Board for PnutBoard {
    type Game = Pnut;

    fn link(m: &Match<Self>) -> &dyn SolverLink {
        match &m.board.hot_seat {
            Some(h) => h,
            None => &m.view,
        }
    }
    fn link_mut(m: &mut Match<Self>) -> &mut dyn SolverLink {
        match &mut m.board.hot_seat {
            Some(h) => h,
            None => &mut m.view,
        }
    }
    fn is_over(m: &Match<Self>) -> bool {
        m.is_over()
    }
    fn situation(m: &Match<Self>) -> Situation {
        let shared = match m.seats() {
            Seats::Two(view) => view.situation(),
            Seats::Many(_) => Situation {
                over: false,
                human_to_move: false,
                ai_plays: false,
                all_ai: false,
            },
        };
        Situation {
            over: m.is_over(),
            human_to_move: m.human_to_move(),
            ..shared
        }
    }
    fn spoilers_on(m: &Match<Self>) -> bool {
        match m.seats() {
            Seats::Two(view) => view.spoilers,
            Seats::Many(_) => true,
        }
    }
    fn set_spoilers(m: &mut Match<Self>, on: bool) {
        if m.board.hot_seat.is_none() {
            m.view.spoilers = on;
            m.setup.spoilers = on;
        }
    }
    fn toggle_pause(m: &mut Match<Self>) {
        m.toggle_pause();
    }
    fn move_now(m: &mut Match<Self>) {
        if m.board.hot_seat.is_none() {
            m.view.move_now();
        }
    }
    fn undo(m: &mut Match<Self>) {
        m.undo();
    }
    fn redo(m: &mut Match<Self>) {
        if m.board.forfeited.is_some() || m.board.hot_seat.is_some() {
            return;
        }
        if m.view.redo() {
            m.board.notice = None;
            m.settle();
        }
    }
    /// Two players only; a game lost by an illegal symbol (the hard mode) is recorded
    /// with its result, the illegal symbol itself not being a move that can be replayed.
    fn record(m: &Match<Self>) -> Option<MatchRecord> {
        let Seats::Two(view) = m.seats() else {
            return None;
        };
        let mut record = view.record(&m.setup);
        if let Some(lost) = &m.board.forfeited {
            record.result = lost.outcome().map(ResultRecord::from);
        }
        Some(record)
    }
    fn restore(m: &mut Match<Self>, record: &MatchRecord) -> Result<(), String> {
        if m.board.hot_seat.is_some() {
            return Err("matches of more than two players are not kept".into());
        }
        m.view.restore(record)?;
        m.settle();
        Ok(())
    }
    fn generation(m: &Match<Self>) -> u64 {
        match m.seats() {
            Seats::Two(view) => view.session.generation() + u64::from(m.board.forfeited.is_some()),
            Seats::Many(h) => h.history.len() as u64,
        }
    }
    fn position_text(m: &Match<Self>) -> String {
        match m.seats() {
            Seats::Two(view) => view.session.position().position_text(),
            Seats::Many(h) => h.game.position_text(),
        }
    }
    fn tick(m: &mut Match<Self>, elapsed_ms: u64, rng: &mut GameRng) -> bool {
        if m.board.hot_seat.is_some() || m.board.forfeited.is_some() {
            return false;
        }
        m.tick_view(elapsed_ms, rng)
    }
    fn play(m: &mut Match<Self>, mv: PnutMove) {
        m.view.play(mv);
        m.settle();
    }
    /// The symbol picker's keys and typed symbols; false for the rest.
    fn handle(m: &mut Match<Self>, action: Action) -> bool {
        match action {
            Action::Left | Action::Up => m.step_cursor(-1),
            Action::Right | Action::Down => m.step_cursor(1),
            Action::Enter => {
                let c = m.game().rules().symbol(m.board.cursor as u8);
                m.write(c);
            }
            Action::Char(c) => m.write(c),
            Action::Digit(d) => m.write(char::from(b'0' + d)),
            _ => return false,
        }
        m.settle();
        true
    }
    fn click(m: &mut Match<Self>, hit: Hit) {
        if let Hit::Choice(i) = hit
            && i < m.game().rules().k()
        {
            let c = m.game().rules().symbol(i as u8);
            m.write(c);
            m.settle();
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
            widgets::game_frame(frame, area, m.title(), [40, 32, 32], theme);
        m.render_board(frame, board, theme, keys, hits);
        m.render_side(frame, side, theme, keys);
        let list = if m.is_over() {
            widgets::game_over_footer(keys)
        } else {
            keys.footer(&[
                (&[Action::Left, Action::Right], "symbol"),
                (&[Action::Enter], "write"),
                (&[Action::Hints], "hints"),
                (&[Action::Undo], "undo"),
                (&[Action::NewGame], "new"),
                (&[Action::Help], "rules"),
                (&[Action::Back], "menu"),
            ])
        };
        widgets::footer(frame, footer, &list, theme);
        if m.is_over() {
            m.render_game_over(frame, board, theme, keys);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::plugin::screen::GameScreen;
    use crate::seeds::GameRng;

    fn players(n: usize) -> PnutScreen {
        let mut setup = GameSetup::from_config(crate::games::pnut::ID, &Config::default());
        setup.matchup.mode = crate::matchup::Mode::TwoPlayers;
        if let Some(options) = setup.options_mut::<PnutSetup>() {
            options.symbols = "01".into();
            options.length = 2;
            options.players = n;
        }
        PnutScreen::new(setup, 0, false, &mut GameRng::seed_from_u64(1))
    }

    /// Three people take turns on the hot seat: the match's view is never asked (no
    /// job for the solver, no record kept), and undo and the save counter follow the
    /// hot seat's own history.
    #[test]
    fn the_hot_seat_keeps_the_match_to_itself() {
        let Some(two_players) = players(2).record() else {
            panic!("a two-player match is kept");
        };
        let mut s = players(3);
        assert!(s.take_job().is_none());
        for key in ['0', '0', '1'] {
            assert!(s.handle(Action::Char(key)));
        }
        assert!(s.take_job().is_none());
        assert_eq!((s.position_text(), s.generation()), ("001".to_string(), 3));
        assert!(s.record().is_none());
        assert!(s.restore(&two_players).is_err());
        s.undo();
        assert_eq!((s.position_text(), s.generation()), ("00".to_string(), 2));
        let situation = s.situation();
        assert!(!situation.ai_plays && situation.human_to_move && !situation.over);
        assert!(
            s.view.session.history().is_empty(),
            "the view plays no part"
        );
    }
}
