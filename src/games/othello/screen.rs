//! The Othello screen: the board with coordinates, a cursor, hints with the engine's
//! score for every legal move, a prediction that improves as the search deepens, and
//! AI levels from the original depth-3 Benedict to the exact endgame solver.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::seeds::GameRng;
use rand::{Rng, RngExt};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};

use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::board::{Marks, board_title, disc, draw_board};
use super::typed_square::{SquareTyping, Typed};
use crate::game::othello::{Othello, OthelloMove, Square};
use crate::game::{Game, Outcome, Seat};
use crate::games::othello::analyst::OthelloAnalyst;
use crate::games::othello::options::OthelloSetup;
use crate::matchup::Mode;
use crate::plugin::GameSetup;
use crate::plugin::match_screen::{Board, Match};
use crate::plugin::match_view::{MatchView, Outlook};
use crate::solve::Verdict;
use crate::solve::analyst::SharedAnalyst;
use crate::solve::othello::book::Book;
use crate::solve::othello::{Level, Limits};
use crate::ui::animation::Animation;
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

/// The bounds of the AI-vs-AI speed keys: pause between moves and thinking time.
const MIN_PAUSE_MS: u64 = 50;
const MAX_PAUSE_MS: u64 = 5000;
const MIN_THINK_MS: u64 = 100;
const MAX_THINK_MS: u64 = 60_000;

/// How long the discs a move flipped stay highlighted.
const FLASH_MS: u64 = 1500;

/// Othello's own part of its screen: the cursor, the discs turning, the AI's level and
/// speed.
pub struct OthelloBoard {
    /// The square under the cursor, 0..64 (a1 = 0, h8 = 63).
    cursor: u32,
    /// A short message: an illegal square, a pass.
    message: String,
    /// Discs flipped by the last move, highlighted for a moment.
    flash: u64,
    flash_ms: u64,
    ascii: bool,
    /// Whether a person's legal squares are marked `*` (`othello.legal_marks`).
    legal_marks: bool,
    /// The flipped discs turning over, just after a move.
    turning: Animation,
    level: Level,
    /// The AI's thinking time per move, shared with the match's analyst.
    think_ms: Arc<AtomicU64>,
    /// The thinking time the setup gave: a clock may only shorten it.
    setup_think_ms: u64,
    /// Half a square typed by name (`f` of `f5`), waiting for the other half.
    typing: SquareTyping,
    /// Two AIs' speed: the thinking time and pause are `speed_base` times 2 to this.
    speed_step: i32,
    /// The thinking time and pause the first speed change started from.
    speed_base: Option<(u64, u64)>,
}

/// The Othello screen.
pub type OthelloScreen = Match<OthelloBoard>;

fn seat_colour(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "Black",
        Seat::Second => "White",
    }
}

/// A search that proved nothing and gives a side this many discs or fewer calls the
/// game about even: at that size the margin's sign changes from one search to the next
/// (the start was "Black ahead by about 4" in one run, White in the next).
pub const EVEN_WITHIN: i32 = 2;

/// The result once the game is over, the margin counted as the engine counts it (empty
/// squares go to the winner, in the count too), the winner's count first as the result
/// line says it: "White won by 64 (64-0)", "A draw, 32-32".
pub fn final_margin(board: &Othello) -> String {
    // The count the margin is made of: the empty squares go to the winner (on the
    // board 4-56 is "White won by 56 (60-4)").
    let [b, w] = board.final_count();
    match crate::game::Game::first_margin(board).unwrap_or(0) {
        0 => format!("A draw, {b}-{w}"),
        m if m > 0 => format!("Black won by {m} ({b}-{w})"),
        m => format!("White won by {} ({w}-{b})", -m),
    }
}

/// The start of a game of this setup: its position if it names one (64 squares and
/// the side to move as `parlor solve othello` reads it, an OBF line, or a move list
/// from the start such as `f5d6c3`), else the usual four discs.
pub fn start_position(setup: &GameSetup) -> Result<Othello, String> {
    match &setup.position {
        Some(text) => Othello::read(text).map_err(|e| e.to_string()),
        None => Ok(Othello::new()),
    }
}

