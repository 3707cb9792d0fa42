//! One test per DATC 3.2 chapter 6 case, run under the DATC ruleset.
//!
//! Each case's expectations are the document's, transcribed in `datc/6.X.toml`, with the case's
//! errata applied where the document's words contradict its own definitions (`[[case.erratum]]`,
//! see `datc/FORMAT.md`). A case marked `expected_failure` (a real engine disagreement; none at
//! present) passes this test only while the engine still disagrees in the way the mark explains.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use diplo_datc::{all_cases, run_case, Case, Verdict};
use diplo_map::Map;
use diplo_rules::Ruleset;
use rstest::rstest;

fn fixture() -> &'static (Map, Ruleset, Vec<Case>) {
    static F: OnceLock<(Map, Ruleset, Vec<Case>)> = OnceLock::new();
    F.get_or_init(|| (Map::standard(), Ruleset::datc(), all_cases()))
}

/// The ids listed below, in order.
const IDS: &[&str] = &[
    "6.A.1", "6.A.2", "6.A.3", "6.A.4", "6.A.5", "6.A.6", "6.A.7", "6.A.8", "6.A.9", "6.A.10",
    "6.A.11", "6.A.12", "6.B.1", "6.B.2", "6.B.3", "6.B.4", "6.B.5", "6.B.6", "6.B.7", "6.B.8",
    "6.B.9", "6.B.10", "6.B.11", "6.B.12", "6.B.13", "6.B.14", "6.B.15", "6.B.16", "6.B.17",
    "6.B.18", "6.B.19", "6.C.1", "6.C.2", "6.C.3", "6.C.4", "6.C.5", "6.C.6", "6.C.7", "6.C.8",
    "6.C.9", "6.D.1", "6.D.2", "6.D.3", "6.D.4", "6.D.5", "6.D.6", "6.D.7", "6.D.8", "6.D.9",
    "6.D.10", "6.D.11", "6.D.12", "6.D.13", "6.D.14", "6.D.15", "6.D.16", "6.D.17", "6.D.18",
    "6.D.19", "6.D.20", "6.D.21", "6.D.22", "6.D.23", "6.D.24", "6.D.25", "6.D.26", "6.D.27",
    "6.D.28", "6.D.29", "6.D.30", "6.D.31", "6.D.32", "6.D.33", "6.D.34", "6.D.35", "6.E.1",
    "6.E.2", "6.E.3", "6.E.4", "6.E.5", "6.E.6", "6.E.7", "6.E.8", "6.E.9", "6.E.10", "6.E.11",
    "6.E.12", "6.E.13", "6.E.14", "6.E.15", "6.F.1", "6.F.2", "6.F.3", "6.F.4", "6.F.5", "6.F.6",
    "6.F.7", "6.F.8", "6.F.9", "6.F.10", "6.F.11", "6.F.12", "6.F.13", "6.F.14", "6.F.15",
    "6.F.16", "6.F.17", "6.F.18", "6.F.19", "6.F.20", "6.F.21", "6.F.22", "6.F.23", "6.F.24",
    "6.F.25", "6.F.26", "6.F.27", "6.F.28", "6.F.29", "6.F.30", "6.G.1", "6.G.2", "6.G.3", "6.G.4",
    "6.G.5", "6.G.6", "6.G.7", "6.G.8", "6.G.9", "6.G.10", "6.G.11", "6.G.12", "6.G.13", "6.G.14",
    "6.G.15", "6.G.16", "6.G.17", "6.G.18", "6.G.19", "6.G.20", "6.H.1", "6.H.2", "6.H.3", "6.H.4",
    "6.H.5", "6.H.6", "6.H.7", "6.H.8", "6.H.9", "6.H.10", "6.H.11", "6.H.12", "6.H.13", "6.H.14",
    "6.H.15", "6.H.16", "6.H.17", "6.I.1", "6.I.2", "6.I.3", "6.I.4", "6.I.5", "6.I.6", "6.I.7",
    "6.J.1", "6.J.2", "6.J.3", "6.J.4", "6.J.5", "6.J.6", "6.J.7", "6.J.8", "6.J.9", "6.J.10",
    "6.J.11", "6.J.12",
];

