//! The parts of a game screen every game shares: the session, the AI's voice, the
//! prediction panel, the move list, the game-over box, and the traffic with the solver.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rand::{Rng, RngExt};

use crate::config::FirstMover;
use crate::game::Game;
use crate::game::{Outcome, Seat};
use crate::matchup::MatchSetup;
use crate::plugin::GameSetup;
use crate::session::{Mode, PlayedMove, Player, Session};
use crate::solve::Analysis;
use crate::solve::analyst::SharedAnalyst;
use crate::solve::worker::Inbox;
use crate::store::{MatchRecord, ResultRecord, SeatRecord};
use crate::ui::voice::{self, Moment};

/// The AI's words on a moment ("move now", an undo), said until the next move.
mod draw;
mod rating;
mod remarks;
mod solver_link;

pub use rating::RatingLedger;

#[cfg(test)]
use draw::moves_played;
pub use draw::{moves_left, what_next, wins_sentence};

const MOVE_NOW_LINE: &str = "All right, I'll move.";
const TAKE_BACK_LINE: &str = "Taking it back? Fine.";

/// Who sits in a seat, for the wording: the one person playing the AI, the AI, or
/// someone named (two people, or two AIs). Never read from the names on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who<'a> {
    You,
    Ai,
    Named(&'a str),
}

pub use crate::ui::voice::Outlook;

/// What undo and redo say when they have nothing to do.
const NOTHING_OF_YOURS: &str = "Nothing of yours to take back yet.";
const NOTHING_TO_UNDO: &str = "Nothing to undo.";
const NOTHING_TO_REDO: &str = "Nothing to redo.";
/// How long a game-over box stays up before Enter may put it away.
pub const OVER_BOX_SETTLE_MS: u64 = 600;
/// Said when the hints are turned on in a game against the AI: hints seen on your
/// turn count for your move even when turned off before it ("moving with them is not
/// rated" read as if turning them off first kept the game rated).
pub const HINTS_UNRATED: &str = "Hints on: the game is unrated once you move.";
/// Said when the hints go off again on the person's turn: what they showed counts.
pub const HINTS_SEEN_UNRATED: &str = "Hints seen: this game will not be rated.";

pub struct MatchView<G: Game> {
    pub session: Session<G>,
    /// The match's engine, kept from move to move and dropped with the match.
    analyst: SharedAnalyst<G>,
    /// The AI's (or the commentator's) latest line.
    pub voice: String,
    /// What the coin said ("The coin says you start."), kept in front of the AI's
    /// first remark until a move is made: the remark came at once and hid it.
    coin_line: Option<String>,
    /// The match ended outside its rules (a flag fall): the AI's last remark about
    /// the board is no longer the news, and it says nothing more.
    hushed: bool,
    /// The line the voice last took from the outlook ("Too early to tell who wins."):
    /// while the voice still says it, a new outlook replaces it.
    outlook_line: Option<String>,
    /// A margin this small or smaller from a search that proved nothing is "about
    /// even" (see [`MatchView::set_even_within`]).
    even_within: i32,
    /// Set when the position changed and the solver has not been asked yet.
    needs_analysis: bool,
    /// The predicted winner of the last analysed position, to notice slips.
    last_prediction: Option<Seat>,
    variety: usize,
    /// Ticks seen while the AI was thinking, for the animation.
    frames: usize,
    /// The AI's thinking time per move, when it has one, to show beside the time spent.
    think_ms: Option<Arc<AtomicU64>>,
    /// The seed the match's random start was drawn from (kept in its record).
    pub seed: u64,
    /// When the match started (RFC 3339), kept across resumes.
    started: String,
    /// Whether the prediction, the AI's remarks on who wins, the best move and the
    /// mistake marks are shown (the spoiler switch); once the game is over they are.
    pub spoilers: bool,
    /// The analyses the solver thread sent for this match, under their tickets.
    inbox: Inbox<Analysis<G::Move>>,
    /// "Move now" for the running analysis: its search stops and answers with what
    /// it has (a search that reports its best only at the end, Pnut-Butta's proofs,
    /// would otherwise run out its time). A new flag for every job.
    hurry: Arc<AtomicBool>,
    /// The help the person had and whether the game counts for the rating.
    pub rating: RatingLedger,
    /// Whether the screen shows the hints: the match's one switch, kept here so that a
    /// move played with them on is known as one.
    pub hints: bool,
    /// A word from the program, not the AI ("Resumed: move 3.", "Nothing to redo."):
    /// shown on the voice's line without the AI's quotes, until the next move.
    note: String,
    /// What the shell says of a match online, shown in place of the prediction.
    pub notes: Option<Vec<ratatui::text::Line<'static>>>,
    /// The game-over box was put away (Enter) at this generation of the session (see
    /// [`Session::generation`]): the final board can be seen whole. A game that ends
    /// again (after an undo and a move) shows it.
    over_box_hidden_at: Option<u64>,
    /// The generation whose game-over box is up, and for how long (ms).
    over_box_age: (u64, u64),
    /// The moves of the start asked for (Othello's move list), played from the
    /// standard start before the match began: no one's choice at the board.
    given: Vec<G::Move>,
}

