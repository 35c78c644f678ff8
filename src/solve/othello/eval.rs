//! The midgame evaluation: mobility, potential mobility, corners and the squares next
//! to empty corners, stable discs (edges included), parity, and late in the game the
//! disc count. Weights change smoothly with the number of empty squares. The result is
//! in [`SCALE`] units per disc, for the player to move.

use super::eval_weights::{BUCKET_OF, EDGE, SCALAR};
use super::stability::stable_count;
use crate::game::othello::{CORNERS, EDGES, FILE_A, final_margin, moves, neighbours};

/// Evaluation units per disc of margin.
pub const SCALE: i32 = 100;
/// The largest evaluation magnitude (a 64-disc win).
pub const EVAL_MAX: i32 = 64 * SCALE;

/// Weights at the opening (60 empties) and at the end (0 empties).
#[derive(Clone, Copy)]
struct Weights {
    mobility: i32,
    potential: i32,
    corner: i32,
    x_square: i32,
    c_square: i32,
    stable: i32,
    parity: i32,
    discs: i32,
}

const EARLY: Weights = Weights {
    mobility: 90,
    potential: 30,
    corner: 900,
    x_square: -350,
    c_square: -90,
    stable: 120,
    parity: 0,
    discs: -6,
};

const LATE: Weights = Weights {
    mobility: 40,
    potential: 8,
    corner: 400,
    x_square: -80,
    c_square: -20,
    stable: 110,
    parity: 180,
    discs: 45,
};

#[inline(always)]
fn mix(early: i32, late: i32, empties: i32) -> i32 {
    (early * empties + late * (60 - empties)) / 60
}

/// X-squares (diagonally next to a corner) behind each empty corner.
#[inline(always)]
fn x_squares_of(empty_corners: u64) -> u64 {
    ((empty_corners & 1) << 9)
        | ((empty_corners & 0x80) << 7)
        | ((empty_corners & (1 << 56)) >> 7)
        | ((empty_corners & (1 << 63)) >> 9)
}

/// Moves counted with corners twice.
#[inline(always)]
pub fn weighted_mobility(m: u64) -> i32 {
    let corners = (m & 1) + ((m >> 7) & 1) + ((m >> 56) & 1) + (m >> 63);
    (m.count_ones() + corners as u32) as i32
}

/// Number of scalar features of the trained evaluation.
pub const N_SCALAR: usize = 8;
/// Edge configurations: 3^8.
pub const N_EDGE: usize = 6561;

const fn build_pow3() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut v = 0u16;
        let mut i = 0;
        let mut w = 1u16;
        while i < 8 {
            if b & (1 << i) != 0 {
                v += w;
            }
            w *= 3;
            i += 1;
        }
        t[b] = v;
        b += 1;
    }
    t
}

/// `POW3[b]`: the base-3 number with digit 1 where `b` has a bit (read from bit 0).
pub(super) static POW3: [u16; 256] = build_pow3();

