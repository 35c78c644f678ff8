//! The server's lobby: who is connected, the games they offer, and the matches between
//! two of them. A match is held here: each move is checked once by the game's rules
//! (`GameKind::referee`) and only then sent to the other player, so the two screens
//! can never disagree. Every arcade on the server reaches the lobby through a
//! [`Seat`] of its own, which leaves the lobby (and any match) when dropped.
//!
//! `table.rs` is one match; `seat.rs` what an arcade asks of the lobby; `talk.rs` what
//! the two players of a match ask each other (a draw, a takeback, a rematch) and say.

mod saved;
mod seat;
mod table;
mod talk;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};

use crossbeam_channel::Sender;

use crate::clock::{SystemTime, TimeSource};
use crate::game::Seat as Side;
use crate::matchup::FirstMover;
use crate::plugin::GameSetup;
use crate::seeds::GameRng;
use crate::serve::db::Db;
use crate::tui::event::AppEvent;
use crate::tui::online::OnlineEvent;

pub use seat::Seat;
use table::{Owner, Table};
pub use talk::clean_line;

/// The lobby of one server.
pub struct Lobby {
    state: Mutex<State>,
    /// What the matches' clocks read.
    time: Arc<dyn TimeSource>,
    /// Where the matches are written (none: kept in memory only), by a thread of its
    /// own so that no write waits under the lobby's lock.
    db: Option<crate::serve::db::Writer>,
}

#[derive(Default)]
struct State {
    next_id: u64,
    members: BTreeMap<u64, Member>,
    offers: Vec<Offered>,
    matches: HashMap<u64, Table>,
}

struct Member {
    name: String,
    /// The fingerprint of the key the player joined with, if they used one.
    key: Option<String>,
    events: Sender<AppEvent>,
    /// Wrong seat codes tried: a few, then no more.
    wrong_codes: u32,
}

struct Offered {
    id: u64,
    member: u64,
    setup: GameSetup,
}

impl Lobby {
    pub fn new() -> Arc<Lobby> {
        Lobby::with_time(SystemTime::start())
    }

    /// A lobby whose clocks read `time` (a test's hand-driven time).
    pub fn with_time(time: Arc<dyn TimeSource>) -> Arc<Lobby> {
        Arc::new(Lobby {
            state: Mutex::new(State::default()),
            time,
            db: None,
        })
    }

    /// A lobby that writes its matches to `db` (see `saved.rs`). Without a thread
    /// for the writes (the machine has none left) it keeps them in memory only, and
    /// says so.
    pub fn with_db(time: Arc<dyn TimeSource>, db: Arc<Db>) -> Arc<Lobby> {
        let writer = match crate::serve::db::Writer::start(db) {
            Ok(writer) => Some(writer),
            Err(e) => {
                eprintln!(
                    "parlor serve: no thread to write the database ({e}): matches are not kept"
                );
                None
            }
        };
        Arc::new(Lobby {
            state: Mutex::new(State::default()),
            time,
            db: writer,
        })
    }

    fn db(&self) -> Option<&crate::serve::db::Writer> {
        self.db.as_ref()
    }

    /// Waits until every write of the lobby's so far is in the database.
    pub fn flush(&self) {
        if let Some(writer) = &self.db {
            writer.flush();
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves the lobby as it was: go on with it.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// `name` enters the lobby (`key`: the fingerprint of the key they joined with);
    /// its arcade hears the news through `events`.
    pub fn join(
        self: &Arc<Self>,
        name: &str,
        key: Option<String>,
        events: Sender<AppEvent>,
    ) -> Seat {
        let id = {
            let mut state = self.state();
            let id = state.new_id();
            state.members.insert(
                id,
                Member {
                    name: name.to_string(),
                    key,
                    events,
                    wrong_codes: 0,
                },
            );
            id
        };
        self.announce();
        Seat::new(self.clone(), id)
    }

    /// Everyone hears that the lobby changed.
    fn announce(&self) {
        let state = self.state();
        for member in state.members.values() {
            let _ = member
                .events
                .send(AppEvent::Online(OnlineEvent::LobbyChanged));
        }
    }

    fn tell(state: &State, member: u64, event: OnlineEvent) {
        if let Some(m) = state.members.get(&member) {
            let _ = m.events.send(AppEvent::Online(event));
        }
    }

    /// Tells each of `members` the same news.
    fn tell_all(state: &State, members: &[u64], event: &OnlineEvent) {
        for &member in members {
            Lobby::tell(state, member, event.clone());
        }
    }

    /// How many are here now, and how many matches are being played.
    pub fn counts(&self) -> (usize, usize) {
        let state = self.state();
        let playing = state.matches.values().filter(|t| !t.is_over()).count();
        (state.members.len(), playing)
    }
}

impl State {
    fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn name(&self, member: u64) -> String {
        self.members
            .get(&member)
            .map_or_else(String::new, |m| m.name.clone())
    }

    /// A new match of `offered` between `sides` (the first mover first): the rules
    /// draw its start (a random one once, here), each seat gets its owner (the
    /// player's key, else a seat code), and both players are told. `Err`: the rules
    /// cannot referee it.
    fn open_match(
        &mut self,
        offered: &GameSetup,
        sides: [u64; 2],
        rng: &mut GameRng,
        time: &Arc<dyn TimeSource>,
    ) -> Result<u64, String> {
        let names = [self.name(sides[0]), self.name(sides[1])];
        let referee = offered.game.kind().referee(offered, rng)?;
        // Both start from the referee's start.
        let mut setup = offered.clone();
        let mut fixed = setup.clone();
        fixed.position = Some(referee.position_text());
        if setup.game.kind().check_position(&fixed).is_ok() {
            setup = fixed;
        }
        setup.matchup.first = FirstMover::You;
        let id = self.new_id();
        let owner =
            |m: u64, rng: &mut GameRng| match self.members.get(&m).and_then(|m| m.key.clone()) {
                Some(key) => Owner::Key(key),
                None => Owner::Code(format!(
                    "{:06}",
                    rand::RngExt::random_range(rng, 0..1_000_000u32)
                )),
            };
        let owners = [owner(sides[0], rng), owner(sides[1], rng)];
        let table = Table::new(
            offered.clone(),
            setup,
            referee,
            sides,
            names,
            owners,
            time.clone(),
        );
        for (member, mine) in sides.into_iter().zip(Side::ALL) {
            Lobby::tell(self, member, table.started(id, Some(mine)));
        }
        self.matches.insert(id, table);
        Ok(id)
    }
}

/// The offer in a line: "Nim · piles 3,4,5 · alice moves first" (the game's own
/// settings as its setup rows show them).
fn summary(setup: &GameSetup, from: &str) -> String {
    let first = match setup.matchup.first {
        FirstMover::Coin => "a coin decides who starts".to_string(),
        FirstMover::Ai => "the one who accepts moves first".to_string(),
        _ => format!("{from} moves first"),
    };
    let settings: Vec<String> = setup
        .options
        .rows(&setup.matchup)
        .into_iter()
        .filter(|r| setup.options.online_row(r.id))
        .map(|r| format!("{} {}", r.label.trim().to_lowercase(), r.value.trim()))
        .collect();
    let clock = setup
        .matchup
        .clock
        .map_or_else(|| "no clock".to_string(), |c| c.to_string());
    let mut line = setup.game.menu_name().to_string();
    // Who moves first before the game's settings: a line cut short keeps it.
    for part in [&clock, &first].into_iter().chain(settings.iter()) {
        line.push_str(" · ");
        line.push_str(part);
    }
    line
}
