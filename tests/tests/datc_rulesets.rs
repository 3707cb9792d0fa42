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
            "alexander"
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
