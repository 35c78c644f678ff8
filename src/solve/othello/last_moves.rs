//! The last four empty squares: dedicated routines on explicit squares (no move
//! lists, no table), and the last move's flips counted from per-line tables. Split
//! from `endgame.rs`, whose null-window searches call them.

use super::endgame::{INF, QUAD_BIT, stability_cut};
use super::search::Search;
use crate::game::othello::{ADJACENT, FILE_A, final_margin, flips};

const fn build_count_flip() -> [[u8; 256]; 8] {
    let mut t = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut bits = 0;
        while bits < 256 {
            if bits & (1 << pos) == 0 {
                let mut c = 0;
                let mut y = pos as i32 - 1;
                let mut run = 0;
                while y >= 0 && bits & (1 << y) == 0 {
                    run += 1;
                    y -= 1;
                }
                if y >= 0 {
                    c += run;
                }
                let mut y = pos as i32 + 1;
                let mut run = 0;
                while y < 8 && bits & (1 << y) == 0 {
                    run += 1;
                    y += 1;
                }
                if y < 8 {
                    c += run;
                }
                t[pos][bits] = c as u8;
            }
            bits += 1;
        }
        pos += 1;
    }
    t
}

/// `COUNT_FLIP[pos][line]`: discs flipped along a full line by playing at `pos`, where
/// `line` marks the mover's discs and every other square is the opponent's.
static COUNT_FLIP: [[u8; 256]; 8] = build_count_flip();

const fn build_diagonals(step_file: i32) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let f0 = (sq % 8) as i32;
        let r0 = (sq / 8) as i32;
        let mut k = -8;
        while k <= 8 {
            let f = f0 + k * step_file;
            let r = r0 + k;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                t[sq] |= 1u64 << (r * 8 + f);
            }
            k += 1;
        }
        sq += 1;
    }
    t
}

/// The a1-h8 and h1-a8 diagonals through each square.
static DIAG9: [u64; 64] = build_diagonals(1);
static DIAG7: [u64; 64] = build_diagonals(-1);

