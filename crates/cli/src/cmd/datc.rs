//! `diplo datc`: runs the DATC test cases against the engine.

use std::process::ExitCode;

use clap::Args;
use diplo_datc::{all_cases, run_case_for, CaseReport, Verdict};
use diplo_rules::{Ruleset, EMBEDDED_RULESETS};

use crate::common::{print, Format, RulesArgs};

/// Arguments of `diplo datc`.
#[derive(Args, Debug)]
pub struct DatcArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Run only these cases (`--case 6.F.19`, repeatable; a prefix like `6.F` runs a section).
    #[arg(long = "case", value_name = "ID")]
    cases: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Also list the cases that pass.
    #[arg(long, short)]
    verbose: bool,
    /// Run every embedded ruleset: one summary line each, then the total.
    #[arg(long, conflicts_with_all = ["ruleset", "sets"])]
    all_rulesets: bool,
}

/// Runs `diplo datc`.
pub fn run(args: DatcArgs) -> ExitCode {
    let map = diplo_map::Map::standard();
    let cases: Vec<_> = all_cases()
        .into_iter()
        .filter(|c| {
            args.cases.is_empty()
                || args.cases.iter().any(|w| {
                    c.id.eq_ignore_ascii_case(w)
                        || c.id
                            .to_lowercase()
                            .starts_with(&format!("{}.", w.to_lowercase()))
                })
        })
        .collect();
    if cases.is_empty() {
        eprintln!("error: no DATC case matches {}", args.cases.join(", "));
        return ExitCode::FAILURE;
    }
    let rulesets: Vec<Ruleset> = if args.all_rulesets {
        let mut v = Vec::new();
        for (name, _) in EMBEDDED_RULESETS {
            match Ruleset::load(name) {
                Ok(r) => v.push(r),
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        v
    } else {
        match args.rules.load() {
            Ok(r) => vec![r],
            Err(c) => return c,
        }
    };
    let mut runs: Vec<(String, Vec<CaseReport>, usize)> = Vec::new();
    for rules in &rulesets {
        let mut reports = Vec::new();
        let mut not_stated = 0;
        for c in &cases {
            match run_case_for(&map, rules, c) {
                Some(r) => reports.push(r),
                None => not_stated += 1,
            }
        }
        runs.push((rules.name.clone(), reports, not_stated));
    }
    let count =
        |reports: &[CaseReport], v: Verdict| reports.iter().filter(|r| r.verdict() == v).count();
    let total_passed: usize = runs.iter().map(|(_, r, _)| count(r, Verdict::Passed)).sum();
    let total_failed: usize = runs
        .iter()
        .map(|(_, r, _)| r.iter().filter(|x| x.is_failure()).count())
        .sum();
    match args.format {
        Format::Json => {
            let doc = serde_json::json!({
                "passed": total_passed,
                "failed": total_failed,
                "rulesets": runs.iter().map(|(name, reports, not_stated)| serde_json::json!({
                    "ruleset": name,
                    "passed": count(reports, Verdict::Passed),
                    "failed": reports.iter().filter(|r| r.is_failure()).count(),
                    "expected_failures": count(reports, Verdict::ExpectedFailure),
                    "no_stated_outcome": not_stated,
                    "cases": reports.iter().map(|r| serde_json::json!({
                        "id": r.id,
                        "title": r.title,
                        "verdict": r.verdict(),
                        "mismatches": r.mismatches,
                        "error": r.error,
                        "expected_failure": r.expected_failure,
                    })).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
            });
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&doc).expect("json")
            ));
        }
        Format::Text => {
            let mut out = String::new();
            for (name, reports, not_stated) in &runs {
                if !args.all_rulesets {
                    out.push_str(&format!("DATC cases under ruleset `{name}`: {} with a stated outcome, {not_stated} without (not run)\n", reports.len()));
                }
                for r in reports {
                    let v = r.verdict();
                    let show = match v {
                        Verdict::Passed => args.verbose,
                        Verdict::ExpectedFailure => !args.all_rulesets || args.verbose,
                        _ => true,
                    };
                    if !show {
                        continue;
                    }
                    let label = match v {
                        Verdict::Passed => "ok",
                        Verdict::Failed => "FAILED",
                        Verdict::ExpectedFailure => "expected failure",
                        Verdict::UnexpectedPass => {
                            "UNEXPECTED PASS (remove its expected_failure mark)"
                        }
                    };
                    out.push_str(&format!("{} {} [{name}]: {label}\n", r.id, r.title));
                    if let Some(e) = &r.error {
                        out.push_str(&format!("  error: {e}\n"));
                    }
                    for m in &r.mismatches {
                        out.push_str(&format!(
                            "  {}\n    expected: {}\n    actual:   {}\n",
                            m.what, m.expected, m.actual
                        ));
                    }
                    if let (Verdict::ExpectedFailure, Some(why)) = (v, &r.expected_failure) {
                        out.push_str(&format!("  why: {why}\n"));
                    }
                }
                let xfail = count(reports, Verdict::ExpectedFailure);
                if args.all_rulesets {
                    out.push_str(&format!(
                        "{name:<10} {} passed, {} failed, {xfail} expected failures, {not_stated} without a stated outcome\n",
                        count(reports, Verdict::Passed),
                        reports.iter().filter(|r| r.is_failure()).count()
                    ));
                } else if xfail > 0 {
                    out.push_str(&format!("{xfail} expected failures: the document contradicts itself there (see each case's `expected_failure`)\n"));
                }
            }
            out.push_str(&format!("{total_passed} passed, {total_failed} failed\n"));
            print(&out);
        }
    }
    if total_failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
