//! The server's lobby: who is connected, the games they offer, and the matches between
//! two of them. A match is held here: each move is checked once by the game's rules
//! (`GameKind::referee`) and only then sent to the other player, so the two screens
//! can never disagree. Every arcade on the server reaches the lobby through a
//! [`Seat`] of its own, which leaves the lobby (and any match) when dropped.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};

use crossbeam_channel::Sender;
use rand::SeedableRng;

use crate::game::Seat as Side;
use crate::matchup::{FirstMover, Mode};
use crate::plugin::GameSetup;
use crate::plugin::referee::Referee;
use crate::seeds::GameRng;
use crate::tui::event::AppEvent;
use crate::tui::online::{LobbyLink, LobbyView, Offer, OnlineEvent, Present, Resumable, Watchable};

/// The lobby of one server.
pub struct Lobby {
    state: Mutex<State>,
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

/// Whose a seat is: a player who joined with a key owns it by that key; anyone else by
/// the seat code shown when the match began (a name alone never takes a seat).
#[derive(Clone, Debug, PartialEq)]
enum Owner {
    Key(String),
    Code(String),
}

/// Wrong seat codes a connection may try.
const CODE_TRIES: u32 = 5;

struct Offered {
    id: u64,
    member: u64,
    setup: GameSetup,
}

/// A match in progress: the players by side, the rules, the moves so far, and who
/// watches it.
struct Table {
    sides: [u64; 2],
    names: [String; 2],
    game: String,
    /// The setup both started from (its start position fixed).
    setup: GameSetup,
    referee: Box<dyn Referee>,
    moves: Vec<String>,
    watchers: Vec<u64>,
    owners: [Owner; 2],
    /// A side whose connection dropped: the match waits for its owner.
    away: [bool; 2],
}

impl Lobby {
    pub fn new() -> Arc<Lobby> {
        Arc::new(Lobby {
            state: Mutex::new(State::default()),
        })
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
            state.next_id += 1;
            let id = state.next_id;
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
        Seat {
            lobby: self.clone(),
            member: id,
        }
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

    /// How many are here now, and how many matches are being played.
    pub fn counts(&self) -> (usize, usize) {
        let state = self.state();
        (state.members.len(), state.matches.len())
    }
}

/// One arcade's place in the lobby.
pub struct Seat {
    lobby: Arc<Lobby>,
    member: u64,
}

impl Seat {
    /// What `member` is doing, for the list of who is here.
    fn doing(state: &State, member: u64) -> String {
        if let Some(t) = state.matches.values().find(|t| t.sides.contains(&member)) {
            let other = if t.sides[0] == member {
                &t.names[1]
            } else {
                &t.names[0]
            };
            return format!("playing {} with {other}", t.game);
        }
        if let Some(t) = state
            .matches
            .values()
            .find(|t| t.watchers.contains(&member))
        {
            return format!("watching {} vs {}", t.names[0], t.names[1]);
        }
        if let Some(o) = state.offers.iter().find(|o| o.member == member) {
            return format!("offers {}", o.setup.game.menu_name());
        }
        "in the lobby".into()
    }

    /// `member`'s arcade is gone (the connection dropped, or the server stops): a match
    /// it plays waits for its owner to come back (the other side is told); one it
    /// watches goes on without it. A match both sides are away from ends.
    fn step_away(state: &mut State, id: u64, member: u64) {
        let Some(table) = state.matches.get_mut(&id) else {
            return;
        };
        table.watchers.retain(|&w| w != member);
        let Some(side) = table.sides.iter().position(|&s| s == member) else {
            return;
        };
        table.away[side] = true;
        if table.away == [true, true] {
            state.matches.remove(&id);
            return;
        }
        let who = table.names[side].clone();
        let to: Vec<u64> = std::iter::once(table.sides[1 - side])
            .chain(table.watchers.iter().copied())
            .collect();
        for other in to {
            Lobby::tell(
                state,
                other,
                OnlineEvent::Away {
                    id,
                    who: who.clone(),
                },
            );
        }
    }

