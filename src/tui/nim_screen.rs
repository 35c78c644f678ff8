//! The Nim (and 1-3-5-7) screen: piles, cursor, prediction, hints, move list.

use rand::rngs::StdRng;
use rand::{Rng, RngExt};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::hits::{Hit, Hits};
use super::keys::{Action, Keys};
use super::screen::{GameOutcome, GameScreen};
use super::setup::GameSetup;
use super::theme::Theme;
use super::voice::{self, Moment};
use super::widgets;
use crate::config::FirstMover;
use crate::game::nim::{Ending, Nim, NimMove};
use crate::game::{Outcome, Seat};
use crate::games::GameId;
use crate::session::{Mode, Player, Session};
use crate::solve::nim::{mover_wins, nim_sum};
use crate::solve::{Position, Report};

pub struct NimScreen {
    pub setup: GameSetup,
    pub session: Session<Nim>,
    cursor_pile: usize,
    take: u8,
    hints: bool,
    voice: String,
    /// Set when the position changed and the solver has not been asked yet.
    needs_analysis: bool,
    /// The predicted winner of the last fully analysed position, to notice slips.
    last_prediction: Option<Seat>,
    variety: usize,
    /// Ticks seen while someone was thinking, for the animation.
    frames: usize,
}

impl NimScreen {
    pub fn new<R: Rng + ?Sized>(
        setup: GameSetup,
        ai_delay_ms: u64,
        hints: bool,
        rng: &mut R,
    ) -> NimScreen {
        let start = match setup.game {
            GameId::SugarPackets => Nim::sugar_packets(),
            _ => {
                let ending = if setup.nim.misere {
                    Ending::Misere
                } else {
                    Ending::Normal
                };
                Nim::new(setup.nim.starting_piles(rng), ending)
            }
        };
        let ai = Player::Ai(setup.matchup.difficulty);
        let coin = rng.random_bool(0.5);
        let mut ai_chooses = false;
        let (players, names, voice) = match setup.matchup.mode {
            Mode::VsAi => {
                let human_first = match setup.matchup.first {
                    FirstMover::You => true,
                    FirstMover::Ai => false,
                    FirstMover::Coin => coin,
                    FirstMover::AiChooses => {
                        ai_chooses = true;
                        true
                    }
                };
                let voice = match setup.matchup.first {
                    FirstMover::Coin => voice::line(Moment::CoinFlip { human_first }, 0),
                    FirstMover::AiChooses => "Let me look at these piles…".into(),
                    _ => String::new(),
                };
                if human_first {
                    (
                        [Player::Human, ai],
                        ["You".to_string(), "AI".to_string()],
                        voice,
                    )
                } else {
                    (
                        [ai, Player::Human],
                        ["AI".to_string(), "You".to_string()],
                        voice,
                    )
                }
            }
            Mode::TwoPlayers => {
                let p1_first = setup.matchup.first != FirstMover::Coin || coin;
                let names = if p1_first {
                    ["Player 1".to_string(), "Player 2".to_string()]
                } else {
                    ["Player 2".to_string(), "Player 1".to_string()]
                };
                let voice = if setup.matchup.first == FirstMover::Coin {
                    format!("The coin says {} starts.", names[0])
                } else {
                    String::new()
                };
                ([Player::Human, Player::Human], names, voice)
            }
            Mode::AiVsAi => (
                [ai, ai],
                ["AI 1".to_string(), "AI 2".to_string()],
                "Space pauses the match.".to_string(),
            ),
        };
        let mut session = Session::new(start, players, names, ai_delay_ms);
        if ai_chooses {
            session.let_ai_choose_side();
        }
        let mut screen = NimScreen {
            setup,
            session,
            cursor_pile: 0,
            take: 1,
            hints,
            voice,
            needs_analysis: true,
            last_prediction: None,
            variety: rng.random_range(0..1000),
            frames: 0,
        };
        screen.settle_cursor();
        screen
    }

    pub fn hints_on(&self) -> bool {
        self.hints
    }

    /// The job to send to the solver thread, once per position.
    pub fn take_analysis_request(&mut self) -> Option<Position> {
        if !self.needs_analysis {
            return None;
        }
        self.needs_analysis = false;
        Some(Position::Nim(self.session.position().clone()))
    }

    pub fn analysis_requested(&mut self, ticket: u64) {
        self.session.analysis_requested(ticket);
    }

