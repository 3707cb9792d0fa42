//! The tokenizer: a line is split into words (normalised: lower case, no dots, packed for
//! keyword and name lookups) and symbols (`-`, `->`, `/`, `(`, `)`, `:` ...), each with its byte
//! offsets, through a table of byte classes; and the buffers it fills, reused from line to line.

use super::keywords::{keywords_of_key, Kw};

/// The buffers a line's parser fills, reused from line to line.
#[derive(Default)]
pub(super) struct Buffers {
    pub(super) toks: Vec<Tok>,
    /// The words of the line normalised (lower case, no dots), each after the character that
    /// joins it to the word before in a name (see [`tokenize`]).
    pub(super) norms: Vec<u8>,
}

impl Buffers {
    /// Buffers large enough for most lines (no growing in the first lines read).
    pub(super) fn new() -> Self {
        Buffers {
            toks: Vec::with_capacity(16),
            norms: Vec::with_capacity(64),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Letters and digits (and dots inside a word: `St.`).
    Word,
    /// `-` (or a dash character).
    Dash,
    /// `->`, `=>`, `→`.
    Arrow,
    /// Any other character.
    Sym(char),
}

#[derive(Clone, Debug)]
pub(super) struct Tok {
    pub(super) kind: Kind,
    /// For a word: where its normalised form (lower case, without dots) lies in the parser's
    /// `norms` (start, end).
    pub(super) norm: (u32, u32),
    /// For a word of at most eight bytes normalised: those bytes packed ([`packed`]), the key
    /// a single word is looked up by; `0` otherwise.
    ///
    /// [`packed`]: super::keywords::packed
    pub(super) key: u64,
    /// For a word: the keyword sets it belongs to (`Kw` bits).
    pub(super) kw: u32,
    /// Whether white space (or the start of the line) comes right before.
    pub(super) spaced: bool,
    /// Byte offsets in the line (columns are counted from them when an error needs one).
    pub(super) start: usize,
    pub(super) end: usize,
}

fn is_dash(c: char) -> bool {
    matches!(
        c,
        '-' | '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}'
    )
}

/// The character at byte `i` of `text` (a character boundary): ASCII without decoding.
fn char_at(text: &str, i: usize) -> char {
    match text.as_bytes()[i] {
        b if b.is_ascii() => b as char,
        _ => text[i..].chars().next().unwrap_or(' '),
    }
}

/// What a byte starts, for [`tokenize`]: white space, a comment, a word (an ASCII letter or
/// digit), a character beyond ASCII (decoded to decide), or a symbol (`0`).
const SPACE: u8 = 1;
const COMMENT: u8 = 2;
const WORD: u8 = 3;
const NON_ASCII: u8 = 4;
/// `\n` or `\r`: white space in a single order, the end of a line in a file.
const LINE_END: u8 = 5;
const BYTE_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = match c {
            b'\n' | b'\r' => LINE_END,
            b'\t' | 0x0b | 0x0c | b' ' => SPACE,
            b'#' => COMMENT,
            _ if c.is_ascii_alphanumeric() => WORD,
            _ if !c.is_ascii() => NON_ASCII,
            _ => 0,
        };
        b += 1;
    }
    t
};

/// Splits a line into tokens (into `toks`, emptied first; words normalised into `norms`),
/// stopping at `#` (a comment) and, if `one_line`, at the end of the line (`\n` or `\r`, else
/// white space); returns the byte offset where it stopped (the length of `text` at its end).
///
/// Each word's normalised form follows, in `norms`, the character that joins it to the word
/// before it in a name ([`Join`]), so that the key of a run of words is one slice of `norms`:
/// names are looked up without building a string. ASCII is read through a table of byte
/// classes; other characters are decoded where they occur.
pub(super) fn tokenize(
    text: &str,
    one_line: bool,
    toks: &mut Vec<Tok>,
    norms: &mut Vec<u8>,
) -> usize {
    toks.clear();
    norms.clear();
    let bytes = text.as_bytes();
    let (mut i, mut spaced, mut join) = (0, true, Join::None);
    while let Some(&b) = bytes.get(i) {
        let class = BYTE_CLASS[usize::from(b)];
        let c = if class == NON_ASCII {
            char_at(text, i)
        } else {
            b as char
        };
        match class {
            SPACE => {
                (i, spaced) = (i + 1, true);
                continue;
            }
            COMMENT => break,
            LINE_END if one_line => break,
            LINE_END => {
                (i, spaced) = (i + 1, true);
                continue;
            }
            NON_ASCII if c.is_whitespace() => {
                (i, spaced) = (i + c.len_utf8(), true);
                continue;
            }
            _ => {}
        }
        let tok = if class == WORD || (class == NON_ASCII && c.is_alphanumeric()) {
            match join {
                Join::Space => norms.push(b' '),
                Join::Hyphen if !spaced => norms.push(b'-'),
                _ => {}
            }
            let norm_start = norms.len();
            let (end, key, kw) = scan_word(text, i, norms);
            let norm = (norm_start as u32, norms.len() as u32);
            let kind = Kind::Word;
            Tok {
                kind,
                key,
                norm,
                kw,
                spaced,
                start: i,
                end,
            }
        } else {
            let (kind, len) = symbol(text, i, c);
            let (key, norm, kw) = (0, (0, 0), 0);
            Tok {
                kind,
                key,
                norm,
                kw,
                spaced,
                start: i,
                end: i + len,
            }
        };
        i = tok.end;
        join = match tok.kind {
            Kind::Word => Join::Space,
            Kind::Dash if join == Join::Space && !spaced => Join::Hyphen,
            _ => Join::None,
        };
        toks.push(tok);
        spaced = false;
    }
    i
}

