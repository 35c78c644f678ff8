//! Drawing the Chopsticks screen: the hands, the status, the side panels, the split
//! chooser and the game-over box.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::art::{hand_art, hand_sets, set_size};
use super::{ChopsticksScreen, Stage};
use crate::game::chopsticks::{Chopsticks, ChopsticksMove, DrawReason, Hand};
use crate::game::{Game, Outcome, Seat};
use crate::solve::{Analysis, Verdict};

/// The move notation in a few words, under the move list: a hit names the mover's hand,
/// then the hand it hits; a split gives the mover's hands after it.
const NOTATION: &str = " hit:l:r = left hits right ";
use crate::plugin::match_view::Who;
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

/// The move that led to a position: the position before it, who played it, the move.
pub type LastMove<'a> = (&'a Chopsticks, Seat, ChopsticksMove);

/// What the hands show besides the position: the names, who is to move, the cursor,
/// and the move that led here (its hands highlighted, said on the middle line).
pub struct HandsLook<'a> {
    pub position: &'a Chopsticks,
    /// The seat drawn at the bottom.
    pub bottom: Seat,
    /// The seats' names, the first mover's first.
    pub names: [&'a str; 2],
    /// The seat marked "to move" (none once the game is over).
    pub to_move: Option<Seat>,
    /// The hands under the cursor: the hitting hand and, once picked, its target.
    pub cursors: Vec<(Seat, Hand)>,
    pub last: Option<LastMove<'a>>,
    /// The last move in words, on the line between the two players.
    pub last_text: Option<String>,
    /// While the hands the last move touched change (an animation frame: 0 the count
    /// before, then the count after; a hand that died flashes for two frames).
    pub changing: Option<u64>,
}

/// The four hands, one player above the other, and the last move between them: the
/// largest pictures the area holds (bigger ones on a large terminal), one-line hands
/// when even the smallest do not fit. Shared by the match screen and the review.
pub fn draw_hands(frame: &mut Frame, area: Rect, look: &HandsLook, theme: &Theme, hits: &mut Hits) {
    // Name, art and labels for each player, and the line about the last move; two
    // hands side by side with a margin around each.
    let fits =
        |(height, width): (u16, u16)| area.height > 2 * (height + 2) && area.width / 2 >= width + 4;
    let art_height = hand_sets()
        .iter()
        .map(|set| set_size(set))
        .rev()
        .find(|&size| fits(size))
        .map_or(1, |(height, _)| height);
    // Spare rows: a quarter above and below, the rest around the middle line.
    let spare = area.height.saturating_sub(2 * (art_height + 2) + 1);
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
    .areas(area);
    draw_row(frame, top, look, look.bottom.other(), false, theme, hits);
    draw_row(frame, bottom, look, look.bottom, true, theme, hits);
    if let Some(text) = &look.last_text {
        // Too wide for the line (long names, a narrow board): the move without who
        // played it (the highlighted hands tell), and cut at a word if still too wide.
        let text = match text.split_once(": ") {
            Some((_, rest)) if text.chars().count() > usize::from(middle.width) => rest,
            _ => text,
        };
        let text = if text.chars().count() > usize::from(middle.width) {
            widgets::fit(text, middle.width)
        } else {
            text.to_string()
        };
        frame.render_widget(
            Paragraph::new(Line::styled(text, theme.last_move()))
                .alignment(ratatui::layout::Alignment::Center),
            middle,
        );
    }
}

