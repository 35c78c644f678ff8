//! The Nim (and 1-3-5-7) screen: piles, cursor, prediction, hints, move list.

use rand::Rng;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::game::Outcome;
use crate::game::nim::{EmptyPiles, Ending, Nim, NimMove, parse_piles};
use crate::games::nim::options::NimSetup;
use crate::plugin::GameSetup;
use crate::plugin::match_screen::{Board, Match};
use crate::plugin::match_view::MatchView;
use crate::session::Session;
use crate::solve::analyst::{FnAnalyst, SharedAnalyst};
use crate::solve::nim::{mover_wins, nim_sum};
use crate::ui::animation::Animation;
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

/// Nim is played with coins in piles; 1-3-5-7 (misère Nim on 1, 3, 5, 7) with sugar
/// packets in rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    Coins,
    SugarPackets,
}

/// Nim's own part of its screen: the cursor and the coins leaving.
pub struct NimBoard {
    flavour: Flavour,
    cursor_pile: usize,
    take: u8,
    /// The last key was a digit: the next one makes a two-digit take (1 then 2: 12).
    typing: bool,
    /// The coins just taken leaving the pile.
    taking: Animation,
}

/// The Nim (and 1-3-5-7) screen.
pub type NimScreen = Match<NimBoard>;

/// The start of a game of this setup: its position if it names one, else the setup's
/// piles (1-3-5-7 has no options of its own: always misère).
pub fn start_position<R: Rng + ?Sized>(setup: &GameSetup, rng: &mut R) -> Result<Nim, String> {
    let (ending, piles) = match setup.options::<NimSetup>() {
        Some(options) => {
            let ending = if options.misere {
                Ending::Misere
            } else {
                Ending::Normal
            };
            (ending, options.starting_piles(rng))
        }
        None => (Ending::Misere, vec![1, 3, 5, 7]),
    };
    let piles = match &setup.position {
        Some(text) => parse_piles(text, EmptyPiles::Allowed).map_err(|e| e.to_string())?,
        None => piles,
    };
    Ok(Nim::new(piles, ending))
}

/// A coin is clicked as `Hit::Square(pile * COIN_STRIDE + index)`: a pile holds at
/// most `u8::MAX` coins, so every index is below the stride.
const COIN_STRIDE: u32 = 256;

/// The hit of coin `index` (counted from the left) of `pile`.
pub fn coin_hit(pile: usize, index: usize) -> Hit {
    Hit::Square(pile as u32 * COIN_STRIDE + index as u32)
}

/// The pile and coin a hit is on, if it is on a coin.
pub fn coin_of(hit: Hit) -> Option<(usize, usize)> {
    match hit {
        Hit::Square(n) => Some(((n / COIN_STRIDE) as usize, (n % COIN_STRIDE) as usize)),
        _ => None,
    }
}

/// What the piles show besides the coins: the move that led here, the cursor (pile and
/// how many to take) and each pile's winning takes (hints).
pub struct PilesLook<'a> {
    pub position: &'a Nim,
    /// The start of the game: each pile is drawn as wide as it started.
    pub start: &'a Nim,
    pub last: Option<NimMove>,
    pub cursor: Option<(usize, u8)>,
    pub winning: Vec<Vec<u8>>,
    pub flavour: Flavour,
    /// While the coins just taken leave the pile (an animation frame: 0 still there
    /// and lit, 1 shrinking, then the hollow mark they leave).
    pub taking: Option<u64>,
}

/// What the coins are called in this flavour: one, many.
fn unit(flavour: Flavour) -> (&'static str, &'static str) {
    match flavour {
        Flavour::SugarPackets => ("packet", "packets"),
        _ => ("coin", "coins"),
    }
}

