//! The app's part of play online: the lobby screen, offering from a setup, a match
//! whose other seat is a person at another terminal (their moves arrive as
//! [`OnlineEvent::Moved`], this terminal's go out through the [`LobbyLink`]), and what
//! a match online does not allow (undo, hints: the solver would play for you).

use super::online_match::OnlineMatch;
use super::{App, Screen};
use crate::game::Seat;
use crate::matchup::{FirstMover, Mode};
use crate::plugin::screen::GameScreen;
use crate::plugin::{GameId, GameSetup, StartEnv};
use crate::seeds::GameRng;
use crate::tui::help::Help;
use crate::tui::lobby::{LobbyOutcome, LobbyScreen};
use crate::tui::online::{LobbyLink, OnlineEvent};
use crate::ui::keys::Action;

impl App {
    /// An arcade served online: its menu offers the lobby.
    pub fn with_lobby(mut self, lobby: Box<dyn LobbyLink>) -> App {
        self.set_lobby(lobby);
        self
    }

    /// The clocks of matches read `time` (a test drives it by hand).
    pub fn set_time(&mut self, time: std::sync::Arc<dyn crate::clock::TimeSource>) {
        // The clocks of the game on screen read the new time from now on, from the
        // times of the last move.
        let kept = self.local_clock.as_ref().map(|local| local.banked());
        self.time = time;
        if self.local_clock.is_some() {
            self.start_clock(kept);
        }
    }

    /// See [`App::with_lobby`].
    pub fn set_lobby(&mut self, lobby: Box<dyn LobbyLink>) {
        self.lobby = Some(lobby);
        if let Screen::Menu(menu) = &mut self.screen {
            menu.online = true;
        }
        self.menu_news();
    }

    /// The menu's word on the lobby, as it is now. Whether it changed.
    pub(super) fn menu_news(&mut self) -> bool {
        let (Screen::Menu(menu), Some(lobby)) = (&mut self.screen, &self.lobby) else {
            return false;
        };
        let news = lobby_news(&lobby.view());
        let changed = menu.online_news != news;
        menu.online_news = news;
        changed
    }

    pub(super) fn open_lobby(&mut self) {
        let Some(lobby) = &self.lobby else {
            return;
        };
        self.online = None;
        self.screen = Screen::Lobby(LobbyScreen::new(self.games.clone(), lobby.view()));
    }

    pub(super) fn on_lobby_action(&mut self, action: Action) {
        let Screen::Lobby(screen) = &mut self.screen else {
            return;
        };
        let outcome = screen.handle(action);
        self.on_lobby_outcome(outcome);
    }

    pub(super) fn on_lobby_outcome(&mut self, outcome: LobbyOutcome) {
        let Some(lobby) = &self.lobby else {
            return;
        };
        match outcome {
            LobbyOutcome::Accept(id) => lobby.accept(id),
            LobbyOutcome::Watch(id) => lobby.watch(id),
            LobbyOutcome::Resume(id, code) => {
                // A seat this arcade held needs no typing: its code is known here.
                let known = self.held_seats.iter().find(|s| s.id == id);
                let code = match known {
                    Some(seat) if code.trim().is_empty() => seat.code.clone(),
                    _ => code,
                };
                lobby.resume(id, &code);
            }
            LobbyOutcome::Withdraw => {
                lobby.withdraw();
                self.refresh_lobby(Some("Your offer is taken back."));
            }
            LobbyOutcome::Offer(game) => self.open_offer(game),
            LobbyOutcome::Back => self.back_to_menu(),
            LobbyOutcome::Help => self.help = Some(Help::general(&self.keys)),
            LobbyOutcome::Quit => self.quit = true,
            LobbyOutcome::Stay => {}
        }
    }

    /// `game`'s setup as an offer: two people, as this player last offered it (or, the
    /// first time, with the options of their last game of it at one keyboard).
    fn open_offer(&mut self, game: GameId) {
        let key = offer_key(game);
        let offered_before = self
            .store
            .as_mut()
            .is_some_and(|s| s.remembered_setup(&key).is_some());
        let setup = if offered_before {
            self.remembered_setup(game, &key)
        } else {
            self.remembered_setup(game, game.cli_name())
        };
        self.take_notices();
        let mut setup = self.setup_screen(setup).for_online();
        // "The AI moves first" at home is not "the one who accepts" online.
        let choices: &[FirstMover] = if offered_before {
            &crate::tui::setup::OFFER_FIRST
        } else {
            game.kind().first_options(Mode::TwoPlayers)
        };
        if !choices.contains(&setup.setup.matchup.first) {
            setup.setup.matchup.first = FirstMover::You;
        }
        self.screen = Screen::Setup(setup);
    }

