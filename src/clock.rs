//! Chess clocks: a time control (each side's starting time and what each move adds)
//! and the two clocks of a match. Time is read through [`TimeSource`], so a test can
//! make a flag fall by moving a hand-driven clock, without waiting.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Each side's starting time and what each move adds: "5+3" is five minutes a side
/// and three seconds more after every move. Written in files as that text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
}

/// The controls a setup offers, in order.
pub const CONTROLS: [TimeControl; 7] = [
    TimeControl::new(30_000, 0),
    TimeControl::new(60_000, 0),
    TimeControl::new(180_000, 2_000),
    TimeControl::new(300_000, 3_000),
    TimeControl::new(600_000, 5_000),
    TimeControl::new(900_000, 10_000),
    TimeControl::new(1_800_000, 0),
];

impl TimeControl {
    pub const fn new(base_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl {
            base_ms,
            increment_ms,
        }
    }

    /// In short words: "5 min a side, +3 s a move".
    pub fn words(&self) -> String {
        let base = if self.base_ms.is_multiple_of(60_000) {
            format!("{} min", self.base_ms / 60_000)
        } else {
            format!("{} s", self.base_ms / 1000)
        };
        format!("{base} a side, +{} s a move", self.increment_ms / 1000)
    }
}

/// "5+3": minutes (or "30s" under a minute), then the increment in seconds.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = if self.base_ms.is_multiple_of(60_000) {
            format!("{}", self.base_ms / 60_000)
        } else {
            format!("{}s", self.base_ms / 1000)
        };
        write!(f, "{base}+{}", self.increment_ms / 1000)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a time control: {why}")]
pub struct BadTimeControl {
    pub text: String,
    pub why: Why,
}

/// What is wrong with a time control's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Why {
    #[error(
        "expected minutes+seconds, e.g. 5+3 (five minutes a side, three seconds added a move), or 30s+0"
    )]
    Shape,
    #[error(
        "a side's time must be more than 0 and at most a day (1440 minutes), e.g. 5+3 or 30s+0"
    )]
    Base,
    #[error("the seconds added a move must be a whole number from 0 to 600, e.g. 5+3")]
    Increment,
}

/// "Your time ran out.", "The AI's time ran out.", "Ann's time ran out.": the one
/// sentence for a flag fall, on the game-over box and in the review.
pub fn time_ran_out(loser: &str) -> String {
    match loser {
        "You" => "Your time ran out.".to_string(),
        "AI" => "The AI's time ran out.".to_string(),
        name => format!("{name}'s time ran out."),
    }
}

/// The longest a side may start with: a day.
const MAX_BASE_MS: u64 = 24 * 3_600_000;

impl FromStr for TimeControl {
    type Err = BadTimeControl;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = |why| BadTimeControl {
            text: text.chars().take(40).collect(),
            why,
        };
        let (base, inc) = text.trim().split_once('+').ok_or(bad(Why::Shape))?;
        // A number, signed or not: "-1" is a time out of range, "x" not a number.
        let number = |t: &str| t.trim().parse::<i64>().ok();
        let base_ms = match base.strip_suffix('s') {
            Some(secs) => number(secs).map(|s| s.saturating_mul(1000)),
            None => number(base).map(|m| m.saturating_mul(60_000)),
        }
        .ok_or(bad(Why::Shape))?;
        let base_ms = u64::try_from(base_ms)
            .ok()
            .filter(|&ms| ms > 0 && ms <= MAX_BASE_MS)
            .ok_or(bad(Why::Base))?;
        let increment = number(inc).ok_or(bad(Why::Shape))?;
        let increment_ms = u64::try_from(increment)
            .ok()
            .filter(|&s| s <= 600)
            .ok_or(bad(Why::Increment))?
            * 1000;
        Ok(TimeControl {
            base_ms,
            increment_ms,
        })
    }
}

impl TryFrom<String> for TimeControl {
    type Error = BadTimeControl;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl From<TimeControl> for String {
    fn from(control: TimeControl) -> String {
        control.to_string()
    }
}

/// The clocks of a saved match: the control and each side's time left (first mover's
/// first), so a resumed match goes on with the time it had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClockRecord {
    pub control: TimeControl,
    pub left: [u64; 2],
}

/// Where the clocks read the time: milliseconds since some fixed start.
pub trait TimeSource: Send + Sync {
    fn now_ms(&self) -> u64;
}

/// The machine's monotonic time.
pub struct SystemTime(Instant);

impl SystemTime {
    pub fn start() -> Arc<dyn TimeSource> {
        Arc::new(SystemTime(Instant::now()))
    }
}