/// The piles, one row each (or wrapped over several), the coins the last move took
/// hollow, the cursor's coins and the winning takes marked. Shared by the match and
/// the review.
pub fn draw_piles(
    frame: &mut Frame,
    piles_area: Rect,
    look: &PilesLook,
    theme: &Theme,
    hits: &mut Hits,
) {
    let start = look.start.piles();
    let piles = look.position.piles();
    let glyph = if look.flavour == Flavour::SugarPackets {
        "▮"
    } else {
        "●"
    };
    // Room for "▶ 1 " before the coins and " 99 ◀ take 99" after them.
    let coin_width = piles_area.width.saturating_sub(4 + 14).max(1) as usize;
    let biggest = start.iter().copied().max().unwrap_or(1).max(1) as usize;
    // On a large terminal the coins grow apart and the piles spread out (at 120x40 the
    // piles sat in a small corner); up to 80x24 they stay as compact as they were.
    let roomy = piles_area.width >= 60 && piles_area.height >= 20;
    let max_cell = if roomy { 4 } else { 2 };
    let cell = (coin_width / biggest).clamp(1, max_cell);
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
    let between = start.len().saturating_sub(1);
    let gap = match height.saturating_sub(rows_used).checked_div(between) {
        Some(spare) => spare.min(if roomy { 3 } else { 1 }),
        None => 0,
    };
    // On a large terminal the piles sit in the middle of their panel, not its corner.
    let piles_area = if roomy && wrap {
        let rows = (rows_used + gap * between) as u16;
        let widest = per_line.min(biggest.div_ceil(per_glyph));
        let columns = (4 + widest * cell + 14) as u16;
        Rect {
            x: piles_area.x + piles_area.width.saturating_sub(columns) / 2,
            y: piles_area.y + piles_area.height.saturating_sub(rows) / 2,
            width: columns.min(piles_area.width),
            height: rows.min(piles_area.height),
        }
    } else {
        piles_area
    };

    let mut y = piles_area.y;
    for (i, (&count, &orig)) in piles.iter().zip(start).enumerate() {
        let no_takes = Vec::new();
        let takes = look.winning.get(i).unwrap_or(&no_takes);
        let cursor_here = look.cursor.is_some_and(|(pile, _)| pile == i);
        let take = look.cursor.map_or(0, |(_, take)| take);
        let last_here = look.last.filter(|m| m.pile == i).map(|m| m.take);
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
                } else if cursor_here && from_right <= usize::from(take) {
                    theme.cursor()
                } else if takes.iter().any(|&t| from_right <= usize::from(t)) {
                    theme.hint()
                } else {
                    theme.coin()
                };
                let text = match (present, just_taken, look.taking) {
                    (true, _, _) => glyph,
                    (false, true, Some(0)) => glyph,
                    (false, true, Some(1)) => "◦",
                    (false, true, _) => "○",
                    (false, false, _) => "·",
                };
                spans.push(Span::styled(text, style));
                if cell > 1 {
                    spans.push(Span::raw(" ".repeat(cell - 1)));
                }
                let x = piles_area.x + 4 + ((slot - first_slot) * cell) as u16;
                if present && x < piles_area.right() {
                    hits.add(Rect::new(x, y, cell as u16, 1), coin_hit(i, coin));
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
                unit(look.flavour).1
            ))
            .style(theme.muted()),
            Rect::new(piles_area.x, y, piles_area.width, 1),
        );
    }
}

impl NimScreen {
    pub fn new<R: Rng + ?Sized>(
        setup: GameSetup,
        ai_delay_ms: u64,
        hints: bool,
        rng: &mut R,
    ) -> NimScreen {
        let flavour = match setup.options::<NimSetup>() {
            Some(_) => Flavour::Coins,
            None => Flavour::SugarPackets,
        };
        // The position was checked before the game was started (`check_position`).
        let start = start_position(&setup, rng).unwrap_or_else(|_| Nim::sugar_packets());
        let analyst = SharedAnalyst::new(FnAnalyst(crate::solve::nim::analyse));
        let view = MatchView::new(start, &setup.matchup, ai_delay_ms, analyst, rng);
        let board = NimBoard {
            flavour,
            cursor_pile: 0,
            take: 1,
            typing: false,
            taking: Animation::default(),
        };
        let mut screen = Match::with_board(setup, hints, view, board);
        screen.settle_cursor();
        screen
    }

    fn session(&self) -> &Session<Nim> {
        &self.view.session
    }

    /// Keeps the cursor on a non-empty pile with a legal amount.
    fn settle_cursor(&mut self) {
        let piles = self.view.session.position().piles();
        if piles.iter().all(|&p| p == 0) {
            return;
        }
        if piles.get(self.board.cursor_pile).is_none_or(|&p| p == 0) {
            self.board.cursor_pile = piles.iter().position(|&p| p > 0).unwrap_or(0);
        }
        let count = piles[self.board.cursor_pile];
        self.board.take = self.board.take.clamp(1, count.max(1));
    }

    /// The next pile with coins up (-1) or down (+1), empty ones skipped; at the first
    /// or last such pile the cursor stays. It used to wrap around: with piles 1, 0, 2
    /// Down twice came back to the first pile, and a play-tester took from it.
    fn move_cursor(&mut self, step: isize) {
        let piles = self.view.session.position().piles();
        let n = piles.len() as isize;
        let mut i = self.board.cursor_pile as isize + step;
        while (0..n).contains(&i) {
            if piles[i as usize] > 0 {
                self.board.cursor_pile = i as usize;
                break;
            }
            i += step;
        }
        self.settle_cursor();
    }

