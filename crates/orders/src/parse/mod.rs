//! Parsing orders: the DATC notation and the common short notation.
//!
//! The parser reads a line into tokens (words, `-`, `->`, `/`, `(`, `)`, `:` and other
//! symbols, each with its byte offsets), then reads the tokens with a small recursive-descent
//! grammar.
//! Province names are matched greedily: at a place, the longest run of words that names a
//! province wins (`North Atlantic Ocean`, `St. Petersburg`, `Mid-Atlantic Ocean`). The one
//! ambiguous slot, the unit named inside a support or a convoy (`S ENG eng` is "the English unit
//! in the English Channel"), is read by trying each reading against the rest of the order.
//!
//! Nothing is decided here that the rules decide: coasts, unit types and nationalities are kept
//! as written.

mod fast;

use std::ops::Range;
use std::sync::Arc;

use diplo_map::{Map, PowerId, ProvinceId, UnitKind};

use crate::{Order, OtherUnit, Place, UnitRef, WrittenCoast};

/// One parsed line of an orders file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderLine {
    /// 1-based line number in the file.
    pub line: usize,
    /// The power: from the line's prefix (`England:`), or from the last `Power:` header line.
    pub power: Option<PowerId>,
    /// The order.
    pub order: Order,
    /// The line as written (trimmed).
    pub text: LineText,
}

/// The text of an [`OrderLine`] as written. The lines [`parse_orders`] reads share one copy of
/// the file (no allocation per line); the text reads as a `&str` (through `Deref` or
/// [`LineText::as_str`]) and prints as one. Two texts are equal when they read the same.
#[derive(Clone)]
pub struct LineText {
    file: Arc<str>,
    range: std::ops::Range<usize>,
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

/// A line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number (1 for [`parse_order`]).
    pub line: usize,
    /// 1-based column (in characters) where reading failed.
    pub column: usize,
    /// What was found and what was expected.
    pub message: String,
    /// The line as written.
    pub text: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// Parses one order, with an optional power prefix (`England:`, `ENG:`).
///
/// Accepts the DATC notation (`F North Sea Convoys A Yorkshire - Holland`), the short notation
/// (`F nth C A yor - hol`) and the godip words (`nth convoy yor move hol`). A trailing `# comment`
/// is ignored. A unit with no order (`A par`) is a hold. Column numbers in the error count
/// characters of `text` from 1.
pub fn parse_order(map: &Map, text: &str) -> Result<(Option<PowerId>, Order), ParseError> {
    let fail = |f: Box<Fail>| ParseError {
        line: 1,
        column: f.col,
        message: f.msg,
        text: text.to_string(),
    };
    let mut buffers = Buffers::default();
    let p = Parser::new(map, text, &mut buffers);
    let (power, start) = p.prefix().map_err(fail)?;
    if start >= p.toks.len() {
        let msg = match power {
            Some(_) => format!(
                "expected an order after `{}`, found end of order",
                p.context(0, start)
            ),
            None => "expected an order, found end of order".to_string(),
        };
        return Err(fail(Box::new(Fail {
            col: p.end_col(),
            msg,
        })));
    }
    let order = p.order(start).map_err(fail)?;
    Ok((power, order))
}

/// The lines of a text file as people write them: a byte-order mark at the start is dropped,
/// and a line ends at `\n`, `\r\n` or a lone `\r` (old Mac files), so that line numbers match
/// what an editor shows.
pub fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let t = rest?;
        // Both ends of line are ASCII: a byte search finds them at character boundaries.
        match memchr::memchr2(b'\n', b'\r', t.as_bytes()) {
            Some(i) => {
                let skip = if t[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&t[i + skip..]).filter(|r| !r.is_empty());
                Some(&t[..i])
            }
            None => {
                rest = None;
                Some(t)
            }
        }
    })
}

/// Parses an orders file: one order per line; blank lines and `#` comments are skipped; a line
/// holding only `Power:` sets the power of the lines that follow.
///
/// A power prefix on a line (`ENG: F lon H`) overrides the header for that line only. Every
/// readable line gives an [`OrderLine`] (its `text` is the line trimmed, without its comment);
/// every unreadable one a [`ParseError`] (its `text` is the whole line, and its column counts
/// characters of that line). A header naming an unknown power is an error, and the lines after
/// it have no power until the next header.
///
/// Besides the orders themselves (a convoy path, a coast the province lacks), reading allocates
/// only the two lists returned, one copy of `text` that the lines' texts share, and, once a line
/// is not one of the common shapes (`A par H`, `F lon S A wal - yor`, ...), two buffers reused
/// from line to line. [`parse_orders_into`] fills lists the caller keeps instead.
pub fn parse_orders(map: &Map, text: &str) -> (Vec<OrderLine>, Vec<ParseError>) {
    let (mut lines, mut errors) = (Vec::new(), Vec::new());
    parse_orders_into(map, text, &mut lines, &mut errors);
    (lines, errors)
}

/// [`parse_orders`] into lists the caller keeps: `lines` and `errors` are cleared, then filled
/// as `parse_orders` fills the lists it returns. A caller reading file after file with the
/// same two lists allocates for them only while they grow.
pub fn parse_orders_into(
    map: &Map,
    text: &str,
    lines: &mut Vec<OrderLine>,
    errors: &mut Vec<ParseError>,
) {
    lines.clear();
    errors.clear();
    // About one order a line: one allocation for the result, not one per doubling.
    lines.reserve(memchr::memchr_iter(b'\n', text.as_bytes()).count() + 1);
    let mut sink = LineSink {
        lines,
        errors,
        file: text.into(),
    };
    read_file(map, text, &mut sink);
}

/// Parses the orders of one phase straight into the list the engine's adjudicator takes
/// (`diplo_engine::Adjudicator::adjudicate(&position, &orders)`): each order
/// with its power, in the order of the lines. The file is read as [`parse_orders`] reads it
/// (the same orders, powers and errors), and an order with no power (no header line before it
/// and no prefix) is an error too, in line order with the others, so that no order is silently
/// dropped. What `orders` and `errors` held before is replaced.
///
/// Nothing is kept of a line but its order: a host adjudicating phase after phase with the
/// same two lists allocates nothing for them once they are large enough, and nothing per line
/// besides what an order itself holds (a convoy path, a coast the province lacks). Use
/// [`parse_orders`] to keep each line's number and text.
///
/// ```
/// let map = diplo_map::Map::standard();
/// let (mut orders, mut errors) = (Vec::new(), Vec::new());
/// diplo_orders::parse_phase_orders_into(&map, "France:\nA par - bur\n", &mut orders, &mut errors);
/// assert_eq!((orders.len(), errors.len()), (1, 0));
/// diplo_orders::parse_phase_orders_into(&map, "A par - bur\n", &mut orders, &mut errors);
/// assert_eq!((orders.len(), errors[0].line), (0, 1));
/// ```
pub fn parse_phase_orders_into(
    map: &Map,
    text: &str,
    orders: &mut Vec<(PowerId, Order)>,
    errors: &mut Vec<ParseError>,
) {
    errors.clear();
    let mut sink = PhaseSink {
        orders,
        len: 0,
        errors,
        text,
    };
    read_file(map, text, &mut sink);
}

