//! One match held by the server: its players by side, the rules that check every
//! move, the moves so far, who watches, what one player asked the other, its chat, and
//! how it ended. A finished match stays until a player leaves it or both start a
//! rematch.

use std::sync::Arc;

use crate::clock::{Clock, TimeSource};
use crate::game::{Outcome, Seat as Side};
use crate::plugin::GameSetup;
use crate::plugin::referee::Referee;
use crate::seeds::GameRng;
use crate::store::EndedBy;
use crate::tui::online::{CLOCK_AFTER, ChatLine, ClockState, Ending, OnlineEvent, Proposal};

/// Whose a seat is: a player who joined with a key owns it by that key; anyone else by
/// the seat code shown when the match began (a name alone never takes a seat).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Owner {
    Key(String),
    Code(String),
}

/// Chat lines a match keeps (and shows a player who comes back).
const CHAT_KEPT: usize = 50;

pub(super) struct Table {
    pub sides: [u64; 2],
    pub names: [String; 2],
    pub game: String,
    /// The setup as it was offered: a rematch draws a random start anew from it.
    pub offered: GameSetup,
    /// The setup both started from (its start position fixed).
    pub setup: GameSetup,
    pub referee: Box<dyn Referee>,
    pub moves: Vec<String>,
    pub watchers: Vec<u64>,
    pub owners: [Owner; 2],
    /// A side whose connection dropped: the match waits for its owner.
    pub away: [bool; 2],
    /// Since when each side has been away (the lobby's time), while it is.
    pub away_since: [Option<u64>; 2],
    /// Wrong seat codes tried for each side since its last right one, from any
    /// connection, and when the last was.
    pub wrong_codes: [(u32, u64); 2],
    /// What one side (by index) asked the other, waiting for the answer.
    pub asked: Option<(usize, Proposal)>,
    pub chat: Vec<ChatLine>,
    /// How it ended, once it has (by the rules, resignation, agreement or time).
    pub ended: Option<Ending>,
    /// Each side's clock, if the match is timed: the side to move's runs.
    pub clock: Option<Clock>,
    pub time: Arc<dyn TimeSource>,
    /// When it began (RFC 3339), for the history.
    pub started: String,
    /// Already in the server's history (its end was written).
    pub archived: bool,
}

impl Table {
    pub fn new(
        offered: GameSetup,
        setup: GameSetup,
        referee: Box<dyn Referee>,
        sides: [u64; 2],
        names: [String; 2],
        owners: [Owner; 2],
        time: Arc<dyn TimeSource>,
    ) -> Table {
        // As on Lichess, the clocks start once each side has made its first move: no one
        // loses time to finding the board or reading the match's settings.
        let clock = setup.matchup.clock.map(Clock::new);
        Table {
            sides,
            names,
            game: setup.game.menu_name().to_string(),
            offered,
            setup,
            referee,
            moves: Vec::new(),
            watchers: Vec::new(),
            owners,
            away: [false; 2],
            away_since: [None; 2],
            wrong_codes: [(0, 0); 2],
            asked: None,
            chat: Vec::new(),
            ended: None,
            clock,
            time,
            started: crate::store::record::now(),
            archived: false,
        }
    }

    /// The clocks now, for the players' screens.
    pub fn clock_state(&self) -> Option<ClockState> {
        let now = self.time.now_ms();
        self.clock.as_ref().map(|c| ClockState {
            control: c.control,
            left: c.both(now),
            running: c.running(),
        })
    }

    /// Ends the match if the side to move has run out of time: the ending, if so.
    pub fn check_flag(&mut self) -> Option<Ending> {
        if self.is_over() {
            return None;
        }
        let side = self.clock.as_ref()?.flagged(self.time.now_ms())?;
        let who = self.names[side].clone();
        Some(self.end(
            Some(Side::ALL[1 - side]),
            format!("{who} ran out of time"),
            Some(EndedBy::Time),
        ))
    }

    pub fn is_over(&self) -> bool {
        self.ended.is_some()
    }

    /// The side `member` plays, if any.
    pub fn side_of(&self, member: u64) -> Option<usize> {
        self.sides.iter().position(|&s| s == member)
    }

    /// The other side and the watchers: who hears what `side` did.
    pub fn others(&self, side: usize) -> Vec<u64> {
        std::iter::once(self.sides[1 - side])
            .chain(self.watchers.iter().copied())
            .collect()
    }

    /// Both sides and the watchers.
    pub fn everyone(&self) -> Vec<u64> {
        self.sides
            .iter()
            .chain(self.watchers.iter())
            .copied()
            .collect()
    }

    /// The news that the match is on, for a player of `mine` (`None`: watching): the
    /// setup, the names, the moves so far, the seat code, the chat that one may see.
    pub fn started(&self, id: u64, mine: Option<Side>) -> OnlineEvent {
        let code = mine.and_then(|side| match &self.owners[side.index()] {
            Owner::Code(c) => Some(c.clone()),
            Owner::Key(_) => None,
        });
        OnlineEvent::Started {
            id,
            setup: Box::new(self.setup.clone()),
            mine,
            names: self.names.clone(),
            moves: self.moves.clone(),
            code,
            chat: self
                .chat
                .iter()
                .filter(|line| mine.is_none() || !line.watching)
                .cloned()
                .collect(),
            clock: self.clock_state(),
        }
    }

