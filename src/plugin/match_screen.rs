//! The one game screen every game is: [`Match`] holds what every match has (the setup,
//! the shared [`MatchView`], which holds the hints switch) and the game's own part, a [`Board`], and
//! implements [`GameScreen`] once. A game writes only what is its own: how its board is
//! drawn, its keys, its clicks, how a move is played on it.

use ratatui::Frame;
use ratatui::layout::Rect;

use super::match_view::MatchView;
use super::screen::{GameScreen, Situation, SolverLink};
use crate::game::{Game, Seat};
use crate::matchup::Mode;
use crate::plugin::GameSetup;
use crate::seeds::GameRng;
use crate::store::MatchRecord;
use crate::ui::animation::Animation;
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;

/// A match on screen: the shared parts and the game's own `board`.
pub struct Match<B: Board> {
    /// The setup this match was started from (for "new game" and the rules).
    pub setup: GameSetup,
    /// The session, the AI's voice, the prediction and the solver traffic.
    pub view: MatchView<B::Game>,
    /// What only this game has: its cursor, its animations, its notices.
    pub board: B,
}

impl<B: Board> Match<B> {
    /// A match of `view` started from `setup`, with the game's own part `board`.
    pub fn with_board(
        setup: GameSetup,
        hints: bool,
        mut view: MatchView<B::Game>,
        board: B,
    ) -> Self {
        view.hints = hints;
        if hints {
            // A game that starts with hints on (a rematch keeps them) says so as
            // toggling them on does: it was unrated from its first move unsaid.
            view.hints_turned_on();
        }
        Match { setup, view, board }
    }

    /// Plays `mv` the game's way ([`Board::play`]).
    pub fn play(&mut self, mv: <B::Game as Game>::Move) {
        B::play(self, mv);
    }

    /// Who plays, for the title: "you vs the AI (hard)", "two players", "AI vs AI (hard)".
    pub fn who_plays(&self) -> String {
        if let Some(online) = self.online_players() {
            return online;
        }
        let level = self.setup.matchup.difficulty;
        match self.setup.matchup.mode {
            Mode::VsAi => format!("you vs the AI ({level})"),
            Mode::TwoPlayers => "two players".into(),
            Mode::AiVsAi => format!("AI vs AI ({level})"),
        }
    }

    /// "online: alice vs bob" for a match against a person at another terminal.
    pub fn online_players(&self) -> Option<String> {
        let (players, names) = self.view.session.seats();
        players
            .contains(&crate::session::Player::Remote)
            .then(|| format!("online: {} vs {}", names[0], names[1]))
    }

    /// Time passes as it does in most games: the board's animations run, and a move
    /// the AI chose is played the game's way. Returns whether to redraw.
    pub fn tick_view(&mut self, elapsed_ms: u64, rng: &mut GameRng) -> bool {
        let frame_changed = self.board.animate(elapsed_ms);
        let (mv, redraw) = self.view.tick(elapsed_ms, rng);
        if let Some(mv) = mv {
            self.play(mv);
        }
        redraw || frame_changed
    }
}

/// A game's own part of its screen. The functions take the whole [`Match`], so the game
/// reads the session and the hints switch where it draws and plays.
///
/// Four are the game's to write (`render`, `handle`, `click`, `play`); the rest have
/// the defaults most games share. The hooks at the end are for a match that is not
/// only the shared view's: Pnut-Butta's hot seat of three or more people, its games
/// lost by an illegal symbol.
pub trait Board: Sized {
    type Game: Game;

    /// Draws the whole screen: the board, its side panels, the footer.
    fn render(
        m: &Match<Self>,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    );
    /// This game's own keys. Returns false for an action it has no use for now, which
    /// then does what it does in every game (see [`GameScreen::handle`]).
    fn handle(m: &mut Match<Self>, action: Action) -> bool;
    /// Whether the board is in the middle of something typed (half a square's name), so
    /// the next key is a letter even where it is bound to an action.
    fn takes_text(_m: &Match<Self>) -> bool {
        false
    }
    /// Whether the letter `c` and then a digit name a square now (see
    /// [`GameScreen::letter_names_square`]).
    fn letter_names_square(_m: &Match<Self>, _c: char) -> bool {
        false
    }
    /// A left click on something the board drew.
    fn click(m: &mut Match<Self>, hit: Hit);
    /// Plays a move (the AI's, when it is due) the game's way: its animation, its
    /// cursor.
    fn play(m: &mut Match<Self>, mv: <Self::Game as Game>::Move);

