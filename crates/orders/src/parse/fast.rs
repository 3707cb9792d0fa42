//! The fast path of [`super::parse_orders`]: a line of the common shapes, in the short notation
//! (`A par H`, `A par - bur`, `F lon S A wal - yor`, `F nth C A lon - nwy`, `F stp/sc - bot`,
//! `B A par`, `A par D`, `F tri R alb`, `England:`, `ENG: A par H`), is read straight from its
//! bytes, without the general tokenizer, its buffers or its error bookkeeping.
//!
//! The path reads only what it can read exactly as the general parser does: words of ASCII
//! letters and digits of at most eight bytes, `-`, `/`, `:` and spaces, on a map without
//! railroads. At anything else (another character, a longer name, a nationality, a convoy
//! path, `via convoy`, a comment, an error of any kind) it gives up and the line is read by the
//! general parser, which gives the same result for every line this path reads (checked in debug
//! builds, where every line this path reads is read by both).

use diplo_map::{Map, PowerId, ProvinceId, UnitKind};

use super::{
    keywords_of_key, kind_word, Kw, BUILD, COAST, CONVERT, CONVOY, DECLINE, DISBAND, HOLD,
    MAX_COAST_WORDS, MAX_NAME_WORDS, MOVE, PERMIT, RETREAT, SUPPORT, TO,
};
use crate::{Order, OtherUnit, Place, UnitRef, WrittenCoast};

/// Most tokens a line read here holds (`ENG: F lon S A wal - yor` has nine).
const MAX_TOKS: usize = 12;

/// A token: a word (`sym == 0`) packed as the general tokenizer packs it, or a symbol.
#[derive(Clone, Copy, Default)]
struct Tok {
    /// The word's lower case, packed (little-endian, zero-padded); `0` for a symbol or a word
    /// longer than eight bytes.
    key: u64,
    /// The word's keyword sets.
    kw: Kw,
    /// `0` for a word, else the symbol's byte (`-`, `/`, `:`).
    sym: u8,
    /// Whether a space (or the start of the line) comes right before.
    spaced: bool,
    /// Byte offsets in the line.
    start: u32,
    end: u32,
}

/// The tokens of a line, reused from line to line (each line writes those it reads).
#[derive(Default)]
pub(super) struct Toks([Tok; MAX_TOKS]);

/// Per byte: its lower case if it is an ASCII letter or digit, else `0`.
const ALNUM_LOWER: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() {
            t[b] = c.to_ascii_lowercase();
        }
        b += 1;
    }
    t
};

/// What a line the fast path read holds.
#[derive(Debug)]
pub(super) enum Read {
    /// Nothing but spaces.
    Blank,
    /// `England:`.
    Header(PowerId),
    /// An order ([`Shape::order`] builds it), with the power of its prefix (`England: A lon H`),
    /// and where its text lies in the line (bytes).
    Order(Option<PowerId>, Shape, u32, u32),
}

