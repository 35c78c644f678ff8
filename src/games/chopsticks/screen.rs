//! The Chopsticks screen: four hands drawn as ASCII art (the player's own at the bottom),
//! choosing a hand and a target, the split chooser, the prediction and every move's value.

use std::sync::OnceLock;

use rand::Rng;
use rand::rngs::StdRng;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use crate::game::chopsticks::{Chopsticks, ChopsticksMove, DrawReason, Hand};
use crate::game::{Game, Outcome, Seat};
use crate::games::GameSetup;
use crate::games::chopsticks::options::ChopsticksSetup;
use crate::session::{Mode, Session};
use crate::solve::Verdict;
use crate::solve::analyst::{FnAnalyst, SharedAnalyst};
use crate::tui::hits::{Hit, Hits};
use crate::tui::keys::{Action, Keys};
use crate::tui::match_view::{MatchView, Who};
use crate::tui::screen::GameScreen;
use crate::tui::theme::Theme;
use crate::tui::widgets;

const HANDS_ART: &str = include_str!("../../../assets/chopsticks_hands.txt");

/// The left-hand pictures for 0-4 raised fingers, all lines padded to one width.
fn left_hands() -> &'static [Vec<String>] {
    static ART: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    ART.get_or_init(|| parse_art(HANDS_ART))
}

/// Splits the art file into its pictures; missing pictures fall back to a plain count.
pub fn parse_art(text: &str) -> Vec<Vec<String>> {
    let mut pictures: Vec<Vec<String>> = vec![Vec::new(); 5];
    let mut current: Option<usize> = None;
    for line in text.lines() {
        if let Some(n) = line
            .strip_prefix("==")
            .and_then(|rest| rest.strip_suffix("=="))
        {
            current = n.trim().parse::<usize>().ok().filter(|&n| n < 5);
            continue;
        }
        if let Some(i) = current {
            pictures[i].push(line.trim_end().to_string());
        }
    }
    for (n, picture) in pictures.iter_mut().enumerate() {
        if picture.is_empty() {
            *picture = vec![format!("[{}]", "|".repeat(n))];
        }
    }
    let width = pictures
        .iter()
        .flatten()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    let height = pictures.iter().map(Vec::len).max().unwrap_or(0);
    for picture in &mut pictures {
        for line in picture.iter_mut() {
            let pad = width - line.chars().count();
            line.push_str(&" ".repeat(pad));
        }
        while picture.len() < height {
            picture.insert(0, " ".repeat(width));
        }
    }
    pictures
}

/// A picture seen in a mirror: lines reversed, slashes swapped.
pub fn mirror(picture: &[String]) -> Vec<String> {
    picture
        .iter()
        .map(|l| {
            l.chars()
                .rev()
                .map(|c| match c {
                    '/' => '\\',
                    '\\' => '/',
                    '(' => ')',
                    ')' => '(',
                    other => other,
                })
                .collect()
        })
        .collect()
}

/// The picture of `hand` with `fingers` up (0 to 4).
fn hand_art(hand: Hand, fingers: u8) -> Vec<String> {
    let pictures = left_hands();
    let picture = &pictures[usize::from(fingers.min(4))];
    match hand {
        Hand::Left => picture.clone(),
        Hand::Right => mirror(picture),
    }
}

/// What the player to move is choosing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Which of their own hands to hit with.
    Own,
    /// Which of the opponent's hands to hit.
    Target,
    /// A split, from the chooser.
    Split,
}

pub struct ChopsticksScreen {
    pub setup: GameSetup,
    pub view: MatchView<Chopsticks>,
    hints: bool,
    stage: Stage,
    own: Hand,
    target: Hand,
    split_cursor: usize,
    /// A short message about the last key, e.g. why there is no split.
    notice: Option<String>,
}

