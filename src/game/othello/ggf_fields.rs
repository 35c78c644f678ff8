//! The GGF properties a record carries beside its moves, as the Generic Game Server
//! defines them and Othello GUIs write them: the game type `TY`, the clocks `TI`, `TB`
//! and `TW`, and the result `RE`.

use thiserror::Error;

use super::OthelloMove;
use crate::game::RuleError;

/// Why a game type was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameTypeError {
    #[error(
        "GGF game type TY[{0}] is anti-Othello (the fewer discs win): only standard Othello is played here"
    )]
    Anti(String),
    #[error(
        "GGF game type TY[{0}]: expected standard Othello on an 8x8 board (8, 8r, s8r18, k8, ...)"
    )]
    Other(String),
}

/// Checks a `TY` value: standard Othello on 8x8, which GGS writes `[s][k]8[r<n>][b|w]`
/// (s: a synchro pair of games, k: komi, r: a random start of n discs, b or w: the
/// colour asked for). None of these changes the rules of a move; the start is in `BO`.
/// `a` (anti-Othello) and other sizes change the game and are refused.
pub fn check_game_type(value: &str) -> Result<(), GameTypeError> {
    let text = value.trim().to_ascii_lowercase();
    let other = || GameTypeError::Other(value.to_string());
    let rest = text.trim_start_matches(['s', 'k']);
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if &rest[..digits] != "8" {
        return Err(other());
    }
    let mut flags = rest[digits..].chars().peekable();
    while let Some(c) = flags.next() {
        match c {
            'a' => return Err(GameTypeError::Anti(value.to_string())),
            'r' => while flags.next_if(|c| c.is_ascii_digit()).is_some() {},
            's' | 'k' | 'b' | 'w' => {}
            _ => return Err(other()),
        }
    }
    Ok(())
}

/// `RE`: black's disc margin when the value is a number (`+12.000`, `-4`, `+2.00:r`
/// with how it ended after the colon); anything else (`?` while a game goes on) is no
/// result.
pub fn read_result(value: &str) -> Option<i32> {
    let margin: f64 = value.split(':').next()?.trim().parse().ok()?;
    margin.is_finite().then(|| margin.round() as i32)
}

/// A move as GGF records and NBoard's `move` write it, `square[/eval[/seconds]]`: the
/// square's text and the seconds the move took (0 where none is written or it is not a
/// time).
pub fn split_move(value: &str) -> (&str, f64) {
    let mut fields = value.split('/');
    let square = fields.next().unwrap_or("").trim();
    let seconds = fields
        .nth(1)
        .and_then(|t| t.trim().parse::<f64>().ok())
        .filter(|t| t.is_finite() && *t >= 0.0)
        .unwrap_or(0.0);
    (square, seconds)
}

/// A square in either case (`F5`, `f5`), or a pass (`PA`, `pass`).
pub fn read_square(text: &str) -> Result<OthelloMove, RuleError> {
    if text.eq_ignore_ascii_case("pa") || text.eq_ignore_ascii_case("pass") {
        return Ok(OthelloMove::Pass);
    }
    text.to_ascii_lowercase().parse()
}

/// One side's clock as GGS writes it: `main[/[increment][/grace]]`, each time
/// `[[[days.]hours:]minutes:]seconds` (`15:00`, `1:00:00`, `30/5`, `5:00//2:00`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GgfClock {
    /// Seconds on the clock at the start.
    pub main: f64,
    /// Seconds added after each move.
    pub increment: f64,
}

impl GgfClock {
    /// The clock of a `TI`, `TB` or `TW` value; `None` for one that is not a clock, and
    /// for no time at all (`TI[0]`: NBoard's games without a clock).
    pub fn parse(value: &str) -> Option<GgfClock> {
        let mut parts = value.trim().split('/');
        let main = read_time(parts.next()?)?;
        let increment = match parts.next() {
            None => 0.0,
            Some(t) if t.trim().is_empty() => 0.0,
            Some(t) => read_time(t)?,
        };
        (main > 0.0 || increment > 0.0).then_some(GgfClock { main, increment })
    }

    /// Seconds left after moves that took `spent` seconds in all, `moves` of them.
    pub fn left(&self, spent: f64, moves: usize) -> f64 {
        self.main - spent + self.increment * moves as f64
    }
}

