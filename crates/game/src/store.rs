//! Saving files so that a crash, a kill or a full disk never leaves a half-written one, and
//! keeping two commands from changing one game at the same time.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `text` to `path` so that the file is either the old one or the new one, never a mix:
/// the text goes to a temporary file in the same directory, is flushed to disk (fsync), and is
/// renamed over `path`; then the directory is synced so the rename itself survives a crash. On
/// any error the temporary file is removed and `path` is untouched.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let dir = parent_dir(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)?;
        f.write_all(text.as_bytes())?;
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

fn parent_dir(path: &Path) -> PathBuf {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// An exclusive lock on a game file, held until dropped: a second command on the same game
/// waits for the first instead of reading a state the first is about to replace (which would
/// lose one of the two changes). The lock is on a companion file `.NAME.lock` beside the game
/// (the game file itself is replaced on every save); the operating system releases it when the
/// process ends, however it ends.
#[derive(Debug)]
pub struct GameLock {
    _file: File,
}

impl GameLock {
    /// Takes the lock for the game at `path`, waiting while another process holds it.
    pub fn acquire(path: &Path) -> io::Result<GameLock> {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "game".into());
        let lock_path = parent_dir(path).join(format!(".{name}.lock"));
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(lock_path)?;
        file.lock()?;
        Ok(GameLock { _file: file })
    }
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
}
