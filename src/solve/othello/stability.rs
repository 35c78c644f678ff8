//! Stable discs: discs that no sequence of moves can ever flip. A lower bound built
//! from exact edge stability (a table over every edge configuration), full lines, and
//! propagation from stable neighbours.

use std::sync::OnceLock;

use crate::game::othello::{
    EDGES, FILE_A, FILE_H, shift_e, shift_n, shift_ne, shift_nw, shift_s, shift_se, shift_sw,
    shift_w,
};

/// `EDGE_STABLE[p * 256 + o]`: the discs of `p` on an 8-square edge that stay `p` whatever
/// is played on that edge's empty squares (either player may play any empty square: the
/// move may flip in another direction).
fn edge_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut memo = vec![u16::MAX; 65536];
        for p in 0..256u32 {
            for o in 0..256u32 {
                if p & o == 0 {
                    edge_stable_memo(p, o, &mut memo);
                }
            }
        }
        memo.iter()
            .map(|&v| if v == u16::MAX { 0 } else { v as u8 })
            .collect()
    })
}

/// A disc is stable when it is still ours, and stable, after every possible move.
fn edge_stable_memo(p: u32, o: u32, memo: &mut [u16]) -> u32 {
    let key = (p * 256 + o) as usize;
    if memo[key] != u16::MAX {
        return u32::from(memo[key]);
    }
    let empty = !(p | o) & 0xFF;
    let mut stable = p;
    for x in 0..8 {
        if empty & (1 << x) == 0 {
            continue;
        }
        let (np, no) = play_line(p, o, x);
        stable &= edge_stable_memo(np, no, memo);
        let (no, np) = play_line(o, p, x);
        stable &= edge_stable_memo(np, no, memo);
    }
    memo[key] = stable as u16;
    stable
}

/// Plays `x` for `p` on an 8-square line, flipping along the line only.
fn play_line(p: u32, o: u32, x: u32) -> (u32, u32) {
    let mut p = p | (1 << x);
    let mut o = o;
    // Towards square 0.
    if x > 1 {
        let mut y = x - 1;
        while y > 0 && o & (1 << y) != 0 {
            y -= 1;
        }
        if p & (1 << y) != 0 && y + 1 < x {
            let run = ((1u32 << x) - 1) & !((1u32 << (y + 1)) - 1);
            p |= run;
            o &= !run;
        }
    }
    // Towards square 7.
    if x < 6 {
        let mut y = x + 1;
        while y < 7 && o & (1 << y) != 0 {
            y += 1;
        }
        if p & (1 << y) != 0 && y > x + 1 {
            let run = ((1u32 << y) - 1) & !((1u32 << (x + 1)) - 1);
            p |= run;
            o &= !run;
        }
    }
    (p, o)
}

