//! The keywords of the order notations (`H`, `Holds`, `S`, `Supports`, `via`, `A`, `Fleet` ...)
//! as sets of bits, and the table they are looked up in: a perfect hash of the word packed into
//! one number, found at compile time.

use diplo_map::UnitKind;

/// A set of keywords, as bits: a word's sets are found once, when the line is read.
pub(super) type Kw = u32;
pub(super) const HOLD: Kw = 1 << 0;
pub(super) const MOVE: Kw = 1 << 1;
pub(super) const SUPPORT: Kw = 1 << 2;
pub(super) const CONVOY: Kw = 1 << 3;
pub(super) const RETREAT: Kw = 1 << 4;
pub(super) const DISBAND: Kw = 1 << 5;
pub(super) const BUILD: Kw = 1 << 6;
/// Converting a unit during adjustments (2025 Era of Empire): `Convert A mar`.
pub(super) const CONVERT: Kw = 1 << 7;
pub(super) const DECLINE: Kw = 1 << 8;
pub(super) const VIA: Kw = 1 << 9;
/// The word after `via` or `by`: `via convoy`, `by c`.
pub(super) const CONVOY_WORD: Kw = 1 << 10;
pub(super) const TO: Kw = 1 << 11;
/// A canal permission (Colonial's Suez Canal): `SC F med - red`.
pub(super) const PERMIT: Kw = 1 << 12;
const ARMY: Kw = 1 << 13;
const FLEET: Kw = 1 << 14;
/// `coast` after a coast's name: `Spain north coast`.
pub(super) const COAST: Kw = 1 << 15;

/// Every keyword but `sc`: words that end a run of unknown province words in an error message.
pub(super) const KEYWORDS: Kw = HOLD
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
pub(super) const fn packed(word: &[u8]) -> u64 {
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
pub(super) fn keywords_of_key(key: u64) -> Kw {
    let (k, kw) = KW_TABLE[kw_slot(key, KW_MULTIPLIER)];
    if k == key && key != 0 {
        kw
    } else {
        0
    }
}

pub(super) fn kind_word(kw: Kw) -> Option<UnitKind> {
    if kw & ARMY != 0 {
        Some(UnitKind::Army)
    } else if kw & FLEET != 0 {
        Some(UnitKind::Fleet)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The map crate refuses province names orders cannot use (`diplo_map::RESERVED_WORDS`):
    /// exactly this table's keywords longer than one letter (single letters stay allowed, see
    /// `crates/map/src/reserved.rs`). A keyword added here must be reserved there too.
    #[test]
    fn the_map_reserves_every_keyword_longer_than_a_letter() {
        let mut keywords: Vec<&str> = KEYWORD_LIST
            .iter()
            .map(|&(w, _)| w)
            .filter(|w| w.len() > 1)
            .collect();
        keywords.sort_unstable();
        let mut reserved = diplo_map::RESERVED_WORDS.to_vec();
        reserved.sort_unstable();
        assert_eq!(keywords, reserved);
    }
}