    /// The animation of the last move, for a board that has one: by default it is what
    /// runs with time ([`Board::animate`]) and what a key or a jump ends.
    fn animation(&mut self) -> Option<&mut Animation> {
        None
    }
    /// The board's own animations move on by `elapsed_ms`. Returns whether one changed.
    fn animate(&mut self, elapsed_ms: u64) -> bool {
        self.animation().is_some_and(|a| a.tick(elapsed_ms))
    }
    /// Time passes (the AI may move). Returns whether to redraw.
    fn tick(m: &mut Match<Self>, elapsed_ms: u64, rng: &mut GameRng) -> bool {
        m.tick_view(elapsed_ms, rng)
    }
    /// The board moved without a move being played (undo, redo, a restored match): the
    /// board puts its cursor and notices right (its animation has been ended).
    fn after_jump(_m: &mut Match<Self>) {}
    /// Ends a running animation of the last move (a key was pressed, the board jumped).
    fn skip_animation(&mut self) {
        if let Some(animation) = self.animation() {
            animation.skip();
        }
    }
    /// The mouse wheel: `lines` down (negative: up).
    fn wheel(&mut self, _lines: i32) {}
    /// Whether the board's other view is shown (Winners & Losers' pyramid).
    fn other_view(&self) -> bool {
        false
    }
    /// Shows the board's other view, or not.
    fn set_other_view(&mut self, _on: bool) {}

    /// Where solver traffic goes.
    fn link(m: &Match<Self>) -> &dyn SolverLink {
        &m.view
    }
    fn link_mut(m: &mut Match<Self>) -> &mut dyn SolverLink {
        &mut m.view
    }
    fn is_over(m: &Match<Self>) -> bool {
        m.view.session.is_over()
    }
    fn situation(m: &Match<Self>) -> Situation {
        m.view.situation()
    }
    fn spoilers_on(m: &Match<Self>) -> bool {
        m.view.spoilers
    }
    fn set_spoilers(m: &mut Match<Self>, on: bool) {
        m.view.spoilers = on;
        m.setup.spoilers = on;
    }
    fn toggle_pause(m: &mut Match<Self>) {
        m.view.toggle_pause();
    }
    fn move_now(m: &mut Match<Self>) {
        m.view.move_now();
    }
    fn undo(m: &mut Match<Self>) {
        if m.view.undo() {
            m.board.skip_animation();
            Self::after_jump(m);
        }
    }
    fn redo(m: &mut Match<Self>) {
        if m.view.redo() {
            m.board.skip_animation();
            Self::after_jump(m);
        }
    }
    /// The match written down (`None`: a match that is not kept).
    fn record(m: &Match<Self>) -> Option<MatchRecord> {
        Some(m.view.record(&m.setup))
    }
    fn restore(m: &mut Match<Self>, record: &MatchRecord) -> Result<(), String> {
        m.view.restore(record)?;
        m.board.skip_animation();
        Self::after_jump(m);
        Ok(())
    }
    fn generation(m: &Match<Self>) -> u64 {
        m.view.session.generation()
    }
    fn position_text(m: &Match<Self>) -> String {
        m.view.session.position().position_text()
    }
    fn legal_moves_text(m: &Match<Self>) -> Vec<String> {
        let session = &m.view.session;
        if !session.human_to_move() {
            return Vec::new();
        }
        let position = session.position();
        position
            .legal_moves()
            .into_iter()
            .map(|mv| mv.to_string())
            .collect()
    }
    fn play_text(m: &mut Match<Self>, text: &str) -> Result<(), String> {
        let session = &m.view.session;
        if session.is_over() {
            return Err("the game is over".into());
        }
        if !session.human_to_move() && !session.remote_to_move() {
            return Err("it is not a person's turn".into());
        }
        let mv: <Self::Game as Game>::Move = text.trim().parse().map_err(|e| format!("{e}"))?;
        let mut after = session.position().clone();
        after.play(mv).map_err(|e| e.to_string())?;
        m.play(mv);
        Self::after_person_move(m);
        Ok(())
    }
    /// Seats an online match (see [`GameScreen::seat_online`]).
    fn seat_online(m: &mut Match<Self>, mine: Option<Seat>, names: [String; 2]) -> bool {
        m.view.seat_online(mine, names);
        true
    }
    /// A timed match: what the side to move has left (see [`GameScreen::time_for_move`]).
    fn time_for_move(_m: &mut Match<Self>, _left_ms: u64, _increment_ms: u64) {}
    /// After a move a person made in notation ([`GameScreen::play_text`]): what the
    /// board does after a key or a click plays one (Othello plays a pass left without a
    /// choice).
    fn after_person_move(_m: &mut Match<Self>) {}
}