    fn title(&self) -> String {
        let rule = match (self.board.flavour, self.view.session.position().ending()) {
            (Flavour::SugarPackets, _) => "1-3-5-7 · whoever takes the last packet loses",
            (_, Ending::Normal) => "Nim · normal play: the last coin wins",
            (_, Ending::Misere) => "Nim · misère: the last coin loses",
        };
        let who = self.who_plays();
        format!("{rule} · {who}")
    }

    /// What a pile is called: 1-3-5-7 is played in rows.
    fn pile_word(&self) -> &'static str {
        match self.board.flavour {
            Flavour::SugarPackets => "row",
            _ => "pile",
        }
    }

    fn unit(&self) -> (&'static str, &'static str) {
        unit(self.board.flavour)
    }

    fn winning_takes(&self, pile: usize) -> Vec<u8> {
        let Some(a) = self
            .view
            .session
            .analysis()
            .filter(|_| self.view.hints && self.view.hints_wait().is_none())
        else {
            return Vec::new();
        };
        a.winning_moves()
            .filter(|m| m.pile == pile)
            .map(|m| m.take)
            .collect()
    }

    fn render_board(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        let title = match self.board.flavour {
            Flavour::SugarPackets => "Sugar packets",
            _ => "Piles",
        };
        let block = widgets::block(title, theme);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let [piles_area, status] =
            Layout::vertical([Constraint::Min(1), Constraint::Length(3)]).areas(inner);

        let show_cursor = self.view.session.human_to_move();
        let piles = PilesLook {
            position: self.view.session.position(),
            start: self.view.session.start(),
            last: self.view.session.history().last().map(|m| m.mv),
            cursor: show_cursor.then_some((self.board.cursor_pile, self.board.take)),
            winning: (0..self.view.session.position().piles().len())
                .map(|i| self.winning_takes(i))
                .collect(),
            flavour: self.board.flavour,
            taking: self.board.taking.frame().filter(|_| theme.animate),
        };
        draw_piles(frame, piles_area, &piles, theme, hits);
        frame.render_widget(
            Paragraph::new(self.status_lines(theme, keys)).wrap(Wrap { trim: true }),
            status,
        );
    }

    fn status_lines(&self, theme: &Theme, keys: &Keys) -> Vec<Line<'static>> {
        let s = &self.view.session;
        let (one, many) = self.unit();
        let unit = if self.board.take == 1 { one } else { many };
        let turn = self.view.turn_line(
            theme,
            keys,
            format!(
                ": take {} {unit} from {} {}",
                self.board.take,
                self.pile_word(),
                self.board.cursor_pile + 1
            ),
        );
        let voice = self.view.voice_line(theme);
        let hint = if !self.view.hints {
            Line::styled("", theme.muted())
        } else if s.is_over() {
            Line::raw("")
        } else if let Some(wait) = self.view.hints_wait() {
            Line::styled(wait, theme.muted())
        } else {
            match s.analysis() {
                None => Line::styled("Hints: thinking…", theme.muted()),
                Some(a) => {
                    let wins: Vec<String> = a.winning_moves().map(|m| m.to_string()).collect();
                    // The move under the cursor, as chosen now, in its own colour:
                    // "This one loses." is not drawn in the winning colour.
                    let selected = a
                        .value_of(NimMove {
                            pile: self.board.cursor_pile,
                            take: self.board.take,
                        })
                        .filter(|_| s.human_to_move())
                        .map(|v| {
                            if v.verdict.is_win() {
                                Span::styled(" This one wins.", theme.hint())
                            } else {
                                Span::styled(" This one loses.", theme.warning())
                            }
                        });
                    let (text, style) = if wins.is_empty() {
                        ("No winning move: all lose.".to_string(), theme.warning())
                    } else if wins.len() > 3 {
                        // A list this long would be cut off at 80 columns; the piles
                        // carry every one of them.
                        (
                            format!(
                                "{} winning moves, each marked ◀ on its {}.",
                                wins.len(),
                                self.pile_word()
                            ),
                            theme.hint(),
                        )
                    } else {
                        (
                            format!("Winning ({}:take): {}.", self.pile_word(), wins.join(" ")),
                            theme.hint(),
                        )
                    };
                    Line::from(
                        std::iter::once(Span::styled(text, style))
                            .chain(selected)
                            .collect::<Vec<_>>(),
                    )
                }
            }
        };
        vec![turn, voice, hint]
    }

    fn render_side(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys) {
        let moves = widgets::prediction_and_hints(
            frame,
            area,
            self.view
                .hidden_prediction(keys, theme)
                .unwrap_or_else(|| self.view.prediction_lines(theme)),
            "Nim-sum",
            // Over by the rules, or by a clock (the hints key is refused then).
            if self.view.session.is_over() || self.view.hushed() {
                Some(widgets::no_moves_left(theme))
            } else {
                self.view.hints.then(|| self.nim_sum_lines(theme))
            },
            "shows hints and why",
            keys,
            theme,
        );
        let legend = format!("{}:{}", self.pile_word(), self.unit().1);
        self.view
            .render_moves_with_legend(frame, moves, theme, Some(&legend), |m| m.mv.to_string());
    }

    /// Each pile in binary, and which powers of two occur an odd number of times.
    fn nim_sum_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let piles = self.view.session.position().piles();
        let biggest = self
            .session()
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
        let mover_wins_now = mover_wins(piles, self.view.session.position().ending());
        // Misère plays as normal Nim until a move can leave no pile over one: with one
        // pile over one left, the winning move leaves an odd number of ones (making the
        // nim-sum 0 there loses).
        let big = piles.iter().filter(|&&p| p > 1).count();
        let misere = self.view.session.position().ending() == Ending::Misere;
        let why = if misere && big == 0 {
            "all ≤ 1: leave an odd number".to_string()
        } else if misere && big == 1 {
            "one pile >1: leave odd 1s".to_string()
        } else if sum == 0 {
            "all even: the mover loses".to_string()
        } else {
            format!("nim-sum {sum}: make it 0")
        };
        let style = if mover_wins_now {
            theme.hint()
        } else {
            theme.warning()
        };
        lines.push(Line::styled(why, style));
        lines
    }

    fn render_game_over(&self, frame: &mut Frame, board: Rect, theme: &Theme, keys: &Keys) {
        let Some(Outcome::Win(winner)) = self.view.session.outcome() else {
            return;
        };
        let (_, many) = self.unit();
        let (s, v) = (&self.view.session, &self.view);
        let why = match s.position().ending() {
            Ending::Normal => format!("{} took the last of the {many}.", v.subject(winner)),
            Ending::Misere => format!("{} took the last of the {many}.", v.subject(winner.other())),
        };
        self.view.render_game_over(frame, board, theme, keys, why);
    }
}