    pub fn receive(&mut self, ticket: u64, report: Report) {
        let Report::Nim(analysis) = report;
        let was_pending = self.session.side_pending();
        if !self.session.receive_analysis(ticket, analysis) {
            return;
        }
        if was_pending && !self.session.side_pending() {
            let ai_first = self.session.player(Seat::First) != Player::Human;
            self.voice = voice::line(
                if ai_first {
                    Moment::ChoseFirst
                } else {
                    Moment::ChoseSecond
                },
                self.variety,
            );
        }
        self.react_to_prediction();
    }

    pub fn finished(&mut self, ticket: u64) {
        self.session.analysis_finished(ticket);
    }

    pub fn failed(&mut self, ticket: u64, reason: String) {
        if self.session.analysis_failed_with(ticket, reason) {
            self.voice = "My analysis is broken; I'm playing by feel now.".into();
        }
    }

    fn ai_seat(&self) -> Option<Seat> {
        match self.session.players() {
            [Player::Human, Player::Ai(_)] => Some(Seat::Second),
            [Player::Ai(_), Player::Human] => Some(Seat::First),
            _ => None,
        }
    }

    /// The AI's voice reacts when the prediction changes.
    fn react_to_prediction(&mut self) {
        let Some(winner) = self.session.predicted_winner() else {
            return;
        };
        if self.session.is_over() {
            return;
        }
        let previous = self.last_prediction.replace(winner);
        let last = self.session.history().last();
        match self.ai_seat() {
            Some(ai) => {
                let moment = if winner == ai && previous == Some(ai.other()) {
                    Some(Moment::HumanBlundered)
                } else if winner != ai && previous.is_none() {
                    Some(Moment::LostFromHere)
                } else if winner != ai && previous != Some(winner) {
                    Some(Moment::Lost)
                } else if winner == ai && previous.is_none() && self.voice.is_empty() {
                    Some(Moment::Winning)
                } else {
                    None
                };
                if let Some(m) = moment {
                    self.variety += 1;
                    self.voice = voice::line(m, self.variety);
                }
            }
            None => {
                if let (Some(prev), Some(last)) = (previous, last)
                    && prev != winner
                {
                    self.voice = voice::slip_line(
                        self.session.name(last.seat),
                        self.session.name(last.seat.other()),
                    );
                }
            }
        }
    }

    fn play(&mut self, mv: NimMove) {
        if self.session.play(mv).is_ok() {
            self.needs_analysis = true;
            self.settle_cursor();
            if let Some(Outcome::Win(winner)) = self.session.outcome() {
                self.voice = match self.ai_seat() {
                    Some(ai) if ai == winner => voice::line(Moment::AiWon, self.variety),
                    Some(_) => voice::line(Moment::HumanWon, self.variety),
                    None => format!("{} wins.", self.session.name(winner)),
                };
            }
        }
    }

    /// Keeps the cursor on a non-empty pile with a legal amount.
    fn settle_cursor(&mut self) {
        let piles = self.session.position().piles();
        if piles.iter().all(|&p| p == 0) {
            return;
        }
        if piles.get(self.cursor_pile).is_none_or(|&p| p == 0) {
            self.cursor_pile = piles.iter().position(|&p| p > 0).unwrap_or(0);
        }
        let count = piles[self.cursor_pile];
        self.take = self.take.clamp(1, count.max(1));
    }

    fn move_cursor(&mut self, step: isize) {
        let piles = self.session.position().piles();
        let n = piles.len() as isize;
        let mut i = self.cursor_pile as isize;
        for _ in 0..n {
            i = (i + step).rem_euclid(n);
            if piles[i as usize] > 0 {
                self.cursor_pile = i as usize;
                break;
            }
        }
        self.settle_cursor();
    }

    pub fn tick<R: Rng + ?Sized>(&mut self, elapsed_ms: u64, rng: &mut R) -> bool {
        match self.session.tick(elapsed_ms, rng) {
            Some(mv) => {
                self.play(mv);
                true
            }
            // While the AI is to move, the thinking indicator animates.
            None if self.session.ai_to_move() && !self.session.paused() => {
                self.frames += 1;
                true
            }
            None => false,
        }
    }

    fn undo(&mut self) {
        if !self.session.undo() {
            return;
        }
        self.needs_analysis = true;
        self.last_prediction = None;
        self.voice = if self.ai_seat().is_some() {
            "Taking it back? Fine.".into()
        } else {
            String::new()
        };
        self.settle_cursor();
    }