    /// Start on an offer's setup: it goes up in the lobby.
    pub(super) fn post_offer(&mut self, setup: &crate::plugin::GameSetup) {
        self.remember_setup_as(&offer_key(setup.game), setup);
        if let Some(lobby) = &self.lobby {
            lobby.offer(setup);
        }
        self.open_lobby();
        self.refresh_lobby(Some(
            "Your offer is up: the game starts when someone accepts it.",
        ));
        // On one's own offer, so a reflex Enter does not accept another's.
        if let Screen::Lobby(screen) = &mut self.screen {
            screen.select_own_offer();
        }
    }

    /// The lobby screen shows the lobby as it is now (and `notice`, if any).
    fn refresh_lobby(&mut self, notice: Option<&str>) {
        let (Screen::Lobby(screen), Some(lobby)) = (&mut self.screen, &self.lobby) else {
            return;
        };
        screen.refresh(lobby.view());
        if let Some(text) = notice {
            screen.notice = Some(text.to_string());
        }
    }

    /// The board of match `id` from its start `setup`, seated for `mine`, with
    /// `moves` played. `Err`: a move the rules here refused (the server's were checked
    /// by the same rules, so this is a bug worth a line in the log).
    fn online_board(
        &self,
        id: u64,
        setup: GameSetup,
        mine: Option<Seat>,
        names: [String; 2],
        moves: &[String],
    ) -> Box<dyn GameScreen> {
        let env = StartEnv {
            config: &self.config,
            ai_delay_ms: 0,
            hints: false,
        };
        let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(id);
        let mut screen = setup.game.kind().start(setup, &env, &mut rng);
        // No prediction and no hints: the solver would play for you.
        screen.set_spoilers(false);
        screen.seat_online(mine, names);
        for mv in moves {
            if let Err(why) = screen.play_text(mv) {
                tracing::warn!("the match's move {mv} refused here: {why}");
                break;
            }
        }
        screen
    }