impl OthelloScreen {
    pub fn new<R: Rng + ?Sized>(
        setup: GameSetup,
        ai_delay_ms: u64,
        hints: bool,
        limits: Limits,
        threads: usize,
        rng: &mut R,
    ) -> OthelloScreen {
        let options: OthelloSetup = setup.own();
        // Drawn from the arcade's generator per game, so the weaker levels' random
        // slips and Benedict's tie-breaks differ from game to game (and `--seed`
        // repeats them).
        let ai_seed = rng.random::<u64>();
        let limits = Limits {
            max_millis: Some(options.think_ms),
            ..limits
        };
        let analyst = OthelloAnalyst::new(limits, options.level, ai_seed).with_threads(threads);
        let think_ms = analyst.think_ms();
        // A start given as a move list is played from the standard start, so the match
        // keeps its history: the moves are in the list, the opening is named, undo
        // takes them back, and the record (its start the standard one) replays them
        // (a board read from them lost all of that). The setup keeps the text: a new
        // game starts from it again.
        let opening = setup
            .position
            .as_deref()
            .and_then(|text| Othello::after_moves(text).ok())
            .map(|(_, moves)| moves);
        // The position was checked before the game was started (`check_position`).
        let start = match opening {
            Some(_) => Othello::new(),
            None => start_position(&setup).unwrap_or_default(),
        };
        let mut view = MatchView::new(
            start,
            &setup.matchup,
            ai_delay_ms,
            SharedAnalyst::new(analyst),
            rng,
        );
        // Each was legal when the move list was read.
        view.play_given(&opening.unwrap_or_default());
        view.session.let_engine_pick();
        // A level that plays at once has no thinking time to count down.
        if super::options::uses_time(options.level) {
            view.set_think_ms(Arc::clone(&think_ms));
        }
        view.set_even_within(EVEN_WITHIN);
        let board = OthelloBoard {
            cursor: 19, // d3, a first move for black
            message: String::new(),
            flash: 0,
            flash_ms: 0,
            ascii: options.ascii,
            legal_marks: true,
            turning: Animation::default(),
            level: options.level,
            think_ms,
            setup_think_ms: options.think_ms,
            typing: SquareTyping::default(),
            speed_step: 0,
            speed_base: None,
        };
        let mut screen = Match::with_board(setup, hints, view, board);
        if options.speed_step != 0 && screen.view.all_ai() {
            screen.set_speed_step(options.speed_step);
        }
        // From a typed position d3 may be taken or flip nothing: "d3 — Enter plays"
        // would lie. Before the first move the jump is safe between two people too.
        screen.move_cursor_to_a_legal_square();
        screen
    }

    /// Marks a person's legal squares `*` or not (`othello.legal_marks`; a display
    /// preference of the config, not part of a game's setup).
    pub fn with_legal_marks(mut self, on: bool) -> OthelloScreen {
        self.board.legal_marks = on;
        self
    }

    fn position(&self) -> &Othello {
        self.view.session.position()
    }

    /// A weaker level's report carries its own pick, which is not the engine's best.
    fn weak_ai_to_move(&self) -> bool {
        self.view.session.ai_to_move()
            && matches!(
                self.board.level,
                Level::Beginner | Level::Casual | Level::Benedict
            )
    }

    /// The engine's best move in the position, when it has one to show.
    fn engine_best(&self) -> Option<OthelloMove> {
        if self.weak_ai_to_move() {
            return None;
        }
        self.view.session.analysis().and_then(|a| a.best)
    }

