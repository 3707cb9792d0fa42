//! Helpers shared by the subcommands: loading maps by name or path, reading files, printing.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use diplo_map::{Map, MapError};

/// Names of the maps built into the binary.
pub fn built_in_maps() -> String {
    diplo_map::EMBEDDED_MAPS
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

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
            MapLoadError::NotFound(msg) => errln!("error: {msg}"),
        }
    }
}

/// Loads a map given as a built-in name (`standard`, `loeb9` ...), as a path to a TOML file, or
/// as the name of a user map: `NAME.toml` in a folder of `DIPLO_MAPS` (folders separated like
/// `PATH`) or in `./maps`.
pub fn load_map(spec: &str) -> Result<Map, MapLoadError> {
    if let Some(map) = Map::embedded(spec) {
        return map.map_err(MapLoadError::Invalid);
    }
    match find_map_file(spec) {
        Some(path) => Map::from_path(&path).map_err(MapLoadError::Invalid),
        None => Err(MapLoadError::NotFound(format!(
            "{spec}: no such map file, no built-in map of that name{} ({}), and no {spec}.toml \
             in the user map folders ({})",
            diplo_map::suggest::hint(spec, diplo_map::EMBEDDED_MAPS.iter().map(|(n, _)| *n)),
            built_in_maps(),
            map_folders()
                .iter()
                .map(|d| d.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// The folders searched for user maps by name: those of `DIPLO_MAPS`, then `./maps`.
pub fn map_folders() -> Vec<std::path::PathBuf> {
    let mut out: Vec<std::path::PathBuf> = std::env::var_os("DIPLO_MAPS")
        .map(|v| std::env::split_paths(&v).collect())
        .unwrap_or_default();
    out.push("maps".into());
    out
}

/// The file a map spec names: the path itself if it exists, else `NAME.toml` in a user map
/// folder (for a plain name).
pub fn find_map_file(spec: &str) -> Option<std::path::PathBuf> {
    let path = Path::new(spec);
    if path.exists() {
        return Some(path.to_path_buf());
    }
    let plain = !spec.is_empty() && !spec.contains(['/', '\\']) && path.extension().is_none();
    if !plain {
        return None;
    }
    map_folders()
        .into_iter()
        .map(|d| d.join(format!("{spec}.toml")))
        .find(|p| p.is_file())
}

/// Prints every diagnostic of a map error as `error: file:line:col: message` on stderr.
pub fn report_map_error(e: &MapError) {
    for d in &e.diagnostics {
        errln!("error: {d}");
    }
}

/// Reads a text file, or explains on stderr why it cannot be read.
pub fn read_text(path: &Path) -> Result<String, ExitCode> {
    diplo_map::limits::read_file(path).map_err(|e| {
        errln!("error: {}: cannot read the file: {e}", path.display());
        ExitCode::FAILURE
    })
}

/// `--out FILE` over a file (or a link) that exists: refused without `--force`, in the words
/// of `diplo game new` (`what` names the command's output: "a picture", "an import").
pub fn refuse_existing_out(path: &Path, force: bool, what: &str) -> Result<(), String> {
    if !force && std::fs::symlink_metadata(path).is_ok() {
        return Err(format!(
            "{}: the file exists; {what} never overwrites one (use --force to replace it)",
            path.display()
        ));
    }
    Ok(())
}

/// Writes to standard output, ignoring a failure (a closed pipe ends the output; diplo never
/// panics over it). [`print()`] uses it.
pub fn write_out(args: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_fmt(args).and_then(|()| out.flush());
}

/// Writes to standard error, ignoring a failure (a closed pipe ends the messages). The
/// `errln!` and `err!` macros use it.
pub fn write_err(args: std::fmt::Arguments<'_>) {
    let _ = std::io::stderr().lock().write_fmt(args);
}

/// Writes to stdout; a closed pipe (`diplo map show | head`) is not an error worth a panic.
pub fn print(text: &str) {
    write_out(format_args!("{text}"));
}

/// `--ruleset` and `--set`: the rules a command adjudicates with.
#[derive(clap::Args, Debug)]
pub struct RulesArgs {
    /// The ruleset: an embedded name (`datc`, `1971`, `2023` ...) or a path [default: datc].
    #[arg(long)]
    pub ruleset: Option<String>,
    /// Override one issue: `--set convoy_paradox=szykman` (repeatable).
    #[arg(long = "set", value_name = "ISSUE=CHOICE")]
    pub sets: Vec<String>,
}

impl RulesArgs {
    /// The ruleset named, or the default `datc`.
    pub fn name(&self) -> &str {
        self.ruleset.as_deref().unwrap_or("datc")
    }

    /// Whether the user chose the rules (`--ruleset` or `--set`).
    pub fn given(&self) -> bool {
        self.ruleset.is_some() || !self.sets.is_empty()
    }

    /// Loads the ruleset with its overrides; errors go to stderr.
    pub fn load(&self) -> Result<diplo_rules::Ruleset, ExitCode> {
        load_ruleset(self.name(), &self.sets)
    }
}

/// Loads a ruleset by embedded name or path and applies `issue=choice` overrides.
pub fn load_ruleset(spec: &str, overrides: &[String]) -> Result<diplo_rules::Ruleset, ExitCode> {
    let mut rules = diplo_rules::Ruleset::load(spec).map_err(|e| {
        errln!("error: {e}");
        ExitCode::FAILURE
    })?;
    for o in overrides {
        rules.apply_override(o).map_err(|e| {
            errln!("error: --set {o}: {e}");
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

/// The position in `path` (TOML), or the map's starting position; errors go to stderr.
pub fn load_position(map: &Map, path: Option<&Path>) -> Result<diplo_engine::Position, ExitCode> {
    let Some(path) = path else {
        return Ok(diplo_engine::Position::initial(map));
    };
    let text = read_text(path)?;
    diplo_engine::Position::from_toml_str(map, &text, &path.display().to_string()).map_err(|e| {
        errln!("error: {e}");
        ExitCode::FAILURE
    })
}

/// Reads an orders file. Every unreadable line and every order without a power is reported on
/// stderr with its line; then nothing is returned, so that no order is silently dropped.
pub fn read_orders(map: &Map, path: &Path) -> Result<Vec<diplo_orders::OrderLine>, ExitCode> {
    let text = read_text(path)?;
    let (lines, errors) = diplo_orders::parse_orders(map, &text);
    let file = path.display();
    for e in &errors {
        errln!("error: {file}:{}:{}: {}", e.line, e.column, e.message);
    }
    let mut bad = !errors.is_empty();
    let max = diplo_map::limits::max_orders();
    if let Some(l) = lines.get(max) {
        errln!(
            "error: {file}:{}: {} orders: {}",
            l.line,
            lines.len(),
            diplo_map::limits::Limit::Orders.exceeded(max)
        );
        bad = true;
    }
    for l in lines.iter().filter(|l| l.power.is_none()) {
        errln!(
            "error: {file}:{}: no power for `{}`: add a header line like `England:` or a prefix like `ENG:`",
            l.line, l.text
        );
        bad = true;
    }
    if bad {
        errln!("error: {file}: nothing adjudicated; fix the orders above");
        return Err(ExitCode::FAILURE);
    }
    Ok(lines)
}