/// The column (1-based, in characters) of byte `i` of `text`.
pub(super) fn column(text: &str, i: usize) -> usize {
    text.get(..i).map_or(0, |t| t.chars().count()) + 1
}

/// A slice of the normalised words as text: they are whole characters (ASCII bytes, or every
/// byte of a character's lower case) and separators, so the slices the parser takes (whole
/// words and runs of them) are always UTF-8; `""` otherwise.
pub(super) fn utf8(norms: &[u8]) -> &str {
    std::str::from_utf8(norms).unwrap_or_default()
}

/// What joins a word to the tokens before it in a name: a space after a word (`North Sea`), a
/// hyphen after a word and a dash with no space on either side (`Mid-Atlantic`), or nothing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Join {
    None,
    Space,
    /// After a word and a dash written without a space between: a hyphen if the word comes
    /// without a space too.
    Hyphen,
}

/// Per byte, its lower case if it is an ASCII byte that belongs in a word (a letter, a digit,
/// `.`, `_` or `'`), else 0.
const WORD_LOWER: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'\'') {
            t[b] = c.to_ascii_lowercase();
        }
        b += 1;
    }
    t
};

/// Reads the word starting at byte `i` (letters, digits, `.`, `_`, `'`), appends it to `norms`
/// in lower case without dots, and packs it; returns the byte offset after it, its packed form
/// ([`packed`], `0` if longer than eight bytes) and its `Kw` bits. ASCII is copied through a
/// lower-case table; a word with other characters is read on by [`scan_word_rest`].
///
/// [`packed`]: super::keywords::packed
fn scan_word(text: &str, i: usize, norms: &mut Vec<u8>) -> (usize, u64, Kw) {
    let bytes = text.as_bytes();
    let start = norms.len();
    let mut end = i;
    // An ASCII word is packed as it is read (`0` once it is longer than eight bytes).
    let (mut key, mut len) = (0u64, 0);
    while let Some(&b) = bytes.get(end) {
        let lower = WORD_LOWER[usize::from(b)];
        if lower == 0 {
            break;
        }
        end += 1;
        if lower != b'.' {
            norms.push(lower);
            key = if len < 8 {
                key | u64::from(lower) << (8 * len)
            } else {
                0
            };
            len += 1;
        }
    }
    if bytes.get(end).is_some_and(|b| !b.is_ascii()) {
        end = scan_word_rest(text, end, norms);
        key = pack_from(norms, start);
    }
    (end, key, keywords_of_key(key))
}

/// `norms[start..]` packed as [`packed`] does (`0` if longer than eight bytes), read as one
/// number: eight zero bytes are appended for the read, then taken off.
///
/// [`packed`]: super::keywords::packed
fn pack_from(norms: &mut Vec<u8>, start: usize) -> u64 {
    let len = norms.len();
    if len - start > 8 {
        return 0;
    }
    norms.extend_from_slice(&[0; 8]);
    let word: [u8; 8] = norms[start..start + 8].try_into().unwrap_or_default();
    norms.truncate(len);
    u64::from_le_bytes(word)
}

/// Reads on, from byte `i`, a word that holds characters beyond ASCII, one character at a time
/// (appended to `norms` in lower case, without dots); returns the byte offset after it.
fn scan_word_rest(text: &str, mut i: usize, norms: &mut Vec<u8>) -> usize {
    while let Some(c) = text[i..].chars().next() {
        let in_word = match u8::try_from(c) {
            Ok(b) if b.is_ascii() => WORD_LOWER[usize::from(b)] != 0,
            _ => c.is_alphanumeric(),
        };
        if !in_word {
            break;
        }
        if c != '.' {
            for lower in c.to_lowercase() {
                norms.extend_from_slice(lower.encode_utf8(&mut [0; 4]).as_bytes());
            }
        }
        i += c.len_utf8();
    }
    i
}

/// The token of a symbol `c` at byte `i`: its kind and length in bytes.
fn symbol(text: &str, i: usize, c: char) -> (Kind, usize) {
    let len = c.len_utf8();
    if (is_dash(c) || c == '=') && text.as_bytes().get(i + len) == Some(&b'>') {
        (Kind::Arrow, len + 1)
    } else if c == '=' {
        (Kind::Sym('='), len)
    } else if is_dash(c) {
        (Kind::Dash, len)
    } else if c == '→' {
        (Kind::Arrow, len)
    } else {
        (Kind::Sym(c), len)
    }
}