impl ChopsticksScreen {
    pub fn new<R: Rng + ?Sized>(
        setup: GameSetup,
        ai_delay_ms: u64,
        hints: bool,
        rng: &mut R,
    ) -> ChopsticksScreen {
        let options: ChopsticksSetup = setup.own();
        let start = Chopsticks::new(options.variant(), Some(options.move_cap));
        let analyst = SharedAnalyst::new(FnAnalyst(crate::solve::chopsticks::analyse));
        let view = MatchView::new(start, &setup.matchup, ai_delay_ms, analyst, rng);
        let mut screen = ChopsticksScreen {
            setup,
            view,
            hints,
            stage: Stage::Own,
            own: Hand::Left,
            target: Hand::Left,
            split_cursor: 0,
            notice: None,
        };
        screen.settle();
        screen
    }

    pub fn hints_on(&self) -> bool {
        self.hints
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }

    fn session(&self) -> &Session<Chopsticks> {
        &self.view.session
    }

    fn position(&self) -> &Chopsticks {
        self.view.session.position()
    }

    /// The seat drawn at the bottom: the human against the AI, the player to move when
    /// two people share the keyboard, the first AI when two AIs play.
    fn bottom_seat(&self) -> Seat {
        match self.view.ai_seat() {
            Some(ai) => ai.other(),
            None if self.view.all_ai() => Seat::First,
            None => self.position().to_move(),
        }
    }

    fn splits(&self) -> Vec<ChopsticksMove> {
        self.position()
            .legal_moves()
            .into_iter()
            .filter(|m| matches!(m, ChopsticksMove::Split { .. }))
            .collect()
    }

    /// Keeps the cursors on live hands and the split cursor in range.
    fn settle(&mut self) {
        let hands = self.position().hands();
        if hands.mine[self.own.index()] == 0 {
            self.own = self.own.other();
        }
        if hands.theirs[self.target.index()] == 0 {
            self.target = self.target.other();
        }
        let splits = self.splits().len();
        if self.stage == Stage::Split && splits == 0 {
            self.stage = Stage::Own;
        }
        self.split_cursor = self.split_cursor.min(splits.saturating_sub(1));
    }

    fn play(&mut self, mv: ChopsticksMove) {
        if self.view.play(mv) {
            self.stage = Stage::Own;
            self.split_cursor = 0;
            self.notice = None;
            self.settle();
        }
    }

    fn undo(&mut self) {
        if self.view.undo() {
            self.stage = Stage::Own;
            self.notice = None;
            self.settle();
        }
    }

    /// Moves a cursor to the other hand when that one is alive.
    fn step(hand: Hand, fingers: [u8; 2]) -> Hand {
        if fingers[hand.other().index()] > 0 {
            hand.other()
        } else {
            hand
        }
    }

    fn toggle_splits(&mut self) {
        if self.stage == Stage::Split {
            self.stage = Stage::Own;
            return;
        }
        if self.splits().is_empty() {
            let [l, r] = self.position().hands().mine;
            self.notice = Some(format!(
                "No split from {l},{r}: it would only keep or swap your hands{}.",
                if self.position().variant().empty_splits {
                    ""
                } else {
                    " or empty one"
                }
            ));
            return;
        }
        self.notice = None;
        self.split_cursor = 0;
        self.stage = Stage::Split;
    }

    fn handle_own(&mut self, action: Action) {
        let mine = self.position().hands().mine;
        match action {
            Action::Left | Action::Right => self.own = Self::step(self.own, mine),
            Action::Enter | Action::Up => {
                self.notice = None;
                self.stage = Stage::Target;
            }
            _ => {}
        }
    }

    fn handle_target(&mut self, action: Action) {
        let theirs = self.position().hands().theirs;
        match action {
            Action::Left | Action::Right => self.target = Self::step(self.target, theirs),
            Action::Enter => self.play(ChopsticksMove::Hit {
                from: self.own,
                to: self.target,
            }),
            Action::Down | Action::Backspace => self.stage = Stage::Own,
            _ => {}
        }
    }

    fn handle_split(&mut self, action: Action) {
        let splits = self.splits();
        let n = splits.len();
        match action {
            Action::Up if n > 0 => self.split_cursor = (self.split_cursor + n - 1) % n,
            Action::Down if n > 0 => self.split_cursor = (self.split_cursor + 1) % n,
            Action::Enter => {
                if let Some(&mv) = splits.get(self.split_cursor) {
                    self.play(mv);
                }
            }
            Action::Digit(d) if d >= 1 => {
                if let Some(&mv) = splits.get(usize::from(d) - 1) {
                    self.play(mv);
                }
            }
            Action::Backspace => self.stage = Stage::Own,
            _ => {}
        }
    }

