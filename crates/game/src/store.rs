//! Saving files so that a crash, a kill or a full disk never leaves a half-written one (the
//! writer lives in `diplo_map::atomic`, the lowest crate, so that every crate that writes a file
//! uses it; it is re-exported here), and keeping two commands from changing one game at the same
//! time.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::Path;

use diplo_map::atomic::{parent_dir, resolve_link};
pub use diplo_map::atomic::{write_atomically, write_atomically_bytes, write_output_atomically};

/// How long a command waits for another one to finish with the same game.
pub const LOCK_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);

/// An exclusive lock on a game file, held until dropped: a second command on the same game
/// waits for the first instead of reading a state the first is about to replace (which would
/// lose one of the two changes). The lock is on a companion file `.NAME.lock` beside the game
/// (the game file itself is replaced on every save); the operating system releases it when the
/// process ends, however it ends. The lock file is never opened through a symbolic link
/// (`O_NOFOLLOW`): a link planted under its name is refused.
#[derive(Debug)]
pub struct GameLock {
    _file: File,
}

impl GameLock {
    /// Takes the lock for the game at `path` (a link is followed, so that every name of one
    /// game takes one lock), waiting while another process holds it, at most
    /// `LOCK_TIMEOUT` (a minute); then fails with `TimedOut`.
    pub fn acquire(path: &Path) -> io::Result<GameLock> {
        GameLock::acquire_within(path, LOCK_TIMEOUT)
    }

    /// [`GameLock::acquire`] with another time limit.
    pub fn acquire_within(path: &Path, limit: std::time::Duration) -> io::Result<GameLock> {
        let path = &resolve_link(path)?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "game".into());
        let lock_path = parent_dir(path).join(format!(".{name}.lock"));
        let file = open_lock_file(&lock_path)?;
        let start = std::time::Instant::now();
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(GameLock { _file: file }),
                Err(std::fs::TryLockError::WouldBlock) if start.elapsed() < limit => {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        format!(
                            "another command has held the game for {} s; try again when it is done",
                            limit.as_secs()
                        ),
                    ))
                }
                Err(std::fs::TryLockError::Error(e)) => return Err(e),
            }
        }
    }
}

/// Opens (creating it if need be) a lock file, never through a symbolic link: a link planted
/// under the lock's name is refused, and the file it points to is neither created nor opened.
fn open_lock_file(lock_path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW);
    #[cfg(not(unix))]
    if std::fs::symlink_metadata(lock_path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(link_lock_error(lock_path));
    }
    options.open(lock_path).map_err(|e| {
        #[cfg(unix)]
        if e.raw_os_error() == Some(libc::ELOOP) {
            return link_lock_error(lock_path);
        }
        e
    })
}

