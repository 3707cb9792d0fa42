//! `diplo datc`: runs the DATC test cases against the engine.

use std::process::ExitCode;

use clap::Args;
use diplo_datc::{all_cases, run_case_for, Case, CaseReport, Erratum, Verdict};
use diplo_rules::{Ruleset, EMBEDDED_RULESETS};

use crate::common::{print, Format, RulesArgs};

/// Arguments of `diplo datc`.
#[derive(Args, Debug)]
pub struct DatcArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Run only these cases (`--case 6.F.19`, repeatable; a prefix like `6.F` or `7` runs a
    /// section or chapter; `--section` is the same option).
    #[arg(long = "case", visible_alias = "section", value_name = "ID")]
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
    let cases = selected_cases(&args);
    if cases.is_empty() {
        errln!("error: no DATC case matches {}", args.cases.join(", "));
        return ExitCode::FAILURE;
    }
    let rulesets = match rulesets(&args) {
        Ok(r) => r,
        Err(c) => return c,
    };
    let preferred = match preferred_rulesets(&cases) {
        Ok(p) => p,
        Err(c) => return c,
    };
    let runs: Vec<Run> = rulesets
        .iter()
        .map(|rules| run_cases(&map, &args, rules.as_ref(), &cases, &preferred))
        .collect();
    let total_failed: usize = runs.iter().map(|r| r.tally(None).failed).sum();
    let show_reasoning = !args.cases.is_empty();
    match args.format {
        Format::Json => print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&json_report(&runs)).expect("json")
        )),
        Format::Text => {
            print(&text_report(&args, &runs, show_reasoning));
        }
    }
    if total_failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The cases `--case` selects (by id, or by a section or chapter prefix); all without it.
fn selected_cases(args: &DatcArgs) -> Vec<Case> {
    all_cases()
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
        .collect()
}

/// The rulesets to run under: every embedded one (`--all-rulesets`), the one given, or
/// `None`: each case under the rules its document prefers (`datc` for DATC 3.2, `datc-2.4`
/// for DATC 2.4), the document's main expectation.
fn rulesets(args: &DatcArgs) -> Result<Vec<Option<Ruleset>>, ExitCode> {
    if args.all_rulesets {
        let mut v = Vec::new();
        for (name, _) in EMBEDDED_RULESETS {
            match Ruleset::load(name) {
                Ok(r) => v.push(Some(r)),
                Err(e) => {
                    errln!("error: {e}");
                    return Err(ExitCode::FAILURE);
                }
            }
        }
        Ok(v)
    } else if args.rules.given() {
        Ok(vec![Some(args.rules.load()?)])
    } else {
        Ok(vec![None])
    }
}

/// The ruleset each case's document prefers, by name.
fn preferred_rulesets(
    cases: &[Case],
) -> Result<std::collections::BTreeMap<String, Ruleset>, ExitCode> {
    let mut preferred: std::collections::BTreeMap<String, Ruleset> = Default::default();
    for c in cases {
        if !preferred.contains_key(&c.preferences) {
            match Ruleset::load(&c.preferences) {
                Ok(r) => {
                    preferred.insert(c.preferences.clone(), r);
                }
                Err(e) => {
                    errln!("error: {e}");
                    return Err(ExitCode::FAILURE);
                }
            }
        }
    }
    Ok(preferred)
}

/// Every case under `rules` (`None`: its document's preferred rules).
fn run_cases<'a>(
    map: &diplo_map::Map,
    args: &DatcArgs,
    rules: Option<&Ruleset>,
    cases: &'a [Case],
    preferred: &std::collections::BTreeMap<String, Ruleset>,
) -> Run<'a> {
    let mut reports = Vec::new();
    let mut not_stated = Vec::new();
    for c in cases {
        let r = rules.unwrap_or_else(|| &preferred[&c.preferences]);
        match run_case_for(map, r, c) {
            Some(r) => reports.push((c, r)),
            None => not_stated.push(c),
        }
    }
    Run {
        ruleset: rules.map_or_else(
            || PREFERRED.to_string(),
            |r| diplo_game::ruleset_label(&r.name, &args.rules.sets),
        ),
        reports,
        not_stated,
    }
}

/// The JSON report: the totals, then each run with its documents' tallies and its cases.
fn json_report(runs: &[Run]) -> serde_json::Value {
    let total = |f: fn(&Tally) -> usize| runs.iter().map(|r| f(&r.tally(None))).sum::<usize>();
    serde_json::json!({
        "passed": total(|t| t.passed),
        "passed_with_errata": total(|t| t.with_errata),
        "failed": total(|t| t.failed),
        "rulesets": runs.iter().map(run_json).collect::<Vec<_>>(),
    })
}

