//! The workspace-level integration tests.
//!
//! One module per topic, all in one test binary (a file directly in `tests/` would be a
//! binary of its own, linked separately): `cargo test -p diplo-tests --test it`; one module's
//! tests with a filter, e.g. `cargo test -p diplo-tests --test it MODULE::`.
//!
//! Proptest keeps the seeds of past failures beside `it/`, in `proptest-regressions/` (its
//! default for a test whose crate root is a `main.rs`), e.g. `proptest-regressions/properties.txt`.

mod adjudicator_reuse;
mod corpus_labels;
mod datc24_variants_transcription;
mod datc_cases;
mod datc_rulesets;
mod datc_transcription;
mod datc_variant_cases;
mod dptg_civil_disorder;
mod droidippy_replay;
mod godip_variants;
mod import_corpus;
mod map_round_trip;
mod mila_format;
mod mila_replay;
mod mila_standard;
mod properties;
mod reasons;
mod robust_checks;
