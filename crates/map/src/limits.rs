//! Limits on what diplo reads, so that no input (a huge file, `/dev/zero`, a FIFO that never
//! ends, a map of a million provinces, a phase of a million orders) can exhaust memory or hang a
//! host. Every file diplo reads goes through [`read_file`]: it must be a regular file (a link to
//! one is followed) no larger than [`max_file_bytes`]. A file that another file names is first found with
//! [`find_within`]: only inside the folders it may be read from. The other limits are checked where the
//! thing counted is read; each error names the limit and the variable that raises it.
//!
//! | limit | default | set with |
//! | --- | --- | --- |
//! | bytes of one input file (map, ruleset, position, orders, game, record) | 64 MiB | `DIPLO_MAX_FILE_BYTES` |
//! | bytes read from standard input | the same | the same |
//! | bytes of all the files one map import reads (a MILA map and the files it `USE`s) | the same | the same |
//! | files one map import reads | 256 | `DIPLO_MAX_INCLUDED_FILES` |
//! | provinces of a map (with the maps it extends) | 2,000 | `DIPLO_MAX_PROVINCES` |
//! | neighbours of one province (army edges; fleet edges of each coast) | 1,000 | `DIPLO_MAX_NEIGHBOURS` |
//! | orders of one phase (an orders file, a game's phase, a record's phase) | 10,000 | `DIPLO_MAX_ORDERS` |
//! | phases of a game's history, or of a game record | 10,000 | `DIPLO_MAX_PHASES` |
//!
//! A variable that is not a number is ignored (the default holds). [`max_orders`] and
//! [`max_phases`] read the environment once per process (at their first call);
//! [`Limits::from_env`], [`max_file_bytes`] and [`max_included_files`] read it at every call.

use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The default largest input file: 64 MiB (the largest real game record is under 1 MiB).
pub const DEFAULT_MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// The largest file diplo reads: `DIPLO_MAX_FILE_BYTES` when set to a number, else
/// [`DEFAULT_MAX_FILE_BYTES`].
pub fn max_file_bytes() -> u64 {
    from_env(Limit::FileBytes, DEFAULT_MAX_FILE_BYTES)
}

/// The default most files one map import reads: 256 (real MILA maps use at most one other).
pub const DEFAULT_MAX_INCLUDED_FILES: usize = 256;

/// The most files one map import reads (the source and every file it names, at every level):
/// `DIPLO_MAX_INCLUDED_FILES` when set to a number, else [`DEFAULT_MAX_INCLUDED_FILES`].
pub fn max_included_files() -> usize {
    from_env(Limit::IncludedFiles, DEFAULT_MAX_INCLUDED_FILES)
}

/// The default largest map: 2,000 provinces (the largest shipped map has under 200).
pub const DEFAULT_MAX_PROVINCES: usize = 2_000;
/// The default most neighbours of one province: 1,000 (real maps have under 20).
pub const DEFAULT_MAX_NEIGHBOURS: usize = 1_000;
/// The default most orders of one phase: 10,000 (a phase has one order per unit).
pub const DEFAULT_MAX_ORDERS: usize = 10_000;
/// The default longest history: 10,000 phases (real games have under 300).
pub const DEFAULT_MAX_PHASES: usize = 10_000;

/// One of the limits, for messages: what it counts and the variable that sets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Bytes of an input file or of standard input.
    FileBytes,
    /// Provinces of a map.
    Provinces,
    /// Neighbours of one province (or of one coast).
    Neighbours,
    /// Orders of one phase.
    Orders,
    /// Phases of a history or a record.
    Phases,
    /// Files one map import reads.
    IncludedFiles,
}

