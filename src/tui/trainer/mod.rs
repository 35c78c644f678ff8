//! The puzzle trainer (issue 37): a shipped puzzle on the game's own board, the player
//! to move and the trainer answering for the other side with the solver's best defence
//! until the win is certain. A wrong move is shown for what it is ("this lets the
//! opponent win in 5: ...") and may be tried again; a hint shows a winning move and
//! costs the puzzle. Three ways in: rated (the next puzzle near the player's rating),
//! the daily puzzle, and a streak of rising difficulty until the first miss. Every
//! position is valued by the game's coach (`plugin::puzzle::coach`) on a thread of its
//! own, so the screen never waits for a search; the prediction and the hints of the
//! board stay off whatever the spoiler setting says.

mod draw;
mod input;

use crossbeam_channel::{Receiver, TryRecvError};
use rand::SeedableRng;

use crate::config::Config;
use crate::plugin::puzzle::coach::{self, Coach, MoveValue, Worth};
use crate::plugin::puzzle::personal::{self, Personal};
use crate::plugin::puzzle::{Puzzle, pick, rating};
use crate::plugin::screen::GameScreen;
use crate::plugin::{GameId, GameSetup};
use crate::seeds::GameRng;
use crate::store::MatchRecord;
use crate::store::puzzles::{GameProgress, PuzzleMode};
use crate::ui::hits::Hit;
use crate::ui::keys::Action;

/// How long the solver's reply waits before it is played, so the player sees the
/// position their move made first.
const REPLY_DELAY_MS: u64 = 600;
/// The longest line shown after a wrong move.
const LINE_PLIES: u32 = 10;
/// How long Enter is held back after a new puzzle appears, after the defence's reply,
/// after a result (solved or missed), and after each Enter while it is held back: a
/// reflex Enter meant for the last screen must not play the board's preselected move
/// on the new one, nor pass a result unread.
const SETTLE_MS: u64 = 600;

/// What the trainer asks the app to do.
#[derive(Clone, Debug, PartialEq)]
pub enum TrainerOutcome {
    Stay,
    /// A puzzle's result, to keep (`rating::record` into the store), then hand the
    /// progress back with [`TrainerScreen::set_progress`].
    Record(GameId, Attempted),
    /// Leave, to the game's setup.
    Back(GameId),
    Help(GameId),
    Quit,
}

/// A puzzle's result as the trainer saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Attempted {
    pub puzzle: Puzzle,
    pub mode: PuzzleMode,
    /// Solved at the first try, without a hint.
    pub solved: bool,
    pub hinted: bool,
    /// The best streak, when a streak just ended or grew past it.
    pub best_streak: Option<u32>,
}

/// Where the puzzle on the board stands.
#[derive(Clone, Debug, PartialEq)]
pub enum State {
    /// The player's position is being valued.
    Thinking,
    /// The player's move is awaited.
    YourMove,
    /// The player's move was right; the solver's reply is chosen and then played.
    Replying { reply: Option<String>, wait_ms: u64 },
    /// The player's move `mv` gives away `what` ("lets the opponent win in 5", "ends
    /// 4 discs short of the best (+2, not +6)"); `line` is best play from there (`None`
    /// while it is worked out).
    Wrong {
        mv: String,
        what: String,
        line: Option<Vec<String>>,
    },
    /// The win (or the best score) is certain: the game is over, or every move is right
    /// from here (`by_discs`: the puzzle asks for the best score, Othello's).
    Solved {
        every_move_right: bool,
        by_discs: bool,
    },
    /// The position could not be valued (a puzzle the solver cannot settle: a bug).
    Broken(String),
}

/// The streak under way.
#[derive(Clone, Debug, PartialEq)]
pub struct Streak {
    /// The puzzles in the order they come (indices into the set).
    pub order: Vec<usize>,
    /// The place in `order` of the puzzle on the board.
    pub at: usize,
    /// Solved so far in this streak.
    pub solved: u32,
    /// A miss ended it.
    pub over: bool,
}

