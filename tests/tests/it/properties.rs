//! Property tests of the adjudicator (issue 13): random positions on random small maps and on
//! every shipped map, with random orders (holds, moves, supports, convoys, illegal ones and
//! via-convoy moves), under every shipped ruleset. Each case checks:
//!
//! * no panic;
//! * at most one unit per province after the movement phase and after the retreat phase;
//! * every dislodged unit has a dislodger: a unit that moved into its province from where the
//!   dislodgement says;
//! * every unit that moved went along an army or fleet edge or (an army) along a path of fleets
//!   ordered to convoy it; no unit appears from nowhere;
//! * retreat options never include the attacker's origin (unless the ruleset's
//!   `retreat_after_convoy` allows it after a convoyed attack), a contested province or an
//!   occupied one; a retreat that succeeds goes to one of its options;
//! * with at most one order per unit, the results do not depend on the order in which the
//!   orders are listed;
//! * a position written (`Position::to_toml`) reads back (`Position::from_toml_str`) as an equal
//!   position, and a ruleset written as a ruleset file reads back as an equal ruleset.
//!
//! The checks return `Err` with a message rather than panicking.
//!
//! Modules: `inputs` (the shipped maps and rulesets, random small maps, random positions and
//! orders), `checks` (the properties above), `convoy_cases` (the oracle, a second resolver,
//! against the engine on random convoy positions) and `documents` (the oracle and the engine
//! against the DATC's, the DPTG's and the Alexander Rules' stated results).

mod checks;
mod convoy_cases;
mod documents;
mod inputs;

use diplo_map::EMBEDDED_MAPS;
use diplo_rules::{EMBEDDED_RULESETS, ISSUES};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use checks::*;
use inputs::*;

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

proptest! {
    // About 25 s for this file in the debug test profile on one core.
    #![proptest_config(ProptestConfig { cases: 16000, ..ProptestConfig::default() })]

    /// Random positions and orders on random small maps, under every shipped ruleset.
    #[test]
    fn random_maps_keep_every_property(m in gen_map(), c in case()) {
        let map = m.load();
        check_case(&map, &c).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    /// Random positions and orders on the shipped maps, under every shipped ruleset.
    #[test]
    fn shipped_maps_keep_every_property(i in 0..EMBEDDED_MAPS.len(), c in case()) {
        let map = &shipped_maps()[i];
        check_case(map, &c).map_err(|e| TestCaseError::fail(format!("map {}: {e}", map.name)))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A ruleset with any choice for each issue, written and read back, is the same ruleset.
    #[test]
    fn rulesets_round_trip(
        base in 0..EMBEDDED_RULESETS.len(),
        picks in vec(any::<u16>(), ISSUES.len()),
        name in "[a-z0-9][a-z0-9 _-]{0,11}",
        description in "[ -~]{0,30}",
    ) {
        let mut r = rulesets()[base].clone();
        for (i, pick) in ISSUES.iter().zip(&picks) {
            let choices = i.choices();
            let (c, _) = choices[*pick as usize % choices.len()];
            r.set(i.key, c).map_err(TestCaseError::fail)?;
        }
        r.name = name;
        r.description = description;
        check_ruleset_round_trip(&r).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn shipped_rulesets_round_trip() {
    for r in rulesets() {
        check_ruleset_round_trip(r).unwrap();
    }
}