/// One run in the JSON report.
fn run_json(run: &Run) -> serde_json::Value {
    let t = run.tally(None);
    serde_json::json!({
        "ruleset": run.ruleset,
        "passed": t.passed,
        "passed_with_errata": t.with_errata,
        "failed": t.failed,
        "expected_failures": t.expected_failures,
        "no_stated_outcome": t.not_stated + t.not_checked.len(),
        "not_checked": t.not_checked,
        "documents": run.documents().iter().map(|d| {
            let t = run.tally(Some(d));
            serde_json::json!({
                "document": d.split_whitespace().nth(1),
                "label": d,
                "passed": t.passed,
                "passed_with_errata": t.with_errata,
                "failed": t.failed,
                "expected_failures": t.expected_failures,
                "no_stated_outcome": t.not_stated + t.not_checked.len(),
                "not_checked": t.not_checked,
            })
        }).collect::<Vec<_>>(),
        "cases": run.reports.iter().map(|(c, r)| serde_json::json!({
            "id": r.id,
            "title": r.title,
            "document": c.document,
            "verdict": r.verdict(),
            "mismatches": r.mismatches,
            "error": r.error,
            "expected_failure": r.expected_failure,
            "errata": r.errata,
        })).collect::<Vec<_>>(),
    })
}

/// The text report: each failing (or, verbose, each) case, then the summary lines.
fn text_report(args: &DatcArgs, runs: &[Run], show_reasoning: bool) -> String {
    let total = |f: fn(&Tally) -> usize| runs.iter().map(|r| f(&r.tally(None))).sum::<usize>();
    let mut out = String::new();
    for run in runs {
        let name = &run.ruleset;
        if !args.all_rulesets && name == PREFERRED {
            out.push_str(&format!(
                "DATC cases, each under the rules its document prefers (3.2: `datc`, 2.4: `datc-2.4`): {} cases\n",
                run.reports.len() + run.not_stated.len()
            ));
        } else if !args.all_rulesets {
            let t = run.tally(None);
            let not_checked = t.not_checked.len();
            out.push_str(&format!(
                "DATC cases under ruleset `{name}`: {} with a stated outcome, {} without (not run)",
                run.reports.len() - not_checked,
                run.not_stated.len()
            ));
            if not_checked > 0 {
                out.push_str(&format!(
                    ", {not_checked} without any (run, nothing checked)"
                ));
            }
            out.push('\n');
        }
        for (_, r) in &run.reports {
            out.push_str(&case_text(args, r, name, show_reasoning));
        }
        if args.all_rulesets {
            let t = run.tally(None);
            out.push_str(&format!(
                "{name:<10} {}, {} expected failures, {} without a stated outcome\n",
                t.headline(),
                t.expected_failures,
                t.not_stated + t.not_checked.len()
            ));
        } else {
            out.push_str(&run_summary(run, show_reasoning));
        }
    }
    if args.all_rulesets {
        let t = Tally {
            passed: total(|t| t.passed),
            with_errata: total(|t| t.with_errata),
            failed: total(|t| t.failed),
            ..Tally::default()
        };
        out.push_str(&format!("in all: {}\n", t.headline()));
    }
    out
}

/// One case's verdict under ruleset `name` with its mismatches, error, reason and errata, when
/// it is to be shown (failures always; passes when verbose).
fn case_text(args: &DatcArgs, r: &CaseReport, name: &str, show_reasoning: bool) -> String {
    let v = r.verdict();
    let with_errata = v == Verdict::Passed && !r.errata.is_empty();
    let show = match v {
        Verdict::Passed if with_errata => !args.all_rulesets || args.verbose,
        Verdict::Passed => args.verbose,
        Verdict::ExpectedFailure => !args.all_rulesets || args.verbose,
        Verdict::NoStatedOutcome => args.verbose || show_reasoning,
        _ => true,
    };
    if !show {
        return String::new();
    }
    let label = match v {
        Verdict::Passed if with_errata => "ok under its errata",
        Verdict::Passed => "ok",
        Verdict::Failed => "FAILED",
        Verdict::ExpectedFailure => "expected failure",
        Verdict::UnexpectedPass => "UNEXPECTED PASS (remove its expected_failure mark)",
        Verdict::NoStatedOutcome => "no stated outcome: nothing checked, not counted as passed",
    };
    let mut out = format!("{} {} [{name}]: {label}\n", r.id, r.title);
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
    for e in &r.errata {
        out.push_str(&erratum_text(e, show_reasoning));
    }
    out
}

