//! The words of the order notations, which no province may be named: an order naming such a
//! province could not be read (`waive - bet` with a province `waive` reads as declining a
//! build), and a game on the map could not go through another engine's notation and back. The
//! order parser's keyword table (`diplo-orders`, `parse/keywords.rs`) must hold exactly these
//! words and the single letters; a test there keeps the two in step (the map crate does not
//! depend on the orders crate).
//!
//! Single letters (`a`, `b`, `h`, ...) stay allowed: small maps name provinces so, and the
//! parser reads them by the rest of the order in every position but one, an order without its
//! unit type starting with `b` or `d` (`b H` reads as a build).

/// Every keyword of the order notations longer than one letter, lower case: what a province's
/// name, full name or alias may not be (normalised: `Waive.` is `waive`).
pub const RESERVED_WORDS: [&str; 35] = [
    "hold", "holds", "stand", "stands", "move", "moves", "support", "supports", "convoy",
    "convoys", "retreat", "retreats", "disband", "disbands", "remove", "removes", "build",
    "builds", "convert", "converts", "waive", "waives", "waived", "decline", "declines",
    "declined", "via", "by", "to", "sc", "permit", "permits", "army", "fleet", "coast",
];

/// Why a province may not have the (normalised) name `k`, if it may not: a word of the order
/// notations, or no letter or digit at all (`-` reads as a move).
pub(crate) fn why_not_a_province_name(k: &str) -> Option<&'static str> {
    if RESERVED_WORDS.contains(&k) {
        Some("it is a word of the order notations, so an order could not name the province")
    } else if !k.chars().any(char::is_alphanumeric) {
        Some("a name needs a letter or a digit (`-` alone reads as a move in an order)")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_and_names_without_letters_are_refused() {
        for k in ["waive", "to", "sc", "coast", "-", "->", "?"] {
            assert!(why_not_a_province_name(k).is_some(), "{k}");
        }
        for k in [
            "bet",
            "mid-atlantic ocean",
            "to the north",
            "st petersburg",
            "p1",
        ] {
            assert_eq!(why_not_a_province_name(k), None, "{k}");
        }
    }
}