    /// News from the server.
    pub(super) fn on_online(&mut self, event: OnlineEvent) -> bool {
        match event {
            // Only the lobby shows the lobby: an arcade elsewhere does not redraw.
            OnlineEvent::LobbyChanged => {
                if !matches!(self.screen, Screen::Lobby(_)) {
                    return self.menu_news();
                }
                self.refresh_lobby(None);
            }
            OnlineEvent::Started {
                id,
                setup,
                mine,
                names,
                moves,
                code,
                chat,
                clock,
            } => {
                let game_name = setup.game.menu_name();
                let screen = self.online_board(id, *setup, mine, names.clone(), &moves);
                self.saved_generation = Some(screen.generation());
                self.slot = None;
                self.game_saved = false;
                self.help = None;
                self.leaving = None;
                self.forgetting = crate::tui::leave::Forgetting::NotAsked;
                self.leaving_online = false;
                self.transcript = false;
                self.screen = Screen::Game(screen);
                self.local_clock = None;
                let mut online = OnlineMatch::new(id, mine, names, moves.len());
                online.chat = chat;
                online.code = code.clone();
                online.set_clock(clock, self.time.now_ms());
                self.online = Some(online);
                if let (Some(code), Some(online)) = (code, &self.online) {
                    self.flash = Some(format!(
                        "Your seat code: {code}. If your connection drops, it takes your seat back."
                    ));
                    self.held_seats.retain(|s| s.id != id);
                    self.held_seats.push(HeldSeat {
                        id,
                        what: format!("of {game_name} with {}", online.opponent()),
                        code,
                    });
                }
            }
            OnlineEvent::Moved { id, mv, clock } => {
                let (Some(online), Screen::Game(game)) = (&mut self.online, &mut self.screen)
                else {
                    return false;
                };
                if online.id != id {
                    return false;
                }
                // A move answers what was asked (a draw, a takeback): no.
                online.asked_of_me = None;
                if let Some(what) = online.asked_by_me.take() {
                    self.flash = Some(format!(
                        "{} played on: no to {}.",
                        online.opponent(),
                        what.what()
                    ));
                }
                online.set_clock(clock, self.time.now_ms());
                match game.play_text(&mv) {
                    Ok(()) => online.known += 1,
                    Err(why) => {
                        tracing::warn!("the server's move {mv} refused here: {why}");
                        self.flash = Some(format!("The other player's move {mv}: {why}"));
                    }
                }
            }
            OnlineEvent::Reset { id, moves, clock } => {
                self.on_takeback(id, moves);
                let now = self.time.now_ms();
                if let Some(online) = self.online.as_mut().filter(|o| o.id == id) {
                    online.set_clock(clock, now);
                }
            }
            OnlineEvent::Left { id, who } => {
                if let Some(online) = &mut self.online
                    && online.id == id
                {
                    online.abandoned = true;
                    online.asked_of_me = None;
                    online.asked_by_me = None;
                    self.leaving_online = false;
                    self.flash = Some(format!("{who} left the match. Esc goes back to the lobby."));
                }
            }
            OnlineEvent::Away { id, who } => {
                let now = self.time.now_ms();
                if let Some(online) = self.online.as_mut().filter(|o| o.id == id) {
                    online.other_away = true;
                    online.away_at = Some(now);
                    online.claim_told = false;
                    self.flash = Some(format!(
                        "{who} lost the connection: the match waits for them (Esc leaves it \
                         waiting for you both)."
                    ));
                }
            }
            OnlineEvent::Back { id, who, clock } => {
                let now = self.time.now_ms();
                if let Some(online) = self.online.as_mut().filter(|o| o.id == id) {
                    online.other_away = false;
                    online.away_at = None;
                    online.set_clock(clock, now);
                    self.flash = Some(format!("{who} is back."));
                }
            }
            OnlineEvent::Proposed { id, who, what } => self.on_proposed(id, who, what),
            OnlineEvent::Declined { id, who, what } => self.on_declined(id, &who, what),
            OnlineEvent::Ended { id, ending } => self.on_ended(id, ending),
            OnlineEvent::Chat { id, line } => self.on_chat(id, line),
            OnlineEvent::Refused { why } => {
                // What this player asked was not put to the other.
                if let Some(online) = &mut self.online {
                    online.asked_by_me = None;
                }
                if matches!(self.screen, Screen::Lobby(_)) {
                    self.refresh_lobby(Some(&why));
                } else {
                    self.flash = Some(why);
                }
            }
        }
        true
    }

    /// A takeback both agreed to: the board goes back to the start and replays `moves`.
    fn on_takeback(&mut self, id: u64, moves: Vec<String>) {
        let (Some(online), Screen::Game(game)) = (&self.online, &self.screen) else {
            return;
        };
        if online.id != id {
            return;
        }
        let (setup, mine, names) = (game.setup().clone(), online.mine, online.names.clone());
        let before = online.known;
        let screen = self.online_board(id, setup, mine, names, &moves);
        self.saved_generation = Some(screen.generation());
        self.screen = Screen::Game(screen);
        if let Some(online) = &mut self.online {
            online.known = moves.len();
            online.asked_by_me = None;
            online.asked_of_me = None;
        }
        let undone = before.saturating_sub(moves.len());
        self.flash = Some(match undone {
            1 => "Taken back: 1 move.".to_string(),
            n => format!("Taken back: {n} moves."),
        });
    }

