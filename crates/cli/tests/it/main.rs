//! The `diplo` binary's integration tests, run through the built binary.
//!
//! One module per topic, all in one test binary (a file directly in `tests/` would be a
//! binary of its own, linked separately): `cargo test -p diplo-cli --test it`; one module's
//! tests with a filter, e.g. `cargo test -p diplo-cli --test it MODULE::`.

mod cli;
mod concurrent;
mod faults;
mod files;
mod game;
mod game_end;
mod host_game;
mod hosting;
mod import;
mod map_draw;
mod pinned;
mod serve;
mod support;
mod workflow;
