//! One arcade's place in the lobby: what it sees of it and asks of it
//! ([`LobbyLink`]). Dropping the seat (the connection ended) leaves the lobby: its
//! offer goes, a match it plays waits for its owner.

use std::sync::Arc;

use rand::SeedableRng;

use super::table::Owner;
use super::{Lobby, Offered, State, summary, talk};
use crate::game::Seat as Side;
use crate::matchup::{FirstMover, Mode};
use crate::plugin::GameSetup;
use crate::seeds::GameRng;
use crate::tui::online::{
    LobbyLink, LobbyView, Offer, OnlineEvent, Present, Proposal, Resumable, Watchable,
};

/// "1 move", "12 moves".
fn moves_text(n: usize) -> String {
    if n == 1 {
        "1 move".into()
    } else {
        format!("{n} moves")
    }
}

/// Wrong seat codes a connection may try.
const CODE_TRIES: u32 = 5;

pub struct Seat {
    pub(super) lobby: Arc<Lobby>,
    pub(super) member: u64,
}

impl Seat {
    pub(super) fn new(lobby: Arc<Lobby>, member: u64) -> Seat {
        Seat { lobby, member }
    }

    pub(super) fn refuse(&self, state: &State, why: &str) {
        Lobby::tell(state, self.member, OnlineEvent::Refused { why: why.into() });
    }