/// A run's summary lines: each document's tally, the errata and expected failures, the total.
fn run_summary(run: &Run, show_reasoning: bool) -> String {
    let name = &run.ruleset;
    let mut out = String::new();
    let documents = run.documents();
    for d in &documents {
        let t = run.tally(Some(d));
        out.push_str(&format!("{d}: {}", t.headline()));
        if t.not_stated > 0 {
            out.push_str(&format!(
                " ({} more without a stated outcome under `{name}`)",
                t.not_stated
            ));
        }
        out.push('\n');
    }
    let t = run.tally(None);
    if t.with_errata > 0 && !show_reasoning {
        out.push_str(&format!(
            "{} cases pass under errata, where the document's words contradict its own definitions; `diplo datc --case ID` shows each erratum's reasoning\n",
            t.with_errata
        ));
    }
    if t.expected_failures > 0 {
        out.push_str(&format!(
            "{} expected failures (see each case's `expected_failure`)\n",
            t.expected_failures
        ));
    }
    if !t.not_checked.is_empty() {
        out.push_str(&format!(
            "{} without a stated outcome (not counted as passed): {}\n",
            t.not_checked.len(),
            t.not_checked.join(", ")
        ));
    }
    if documents.len() > 1 {
        out.push_str(&format!("in all: {}\n", t.headline()));
    }
    out
}

/// The cases run under one ruleset.
struct Run<'a> {
    ruleset: String,
    reports: Vec<(&'a Case, CaseReport)>,
    not_stated: Vec<&'a Case>,
}

/// Counts of one run, or of one document's cases in it.
#[derive(Default)]
struct Tally {
    passed: usize,
    with_errata: usize,
    failed: usize,
    expected_failures: usize,
    /// Cases not run: the document states no outcome under this ruleset.
    not_stated: usize,
    /// Cases run whose document states no outcome at all: nothing was checked (ids).
    not_checked: Vec<String>,
}

impl Tally {
    /// `176 passed (5 with errata), 0 failed`.
    fn headline(&self) -> String {
        let errata = if self.with_errata > 0 {
            format!(" ({} with errata)", self.with_errata)
        } else {
            String::new()
        };
        format!("{} passed{errata}, {} failed", self.passed, self.failed)
    }
}

impl Run<'_> {
    /// The parts of the documents the cases run or skipped belong to (`DATC 3.2 chapter 6`, ...),
    /// in order of first appearance.
    fn documents(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let all = self
            .reports
            .iter()
            .map(|(c, _)| *c)
            .chain(self.not_stated.iter().copied());
        for c in all {
            if !out.contains(&document_part(c)) {
                out.push(document_part(c));
            }
        }
        out
    }

    fn tally(&self, document: Option<&str>) -> Tally {
        let mine = |c: &Case| document.is_none_or(|d| document_part(c) == d);
        let mut t = Tally::default();
        for (_, r) in self.reports.iter().filter(|(c, _)| mine(c)) {
            match r.verdict() {
                Verdict::Passed => {
                    t.passed += 1;
                    t.with_errata += usize::from(!r.errata.is_empty());
                }
                Verdict::ExpectedFailure => t.expected_failures += 1,
                Verdict::Failed | Verdict::UnexpectedPass => t.failed += 1,
                Verdict::NoStatedOutcome => t.not_checked.push(r.id.clone()),
            }
        }
        t.not_stated = self.not_stated.iter().filter(|c| mine(c)).count();
        t
    }
}

/// The name of the run that uses each document's preferred rules.
const PREFERRED: &str = "preferred";

/// Which part of which document a case belongs to, for the summary lines.
fn document_part(c: &Case) -> String {
    match (c.document.as_str(), &c.map) {
        ("3.2", _) => "DATC 3.2 chapter 6".to_string(),
        (d, Some(_)) => format!("DATC {d} chapters 7-12 (variants)"),
        (d, None) => format!("DATC {d} chapter 6 (civil disorder)"),
    }
}

/// An erratum as text; with its reasoning and passages when `full`.
fn erratum_text(e: &Erratum, full: bool) -> String {
    let mut out = format!(
        "  erratum: {}: {}\n    the document writes: {}\n    corrected to:        {}\n",
        e.power, e.order, e.document, e.corrected
    );
    if full {
        out.push_str(&format!("    why: {}\n    rests on:\n", e.reasoning));
        for p in &e.passages {
            out.push_str(&format!("      - {p}\n"));
        }
    }
    out
}
