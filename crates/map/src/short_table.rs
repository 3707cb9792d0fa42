//! A lookup table for short keys: names of at most eight bytes packed into one number.

/// Keys of at most eight bytes, none of them zero, packed into a nonzero `u64` (see
/// `short_key`), to values: open addressing with linear probing in a power-of-two table at
/// most a quarter full. A lookup is one multiplication, a shift, and most often one compare
/// that hits or one that finds an empty slot: no hashing of bytes and no group scan.
#[derive(Clone, Debug)]
pub(crate) struct ShortTable<V> {
    /// The key in each slot; `0` in an empty slot (no key packs to 0).
    keys: Vec<u64>,
    /// The value of each slot's key (any value in an empty slot).
    values: Vec<V>,
    /// `64 - log2(slots)`: a key's first slot is the top bits of its product.
    shift: u32,
}

impl<V> Default for ShortTable<V> {
    fn default() -> Self {
        ShortTable {
            keys: Vec::new(),
            values: Vec::new(),
            shift: 64,
        }
    }
}

/// The multiplier spreading packed keys over the slots (the golden ratio in 64 bits).
const MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;

impl<V: Copy> ShortTable<V> {
    /// A table of `entries` (keys distinct and nonzero; a zero key is left out).
    pub(crate) fn new(entries: &[(u64, V)]) -> Self {
        let entries: Vec<(u64, V)> = entries.iter().copied().filter(|e| e.0 != 0).collect();
        let Some(&(_, filler)) = entries.first() else {
            return ShortTable::default();
        };
        let slots = (entries.len() * 4).next_power_of_two().max(16);
        let mut table = ShortTable {
            keys: vec![0; slots],
            values: vec![filler; slots],
            shift: 64 - slots.trailing_zeros(),
        };
        for (key, value) in entries {
            let mut slot = table.first_slot(key);
            while table.keys[slot] != 0 && table.keys[slot] != key {
                slot = (slot + 1) & (slots - 1);
            }
            table.keys[slot] = key;
            table.values[slot] = value;
        }
        table
    }

    fn first_slot(&self, key: u64) -> usize {
        (key.wrapping_mul(MULTIPLIER) >> self.shift) as usize
    }

    /// The value of `key`; `None` if it is not in the table (or is `0`).
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<V> {
        if self.keys.is_empty() {
            return None;
        }
        let mask = self.keys.len() - 1;
        let mut slot = self.first_slot(key);
        loop {
            let k = self.keys[slot];
            if k == 0 {
                return None;
            }
            if k == key {
                return self.values.get(slot).copied();
            }
            slot = (slot + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ShortTable;

    #[test]
    fn finds_every_key_and_nothing_else() {
        let entries: Vec<(u64, u32)> = (1..500u64).map(|k| (k * 7919, k as u32)).collect();
        let table = ShortTable::new(&entries);
        for &(k, v) in &entries {
            assert_eq!(table.get(k), Some(v));
        }
        assert_eq!(table.get(0), None);
        assert_eq!(table.get(3), None);
        assert_eq!(ShortTable::<u32>::new(&[]).get(5), None);
    }
}