    /// Ends match `id`, if it is there, telling the other side that `member` left.
    fn abandon(state: &mut State, id: u64, member: u64) {
        let Some(table) = state.matches.remove(&id) else {
            return;
        };
        let Some(side) = table.sides.iter().position(|&s| s == member) else {
            // A watcher stops watching; the match goes on.
            let mut table = table;
            table.watchers.retain(|&w| w != member);
            state.matches.insert(id, table);
            return;
        };
        let other = table.sides[1 - side];
        for to in std::iter::once(other).chain(table.watchers.iter().copied()) {
            Lobby::tell(
                state,
                to,
                OnlineEvent::Left {
                    id,
                    who: table.names[side].clone(),
                },
            );
        }
    }
}

/// The offer in a line: "Nim · piles 3,4,5 · alice moves first" (the game's own
/// settings as its setup rows show them).
fn summary(setup: &GameSetup, from: &str) -> String {
    let first = match setup.matchup.first {
        FirstMover::Coin => "a coin decides who starts".to_string(),
        _ => format!("{from} moves first"),
    };
    let settings: Vec<String> = setup
        .options
        .rows(&setup.matchup)
        .into_iter()
        .map(|r| format!("{} {}", r.label.trim().to_lowercase(), r.value.trim()))
        .collect();
    let mut line = setup.game.menu_name().to_string();
    for part in settings.iter().chain(std::iter::once(&first)) {
        line.push_str(" · ");
        line.push_str(part);
    }
    line
}

impl LobbyLink for Seat {
    fn me(&self) -> String {
        let state = self.lobby.state();
        state
            .members
            .get(&self.member)
            .map_or_else(String::new, |m| m.name.clone())
    }

    fn view(&self) -> LobbyView {
        let state = self.lobby.state();
        let present = state
            .members
            .iter()
            .map(|(&id, m)| Present {
                name: m.name.clone(),
                doing: Seat::doing(&state, id),
                me: id == self.member,
            })
            .collect();
        let offers = state
            .offers
            .iter()
            .filter_map(|o| {
                let from = state.members.get(&o.member)?.name.clone();
                Some(Offer {
                    id: o.id,
                    summary: summary(&o.setup, &from),
                    from,
                    mine: o.member == self.member,
                    game: o.setup.game,
                })
            })
            .collect();
        let mut matches: Vec<Watchable> = state
            .matches
            .iter()
            .filter(|(_, t)| !t.sides.contains(&self.member))
            .map(|(&id, t)| Watchable {
                id,
                summary: format!(
                    "{} · {} vs {} · {} moves",
                    t.game,
                    t.names[0],
                    t.names[1],
                    t.moves.len()
                ),
            })
            .collect();
        matches.sort_by_key(|m| m.id);
        let me = state.members.get(&self.member);
        let mut resumable: Vec<Resumable> = state
            .matches
            .iter()
            .filter_map(|(&id, t)| {
                let me = me?;
                let side = (0..2).find(|&i| t.away[i] && t.names[i] == me.name)?;
                let needs_code = match &t.owners[side] {
                    Owner::Key(key) if me.key.as_ref() == Some(key) => false,
                    Owner::Key(_) => return None,
                    Owner::Code(_) => true,
                };
                Some(Resumable {
                    id,
                    summary: format!(
                        "{} with {} · {} moves",
                        t.game,
                        t.names[1 - side],
                        t.moves.len()
                    ),
                    needs_code,
                })
            })
            .collect();
        resumable.sort_by_key(|r| r.id);
        LobbyView {
            present,
            offers,
            matches,
            resumable,
        }
    }

    fn offer(&self, setup: &GameSetup) {
        let mut setup = setup.clone();
        setup.matchup.mode = Mode::TwoPlayers;
        setup.position = None;
        {
            let mut state = self.lobby.state();
            // The rules must be able to referee it before anyone can accept it.
            let mut rng = GameRng::seed_from_u64(0);
            if let Err(why) = setup.game.kind().referee(&setup, &mut rng) {
                Lobby::tell(&state, self.member, OnlineEvent::Refused { why });
                return;
            }
            state.offers.retain(|o| o.member != self.member);
            state.next_id += 1;
            let id = state.next_id;
            state.offers.push(Offered {
                id,
                member: self.member,
                setup,
            });
        }
        self.lobby.announce();
    }