/// Bit `k` of the result is rank `k` of the a-file of `b`.
#[inline(always)]
fn file_a_to_byte(b: u64) -> usize {
    ((b & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

const fn build_spread() -> [u64; 256] {
    let mut t = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        let mut k = 0;
        while k < 8 {
            if i & (1 << k) != 0 {
                t[i] |= 1u64 << (8 * k);
            }
            k += 1;
        }
        i += 1;
    }
    t
}

/// Bit `k` of the index becomes square `8k` (the a-file).
static SPREAD_A: [u64; 256] = build_spread();

/// The discs of `p` that are stable along the four edges (exact for edge squares).
#[inline]
pub fn edge_stable(p: u64, o: u64) -> u64 {
    let t = edge_table();
    let idx = |pb: usize, ob: usize| t[(pb << 8) | ob] as u64;
    let r1 = idx((p & 0xFF) as usize, (o & 0xFF) as usize);
    let r8 = idx((p >> 56) as usize, (o >> 56) as usize) << 56;
    let fa = SPREAD_A[idx(file_a_to_byte(p), file_a_to_byte(o)) as usize];
    let fh = SPREAD_A[idx(file_a_to_byte(p >> 7), file_a_to_byte(o >> 7)) as usize] << 7;
    r1 | r8 | fa | fh
}

const FILES_AB: u64 = FILE_A * 0x03;
const FILES_A_TO_D: u64 = FILE_A * 0x0F;
const FILES_GH: u64 = FILE_A * 0xC0;
const FILES_E_TO_H: u64 = FILE_A * 0xF0;

/// Squares whose line is completely filled, per direction: (horizontal, vertical,
/// a1-h8 diagonals, h1-a8 diagonals).
#[inline]
pub fn full_lines(occ: u64) -> (u64, u64, u64, u64) {
    let mut h = occ;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let h = (h & FILE_A).wrapping_mul(0xFF);

    let mut v = occ;
    v &= v >> 8;
    v &= v >> 16;
    v &= v >> 32;
    let v = (v & 0xFF).wrapping_mul(FILE_A);

    // A diagonal square is on a full line when no empty square reaches it along that
    // diagonal: flood the empties both ways by 1, 2 and 4 steps (masks stop wrapping).
    let empty = !occ;
    let mut up = empty;
    up |= (up << 9) & !FILE_A;
    up |= (up << 18) & !FILES_AB;
    up |= (up << 36) & !FILES_A_TO_D;
    let mut down = empty;
    down |= (down >> 9) & !FILE_H;
    down |= (down >> 18) & !FILES_GH;
    down |= (down >> 36) & !FILES_E_TO_H;
    let d9 = occ & !(up | down);

    let mut up = empty;
    up |= (up << 7) & !FILE_H;
    up |= (up << 14) & !FILES_GH;
    up |= (up << 28) & !FILES_E_TO_H;
    let mut down = empty;
    down |= (down >> 7) & !FILE_A;
    down |= (down >> 14) & !FILES_AB;
    down |= (down >> 28) & !FILES_A_TO_D;
    let d7 = occ & !(up | down);

    (h, v, d9, d7)
}

/// The discs of `p` that can never be flipped (a lower bound: some stable discs may be
/// missed, none is claimed wrongly).
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let (fh, fv, fd, fa) = full_lines(p | o);
    let mut stable = edge_stable(p, o) | (p & fh & fv & fd & fa);
    if stable == 0 {
        return 0;
    }
    let inner = p & !EDGES;
    loop {
        let h = fh | shift_e(stable) | shift_w(stable);
        let v = fv | shift_n(stable) | shift_s(stable);
        let d = fd | shift_ne(stable) | shift_sw(stable);
        let a = fa | shift_nw(stable) | shift_se(stable);
        let more = stable | (inner & h & v & d & a);
        if more == stable {
            return stable;
        }
        stable = more;
    }
}

/// The number of stable discs of `p`.
#[inline]
pub fn stable_count(p: u64, o: u64) -> i32 {
    stable_discs(p, o).count_ones() as i32
}

/// Forces the edge table to be built (so the first search does not pay for it).
pub fn warm_up() {
    let _ = edge_table();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::othello::{RANK_1, RANK_8, flips, moves};

    fn slow_full(occ: u64) -> (u64, u64, u64, u64) {
        let mut out = [0u64; 4];
        let dirs = [(1, 0), (0, 1), (1, 1), (-1, 1)];
        for sq in 0..64i32 {
            for (k, (df, dr)) in dirs.iter().enumerate() {
                let mut full = true;
                for sign in [1, -1] {
                    let (mut f, mut r) = (sq % 8 + sign * df, sq / 8 + sign * dr);
                    while (0..8).contains(&f) && (0..8).contains(&r) {
                        if occ & (1 << (r * 8 + f)) == 0 {
                            full = false;
                        }
                        f += sign * df;
                        r += sign * dr;
                    }
                }
                if full && occ & (1 << sq) != 0 {
                    out[k] |= 1 << sq;
                }
            }
        }
        (out[0], out[1], out[2], out[3])
    }

    #[test]
    fn full_lines_match_a_slow_scan() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..5000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = x | (x >> 3) | (x << 5);
            let (h, v, d, a) = full_lines(occ);
            let (sh, sv, sd, sa) = slow_full(occ);
            assert_eq!(h & occ, sh, "h {occ:x}");
            assert_eq!(v & occ, sv, "v {occ:x}");
            assert_eq!(d & occ, sd, "d {occ:x}");
            assert_eq!(a & occ, sa, "a {occ:x}");
        }
    }

    /// Stable discs really are never flipped in random play-outs.
    #[test]
    fn stable_discs_never_flip() {
        let mut x: u64 = 0x1234_5678_9abc_def0;
        let mut rnd = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..400 {
            let (mut p, mut o) = (
                crate::game::othello::START_BLACK,
                crate::game::othello::START_WHITE,
            );
            let mut watch: Vec<(u64, bool)> = Vec::new(); // (stable set, belongs to black)
            let mut black_to_move = true;
            loop {
                let m = moves(p, o);
                if m == 0 {
                    if moves(o, p) == 0 {
                        break;
                    }
                    std::mem::swap(&mut p, &mut o);
                    black_to_move = !black_to_move;
                    continue;
                }
                let n = m.count_ones();
                let mut pick = (rnd() % u64::from(n)) as u32;
                let mut bits = m;
                while pick > 0 {
                    bits &= bits - 1;
                    pick -= 1;
                }
                let sq = bits.trailing_zeros();
                let f = flips(p, o, sq);
                p ^= f | (1 << sq);
                o ^= f;
                std::mem::swap(&mut p, &mut o);
                black_to_move = !black_to_move;
                let (black, white) = if black_to_move { (p, o) } else { (o, p) };
                for (set, is_black) in &watch {
                    let own = if *is_black { black } else { white };
                    assert_eq!(own & set, *set, "a stable disc flipped");
                }
                watch.push((stable_discs(black, white), true));
                watch.push((stable_discs(white, black), false));
            }
        }
        let _ = (RANK_1, RANK_8);
    }
}
