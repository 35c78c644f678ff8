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

#[derive(Clone, Copy, Debug)]
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

/// The transposition table: buckets of four entries, stale then least work replaced.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    stored: u64,
    age: u8,
}

const BUCKET: usize = 4;
/// The fewest buckets a table has, whatever size is asked for.
const MIN_BUCKETS: usize = 16;

impl Table {
    pub fn new(mib: u32) -> Table {
        let bytes = (mib.max(1) as usize) << 20;
        let want = (bytes / std::mem::size_of::<Entry>()).max(BUCKET * MIN_BUCKETS);
        // The largest power of two that fits in the size asked for.
        let buckets = 1usize << (usize::BITS - 1 - (want / BUCKET).leading_zeros());
        let buckets = buckets.max(MIN_BUCKETS);
        // Short of memory, a smaller table (halving, still a power of two of buckets)
        // rather than an abort: `bytes` tells the size obtained.
        let entries =
            crate::solve::alloc::halving_vec(buckets * BUCKET, MIN_BUCKETS * BUCKET, || EMPTY);
        Table {
            mask: entries.len() / BUCKET - 1,
            entries,
            stored: 0,
            age: 0,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
        self.stored = 0;
        self.age = 0;
    }

    /// Starts a new search generation (see `Entry::age`).
    pub fn next_age(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Entries in use.
    pub fn stored(&self) -> u64 {
        self.stored
    }

    pub fn bytes(&self) -> u64 {
        (self.entries.len() * std::mem::size_of::<Entry>()) as u64
    }

    fn bucket(&self, key: u128, node: u64) -> usize {
        let h = mix(key as u64 ^ mix((key >> 64) as u64 ^ node.wrapping_mul(0x9e37_79b9)));
        (h as usize & self.mask) * BUCKET
    }

    /// The entry of a position, marked as read by the current generation.
    pub(super) fn get(&mut self, key: u128, node: u64) -> Option<&Entry> {
        let b = self.bucket(key, node);
        let age = self.age;
        let e = self.entries[b..b + BUCKET]
            .iter_mut()
            .find(|e| e.used && e.key == key && u64::from(e.node) == node)?;
        e.age = age;
        Some(e)
    }

    pub(super) fn put(&mut self, key: u128, node: u64, f: impl FnOnce(&mut Entry), work: u8) {
        let b = self.bucket(key, node);
        let age = self.age;
        let slots = &mut self.entries[b..b + BUCKET];
        let i = match slots
            .iter()
            .position(|e| e.used && e.key == key && u64::from(e.node) == node)
        {
            Some(i) => i,
            None => {
                let i = (0..BUCKET)
                    .min_by_key(|&i| (slots[i].used, slots[i].age == age, slots[i].work))
                    .unwrap_or(0);
                if !slots[i].used {
                    self.stored += 1;
                }
                slots[i] = Entry {
                    key,
                    node: node as u32,
                    used: true,
                    ..EMPTY
                };
                i
            }
        };
        let e = &mut slots[i];
        e.work = e.work.max(work);
        e.age = age;
        f(e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_fits_in_the_size_asked_for() {
        let t = Table::new(1);
        assert!(t.bytes() <= 1 << 20 && t.bytes() > 1 << 19, "{}", t.bytes());
        assert_eq!(t.entries.len() % BUCKET, 0);
        assert!((t.mask + 1).is_power_of_two());
        assert_eq!((t.mask + 1) * BUCKET, t.entries.len());
    }
}
