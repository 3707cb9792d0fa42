//! Every embedded ruleset over every DATC case that states an outcome for it.
//!
//! A case's main expectation holds for a ruleset that makes the document's preferred choice on
//! every issue the case depends on; otherwise the first alternative (transcribed from the text)
//! whose choices the ruleset makes; otherwise the case is not run under that ruleset.

use diplo_datc::{all_cases, run_case_for, Verdict};
use diplo_map::Map;
use diplo_rules::{Ruleset, EMBEDDED_RULESETS};
use rstest::rstest;

#[rstest]
#[case("datc")]
#[case("1971")]
#[case("1982")]
#[case("2000")]
#[case("2023")]
#[case("2025ee")]
#[case("datc-2.4")]
#[case("dptg")]
#[case("alexander")]
#[case("droidippy")]
#[case("mila")]
#[case("webdiplomacy")]
fn every_stated_outcome_holds(#[case] name: &str) {
    let map = Map::standard();
    let rules = Ruleset::load(name).unwrap_or_else(|e| panic!("{e}"));
    let mut failures = Vec::new();
    let mut run = 0;
    for case in all_cases() {
        let Some(report) = run_case_for(&map, &rules, &case) else {
            continue;
        };
        run += 1;
        if report.is_failure() {
            let mut text = format!("{} {} ({:?})", report.id, report.title, report.verdict());
            for m in &report.mismatches {
                text.push_str(&format!(
                    "\n    {}: expected {}, actual {}",
                    m.what, m.expected, m.actual
                ));
            }
            if let Some(e) = &report.error {
                text.push_str(&format!("\n    error: {e}"));
            }
            failures.push(text);
        }
        if report.verdict() == Verdict::ExpectedFailure {
            eprintln!("{name}: {} is an expected failure", report.id);
        }
    }
    assert!(run >= 130, "{name}: only {run} cases have a stated outcome");
    assert!(
        failures.is_empty(),
        "{name}: {} cases fail:\n  {}",
        failures.len(),
        failures.join("\n  ")
    );
}

#[test]
fn the_test_list_names_every_embedded_ruleset() {
    let names: Vec<&str> = EMBEDDED_RULESETS.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        names,
        [
            "datc",
            "1971",
            "1982",
            "2000",
            "2023",
            "2025ee",
            "datc-2.4",
            "dptg",
            "droidippy",
            "alexander",
            "mila",
            "webdiplomacy"
        ]
    );
}

#[test]
fn every_case_is_consistent_with_the_vocabulary() {
    for case in all_cases() {
        case.validate().unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn alternatives_exist_for_the_paradox_cases() {
    // 6.F.22 (DATC 3.2): "the 1971 and 2000 rules ... do not give an answer".
    let cases = all_cases();
    let case = cases.iter().find(|c| c.id == "6.F.22").unwrap();
    let r1971 = Ruleset::load("1971").unwrap();
    let exp = case
        .expectation_for(&r1971)
        .expect("6.F.22 states an outcome under 1971");
    assert!(exp.unresolved);
}

/// Alternatives for choices no embedded profile makes, run under the DATC ruleset with the
/// alternative's choices set: the alternative (not the main expectation) applies and holds.
#[rstest]
#[case("6.D.35", &["wrong_unit_type=illegal"])]
#[case("6.F.30", &["convoyed_attack_origin=brannan"])]
#[case("6.F.30", &["convoyed_attack_origin=dptg"])]
#[case("6.G.13", &["convoyed_attack_origin=brannan"])]
#[case("6.G.3", &["convoy_to_adjacent=convoy-preferred"])]
#[case("6.G.3", &["convoy_to_adjacent=opposite-move"])]
#[case("6.G.4", &["convoy_to_adjacent=convoy-preferred"])]
#[case("6.G.4", &["convoy_to_adjacent=opposite-move"])]
#[case("6.D.28", &["illegal_orders=any-position"])]
#[case("6.D.29", &["illegal_orders=any-position"])]
#[case("6.D.30", &["illegal_orders=any-position"])]
#[case("6.D.32", &["illegal_orders=any-position"])]
fn alternatives_under_single_choices(#[case] id: &str, #[case] overrides: &[&str]) {
    let map = Map::standard();
    let mut rules = Ruleset::datc();
    for o in overrides {
        rules.apply_override(o).unwrap();
    }
    let cases = all_cases();
    let case = cases.iter().find(|c| c.id == id).unwrap();
    let exp = case
        .expectation_for(&rules)
        .unwrap_or_else(|| panic!("{id} states no outcome under {overrides:?}"));
    assert!(
        exp.alternative.is_some(),
        "{id}: the main expectation applies"
    );
    let report = run_case_for(&map, &rules, case).unwrap();
    assert!(
        !report.is_failure(),
        "{id} under {overrides:?}: {:?} {:?}",
        report.mismatches,
        report.error
    );
}

/// DATC 2.4 words the Szykman rule for the convoyed armies ("the moves of all involved
/// convoying armies fail"), DATC 3.2 for the convoying fleets. Where no convoyed army has a land
/// fallback (every 4.A.3 choice of DATC 2.4, so the `datc-2.4` profile), an army's path is its
/// convoy, so the two give the same moves, dislodgements and next position on every case.
#[rstest]
#[case("datc-2.4")]
#[case("datc")]
fn szykman_wordings_agree_without_a_land_fallback(#[case] name: &str) {
    let map = Map::standard();
    let fleets = Ruleset::load(name).unwrap();
    let mut armies = fleets.clone();
    armies.set("convoy_paradox", "szykman-armies").unwrap();
    for case in all_cases() {
        let run = diplo_datc::adjudicate_case(&map, &fleets, &case).unwrap();
        let (orders, a) = (run.orders, run.adjudication);
        let b = diplo_datc::adjudicate_case(&map, &armies, &case)
            .unwrap()
            .adjudication;
        let moves = |adj: &diplo_engine::Adjudication| -> Vec<String> {
            adj.results
                .iter()
                .filter(|r| matches!(orders[r.index].1, diplo_orders::Order::Move { .. }))
                .map(|r| format!("{} {:?}", r.resolution.word(), r.tag))
                .collect()
        };
        assert_eq!(moves(&a), moves(&b), "{}", case.id);
        let case_map = diplo_datc::case_map(&case, &map).unwrap();
        assert_eq!(
            a.next.to_toml(case_map),
            b.next.to_toml(case_map),
            "{}",
            case.id
        );
    }
}
