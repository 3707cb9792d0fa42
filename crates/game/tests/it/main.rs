//! The game crate's integration tests.
//!
//! One module per topic, all in one test binary (a file directly in `tests/` would be a
//! binary of its own, linked separately): `cargo test -p diplo-game --test it`; one module's
//! tests with a filter, e.g. `cargo test -p diplo-game --test it MODULE::`.

mod builds;
mod ending;
mod exports;
mod game_file_text;
mod host;
mod hosting;
mod json_bytes;
mod mila_codes;
mod possible;
mod reliability;
mod saved_games;
mod shipped_maps;
mod stalemate;
mod twentytwenty;
mod variants;
mod workflow;

/// The tests' shared generator, for random positions and play.
pub use diplo_testkit::Rng;
