//! How much of a game clock one move may spend: the share of the time left that
//! keeps enough for the moves still to come, weighted toward the midgame (the last
//! dozen empty squares are solved exactly in milliseconds).

use std::time::Duration;

/// Kept back on every move, whatever the plan says, for the answer to travel and for
/// a slow machine (seconds; a tenth of the time left when that is less).
const RESERVE_SECONDS: f64 = 1.0;
/// The empty squares at and below which the rest of the game costs next to nothing.
const CHEAP_EMPTIES: u32 = 12;
/// The least a move is given, so even a nearly empty clock gets a move.
const FLOOR: Duration = Duration::from_millis(10);

/// The time one move may take with `left` seconds on the clock, `increment` seconds
/// added after each move, and `empties` squares still empty.
pub fn move_budget(left: f64, increment: f64, empties: u32) -> Duration {
    if !(left.is_finite() && increment.is_finite()) {
        return FLOOR;
    }
    let reserve = RESERVE_SECONDS.min(left.max(0.0) / 10.0);
    let usable = (left - reserve).max(0.0);
    // The mover's own moves still to plan for, at least two so one move never bets
    // the whole clock.
    let moves = (empties.saturating_sub(CHEAP_EMPTIES) / 2 + 1).max(2);
    let share = usable / f64::from(moves) + 0.8 * increment.max(0.0);
    Duration::from_secs_f64(share.min(usable)).max(FLOOR)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_takes_a_share_that_leaves_time_for_the_rest() {
        // 15 minutes at the start (60 empty squares): 24 moves to plan for.
        let first = move_budget(900.0, 0.0, 60);
        assert!(first > Duration::from_secs(30) && first < Duration::from_secs(40));
        // The same clock later in the game gives each move more.
        assert!(move_budget(900.0, 0.0, 30) > first);
        // Never the whole clock, and never less than the floor.
        assert!(move_budget(10.0, 0.0, 14) < Duration::from_secs(5));
        assert_eq!(move_budget(0.0, 0.0, 40), FLOOR);
        assert_eq!(move_budget(-3.0, 0.0, 40), FLOOR);
        assert_eq!(move_budget(f64::NAN, 0.0, 40), FLOOR);
    }

    #[test]
    fn an_increment_is_mostly_spent_on_the_move() {
        let without = move_budget(60.0, 0.0, 40);
        let with = move_budget(60.0, 5.0, 40);
        assert!(with > without + Duration::from_secs(3));
        // But never more than the clock holds.
        assert!(move_budget(2.0, 30.0, 40) < Duration::from_secs(2));
    }
}
