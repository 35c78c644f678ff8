//! A game's own setup options, as the setup screen sees them: rows with a label, a
//! value and an explanation, changed by ←→ and typed into.

use std::any::Any;
use std::fmt::Debug;

use crate::matchup::MatchSetup;

/// One row of a game's options on the setup screen. `id` means something to the game
/// only.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub id: u16,
    pub label: String,
    pub value: String,
    pub explanation: std::borrow::Cow<'static, str>,
}

/// A game's own options.
pub trait GameOptions: Any + Debug + Send {
    fn clone_box(&self) -> Box<dyn GameOptions>;
    fn eq_box(&self, other: &dyn GameOptions) -> bool;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// The options as JSON, for saved games and the history.
    fn to_json(&self) -> serde_json::Value;
    /// Options of the same game read back from `to_json`'s output (missing fields take
    /// their defaults).
    fn read_json(&self, value: &serde_json::Value) -> Result<Box<dyn GameOptions>, String>;

    /// The rows shown for `matchup`, in order.
    fn rows(&self, matchup: &MatchSetup) -> Vec<Row>;
    /// ←→ on row `id`: one step up (+1) or down (-1).
    fn change(&mut self, id: u16, step: isize);
    /// A typed character on row `id`; `typing` is false for the first key typed into
    /// the row (it replaces rather than appends) and is set by the row once it takes keys.
    fn type_char(&mut self, _id: u16, _c: char, _typing: &mut bool) {}
    /// Why row `id`, while typed into, takes no `c` although it takes keys of its
    /// kind (Pnut-Butta's symbol typed twice), said instead of a key dropped without a
    /// word; `None`: it takes it, or the footer's keys already say why not.
    fn refused(&self, _id: u16, _c: char) -> Option<String> {
        None
    }
    /// Backspace on row `id`.
    fn erase(&mut self, _id: u16, _typing: &mut bool) {}
    /// A number row's value as typed and the most it takes, `(now, most)` (`None`
    /// for other rows): the setup refuses a digit that would pass the most, and names
    /// both ("Pile 1 is at most 99: 123 was not taken.").
    fn number_in(&self, _id: u16) -> Option<(u64, u64)> {
        None
    }
    /// Typing into a row has ended (another row chosen, the game started): a number
    /// left half typed below its least takes its least, so the row shows what plays.
    fn settle(&mut self) {}
    /// Whether typing left a number row empty (at 0 below its least, shown as "…
    /// (type 1-99)"): the setup then gives the options back as they were before the
    /// typing, rather than [`GameOptions::settle`]'s least.
    fn has_empty_number(&self) -> bool {
        false
    }
    /// People only (no mode, first mover or AI rows): Pnut-Butta with 3-6 players.
    fn people_only(&self) -> bool {
        false
    }
    /// Whether this game's rows are the AI's own strength (Othello's level and its
    /// thinking time): the setup shows them where the arcade's "AI level" row goes,
    /// after "First move", not after the clock and the prediction.
    fn rows_are_ai_strength(&self) -> bool {
        false
    }
    /// Whether the setup offers a Simulate button after Start.
    /// These options as an offer online, between two people at two terminals: what
    /// only one keyboard or the AI uses is set aside (Pnut-Butta's hot seat).
    fn for_online(&mut self) {}
    /// Whether row `id` has a say in a match online (the AI's rows do not).
    fn online_row(&self, _id: u16) -> bool {
        true
    }
    fn offers_simulation(&self) -> bool {
        false
    }
    /// Rows shown after Start and before Simulate (the simulation's own settings).
    fn simulation_rows(&self) -> Vec<Row> {
        Vec::new()
    }
}

/// Implements the boxing plumbing of [`GameOptions`] for a `Clone + PartialEq` type.
#[macro_export]
macro_rules! options_plumbing {
    () => {
        fn clone_box(&self) -> Box<dyn $crate::plugin::GameOptions> {
            Box::new(self.clone())
        }
        fn eq_box(&self, other: &dyn $crate::plugin::GameOptions) -> bool {
            other.as_any().downcast_ref::<Self>() == Some(self)
        }
        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
        fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
            self
        }
        fn to_json(&self) -> serde_json::Value {
            serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
        }
        fn read_json(
            &self,
            value: &serde_json::Value,
        ) -> Result<Box<dyn $crate::plugin::GameOptions>, String> {
            <Self as serde::Deserialize>::deserialize(value)
                .map(|o| Box::new(o) as Box<dyn $crate::plugin::GameOptions>)
                .map_err(|e| e.to_string())
        }
    };
}

/// For games with no options of their own (1-3-5-7).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct NoOptions;

impl GameOptions for NoOptions {
    options_plumbing!();
    fn rows(&self, _matchup: &MatchSetup) -> Vec<Row> {
        Vec::new()
    }
    fn change(&mut self, _id: u16, _step: isize) {}
}

