//! Helpers shared by the subcommands: loading maps by name or path, reading files, printing.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use diplo_map::{Map, MapError};

/// Maps built into the binary, by name.
pub const BUILT_IN_MAPS: &[&str] = &["standard"];

/// Why a map could not be loaded.
pub enum MapLoadError {
    /// The file was read but is not a valid map: every located problem.
    Invalid(MapError),
    /// No built-in map of that name and no such file.
    NotFound(String),
}

impl MapLoadError {
    /// Prints the problem to stderr, one `error: ...` line per diagnostic.
    pub fn report(&self) {
        match self {
            MapLoadError::Invalid(e) => report_map_error(e),
            MapLoadError::NotFound(msg) => eprintln!("error: {msg}"),
        }
    }
}

/// Loads a map given as a built-in name (`standard`) or as a path to a TOML file.
pub fn load_map(spec: &str) -> Result<Map, MapLoadError> {
    if spec.eq_ignore_ascii_case("standard") {
        return Ok(Map::standard());
    }
    let path = Path::new(spec);
    if !path.exists() {
        return Err(MapLoadError::NotFound(format!(
            "{spec}: no such map file (built-in maps: {})",
            BUILT_IN_MAPS.join(", ")
        )));
    }
    Map::from_path(path).map_err(MapLoadError::Invalid)
}

/// Prints every diagnostic of a map error as `error: file:line:col: message` on stderr.
pub fn report_map_error(e: &MapError) {
    for d in &e.diagnostics {
        eprintln!("error: {d}");
    }
}

/// Reads a text file, or explains on stderr why it cannot be read.
pub fn read_text(path: &Path) -> Result<String, ExitCode> {
    std::fs::read_to_string(path).map_err(|e| {
        eprintln!("error: {}: cannot read the file: {e}", path.display());
        ExitCode::FAILURE
    })
}

/// Writes to stdout; a closed pipe (`diplo map show | head`) is not an error worth a panic.
pub fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// Loads a ruleset by embedded name or path and applies `issue=choice` overrides.
pub fn load_ruleset(spec: &str, overrides: &[String]) -> Result<diplo_rules::Ruleset, ExitCode> {
    let mut rules = diplo_rules::Ruleset::load(spec).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::FAILURE
    })?;
    for o in overrides {
        rules.apply_override(o).map_err(|e| {
            eprintln!("error: --set {o}: {e}");
            ExitCode::FAILURE
        })?;
    }
    Ok(rules)
}

/// Output format of the commands that report results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Lines for a person.
    Text,
    /// One JSON document.
    Json,
}