fn link_lock_error(lock_path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "{}: the game's lock file is a symbolic link; a lock is never taken through one (remove the link)",
            lock_path.display()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_replaces_without_leaving_temporary_files() {
        let dir = std::env::temp_dir().join(format!("diplo-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.toml");
        write_atomically(&path, "one").unwrap();
        write_atomically(&path, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["g.toml".to_string()]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_and_a_planted_temporary_is_never_written() {
        let dir = std::env::temp_dir().join(format!("diplo-store-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let real = dir.join("real.toml");
        let link = dir.join("link.toml");
        write_atomically(&real, "one").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomically(&link, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "two");
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        // A link planted where an old-style temporary name would be is left alone.
        let victim = dir.join("victim");
        std::fs::write(&victim, "keep").unwrap();
        let planted = dir.join(format!(".real.toml.{}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&victim, &planted).unwrap();
        write_atomically(&real, "three").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "three");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_lock_wait_ends_with_a_clear_error() {
        let dir = std::env::temp_dir().join(format!("diplo-store-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.toml");
        let held = GameLock::acquire(&path).unwrap();
        let err =
            GameLock::acquire_within(&path, std::time::Duration::from_millis(100)).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert!(err.to_string().contains("try again"), "{err}");
        drop(held);
        GameLock::acquire_within(&path, std::time::Duration::from_millis(100)).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = std::env::temp_dir().join(format!("diplo-store-fail-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.toml");
        write_atomically(&path, "old").unwrap();
        // Renaming a file over a non-empty directory fails: the target stays as it was.
        let blocked = dir.join("sub");
        std::fs::create_dir_all(blocked.join("x")).unwrap();
        assert!(write_atomically(&blocked, "new").is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert!(!dir.join(".sub.tmp").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bytes_are_written_atomically_and_a_failed_write_leaves_the_old_file() {
        let dir = std::env::temp_dir().join(format!("diplo-store-bytes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.png");
        write_atomically_bytes(&path, b"\x89PNG old").unwrap();
        // A temporary cannot be made where the directory does not exist: nothing is touched.
        assert!(write_atomically_bytes(&dir.join("missing/p.png"), b"new").is_err());
        let blocked = dir.join("sub");
        std::fs::create_dir_all(blocked.join("x")).unwrap();
        assert!(write_atomically_bytes(&blocked, b"new").is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"\x89PNG old");
        write_atomically_bytes(&path, b"\x89PNG new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"\x89PNG new");
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, vec!["p.png".to_string(), "sub".to_string()]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_mode_and_owner_and_a_read_only_one_is_refused() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = std::env::temp_dir().join(format!("diplo-store-mode-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.toml");
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o7777;
        let chmod = |p: &Path, m: u32| {
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap()
        };
        write_atomically(&path, "one").unwrap();
        for m in [0o600, 0o640, 0o604] {
            chmod(&path, m);
            write_atomically(&path, "two").unwrap();
            assert_eq!(mode(&path), m, "mode {m:o} kept");
        }
        // The owner and group: only a process that may give a file away can keep another's.
        let me = std::fs::metadata(&path).unwrap().uid();
        if me == 0 {
            std::os::unix::fs::chown(&path, Some(4242), Some(4243)).unwrap();
            chmod(&path, 0o600);
            write_atomically(&path, "three").unwrap();
            let m = std::fs::metadata(&path).unwrap();
            assert_eq!((m.uid(), m.gid(), mode(&path)), (4242, 4243, 0o600));
        }
        // Read-only: refused with a clear error, the file and its mode untouched.
        chmod(&path, 0o444);
        let before = std::fs::read_to_string(&path).unwrap();
        let err = write_atomically(&path, "four").unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::PermissionDenied);
        assert!(err.to_string().contains("read-only (mode 444)"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
        assert_eq!(mode(&path), 0o444);
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary left"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_file_planted_as_a_link_is_refused_and_its_target_never_created() {
        let dir = std::env::temp_dir().join(format!("diplo-store-locklink-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("elsewhere");
        std::os::unix::fs::symlink(&target, dir.join(".g.toml.lock")).unwrap();
        let err = GameLock::acquire(&dir.join("g.toml")).unwrap_err();
        assert!(
            err.to_string().contains("lock file is a symbolic link"),
            "{err}"
        );
        assert!(!target.exists(), "the link's target was created");
        // A link to an existing file: refused too, the file untouched.
        std::fs::write(&target, "keep").unwrap();
        assert!(GameLock::acquire(&dir.join("g.toml")).is_err());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn an_output_file_is_never_written_through_a_link() {
        let dir = std::env::temp_dir().join(format!("diplo-store-outlink-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let victim = dir.join("victim");
        std::fs::write(&victim, "keep").unwrap();
        let out = dir.join("001.svg");
        std::os::unix::fs::symlink(&victim, &out).unwrap();
        let err = write_output_atomically(&out, b"<svg/>").unwrap_err();
        assert!(err.to_string().contains("symbolic link"), "{err}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        assert!(std::fs::symlink_metadata(&out)
            .unwrap()
            .file_type()
            .is_symlink());
        // A dangling link: its target is not created.
        let dangling = dir.join("002.svg");
        std::os::unix::fs::symlink(dir.join("nowhere"), &dangling).unwrap();
        assert!(write_output_atomically(&dangling, b"<svg/>").is_err());
        assert!(!dir.join("nowhere").exists());
        write_output_atomically(&dir.join("003.svg"), b"<svg/>").unwrap();
        assert_eq!(std::fs::read(dir.join("003.svg")).unwrap(), b"<svg/>");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The id of a process that has ended.
    fn dead_pid() -> u32 {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn temporaries_of_a_process_that_is_gone_are_removed_at_the_next_save() {
        let dir = std::env::temp_dir().join(format!("diplo-store-dead-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.toml");
        write_atomically(&path, "one").unwrap();
        let dead = dir.join(format!(".g.toml.{}.17.tmp", dead_pid()));
        let alive = dir.join(".g.toml.1.17.tmp"); // init's: alive
        let mine = dir.join(format!(".g.toml.{}.0.tmp", std::process::id()));
        let other = dir.join(format!(".other.toml.{}.17.tmp", dead_pid()));
        for f in [&dead, &alive, &mine, &other] {
            std::fs::write(f, vec![b'x'; 4096]).unwrap();
        }
        write_atomically(&path, "two").unwrap();
        assert!(!dead.exists(), "the dead process's temporary is removed");
        assert!(
            alive.exists() && mine.exists(),
            "a live process's temporary is kept"
        );
        assert!(
            other.exists(),
            "another file's temporary is not this save's business"
        );
        // Also when the file is only read (what `Game::load` does).
        std::fs::write(&dead, "x").unwrap();
        diplo_map::atomic::remove_leftover_temporaries(&path);
        assert!(!dead.exists());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
