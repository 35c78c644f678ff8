//! A game's lesson: a few steps, each a position on the game's own live board, an
//! instruction, and a check of the move the player makes there (read with the game's
//! rules, and for the strategy step with its solver). Each game writes its steps in
//! `games/<game>/lesson.rs` and hands them out through `GameKind::lesson`;
//! `tui::lesson` shows them around the game's ordinary screen.

use crate::game::Game;
use crate::plugin::GameSetup;

/// The steps of one game's lesson.
pub struct Lesson {
    /// Sets the game's own options for every step (the rules the lesson teaches, e.g.
    /// normal-play Nim or Pnut-Butta's symbols), whatever the player's setup says.
    pub configure: fn(&mut GameSetup),
    pub steps: Vec<Step>,
}

/// One step: where it starts, what to do, and what is said after the move.
pub struct Step {
    /// The start, in the game's notation (`GameSetup::position`).
    pub position: &'static str,
    pub instruction: &'static str,
    /// Said when the move did what was asked.
    pub success: &'static str,
    /// Said when another move was made.
    pub retry: &'static str,
    judge: Judge,
}

/// Whether the move from the first position (the step's) to the second passed.
type Judge = Box<dyn Fn(&str, &str) -> bool + Send + Sync>;

impl Step {
    /// Whether the move that led from this step's position to `after` (the board's
    /// position text) did what the step asks.
    pub fn passed(&self, after: &str) -> bool {
        (self.judge)(self.position, after)
    }
}

/// A move as the lesson judges it: the position before, the move, and the position
/// after it (with any forced reply played too, as the board plays it: Othello's pass).
pub struct Played<G: Game> {
    pub before: G,
    pub mv: G::Move,
    pub after: G,
}

/// The moves from `before` that lead to the position written `after` (more than one
/// when two moves give the same position, e.g. either end of `WW`).
pub fn played<G: Game>(before: &G, after: &str) -> Vec<Played<G>> {
    before
        .legal_moves()
        .into_iter()
        .filter_map(|mv| {
            let mut next = before.clone();
            next.play(mv).ok()?;
            // A forced move (a pass) is played by the board without a key.
            while next.forced() && next.outcome().is_none() {
                let only = *next.legal_moves().first()?;
                next.play(only).ok()?;
            }
            (next.position_text() == after).then(|| Played {
                before: before.clone(),
                mv,
                after: next,
            })
        })
        .collect()
}

/// Builds one game's steps: `read` turns a position's text back into the game, with
/// the rules the lesson's `configure` sets.
pub struct Steps<G: Game> {
    read: fn(&str) -> Option<G>,
    steps: Vec<Step>,
}

/// What a step says, apart from its check.
pub struct Words {
    pub position: &'static str,
    pub instruction: &'static str,
    pub success: &'static str,
    pub retry: &'static str,
}

impl<G: Game> Steps<G> {
    pub fn new(read: fn(&str) -> Option<G>) -> Steps<G> {
        Steps {
            read,
            steps: Vec::new(),
        }
    }

    /// A step whose move passes when `goal` holds for it.
    pub fn step(mut self, words: Words, goal: fn(&Played<G>) -> bool) -> Steps<G> {
        let read = self.read;
        self.steps.push(Step {
            position: words.position,
            instruction: words.instruction,
            success: words.success,
            retry: words.retry,
            judge: Box::new(move |before, after| {
                read(before).is_some_and(|b| played(&b, after).iter().any(goal))
            }),
        });
        self
    }

    pub fn lesson(self, configure: fn(&mut GameSetup)) -> Lesson {
        Lesson {
            configure,
            steps: self.steps,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::wl::{Wl, WlMove, parse_letters};

    fn wl(text: &str) -> Option<Wl> {
        parse_letters(text).ok().map(Wl::new)
    }

    #[test]
    fn the_move_is_found_from_the_position_after_it() {
        let before = wl("WLLW").expect("letters");
        let found = played(&before, "LLW");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].mv, WlMove::Left);
        assert!(played(&before, "LL").is_empty(), "two moves are not one");
        // Either end of WW leaves W: both moves are found.
        assert_eq!(played(&wl("WW").expect("letters"), "W").len(), 2);
    }

    #[test]
    fn a_step_passes_only_the_move_it_asks_for() {
        let lesson = Steps::new(wl)
            .step(
                Words {
                    position: "WLLW",
                    instruction: "Take the left end.",
                    success: "",
                    retry: "",
                },
                |p| p.mv == WlMove::Left,
            )
            .lesson(|_| {});
        let step = &lesson.steps[0];
        assert!(step.passed("LLW"));
        assert!(!step.passed("WLL"));
        assert!(!step.passed("nonsense"));
    }
}