/// The next item of `all` after (or before, when `step` is -1) `current`.
pub fn cycle<T: PartialEq + Copy>(all: &[T], current: T, step: isize) -> T {
    let n = all.len() as isize;
    if n == 0 {
        return current;
    }
    let i = all.iter().position(|x| *x == current).unwrap_or(0) as isize;
    all[((i + step).rem_euclid(n)) as usize]
}

/// The item of a scale `all` (weakest first) `step` away from `current`, the ends
/// holding: a step right of the strongest AI level is not the weakest (the setup's
/// level rows wrapped, and stepped weaker to the right in one row, stronger in another).
pub fn on_scale<T: PartialEq + Copy>(all: &[T], current: T, step: isize) -> T {
    let Some(i) = all.iter().position(|x| *x == current) else {
        return current;
    };
    let to = (i as isize + step).clamp(0, all.len() as isize - 1) as usize;
    all[to]
}

/// A number stepped by `step` times `by` and kept in `min..=max`.
pub fn stepped(value: i64, step: isize, by: i64, min: i64, max: i64) -> i64 {
    (value + by * step as i64).clamp(min, max)
}

/// A number row after the key `c`: the first digit typed replaces the value, the next
/// ones append; a digit that would pass `max` is not taken (the number stays as typed,
/// and the setup says why: cut to the most, "123" read 99 and Backspace then gave 9);
/// never below `min` (a row that lets a number below its least be typed on the way, as
/// Chopsticks' move cap, passes 0 and settles later). Anything but a digit leaves it.
/// Sets `typing` once it takes a key.
pub fn typed_number(value: u64, c: char, typing: &mut bool, min: u64, max: u64) -> u64 {
    let Some(d) = c.to_digit(10).map(u64::from) else {
        return value;
    };
    let next = if *typing {
        value.saturating_mul(10).saturating_add(d)
    } else {
        d
    };
    if next > max {
        return value;
    }
    *typing = true;
    next.max(min)
}

/// A number row after Backspace: its last digit dropped, never below `min`. A row
/// that passes 0 on the way (`min` 0) shows it as empty ([`number_text`]) and settles
/// it at its least when typing ends; erasing to a shown "1" made the next digit append
/// ("1" then "5" read 15).
pub fn erased_number(value: u64, typing: &mut bool, min: u64) -> u64 {
    *typing = true;
    (value / 10).max(min)
}

/// A number row's value as shown: the number, or while it is half typed at 0 (erased,
/// or a lone 0 typed) what may be typed, "… (type 1-99)".
pub fn number_text(value: u64, least: u64, most: u64) -> String {
    if value == 0 && least > 0 {
        format!("… (type {least}-{most})")
    } else {
        value.to_string()
    }
}

/// A number left at 0 by typing takes its least once typing ends.
pub fn settled(value: u64, least: u64) -> u64 {
    if value == 0 { least } else { value }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scale_holds_at_its_ends() {
        let all = [1, 2, 3];
        assert_eq!(on_scale(&all, 3, 1), 3);
        assert_eq!(on_scale(&all, 1, -1), 1);
        assert_eq!(on_scale(&all, 2, 1), 3);
        assert_eq!(on_scale(&all, 2, -1), 1);
        assert_eq!(on_scale(&all, 9, 1), 9, "not on the scale: left alone");
    }

    #[test]
    fn typed_digits_replace_then_append_within_the_bounds() {
        let mut typing = false;
        // 50, then 1 2 3: 1 replaces, 12; 123 is past 100, not taken; nor is 120.
        let mut v = 50;
        for (c, want) in [('1', 1), ('2', 12), ('3', 12), ('x', 12), ('0', 12)] {
            v = typed_number(v, c, &mut typing, 1, 100);
            assert_eq!(v, want, "after {c}");
        }
        assert!(typing, "still typing: the next digit appends to 12");
        v = typed_number(10, '0', &mut typing, 1, 100);
        assert_eq!(v, 100, "the most itself is taken");
        // A lone 0 is below the least value.
        let mut fresh = false;
        assert_eq!(typed_number(7, '0', &mut fresh, 1, 100), 1);
        // A first digit past the most is not taken, and the row is not typed into.
        let mut fresh = false;
        assert_eq!(typed_number(5, '9', &mut fresh, 1, 8), 5);
        assert!(!fresh);
        assert_eq!(erased_number(v, &mut typing, 1), 10);
        assert_eq!(erased_number(30, &mut typing, 1), 3);
        assert_eq!(erased_number(3, &mut typing, 1), 1);
    }

    #[test]
    fn a_number_erased_to_nothing_shows_empty_and_takes_the_next_digit_alone() {
        let mut typing = false;
        let mut v = erased_number(12, &mut typing, 0);
        v = erased_number(v, &mut typing, 0);
        assert_eq!(v, 0);
        assert_eq!(number_text(v, 1, 99), "… (type 1-99)");
        // The next digit starts the number: 5, not 15.
        v = typed_number(v, '5', &mut typing, 0, 99);
        assert_eq!(v, 5);
        assert_eq!(number_text(v, 1, 99), "5");
        assert_eq!(settled(0, 1), 1);
        assert_eq!(settled(5, 1), 5);
    }
}