impl<B: Board> GameScreen for Match<B> {
    fn setup(&self) -> &GameSetup {
        &self.setup
    }
    fn setup_mut(&mut self) -> &mut GameSetup {
        &mut self.setup
    }
    fn link(&self) -> &dyn SolverLink {
        B::link(self)
    }
    fn link_mut(&mut self) -> &mut dyn SolverLink {
        B::link_mut(self)
    }
    fn tick(&mut self, elapsed_ms: u64, rng: &mut GameRng) -> bool {
        if B::is_over(self) {
            self.view.over_box_tick(elapsed_ms);
        }
        B::tick(self, elapsed_ms, rng)
    }
    fn handle(&mut self, action: Action) -> bool {
        self.view.key_pressed();
        // Once the game is over, Enter puts the game-over box away to show the whole
        // final board, and brings it back.
        if action == Action::Enter && B::is_over(self) {
            self.view.toggle_over_box();
            return true;
        }
        B::handle(self, action)
    }
    fn takes_text(&self) -> bool {
        B::takes_text(self)
    }
    fn letter_names_square(&self, c: char) -> bool {
        B::letter_names_square(self, c)
    }
    fn click(&mut self, hit: Hit) {
        B::click(self, hit);
    }
    fn skip_animation(&mut self) {
        self.board.skip_animation();
    }
    fn wheel(&mut self, lines: i32) {
        self.board.wheel(lines);
    }
    fn other_view(&self) -> bool {
        self.board.other_view()
    }
    fn set_other_view(&mut self, on: bool) {
        self.board.set_other_view(on);
    }
    fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys, hits: &mut Hits) {
        B::render(self, frame, area, theme, keys, hits);
    }
    fn is_over(&self) -> bool {
        B::is_over(self)
    }
    fn situation(&self) -> Situation {
        B::situation(self)
    }
    fn hints_on(&self) -> bool {
        self.view.hints
    }
    fn put_back_hints(&mut self) {
        self.toggle_hints();
        self.view.forget_hints_shown();
    }
    fn toggle_hints(&mut self) {
        self.view.hints = !self.view.hints;
        if self.view.hints {
            self.view.hints_turned_on();
            self.view.hints_shown_by_person();
        } else {
            self.view.hints_turned_off();
        }
    }
    fn spoilers_on(&self) -> bool {
        B::spoilers_on(self)
    }
    fn set_spoilers(&mut self, on: bool) {
        B::set_spoilers(self, on);
    }
    fn toggle_pause(&mut self) {
        B::toggle_pause(self);
    }
    fn undo(&mut self) {
        B::undo(self);
    }
    fn move_now(&mut self) {
        B::move_now(self);
    }
    fn redo(&mut self) {
        B::redo(self);
    }
    fn record(&self) -> Option<MatchRecord> {
        B::record(self)
    }
    fn restore(&mut self, record: &MatchRecord) -> Result<(), String> {
        B::restore(self, record)
    }
    fn generation(&self) -> u64 {
        B::generation(self)
    }
    fn set_seed(&mut self, seed: u64) {
        self.view.seed = seed;
    }
    fn position_text(&self) -> String {
        B::position_text(self)
    }
    fn legal_moves_text(&self) -> Vec<String> {
        B::legal_moves_text(self)
    }
    fn play_text(&mut self, mv: &str) -> Result<(), String> {
        B::play_text(self, mv)
    }
    fn seat_online(&mut self, mine: Option<Seat>, names: [String; 2]) -> bool {
        B::seat_online(self, mine, names)
    }
    fn set_match_notes(&mut self, notes: Option<Vec<ratatui::text::Line<'static>>>) {
        self.view.notes = notes;
    }
    fn set_rating_note(&mut self, note: Option<String>) {
        self.view.rating.note = note;
    }
    fn set_counts_for_rating(&mut self, counts: Result<(), &'static str>) {
        self.view.rating.counts = Some(counts);
    }
    fn time_for_move(&mut self, left_ms: u64, increment_ms: u64) {
        B::time_for_move(self, left_ms, increment_ms);
    }
    fn ended_outside(&mut self) {
        self.view.hush();
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::config::Config;
    use crate::game::nim::{Ending, Nim, NimMove};
    use crate::matchup::{FirstMover, Mode};
    use crate::solve::analyst::{FnAnalyst, SharedAnalyst};

    /// A board over Nim's rules that only counts what the match asks of it.
    #[derive(Default)]
    struct Counting {
        /// Calls of `after_jump`.
        jumps: usize,
        /// Moves that went through `play`.
        played: Vec<NimMove>,
    }

    impl Board for Counting {
        type Game = Nim;
        fn render(_: &Match<Self>, _: &mut Frame, _: Rect, _: &Theme, _: &Keys, _: &mut Hits) {}
        /// Enter takes one coin from the first pile that has one.
        fn handle(m: &mut Match<Self>, action: Action) -> bool {
            let Action::Enter = action else {
                return false;
            };
            let piles = m.view.session.position().piles();
            let Some(pile) = piles.iter().position(|&p| p > 0) else {
                return false;
            };
            Self::play(m, NimMove { pile, take: 1 });
            true
        }
        fn click(_: &mut Match<Self>, _: Hit) {}
        fn play(m: &mut Match<Self>, mv: NimMove) {
            if m.view.play(mv) {
                m.board.played.push(mv);
            }
        }
        fn after_jump(m: &mut Match<Self>) {
            m.board.jumps += 1;
        }
    }

    /// A match of Nim 2,3 in `mode`, the first seat's player first.
    fn counting_match(mode: Mode) -> Match<Counting> {
        let mut rng = GameRng::seed_from_u64(7);
        let mut setup = GameSetup::from_config(crate::games::nim::ID, &Config::default());
        setup.matchup.mode = mode;
        setup.matchup.first = FirstMover::You;
        let analyst = SharedAnalyst::new(FnAnalyst(crate::solve::nim::analyse));
        let start = Nim::new(vec![2, 3], Ending::Normal);
        let view = MatchView::new(start, &setup.matchup, 0, analyst, &mut rng);
        Match::with_board(setup, false, view, Counting::default())
    }

    /// Undo and redo move the board without a move being played: the board hears of
    /// it through `after_jump`, and only when something was taken back or played again.
    #[test]
    fn undo_and_redo_tell_the_board_when_the_position_jumped() {
        let mut m = counting_match(Mode::TwoPlayers);
        m.undo();
        assert_eq!(m.board.jumps, 0, "nothing to undo yet");
        assert!(m.handle(Action::Enter) && m.handle(Action::Enter));
        assert_eq!(m.position_text(), "0,3");
        let played = m.generation();
        m.undo();
        assert_eq!((m.board.jumps, m.position_text()), (1, "1,3".to_string()));
        assert_ne!(m.generation(), played);
        m.redo();
        assert_eq!((m.board.jumps, m.position_text()), (2, "0,3".to_string()));
        m.redo();
        assert_eq!(m.board.jumps, 2, "nothing to redo");
    }

    /// A match written down and put back on a fresh board is the same match: its
    /// moves, what undo took back, its seed; the board settles once.
    #[test]
    fn a_record_restores_to_the_same_match() {
        let mut m = counting_match(Mode::TwoPlayers);
        m.set_seed(42);
        for _ in 0..3 {
            m.handle(Action::Enter);
        }
        m.undo();
        let Some(record) = m.record() else {
            panic!("a two-player match is kept");
        };
        assert_eq!(
            (record.moves.len(), record.redo.len(), record.seed),
            (2, 1, 42)
        );
        let mut again = counting_match(Mode::TwoPlayers);
        assert_eq!(again.restore(&record), Ok(()));
        assert_eq!(again.board.jumps, 1);
        assert_eq!(again.position_text(), m.position_text());
        assert_eq!(
            again.record().map(|r| (r.moves, r.redo, r.seed)),
            Some((record.moves, record.redo, 42))
        );
        again.redo();
        assert_eq!(again.position_text(), "0,2");
    }

    /// The AI's move, when due, is played the board's way (its animation, its cursor).
    #[test]
    fn the_ais_move_goes_through_the_boards_play() {
        let mut m = counting_match(Mode::AiVsAi);
        let mut rng = GameRng::seed_from_u64(3);
        // A solver that failed leaves the AI playing by feel, at once.
        m.analysis_requested(1);
        m.failed(1, "test".into());
        assert!(m.tick(10, &mut rng));
        assert_eq!(m.board.played.len(), 1);
        assert_eq!(m.view.session.history().len(), 1);
    }

    /// The switches every game shares: hints on the match, spoilers on the view and
    /// in the setup a new game starts from.
    #[test]
    fn the_shared_switches_live_on_the_match() {
        let mut m = counting_match(Mode::VsAi);
        assert!(!m.hints_on());
        m.toggle_hints();
        assert!(m.hints_on());
        m.set_spoilers(false);
        assert!(!m.spoilers_on() && !m.setup().spoilers && !m.view.spoilers);
    }
}
