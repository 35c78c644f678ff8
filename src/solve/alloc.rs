//! Allocating the engines' transposition tables without aborting: a table is asked for
//! at the size the config gives, and when the allocator refuses, half that size is
//! tried, and so on down to a small minimum, so a large `solver.table_mib` on a machine
//! short of memory gets a smaller table instead of "memory allocation failed".

/// The first length, from `want` halving down to `min`, that `try_alloc` accepts; `min`
/// (or `want` when it is already below `min`) if none is. Halving a power of two keeps a
/// power of two.
pub fn halving_len(want: usize, min: usize, mut try_alloc: impl FnMut(usize) -> bool) -> usize {
    let mut len = want;
    while len > min {
        if try_alloc(len) {
            return len;
        }
        len = (len / 2).max(min);
    }
    len
}

/// A vector of `want` items made by `fill`, or of the largest halving of `want` the
/// allocator grants (see [`halving_len`]); at least `min` items, which the caller keeps
/// small enough that allocating them cannot fail in practice.
pub fn halving_vec<T>(want: usize, min: usize, fill: impl FnMut() -> T) -> Vec<T> {
    let mut items: Vec<T> = Vec::new();
    let len = halving_len(want, min, |len| items.try_reserve_exact(len).is_ok());
    if len < want {
        tracing::warn!(
            wanted = want,
            got = len,
            "transposition table: not enough memory for the size asked for, using a smaller one"
        );
    }
    items.resize_with(len, fill);
    items
}

/// Like [`halving_vec`], of zeroed words: `vec![[0; N]; len]` asks the system for
/// zeroed memory, which it hands over page by page as pages are first touched, so a
/// large table costs next to nothing until positions land in it.
pub fn halving_zeroed<const N: usize>(want: usize, min: usize) -> Vec<[u64; N]> {
    let len = halving_len(want, min, |len| {
        Vec::<[u64; N]>::new().try_reserve_exact(len).is_ok()
    });
    if len < want {
        tracing::warn!(
            wanted = want,
            got = len,
            "transposition table: not enough memory for the size asked for, using a smaller one"
        );
    }
    vec![[0; N]; len]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_until_the_allocator_agrees() {
        let mut asked = Vec::new();
        let len = halving_len(1 << 20, 16, |n| {
            asked.push(n);
            n <= 1 << 17
        });
        assert_eq!(len, 1 << 17);
        assert_eq!(asked, [1 << 20, 1 << 19, 1 << 18, 1 << 17]);
    }

    #[test]
    fn stops_at_the_minimum_when_nothing_fits() {
        let mut tries = 0;
        assert_eq!(
            halving_len(1 << 30, 64, |_| {
                tries += 1;
                false
            }),
            64
        );
        // 2^30 down to 2^7: each size once, never below the minimum.
        assert_eq!(tries, 30 - 6);
        assert_eq!(halving_len(8, 64, |_| false), 8);
        assert_eq!(halving_len(1 << 10, 64, |_| true), 1 << 10);
    }

    #[test]
    fn a_zeroed_table_is_zero() {
        let v: Vec<[u64; 4]> = halving_zeroed(1 << 12, 16);
        assert_eq!(v.len(), 1 << 12);
        assert!(v.iter().all(|w| *w == [0; 4]));
    }

    #[test]
    fn a_granted_size_is_kept_and_filled() {
        let v: Vec<u64> = halving_vec(1 << 12, 16, || 7);
        assert_eq!(v.len(), 1 << 12);
        assert!(v.iter().all(|&x| x == 7));
    }
}