    /// The move the cursors point at, if any.
    fn selected_move(&self) -> Option<ChopsticksMove> {
        if !self.view.session.human_to_move() {
            return None;
        }
        match self.stage {
            Stage::Own => None,
            Stage::Target => Some(ChopsticksMove::Hit {
                from: self.own,
                to: self.target,
            }),
            Stage::Split => self.splits().get(self.split_cursor).copied(),
        }
    }

    fn title(&self) -> String {
        let variant = self.position().variant();
        let mut rules = vec![if variant.rollover {
            "rollover"
        } else {
            "5+ kills"
        }];
        if !variant.empty_splits {
            rules.push("no empty splits");
        }
        let who = match self.setup.matchup.mode {
            Mode::VsAi => format!("you vs the AI ({})", self.setup.matchup.difficulty),
            Mode::TwoPlayers => "two players".into(),
            Mode::AiVsAi => format!("AI vs AI ({})", self.setup.matchup.difficulty),
        };
        format!("Chopsticks · {} · {who}", rules.join(", "))
    }

    /// "your", "the AI's", "Player 2's".
    fn possessive(&self, seat: Seat) -> String {
        match self.view.who(seat) {
            Who::You => "your".into(),
            Who::Ai => "the AI's".into(),
            Who::Named(name) => format!("{name}'s"),
        }
    }

    /// The last move in words, e.g. "AI: left (1) hits your right: 1 → 2".
    fn last_move_text(&self) -> Option<String> {
        let last = self.session().history().last()?;
        let before = last.before.hands();
        let who = self.session().name(last.seat);
        Some(match last.mv {
            ChopsticksMove::Hit { from, to } => {
                let attacker = before.mine[from.index()];
                let target = before.theirs[to.index()];
                let result = last.before.variant().hit(target, attacker);
                let end = if result == 0 {
                    "dead".to_string()
                } else {
                    result.to_string()
                };
                format!(
                    "{who}: {} ({attacker}) hits {} {}: {target} → {end}",
                    from.name(),
                    self.possessive(last.seat.other()),
                    to.name()
                )
            }
            ChopsticksMove::Split { left, right } => format!(
                "{who}: split {},{} → {left},{right}",
                before.mine[0], before.mine[1]
            ),
        })
    }

    /// Whether the last move touched `seat`'s `hand`, and the count before it did.
    fn touched(&self, seat: Seat, hand: Hand) -> Option<u8> {
        let last = self.session().history().last()?;
        let before = last.before.hands_of(seat)[hand.index()];
        match last.mv {
            ChopsticksMove::Hit { from, to } => {
                let hit_here = seat != last.seat && to == hand;
                let hit_with = seat == last.seat && from == hand;
                (hit_here || hit_with).then_some(before)
            }
            ChopsticksMove::Split { .. } => (seat == last.seat).then_some(before),
        }
    }

    fn render_board(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        let block = widgets::block("Hands", theme);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let [hands_area, status] =
            Layout::vertical([Constraint::Min(1), Constraint::Length(3)]).areas(inner);
        let art_height = left_hands().first().map_or(1, Vec::len) as u16;
        // Name, art and labels for each player, and the line about the last move.
        let full = 2 * (art_height + 2) + 1;
        let art_height = if hands_area.height >= full {
            art_height
        } else {
            1
        };
        // Spare rows: a quarter above and below, the rest around the middle line.
        let spare = hands_area.height.saturating_sub(2 * (art_height + 2) + 1);
        let margin = spare / 4;
        let gap = spare - 2 * margin;
        let [_, top, _, middle, _, bottom, _] = Layout::vertical([
            Constraint::Length(margin),
            Constraint::Length(art_height + 2),
            Constraint::Length(gap / 2),
            Constraint::Length(1),
            Constraint::Length(gap - gap / 2),
            Constraint::Length(art_height + 2),
            Constraint::Length(margin),
        ])
        .areas(hands_area);
        let bottom_seat = self.bottom_seat();
        self.render_row(frame, top, bottom_seat.other(), false, theme, hits);
        self.render_row(frame, bottom, bottom_seat, true, theme, hits);
        if let Some(text) = self.last_move_text() {
            frame.render_widget(
                Paragraph::new(Line::styled(text, theme.last_move()))
                    .alignment(ratatui::layout::Alignment::Center),
                middle,
            );
        }
        frame.render_widget(
            Paragraph::new(self.status_lines(theme, keys)).wrap(Wrap { trim: true }),
            status,
        );
    }