    /// After an undo or a redo against the AI (or online), a cursor off the legal
    /// squares goes to the nearest one: the person chose to go back to this position
    /// and is about to play again. Not after the AI's move (see `play`), and not
    /// between two people at one keyboard, where a jump would let a second Enter play
    /// the next player's move for them.
    fn keep_cursor_on_a_legal_square(&mut self) {
        let online = self
            .view
            .session
            .players()
            .contains(&crate::session::Player::Remote);
        if self.setup.matchup.mode == Mode::VsAi || online {
            self.move_cursor_to_a_legal_square();
        }
    }

    /// The cursor to the legal square nearest to it, unless it is on one.
    fn move_cursor_to_a_legal_square(&mut self) {
        let legal = self.position().move_bits();
        if !self.view.session.human_to_move()
            || legal == 0
            || legal & (1u64 << self.board.cursor) != 0
        {
            return;
        }
        let (cf, cr) = (
            (self.board.cursor % 8) as i32,
            (self.board.cursor / 8) as i32,
        );
        let distance = |sq: u32| {
            let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
            let (df, dr) = ((f - cf).abs(), (r - cr).abs());
            (df.max(dr), df + dr, sq)
        };
        if let Some(nearest) = (0..64u32)
            .filter(|sq| legal & (1u64 << sq) != 0)
            .min_by_key(|&sq| distance(sq))
        {
            self.board.cursor = nearest;
        }
    }

    /// A human with no legal square passes without a key.
    fn auto_pass(&mut self) {
        if self.view.session.human_to_move() && self.position().legal_moves() == [OthelloMove::Pass]
        {
            self.play(OthelloMove::Pass);
        }
    }

    fn try_square(&mut self, index: u32) {
        if !self.view.session.human_to_move() {
            return;
        }
        let Some(mv) = OthelloMove::at(index) else {
            return;
        };
        if self.position().is_legal(mv) {
            self.play(mv);
        } else {
            let square = Square::new(index);
            let sq = square.map_or(String::new(), |s| s.to_string());
            self.board.message = if square.and_then(|s| self.position().at(s)).is_some() {
                format!("{sq} is taken: play on an empty square.")
            } else {
                format!("{sq} is not legal: it flips nothing.")
            };
        }
    }

    /// Two AIs playing: halves (`faster`) or doubles both the pause between moves and
    /// the thinking time (from the next search on), within sane bounds, and says so.
    /// The times are the setup's scaled by a power of two, so steps back retrace the
    /// steps taken (halving 5.0 s down to the floor and doubling back reached 6.4 s,
    /// never 5.0 s again); past the point where both times are at a bound, a further
    /// step changes nothing.
    fn change_speed(&mut self, faster: bool) {
        let now = self.board.speed_step;
        let step = now + if faster { -1 } else { 1 };
        // A level that plays at once has only its pause to change.
        let thinks = super::options::uses_time(self.board.level);
        let mut times = |step| {
            let (think, pause) = self.speed_times(step);
            (thinks.then_some(think), pause)
        };
        if times(step) == times(now) {
            let end = if faster { "Fastest" } else { "Slowest" };
            self.board.message = format!("{end} already: {}.", self.speed());
            return;
        }
        self.set_speed_step(step);
        self.board.message = format!("Speed: {}.", self.speed());
    }

    /// The thinking time and pause (ms) `step` steps from the setup's times.
    fn speed_times(&mut self, step: i32) -> (u64, u64) {
        let base = *self.board.speed_base.get_or_insert((
            self.board.think_ms.load(Ordering::Relaxed),
            self.view.session.ai_delay_ms(),
        ));
        // Step 0 is the setup's times as they were, even outside the bounds.
        if step == 0 {
            return base;
        }
        let scale = |ms: u64, lo: u64, hi: u64| {
            ((ms.max(lo) as f64 * 2f64.powi(step)).round() as u64).clamp(lo, hi)
        };
        (
            scale(base.0, MIN_THINK_MS, MAX_THINK_MS),
            scale(base.1, MIN_PAUSE_MS, MAX_PAUSE_MS),
        )
    }

