//! The transposition table: two-entry buckets keyed by the full position (both
//! bitboards), so a hit is never a different position. Each entry keeps two moves:
//! the best, and the best before it (the exact solver tries them first and second).

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Bounds on the value: exact disc margins when `exact`, else evaluation units.
    pub lower: i32,
    pub upper: i32,
    /// Search depth (for exact entries: the number of empty squares).
    pub depth: u32,
    /// The best move found, 64 for none.
    pub best: u32,
    /// The best move before `best` replaced it (searched second), 64 for none.
    pub second: u32,
    pub exact: bool,
}

/// No best move.
pub const NO_MOVE: u32 = 64;

const VALID: u64 = 1 << 48;
const EXACT: u64 = 1 << 49;

/// The data word: lower (16 bits), upper (16), depth (8), best move (8), valid, exact,
/// second move (7), age (7).
#[inline(always)]
fn pack(lower: i32, upper: i32, depth: u32, moves: [u32; 2], exact: bool, age: u8) -> u64 {
    let lo = u64::from(lower.clamp(-32767, 32767) as i16 as u16);
    let up = u64::from(upper.clamp(-32767, 32767) as i16 as u16);
    lo | (up << 16)
        | (u64::from(depth.min(255)) << 32)
        | (u64::from(moves[0].min(64)) << 40)
        | VALID
        | if exact { EXACT } else { 0 }
        | (u64::from(moves[1].min(64)) << 50)
        | (u64::from(age & AGE_MASK) << 57)
}

/// The age keeps 7 bits (only equality matters).
const AGE_MASK: u8 = 0x7F;

#[inline(always)]
fn unpack(d: u64) -> Hit {
    Hit {
        lower: i32::from(d as u16 as i16),
        upper: i32::from((d >> 16) as u16 as i16),
        depth: ((d >> 32) & 0xFF) as u32,
        best: ((d >> 40) & 0xFF) as u32,
        second: ((d >> 50) & 0x7F) as u32,
        exact: d & EXACT != 0,
    }
}

#[inline(always)]
fn age_of(d: u64) -> u8 {
    (d >> 57) as u8
}

/// A mixing hash of a position.
#[inline(always)]
pub fn hash(p: u64, o: u64) -> u64 {
    let mut h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29);
    h ^= h >> 31;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ (h >> 29)
}

/// Two entries in one cache line, each three words: `player ^ data`,
/// `opponent ^ mix(data)` and `data` (zero: empty). Threads share the table without
/// locks: a torn entry (words from two different stores) fails the key check.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([AtomicU64; 6]);

#[inline(always)]
fn mix(d: u64) -> u64 {
    d.rotate_left(32) ^ 0x5851_F42D_4C95_7F2D
}

/// The fewest buckets a table has, whatever size is asked for (128 KiB).
const MIN_BUCKETS: usize = 2048;

