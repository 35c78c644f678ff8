//! A match online on screen, from this terminal's side: what the keys do there (a
//! takeback, a draw or a rematch asked of the other player, resigning, the chat, no
//! hints and no AI), what the other player asked and this one answers, and the
//! "Match" panel that says it all in place of the prediction.

use ratatui::text::Line;

use super::{App, Screen};
use crate::clock::Clock;
use crate::game::Seat;
use crate::plugin::screen::GameScreen;
use crate::tui::online::{ChatLine, ClockState, Ending, Proposal};
use crate::ui::keys::{Action, OnlineFooter};
use crate::ui::theme::Theme;

/// The longest line one may type in the chat (the server cuts longer ones too).
const TYPED_MAX: usize = 200;

/// Chat lines the panel shows, the latest first.
const CHAT_SHOWN: usize = 3;

/// The characters of a chat line the panel shows (two of its rows, about).
const CHAT_LINE_SHOWN: usize = 56;

/// The match online on screen.
#[derive(Clone, Debug)]
pub(super) struct OnlineMatch {
    pub id: u64,
    /// How many of the record's moves the server knows (sent from here or received).
    pub known: usize,
    /// This terminal's seat (`None`: watching).
    pub mine: Option<Seat>,
    pub names: [String; 2],
    /// The other player left: the match stands where it was, no rematch.
    pub abandoned: bool,
    /// Watched, not played: Esc goes back to the lobby without asking.
    pub watching: bool,
    /// Ended by resignation or agreement (an end by the rules is the board's).
    pub ended: Option<Ending>,
    /// What the other player asked of this one: their name and what.
    pub asked_of_me: Option<(String, Proposal)>,
    /// What this player asked, waiting for the answer.
    pub asked_by_me: Option<Proposal>,
    pub chat: Vec<ChatLine>,
    /// A chat line being typed (the footer line shows it).
    pub typing: Option<String>,
    /// The code that takes this seat back after a dropped connection, if it needs one.
    pub code: Option<String>,
    /// The other player's connection dropped (until they are back).
    pub other_away: bool,
    /// Since when (this terminal's time) the other player has been away.
    pub away_at: Option<u64>,
    /// The screen has been redrawn since the win could be claimed.
    pub claim_told: bool,
    /// The clocks as this terminal runs them from the server's last word.
    pub clock: Option<Clock>,
    /// When this terminal last told the server that a flag fell (once a second at most).
    claimed_at: Option<u64>,
}

impl OnlineMatch {
    pub fn new(id: u64, mine: Option<Seat>, names: [String; 2], known: usize) -> OnlineMatch {
        OnlineMatch {
            id,
            known,
            mine,
            names,
            abandoned: false,
            watching: mine.is_none(),
            ended: None,
            asked_of_me: None,
            asked_by_me: None,
            chat: Vec::new(),
            typing: None,
            code: None,
            other_away: false,
            away_at: None,
            claim_told: false,
            clock: None,
            claimed_at: None,
        }
    }

    /// Whether this player may claim the win: the other has been away long enough
    /// (the server checks again).
    pub fn may_claim(&self, now: u64) -> bool {
        self.other_away
            && !self.watching
            && self.ended.is_none()
            && self
                .away_at
                .is_some_and(|t| now.saturating_sub(t) >= crate::tui::online::ABANDON_AFTER_MS)
    }

    /// The server's clocks, run on here from `now`.
    pub fn set_clock(&mut self, state: Option<ClockState>, now: u64) {
        self.clock = state.map(|s| Clock::from_parts(s.control, s.left, s.running, now));
    }

    /// The clocks for the title row (see [`crate::clock::ClockLine`]).
    pub fn clock_line(&self, now: u64) -> Option<crate::clock::ClockLine> {
        let clock = self.clock.as_ref()?;
        let running = clock
            .running()
            .filter(|_| self.ended.is_none() && !self.abandoned);
        Some(crate::clock::ClockLine {
            names: self.names.clone(),
            left: clock.both(now),
            running,
        })
    }

