//! DATC 2.4 chapters 7–12 (variants): one test per case, each run on its own map under the
//! rules the document prefers (`datc-2.4`), against the document's main expectation.

use std::sync::OnceLock;

use diplo_datc::{all_cases, run_case, Case, Verdict};
use diplo_map::Map;
use diplo_rules::Ruleset;
use rstest::rstest;

fn fixture() -> &'static (Map, Ruleset, Vec<Case>) {
    static F: OnceLock<(Map, Ruleset, Vec<Case>)> = OnceLock::new();
    F.get_or_init(|| {
        (
            Map::standard(),
            Ruleset::load("datc-2.4").expect("embedded"),
            all_cases(),
        )
    })
}

/// The variant case ids, in document order (10.G.2 is the second situation of 10.G).
const IDS: &[&str] = &[
    "7.A.1", "7.A.2", "7.A.3", "7.B.1", "7.B.2", "7.B.3", "7.B.4", "7.B.5", "7.B.6", "7.B.7",
    "7.B.8", "7.B.9", "7.B.10", "7.B.11", "7.B.12", "7.B.13", "7.B.14", "7.B.15", "7.B.16",
    "7.B.17", "7.B.18", "7.B.19", "7.B.20", "7.B.21", "7.B.22", "7.B.23", "7.B.24", "7.B.25",
    "7.B.26", "7.B.27", "7.B.28", "7.B.29", "7.B.30", "7.B.31", "7.B.32", "7.B.33", "7.B.34",
    "7.C.1", "7.C.2", "7.C.3", "7.C.4", "7.C.5", "7.C.6", "7.C.7", "7.C.8", "7.C.9", "7.C.10",
    "7.C.11", "7.C.12", "7.C.13", "7.C.14", "7.D.1", "7.D.2", "8.A", "8.B", "8.C", "8.D", "8.E",
    "9.A", "9.B", "9.C", "9.D", "9.E", "9.F", "9.G", "10.A", "10.B", "10.C", "10.D", "10.E",
    "10.F", "10.G", "10.G.2", "10.H", "10.I", "10.J", "10.K", "10.L", "10.M", "10.N", "10.O",
    "11.A", "12.A", "12.B", "12.C", "12.D",
];

#[test]
fn every_variant_case_in_the_data_has_a_test_and_no_more() {
    let (_, _, cases) = fixture();
    let data: Vec<&str> = cases
        .iter()
        .filter(|c| c.map.is_some())
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(data, IDS);
    // 85 document cases: 7: 53, 8: 5, 9: 7, 10: 15, 11: 1, 12: 4 (10.G.2 is part of 10.G).
    assert_eq!(IDS.iter().filter(|id| **id != "10.G.2").count(), 85);
}

#[rstest]
#[case("7.A.1")]
#[case("7.A.2")]
#[case("7.A.3")]
#[case("7.B.1")]
#[case("7.B.2")]
#[case("7.B.3")]
#[case("7.B.4")]
#[case("7.B.5")]
#[case("7.B.6")]
#[case("7.B.7")]
#[case("7.B.8")]
#[case("7.B.9")]
#[case("7.B.10")]
#[case("7.B.11")]
#[case("7.B.12")]
#[case("7.B.13")]
#[case("7.B.14")]
#[case("7.B.15")]
#[case("7.B.16")]
#[case("7.B.17")]
#[case("7.B.18")]
#[case("7.B.19")]
#[case("7.B.20")]
#[case("7.B.21")]
#[case("7.B.22")]
#[case("7.B.23")]
#[case("7.B.24")]
#[case("7.B.25")]
#[case("7.B.26")]
#[case("7.B.27")]
#[case("7.B.28")]
#[case("7.B.29")]
#[case("7.B.30")]
#[case("7.B.31")]
#[case("7.B.32")]
#[case("7.B.33")]
#[case("7.B.34")]
#[case("7.C.1")]
#[case("7.C.2")]
#[case("7.C.3")]
#[case("7.C.4")]
#[case("7.C.5")]
#[case("7.C.6")]
#[case("7.C.7")]
#[case("7.C.8")]
#[case("7.C.9")]
#[case("7.C.10")]
#[case("7.C.11")]
#[case("7.C.12")]
#[case("7.C.13")]
#[case("7.C.14")]
#[case("7.D.1")]
#[case("8.A")]
#[case("8.B")]
#[case("8.C")]
#[case("8.D")]
#[case("8.E")]
#[case("9.A")]
#[case("9.B")]
#[case("9.C")]
#[case("9.D")]
#[case("9.E")]
#[case("9.F")]
#[case("9.G")]
#[case("10.A")]
#[case("10.B")]
#[case("10.C")]
#[case("10.D")]
#[case("10.E")]
#[case("10.F")]
#[case("10.G")]
#[case("10.G.2")]
#[case("10.H")]
#[case("10.I")]
#[case("10.J")]
#[case("10.K")]
#[case("10.L")]
#[case("10.M")]
#[case("10.N")]
#[case("10.O")]
#[case("11.A")]
#[case("12.A")]
#[case("12.B")]
#[case("12.C")]
#[case("12.D")]
fn variant_case(#[case] id: &str) {
    let (map, rules, cases) = fixture();
    let case = cases.iter().find(|c| c.id == id).expect("case in the data");
    let report = run_case(map, rules, case);
    assert_eq!(report.verdict(), Verdict::Passed, "{report:#?}");
}