/// The puzzle on the board.
struct Current {
    index: usize,
    setup: GameSetup,
    board: Box<dyn GameScreen>,
    /// The moves from the puzzle's position to the board's, both sides'.
    path: Vec<String>,
    /// The values of the player's moves from the board's position (on the player's
    /// turn).
    values: Option<Vec<MoveValue>>,
    /// The puzzle asks for the best score (its moves are valued by discs: Othello).
    by_discs: bool,
    /// The board's moves before the puzzle's first: the player moves when as many
    /// again have been played as make an even number (passes count).
    start_plies: usize,
    /// The board's generation when the player's turn began: a change is their move.
    generation: u64,
    state: State,
    /// The result is kept (at the first miss or hint, or at the solve).
    recorded: bool,
    /// The hint shown (a winning move), until the next move.
    hint: Option<String>,
    /// A hint was taken on this puzzle (it counts as missed).
    hinted: bool,
    /// The puzzle was kept as missed (a wrong move or a hint), whatever follows.
    missed: bool,
    /// The puzzle was met before (it no longer moves the ratings).
    seen: bool,
    /// Enter is held back until this reaches zero (see [`SETTLE_MS`]).
    settle_ms: u64,
    /// A new puzzle, or one just retried after a miss: Enter plays nothing until
    /// another key (the cursor moved, a move typed) and says this instead. The board's
    /// preselected move is no choice of the player's: a reflex Enter a second after
    /// "next" played it (a play-tester's rated miss), and so did the Enter that
    /// retried, pressed again.
    unchosen: Option<&'static str>,
    /// The board's name for the player's side ("Player 2"), once the coach has said
    /// which seat is to move.
    side: Option<String>,
}

impl Current {
    /// A state the player reads before Enter acts on it (their move, a result): Enter
    /// is held back a moment ([`SETTLE_MS`]).
    fn show(&mut self, state: State) {
        self.state = state;
        self.settle_ms = SETTLE_MS;
    }
}

/// What a coach's thread sends back.
enum Answer {
    /// The values of the position asked about.
    Values(Result<Vec<MoveValue>, String>),
    /// Best play from a position.
    Line(Vec<String>),
}

pub struct TrainerScreen {
    game: GameId,
    config: Config,
    puzzles: Vec<Puzzle>,
    /// The player's own puzzles' setups and where each comes from, by index into
    /// `puzzles` (empty for the shipped sets).
    yours: Vec<(GameSetup, String)>,
    /// The player's own puzzles being gathered from the history, on a thread.
    gathering: Option<Receiver<Vec<Personal>>>,
    /// The place of the player's own puzzle on the board.
    yours_at: usize,
    coach: Coach,
    /// How a move is made and written (the game's words).
    how_to_move: &'static str,
    /// The rules of a puzzle, where its set mixes variants
    /// ([`crate::plugin::puzzle::PuzzleBook::rules_of`]).
    rules_of: fn(&str) -> Option<&'static str>,
    /// The sides' names (Othello's colours), where the game has them.
    sides: Option<[&'static str; 2]>,
    mode: PuzzleMode,
    progress: GameProgress,
    rng: GameRng,
    /// Today (UTC), `YYYY-MM-DD`, as the trainer was opened: the daily puzzle's date.
    today: String,
    streak: Option<Streak>,
    current: Option<Current>,
    /// Why there is no puzzle on the board (none left, none shipped).
    empty: Option<String>,
    /// A word on a key, until the next key.
    note: Option<String>,
    /// The player's rating before and after the last result kept.
    change: Option<(f64, f64)>,
    /// The question out to a coach's thread.
    inbox: Option<Receiver<Answer>>,
}

impl TrainerScreen {
    /// `game`'s trainer in `mode`, with the player's `progress`; `today` is the date
    /// (UTC, `YYYY-MM-DD`) and `seed` draws the rated puzzles and the streak. The error
    /// says why the game has no puzzles to train on.
    /// `history`: the finished games the player's own puzzles come from (mode
    /// `Yours`; empty otherwise).
    pub fn new(
        game: GameId,
        mode: PuzzleMode,
        progress: GameProgress,
        history: Vec<MatchRecord>,
        config: &Config,
        today: &str,
        seed: u64,
    ) -> Result<TrainerScreen, String> {
        let book = game
            .kind()
            .puzzles()
            .ok_or_else(|| format!("{} has no puzzles", game.menu_name()))?;
        if let Some(why) = book.none_because {
            return Err(format!("{} has no puzzles: {why}", game.menu_name()));
        }
        let puzzles = book.shipped().map_err(|e| e.to_string())?;
        if puzzles.is_empty() {
            return Err(format!("{} has no puzzles", game.menu_name()));
        }
        let gathering = (mode == PuzzleMode::Yours).then(|| {
            let (tx, rx) = crossbeam_channel::bounded(1);
            let config = config.clone();
            std::thread::spawn(move || {
                let _ = tx.send(personal::from_history(game, &history, &config));
            });
            rx
        });
        let mut trainer = TrainerScreen {
            game,
            config: config.clone(),
            puzzles: if gathering.is_some() {
                Vec::new()
            } else {
                puzzles
            },
            yours: Vec::new(),
            gathering,
            yours_at: 0,
            coach: book.coach,
            how_to_move: book.how_to_move,
            rules_of: book.rules_of,
            sides: book.sides,
            mode,
            progress,
            rng: GameRng::seed_from_u64(seed),
            today: today.to_string(),
            streak: None,
            current: None,
            empty: None,
            note: None,
            change: None,
            inbox: None,
        };
        if trainer.gathering.is_some() {
            trainer.empty = Some("Looking through your games…".into());
            return Ok(trainer);
        }
        if mode == PuzzleMode::Streak {
            trainer.streak = Some(Streak {
                order: pick::streak(&trainer.puzzles, &mut trainer.rng),
                at: 0,
                solved: 0,
                over: false,
            });
        }
        trainer.next_puzzle();
        Ok(trainer)
    }

