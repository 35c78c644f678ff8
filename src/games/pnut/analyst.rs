//! Pnut-Butta's analyst: the proof engine a match keeps for its whole life. Its table
//! and the wins it has proven carry from move to move (and across undo), so once the
//! AI has proved a win it never lets it slip, even when a later search runs out of
//! time before proving it again. On the AI's turn it answers at once a position with a
//! single legal move or a win already proven, and stops searching once a win is.

use crate::game::pnut::{Pnut, PnutMove, Rules};
use crate::solve::Analysis;
use crate::solve::analyst::{Analyst, Query};
use crate::solve::pnut::{Engine, Goal, Limits};

pub struct PnutAnalyst {
    engine: Engine,
    limits: Limits,
}

impl PnutAnalyst {
    pub fn new(rules: &Rules, limits: Limits) -> PnutAnalyst {
        PnutAnalyst {
            engine: Engine::new(rules, limits.table_mib),
            limits,
        }
    }

    /// The engine, for its statistics.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }
}

impl Analyst<Pnut> for PnutAnalyst {
    fn analyse(
        &mut self,
        query: &Query<Pnut>,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(Analysis<PnutMove>),
    ) {
        // The AI's turn: a move to play, answered at once when forced or already won.
        // A person's turn: every move with its exact distance, for the hints.
        let goal = if query.ai_to_move {
            Goal::Play
        } else {
            Goal::Exact
        };
        self.engine
            .analyse_goal(&query.position, &self.limits, goal, stop, &mut |a| {
                report(a.clone());
            });
    }

    fn reset(&mut self) {
        self.engine.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn last(analyst: &mut PnutAnalyst, game: &Pnut) -> Analysis<PnutMove> {
        let query = Query {
            position: game.clone(),
            ai_to_move: true,
            ply: game.len(),
            played: None,
        };
        let mut last = None;
        analyst.analyse(&query, &|| false, &mut |a| last = Some(a));
        last.expect("a report")
    }

    /// The match's analyst keeps what it proved: the same position again costs next to
    /// nothing, a child is cheaper than from scratch, and a reset forgets.
    #[test]
    fn the_match_keeps_its_proofs() {
        // A setting the start-node table does not hold (it would answer the start at once,
        // warming nothing).
        let rules = Rules::new("01", 4).expect("valid rules");
        let limits = Limits {
            max_depth: None,
            max_millis: 600_000,
            table_mib: 16,
            max_nodes: None,
        };
        let mut kept = PnutAnalyst::new(&rules, limits);
        let start = Pnut::new(rules.clone());
        let first = last(&mut kept, &start);
        assert!(first.exact, "01 with l = 4 is proven from the start");
        // (What is kept is the win/loss search's table on this graph, the depth-bounded
        // search's pins on larger ones: either way the same position again is cheap.)
        let again = last(&mut kept, &start);
        assert_eq!(again.verdict, first.verdict);
        // A winning move again (maybe another one of the same value).
        let best = again.best.expect("a move");
        assert!(again.value_of(best).is_some_and(|m| m.verdict.is_win()));
        assert!(
            again.nodes * 10 < first.nodes.max(10),
            "{} vs {}",
            again.nodes,
            first.nodes
        );

        let mut child = start.clone();
        child.play(first.best.expect("a move")).expect("legal");
        let warm = last(&mut kept, &child);
        let cold = last(&mut PnutAnalyst::new(&rules, limits), &child);
        assert_eq!(warm.verdict, cold.verdict);
        assert!(warm.nodes < cold.nodes, "{} vs {}", warm.nodes, cold.nodes);

        kept.reset();
        assert_eq!(kept.engine().pinned(), 0);
    }
}