impl<G: Game> MatchView<G> {
    /// Seats the players as the setup says: who is human, who moves first.
    pub fn new<R: Rng + ?Sized>(
        start: G,
        matchup: &MatchSetup,
        ai_delay_ms: u64,
        analyst: SharedAnalyst<G>,
        rng: &mut R,
    ) -> Self {
        let ai = Player::Ai(matchup.difficulty);
        let coin = rng.random_bool(0.5);
        let mut ai_chooses = false;
        let (players, names, voice) = match matchup.mode {
            Mode::VsAi => {
                let human_first = match matchup.first {
                    FirstMover::You => true,
                    FirstMover::Ai => false,
                    FirstMover::Coin => coin,
                    FirstMover::AiChooses => {
                        ai_chooses = true;
                        true
                    }
                };
                let voice = match matchup.first {
                    FirstMover::Coin => voice::line(Moment::CoinFlip { human_first }, 0),
                    FirstMover::AiChooses => "Let me look at this…".into(),
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
                let p1_first = matchup.first != FirstMover::Coin || coin;
                let names = if p1_first {
                    ["Player 1".to_string(), "Player 2".to_string()]
                } else {
                    ["Player 2".to_string(), "Player 1".to_string()]
                };
                let voice = if matchup.first == FirstMover::Coin {
                    format!("The coin says {} starts.", names[0])
                } else {
                    String::new()
                };
                ([Player::Human, Player::Human], names, voice)
            }
            Mode::AiVsAi => (
                [ai, ai],
                ["AI 1".to_string(), "AI 2".to_string()],
                "Watching two AIs.".to_string(),
            ),
        };
        let mut session = Session::new(start, players, names, ai_delay_ms);
        if ai_chooses {
            session.let_ai_choose_side();
        }
        MatchView {
            session,
            analyst,
            coin_line: (matchup.first == FirstMover::Coin && matchup.mode == Mode::VsAi)
                .then(|| voice.clone()),
            voice,
            hushed: false,
            outlook_line: None,
            even_within: 0,
            needs_analysis: true,
            last_prediction: None,
            variety: rng.random_range(0..1000),
            frames: 0,
            think_ms: None,
            seed: 0,
            started: crate::store::record::now(),
            spoilers: true,
            note: String::new(),
            notes: None,
            given: Vec::new(),
            over_box_hidden_at: None,
            over_box_age: (u64::MAX, 0),
            inbox: Inbox::default(),
            hurry: Arc::default(),
            rating: RatingLedger::default(),
            hints: false,
        }
    }

    /// The match written down, to save it or add it to the history.
    pub fn record(&self, setup: &GameSetup) -> MatchRecord {
        let session = &self.session;
        let (players, names) = session.seats();
        let seat = |i: usize| SeatRecord {
            name: names[i].clone(),
            ai: match players[i] {
                Player::Human | Player::Remote => None,
                Player::Ai(d) => Some(d),
            },
        };
        let history = session.history();
        MatchRecord {
            game: setup.game.cli_name().to_string(),
            options: setup.options.to_json(),
            mode: setup.matchup.mode,
            first: setup.matchup.first,
            difficulty: setup.matchup.difficulty,
            level: setup.game.kind().ai_level(setup),
            from_position: setup.position.clone(),
            start: session.start().position_text(),
            seats: [seat(0), seat(1)],
            moves: history.iter().map(|m| m.mv.to_string()).collect(),
            // The moves to redo follow the moves played, in the redo list's order.
            mistakes: history
                .iter()
                .chain(session.redo_moves().iter().rev())
                .enumerate()
                .filter(|(_, m)| m.mistake)
                .map(|(i, _)| i)
                .collect(),
            hints: None,
            redo: session
                .redo_moves()
                .iter()
                .rev()
                .map(|m| m.mv.to_string())
                .collect(),
            seed: self.seed,
            started: self.started.clone(),
            saved: crate::store::record::now(),
            result: session.outcome().map(ResultRecord::from),
            first_margin: session
                .is_over()
                .then(|| session.position().first_margin())
                .flatten(),
            // The times left are the shell's to fill in (it runs the clocks). Two AIs
            // play without (the setup hides the row but keeps its choice).
            clock: setup
                .matchup
                .clock
                .filter(|_| setup.matchup.mode != crate::matchup::Mode::AiVsAi)
                .map(|control| crate::clock::ClockRecord {
                    control,
                    left: [control.base_ms; 2],
                }),
            ended_by: None,
            given: self.given_played(),
            aids: self.rating.aids,
        }
    }

    /// Puts a saved match back on the board: its seats, every move (with its marks) and
    /// what undo had taken back. The view must have been started from the record's
    /// `start`. The AI then thinks afresh.
    pub fn restore(&mut self, record: &MatchRecord) -> Result<(), String> {
        let parse = |text: &str| {
            text.parse::<G::Move>()
                .map_err(|e| format!("move {text:?}: {e}"))
        };
        let seat = |s: &SeatRecord| match s.ai {
            None => Player::Human,
            Some(d) => Player::Ai(d),
        };
        self.session.set_seats(
            [seat(&record.seats[0]), seat(&record.seats[1])],
            [record.seats[0].name.clone(), record.seats[1].name.clone()],
        );
        self.given.clear();
        for (i, text) in record.moves.iter().enumerate() {
            let mv = parse(text)?;
            self.session
                .replay(mv, record.mistakes.contains(&i))
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            // The start's moves stay the start's in the match resumed.
            if i < record.given {
                self.given.push(mv);
            }
        }
        // The moves to redo are checked by playing them on a copy.
        let mut position = self.session.position().clone();
        let mut redo = Vec::new();
        for (j, text) in record.redo.iter().enumerate() {
            let mv = parse(text)?;
            let before = position.clone();
            let seat = before.to_move();
            position
                .play(mv)
                .map_err(|e| format!("move to redo {text}: {e}"))?;
            redo.push(PlayedMove {
                before,
                seat,
                mv,
                mistake: record.mistakes.contains(&(record.moves.len() + j)),
            });
        }
        self.session.set_redo(redo);
        self.seed = record.seed;
        self.started = record.started.clone();
        self.rating.aids = record.aids.with(self.rating.aids);
        self.needs_analysis = true;
        self.last_prediction = None;
        self.voice = String::new();
        // Two AIs come back paused: the watcher finds the board as they left it, and
        // the footer's pause key plays on (they played on at once, a move gone before
        // the board was looked at).
        let watched = self.all_ai() && !self.session.is_over();
        if watched && !self.session.paused() {
            self.session.toggle_pause();
        }
        self.note = if self.session.is_over() {
            String::new()
        } else if watched {
            format!("Resumed: move {}, paused.", record.moves.len() + 1)
        } else {
            format!("Resumed: move {}.", record.moves.len() + 1)
        };
        Ok(())
    }

    /// Plays `moves` from the start as the start asked for (see `given`): the moves
    /// panel names them "start" and the game-over box does not count them. Stops at
    /// the first that is not legal.
    pub fn play_given(&mut self, moves: &[G::Move]) {
        for mv in moves {
            if self.session.replay(*mv, false).is_err() {
                break;
            }
            self.given.push(*mv);
        }
    }

    /// How many of the moves played are the start's, as far as the match still
    /// follows them (an undo into them and another move makes the rest the players').
    pub fn given_played(&self) -> usize {
        self.given
            .iter()
            .zip(self.session.history())
            .take_while(|(given, played)| **given == played.mv)
            .count()
    }

    /// How this game reads a search that proved nothing: margins within `even_within`
    /// are about even.
    pub fn set_even_within(&mut self, even_within: i32) {
        self.even_within = even_within;
    }

    /// What is known of the position on the board (see [`Outlook`]).
    pub fn outlook(&self) -> Outlook {
        let s = &self.session;
        let Some(a) = s.analysis() else {
            return Outlook::Unknown;
        };
        if let Some(winner) = s.predicted_winner() {
            return Outlook::Wins(winner);
        }
        if a.verdict == crate::solve::Verdict::Draw || (a.exact && a.score == Some(0)) {
            return Outlook::Draw;
        }
        match a.score {
            Some(score) if score.abs() > self.even_within => {
                let mover = s.to_move();
                let leader = if score > 0 { mover } else { mover.other() };
                Outlook::Ahead(leader, score.abs())
            }
            Some(_) => Outlook::Even,
            None => Outlook::Unknown,
        }
    }

    /// Whether the voice may be replaced by the outlook's line: it is silent, or still
    /// says what the last outlook said.
    fn voice_follows_outlook(&self) -> bool {
        self.voice.is_empty() || self.outlook_line.as_ref() == Some(&self.voice)
    }

    /// Seats an online match: this terminal's person in `mine`, the other seat a person
    /// elsewhere whose moves arrive from outside; `names` by seat. `None`: watching,
    /// both seats elsewhere.
    pub fn seat_online(&mut self, mine: Option<Seat>, names: [String; 2]) {
        let mut players = [Player::Remote; 2];
        self.voice = match mine {
            Some(Seat::First) => format!("You move first against {}.", names[1]),
            Some(Seat::Second) => format!("{} moves first.", names[0]),
            None => format!("Watching {} vs {}.", names[0], names[1]),
        };
        if let Some(mine) = mine {
            players[mine.index()] = Player::Human;
        }
        self.session.set_seats(players, names);
    }

    /// The AI's seat when exactly one side is the AI.
    pub fn ai_seat(&self) -> Option<Seat> {
        match self.session.players() {
            [Player::Human, Player::Ai(_)] => Some(Seat::Second),
            [Player::Ai(_), Player::Human] => Some(Seat::First),
            _ => None,
        }
    }

    /// Who sits in `seat`.
    /// The seat as the subject of a sentence: "You", "The AI", "Player 2" ("AI took
    /// the last coin" read as a name where every other line says "the AI").
    pub fn subject(&self, seat: Seat) -> String {
        match self.who(seat) {
            Who::You => "You".into(),
            Who::Ai => "The AI".into(),
            Who::Named(name) => name.to_string(),
        }
    }

    pub fn who(&self, seat: Seat) -> Who<'_> {
        // Online, this terminal's person is "you"; the other is named.
        if self.session.players().contains(&Player::Remote) {
            return match self.session.player(seat) {
                Player::Human => Who::You,
                _ => Who::Named(self.session.name(seat)),
            };
        }
        match self.ai_seat() {
            Some(ai) if ai == seat => Who::Ai,
            Some(_) => Who::You,
            None => Who::Named(self.session.name(seat)),
        }
    }

