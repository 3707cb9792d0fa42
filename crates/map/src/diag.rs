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

/// A TOML syntax error as the byte offset it points at and a message that is never empty. A
/// character that TOML allows nowhere, such as a NUL byte or a carriage return without a line
/// feed (a lone CR, an old Mac line end), even in a comment, gets a message naming the
/// character and what is expected (the `toml` crate gives no or only general words for it). A
/// message of several lines is joined into one.
pub fn toml_error(e: &toml::de::Error, text: &str) -> (usize, String) {
    let mut at = e.span().map_or(0, |s| s.start).min(text.len());
    // A lone CR may be reported at the character after it.
    if at > 0 && text.as_bytes()[at - 1] == b'\r' && text.as_bytes().get(at) != Some(&b'\n') {
        at -= 1;
    }
    let rest = text.get(at..).unwrap_or("");
    if let Some(message) = forbidden_character(rest) {
        return (at, message);
    }
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
    let message = match rest.chars().next() {
        Some(c) => format!("`{c}` is not valid TOML here"),
        None => "the file ends where TOML expects more".to_string(),
    };
    (at, message)
}

/// What is wrong with the character `rest` starts with, if TOML allows it nowhere.
fn forbidden_character(rest: &str) -> Option<String> {
    let message = match rest.chars().next()? {
        '\0' => {
            "a NUL byte: TOML allows none anywhere, not even in a comment (is this a text file?)"
                .to_string()
        }
        '\r' if !rest[1..].starts_with('\n') => "a carriage return (CR) without a line feed: TOML \
             lines end with LF or CRLF, not a lone CR, even in a comment"
            .to_string(),
        c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => format!(
            "the control character U+{:04X}: TOML allows none but tab, not even in a comment",
            c as u32
        ),
        _ => return None,
    };
    Some(message)
}

/// The most bytes of a message [`one_line`] keeps: a value quoted from a huge input (a 60 MB
/// position line) is cut in the middle, so an error is never larger than a line's worth.
pub const MAX_MESSAGE_BYTES: usize = 1_000;

/// `message` on one line: a line end in it (a value quoted from a file, such as `"a\nb"`) is
/// written `\n` (or `\r`), so that every error of a file is one line; past
/// `MAX_MESSAGE_BYTES` (1,000) its middle is left out, and says how much.
pub fn one_line(message: &str) -> std::borrow::Cow<'_, str> {
    let joined: std::borrow::Cow<'_, str> = if message.contains(['\n', '\r']) {
        message.replace('\n', "\\n").replace('\r', "\\r").into()
    } else {
        message.into()
    };
    if joined.len() <= MAX_MESSAGE_BYTES {
        return joined;
    }
    let head = floor_char_boundary(&joined, MAX_MESSAGE_BYTES * 3 / 4);
    let mut tail = joined.len() - MAX_MESSAGE_BYTES / 5;
    while !joined.is_char_boundary(tail) {
        tail += 1;
    }
    format!(
        "{} ... ({} bytes left out) ... {}",
        &joined[..head],
        tail - head,
        &joined[tail..]
    )
    .into()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 34 item 18: an error quotes at most a line's worth of a huge input.
    #[test]
    fn a_huge_message_is_cut_to_a_line_s_worth() {
        let huge = format!("unknown province `{}é`", "x".repeat(60_000_000));
        let short = one_line(&huge);
        assert!(short.len() < MAX_MESSAGE_BYTES + 100, "{}", short.len());
        assert!(short.starts_with("unknown province `xxx") && short.ends_with("xé`"));
        assert!(short.contains("bytes left out"));
        assert_eq!(one_line("a\nb"), "a\\nb");
        assert_eq!(one_line("short"), "short");
    }
}