    /// Plays `mv` for `side`, checked by the rules; an ending by the rules is noted.
    pub fn play(&mut self, side: usize, mv: &str) -> Result<(), String> {
        if self.is_over() {
            return Err("the match is over".into());
        }
        if self.referee.to_move().index() != side {
            return Err("not your turn".into());
        }
        self.referee.play(mv)?;
        self.moves.push(mv.to_string());
        let now = self.time.now_ms();
        let to_move = self.referee.to_move().index();
        if let Some(clock) = &mut self.clock {
            if self.moves.len() == CLOCK_AFTER {
                clock.start(to_move, now);
            } else {
                // The flag was checked before the move (`check_flag`).
                let _ = clock.moved(now);
            }
        }
        // A move answers a question left open (a draw offered, a takeback asked).
        self.asked = None;
        if let Some(outcome) = self.referee.outcome() {
            let winner = match outcome {
                Outcome::Win(seat) => Some(seat),
                Outcome::Draw => None,
            };
            self.end(winner, "played to the end".into(), None);
        }
        Ok(())
    }

    /// How many moves stay when `side` takes back its last move (and the replies made
    /// since). `None`: `side` has not moved yet.
    pub fn takeback_keeps(&self, side: usize) -> Option<usize> {
        let mut replay = self.fresh_referee().ok()?;
        let mut last = None;
        for (i, mv) in self.moves.iter().enumerate() {
            if replay.to_move().index() == side {
                last = Some(i);
            }
            replay.play(mv).ok()?;
        }
        last
    }

    /// Keeps the first `keep` moves, the rules replaying them from the start.
    pub fn take_back(&mut self, keep: usize) -> Result<(), String> {
        let mut referee = self.fresh_referee()?;
        for mv in &self.moves[..keep.min(self.moves.len())] {
            referee.play(mv)?;
        }
        let to_move = referee.to_move().index();
        self.referee = referee;
        self.moves.truncate(keep);
        self.asked = None;
        // The times stand as they are; the side to move now has the running clock.
        let now = self.time.now_ms();
        let started = self.clock_started();
        if let Some(clock) = &mut self.clock {
            if started {
                clock.start(to_move, now);
            } else {
                clock.stop(now);
            }
        }
        Ok(())
    }

    /// `side` goes away (its connection dropped, or it left the match waiting).
    pub fn step_away(&mut self, side: usize) {
        self.away[side] = true;
        self.away_since[side] = Some(self.time.now_ms());
    }

    /// `side` is back at the match.
    pub fn come_back(&mut self, side: usize) {
        self.away[side] = false;
        self.away_since[side] = None;
    }

    /// Whether the other side of `side` has been away long enough for `side` to claim
    /// the win (a match no one can finish is no match).
    pub fn abandoned_by_other(&self, side: usize) -> bool {
        let other = 1 - side;
        !self.is_over()
            && !self.away[side]
            && self.away_since[other].is_some_and(|t| {
                self.time.now_ms().saturating_sub(t) >= crate::tui::online::ABANDON_AFTER_MS
            })
    }

    /// How many seconds before the next seat code may be tried for `side`: each wrong
    /// code doubles the wait (from 1 s after the third, at most ten minutes), so no
    /// one guesses a six-digit code by reconnecting. `None`: try now.
    pub fn code_wait(&self, side: usize) -> Option<u64> {
        let (wrong, at) = self.wrong_codes[side];
        if wrong < 3 {
            return None;
        }
        let wait_ms = (1000u64 << (wrong - 3).min(20)).min(600_000);
        let ready = at.saturating_add(wait_ms);
        let now = self.time.now_ms();
        (now < ready).then(|| (ready - now).div_ceil(1000))
    }

    /// A seat code tried for `side`: right (the count starts again) or wrong.
    pub fn code_tried(&mut self, side: usize, right: bool) {
        self.wrong_codes[side] = if right {
            (0, 0)
        } else {
            (self.wrong_codes[side].0 + 1, self.time.now_ms())
        };
    }

    /// Whether the clocks run in this match now: each side has made its first move.
    pub fn clock_started(&self) -> bool {
        self.moves.len() >= CLOCK_AFTER
    }

    /// The rules at the match's start (its start is fixed: no draw is made).
    fn fresh_referee(&self) -> Result<Box<dyn Referee>, String> {
        let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(0);
        self.setup.game.kind().referee(&self.setup, &mut rng)
    }

    pub fn end(&mut self, winner: Option<Side>, how: String, by: Option<EndedBy>) -> Ending {
        let ending = Ending { winner, how, by };
        self.ended = Some(ending.clone());
        self.asked = None;
        let now = self.time.now_ms();
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
        ending
    }

    pub fn say(&mut self, line: ChatLine) {
        self.chat.push(line);
        if self.chat.len() > CHAT_KEPT {
            self.chat.remove(0);
        }
    }
}
