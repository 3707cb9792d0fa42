//! Parsing orders: the DATC notation and the common short notation.
//!
//! The parser reads a line into tokens (words, `-`, `->`, `/`, `(`, `)`, `:` and other
//! symbols, each with its column), then reads the tokens with a small recursive-descent grammar.
//! Province names are matched greedily: at a place, the longest run of words that names a
//! province wins (`North Atlantic Ocean`, `St. Petersburg`, `Mid-Atlantic Ocean`). The one
//! ambiguous slot, the unit named inside a support or a convoy (`S ENG eng` is "the English unit
//! in the English Channel"), is read by trying each reading against the rest of the order.
//!
//! Nothing is decided here that the rules decide: coasts, unit types and nationalities are kept
//! as written.

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
    pub text: String,
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
    let fail = |f: Fail| ParseError {
        line: 1,
        column: f.col,
        message: f.msg,
        text: text.to_string(),
    };
    let p = Parser::new(map, text);
    let (power, start) = p.prefix().map_err(fail)?;
    if start >= p.toks.len() {
        let msg = match power {
            Some(_) => format!(
                "expected an order after `{}`, found end of order",
                p.context(0, start)
            ),
            None => "expected an order, found end of order".to_string(),
        };
        return Err(fail(Fail {
            col: p.end_col,
            msg,
        }));
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
        match t.find(['\n', '\r']) {
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
/// characters of that line). A header naming an unknown power is an error, and the lines after it
/// have no power until the next header.
pub fn parse_orders(map: &Map, text: &str) -> (Vec<OrderLine>, Vec<ParseError>) {
    // About one order a line: one allocation for the result, not one per doubling.
    let mut lines = Vec::with_capacity(text.bytes().filter(|&b| b == b'\n').count() + 1);
    let mut errors = Vec::new();
    let mut current: Option<PowerId> = None;
    let mut buffers = Buffers::sized();
    for (n, line) in text_lines(text).enumerate() {
        let line_no = n + 1;
        let parser = Parser::reusing(map, line, std::mem::replace(&mut buffers, Buffers::none()));
        let p = Reuse {
            parser,
            buffers: &mut buffers,
        };
        if p.toks.is_empty() {
            continue;
        }
        let fail = |f: Fail| ParseError {
            line: line_no,
            column: f.col,
            message: f.msg,
            text: line.to_string(),
        };
        let (power, start) = match p.prefix() {
            Ok(x) => x,
            Err(f) => {
                if p.is_header() {
                    current = None;
                }
                errors.push(fail(f));
                continue;
            }
        };
        if start >= p.toks.len() {
            // A header line: `England:`.
            current = power;
            continue;
        }
        match p.order(start) {
            Ok(order) => lines.push(OrderLine {
                line: line_no,
                power: power.or(current),
                order,
                text: p.body_text().to_string(),
            }),
            Err(f) => errors.push(fail(f)),
        }
    }
    (lines, errors)
}

/// A line's parser that hands its buffers back for the next line when dropped.
struct Reuse<'b, 'm, 's> {
    parser: Parser<'m, 's>,
    buffers: &'b mut Buffers<'s>,
}

/// The buffers a parser fills for each line, reused from line to line (no allocation per line
/// once they are large enough).
struct Buffers<'s> {
    toks: Vec<Tok<'s>>,
    /// The normalised name being looked up.
    key: String,
    /// The words of the line normalised (lower case, no dots), one after another.
    norms: String,
}

impl Buffers<'_> {
    /// Buffers large enough for most lines.
    fn sized() -> Self {
        Buffers {
            toks: Vec::with_capacity(16),
            key: String::with_capacity(64),
            norms: String::with_capacity(128),
        }
    }

    /// No buffers (no allocation): what a parser leaves behind while it holds the buffers.
    fn none() -> Self {
        Buffers {
            toks: Vec::new(),
            key: String::new(),
            norms: String::new(),
        }
    }
}

impl<'m, 's> std::ops::Deref for Reuse<'_, 'm, 's> {
    type Target = Parser<'m, 's>;
    fn deref(&self) -> &Parser<'m, 's> {
        &self.parser
    }
}

impl Drop for Reuse<'_, '_, '_> {
    fn drop(&mut self) {
        self.buffers.toks = std::mem::take(&mut self.parser.toks);
        self.buffers.key = std::mem::take(self.parser.key.get_mut());
        self.buffers.norms = std::mem::take(&mut self.parser.norms);
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
struct Tok<'s> {
    kind: Kind,
    /// The text as written.
    raw: &'s str,
    /// For a word: where its normalised form (lower case, without dots) lies in the parser's
    /// `norms` (start, end).
    norm: (u32, u32),
    /// For a word: the keyword sets it belongs to (`Kw` bits).
    kw: u32,
    /// 1-based column (characters).
    col: usize,
    /// Byte offsets in the line.
    start: usize,
    end: usize,
    /// Whether white space (or the start of the line) comes right before.
    spaced: bool,
}