    /// One player's two hands: the name away from the middle, the labels towards it.
    fn render_row(
        &self,
        frame: &mut Frame,
        area: Rect,
        seat: Seat,
        bottom: bool,
        theme: &Theme,
        hits: &mut Hits,
    ) {
        let s = self.session();
        let position = self.position();
        let fingers = position.hands_of(seat);
        let art_height = area.height.saturating_sub(2);
        let (name_y, art_y, label_y) = if bottom {
            (area.bottom().saturating_sub(1), area.y + 1, area.y)
        } else {
            (area.y, area.y + 1, area.y + 1 + art_height)
        };
        let to_move = !s.is_over() && position.to_move() == seat;
        let mut name = vec![Span::styled(s.name(seat).to_string(), theme.bold())];
        if to_move {
            name.push(Span::styled(" · to move", theme.muted()));
        }
        frame.render_widget(
            Paragraph::new(Line::from(name)).alignment(ratatui::layout::Alignment::Center),
            Rect::new(area.x, name_y, area.width, 1),
        );
        let mover = s.human_to_move() && position.to_move() == seat;
        let targeted = s.human_to_move() && position.to_move() != seat;
        for hand in Hand::BOTH {
            let count = fingers[hand.index()];
            let column = area.x + area.width * (1 + 2 * hand.index() as u16) / 4;
            let cursor = (mover && self.stage != Stage::Split && hand == self.own)
                || (targeted && self.stage == Stage::Target && hand == self.target);
            let touched = self.touched(seat, hand);
            let style = if cursor {
                theme.cursor()
            } else if touched.is_some() {
                theme.last_move()
            } else if count == 0 {
                theme.muted()
            } else {
                theme.coin()
            };
            let picture = if art_height > 1 {
                hand_art(hand, count)
            } else {
                vec![format!("[{:<4}]", "|".repeat(usize::from(count)))]
            };
            let width = picture
                .first()
                .map_or(0, |l| l.chars().count() as u16)
                .min(area.width / 2);
            let x = column.saturating_sub(width / 2).max(area.x);
            let art_area = Rect::new(x, art_y, width, art_height);
            let lines: Vec<Line> = picture
                .into_iter()
                .map(|l| Line::styled(l, style))
                .collect();
            frame.render_widget(Paragraph::new(lines), art_area);
            hits.add(
                art_area,
                Hit::Hand {
                    bottom,
                    hand: hand.index(),
                },
            );
            let marker = if cursor { "▶ " } else { "" };
            let mut label = if count == 0 {
                format!("{marker}{} ✗", hand.name())
            } else {
                format!("{marker}{} {count}", hand.name())
            };
            if let Some(was) = touched.filter(|&was| was != count) {
                label.push_str(&format!(" (was {was})"));
            }
            let label_width = (label.chars().count() as u16).min(area.width / 2);
            let label_area = Rect::new(
                column.saturating_sub(label_width / 2).max(area.x),
                label_y,
                label_width,
                1,
            );
            frame.render_widget(Paragraph::new(Line::styled(label, style)), label_area);
            hits.add(
                label_area,
                Hit::Hand {
                    bottom,
                    hand: hand.index(),
                },
            );
        }
    }