impl Limit {
    /// The environment variable that sets it.
    pub fn var(self) -> &'static str {
        match self {
            Limit::FileBytes => "DIPLO_MAX_FILE_BYTES",
            Limit::Provinces => "DIPLO_MAX_PROVINCES",
            Limit::Neighbours => "DIPLO_MAX_NEIGHBOURS",
            Limit::Orders => "DIPLO_MAX_ORDERS",
            Limit::Phases => "DIPLO_MAX_PHASES",
            Limit::IncludedFiles => "DIPLO_MAX_INCLUDED_FILES",
        }
    }

    /// What it counts, in the plural (`orders per phase`).
    pub fn what(self) -> &'static str {
        match self {
            Limit::FileBytes => "bytes",
            Limit::Provinces => "provinces per map",
            Limit::Neighbours => "neighbours per province",
            Limit::Orders => "orders per phase",
            Limit::Phases => "phases per game",
            Limit::IncludedFiles => "files per map import",
        }
    }

    /// `more than the limit of 10000 orders per phase (set DIPLO_MAX_ORDERS to allow more)`.
    pub fn exceeded(self, max: usize) -> String {
        format!(
            "more than the limit of {max} {} (set {} to allow more)",
            self.what(),
            self.var()
        )
    }
}

/// Every limit, as numbers: [`Limits::from_env`] for the ones in force, [`Limits::DEFAULT`]
/// without the environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of one input file.
    pub file_bytes: u64,
    /// Provinces of a map.
    pub provinces: usize,
    /// Neighbours of one province.
    pub neighbours: usize,
    /// Orders of one phase.
    pub orders: usize,
    /// Phases of a game's history or a record.
    pub phases: usize,
}

impl Limits {
    /// The defaults.
    pub const DEFAULT: Limits = Limits {
        file_bytes: DEFAULT_MAX_FILE_BYTES,
        provinces: DEFAULT_MAX_PROVINCES,
        neighbours: DEFAULT_MAX_NEIGHBOURS,
        orders: DEFAULT_MAX_ORDERS,
        phases: DEFAULT_MAX_PHASES,
    };

    /// The limits in force: each variable that is set to a number, else its default.
    pub fn from_env() -> Limits {
        Limits {
            file_bytes: from_env(Limit::FileBytes, DEFAULT_MAX_FILE_BYTES),
            provinces: from_env(Limit::Provinces, DEFAULT_MAX_PROVINCES),
            neighbours: from_env(Limit::Neighbours, DEFAULT_MAX_NEIGHBOURS),
            orders: from_env(Limit::Orders, DEFAULT_MAX_ORDERS),
            phases: from_env(Limit::Phases, DEFAULT_MAX_PHASES),
        }
    }
}

/// One limit in force: its variable when set to a number, else `default`.
fn from_env<T: std::str::FromStr>(limit: Limit, default: T) -> T {
    std::env::var(limit.var())
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// The limits in force for this process: [`Limits::from_env`] read at the first call, then
/// kept (these limits are asked for several times a phase; the environment of a running
/// process is not expected to change them).
fn process_limits() -> &'static Limits {
    static LIMITS: std::sync::OnceLock<Limits> = std::sync::OnceLock::new();
    LIMITS.get_or_init(Limits::from_env)
}

/// The most orders of one phase in force ([`Limits::from_env`], read once per process).
pub fn max_orders() -> usize {
    process_limits().orders
}

/// The longest history in force ([`Limits::from_env`], read once per process).
pub fn max_phases() -> usize {
    process_limits().phases
}

/// Reads a whole text file within the limits: a regular file, at most [`max_file_bytes`],
/// UTF-8. The error says which limit and how to raise it.
pub fn read_file(path: &Path) -> io::Result<String> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a directory"
        } else {
            "not a regular file (a device, a pipe or a socket)"
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{what}: expected a regular file"),
        ));
    }
    let max = max_file_bytes();
    if meta.len() > max {
        return Err(too_large(meta.len(), max));
    }
    let file = std::fs::File::open(path)?;
    // The file opened is the one checked (not one put in its place since).
    let opened = file.metadata()?;
    if !opened.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file: expected a regular file",
        ));
    }
    // The size is known: read into a buffer of that size (plus one byte, to see the end)
    // rather than growing one; never more than the limit (plus that byte), whatever the size
    // says.
    let capacity = usize::try_from(opened.len().min(max).saturating_add(1)).unwrap_or(0);
    read_limited(file, max, capacity)
}

