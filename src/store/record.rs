//! A match written down: enough to put it back on the board exactly (the saved game
//! in progress) and to count and review it later (the history). Plain data in the
//! games' own notation; `games/` and `tui/` turn it into a screen and back.

use serde::{Deserialize, Serialize};

use crate::game::{Outcome, Seat};
use crate::matchup::Difficulty;
use crate::matchup::{FirstMover, Mode};

/// Who sat in a seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The name shown on screen ("You", "AI", "Player 1", ...).
    pub name: String,
    /// `None` for a person, else the AI's difficulty.
    pub ai: Option<Difficulty>,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ResultRecord {
    First,
    Second,
    Draw,
}

impl From<Outcome> for ResultRecord {
    fn from(outcome: Outcome) -> Self {
        match outcome {
            Outcome::Win(Seat::First) => ResultRecord::First,
            Outcome::Win(Seat::Second) => ResultRecord::Second,
            Outcome::Draw => ResultRecord::Draw,
        }
    }
}

/// A match, in progress or finished.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchRecord {
    /// The game's command-line name.
    pub game: String,
    /// The game's own setup options, as that game writes them.
    pub options: serde_json::Value,
    pub mode: Mode,
    pub first: FirstMover,
    pub difficulty: Difficulty,
    /// What the AI's strength is called in this game (a difficulty, or Othello's level).
    pub level: String,
    /// The position the setup asked to start from, if any (else the game's own start).
    #[serde(default)]
    pub from_position: Option<String>,
    /// The start of this match, in the game's position notation.
    pub start: String,
    /// First mover's seat, then the second's.
    pub seats: [SeatRecord; 2],
    /// Every move, in the game's move notation.
    pub moves: Vec<String>,
    /// Indices of the moves marked as throwing away a win: into `moves`, then past its
    /// end into `redo` (`moves.len() + j` for `redo[j]`; older saves have none there).
    #[serde(default)]
    pub mistakes: Vec<usize>,
    /// Moves taken back by undo, the next to redo first.
    #[serde(default)]
    pub redo: Vec<String>,
    /// The seed of the match's random choices.
    pub seed: u64,
    /// When the match started and when this record was written (RFC 3339, UTC).
    pub started: String,
    pub saved: String,
    /// How it ended; `None` while in progress.
    #[serde(default)]
    pub result: Option<ResultRecord>,
    /// The first player's final margin, for games with a score (Othello's discs).
    #[serde(default)]
    pub first_margin: Option<i32>,
    /// The clocks, for a timed match: the control and the time each side had left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<crate::clock::ClockRecord>,
    /// Whether the hints were on when it was saved: a resumed match shows them as the
    /// player left them (`None`: a save from before, the config's `ui.hints`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hints: Option<bool>,
    /// How the match ended when not by its rules (a clock ran out, a resignation, an
    /// agreed draw, a player who left); `None`: by the rules, or not over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_by: Option<EndedBy>,
    /// How many of the first moves came with the start asked for (Othello's move list,
    /// played from the standard start): no one's choice at the board. 0: none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub given: usize,
    /// The help the person had against the AI (moves taken back, hints shown): such a
    /// game is not rated. Empty in saves from before it was kept.
    #[serde(default, skip_serializing_if = "Aids::none")]
    pub aids: Aids,
}

/// The help a person had in a game against the AI, kept with the game so that its
/// rating can leave it out (a rated game is one played unaided, as chess servers have
/// it: no takebacks, no engine).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aids {
    /// A move was taken back (undo) while the game was on.
    #[serde(default)]
    pub undo: bool,
    /// The hints (every move's value, the prediction's best move) were on while the
    /// game was on.
    #[serde(default)]
    pub hints: bool,
}

impl Aids {
    /// No help at all.
    pub fn none(&self) -> bool {
        !self.undo && !self.hints
    }

