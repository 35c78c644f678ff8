//! Benedict, the original program's Othello AI: three plies of minimax on two tables
//! from its write-up. The first table is summed over Benedict's discs minus the
//! opponent's; when it is the opponent's turn, the second table is subtracted for each
//! of the opponent's legal moves. Kept as a selectable opponent and a yardstick.

use rand::{Rng, RngExt};

use crate::game::othello::{Othello, OthelloMove, final_margin, flips, moves};

/// Disc values: corners 50, the squares touching them negative.
pub const DISC_TABLE: [[i32; 8]; 8] = [
    [50, -3, 10, 5, 5, 10, -3, 50],
    [-3, -10, 0, 0, 0, 0, -10, -3],
    [10, 0, 0, 0, 0, 0, 0, 10],
    [5, 0, 0, 0, 0, 0, 0, 5],
    [5, 0, 0, 0, 0, 0, 0, 5],
    [10, 0, 0, 0, 0, 0, 0, 10],
    [-3, -10, 0, 0, 0, 0, -10, -3],
    [50, -3, 10, 5, 5, 10, -3, 50],
];

/// The cost of each legal move the opponent has.
pub const MOVE_TABLE: [[i32; 8]; 8] = [
    [10, 0, 5, 3, 3, 5, 0, 10],
    [0, 0, 1, 1, 1, 1, 0, 0],
    [5, 1, 1, 1, 1, 1, 1, 5],
    [3, 1, 1, 1, 1, 1, 1, 3],
    [3, 1, 1, 1, 1, 1, 1, 3],
    [5, 1, 1, 1, 1, 1, 1, 5],
    [0, 0, 1, 1, 1, 1, 0, 0],
    [10, 0, 5, 3, 3, 5, 0, 10],
];

/// How many plies Benedict looks ahead.
pub const DEPTH: u32 = 3;

/// A finished game outweighs any table sum.
const GAME_OVER: i32 = 10_000;

fn table_sum(table: &[[i32; 8]; 8], mut bits: u64) -> i32 {
    let mut s = 0;
    while bits != 0 {
        let sq = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        s += table[sq / 8][sq % 8];
    }
    s
}

/// Benedict's heuristic from his own side: `me` are his discs, `them` the opponent's;
/// `their_turn` says whether the opponent is to move.
pub fn heuristic(me: u64, them: u64, their_turn: bool) -> i32 {
    let mut v = table_sum(&DISC_TABLE, me) - table_sum(&DISC_TABLE, them);
    if their_turn {
        v -= table_sum(&MOVE_TABLE, moves(them, me));
    }
    v
}

/// Minimax from Benedict's side: `p` is to move; `benedict_to_move` says who that is.
fn minimax(p: u64, o: u64, depth: u32, benedict_to_move: bool) -> i32 {
    let (me, them) = if benedict_to_move { (p, o) } else { (o, p) };
    let mut bits = moves(p, o);
    if bits == 0 && moves(o, p) == 0 {
        let m = final_margin(me, them);
        return m.signum() * GAME_OVER + m;
    }
    if depth == 0 {
        return heuristic(me, them, !benedict_to_move);
    }
    if bits == 0 {
        return minimax(o, p, depth - 1, !benedict_to_move);
    }
    let mut best = if benedict_to_move { i32::MIN } else { i32::MAX };
    while bits != 0 {
        let sq = bits.trailing_zeros();
        bits &= bits - 1;
        let f = flips(p, o, sq);
        let v = minimax(o ^ f, p ^ f ^ (1u64 << sq), depth - 1, !benedict_to_move);
        best = if benedict_to_move {
            best.max(v)
        } else {
            best.min(v)
        };
    }
    best
}

/// Every legal move with Benedict's three-ply value for it.
pub fn move_values(board: &Othello) -> Vec<(OthelloMove, i32)> {
    let (p, o) = (board.player(), board.opponent());
    let mut bits = moves(p, o);
    if bits == 0 {
        if moves(o, p) == 0 {
            return Vec::new();
        }
        return vec![(OthelloMove::Pass, minimax(o, p, DEPTH - 1, false))];
    }
    let mut out = Vec::new();
    while bits != 0 {
        let sq = bits.trailing_zeros();
        bits &= bits - 1;
        let f = flips(p, o, sq);
        let v = minimax(o ^ f, p ^ f ^ (1u64 << sq), DEPTH - 1, false);
        out.extend(OthelloMove::at(sq).map(|m| (m, v)));
    }
    out
}

/// Benedict's move: the best by three-ply minimax, ties broken by `rng`.
pub fn choose<R: Rng + ?Sized>(board: &Othello, rng: &mut R) -> Option<OthelloMove> {
    let values = move_values(board);
    let top = values.iter().map(|&(_, v)| v).max()?;
    let best: Vec<OthelloMove> = values
        .iter()
        .filter(|&&(_, v)| v == top)
        .map(|&(m, _)| m)
        .collect();
    best.get(rng.random_range(0..best.len())).copied()
}
