//! The transposition table of proof bounds.
//!
//! An entry is keyed by the position alone (the unused edges reachable from the node,
//! and the node) and holds facts about that position alone: "won or lost within `hi`
//! plies", "not decided within `lo` plies", both counted from the position itself. No
//! budget relative to a search's root goes in, so an entry stays true across searches,
//! moves and undos of one set of rules, and an [`Engine`](super::Engine) keeps the
//! table for a whole match.

use super::graph::mix;

pub(super) const NONE: u16 = u16::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    key: u128,
    node: u32,
    /// Decided within `hi` plies (`NONE`: not known).
    pub(super) hi: u16,
    /// Not decided within `lo` plies.
    pub(super) lo: u16,
    pub(super) win: bool,
    /// The move searched first next time (the winning one when `win` was stored last,
    /// but a later shallower search may replace it: an ordering hint, not a proof).
    pub(super) best: u8,
    /// log2 of the nodes searched to make this entry, for replacement.
    work: u8,
    /// The search generation that last stored or read the entry: entries of earlier
    /// positions of the game (fewer edges used) are never read again along the game, so
    /// they are replaced before any entry of the current search, whatever their work.
    age: u8,
    used: bool,
}

const EMPTY: Entry = Entry {
    key: 0,
    node: 0,
    hi: NONE,
    lo: 0,
    win: false,
    best: u8::MAX,
    work: 0,
    age: 0,
    used: false,
};

/// An entry as stored: four words, all zero for an empty slot, so that a new table is
/// zeroed memory the system hands over lazily (a page costs only once a position lands
/// in it: a quick proof does not pay for writing the whole table first).
/// Words 0-1: the key; word 2: node (bits 0-31), hi (32-47), lo (48-63); word 3: win
/// (bit 0), used (bit 1), best (8-15), work (16-23), age (24-31).
type Slot = [u64; 4];

/// Whether a slot holds an entry.
fn used(s: &Slot) -> bool {
    s[3] >> 1 & 1 == 1
}

/// The position a slot's entry is about: its key and node.
fn position(s: &Slot) -> (u128, u64) {
    (
        u128::from(s[0]) | u128::from(s[1]) << 64,
        u64::from(s[2] as u32),
    )
}

fn decode(s: &Slot) -> Entry {
    Entry {
        key: position(s).0,
        node: s[2] as u32,
        hi: (s[2] >> 32) as u16,
        lo: (s[2] >> 48) as u16,
        win: s[3] & 1 == 1,
        used: used(s),
        best: (s[3] >> 8) as u8,
        work: (s[3] >> 16) as u8,
        age: (s[3] >> 24) as u8,
    }
}

fn encode(e: &Entry) -> Slot {
    [
        e.key as u64,
        (e.key >> 64) as u64,
        u64::from(e.node) | u64::from(e.hi) << 32 | u64::from(e.lo) << 48,
        u64::from(e.win)
            | u64::from(e.used) << 1
            | u64::from(e.best) << 8
            | u64::from(e.work) << 16
            | u64::from(e.age) << 24,
    ]
}

/// The transposition table: buckets of four entries, stale then least work replaced.
/// It starts small and doubles whenever a quarter of it is in use, up to the size asked
/// for: a quick proof stays in a few hundred KiB (in the cache, and without touching
/// pages it does not need), a long one gets the whole table.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
    stored: u64,
    age: u8,
    /// The most slots the table may grow to.
    max_slots: usize,
}

const BUCKET: usize = 4;
/// The fewest buckets a table has, whatever size is asked for.
const MIN_BUCKETS: usize = 16;
/// The slots a table starts with (512 KiB), when it may grow that far.
const FIRST_SLOTS: usize = 1 << 14;