impl Board for NimBoard {
    type Game = Nim;

    fn animation(&mut self) -> Option<&mut Animation> {
        Some(&mut self.taking)
    }
    fn play(m: &mut Match<Self>, mv: NimMove) {
        if m.view.play(mv) {
            m.board.taking.start(3);
            // Each turn starts at one coin: a take chosen for one pile and turn must not
            // ride along into the next, where a reflex Enter would take it.
            m.board.take = 1;
            m.settle_cursor();
        }
    }
    /// The board moved (undo, redo, a resumed match).
    fn after_jump(m: &mut Match<Self>) {
        m.settle_cursor();
    }
    /// The piles' own keys; false for the rest.
    fn handle(m: &mut Match<Self>, action: Action) -> bool {
        if !m.view.session.human_to_move() {
            return false;
        }
        let typed = std::mem::take(&mut m.board.typing);
        match action {
            Action::Up => m.move_cursor(-1),
            Action::Down => m.move_cursor(1),
            Action::Left => {
                let count = m.view.session.position().piles()[m.board.cursor_pile];
                m.board.take = (m.board.take + 1).min(count);
            }
            Action::Right => m.board.take = m.board.take.saturating_sub(1).max(1),
            Action::Digit(d) => {
                let count = m.view.session.position().piles()[m.board.cursor_pile];
                let appended = u16::from(m.board.take) * 10 + u16::from(d);
                if typed && appended <= u16::from(count) {
                    m.board.take = appended as u8;
                } else if (1..=count).contains(&d) {
                    m.board.take = d;
                }
                m.board.typing = true;
            }
            Action::Enter => m.play(NimMove {
                pile: m.board.cursor_pile,
                take: m.board.take,
            }),
            _ => return false,
        }
        true
    }
    /// A click on coin `index` (from the left) of `pile`: take it and every coin right of it.
    fn click(m: &mut Match<Self>, hit: Hit) {
        let Some((pile, index)) = coin_of(hit) else {
            return;
        };
        if !m.view.session.human_to_move() {
            return;
        }
        let Some(&count) = m.view.session.position().piles().get(pile) else {
            return;
        };
        if index < usize::from(count) {
            m.board.cursor_pile = pile;
            m.board.take = count - index as u8;
            m.play(NimMove {
                pile,
                take: m.board.take,
            });
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
        let pile = m.pile_word();
        let (board, side, footer) =
            widgets::game_frame(frame, area, m.title(), [40, 34, 30], theme);
        m.render_board(frame, board, theme, keys, hits);
        m.render_side(frame, side, theme, keys);
        m.view.render_footer(
            frame,
            footer,
            (keys, theme),
            4,
            &[
                (&[Action::Up, Action::Down], pile),
                (&[Action::Left], "more"),
                (&[Action::Right], "fewer"),
                (&[Action::Enter], "take"),
                (&[Action::Hints], "hints"),
                (&[Action::Undo], "undo"),
                (&[Action::NewGame], "new"),
                (&[Action::Help], "rules"),
                (&[Action::Back], "menu"),
            ],
        );
        if m.view.session.is_over() {
            m.render_game_over(frame, board, theme, keys);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Config, FirstMover};
    use crate::plugin::screen::GameScreen;
    use crate::seeds::GameRng;
    use crate::session::Mode;
    use rand::SeedableRng;

    /// Every coin of every pile has its own square, and reads back as itself.
    #[test]
    fn a_coin_hit_reads_back_as_its_pile_and_coin() {
        let mut seen = std::collections::HashSet::new();
        for pile in 0..8 {
            for index in 0..usize::from(u8::MAX) {
                let hit = coin_hit(pile, index);
                assert_eq!(coin_of(hit), Some((pile, index)));
                assert!(seen.insert(hit), "{pile}:{index} shares {hit:?}");
            }
        }
        assert_eq!(coin_of(Hit::Choice(3)), None);
    }

    #[test]
    fn cursor_skips_empty_piles() {
        let mut rng = GameRng::seed_from_u64(3);
        let mut setup = GameSetup::from_config(crate::games::nim::ID, &Config::default());
        setup.matchup.mode = Mode::TwoPlayers;
        setup.matchup.first = FirstMover::You;
        if let Some(nim) = setup.options_mut::<NimSetup>() {
            nim.piles = vec![2, 1, 3];
        }
        let mut s = NimScreen::new(setup, 0, false, &mut rng);
        s.handle(Action::Down);
        s.handle(Action::Enter); // takes pile 2 entirely
        assert_eq!(s.view.session.position().piles(), &[2, 0, 3]);
        // The cursor leaves the emptied pile, skips it both ways, and stops at the
        // ends (Down twice from the first pile is the last, not the first again).
        assert_eq!(s.board.cursor_pile, 0);
        s.handle(Action::Up);
        assert_eq!(s.board.cursor_pile, 0);
        s.handle(Action::Down);
        assert_eq!(s.board.cursor_pile, 2);
        s.handle(Action::Down);
        assert_eq!(s.board.cursor_pile, 2);
        s.handle(Action::Up);
        assert_eq!(s.board.cursor_pile, 0);
        s.handle(Action::Down);
        assert_eq!(s.board.cursor_pile, 2);
        s.handle(Action::Left);
        s.handle(Action::Left);
        s.handle(Action::Left);
        assert_eq!(s.board.take, 3);
    }

    /// Piles hold up to 99 coins: typing 1 then 2 takes 12, where the pile has them.
    #[test]
    fn a_take_is_typed_with_two_digits() {
        let mut rng = GameRng::seed_from_u64(3);
        let mut setup = GameSetup::from_config(crate::games::nim::ID, &Config::default());
        setup.matchup.mode = Mode::TwoPlayers;
        setup.matchup.first = FirstMover::You;
        if let Some(nim) = setup.options_mut::<NimSetup>() {
            nim.piles = vec![15, 3];
        }
        let mut s = NimScreen::new(setup, 0, false, &mut rng);
        s.handle(Action::Digit(1));
        s.handle(Action::Digit(2));
        assert_eq!(s.board.take, 12);
        // A third digit would make 122: it starts a new number.
        s.handle(Action::Digit(4));
        assert_eq!(s.board.take, 4);
        // More than the pile holds (42) keeps the single digit.
        s.handle(Action::Digit(2));
        assert_eq!(s.board.take, 2);
        // Another key in between starts afresh.
        s.handle(Action::Left);
        s.handle(Action::Digit(1));
        assert_eq!(s.board.take, 1);
        s.handle(Action::Digit(5));
        s.handle(Action::Enter);
        assert_eq!(s.view.session.position().piles(), &[0, 3]);
    }
}
