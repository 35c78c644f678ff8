//! What the arcade knows of play online, whoever serves it (`serve` does): the lobby
//! as the app sees it, and the news it gets. The app asks through [`LobbyLink`]; the
//! server answers with [`OnlineEvent`]s among its other events.

use crate::clock::TimeControl;
use crate::game::Seat;
use crate::plugin::{GameId, GameSetup};

/// Someone in the lobby, and what they are doing.
#[derive(Clone, Debug, PartialEq)]
pub struct Present {
    pub name: String,
    pub doing: String,
    pub me: bool,
}

/// A game offered by a player, waiting for another to accept it.
#[derive(Clone, Debug)]
pub struct Offer {
    pub id: u64,
    pub from: String,
    pub mine: bool,
    pub game: GameId,
    /// The offer in a line: "Nim · piles 3,4,5 · alice moves first".
    pub summary: String,
}

/// A match in progress, to watch.
#[derive(Clone, Debug)]
pub struct Watchable {
    pub id: u64,
    /// "Othello · alice vs bob · 12 moves".
    pub summary: String,
}

/// A match of this player's that waits for them (their connection dropped).
#[derive(Clone, Debug)]
pub struct Resumable {
    pub id: u64,
    /// "Othello with bob · 12 moves".
    pub summary: String,
    /// The seat is taken back with the seat code shown when the match began (a player
    /// who joined with a key needs none: the key is theirs).
    pub needs_code: bool,
}

/// The lobby now.
#[derive(Clone, Debug, Default)]
pub struct LobbyView {
    pub present: Vec<Present>,
    pub offers: Vec<Offer>,
    pub matches: Vec<Watchable>,
    pub resumable: Vec<Resumable>,
}

/// What one player of a match asks the other, who accepts or declines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proposal {
    /// End the game as a draw (only in games that have draws).
    Draw,
    /// Take back the asker's last move (and the other's replies since).
    Takeback,
    /// Play again once the game is over, the sides swapped.
    Rematch,
}

impl Proposal {
    /// What is asked, after "bob offers" / "bob asks for": "a draw".
    pub fn what(self) -> &'static str {
        match self {
            Proposal::Draw => "a draw",
            Proposal::Takeback => "a takeback",
            Proposal::Rematch => "a rematch with the sides swapped",
        }
    }
}

/// A line said at a match: by a player, or by someone watching (`watching`), whose lines
/// only other watchers see.
#[derive(Clone, Debug, PartialEq)]
pub struct ChatLine {
    pub from: String,
    pub text: String,
    pub watching: bool,
}

/// How a match ended other than by the rules: who won (`None`: a draw) and how, in
/// words ("bob resigned", "a draw by agreement").
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub winner: Option<Seat>,
    pub how: String,
    /// The kind of ending, for the history (`None`: by the rules).
    pub by: Option<crate::store::EndedBy>,
}

/// The clocks of a match as the server last saw them: each side's time left and the
/// side whose clock runs. The arcade runs its own copy from there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockState {
    pub control: TimeControl,
    pub left: [u64; 2],
    pub running: Option<usize>,
}

/// What the server tells an arcade.
#[derive(Clone, Debug)]
pub enum OnlineEvent {
    /// Someone came or went, or an offer was made or taken back.
    LobbyChanged,
    /// A match this arcade plays in (or watches) has begun: its setup (from its start
    /// position), this terminal's seat (`None`: watching), the names by seat, and the
    /// moves played so far.
    Started {
        id: u64,
        setup: Box<GameSetup>,
        mine: Option<Seat>,
        names: [String; 2],
        moves: Vec<String>,
        /// The code that takes this seat back after a dropped connection (`None`: the
        /// player's key does, or watching).
        code: Option<String>,
        /// The match's chat so far, the latest last.
        chat: Vec<ChatLine>,
        /// The clocks, if the match is timed.
        clock: Option<ClockState>,
    },
    /// The moves of the match after a takeback both agreed to: the board goes back to
    /// the start and replays them.
    Reset {
        id: u64,
        moves: Vec<String>,
        clock: Option<ClockState>,
    },
    /// The other player asks for something (`what`), to be accepted or declined.
    Proposed {
        id: u64,
        who: String,
        what: Proposal,
    },
    /// The other player declined what this one asked (`what`).
    Declined {
        id: u64,
        who: String,
        what: Proposal,
    },
    /// The match ended by resignation or agreement.
    Ended { id: u64, ending: Ending },
    /// A line of the match's chat.
    Chat { id: u64, line: ChatLine },
    /// A move of the other player (or, watching, of either), checked by the server's
    /// rules.
    Moved {
        id: u64,
        mv: String,
        clock: Option<ClockState>,
    },
    /// The other player left the match.
    Left { id: u64, who: String },
    /// The other player's connection dropped: the match waits for them.
    Away { id: u64, who: String },
    /// The other player is back at the match; the clocks as they read now (they start
    /// when both are back at a match put back after a restart).
    Back {
        id: u64,
        who: String,
        clock: Option<ClockState>,
    },
    /// The server refused something this arcade asked (a move it found illegal).
    Refused { why: String },
}

/// The moves after which a timed match's clocks start (one for each side): as on
/// Lichess, no one loses time to finding the board.
pub const CLOCK_AFTER: usize = 2;

/// How long a player must have been away before the other may claim the win: long
/// enough for a dropped connection to come back (a timed match may end on time too).
pub const ABANDON_AFTER_MS: u64 = 60_000;

/// The arcade's line to the lobby.
pub trait LobbyLink: Send {
    /// This player's name.
    fn me(&self) -> String;
    fn view(&self) -> LobbyView;
    /// Offers a match of `setup` (its first mover: `You`, the one who offers, or a coin).
    fn offer(&self, setup: &GameSetup);
    /// Takes this player's offer back.
    fn withdraw(&self);
    /// Accepts offer `id`: the match begins on both terminals.
    fn accept(&self, id: u64);
    /// This terminal's move in match `id`, in the game's notation.
    fn play(&self, id: u64, mv: &str);
    /// Leaves match `id` (the other player is told), or stops watching it.
    fn leave(&self, id: u64);
    /// Watches match `id`.
    fn watch(&self, id: u64);
    /// Takes this player's seat back in match `id`, with its seat code if it needs one.
    fn resume(&self, id: u64, code: &str);
    /// Resigns match `id`: the other player wins.
    fn resign(&self, id: u64);
    /// Asks the other player of match `id` for `what`.
    fn propose(&self, id: u64, what: Proposal);
    /// Answers what the other player of match `id` asked: yes or no.
    fn answer(&self, id: u64, yes: bool);
    /// Says `text` at match `id` (cleaned and shortened by the server).
    fn chat(&self, id: u64, text: &str);
    /// Whether match `id` is still being played (not ended, by its rules or else).
    fn in_progress(&self, id: u64) -> bool;
    /// Claims the win of match `id`, whose other player has been away too long to
    /// wait for (the server decides).
    fn claim_abandoned(&self, id: u64);
    /// This arcade's clock shows the side to move out of time in match `id`: the
    /// server checks its own clock and ends the match if it agrees.
    fn claim_time(&self, id: u64);
}