#[rstest]
#[case::da_1("6.A.1")]
#[case::da_2("6.A.2")]
#[case::da_3("6.A.3")]
#[case::da_4("6.A.4")]
#[case::da_5("6.A.5")]
#[case::da_6("6.A.6")]
#[case::da_7("6.A.7")]
#[case::da_8("6.A.8")]
#[case::da_9("6.A.9")]
#[case::da_10("6.A.10")]
#[case::da_11("6.A.11")]
#[case::da_12("6.A.12")]
#[case::db_1("6.B.1")]
#[case::db_2("6.B.2")]
#[case::db_3("6.B.3")]
#[case::db_4("6.B.4")]
#[case::db_5("6.B.5")]
#[case::db_6("6.B.6")]
#[case::db_7("6.B.7")]
#[case::db_8("6.B.8")]
#[case::db_9("6.B.9")]
#[case::db_10("6.B.10")]
#[case::db_11("6.B.11")]
#[case::db_12("6.B.12")]
#[case::db_13("6.B.13")]
#[case::db_14("6.B.14")]
#[case::db_15("6.B.15")]
#[case::db_16("6.B.16")]
#[case::db_17("6.B.17")]
#[case::db_18("6.B.18")]
#[case::db_19("6.B.19")]
#[case::dc_1("6.C.1")]
#[case::dc_2("6.C.2")]
#[case::dc_3("6.C.3")]
#[case::dc_4("6.C.4")]
#[case::dc_5("6.C.5")]
#[case::dc_6("6.C.6")]
#[case::dc_7("6.C.7")]
#[case::dc_8("6.C.8")]
#[case::dc_9("6.C.9")]
#[case::dd_1("6.D.1")]
#[case::dd_2("6.D.2")]
#[case::dd_3("6.D.3")]
#[case::dd_4("6.D.4")]
#[case::dd_5("6.D.5")]
#[case::dd_6("6.D.6")]
#[case::dd_7("6.D.7")]
#[case::dd_8("6.D.8")]
#[case::dd_9("6.D.9")]
#[case::dd_10("6.D.10")]
#[case::dd_11("6.D.11")]
#[case::dd_12("6.D.12")]
#[case::dd_13("6.D.13")]
#[case::dd_14("6.D.14")]
#[case::dd_15("6.D.15")]
#[case::dd_16("6.D.16")]
#[case::dd_17("6.D.17")]
#[case::dd_18("6.D.18")]
#[case::dd_19("6.D.19")]
#[case::dd_20("6.D.20")]
#[case::dd_21("6.D.21")]
#[case::dd_22("6.D.22")]
#[case::dd_23("6.D.23")]
#[case::dd_24("6.D.24")]
#[case::dd_25("6.D.25")]
#[case::dd_26("6.D.26")]
#[case::dd_27("6.D.27")]
#[case::dd_28("6.D.28")]
#[case::dd_29("6.D.29")]
#[case::dd_30("6.D.30")]
#[case::dd_31("6.D.31")]
#[case::dd_32("6.D.32")]
#[case::dd_33("6.D.33")]
#[case::dd_34("6.D.34")]
#[case::dd_35("6.D.35")]
#[case::de_1("6.E.1")]
#[case::de_2("6.E.2")]
#[case::de_3("6.E.3")]
#[case::de_4("6.E.4")]
#[case::de_5("6.E.5")]
#[case::de_6("6.E.6")]
#[case::de_7("6.E.7")]
#[case::de_8("6.E.8")]
#[case::de_9("6.E.9")]
#[case::de_10("6.E.10")]
#[case::de_11("6.E.11")]
#[case::de_12("6.E.12")]
#[case::de_13("6.E.13")]
#[case::de_14("6.E.14")]
#[case::de_15("6.E.15")]
#[case::df_1("6.F.1")]
#[case::df_2("6.F.2")]
#[case::df_3("6.F.3")]
#[case::df_4("6.F.4")]
#[case::df_5("6.F.5")]
#[case::df_6("6.F.6")]
#[case::df_7("6.F.7")]
#[case::df_8("6.F.8")]
#[case::df_9("6.F.9")]
#[case::df_10("6.F.10")]
#[case::df_11("6.F.11")]
#[case::df_12("6.F.12")]
#[case::df_13("6.F.13")]
#[case::df_14("6.F.14")]
#[case::df_15("6.F.15")]
#[case::df_16("6.F.16")]
#[case::df_17("6.F.17")]
#[case::df_18("6.F.18")]
#[case::df_19("6.F.19")]
#[case::df_20("6.F.20")]
#[case::df_21("6.F.21")]
#[case::df_22("6.F.22")]
#[case::df_23("6.F.23")]
#[case::df_24("6.F.24")]
#[case::df_25("6.F.25")]
#[case::df_26("6.F.26")]
#[case::df_27("6.F.27")]
#[case::df_28("6.F.28")]
#[case::df_29("6.F.29")]
#[case::df_30("6.F.30")]
#[case::dg_1("6.G.1")]
#[case::dg_2("6.G.2")]
#[case::dg_3("6.G.3")]
#[case::dg_4("6.G.4")]
#[case::dg_5("6.G.5")]
#[case::dg_6("6.G.6")]
#[case::dg_7("6.G.7")]
#[case::dg_8("6.G.8")]
#[case::dg_9("6.G.9")]
#[case::dg_10("6.G.10")]
#[case::dg_11("6.G.11")]
#[case::dg_12("6.G.12")]
#[case::dg_13("6.G.13")]
#[case::dg_14("6.G.14")]
#[case::dg_15("6.G.15")]
#[case::dg_16("6.G.16")]
#[case::dg_17("6.G.17")]
#[case::dg_18("6.G.18")]
#[case::dg_19("6.G.19")]
#[case::dg_20("6.G.20")]
#[case::dh_1("6.H.1")]
#[case::dh_2("6.H.2")]
#[case::dh_3("6.H.3")]
#[case::dh_4("6.H.4")]
#[case::dh_5("6.H.5")]
#[case::dh_6("6.H.6")]
#[case::dh_7("6.H.7")]
#[case::dh_8("6.H.8")]
#[case::dh_9("6.H.9")]
#[case::dh_10("6.H.10")]
#[case::dh_11("6.H.11")]
#[case::dh_12("6.H.12")]
#[case::dh_13("6.H.13")]
#[case::dh_14("6.H.14")]
#[case::dh_15("6.H.15")]
#[case::dh_16("6.H.16")]
#[case::dh_17("6.H.17")]
#[case::di_1("6.I.1")]
#[case::di_2("6.I.2")]
#[case::di_3("6.I.3")]
#[case::di_4("6.I.4")]
#[case::di_5("6.I.5")]
#[case::di_6("6.I.6")]
#[case::di_7("6.I.7")]
#[case::dj_1("6.J.1")]
#[case::dj_2("6.J.2")]
#[case::dj_3("6.J.3")]
#[case::dj_4("6.J.4")]
#[case::dj_5("6.J.5")]
#[case::dj_6("6.J.6")]
#[case::dj_7("6.J.7")]
#[case::dj_8("6.J.8")]
#[case::dj_9("6.J.9")]
#[case::dj_10("6.J.10")]
#[case::dj_11("6.J.11")]
#[case::dj_12("6.J.12")]
fn datc_case(#[case] id: &str) {
    let (map, rules, cases) = fixture();
    let case = cases
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no case {id} in datc/"));
    let report = run_case(map, rules, case);
    let mut text = String::new();
    if let Some(e) = &report.error {
        text.push_str(&format!("  setup error: {e}\n"));
    }
    for m in &report.mismatches {
        text.push_str(&format!(
            "  {}\n    expected: {}\n    actual:   {}\n",
            m.what, m.expected, m.actual
        ));
    }
    match report.verdict() {
        Verdict::Passed => {}
        Verdict::ExpectedFailure => {
            eprintln!(
                "{id}: expected failure ({})\n{text}",
                case.expected_failure.as_deref().unwrap_or("")
            );
        }
        Verdict::UnexpectedPass => {
            panic!("{id} is marked expected_failure but now passes: remove the mark")
        }
        Verdict::Failed => panic!("{id} {}:\n{text}", case.title),
        Verdict::NoStatedOutcome => panic!("{id}: nothing was checked"),
    }
}

