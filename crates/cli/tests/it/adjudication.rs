//! `diplo datc`, `diplo adjudicate`, `diplo compare`, `diplo paradox` and rulesets: results as the DATC states them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::{diplo_in_root as diplo, stderr, stdout, temp_file};

#[test]
fn datc_all_rulesets_ends_with_the_total() {
    let out = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["datc", "--all-rulesets"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("in all: ") && last.ends_with(", 0 failed"),
        "{last}"
    );
    // Every shipped profile, so that a new one cannot be left out of the run unnoticed.
    assert!(diplo_rules::EMBEDDED_RULESETS.len() >= 12);
    for (name, _) in diplo_rules::EMBEDDED_RULESETS {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{name} "))),
            "no summary line for {name}"
        );
    }
}

#[test]
fn datc_counts_chapter_6_with_its_errata_and_explains_them() {
    let o = diplo(&["datc"]);
    assert!(o.status.success(), "{}", stdout(&o));
    let text = stdout(&o);
    assert!(
        text.contains("\nDATC 3.2 chapter 6: 176 passed (5 with errata), 0 failed\n"),
        "{text}"
    );
    assert!(
        text.lines().last().unwrap().ends_with(", 0 failed"),
        "{text}"
    );
    let o = diplo(&["datc", "--case", "6.D.4"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(
        text.contains("the document writes: given")
            && text.contains("corrected to:        cut")
            && text.contains("why: ")
            && text.contains("3.2 6.D.5"),
        "{text}"
    );
    let o = diplo(&["datc", "--case", "6.F.28", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let case = &doc["rulesets"][0]["cases"][0];
    assert_eq!(case["verdict"], "passed");
    assert_eq!(case["errata"].as_array().unwrap().len(), 2);
    assert_eq!(case["errata"][0]["corrected"], "disrupted, destroyed");
    assert_eq!(doc["passed_with_errata"], 1);
}

#[test]
fn datc_counts_a_case_without_a_stated_outcome_apart_from_the_passed() {
    // 7.D.2 states no outcome ("judge this whatever you like"): nothing is checked, so it is
    // counted on a line of its own, never among the passed; the closing line keeps its shape.
    let o = diplo(&["datc"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(
        text.contains("\nDATC 2.4 chapters 7-12 (variants): 85 passed, 0 failed\n"),
        "{text}"
    );
    assert!(
        text.contains("\n1 without a stated outcome (not counted as passed): 7.D.2\n"),
        "{text}"
    );
    assert_eq!(
        text.lines().last().unwrap(),
        "in all: 273 passed (5 with errata), 0 failed"
    );
    let o = diplo(&["datc", "--case", "7.D.2"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(text.contains("7.D.2 Kruijswijk's paradox [preferred]: no stated outcome"));
    assert!(
        text.ends_with(
            "0 passed, 0 failed\n1 without a stated outcome (not counted as passed): 7.D.2\n"
        ),
        "{text}"
    );
    let o = diplo(&["datc", "--case", "7.D", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let run = &doc["rulesets"][0];
    assert_eq!(run["passed"], 1);
    assert_eq!(run["no_stated_outcome"], 1);
    assert_eq!(run["not_checked"], serde_json::json!(["7.D.2"]));
    assert_eq!(run["cases"][1]["verdict"], "no-stated-outcome");
    // Under a named ruleset it is run, but not among the cases with a stated outcome.
    let o = diplo(&["datc", "--case", "7.D", "--ruleset", "1982"]);
    let text = stdout(&o);
    assert!(
        text.starts_with("DATC cases under ruleset `1982`: 1 with a stated outcome, 0 without (not run), 1 without any (run, nothing checked)\n"),
        "{text}"
    );
    // `diplo compare` plays a variant case on its own map and marks nothing the text leaves
    // unstated.
    let o = diplo(&["compare", "--case", "7.D.2", "--rulesets", "datc-2.4,1982"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(
        text.contains("Russia: A Vladivostok - TSR - Moscow"),
        "{text}"
    );
    assert!(!text.contains("available!"), "{text}");
}

#[test]
fn compare_shows_unresolved_under_1971_and_2000() {
    let out = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args([
            "compare",
            "--case",
            "6.F.22",
            "--rulesets",
            "1971,1982,2000,datc",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let orders = doc["orders"].as_array().unwrap();
    let convoy = orders
        .iter()
        .find(|o| o["order"] == "F English Channel Convoys A Brest - London")
        .unwrap();
    assert_eq!(convoy["results"]["1971"], "unresolved");
    assert_eq!(convoy["results"]["2000"], "unresolved");
    assert_eq!(convoy["results"]["1982"], "disrupted, dislodged");
    assert_eq!(convoy["results"]["datc"], "disrupted, dislodged");
}

#[test]
fn house_rule_file_extending_2023_works_with_adjudicate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .current_dir(&root)
        .args([
            "adjudicate",
            "--ruleset",
            "examples/rulesets/house.toml",
            "--orders",
            "examples/orders/spring-1901.txt",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("ruleset house"), "{text}");
    let show = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .current_dir(&root)
        .args(["rulesets", "diff", "2023", "examples/rulesets/house.toml"])
        .output()
        .unwrap();
    let diff = String::from_utf8_lossy(&show.stdout);
    assert!(
        diff.contains("2 issues differ")
            && diff.contains("convoy_paradox")
            && diff.contains("wrong_coast"),
        "{diff}"
    );
}

#[test]
fn rulesets_list_and_bad_override() {
    let out = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["rulesets", "list"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && !text.contains("invalid"), "{text}");
    let out = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["datc", "--set", "convoy_paradox=maybe"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("\"szykman\"") && err.contains("\"1982\""),
        "{err}"
    );
}

/// DATC 6.F.22's position and orders (a paradox the 1971 and 2000 rules do not answer).
fn paradox_6f22() -> (PathBuf, PathBuf) {
    // Tests run in parallel: each call writes its own pair of files.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let pos = temp_file(
        &format!("6f22-{n}.toml"),
        "phase = \"Spring 1901 Movement\"\n[units]\nEngland = [\"F edi\", \"F lon\"]\n\
         France = [\"A bre\", \"F eng\"]\nGermany = [\"F bel\", \"F pic\"]\n\
         Russia = [\"A nwy\", \"F nth\"]\n",
    );
    let orders = temp_file(
        &format!("6f22-{n}.txt"),
        "England: F Edinburgh - North Sea\nEngland: F London Supports F Edinburgh - North Sea\n\
         France: A Brest - London\nFrance: F English Channel Convoys A Brest - London\n\
         Germany: F Belgium Supports F Picardy - English Channel\n\
         Germany: F Picardy - English Channel\nRussia: A Norway - Belgium\n\
         Russia: F North Sea Convoys A Norway - Belgium\n",
    );
    (pos, orders)
}

/// `diplo adjudicate` on 6.F.22's position under `ruleset`, with `extra` arguments.
fn adjudicate_6f22(ruleset: &str, extra: &[&str]) -> Output {
    let (pos, orders) = paradox_6f22();
    let mut args = vec![
        "adjudicate",
        "--ruleset",
        ruleset,
        "--position",
        pos.to_str().unwrap(),
        "--orders",
        orders.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let args: Vec<String> = args.into_iter().map(String::from).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    diplo(&args)
}

#[test]
fn adjudicate_unresolved_gives_no_next_position_but_each_fallbacks() {
    let o = adjudicate_6f22("1971", &[]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}{}", stderr(&o));
    assert!(
        text.contains("France: A Brest - London -> fails (F London held (1 against 1)"),
        "{text}"
    );
    assert!(!text.contains("its own power's"), "{text}");
    assert!(
        text.contains("F London Supports F Edinburgh - North Sea -> unresolved (part of the convoy paradox of F Edinburgh - North Sea; F London Supports")
            && text.contains("convoy_paradox = \"1971\" gives no answer, paradox_fallback = \"none\""),
        "{text}"
    );
    assert!(
        text.contains("Next: none until a paradox fallback is chosen"),
        "{text}"
    );
    let before = text.split("\nWith --set").next().unwrap();
    assert!(
        !before.contains("phase = "),
        "a next position was printed: {text}"
    );
    let szykman = text
        .split("With --set paradox_fallback=szykman")
        .nth(1)
        .expect("the szykman fallback");
    assert!(szykman.contains("Next: Spring 1901 Retreat"), "{text}");
    assert!(
        text.contains("With --set paradox_fallback=all-hold"),
        "{text}"
    );

    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("6f22-next.toml");
    let _ = std::fs::remove_file(&out);
    let o = adjudicate_6f22("2000", &["--out", out.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no next position"), "{}", stderr(&o));
    assert!(!out.exists());

    let o = adjudicate_6f22("1971", &["--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(doc["next"].is_null());
    let fallbacks = doc["fallbacks"].as_array().unwrap();
    assert_eq!(fallbacks.len(), 2);
    assert_eq!(fallbacks[0]["paradox_fallback"], "szykman");
    assert_eq!(fallbacks[0]["next"]["phase"], "Spring 1901 Retreat");
    let reason = doc["results"][1]["reason"].as_str().unwrap();
    assert!(
        reason.contains("F North Sea Convoys A Norway - Belgium"),
        "{reason}"
    );
}

#[test]
fn compare_says_when_the_result_is_the_same_everywhere() {
    let o = diplo(&["compare", "--case", "6.B.13", "--rulesets", "all"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(text.contains("Same result under every ruleset"), "{text}");
    assert!(
        text.contains("  Turkey: F Bulgaria(sc) - Constantinople -> fails\n"),
        "{text}"
    );
    assert!(
        !text.contains("differs") && !text.contains("issue=") && !text.contains('*'),
        "{text}"
    );
}

/// DATC 3.2 6.J.12: the 2023 rules (datc, 2023) remove A Tuscany; "under older rulebooks the
/// army in Tuscany was kept" (1971, 2000 remove A Warsaw, as the case's alternatives transcribe).
#[test]
fn compare_shows_civil_disorder_removals_that_differ() {
    let o = diplo(&["compare", "--case", "6.J.12", "--rulesets", "all"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(!text.contains("Same result under every ruleset"), "{text}");
    let row = |unit: &str| -> Vec<String> {
        let label = format!("Italy: (automatic) {unit} ");
        let line = text
            .lines()
            .find(|l| l.starts_with(&label))
            .unwrap_or_default();
        line[label.len()..]
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    let header: Vec<&str> = text
        .lines()
        .find(|l| l.starts_with("order "))
        .unwrap()
        .split_whitespace()
        .skip(1)
        .collect();
    let cell = |unit: &str, ruleset: &str| {
        let j = header.iter().position(|h| *h == ruleset).unwrap();
        row(unit)[j].trim_end_matches('*').to_string()
    };
    for r in ["datc", "2023"] {
        assert_eq!(cell("A Tuscany", r), "removed", "{r}: {text}");
        assert_eq!(cell("A Warsaw", r), "kept", "{r}: {text}");
    }
    for r in ["1971", "2000"] {
        assert_eq!(cell("A Tuscany", r), "kept", "{r}: {text}");
        assert_eq!(cell("A Warsaw", r), "removed", "{r}: {text}");
    }
    assert!(
        text.contains("  2000: civil_disorder (2000 here, 2023 in datc)\n"),
        "{text}"
    );
    assert!(
        text.contains("The DATC text agrees wherever it states a result"),
        "{text}"
    );
}

#[test]
fn compare_names_the_issue_the_switch_test_finds_per_cell() {
    const F19: [&str; 5] = [
        "compare",
        "--case",
        "6.F.19",
        "--rulesets",
        "1971,1982,2000,datc",
    ];
    let o = diplo(&[&F19[..], &["--format", "json"]].concat());
    assert!(o.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["base"], "datc");
    let support = doc["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["order"] == "F Naples Supports F Rome - Tyrrhenian Sea")
        .unwrap();
    let cell = |r: &str| &support["cells"][r];
    assert_eq!(cell("1982")["result"], "given");
    assert_eq!(cell("1982")["issues"][0]["issue"], "convoy_paradox");
    assert_eq!(cell("1982")["issues"].as_array().unwrap().len(), 1);
    // Under 1971 neither choice alone gives datc's result: the two together do.
    let pair = &cell("1971")["issue_pairs"][0];
    let keys: Vec<&str> = pair
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["issue"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["multi_route_disruption", "convoy_paradox"]);
    assert_eq!(cell("2000")["differs_from_base"], false);
    assert!(cell("2000")["issues"].is_null());
    assert_eq!(cell("1982")["datc_text_states"], "given");
    assert_eq!(cell("1982")["agrees_with_datc_text"], true);
    assert!(!cell("datc")["reason"].as_str().unwrap().is_empty());

    let o = diplo(&F19);
    let text = stdout(&o);
    assert!(
        text.contains("  1982: convoy_paradox (1982 here, szykman in datc)\n"),
        "{text}"
    );
    assert!(text.contains("  the DATC text states"), "{text}");
    assert!(text.contains("given*"), "{text}");
    assert!(!text.contains("Choices on the issues"), "{text}");
}

#[test]
fn compare_shows_orders_once_normalised_and_explains_unresolved() {
    let orders = temp_file(
        "compare-short.txt",
        "TUR: A smy - arm\nENG: F edi - nth\nRUS: F sev - arm\n",
    );
    let o = diplo(&[
        "compare",
        "--orders",
        orders.to_str().unwrap(),
        "--rulesets",
        "1971,datc",
    ]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}{}", stderr(&o));
    assert!(
        text.contains("Turkey: A Smyrna - Armenia -> fails"),
        "{text}"
    );
    assert!(
        !text.contains("TUR:") && !text.contains("Turkey: Turkey"),
        "{text}"
    );

    let (pos, orders) = paradox_6f22();
    let o = diplo(&[
        "compare",
        "--position",
        pos.to_str().unwrap(),
        "--orders",
        orders.to_str().unwrap(),
        "--rulesets",
        "2000,datc",
        "--verbose",
    ]);
    let text = stdout(&o);
    assert!(text.contains("unresolved*"), "{text}");
    assert!(
        text.contains("\nunresolved: the orders form a convoy paradox"),
        "{text}"
    );
    assert!(text.contains("Reasons:\n"), "{text}");
    assert!(
        text.contains("    2000: unresolved (part of the convoy paradox of"),
        "{text}"
    );
}
