//! Loading and validating a map from TOML: the file and the maps it `extends` are read and
//! merged (`raw.rs`), then a sequence of named passes (`passes/`) turns the raw tables into a
//! dense [`Map`], each pass adding what it finds wrong to one list of located diagnostics.

mod drawing;
mod fast_toml;
mod passes;
mod raw;

use crate::limits::Limits;
use crate::{Map, MapError};

pub(crate) use raw::Resolver;

/// Loads `text` (named `file` in diagnostics) within `limits`; `resolve` finds the maps it
/// extends.
pub(crate) fn load(
    text: &str,
    file: &str,
    resolve: Resolver,
    limits: &Limits,
) -> Result<Map, MapError> {
    let (raw, sources) = raw::read(text, file, resolve)?;
    passes::build(raw, &sources, limits)
}

/// Reads `text` and every map it extends (through `resolve`) without building the map: the
/// chain's own errors only.
pub(crate) fn read_chain(text: &str, file: &str, resolve: Resolver) -> Result<(), MapError> {
    raw::read(text, file, resolve).map(|_| ())
}