    fn withdraw(&self) {
        self.lobby
            .state()
            .offers
            .retain(|o| o.member != self.member);
        self.lobby.announce();
    }

    fn accept(&self, id: u64) {
        {
            let mut state = self.lobby.state();
            let Some(at) = state
                .offers
                .iter()
                .position(|o| o.id == id && o.member != self.member)
            else {
                Lobby::tell(
                    &state,
                    self.member,
                    OnlineEvent::Refused {
                        why: "That offer is gone: taken back, or accepted by someone else.".into(),
                    },
                );
                return;
            };
            let offer = state.offers.remove(at);
            state.offers.retain(|o| o.member != self.member);
            let mut rng = GameRng::from_rng(&mut rand::rng());
            let offerer_first = match offer.setup.matchup.first {
                FirstMover::Coin => rand::RngExt::random_bool(&mut rng, 0.5),
                _ => true,
            };
            let sides = if offerer_first {
                [offer.member, self.member]
            } else {
                [self.member, offer.member]
            };
            let name = |m: u64| {
                state
                    .members
                    .get(&m)
                    .map_or_else(String::new, |m| m.name.clone())
            };
            let names = [name(sides[0]), name(sides[1])];
            let mut setup = offer.setup;
            let referee = match setup.game.kind().referee(&setup, &mut rng) {
                Ok(r) => r,
                Err(why) => {
                    Lobby::tell(&state, self.member, OnlineEvent::Refused { why });
                    return;
                }
            };
            // Both start from the referee's start (a random one drawn once, here).
            let mut fixed = setup.clone();
            fixed.position = Some(referee.position_text());
            if setup.game.kind().check_position(&fixed).is_ok() {
                setup = fixed;
            }
            setup.matchup.first = FirstMover::You;
            state.next_id += 1;
            let match_id = state.next_id;
            let owner =
                |m: u64, rng: &mut GameRng| match state.members.get(&m).and_then(|m| m.key.clone())
                {
                    Some(key) => Owner::Key(key),
                    None => Owner::Code(format!(
                        "{:06}",
                        rand::RngExt::random_range(rng, 0..1_000_000u32)
                    )),
                };
            let owners = [owner(sides[0], &mut rng), owner(sides[1], &mut rng)];
            for (i, &member) in sides.iter().enumerate() {
                let mine = if i == 0 { Side::First } else { Side::Second };
                let code = match &owners[i] {
                    Owner::Code(code) => Some(code.clone()),
                    Owner::Key(_) => None,
                };
                Lobby::tell(
                    &state,
                    member,
                    OnlineEvent::Started {
                        id: match_id,
                        setup: Box::new(setup.clone()),
                        mine: Some(mine),
                        names: names.clone(),
                        moves: Vec::new(),
                        code,
                    },
                );
            }
            state.matches.insert(
                match_id,
                Table {
                    sides,
                    names,
                    game: setup.game.menu_name().to_string(),
                    setup,
                    referee,
                    moves: Vec::new(),
                    watchers: Vec::new(),
                    owners,
                    away: [false; 2],
                },
            );
        }
        self.lobby.announce();
    }

    fn play(&self, id: u64, mv: &str) {
        let over = {
            let mut state = self.lobby.state();
            let Some(table) = state.matches.get_mut(&id) else {
                return;
            };
            let Some(side) = table.sides.iter().position(|&s| s == self.member) else {
                return;
            };
            let to_move = table.referee.to_move().index();
            let refused = if to_move != side {
                Some("not your turn".to_string())
            } else {
                table.referee.play(mv).err()
            };
            if let Some(why) = refused {
                let why = format!("The server refused the move {mv}: {why}.");
                Lobby::tell(&state, self.member, OnlineEvent::Refused { why });
                return;
            }
            table.moves.push(mv.to_string());
            let other = table.sides[1 - side];
            let over = table.referee.outcome().is_some();
            let to: Vec<u64> = std::iter::once(other)
                .chain(table.watchers.iter().copied())
                .collect();
            for member in to {
                Lobby::tell(
                    &state,
                    member,
                    OnlineEvent::Moved {
                        id,
                        mv: mv.to_string(),
                    },
                );
            }
            if over {
                state.matches.remove(&id);
            }
            over
        };
        if over {
            self.lobby.announce();
        }
    }