/// Discs flipped by `p` playing on `x` when `x` is the only empty square.
#[inline(always)]
pub fn count_last_flips(p: u64, x: u32) -> i32 {
    let f = (x & 7) as usize;
    let r = (x >> 3) as usize;
    let x = x as usize;
    let row = ((p >> (8 * r)) & 0xFF) as usize;
    let col = ((((p >> f) & FILE_A).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as usize;
    let d9 = (((p & DIAG9[x]).wrapping_mul(FILE_A)) >> 56) as usize;
    let d7 = (((p & DIAG7[x]).wrapping_mul(FILE_A)) >> 56) as usize;
    i32::from(COUNT_FLIP[f][row])
        + i32::from(COUNT_FLIP[r][col])
        + i32::from(COUNT_FLIP[f][d9])
        + i32::from(COUNT_FLIP[f][d7])
}

impl Search<'_> {
    /// Four empties, tried odd quadrants first.
    pub(super) fn solve4(&mut self, p: u64, o: u64, alpha: i32, empty: u64, parity: u32) -> i32 {
        self.nodes += 1;
        if let Some(v) = stability_cut(p, o, alpha, 4) {
            return v;
        }
        let mut sq = [0u32; 4];
        let mut e = empty;
        for s in sq.iter_mut() {
            *s = e.trailing_zeros();
            e &= e.wrapping_sub(1);
        }
        // Odd quadrants first (stable order).
        let mut order = [0u32; 4];
        let mut k = 0;
        for want_odd in [true, false] {
            for &x in &sq {
                if (parity & QUAD_BIT[x as usize] != 0) == want_odd {
                    order[k] = x;
                    k += 1;
                }
            }
        }
        let mut best = -INF;
        for &x in &order {
            if ADJACENT[x as usize] & o == 0 {
                continue;
            }
            let f = flips(p, o, x);
            if f == 0 {
                continue;
            }
            let bit = 1u64 << x;
            let v = -self.solve3(
                o ^ f,
                p ^ f ^ bit,
                -alpha - 1,
                empty ^ bit,
                parity ^ QUAD_BIT[x as usize],
            );
            if v > best {
                if v > alpha {
                    return v;
                }
                best = v;
            }
        }
        if best != -INF {
            return best;
        }
        // Pass: the opponent moves, minimising.
        let mut worst = INF;
        for &x in &order {
            if ADJACENT[x as usize] & p == 0 {
                continue;
            }
            let f = flips(o, p, x);
            if f == 0 {
                continue;
            }
            let bit = 1u64 << x;
            let v = self.solve3(
                p ^ f,
                o ^ f ^ bit,
                alpha,
                empty ^ bit,
                parity ^ QUAD_BIT[x as usize],
            );
            if v < worst {
                if v <= alpha {
                    return v;
                }
                worst = v;
            }
        }
        if worst != INF {
            return worst;
        }
        final_margin(p, o)
    }

    /// Three empties.
    pub(super) fn solve3(&mut self, p: u64, o: u64, alpha: i32, empty: u64, parity: u32) -> i32 {
        self.nodes += 1;
        let mut e = empty;
        let x1 = e.trailing_zeros();
        e &= e - 1;
        let x2 = e.trailing_zeros();
        e &= e - 1;
        let x3 = e.trailing_zeros();
        // Put a square alone in its quadrant first.
        let order = if parity & QUAD_BIT[x1 as usize] != 0 {
            [x1, x2, x3]
        } else if parity & QUAD_BIT[x2 as usize] != 0 {
            [x2, x1, x3]
        } else {
            [x3, x1, x2]
        };
        let mut best = -INF;
        for i in 0..3 {
            let x = order[i];
            if ADJACENT[x as usize] & o == 0 {
                continue;
            }
            let f = flips(p, o, x);
            if f == 0 {
                continue;
            }
            let (y1, y2) = others(order, i);
            let v = -self.solve2(o ^ f, p ^ f ^ (1u64 << x), -alpha - 1, y1, y2);
            if v > best {
                if v > alpha {
                    return v;
                }
                best = v;
            }
        }
        if best != -INF {
            return best;
        }
        let mut worst = INF;
        for i in 0..3 {
            let x = order[i];
            if ADJACENT[x as usize] & p == 0 {
                continue;
            }
            let f = flips(o, p, x);
            if f == 0 {
                continue;
            }
            let (y1, y2) = others(order, i);
            let v = self.solve2(p ^ f, o ^ f ^ (1u64 << x), alpha, y1, y2);
            if v < worst {
                if v <= alpha {
                    return v;
                }
                worst = v;
            }
        }
        if worst != INF {
            return worst;
        }
        final_margin(p, o)
    }

    /// Two empties.
    pub(super) fn solve2(&mut self, p: u64, o: u64, alpha: i32, x1: u32, x2: u32) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        if ADJACENT[x1 as usize] & o != 0 {
            let f = flips(p, o, x1);
            if f != 0 {
                self.nodes += 1;
                best = -solve1(o ^ f, x2);
                if best > alpha {
                    return best;
                }
            }
        }
        if ADJACENT[x2 as usize] & o != 0 {
            let f = flips(p, o, x2);
            if f != 0 {
                self.nodes += 1;
                let v = -solve1(o ^ f, x1);
                if v > best {
                    best = v;
                }
            }
        }
        if best != -INF {
            return best;
        }
        let mut worst = INF;
        if ADJACENT[x1 as usize] & p != 0 {
            let f = flips(o, p, x1);
            if f != 0 {
                self.nodes += 1;
                worst = solve1(p ^ f, x2);
                if worst <= alpha {
                    return worst;
                }
            }
        }
        if ADJACENT[x2 as usize] & p != 0 {
            let f = flips(o, p, x2);
            if f != 0 {
                self.nodes += 1;
                let v = solve1(p ^ f, x1);
                if v < worst {
                    worst = v;
                }
            }
        }
        if worst != INF {
            return worst;
        }
        final_margin(p, o)
    }
}

#[inline(always)]
fn others(order: [u32; 3], i: usize) -> (u32, u32) {
    match i {
        0 => (order[1], order[2]),
        1 => (order[0], order[2]),
        _ => (order[0], order[1]),
    }
}

/// The exact margin for `p` to move when `x` is the only empty square (the opponent
/// holds every other square).
#[inline(always)]
pub fn solve1(p: u64, x: u32) -> i32 {
    let pc = p.count_ones() as i32;
    let f = count_last_flips(p, x);
    if f != 0 {
        return 2 * (pc + f) - 62;
    }
    let o = !(p | (1u64 << x));
    let f2 = count_last_flips(o, x);
    if f2 != 0 {
        return 2 * (pc - f2) - 64;
    }
    if 2 * pc > 63 {
        2 * pc - 62
    } else {
        2 * pc - 64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_flip_count_matches_flips() {
        let mut x: u64 = 0xdead_beef_1234_5678;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let sq = (x >> 58) as u32;
            let p = x & !(1u64 << sq);
            let o = !p & !(1u64 << sq);
            assert_eq!(
                count_last_flips(p, sq),
                flips(p, o, sq).count_ones() as i32,
                "p={p:x} sq={sq}"
            );
        }
    }

    #[test]
    fn solve1_matches_rules() {
        let mut x: u64 = 0x0123_4567_89ab_cdef;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let sq = (x >> 58) as u32;
            let bit = 1u64 << sq;
            let p = x & !bit;
            let o = !p & !bit;
            let want = {
                let f = flips(p, o, sq);
                if f != 0 {
                    final_margin(p ^ f ^ bit, o ^ f)
                } else {
                    let g = flips(o, p, sq);
                    if g != 0 {
                        -final_margin(o ^ g ^ bit, p ^ g)
                    } else {
                        final_margin(p, o)
                    }
                }
            };
            assert_eq!(solve1(p, sq), want);
        }
    }
}
