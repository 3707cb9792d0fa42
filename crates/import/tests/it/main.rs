//! The importers' integration tests.
//!
//! One module per topic, all in one test binary (a file directly in `tests/` would be a
//! binary of its own, linked separately): `cargo test -p diplo-import --test it`; one module's
//! tests with a filter, e.g. `cargo test -p diplo-import --test it MODULE::`.

mod common;

mod diplicity;
mod drawing;
mod files;

mod jdip;
mod mila;
mod pinned;