/// A transposition table of a fixed size, shareable between threads.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of at most `mib` MiB (at least a few thousand entries). When the memory
    /// is not there, a table of half the size is made instead, and so on (see
    /// [`crate::solve::alloc`]): [`Table::bytes`] tells the size obtained.
    pub fn new(mib: u32) -> Table {
        let bytes = (mib as usize).saturating_mul(1 << 20);
        let mut n = MIN_BUCKETS;
        while n.saturating_mul(2 * size_of::<Bucket>()) <= bytes {
            n *= 2;
        }
        let buckets = crate::solve::alloc::halving_vec(n, MIN_BUCKETS, Bucket::default);
        Table {
            mask: buckets.len() - 1,
            buckets,
            age: 0,
        }
    }

    /// The memory the table holds, in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.buckets.len() * 2
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    /// Marks later stores as newer than what is in the table, so old entries are the
    /// first to be replaced.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            for w in &mut b.0 {
                *w.get_mut() = 0;
            }
        }
    }

    #[inline(always)]
    fn bucket(&self, p: u64, o: u64) -> &Bucket {
        &self.buckets[(hash(p, o) as usize) & self.mask]
    }

    /// Entry `k` of a bucket: its data if it holds `(p, o)`.
    #[inline(always)]
    fn read(b: &Bucket, k: usize, p: u64, o: u64) -> Option<u64> {
        let d = b.0[3 * k + 2].load(Relaxed);
        if d & VALID != 0
            && b.0[3 * k].load(Relaxed) ^ d == p
            && b.0[3 * k + 1].load(Relaxed) ^ mix(d) == o
        {
            Some(d)
        } else {
            None
        }
    }

    #[inline(always)]
    fn write(b: &Bucket, k: usize, p: u64, o: u64, d: u64) {
        b.0[3 * k + 2].store(d, Relaxed);
        b.0[3 * k].store(p ^ d, Relaxed);
        b.0[3 * k + 1].store(o ^ mix(d), Relaxed);
    }

    #[inline]
    pub fn probe(&self, p: u64, o: u64) -> Option<Hit> {
        let b = self.bucket(p, o);
        (0..2).find_map(|k| Table::read(b, k, p, o)).map(unpack)
    }

    /// Stores bounds. A store for the same position and depth narrows the bounds it
    /// already has; otherwise the shallower or older of the two entries is replaced.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        p: u64,
        o: u64,
        depth: u32,
        exact: bool,
        lower: i32,
        upper: i32,
        best: u32,
    ) {
        let age = self.age;
        let b = self.bucket(p, o);
        for k in 0..2 {
            if let Some(d) = Table::read(b, k, p, o) {
                let old = unpack(d);
                let (mut lo, mut up, mut bm) = (lower, upper, best);
                if old.depth == depth.min(255) && old.exact == exact {
                    lo = lo.max(old.lower);
                    up = up.min(old.upper);
                    if lo > up {
                        (lo, up) = (lower, upper);
                    }
                }
                // The move this search found best goes first; the one it displaced second.
                let mut second = old.second;
                if bm == NO_MOVE {
                    bm = old.best;
                } else if bm != old.best && old.best != NO_MOVE {
                    second = old.best;
                }
                if second == bm {
                    second = NO_MOVE;
                }
                // Proven values are never overwritten by estimates.
                let write = if old.exact != exact {
                    exact
                } else {
                    depth.min(255) >= old.depth
                };
                if write {
                    Table::write(b, k, p, o, pack(lo, up, depth, [bm, second], exact, age));
                }
                return;
            }
        }
        // Replace the empty, older, or shallower slot.
        let worth = |d: u64| -> i64 {
            if d & VALID == 0 {
                return -1_000;
            }
            let stale = if age_of(d) == age & AGE_MASK { 0 } else { -500 };
            stale + ((d >> 32) & 0xFF) as i64
        };
        let a = b.0[2].load(Relaxed);
        let c = b.0[5].load(Relaxed);
        let k = if worth(a) <= worth(c) { 0 } else { 1 };
        Table::write(
            b,
            k,
            p,
            o,
            pack(lower, upper, depth, [best, NO_MOVE], exact, age),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_and_narrows() {
        let t = Table::new(1);
        assert_eq!(t.bytes(), 1 << 20);
        assert!(t.probe(1, 2).is_none());
        t.store(1, 2, 10, true, -64, 12, 19);
        let h = t.probe(1, 2).expect("stored");
        assert_eq!(
            (h.lower, h.upper, h.depth, h.best, h.exact),
            (-64, 12, 10, 19, true)
        );
        t.store(1, 2, 10, true, 4, 64, NO_MOVE);
        let h = t.probe(1, 2).expect("stored");
        assert_eq!((h.lower, h.upper, h.best), (4, 12, 19));
        t.store(1, 2, 3, false, -3000, 2500, 7);
        let h = t.probe(1, 2).expect("kept");
        assert!(h.exact);
        // A new best move pushes the old one to second place.
        assert_eq!(h.second, NO_MOVE);
        t.store(1, 2, 10, true, 4, 8, 33);
        let h = t.probe(1, 2).expect("stored");
        assert_eq!((h.lower, h.upper, h.best, h.second), (4, 8, 33, 19));
        t.store(1, 2, 10, true, 4, 8, 19);
        let h = t.probe(1, 2).expect("stored");
        assert_eq!((h.best, h.second), (19, 33));
    }

    #[test]
    fn sizes_are_powers_of_two_within_the_size_asked_for() {
        assert_eq!(Table::new(0).bytes(), MIN_BUCKETS * 64);
        assert_eq!(Table::new(3).bytes(), 2 << 20);
        assert_eq!(Table::new(4).len(), (4 << 20) / 64 * 2);
    }
}
