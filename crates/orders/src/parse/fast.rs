//! The fast path of [`super::parse_orders`]: a line of the common shapes, in the short notation
//! (`A par H`, `A par - bur`, `F lon S A wal - yor`, `F nth C A lon - nwy`, `F stp/sc - bot`,
//! `B A par`, `A par D`, `F tri R alb`, `England:`, `ENG: A par H`), is read straight from its
//! bytes, without the general tokenizer, its buffers or its error bookkeeping.
//!
//! The path reads only what it can read exactly as the general parser does: words of ASCII
//! letters and digits, `-`, `->`, `/`, `:`, `(`, `)` and spaces, on a map without railroads:
//! every notation diplo writes, short and full (`A Smyrna Supports Russian A Armenia - Ankara`,
//! `F Spain(nc) - Western Mediterranean`, `A lon - bel via convoy`, `Decline`), but convoy paths
//! (`A yor - nth - hol`). At anything else (another character, a convoy path, a comment, an
//! unknown coast, an error of any kind) it gives up and the line is read by the general parser,
//! which gives the same result for every line this path reads (checked in debug builds, where
//! every line this path reads is read by both).
//!
//! [`simple`] reads the three commonest shapes (a header, a hold, a move) here, in words of at
//! most eight bytes; the others are read by [`read_line`], in [`lexed`].

use diplo_map::{Map, PowerId, ProvinceId, UnitKind};

use super::keywords::{
    keywords_of_key, kind_word, BUILD, COAST, CONVERT, CONVOY, DECLINE, DISBAND, HOLD, MOVE,
    PERMIT, SUPPORT,
};
use crate::{Order, OtherUnit, Place, UnitRef, WrittenCoast};

mod lexed;

pub(super) use lexed::{read_line, Toks};

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

/// A line of the three commonest shapes, read by [`simple`].
#[derive(Clone, Copy, Debug)]
pub(super) enum Simple {
    /// `England:`.
    Header(PowerId),
    /// `A vie H`, `F stp/sc H`: the unit.
    Hold(At),
    /// `A vie - gal`, `F stp/sc - bot`: the unit and its destination.
    Move(At, At),
    /// `England: ` before an order on the same line: the power of that line's order, which
    /// starts where this ends ([`simple`] reads it next).
    Prefix(PowerId),
}