    /// Either's help counts: the two together.
    pub fn with(self, other: Aids) -> Aids {
        Aids {
            undo: self.undo || other.undo,
            hints: self.hints || other.hints,
        }
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// How a match ended outside its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EndedBy {
    /// The loser's clock ran out.
    Time,
    Resignation,
    /// Both players agreed to a draw.
    Agreement,
    /// The loser left the match.
    Leaving,
}

impl EndedBy {
    /// After "won": "on time", "by resignation".
    pub fn words(self) -> &'static str {
        match self {
            EndedBy::Time => "on time",
            EndedBy::Resignation => "by resignation",
            EndedBy::Agreement => "by agreement",
            EndedBy::Leaving => "the other player having left",
        }
    }
}

impl MatchRecord {
    /// The seat of the one person playing the AI, if this was such a match.
    pub fn human_seat(&self) -> Option<Seat> {
        if self.mode != Mode::VsAi {
            return None;
        }
        match (&self.seats[0].ai, &self.seats[1].ai) {
            (None, Some(_)) => Some(Seat::First),
            (Some(_), None) => Some(Seat::Second),
            _ => None,
        }
    }

    /// Whether `other` is this match again (a later record of it).
    pub fn same_match(&self, other: &MatchRecord) -> bool {
        // The start too: two matches begun in the same second with the same seed (the
        // tests' fixed seeds) are still two when they began from different positions.
        self.game == other.game
            && self.started == other.started
            && self.seed == other.seed
            && self.start == other.start
    }

    /// The date part of `saved` (`2026-11-23`).
    pub fn saved_date(&self) -> &str {
        self.saved.get(..10).unwrap_or(&self.saved)
    }

    /// When it was saved, to the second (`2026-11-23 10:02:07`), to tell apart two
    /// saves of the same minute.
    pub fn saved_second(&self) -> String {
        match (self.saved.get(..10), self.saved.get(11..19)) {
            (Some(date), Some(time)) => format!("{date} {time}"),
            _ => self.saved_minute(),
        }
    }

    /// `saved` to the minute, as people read it (`2026-11-23 10:02`, UTC).
    pub fn saved_minute(&self) -> String {
        match (self.saved.get(..10), self.saved.get(11..16)) {
            (Some(date), Some(time)) => format!("{date} {time}"),
            _ => self.saved_date().to_string(),
        }
    }
}

/// Now, as RFC 3339 in UTC (`2026-11-23T19:20:05Z`).
pub fn now() -> String {
    let now = time::OffsetDateTime::now_utc().replace_nanosecond(0);
    let now = now.unwrap_or_else(|_| time::OffsetDateTime::now_utc());
    now.format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default()
}

/// Records for the library's own tests (the statistics, the ratings): one builder.
#[cfg(test)]
pub(crate) mod test_records {
    use super::*;
    use crate::matchup::Difficulty;

    pub fn person() -> SeatRecord {
        SeatRecord {
            name: "You".into(),
            ai: None,
        }
    }

    pub fn ai() -> SeatRecord {
        SeatRecord {
            name: "AI".into(),
            ai: Some(Difficulty::Perfect),
        }
    }

    /// A finished game of `game` against the AI at `level`, the person moving first or
    /// second, ending in `result` (first/second/draw).
    pub fn vs_ai(game: &str, level: &str, person_first: bool, result: ResultRecord) -> MatchRecord {
        let seats = if person_first {
            [person(), ai()]
        } else {
            [ai(), person()]
        };
        MatchRecord {
            game: game.into(),
            options: serde_json::Value::Null,
            mode: Mode::VsAi,
            first: if person_first {
                FirstMover::You
            } else {
                FirstMover::Ai
            },
            difficulty: Difficulty::Perfect,
            level: level.into(),
            from_position: None,
            start: String::new(),
            seats,
            // Two moves: both sides moved (a shorter game is not rated).
            moves: vec!["1".into(), "2".into()],
            mistakes: Vec::new(),
            hints: None,
            redo: Vec::new(),
            seed: 0,
            started: "2026-01-01T00:00:00Z".into(),
            saved: "2026-01-01T00:10:00Z".into(),
            result: Some(result),
            first_margin: None,
            clock: None,
            ended_by: None,
            given: 0,
            aids: Default::default(),
        }
    }
}
