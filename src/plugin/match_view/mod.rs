//! The parts of a game screen every game shares: the session, the AI's voice, the
//! prediction panel, the move list, the game-over box, and the traffic with the solver.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rand::{Rng, RngExt};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::screen::SolverLink;
use crate::config::FirstMover;
use crate::game::Game;
use crate::game::{Outcome, Seat};
use crate::matchup::MatchSetup;
use crate::plugin::GameSetup;
use crate::session::{Mode, PlayedMove, Player, Session};
use crate::solve::Analysis;
use crate::solve::analyst::{Query, SharedAnalyst};
use crate::solve::worker::{Inbox, Job};
use crate::store::{MatchRecord, ResultRecord, SeatRecord};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::voice::{self, Moment};
use crate::ui::widgets;

/// The AI's words on a moment ("move now", an undo), said until the next move.
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

/// How a game reads a search that proved nothing (see [`MatchView::set_outlook_rules`]).
struct OutlookRules<G> {
    /// A margin this small or smaller is "about even".
    even_within: i32,
    /// Positions whose value is known without a search (Othello's start is a draw).
    known_draw: fn(&G) -> bool,
}

pub struct MatchView<G: Game> {
    pub session: Session<G>,
    /// The match's engine, kept from move to move and dropped with the match.
    analyst: SharedAnalyst<G>,
    /// The AI's (or the commentator's) latest line.
    pub voice: String,
    /// The line the voice last took from the outlook ("Too early to tell who wins."):
    /// while the voice still says it, a new outlook replaces it.
    outlook_line: Option<String>,
    outlook_rules: OutlookRules<G>,
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
    /// A word from the program, not the AI ("Resumed: move 3.", "Nothing to redo."):
    /// shown on the voice's line without the AI's quotes, until the next move.
    note: String,
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
            voice,
            outlook_line: None,
            outlook_rules: OutlookRules {
                even_within: 0,
                known_draw: |_| false,
            },
            needs_analysis: true,
            last_prediction: None,
            variety: rng.random_range(0..1000),
            frames: 0,
            think_ms: None,
            seed: 0,
            started: crate::store::record::now(),
            spoilers: true,
            note: String::new(),
            inbox: Inbox::default(),
        }
    }

    /// The match written down, to save it or add it to the history.
    pub fn record(&self, setup: &GameSetup) -> MatchRecord {
        let session = &self.session;
        let (players, names) = session.seats();
        let seat = |i: usize| SeatRecord {
            name: names[i].clone(),
            ai: match players[i] {
                Player::Human => None,
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
            mistakes: (0..history.len()).filter(|&i| history[i].mistake).collect(),
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
        for (i, text) in record.moves.iter().enumerate() {
            self.session
                .replay(parse(text)?, record.mistakes.contains(&i))
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        }
        // The moves to redo are checked by playing them on a copy.
        let mut position = self.session.position().clone();
        let mut redo = Vec::new();
        for text in &record.redo {
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
                mistake: false,
            });
        }
        self.session.set_redo(redo);
        self.seed = record.seed;
        self.started = record.started.clone();
        self.needs_analysis = true;
        self.last_prediction = None;
        self.voice = String::new();
        self.note = if self.session.is_over() {
            String::new()
        } else {
            format!("Resumed: move {}.", record.moves.len() + 1)
        };
        Ok(())
    }

    /// An analysis of the position under `ticket` (dropped when stale): the prediction,
    /// the AI's side and its remarks follow it.
    pub fn receive_analysis(&mut self, ticket: u64, analysis: Analysis<G::Move>) {
        let was_pending = self.session.side_pending();
        if !self.session.receive_analysis(ticket, analysis) {
            return;
        }
        self.announce_side(was_pending);
        self.react_to_prediction();
    }

    /// Once the AI has chosen its side, it says which, and whether it could prove it.
    fn announce_side(&mut self, was_pending: bool) {
        if !was_pending || self.session.side_pending() {
            return;
        }
        let ai_first = self.session.player(Seat::First) != Player::Human;
        self.voice = if self.session.side_proven() == Some(true) {
            let moment = if ai_first {
                Moment::ChoseFirst
            } else {
                Moment::ChoseSecond
            };
            voice::line(moment, self.variety)
        } else if ai_first {
            "I can't prove either side; I'll go first.".into()
        } else {
            "I can't prove either side; I'll go second.".into()
        };
    }

    fn failed_with(&mut self, ticket: u64, reason: String) {
        if self.session.analysis_failed_with(ticket, reason) {
            self.voice = "My analysis is broken; I'm playing by feel now.".into();
        }
    }

    /// How this game reads a search that proved nothing: margins within `even_within`
    /// are about even, and `known_draw` positions are draws whatever the search says.
    pub fn set_outlook_rules(&mut self, even_within: i32, known_draw: fn(&G) -> bool) {
        self.outlook_rules = OutlookRules {
            even_within,
            known_draw,
        };
    }

    /// What is known of the position on the board (see [`Outlook`]).
    pub fn outlook(&self) -> Outlook {
        let s = &self.session;
        if (self.outlook_rules.known_draw)(s.position()) {
            return Outlook::Draw;
        }
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
            Some(score) if score.abs() > self.outlook_rules.even_within => {
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

    /// The AI's seat when exactly one side is the AI.
    pub fn ai_seat(&self) -> Option<Seat> {
        match self.session.players() {
            [Player::Human, Player::Ai(_)] => Some(Seat::Second),
            [Player::Ai(_), Player::Human] => Some(Seat::First),
            _ => None,
        }
    }

    /// Who sits in `seat`.
    pub fn who(&self, seat: Seat) -> Who<'_> {
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
            ai_plays: players.iter().any(|p| *p != Player::Human),
            all_ai: self.all_ai(),
        }
    }

    pub fn all_ai(&self) -> bool {
        self.session.players().iter().all(|p| *p != Player::Human)
    }

    /// The AI's thinking time per move, shown as "thinking 3.2 / 5.0 s".
    /// Shared with the analyst where the thinking time can change during the match.
    pub fn set_think_ms(&mut self, ms: Arc<AtomicU64>) {
        self.think_ms = Some(ms);
    }

    /// "Move now": the AI plays its best move so far.
    pub fn move_now(&mut self) {
        if self.session.hurry() {
            self.voice = MOVE_NOW_LINE.into();
        }
    }

    /// Pauses or resumes when two AIs play; people are never paused.
    pub fn toggle_pause(&mut self) {
        if self.all_ai() {
            self.session.toggle_pause();
        }
    }

    /// The AI's voice reacts when the prediction changes.
    fn react_to_prediction(&mut self) {
        let Some(winner) = self.session.predicted_winner() else {
            // Nothing proven: against the AI, say what the panel says rather than
            // nothing, and keep saying it as the outlook changes.
            if let Some(ai) = self.ai_seat()
                && self.voice_follows_outlook()
                && !self.session.is_over()
            {
                let line = voice::outlook_line(self.outlook(), ai);
                self.voice = line.clone();
                self.outlook_line = Some(line);
            }
            return;
        };
        if self.session.is_over() {
            return;
        }
        let previous = self.last_prediction.replace(winner);
        // The side that was predicted to win and no longer is threw it away with its
        // latest move: mark it, now that the proof has arrived.
        if let Some(loser) = previous.filter(|p| *p != winner) {
            self.session.mark_last_move_of(loser);
        }
        match self.ai_seat() {
            Some(ai) => {
                let moment = if winner == ai && previous == Some(ai.other()) {
                    Some(Moment::HumanBlundered)
                } else if winner != ai && previous.is_none() {
                    Some(Moment::LostFromHere)
                } else if winner != ai && previous != Some(winner) {
                    Some(Moment::Lost)
                } else if winner == ai && previous.is_none() && self.voice_follows_outlook() {
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
                if let (Some(prev), Some(last)) = (previous, self.session.history().last())
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

    /// Plays a move for whoever is to move. Returns false if it was refused.
    pub fn play(&mut self, mv: G::Move) -> bool {
        if self.session.play(mv).is_err() {
            return false;
        }
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
        if !self.session.undo() {
            // Said whatever the moment, or `u` would do nothing silently (a game whose
            // only move of yours was a forced pass, once over).
            self.note = if self.ai_seat().is_some() {
                "Nothing of yours to take back yet.".into()
            } else {
                "Nothing to undo.".into()
            };
            return false;
        }
        self.note.clear();
        self.needs_analysis = true;
        self.last_prediction = None;
        self.voice = if self.ai_seat().is_some() {
            TAKE_BACK_LINE.into()
        } else {
            String::new()
        };
        true
    }

    /// Plays again what undo took back. Returns false if there is nothing to redo.
    pub fn redo(&mut self) -> bool {
        if !self.session.redo() {
            self.note = "Nothing to redo.".into();
            return false;
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

    /// Whose turn, or that the AI is thinking, as a short styled line.
    pub fn turn_line(&self, theme: &Theme, keys: &Keys, human_detail: String) -> Line<'static> {
        let s = &self.session;
        if s.is_over() {
            Line::styled("Game over.", theme.bold())
        } else if s.side_pending() {
            Line::raw("The AI is choosing a side…")
        } else if s.human_to_move() {
            let who = match self.who(s.to_move()) {
                Who::You => "Your turn".to_string(),
                Who::Ai => "The AI's turn".to_string(),
                Who::Named(name) => format!("{name}'s turn"),
            };
            Line::from(vec![
                Span::styled(who, theme.bold()),
                Span::raw(human_detail),
            ])
        } else if s.paused() {
            Line::raw(format!("Paused: {} resumes.", keys.key(Action::Pause)))
        } else {
            let dots = ["·  ", "·· ", "···"][(self.frames / 4) % 3];
            let spent = s.thinking_ms() as f64 / 1000.0;
            // With a time budget the clock itself shows progress; without, the dots do.
            let time = match self.think_ms.as_ref().map(|t| t.load(Ordering::Relaxed)) {
                Some(budget) => format!("{spent:.1}/{:.1} s", budget as f64 / 1000.0),
                None => format!("{dots} {spent:.1} s"),
            };
            Line::raw(format!(
                "{} is thinking {time} · {} now",
                s.name(s.to_move()),
                keys.key(Action::MoveNow)
            ))
        }
    }

    /// Whether what gives the result away is hidden now (the spoiler switch is off and
    /// the game goes on).
    pub fn spoilers_hidden(&self) -> bool {
        !self.spoilers && !self.session.is_over()
    }

    /// Whether a move's "✗ mistake" mark is shown: it was one, and the spoiler switch
    /// does not hide it (a mark tells that the position was won).
    pub fn mistake_shown(&self, m: &PlayedMove<G>) -> bool {
        m.mistake && !self.spoilers_hidden()
    }

    /// The prediction panel while the spoiler switch hides it, else `None`.
    pub fn hidden_prediction(&self, keys: &Keys, theme: &Theme) -> Option<Vec<Line<'static>>> {
        self.spoilers_hidden().then(|| {
            vec![
                Line::styled("Hidden: find the win yourself.", theme.muted()),
                Line::styled(
                    format!("{} shows the prediction", keys.key(Action::Spoilers)),
                    theme.muted(),
                ),
            ]
        })
    }

    pub fn voice_line(&self, theme: &Theme) -> Line<'static> {
        if !self.note.is_empty() {
            return Line::styled(self.note.clone(), theme.muted());
        }
        // The AI's remarks tell who wins ("I can't force a win from here").
        if self.voice.is_empty() || self.spoilers_hidden() {
            Line::raw("")
        } else if self.ai_seat().is_some() {
            Line::styled(format!("AI: “{}”", self.voice), theme.accent())
        } else {
            Line::styled(self.voice.clone(), theme.accent())
        }
    }

    /// What the prediction panel says before there is a prediction to give: the
    /// result, a solver that failed, the AI choosing its side. `None` otherwise.
    pub fn prediction_preamble(&self, theme: &Theme) -> Option<Vec<Line<'static>>> {
        let s = &self.session;
        if let Some(headline) = self.result_headline() {
            return Some(vec![
                Line::raw("Game over:"),
                Line::styled(headline, theme.bold()),
            ]);
        }
        if let Some(reason) = s.analysis_failed() {
            return Some(vec![
                Line::styled("Analysis unavailable.", theme.warning()),
                Line::styled(format!("The solver stopped: {reason}"), theme.muted()),
            ]);
        }
        if s.side_pending() {
            return Some(vec![Line::raw("The AI is choosing a side…")]);
        }
        None
    }

    /// "With perfect play, you win" and what is known about the distance.
    pub fn prediction_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        if let Some(lines) = self.prediction_preamble(theme) {
            return lines;
        }
        let s = &self.session;
        if s.analysis()
            .is_some_and(|a| a.verdict == crate::solve::Verdict::Draw)
        {
            return vec![
                Line::raw("With perfect play,"),
                Line::styled("a draw", theme.bold()),
            ];
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
            lines.push(Line::styled(moves_left(p), theme.muted()));
        }
        lines
    }

    /// The last `room` moves, numbered, each described by `describe`, mistakes marked.
    pub fn move_lines(
        &self,
        theme: &Theme,
        room: usize,
        describe: impl Fn(&PlayedMove<G>) -> String,
    ) -> Vec<Line<'static>> {
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
                        "{:>3}. {:<9}{:>7}",
                        i + 1,
                        self.session.name(m.seat),
                        describe(m)
                    ),
                    style,
                )];
                if self.mistake_shown(m) {
                    spans.push(Span::styled(MISTAKE_MARK, theme.warning()));
                }
                Line::from(spans)
            })
            .collect()
    }

    /// The "Moves" panel: as many of the last moves as fit in `area`.
    pub fn render_moves(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        describe: impl Fn(&PlayedMove<G>) -> String,
    ) {
        let mut lines = self.move_lines(theme, area.height.saturating_sub(2) as usize, describe);
        // A narrow panel keeps the mark and drops its word rather than cut it ("✗ mist").
        let inner = usize::from(area.width.saturating_sub(2));
        for line in &mut lines {
            if line.width() > inner
                && let Some(mark) = line.spans.last_mut()
                && mark.content == MISTAKE_MARK
            {
                mark.content = " ✗".into();
            }
        }
        frame.render_widget(
            ratatui::widgets::Paragraph::new(lines).block(widgets::block("Moves", theme)),
            area,
        );
    }

    /// The prediction panel: the game's `lines`, unless the prediction is hidden.
    pub fn render_prediction(
        &self,
        frame: &mut Frame,
        area: Rect,
        (keys, theme): (&Keys, &Theme),
        lines: impl FnOnce() -> Vec<Line<'static>>,
    ) {
        let lines = self.hidden_prediction(keys, theme).unwrap_or_else(lines);
        widgets::panel(frame, area, "Prediction", lines, theme);
    }

    /// The footer of a match: the game's `items` while people play, pause in place of
    /// the first `moving` of them (the keys that make a move) when only AIs play, the
    /// game-over keys once it is over.
    pub fn render_footer(
        &self,
        frame: &mut Frame,
        area: Rect,
        (keys, theme): (&Keys, &Theme),
        moving: usize,
        items: &[(&[Action], &str)],
    ) {
        let mut list = keys.footer(items);
        if self.all_ai() {
            list.splice(0..moving, keys.footer(&[(&[Action::Pause], "pause")]));
        }
        if self.session.is_over() {
            list = widgets::game_over_footer(keys);
        }
        widgets::footer(frame, area, &list, theme);
    }

    /// The box over the board when the game is over: the result, why, and what next.
    pub fn render_game_over(
        &self,
        frame: &mut Frame,
        board: Rect,
        theme: &Theme,
        keys: &Keys,
        why: String,
    ) {
        let Some(headline) = self.result_headline() else {
            return;
        };
        // A lesson's panel says what the end of its step means.
        if keys.is_teaching() {
            return;
        }
        // A reason that wraps (Othello's count of the empty squares) grows the box.
        let why_height = widgets::wrapped_lines(&why, board.width.min(44).saturating_sub(2));
        let lines = vec![
            Line::styled(headline, theme.title()),
            Line::raw(why),
            Line::raw(moves_played(self.session.history())),
            Line::raw(""),
            what_next(keys, theme, false),
            crate::ui::widgets::review_line(keys, theme),
        ];
        let area = widgets::centered(board, 44, 7 + why_height);
        widgets::popup(frame, area, "Game over", lines, theme);
    }
}