    /// While the AI is to move against a person, the analysis on the board is the
    /// AI's: its winning moves are the person's losing ones. Hints wait for the
    /// person's turn, and say so with this line.
    pub fn hints_wait(&self) -> Option<&'static str> {
        let s = &self.session;
        (self.ai_seat().is_some() && !s.is_over() && !s.human_to_move())
            .then_some("Hints come back on your turn.")
    }

    /// Where the match stands, for the keys that work only at some moments.
    pub fn situation(&self) -> super::screen::Situation {
        let players = self.session.players();
        super::screen::Situation {
            over: self.session.is_over(),
            human_to_move: self.session.human_to_move(),
            ai_plays: players.iter().any(|p| matches!(p, Player::Ai(_))),
            all_ai: self.all_ai(),
            paused: self.session.paused(),
        }
    }

    pub fn all_ai(&self) -> bool {
        self.session
            .players()
            .iter()
            .all(|p| matches!(p, Player::Ai(_)))
    }

    /// The AI's thinking time per move, shown as "thinking 3.2 / 5.0 s".
    /// Shared with the analyst where the thinking time can change during the match.
    pub fn set_think_ms(&mut self, ms: Arc<AtomicU64>) {
        self.think_ms = Some(ms);
    }

    /// "Move now": the AI plays its best move so far.
    pub fn move_now(&mut self) {
        if self.session.hurry() {
            self.hurry.store(true, Ordering::Relaxed);
            self.voice = MOVE_NOW_LINE.into();
        }
    }

    /// Time passes while the game is over: how long its box has been up.
    pub fn over_box_tick(&mut self, elapsed_ms: u64) {
        let now = self.session.generation();
        self.over_box_age = match self.over_box_age {
            (at, age) if at == now => (at, age.saturating_add(elapsed_ms)),
            _ => (now, elapsed_ms),
        };
    }

    /// Puts the game-over box away, or brings it back (Enter once the game is over).
    /// An Enter in the box's first moments is a reflex meant for the last move, not a
    /// wish to hide the result (a play-test's Enters hid the box as it appeared): it
    /// does nothing, and holds the box for as long again, so a burst of Enters however
    /// long (four quick ones hid it before it was read) leaves it up.
    pub fn toggle_over_box(&mut self) {
        let now = self.session.generation();
        let age = match self.over_box_age {
            (at, age) if at == now => age,
            _ => 0,
        };
        if self.over_box_shown() && age < OVER_BOX_SETTLE_MS {
            self.over_box_age = (now, 0);
            return;
        }
        self.over_box_hidden_at = match self.over_box_hidden_at {
            Some(at) if at == now => None,
            _ => Some(now),
        };
    }

    /// Whether the game-over box may be drawn over the board: not put away at this
    /// move (the game's screen knows whether the game is over).
    pub fn over_box_shown(&self) -> bool {
        self.over_box_hidden_at != Some(self.session.generation())
    }

    /// The match ended outside its rules (a flag fall): the AI stops remarking on the
    /// board (its "I can force a win" would outlive the clock that decided).
    pub fn hush(&mut self) {
        self.hushed = true;
        self.voice.clear();
        // "Resumed: move 3." under a board the clock has just ended is old news.
        self.note.clear();
    }

    /// Whether [`MatchView::hush`] silenced the voice.
    pub fn hushed(&self) -> bool {
        self.hushed
    }

    /// A key was pressed: a refusal said for the key before ("Nothing to redo.") is
    /// about that key, and goes (it stayed until the next move, stale).
    pub fn key_pressed(&mut self) {
        if [NOTHING_OF_YOURS, NOTHING_TO_UNDO, NOTHING_TO_REDO].contains(&self.note.as_str()) {
            self.note.clear();
        }
    }

    /// The footer's word for the pause key when two AIs play: what it does next.
    pub fn pause_word(&self) -> &'static str {
        if self.session.paused() {
            "resume"
        } else {
            "pause"
        }
    }

    /// Pauses or resumes when two AIs play; people are never paused.
    pub fn toggle_pause(&mut self) {
        if self.all_ai() {
            self.session.toggle_pause();
        }
    }

    /// It is the person's move against the AI, in a game not over: what they do with
    /// the hints now counts for the rating.
    fn persons_turn(&self) -> bool {
        self.session.human_to_move() && self.ai_seat().is_some() && !self.session.is_over()
    }

    /// Plays a move for whoever is to move. Returns false if it was refused.
    pub fn play(&mut self, mv: G::Move) -> bool {
        // The person moves with the hints on: help (hints on only between moves, or
        // carried into a rematch and turned off before the first move, are not).
        // Judged before the move: the move that ends the game counts too.
        let persons_turn = self.persons_turn();
        if self.session.play(mv).is_err() {
            return false;
        }
        self.rating.move_played(persons_turn, self.hints);
        self.note.clear();
        self.needs_analysis = true;
        // A word on a moment is over once the next move is played.
        if [MOVE_NOW_LINE, TAKE_BACK_LINE].contains(&self.voice.as_str()) {
            self.voice.clear();
        }
        match self.session.outcome() {
            Some(Outcome::Win(winner)) => {
                self.voice = match self.ai_seat() {
                    Some(ai) if ai == winner => voice::line(Moment::AiWon, self.variety),
                    Some(_) => voice::line(Moment::HumanWon, self.variety),
                    None => format!("{} wins.", self.session.name(winner)),
                };
            }
            Some(Outcome::Draw) => self.voice = "A draw.".into(),
            None => {}
        }
        true
    }

    /// Takes back moves (against the AI: to your previous turn). Returns false if none.
    pub fn undo(&mut self) -> bool {
        // A move taken back once the game is over changes nothing the rating counts:
        // the first ending is the one kept.
        let was_on = !self.session.is_over();
        if !self.session.undo() {
            // Said whatever the moment, or `u` would do nothing silently (a game whose
            // only move of yours was a forced pass, once over).
            self.note = if self.ai_seat().is_some() {
                NOTHING_OF_YOURS.into()
            } else {
                NOTHING_TO_UNDO.into()
            };
            return false;
        }
        self.note.clear();
        self.needs_analysis = true;
        self.last_prediction = None;
        if was_on && self.ai_seat().is_some() {
            self.rating.taken_back();
        }
        self.voice = if self.ai_seat().is_some() {
            TAKE_BACK_LINE.into()
        } else {
            String::new()
        };
        true
    }

    /// The hints were turned on: said when it matters, in a game against the AI not
    /// over yet, where a move made with them leaves the game unrated.
    pub fn hints_turned_on(&mut self) {
        if self.ai_seat().is_some() && !self.session.is_over() && !self.rating.aids.hints {
            self.note = HINTS_UNRATED.into();
        }
    }

    /// The person turned the hints on (a key, not a game that starts with them): on
    /// their turn against the AI, the move that ends it counts as hinted.
    pub fn hints_shown_by_person(&mut self) {
        let persons_turn = self.persons_turn();
        self.rating.hints_shown(persons_turn);
    }

    /// The hints' last turning on was put back (a letter that began a square): it
    /// showed nothing the person asked for.
    pub fn forget_hints_shown(&mut self) {
        self.rating.forget_hints_shown();
        if self.note == HINTS_SEEN_UNRATED {
            self.note.clear();
        }
    }

    /// The note that moving with hints is not rated goes with the hints (it stayed
    /// under a board without them).
    pub fn hints_turned_off(&mut self) {
        if self.note == HINTS_UNRATED {
            self.note.clear();
            if self.rating.hints_seen_unmarked() {
                self.note = HINTS_SEEN_UNRATED.into();
            }
        }
    }

    /// Plays again what undo took back. Returns false if there is nothing to redo.
    pub fn redo(&mut self) -> bool {
        if !self.session.redo() {
            self.note = NOTHING_TO_REDO.into();
            return false;
        }
        if self.session.redo_moves().is_empty() {
            self.rating.all_redone();
        }
        self.note.clear();
        self.needs_analysis = true;
        self.last_prediction = None;
        self.voice = String::new();
        true
    }

    /// Time passes. Returns the AI's move when it is due, and whether to redraw.
    pub fn tick<R: Rng + ?Sized>(
        &mut self,
        elapsed_ms: u64,
        rng: &mut R,
    ) -> (Option<G::Move>, bool) {
        match self.session.tick(elapsed_ms, rng) {
            Some(mv) => (Some(mv), true),
            None if self.session.ai_to_move() && !self.session.paused() => {
                self.frames += 1;
                (None, true)
            }
            None => (None, false),
        }
    }

    /// "you win", "the AI wins", "Player 2 wins".
    pub fn wins_text(&self, winner: Seat) -> String {
        match self.who(winner) {
            Who::You => "you win".into(),
            Who::Ai => "the AI wins".into(),
            Who::Named(name) => format!("{name} wins"),
        }
    }

    /// The headline when the game is over.
    pub fn result_headline(&self) -> Option<String> {
        Some(match self.session.outcome()? {
            Outcome::Draw => "A draw.".to_string(),
            Outcome::Win(winner) => match self.who(winner) {
                Who::You => "You win!".to_string(),
                Who::Ai => "The AI wins.".to_string(),
                Who::Named(name) => format!("{name} wins!"),
            },
        })
    }
}

#[cfg(test)]
mod tests;
