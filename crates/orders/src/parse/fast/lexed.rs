//! The fast path's second way ([`read_line`]): supports and convoys read straight from their
//! bytes, else a line of the common shapes split into at most 24 tokens ([`lex`]) and read
//! with a small grammar over them ([`Fast`]) that mirrors the general parser's: full names of
//! any length, coasts after a slash, in words or in parentheses, `->`, `via convoy`, a
//! nationality written with the unit's type in a support or convoy, `Decline`.

use diplo_map::{Map, PowerId, ProvinceId};

use super::{simple_line, At, Read, Shape, ALNUM_LOWER};
use crate::parse::keywords::{
    keywords_of_key, kind_word, Kw, BUILD, COAST, CONVERT, CONVOY, CONVOY_WORD, DECLINE, DISBAND,
    HOLD, MOVE, PERMIT, RETREAT, SUPPORT, TO, VIA,
};
use crate::parse::places::{MAX_COAST_WORDS, MAX_NAME_WORDS};

/// Most tokens a line read here holds (`ENG: F lon S A wal - yor` has nine, `France: F
/// Mid-Atlantic Ocean Supports F Western Mediterranean - Spain(nc)` sixteen).
const MAX_TOKS: usize = 24;

/// A token: a word (`sym == 0`) packed as the general tokenizer packs it, or a symbol.
#[derive(Clone, Copy, Default)]
struct Tok {
    /// The word's lower case, packed (little-endian, zero-padded); `0` for a symbol or a word
    /// longer than eight bytes.
    key: u64,
    /// The word's keyword sets.
    kw: Kw,
    /// `0` for a word, else the symbol's byte (`-`, `/`, `:`, `(`, `)`), or `>` for an arrow
    /// (`->`).
    sym: u8,
    /// Whether a space (or the start of the line) comes right before.
    spaced: bool,
    /// Byte offsets in the line.
    start: u32,
    end: u32,
}

/// The tokens of a line, reused from line to line (each line writes those it reads).
#[derive(Default)]
pub(in crate::parse) struct Toks([Tok; MAX_TOKS]);

/// Reads the first line of `text` (up to `\n`, `\r` or the end) as [`file::read_line`] does,
/// if this path can: what the line holds, and the text after its end of line.
///
/// [`file::read_line`]: crate::parse::file::read_line
#[inline(always)]
pub(in crate::parse) fn read_line<'s>(
    map: &Map,
    text: &'s str,
    toks: &mut Toks,
) -> Option<(Read, &'s str)> {
    if !map.railroads().is_empty() {
        return None;
    }
    if let Some(read) = simple_line(map, text) {
        return Some(read);
    }
    let (n, end, colons) = lex(text.as_bytes(), &mut toks.0)?;
    let toks = &toks.0[..n];
    let (power, order) = match toks {
        [word, c, order @ ..] if colons == 1 && word.sym == 0 && c.sym == b':' => {
            (Some(map.power_by_packed(word.key)?), order)
        }
        _ if colons > 0 => return None,
        _ => (None, toks),
    };
    let read = match (power, toks.first(), toks.last()) {
        (Some(power), _, _) if order.is_empty() => Read::Header(power),
        (_, Some(first), Some(last)) => {
            let shape = Fast {
                map,
                text: text.as_bytes(),
                toks: order,
            }
            .order()?;
            Read::Order(power, shape, first.start, last.end)
        }
        _ => Read::Blank,
    };
    let skip = match text.as_bytes().get(end..) {
        Some([b'\r', b'\n', ..]) => 2,
        Some([]) | None => 0,
        _ => 1,
    };
    Some((read, text.get(end + skip..).unwrap_or_default()))
}