impl Simple {
    /// The order of a hold or a move line (`None` for a header).
    #[inline(always)]
    pub(super) fn order(self) -> Option<Order> {
        match self {
            Simple::Header(_) | Simple::Prefix(_) => None,
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
        self.read_prefixed(None, end)
    }

    /// [`Simple::read`] for a line that starts with a power's prefix (`power`), whose order's
    /// text (the prefix included, as the general parser gives it) ends at byte `end`.
    #[cfg(debug_assertions)]
    pub(super) fn read_prefixed(self, power: Option<PowerId>, end: usize) -> Read {
        let end = end as u32;
        match self {
            Simple::Header(power) | Simple::Prefix(power) => Read::Header(power),
            Simple::Hold(unit) => Read::Order(power, Shape::Hold(unit), 0, end),
            Simple::Move(unit, to) => Read::Order(power, Shape::Move(unit, to), 0, end),
        }
    }
}

/// Reads the line starting at byte `start` of `b`, if it is `England:`, `A vie H` or `A vie -
/// gal` (the unit's province may have a coast after a slash: `F stp/sc H`; `holds`, `->`),
/// each word of at most eight ASCII letters and digits, one space between tokens, nothing
/// after the last: what it holds, where its text ends and where the next line starts. A line
/// that starts `England: ` gives [`Simple::Prefix`], and where the order after it starts
/// (twice), for the caller to read it with `simple` again. `None` for any other
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
                Some(b':') if b.get(i + 1) == Some(&b' ') => {
                    let power = map.power_by_packed(first)?;
                    return Some((Simple::Prefix(power), i + 2, i + 2));
                }
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
    if b.get(j..j + 4) == Some(b" -> ") {
        let (to, k) = simple_destination(map, b, j + 4, unit.next + 1)?;
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
        // ` holds` (any case), as diplo's long notation writes it, known without a look-up.
        Some([b' ', h, o, l, d, s, after @ ..])
            if [h, o, l, d, s].map(|c| c | 0x20) == *b"holds"
                && after
                    .first()
                    .is_none_or(|&c| ALNUM_LOWER[usize::from(c)] == 0) =>
        {
            j + 6
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
pub(super) fn simple_line<'s>(map: &Map, text: &'s str) -> Option<(Read, &'s str)> {
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
        _ if ends && support => Shape::SupportHold(unit, other, None),
        Some(b" - ") => {
            let (to, k) = simple_destination(map, b, j + 3, 8)?;
            let shape = if support {
                Shape::SupportMove(unit, other, to, None)
            } else {
                Shape::Convoy(unit, other, to, None)
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

/// The word of one to eight ASCII letters and digits at byte `i`, packed as `lexed::lex` packs
/// it, and where it ends; `None` if there is no word there or it is longer.
// A byte at a time: eight bytes at once (each mapped by the table, the length found as the
// first zero byte) cost more instructions on the commonest words, of three letters.
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

    fn other(self, power: Option<PowerId>) -> OtherUnit {
        OtherUnit {
            power,
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

/// An order as read here: its unit, and the other unit and the destination it names (with the
/// other unit's nationality, if written: `Supports Russian A Armenia`).
#[derive(Clone, Copy, Debug)]
pub(super) enum Shape {
    Hold(At),
    Move(At, At),
    /// `A lon - bel via convoy`.
    MoveViaConvoy(At, At),
    SupportHold(At, At, Option<PowerId>),
    SupportMove(At, At, At, Option<PowerId>),
    Convoy(At, At, At, Option<PowerId>),
    Retreat(At, At),
    Disband(At),
    Build(At),
    /// `waive`, `Decline`, `Build waive`.
    Decline,
}

impl Shape {
    /// The order.
    #[inline(always)]
    pub(super) fn order(self) -> Order {
        match self {
            Shape::Hold(u) => u.hold(),
            Shape::Move(u, to) => u.move_to(to),
            Shape::MoveViaConvoy(u, to) => Order::Move {
                unit: u.unit(),
                to: to.place(),
                via_convoy: true,
                path: Vec::new(),
            },
            Shape::SupportHold(u, s, power) => Order::SupportHold {
                unit: u.unit(),
                supported: s.other(power),
            },
            Shape::SupportMove(u, s, to, power) => Order::SupportMove {
                unit: u.unit(),
                supported: s.other(power),
                to: to.place(),
            },
            Shape::Convoy(u, a, to, power) => Order::Convoy {
                unit: u.unit(),
                army: a.other(power),
                to: to.place(),
            },
            Shape::Retreat(u, to) => Order::Retreat {
                unit: u.unit(),
                to: to.place(),
            },
            Shape::Disband(u) => Order::Disband { unit: u.unit() },
            Shape::Build(u) => Order::Build { unit: u.unit() },
            Shape::Decline => Order::Decline,
        }
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
            "A vie -> gal",
            "A vie holds",
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
            "F nth S ENG A bel",
            "A vie - Mid-Atlantic Ocean",
            "F nth C A lon",
            "F spa(nc) H",
        ] {
            assert!(simple(line).is_none(), "{line:?}");
            assert!(simple_line(&map, line).is_none(), "{line:?}");
        }
        // A power's prefix, then the order after it.
        let line = "ENG: A lon holds";
        let Some((Simple::Prefix(_), after, _)) = simple(line) else {
            panic!("{line:?}: no prefix read");
        };
        assert_eq!(after, 5);
        assert!(matches!(
            super::simple(&map, line.as_bytes(), after),
            Some((Simple::Hold(_), 16, 16))
        ));
    }

    /// Every notation diplo writes (`OrderDisplay`, short and full, with and without a power's
    /// prefix) and documents (the crate's README, the examples) reads on the fast path, on a map
    /// without railroads; convoy paths (`A yor - nth - hol`) are left to the general parser.
    #[test]
    fn every_written_notation_is_read_on_the_fast_path() {
        let map = Map::standard();
        let mut toks = Toks::default();
        let orders = [
            "A par H",
            "A vie holds",
            "F stp/sc - bot",
            "A vie -> gal",
            "A lon - bel via convoy",
            "A lon - bel by convoy",
            "F lon S A yor",
            "F lon S A yor - wal",
            "F lon S A yor -> wal",
            "A smy S RUS A arm - ank",
            "F nth C A yor - hol",
            "F nth C ENG A yor - hol",
            "F tri R alb",
            "F nth D",
            "B A par",
            "B par",
            "waive",
            "A Venice Holds",
            "A Vienna - Galicia",
            "F North Sea - English Channel",
            "F Brest - Mid-Atlantic Ocean",
            "F North Sea Convoys A Yorkshire - Holland",
            "A Smyrna Supports Russian A Armenia - Ankara",
            "A Marseilles Supports A Paris - Burgundy",
            "A Budapest Supports A Vienna",
            "F Trieste Retreats to Albania",
            "Disband F North Sea",
            "Build A Paris",
            "Decline",
            "F Spain(nc) - Western Mediterranean",
            "F St Petersburg(sc) Holds",
            "F Mid-Atlantic Ocean - Spain(nc)",
            "F mao - spa(nc)",
            "A London - Belgium via convoy",
            "F Mid-Atlantic Ocean Supports F Western Mediterranean - Spain(nc)",
            "F North Atlantic Ocean Convoys A Clyde - Norwegian Sea",
        ];
        for order in orders {
            for line in [
                order.to_string(),
                format!("ENG: {order}"),
                format!("England: {order}"),
            ] {
                let whole = matches!(
                    simple(&map, line.as_bytes(), 0),
                    Some((Simple::Hold(_) | Simple::Move(..), ..))
                );
                let lexed = matches!(
                    read_line(&map, &line, &mut toks),
                    Some((Read::Order(..), _))
                );
                assert!(whole || lexed, "{line:?} is left to the general parser");
            }
        }
    }
}