fn is_word_start(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric()
    } else {
        c.is_alphanumeric()
    }
}

fn is_word_char(c: char) -> bool {
    is_word_start(c) || c == '.' || c == '_' || c == '\''
}

fn is_dash(c: char) -> bool {
    matches!(
        c,
        '-' | '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}'
    )
}

/// Splits a line into tokens (into `toks`, emptied first; words normalised into `norms`),
/// stopping at `#` (a comment); returns where the order ends. ASCII is read byte by byte; other
/// characters are decoded where they occur.
fn tokenize<'s>(text: &'s str, toks: &mut Vec<Tok<'s>>, norms: &mut String) -> usize {
    toks.clear();
    norms.clear();
    let bytes = text.as_bytes();
    let char_at = |i: usize| -> char {
        match bytes[i] {
            b if b.is_ascii() => b as char,
            _ => text[i..].chars().next().unwrap_or(' '),
        }
    };
    let mut i = 0;
    let mut col = 0usize; // characters consumed so far
    let mut spaced = true;
    while i < bytes.len() {
        let c = char_at(i);
        if c == '#' {
            return i;
        }
        if c.is_whitespace() {
            i += c.len_utf8();
            col += 1;
            spaced = true;
            continue;
        }
        let (start, tok_col) = (i, col + 1);
        let kind = if is_word_start(c) {
            while i < bytes.len() && is_word_char(char_at(i)) {
                i += char_at(i).len_utf8();
                col += 1;
            }
            Kind::Word
        } else {
            i += c.len_utf8();
            col += 1;
            if (is_dash(c) || c == '=') && bytes.get(i) == Some(&b'>') {
                i += 1;
                col += 1;
                Kind::Arrow
            } else if c == '=' {
                Kind::Sym('=')
            } else if is_dash(c) {
                Kind::Dash
            } else if c == '→' {
                Kind::Arrow
            } else {
                Kind::Sym(c)
            }
        };
        let raw = &text[start..i];
        let norm_start = norms.len() as u32;
        let mut kw = 0;
        if kind == Kind::Word {
            push_normalised(norms, raw);
            kw = keywords_of(&norms[norm_start as usize..]);
        }
        toks.push(Tok {
            kind,
            raw,
            norm: (norm_start, norms.len() as u32),
            kw,
            col: tok_col,
            start,
            end: i,
            spaced,
        });
        spaced = false;
    }
    text.len()
}

