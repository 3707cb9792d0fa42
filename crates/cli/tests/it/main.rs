//! The `diplo` binary's integration tests, run through the built binary.
//!
//! One module per topic, all in one test binary (a file directly in `tests/` would be a
//! binary of its own, linked separately): `cargo test -p diplo-cli --test it`; one module's
//! tests with a filter, e.g. `cargo test -p diplo-cli --test it MODULE::`.

mod adjudication;
mod concurrent;
mod faults;
mod files;
mod game;
mod game_end;
mod game_exports;
mod host_game;
mod hosting;
mod import;
mod inputs;
mod map_commands;
mod map_draw;
mod orders_commands;
mod pinned;
mod replay;
mod serve;
mod support;
mod workflow;