impl Table {
    pub fn new(mib: u32) -> Table {
        let bytes = (mib.max(1) as usize) << 20;
        let want = (bytes / std::mem::size_of::<Slot>()).max(BUCKET * MIN_BUCKETS);
        // The largest power of two that fits in the size asked for.
        let buckets = 1usize << (usize::BITS - 1 - (want / BUCKET).leading_zeros());
        let max_slots = buckets.max(MIN_BUCKETS) * BUCKET;
        let slots =
            crate::solve::alloc::halving_zeroed(max_slots.min(FIRST_SLOTS), MIN_BUCKETS * BUCKET);
        Table {
            mask: slots.len() / BUCKET - 1,
            slots,
            stored: 0,
            age: 0,
            max_slots,
        }
    }

    /// Forgets every entry (and shrinks back to the first size).
    pub fn clear(&mut self) {
        let first = self.max_slots.min(FIRST_SLOTS);
        if self.slots.len() == first {
            self.slots.fill([0; 4]);
        } else {
            self.slots = vec![[0; 4]; first];
            self.mask = first / BUCKET - 1;
        }
        self.stored = 0;
        self.age = 0;
    }

    /// Doubles the table in place: the vector is extended (a large allocation is
    /// remapped, not copied) and each entry whose bucket in the larger table is the
    /// upper one of the two its old bucket splits into moves there. So growing to `2n`
    /// slots needs `2n` slots of memory, not `3n` as copying into a new table did: a
    /// 16 GiB proof table filled to 8 GiB on a 24 GiB machine was killed for memory
    /// while growing. Short of memory, the table stays as it is and stops growing.
    fn grow(&mut self) {
        let old_len = self.slots.len();
        if self.slots.try_reserve_exact(old_len).is_err() {
            tracing::warn!(
                slots = old_len,
                "transposition table: not enough memory to grow, keeping its size"
            );
            self.max_slots = old_len;
            return;
        }
        self.slots.resize(old_len * 2, [0; 4]);
        self.mask = old_len * 2 / BUCKET - 1;
        for b in (0..old_len).step_by(BUCKET) {
            for k in b..b + BUCKET {
                let s = self.slots[k];
                if !used(&s) {
                    continue;
                }
                let (key, node) = position(&s);
                let to = self.bucket(key, node);
                if to == b {
                    continue;
                }
                // The upper bucket takes only this bucket's entries: a slot is free.
                if let Some(free) = self.slots[to..to + BUCKET].iter_mut().find(|t| !used(t)) {
                    *free = s;
                }
                self.slots[k] = [0; 4];
            }
        }
    }

