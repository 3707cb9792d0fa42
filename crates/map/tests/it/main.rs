//! The map crate's integration tests.
//!
//! One module per topic, all in one test binary (a file directly in `tests/` would be a
//! binary of its own, linked separately): `cargo test -p diplo-map --test it`; one module's
//! tests with a filter, e.g. `cargo test -p diplo-map --test it MODULE::`.

mod json;
mod load;
mod variants;
mod victory_control;
