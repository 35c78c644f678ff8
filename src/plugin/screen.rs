//! What the app needs from a game's screen. Each game implements this once; the app
//! routes keys, clicks, ticks and solver messages to whichever game is on.

use crate::seeds::GameRng;
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::plugin::GameSetup;
use crate::solve::worker::Job;
use crate::store::MatchRecord;
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;

/// The traffic between a game on screen and the solver thread. `MatchView` implements
/// it for every two-player game, so most screens only point at their view.
pub trait SolverLink {
    /// The job to send to the solver thread, once after every change.
    fn take_job(&mut self) -> Option<Job>;
    /// The solver accepted the request under `ticket`; older results are stale.
    fn analysis_requested(&mut self, ticket: u64);
    /// The ticket of the analysis the board is waiting for.
    fn ticket(&self) -> u64;
    /// True while the position on the board is still being analysed.
    fn analysing(&self) -> bool;
    /// The solver has news for `ticket`: the screen takes the reports from its own
    /// inbox (those of stale tickets are dropped).
    fn news(&mut self, ticket: u64);
    fn finished(&mut self, ticket: u64);
    fn failed(&mut self, ticket: u64, reason: String);
}

/// Where a match stands, for the keys that work only at some moments (see
/// `tui::unavailable`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Situation {
    pub over: bool,
    /// A person is to move (in every mode).
    pub human_to_move: bool,
    /// An AI plays in this match.
    pub ai_plays: bool,
    /// Two AIs play (nobody is to move but them).
    pub all_ai: bool,
    /// Two AIs play and the player paused them.
    pub paused: bool,
}

pub trait GameScreen {
    /// The setup this game was started from (for "new game" and the rules).
    fn setup(&self) -> &GameSetup;

    /// Where solver traffic goes; the methods below forward to it unless overridden.
    fn link(&self) -> &dyn SolverLink;
    fn link_mut(&mut self) -> &mut dyn SolverLink;

    fn take_job(&mut self) -> Option<Job> {
        self.link_mut().take_job()
    }
    fn analysis_requested(&mut self, ticket: u64) {
        self.link_mut().analysis_requested(ticket);
    }
    fn ticket(&self) -> u64 {
        self.link().ticket()
    }
    fn analysing(&self) -> bool {
        self.link().analysing()
    }
    fn news(&mut self, ticket: u64) {
        self.link_mut().news(ticket);
    }
    fn finished(&mut self, ticket: u64) {
        self.link_mut().finished(ticket);
    }
    fn failed(&mut self, ticket: u64, reason: String) {
        self.link_mut().failed(ticket, reason);
    }

