//! The MILA `diplomacy` package's conventions (`rulesets/mila.toml`), each checked against the
//! choice it replaced; the expected outcomes are what MILA 1.1.2 gives for the same position.

use diplo_engine::adjudicate;
use diplo_map::Map;

use crate::droidippy::{pos, rules, units};

/// Russia must remove one of F bot and F fin, both one fleet move from St Petersburg. MILA
/// (`Game.process` on this position, Winter 1902) removes F BOT: equal fleets are taken in the
/// order of their unit keys ('F BOT' before 'F FIN'), not of full names (Finland first).
#[test]
fn civil_disorder_ties_break_by_abbreviation() {
    let map = Map::standard();
    let p = pos(
        &map,
        "Winter 1902 Adjustment",
        &[
            ("Russia", "F bot"),
            ("Russia", "F fin"),
            ("Russia", "A mos"),
        ],
        &[("Russia", "mos"), ("Russia", "stp")],
    );
    let d = adjudicate(&map, &rules("mila", ""), &p, &[]);
    assert_eq!(units(&map, &d.next), ["A mos", "F fin"]);
    let by_name = rules("mila", "civil_disorder=1971");
    let d = adjudicate(&map, &by_name, &p, &[]);
    assert_eq!(units(&map, &d.next), ["A mos", "F bot"]);
}