/// Reads the first line of `text` (up to `\n`, `\r` or the end) as [`super::read_line`] does,
/// if this path can: what the line holds, and the text after its end of line.
#[inline(always)]
pub(super) fn read_line<'s>(map: &Map, text: &'s str, toks: &mut Toks) -> Option<(Read, &'s str)> {
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

/// A line of the three commonest shapes, read by [`simple`].
#[derive(Clone, Copy, Debug)]
pub(super) enum Simple {
    /// `England:`.
    Header(PowerId),
    /// `A vie H`, `F stp/sc H`: the unit.
    Hold(At),
    /// `A vie - gal`, `F stp/sc - bot`: the unit and its destination.
    Move(At, At),
}

impl Simple {
    /// The order of a hold or a move line (`None` for a header).
    #[inline(always)]
    pub(super) fn order(self) -> Option<Order> {
        match self {
            Simple::Header(_) => None,
            Simple::Hold(unit) => Some(unit.hold()),
            Simple::Move(unit, to) => Some(unit.move_to(to)),
        }
    }

    /// Writes the order of a hold or a move line into `order` field by field, if `order` is
    /// of the same kind (a hold, a move without a convoy path); `false` if not (`order` is
    /// then unchanged).
    #[inline(always)]
    pub(super) fn write_into(self, order: &mut Order) -> bool {
        match (self, order) {
            (Simple::Hold(at), Order::Hold { unit }) => at.write_unit(unit),
            (
                Simple::Move(at, dest),
                Order::Move {
                    unit,
                    to,
                    via_convoy: false,
                    path,
                },
            ) if path.is_empty() => {
                at.write_unit(unit);
                dest.write_place(to);
            }
            _ => return false,
        }
        true
    }

    /// What [`read_line`] gives for the same line, whose order text ends at byte `end` of it.
    #[cfg(debug_assertions)]
    pub(super) fn read(self, end: usize) -> Read {
        match self {
            Simple::Header(power) => Read::Header(power),
            Simple::Hold(unit) => Read::Order(None, Shape::Hold(unit), 0, end as u32),
            Simple::Move(unit, to) => Read::Order(None, Shape::Move(unit, to), 0, end as u32),
        }
    }
}

/// Reads the line starting at byte `start` of `b`, if it is `England:`, `A vie H` or `A vie -
/// gal` (the unit's province may have a coast after a slash: `F stp/sc H`), each word of at
/// most eight ASCII letters and digits, one space between tokens, nothing after the last:
/// what it holds, where its text ends and where the next line starts. `None` for any other
/// line ([`read_line`] reads it, with the same result for the lines read here). Small enough
/// to come back in registers: the file's loop reads these lines without building a [`Read`].
#[inline(always)]
pub(super) fn simple(map: &Map, b: &[u8], start: usize) -> Option<(Simple, usize, usize)> {
    if !map.railroads().is_empty() {
        return None;
    }
    let (line, end) = match (b.get(start), b.get(start + 1)) {
        // `A vie ...`, `F lon ...`: the commonest first words, known without a look-up.
        (Some(&c @ (b'A' | b'a' | b'F' | b'f')), Some(b' ')) => {
            let kind = match c {
                b'A' | b'a' => UnitKind::Army,
                _ => UnitKind::Fleet,
            };
            simple_hold_or_move(map, b, kind, start + 2)?
        }
        _ => {
            let (first, i) = short_word(b, start)?;
            match b.get(i) {
                Some(b':') => (Simple::Header(map.power_by_packed(first)?), i + 1),
                Some(b' ') => simple_hold_or_move(map, b, unit_kind(first)?, i + 1)?,
                _ => return None,
            }
        }
    };
    let next = match b.get(end..)? {
        [] => end,
        [b'\r', b'\n', ..] => end + 2,
        [b'\n' | b'\r', ..] => end + 1,
        _ => return None,
    };
    Some((line, end, next))
}

/// `vie H`, `vie - gal`, `stp/sc H` from byte `i`, after a unit type.
#[inline(always)]
fn simple_hold_or_move(map: &Map, b: &[u8], kind: UnitKind, i: usize) -> Option<(Simple, usize)> {
    let (word, mut j) = short_word(b, i)?;
    let province = plain_province(map, word)?;
    let mut coast = None;
    if b.get(j) == Some(&b'/') {
        let (c, k) = slash_coast(map, b, province, j + 1)?;
        (coast, j) = (Some(c), k);
    }
    let unit = At {
        province,
        coast,
        kind: Some(kind),
        next: 2 + 2 * u8::from(coast.is_some()),
    };
    if b.get(j..j + 3) == Some(b" - ") {
        let (to, k) = simple_destination(map, b, j + 3, unit.next + 1)?;
        return Some((Simple::Move(unit, to), k));
    }
    let k = match b.get(j..) {
        // ` H` and the end of the word: the commonest hold, known without a look-up.
        Some([b' ', b'H' | b'h', after @ ..])
            if after
                .first()
                .is_none_or(|&c| ALNUM_LOWER[usize::from(c)] == 0) =>
        {
            j + 2
        }
        Some([b' ', ..]) => match short_word(b, j + 1)? {
            (word, k) if keywords_of_key(word) & HOLD != 0 => k,
            _ => return None,
        },
        _ => return None,
    };
    // A province with coasts could read the word after it as a coast (`F stp nc`), or the word
    // after a coast as more of the coast's name.
    let coasts = !map.province(province).coasts.is_empty();
    if coasts && (coast.is_none() || longer_coast(map, province, b, j)) {
        return None;
    }
    Some((Simple::Hold(unit), k))
}

/// The unit type a first word (packed) names: `A`, `Army`, `F`, `Fleet`; `None` for any other
/// word, and for a word that starts another order (`Build`, `Disband`, ...).
#[inline(always)]
fn unit_kind(word: u64) -> Option<UnitKind> {
    let kw = keywords_of_key(word);
    if kw & (BUILD | DECLINE | DISBAND | CONVERT | PERMIT) != 0 {
        return None;
    }
    kind_word(kw)
}

/// The coast of `province` named by the one word at byte `i` (after a slash: `stp/sc`), and
/// where the word ends.
#[cold]
fn slash_coast(map: &Map, b: &[u8], province: ProvinceId, i: usize) -> Option<(u8, usize)> {
    let (word, k) = short_word(b, i)?;
    let bytes = word.to_le_bytes();
    let name = std::str::from_utf8(&bytes[..k - i]).ok()?;
    Some((map.coast_by_key(province, name)?, k))
}

/// Whether the coast's word ending at byte `j` (`sc` in `stp/sc H`) and the word after it name
/// a coast of `province` together, as the general parser would read them.
#[cold]
fn longer_coast(map: &Map, province: ProvinceId, b: &[u8], j: usize) -> bool {
    let start = b[..j].iter().rposition(|&c| c == b'/').map_or(j, |s| s + 1);
    let (Some((coast, _)), Some((next, end))) = (short_word(b, start), short_word(b, j + 1)) else {
        return true;
    };
    let mut name = [0u8; 17];
    name[..8].copy_from_slice(&coast.to_le_bytes());
    name[j - start] = b' ';
    let len = j - start + 1;
    name[len..len + 8].copy_from_slice(&next.to_le_bytes());
    let len = len + end - (j + 1);
    std::str::from_utf8(&name[..len]).map_or(true, |n| map.coast_by_key(province, n).is_some())
}

/// The next commonest lines after [`simple`]'s, read without tokens: supports and convoys
/// (`F nth S A bel`, `A mar S A par - bur`, `F nth C A lon - nwy`: words of at most eight
/// ASCII letters and digits, one space between tokens, nothing after the last); `None` for any
/// other line, which [`read_line`] reads from its tokens as before (the same result for these
/// lines).
// Inlined: returned through memory, the line's `Read` (written as two unaligned 16-byte
// blocks, read back field by field) cost more time than the path saved.
#[inline(always)]
fn simple_line<'s>(map: &Map, text: &'s str) -> Option<(Read, &'s str)> {
    let b = text.as_bytes();
    let (first, i) = short_word(b, 0)?;
    if b.get(i) != Some(&b' ') {
        return None;
    }
    let (read, end) = support_or_convoy(map, b, first, i + 1)?;
    let skip = match b.get(end..)? {
        [] => 0,
        [b'\r', b'\n', ..] => 2,
        [b'\n' | b'\r', ..] => 1,
        _ => return None,
    };
    Some((read, text.get(end + skip..)?))
}

