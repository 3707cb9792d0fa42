//! Reading a MILA map: its files line by line, and the files `USE`/`MAP` lines name, each
//! read where its line stands (a stack of open files, nested at most [`MAX_DEPTH`] deep).

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
    /// recursion).
    pub(super) fn read(&mut self, text: &str, file: &str) -> Result<(), ImportError> {
        self.files.push(file.to_string());
        let mut open = vec![OpenFile::new(file.to_string(), text.to_string(), 0)];
        while let Some(mut f) = open.pop() {
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
            open.push(f);
            // Each file named is read in turn, the first one first; the rest of this file
            // after them.
            for (name, at) in includes.into_iter().rev() {
                open.push(self.include(&name, &at, depth)?);
            }
        }
        Ok(())
    }

    /// The file a `USE`/`MAP` line at `at` names, opened one level deeper than `depth`.
    fn include(&mut self, name: &str, at: &Place, depth: usize) -> Result<OpenFile, ImportError> {
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
        self.files.push(file.clone());
        Ok(OpenFile::new(file, text, depth + 1))
    }
}