impl<G: Game> SolverLink for MatchView<G> {
    /// The position on the board, once after every change, for the match's analyst.
    fn take_job(&mut self) -> Option<Job> {
        if !std::mem::take(&mut self.needs_analysis) {
            return None;
        }
        let query = Query {
            position: self.session.position().clone(),
            ai_to_move: self.session.ai_to_move(),
            ply: self.session.history().len(),
        };
        let analyst = self.analyst.clone();
        let outbox = self.inbox.outbox();
        Some(Box::new(move |ctx| {
            let mut analyst = analyst.lock();
            analyst.analyse(&query, &|| ctx.is_cancelled(), &mut |analysis| {
                ctx.send(&outbox, analysis);
            });
        }))
    }
    fn analysis_requested(&mut self, ticket: u64) {
        self.session.analysis_requested(ticket);
    }
    fn ticket(&self) -> u64 {
        self.session.ticket()
    }
    fn analysing(&self) -> bool {
        self.session.analysing()
    }
    /// Takes every analysis in, each under its own ticket: the session drops the
    /// stale ones.
    fn news(&mut self, _ticket: u64) {
        let reports: Vec<_> = self.inbox.drain().collect();
        for (ticket, analysis) in reports {
            self.receive_analysis(ticket, analysis);
        }
    }
    fn finished(&mut self, ticket: u64) {
        // The reports sent before the end come first.
        self.news(ticket);
        let was_pending = self.session.side_pending();
        if self.session.analysis_finished(ticket) {
            self.announce_side(was_pending);
        }
    }
    fn failed(&mut self, ticket: u64, reason: String) {
        self.failed_with(ticket, reason);
    }
}