/// `F nth S A bel`, `A mar S A par - bur` or `F nth C A lon - nwy` after the unit type `kind`
/// (packed), from byte `i`: the order and where its last word ends.
fn support_or_convoy(map: &Map, b: &[u8], kind: u64, i: usize) -> Option<(Read, usize)> {
    let (kind, province, j) = simple_unit(map, b, kind, i)?;
    let unit = At {
        province,
        coast: None,
        kind: Some(kind),
        next: 2,
    };
    let (word, k) = match b.get(j) {
        Some(b' ') => short_word(b, j + 1)?,
        _ => return None,
    };
    let kw = keywords_of_key(word);
    // A province with coasts could read the word after it as a coast (`F stp nc`).
    if !map.province(province).coasts.is_empty() {
        return None;
    }
    if kw & (MOVE | HOLD) != 0 || kw & (SUPPORT | CONVOY) == 0 || b.get(k) != Some(&b' ') {
        return None;
    }
    simple_other(map, b, unit, kw & SUPPORT != 0, k + 1)
}

/// `A vie` at byte `i`, after the unit type `kind` (packed): the type, the province and where
/// its name ends.
#[inline(always)]
fn simple_unit(map: &Map, b: &[u8], kind: u64, i: usize) -> Option<(UnitKind, ProvinceId, usize)> {
    let kind = unit_kind(kind)?;
    let (word, j) = short_word(b, i)?;
    Some((kind, plain_province(map, word)?, j))
}

/// The rest of a support (`support`) or a convoy from byte `i`, the unit it names: `A bel`,
/// `A par - bur`.
fn simple_other(map: &Map, b: &[u8], unit: At, support: bool, i: usize) -> Option<(Read, usize)> {
    let (kind, after) = short_word(b, i)?;
    // `S A ...` after a province without coasts: `A` must not be a coast word, nor a power.
    if keywords_of_key(kind) & COAST != 0 || map.power_by_packed(kind).is_some() {
        return None;
    }
    if b.get(after) != Some(&b' ') {
        return None;
    }
    let (_, province, j) = simple_unit(map, b, kind, after + 1)?;
    let other = At {
        province,
        coast: None,
        kind: kind_word(keywords_of_key(kind)),
        next: 6,
    };
    let ends = b.get(j).is_none_or(|c| matches!(c, b'\n' | b'\r'));
    let shape = match b.get(j..j + 3) {
        _ if ends && support => Shape::SupportHold(unit, other),
        Some(b" - ") => {
            let (to, k) = simple_destination(map, b, j + 3, 8)?;
            let shape = if support {
                Shape::SupportMove(unit, other, to)
            } else {
                Shape::Convoy(unit, other, to)
            };
            return Some((Read::Order(None, shape, 0, k as u32), k));
        }
        _ => return None,
    };
    Some((Read::Order(None, shape, 0, j as u32), j))
}

