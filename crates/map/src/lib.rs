//! Data-defined Diplomacy maps.
//!
//! A [`Map`] is loaded from a TOML file (format: `maps/FORMAT.md`) and validated as it loads: every
//! problem is reported as a [`Diagnostic`] with file, line and column. Once loaded, everything is
//! addressed by dense integer ids ([`ProvinceId`], [`PowerId`], [`Location`]) so that the engine's
//! hot path never looks anything up by name.
//!
//! ```
//! let map = diplo_map::Map::standard();
//! let lvp = map.province_by_name("Liverpool").unwrap();
//! let nao = map.province_by_name("nao").unwrap();
//! assert!(map.fleet_can_reach(diplo_map::Location::province(lvp), nao));
//! ```

mod adjacency;
pub mod atomic;
mod calendar;
mod diag;
pub mod drawing;
mod embedded;
pub mod generate;
mod json;
pub mod limits;
mod load;
mod map;
mod model;
mod names;
mod reserved;
mod short_table;
pub mod suggest;
mod variant;
mod warnings;

pub use diag::{line_col, one_line, toml_error, Diagnostic, MapError};
pub use json::{CoastSummary, MapSummary, PowerSummary, ProvinceSummary, UnitSummary};

pub use calendar::{Calendar, FirstPhase, Season, SeasonSpec};
pub use embedded::{
    embedded_map_source, ExtendedFile, EMBEDDED_MAPS, EMBEDDED_MAP_ALIASES, STANDARD_MAP_TOML,
};
pub use map::Map;
pub use model::{
    Coast, Location, Power, PowerId, Province, ProvinceId, StartingUnit, Terrain, UnitKind,
};
pub use names::{normalize_name, NameKey};
pub(crate) use names::{normalized, NameTable};
pub use reserved::RESERVED_WORDS;
pub use variant::{Border, BuildRule, Canal, Conversion, Railroad, Victory};

/// The README's example is compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
