//! The general parser: [`Parser`] over one line's tokens, the token tests and error messages
//! the grammar is written with, and the power prefix (`England:`, `ENG:`) of an order or a
//! header line. Places are read in [`super::places`], orders in [`super::grammar`].

use diplo_map::{Map, PowerId, UnitKind};

use super::file::Line;
use super::keywords::{kind_word, Kw, KEYWORDS, MOVE};
use super::tokens::{column, tokenize, Buffers, Kind, Tok};

/// Longest quoted text in an error message, in characters.
const MAX_QUOTE: usize = 40;

fn truncate(s: &str) -> String {
    if s.chars().count() > MAX_QUOTE {
        let mut t: String = s.chars().take(MAX_QUOTE).collect();
        t.push('…');
        t
    } else {
        s.to_string()
    }
}

/// Where and why reading failed.
#[derive(Debug, PartialEq)]
pub(super) struct Fail {
    pub(super) col: usize,
    pub(super) msg: String,
}

/// A reading's result: the error is boxed, so that what is passed around on the way to success
/// is no larger than what was read.
pub(super) type R<T> = Result<T, Box<Fail>>;

/// Reads one line. `'m` is the borrow of the map and of the buffers the line was read into,
/// `'s` that of the line.
pub(super) struct Parser<'m, 's> {
    pub(super) map: &'m Map,
    pub(super) text: &'s str,
    pub(super) toks: &'m [Tok],
    /// The words of the line normalised (`Tok::norm` ranges).
    pub(super) norms: &'m [u8],
}

impl<'m, 's> Parser<'m, 's> {
    /// A parser for `text` (one order: line ends are white space), read into `buffers`.
    pub(super) fn new(map: &'m Map, text: &'s str, buffers: &'m mut Buffers) -> Self {
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
    pub(super) fn first_line(
        map: &'m Map,
        text: &'s str,
        buffers: &'m mut Buffers,
    ) -> (Self, &'s str) {
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
    pub(super) fn read(&self) -> Line<'s> {
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
    pub(super) fn end_col(&self) -> usize {
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
    pub(super) fn kw(&self, i: usize, words: Kw) -> bool {
        matches!(self.toks.get(i), Some(t) if t.kw & words != 0)
    }

    pub(super) fn is_keyword(&self, i: usize) -> bool {
        self.kw(i, KEYWORDS)
    }

    /// A token's text as written.
    pub(super) fn raw(&self, t: &Tok) -> &'s str {
        &self.text[t.start..t.end]
    }

    /// A word token's normalised text (lower case, no dots), as UTF-8 bytes.
    pub(super) fn norm(&self, t: &Tok) -> &[u8] {
        &self.norms[t.norm.0 as usize..t.norm.1 as usize]
    }

    pub(super) fn is_move_op(&self, i: usize) -> bool {
        matches!(self.toks.get(i), Some(t) if matches!(t.kind, Kind::Dash | Kind::Arrow))
            || self.kw(i, MOVE)
    }

    pub(super) fn is_word(&self, i: usize) -> bool {
        matches!(self.toks.get(i), Some(t) if t.kind == Kind::Word)
    }

    pub(super) fn is_sym(&self, i: usize, c: char) -> bool {
        matches!(self.toks.get(i), Some(t) if t.kind == Kind::Sym(c))
    }

    pub(super) fn col(&self, i: usize) -> usize {
        match self.toks.get(i) {
            Some(t) => column(self.text, t.start),
            None => self.end_col(),
        }
    }

    /// `found` part of a message: the token at `i`, quoted, or `end of order`.
    pub(super) fn found(&self, i: usize) -> String {
        match self.toks.get(i) {
            Some(t) => format!("`{}`", truncate(self.raw(t))),
            None => "end of order".to_string(),
        }
    }

    /// The text of tokens `from..to`, white space folded, shortened: for `after ...` in messages.
    pub(super) fn context(&self, from: usize, to: usize) -> String {
        if from >= to || to > self.toks.len() {
            return String::new();
        }
        let raw = &self.text[self.toks[from].start..self.toks[to - 1].end];
        truncate(&raw.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    #[cold]
    pub(super) fn fail<T>(&self, i: usize, msg: String) -> R<T> {
        Err(Box::new(Fail {
            col: self.col(i),
            msg,
        }))
    }

    pub(super) fn kind_at(&self, i: usize) -> Option<UnitKind> {
        match self.toks.get(i) {
            Some(t) => kind_word(t.kw),
            _ => None,
        }
    }

    pub(super) fn power_at(&self, i: usize) -> Option<PowerId> {
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
    pub(super) fn prefix(&self) -> R<(Option<PowerId>, usize)> {
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
}
