//! The winner alone (`Goal::Winner`) on the graphs the win/loss search holds (at most
//! 128 edges, and 01/l=8, see [`Unused`]): each root move's
//! child by the win/loss search ([`super::outcome`]), stopping at the first winning
//! move. No distances: a move is "wins" or "loses".

use std::time::{Duration, Instant};

use super::graph::Graph;
use super::outcome::{Outcome, Reductions, Stopped};
use super::pns::KeptTree;
use super::table::Table;
use super::unused::Unused;
use super::wide::U256;
use super::{Limits, Solved, Stats};
use crate::game::pnut::{Pnut, PnutMove};
use crate::solve::analysis::{Analysis, MoveValue, Traps, Verdict};

/// Whether the win/loss search holds `g`'s edges (one of its widths fits).
pub(super) fn holds(g: &Graph) -> bool {
    u128::fits(g) || U256::fits(g)
}

/// Who wins at `game`, on `table` (the win/loss search's own), within `limits`' time
/// and nodes (depth has no meaning here), on a graph the search [`holds`]. The moves
/// are tried in rounds of growing node caps ([`root_outcomes`]): a short win is found
/// before a long search of another move eats the time.
pub(super) fn analyse_winner(
    game: &Pnut,
    g: Graph,
    table: &mut Table,
    kept: &mut KeptTree,
    limits: &Limits,
    stop: &dyn Fn() -> bool,
    report: &mut dyn FnMut(&Analysis<PnutMove>),
) -> Solved {
    let started = Instant::now();
    let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
    let RootOutcomes {
        values,
        nodes: proof_nodes,
        ..
    } = root_outcomes(game, g, table, kept, limits.max_millis, max_nodes, stop);
    let rules = game.rules();
    let moves: Vec<MoveValue<PnutMove>> = values
        .iter()
        .map(|&(s, opponent_wins)| MoveValue {
            mv: PnutMove(rules.symbol(s)),
            verdict: match opponent_wins {
                Some(false) => Verdict::Win { plies: None },
                Some(true) => Verdict::Loss { plies: None },
                None => Verdict::Unknown,
            },
            score: None,
            traps: None,
            chances: None,
            plies_at_most: None,
            proofs_left: None,
            score_at_most: None,
        })
        .collect();
    let won = moves.iter().any(|m| m.verdict.is_win());
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

/// What [`root_outcomes`] found.
pub(super) struct RootOutcomes {
    /// For each legal symbol, whether the mover after it wins (`None`: not proven).
    pub values: Vec<(u8, Option<bool>)>,
    /// For each legal symbol (in `values`' order), the opponent's replies and how many
    /// of them are proven to lose for the opponent, where the proof-number search
    /// expanded the move (two symbols; `None` otherwise).
    pub refuted: Vec<Option<Traps>>,
    /// For each legal symbol, the positions the proof-number search still had to prove
    /// lost for the opponent before the move would be proven to win (two symbols;
    /// `None` otherwise). Fewer is the better guess ([`super::pns`]).
    pub proofs_left: Vec<Option<u32>>,
    /// The nodes searched.
    pub nodes: u64,
}

/// The root moves' values by the win/loss search, within `max_millis` and
/// `max_nodes`: for each legal symbol, whether the mover after it wins (`None`: not
/// proven), and the nodes searched. On a graph the search [`holds`].
///
/// On two symbols, by the proof-number search over the first plies
/// ([`super::pns`]), its leaves searched by the win/loss search: a depth-first search
/// commits to the reply it tries first until that reply is decided, and a reply that
/// does not win can take far longer to refute than another takes to win. (Seen in a
/// match: a position whose refutation took 337 k nodes searched alone was not proven in
/// 20 s from its parent; its parent takes 108 k nodes this way.) On 88 positions of
/// random 01/l=8 games at plies 85-115 it took 177.9 M nodes in all where the rounds
/// of one ply of replies took 332.7 M (geometric mean 0.53 a position), and 01/l=6 from
/// the empty string 147,556 nodes instead of 254,790.
///
/// With more symbols, the moves are tried whole in rounds of growing node caps
/// ([`outcomes_of_width`]). (The proof-number search is not measured there; k=11,
/// l=2 holds its 0.5 s target this way.)
pub(super) fn root_outcomes(
    game: &Pnut,
    g: Graph,
    table: &mut Table,
    kept: &mut KeptTree,
    max_millis: u64,
    max_nodes: u64,
    stop: &dyn Fn() -> bool,
) -> RootOutcomes {
    if g.k == 2 {
        let (found, nodes) =
            super::pns::root_values(game, g, table, kept, max_millis, max_nodes, stop);
        return RootOutcomes {
            values: found.iter().map(|v| (v.symbol, v.opponent_wins)).collect(),
            refuted: found.iter().map(|v| v.refuted).collect(),
            proofs_left: found.iter().map(|v| Some(v.to_prove)).collect(),
            nodes,
        };
    }
    if u128::fits(&g) {
        outcomes_of_width::<u128>(game, g, table, max_millis, max_nodes, stop)
    } else {
        outcomes_of_width::<U256>(game, g, table, max_millis, max_nodes, stop)
    }
}

/// [`root_outcomes`] by rounds, with the unused edges as an `E`: each move searched
/// whole within a node cap growing eightfold a round, so that an easy proof is found
/// before a hard one eats the time (the table keeps what each round proved). The
/// first round is little more than table look-ups: a move already proven (the line of
/// a win proven at an earlier turn) costs a few nodes. Stops at the first move proven
/// to win.
fn outcomes_of_width<E: Unused>(
    game: &Pnut,
    g: Graph,
    table: &mut Table,
    max_millis: u64,
    max_nodes: u64,
    stop: &dyn Fn() -> bool,
) -> RootOutcomes {
    let deadline = Instant::now() + Duration::from_millis(max_millis.max(1));
    let timed_stop = || stop() || Instant::now() >= deadline;
    let mut search = Outcome::<E>::of_width(g, Reductions::ALL, table, &timed_stop);
    let text = &game.indices()[..game.len()];
    let mut values: Vec<(u8, Option<bool>)> = game
        .legal_indices()
        .into_iter()
        .map(|s| (s, None))
        .collect();
    let done = |values: Vec<(u8, Option<bool>)>, nodes: u64| RootOutcomes {
        refuted: vec![None; values.len()],
        proofs_left: vec![None; values.len()],
        values,
        nodes,
    };
    let mut cap: u64 = 1 << 6;
    loop {
        let mut open = false;
        for i in 0..values.len() {
            let (s, v) = values[i];
            if v.is_some() {
                continue;
            }
            let Some(found) = within(&mut search, text, &[s], cap, max_nodes, &timed_stop) else {
                return done(values, search.nodes);
            };
            match found {
                Ok(w) => {
                    values[i].1 = Some(w);
                    if !w {
                        return done(values, search.nodes);
                    }
                }
                Err(_) => open = true,
            }
        }
        if !open {
            return done(values, search.nodes);
        }
        cap = cap.saturating_mul(8);
    }
}

/// Whether the player to move after `text` then `then` wins, searched within `cap` more
/// nodes; `None` once `max_nodes` are spent or `stop` says so.
fn within<E: Unused>(
    search: &mut Outcome<'_, E>,
    text: &[u8],
    then: &[u8],
    cap: u64,
    max_nodes: u64,
    stop: &dyn Fn() -> bool,
) -> Option<Result<bool, Stopped>> {
    let spent = search.nodes;
    if spent >= max_nodes || stop() {
        return None;
    }
    search.set_node_limit(spent.saturating_add(cap).min(max_nodes));
    let mut after = text.to_vec();
    after.extend_from_slice(then);
    Some(search.wins_after(&after))
}
