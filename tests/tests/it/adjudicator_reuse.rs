//! A reused `Adjudicator` gives the same adjudication as the plain `adjudicate` function: every
//! DATC case under every embedded ruleset, one after the other through one context per ruleset
//! and map, so each phase starts with the buffers the phases before it left behind (each
//! adjudication given back with `Adjudicator::recycle`).

use std::collections::HashMap;

use diplo_datc::{all_cases, case_map, setup};
use diplo_engine::{adjudicate, Adjudicator};
use diplo_map::Map;
use diplo_rules::{Ruleset, EMBEDDED_RULESETS};

#[test]
fn reused_context_agrees_with_the_plain_function() {
    let standard = Map::standard();
    let cases = all_cases();
    let mut compared = 0;
    for (name, _) in EMBEDDED_RULESETS {
        let rules = Ruleset::load(name).unwrap_or_else(|e| panic!("{e}"));
        let mut contexts: HashMap<String, Adjudicator> = HashMap::new();
        // Twice over, so that every case also follows a larger or different phase.
        for case in cases.iter().chain(cases.iter().rev()) {
            let Ok(map) = case_map(case, &standard) else {
                continue;
            };
            let Ok((pos, orders)) = setup(map, case) else {
                continue;
            };
            let key = case.map.clone().unwrap_or_default();
            let context = contexts
                .entry(key)
                .or_insert_with(|| Adjudicator::new(map, &rules));
            let reused = context.adjudicate(&pos, &orders);
            let plain = adjudicate(map, &rules, &pos, &orders);
            assert_eq!(reused, plain, "{} under {name}", case.id);
            // Given back, so that the next phase writes its results over these.
            context.recycle(reused);
            compared += 1;
        }
    }
    assert!(compared > 1000, "only {compared} phases compared");
}
