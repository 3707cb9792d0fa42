//! Limits on what diplo reads, so that no input (a huge file, `/dev/zero`, a FIFO that never
//! ends) can exhaust memory or hang a host. Every file diplo reads goes through
//! [`read_file`]: it must be a regular file (a link to one is followed) no larger than
//! [`max_file_bytes`].
//!
//! | limit | default | set with |
//! | --- | --- | --- |
//! | bytes of one input file (map, ruleset, position, orders, game, record) | 64 MiB | `DIPLO_MAX_FILE_BYTES` |
//! | bytes read from standard input | the same | the same |

use std::io::{self, Read};
use std::path::Path;

/// The default largest input file: 64 MiB (the largest real game record is under 1 MiB).
pub const DEFAULT_MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// The largest file diplo reads: `DIPLO_MAX_FILE_BYTES` when set to a number, else
/// [`DEFAULT_MAX_FILE_BYTES`].
pub fn max_file_bytes() -> u64 {
    std::env::var("DIPLO_MAX_FILE_BYTES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(DEFAULT_MAX_FILE_BYTES)
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
    read_limited(std::fs::File::open(path)?, max)
}

/// Reads standard input (or any reader) within [`max_file_bytes`].
pub fn read_stdin() -> io::Result<String> {
    read_limited(io::stdin().lock(), max_file_bytes())
}

fn read_limited(r: impl Read, max: u64) -> io::Result<String> {
    let mut bytes = Vec::new();
    r.take(max + 1).read_to_end(&mut bytes)?;
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
        let err = read_limited(io::repeat(b'a'), 10).unwrap_err().to_string();
        assert!(err.contains("more than the limit of 10 bytes"), "{err}");
        assert_eq!(read_limited(&b"abc"[..], 10).unwrap(), "abc");
        let err = read_limited(&[0xff, 0xfe][..], 10).unwrap_err().to_string();
        assert!(err.contains("not UTF-8"), "{err}");
    }
}
