//! Importers from other Diplomacy engines' variant map files to diplo map files.
//!
//! * [`mila`]: the MILA engine's text `.map` files (`USE`/`MAP` inheritance, `PORT`, `SHUT`,
//!   letter case for unit restrictions, `DUMMY`, `VICTORY`, `BEGIN`, `RULE BUILD_ANY`, ...).
//! * [`jdip`]: jDip's `variants.xml` and the adjacency XML one of its variants names (`mv`, `xc`
//!   and per-coast adjacency, `BORDER`s, `isConvoyableCoast`, `RULEOPTION`s, victory
//!   conditions, starting time, supply centres, starting units).
//! * [`diplicity`]: diplicity's canonical variant JSON, read ([`diplicity::import_str`]) and
//!   written from a diplo map ([`diplicity::export`]).
//!
//! Each reads its source into one intermediate model; [`model::check`] fits the model to the
//! diplo format and one writer turns it into TOML. Whatever the source says and diplo cannot,
//! or leaves ambiguous, is a [`Finding`] with the file and line; what the source cannot say
//! (home countries, missing full names, power abbreviations) is filled with a stated default,
//! also a finding. The output names every finding in its header comment.
//!
//! ```
//! let text = "\
//! ENGLAND (ENGLISH) LON
//! F LON
//! FRANCE (FRENCH) BRE
//! A BRE
//! London = lon
//! Brest = bre
//! English Channel = eng channel
//! COAST LON ABUTS ENG BRE
//! COAST BRE ABUTS ENG LON
//! WATER ENG ABUTS LON BRE
//! ";
//! let imported = diplo_import::mila::import_str(text, "tiny.map", &|_| Ok(None)).unwrap();
//! let map = imported.validate().unwrap();
//! assert_eq!(map.provinces().len(), 3);
//! ```

pub mod diplicity;
mod drawing;
pub mod jdip;
pub mod mila;
pub mod model;
mod write;

use std::fmt;
use std::path::{Path, PathBuf};

pub use model::{Finding, FindingKind, Place};

/// A map read from another engine's files and written in the diplo format.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The map's short name (`name = ...` in the output).
    pub name: String,
    /// The diplo map file.
    pub toml: String,
    /// Everything the import reported, in the order found.
    pub findings: Vec<Finding>,
}

impl Imported {
    fn from_model(m: model::Model) -> Imported {
        let mut checked = model::check(m);
        let borrowed = drawing::borrow(&checked);
        if let Some(b) = &borrowed {
            checked
                .model
                .report_file(FindingKind::Note, drawing::finding(b));
        }
        // Gaps first, then ambiguities, defaults and notes; in file and line order within each.
        let files = checked.model.files.clone();
        let file_rank = |p: &Option<Place>| {
            p.as_ref().map(|p| {
                let i = files
                    .iter()
                    .position(|f| *f == p.file)
                    .unwrap_or(files.len());
                (i, p.line)
            })
        };
        checked
            .model
            .findings
            .sort_by_key(|f| (f.kind, file_rank(&f.place)));
        let mut toml = write::write(&checked, borrowed.as_ref());
        if borrowed.is_some() && diplo_map::Map::from_toml_str(&toml, "check.toml").is_err() {
            // The borrowed drawing does not fit after all: the automatic layout draws it.
            checked.model.findings.retain(|f| !drawing::is_finding(f));
            toml = write::write(&checked, None);
        }
        Imported {
            name: checked.model.name.clone(),
            toml,
            findings: checked.model.findings,
        }
    }

    /// Loads the output with diplo's own loader: the map, or every problem it has.
    pub fn validate(&self) -> Result<diplo_map::Map, diplo_map::MapError> {
        diplo_map::Map::from_toml_str(&self.toml, &format!("{}.toml", self.name))
    }

    /// The findings that say the output is not the whole source: what it cannot express and
    /// what the source leaves ambiguous.
    pub fn gaps(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| matches!(f.kind, FindingKind::NotExpressed | FindingKind::Ambiguous))
    }

    /// Every finding, one a line.
    pub fn report(&self) -> String {
        self.findings.iter().map(|f| format!("{f}\n")).collect()
    }
}

/// Why nothing could be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// Where, when a line is known.
    pub place: Option<Place>,
    /// The file, when no line is known.
    pub file: String,
    /// What is wrong.
    pub message: String,
}

impl ImportError {
    pub(crate) fn at(place: &Place, message: impl Into<String>) -> Self {
        ImportError {
            place: Some(place.clone()),
            file: place.file.clone(),
            message: message.into(),
        }
    }
    pub(crate) fn file(file: &str, message: impl Into<String>) -> Self {
        ImportError {
            place: None,
            file: file.to_string(),
            message: message.into(),
        }
    }
}

/// Refuses a source with more provinces than diplo loads (`DIPLO_MAX_PROVINCES`), before any
/// work that grows with them: `provinces` counted as the source is read, `place` where.
pub(crate) fn check_province_count(provinces: usize, place: &Place) -> Result<(), ImportError> {
    let max = diplo_map::limits::Limits::from_env().provinces;
    if provinces > max {
        return Err(ImportError::at(
            place,
            format!(
                "{provinces} provinces: {}; nothing was imported",
                diplo_map::limits::Limit::Provinces.exceeded(max)
            ),
        ));
    }
    Ok(())
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.place {
            Some(p) => write!(f, "{p}: {}", self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for ImportError {}

/// Finds a file the source names (a MILA `USE`, a jDip adjacency URI) by that name: its file
/// name and text, `Ok(None)` when there is no such file, or why it cannot be read (never the
/// file's content).
pub type Resolver<'a> = &'a dyn Fn(&str) -> Result<Option<(String, String)>, String>;

/// The file name of a path, as findings name it.
pub(crate) fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Reads the file the user names (the source itself) within diplo's limits: a regular file,
/// at most `DIPLO_MAX_FILE_BYTES` (`diplo_map::limits::read_file`).
pub(crate) fn read_source(path: &Path) -> Result<String, ImportError> {
    diplo_map::limits::read_file(path)
        .map_err(|e| ImportError::file(&path.display().to_string(), e.to_string()))
}

/// The folders the files a source names are read from: the source's own, then `more` (the
/// folders the user adds), in that order; nowhere else.
pub(crate) fn source_dirs(source: &Path, more: &[PathBuf]) -> Vec<PathBuf> {
    let own = source
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::iter::once(own.to_path_buf())
        .chain(more.iter().cloned())
        .collect()
}

/// Reads a file a source names, found inside `dirs` only
/// (`diplo_map::limits::find_within`: no absolute path, no `..` or link out of the folder)
/// and read within diplo's limits.
pub(crate) fn read_within(
    dirs: &[PathBuf],
    name: &str,
) -> Result<Option<(String, String)>, String> {
    let Some(found) = diplo_map::limits::find_within(dirs, name)? else {
        return Ok(None);
    };
    diplo_map::limits::read_file(&found.real)
        .map(|text| Some((file_name(&found.named), text)))
        .map_err(|e| e.to_string())
}

/// A map name from a title: lower case, words joined by `-`.
pub(crate) fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The README's examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
