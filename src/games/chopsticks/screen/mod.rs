//! The Chopsticks screen: four hands drawn as ASCII art (the player's own at the bottom),
//! choosing a hand and a target, the split chooser, the prediction and every move's value.

use rand::Rng;
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::game::chopsticks::{Chopsticks, ChopsticksMove, Hand};
use crate::game::{Game, Seat};
use crate::games::chopsticks::options::ChopsticksSetup;
use crate::plugin::GameSetup;
use crate::plugin::match_screen::{Board, Match};
use crate::plugin::match_view::{MatchView, Who};
use crate::session::Session;
use crate::solve::analyst::{FnAnalyst, SharedAnalyst};
use crate::ui::animation::Animation;
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

mod art;
mod draw;

pub use draw::{HandsLook, draw_hands, move_text};

/// A hand is clicked as `Hit::Square(row * 2 + hand)`: row 0 the hands drawn at the
/// top (the opponent's), 1 those at the bottom (the player's own); hand 0 left, 1 right.
pub fn hand_hit(bottom: bool, hand: usize) -> Hit {
    Hit::Square(u32::from(bottom) * 2 + hand as u32)
}

/// Whether a hit is on a hand: (drawn at the bottom, 0 left or 1 right).
pub fn hand_of(hit: Hit) -> Option<(bool, usize)> {
    match hit {
        Hit::Square(n) if n < 4 => Some((n >= 2, (n % 2) as usize)),
        _ => None,
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

/// Chopsticks' own part of its screen: what the player to move is choosing, its
/// cursors, the hands changing.
pub struct ChopsticksBoard {
    stage: Stage,
    own: Hand,
    target: Hand,
    split_cursor: usize,
    /// A short message about the last key, e.g. why there is no split.
    notice: Option<String>,
    /// The hands the last move touched, changing (a dying hand flashes).
    changing: Animation,
}

/// The Chopsticks screen.
pub type ChopsticksScreen = Match<ChopsticksBoard>;

/// The start of a game of this setup: its position (`1,1/1,1`, the first player's
/// hands first) if it names one, else the usual start.
pub fn start_position(setup: &GameSetup) -> Result<Chopsticks, String> {
    let options: ChopsticksSetup = setup.own();
    match &setup.position {
        Some(text) => Chopsticks::parse(text, options.variant(), Some(options.cap()))
            .map_err(|e| e.to_string()),
        None => Ok(Chopsticks::new(options.variant(), Some(options.cap()))),
    }
}

impl ChopsticksScreen {
    pub fn new<R: Rng + ?Sized>(
        setup: GameSetup,
        ai_delay_ms: u64,
        hints: bool,
        rng: &mut R,
    ) -> ChopsticksScreen {
        let options: ChopsticksSetup = setup.own();
        // The position was checked before the game was started (`check_position`).
        let start = start_position(&setup)
            .unwrap_or_else(|_| Chopsticks::new(options.variant(), Some(options.cap())));
        let analyst = SharedAnalyst::new(FnAnalyst(crate::solve::chopsticks::analyse));
        let view = MatchView::new(start, &setup.matchup, ai_delay_ms, analyst, rng);
        let board = ChopsticksBoard {
            stage: Stage::Own,
            own: Hand::Left,
            target: Hand::Left,
            split_cursor: 0,
            notice: None,
            changing: Animation::default(),
        };
        let mut screen = Match::with_board(setup, hints, view, board);
        screen.settle();
        screen
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
        // Online, one's own hands stay at the bottom (a watcher sees the first player's
        // there): the table does not turn between the two terminals' moves.
        let players = self.view.session.players();
        if players.contains(&crate::session::Player::Remote) {
            return match players
                .iter()
                .position(|p| *p == crate::session::Player::Human)
            {
                Some(1) => Seat::Second,
                _ => Seat::First,
            };
        }
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
        if hands.mine[self.board.own.index()] == 0 {
            self.board.own = self.board.own.other();
        }
        if hands.theirs[self.board.target.index()] == 0 {
            self.board.target = self.board.target.other();
        }
        let splits = self.splits().len();
        if self.board.stage == Stage::Split && splits == 0 {
            self.board.stage = Stage::Own;
        }
        self.board.split_cursor = self.board.split_cursor.min(splits.saturating_sub(1));
    }

    /// Moves a cursor to the other hand when that one is alive.
    /// The hand ← or → points at: the left hand for ←, the right for →, as drawn (a
    /// dead hand cannot be chosen, so the choice stays). They never wrap around: with
    /// two hands, ← on the left hand toggling to the right one lost won games.
    fn toward(hand: Hand, fingers: [u8; 2], action: Action) -> Hand {
        let want = match action {
            Action::Left => Hand::Left,
            Action::Right => Hand::Right,
            _ => return hand,
        };
        if fingers[want.index()] > 0 {
            want
        } else {
            hand
        }
    }

    fn toggle_splits(&mut self) {
        if self.board.stage == Stage::Split {
            self.board.stage = Stage::Own;
            return;
        }
        if self.splits().is_empty() {
            let [l, r] = self.position().hands().mine;
            self.board.notice = Some(format!(
                "No split from {l},{r}: it would only keep or swap your hands{}.",
                if self.position().variant().empty_splits {
                    ""
                } else {
                    " or empty one"
                }
            ));
            return;
        }
        self.board.notice = None;
        self.board.split_cursor = 0;
        self.board.stage = Stage::Split;
    }

    fn handle_own(&mut self, action: Action) {
        let mine = self.position().hands().mine;
        match action {
            Action::Left | Action::Right => {
                self.board.own = Self::toward(self.board.own, mine, action)
            }
            Action::Enter | Action::Up => {
                self.board.notice = None;
                self.board.stage = Stage::Target;
            }
            _ => {}
        }
    }

    fn handle_target(&mut self, action: Action) {
        let theirs = self.position().hands().theirs;
        match action {
            Action::Left | Action::Right => {
                self.board.target = Self::toward(self.board.target, theirs, action);
            }
            Action::Enter => self.play(ChopsticksMove::Hit {
                from: self.board.own,
                to: self.board.target,
            }),
            Action::Down | Action::Backspace => self.board.stage = Stage::Own,
            _ => {}
        }
    }

    fn handle_split(&mut self, action: Action) {
        let splits = self.splits();
        let n = splits.len();
        match action {
            Action::Up if n > 0 => self.board.split_cursor = (self.board.split_cursor + n - 1) % n,
            Action::Down if n > 0 => self.board.split_cursor = (self.board.split_cursor + 1) % n,
            Action::Enter => {
                if let Some(&mv) = splits.get(self.board.split_cursor) {
                    self.play(mv);
                }
            }
            Action::Digit(d) if d >= 1 => {
                if let Some(&mv) = splits.get(usize::from(d) - 1) {
                    self.play(mv);
                }
            }
            Action::Backspace => self.board.stage = Stage::Own,
            _ => {}
        }
    }

    /// The move the cursors point at, if any.
    fn selected_move(&self) -> Option<ChopsticksMove> {
        if !self.view.session.human_to_move() {
            return None;
        }
        match self.board.stage {
            Stage::Own => None,
            Stage::Target => Some(ChopsticksMove::Hit {
                from: self.board.own,
                to: self.board.target,
            }),
            Stage::Split => self.splits().get(self.board.split_cursor).copied(),
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
        let who = self.who_plays();
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
        let who = self.session().name(last.seat);
        Some(draw::move_text(
            &last.before,
            last.mv,
            who,
            &self.possessive(last.seat.other()),
        ))
    }
}

impl Board for ChopsticksBoard {
    type Game = Chopsticks;

    fn animation(&mut self) -> Option<&mut Animation> {
        Some(&mut self.changing)
    }
    fn play(m: &mut Match<Self>, mv: ChopsticksMove) {
        if m.view.play(mv) {
            m.board.changing.start(3);
            m.board.stage = Stage::Own;
            m.board.split_cursor = 0;
            m.board.notice = None;
            m.settle();
        }
    }
    /// The board moved (undo, redo, a resumed match).
    fn after_jump(m: &mut Match<Self>) {
        m.board.stage = Stage::Own;
        m.board.notice = None;
        m.settle();
    }
    /// The hands' own keys (while a person is to move); false for the rest.
    fn handle(m: &mut Match<Self>, action: Action) -> bool {
        if !m.view.session.human_to_move() {
            return false;
        }
        match action {
            // Esc backs out of a choice before it leaves the game.
            Action::Back if m.board.stage != Stage::Own => m.board.stage = Stage::Own,
            Action::Own("splits") => m.toggle_splits(),
            Action::Up
            | Action::Down
            | Action::Left
            | Action::Right
            | Action::Enter
            | Action::Digit(_)
            | Action::Backspace => match m.board.stage {
                Stage::Own => m.handle_own(action),
                Stage::Target => m.handle_target(action),
                Stage::Split => m.handle_split(action),
            },
            _ => return false,
        }
        true
    }
    /// A click on a hand or on a line of the split chooser. Clicking one of your hands
    /// picks it; clicking one of the opponent's hits it with the hand you picked.
    fn click(m: &mut Match<Self>, hit: Hit) {
        if !m.view.session.human_to_move() {
            return;
        }
        let hands = m.position().hands();
        match (hand_of(hit), hit) {
            (Some((true, hand)), _) => {
                let hand = Hand::from_index(hand);
                if hands.mine[hand.index()] > 0 {
                    m.board.own = hand;
                    m.board.stage = Stage::Target;
                    m.board.notice = None;
                }
            }
            (Some((false, hand)), _) if m.board.stage != Stage::Split => {
                let hand = Hand::from_index(hand);
                if hands.theirs[hand.index()] > 0 {
                    m.board.target = hand;
                    m.play(ChopsticksMove::Hit {
                        from: m.board.own,
                        to: hand,
                    });
                }
            }
            (_, Hit::Choice(i)) if m.board.stage == Stage::Split => {
                if let Some(&mv) = m.splits().get(i) {
                    m.play(mv);
                }
            }
            _ => {}
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
            widgets::game_frame(frame, area, m.title(), [40, 34, 30], theme);
        m.render_board(frame, board, theme, keys, hits);
        m.render_side(frame, side, theme, keys);
        // With the splits open, the keys of the list (the hands' keys do nothing there);
        // Esc steps back out of a pick before it leaves for the menu.
        let human = m.view.session.human_to_move();
        let stage = if human { m.board.stage } else { Stage::Own };
        let mut items: Vec<(&[Action], &str)> = if stage == Stage::Split {
            vec![
                (&[Action::Up, Action::Down], "choose"),
                (&[Action::Enter], "split"),
                (&[Action::Own("splits"), Action::Back], "close"),
            ]
        } else {
            vec![
                (&[Action::Left, Action::Right], "hand"),
                (&[Action::Enter], "pick"),
                (&[Action::Own("splits")], "split"),
            ]
        };
        items.extend_from_slice(&[
            (&[Action::Hints], "hints"),
            (&[Action::Undo], "undo"),
            (&[Action::NewGame], "new"),
            (&[Action::Help], "rules"),
        ]);
        match stage {
            Stage::Own => items.push((&[Action::Back], "menu")),
            Stage::Target => items.push((&[Action::Back], "back")),
            Stage::Split => {}
        }
        m.view
            .render_footer(frame, footer, (keys, theme), 3, &items);
        if m.view.session.is_over() {
            m.render_game_over(frame, board, theme, keys);
        } else if m.board.stage == Stage::Split && m.view.session.human_to_move() {
            m.render_splits(frame, board, theme, keys, hits);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The four hands have four squares, each read back as itself; other squares and
    /// the split chooser's lines are no hand.
    #[test]
    fn a_hand_hit_reads_back_as_its_hand() {
        let all: Vec<Hit> = [false, true]
            .into_iter()
            .flat_map(|bottom| (0..2).map(move |hand| (bottom, hand)))
            .map(|(bottom, hand)| {
                let hit = hand_hit(bottom, hand);
                assert_eq!(hand_of(hit), Some((bottom, hand)));
                hit
            })
            .collect();
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), 4);
        assert_eq!(hand_of(Hit::Square(4)), None);
        assert_eq!(hand_of(Hit::Choice(0)), None);
    }
}