    /// Whether this terminal should tell the server that the side to move is out of
    /// time (it is by this terminal's clock, and was not said in the last second).
    pub fn should_claim(&mut self, now: u64) -> bool {
        let Some(clock) = &self.clock else {
            return false;
        };
        if self.ended.is_some() || self.abandoned || clock.flagged(now).is_none() {
            return false;
        }
        if self.claimed_at.is_some_and(|at| now < at + 1000) {
            return false;
        }
        self.claimed_at = Some(now);
        true
    }

    /// Whether the match is over: by the rules (`game`), resignation, agreement, or
    /// the other player leaving.
    pub fn over(&self, game: &dyn GameScreen) -> bool {
        game.is_over() || self.ended.is_some() || self.abandoned
    }

    /// The other player's name (watching: the second player's).
    pub(super) fn opponent(&self) -> &str {
        match self.mine {
            Some(seat) => &self.names[1 - seat.index()],
            None => &self.names[1],
        }
    }

    /// What the footers show for this match now.
    pub fn footer(&self, game: &dyn GameScreen) -> OnlineFooter {
        OnlineFooter {
            draws: game.setup().game.kind().has_draws(),
            over: self.over(game),
            reviewable: game.is_over(),
            // The other player left (or is away): nothing to do but talk or go.
            watching: self.watching || self.abandoned || (self.other_away && self.ended.is_some()),
        }
    }