#[test]
fn every_case_in_the_data_has_a_test_and_no_more() {
    let (_, _, cases) = fixture();
    let data: Vec<&str> = cases
        .iter()
        .filter(|c| c.document == "3.2")
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(
        data, IDS,
        "the rstest list must name every case of datc/ in order"
    );
    let unique: BTreeSet<&str> = data.iter().copied().collect();
    assert_eq!(unique.len(), data.len(), "duplicate case ids");
}

#[test]
fn the_data_holds_every_case_of_datc_3_2_chapter_6() {
    // Counted in the document: 6.A 12, 6.B 19, 6.C 9, 6.D 35, 6.E 15, 6.F 30, 6.G 20, 6.H 17, 6.I 7, 6.J 12.
    let (_, _, cases) = fixture();
    let count = |s: &str| {
        cases
            .iter()
            .filter(|c| c.id.starts_with(&format!("{s}.")))
            .count()
    };
    let expected = [
        ("6.A", 12),
        ("6.B", 19),
        ("6.C", 9),
        ("6.D", 35),
        ("6.E", 15),
        ("6.F", 30),
        ("6.G", 20),
        ("6.H", 17),
        ("6.I", 7),
        ("6.J", 12),
    ];
    for (s, n) in expected {
        assert_eq!(count(s), n, "section {s}");
    }
    assert_eq!(cases.iter().filter(|c| c.document == "3.2").count(), 176);
}

#[test]
fn errata_only_where_the_ruling_upholds_them_and_no_expected_failures() {
    // Issue 9's ruling: the five cases whose words contradict the document's own definitions
    // carry errata; `expected_failure` is left for a real engine disagreement (none now).
    let (_, _, cases) = fixture();
    let with_errata: Vec<&str> = cases
        .iter()
        .filter(|c| !c.errata.is_empty())
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(
        with_errata,
        ["6.D.4", "6.D.8", "6.F.21", "6.F.28", "6.H.15"]
    );
    let marked: Vec<&str> = cases
        .iter()
        .filter(|c| c.expected_failure.is_some())
        .map(|c| c.id.as_str())
        .collect();
    assert!(marked.is_empty(), "expected failures: {marked:?}");
}
