//! Monte-Carlo scoring of the root moves left unproven: the share of simulated games
//! through the move that its player won, by a short tree search ([`super::mcts`]) on the
//! graphs where it plays (`play::TREE_EDGES`), by flat random playouts beyond.

use rustc_hash::FxHashMap;

use super::graph::{Graph, splitmix};
use super::mcts::{Mcts, Tree};
use super::play::TREE_EDGES;
use super::root::RootMove;
use super::{Res, play::rate_score};
use crate::game::pnut::Pnut;

/// Playouts per unproven root move.
const PLAYOUTS: u32 = 64;

/// Tree search simulations per root move (the moves proved are not simulated).
const SIMULATIONS: u64 = 256;
/// Plies per playout at most; longer ones count as half a win.
const PLAYOUT_PLIES: usize = 2000;

/// Scores each unproven root move by random playouts (a player wins at once when it
/// can, else writes a random legal symbol): the mover's win rate, scaled to -1000..1000.
pub(super) fn score_unknown(roots: &mut [RootMove], game: &Pnut, g: &Graph) {
    if g.edges <= TREE_EDGES {
        score_by_tree(roots, game, g);
        return;
    }
    let mut seed = splitmix(game.len() as u64 ^ 0x70_6e_75_74);
    for i in 0..roots.len() {
        if roots[i].result.decided() || roots[i].score.is_some() {
            continue;
        }
        if let Some(j) = roots[i].same_as {
            roots[i].score = roots[j].score;
            continue;
        }
        let mut sim = Playout::new(game, *g);
        let mut wins2 = 0u32; // in halves
        for _ in 0..PLAYOUTS {
            seed = splitmix(seed);
            wins2 += sim.play(roots[i].symbol, seed);
        }
        let rate = f64::from(wins2) / f64::from(2 * PLAYOUTS);
        roots[i].score = Some(((rate - 0.5) * 2000.0).round() as i32);
    }
}

/// The tree search's share of simulated games won, for the root moves not proved and
/// not scored yet (equivalent moves share the first one's score).
fn score_by_tree(roots: &mut [RootMove], game: &Pnut, g: &Graph) {
    let open = |r: &RootMove| !r.result.decided() && r.score.is_none();
    if !roots.iter().any(open) {
        return;
    }
    let proved: Vec<(u8, bool)> = roots
        .iter()
        .filter(|r| r.result.decided())
        .map(|r| (r.symbol, matches!(r.result, Res::Win(_))))
        .collect();
    let mut tree = Tree::default();
    let mut mcts = Mcts::new(game, *g, &mut tree, None, 0x73_63_6f_72_65);
    mcts.know(&proved);
    mcts.run(SIMULATIONS * roots.len() as u64, &|| false);
    let stats = mcts.root_moves();
    for i in 0..roots.len() {
        if !open(&roots[i]) {
            continue;
        }
        if let Some(j) = roots[i].same_as {
            roots[i].score = roots[j].score;
            continue;
        }
        let s = roots[i].symbol;
        roots[i].score = stats
            .iter()
            .find(|m| m.symbol == s)
            .map(|m| rate_score(m.rate));
    }
}

/// Random games from a position, on a set of used l-grams that is undone after each.
struct Playout {
    g: Graph,
    used: FxHashMap<u64, ()>,
    base: Vec<u64>,
    start: Vec<u8>,
}

impl Playout {
    fn new(game: &Pnut, g: Graph) -> Playout {
        Playout {
            g,
            used: game.used_grams().map(|c| (c, ())).collect(),
            base: game.used_grams().collect(),
            start: game.indices()[..game.len()].to_vec(),
        }
    }

    /// Plays `first` then random moves; returns 2 if the player who wrote `first`
    /// wins, 0 if they lose, 1 if the playout ran too long.
    fn play(&mut self, first: u8, seed: u64) -> u32 {
        let k = u64::from(self.g.k);
        let l = self.g.l as usize;
        let mut rng = seed;
        let mut text = self.start.clone();
        let mut added = Vec::new();
        let mut sym = first;
        let mut plies = 0usize;
        let result;
        loop {
            // Write `sym`.
            if text.len() + 1 >= l {
                let code = text[text.len() + 1 - l..]
                    .iter()
                    .fold(0u64, |a, &x| a * k + u64::from(x))
                    * k
                    + u64::from(sym);
                self.used.insert(code, ());
                added.push(code);
            }
            text.push(sym);
            plies += 1;
            if plies > PLAYOUT_PLIES {
                result = 1;
                break;
            }
            // The next player's options.
            let legal: Vec<u8> = (0..self.g.k as u8)
                .filter(|&c| {
                    text.len() + 1 < l || {
                        let code = text[text.len() + 1 - l..]
                            .iter()
                            .fold(0u64, |a, &x| a * k + u64::from(x))
                            * k
                            + u64::from(c);
                        !self.used.contains_key(&code)
                    }
                })
                .collect();
            if legal.is_empty() {
                // The player who wrote last wins: plies odd means the first writer.
                result = if plies % 2 == 1 { 2 } else { 0 };
                break;
            }
            rng = splitmix(rng);
            sym = legal[(rng % legal.len() as u64) as usize];
        }
        for code in added {
            self.used.remove(&code);
        }
        debug_assert!(self.base.iter().all(|c| self.used.contains_key(c)));
        result
    }
}