/// Appends `word` to `out` in lower case, without dots.
fn push_normalised(out: &mut String, word: &str) {
    if word.is_ascii() {
        out.extend(
            word.bytes()
                .filter(|&b| b != b'.')
                .map(|b| b.to_ascii_lowercase() as char),
        );
    } else {
        out.extend(
            word.chars()
                .filter(|&c| c != '.')
                .flat_map(char::to_lowercase),
        );
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

/// The keyword sets a normalised word belongs to.
fn keywords_of(norm: &str) -> Kw {
    match norm {
        "h" | "hold" | "holds" | "stand" | "stands" => HOLD,
        "m" | "move" | "moves" => MOVE,
        "s" | "support" | "supports" => SUPPORT,
        "c" | "convoy" => CONVOY | CONVOY_WORD,
        "convoys" => CONVOY,
        "r" | "retreat" | "retreats" => RETREAT,
        "d" | "disband" | "disbands" | "remove" | "removes" => DISBAND,
        "b" | "build" | "builds" => BUILD,
        "convert" | "converts" => CONVERT,
        "waive" | "waives" | "waived" | "decline" | "declines" | "declined" => DECLINE,
        "via" | "by" => VIA,
        "to" => TO,
        "sc" | "permit" | "permits" => PERMIT,
        "a" | "army" => ARMY,
        "f" | "fleet" => FLEET,
        "coast" => COAST,
        _ => 0,
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
#[derive(Debug)]
struct Fail {
    col: usize,
    msg: String,
}

type R<T> = Result<T, Fail>;

struct Parser<'m, 's> {
    map: &'m Map,
    text: &'s str,
    toks: Vec<Tok<'s>>,
    /// The normalised name being looked up (reused: no allocation per lookup).
    key: std::cell::RefCell<String>,
    /// The words of the line normalised (`Tok::norm` ranges).
    norms: String,
    /// Byte offset where the order ends (before any comment).
    body_end: usize,
    /// Column just after the last token.
    end_col: usize,
}

impl<'m, 's> Parser<'m, 's> {
    fn new(map: &'m Map, text: &'s str) -> Self {
        Parser::reusing(map, text, Buffers::none())
    }

    /// A parser for `text` that reuses the buffers of the last line's parser.
    fn reusing(map: &'m Map, text: &'s str, buffers: Buffers<'s>) -> Self {
        let Buffers {
            mut toks,
            key,
            mut norms,
        } = buffers;
        let body_end = tokenize(text, &mut toks, &mut norms);
        let end_col = toks
            .last()
            .map(|t| t.col + t.raw.chars().count())
            .unwrap_or(1);
        Parser {
            map,
            text,
            toks,
            key: std::cell::RefCell::new(key),
            norms,
            body_end,
            end_col,
        }
    }

    /// The order's text without the comment, trimmed.
    fn body_text(&self) -> &'s str {
        self.text[..self.body_end].trim()
    }

    /// Whether token `i` is a word of the keyword set(s) `words`.
    fn kw(&self, i: usize, words: Kw) -> bool {
        matches!(self.toks.get(i), Some(t) if t.kw & words != 0)
    }

    fn is_keyword(&self, i: usize) -> bool {
        self.kw(i, KEYWORDS)
    }

    /// A word token's normalised text (lower case, no dots).
    fn norm(&self, t: &Tok) -> &str {
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
        self.toks.get(i).map(|t| t.col).unwrap_or(self.end_col)
    }

    /// `found` part of a message: the token at `i`, quoted, or `end of order`.
    fn found(&self, i: usize) -> String {
        match self.toks.get(i) {
            Some(t) => format!("`{}`", truncate(t.raw)),
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

    fn fail<T>(&self, i: usize, msg: String) -> R<T> {
        Err(Fail {
            col: self.col(i),
            msg,
        })
    }

    fn kind_at(&self, i: usize) -> Option<UnitKind> {
        match self.toks.get(i) {
            Some(t) => kind_word(t.kw),
            _ => None,
        }
    }

    fn power_at(&self, i: usize) -> Option<PowerId> {
        match self.toks.get(i) {
            Some(t) if t.kind == Kind::Word => self.map.power_by_name(self.norm(t)),
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
    /// The runs are spelt as `names_at` spells them, already normalised (lower case, no dots)
    /// into one reused buffer, and looked up without allocating.
    fn province_at(&self, i: usize) -> Option<(ProvinceId, usize)> {
        if !self.is_word(i) {
            return None;
        }
        let mut key = self.key.borrow_mut();
        key.clear();
        // Per run of words: the length of its key and the index after it.
        let mut runs = [(0usize, 0usize); MAX_NAME_WORDS];
        let mut count = 0;
        let mut j = i;
        while count < MAX_NAME_WORDS && j < self.toks.len() {
            let t = &self.toks[j];
            match t.kind {
                Kind::Word => {
                    if j > i {
                        if self.toks[j - 1].kind == Kind::Dash {
                            // joined by a hyphen: `Mid-Atlantic`
                        } else if t.spaced {
                            key.push(' ');
                        } else {
                            break;
                        }
                    }
                    key.push_str(self.norm(t));
                    j += 1;
                    runs[count] = (key.len(), j);
                    count += 1;
                }
                Kind::Dash
                    if j > i && !t.spaced && self.is_word(j + 1) && !self.toks[j + 1].spaced =>
                {
                    key.push('-');
                    j += 1;
                }
                _ => break,
            }
        }
        runs[..count]
            .iter()
            .rev()
            .find_map(|&(len, next)| self.map.province_by_key(&key[..len]).map(|p| (p, next)))
    }

    /// The longest run of words from `i` that names a railroad of the map (`TSR`,
    /// `Trans-Siberian Railroad`), and the index after it.
    fn railroad_at(&self, i: usize) -> Option<(usize, usize)> {
        if self.map.railroads().is_empty() {
            return None;
        }
        self.names_at(i)
            .iter()
            .rev()
            .find_map(|(n, next)| self.map.railroad_by_name(n).map(|r| (r, *next)))
    }

    /// The names runs of words from `i` can spell (words joined by a space, or by a hyphen
    /// written without spaces: `Mid-Atlantic`), shortest first, each with the index after it.
    fn names_at(&self, i: usize) -> Vec<(String, usize)> {
        if !self.is_word(i) {
            return Vec::new();
        }
        let mut name = String::new();
        let mut candidates: Vec<(String, usize)> = Vec::new();
        let mut j = i;
        let mut words = 0;
        while words < MAX_NAME_WORDS && j < self.toks.len() {
            let t = &self.toks[j];
            match t.kind {
                Kind::Word => {
                    if j > i {
                        if self.toks[j - 1].kind == Kind::Dash {
                            // joined by a hyphen: `Mid-Atlantic`
                        } else if t.spaced {
                            name.push(' ');
                        } else {
                            break; // `spa.x` cannot happen: dots are in words; be safe
                        }
                    }
                    name.push_str(t.raw);
                    words += 1;
                    j += 1;
                    candidates.push((name.clone(), j));
                }
                Kind::Dash
                    if j > i && !t.spaced && self.is_word(j + 1) && !self.toks[j + 1].spaced =>
                {
                    name.push('-');
                    j += 1;
                }
                _ => break,
            }
        }
        candidates
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
    fn place_of(&self, province: ProvinceId, j: usize) -> R<(Place, usize)> {
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
                    let text = format!("{} coast", w.raw.to_lowercase());
                    return Ok((Some(WrittenCoast::Unknown(text)), i + 3));
                }
                Ok((Some(WrittenCoast::Unknown(w.raw.to_lowercase())), i + 2))
            }
            Kind::Word => {
                if let Some((c, j)) = self.known_coast_at(province, i) {
                    return Ok((Some(WrittenCoast::Known(c)), j));
                }
                if self.kw(i + 1, COAST) && !self.is_keyword(i) && self.province_at(i).is_none() {
                    let text = format!("{} coast", t.raw.to_lowercase());
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
        let mut key = self.key.borrow_mut();
        key.clear();
        let mut found = None;
        let mut j = i;
        while j < self.toks.len() && j < i + MAX_COAST_WORDS && self.is_word(j) {
            if j > i {
                key.push(' ');
            }
            key.push_str(self.norm(&self.toks[j]));
            j += 1;
            if let Some(c) = self.map.coast_by_key(province, &key) {
                found = Some((c, j));
            }
        }
        found
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

    /// The readings of the unit named in a support or convoy: `RUS A war`, `A war`, `war`,
    /// `RUS war`, in order of preference; or why none can be read.
    fn other_unit(&self, i: usize, from: usize) -> R<Vec<(OtherUnit, usize)>> {
        let mut out = Vec::new();
        let mut power_err = None;
        let power = self.power_at(i);
        if let Some(p) = power {
            if let Some(kind) = self.kind_at(i + 1) {
                match self.place(i + 2, from) {
                    Ok((place, k)) => out.push((
                        OtherUnit {
                            power: Some(p),
                            kind: Some(kind),
                            place,
                        },
                        k,
                    )),
                    Err(e) => power_err = Some(e),
                }
            }
        }
        let plain = self.unit(i, from).map(|(u, k)| {
            (
                OtherUnit {
                    power: None,
                    kind: u.kind,
                    place: u.place,
                },
                k,
            )
        });
        let plain_err = match plain {
            Ok(x) => {
                out.push(x);
                None
            }
            Err(e) => Some(e),
        };
        if let Some(p) = power {
            if self.kind_at(i + 1).is_none() {
                match self.place(i + 1, from) {
                    Ok((place, k)) => out.push((
                        OtherUnit {
                            power: Some(p),
                            kind: None,
                            place,
                        },
                        k,
                    )),
                    Err(e) => power_err = power_err.or(Some(e)),
                }
            }
        }
        if out.is_empty() {
            return Err(if power.is_some() {
                power_err.or(plain_err)
            } else {
                plain_err.or(power_err)
            }
            .unwrap_or(Fail {
                col: self.col(i),
                msg: "expected a unit".to_string(),
            }));
        }
        Ok(out)
    }

    /// Tries each reading of the other unit with `rest`; the first that reads to the end wins,
    /// else the error that got furthest.
    fn with_other<T>(
        &self,
        i: usize,
        from: usize,
        rest: impl Fn(OtherUnit, usize) -> R<T>,
    ) -> R<T> {
        let mut best: Option<Fail> = None;
        for (other, k) in self.other_unit(i, from)? {
            match rest(other, k) {
                Ok(x) => return Ok(x),
                Err(e) => {
                    let further = match &best {
                        Some(b) => e.col > b.col,
                        None => true,
                    };
                    if further {
                        best = Some(e);
                    }
                }
            }
        }
        Err(best.unwrap_or(Fail {
            col: self.col(i),
            msg: "expected a unit".to_string(),
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
        if self.province_at(k).is_none() {
            if let Some((railroad, next)) = self.railroad_at(k) {
                return self.rail_rest(s, unit, railroad, next);
            }
        }
        let (mut to, next) = self.place(k, s)?;
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
            let by = self.norm(&self.toks[k]) == "by";
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
