//! TOML text written straight into one `String`, in the layout the `toml` crate's serializer
//! gives a document (`toml::to_string`), so that a game file is the same bytes whichever wrote
//! it: `key = value` lines, a table's plain values before its tables, every table after a blank
//! line. Strings and keys are quoted by `toml_writer`, as the `toml` crate quotes them.

use std::fmt::Write as _;

use toml_writer::TomlWrite as _;

/// A TOML document being written.
pub(crate) struct TomlText<'a> {
    /// The text so far.
    out: &'a mut String,
}

impl<'a> TomlText<'a> {
    /// Writes at the end of `out`.
    pub(crate) fn new(out: &'a mut String) -> TomlText<'a> {
        TomlText { out }
    }

    /// A table's header after a blank line: `[path]`, or `[[path]]` for an element of an array
    /// of tables; `path` is its keys, bare words, joined by dots, written as `tail` after `head`
    /// (the table a record or a position is written under, and its own part).
    pub(crate) fn header(&mut self, head: &str, tail: &str, array: bool) {
        self.out.push_str(if array { "\n[[" } else { "\n[" });
        self.out.push_str(head);
        self.out.push_str(tail);
        self.out.push_str(if array { "]]\n" } else { "]\n" });
    }

    /// `key = "value"`.
    pub(crate) fn str(&mut self, key: &str, value: &str) {
        self.key(key);
        self.string(value);
        self.out.push('\n');
    }

    /// `key = "value"` when there is a value.
    pub(crate) fn opt_str(&mut self, key: &str, value: Option<&str>) {
        if let Some(v) = value {
            self.str(key, v);
        }
    }

    /// `key = ["a", "b"]` (`[]` when empty).
    pub(crate) fn strs<'s>(&mut self, key: &str, values: impl IntoIterator<Item = &'s str>) {
        self.key(key);
        self.out.push('[');
        for (i, v) in values.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.string(v);
        }
        self.out.push_str("]\n");
    }

    /// `key = ["a", "b"]` unless the list is empty.
    pub(crate) fn some_strs(&mut self, key: &str, values: &[String]) {
        if !values.is_empty() {
            self.strs(key, values.iter().map(String::as_str));
        }
    }

    /// `key = 12`.
    pub(crate) fn uint(&mut self, key: &str, value: u64) {
        self.key(key);
        // Writing into a `String` cannot fail.
        let _ = write!(self.out, "{value}");
        self.out.push('\n');
    }

    /// `key = true` or `key = false`.
    pub(crate) fn bool(&mut self, key: &str, value: bool) {
        self.key(key);
        self.out.push_str(if value { "true\n" } else { "false\n" });
    }

    /// `key = true` when it is.
    pub(crate) fn flag(&mut self, key: &str, value: bool) {
        if value {
            self.bool(key, true);
        }
    }

    /// `key = `: a field's name as written (a bare word), or a map's key (a power's name, a
    /// province's, an issue's) quoted when it must be, as `toml_writer` quotes keys.
    fn key(&mut self, key: &str) {
        if !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            // A bare key, as `toml_writer` writes it (it quotes only keys with other bytes).
            self.out.push_str(key);
        } else {
            let _ = self.out.key(key);
        }
        self.out.push_str(" = ");
    }

    /// A string value, quoted and escaped as the `toml` crate writes it.
    fn string(&mut self, value: &str) {
        // Nothing to escape (no control character, `"` or `\`): `toml_writer` writes such a
        // string between double quotes as it is.
        let plain = |b: u8| b >= 0x20 && b != 0x7f && b != b'"' && b != b'\\';
        if value.bytes().all(plain) {
            self.out.push('"');
            self.out.push_str(value);
            self.out.push('"');
        } else {
            let _ = self.out.value(value);
        }
    }
}
