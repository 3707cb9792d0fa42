//! What diplo's tests share: [`Rng`], one small deterministic random generator.
//!
//! Tests draw random positions, orders, notations and byte mutations from it; no test depends on
//! its exact numbers, only on each run repeating the last (a failure can be replayed from its
//! seed).

/// A fixed pseudo-random sequence (xorshift64*): the same numbers from the same seed on every
/// run and machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A sequence from `seed` (0 is read as 1: xorshift never leaves 0).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// One of `items`, by reference (`items` must not be empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_repeats_its_sequence_and_stays_in_range() {
        let (mut a, mut b) = (Rng::new(9), Rng::new(9));
        for _ in 0..1000 {
            assert_eq!(a.next_u64(), b.next_u64());
            let (x, y) = (a.below(7), b.below(7));
            assert!(x < 7 && x == y);
        }
        assert_eq!(Rng::new(0).next_u64(), Rng::new(1).next_u64());
        assert_eq!(a.below(0), 0);
        let hits = (0..10_000).filter(|_| a.chance(30)).count();
        assert!((2_500..3_500).contains(&hits), "{hits}");
        assert_eq!(*Rng::new(3).pick(&[5]), 5);
    }
}
