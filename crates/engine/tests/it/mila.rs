//! The MILA `diplomacy` package's conventions (`rulesets/mila.toml`), each checked against the
//! choice it replaced; the expected outcomes are what MILA 1.1.2 gives for the same position.

use crate::droidippy::russia_keeps_after_removal;

/// Russia must remove one of F bot and F fin, both one fleet move from St Petersburg. MILA
/// (`Game.process` on this position, Winter 1902) removes F BOT: equal fleets are taken in the
/// order of their unit keys ('F BOT' before 'F FIN'), not of full names (Finland first).
#[test]
fn civil_disorder_ties_break_by_abbreviation() {
    assert_eq!(russia_keeps_after_removal("mila", ""), ["A mos", "F fin"]);
    let by_name = russia_keeps_after_removal("mila", "civil_disorder=1971");
    assert_eq!(by_name, ["A mos", "F bot"]);
}