    /// Two AIs play `step` steps from the setup's speed; the setup keeps the step, so
    /// a saved match comes back at the speed the watcher left it.
    fn set_speed_step(&mut self, step: i32) {
        let (think, pause) = self.speed_times(step);
        self.board.speed_step = step;
        self.view.session.set_ai_delay_ms(pause);
        self.board.think_ms.store(think, Ordering::Relaxed);
        if let Some(own) = self.setup.options_mut::<OthelloSetup>() {
            own.speed_step = step;
        }
    }

    /// "think 2.5 s, pause 0.4 s": what the AIs get per move ("pause 0.4 s" alone at
    /// a level that searches a fixed depth and plays at once, whatever its time).
    fn speed(&self) -> String {
        let pause = self.view.session.ai_delay_ms() as f64 / 1000.0;
        if !super::options::uses_time(self.board.level) {
            return format!("pause {pause:.1} s");
        }
        format!(
            "think {:.1} s, pause {pause:.1} s",
            self.board.think_ms.load(Ordering::Relaxed) as f64 / 1000.0,
        )
    }

    fn level_name(&self) -> String {
        if let Some(online) = self.online_players() {
            return online;
        }
        match self.setup.matchup.mode {
            Mode::TwoPlayers => "two players".into(),
            Mode::VsAi => format!("you vs the AI ({})", self.board.level),
            Mode::AiVsAi => format!("AI vs AI ({}) · {}", self.board.level, self.speed()),
        }
    }

    /// "Black +6 (exact)", "White ahead by about 4", "About even" (the opening book included), then
    /// the best moves and the search's depth and size; once over, the final margin.
    fn prediction_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let s = &self.view.session;
        if s.is_over() {
            let mut lines = self.view.prediction_lines(theme);
            lines.push(Line::styled(final_margin(s.position()), theme.muted()));
            return lines;
        }
        if s.analysis_failed().is_some() {
            return self.view.prediction_lines(theme);
        }