    pub fn game(&self) -> GameId {
        self.game
    }

    pub fn mode(&self) -> PuzzleMode {
        self.mode
    }

    /// Where the player's own puzzle on the board comes from ("your game of
    /// 2026-11-24, move 14"), with its place and how many there are.
    pub fn yours(&self) -> Option<(&str, usize, usize)> {
        let index = self.current.as_ref()?.index;
        let (_, from) = self.yours.get(index)?;
        Some((from.as_str(), index + 1, self.yours.len()))
    }

    /// The puzzle on the board, if any.
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.current.as_ref().map(|c| &self.puzzles[c.index])
    }

    pub fn state(&self) -> Option<&State> {
        self.current.as_ref().map(|c| &c.state)
    }

    pub fn streak(&self) -> Option<&Streak> {
        self.streak.as_ref()
    }

    pub fn progress(&self) -> &GameProgress {
        &self.progress
    }

    /// The board, for the keys of the game's own (`Keys::action`).
    pub fn board(&self) -> Option<&dyn GameScreen> {
        self.current.as_ref().map(|c| c.board.as_ref())
    }

    /// The progress as kept (after the app wrote a result: other parlors' results
    /// included).
    pub fn set_progress(&mut self, progress: GameProgress) {
        self.progress = progress;
    }

    /// Puts the next puzzle of the mode on the board (or says there is none).
    fn next_puzzle(&mut self) {
        // The last result's change belongs to the last puzzle.
        self.change = None;
        let except = self.puzzle().map(|p| p.id.clone());
        let index = match self.mode {
            PuzzleMode::Daily => pick::daily(self.game.cli_name(), &self.puzzles, &self.today),
            PuzzleMode::Rated => {
                let rating = self
                    .progress
                    .rating
                    .unwrap_or_else(rating::first_player_rating)
                    .rating;
                pick::rated(
                    &self.puzzles,
                    &self.progress,
                    rating,
                    except.as_deref(),
                    &mut self.rng,
                )
            }
            PuzzleMode::Streak => self
                .streak
                .as_ref()
                .and_then(|s| s.order.get(s.at).copied()),
            PuzzleMode::Yours => (self.yours_at < self.puzzles.len()).then_some(self.yours_at),
        };
        match index {
            Some(index) => self.start(index),
            None => {
                self.current = None;
                self.empty = Some(match self.mode {
                    PuzzleMode::Streak => "Streak complete: every step solved.".into(),
                    PuzzleMode::Yours if self.puzzles.is_empty() => {
                        "None yet. When you let a win slip in a game against the AI (the \
                         move list marks it), that position becomes a puzzle here."
                            .into()
                    }
                    PuzzleMode::Yours => "That was the last puzzle from your games.".into(),
                    _ => "No puzzle to play.".into(),
                });
            }
        }
    }

