//! Replaying recorded Diplomacy games through the diplo engine.
//!
//! [`record`] reads godip's game-record format (the Droidippy corpus): per phase the position
//! at its start and the orders given. [`replay`] adjudicates each phase from its recorded
//! position and compares the result with the next recorded position (units, dislodged units,
//! centre ownership, the phase that follows). [`diverge`] finds, per game, the first phase
//! whose result would have differed under another ruleset. [`exceptions`] reads the documented
//! exceptions: phases the record is known to get wrong, reported as such and not as failures.
//! [`mod@write`] writes the same format, so that a game hosted with `diplo game` on any map replays.
//!
//! ```
//! let map = diplo_map::Map::standard();
//! let rules = diplo_rules::Ruleset::load("droidippy").unwrap();
//! let text = "PHASE 1901 Spring Movement\nPOSITIONS\nFrance: army par\nFrance: supply par\n\
//!             ORDERS\npar move bur\nPHASE 1901 Fall Movement\nPOSITIONS\nFrance: army bur\n\
//!             France: supply par\nORDERS\n";
//! let game = diplo_replay::record::parse_game(&map, "game_1.txt", text).unwrap();
//! let report = diplo_replay::replay::replay_game(&map, &rules, &game);
//! assert_eq!((report.passed, report.mismatches.len()), (2, 0));
//! ```

mod dialect;
pub mod diverge;
pub mod exceptions;
pub mod mila;
mod positions;
pub mod record;
pub mod replay;
pub mod write;

pub use diverge::{first_divergence, Divergence};
pub use exceptions::{Exception, Exceptions, Verdict};
pub use mila::{looks_like_json, parse_mila_games};
pub use record::{
    parse_game, parse_game_with, Game, LineCache, RecordError, RecordedOrder, RecordedPhase,
};
pub use replay::{
    check_record_file, collect_files, collect_record_files, replay_files, replay_game, Collected,
    GameReport, Mismatch, RECORD_EXPECTED,
};
pub use write::{write_game, PhaseToWrite};

/// The README's examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