        let Some(a) = s.analysis() else {
            return vec![Line::styled("Thinking…", theme.muted())];
        };
        let Some(score) = a.score else {
            return vec![Line::styled(
                format!("{} is choosing its move…", s.name(s.to_move())),
                theme.muted(),
            )];
        };
        let mover = s.to_move();
        let (leader, margin) = if score >= 0 {
            (mover, score)
        } else {
            (mover.other(), -score)
        };
        // Whether the values are the opening book's (read once for the two lines).
        let in_book = Book::shipped().moves(s.position()).is_some();
        let text = if a.exact {
            match a.verdict {
                Verdict::Draw => "A draw (exact)".to_string(),
                _ => format!("{} +{margin} (exact)", seat_colour(leader)),
            }
        } else {
            match self.view.outlook() {
                Outlook::Ahead(leader, margin) => {
                    format!("{} ahead by about {margin}", seat_colour(leader))
                }
                // The opening book's searches (each the mean of two depths) value
                // the position level: a draw is what they predict.
                _ if margin == 0 && in_book => "A draw (book)".to_string(),
                // The margin is said even so: hints of +2 on every move beside a bare
                // "About even" read as a contradiction.
                _ if margin == 0 => "About even".to_string(),
                _ => format!("About even ({} +{margin})", seat_colour(leader)),
            }
        };
        let picks_its_own = self.weak_ai_to_move();
        // A weak level's own search is not best play: its view is said as its own
        // ("With best play: Black ahead by about 3" stood over a beginner's guess at
        // the start, which the book values a draw).
        let heading = if picks_its_own {
            format!("{}'s own view:", s.name(mover))
        } else {
            "With best play:".to_string()
        };
        let mut lines = vec![Line::raw(heading), Line::styled(text, theme.bold())];
        match a.best {
            Some(mv) if picks_its_own => lines.push(Line::styled(
                format!("{} plays {mv}", s.name(mover)),
                theme.muted(),
            )),
            Some(best) => {
                // Moves worth as much as the best are as good: all of them are named
                // (d3/c4/f5/e6 at the start), not the one the search happened to try first.
                // Named only with the hints on (or two AIs at the board): the best move
                // is a hint, and a game the panel helped was still rated.
                let tied = a.best_moves();
                let mut names: Vec<String> = tied.iter().take(4).map(|m| m.to_string()).collect();
                if tied.len() > 4 {
                    names.push("…".into());
                }
                if names.is_empty() {
                    names.push(best.to_string());
                }
                // The search's size on a line of its own: beside four tied moves it
                // wrapped at 80 columns.
                if self.view.hints || self.view.all_ai() {
                    lines.push(Line::styled(
                        format!("best {}", names.join("/")),
                        theme.muted(),
                    ));
                }
                // How far the values see, in words that fit the panel at 80 columns
                // (with the positions searched, "opening book · 27 moves ahead" lost its
                // last word there, and "4.9 M" was never explained; "book · 27 moves
                // ahead" left unsaid that the book's values are searches).
                let reach = if a.exact {
                    "solved to the end".to_string()
                } else if in_book {
                    format!("book: searched {} moves ahead", a.depth)
                } else {
                    format!("searched {} moves ahead", a.depth)
                };
                lines.push(Line::styled(reach, theme.muted()));
                // The board's "≤+0" marks explained where they are shown: a move
                // proved worse than the best, valued only as far as that proof went.
                if self.view.hints && a.moves.iter().any(|m| m.score_at_most.is_some()) {
                    lines.push(Line::styled(
                        "≤n: worse than the best, at most n".to_string(),
                        theme.muted(),
                    ));
                }
            }
            None => {}
        }
        lines
    }

    fn disc(&self, seat: Seat) -> &'static str {
        disc(seat, self.board.ascii)
    }

    fn render_board(&self, frame: &mut Frame, area: Rect, theme: &Theme, hits: &mut Hits) {
        // While the AI is to move the scores would be its own: they wait for your turn.
        let analysis = self
            .view
            .session
            .analysis()
            .filter(|_| self.view.hints && self.view.hints_wait().is_none());
        // The cursor stays on the board while the AI thinks, where the person left it.
        let show_cursor = !self.view.session.is_over() && !self.view.all_ai();
        let marks = Marks {
            board: self.position(),
            // The squares a person may play, marked `*` as the original program did
            // (not the AI's, on its turn). Watching two AIs, the hints mark the squares
            // of the side to move with their values.
            legal: if self.view.session.is_over() {
                0
            } else if self.view.all_ai() {
                if self.view.hints {
                    self.position().move_bits()
                } else {
                    0
                }
            } else if !self.board.legal_marks || !self.view.session.human_to_move() {
                0
            } else {
                self.position().move_bits()
            },
            scores: analysis,
            best: analysis.and_then(|_| self.engine_best()),
            last: self
                .view
                .session
                .history()
                .last()
                .and_then(|m| m.mv.square()),
            cursor: show_cursor.then_some(self.board.cursor),
            flash: self.board.flash,
            turning: self.board.turning.frame().filter(|_| theme.animate),
            ascii: self.board.ascii,
        };
        draw_board(frame, area, &marks, theme, hits);
    }

    fn status_lines(&self, theme: &Theme, keys: &Keys) -> Vec<Line<'static>> {
        let s = &self.view.session;
        let colour = seat_colour(s.to_move());
        let cursor = Square::new(self.board.cursor).map_or(String::new(), |q| q.to_string());
        // Only a legal square is "Enter plays"; elsewhere the line says where to look.
        let legal = self.position().move_bits() & (1u64 << self.board.cursor) != 0;
        let detail = if let Some(half) = self.board.typing.shown() {
            format!(" ({colour}): {half}")
        } else if legal {
            format!(" ({colour}): {cursor} — Enter plays")
        } else if self.position().empties() & (1u64 << self.board.cursor) == 0 {
            // The cursor rests where the last move went: "not legal" there read as a
            // move refused (play-test finding).
            format!(" ({colour}): {cursor} (taken)")
        } else {
            format!(" ({colour}): {cursor} — not legal here")
        };
        let turn = self.view.turn_line(theme, keys, detail);
        let message = if self.board.message.is_empty() {
            self.view.voice_line(theme)
        } else {
            Line::styled(self.board.message.clone(), theme.warning())
        };
        vec![turn, message]
    }
}

