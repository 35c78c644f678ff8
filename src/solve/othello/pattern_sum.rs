//! The hot path of the pattern evaluation: the sum of the weights of all 46 instances,
//! the same as [`Layout::for_each_instance`] gives (a test checks it) but with each
//! family's index written out: the corner, edge and line patterns are the low squares
//! or the whole of an image's first ranks, read through one base-3 table of bytes;
//! diagonals are gathered by one multiplication each.

use super::patterns::{Layout, images};

/// The families in [`super::patterns`]' order.
const CORNER3X3: usize = 0;
const CORNER2X5: usize = 1;
const EDGE2X: usize = 2;
const LINE2: usize = 3;
const DIAG8: usize = 6;

/// `pow3(b)`: base-3 digit 1 at each set bit of `b` (bit 0 the lowest digit), from the
/// classic evaluation's table.
#[inline(always)]
fn pow3(b: usize) -> u32 {
    u32::from(super::eval::POW3[b])
}

/// The diagonal of `len` squares from (row 0, column 8 - len) as a mask.
const fn diag_mask(len: u32) -> u64 {
    let mut m = 0u64;
    let mut k = 0;
    while k < len {
        m |= 1u64 << (k * 8 + 8 - len + k);
        k += 1;
    }
    m
}

const DIAG_MASKS: [u64; 5] = [
    diag_mask(8),
    diag_mask(7),
    diag_mask(6),
    diag_mask(5),
    diag_mask(4),
];

/// Rank `r` of `(p, o)` as a base-3 number (file a the lowest digit).
#[inline(always)]
fn rank(p: u64, o: u64, r: u32) -> u32 {
    pow3(((p >> (8 * r)) & 0xFF) as usize) + 2 * pow3(((o >> (8 * r)) & 0xFF) as usize)
}

/// The diagonal `d` (0: length 8 ... 4: length 4) of `(p, o)` as a base-3 number.
#[inline(always)]
fn diagonal(p: u64, o: u64, d: usize) -> u32 {
    let mask = DIAG_MASKS[d];
    let shift = 56 + d as u32;
    let gp = (p & mask).wrapping_mul(0x0101_0101_0101_0101) >> shift;
    let go = (o & mask).wrapping_mul(0x0101_0101_0101_0101) >> shift;
    pow3(gp as usize) + 2 * pow3(go as usize)
}

/// The sum of `table`'s weights (one per configuration, laid out as
/// `layout.config_offset` says) over every instance on the position.
#[inline]
pub fn pattern_sum(layout: &Layout, table: &[i16], p: u64, o: u64) -> i32 {
    let ip = images(p);
    let io = images(o);
    let off = &layout.config_offset;
    let masks = &layout.image_mask;
    let w = |family: usize, idx: u32| i32::from(table[off[family] + idx as usize]);
    let mut v = 0;
    for t in 0..8 {
        let (a, b) = (ip[t], io[t]);
        let bit = 1u8 << t;
        // The first two ranks as bytes: their low squares' digits come from the same
        // table by masking, without divisions.
        let (p0, o0) = ((a & 0xFF) as usize, (b & 0xFF) as usize);
        let (p1, o1) = (((a >> 8) & 0xFF) as usize, ((b >> 8) & 0xFF) as usize);
        let low = |pb: usize, ob: usize, m: usize| pow3(pb & m) + 2 * pow3(ob & m);
        if masks[CORNER2X5] & bit != 0 {
            v += w(CORNER2X5, low(p0, o0, 31) + 243 * low(p1, o1, 31));
        }
        if masks[CORNER3X3] & bit != 0 {
            let (p2, o2) = (((a >> 16) & 7) as usize, ((b >> 16) & 7) as usize);
            let idx = low(p0, o0, 7) + 27 * low(p1, o1, 7) + 729 * low(p2, o2, 7);
            v += w(CORNER3X3, idx);
        }
        if masks[EDGE2X] & bit != 0 {
            // b2 and g2: bits 1 and 6 of the second rank, digits 8 and 9.
            let d = |sq: usize| ((p1 >> sq) & 1) + 2 * ((o1 >> sq) & 1);
            let x = (d(1) + 3 * d(6)) as u32;
            v += w(EDGE2X, low(p0, o0, 0xFF) + 6561 * x);
        }
        for (k, r) in (1..4).enumerate() {
            if masks[LINE2 + k] & bit != 0 {
                v += w(LINE2 + k, rank(a, b, r));
            }
        }
        for d in 0..5 {
            if masks[DIAG8 + d] & bit != 0 {
                v += w(DIAG8 + d, diagonal(a, b, d));
            }
        }
    }
    v
}