/// A destination at byte `i`, token `tok`: a one-word province, the last word of its line.
#[inline(always)]
fn simple_destination(map: &Map, b: &[u8], i: usize, tok: u8) -> Option<(At, usize)> {
    let (word, k) = short_word(b, i)?;
    let to = At {
        province: plain_province(map, word)?,
        coast: None,
        kind: None,
        next: tok + 1,
    };
    Some((to, k))
}

/// The province a one-word name names, if no longer name starts with it.
#[inline(always)]
fn plain_province(map: &Map, word: u64) -> Option<ProvinceId> {
    let key = map.name_key_packed(word)?;
    if key.longer {
        return None;
    }
    key.province
}

/// The word of one to eight ASCII letters and digits at byte `i`, packed as [`lex`] packs it,
/// and where it ends; `None` if there is no word there or it is longer.
#[inline(always)]
fn short_word(b: &[u8], mut i: usize) -> Option<(u64, usize)> {
    let mut key = 0u64;
    for shift in (0..64).step_by(8) {
        match b.get(i).map(|&c| ALNUM_LOWER[usize::from(c)]) {
            Some(lower) if lower != 0 => {
                key |= u64::from(lower) << shift;
                i += 1;
            }
            _ => return (key != 0).then_some((key, i)),
        }
    }
    match b.get(i) {
        Some(&c) if ALNUM_LOWER[usize::from(c)] != 0 => None,
        _ => Some((key, i)),
    }
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
            if !matches!(b, b'-' | b'/' | b':') {
                return None;
            }
            colons += u8::from(b == b':');
            i += 1;
            (0, 0, b, start + 1)
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

/// A place as read here (small and `Copy`: returned in registers), with the unit type written
/// before it, if any, and the index of the token after it.
#[derive(Clone, Copy, Debug)]
pub(super) struct At {
    province: ProvinceId,
    coast: Option<u8>,
    kind: Option<UnitKind>,
    next: u8,
}

impl At {
    fn place(self) -> Place {
        Place {
            province: self.province,
            coast: self.coast.map(WrittenCoast::Known),
        }
    }

    fn unit(self) -> UnitRef {
        UnitRef {
            kind: self.kind,
            place: self.place(),
        }
    }

    fn other(self) -> OtherUnit {
        OtherUnit {
            power: None,
            kind: self.kind,
            place: self.place(),
        }
    }

    fn next(self) -> usize {
        usize::from(self.next)
    }

    /// Writes [`At::unit`] into `unit` field by field.
    #[inline(always)]
    fn write_unit(self, unit: &mut UnitRef) {
        unit.kind = self.kind;
        self.write_place(&mut unit.place);
    }

    /// Writes [`At::place`] into `place` field by field.
    #[inline(always)]
    fn write_place(self, place: &mut Place) {
        place.province = self.province;
        match (self.coast, &mut place.coast) {
            (None, None) => {}
            (Some(c), Some(WrittenCoast::Known(k))) => *k = c,
            (coast, old) => *old = coast.map(WrittenCoast::Known),
        }
    }

    /// The unit's hold order.
    #[inline(always)]
    pub(super) fn hold(self) -> Order {
        Order::Hold { unit: self.unit() }
    }

    /// The unit's move to `to`, as written without a convoy path.
    #[inline(always)]
    pub(super) fn move_to(self, to: At) -> Order {
        Order::Move {
            unit: self.unit(),
            to: to.place(),
            via_convoy: false,
            path: Vec::new(),
        }
    }
}

/// An order as read here: its unit, and the other unit and the destination it names.
#[derive(Clone, Copy, Debug)]
pub(super) enum Shape {
    Hold(At),
    Move(At, At),
    SupportHold(At, At),
    SupportMove(At, At, At),
    Convoy(At, At, At),
    Retreat(At, At),
    Disband(At),
    Build(At),
}

impl Shape {
    /// The order.
    #[inline(always)]
    pub(super) fn order(self) -> Order {
        match self {
            Shape::Hold(u) => u.hold(),
            Shape::Move(u, to) => u.move_to(to),
            Shape::SupportHold(u, s) => Order::SupportHold {
                unit: u.unit(),
                supported: s.other(),
            },
            Shape::SupportMove(u, s, to) => Order::SupportMove {
                unit: u.unit(),
                supported: s.other(),
                to: to.place(),
            },
            Shape::Convoy(u, a, to) => Order::Convoy {
                unit: u.unit(),
                army: a.other(),
                to: to.place(),
            },
            Shape::Retreat(u, to) => Order::Retreat {
                unit: u.unit(),
                to: to.place(),
            },
            Shape::Disband(u) => Order::Disband { unit: u.unit() },
            Shape::Build(u) => Order::Build { unit: u.unit() },
        }
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

    fn sym(&self, i: usize, c: u8) -> bool {
        self.toks.get(i).is_some_and(|t| t.sym == c)
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

    /// The unit at `i`: `A par`, `par`.
    fn unit(&self, i: usize) -> Option<At> {
        let kind = self.toks.get(i).and_then(|t| kind_word(t.kw));
        let j = if kind.is_some() { i + 1 } else { i };
        let at = self.place(j)?;
        Some(At { kind, ..at })
    }

    /// The unit named in a support or convoy at `i`, without a nationality (`Parser::with_other`
    /// reads a word naming a power otherwise).
    fn other(&self, i: usize) -> Option<At> {
        let t = self.toks.get(i)?;
        let power = match (t.sym, t.key) {
            (0, 0) => self.map.power_by_key(Name::of(self.word(t))?.key()),
            (0, key) => self.map.power_by_packed(key),
            _ => None,
        };
        if power.is_some() {
            return None;
        }
        self.unit(i)
    }

    /// The order, as `Parser::order` reads it from the first token.
    fn order(&self) -> Option<Shape> {
        if self.kw(0, BUILD) {
            if self.kw(1, DECLINE) || self.toks.len() < 2 {
                return None;
            }
            let unit = self.unit(1)?;
            self.end(unit.next())?;
            return Some(Shape::Build(unit));
        }
        if self.kw(0, DECLINE) {
            return None;
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
        if self.sym(j, b'-') {
            let to = self.place(j + 1)?;
            self.end(to.next())?;
            return Some(Shape::Move(unit, to));
        }
        if self.kw(j, SUPPORT) {
            let supported = self.other(j + 1)?;
            let k = supported.next();
            if k == self.toks.len() || (self.kw(k, HOLD) && k + 1 == self.toks.len()) {
                return Some(Shape::SupportHold(unit, supported));
            }
            return Some(Shape::SupportMove(unit, supported, self.destination(k)?));
        }
        if self.kw(j, CONVOY) {
            let army = self.other(j + 1)?;
            return Some(Shape::Convoy(unit, army, self.destination(army.next())?));
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

    /// `- place` at `k`, ending the line.
    fn destination(&self, k: usize) -> Option<At> {
        if !self.sym(k, b'-') {
            return None;
        }
        let to = self.place(k + 1)?;
        self.end(to.next())?;
        Some(to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shapes `simple` and `simple_line` read, and lines they leave to the tokens (the
    /// tests in `tests/it/fast_path.rs` check that every way gives the general parser's
    /// results).
    #[test]
    fn simple_lines_are_read_without_tokens() {
        let map = Map::standard();
        let simple = |line: &str| simple(&map, line.as_bytes(), 0);
        for line in [
            "A vie H",
            "a VIE hold\nA bud H",
            "A vie - gal\r\n",
            "Austria:",
            "F stp/sc H",
            "F stp/sc - bot",
        ] {
            assert!(simple(line).is_some(), "{line:?}");
            assert!(simple_line(&map, line).is_none(), "{line:?}");
        }
        for line in [
            "F nth S A bel",
            "A mar S A par - bur",
            "F eng C A lon - pic",
        ] {
            assert!(simple(line).is_none(), "{line:?}");
            assert!(simple_line(&map, line).is_some(), "{line:?}");
        }
        for line in [
            "F stp H",
            "F stp/xx H",
            "F stp/sc",
            "A vie  H",
            "A vie H ",
            "ENG: A lon H",
            "F nth S ENG A bel",
            "A vie - Mid-Atlantic Ocean",
            "F nth C A lon",
        ] {
            assert!(simple(line).is_none(), "{line:?}");
            assert!(simple_line(&map, line).is_none(), "{line:?}");
        }
    }
}