    fn rematch(&mut self, rng: &mut (impl Rng + ?Sized), ai_delay_ms: u64) {
        let hints = self.hints;
        *self = NimScreen::new(self.setup.clone(), ai_delay_ms, hints, rng);
    }

    pub fn handle<R: Rng + ?Sized>(
        &mut self,
        action: Action,
        rng: &mut R,
        ai_delay_ms: u64,
    ) -> GameOutcome {
        match action {
            Action::Back => return GameOutcome::Menu,
            Action::Quit => return GameOutcome::Quit,
            Action::Help => return GameOutcome::Help,
            Action::NewGame => return GameOutcome::NewGame(self.setup.clone()),
            Action::Hints => self.hints = !self.hints,
            Action::Pause if self.session.players().iter().all(|p| *p != Player::Human) => {
                self.session.toggle_pause();
            }
            Action::Undo => self.undo(),
            Action::Rematch if self.session.is_over() => self.rematch(rng, ai_delay_ms),
            Action::Enter if self.session.is_over() => self.rematch(rng, ai_delay_ms),
            _ if !self.session.human_to_move() => {}
            Action::Up => self.move_cursor(-1),
            Action::Down => self.move_cursor(1),
            Action::Left => {
                let count = self.session.position().piles()[self.cursor_pile];
                self.take = (self.take + 1).min(count);
            }
            Action::Right => self.take = self.take.saturating_sub(1).max(1),
            Action::Digit(d) => {
                let count = self.session.position().piles()[self.cursor_pile];
                if (1..=count).contains(&d) {
                    self.take = d;
                }
            }
            Action::Enter => self.play(NimMove {
                pile: self.cursor_pile,
                take: self.take,
            }),
            _ => {}
        }
        GameOutcome::Stay
    }

    /// A click on coin `index` (from the left) of `pile`: take it and every coin right of it.
    pub fn click(&mut self, hit: Hit) {
        let Hit::Coin { pile, index } = hit else {
            return;
        };
        if !self.session.human_to_move() {
            return;
        }
        let Some(&count) = self.session.position().piles().get(pile) else {
            return;
        };
        if index < usize::from(count) {
            self.cursor_pile = pile;
            self.take = count - index as u8;
            self.play(NimMove {
                pile,
                take: self.take,
            });
        }
    }

    fn title(&self) -> String {
        let rule = match (self.setup.game, self.session.position().ending()) {
            (GameId::SugarPackets, _) => "1-3-5-7 · whoever takes the last packet loses",
            (_, Ending::Normal) => "Nim · normal play: the last coin wins",
            (_, Ending::Misere) => "Nim · misère: the last coin loses",
        };
        let who = match self.setup.matchup.mode {
            Mode::VsAi => format!("you vs the AI ({})", self.setup.matchup.difficulty),
            Mode::TwoPlayers => "two players".into(),
            Mode::AiVsAi => format!("AI vs AI ({})", self.setup.matchup.difficulty),
        };
        format!("{rule} · {who}")
    }

