//! Which evaluation a search uses: the trained patterns ([`super::patterns`], weights
//! from [`super::pattern_weights`]) or the classic one ([`super::eval`]: edge tables
//! and hand-weighted scalars), kept for comparison.
//!
//! The patterns come as two weight sets: one for the midgame search's leaves and
//! moves, one for the exact solver's move ordering ([`Evaluator::ordering`]). A retrain
//! that played stronger ordered the endgame worse (docs/engines-and-benchmarks.md), so
//! each job keeps the weights that do it best.

use std::fmt;
use std::str::FromStr;

use super::eval::{EVAL_MAX, SCALE, evaluate};
use super::pattern_sum::pattern_sum;
use super::pattern_weights::{PatternWeights, shipped, shipped_order};
use super::patterns::{LAYOUT, scalars};
use crate::game::othello::{final_margin, moves};

/// The evaluation an engine uses (`--eval`, NBoard `set eval`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Evaluation {
    /// The pattern evaluation trained by `examples/othello_train` (the default: it
    /// scored 88% against the classic one at 100 ms a move, see docs/engines-and-benchmarks.md).
    #[default]
    Patterns,
    /// The edge tables and hand-weighted scalars of before.
    Classic,
}

impl Evaluation {
    pub const ALL: [Evaluation; 2] = [Evaluation::Patterns, Evaluation::Classic];

    pub fn name(self) -> &'static str {
        match self {
            Evaluation::Patterns => "patterns",
            Evaluation::Classic => "classic",
        }
    }
}

impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Evaluation {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        Evaluation::ALL
            .into_iter()
            .find(|e| e.name() == t)
            .ok_or_else(|| format!("'{s}' is not an evaluation: expected patterns or classic"))
    }
}

/// The evaluation function a search calls.
#[derive(Clone, Copy)]
pub enum Evaluator<'a> {
    Classic,
    /// `eval` scores positions; `order` is what [`Evaluator::ordering`] switches to.
    Patterns {
        eval: &'a PatternWeights,
        order: &'a PatternWeights,
    },
}

impl Evaluator<'static> {
    /// The evaluator for a choice, with the shipped weights (the classic one if they
    /// could not be read, which a test rules out).
    pub fn of(choice: Evaluation) -> Evaluator<'static> {
        match choice {
            Evaluation::Classic => Evaluator::Classic,
            Evaluation::Patterns => match (shipped(), shipped_order()) {
                (Ok(eval), Ok(order)) => Evaluator::Patterns { eval, order },
                (Err(e), _) | (_, Err(e)) => {
                    static WARNED: std::sync::Once = std::sync::Once::new();
                    WARNED.call_once(|| {
                        tracing::warn!(
                            "pattern weights unusable ({e}); using the classic evaluation"
                        );
                    });
                    Evaluator::Classic
                }
            },
        }
    }
}

impl Default for Evaluator<'static> {
    fn default() -> Self {
        Evaluator::of(Evaluation::default())
    }
}

impl<'a> Evaluator<'a> {
    /// The same weights for both jobs (a trainer's weights under test).
    pub fn patterns(w: &'a PatternWeights) -> Evaluator<'a> {
        Evaluator::Patterns { eval: w, order: w }
    }

    /// The evaluator the exact solver's shallow ordering searches use.
    pub fn ordering(self) -> Evaluator<'a> {
        match self {
            Evaluator::Classic => Evaluator::Classic,
            Evaluator::Patterns { order, .. } => Evaluator::Patterns { eval: order, order },
        }
    }

    /// The evaluation of the position for `p`, the player to move, in
    /// [`SCALE`] units per disc, within `(-EVAL_MAX, EVAL_MAX)` unless the game is over.
    #[inline]
    pub fn eval(self, p: u64, o: u64) -> i32 {
        match self {
            Evaluator::Classic => evaluate(p, o),
            Evaluator::Patterns { eval, .. } => pattern_eval(eval, p, o),
        }
    }
}

/// The pattern evaluation with weights `w`.
pub fn pattern_eval(w: &PatternWeights, p: u64, o: u64) -> i32 {
    let pm = moves(p, o);
    let om = moves(o, p);
    if pm == 0 && om == 0 {
        return final_margin(p, o) * SCALE;
    }
    let n = (!(p | o)).count_ones() as usize;
    let bucket = &w.buckets[usize::from(w.bucket_of[n])];
    let mut v = pattern_sum(&LAYOUT, &bucket.table, p, o);
    let s = scalars(p, o, pm, om);
    for (f, w) in s.iter().zip(&bucket.scalars) {
        v += f * i32::from(*w);
    }
    v.clamp(-EVAL_MAX + 1, EVAL_MAX - 1)
}