/// Where [`read_file`] puts what it reads.
trait Sink {
    /// The order of line `n` (1-based), with its power, and where its text (trimmed, without
    /// its comment) lies in the file (bytes).
    fn order(&mut self, n: usize, power: Option<PowerId>, order: Order, text: Range<usize>);
    /// A hold or a move read by the fast path's [`fast::simple`], as [`Sink::order`].
    #[inline(always)]
    fn simple(&mut self, n: usize, power: Option<PowerId>, line: fast::Simple, text: Range<usize>) {
        if let Some(order) = line.order() {
            self.order(n, power, order, text);
        }
    }
    /// An unreadable line.
    fn error(&mut self, error: ParseError);
    /// The end of the file.
    fn finish(&mut self) {}
}

/// [`parse_orders_into`]'s sink: a line for each order, sharing one copy of the file.
struct LineSink<'a> {
    lines: &'a mut Vec<OrderLine>,
    errors: &'a mut Vec<ParseError>,
    file: Arc<str>,
}

impl Sink for LineSink<'_> {
    #[inline(always)]
    fn order(&mut self, n: usize, power: Option<PowerId>, order: Order, text: Range<usize>) {
        self.lines.push(OrderLine {
            line: n,
            power,
            order,
            text: LineText {
                file: Arc::clone(&self.file),
                range: text,
            },
        });
    }

    fn error(&mut self, error: ParseError) {
        self.errors.push(error);
    }
}

/// [`parse_phase_orders_into`]'s sink: each order with its power; an order without one is an
/// error.
struct PhaseSink<'a, 't> {
    /// The orders: the first `len` read from this file, then those of the caller's last file
    /// (overwritten in place, then cut off at the end).
    orders: &'a mut Vec<(PowerId, Order)>,
    len: usize,
    errors: &'a mut Vec<ParseError>,
    text: &'t str,
}

impl Sink for PhaseSink<'_, '_> {
    #[inline(always)]
    fn order(&mut self, n: usize, power: Option<PowerId>, order: Order, text: Range<usize>) {
        let Some(power) = power else {
            return self.no_power(n, text);
        };
        match self.orders.get_mut(self.len) {
            Some(slot) => *slot = (power, order),
            None => self.orders.push((power, order)),
        }
        self.len += 1;
    }

    /// Holds and moves are written into the order an earlier file left in the list's next
    /// place, field by field, when it is of the same kind: an order built aside and copied in
    /// cost more than reading the line (the copy stalls on the order's narrow fields).
    #[inline(always)]
    fn simple(&mut self, n: usize, power: Option<PowerId>, line: fast::Simple, text: Range<usize>) {
        let (Some(power), Some(slot)) = (power, self.orders.get_mut(self.len)) else {
            if let Some(order) = line.order() {
                self.order(n, power, order, text);
            }
            return;
        };
        if line.write_into(&mut slot.1) {
            slot.0 = power;
            self.len += 1;
        } else if let Some(order) = line.order() {
            self.order(n, Some(power), order, text);
        }
    }

    fn error(&mut self, error: ParseError) {
        self.errors.push(error);
    }

    fn finish(&mut self) {
        self.orders.truncate(self.len);
    }
}

impl PhaseSink<'_, '_> {
    #[cold]
    fn no_power(&mut self, n: usize, order: Range<usize>) {
        let file = self.text;
        let bytes = file.as_bytes();
        let start = bytes[..order.start]
            .iter()
            .rposition(|&b| b == b'\n' || b == b'\r')
            .map_or(0, |i| i + 1);
        // The byte-order mark is not part of the first line (`text_lines`).
        let start = if start == 0 && file.starts_with('\u{feff}') {
            3
        } else {
            start
        };
        let end = memchr::memchr2(b'\n', b'\r', &bytes[order.end..])
            .map_or(bytes.len(), |i| order.end + i);
        self.errors.push(ParseError {
            line: n,
            column: file[start..order.start].chars().count() + 1,
            message: format!(
                "no power for `{}`: add a header line like `England:` or a prefix like `ENG:`",
                &file[order]
            ),
            text: file[start..end].to_string(),
        });
    }
}

/// Reads an orders file line by line into `sink` (see [`parse_orders`]).
fn read_file(map: &Map, text: &str, sink: &mut impl Sink) {
    let mut current: Option<PowerId> = None;
    let mut buffers = Buffers::default();
    let mut toks = fast::Toks::default();
    // The lines are split as `text_lines` splits them, while they are read: a line's tokens
    // end at its end of line, which the tokenizer finds on its way. `pos` is where the line
    // being read starts.
    let bytes = text.as_bytes();
    let mut pos = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut n = 0;
    while pos < bytes.len() || n == 0 {
        n += 1;
        // The commonest lines first, read as one.
        if let Some((line, end, next)) = fast::simple(map, bytes, pos) {
            #[cfg(debug_assertions)]
            check_fast(
                map,
                &text[pos..],
                (&line.read(end - pos), &text[next..]),
                current,
                &mut buffers,
            );
            match line {
                fast::Simple::Header(power) => current = Some(power),
                _ => sink.simple(n, current, line, pos..end),
            }
            pos = next;
            continue;
        }
        let rest = text.get(pos..).unwrap_or_default();
        // The common lines next, read from their bytes.
        if let Some((read, next)) = fast::read_line(map, rest, &mut toks) {
            #[cfg(debug_assertions)]
            check_fast(map, rest, (&read, next), current, &mut buffers);
            match read {
                fast::Read::Blank => {}
                fast::Read::Header(power) => current = Some(power),
                fast::Read::Order(power, shape, start, end) => {
                    let range = pos + start as usize..pos + end as usize;
                    sink.order(n, power.or(current), shape.order(), range);
                }
            }
            pos = text.len() - next.len();
            continue;
        }
        let (line, read, next) = read_line(map, rest, &mut buffers);
        pos = text.len() - next.len();
        match read {
            Line::Blank => {}
            Line::Header(power) => current = power,
            Line::Order(power, order, body) => {
                sink.order(n, power.or(current), order, offset_in(text, body))
            }
            Line::Error(f, header) => {
                if header {
                    current = None;
                }
                sink.error(ParseError {
                    line: n,
                    column: f.col,
                    message: f.msg,
                    text: line.to_string(),
                });
            }
        }
    }
    sink.finish();
}