/// Splits the first line of `text` into `toks`; returns how many there are and where the line
/// ends and how many `:` it holds, or `None` if the line holds anything this path does not
/// read.
fn lex(text: &[u8], toks: &mut [Tok; MAX_TOKS]) -> Option<(usize, usize, u8)> {
    if u32::try_from(text.len()).is_err() {
        // Offsets are kept in 32 bits: a longer text is read by the general parser.
        return None;
    }
    let (mut n, mut i, mut colons, mut spaced) = (0, 0, 0, true);
    while let Some(&b) = text.get(i) {
        match b {
            b' ' => {
                (i, spaced) = (i + 1, true);
                continue;
            }
            b'\n' | b'\r' => break,
            _ => {}
        }
        let tok = toks.get_mut(n)?;
        n += 1;
        let start = i as u32;
        let (key, kw, sym, end) = if ALNUM_LOWER[usize::from(b)] == 0 {
            if !matches!(b, b'-' | b'/' | b':' | b'(' | b')') {
                return None;
            }
            colons += u8::from(b == b':');
            i += 1;
            if b == b'-' && text.get(i) == Some(&b'>') {
                // `->`: a move, as `-`, but never joining the words of a name.
                i += 1;
                (0, 0, b'>', start + 2)
            } else {
                (0, 0, b, start + 1)
            }
        } else {
            let mut key = 0u64;
            let mut len = 0;
            while let Some(&lower) = text.get(i).map(|&b| &ALNUM_LOWER[usize::from(b)]) {
                if lower == 0 {
                    break;
                }
                if len == 8 {
                    // A longer word is looked up by its bytes, as the general tokenizer does.
                    (key, i) = (0, word_end(text, i));
                    break;
                }
                key |= u64::from(lower) << (8 * len);
                (len, i) = (len + 1, i + 1);
            }
            (key, keywords_of_key(key), 0, i as u32)
        };
        *tok = Tok {
            key,
            kw,
            sym,
            spaced,
            start,
            end,
        };
        spaced = false;
    }
    Some((n, i, colons))
}

/// Where the word of ASCII letters and digits going on at byte `i` ends.
#[cold]
fn word_end(text: &[u8], mut i: usize) -> usize {
    while text
        .get(i)
        .is_some_and(|&b| ALNUM_LOWER[usize::from(b)] != 0)
    {
        i += 1;
    }
    i
}

/// Longest name (a run of words and the characters joining them) looked up here, in bytes.
const MAX_NAME: usize = 64;

/// A name being read word by word: its lower case, words joined as the general tokenizer joins
/// them (a space, or a hyphen for a dash with no space around it).
struct Name {
    bytes: [u8; MAX_NAME],
    len: usize,
}

impl Name {
    fn new() -> Self {
        Name {
            bytes: [0; MAX_NAME],
            len: 0,
        }
    }

    /// Appends `join` (if not `0`) and the lower case of `word`; `None` if the name gets too long.
    fn push(&mut self, join: u8, word: &[u8]) -> Option<()> {
        let start = self.len + usize::from(join != 0);
        let dest = self.bytes.get_mut(start..start + word.len())?;
        for (d, &b) in dest.iter_mut().zip(word) {
            *d = b.to_ascii_lowercase();
        }
        if join != 0 {
            self.bytes[self.len] = join;
        }
        self.len = start + word.len();
        Some(())
    }

    /// The name of one word.
    fn of(word: &[u8]) -> Option<Self> {
        let mut name = Name::new();
        name.push(0, word)?;
        Some(name)
    }

    fn key(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// One line's tokens, read with the map.
struct Fast<'a> {
    map: &'a Map,
    /// The line (the tokens' offsets are in it).
    text: &'a [u8],
    toks: &'a [Tok],
}

impl Fast<'_> {
    fn kw(&self, i: usize, words: Kw) -> bool {
        self.toks.get(i).is_some_and(|t| t.kw & words != 0)
    }

    /// Whether token `i` is `-` or `->`.
    fn move_op(&self, i: usize) -> bool {
        self.toks
            .get(i)
            .is_some_and(|t| matches!(t.sym, b'-' | b'>'))
    }

    /// Whether token `i` is the line's end.
    fn end(&self, i: usize) -> Option<()> {
        (i == self.toks.len()).then_some(())
    }

    /// The text of word token `t`.
    fn word(&self, t: &Tok) -> &[u8] {
        self.text
            .get(t.start as usize..t.end as usize)
            .unwrap_or_default()
    }

    /// The longest run of words from `i` that names a province, and the index after it, as
    /// `Parser::province_at` finds it.
    fn province_at(&self, i: usize) -> Option<(ProvinceId, usize)> {
        let t = self.toks.get(i).filter(|t| t.sym == 0)?;
        if t.key != 0 {
            let key = self.map.name_key_packed(t.key)?;
            if !key.longer {
                return key.province.map(|p| (p, i + 1));
            }
        }
        self.province_run(i)
    }

