//! The resolver's dense tables: a decision's state (`Tri`), compressed lists (`Csr`, built by a
//! counting sort) and per-unit values that almost every unit leaves at their default (`Sparse`).

use crate::scratch::Pool;

/// A decision's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tri {
    /// Not decided yet.
    Unknown,
    /// The move succeeds / the support is given / the convoy is available.
    Yes,
    /// The opposite.
    No,
    /// Part of (or decided only by) a paradox the ruleset's rule gives no answer for.
    Unresolved,
}

impl Tri {
    pub(super) fn and(self, other: Tri) -> Tri {
        match (self, other) {
            (Tri::No, _) | (_, Tri::No) => Tri::No,
            (Tri::Yes, Tri::Yes) => Tri::Yes,
            _ => Tri::Unknown,
        }
    }
    pub(super) fn open(self) -> bool {
        matches!(self, Tri::Unknown | Tri::Unresolved)
    }
}

/// Compressed lists: `items[start[i]..start[i+1]]` belong to `i` (`start` is empty when every
/// list is).
pub(crate) struct Csr {
    start: Vec<u32>,
    pub(super) items: Vec<u32>,
}

impl Csr {
    /// The lists of `n` keys given as (key, value) `pairs` whose values come in increasing
    /// order (so each list comes out sorted), its vectors taken from `pool` (and `pairs` given
    /// back to it): no sorting is needed.
    pub(super) fn build_in(n: usize, pairs: Vec<(u32, u32)>, pool: &mut Pool) -> Csr {
        debug_assert!(pairs.windows(2).all(|w| w[0].1 <= w[1].1));
        Csr::count_in(n, pairs, pool)
    }

    /// The lists of `n` keys given as (key, value) `pairs` in any order, each list sorted, its
    /// vectors taken from `pool` (and `pairs` given back to it).
    pub(super) fn build_sorted_in(n: usize, mut pairs: Vec<(u32, u32)>, pool: &mut Pool) -> Csr {
        pairs.sort_unstable();
        Csr::count_in(n, pairs, pool)
    }

    /// The lists of `pairs`, each in the order its pairs come, its vectors taken from `pool`
    /// (and `pairs` given back to it). A counting sort: each value is placed in its key's slot
    /// in the order given.
    fn count_in(n: usize, pairs: Vec<(u32, u32)>, pool: &mut Pool) -> Csr {
        if pairs.is_empty() {
            // No lists at all: `get` answers the empty list for every key.
            pool.give(pairs);
            return Csr {
                start: pool.empty(0),
                items: pool.empty(0),
            };
        }
        let mut start = pool.take(n + 1, 0u32);
        for &(k, _) in pairs.iter() {
            start[k as usize] += 1;
        }
        let mut at = 0;
        for s in start.iter_mut() {
            let count = *s;
            *s = at;
            at += count;
        }
        let mut items = pool.take(pairs.len(), 0u32);
        // `start[k]` serves as the next free place of key `k`; it ends as `k + 1`'s start.
        for &(k, v) in pairs.iter() {
            let at = &mut start[k as usize];
            items[*at as usize] = v;
            *at += 1;
        }
        start.copy_within(0..n, 1);
        start[0] = 0;
        pool.give(pairs);
        Csr { start, items }
    }
    pub(super) fn recycle(self, pool: &mut Pool) {
        pool.give(self.start);
        pool.give(self.items);
    }
    #[inline]
    pub fn get(&self, i: usize) -> &[u32] {
        &self.items[self.range(i)]
    }
    /// The place of `i`'s list in `items` (empty when there are no lists at all).
    #[inline]
    pub(super) fn range(&self, i: usize) -> std::ops::Range<usize> {
        match self.start.get(i..i + 2) {
            Some(&[a, b]) => a as usize..b as usize,
            _ => 0..0,
        }
    }
}

/// A per-unit value that keeps its default for almost every unit (a railroad, canal or border
/// rule, a voided move): no vector at all until some unit's value is set, so a phase without
/// such units neither fills nor reads one.
pub(crate) struct Sparse<T> {
    values: Vec<T>,
    default: T,
}

impl<T: crate::scratch::Pooled + Copy> Sparse<T> {
    pub(super) fn new(default: T) -> Sparse<T> {
        Sparse {
            values: Vec::new(),
            default,
        }
    }

    #[inline]
    pub(super) fn get(&self, u: usize) -> T {
        self.values.get(u).copied().unwrap_or(self.default)
    }

    /// Whether no unit's value was ever set (every unit has the default).
    #[inline]
    pub(super) fn is_unset(&self) -> bool {
        self.values.is_empty()
    }

    /// Sets unit `u`'s value (of `n` units), taking the vector from `pool` on the first one.
    pub(super) fn set(&mut self, u: usize, v: T, n: usize, pool: &mut Pool) {
        if self.values.len() < n {
            if self.values.capacity() == 0 {
                self.values = pool.empty(n);
            }
            self.values.resize(n, self.default);
        }
        self.values[u] = v;
    }

    pub(super) fn recycle(self, pool: &mut Pool) {
        pool.give(self.values);
    }
}