    /// What a pile is called: 1-3-5-7 is played in rows.
    fn pile_word(&self) -> &'static str {
        match self.setup.game {
            GameId::SugarPackets => "row",
            _ => "pile",
        }
    }

    fn unit(&self) -> (&'static str, &'static str) {
        match self.setup.game {
            GameId::SugarPackets => ("packet", "packets"),
            _ => ("coin", "coins"),
        }
    }

    pub fn render(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        let pile = self.pile_word();
        let [title, body, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(10),
            Constraint::Length(1),
        ])
        .areas(area);
        frame.render_widget(Paragraph::new(self.title()).style(theme.title()), title);
        let side_width = if area.width >= 100 {
            40
        } else if area.width >= 80 {
            34
        } else {
            30
        };
        let [board, side] =
            Layout::horizontal([Constraint::Min(30), Constraint::Length(side_width)]).areas(body);
        self.render_board(frame, board, theme, hits);
        self.render_side(frame, side, theme, keys);
        let hints = keys.hints().to_string();
        let undo = keys.undo().to_string();
        let new = keys.new_game().to_string();
        let help = keys.help().to_string();
        let mut list: Vec<(&str, &str)> = vec![
            ("↑↓", pile),
            ("←→", "amount"),
            ("Enter", "take"),
            (&hints, "hints"),
            (&undo, "undo"),
            (&new, "new"),
            (&help, "rules"),
            ("Esc", "menu"),
        ];
        if self.session.players().iter().all(|p| *p != Player::Human) {
            list.splice(0..3, [("space", "pause")]);
        }
        widgets::footer(frame, footer, &list, theme);
        if self.session.is_over() {
            self.render_game_over(frame, board, theme, keys);
        }
    }

    fn winning_takes(&self, pile: usize) -> Vec<u8> {
        let Some(a) = self.session.analysis().filter(|_| self.hints) else {
            return Vec::new();
        };
        a.winning_moves()
            .filter(|m| m.pile == pile)
            .map(|m| m.take)
            .collect()
    }

    fn render_board(&self, frame: &mut Frame, area: Rect, theme: &Theme, hits: &mut Hits) {
        let title = match self.setup.game {
            GameId::SugarPackets => "Sugar packets",
            _ => "Piles",
        };
        let block = widgets::block(title, theme);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let [piles_area, status] =
            Layout::vertical([Constraint::Min(1), Constraint::Length(3)]).areas(inner);

        let position = self.session.position();
        let start = self.session.start().piles();
        let piles = position.piles();
        let last = self.session.history().last();
        let glyph = if self.setup.game == GameId::SugarPackets {
            "▮"
        } else {
            "●"
        };
        // Room for "▶ 1 " before the coins and " 99 ◀ take 99" after them.
        let coin_width = piles_area.width.saturating_sub(4 + 14).max(1) as usize;
        let biggest = start.iter().copied().max().unwrap_or(1).max(1) as usize;
        let cell = if biggest * 2 <= coin_width { 2 } else { 1 };
        let per_line = (coin_width / cell).max(1);
        let lines_for = |n: u8| usize::from(n).div_ceil(per_line).max(1);
        let needed: usize = start.iter().map(|&n| lines_for(n)).sum();
        let height = piles_area.height as usize;
        // When wrapping does not fit, one row per pile and each glyph stands for several coins.
        let (per_glyph, wrap) = if needed <= height {
            (1, true)
        } else {
            (biggest.div_ceil(coin_width), false)
        };
        let rows_used = if wrap { needed } else { start.len() };
        let gap = if rows_used + start.len().saturating_sub(1) <= height {
            1
        } else {
            0
        };

        let show_cursor = self.session.human_to_move();
        let mut y = piles_area.y;
        for (i, (&count, &orig)) in piles.iter().zip(start).enumerate() {
            let takes = self.winning_takes(i);
            let cursor_here = show_cursor && i == self.cursor_pile;
            let last_here = last.filter(|m| m.mv.pile == i).map(|m| m.mv.take);
            let slots = usize::from(orig).div_ceil(per_glyph);
            let lines = if wrap { lines_for(orig) } else { 1 };
            for line in 0..lines {
                if y >= piles_area.bottom() {
                    break;
                }
                let mut spans = Vec::new();
                if line == 0 {
                    let marker = if cursor_here { "▶" } else { " " };
                    spans.push(Span::styled(
                        format!("{marker}{:>2} ", i + 1),
                        theme.accent(),
                    ));
                } else {
                    spans.push(Span::raw("    "));
                }
                let first_slot = line * per_line;
                let last_slot = (first_slot + per_line).min(slots);
                for slot in first_slot..last_slot {
                    let coin = slot * per_glyph; // the first coin this glyph stands for
                    let present = coin < usize::from(count);
                    let from_right = usize::from(count).saturating_sub(coin);
                    // Coins the last move took are drawn hollow and highlighted.
                    let just_taken =
                        !present && last_here.is_some_and(|t| coin < usize::from(count + t));
                    let style = if just_taken {
                        theme.last_move()
                    } else if !present {
                        theme.muted()
                    } else if cursor_here && from_right <= usize::from(self.take) {
                        theme.cursor()
                    } else if takes.iter().any(|&t| from_right <= usize::from(t)) {
                        theme.hint()
                    } else {
                        theme.coin()
                    };
                    let text = match (present, just_taken) {
                        (true, _) => glyph,
                        (false, true) => "○",
                        (false, false) => "·",
                    };
                    spans.push(Span::styled(text, style));
                    if cell == 2 {
                        spans.push(Span::raw(" "));
                    }
                    let x = piles_area.x + 4 + ((slot - first_slot) * cell) as u16;
                    if present && x < piles_area.right() {
                        hits.add(
                            Rect::new(x, y, cell as u16, 1),
                            Hit::Coin {
                                pile: i,
                                index: coin,
                            },
                        );
                    }
                }
                if line == lines - 1 {
                    spans.push(Span::styled(format!(" {count:>2}"), theme.bold()));
                    if let Some(t) = takes.first() {
                        spans.push(Span::styled(format!(" ◀ take {t}"), theme.hint()));
                    }
                }
                frame.render_widget(
                    Paragraph::new(Line::from(spans)),
                    Rect::new(piles_area.x, y, piles_area.width, 1),
                );
                y += 1;
            }
            y += gap as u16;
        }
        if !wrap && y < piles_area.bottom() {
            frame.render_widget(
                Paragraph::new(format!(
                    "(each {glyph} stands for {per_glyph} {})",
                    self.unit().1
                ))
                .style(theme.muted()),
                Rect::new(piles_area.x, y, piles_area.width, 1),
            );
        }
        frame.render_widget(
            Paragraph::new(self.status_lines(theme)).wrap(Wrap { trim: true }),
            status,
        );
    }

    fn status_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let s = &self.session;
        let (one, many) = self.unit();
        let turn = if s.is_over() {
            Line::styled("Game over.", theme.bold())
        } else if s.side_pending() {
            Line::raw("The AI is choosing a side…")
        } else if s.human_to_move() {
            let who = match s.name(s.to_move()) {
                "You" => "Your turn".to_string(),
                name => format!("{name}'s turn"),
            };
            let unit = if self.take == 1 { one } else { many };
            Line::from(vec![
                Span::styled(who, theme.bold()),
                Span::raw(format!(
                    ": take {} {unit} from {} {}",
                    self.take,
                    self.pile_word(),
                    self.cursor_pile + 1
                )),
            ])
        } else if s.paused() {
            Line::raw("Paused: space resumes.")
        } else {
            let dots = ["·  ", "·· ", "···"][(self.frames / 4) % 3];
            Line::raw(format!("{} is thinking {dots}", s.name(s.to_move())))
        };
        let voice = if self.voice.is_empty() {
            Line::raw("")
        } else if self.ai_seat().is_some() {
            Line::styled(format!("AI: “{}”", self.voice), theme.accent())
        } else {
            Line::styled(self.voice.clone(), theme.accent())
        };
        let hint = if !self.hints {
            Line::styled("", theme.muted())
        } else if s.is_over() {
            Line::raw("")
        } else {
            match s.analysis() {
                None => Line::styled("Hints: thinking…", theme.muted()),
                Some(a) => {
                    let wins: Vec<String> = a.winning_moves().map(|m| m.to_string()).collect();
                    let selected = a
                        .value_of(NimMove {
                            pile: self.cursor_pile,
                            take: self.take,
                        })
                        .filter(|_| s.human_to_move())
                        .map(|v| {
                            if v.verdict.is_win() {
                                " Yours wins."
                            } else {
                                " Yours loses."
                            }
                        })
                        .unwrap_or("");
                    if wins.is_empty() {
                        Line::styled(
                            format!("No winning move: all lose.{selected}"),
                            theme.warning(),
                        )
                    } else {
                        Line::styled(
                            format!(
                                "Winning ({}:take): {}.{selected}",
                                self.pile_word(),
                                wins.join(" ")
                            ),
                            theme.hint(),
                        )
                    }
                }
            }
        };
        vec![turn, voice, hint]
    }

    fn render_side(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys) {
        let table_height = if self.hints {
            self.session.position().piles().len() as u16 + 5
        } else {
            3
        };
        let [prediction, table, moves] = Layout::vertical([
            Constraint::Length(5),
            Constraint::Length(table_height),
            Constraint::Min(3),
        ])
        .areas(area);
        frame.render_widget(
            Paragraph::new(self.prediction_lines(theme))
                .wrap(Wrap { trim: true })
                .block(widgets::block("Prediction", theme)),
            prediction,
        );
        let table_lines = if self.hints {
            self.nim_sum_lines(theme)
        } else {
            vec![Line::styled(
                format!("{} shows hints and why", keys.hints()),
                theme.muted(),
            )]
        };
        frame.render_widget(
            Paragraph::new(table_lines).block(widgets::block("Nim-sum", theme)),
            table,
        );
        frame.render_widget(
            Paragraph::new(self.move_lines(theme, moves.height.saturating_sub(2) as usize))
                .block(widgets::block("Moves", theme)),
            moves,
        );
    }

    fn prediction_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let s = &self.session;
        if let Some(Outcome::Win(winner)) = s.outcome() {
            return vec![
                Line::raw("Game over:"),
                Line::styled(self.wins_text(winner), theme.bold()),
            ];
        }
        if let Some(reason) = s.analysis_failed() {
            return vec![
                Line::styled("Analysis unavailable.", theme.warning()),
                Line::styled(format!("The solver stopped: {reason}"), theme.muted()),
            ];
        }
        if s.side_pending() {
            return vec![Line::raw("The AI is choosing a side…")];
        }
        let (Some(winner), Some(a)) = (s.predicted_winner(), s.analysis()) else {
            return vec![Line::styled("Thinking…", theme.muted())];
        };
        let style = match self.ai_seat() {
            Some(ai) if ai == winner => theme.warning(),
            _ => theme.hint(),
        };
        let mut lines = vec![
            Line::raw("With perfect play,"),
            Line::styled(self.wins_text(winner), style),
        ];
        if let Some(p) = a.verdict.plies() {
            lines.push(Line::styled(
                format!("({p} more move{})", if p == 1 { "" } else { "s" }),
                theme.muted(),
            ));
        }
        lines
    }

    fn wins_text(&self, winner: Seat) -> String {
        match self.session.name(winner) {
            "You" => "you win".into(),
            "AI" => "the AI wins".into(),
            name => format!("{name} wins"),
        }
    }

    /// Each pile in binary, and which powers of two occur an odd number of times.
    fn nim_sum_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let piles = self.session.position().piles();
        let biggest = self
            .session
            .start()
            .piles()
            .iter()
            .copied()
            .max()
            .unwrap_or(1);
        let bits = (8 - biggest.leading_zeros()).max(1) as usize;
        let powers: Vec<u8> = (0..bits).rev().map(|b| 1u8 << b).collect();
        let mut lines = Vec::new();
        let mut header = vec![Span::styled(
            format!("{:<7}", self.pile_word()),
            theme.muted(),
        )];
        header.extend(
            powers
                .iter()
                .map(|p| Span::styled(format!("{p:>3}"), theme.muted())),
        );
        lines.push(Line::from(header));
        for (i, &count) in piles.iter().enumerate() {
            let mut row = vec![Span::raw(format!("{:>2} {:>3} ", i + 1, count))];
            row.extend(powers.iter().map(|&p| {
                if count & p != 0 {
                    Span::styled("  1", theme.coin())
                } else {
                    Span::styled("  ·", theme.muted())
                }
            }));
            lines.push(Line::from(row));
        }
        let mut counts = vec![Span::raw("count  ")];
        counts.extend(powers.iter().map(|&p| {
            let n = piles.iter().filter(|&&c| c & p != 0).count();
            let style = if n % 2 == 1 {
                theme.warning()
            } else {
                Style::new()
            };
            Span::styled(format!("{n:>3}"), style)
        }));
        lines.push(Line::from(counts));
        let sum = nim_sum(piles);
        let mover_wins_now = mover_wins(piles, self.session.position().ending());
        let endgame =
            self.session.position().ending() == Ending::Misere && piles.iter().all(|&p| p <= 1);
        let why = if endgame {
            let ones = piles.iter().filter(|&&p| p == 1).count();
            format!("all piles ≤ 1: {ones} left; leave an odd number")
        } else if sum == 0 {
            "all even: the mover loses".to_string()
        } else {
            format!("odd = nim-sum {sum}: make all even")
        };
        let style = if mover_wins_now {
            theme.hint()
        } else {
            theme.warning()
        };
        lines.push(Line::styled(why, style));
        lines
    }

    fn move_lines(&self, theme: &Theme, room: usize) -> Vec<Line<'static>> {
        let history = self.session.history();
        let skip = history.len().saturating_sub(room.max(1));
        history
            .iter()
            .enumerate()
            .skip(skip)
            .map(|(i, m)| {
                let style = if i + 1 == history.len() {
                    theme.last_move()
                } else {
                    Style::new()
                };
                let mut spans = vec![Span::styled(
                    format!(
                        "{:>3}. {:<9}{:>6}",
                        i + 1,
                        self.session.name(m.seat),
                        m.mv.to_string()
                    ),
                    style,
                )];
                if m.mistake {
                    spans.push(Span::styled(" ✗ mistake", theme.warning()));
                }
                Line::from(spans)
            })
            .collect()
    }

    fn render_game_over(&self, frame: &mut Frame, board: Rect, theme: &Theme, keys: &Keys) {
        let Some(Outcome::Win(winner)) = self.session.outcome() else {
            return;
        };
        let headline = match self.session.name(winner) {
            "You" => "You win!".to_string(),
            "AI" => "The AI wins.".to_string(),
            name => format!("{name} wins!"),
        };
        let (_, many) = self.unit();
        let why = match self.session.position().ending() {
            Ending::Normal => format!("{} took the last of the {many}.", self.session.name(winner)),
            Ending::Misere => format!(
                "{} had to take the last of the {many}.",
                self.session.name(winner.other())
            ),
        };
        let lines = vec![
            Line::styled(headline, theme.title()),
            Line::raw(why),
            Line::raw(match self.session.history().len() {
                1 => "1 move played.".to_string(),
                n => format!("{n} moves played."),
            }),
            Line::raw(""),
            Line::from(vec![
                Span::styled(format!("{}/Enter", keys.rematch()), theme.accent()),
                Span::raw(" rematch · "),
                Span::styled(keys.new_game().to_string(), theme.accent()),
                Span::raw(" new game · "),
                Span::styled("Esc", theme.accent()),
                Span::raw(" menu"),
            ]),
        ];
        let area = widgets::centered(board, 44, 7);
        widgets::popup(frame, area, "Game over", lines, theme);
    }
}

