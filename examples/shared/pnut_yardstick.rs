//! The yardstick of issue 17: an independent Monte-Carlo tree search for Pnut-Butta
//! that knows only the rules (`game::pnut`). UCT over the legal symbols, random
//! playouts to the end, the most visited move played. Shared by the examples that
//! measure parlor against it (`pnut_match`, `pnut_decisions`).

use std::time::{Duration, Instant};

use rand::RngExt;
use rand::rngs::StdRng;

use parlor::game::pnut::{Pnut, PnutMove};
use parlor::game::{Game, Outcome};

/// One node of the Monte-Carlo tree: the moves not tried yet, the children tried, and
/// the wins (for the player who moved into this node) over the visits.
struct Node {
    untried: Vec<PnutMove>,
    children: Vec<(PnutMove, usize)>,
    wins: f64,
    visits: f64,
}

/// Plain UCT with random playouts, for `ms` milliseconds; the most visited move.
pub fn mcts_move(root: &Pnut, ms: u64, rng: &mut StdRng) -> Option<PnutMove> {
    let legal = root.legal_moves();
    if legal.len() <= 1 {
        return legal.first().copied();
    }
    let mut nodes = vec![Node {
        untried: legal,
        children: Vec::new(),
        wins: 0.0,
        visits: 0.0,
    }];
    let deadline = Instant::now() + Duration::from_millis(ms);
    while Instant::now() < deadline {
        for _ in 0..64 {
            let mut game = root.clone();
            let mut path = vec![0usize];
            let mut at = 0;
            // Selection: down through fully expanded nodes by UCB1.
            while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
                let parent = nodes[at].visits.max(1.0).ln();
                let (mv, next) = nodes[at]
                    .children
                    .iter()
                    .copied()
                    .max_by(|a, b| {
                        let ucb = |i: usize| {
                            let n = &nodes[i];
                            n.wins / n.visits + (2.0 * parent / n.visits).sqrt()
                        };
                        ucb(a.1).total_cmp(&ucb(b.1))
                    })
                    .expect("a node with children");
                game.play(mv).expect("a legal move from the tree");
                at = next;
                path.push(at);
            }
            // Expansion: one untried move.
            if !nodes[at].untried.is_empty() {
                let i = rng.random_range(0..nodes[at].untried.len());
                let mv = nodes[at].untried.swap_remove(i);
                game.play(mv).expect("a legal untried move");
                let child = nodes.len();
                nodes.push(Node {
                    untried: game.legal_moves(),
                    children: Vec::new(),
                    wins: 0.0,
                    visits: 0.0,
                });
                nodes[at].children.push((mv, child));
                at = child;
                path.push(at);
            }
            // Playout: random symbols to the end.
            while game.outcome().is_none() {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.random_range(0..moves.len())];
                game.play(mv).expect("a legal random move");
            }
            let winner = match game.outcome() {
                Some(Outcome::Win(seat)) => Some(seat),
                _ => None,
            };
            // Backup: a node's wins count for the player who moved into it.
            let mut replay = root.clone();
            for (depth, &node) in path.iter().enumerate() {
                let mover = replay.to_move().other();
                nodes[node].visits += 1.0;
                if winner == Some(mover) {
                    nodes[node].wins += 1.0;
                } else if winner.is_none() {
                    nodes[node].wins += 0.5;
                }
                if let Some(&next) = path.get(depth + 1) {
                    let mv = nodes[node]
                        .children
                        .iter()
                        .find(|c| c.1 == next)
                        .map(|c| c.0)
                        .expect("the path follows children");
                    replay.play(mv).expect("legal");
                }
            }
        }
    }
    nodes[0]
        .children
        .iter()
        .max_by(|a, b| nodes[a.1].visits.total_cmp(&nodes[b.1].visits))
        .map(|c| c.0)
}
