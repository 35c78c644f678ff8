//! The winner alone (`Goal::Winner`) on the graphs the win/loss search holds (at most
//! 128 edges, and 01/l=8, see [`Unused`]): each root move's
//! child by the win/loss search ([`super::outcome`]), stopping at the first winning
//! move. No distances: a move is "wins" or "loses".

use std::time::{Duration, Instant};

use super::graph::Graph;
use super::outcome::{Outcome, Reductions, Stopped};
use super::table::Table;
use super::unused::Unused;
use super::wide::U256;
use super::{Limits, Solved, Stats};
use crate::game::Game;
use crate::game::pnut::{Pnut, PnutMove};
use crate::solve::analysis::{Analysis, MoveValue, Verdict};

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
    limits: &Limits,
    stop: &dyn Fn() -> bool,
    report: &mut dyn FnMut(&Analysis<PnutMove>),
) -> Solved {
    let started = Instant::now();
    let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
    let (values, proof_nodes) = root_outcomes(game, g, table, limits.max_millis, max_nodes, stop);
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

/// The root moves' values by the win/loss search, within `max_millis` and
/// `max_nodes`: for each legal symbol, whether the mover after it wins (`None`: not
/// proven). Moves are tried in rounds of growing node caps, so that an easy proof is
/// found before a hard one eats the time (the table keeps what each round proved).
/// Stops at the first move proven to win. Returns the nodes searched. On a graph the
/// search [`holds`].
pub(super) fn root_outcomes(
    game: &Pnut,
    g: Graph,
    table: &mut Table,
    max_millis: u64,
    max_nodes: u64,
    stop: &dyn Fn() -> bool,
) -> (Vec<(u8, Option<bool>)>, u64) {
    if u128::fits(&g) {
        outcomes_of_width::<u128>(game, g, table, max_millis, max_nodes, stop)
    } else {
        outcomes_of_width::<U256>(game, g, table, max_millis, max_nodes, stop)
    }
}

/// The most symbols with which the rounds search each move's replies (see
/// [`outcomes_of_width`]); with more, each move is searched as a whole. With the
/// replies' rounds, k=11, l=2 took 300 k nodes from the empty string instead of 70 k
/// (eleven moves of ten replies each); starting them only past a cap of 32 k nodes a
/// move kept that, but lost the 01/l=8 position of the test
/// `the_winner_alone_tries_each_moves_replies_in_rounds` again.
const REPLY_ROUNDS_MAX_K: u32 = 2;

/// [`root_outcomes`] with the unused edges as an `E`.
///
/// On two symbols, after a first round of look-ups, the rounds go one ply deeper:
/// each root move's replies are searched in turn within the round's cap. A depth-first search commits
/// to the reply it tries first until that reply is decided, and a reply that does not
/// win can take far longer to refute than the other takes to win. (Seen in a match:
/// a root move whose refutation took 337 k nodes searched alone was not proven in 20 s
/// from its parent.) A move wins once every reply is proven to lose, and loses at the
/// first reply proven to win.
fn outcomes_of_width<E: Unused>(
    game: &Pnut,
    g: Graph,
    table: &mut Table,
    max_millis: u64,
    max_nodes: u64,
    stop: &dyn Fn() -> bool,
) -> (Vec<(u8, Option<bool>)>, u64) {
    let deadline = Instant::now() + Duration::from_millis(max_millis.max(1));
    let timed_stop = || stop() || Instant::now() >= deadline;
    let mut search = Outcome::<E>::of_width(g, Reductions::ALL, table, &timed_stop);
    let text = &game.indices()[..game.len()];
    let mut values: Vec<(u8, Option<bool>)> = game
        .legal_indices()
        .into_iter()
        .map(|s| (s, None))
        .collect();
    // On two symbols, each root move's replies, and whether the root's mover wins after
    // each (`None`: not proven); a move that leaves the opponent stuck wins.
    let by_replies = g.k <= REPLY_ROUNDS_MAX_K;
    let mut replies: Vec<Vec<(u8, Option<bool>)>> = values
        .iter()
        .map(|&(s, _)| {
            let mut child = game.clone();
            if !by_replies || child.play(PnutMove(game.rules().symbol(s))).is_err() {
                return Vec::new();
            }
            child
                .legal_indices()
                .into_iter()
                .map(|r| (r, None))
                .collect()
        })
        .collect();
    if let Some(i) = replies
        .iter()
        .position(Vec::is_empty)
        .filter(|_| by_replies)
    {
        values[i].1 = Some(false);
        return (values, 0);
    }
    // The first round, each move whole, is little more than table look-ups: a move
    // already proven (the line of a win proven at an earlier turn) costs a few nodes.
    let mut cap: u64 = 1 << 6;
    let mut first = true;
    loop {
        let mut open = false;
        for ((s, v), replies) in values.iter_mut().zip(replies.iter_mut()) {
            if v.is_some() {
                continue;
            }
            if first || !by_replies {
                let Some(found) = within(&mut search, text, &[*s], cap, max_nodes, &timed_stop)
                else {
                    return (values, search.nodes);
                };
                match found {
                    Ok(w) => {
                        *v = Some(w);
                        if !w {
                            return (values, search.nodes);
                        }
                    }
                    Err(_) => open = true,
                }
                continue;
            }
            for (r, w) in replies.iter_mut().filter(|(_, w)| w.is_none()) {
                let Some(found) = within(&mut search, text, &[*s, *r], cap, max_nodes, &timed_stop)
                else {
                    return (values, search.nodes);
                };
                match found {
                    // The reply wins: the move loses.
                    Ok(false) => {
                        *v = Some(true);
                        break;
                    }
                    Ok(true) => *w = Some(true),
                    Err(_) => open = true,
                }
            }
            if v.is_none() && replies.iter().all(|(_, w)| w.is_some()) {
                *v = Some(false);
                return (values, search.nodes);
            }
        }
        if !open {
            return (values, search.nodes);
        }
        first = false;
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