/// Where `part`, a slice of `text`, lies in it.
fn offset_in(text: &str, part: &str) -> std::ops::Range<usize> {
    let start = part.as_ptr() as usize - text.as_ptr() as usize;
    start..start + part.len()
}

/// What a line of an orders file holds.
#[derive(Debug, PartialEq)]
enum Line<'s> {
    /// Nothing but white space or a comment.
    Blank,
    /// `England:`: the power of the lines that follow.
    Header(Option<PowerId>),
    /// An order, with the power of its prefix and the text of the order (trimmed, without its
    /// comment).
    Order(Option<PowerId>, Order, &'s str),
    /// An unreadable line; `true` if it is a header (`Unknown:`).
    Error(Fail, bool),
}

/// Reads the first line of `text` (up to `\n`, `\r\n`, `\r` or the end) into `buffers` (reused:
/// no allocation once they are large enough, besides what the order itself holds); returns the
/// line, what it holds, and the text after its end of line.
fn read_line<'s>(map: &Map, text: &'s str, buffers: &mut Buffers) -> (&'s str, Line<'s>, &'s str) {
    if buffers.toks.capacity() == 0 {
        *buffers = Buffers::new();
    }
    let (p, rest) = Parser::first_line(map, text, buffers);
    (p.text, p.read(), rest)
}

/// Checks that the fast path read the first line of `text` as the general parser reads it
/// (`current` is the power before the line).
#[cfg(debug_assertions)]
fn check_fast(
    map: &Map,
    text: &str,
    (read, next): (&fast::Read, &str),
    current: Option<PowerId>,
    buffers: &mut Buffers,
) {
    let (_, general, rest) = read_line(map, text, buffers);
    let same = match (read, general) {
        (fast::Read::Blank, Line::Blank) => true,
        (fast::Read::Header(p), Line::Header(q)) => Some(*p) == q,
        (fast::Read::Order(p, shape, start, end), Line::Order(q, order, body)) => {
            (*p, shape.order(), &text[*start as usize..*end as usize]) == (q, order, body)
        }
        _ => false,
    };
    assert!(
        same && rest == next,
        "the fast path differs on {text:?} ({current:?})"
    );
}

/// The buffers a line's parser fills, reused from line to line.
#[derive(Default)]
struct Buffers {
    toks: Vec<Tok>,
    /// The words of the line normalised (lower case, no dots), each after the character that
    /// joins it to the word before in a name (see [`tokenize`]).
    norms: Vec<u8>,
}