    /// The "Match" panel: what is asked, how it ended, the latest chat lines.
    pub fn notes(
        &self,
        theme: &Theme,
        keys: &crate::ui::keys::Keys,
        now: u64,
    ) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        // First, short: the code that takes the seat back after a dropped connection.
        if let Some(code) = self.code.as_ref().filter(|_| !self.watching) {
            lines.push(Line::styled(format!("Seat code {code}"), theme.muted()));
        }
        if self.clock.as_ref().is_some_and(|c| c.running().is_none())
            && self.known < 2
            && self.ended.is_none()
        {
            lines.push(Line::styled(
                "The clocks start after each side's first move.",
                theme.muted(),
            ));
        }
        if let Some((who, what)) = &self.asked_of_me {
            let key = match what {
                Proposal::Draw => Action::OfferDraw,
                Proposal::Takeback => Action::Undo,
                Proposal::Rematch => Action::Rematch,
            };
            lines.push(Line::styled(
                format!("{who} asks for {}.", what.what()),
                theme.accent(),
            ));
            lines.push(Line::styled(
                format!("y or {} accepts, n declines.", keys.key(key)),
                theme.accent(),
            ));
        }
        if let Some(what) = self.asked_by_me {
            lines.push(Line::styled(
                format!(
                    "You asked for {}: waiting for {}.",
                    what.what(),
                    self.opponent()
                ),
                theme.muted(),
            ));
        }
        if let Some(ending) = &self.ended {
            lines.push(Line::styled(self.ending_line(ending), theme.title()));
        }
        if self.abandoned {
            lines.push(Line::styled(
                format!("{} left: no rematch.", self.opponent()),
                theme.muted(),
            ));
        } else if self.may_claim(now) {
            lines.push(Line::styled(
                format!(
                    "{} has been away over a minute: {}, then w, claims the win.",
                    self.opponent(),
                    keys.key(Action::Back)
                ),
                theme.warning(),
            ));
        } else if self.other_away && self.ended.is_none() {
            lines.push(Line::styled(
                format!("{} is away: the match waits for them.", self.opponent()),
                theme.warning(),
            ));
        }
        let seen: Vec<&ChatLine> = self
            .chat
            .iter()
            .filter(|l| self.watching || !l.watching)
            .collect();
        if seen.is_empty() && lines.is_empty() {
            let to = if self.watching {
                "the other watchers (not the players)"
            } else {
                "the table"
            };
            lines.push(Line::styled(
                format!("{} says a line to {to}.", keys.key(Action::Chat)),
                theme.muted(),
            ));
        }
        // The latest first and whole (the panel wraps it), the older ones cut short: a
        // new line is always in view, and can be read to its end.
        for (i, line) in seen.iter().rev().take(CHAT_SHOWN).enumerate() {
            let most = if i == 0 { usize::MAX } else { CHAT_LINE_SHOWN };
            let text: String = line.text.chars().take(most).collect();
            let cut = if line.text.chars().count() > most {
                "…"
            } else {
                ""
            };
            lines.push(Line::raw(format!("{}: {text}{cut}", line.from)));
        }
        lines
    }

    /// How a match that ended outside its rules ended, as a sentence ("A draw by
    /// agreement.", "bob resigned.").
    pub fn ending_sentence(&self) -> Option<String> {
        Some(format!("{}.", self.how(self.ended.as_ref()?)))
    }

    /// The headline and the reason of a match that ended outside its rules, for the
    /// game-over box.
    pub fn ending_box(&self) -> Option<(String, String)> {
        let ending = self.ended.as_ref()?;
        let headline = match (ending.winner, self.mine) {
            (None, _) => "A draw.".to_string(),
            (Some(w), Some(me)) if w == me => "You win!".to_string(),
            (Some(w), Some(_)) => format!("{} wins.", self.names[w.index()]),
            (Some(w), None) => format!("{} wins!", self.names[w.index()]),
        };
        let how = self.how(ending);
        // "A draw." over "A draw by agreement." says it twice: "By agreement."
        let how = match how.strip_prefix("A draw ") {
            Some(rest) if ending.winner.is_none() => {
                let mut rest = rest.to_string();
                if let Some(first) = rest.get_mut(0..1) {
                    first.make_ascii_uppercase();
                }
                rest
            }
            _ => how,
        };
        Some((headline, format!("{how}.")))
    }

    /// How it ended, from this player's side: "You resigned", "bob ran out of time".
    fn how(&self, ending: &Ending) -> String {
        let mut how = ending.how.clone();
        if let Some(me) = self.mine {
            let name = &self.names[me.index()];
            if let Some(rest) = how.strip_prefix(&format!("{name} ")) {
                how = format!("You {rest}");
            }
        }
        // A sentence starts with a capital, but a name is written as its player wrote it.
        let named = self.names.iter().any(|n| how.starts_with(&format!("{n} ")));
        if !named && let Some(first) = how.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        how
    }

    /// "bob resigned: you win.", "A draw by agreement."
    fn ending_line(&self, ending: &Ending) -> String {
        let result = match (ending.winner, self.mine) {
            (None, _) => "a draw".to_string(),
            (Some(w), Some(me)) if w == me => "you win".to_string(),
            (Some(_), Some(_)) => "you lose".to_string(),
            (Some(w), None) => format!("{} wins", self.names[w.index()]),
        };
        let how = self.how(ending);
        if ending.winner.is_none() {
            return format!("{how}.");
        }
        format!("{how}: {result}.")
    }
}

impl App {
    /// Lets the game on screen show the match online as it stands (before a frame).
    pub(super) fn show_online(&mut self) {
        let now = self.time.now_ms();
        let (Some(online), Screen::Game(game)) = (&mut self.online, &mut self.screen) else {
            self.keys.set_online(None);
            return;
        };
        // A game the rules ended stops the clocks here too (the server's stopped).
        if online.over(game.as_ref())
            && let Some(clock) = &mut online.clock
        {
            clock.stop(now);
        }
        self.keys.set_online(Some(online.footer(game.as_ref())));
        game.set_match_notes(Some(online.notes(&self.theme, &self.keys, now)));
    }