    /// What `member` is doing, for the list of who is here.
    fn doing(state: &State, member: u64) -> String {
        if let Some(t) = state.matches.values().find(|t| t.sides.contains(&member)) {
            let other = if t.sides[0] == member {
                &t.names[1]
            } else {
                &t.names[0]
            };
            return if t.is_over() {
                format!("after {} with {other}", t.game)
            } else {
                format!("playing {} with {other}", t.game)
            };
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
        "here".into()
    }

    /// `member`'s arcade is gone (the connection dropped, or the server stops): a match
    /// it plays waits for its owner to come back (the other side is told); one it
    /// watches goes on without it; a finished one is left.
    fn step_away(state: &mut State, id: u64, member: u64) {
        let Some(table) = state.matches.get_mut(&id) else {
            return;
        };
        table.watchers.retain(|&w| w != member);
        let Some(side) = table.side_of(member) else {
            return;
        };
        if table.is_over() {
            return Seat::quit_table(state, None, id, side);
        }
        table.step_away(side);
        let event = OnlineEvent::Away {
            id,
            who: table.names[side].clone(),
        };
        let to = table.others(side);
        Lobby::tell_all(state, &to, &event);
    }

    /// `side` leaves match `id`: in progress, that is resigning it; once over, the
    /// match goes (no rematch). The others are told.
    pub(super) fn quit_table(
        state: &mut State,
        db: Option<&crate::serve::db::Writer>,
        id: u64,
        side: usize,
    ) {
        let Some(table) = state.matches.get_mut(&id) else {
            return;
        };
        let who = table.names[side].clone();
        if !table.is_over() {
            let ending = table.end(
                Some(Side::ALL[1 - side]),
                format!("{who} left the match"),
                Some(crate::store::EndedBy::Leaving),
            );
            let to = table.others(side);
            state.ended(db, id, ending, &to);
        }
        let Some(table) = state.matches.remove(&id) else {
            return;
        };
        let to = table.others(side);
        Lobby::tell_all(state, &to, &OnlineEvent::Left { id, who });
    }
}

impl LobbyLink for Seat {
    fn me(&self) -> String {
        self.lobby.state().name(self.member)
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
        // One's own seat waiting is to resume, not to watch.
        let me_name = state.members.get(&self.member).map(|m| m.name.clone());
        let mut matches: Vec<Watchable> = state
            .matches
            .iter()
            // Nothing to watch in a match both players are away from.
            .filter(|(_, t)| {
                let mine = me_name.as_ref().is_some_and(|name| {
                    (0..2).any(|i| t.away[i] && t.names[i].eq_ignore_ascii_case(name))
                });
                !t.sides.contains(&self.member) && !t.is_over() && t.away != [true, true] && !mine
            })
            .map(|(&id, t)| Watchable {
                id,
                summary: format!(
                    "{} · {} vs {} · {}",
                    t.game,
                    t.names[0],
                    t.names[1],
                    moves_text(t.moves.len())
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
                // A match that ended while its player was away (the win claimed, a
                // flag fallen) has no seat to take back.
                if t.is_over() {
                    return None;
                }
                let side =
                    (0..2).find(|&i| t.away[i] && t.names[i].eq_ignore_ascii_case(&me.name))?;
                let needs_code = match &t.owners[side] {
                    Owner::Key(key) if me.key.as_ref() == Some(key) => false,
                    Owner::Key(_) => return None,
                    Owner::Code(_) => true,
                };
                // A timed match says how its clocks stand: "you 3:12, bob 4:01".
                let clock = t.clock.as_ref().map_or_else(String::new, |c| {
                    let left = c.both(t.time.now_ms());
                    format!(
                        " · {}: you {}, {} {}",
                        c.control,
                        crate::clock::show(left[side]),
                        t.names[1 - side],
                        crate::clock::show(left[1 - side])
                    )
                });
                Some(Resumable {
                    id,
                    summary: format!(
                        "{} with {} · {}{clock}",
                        t.game,
                        t.names[1 - side],
                        moves_text(t.moves.len())
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
                return self.refuse(&state, &why);
            }
            state.offers.retain(|o| o.member != self.member);
            let id = state.new_id();
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
                return self.refuse(
                    &state,
                    "That offer is gone: taken back, or accepted by someone else.",
                );
            };
            let offer = state.offers.remove(at);
            state.offers.retain(|o| o.member != self.member);
            let mut rng = GameRng::from_rng(&mut rand::rng());
            let offerer_first = match offer.setup.matchup.first {
                FirstMover::Coin => rand::RngExt::random_bool(&mut rng, 0.5),
                // The other side: the one who accepts.
                FirstMover::Ai => false,
                _ => true,
            };
            let sides = if offerer_first {
                [offer.member, self.member]
            } else {
                [self.member, offer.member]
            };
            match state.open_match(&offer.setup, sides, &mut rng, &self.lobby.time) {
                Ok(id) => state.store(self.lobby.db(), id),
                Err(why) => return self.refuse(&state, &why),
            }
        }
        self.lobby.announce();
    }

    fn play(&self, id: u64, mv: &str) {
        let over = {
            let mut state = self.lobby.state();
            let Some(table) = state.matches.get_mut(&id) else {
                return;
            };
            let Some(side) = table.side_of(self.member) else {
                return;
            };
            // Time runs out before a move comes: the move is too late.
            if let Some(ending) = table.check_flag() {
                let everyone = table.everyone();
                state.ended(self.lobby.db(), id, ending, &everyone);
                drop(state);
                self.lobby.announce();
                return;
            }
            if let Err(why) = table.play(side, mv) {
                let why = format!("The server refused the move {mv}: {why}.");
                return self.refuse(&state, &why);
            }
            let to = table.others(side);
            let over = table.is_over();
            let event = OnlineEvent::Moved {
                id,
                mv: mv.to_string(),
                clock: table.clock_state(),
            };
            Lobby::tell_all(&state, &to, &event);
            state.store(self.lobby.db(), id);
            over
        };
        if over {
            self.lobby.announce();
        }
    }

    fn leave(&self, id: u64) {
        {
            let mut state = self.lobby.state();
            let Some(table) = state.matches.get_mut(&id) else {
                return;
            };
            match table.side_of(self.member) {
                // The other player is away: leaving does not hand them the win; the
                // match waits for both.
                Some(side) if !table.is_over() && table.away[1 - side] => {
                    Seat::step_away(&mut state, id, self.member);
                }
                Some(side) => Seat::quit_table(&mut state, self.lobby.db(), id, side),
                None => table.watchers.retain(|&w| w != self.member),
            }
        }
        self.lobby.announce();
    }

    fn resume(&self, id: u64, code: &str) {
        {
            let mut state = self.lobby.state();
            let Some(me) = state.members.get(&self.member) else {
                return;
            };
            let (name, key, tries) = (me.name.clone(), me.key.clone(), me.wrong_codes);
            let Some(table) = state.matches.get(&id).filter(|t| !t.is_over()) else {
                return self.refuse(&state, "That match is over.");
            };
            let Some(side) =
                (0..2).find(|&i| table.away[i] && table.names[i].eq_ignore_ascii_case(&name))
            else {
                return self.refuse(&state, "That match has no seat of yours waiting.");
            };
            if let (Owner::Code(_), Some(wait)) = (&table.owners[side], table.code_wait(side)) {
                let why =
                    format!("Too many wrong seat codes for that seat: the next try in {wait} s.");
                return self.refuse(&state, &why);
            }
            let owned = match &table.owners[side] {
                Owner::Key(k) => key.as_ref() == Some(k),
                Owner::Code(c) => tries < CODE_TRIES && c == code.trim(),
            };
            let by_code = matches!(table.owners[side], Owner::Code(_));
            if by_code && let Some(table) = state.matches.get_mut(&id) {
                table.code_tried(side, owned);
            }
            if !owned {
                if let Some(me) = state.members.get_mut(&self.member) {
                    me.wrong_codes += 1;
                }
                let why = if tries + 1 >= CODE_TRIES {
                    "Not the seat code of that match, and no more tries on this connection."
                } else {
                    "Not the seat code of that match. Lost it? The other player may claim the win after a minute, or the clock decides."
                };
                return self.refuse(&state, why);
            }
            let Some(table) = state.matches.get_mut(&id) else {
                return;
            };
            table.sides[side] = self.member;
            table.come_back(side);
            // A match put back after a restart: its clocks start when both are back.
            if table.away == [false, false] && !table.is_over() && table.clock_started() {
                let to_move = table.referee.to_move().index();
                let now = table.time.now_ms();
                if let Some(clock) = table.clock.as_mut().filter(|c| c.running().is_none()) {
                    clock.start(to_move, now);
                }
            }
            let started = table.started(id, Some(Side::ALL[side]));
            let others = table.others(side);
            let back = OnlineEvent::Back {
                id,
                who: name,
                clock: table.clock_state(),
            };
            // Back first: the other seat still waits for its player.
            let away = table.away[1 - side].then(|| OnlineEvent::Away {
                id,
                who: table.names[1 - side].clone(),
            });
            Lobby::tell(&state, self.member, started);
            Lobby::tell_all(&state, &others, &back);
            if let Some(away) = away {
                Lobby::tell(&state, self.member, away);
            }
        }
        self.lobby.announce();
    }

    fn watch(&self, id: u64) {
        {
            let mut state = self.lobby.state();
            let Some(table) = state.matches.get_mut(&id) else {
                return self.refuse(&state, "That match is over.");
            };
            if table.sides.contains(&self.member) {
                return;
            }
            if !table.watchers.contains(&self.member) {
                table.watchers.push(self.member);
            }
            let started = table.started(id, None);
            Lobby::tell(&state, self.member, started);
        }
        self.lobby.announce();
    }

    fn resign(&self, id: u64) {
        talk::resign(self, id);
        self.lobby.announce();
    }

    fn propose(&self, id: u64, what: Proposal) {
        talk::propose(self, id, what);
        self.lobby.announce();
    }

    fn answer(&self, id: u64, yes: bool) {
        talk::answer(self, id, yes);
        self.lobby.announce();
    }

    fn chat(&self, id: u64, text: &str) {
        talk::chat(self, id, text);
    }

    fn in_progress(&self, id: u64) -> bool {
        self.lobby
            .state()
            .matches
            .get(&id)
            .is_some_and(|t| !t.is_over())
    }

    fn claim_abandoned(&self, id: u64) {
        {
            let mut state = self.lobby.state();
            let Some(table) = state.matches.get_mut(&id) else {
                return;
            };
            let Some(side) = table.side_of(self.member) else {
                return;
            };
            if !table.abandoned_by_other(side) {
                let why = format!(
                    "{} may still come back: the win is yours to claim after {} s away.",
                    table.names[1 - side],
                    crate::tui::online::ABANDON_AFTER_MS / 1000
                );
                return self.refuse(&state, &why);
            }
            let how = format!("{} left and did not come back", table.names[1 - side]);
            let ending = table.end(
                Some(Side::ALL[side]),
                how,
                Some(crate::store::EndedBy::Leaving),
            );
            let everyone = table.everyone();
            state.ended(self.lobby.db(), id, ending, &everyone);
        }
        self.lobby.announce();
    }

    fn claim_time(&self, id: u64) {
        let ended = {
            let mut state = self.lobby.state();
            let Some(table) = state.matches.get_mut(&id) else {
                return;
            };
            match table.check_flag() {
                Some(ending) => {
                    let everyone = table.everyone();
                    state.ended(self.lobby.db(), id, ending, &everyone);
                    true
                }
                None => false,
            }
        };
        if ended {
            self.lobby.announce();
        }
    }
}

/// An arcade that ends leaves the lobby: its offer goes, its matches wait for it.
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