/// `[[[days.]hours:]minutes:]seconds`, fractions of a second allowed in the last part;
/// a trailing GGS modifier after a comma is ignored.
fn read_time(text: &str) -> Option<f64> {
    let text = text.split(',').next()?.trim();
    if text.is_empty() {
        return None;
    }
    let (days, clock) = match text.split_once('.') {
        // `1.02:00:00` is a day and two hours; `12.5` is seconds.
        Some((d, rest)) if rest.contains(':') => (d.parse::<f64>().ok()?, rest),
        _ => (0.0, text),
    };
    let mut seconds = 0.0;
    let parts: Vec<&str> = clock.split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    for part in parts {
        let v: f64 = part.trim().parse().ok()?;
        if !(v.is_finite() && v >= 0.0) {
            return None;
        }
        seconds = seconds * 60.0 + v;
    }
    Some(days * 86_400.0 + seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_types_of_standard_othello_are_accepted() {
        for ty in [
            "8", "8r", "8r16", "s8r18", "k8", "sk8r20", "8b", "8R", " 8 ",
        ] {
            assert_eq!(check_game_type(ty), Ok(()), "{ty}");
        }
    }

    #[test]
    fn anti_othello_and_other_boards_are_refused() {
        assert!(matches!(check_game_type("8a"), Err(GameTypeError::Anti(_))));
        assert!(matches!(
            check_game_type("s8r18a"),
            Err(GameTypeError::Anti(_))
        ));
        for ty in ["10", "6", "88", "", "x8", "8q", "d8"] {
            assert!(
                matches!(check_game_type(ty), Err(GameTypeError::Other(_))),
                "{ty}"
            );
        }
    }

    #[test]
    fn moves_split_into_square_and_seconds() {
        assert_eq!(split_move("F5"), ("F5", 0.0));
        assert_eq!(split_move("F5/-1.00/2.5"), ("F5", 2.5));
        assert_eq!(split_move("A1//0.02"), ("A1", 0.02));
        assert_eq!(split_move("d3/1.0/-4"), ("d3", 0.0));
        assert_eq!(split_move("d3/1.0/soon"), ("d3", 0.0));
        assert_eq!(read_square("F5"), read_square("f5"));
        assert_eq!(read_square("pass"), Ok(OthelloMove::Pass));
        assert_eq!(read_square("PA"), Ok(OthelloMove::Pass));
        assert!(read_square("Z9").is_err());
    }

    #[test]
    fn results_are_numbers_or_nothing() {
        assert_eq!(read_result("+12.000"), Some(12));
        assert_eq!(read_result("-4"), Some(-4));
        assert_eq!(read_result("+2.00:r"), Some(2));
        assert_eq!(read_result("0.000:s"), Some(0));
        assert_eq!(read_result("?"), None);
        assert_eq!(read_result(""), None);
        assert_eq!(read_result("B+R"), None);
        assert_eq!(read_result("NaN"), None);
    }

    #[test]
    fn clocks_read_as_ggs_writes_them() {
        let clock = |main, increment| Some(GgfClock { main, increment });
        assert_eq!(GgfClock::parse("15:00"), clock(900.0, 0.0));
        assert_eq!(GgfClock::parse("01:00/00:00/02:00"), clock(60.0, 0.0));
        assert_eq!(GgfClock::parse("5:00/10"), clock(300.0, 10.0));
        assert_eq!(GgfClock::parse("5:00//2:00"), clock(300.0, 0.0));
        assert_eq!(GgfClock::parse("1:00:00"), clock(3600.0, 0.0));
        assert_eq!(GgfClock::parse("1.02:00:00"), clock(93_600.0, 0.0));
        assert_eq!(GgfClock::parse("12.5"), clock(12.5, 0.0));
        assert_eq!(GgfClock::parse("0"), None);
        assert_eq!(GgfClock::parse("?"), None);
        assert_eq!(GgfClock::parse("1:2:3:4"), None);
        assert_eq!(GgfClock::parse("-5"), None);
    }

    #[test]
    fn time_left_counts_spent_time_and_increments() {
        let clock = GgfClock {
            main: 300.0,
            increment: 5.0,
        };
        assert_eq!(clock.left(0.0, 0), 300.0);
        assert_eq!(clock.left(42.5, 3), 272.5);
    }
}