    /// The other player asks for `what`.
    pub(super) fn on_proposed(&mut self, id: u64, who: String, what: Proposal) {
        let Some(online) = self.online.as_mut().filter(|o| o.id == id) else {
            return;
        };
        if online.watching {
            self.flash = Some(format!("{who} asks for {}.", what.what()));
            return;
        }
        self.flash = Some(format!(
            "{who} asks for {}: y accepts, n declines.",
            what.what()
        ));
        online.asked_of_me = Some((who, what));
    }

    /// The other player said no to what this one asked.
    pub(super) fn on_declined(&mut self, id: u64, who: &str, what: Proposal) {
        let Some(online) = self.online.as_mut().filter(|o| o.id == id) else {
            return;
        };
        if online.watching {
            return;
        }
        online.asked_by_me = None;
        self.flash = Some(format!("{who} declined {}.", what.what()));
    }

    /// The match ended by resignation or agreement.
    pub(super) fn on_ended(&mut self, id: u64, ending: Ending) {
        let Some(online) = self.online.as_mut().filter(|o| o.id == id) else {
            return;
        };
        online.asked_by_me = None;
        online.asked_of_me = None;
        let now = self.time.now_ms();
        if let Some(clock) = &mut online.clock {
            clock.stop(now);
        }
        let line = online.ending_line(&ending);
        online.ended = Some(ending);
        self.held_seats.retain(|s| s.id != id);
        self.leaving_online = false;
        self.flash = Some(line);
    }

    pub(super) fn on_chat(&mut self, id: u64, line: ChatLine) {
        let Some(online) = self.online.as_mut().filter(|o| o.id == id) else {
            return;
        };
        online.chat.push(line);
        let excess = online.chat.len().saturating_sub(50);
        online.chat.drain(..excess);
    }

    /// Whether a chat line is being typed: every key goes to it.
    pub(super) fn typing_chat(&self) -> bool {
        self.online.as_ref().is_some_and(|o| o.typing.is_some())
    }

    /// A key while typing a chat line: characters are typed, Enter says the line,
    /// Esc drops it.
    pub(super) fn on_chat_key(&mut self, action: Action) {
        let (Some(online), Some(lobby)) = (self.online.as_mut(), &self.lobby) else {
            return;
        };
        let Some(text) = online.typing.as_mut() else {
            return;
        };
        match action {
            Action::Char(c) if text.chars().count() < TYPED_MAX => text.push(c),
            Action::Digit(d) if text.chars().count() < TYPED_MAX => {
                text.push(char::from(b'0' + d));
            }
            Action::Backspace => {
                text.pop();
            }
            Action::Enter => {
                let line = online.typing.take().unwrap_or_default();
                if !line.trim().is_empty() {
                    lobby.chat(online.id, &line);
                }
            }
            Action::Back => online.typing = None,
            _ => {}
        }
    }