    fn status_lines(&self, theme: &Theme, keys: &Keys) -> Vec<Line<'static>> {
        let s = self.session();
        let detail = match self.stage {
            Stage::Own => format!(
                ": ←→ your hand, Enter; {} split",
                keys.key(Action::Own("splits"))
            ),
            Stage::Target => format!(": your {} hits ←→, Enter", self.own.name()),
            Stage::Split => ": ↑↓ a split, Enter".to_string(),
        };
        let turn = self.view.turn_line(theme, keys, detail);
        let voice = self.view.voice_line(theme);
        let third = if let Some(notice) = &self.notice {
            Line::styled(notice.clone(), theme.warning())
        } else if !self.hints || s.is_over() {
            Line::raw("")
        } else {
            match s.analysis() {
                None => Line::styled("Hints: thinking…", theme.muted()),
                Some(a) => {
                    let best = a
                        .best
                        .and_then(|b| a.value_of(b))
                        .map(|m| format!("Best {} ({}).", m.mv, short_verdict(m.verdict)))
                        .unwrap_or_default();
                    let yours = self
                        .selected_move()
                        .and_then(|m| a.value_of(m))
                        .map(|m| format!(" Yours: {}.", short_verdict(m.verdict)))
                        .unwrap_or_default();
                    Line::styled(format!("{best}{yours}"), theme.hint())
                }
            }
        };
        vec![turn, voice, third]
    }

    /// "With perfect play: the AI wins in 26 moves" or "draw".
    fn prediction_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        if let Some(lines) = self.view.prediction_preamble(theme) {
            return lines;
        }
        let s = self.session();
        let Some(a) = s.analysis() else {
            return vec![Line::styled("Thinking…", theme.muted())];
        };
        let mover = s.to_move();
        let moves = |p: Option<u32>| match p {
            Some(1) => " in 1 move".to_string(),
            Some(p) => format!(" in {p} moves"),
            None => String::new(),
        };
        let (text, style) = match a.verdict {
            Verdict::Win { plies } | Verdict::Loss { plies } => {
                let winner = if a.verdict.is_win() {
                    mover
                } else {
                    mover.other()
                };
                let style = match self.view.ai_seat() {
                    Some(ai) if ai == winner => theme.warning(),
                    _ => theme.hint(),
                };
                (
                    format!("{}{}", self.view.wins_text(winner), moves(plies)),
                    style,
                )
            }
            Verdict::Draw => ("draw".to_string(), theme.bold()),
            _ => ("unknown".to_string(), theme.muted()),
        };
        let mut lines = vec![Line::raw("With perfect play:"), Line::styled(text, style)];
        let position = self.position();
        let extra = if position.repetitions() >= 2 {
            Some("Seen twice: 3rd time draws.".to_string())
        } else {
            position
                .plies_left()
                .map(|left| format!("Move cap: {left} moves left."))
        };
        if let Some(extra) = extra {
            lines.push(Line::styled(extra, theme.muted()));
        }
        lines
    }

    fn render_side(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys) {
        let moves_count = self.position().legal_moves().len() as u16;
        let table_height = if self.hints {
            moves_count.max(1) + 2
        } else {
            3
        };
        let [prediction, table, history] = Layout::vertical([
            Constraint::Length(5),
            Constraint::Length(table_height),
            Constraint::Min(3),
        ])
        .areas(area);
        widgets::panel(
            frame,
            prediction,
            "Prediction",
            self.prediction_lines(theme),
            theme,
        );
        let lines = self.hints.then(|| self.move_value_lines(theme));
        let off = "lists every move's value";
        widgets::hints_panel(frame, table, "Every move", lines, off, keys, theme);
        self.view
            .render_moves(frame, history, theme, |m| m.mv.to_string());
    }

    /// Every legal move with its verdict and distance; ▶ the selected one, ★ the best.
    fn move_value_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let s = self.session();
        if s.is_over() {
            return vec![Line::styled("The game is over.", theme.muted())];
        }
        let Some(a) = s.analysis() else {
            return vec![Line::styled("Thinking…", theme.muted())];
        };
        let selected = self.selected_move();
        a.moves
            .iter()
            .map(|m| {
                let marker = if Some(m.mv) == selected {
                    "▶ "
                } else if Some(m.mv) == a.best {
                    "★ "
                } else {
                    "  "
                };
                Line::from(vec![
                    Span::styled(marker, theme.accent()),
                    Span::raw(format!("{:<11}", m.mv.to_string())),
                    Span::styled(verdict_text(m.verdict), verdict_style(m.verdict, theme)),
                ])
            })
            .collect()
    }

    fn render_splits(
        &self,
        frame: &mut Frame,
        board: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        let splits = self.splits();
        let analysis = self.session().analysis().filter(|_| self.hints);
        let mut lines = Vec::new();
        for (i, mv) in splits.iter().enumerate() {
            let ChopsticksMove::Split { left, right } = *mv else {
                continue;
            };
            let selected = i == self.split_cursor;
            let style = if selected {
                theme.selected()
            } else {
                Style::new()
            };
            let mut spans = vec![Span::styled(
                format!(
                    "{}{}. {left},{right}",
                    if selected { "▶ " } else { "  " },
                    i + 1
                ),
                style,
            )];
            if let Some(v) = analysis.and_then(|a| a.value_of(*mv)) {
                spans.push(Span::raw("  "));
                spans.push(Span::styled(
                    verdict_text(v.verdict),
                    verdict_style(v.verdict, theme),
                ));
            }
            lines.push(Line::from(spans));
        }
        lines.push(Line::styled(
            format!(
                "↑↓ Enter or 1-9 · {} closes",
                keys.label(&[Action::Own("splits"), Action::Back])
            ),
            theme.muted(),
        ));
        let height = lines.len() as u16 + 2;
        let area = widgets::centered(board, 34, height);
        frame.render_widget(Clear, area);
        frame.render_widget(
            Paragraph::new(lines).block(widgets::block("Split your fingers", theme)),
            area,
        );
        for i in 0..splits.len() {
            let y = area.y + 1 + i as u16;
            if y < area.bottom().saturating_sub(1) {
                hits.add(
                    Rect::new(area.x + 1, y, area.width.saturating_sub(2), 1),
                    Hit::Choice(i),
                );
            }
        }
    }

    fn render_game_over(&self, frame: &mut Frame, board: Rect, theme: &Theme, keys: &Keys) {
        let s = self.session();
        let position = self.position();
        let why = match s.outcome() {
            Some(Outcome::Win(winner)) => {
                let loser = match self.view.who(winner.other()) {
                    Who::You => "Your".to_string(),
                    Who::Ai => "The AI's".to_string(),
                    Who::Named(name) => format!("{name}'s"),
                };
                format!("{loser} hands are both dead.")
            }
            Some(Outcome::Draw) => match position.draw_reason() {
                Some(DrawReason::Repetition) => {
                    "The same position came up a third time.".to_string()
                }
                _ => format!(
                    "The move cap of {} moves was reached.",
                    position.move_cap().unwrap_or(0)
                ),
            },
            None => return,
        };
        self.view.render_game_over(frame, board, theme, keys, why);
    }
}

