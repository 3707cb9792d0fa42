//! The game crate's integration tests.
//!
//! One module per topic, all in one test binary (a file directly in `tests/` would be a
//! binary of its own, linked separately): `cargo test -p diplo-game --test it`; one module's
//! tests with a filter, e.g. `cargo test -p diplo-game --test it MODULE::`.

mod builds;
mod hosting;
mod possible;
mod reliability;
mod shipped_maps;
mod variants;

/// A small deterministic generator for the tests' random positions and play (no test depends
/// on its exact numbers).
pub struct Lcg(pub u64);

impl Lcg {
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}
