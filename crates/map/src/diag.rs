//! Located diagnostics for map files.

use std::fmt;

/// One problem in a file, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file, as the user named it.
    pub file: String,
    /// 1-based line, 0 when unknown.
    pub line: usize,
    /// 1-based column, 0 when unknown.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic at byte offset `offset` of `text`.
    pub fn at(file: &str, text: &str, offset: usize, message: impl Into<String>) -> Self {
        let (line, column) = line_col(text, offset);
        Diagnostic {
            file: file.to_string(),
            line,
            column,
            message: one_line(&message.into()).into_owned(),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.message
            )
        }
    }
}

/// A TOML syntax error as the byte offset it points at and a message that is never empty. The
/// `toml` crate gives no words for a character that TOML allows nowhere, such as a NUL byte or
/// a carriage return without a line feed (a lone CR, an old Mac line end), even in a comment:
/// those get a message naming the character and what is expected. A message of several lines
/// is joined into one.
pub fn toml_error(e: &toml::de::Error, text: &str) -> (usize, String) {
    let at = e.span().map_or(0, |s| s.start).min(text.len());
    // The crate's messages may run over several lines (`invalid array` / `expected `]``): one
    // line, so that every line of an error names its file.
    let message: Vec<&str> = e
        .message()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if !message.is_empty() {
        return (at, message.join(": "));
    }
    let found = text.get(at..).and_then(|t| t.chars().next());
    let message = match found {
        Some('\0') => {
            "a NUL byte: TOML allows none anywhere, not even in a comment (is this a text file?)"
                .to_string()
        }
        Some('\r') => {
            "a carriage return (CR) without a line feed: TOML lines end with LF or CRLF, \
                        not a lone CR, even in a comment"
                .to_string()
        }
        Some(c) if c.is_control() => format!(
            "the control character U+{:04X}: TOML allows none but tab, not even in a comment",
            c as u32
        ),
        Some(c) => format!("`{c}` is not valid TOML here"),
        None => "the file ends where TOML expects more".to_string(),
    };
    (at, message)
}

/// `message` on one line: a line end in it (a value quoted from a file, such as `"a\nb"`) is
/// written `\n` (or `\r`), so that every error of a file is one line.
pub fn one_line(message: &str) -> std::borrow::Cow<'_, str> {
    if message.contains(['\n', '\r']) {
        message.replace('\n', "\\n").replace('\r', "\\r").into()
    } else {
        message.into()
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Why a map could not be loaded: every problem found.
#[derive(Clone, Debug)]
pub struct MapError {
    /// The problems, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

impl MapError {
    pub(crate) fn io(file: &str, e: std::io::Error) -> Self {
        MapError {
            diagnostics: vec![Diagnostic {
                file: file.to_string(),
                line: 0,
                column: 0,
                message: format!("cannot read the map file: {e}"),
            }],
        }
    }
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "error: {d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for MapError {}
