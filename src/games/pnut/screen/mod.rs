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
use ratatui::layout::Rect;

use crate::game::Game;
use crate::game::pnut::{Pnut, PnutMove};
use crate::games::pnut::analyst::PnutAnalyst;
use crate::games::pnut::options::PnutSetup;
use crate::plugin::GameSetup;
use crate::plugin::match_screen::{Board, Match};
use crate::plugin::match_view::{MatchView, Who, wins_sentence};
use crate::plugin::screen::{Situation, SolverLink};
use crate::solve::Analysis;
use crate::solve::analyst::{Analyst, Query, SharedAnalyst};
use crate::solve::worker::Job;
use crate::store::{MatchRecord, ResultRecord};
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

mod draw;

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
            // Typed while the AI chooses: said, not dropped without a word.
            if let Seats::Two(view) = self.seats()
                && view.session.ai_to_move()
                && self.board.forfeited.is_none()
            {
                // Short: the line is as wide as the board (46 columns at 80x24).
                self.board.notice = Some(format!("'{c}' not written: the AI is choosing."));
            }
            return;
        }
        self.write_now(c);
    }

    /// Symbol `c` written by the player to move (from this keyboard or from afar).
    fn write_now(&mut self, c: char) {
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
            "Pnut-Butta · symbols {} · runs of {}",
            r.symbols_text(),
            r.length()
        );
        if g.players() > 2 {
            t.push_str(&format!(" · {} players", g.players()));
        }
        if !self.assisted() {
            t.push_str(" · hard mode");
        }
        if let Some(online) = self.online_players() {
            t.push_str(&format!(" · {online}"));
        }
        t
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
                paused: false,
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
    /// Every symbol the rules let the player to move write (in the hard mode a used one
    /// may be written too, and loses: it is not offered here).
    /// Two players only: the hot seat is people at this keyboard.
    fn seat_online(
        m: &mut Match<Self>,
        mine: Option<crate::game::Seat>,
        names: [String; 2],
    ) -> bool {
        if m.board.hot_seat.is_some() {
            return false;
        }
        m.view.seat_online(mine, names);
        true
    }
    fn legal_moves_text(m: &Match<Self>) -> Vec<String> {
        if !m.human_to_move() {
            return Vec::new();
        }
        let game = m.game();
        game.legal_moves().iter().map(|mv| mv.to_string()).collect()
    }
    /// A symbol written as a person writes it ([`PnutScreen::write`]): refused when
    /// illegal with the assistant on, a lost game without it.
    fn play_text(m: &mut Match<Self>, text: &str) -> Result<(), String> {
        if m.is_over() {
            return Err("the game is over".into());
        }
        let remote = matches!(m.seats(), Seats::Two(view) if view.session.remote_to_move());
        if !m.human_to_move() && !remote {
            return Err("it is not a person's turn".into());
        }
        let mut chars = text.trim().chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(format!("'{text}' is not one symbol"));
        };
        let before = Self::generation(m);
        m.write_now(c);
        if Self::generation(m) == before {
            return Err(m
                .board
                .notice
                .clone()
                .unwrap_or_else(|| format!("'{c}' cannot be written now")));
        }
        Ok(())
    }
    fn tick(m: &mut Match<Self>, elapsed_ms: u64, rng: &mut GameRng) -> bool {
        if m.board.hot_seat.is_some() || m.board.forfeited.is_some() {
            return false;
        }
        m.tick_view(elapsed_ms, rng)
    }
    fn play(m: &mut Match<Self>, mv: PnutMove) {
        // A word on what was typed while the AI chose is over with its move.
        m.board.notice = None;
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
            widgets::game_over_footer(keys, m.view.over_box_shown())
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