    /// `Parser::province_run`: a run of words is extended while the map has a longer name
    /// starting with it. (Kept out of [`Fast::place`], whose common case is one lookup.)
    #[inline(never)]
    fn province_run(&self, i: usize) -> Option<(ProvinceId, usize)> {
        let mut name = Name::new();
        name.push(0, self.word(&self.toks[i]))?;
        let (mut found, mut last) = (None, i);
        for _ in 0..MAX_NAME_WORDS {
            let key = match self.toks[i].key {
                key if i == last && key != 0 => self.map.name_key_packed(key),
                _ => self.map.name_key(name.key()),
            };
            let Some(key) = key else {
                break;
            };
            if let Some(p) = key.province {
                found = Some((p, last + 1));
            }
            match self.next_in_run(last) {
                Some(next) if key.longer => {
                    let join = if next == last + 1 { b' ' } else { b'-' };
                    name.push(join, self.word(&self.toks[next]))?;
                    last = next;
                }
                _ => break,
            }
        }
        found
    }

    /// `Parser::next_in_run`: the word after word `j` in a name, the next token if it is a word,
    /// or the one after a dash written without spaces (`Mid-Atlantic`).
    fn next_in_run(&self, j: usize) -> Option<usize> {
        let t = self.toks.get(j + 1)?;
        match t.sym {
            0 if t.spaced => Some(j + 1),
            b'-' if !t.spaced
                && self
                    .toks
                    .get(j + 2)
                    .is_some_and(|w| w.sym == 0 && !w.spaced) =>
            {
                Some(j + 2)
            }
            _ => None,
        }
    }

    /// A place at `i`: a province, and a coast if one is written, as `Parser::place` reads it.
    fn place(&self, i: usize) -> Option<At> {
        let (province, j) = self.province_at(i)?;
        let at = |coast, next: usize| At {
            province,
            coast,
            kind: None,
            next: next as u8,
        };
        let Some(t) = self.toks.get(j) else {
            return Some(at(None, j));
        };
        let no_coasts = self.map.province(province).coasts.is_empty();
        match t.sym {
            0 if no_coasts && !self.kw(j + 1, COAST) => Some(at(None, j)),
            0 => match self.known_coast_at(province, j) {
                Some((c, k)) => Some(at(Some(c), k)),
                None if self.kw(j + 1, COAST) => None,
                None => Some(at(None, j)),
            },
            b'/' => {
                let (c, k) = self.known_coast_at(province, j + 1)?;
                Some(at(Some(c), k))
            }
            b'(' => {
                let (c, k) = self.coast_in_parens(province, j + 1)?;
                Some(at(Some(c), k))
            }
            _ => Some(at(None, j)),
        }
    }

    /// The longest run of (at most three) words from `i` naming a coast of `province`, as
    /// `Parser::known_coast_at` finds it.
    #[inline(never)]
    fn known_coast_at(&self, province: ProvinceId, i: usize) -> Option<(u8, usize)> {
        if self.map.province(province).coasts.is_empty() {
            return None;
        }
        let mut name = Name::new();
        let mut found = None;
        let last = self.toks.len().min(i + MAX_COAST_WORDS);
        for (j, t) in self.toks.iter().enumerate().take(last).skip(i) {
            if t.sym != 0 {
                break;
            }
            name.push(if j > i { b' ' } else { 0 }, self.word(t))?;
            let text = std::str::from_utf8(name.key()).ok()?;
            if let Some(c) = self.map.coast_by_key(province, text) {
                found = Some((c, j + 1));
            }
        }
        found
    }

    /// A known coast of `province` written as the words from `i` to the first `)` (`(nc)`,
    /// `(North Coast)`), and the index after the `)`, as `Parser::coast` reads it; `None` for
    /// anything else (an unknown coast, other symbols inside).
    #[inline(never)]
    fn coast_in_parens(&self, province: ProvinceId, i: usize) -> Option<(u8, usize)> {
        if self.map.province(province).coasts.is_empty() {
            return None;
        }
        let mut name = Name::new();
        for (j, t) in self.toks.iter().enumerate().skip(i) {
            match t.sym {
                0 => name.push(if j > i { b' ' } else { 0 }, self.word(t))?,
                b')' if j > i => {
                    let text = std::str::from_utf8(name.key()).ok()?;
                    return Some((self.map.coast_by_key(province, text)?, j + 1));
                }
                _ => return None,
            }
        }
        None
    }

    /// The unit at `i`: `A par`, `par`.
    fn unit(&self, i: usize) -> Option<At> {
        let kind = self.toks.get(i).and_then(|t| kind_word(t.kw));
        let j = if kind.is_some() { i + 1 } else { i };
        let at = self.place(j)?;
        Some(At { kind, ..at })
    }