/// The score of a finished game as the rules count it, empty squares to the winner
/// (the number the history, the statistics and the exports keep), and how the empty
/// squares were counted: "White wins 60-4 (9 empty squares go to the winner; 51-4 on
/// the board)." Empty when the game is not over.
pub fn final_score(board: &Othello) -> String {
    let count = board.final_count();
    let discs = [board.discs(Seat::First), board.discs(Seat::Second)];
    let (score, shown) = match board.outcome() {
        Some(Outcome::Win(winner)) => {
            // The winner's numbers first, as the sentence names the winner.
            let (w, l) = (winner.index(), winner.other().index());
            (
                format!("{} wins {}-{}", seat_colour(winner), count[w], count[l]),
                [discs[w], discs[l]],
            )
        }
        Some(Outcome::Draw) => (format!("A draw, {}-{}", count[0], count[1]), discs),
        None => return String::new(),
    };
    let on_board = format!("{}-{} on the board", shown[0], shown[1]);
    match (board.empty_count(), board.outcome()) {
        (0, _) => format!("{score}."),
        (n, Some(Outcome::Draw)) => format!("{score} ({n} empty squares shared; {on_board})."),
        (1, _) => format!("{score} (1 empty square goes to the winner; {on_board})."),
        (n, _) => format!("{score} ({n} empty squares go to the winner; {on_board})."),
    }
}

/// The least an AI on the clock thinks: a shallow search still plays sensibly.
const MIN_CLOCK_THINK_MS: u64 = 20;

impl Board for OthelloBoard {
    type Game = Othello;

    /// On the clock: a share of the time left, as if a move in two of the remaining
    /// empty squares were the AI's and a few more were to come, plus most of the
    /// increment; never more than the setup's thinking time.
    fn time_for_move(m: &mut Match<Self>, left_ms: u64, increment_ms: u64) {
        let own_moves_left = u64::from(m.view.session.position().empty_count() / 2).max(4);
        let budget = left_ms / (own_moves_left + 2) + increment_ms * 3 / 4;
        let budget = budget.clamp(
            MIN_CLOCK_THINK_MS,
            m.board.setup_think_ms.max(MIN_CLOCK_THINK_MS),
        );
        m.board.think_ms.store(budget, Ordering::Relaxed);
    }

