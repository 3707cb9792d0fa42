//! MILA `.map` files (the format `README_MAPS.txt` documents beside them).
//!
//! How MILA's notions become diplo's:
//!
//! * `Full Name = abr alias...`: the province's full name and aliases (`+` is a space); an alias
//!   ending in `?` is ambiguous in MILA and is left out (reported). A coast's line (`Spain (north
//!   coast) = spa/nc ...`) gives the coast's full name; its aliases that only respell the
//!   province and coast are what diplo accepts anyway, the others are reported.
//! * `WATER`/`LAND`/`COAST`/`PORT`/`SHUT abr ABUTS ...`: terrain sea, inland, coast, coast with
//!   `convoyable = true`, impassable. A later line for the same place replaces the earlier one;
//!   `DROP` forgets a place and every edge to it.
//! * Letter case: a place written all in lower case holds no fleet (the whole of a multi-coast
//!   province); in an `ABUTS` list, lower case (`smy`) is an army-only edge and capitalised
//!   (`Tys`) a fleet-only edge; upper case is open to whatever can stand at both ends.
//! * Powers `NAME (ADJECTIVE[:L]) CENTRES...`, unit lines, `OWNS`/`CENTERS`, `INHABITS`/`HOME`,
//!   `UNITS`, `UNOWNED`, `UNPLAYED`; `DUMMY` makes a neutral power. The supply centres come in
//!   MILA's order (`centre_order`, written when it is not the provinces' order): the order its
//!   games list home centres and take centres in.
//! * `VICTORY n...` → `victory_centres` (MILA's default when absent: one more than half the
//!   centres); `BEGIN season year phase` → `first_year`, `first_season`, or `[calendar]
//!   first_phase = "adjustment"` for a winter start; `RULE BUILD_ANY` → `build =
//!   "owned-centres"`. Other rules are reported.
//! * `MAP`/`USE` read another file of the same folder first, as MILA does: the result is one
//!   flat diplo map. Each file is read once (a file used again is skipped, with a note; a file
//!   that uses itself is an error), and one import reads at most
//!   `diplo_map::limits::max_included_files` files of `max_file_bytes` bytes together.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use crate::model::{FindingKind, Kind, Place};
use crate::{file_name, read_source, read_within, source_dirs, ImportError, Imported, Resolver};

mod centre_order;
mod edges;
mod finish;
mod keywords;
mod power_lines;
mod powers;
mod provinces;
mod read;

/// Imports a MILA map file; files it `USE`s are read from its folder (only: see
/// [`import_path_with`]).
pub fn import_path(path: &Path) -> Result<Imported, ImportError> {
    import_path_with(path, &[])
}

/// Imports a MILA map file; files it `USE`s are read from its folder, or else from the first
/// of `include_dirs` that has them, and from nowhere else: a `USE` of an absolute path, of a
/// path whose `..` leaves the folder, or of a link leading out of it is an error at its line.
pub fn import_path_with(path: &Path, include_dirs: &[PathBuf]) -> Result<Imported, ImportError> {
    let text = read_source(path)?;
    let dirs = source_dirs(path, include_dirs);
    import_str(&text, &file_name(path), &|name| read_within(&dirs, name))
}

/// Imports MILA map text named `file`; `resolve` finds the text of a file it `USE`s by name
/// (`Ok(None)`: not found; `Err`: why it cannot be read).
pub fn import_str(text: &str, file: &str, resolve: Resolver) -> Result<Imported, ImportError> {
    let mut r = Reader {
        resolve: Some(resolve),
        ..Reader::default()
    };
    r.read(text, file)?;
    // The limit is applied before anything grows with the provinces, at the first one too many.
    let mut provinces = r.locs.iter().filter(|(k, _)| !k.contains('/'));
    let max = diplo_map::limits::Limits::from_env().provinces;
    if let Some((_, past)) = provinces.nth(max) {
        let count = max + 1 + provinces.count();
        crate::check_province_count(count, &past.at)?;
    }
    Ok(Imported::from_model(r.finish(file)))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MilaTerrain {
    Water,
    Land,
    Coast,
    Port,
    Shut,
}

impl MilaTerrain {
    fn parse(word: &str) -> Option<Self> {
        Some(match word {
            "WATER" => MilaTerrain::Water,
            "LAND" => MilaTerrain::Land,
            "COAST" => MilaTerrain::Coast,
            "PORT" => MilaTerrain::Port,
            "SHUT" => MilaTerrain::Shut,
            _ => return None,
        })
    }
}

struct NameLine {
    full: String,
    aliases: Vec<String>,
    at: Place,
}

struct LocLine {
    terrain: MilaTerrain,
    /// The abbreviation as written (its case says whether fleets may stand there).
    written: String,
    abuts: Vec<String>,
    at: Place,
}

struct PowerState {
    key: String,
    name: String,
    adjective: String,
    letter: Option<(String, Place)>,
    homes: Vec<String>,
    inhabits: bool,
    owns: Option<Vec<String>>,
    units: Vec<(Kind, String, Place)>,
    dummy: bool,
    at: Place,
}

#[derive(Default)]
struct Reader<'a> {
    resolve: Option<Resolver<'a>>,
    files: Vec<String>,
    names: BTreeMap<String, NameLine>,
    locs: Vec<(String, LocLine)>,
    powers: Vec<PowerState>,
    current: Option<usize>,
    unowned: Vec<String>,
    unowned_at: HashMap<String, Place>,
    not_centres: BTreeSet<String>,
    victory: Option<(Vec<u16>, Place)>,
    begin: Option<(Vec<String>, Place)>,
    rules: Vec<(String, Place)>,
    findings: Vec<(Option<Place>, FindingKind, String)>,
    /// The files a `USE`/`MAP` line just read names, to be read before the rest of its file.
    includes: Vec<(String, Place)>,
    /// The bytes of every file read so far (bounded by `DIPLO_MAX_FILE_BYTES` together).
    read_bytes: u64,
    /// MILA's tables of homes and owned centres, for the order of the centres.
    centre_order: centre_order::CentreOrder,
}