impl GameScreen for NimScreen {
    fn setup(&self) -> &GameSetup {
        &self.setup
    }
    fn take_analysis_request(&mut self) -> Option<Position> {
        NimScreen::take_analysis_request(self)
    }
    fn analysis_requested(&mut self, ticket: u64) {
        NimScreen::analysis_requested(self, ticket);
    }
    fn ticket(&self) -> u64 {
        self.session.ticket()
    }
    fn analysing(&self) -> bool {
        self.session.analysing()
    }
    fn receive(&mut self, ticket: u64, report: Report) {
        NimScreen::receive(self, ticket, report);
    }
    fn finished(&mut self, ticket: u64) {
        NimScreen::finished(self, ticket);
    }
    fn failed(&mut self, ticket: u64, reason: String) {
        NimScreen::failed(self, ticket, reason);
    }
    fn tick(&mut self, elapsed_ms: u64, rng: &mut StdRng) -> bool {
        NimScreen::tick(self, elapsed_ms, rng)
    }
    fn handle(&mut self, action: Action, rng: &mut StdRng, ai_delay_ms: u64) -> GameOutcome {
        NimScreen::handle(self, action, rng, ai_delay_ms)
    }
    fn click(&mut self, hit: Hit) {
        NimScreen::click(self, hit);
    }
    fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys, hits: &mut Hits) {
        NimScreen::render(self, frame, area, theme, keys, hits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn cursor_skips_empty_piles() {
        let mut rng = StdRng::seed_from_u64(3);
        let mut setup = GameSetup::from_config(GameId::Nim, &Config::default());
        setup.matchup.mode = Mode::TwoPlayers;
        setup.matchup.first = FirstMover::You;
        setup.nim.piles = vec![2, 1, 3];
        let mut s = NimScreen::new(setup, 0, false, &mut rng);
        s.handle(Action::Down, &mut rng, 0);
        s.handle(Action::Enter, &mut rng, 0); // takes pile 2 entirely
        assert_eq!(s.session.position().piles(), &[2, 0, 3]);
        // The cursor leaves the emptied pile, and skips it both ways.
        assert_eq!(s.cursor_pile, 0);
        s.handle(Action::Down, &mut rng, 0);
        assert_eq!(s.cursor_pile, 2);
        s.handle(Action::Down, &mut rng, 0);
        assert_eq!(s.cursor_pile, 0);
        s.handle(Action::Up, &mut rng, 0);
        assert_eq!(s.cursor_pile, 2);
        s.handle(Action::Left, &mut rng, 0);
        s.handle(Action::Left, &mut rng, 0);
        s.handle(Action::Left, &mut rng, 0);
        assert_eq!(s.take, 3);
    }
}
