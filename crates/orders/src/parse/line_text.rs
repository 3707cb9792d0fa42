//! [`LineText`]: the text of a parsed line, kept without an allocation or a shared count when it
//! is short.

use std::sync::Arc;

/// Longest text kept in place (bytes): what fits beside the file's pointer, which tells the two
/// kinds of text apart, in the size of a shared text (`F stp/sc S A mos - war` has 22).
const INLINE: usize = 23;

/// The text of an [`super::OrderLine`] as written. A text of up to 23 bytes is kept in place
/// (most orders in the short notation: no allocation, nothing shared); a longer one is a part
/// of one copy of the file that the longer lines [`super::parse_orders`] reads share. The text
/// reads as a `&str` (through `Deref` or [`LineText::as_str`]) and prints as one. Two texts are
/// equal when they read the same.
#[derive(Clone)]
pub struct LineText(Repr);

#[derive(Clone)]
enum Repr {
    /// The text's bytes (valid UTF-8: a whole `&str`), in place.
    Inline { len: u8, bytes: [u8; INLINE] },
    /// A part of a file.
    Shared {
        file: Arc<str>,
        range: std::ops::Range<usize>,
    },
}

impl LineText {
    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline { len, bytes } => {
                // The bytes are a whole `&str`: this never fails.
                std::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default()
            }
            Repr::Shared { file, range } => file.get(range.clone()).unwrap_or_default(),
        }
    }

    /// The part `range` of `text` (whole characters): in place if short enough, else in `file`,
    /// which is made a copy of `text` the first time it is needed.
    #[inline]
    pub(super) fn of(
        text: &str,
        range: std::ops::Range<usize>,
        file: &mut Option<Arc<str>>,
    ) -> LineText {
        let all = text.as_bytes();
        let len = range.end.saturating_sub(range.start);
        if len > INLINE {
            let file = Arc::clone(file.get_or_insert_with(|| text.into()));
            return LineText(Repr::Shared { file, range });
        }
        let mut bytes = [0; INLINE];
        // A copy of a fixed size where the text goes on far enough (a few moves, where one of
        // `len` bytes is a call); the bytes after `len` are never read.
        match all.get(range.start..range.start + INLINE) {
            Some(whole) => bytes.copy_from_slice(whole),
            None => {
                let part = all.get(range).unwrap_or_default();
                bytes[..part.len()].copy_from_slice(part);
            }
        }
        LineText(Repr::Inline {
            len: len as u8,
            bytes,
        })
    }
}

impl From<&str> for LineText {
    fn from(text: &str) -> Self {
        LineText::of(text, 0..text.len(), &mut None)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_in_place_and_long_ones_shared() {
        let text = "F stp/sc S A mos - war\nF North Atlantic Ocean Convoys A Clyde - Norway";
        let mut file = None;
        let short = LineText::of(text, 0..22, &mut file);
        assert!(matches!(short.0, Repr::Inline { .. }));
        assert!(file.is_none());
        assert_eq!(short, "F stp/sc S A mos - war");
        let long = LineText::of(text, 23..text.len(), &mut file);
        assert!(matches!(long.0, Repr::Shared { .. }));
        assert_eq!(long, "F North Atlantic Ocean Convoys A Clyde - Norway");
        let again = LineText::of(text, 23..text.len(), &mut file);
        assert!(
            matches!(&again.0, Repr::Shared { file: f, .. } if Arc::ptr_eq(f, file.as_ref().unwrap()))
        );
    }

    #[test]
    fn twenty_three_bytes_fit_in_place_and_multibyte_text_reads_back() {
        let text23 = format!("{}a", "é".repeat(11)); // 23 bytes
        assert!(matches!(
            LineText::from(text23.as_str()).0,
            Repr::Inline { .. }
        ));
        assert_eq!(LineText::from(text23.as_str()), text23);
        let more = format!("{text23}a");
        assert!(matches!(
            LineText::from(more.as_str()).0,
            Repr::Shared { .. }
        ));
        assert_eq!(LineText::from(more.as_str()).as_str(), more);
        assert_eq!(LineText::from(""), "");
    }

    #[test]
    fn the_text_is_no_larger_than_a_shared_part() {
        assert_eq!(std::mem::size_of::<LineText>(), 32);
    }
}