/// One player's two hands: the name away from the middle, the labels towards it.
fn draw_row(
    frame: &mut Frame,
    area: Rect,
    look: &HandsLook,
    seat: Seat,
    bottom: bool,
    theme: &Theme,
    hits: &mut Hits,
) {
    let fingers = look.position.hands_of(seat);
    let art_height = area.height.saturating_sub(2);
    let (name_y, art_y, label_y) = if bottom {
        (area.bottom().saturating_sub(1), area.y + 1, area.y)
    } else {
        (area.y, area.y + 1, area.y + 1 + art_height)
    };
    let mut name = vec![Span::styled(
        look.names[seat.index()].to_string(),
        theme.bold(),
    )];
    if look.to_move == Some(seat) {
        name.push(Span::styled(" · to move", theme.muted()));
    }
    frame.render_widget(
        Paragraph::new(Line::from(name)).alignment(ratatui::layout::Alignment::Center),
        Rect::new(area.x, name_y, area.width, 1),
    );
    for hand in Hand::BOTH {
        let count = fingers[hand.index()];
        let column = area.x + area.width * (1 + 2 * hand.index() as u16) / 4;
        let cursor = look.cursors.contains(&(seat, hand));
        let touched = touched(look.last, seat, hand);
        // A touched hand shows its count before the move for the first frame; a hand
        // the move killed flashes as a warning meanwhile.
        let dying = touched.is_some_and(|was| was > 0 && count == 0);
        let shown = match (look.changing, touched) {
            (Some(0), Some(was)) => was,
            _ => count,
        };
        let style = if cursor {
            theme.cursor()
        } else if dying && look.changing.is_some_and(|f| f < 2) {
            theme
                .warning()
                .add_modifier(ratatui::style::Modifier::REVERSED)
        } else if touched.is_some() {
            theme.last_move()
        } else if count == 0 {
            theme.muted()
        } else {
            theme.coin()
        };
        // The set drawn is the one of the row's height (see `draw_hands`).
        let set = hand_sets()
            .iter()
            .find(|set| art_height > 1 && set_size(set).0 == art_height);
        let picture = match set {
            Some(set) => hand_art(set, hand, shown),
            None => vec![format!("[{:<4}]", "|".repeat(usize::from(shown)))],
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
        hits.add(art_area, super::hand_hit(bottom, hand.index()));
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
        hits.add(label_area, super::hand_hit(bottom, hand.index()));
    }
}

/// Whether the last move touched `seat`'s `hand`, and the count before it did.
fn touched(last: Option<LastMove>, seat: Seat, hand: Hand) -> Option<u8> {
    let (before, mover, mv) = last?;
    let count = before.hands_of(seat)[hand.index()];
    match mv {
        ChopsticksMove::Hit { from, to } => {
            let hit_here = seat != mover && to == hand;
            let hit_with = seat == mover && from == hand;
            (hit_here || hit_with).then_some(count)
        }
        ChopsticksMove::Split { .. } => (seat == mover).then_some(count),
    }
}

/// The last move in words, e.g. "AI: left (1) hits your right: 1 → 2": `who` played
/// it, against `target`'s hands ("your", "Bob's").
pub fn move_text(before: &Chopsticks, mv: ChopsticksMove, who: &str, target: &str) -> String {
    let hands = before.hands();
    match mv {
        ChopsticksMove::Hit { from, to } => {
            let attacker = hands.mine[from.index()];
            let struck = hands.theirs[to.index()];
            let result = before.variant().hit(struck, attacker);
            let end = if result == 0 {
                "dead".to_string()
            } else {
                result.to_string()
            };
            format!(
                "{who}: {} ({attacker}) hits {target} {}: {struck} → {end}",
                from.name(),
                to.name()
            )
        }
        ChopsticksMove::Split { left, right } => format!(
            "{who}: split {},{} → {left},{right}",
            hands.mine[0], hands.mine[1]
        ),
    }
}

impl ChopsticksScreen {
    pub(super) fn render_board(
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
        let s = self.session();
        let position = self.position();
        let mut cursors = Vec::new();
        if s.human_to_move() {
            let mover = position.to_move();
            if self.board.stage != Stage::Split {
                cursors.push((mover, self.board.own));
            }
            if self.board.stage == Stage::Target {
                cursors.push((mover.other(), self.board.target));
            }
        }
        let last = s.history().last().map(|m| (&m.before, m.seat, m.mv));
        let look = HandsLook {
            position,
            bottom: self.bottom_seat(),
            names: [s.name(Seat::First), s.name(Seat::Second)],
            // No one is to move once the match is over, by the rules or outside them
            // (resigned, agreed, a flag fallen).
            to_move: (!s.is_over() && !keys.online().is_some_and(|o| o.over) && !keys.finished())
                .then(|| position.to_move()),
            cursors,
            last,
            last_text: self.last_move_text(),
            changing: self.board.changing.frame().filter(|_| theme.animate),
        };
        draw_hands(frame, hands_area, &look, theme, hits);
        frame.render_widget(
            Paragraph::new(self.status_lines(theme, keys)).wrap(Wrap { trim: true }),
            status,
        );
    }

    pub(super) fn status_lines(&self, theme: &Theme, keys: &Keys) -> Vec<Line<'static>> {
        let s = self.session();
        let detail = match self.board.stage {
            Stage::Own => format!(
                ": ←→ a hand, Enter; {} split",
                keys.key(Action::Own("splits"))
            ),
            Stage::Target => format!(": {} hits which? ←→, Enter", self.board.own.name()),
            Stage::Split => ": ↑↓ a split, Enter".to_string(),
        };
        let turn = self.view.turn_line(theme, keys, detail);
        let voice = self.view.voice_line(theme);
        let third = if let Some(notice) = &self.board.notice {
            Line::styled(notice.clone(), theme.warning())
        } else if !self.view.hints || s.is_over() {
            Line::raw("")
        } else if let Some(wait) = self.view.hints_wait() {
            Line::styled(wait, theme.muted())
        } else {
            match s.analysis() {
                None => Line::styled("Hints: thinking…", theme.muted()),
                Some(a) => {
                    let best = best_hint(a);
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
    pub(super) fn prediction_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
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

    pub(super) fn render_side(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys) {
        let history = widgets::prediction_and_hints(
            frame,
            area,
            self.view
                .hidden_prediction(keys, theme)
                .unwrap_or_else(|| self.prediction_lines(theme)),
            "Every move",
            // Over by the rules, or by a clock (the hints key is refused then).
            if self.view.session.is_over() || self.view.hushed() {
                Some(widgets::no_moves_left(theme))
            } else {
                self.view.hints.then(|| self.move_value_lines(theme))
            },
            "lists every move's value",
            keys,
            theme,
        );
        self.view
            .render_moves(frame, history, theme, |m| m.mv.to_string());
        // The notation, on the list's bottom border where it is read (the rules say
        // more): "hit:l:r" is the mover's left hitting the other's right.
        let legend = Rect {
            x: history.x + 2,
            y: history.bottom().saturating_sub(1),
            width: history.width.saturating_sub(4),
            height: 1,
        };
        if history.height >= 3 && usize::from(legend.width) >= NOTATION.chars().count() {
            frame.render_widget(Paragraph::new(NOTATION).style(theme.muted()), legend);
        }
    }

    /// Every legal move with its verdict and distance; ▶ the selected one, ★ the best
    /// (every move as good as the best: ties are equal).
    pub(super) fn move_value_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let s = self.session();
        if s.is_over() {
            return vec![Line::styled("The game is over.", theme.muted())];
        }
        if let Some(wait) = self.view.hints_wait() {
            return vec![Line::styled(wait, theme.muted())];
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
                } else if a.is_best(m.mv) {
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

    pub(super) fn render_splits(
        &self,
        frame: &mut Frame,
        board: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        let splits = self.splits();
        let analysis = self.session().analysis().filter(|_| self.view.hints);
        let mut lines = Vec::new();
        for (i, mv) in splits.iter().enumerate() {
            let ChopsticksMove::Split { left, right } = *mv else {
                continue;
            };
            let selected = i == self.board.split_cursor;
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

    pub(super) fn render_game_over(
        &self,
        frame: &mut Frame,
        board: Rect,
        theme: &Theme,
        keys: &Keys,
    ) {
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

/// The one-line hint's best move: "Best hit:l:r (win 9).", "2 tie for best (win 25).",
/// "Every move: loss 26.": when several moves are as good as the best, none is singled
/// out.
fn best_hint(a: &Analysis<ChopsticksMove>) -> String {
    let best = a.best_moves();
    let Some(value) = best.first().and_then(|b| a.value_of(*b)) else {
        return String::new();
    };
    let value = short_verdict(value.verdict);
    match best.as_slice() {
        [_, _, ..] if best.len() == a.moves.len() => format!("Every move: {value}."),
        [one] => format!("Best {one} ({value})."),
        // The list beside the board stars each of them; the line stays one line.
        many => format!("{} tie for best ({value}).", many.len()),
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
