//! `diplo datc`: runs the DATC test cases against the engine.

use std::process::ExitCode;

use clap::Args;
use diplo_datc::{all_cases, run_case, Verdict};

use crate::common::{load_ruleset, print, Format};

/// Arguments of `diplo datc`.
#[derive(Args, Debug)]
pub struct DatcArgs {
    /// The ruleset: an embedded name (`datc`) or a path.
    #[arg(long, default_value = "datc")]
    ruleset: String,
    /// Override one issue: `--set convoy_paradox=szykman` (repeatable).
    #[arg(long = "set", value_name = "ISSUE=CHOICE")]
    sets: Vec<String>,
    /// Run only these cases (`--case 6.F.19`, repeatable; a prefix like `6.F` runs a section).
    #[arg(long = "case", value_name = "ID")]
    cases: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Also list the cases that pass.
    #[arg(long, short)]
    verbose: bool,
}

/// Runs `diplo datc`.
pub fn run(args: DatcArgs) -> ExitCode {
    let rules = match load_ruleset(&args.ruleset, &args.sets) {
        Ok(r) => r,
        Err(c) => return c,
    };
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
    let reports: Vec<_> = cases.iter().map(|c| run_case(&map, &rules, c)).collect();
    let passed = reports
        .iter()
        .filter(|r| r.verdict() == Verdict::Passed)
        .count();
    let failed = reports.iter().filter(|r| r.is_failure()).count();
    let xfail = reports
        .iter()
        .filter(|r| r.verdict() == Verdict::ExpectedFailure)
        .count();
    match args.format {
        Format::Json => {
            let doc = serde_json::json!({
                "ruleset": rules.name,
                "passed": passed,
                "failed": failed,
                "expected_failures": xfail,
                "cases": reports.iter().map(|r| serde_json::json!({
                    "id": r.id,
                    "title": r.title,
                    "verdict": r.verdict(),
                    "mismatches": r.mismatches,
                    "error": r.error,
                    "expected_failure": r.expected_failure,
                })).collect::<Vec<_>>(),
            });
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&doc).expect("json")
            ));
        }
        Format::Text => {
            let mut out = format!(
                "DATC 3.2 chapter 6, {} cases, ruleset `{}`\n",
                reports.len(),
                rules.name
            );
            for r in &reports {
                let v = r.verdict();
                if v == Verdict::Passed && !args.verbose {
                    continue;
                }
                let label = match v {
                    Verdict::Passed => "ok",
                    Verdict::Failed => "FAILED",
                    Verdict::ExpectedFailure => "expected failure",
                    Verdict::UnexpectedPass => "UNEXPECTED PASS (remove its expected_failure mark)",
                };
                out.push_str(&format!("{} {}: {label}\n", r.id, r.title));
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
            if xfail > 0 {
                out.push_str(&format!(
                    "{xfail} expected failures: the document contradicts itself there (see each case's `expected_failure`)\n"
                ));
            }
            out.push_str(&format!("{passed} passed, {failed} failed\n"));
            print(&out);
        }
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
