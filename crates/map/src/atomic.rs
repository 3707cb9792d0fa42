//! Writing files so that a crash, a kill or a full disk never leaves a half-written one: every
//! file diplo writes (a game, a position, a picture, an imported map) goes through
//! [`write_atomically_bytes`] (or [`write_atomically`] for text), or, for an output file that
//! must never be written through a link (a picture, an imported map), [`write_output_atomically`].
//! `diplo-game` re-exports them.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `text` to `path` atomically: [`write_atomically_bytes`] with the text's bytes.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    write_atomically_bytes(path, text.as_bytes())
}

/// Writes `bytes` to `path` so that the file is either the old one or the new one, never a mix:
/// the bytes go to a temporary file in the same directory, are flushed to disk (fsync), and are
/// renamed over `path`; then the directory is synced so the rename itself survives a crash. On
/// any error (a full disk included) the temporary file is removed and `path` is untouched.
///
/// A file replaced keeps its mode and, as far as the process may set it, its owner and group
/// (the temporary file gets them before the rename): a private game stays private. A file
/// without its owner's write permission (`chmod a-w`) is not replaced: the error says it is
/// read-only. A new file gets the default mode (0666 less the umask).
///
/// A `path` that is a symbolic link is followed: the file it points to is replaced (the link
/// stays). The temporary file is created new (`O_EXCL`: never an existing file or a link planted
/// under its name) with a name no other process uses (`.NAME.PID.N.tmp`); temporary files of
/// this file left by a killed process are removed ([`remove_leftover_temporaries`]).
pub fn write_atomically_bytes(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write(&resolve_link(path)?, bytes)
}

/// Writes an output file (a picture, an imported map) as [`write_atomically_bytes`] does, but
/// never through a symbolic link: a link at `path` (say one planted in the directory that
/// `diplo game history --render DIR` fills) is refused, and the file it points to is never
/// touched.
pub fn write_output_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path is a symbolic link: an output file is never written through one (remove the link)",
        ));
    }
    // Were a link planted between the check and the rename, the rename would replace the link
    // itself: the file it points to is never written.
    write(path, bytes)
}

/// Writes `bytes` to `path` (a link already resolved, or refused) through a temporary file.
fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent_dir(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let old = std::fs::symlink_metadata(path).ok().filter(|m| m.is_file());
    if let Some(m) = &old {
        refuse_read_only(m)?;
    }
    remove_stale_temporaries(&dir, &name);
    let (tmp, mut f) = create_temporary(&dir, &name)?;
    let result = (|| {
        if let Some(m) = &old {
            keep_mode_and_owner(&f, m)?;
        }
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)?;
        // Make the rename durable. Not every platform can open a directory; that is no error.
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// A file its owner may not write is not replaced (a save would otherwise undo `chmod a-w`).
fn refuse_read_only(old: &std::fs::Metadata) -> io::Result<()> {
    #[cfg(unix)]
    let read_only = {
        use std::os::unix::fs::PermissionsExt;
        let mode = old.permissions().mode();
        (mode & 0o200 == 0).then(|| format!("mode {:o}", mode & 0o7777))
    };
    #[cfg(not(unix))]
    let read_only = old
        .permissions()
        .readonly()
        .then(|| "read-only".to_string());
    match read_only {
        Some(how) => Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!("the file is read-only ({how}): it is not replaced; make it writable (chmod u+w) to save over it"),
        )),
        None => Ok(()),
    }
}

/// Gives the temporary file `f` the replaced file's owner and group (best effort: a process
/// that may not give a file away keeps its own) and its mode.
fn keep_mode_and_owner(f: &File, old: &std::fs::Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let new = f.metadata()?;
        let mut mode = old.mode() & 0o7777;
        if (new.uid(), new.gid()) != (old.uid(), old.gid()) {
            let _ = std::os::unix::fs::fchown(f, Some(old.uid()), Some(old.gid()))
                .or_else(|_| std::os::unix::fs::fchown(f, None, Some(old.gid())));
            let now = f.metadata()?;
            if (now.uid(), now.gid()) != (old.uid(), old.gid()) {
                // Never a set-user or set-group id bit on a file of another owner.
                mode &= 0o1777;
            }
        }
        f.set_permissions(std::fs::Permissions::from_mode(mode))
    }
    #[cfg(not(unix))]
    {
        f.set_permissions(old.permissions())
    }
}

/// The file a path names, following symbolic links (the path itself when it does not exist yet).
pub fn resolve_link(path: &Path) -> io::Result<PathBuf> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path),
        _ => Ok(path.to_path_buf()),
    }
}

/// A new temporary file `.NAME.PID.N.tmp` beside the target, created exclusively.
fn create_temporary(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    for _ in 0..100 {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{}.{nanos}{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "cannot create a temporary file: every name tried exists",
    ))
}

/// Removes what killed writes of `path` left behind (see [`write_atomically_bytes`]): its
/// temporary files whose process is gone, and any older than ten minutes. Every save does it;
/// `diplo_game::Game::load` does it too, so that a game only read gets its space back.
pub fn remove_leftover_temporaries(path: &Path) {
    let path = resolve_link(path).unwrap_or_else(|_| path.to_path_buf());
    if let Some(name) = path.file_name() {
        remove_stale_temporaries(&parent_dir(&path), &name.to_string_lossy());
    }
}

/// Removes `.NAME.PID.N.tmp` files left by a killed write: those of a process that is gone (on
/// Linux, no `/proc/PID`), and any older than ten minutes. A file of a process that may be
/// alive but hidden (another user's under `/proc` mounted `hidepid`) is left to the age rule:
/// only this user's files (or, for root, anyone's) are removed for a gone process.
fn remove_stale_temporaries(dir: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{name}.");
    let old = std::time::Duration::from_secs(600);
    for e in entries.flatten() {
        let file = e.file_name().to_string_lossy().into_owned();
        let Some(rest) = file
            .strip_prefix(&prefix)
            .and_then(|r| r.strip_suffix(".tmp"))
        else {
            continue;
        };
        // Only regular files: a link planted under such a name is left alone.
        let Some(meta) = e.metadata().ok().filter(|m| m.is_file()) else {
            continue;
        };
        let aged = meta
            .modified()
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > old);
        let pid = rest.split('.').next().and_then(|p| p.parse::<u32>().ok());
        let orphaned = pid.is_some_and(|pid| {
            pid != std::process::id() && process_is_gone(pid) && removable_when_gone(&meta)
        });
        if aged || orphaned {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Whether process `pid` has ended: on Linux, `/proc/PID` is missing while `/proc` is there.
/// Elsewhere nothing is known (false): only the age rule applies.
fn process_is_gone(pid: u32) -> bool {
    cfg!(target_os = "linux")
        && Path::new("/proc/self").exists()
        && !Path::new(&format!("/proc/{pid}")).exists()
}

/// Whether a temporary file of a process not seen may be removed: it is this user's (whose
/// processes are always seen), or this process is root's (who sees every process).
fn removable_when_gone(meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata("/proc/self").is_ok_and(|me| me.uid() == 0 || me.uid() == meta.uid())
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        false
    }
}

/// The folder `path` is in (`.` for a bare file name): where its temporaries and lock go.
pub fn parent_dir(path: &Path) -> PathBuf {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}