    /// The unit named in a support or convoy at `i`, and its nationality if written with its
    /// type (`Russian A arm`, `RUS A arm`: `Parser::with_other`'s first reading, which wins when
    /// the rest of the order reads, as the callers require). A word naming a power without a
    /// unit type after it (`RUS arm`, or a province spelt like a power) is left to the general
    /// parser, which tries its other readings.
    fn other(&self, i: usize) -> Option<(At, Option<PowerId>)> {
        let t = self.toks.get(i)?;
        let power = match (t.sym, t.key) {
            (0, 0) => self.map.power_by_key(Name::of(self.word(t))?.key()),
            (0, key) => self.map.power_by_packed(key),
            _ => None,
        };
        let Some(power) = power else {
            return Some((self.unit(i)?, None));
        };
        let kind = Some(kind_word(self.toks.get(i + 1)?.kw)?);
        let at = self.place(i + 2)?;
        Some((At { kind, ..at }, Some(power)))
    }

    /// The order, as `Parser::order` reads it from the first token.
    fn order(&self) -> Option<Shape> {
        if self.kw(0, BUILD) {
            if self.kw(1, DECLINE) {
                self.end(2)?;
                return Some(Shape::Decline);
            }
            if self.toks.len() < 2 {
                return None;
            }
            let unit = self.unit(1)?;
            self.end(unit.next())?;
            return Some(Shape::Build(unit));
        }
        if self.kw(0, DECLINE) {
            self.end(if self.kw(1, BUILD) { 2 } else { 1 })?;
            return Some(Shape::Decline);
        }
        if self.kw(0, DISBAND) {
            let unit = self.unit(1)?;
            self.end(unit.next())?;
            return Some(Shape::Disband(unit));
        }
        if self.kw(0, CONVERT | PERMIT) {
            return None;
        }
        self.after_unit(self.unit(0)?)
    }

    /// The order after its unit.
    fn after_unit(&self, unit: At) -> Option<Shape> {
        let j = unit.next();
        if j == self.toks.len() {
            return Some(Shape::Hold(unit));
        }
        if self.kw(j, HOLD) {
            self.end(j + 1)?;
            return Some(Shape::Hold(unit));
        }
        if self.kw(j, MOVE) {
            return None;
        }
        if self.move_op(j) {
            let to = self.place(j + 1)?;
            let k = to.next();
            if self.kw(k, VIA) {
                self.end(self.via_convoy(k)?)?;
                return Some(Shape::MoveViaConvoy(unit, to));
            }
            self.end(k)?;
            return Some(Shape::Move(unit, to));
        }
        if self.kw(j, SUPPORT) {
            let (supported, power) = self.other(j + 1)?;
            let k = supported.next();
            if k == self.toks.len() || (self.kw(k, HOLD) && k + 1 == self.toks.len()) {
                return Some(Shape::SupportHold(unit, supported, power));
            }
            let to = self.destination(k)?;
            return Some(Shape::SupportMove(unit, supported, to, power));
        }
        if self.kw(j, CONVOY) {
            let (army, power) = self.other(j + 1)?;
            let to = self.destination(army.next())?;
            return Some(Shape::Convoy(unit, army, to, power));
        }
        self.last_word(unit, j)
    }

    /// `R`, `D` or `B` after the unit, at `j`.
    fn last_word(&self, unit: At, j: usize) -> Option<Shape> {
        if self.kw(j, RETREAT) {
            let k = if self.kw(j + 1, TO) { j + 2 } else { j + 1 };
            let to = self.place(k)?;
            self.end(to.next())?;
            return Some(Shape::Retreat(unit, to));
        }
        if self.kw(j, DISBAND) {
            self.end(j + 1)?;
            return Some(Shape::Disband(unit));
        }
        if self.kw(j, BUILD) {
            self.end(j + 1)?;
            return Some(Shape::Build(unit));
        }
        None
    }

    /// `via convoy`, `by convoy` or `via` alone at `k` (a `VIA` word), as `Parser::move_rest`
    /// reads it: the index after it; `None` for `by` without `convoy` (an error there).
    fn via_convoy(&self, k: usize) -> Option<usize> {
        if self.kw(k + 1, CONVOY_WORD) {
            return Some(k + 2);
        }
        let by = u64::from_le_bytes(*b"by\0\0\0\0\0\0");
        (self.toks[k].key != by).then_some(k + 1)
    }

    /// `- place` (or `-> place`) at `k`, ending the line.
    fn destination(&self, k: usize) -> Option<At> {
        if !self.move_op(k) {
            return None;
        }
        let to = self.place(k + 1)?;
        self.end(to.next())?;
        Some(to)
    }
}