    /// A key in a match online that works differently there: true when handled.
    pub(super) fn online_game_action(&mut self, action: Action) -> bool {
        let (Some(online), Screen::Game(game), Some(lobby)) =
            (&mut self.online, &self.screen, &self.lobby)
        else {
            return false;
        };
        let over = online.over(game.as_ref());
        let id = online.id;
        let reveals = match action {
            Action::Own(name) => game.setup().game.kind().revealing_keys().contains(&name),
            _ => false,
        };
        if reveals {
            self.flash = Some("Not in a match online: it is you against them.".into());
            return true;
        }
        // An answer to what the other player asked.
        if online.asked_of_me.is_some() {
            let yes = match action {
                Action::Char('y') => Some(true),
                Action::Char('n') | Action::NewGame => Some(false),
                _ => None,
            };
            if let Some(yes) = yes {
                online.asked_of_me = None;
                lobby.answer(id, yes);
                return true;
            }
        }
        let ask = |online: &mut OnlineMatch, what: Proposal| {
            online.asked_by_me = Some(what);
            // Asking back what the other asked is accepting it.
            if online.asked_of_me.as_ref().is_some_and(|(_, w)| *w == what) {
                online.asked_of_me = None;
                online.asked_by_me = None;
            }
            lobby.propose(id, what);
        };
        match action {
            Action::Chat => {
                online.typing = Some(String::new());
                true
            }
            Action::Transcript | Action::Help => false,
            // Enter at the end puts the game-over box away and brings it back: the
            // game's own box when the rules ended it, the shell's otherwise.
            Action::Enter if over && game.is_over() => false,
            Action::Enter if over => {
                self.ending_box_hidden = !self.ending_box_hidden;
                true
            }
            _ if online.watching => {
                match action {
                    Action::Back | Action::NewGame => {
                        lobby.leave(id);
                        self.open_lobby();
                    }
                    Action::Quit => self.quit = true,
                    Action::Review if game.is_over() => return false,
                    _ => {}
                }
                true
            }
            Action::Undo | Action::Redo if !over => {
                ask(online, Proposal::Takeback);
                self.flash = Some(format!(
                    "Takeback asked: {} says yes or no.",
                    online.opponent()
                ));
                true
            }
            Action::OfferDraw if !over => {
                if game.setup().game.kind().has_draws() {
                    ask(online, Proposal::Draw);
                } else {
                    self.flash = Some("This game has no draws: play it out, or resign.".into());
                }
                true
            }
            Action::Resign if !over => {
                self.resigning = true;
                true
            }
            Action::Rematch if over => {
                if online.abandoned || online.other_away {
                    self.flash = Some(format!("{} left: no rematch.", online.opponent()));
                } else {
                    ask(online, Proposal::Rematch);
                    self.flash = Some(format!(
                        "Rematch asked: it starts when {} asks too.",
                        online.opponent()
                    ));
                }
                true
            }
            // The review needs a game played to its end by the rules.
            Action::Review if game.is_over() => false,
            Action::Hints | Action::Spoilers | Action::MoveNow | Action::Pause => {
                self.flash =
                    Some("No hints or AI in a match online: it is you against them.".into());
                true
            }
            Action::Back | Action::NewGame if over => {
                lobby.leave(id);
                self.online = None;
                self.open_lobby();
                true
            }
            Action::Quit if over => {
                self.quit = true;
                true
            }
            Action::Back | Action::NewGame | Action::Quit => {
                self.leaving_online = true;
                true
            }
            Action::Undo
            | Action::Redo
            | Action::OfferDraw
            | Action::Resign
            | Action::Review
            | Action::Rematch => {
                self.flash = Some(if over {
                    "The match is over: r asks for a rematch, Esc goes to the lobby.".into()
                } else {
                    "The match is still on.".into()
                });
                true
            }
            // The cursor may still wander over a finished board.
            Action::Up | Action::Down | Action::Left | Action::Right => false,
            // A finished match takes no more moves.
            _ if over => {
                self.flash =
                    Some("The match is over: r asks for a rematch, Esc goes to the lobby.".into());
                true
            }
            _ => false,
        }
    }

    /// A tick in a match online: a clock that reads zero tells the server. Whether the
    /// clocks run (the screen needs drawing).
    pub(super) fn online_tick(&mut self) -> bool {
        let now = self.time.now_ms();
        let (Some(online), Some(lobby)) = (self.online.as_mut(), &self.lobby) else {
            return false;
        };
        if online.should_claim(now) {
            lobby.claim_time(online.id);
        }
        // The moment the win may be claimed, the Match panel says so.
        let claim_now = online.may_claim(now) && !online.claim_told;
        online.claim_told |= claim_now;
        claim_now
            || online.clock.as_ref().is_some_and(|c| c.running().is_some())
                && online.ended.is_none()
    }

    /// The player said yes to resigning.
    pub(super) fn resign_online(&mut self) {
        if let (Some(online), Some(lobby)) = (&self.online, &self.lobby) {
            lobby.resign(online.id);
        }
    }
}