    /// Puzzle `index` on a new board, the player to move.
    fn start(&mut self, index: usize) {
        self.inbox = None;
        self.empty = None;
        let puzzle = &self.puzzles[index];
        let setup = match self.yours.get(index) {
            Some((setup, _)) => Ok(setup.clone()),
            None => coach::setup_of(self.game, puzzle, &self.config),
        };
        let setup = match setup {
            Ok(setup) => setup,
            Err(why) => {
                self.current = None;
                self.empty = Some(why);
                return;
            }
        };
        let board = new_board(&setup, &self.config);
        let start_plies = board.record().map_or(0, |r| r.moves.len());
        let seen = self.progress.tried(&self.puzzles[index].id);
        self.current = Some(Current {
            index,
            hinted: false,
            missed: false,
            seen,
            settle_ms: SETTLE_MS,
            unchosen: Some(input::FRESH_ENTER),
            side: None,
            generation: board.generation(),
            setup,
            board,
            path: Vec::new(),
            values: None,
            by_discs: false,
            start_plies,
            state: State::Thinking,
            recorded: false,
            hint: None,
        });
        self.ask_values();
    }

    /// The board's position, valued on a thread of its own.
    fn ask_values(&mut self) {
        let Some(current) = &self.current else {
            return;
        };
        let mut setup = current.setup.clone();
        setup.position = Some(current.board.position_text());
        let coach = self.coach;
        self.inbox = Some(spawn(move || Answer::Values(coach(&setup))));
    }

    /// Best play from the board's position (after a wrong move), on its own thread.
    fn ask_line(&mut self, plies: u32) {
        let Some(current) = &self.current else {
            return;
        };
        let mut setup = current.setup.clone();
        setup.position = Some(current.board.position_text());
        let coach = self.coach;
        self.inbox = Some(spawn(move || {
            Answer::Line(coach::best_line(coach, &setup, plies))
        }));
    }