/// 7.D.2 (Kruijswijk's paradox) states no outcome ("Well, judge this whatever you like."):
/// under every embedded ruleset it is set up and adjudicated without error, its Russian order
/// is the railroad move the case means (legal, so the paradox arises), and nothing is checked,
/// so it is never counted as passed.
#[test]
fn kruijswijk_paradox_has_no_stated_outcome_and_is_never_a_pass() {
    let (map, _, cases) = fixture();
    let case = cases.iter().find(|c| c.id == "7.D.2").expect("7.D.2");
    let railroad = case
        .orders
        .iter()
        .position(|o| o.power == "Russia" && o.order == "A Vladivostok - TSR - Moscow")
        .expect("the railroad move");
    assert_eq!(
        case.orders[railroad].written.as_deref(),
        Some("A Vladivostok - Moscow")
    );
    for (name, _) in diplo_rules::EMBEDDED_RULESETS {
        let rules = Ruleset::load(name).expect("embedded");
        let report = diplo_datc::run_case_for(map, &rules, case).expect("run");
        assert_eq!(report.checked, 0, "{name}: {report:#?}");
        assert_eq!(report.verdict(), Verdict::NoStatedOutcome, "{name}");
        assert!(!report.is_failure(), "{name}");
        let run = diplo_datc::adjudicate_case(map, &rules, case).expect("adjudicated");
        let words = run.adjudication.results[railroad].words();
        assert_ne!(words, "illegal", "{name}: the railroad move is refused");
    }
    // Every other variant case checks something.
    let rules = Ruleset::load("datc-2.4").expect("embedded");
    for c in cases.iter().filter(|c| c.map.is_some() && c.id != "7.D.2") {
        assert!(run_case(map, &rules, c).checked > 0, "{}", c.id);
    }
}

/// 10.F prefers "a symmetric cut of supports ... both supports are cut or both supports are not
/// cut": the case checks that the two supports have the same result, and a case whose listed
/// orders differ fails.
#[test]
fn support_paradox_checks_the_symmetric_cut() {
    let (map, _, cases) = fixture();
    let rules = Ruleset::load("datc-2.4").expect("embedded");
    let case = cases.iter().find(|c| c.id == "10.F").expect("10.F");
    let orders: Vec<&str> = case.same_result.iter().map(|r| r.order.as_str()).collect();
    assert_eq!(
        orders,
        [
            "A North Africa Supports A Sicily - Tunis",
            "A Tunis Supports A Cordoba - North Africa"
        ]
    );
    let report = run_case(map, &rules, case);
    assert_eq!(report.verdict(), Verdict::Passed, "{report:#?}");
    // Two moves and the symmetric cut.
    assert_eq!(report.checked, 3, "{report:#?}");
    let run = diplo_datc::adjudicate_case(map, &rules, case).expect("adjudicated");
    let words: Vec<String> = [1, 3]
        .iter()
        .map(|&i| run.adjudication.results[i].words())
        .collect();
    assert_eq!(words[0], words[1]);
    // An asymmetric outcome is caught: here a failing move listed with a support.
    let mut asymmetric = case.clone();
    asymmetric.same_result[1].power = "Italy".into();
    asymmetric.same_result[1].order = "A Sicily - Tunis".into();
    let report = run_case(map, &rules, &asymmetric);
    assert_eq!(report.verdict(), Verdict::Failed);
    assert_eq!(report.mismatches.len(), 1, "{report:#?}");
    assert_eq!(report.mismatches[0].what, "same result");
    assert!(report.mismatches[0].actual.contains("fails"), "{report:#?}");
    // `same_result` naming an order the case does not have is bad data.
    let mut unknown = case.clone();
    unknown.same_result[1].order = "A Tunis Hold".into();
    assert!(unknown.validate().is_err());
}

/// 8.D: the retreat into the Arctic Ocean, closed by ice in the fall, fails, and its reason
/// names the ice (not a missing adjacency: the Arctic Ocean is next to the Norwegian Sea).
#[test]
fn retreat_into_ice_names_the_ice() {
    let (map, _, cases) = fixture();
    let rules = Ruleset::load("datc-2.4").expect("embedded");
    let case = cases.iter().find(|c| c.id == "8.D").expect("8.D");
    let report = run_case(map, &rules, case);
    assert_eq!(report.verdict(), Verdict::Passed, "{report:#?}");
    let run = diplo_datc::adjudicate_case(map, &rules, case).expect("adjudicated");
    let retreats = run.retreats.expect("a retreat phase");
    let loeb9 = diplo_datc::case_map(case, map).expect("loeb9");
    let r = &retreats.results[0];
    let why = r.reason_text(loeb9, &run.retreat_orders[r.index].1);
    assert_eq!(r.words(), "illegal");
    assert!(
        why.contains("Arctic Ocean is closed (ice) in fall"),
        "{why}"
    );
    assert!(!why.contains("not adjacent"), "{why}");
}
