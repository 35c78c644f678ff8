//! The winner alone (`Goal::Winner`) on graphs of at most 128 edges: each root move's
//! child by the win/loss search ([`super::outcome`]), stopping at the first winning
//! move. No distances: a move is "wins" or "loses".

use std::time::{Duration, Instant};

use super::graph::Graph;
use super::outcome::{Outcome, Reductions};
use super::table::Table;
use super::{Limits, Solved, Stats};
use crate::game::pnut::{Pnut, PnutMove};
use crate::solve::analysis::{Analysis, MoveValue, Verdict};

/// Who wins at `game`, on `table` (the win/loss search's own), within `limits`' time
/// and nodes (depth has no meaning here).
pub(super) fn analyse_winner(
    game: &Pnut,
    g: Graph,
    table: &mut Table,
    limits: &Limits,
    stop: &dyn Fn() -> bool,
    report: &mut dyn FnMut(&Analysis<PnutMove>),
) -> Solved {
    let started = Instant::now();
    let deadline = started + Duration::from_millis(limits.max_millis.max(1));
    let timed_stop = || stop() || Instant::now() >= deadline;
    let mut search = Outcome::new(g, Reductions::ALL, table, &timed_stop);
    search.set_node_limit(limits.max_nodes.unwrap_or(u64::MAX));
    let rules = game.rules();
    let text = &game.indices()[..game.len()];
    let mut moves = Vec::new();
    let mut won = false;
    let mut stopped = false;
    for s in game.legal_indices() {
        let verdict = if won || stopped {
            Verdict::Unknown
        } else {
            let mut child = text.to_vec();
            child.push(s);
            match search.wins_after(&child) {
                Ok(false) => {
                    won = true;
                    Verdict::Win { plies: None }
                }
                Ok(true) => Verdict::Loss { plies: None },
                Err(_) => {
                    stopped = true;
                    Verdict::Unknown
                }
            }
        };
        moves.push(MoveValue {
            mv: PnutMove(rules.symbol(s)),
            verdict,
            score: None,
            traps: None,
            chances: None,
            plies_at_most: None,
        });
    }
    let proof_nodes = search.nodes;
    let lost = !moves.is_empty() && moves.iter().all(|m| m.verdict.is_loss());
    let verdict = if won {
        Verdict::Win { plies: None }
    } else if lost || moves.is_empty() {
        Verdict::Loss {
            plies: moves.is_empty().then_some(0),
        }
    } else {
        Verdict::Unknown
    };
    let best = moves
        .iter()
        .find(|m| m.verdict.is_win())
        .or_else(|| moves.iter().find(|m| m.verdict == Verdict::Unknown))
        .or(moves.first())
        .map(|m| m.mv);
    let exact = won || lost || moves.is_empty();
    let analysis = Analysis {
        best,
        verdict,
        score: None,
        pv: best.into_iter().collect(),
        moves,
        depth: 0,
        nodes: proof_nodes.max(1),
        exact,
    };
    report(&analysis);
    let elapsed = started.elapsed();
    Solved {
        analysis,
        stats: Stats {
            nodes: proof_nodes,
            stored: table.stored(),
            table_bytes: table.bytes(),
        },
        elapsed,
        proof: exact.then_some((elapsed, proof_nodes)),
    }
}

/// The root moves' values by the win/loss search for a move to play, within
/// `max_millis` and `max_nodes`: for each legal symbol, whether the mover after it
/// wins (`None`: not proven). Moves are tried in rounds of growing node caps, so that
/// an easy proof is found before a hard one eats the time (the table keeps what each
/// round proved). Stops at the first move proven to win. Returns the nodes searched.
pub(super) fn root_outcomes(
    game: &Pnut,
    g: Graph,
    table: &mut Table,
    max_millis: u64,
    max_nodes: u64,
    stop: &dyn Fn() -> bool,
) -> (Vec<(u8, Option<bool>)>, u64) {
    let deadline = Instant::now() + Duration::from_millis(max_millis.max(1));
    let timed_stop = || stop() || Instant::now() >= deadline;
    let mut search = Outcome::new(g, Reductions::ALL, table, &timed_stop);
    let text = &game.indices()[..game.len()];
    let mut values: Vec<(u8, Option<bool>)> = game
        .legal_indices()
        .into_iter()
        .map(|s| (s, None))
        .collect();
    // The first round is little more than table look-ups: a move already proven
    // (the line of a win proven at an earlier turn) costs a few nodes.
    let mut cap: u64 = 1 << 6;
    loop {
        let mut open = false;
        for (s, v) in values.iter_mut().filter(|(_, v)| v.is_none()) {
            let spent = search.nodes;
            if spent >= max_nodes || timed_stop() {
                return (values, search.nodes);
            }
            search.set_node_limit(spent.saturating_add(cap).min(max_nodes));
            let mut child = text.to_vec();
            child.push(*s);
            match search.wins_after(&child) {
                Ok(w) => {
                    *v = Some(w);
                    if !w {
                        let n = search.nodes;
                        return (values, n);
                    }
                }
                Err(_) => open = true,
            }
        }
        if !open {
            return (values, search.nodes);
        }
        cap = cap.saturating_mul(8);
    }
}