/// A file one file names (a MILA `USE`, a jDip adjacency URI, a saved game's map), found
/// inside one of the folders it may be read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The path as named, joined to the folder it was found in (for messages).
    pub named: PathBuf,
    /// The file itself, every link followed (inside the folder): the path to read.
    pub real: PathBuf,
}

/// Finds `name`, a file another file names, inside the first of `dirs` that has it: a relative
/// path whose `..` never leaves the folder, and which, every link followed, is still inside
/// the folder. `Ok(None)` when no folder has it; `Err` says why the name is refused (an
/// absolute path, `..` out of the folder, a link out of it), never what the file holds. Read
/// the file found with [`read_file`].
pub fn find_within(dirs: &[PathBuf], name: &str) -> Result<Option<Found>, String> {
    use std::path::Component;
    const ONLY: &str = "only files inside the folder of the file that names it (or a folder \
                        added to it) are read";
    let rel = Path::new(name);
    if name.is_empty() {
        return Ok(None);
    }
    if rel.has_root()
        || rel
            .components()
            .any(|c| matches!(c, Component::Prefix(_) | Component::RootDir))
    {
        return Err(format!("an absolute path: {ONLY}"));
    }
    let mut depth = 0usize;
    for c in rel.components() {
        match c {
            Component::Normal(_) => depth += 1,
            Component::ParentDir => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| format!("`..` leads out of the folder: {ONLY}"))?;
            }
            _ => {}
        }
    }
    for dir in dirs {
        let Ok(root) = dir.canonicalize() else {
            continue;
        };
        let named = dir.join(rel);
        match root.join(rel).canonicalize() {
            Ok(real) if real.starts_with(&root) => return Ok(Some(Found { named, real })),
            Ok(_) => return Err(format!("a link that leads out of the folder: {ONLY}")),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(None)
}

/// Reads standard input (or any reader) within [`max_file_bytes`].
pub fn read_stdin() -> io::Result<String> {
    read_limited(io::stdin().lock(), max_file_bytes(), 0)
}

fn read_limited(r: impl Read, max: u64, capacity: usize) -> io::Result<String> {
    let mut bytes = Vec::with_capacity(capacity);
    r.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64, max));
    }
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 text (byte {} is not valid): expected a text file",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

fn too_large(len: u64, max: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "{}{len} bytes, more than the limit of {max} bytes (set DIPLO_MAX_FILE_BYTES to read larger files)",
            if len > max { "at least " } else { "" }
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limit_names_its_variable() {
        assert_eq!(
            Limit::Orders.exceeded(3),
            "more than the limit of 3 orders per phase (set DIPLO_MAX_ORDERS to allow more)"
        );
        assert_eq!(Limits::default(), Limits::DEFAULT);
        for l in [
            Limit::FileBytes,
            Limit::Provinces,
            Limit::Neighbours,
            Limit::Orders,
            Limit::Phases,
            Limit::IncludedFiles,
        ] {
            assert!(l.exceeded(1).contains(l.var()));
        }
    }

    #[test]
    fn refuses_directories_devices_and_oversized_input() {
        let dir = std::env::temp_dir();
        let err = read_file(&dir).unwrap_err().to_string();
        assert!(
            err.contains("a directory: expected a regular file"),
            "{err}"
        );
        #[cfg(unix)]
        {
            let err = read_file(Path::new("/dev/zero")).unwrap_err().to_string();
            assert!(err.contains("not a regular file"), "{err}");
        }
        let err = read_limited(io::repeat(b'a'), 10, 0)
            .unwrap_err()
            .to_string();
        assert!(err.contains("more than the limit of 10 bytes"), "{err}");
        assert_eq!(read_limited(&b"abc"[..], 10, 0).unwrap(), "abc");
        let err = read_limited(&[0xff, 0xfe][..], 10, 0)
            .unwrap_err()
            .to_string();
        assert!(err.contains("not UTF-8"), "{err}");
    }
}