impl TimeSource for SystemTime {
    fn now_ms(&self) -> u64 {
        u64::try_from(self.0.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// A time a test moves by hand.
#[derive(Default)]
pub struct HandTime(AtomicU64);

impl HandTime {
    pub fn new() -> Arc<HandTime> {
        Arc::new(HandTime::default())
    }

    pub fn advance(&self, ms: u64) {
        self.0.fetch_add(ms, Ordering::Relaxed);
    }
}

impl TimeSource for HandTime {
    fn now_ms(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// The two clocks of a match: the time each side has left, and which one runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    pub control: TimeControl,
    /// Each side's time left when its clock last stopped (or started).
    left: [u64; 2],
    /// The side whose clock runs, and since when.
    running: Option<(usize, u64)>,
}

impl Clock {
    /// Both sides with the control's starting time; no clock runs yet.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: [control.base_ms; 2],
            running: None,
        }
    }

    /// The clocks as another party saw them (`left` by side, `running` the side whose
    /// clock runs), started again now.
    pub fn from_parts(
        control: TimeControl,
        left: [u64; 2],
        running: Option<usize>,
        now: u64,
    ) -> Clock {
        Clock {
            control,
            left,
            running: running.map(|side| (side.min(1), now)),
        }
    }

    /// Starts `side`'s clock (stopping the other's without increment).
    pub fn start(&mut self, side: usize, now: u64) {
        self.stop(now);
        self.running = Some((side.min(1), now));
    }

    /// Stops the running clock (the match is over, or paused).
    pub fn stop(&mut self, now: u64) {
        if let Some((side, since)) = self.running.take() {
            self.left[side] = self.left[side].saturating_sub(now.saturating_sub(since));
        }
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<usize> {
        self.running.map(|(side, _)| side)
    }

    /// `side`'s time left now.
    pub fn left(&self, side: usize, now: u64) -> u64 {
        let side = side.min(1);
        match self.running {
            Some((s, since)) if s == side => {
                self.left[side].saturating_sub(now.saturating_sub(since))
            }
            _ => self.left[side],
        }
    }

    /// Each side's time as it stood at the last move (the running side's time since
    /// not taken off).
    pub fn banked(&self) -> [u64; 2] {
        self.left
    }

    /// Both sides' time left now.
    pub fn both(&self, now: u64) -> [u64; 2] {
        [self.left(0, now), self.left(1, now)]
    }

    /// The side whose time has run out, if one has.
    pub fn flagged(&self, now: u64) -> Option<usize> {
        self.running
            .map(|(side, _)| side)
            .filter(|&side| self.left(side, now) == 0)
    }

    /// The running side moved: its clock stops, gains the increment, and the other
    /// side's starts. `Err(side)`: its time had run out before the move.
    pub fn moved(&mut self, now: u64) -> Result<(), usize> {
        let Some((side, _)) = self.running else {
            return Ok(());
        };
        if let Some(flagged) = self.flagged(now) {
            self.stop(now);
            return Err(flagged);
        }
        self.stop(now);
        self.left[side] = self.left[side].saturating_add(self.control.increment_ms);
        self.running = Some((1 - side, now));
        Ok(())
    }
}

/// Both clocks as the title row shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct ClockLine {
    pub names: [String; 2],
    pub left: [u64; 2],
    /// The side whose clock runs.
    pub running: Option<usize>,
}

impl ClockLine {
    /// "▸alice 4:58   bob 5:00" where `room` allows; else with the names cut short
    /// ("▸alic… 4:58   bob 5:00"); else without them ("▸4:58 · 5:00", in the title's
    /// order of the players).
    pub fn text(&self, room: usize) -> String {
        let mark = |side: usize| {
            if self.running == Some(side) {
                "▸"
            } else {
                " "
            }
        };
        for most in [usize::MAX, 5, 3] {
            let name = |side: usize| {
                let name = &self.names[side];
                if name.chars().count() <= most {
                    name.clone()
                } else {
                    let mut cut: String = name.chars().take(most - 1).collect();
                    cut.push('…');
                    cut
                }
            };
            // Cut names that read the same tell nothing ("Play… · Play…").
            if most != usize::MAX && name(0) == name(1) {
                continue;
            }
            let named = format!(
                "{}{} {}  {}{} {}",
                mark(0),
                name(0),
                show(self.left[0]),
                mark(1),
                name(1),
                show(self.left[1])
            );
            if named.chars().count() <= room {
                return named;
            }
        }
        format!(
            "{}{} ·{}{}",
            mark(0),
            show(self.left[0]),
            mark(1),
            show(self.left[1])
        )
    }

    /// The running side is short of time (drawn in the warning colour).
    pub fn short(&self) -> bool {
        self.running.is_some_and(|side| self.left[side] < 10_000)
    }
}

/// A time left as a clock shows it: "4:58", "0:09.4" in the last ten seconds, "1:02:00"
/// past an hour.
pub fn show(ms: u64) -> String {
    let secs = ms / 1000;
    if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else if ms < 10_000 {
        format!("0:{:02}.{}", secs, ms % 1000 / 100)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_line_names_the_players_as_far_as_room_allows() {
        let line = ClockLine {
            names: ["alice".into(), "bartholomew".into()],
            left: [298_000, 300_000],
            running: Some(0),
        };
        assert_eq!(line.text(80), "▸alice 4:58   bartholomew 5:00");
        assert_eq!(line.text(24), "▸alice 4:58   bart… 5:00");
        assert_eq!(line.text(20), "▸al… 4:58   ba… 5:00");
        assert_eq!(line.text(12), "▸4:58 · 5:00");
        let players = ClockLine {
            names: ["Player 1".into(), "Player 2".into()],
            ..line
        };
        assert_eq!(players.text(22), "▸4:58 · 5:00", "not two of 'Play…'");
    }

    #[test]
    fn controls_read_and_write_as_players_write_them() {
        let c: TimeControl = "5+3".parse().unwrap();
        assert_eq!(c, TimeControl::new(300_000, 3_000));
        assert_eq!(c.to_string(), "5+3");
        let c: TimeControl = "30s+0".parse().unwrap();
        assert_eq!(c, TimeControl::new(30_000, 0));
        assert_eq!(c.to_string(), "30s+0");
        assert_eq!("5 + 3".parse(), Ok(TimeControl::new(300_000, 3_000)));
        // Each refusal says what was wrong: the shape, the time a side, the increment.
        for (bad, why) in [
            ("", Why::Shape),
            ("5", Why::Shape),
            ("+3", Why::Shape),
            ("5+x", Why::Shape),
            ("1.5+0", Why::Shape),
            ("0+0", Why::Base),
            ("0s+5", Why::Base),
            ("-1+2", Why::Base),
            ("99999+0", Why::Base),
            ("5+601", Why::Increment),
            ("5+-1", Why::Increment),
        ] {
            let err = bad.parse::<TimeControl>().unwrap_err();
            assert_eq!(err.why, why, "{bad}");
            assert!(err.to_string().contains("e.g. 5+3"), "{bad}: {err}");
        }
        for c in CONTROLS {
            assert_eq!(c.to_string().parse::<TimeControl>(), Ok(c));
        }
    }

    #[test]
    fn a_move_stops_the_mover_adds_the_increment_and_starts_the_other() {
        let t = HandTime::new();
        let mut clock = Clock::new(TimeControl::new(60_000, 2_000));
        clock.start(0, t.now_ms());
        t.advance(10_000);
        assert_eq!(clock.both(t.now_ms()), [50_000, 60_000]);
        assert_eq!(clock.moved(t.now_ms()), Ok(()));
        assert_eq!(clock.both(t.now_ms()), [52_000, 60_000]);
        assert_eq!(clock.running(), Some(1));
        t.advance(59_999);
        assert_eq!(clock.flagged(t.now_ms()), None);
        t.advance(1);
        assert_eq!(clock.flagged(t.now_ms()), Some(1));
        // A move after the flag fell is too late.
        assert_eq!(clock.moved(t.now_ms()), Err(1));
        assert_eq!(clock.running(), None);
        assert_eq!(clock.both(t.now_ms() + 5_000), [52_000, 0]);
    }

    #[test]
    fn time_left_shows_as_a_clock_does() {
        assert_eq!(show(298_000), "4:58");
        assert_eq!(show(9_400), "0:09.4");
        assert_eq!(show(3_720_000), "1:02:00");
        assert_eq!(show(0), "0:00.0");
    }

    proptest::proptest! {
        /// However the moves fall, the time used plus the time left is the start plus
        /// the increments earned, and no clock goes below zero.
        #[test]
        fn time_is_never_made_or_lost(steps in proptest::collection::vec(0u64..40_000, 1..40)) {
            let t = HandTime::new();
            let control = TimeControl::new(120_000, 1_000);
            let mut clock = Clock::new(control);
            clock.start(0, 0);
            let mut used = [0u64; 2];
            let mut moves = [0u64; 2];
            for step in steps {
                let side = clock.running().unwrap();
                let before = clock.left(side, t.now_ms());
                t.advance(step);
                match clock.moved(t.now_ms()) {
                    Ok(()) => {
                        used[side] += step;
                        moves[side] += 1;
                    }
                    Err(flagged) => {
                        proptest::prop_assert_eq!(flagged, side);
                        proptest::prop_assert!(step >= before);
                        break;
                    }
                }
            }
            let now = t.now_ms();
            for side in 0..2 {
                let left = clock.left(side, now);
                if clock.running() == Some(side) || left == 0 {
                    continue;
                }
                proptest::prop_assert_eq!(left + used[side], control.base_ms + moves[side] * control.increment_ms);
            }
        }
    }
}