/// "You win.", "The AI wins.", "Player 2 wins.": a sentence of its own, the verb
/// agreeing with the seat ("You wins." was a name put in front of "wins").
/// How long the predicted winner needs: "(at most 12 more moves)". The winner's
/// fastest win against the longest defence; a defence that sets traps instead (the
/// perfect AI's, when lost) or a slip ends it sooner, so "at most", not "exactly".
pub fn moves_left(plies: u32) -> String {
    match plies {
        1 => "(1 more move)".to_string(),
        p => format!("(at most {p} more moves)"),
    }
}

/// "40 moves played.", with the passes among them said (an Othello game of 72 plies
/// has 60 squares played).
fn moves_played<G: Game>(history: &[PlayedMove<G>]) -> String {
    let passes = history.iter().filter(|m| m.before.forced()).count();
    let played = match history.len() {
        1 => "1 move played".to_string(),
        n => format!("{n} moves played"),
    };
    match passes {
        0 => format!("{played}."),
        1 => format!("{played}, 1 of them a pass."),
        p => format!("{played}, {p} of them passes."),
    }
}

pub fn wins_sentence(who: Who) -> String {
    match who {
        Who::You => "You win.".into(),
        Who::Ai => "The AI wins.".into(),
        Who::Named(name) => format!("{name} wins."),
    }
}

/// The mark after a move that threw a win away, in the move list.
const MISTAKE_MARK: &str = " ✗ mistake";

/// The last line of a game-over box: rematch, new game, (undo,) menu, with their keys.
pub fn what_next(keys: &Keys, theme: &Theme, undo: bool) -> Line<'static> {
    let key = |actions: &[Action]| Span::styled(keys.label(actions), theme.accent());
    let mut spans = vec![
        key(&[Action::Rematch]),
        Span::raw(" rematch · "),
        key(&[Action::NewGame]),
    ];
    if undo {
        spans.extend([
            Span::raw(" new · "),
            key(&[Action::Undo]),
            Span::raw(" undo · "),
        ]);
    } else {
        spans.push(Span::raw(" new game · "));
    }
    spans.extend([key(&[Action::Back]), Span::raw(" menu")]);
    Line::from(spans)
}

#[cfg(test)]
mod tests;