    /// Sends the moves made at this terminal since the server last heard.
    pub(super) fn send_own_moves(&mut self) {
        let (Some(online), Screen::Game(game), Some(lobby)) =
            (&mut self.online, &self.screen, &self.lobby)
        else {
            return;
        };
        if online.abandoned || online.watching || online.ended.is_some() {
            return;
        }
        let Some(record) = game.record() else {
            return;
        };
        if record.moves.len() > online.known {
            // One's own move answers what the other asked.
            online.asked_of_me = None;
            online.asked_by_me = None;
        }
        let now = self.time.now_ms();
        let before = online.known;
        for mv in record.moves.iter().skip(online.known) {
            lobby.play(online.id, mv);
            // The other side's clock runs from here; the server's word comes with
            // their reply.
            if let Some(clock) = &mut online.clock {
                let _ = clock.moved(now);
            }
        }
        online.known = online.known.max(record.moves.len());
        // The move that starts the clocks (each side's first made): the server starts
        // the other side's, as this copy does (no word of it comes to the mover).
        if before < crate::tui::online::CLOCK_AFTER
            && online.known >= crate::tui::online::CLOCK_AFTER
            && let (Some(clock), Some(mine)) = (&mut online.clock, online.mine)
            && clock.running().is_none()
        {
            clock.start(1 - mine.index(), now);
        }
    }

    /// Whether a match online is on screen and still being played.
    pub(super) fn online_in_progress(&self) -> bool {
        matches!((&self.online, &self.screen), (Some(o), Screen::Game(g)) if !o.over(g.as_ref()) && !o.watching)
    }

    /// The player leaves a match in progress (said yes): the other player is told.
    pub(super) fn leave_online(&mut self) {
        let mut kept = None;
        if let (Some(online), Some(lobby)) = (self.online.take(), &self.lobby) {
            kept = online.other_away.then_some(online.id);
            lobby.leave(online.id);
        }
        self.open_lobby();
        if let Some(id) = kept {
            let notice = match self.held_seats.iter().find(|s| s.id == id) {
                Some(seat) => format!(
                    "The match waits for you both: take your seat back here with your seat \
                     code {}.",
                    seat.code
                ),
                None => "The match waits for you both: take your seat back here when you like."
                    .to_string(),
            };
            self.refresh_lobby(Some(&notice));
        }
    }

    /// The player said w to the question before leaving: the win, if the other has
    /// been away long enough.
    pub(super) fn claim_abandoned(&mut self) {
        let now = self.time.now_ms();
        if let (Some(online), Some(lobby)) = (&self.online, &self.lobby)
            && online.may_claim(now)
        {
            lobby.claim_abandoned(online.id);
        }
    }

    /// Whom this player may claim the win from (away too long), if anyone.
    pub(super) fn claimable(&self) -> Option<String> {
        let now = self.time.now_ms();
        self.online
            .as_ref()
            .filter(|o| o.may_claim(now))
            .map(|o| o.names[o.mine.map_or(0, |m| 1 - m.index())].clone())
    }

    /// What a player leaving the server should take with them: for each match they
    /// sat at here that still waits for them, its seat code.
    pub fn goodbye_lines(&self) -> Vec<String> {
        let Some(lobby) = &self.lobby else {
            return Vec::new();
        };
        self.held_seats
            .iter()
            .filter(|seat| lobby.in_progress(seat.id))
            .map(|seat| {
                format!(
                    "Your match {} waits for you: take your seat back with the seat code {}.",
                    seat.what, seat.code
                )
            })
            .collect()
    }

    /// The seat code of the match on screen, if taking the seat back needs one.
    pub(super) fn seat_code(&self) -> Option<&str> {
        let id = self.online.as_ref()?.id;
        self.held_seats
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.code.as_str())
    }
}

/// Where a player's last offer of `game` online is remembered, beside their setups at
/// one keyboard (an offer's first mover and options are not those of a game at home).
fn offer_key(game: GameId) -> String {
    format!("{}@online", game.cli_name())
}

/// A seat taken in a match online that needs its code to be taken back.
#[derive(Clone, Debug)]
pub struct HeldSeat {
    pub id: u64,
    /// "of Nim with bob".
    pub what: String,
    pub code: String,
}

/// What the menu says beside "Play online": a match that waits for this player, or
/// offers that wait for anyone (`None`: nothing waits).
pub(super) fn lobby_news(view: &crate::tui::online::LobbyView) -> Option<String> {
    let theirs: Vec<_> = view.offers.iter().filter(|o| !o.mine).collect();
    if let Some(mine) = view.resumable.first() {
        return Some(format!("your match {} waits for you", mine.summary));
    }
    match theirs.as_slice() {
        [] => None,
        [one] => Some(format!("{} offers {}", one.from, one.summary)),
        many => Some(format!("{} offers wait for a player", many.len())),
    }
}
