//! What the arcade knows of play online, whoever serves it (`serve` does): the lobby
//! as the app sees it, and the news it gets. The app asks through [`LobbyLink`]; the
//! server answers with [`OnlineEvent`]s among its other events.

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
    },
    /// A move of the other player (or, watching, of either), checked by the server's
    /// rules.
    Moved { id: u64, mv: String },
    /// The other player left the match.
    Left { id: u64, who: String },
    /// The other player's connection dropped: the match waits for them.
    Away { id: u64, who: String },
    /// The other player is back at the match.
    Back { id: u64, who: String },
    /// The server refused something this arcade asked (a move it found illegal).
    Refused { why: String },
}

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
}
