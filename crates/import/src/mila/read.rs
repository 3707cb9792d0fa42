//! Reading a MILA map: its files line by line, and the files `USE`/`MAP` lines name, each
//! read where its line stands (a stack of open files, nested at most [`MAX_DEPTH`] deep), each
//! once, at most `diplo_map::limits::max_included_files` of them and `max_file_bytes` bytes
//! together.

use diplo_map::limits::{self, Limit};

use super::Reader;
use crate::model::{FindingKind, Place};
use crate::ImportError;

/// How deep `USE` may nest (a loop is an error, not followed).
const MAX_DEPTH: usize = 16;

/// A file being read: its text, where reading goes on, and how many files deep it is included.
struct OpenFile {
    file: String,
    text: String,
    /// The byte offset of the next line, and that line's number less one.
    pos: usize,
    line: usize,
    depth: usize,
}

impl OpenFile {
    fn new(file: String, text: String, depth: usize) -> OpenFile {
        OpenFile {
            file,
            text,
            pos: 0,
            line: 0,
            depth,
        }
    }

    /// The next line's number and byte range in `text` (without its line end), or `None` at
    /// the end of the text.
    fn next_line(&mut self) -> Option<(usize, std::ops::Range<usize>)> {
        let rest = self.text.get(self.pos..).filter(|r| !r.is_empty())?;
        let start = self.pos;
        let len = rest.find('\n').map_or(rest.len(), |i| i + 1);
        let raw = &rest[..len];
        let raw = raw.strip_suffix('\n').unwrap_or(raw);
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        self.pos += len;
        self.line += 1;
        Some((self.line, start..start + raw.len()))
    }
}

impl<'a> Reader<'a> {
    pub(super) fn note(&mut self, at: &Place, kind: FindingKind, msg: impl Into<String>) {
        self.findings.push((Some(at.clone()), kind, msg.into()));
    }

    /// Reads `text`, the file named `file`, line by line; a file a `USE` line names is read
    /// where the line stands, before the rest of the file (a stack of open files, no
    /// recursion). Each file is read once: a file used again is skipped (noted), a file that
    /// uses itself is an error; the files read are bounded in number and in bytes together.
    pub(super) fn read(&mut self, text: &str, file: &str) -> Result<(), ImportError> {
        self.files.push(file.to_string());
        self.read_bytes = text.len() as u64;
        let mut stack = vec![Entry::Open(OpenFile::new(
            file.to_string(),
            text.to_string(),
            0,
        ))];
        while let Some(entry) = stack.pop() {
            let mut f = match entry {
                Entry::Open(f) => f,
                Entry::Used { name, at, depth } => {
                    // The open files below on the stack are the ones that use this one.
                    let users: Vec<&str> = stack
                        .iter()
                        .filter_map(|e| match e {
                            Entry::Open(f) => Some(f.file.as_str()),
                            Entry::Used { .. } => None,
                        })
                        .collect();
                    match self.include(&name, &at, depth, &users)? {
                        Some(f) => f,
                        None => continue,
                    }
                }
            };
            while let Some((number, range)) = f.next_line() {
                let at = Place::new(&f.file, number);
                let line = f.text[range].trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                self.line(line, &at)?;
                if !self.includes.is_empty() {
                    break;
                }
            }
            if self.includes.is_empty() {
                continue; // the end of this file
            }
            let includes = std::mem::take(&mut self.includes);
            let depth = f.depth;
            stack.push(Entry::Open(f));
            // Each file named is read in turn, the first one first (each opened when its turn
            // comes); the rest of this file after them.
            for (name, at) in includes.into_iter().rev() {
                stack.push(Entry::Used { name, at, depth });
            }
        }
        Ok(())
    }

    /// The file a `USE`/`MAP` line at `at` names, opened one level deeper than `depth`; `None`
    /// when it was read already. `users`: the files being read that lead to this line.
    fn include(
        &mut self,
        name: &str,
        at: &Place,
        depth: usize,
        users: &[&str],
    ) -> Result<Option<OpenFile>, ImportError> {
        if depth + 1 >= MAX_DEPTH {
            return Err(ImportError::at(at, "`USE`/`MAP` nested too deep (a loop?)"));
        }
        let resolve = self.resolve.expect("a resolver");
        let found = match resolve(name) {
            Ok(None) => resolve(&format!("{name}.map")),
            found => found,
        };
        let (file, text) = match found {
            Ok(Some(found)) => found,
            Ok(None) => return Err(ImportError::at(at, format!("cannot read `{name}`"))),
            Err(why) => return Err(ImportError::at(at, format!("cannot read `{name}`: {why}"))),
        };
        if users.contains(&file.as_str()) {
            return Err(ImportError::at(
                at,
                format!("`USE`/`MAP` loop: `{file}` uses itself"),
            ));
        }
        if self.files.contains(&file) {
            self.note(
                at,
                FindingKind::Note,
                format!("`{file}` is read already; not read again"),
            );
            return Ok(None);
        }
        let max_files = limits::max_included_files();
        if self.files.len() >= max_files {
            return Err(ImportError::at(
                at,
                format!(
                    "cannot read `{name}`: {}",
                    Limit::IncludedFiles.exceeded(max_files)
                ),
            ));
        }
        let max_bytes = limits::max_file_bytes();
        self.read_bytes = self.read_bytes.saturating_add(text.len() as u64);
        if self.read_bytes > max_bytes {
            return Err(ImportError::at(
                at,
                format!(
                    "cannot read `{name}`: the files of this map together are more than the \
                     limit of {max_bytes} bytes (set {} to read larger files)",
                    Limit::FileBytes.var()
                ),
            ));
        }
        self.files.push(file.clone());
        Ok(Some(OpenFile::new(file, text, depth + 1)))
    }
}

/// An entry of the stack of files being read: a file open, or one a `USE` line names, to be
/// opened when its turn comes.
enum Entry {
    Open(OpenFile),
    Used {
        name: String,
        at: Place,
        depth: usize,
    },
}
