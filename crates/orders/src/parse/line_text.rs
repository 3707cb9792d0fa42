//! [`LineText`], the text of an order line as written: the lines of one file share one copy of
//! it, so that reading a file allocates nothing per line for their texts.

use std::sync::Arc;

/// The text of an [`OrderLine`] as written. The lines [`parse_orders`] reads share one copy of
/// the file (no allocation per line); the text reads as a `&str` (through `Deref` or
/// [`LineText::as_str`]) and prints as one. Two texts are equal when they read the same.
///
/// [`OrderLine`]: crate::OrderLine
/// [`parse_orders`]: crate::parse_orders
#[derive(Clone)]
pub struct LineText {
    pub(super) file: Arc<str>,
    pub(super) range: std::ops::Range<usize>,
}

impl LineText {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.file[self.range.clone()]
    }
}

impl From<&str> for LineText {
    fn from(text: &str) -> Self {
        LineText {
            file: text.into(),
            range: 0..text.len(),
        }
    }
}

impl From<LineText> for String {
    fn from(t: LineText) -> String {
        t.as_str().to_string()
    }
}

impl std::ops::Deref for LineText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for LineText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for LineText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self.as_str(), f)
    }
}

impl std::fmt::Debug for LineText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for LineText {
    fn eq(&self, other: &LineText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for LineText {}

impl std::hash::Hash for LineText {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl PartialEq<str> for LineText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for LineText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for LineText {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}