impl Buffers {
    /// Buffers large enough for most lines (no growing in the first lines read).
    fn new() -> Self {
        Buffers {
            toks: Vec::with_capacity(16),
            norms: Vec::with_capacity(64),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
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
struct Tok {
    kind: Kind,
    /// For a word: where its normalised form (lower case, without dots) lies in the parser's
    /// `norms` (start, end).
    norm: (u32, u32),
    /// For a word of at most eight bytes normalised: those bytes packed ([`packed`]), the key
    /// a single word is looked up by; `0` otherwise.
    key: u64,
    /// For a word: the keyword sets it belongs to (`Kw` bits).
    kw: u32,
    /// Whether white space (or the start of the line) comes right before.
    spaced: bool,
    /// Byte offsets in the line (columns are counted from them when an error needs one).
    start: usize,
    end: usize,
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
fn tokenize(text: &str, one_line: bool, toks: &mut Vec<Tok>, norms: &mut Vec<u8>) -> usize {
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
fn column(text: &str, i: usize) -> usize {
    text.get(..i).map_or(0, |t| t.chars().count()) + 1
}

/// A slice of the normalised words as text: they are whole characters (ASCII bytes, or every
/// byte of a character's lower case) and separators, so the slices the parser takes (whole
/// words and runs of them) are always UTF-8; `""` otherwise.
fn utf8(norms: &[u8]) -> &str {
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

// ---------------------------------------------------------------------------------------------
// Keywords
// ---------------------------------------------------------------------------------------------

/// A set of keywords, as bits: a word's sets are found once, when the line is read.
type Kw = u32;
const HOLD: Kw = 1 << 0;
const MOVE: Kw = 1 << 1;
const SUPPORT: Kw = 1 << 2;
const CONVOY: Kw = 1 << 3;
const RETREAT: Kw = 1 << 4;
const DISBAND: Kw = 1 << 5;
const BUILD: Kw = 1 << 6;
/// Converting a unit during adjustments (2025 Era of Empire): `Convert A mar`.
const CONVERT: Kw = 1 << 7;
const DECLINE: Kw = 1 << 8;
const VIA: Kw = 1 << 9;
/// The word after `via` or `by`: `via convoy`, `by c`.
const CONVOY_WORD: Kw = 1 << 10;
const TO: Kw = 1 << 11;
/// A canal permission (Colonial's Suez Canal): `SC F med - red`.
const PERMIT: Kw = 1 << 12;
const ARMY: Kw = 1 << 13;
const FLEET: Kw = 1 << 14;
/// `coast` after a coast's name: `Spain north coast`.
const COAST: Kw = 1 << 15;

/// Every keyword but `sc`: words that end a run of unknown province words in an error message.
const KEYWORDS: Kw = HOLD
    | MOVE
    | SUPPORT
    | CONVOY
    | RETREAT
    | DISBAND
    | BUILD
    | CONVERT
    | DECLINE
    | VIA
    | TO
    | ARMY
    | FLEET;

/// Every keyword and the sets it belongs to.
const KEYWORD_LIST: [(&str, Kw); 44] = [
    ("h", HOLD),
    ("hold", HOLD),
    ("holds", HOLD),
    ("stand", HOLD),
    ("stands", HOLD),
    ("m", MOVE),
    ("move", MOVE),
    ("moves", MOVE),
    ("s", SUPPORT),
    ("support", SUPPORT),
    ("supports", SUPPORT),
    ("c", CONVOY | CONVOY_WORD),
    ("convoy", CONVOY | CONVOY_WORD),
    ("convoys", CONVOY),
    ("r", RETREAT),
    ("retreat", RETREAT),
    ("retreats", RETREAT),
    ("d", DISBAND),
    ("disband", DISBAND),
    ("disbands", DISBAND),
    ("remove", DISBAND),
    ("removes", DISBAND),
    ("b", BUILD),
    ("build", BUILD),
    ("builds", BUILD),
    ("convert", CONVERT),
    ("converts", CONVERT),
    ("waive", DECLINE),
    ("waives", DECLINE),
    ("waived", DECLINE),
    ("decline", DECLINE),
    ("declines", DECLINE),
    ("declined", DECLINE),
    ("via", VIA),
    ("by", VIA),
    ("to", TO),
    ("sc", PERMIT),
    ("permit", PERMIT),
    ("permits", PERMIT),
    ("a", ARMY),
    ("army", ARMY),
    ("f", FLEET),
    ("fleet", FLEET),
    ("coast", COAST),
];

/// A word of at most eight bytes as one number (little-endian, zero-padded), `0` for a longer
/// one: no word holds a zero byte, so two words of eight bytes or fewer pack alike only when
/// they are equal.
const fn packed(word: &[u8]) -> u64 {
    if word.len() > 8 {
        return 0;
    }
    let mut v = 0u64;
    let mut k = 0;
    while k < word.len() {
        v |= (word[k] as u64) << (8 * k);
        k += 1;
    }
    v
}

/// Slots of the keyword hash table: a power of two, large enough that a multiplier placing
/// every keyword in a slot of its own is found after a few tries.
const KW_SLOTS: usize = 256;

/// The slot of a packed word for a multiplier: the top bits of the product.
const fn kw_slot(key: u64, multiplier: u64) -> usize {
    (key.wrapping_mul(multiplier) >> (64 - KW_SLOTS.trailing_zeros())) as usize
}

/// Whether `multiplier` puts every keyword in a slot of its own.
const fn kw_perfect(multiplier: u64) -> bool {
    let mut used = [false; KW_SLOTS];
    let mut k = 0;
    while k < KEYWORD_LIST.len() {
        let slot = kw_slot(packed(KEYWORD_LIST[k].0.as_bytes()), multiplier);
        if used[slot] {
            return false;
        }
        used[slot] = true;
        k += 1;
    }
    true
}

/// A multiplier that hashes the keywords without collision (searched at compile time).
const KW_MULTIPLIER: u64 = {
    let mut m: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut tries = 0;
    while !kw_perfect(m) {
        tries += 1;
        assert!(tries < 100_000, "no perfect keyword hash found");
        m = m
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407)
            | 1;
    }
    m
};

/// The keywords by slot: each keyword's packed word and sets; `(0, 0)` in a free slot (no word
/// packs to 0).
const KW_TABLE: [(u64, Kw); KW_SLOTS] = {
    let mut t = [(0u64, 0 as Kw); KW_SLOTS];
    let mut k = 0;
    while k < KEYWORD_LIST.len() {
        let key = packed(KEYWORD_LIST[k].0.as_bytes());
        t[kw_slot(key, KW_MULTIPLIER)] = (key, KEYWORD_LIST[k].1);
        k += 1;
    }
    t
};

/// The keyword sets of a word packed by [`packed`] (`0` for a word longer than eight bytes).
fn keywords_of_key(key: u64) -> Kw {
    let (k, kw) = KW_TABLE[kw_slot(key, KW_MULTIPLIER)];
    if k == key && key != 0 {
        kw
    } else {
        0
    }
}

/// Longest run of words tried as a province name.
const MAX_NAME_WORDS: usize = 6;
/// Longest run of words tried as a coast name.
const MAX_COAST_WORDS: usize = 3;
/// Longest quoted text in an error message, in characters.
const MAX_QUOTE: usize = 40;

fn kind_word(kw: Kw) -> Option<UnitKind> {
    if kw & ARMY != 0 {
        Some(UnitKind::Army)
    } else if kw & FLEET != 0 {
        Some(UnitKind::Fleet)
    } else {
        None
    }
}

fn truncate(s: &str) -> String {
    if s.chars().count() > MAX_QUOTE {
        let mut t: String = s.chars().take(MAX_QUOTE).collect();
        t.push('…');
        t
    } else {
        s.to_string()
    }
}

/// Lower case, runs of white space folded to one space, trimmed.
fn fold(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

// ---------------------------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------------------------

/// Where and why reading failed.
#[derive(Debug, PartialEq)]
struct Fail {
    col: usize,
    msg: String,
}

/// A reading's result: the error is boxed, so that what is passed around on the way to success
/// is no larger than what was read.
type R<T> = Result<T, Box<Fail>>;

/// Reads one line. `'m` is the borrow of the map and of the buffers the line was read into,
/// `'s` that of the line.
struct Parser<'m, 's> {
    map: &'m Map,
    text: &'s str,
    toks: &'m [Tok],
    /// The words of the line normalised (`Tok::norm` ranges).
    norms: &'m [u8],
}

impl<'m, 's> Parser<'m, 's> {
    /// A parser for `text` (one order: line ends are white space), read into `buffers`.
    fn new(map: &'m Map, text: &'s str, buffers: &'m mut Buffers) -> Self {
        tokenize(text, false, &mut buffers.toks, &mut buffers.norms);
        Parser {
            map,
            text,
            toks: &buffers.toks,
            norms: &buffers.norms,
        }
    }

    /// A parser for the first line of `text` (up to `\n`, `\r\n`, `\r` or the end), read into
    /// `buffers` (reused from line to line); and the text after that line's end.
    fn first_line(map: &'m Map, text: &'s str, buffers: &'m mut Buffers) -> (Self, &'s str) {
        let stop = tokenize(text, true, &mut buffers.toks, &mut buffers.norms);
        let bytes = text.as_bytes();
        let end = match bytes.get(stop) {
            // After a comment: the line ends where the next `\n` or `\r` is.
            Some(b'#') => {
                memchr::memchr2(b'\n', b'\r', &bytes[stop..]).map_or(text.len(), |k| stop + k)
            }
            _ => stop,
        };
        let skip = match &bytes[end..] {
            [b'\r', b'\n', ..] => 2,
            [] => 0,
            _ => 1,
        };
        let p = Parser {
            map,
            text: &text[..end],
            toks: &buffers.toks,
            norms: &buffers.norms,
        };
        (p, &text[end + skip..])
    }

    /// What the line holds.
    fn read(&self) -> Line<'s> {
        if self.toks.is_empty() {
            return Line::Blank;
        }
        let (power, start) = match self.prefix() {
            Ok(x) => x,
            Err(f) => return Line::Error(*f, self.is_header()),
        };
        if start >= self.toks.len() {
            return Line::Header(power);
        }
        match self.order(start) {
            Ok(order) => Line::Order(power, order, self.body_text()),
            Err(f) => Line::Error(*f, false),
        }
    }

    /// The column just after the last token (1 on a line without tokens).
    fn end_col(&self) -> usize {
        self.toks.last().map_or(1, |t| column(self.text, t.end))
    }

    /// The order's text without the comment, trimmed.
    ///
    /// White space is what lies outside the tokens (`tokenize` skips exactly the characters
    /// `trim` removes): the body runs from the first token to the last.
    fn body_text(&self) -> &'s str {
        match (self.toks.first(), self.toks.last()) {
            (Some(first), Some(last)) => &self.text[first.start..last.end],
            _ => "",
        }
    }

    /// Whether token `i` is a word of the keyword set(s) `words`.
    fn kw(&self, i: usize, words: Kw) -> bool {
        matches!(self.toks.get(i), Some(t) if t.kw & words != 0)
    }

    fn is_keyword(&self, i: usize) -> bool {
        self.kw(i, KEYWORDS)
    }

    /// A token's text as written.
    fn raw(&self, t: &Tok) -> &'s str {
        &self.text[t.start..t.end]
    }

    /// A word token's normalised text (lower case, no dots), as UTF-8 bytes.
    fn norm(&self, t: &Tok) -> &[u8] {
        &self.norms[t.norm.0 as usize..t.norm.1 as usize]
    }

    fn is_move_op(&self, i: usize) -> bool {
        matches!(self.toks.get(i), Some(t) if matches!(t.kind, Kind::Dash | Kind::Arrow))
            || self.kw(i, MOVE)
    }

    fn is_word(&self, i: usize) -> bool {
        matches!(self.toks.get(i), Some(t) if t.kind == Kind::Word)
    }

    fn is_sym(&self, i: usize, c: char) -> bool {
        matches!(self.toks.get(i), Some(t) if t.kind == Kind::Sym(c))
    }

    fn col(&self, i: usize) -> usize {
        match self.toks.get(i) {
            Some(t) => column(self.text, t.start),
            None => self.end_col(),
        }
    }

    /// `found` part of a message: the token at `i`, quoted, or `end of order`.
    fn found(&self, i: usize) -> String {
        match self.toks.get(i) {
            Some(t) => format!("`{}`", truncate(self.raw(t))),
            None => "end of order".to_string(),
        }
    }

    /// The text of tokens `from..to`, white space folded, shortened: for `after ...` in messages.
    fn context(&self, from: usize, to: usize) -> String {
        if from >= to || to > self.toks.len() {
            return String::new();
        }
        let raw = &self.text[self.toks[from].start..self.toks[to - 1].end];
        truncate(&raw.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    #[cold]
    fn fail<T>(&self, i: usize, msg: String) -> R<T> {
        Err(Box::new(Fail {
            col: self.col(i),
            msg,
        }))
    }

    fn kind_at(&self, i: usize) -> Option<UnitKind> {
        match self.toks.get(i) {
            Some(t) => kind_word(t.kw),
            _ => None,
        }
    }

    fn power_at(&self, i: usize) -> Option<PowerId> {
        match self.toks.get(i) {
            Some(t) if t.kind == Kind::Word && t.key != 0 => self.map.power_by_packed(t.key),
            Some(t) if t.kind == Kind::Word => self.map.power_by_key(self.norm(t)),
            _ => None,
        }
    }

    // --- the power prefix ------------------------------------------------------------------

    /// Whether the line is `Words:` and nothing else.
    fn is_header(&self) -> bool {
        let n = self.toks.len();
        n >= 2 && self.is_sym(n - 1, ':') && (0..n - 1).all(|i| self.is_word(i))
    }

    /// Reads `Power:` at the start; returns the power and the index of the order's first token.
    fn prefix(&self) -> R<(Option<PowerId>, usize)> {
        let Some(colon) = self.toks.iter().position(|t| t.kind == Kind::Sym(':')) else {
            return Ok((None, 0));
        };
        let dash = |i: usize| i > 0 && i + 1 < colon && self.toks[i].kind == Kind::Dash;
        if colon == 0 || !(0..colon).all(|i| self.is_word(i) || dash(i)) {
            // Not a prefix: the `:` is reported where the order reading meets it.
            return Ok((None, 0));
        }
        // The common case, one word (`England:`), is looked up without building a name.
        if colon == 1 {
            if let Some(p) = self.power_at(0) {
                return Ok((Some(p), 2));
            }
        }
        let name = self.context(0, colon);
        let power = self.map.power_by_name(&name.replace('.', ""));
        // Words joined by dashes are a prefix only when they name a power (`Frozen-Antarctica:`
        // on the World map); otherwise the `:` is reported where the order reading meets it.
        if (0..colon).any(dash) && power.is_none() {
            return Ok((None, 0));
        }
        match power {
            Some(p) => Ok((Some(p), colon + 1)),
            None => self.fail(
                0,
                format!(
                    "unknown power `{name}`{}: expected a power name, adjective or abbreviation of the map `{}` ({})",
                    diplo_map::suggest::hint(
                        &name,
                        self.map.powers().iter().flat_map(|p| [p.name.as_str(), p.adjective.as_str()])
                    ),
                    self.map.name,
                    self.map
                        .powers()
                        .iter()
                        .map(|p| p.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
        }
    }

    // --- places ----------------------------------------------------------------------------

    /// The longest run of words from `i` that names a province, and the index after it.
    ///
    /// The common case, a word no longer name starts with (`lon`, `London`), is one lookup of
    /// the number the word was packed into; [`Parser::province_run`] reads the others.
    #[inline]
    fn province_at(&self, i: usize) -> Option<(ProvinceId, usize)> {
        let t = self.toks.get(i)?;
        if t.kind != Kind::Word {
            return None;
        }
        if t.key != 0 {
            let key = self.map.name_key_packed(t.key)?;
            if !key.longer {
                return key.province.map(|p| (p, i + 1));
            }
        }
        self.province_run(i)
    }

    /// [`Parser::province_at`] for a name that may run on over several words (word `i` is a
    /// word). A run is extended word by word while the map has a longer name starting with it;
    /// each run's key is a slice of `norms` ([`tokenize`]): no string is built.
    fn province_run(&self, i: usize) -> Option<(ProvinceId, usize)> {
        let mut found = None;
        let mut last = i;
        for _ in 0..MAX_NAME_WORDS {
            let Some(key) = self.name_key(i, last) else {
                break;
            };
            if let Some(p) = key.province {
                found = Some((p, last + 1));
            }
            match self.next_in_run(last) {
                Some(next) if key.longer => last = next,
                _ => break,
            }
        }
        found
    }

    /// What the run of words from token `i` to token `last` is among the map's names: a
    /// single word by the number it was packed into when read.
    fn name_key(&self, i: usize, last: usize) -> Option<diplo_map::NameKey> {
        match self.toks[i].key {
            key if i == last && key != 0 => self.map.name_key_packed(key),
            _ => self.map.name_key(self.run_key(i, last)),
        }
    }

    /// The normalised key of the run of words from token `i` to token `last` (UTF-8 bytes).
    fn run_key(&self, i: usize, last: usize) -> &[u8] {
        &self.norms[self.toks[i].norm.0 as usize..self.toks[last].norm.1 as usize]
    }

    /// The word after word `j` in a name: the next token if it is a word, or the one after a
    /// dash written without spaces (`Mid-Atlantic`).
    fn next_in_run(&self, j: usize) -> Option<usize> {
        let t = self.toks.get(j + 1)?;
        match t.kind {
            Kind::Word if t.spaced => Some(j + 1),
            Kind::Dash if !t.spaced && self.is_word(j + 2) && !self.toks[j + 2].spaced => {
                Some(j + 2)
            }
            _ => None,
        }
    }

    /// The longest run of words from `i` that names a railroad of the map (`TSR`,
    /// `Trans-Siberian Railroad`), and the index after it.
    fn railroad_at(&self, i: usize) -> Option<(usize, usize)> {
        if self.map.railroads().is_empty() || !self.is_word(i) {
            return None;
        }
        let mut found = None;
        let mut last = i;
        for _ in 0..MAX_NAME_WORDS {
            if let Some(r) = self.map.railroad_by_key(utf8(self.run_key(i, last))) {
                found = Some((r, last + 1));
            }
            match self.next_in_run(last) {
                Some(next) => last = next,
                None => break,
            }
        }
        found
    }

    /// Reads a place: a province and a coast if one is written.
    /// `from` is where the order (or the part quoted in messages) starts.
    fn place(&self, i: usize, from: usize) -> R<(Place, usize)> {
        let Some((province, j)) = self.province_at(i) else {
            return self.no_province(i, from);
        };
        self.place_of(province, j)
    }

    /// A place whose province was read, ending before token `j`: the coast written after it.
    #[inline]
    fn place_of(&self, province: ProvinceId, j: usize) -> R<(Place, usize)> {
        // Most places have no coast after them: an order's end, a dash, a keyword.
        let plain = match self.toks.get(j) {
            None => true,
            Some(t) => match t.kind {
                Kind::Sym('(' | '/') => false,
                Kind::Word => {
                    self.map.province(province).coasts.is_empty() && !self.kw(j + 1, COAST)
                }
                _ => true,
            },
        };
        if plain {
            return Ok((Place::new(province), j));
        }
        let (coast, k) = self.coast(province, j)?;
        Ok((Place { province, coast }, k))
    }

    fn no_province<T>(&self, i: usize, from: usize) -> R<T> {
        if !self.is_word(i) {
            let after = if from >= i {
                String::new()
            } else {
                format!(" after `{}`", self.context(from, i))
            };
            return self.fail(
                i,
                format!("expected a province{after}, found {}", self.found(i)),
            );
        }
        // Quote the run of words up to the next keyword or symbol.
        let mut j = i + 1;
        while j < self.toks.len() && j < i + 4 && self.is_word(j) && !self.is_keyword(j) {
            j += 1;
        }
        let name = self.context(i, j);
        let hint = if self.power_at(i).is_some() && self.is_sym(i + 1, ':') {
            String::new()
        } else if self.power_at(i).is_some() {
            " (a power prefix is written `Power:`)".to_string()
        } else {
            let names = self
                .map
                .provinces()
                .iter()
                .flat_map(|p| [p.name.as_str(), p.full_name.as_str()]);
            diplo_map::suggest::hint(&name, names)
        };
        self.fail(
            i,
            format!(
                "unknown province `{name}`: expected a province name of the map `{}`{hint}",
                self.map.name
            ),
        )
    }

    /// A coast after a province, if any: `/nc`, `(nc)`, `(north coast)`, ` north coast`, ` nc`.
    fn coast(&self, province: ProvinceId, i: usize) -> R<(Option<WrittenCoast>, usize)> {
        let Some(t) = self.toks.get(i) else {
            return Ok((None, i));
        };
        match t.kind {
            Kind::Sym('(') => {
                let Some(close) = (i + 1..self.toks.len()).find(|&j| self.is_sym(j, ')')) else {
                    return self.fail(
                        self.toks.len(),
                        "expected `)` closing the coast, found end of order".to_string(),
                    );
                };
                if let Some(c) = self.coast_in_parens(province, i + 1, close) {
                    return Ok((Some(WrittenCoast::Known(c)), close + 1));
                }
                let raw = &self.text[t.end..self.toks[close].start];
                let text = fold(raw);
                if text.is_empty() {
                    return self.fail(
                        close,
                        "expected a coast name inside `()`, found `)`".to_string(),
                    );
                }
                Ok((Some(self.written_coast(province, &text)), close + 1))
            }
            Kind::Sym('/') => {
                if !self.is_word(i + 1) {
                    return self.fail(
                        i + 1,
                        format!("expected a coast after `/`, found {}", self.found(i + 1)),
                    );
                }
                if let Some((c, j)) = self.known_coast_at(province, i + 1) {
                    return Ok((Some(WrittenCoast::Known(c)), j));
                }
                let w = &self.toks[i + 1];
                if self.kw(i + 2, COAST) {
                    let text = format!("{} coast", self.raw(w).to_lowercase());
                    return Ok((Some(WrittenCoast::Unknown(text)), i + 3));
                }
                Ok((
                    Some(WrittenCoast::Unknown(self.raw(w).to_lowercase())),
                    i + 2,
                ))
            }
            Kind::Word => {
                if let Some((c, j)) = self.known_coast_at(province, i) {
                    return Ok((Some(WrittenCoast::Known(c)), j));
                }
                if self.kw(i + 1, COAST) && !self.is_keyword(i) && self.province_at(i).is_none() {
                    let text = format!("{} coast", self.raw(t).to_lowercase());
                    return Ok((Some(WrittenCoast::Unknown(text)), i + 2));
                }
                Ok((None, i))
            }
            _ => Ok((None, i)),
        }
    }

    /// The longest run of words from `i` naming a coast of `province`.
    fn known_coast_at(&self, province: ProvinceId, i: usize) -> Option<(u8, usize)> {
        if self.map.province(province).coasts.is_empty() {
            return None;
        }
        // Words in a row are joined by a space in `norms`: the key is a slice of it.
        let mut found = None;
        let mut j = i;
        while j < self.toks.len() && j < i + MAX_COAST_WORDS && self.is_word(j) {
            if let Some(c) = self.map.coast_by_key(province, utf8(self.run_key(i, j))) {
                found = Some((c, j + 1));
            }
            j += 1;
        }
        found
    }

    /// A known coast written as the words `from..close` only (`(nc)`, `(North Coast)`), found
    /// without building a string; `None` otherwise (then the text is folded and looked up).
    fn coast_in_parens(&self, province: ProvinceId, from: usize, close: usize) -> Option<u8> {
        if from >= close || !(from..close).all(|j| self.is_word(j)) {
            return None;
        }
        let key = self.run_key(from, close - 1);
        // Beyond ASCII, folding lower-cases a whole string (a final sigma): the slow way agrees.
        key.is_ascii()
            .then(|| self.map.coast_by_key(province, utf8(key)))
            .flatten()
    }

    fn written_coast(&self, province: ProvinceId, text: &str) -> WrittenCoast {
        match self.map.coast_by_name(province, text) {
            Some(c) => WrittenCoast::Known(c),
            None => WrittenCoast::Unknown(text.to_string()),
        }
    }

    // --- units -----------------------------------------------------------------------------

    /// The ordered unit: `A par`, `Army par`, `par`.
    fn unit(&self, i: usize, from: usize) -> R<(UnitRef, usize)> {
        let kind = self.kind_at(i);
        let j = if kind.is_some() { i + 1 } else { i };
        let at_j = self.province_at(j);
        if kind.is_some() && at_j.is_none() && self.province_at(i).is_some() {
            // A province that is spelt like a unit type (never on the standard map).
            let (place, k) = self.place(i, from)?;
            return Ok((UnitRef { kind: None, place }, k));
        }
        let (place, k) = match at_j {
            Some((province, next)) => self.place_of(province, next)?,
            None => self.no_province(j, from)?,
        };
        Ok((UnitRef { kind, place }, k))
    }

    /// Reading `n` of the unit named in a support or convoy at `i`, in order of preference:
    /// 0 `RUS A war`, 1 `A war` or `war`, 2 `RUS war` (`power` is what token `i` names);
    /// `None` where the reading does not apply.
    fn other_unit(
        &self,
        n: usize,
        power: Option<PowerId>,
        i: usize,
        from: usize,
    ) -> Option<R<(OtherUnit, usize)>> {
        let other = |power, kind, place| OtherUnit { power, kind, place };
        match n {
            0 => {
                let kind = self.kind_at(i + 1)?;
                let p = power?;
                Some(
                    self.place(i + 2, from)
                        .map(|(place, k)| (other(Some(p), Some(kind), place), k)),
                )
            }
            1 => Some(
                self.unit(i, from)
                    .map(|(u, k)| (other(None, u.kind, u.place), k)),
            ),
            _ => {
                let p = power.filter(|_| self.kind_at(i + 1).is_none())?;
                Some(
                    self.place(i + 1, from)
                        .map(|(place, k)| (other(Some(p), None, place), k)),
                )
            }
        }
    }

    /// Tries each reading of the other unit with `rest` (readings are made one at a time, and
    /// none after one that reads to the end); the first that reads to the end wins, else the
    /// error that got furthest, or, when no reading of the unit itself works, why.
    fn with_other<T>(
        &self,
        i: usize,
        from: usize,
        rest: impl Fn(OtherUnit, usize) -> R<T>,
    ) -> R<T> {
        let power = self.power_at(i);
        let (mut power_err, mut plain_err) = (None, None);
        let mut best: Option<Box<Fail>> = None;
        for n in 0..3 {
            match self.other_unit(n, power, i, from) {
                None => {}
                Some(Err(e)) if n == 1 => plain_err = Some(e),
                Some(Err(e)) => power_err = power_err.or(Some(e)),
                Some(Ok((other, k))) => match rest(other, k) {
                    Ok(x) => return Ok(x),
                    Err(e) => {
                        if best.as_ref().is_none_or(|b| e.col > b.col) {
                            best = Some(e);
                        }
                    }
                },
            }
        }
        let unread = if power.is_some() {
            power_err.or(plain_err)
        } else {
            plain_err.or(power_err)
        };
        Err(best.or(unread).unwrap_or_else(|| {
            Box::new(Fail {
                col: self.col(i),
                msg: "expected a unit".to_string(),
            })
        }))
    }

    fn end(&self, i: usize, from: usize) -> R<()> {
        if i < self.toks.len() {
            return self.fail(
                i,
                format!(
                    "expected end of order after `{}`, found {}",
                    self.context(from, i),
                    self.found(i)
                ),
            );
        }
        Ok(())
    }

    // --- orders ----------------------------------------------------------------------------

    /// Reads the order starting at token `s` (after any power prefix).
    fn order(&self, s: usize) -> R<Order> {
        // Prefix verbs: Build, Waive/Decline, Disband/Remove.
        if self.kw(s, BUILD) {
            if self.kw(s + 1, DECLINE) {
                self.end(s + 2, s)?;
                return Ok(Order::Decline);
            }
            if s + 1 >= self.toks.len() {
                return self.fail(
                    s + 1,
                    format!(
                        "expected a unit to build or `waive` after `{}`, found end of order",
                        self.context(s, s + 1)
                    ),
                );
            }
            let (unit, k) = self.unit(s + 1, s)?;
            self.end(k, s)?;
            return Ok(Order::Build { unit });
        }
        if self.kw(s, DECLINE) {
            let k = if self.kw(s + 1, BUILD) { s + 2 } else { s + 1 };
            self.end(k, s)?;
            return Ok(Order::Decline);
        }
        if self.kw(s, DISBAND) {
            let (unit, k) = self.unit(s + 1, s)?;
            self.end(k, s)?;
            return Ok(Order::Disband { unit });
        }
        if self.kw(s, CONVERT) {
            let (unit, k) = self.unit(s + 1, s)?;
            self.end(k, s)?;
            return Ok(Order::Convert { unit });
        }
        if self.kw(s, PERMIT) {
            let permit = self.with_other(s + 1, s, |fleet, k| self.permit_rest(s, fleet, k));
            // `sc` may also be a province of some map: then the order is read as usual.
            if permit.is_ok() || self.province_at(s).is_none() {
                return permit;
            }
        }
        let (unit, j) = self.unit(s, s)?;
        if j >= self.toks.len() {
            return Ok(Order::Hold { unit });
        }
        if self.kw(j, HOLD) {
            self.end(j + 1, s)?;
            return Ok(Order::Hold { unit });
        }
        if self.is_move_op(j) {
            return self.move_rest(s, unit, j);
        }
        if let Some((railroad, k)) = self.railroad_at(j) {
            // `A Moscow TSR Vladivostok`: a railroad move written without dashes.
            return self.rail_rest(s, unit, railroad, k);
        }
        if self.kw(j, SUPPORT) {
            return self.with_other(j + 1, s, |supported, k| {
                self.support_rest(s, unit.clone(), supported, k)
            });
        }
        if self.kw(j, CONVOY) {
            return self.with_other(j + 1, s, |army, k| {
                self.convoy_rest(s, unit.clone(), army, k)
            });
        }
        if self.kw(j, RETREAT) {
            let k = if self.kw(j + 1, TO) { j + 2 } else { j + 1 };
            let (to, k) = self.place(k, s)?;
            self.end(k, s)?;
            return Ok(Order::Retreat { unit, to });
        }
        if self.kw(j, DISBAND) {
            self.end(j + 1, s)?;
            return Ok(Order::Disband { unit });
        }
        if self.kw(j, BUILD) {
            self.end(j + 1, s)?;
            return Ok(Order::Build { unit });
        }
        self.fail(
            j,
            format!(
                "expected `-`, `H`, `S`, `C`, `R`, `D` or end of order after `{}`, found {}",
                self.context(s, j),
                self.found(j)
            ),
        )
    }

    /// After a move operator: the destination, a convoy path, `via convoy`.
    fn move_rest(&self, s: usize, unit: UnitRef, j: usize) -> R<Order> {
        let mut k = self.skip_move_op(j);
        let (mut to, next) = match self.province_at(k) {
            Some((province, next)) => self.place_of(province, next)?,
            None => match self.railroad_at(k) {
                Some((railroad, next)) => return self.rail_rest(s, unit, railroad, next),
                None => self.no_province(k, s)?,
            },
        };
        k = next;
        let mut path = Vec::new();
        while self.is_move_op(k) {
            if to.coast.is_some() {
                return self.fail(
                    k,
                    format!(
                        "expected a province without a coast in the convoy path `{}`, found a coast",
                        self.context(s, k)
                    ),
                );
            }
            path.push(to.province);
            let op = self.skip_move_op(k);
            let (next_to, next) = self.place(op, s)?;
            to = next_to;
            k = next;
        }
        let mut via_convoy = false;
        if self.kw(k, VIA) {
            let by = self.norm(&self.toks[k]) == b"by";
            if self.kw(k + 1, CONVOY_WORD) {
                k += 2;
            } else if by {
                return self.fail(
                    k + 1,
                    format!(
                        "expected `convoy` after `{}`, found {}",
                        self.context(s, k + 1),
                        self.found(k + 1)
                    ),
                );
            } else {
                k += 1;
            }
            via_convoy = true;
        }
        if k < self.toks.len() {
            let expected = if via_convoy {
                "end of order"
            } else {
                "`-`, `via convoy` or end of order"
            };
            return self.fail(
                k,
                format!(
                    "expected {expected} after `{}`, found {}",
                    self.context(s, k),
                    self.found(k)
                ),
            );
        }
        Ok(Order::Move {
            unit,
            to,
            via_convoy,
            path,
        })
    }

    /// After a railroad's name: an optional move operator, then the destination.
    fn rail_rest(&self, s: usize, unit: UnitRef, railroad: usize, k: usize) -> R<Order> {
        let k = if self.is_move_op(k) {
            self.skip_move_op(k)
        } else {
            k
        };
        let (to, next) = self.place(k, s)?;
        self.end(next, s)?;
        Ok(Order::RailMove { unit, railroad, to })
    }

    /// After `SC` and the fleet: the move the permission is for.
    fn permit_rest(&self, s: usize, fleet: OtherUnit, k: usize) -> R<Order> {
        let to = self.destination_to_end(s, k, "fleet")?;
        Ok(Order::Permit { fleet, to })
    }

    /// A move operator, the destination of the named `unit` (`army`, `fleet`), and the end of
    /// the order.
    fn destination_to_end(&self, s: usize, k: usize, unit: &str) -> R<Place> {
        if !self.is_move_op(k) {
            return self.fail(
                k,
                format!(
                    "expected `-` and the {unit}'s destination after `{}`, found {}",
                    self.context(s, k),
                    self.found(k)
                ),
            );
        }
        let op = self.skip_move_op(k);
        let (to, next) = self.place(op, s)?;
        self.end(next, s)?;
        Ok(to)
    }

    /// Skips `-`, `->`, `move`, `move to`.
    fn skip_move_op(&self, j: usize) -> usize {
        if self.kw(j, MOVE) && self.kw(j + 1, TO) {
            j + 2
        } else {
            j + 1
        }
    }

    fn support_rest(&self, s: usize, unit: UnitRef, supported: OtherUnit, k: usize) -> R<Order> {
        if k >= self.toks.len() {
            return Ok(Order::SupportHold { unit, supported });
        }
        if self.kw(k, HOLD) {
            self.end(k + 1, s)?;
            return Ok(Order::SupportHold { unit, supported });
        }
        if self.is_move_op(k) {
            let op = self.skip_move_op(k);
            let (to, next) = self.place(op, s)?;
            self.end(next, s)?;
            return Ok(Order::SupportMove {
                unit,
                supported,
                to,
            });
        }
        self.fail(
            k,
            format!(
                "expected `-`, `H` or end of order after `{}`, found {}",
                self.context(s, k),
                self.found(k)
            ),
        )
    }

    fn convoy_rest(&self, s: usize, unit: UnitRef, army: OtherUnit, k: usize) -> R<Order> {
        let to = self.destination_to_end(s, k, "army")?;
        Ok(Order::Convoy { unit, army, to })
    }
}