    fn animation(&mut self) -> Option<&mut Animation> {
        Some(&mut self.turning)
    }
    /// The discs turning, and the flipped ones' highlight fading.
    fn animate(&mut self, elapsed_ms: u64) -> bool {
        let mut redraw = self.turning.tick(elapsed_ms);
        if self.flash_ms > 0 {
            self.flash_ms = self.flash_ms.saturating_sub(elapsed_ms);
            if self.flash_ms == 0 {
                self.flash = 0;
                redraw = true;
            }
        }
        redraw
    }
    fn tick(m: &mut Match<Self>, elapsed_ms: u64, rng: &mut GameRng) -> bool {
        let redraw = m.tick_view(elapsed_ms, rng);
        m.auto_pass();
        redraw
    }
    fn play(m: &mut Match<Self>, mv: OthelloMove) {
        let before = *m.position();
        let persons = m.view.session.human_to_move();
        if m.view.play(mv) {
            m.board.flash = before.flips_of(mv);
            m.board.flash_ms = FLASH_MS;
            m.board.turning.start(3);
            // The person's pass is still said once the AI has moved again (its move
            // cleared it at once, and the pass was only in the moves list).
            let after_a_pass = {
                let history = m.view.session.history();
                history.len() >= 2 && history[history.len() - 2].mv == OthelloMove::Pass
            };
            match mv {
                OthelloMove::Pass => {
                    m.board.message =
                        format!("{} has no move and passes.", seat_colour(before.to_move()));
                }
                OthelloMove::Play(_) if !persons && after_a_pass => {}
                OthelloMove::Play(_) => m.board.message.clear(),
            }
            // The cursor stays where the person left it after the AI's (or the other
            // player's) move: a jump to the nearest legal square, often a poor one,
            // let an Enter pressed by reflex play it. On the square just played, now
            // taken, Enter says so and plays nothing.
        }
    }
    /// The board moved (undo, redo, a resumed match, the other player's move online).
    fn after_person_move(m: &mut Match<Self>) {
        m.auto_pass();
    }
    fn after_jump(m: &mut Match<Self>) {
        m.board.flash = 0;
        m.auto_pass();
        m.keep_cursor_on_a_legal_square();
    }
    fn handle(m: &mut Match<Self>, action: Action) -> bool {
        if !matches!(action, Action::Enter) {
            m.board.message.clear();
        }
        // A square typed by name plays there, as a click does; only on one's own turn,
        // so a letter typed while the AI thinks is not a move it finds waiting.
        if m.view.session.human_to_move() && !m.view.session.is_over() {
            match m.board.typing.key(action) {
                Typed::Half | Typed::Dropped => return true,
                Typed::Square(index) => {
                    m.board.cursor = index;
                    m.try_square(index);
                    m.auto_pass();
                    return true;
                }
                Typed::Other => {}
            }
        } else {
            m.board.typing = SquareTyping::default();
        }
        let step = |c: u32, df: i32, dr: i32| -> u32 {
            let f = (c % 8) as i32 + df;
            let r = (c / 8) as i32 + dr;
            (r.clamp(0, 7) * 8 + f.clamp(0, 7)) as u32
        };
        match action {
            Action::Own("faster") if m.view.all_ai() => m.change_speed(true),
            Action::Own("slower") if m.view.all_ai() => m.change_speed(false),
            Action::Up => m.board.cursor = step(m.board.cursor, 0, -1),
            Action::Down => m.board.cursor = step(m.board.cursor, 0, 1),
            Action::Left => m.board.cursor = step(m.board.cursor, -1, 0),
            Action::Right => m.board.cursor = step(m.board.cursor, 1, 0),
            // Not the person's turn: left to the shell, which says whose it is (the
            // arrows still move the cursor, to be ready).
            Action::Enter if m.view.session.human_to_move() => m.try_square(m.board.cursor),
            _ => return false,
        }
        m.auto_pass();
        true
    }
    fn takes_text(m: &Match<Self>) -> bool {
        m.board.typing.is_half()
    }
    fn letter_names_square(m: &Match<Self>, c: char) -> bool {
        m.view.session.human_to_move()
            && !m.view.session.is_over()
            && matches!(c.to_ascii_lowercase(), 'a'..='h')
    }
    fn click(m: &mut Match<Self>, hit: Hit) {
        m.board.typing = SquareTyping::default();
        if let Hit::Square(index) = hit {
            m.board.cursor = index;
            m.try_square(index);
            m.auto_pass();
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
        let title = format!("Othello · {}", m.level_name());
        let (board_area, side, footer) =
            widgets::game_frame(frame, area, title, [40, 30, 30], theme);
        let played: Vec<OthelloMove> = m.view.session.history().iter().map(|p| p.mv).collect();
        let board_name = board_title(m.view.session.start(), &played, board_area.width);
        let block = widgets::block(&board_name, theme);
        let inner = block.inner(board_area);
        // A narrow board wraps the turn line (the AI's thinking time, the key to hurry
        // it): a third row keeps the voice in view.
        let status_rows = if inner.width < 48 { 3 } else { 2 };
        frame.render_widget(block, board_area);
        let [grid, status] =
            Layout::vertical([Constraint::Min(9), Constraint::Length(status_rows)]).areas(inner);
        m.render_board(frame, grid, theme, hits);
        frame.render_widget(
            Paragraph::new(m.status_lines(theme, keys)).wrap(Wrap { trim: true }),
            status,
        );

        let board = m.position();
        let s = &m.view.session;
        // Both counts in one column, whatever the names' lengths.
        let name_width = [Seat::First, Seat::Second]
            .iter()
            .map(|&seat| s.name(seat).chars().count() + 2)
            .max()
            .unwrap_or(0);
        let count_line = |seat: Seat| {
            Line::from(vec![
                Span::styled(
                    format!("{} {} ", m.disc(seat), seat_colour(seat)),
                    theme.bold(),
                ),
                Span::raw(format!("{:<name_width$} ", format!("({})", s.name(seat)))),
                Span::styled(format!("{:>2}", board.discs(seat)), theme.bold()),
                Span::raw(match (s.to_move() == seat && !s.is_over(), m.board.ascii) {
                    (true, false) => "  ◀",
                    (true, true) => "  <",
                    (false, _) => "",
                }),
            ])
        };
        let [discs, prediction, moves] = Layout::vertical([
            Constraint::Length(4),
            // Four lines: the heading, a verdict that may wrap, the best move.
            Constraint::Length(6),
            Constraint::Min(3),
        ])
        .areas(side);
        frame.render_widget(
            Paragraph::new(vec![count_line(Seat::First), count_line(Seat::Second)])
                .block(widgets::block("Discs", theme)),
            discs,
        );
        m.view
            .render_prediction(frame, prediction, (keys, theme), || {
                m.prediction_lines(theme)
            });
        m.view
            .render_moves(frame, moves, theme, |m| m.mv.to_string());
        let list = if m.view.session.is_over() {
            widgets::game_over_footer(keys, m.view.over_box_shown())
        } else if m.view.all_ai() {
            keys.footer(&[
                (&[Action::Pause], m.view.pause_word()),
                (&[Action::Own("faster"), Action::Own("slower")], "speed"),
                (&[Action::Hints], "hints"),
                (&[Action::Undo], "undo"),
                (&[Action::NewGame], "new"),
                (&[Action::Help], "rules"),
                (&[Action::Back], "menu"),
            ])
        } else {
            keys.footer(&[
                (
                    &[Action::Up, Action::Down, Action::Left, Action::Right],
                    "move",
                ),
                // A square typed by its name plays at once, and the footer says so
                // ("Enter play" alone hid it). Short, so that "✓ saved" fits at 80
                // columns beside it.
                (&[Action::Enter], "or f5 play"),
                (&[Action::Hints], "hints"),
                (&[Action::Undo], "undo"),
                (&[Action::NewGame], "new"),
                (&[Action::Help], "rules"),
                (&[Action::Back], "menu"),
            ])
        };
        widgets::footer(frame, footer, &list, theme);
        if s.is_over() {
            m.view
                .render_game_over(frame, board_area, theme, keys, final_score(board));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Once over, the panel gives the final margin, not an estimate.
    #[test]
    fn the_final_margin_is_said_as_the_result() {
        // White wiped out: 13 black discs, the 51 empty squares go to black too.
        let wiped = Othello::from_bitboards(0x1fff, 0, Seat::Second);
        assert_eq!(
            wiped.map(|b| (b.is_over(), final_margin(&b))),
            Ok((true, "Black won by 64 (64-0)".into()))
        );
        let draw = Othello::from_bitboards(u64::MAX >> 32, u64::MAX << 32, Seat::First);
        assert_eq!(draw.map(|b| final_margin(&b)), Ok("A draw, 32-32".into()));
        // White's win: white's count first, as the result line ("White wins 60-4").
        let white = Othello::from_bitboards(0xf, u64::MAX << 8, Seat::First);
        assert_eq!(
            white.map(|b| (
                b.is_over(),
                final_margin(&b),
                final_score(&b).starts_with("White wins 60-4")
            )),
            Ok((true, "White won by 56 (60-4)".into(), true))
        );
    }
}