/// Bit `k` of the result is rank `k` of the a-file of `b`.
#[inline(always)]
fn file_a_byte(b: u64) -> usize {
    ((b & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

#[inline(always)]
fn edge_pair(pb: usize, ob: usize) -> [u16; 2] {
    let rp = (pb as u8).reverse_bits() as usize;
    let ro = (ob as u8).reverse_bits() as usize;
    [POW3[pb] + 2 * POW3[ob], POW3[rp] + 2 * POW3[ro]]
}

/// The four edges of the board as base-3 indices (0 empty, 1 mover, 2 opponent), each
/// read from both ends, so mirror images share their weights.
#[inline]
pub fn edge_indices(p: u64, o: u64) -> [u16; 8] {
    let [a, b] = edge_pair((p & 0xFF) as usize, (o & 0xFF) as usize);
    let [c, d] = edge_pair((p >> 56) as usize, (o >> 56) as usize);
    let [e, f] = edge_pair(file_a_byte(p), file_a_byte(o));
    let [g, h] = edge_pair(file_a_byte(p >> 7), file_a_byte(o >> 7));
    [a, b, c, d, e, f, g, h]
}

/// The scalar features of the trained evaluation, for the mover: mobility, corner
/// moves, potential mobility, stable discs, discs, parity, X-squares and C-squares by
/// empty corners (each as mover minus opponent).
#[inline]
pub fn scalar_features(p: u64, o: u64) -> [i32; N_SCALAR] {
    let empty = !(p | o);
    let pm = moves(p, o);
    let om = moves(o, p);
    let ec = empty & CORNERS;
    let xs = x_squares_of(ec);
    let cs = neighbours(ec) & EDGES;
    let stable = if (p | o) & EDGES != 0 {
        stable_count(p, o) - stable_count(o, p)
    } else {
        0
    };
    [
        pm.count_ones() as i32 - om.count_ones() as i32,
        (pm & CORNERS).count_ones() as i32 - (om & CORNERS).count_ones() as i32,
        (neighbours(o) & empty).count_ones() as i32 - (neighbours(p) & empty).count_ones() as i32,
        stable,
        p.count_ones() as i32 - o.count_ones() as i32,
        if empty.count_ones() % 2 == 1 { 1 } else { -1 },
        (p & xs).count_ones() as i32 - (o & xs).count_ones() as i32,
        (p & cs).count_ones() as i32 - (o & cs).count_ones() as i32,
    ]
}

/// The trained evaluation for phase bucket `b`, in [`SCALE`] units.
#[inline]
fn trained(p: u64, o: u64, b: usize) -> i32 {
    let edges = &EDGE[b];
    let mut v: i32 = edge_indices(p, o)
        .iter()
        .map(|&i| i32::from(edges[i as usize]))
        .sum();
    let w = &SCALAR[b];
    for (f, wk) in scalar_features(p, o).iter().zip(w.iter()) {
        v += f * wk;
    }
    v += w[N_SCALAR];
    v
}

/// The evaluation of the position for `p`, the player to move.
pub fn evaluate(p: u64, o: u64) -> i32 {
    let n = (!(p | o)).count_ones() as usize;
    if let Some(b) = BUCKET_OF[n] {
        if moves(p, o) == 0 && moves(o, p) == 0 {
            return final_margin(p, o) * SCALE;
        }
        return trained(p, o, b).clamp(-EVAL_MAX + 1, EVAL_MAX - 1);
    }
    handmade(p, o)
}

/// The hand-tuned evaluation used where no trained weights exist.
fn handmade(p: u64, o: u64) -> i32 {
    let empty = !(p | o);
    let n = empty.count_ones() as i32;
    let pm = moves(p, o);
    let om = moves(o, p);
    if pm == 0 && om == 0 {
        return final_margin(p, o) * SCALE;
    }
    let w = |f: fn(&Weights) -> i32| mix(f(&EARLY), f(&LATE), n.min(60));

    let mobility = weighted_mobility(pm) - weighted_mobility(om);
    // Empty squares next to the opponent's discs are where my future moves are.
    let potential =
        (neighbours(o) & empty).count_ones() as i32 - (neighbours(p) & empty).count_ones() as i32;
    let corners = (p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32;
    let ec = empty & CORNERS;
    let xs = x_squares_of(ec);
    let cs = neighbours(ec) & EDGES;
    let x_diff = (p & xs).count_ones() as i32 - (o & xs).count_ones() as i32;
    let c_diff = (p & cs).count_ones() as i32 - (o & cs).count_ones() as i32;
    let stable = if (p | o) & EDGES != 0 {
        stable_count(p, o) - stable_count(o, p)
    } else {
        0
    };
    // The side to move gets the last move when the number of empties is odd.
    let parity = if n % 2 == 1 { 1 } else { -1 };
    let discs = p.count_ones() as i32 - o.count_ones() as i32;

    let mut score = w(|w| w.mobility) * mobility
        + w(|w| w.potential) * potential
        + w(|w| w.corner) * corners
        + w(|w| w.x_square) * x_diff
        + w(|w| w.c_square) * c_diff
        + w(|w| w.stable) * stable
        + w(|w| w.parity) * parity
        + w(|w| w.discs) * discs;
    // Having no move is bad news.
    if pm == 0 {
        score -= 300;
    }
    // Roughly disc units, like the trained evaluation.
    score = score * 3 / 4;
    score.clamp(-EVAL_MAX + 1, EVAL_MAX - 1)
}
