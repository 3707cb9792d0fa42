//! The order parser's integration tests.
//!
//! One module per topic, all in one test binary (a file directly in `tests/` would be a
//! binary of its own, linked separately): `cargo test -p diplo-orders --test it`; one module's
//! tests with a filter, e.g. `cargo test -p diplo-orders --test it MODULE::`.
//!
//! Proptest keeps the seeds of past failures beside `it/`, in `proptest-regressions/` (its
//! default for a test whose crate root is a `main.rs`), e.g. `proptest-regressions/notations.txt`.

mod common;

mod datc;
mod errors;
mod examples;
mod fast_path;
mod notations;
mod proptests;