    fn leave(&self, id: u64) {
        Seat::abandon(&mut self.lobby.state(), id, self.member);
        self.lobby.announce();
    }

    fn resume(&self, id: u64, code: &str) {
        {
            let mut state = self.lobby.state();
            let Some(me) = state.members.get(&self.member) else {
                return;
            };
            let (name, key, tries) = (me.name.clone(), me.key.clone(), me.wrong_codes);
            let refuse = |state: &State, why: &str| {
                Lobby::tell(state, self.member, OnlineEvent::Refused { why: why.into() });
            };
            let Some(table) = state.matches.get(&id) else {
                return refuse(&state, "That match is over.");
            };
            let Some(side) = (0..2).find(|&i| table.away[i] && table.names[i] == name) else {
                return refuse(&state, "That match has no seat of yours waiting.");
            };
            let owned = match &table.owners[side] {
                Owner::Key(k) => key.as_ref() == Some(k),
                Owner::Code(c) => tries < CODE_TRIES && c == code.trim(),
            };
            if !owned {
                if let Some(me) = state.members.get_mut(&self.member) {
                    me.wrong_codes += 1;
                }
                let why = if tries + 1 >= CODE_TRIES {
                    "Not the seat code of that match, and no more tries on this connection."
                } else {
                    "Not the seat code of that match (it was shown when the match began)."
                };
                return refuse(&state, why);
            }
            let Some(table) = state.matches.get_mut(&id) else {
                return;
            };
            table.sides[side] = self.member;
            table.away[side] = false;
            let mine = if side == 0 { Side::First } else { Side::Second };
            let started = OnlineEvent::Started {
                id,
                setup: Box::new(table.setup.clone()),
                mine: Some(mine),
                names: table.names.clone(),
                moves: table.moves.clone(),
                code: match &table.owners[side] {
                    Owner::Code(c) => Some(c.clone()),
                    Owner::Key(_) => None,
                },
            };
            let others: Vec<u64> = std::iter::once(table.sides[1 - side])
                .chain(table.watchers.iter().copied())
                .collect();
            Lobby::tell(&state, self.member, started);
            for other in others {
                Lobby::tell(
                    &state,
                    other,
                    OnlineEvent::Back {
                        id,
                        who: name.clone(),
                    },
                );
            }
        }
        self.lobby.announce();
    }

    fn watch(&self, id: u64) {
        {
            let mut state = self.lobby.state();
            let Some(table) = state.matches.get_mut(&id) else {
                Lobby::tell(
                    &state,
                    self.member,
                    OnlineEvent::Refused {
                        why: "That match is over.".into(),
                    },
                );
                return;
            };
            if table.sides.contains(&self.member) {
                return;
            }
            if !table.watchers.contains(&self.member) {
                table.watchers.push(self.member);
            }
            let started = OnlineEvent::Started {
                id,
                setup: Box::new(table.setup.clone()),
                mine: None,
                names: table.names.clone(),
                moves: table.moves.clone(),
                code: None,
            };
            Lobby::tell(&state, self.member, started);
        }
        self.lobby.announce();
    }
}

/// An arcade that ends leaves the lobby: its offer goes, its matches end.
impl Drop for Seat {
    fn drop(&mut self) {
        {
            let mut state = self.lobby.state();
            state.offers.retain(|o| o.member != self.member);
            let mine: Vec<u64> = state
                .matches
                .iter()
                .filter(|(_, t)| {
                    t.sides.contains(&self.member) || t.watchers.contains(&self.member)
                })
                .map(|(&id, _)| id)
                .collect();
            for id in mine {
                Seat::step_away(&mut state, id, self.member);
            }
            state.members.remove(&self.member);
        }
        self.lobby.announce();
    }
}
