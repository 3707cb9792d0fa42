//! The adjudicator's integration tests.
//!
//! One module per topic, all in one test binary (a file directly in `tests/` would be a
//! binary of its own, linked separately): `cargo test -p diplo-engine --test it`; one module's
//! tests with a filter, e.g. `cargo test -p diplo-engine --test it MODULE::`.

mod civil_disorder;
mod closures;
mod colonial;
mod droidippy;
mod mila;
mod paradox_reasons;
mod policies;
mod position_file;
mod scale;
mod scratch;