    /// Every entry in use as (key, node, win), for a checkpoint of the win/loss search
    /// (whose entries are all decided).
    pub fn decided(&self) -> impl Iterator<Item = (u128, u64, bool)> + '_ {
        self.slots.iter().filter(|s| used(s)).map(|s| {
            let (key, node) = position(s);
            (key, node, s[3] & 1 == 1)
        })
    }

    /// Stores a decided entry read back from a checkpoint of the win/loss search.
    pub fn put_decided(&mut self, key: u128, node: u64, win: bool) {
        self.put(
            key,
            node,
            |e| {
                e.win = win;
                e.hi = 0;
            },
            0,
        );
    }

    /// Starts a new search generation (see `Entry::age`).
    pub fn next_age(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Entries in use.
    pub fn stored(&self) -> u64 {
        self.stored
    }

    /// The size now (it grows with use).
    pub fn bytes(&self) -> u64 {
        (self.slots.len() * std::mem::size_of::<Slot>()) as u64
    }

    /// The size it may grow to.
    pub fn max_bytes(&self) -> u64 {
        (self.max_slots * std::mem::size_of::<Slot>()) as u64
    }

    fn bucket(&self, key: u128, node: u64) -> usize {
        let h = mix(key as u64 ^ mix((key >> 64) as u64 ^ node.wrapping_mul(0x9e37_79b9)));
        (h as usize & self.mask) * BUCKET
    }

    /// The entry of a position, marked as read by the current generation.
    pub(super) fn get(&mut self, key: u128, node: u64) -> Option<Entry> {
        let b = self.bucket(key, node);
        let age = self.age;
        let (lo, hi) = (key as u64, (key >> 64) as u64);
        let slot = self.slots[b..b + BUCKET]
            .iter_mut()
            .find(|s| s[0] == lo && s[1] == hi && used(s) && u64::from(s[2] as u32) == node)?;
        slot[3] = (slot[3] & !(0xff << 24)) | u64::from(age) << 24;
        Some(decode(slot))
    }

    pub(super) fn put(&mut self, key: u128, node: u64, f: impl FnOnce(&mut Entry), work: u8) {
        let b = self.bucket(key, node);
        let age = self.age;
        let (lo, hi) = (key as u64, (key >> 64) as u64);
        let bucket = &mut self.slots[b..b + BUCKET];
        let mut grow = false;
        let (i, mut entry) = match bucket
            .iter()
            .position(|s| s[0] == lo && s[1] == hi && used(s) && u64::from(s[2] as u32) == node)
        {
            Some(i) => (i, decode(&bucket[i])),
            None => {
                // An empty slot, else one of an earlier generation, else the least work.
                let i = (0..BUCKET)
                    .min_by_key(|&i| {
                        let s = &bucket[i];
                        (used(s), (s[3] >> 24) as u8 == age, (s[3] >> 16) as u8)
                    })
                    .unwrap_or(0);
                if !used(&bucket[i]) {
                    self.stored += 1;
                    grow = self.stored * 4 > self.slots.len() as u64
                        && self.slots.len() < self.max_slots;
                }
                let fresh = Entry {
                    key,
                    node: node as u32,
                    used: true,
                    ..EMPTY
                };
                (i, fresh)
            }
        };
        entry.work = entry.work.max(work);
        entry.age = age;
        f(&mut entry);
        self.slots[b + i] = encode(&entry);
        if grow {
            self.grow();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_grows_with_use_and_keeps_its_entries() {
        let mut t = Table::new(4);
        let first = t.bytes();
        assert!(first < t.max_bytes());
        let n = 40_000u64;
        for i in 0..n {
            t.put(
                u128::from(i) * 0x9e37_79b9_7f4a_7c15,
                i % 64,
                |e| e.hi = 7,
                1,
            );
        }
        assert!(
            t.bytes() > first && t.bytes() <= t.max_bytes(),
            "{}",
            t.bytes()
        );
        let found = (0..n)
            .filter(|&i| {
                t.get(u128::from(i) * 0x9e37_79b9_7f4a_7c15, i % 64)
                    .is_some_and(|e| e.hi == 7)
            })
            .count() as u64;
        assert!(found * 100 >= n * 98, "{found} of {n}");
        // Growing in place moves entries and never drops one: every entry counted as
        // stored is still in a slot.
        assert_eq!(t.decided().count() as u64, t.stored());
        t.clear();
        assert_eq!((t.bytes(), t.stored()), (first, 0));
    }

    #[test]
    fn an_entry_survives_its_encoding_and_zero_is_empty() {
        let e = Entry {
            key: 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210,
            node: 0xdead_beef,
            hi: 517,
            lo: NONE - 1,
            win: true,
            best: 9,
            work: 33,
            age: 200,
            used: true,
        };
        assert_eq!(decode(&encode(&e)), e);
        assert_eq!(encode(&EMPTY)[..2], [0, 0]);
        assert!(!decode(&[0; 4]).used);
        let mut t = Table::new(1);
        assert!(t.get(e.key, 7).is_none());
        t.put(e.key, 7, |x| x.hi = 12, 3);
        let got = t.get(e.key, 7).expect("stored");
        assert_eq!((got.hi, got.lo, got.win), (12, 0, false));
        assert_eq!(t.stored(), 1);
    }

    #[test]
    fn the_table_fits_in_the_size_asked_for() {
        let t = Table::new(1);
        let max = t.max_bytes();
        assert!(max <= 1 << 20 && max > 1 << 19, "{max}");
        assert!(t.bytes() <= max);
        assert_eq!(t.slots.len() % BUCKET, 0);
        assert!((t.mask + 1).is_power_of_two());
        assert_eq!((t.mask + 1) * BUCKET, t.slots.len());
    }
}