    /// Takes what a coach's thread has sent. Returns whether the screen changed, and
    /// a result to keep when the answer ended the puzzle.
    fn collect(&mut self) -> (bool, TrainerOutcome) {
        let stay = TrainerOutcome::Stay;
        let Some(inbox) = &self.inbox else {
            return (false, stay);
        };
        let answer = match inbox.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return (false, stay),
            Err(TryRecvError::Disconnected) => {
                self.inbox = None;
                if let Some(c) = &mut self.current {
                    c.state = State::Broken("the solver stopped without an answer".into());
                }
                return (true, stay);
            }
        };
        self.inbox = None;
        let Some(current) = &mut self.current else {
            return (false, stay);
        };
        // Whose turn it is on the board, not which answer was awaited: a pass (an
        // Othello side with no move, played by the board) gives the same side the
        // move again.
        let players_turn = match current.board.record() {
            Some(r) => r.moves.len() % 2 == current.start_plies % 2,
            // A board without a record: the turns alternate as the answers do.
            None => current.state == State::Thinking,
        };
        match (answer, &mut current.state) {
            (Answer::Values(Err(why)), _) => current.state = State::Broken(why),
            (Answer::Values(Ok(values)), State::Thinking | State::Replying { .. })
                if players_turn =>
            {
                current.by_discs |= coach::best_score(&values).is_some();
                if coach::all_right(&values) {
                    current.show(State::Solved {
                        every_move_right: true,
                        by_discs: current.by_discs,
                    });
                    return (true, self.solved_outcome());
                }
                if current.side.is_none()
                    && let (Some(first), Some(record)) = (values.first(), current.board.record())
                {
                    let seat = record
                        .seats
                        .get(first.mover.index())
                        .map(|s| s.name.clone());
                    let colour = self.sides.map(|names| names[first.mover.index()]);
                    current.side = match (colour, seat) {
                        (Some(colour), Some(seat)) => Some(format!("{colour} ({seat})")),
                        (_, seat) => seat,
                    };
                }
                current.values = Some(values);
                current.generation = current.board.generation();
                current.show(State::YourMove);
            }
            (Answer::Values(Ok(values)), State::Thinking | State::Replying { .. }) => {
                let reply = coach::best(&values).map(|m| m.text.clone());
                current.state = match reply {
                    Some(reply) => State::Replying {
                        reply: Some(reply),
                        wait_ms: REPLY_DELAY_MS,
                    },
                    None => State::Broken("the solver found no reply".into()),
                };
            }
            (Answer::Line(line), State::Wrong { line: shown, .. }) => *shown = Some(line),
            _ => {}
        }
        (true, stay)
    }

    /// The player's move, once the board has one: right moves are answered, a wrong
    /// one is shown for what it is.
    fn judge(&mut self) -> TrainerOutcome {
        let Some(current) = &mut self.current else {
            return TrainerOutcome::Stay;
        };
        if current.state != State::YourMove || current.board.generation() == current.generation {
            return TrainerOutcome::Stay;
        }
        let after = current.board.position_text();
        let played = current
            .values
            .as_ref()
            .and_then(|values| values.iter().find(|v| v.after == after))
            .cloned();
        let Some(played) = played else {
            current.state = State::Broken(format!("the move to {after} was not among the moves"));
            return TrainerOutcome::Stay;
        };
        let values = current.values.as_deref().unwrap_or_default();
        if let Some(what) = played.what_it_costs(values) {
            let plies = match played.worth {
                Worth::Loses(p) => p.saturating_sub(1),
                _ => LINE_PLIES,
            };
            current.show(State::Wrong {
                mv: played.text.clone(),
                what,
                line: None,
            });
            self.ask_line(plies.min(LINE_PLIES));
            return self.missed();
        }
        current.path.push(played.text);
        current.values = None;
        current.hint = None;
        if current.board.is_over() {
            current.show(State::Solved {
                every_move_right: false,
                by_discs: current.by_discs,
            });
            return self.solved_outcome();
        }
        current.state = State::Replying {
            reply: None,
            wait_ms: REPLY_DELAY_MS,
        };
        self.ask_values();
        TrainerOutcome::Stay
    }

    /// The puzzle is solved: its result, unless a miss or a hint was kept already.
    fn solved_outcome(&mut self) -> TrainerOutcome {
        let Some(current) = self.current.as_mut() else {
            return TrainerOutcome::Stay;
        };
        // The puzzle is decided: the board's own remark ("Player 1 wins.") is not
        // the trainer's word on it.
        current.board.ended_outside();
        if current.recorded {
            return TrainerOutcome::Stay;
        }
        current.recorded = true;
        let best_so_far = self.progress.best_streak;
        let best = self.streak.as_mut().and_then(|s| {
            s.solved += 1;
            Some(s.solved).filter(|&n| n > best_so_far)
        });
        self.keep(true, false, best)
    }

    /// A wrong move or a hint: the puzzle is missed (kept once), the streak ends.
    fn missed(&mut self) -> TrainerOutcome {
        let Some(current) = self.current.as_mut() else {
            return TrainerOutcome::Stay;
        };
        // The puzzle is decided: the board's own remark ("Player 1 wins.") is not
        // the trainer's word on it.
        current.board.ended_outside();
        if current.recorded {
            return TrainerOutcome::Stay;
        }
        current.recorded = true;
        current.missed = true;
        let hinted = current.hinted;
        let best_so_far = self.progress.best_streak;
        let best = self.streak.as_mut().and_then(|s| {
            s.over = true;
            Some(s.solved).filter(|&n| n > best_so_far)
        });
        self.keep(false, hinted, best)
    }

    /// The result, applied to the progress on screen and handed to the app to keep.
    fn keep(&mut self, solved: bool, hinted: bool, best_streak: Option<u32>) -> TrainerOutcome {
        let Some(current) = &self.current else {
            return TrainerOutcome::Stay;
        };
        let attempted = Attempted {
            puzzle: self.puzzles[current.index].clone(),
            mode: self.mode,
            solved,
            hinted,
            best_streak,
        };
        // A first rating is no change: "(+110)" beside it was measured from a rating
        // the player never had.
        let before = self.progress.rating.map(|r| r.rating);
        apply(&mut self.progress, &attempted);
        let after = self.progress.rating.map(|r| r.rating);
        self.change = before.zip(after);
        TrainerOutcome::Record(self.game, attempted)
    }

    /// Time passes: answers arrive, the solver's reply is played when due. Returns
    /// whether to redraw.
    pub fn tick(&mut self, elapsed_ms: u64, rng: &mut GameRng) -> (bool, TrainerOutcome) {
        if let Some(found) = self.gathering.as_ref().and_then(|rx| rx.try_recv().ok()) {
            self.gathering = None;
            for p in found {
                self.puzzles.push(p.puzzle);
                self.yours.push((p.setup, p.from));
            }
            self.next_puzzle();
            return (true, TrainerOutcome::Stay);
        }
        let (mut redraw, outcome) = self.collect();
        if outcome != TrainerOutcome::Stay {
            return (true, outcome);
        }
        let Some(current) = &mut self.current else {
            return (redraw, TrainerOutcome::Stay);
        };
        redraw |= current.board.tick(elapsed_ms, rng);
        let was_settling = current.settle_ms > 0;
        current.settle_ms = current.settle_ms.saturating_sub(elapsed_ms);
        // "Your move." comes up as Enter is taken.
        redraw |= was_settling && current.settle_ms == 0;
        if let State::Replying {
            reply: Some(reply),
            wait_ms,
        } = &mut current.state
        {
            *wait_ms = wait_ms.saturating_sub(elapsed_ms);
            if *wait_ms == 0 {
                let reply = reply.clone();
                if let Err(why) = current.board.play_text(&reply) {
                    current.state = State::Broken(format!("the reply {reply}: {why}"));
                } else if current.board.is_over() {
                    // The defence had nothing left but to lose (misère Nim's last coin).
                    current.path.push(reply);
                    current.show(State::Solved {
                        every_move_right: false,
                        by_discs: current.by_discs,
                    });
                    return (true, self.solved_outcome());
                } else {
                    current.path.push(reply);
                    current.state = State::Thinking;
                    self.ask_values();
                }
                redraw = true;
            }
        }
        (redraw, TrainerOutcome::Stay)
    }
}

/// A puzzle's result applied to `progress` (the app does the same to the store's copy
/// under its lock): the attempt kept, the ratings moved the first time a puzzle is
/// met, the best streak raised.
pub fn apply(progress: &mut GameProgress, attempted: &Attempted) {
    rating::record(
        progress,
        &attempted.puzzle,
        attempted.mode,
        attempted.solved,
        attempted.hinted,
        crate::store::record::now(),
    );
    if let Some(best) = attempted.best_streak {
        progress.best_streak = progress.best_streak.max(best);
    }
}

/// The game's board for `setup`: two people at one keyboard (the trainer plays the
/// other side), no hints, no prediction.
fn new_board(setup: &GameSetup, config: &Config) -> Box<dyn GameScreen> {
    coach::quiet_board(setup.clone(), config, 0)
}

/// Runs `ask` on a thread of its own; its answer arrives on the returned channel.
fn spawn(ask: impl FnOnce() -> Answer + Send + 'static) -> Receiver<Answer> {
    let (tx, rx) = crossbeam_channel::bounded(1);
    std::thread::spawn(move || {
        // The trainer may have moved on: an answer no one waits for is dropped.
        let _ = tx.send(ask());
    });
    rx
}