    /// Time passes (the AI may move). Returns whether to redraw.
    fn tick(&mut self, elapsed_ms: u64, rng: &mut GameRng) -> bool;
    /// This screen's own keys. Returns false for an action it has no use for now, which
    /// then does what it does in every game (see `tui::app`: back, quit, help, new
    /// game, hints, pause, undo, rematch).
    fn handle(&mut self, action: Action) -> bool;
    /// Whether the screen is in the middle of something typed, so the next key is a
    /// letter even where it is bound to an action (Othello's `5h`: the square h5).
    fn takes_text(&self) -> bool {
        false
    }
    /// Whether the letter `c` followed by a digit names a square here now (Othello's
    /// `e6` on the player's turn), so a letter bound to an action (`e` the spoiler
    /// switch) and then a row is taken back as a square.
    fn letter_names_square(&self, _c: char) -> bool {
        false
    }
    /// A left click on something this screen drew.
    fn click(&mut self, hit: Hit);
    /// Ends a running animation of the last move (a key was pressed).
    fn skip_animation(&mut self) {}
    /// The mouse wheel: `lines` down (negative: up), for screens with something to
    /// scroll.
    fn wheel(&mut self, _lines: i32) {}
    /// Whether the board's other view is shown (Winners & Losers' pyramid): a board
    /// made again for the same position (a lesson's step or a puzzle tried again)
    /// keeps the view the player chose.
    fn other_view(&self) -> bool {
        false
    }
    /// Shows the board's other view, or not.
    fn set_other_view(&mut self, _on: bool) {}
    fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys, hits: &mut Hits);

    /// The shared actions, each game's way.
    fn is_over(&self) -> bool;
    /// Where the match stands.
    fn situation(&self) -> Situation;
    fn hints_on(&self) -> bool;
    fn toggle_hints(&mut self);
    /// Puts back a hints switch just turned by a letter that began a square (`h`
    /// then `4` is h4): as if the letter had never turned it, the move after it is
    /// no move made with hints.
    fn put_back_hints(&mut self) {
        self.toggle_hints();
    }
    /// Whether the prediction and what else gives the result away is shown (the
    /// spoiler switch); games without a prediction always say true.
    fn spoilers_on(&self) -> bool {
        true
    }
    fn set_spoilers(&mut self, _on: bool) {}
    /// Pauses or resumes when two AIs play (nothing otherwise).
    fn toggle_pause(&mut self);
    /// Takes back moves (against the AI: to the human's previous turn).
    fn undo(&mut self);
    /// The AI plays its best move so far, at once.
    fn move_now(&mut self);
    /// Plays again what undo took back (until a new move is made).
    fn redo(&mut self);

    /// The setup, to change what a resumed match is remembered as.
    fn setup_mut(&mut self) -> &mut GameSetup;
    /// The match written down, to save or keep in the history (`None` for matches that
    /// are not kept: Pnut-Butta with more than two players).
    fn record(&self) -> Option<MatchRecord>;
    /// Puts a saved match back on the board (the screen was started from its `start`).
    fn restore(&mut self, record: &MatchRecord) -> Result<(), String>;
    /// Changes whenever a move is played, undone or redone (time to save again).
    fn generation(&self) -> u64;
    /// The seed the match's random start was drawn from, for its record.
    fn set_seed(&mut self, seed: u64);
    /// The position on the board in the game's notation (as `parlor solve` and
    /// `--position` read it).
    fn position_text(&self) -> String;
    /// The moves a person may make now, in the game's notation (none while the AI is
    /// to move or the game is over).
    fn legal_moves_text(&self) -> Vec<String>;
    /// Plays a move given in the game's notation as its player would have on the board
    /// (a move that did not come from this keyboard). Refused, with the rules' words,
    /// when it is not legal or not a person's turn.
    fn play_text(&mut self, mv: &str) -> Result<(), String>;
    /// Makes this a match against a person at another terminal: this keyboard plays
    /// `mine`, the other seat's moves arrive through [`GameScreen::play_text`]; `names`
    /// by seat. `None`: a match watched, both seats' moves from outside. False where
    /// the screen cannot (Pnut-Butta's hot seat).
    fn seat_online(&mut self, mine: Option<crate::game::Seat>, names: [String; 2]) -> bool;
    /// What the shell says of a match online in place of the prediction (what is
    /// asked, how it ended, the chat); `None`: nothing.
    fn set_match_notes(&mut self, _notes: Option<Vec<ratatui::text::Line<'static>>>) {}
    /// What the finished game did to the player's rating, for the game-over box.
    fn set_rating_note(&mut self, _note: Option<String>) {}
    /// Whether this game, against the AI, counts for the rating once finished unaided
    /// (the moves panel says "rated" or "not rated" during play).
    fn set_counts_for_rating(&mut self, _counts: Result<(), &'static str>) {}
    /// A timed match: the side to move has `left_ms` on its clock and gains
    /// `increment_ms` a move. An AI that thinks for a while (Othello's) spends it
    /// accordingly; the others move at once anyway.
    fn time_for_move(&mut self, _left_ms: u64, _increment_ms: u64) {}
    /// The match ended outside its rules (a flag fall): remarks on the board stop.
    fn ended_outside(&mut self) {}
}

/// What a simulation screen asks the app to do.
#[derive(Clone, Debug, PartialEq)]
pub enum SimOutcome {
    Stay,
    /// Back to the setup it came from.
    Back,
    Quit,
}

/// A game's AI-vs-AI simulation: one long job on the solver thread, with progress.
pub trait SimulationScreen {
    /// The setup it was started from.
    fn setup(&self) -> &GameSetup;
    /// The simulation as a job for the solver thread, once.
    fn take_request(&mut self) -> Option<Job>;
    fn requested(&mut self, ticket: u64);
    fn running(&self) -> bool;
    /// The solver has news for `ticket`: the simulation takes its reports from its
    /// own inbox.
    fn progress(&mut self, ticket: u64);
    fn finished(&mut self, ticket: u64);
    fn failed(&mut self, ticket: u64, reason: String);
    fn handle(&mut self, action: Action) -> SimOutcome;
    fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys);
}