/// "win 7", "loss 26", "draw": for the one-line hint.
fn short_verdict(v: Verdict) -> String {
    match v {
        Verdict::Win { plies: Some(p) } => format!("win {p}"),
        Verdict::Loss { plies: Some(p) } => format!("loss {p}"),
        other => other.word().to_string(),
    }
}

/// "win in 7", "loss in 26", "draw".
pub fn verdict_text(v: Verdict) -> String {
    match v {
        Verdict::Win { plies: Some(p) } => format!("win in {p}"),
        Verdict::Loss { plies: Some(p) } => format!("loss in {p}"),
        other => other.word().to_string(),
    }
}

fn verdict_style(v: Verdict, theme: &Theme) -> Style {
    match v {
        Verdict::Win { .. } => theme.hint(),
        Verdict::Loss { .. } => theme.warning(),
        _ => Style::new(),
    }
}

impl GameScreen for ChopsticksScreen {
    crate::screen_basics!(view);
    fn tick(&mut self, elapsed_ms: u64, rng: &mut StdRng) -> bool {
        let (mv, redraw) = self.view.tick(elapsed_ms, rng);
        if let Some(mv) = mv {
            self.play(mv);
        }
        redraw
    }
    /// The hands' own keys (while a person is to move); false for the rest.
    fn handle(&mut self, action: Action) -> bool {
        if !self.view.session.human_to_move() {
            return false;
        }
        match action {
            // Esc backs out of a choice before it leaves the game.
            Action::Back if self.stage != Stage::Own => self.stage = Stage::Own,
            Action::Own("splits") => self.toggle_splits(),
            Action::Up
            | Action::Down
            | Action::Left
            | Action::Right
            | Action::Enter
            | Action::Digit(_)
            | Action::Backspace => match self.stage {
                Stage::Own => self.handle_own(action),
                Stage::Target => self.handle_target(action),
                Stage::Split => self.handle_split(action),
            },
            _ => return false,
        }
        true
    }
    fn undo(&mut self) {
        ChopsticksScreen::undo(self);
    }
    /// A click on a hand or on a line of the split chooser. Clicking one of your hands
    /// picks it; clicking one of the opponent's hits it with the hand you picked.
    fn click(&mut self, hit: Hit) {
        if !self.view.session.human_to_move() {
            return;
        }
        let hands = self.position().hands();
        match hit {
            Hit::Hand { bottom: true, hand } if hand < 2 => {
                let hand = Hand::from_index(hand);
                if hands.mine[hand.index()] > 0 {
                    self.own = hand;
                    self.stage = Stage::Target;
                    self.notice = None;
                }
            }
            Hit::Hand {
                bottom: false,
                hand,
            } if hand < 2 && self.stage != Stage::Split => {
                let hand = Hand::from_index(hand);
                if hands.theirs[hand.index()] > 0 {
                    self.target = hand;
                    self.play(ChopsticksMove::Hit {
                        from: self.own,
                        to: hand,
                    });
                }
            }
            Hit::Choice(i) if self.stage == Stage::Split => {
                if let Some(&mv) = self.splits().get(i) {
                    self.play(mv);
                }
            }
            _ => {}
        }
    }
    fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys, hits: &mut Hits) {
        let (board, side, footer) =
            widgets::game_frame(frame, area, self.title(), [40, 34, 30], theme);
        self.render_board(frame, board, theme, keys, hits);
        self.render_side(frame, side, theme, keys);
        let mut list = keys.footer(&[
            (&[Action::Left, Action::Right], "hand"),
            (&[Action::Enter], "pick"),
            (&[Action::Own("splits")], "split"),
            (&[Action::Hints], "hints"),
            (&[Action::Undo], "undo"),
            (&[Action::NewGame], "new"),
            (&[Action::Help], "rules"),
            (&[Action::Back], "menu"),
        ]);
        if self.view.all_ai() {
            list.splice(0..3, keys.footer(&[(&[Action::Pause], "pause")]));
        }
        widgets::footer(frame, footer, &list, theme);
        if self.view.session.is_over() {
            self.render_game_over(frame, board, theme, keys);
        } else if self.stage == Stage::Split && self.view.session.human_to_move() {
            self.render_splits(frame, board, theme, keys, hits);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_art_file_has_five_pictures_of_one_size() {
        let pictures = parse_art(HANDS_ART);
        assert_eq!(pictures.len(), 5);
        let height = pictures[0].len();
        let width = pictures[0][0].chars().count();
        assert!(height >= 4, "{height}");
        for p in &pictures {
            assert_eq!(p.len(), height);
            assert!(p.iter().all(|l| l.chars().count() == width));
        }
        // More fingers, more ink at the top.
        let ink = |p: &Vec<String>| {
            p.iter()
                .take(2)
                .flat_map(|l| l.chars())
                .filter(|c| !c.is_whitespace())
                .count()
        };
        for n in 1..5 {
            assert!(ink(&pictures[n]) > ink(&pictures[n - 1]), "{n}");
        }
    }

    #[test]
    fn mirroring_twice_gives_the_picture_back() {
        let p = &left_hands()[3];
        assert_eq!(&mirror(&mirror(p)), p);
        assert_ne!(&mirror(p), p);
    }
}
