//! `diplo replay`: replays recorded games (godip's record format) and checks each phase
//! against the next recorded position, or finds where they would diverge under another
//! ruleset.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use diplo_replay::{collect_record_files, first_divergence, replay_files, Exceptions};
use serde_json::json;

use crate::common::{load_ruleset, print, read_text, Format};

/// Arguments of `diplo replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// Game record files, or directories of them (`*.txt`; MILA and Cicero saved games
    /// `*.json`, `*.jsonl`). `-`: JSON Lines on standard input (a saved game, or
    /// `{"name": ..., "record": "<godip record>"}`, per line), one JSON result per line on
    /// standard output, for xargs, GNU parallel or Spark's `pipe()`.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The ruleset that adjudicates each recorded phase (the recording server's conventions),
    /// whose results are checked against the next recorded position: a name or a path.
    #[arg(long, default_value = "droidippy")]
    base: String,
    /// A second ruleset, compared with `--base`: adjudicates nothing against the record, but
    /// reports per game the first phase whose result would differ from `--base`'s.
    #[arg(long)]
    ruleset: Option<String>,
    /// Documented exceptions (TOML `[[exception]]` entries with game, phase and reason): those
    /// mismatches are reported as exceptions, not failures; one that no longer occurs fails.
    #[arg(long, value_name = "FILE")]
    exceptions: Option<PathBuf>,
    /// The map the games were played on: a built-in name or a path (default: standard).
    #[arg(long, default_value = "standard")]
    map: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Worker threads (default: all cores); `--jobs` is the same option.
    #[arg(long, visible_alias = "jobs")]
    threads: Option<usize>,
}

/// `diplo replay -`: each line of standard input replayed as it comes, its result written (and
/// flushed) as one line of standard output. Exit status 1 when any line failed.
fn stream(map: &diplo_map::Map, base: &diplo_rules::Ruleset) -> ExitCode {
    use std::io::{BufRead, Read, Write};
    let limit = diplo_map::limits::Limits::from_env().file_bytes;
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut failed = false;
    let mut buf = Vec::new();
    for line_no in 1.. {
        buf.clear();
        // A line is read up to the input limit, never further: a longer one is skipped.
        let read = (&mut input).take(limit + 1).read_until(b'\n', &mut buf);
        match read {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                errln!("error: <stdin>:{line_no}: {e}");
                return ExitCode::FAILURE;
            }
        }
        let too_long = buf.len() as u64 > limit && buf.last() != Some(&b'\n');
        if too_long {
            skip_rest_of_line(&mut input);
        }
        let text = String::from_utf8_lossy(&buf);
        let result = if too_long {
            json!({
                "name": format!("line {line_no}"),
                "passed": 0, "failed": 1, "mismatches": [],
                "error": format!("<stdin>:{line_no}: longer than the input limit of {limit} bytes (DIPLO_MAX_FILE_BYTES)"),
            })
        } else if text.trim().is_empty() {
            continue;
        } else {
            diplo_replay::mila::replay_json_line(map, base, text.trim(), line_no)
        };
        failed |= result["failed"].as_u64().unwrap_or(0) > 0;
        if writeln!(out, "{result}")
            .and_then(|()| out.flush())
            .is_err()
        {
            return ExitCode::FAILURE; // the reader went away
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Reads and drops the rest of the current line.
fn skip_rest_of_line(input: &mut impl std::io::BufRead) {
    loop {
        let Ok(chunk) = input.fill_buf() else { return };
        if chunk.is_empty() {
            return;
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return;
            }
            None => {
                let n = chunk.len();
                input.consume(n);
            }
        }
    }
}

/// Runs `diplo replay`.
pub fn run(args: ReplayArgs) -> ExitCode {
    let map = match crate::common::load_map(&args.map) {
        Ok(m) => m,
        Err(e) => {
            e.report();
            return ExitCode::FAILURE;
        }
    };
    let base = match load_ruleset(&args.base, &[]) {
        Ok(r) => r,
        Err(c) => return c,
    };
    if args.paths.len() == 1 && args.paths[0].as_os_str() == "-" {
        return stream(&map, &base);
    }
    let files = match collect_record_files(&args.paths) {
        Ok(c) => {
            for note in &c.skipped {
                errln!("note: {note}");
            }
            c.files
        }
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let total = files.len();
    let tty = std::io::stderr().is_terminal();
    let progress = move |done: usize| {
        if tty && (done.is_multiple_of(50) || done == total) {
            err!("\r{done}/{total} games");
            if done == total {
                errln!();
            }
        }
    };
    match &args.ruleset {
        Some(r) => {
            let other = match load_ruleset(r, &[]) {
                Ok(r) => r,
                Err(c) => return c,
            };
            diverge(&args, &map, &base, &other, &files, threads, &progress)
        }
        None => replay(&args, &map, &base, &files, threads, &progress),
    }
}

/// Replays the recorded games and reports each mismatch with the record, against the
/// documented exceptions.
fn replay(
    args: &ReplayArgs,
    map: &diplo_map::Map,
    base: &diplo_rules::Ruleset,
    files: &[PathBuf],
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> ExitCode {
    let exceptions = match load_exceptions(args, map) {
        Ok(e) => e,
        Err(c) => return c,
    };
    let reports = replay_files(map, base, files, threads, progress);
    let verdict = exceptions.judge(&reports);
    let mut out = String::new();
    let mut ignored = Vec::new();
    for e in reports.iter().flat_map(|r| &r.ignored) {
        out.push_str(&format!("note: {e}\n"));
        ignored.push(e.to_string());
    }
    // Errors and warnings go to stderr, each with its file and line; the report stays on stdout.
    for e in reports.iter().flat_map(|r| &r.warnings) {
        errln!("warning: {e}");
    }
    for e in &verdict.errors {
        errln!("error: {e}");
    }
    for e in reports.iter().flat_map(|r| &r.problems) {
        errln!("error: {e} (phase unread)");
    }
    mismatch_lines(&mut out, map, &verdict);
    match args.format {
        Format::Json => {
            let doc = replay_json(map, &reports, &verdict, ignored);
            print(&format!("{doc:#}\n"));
        }
        Format::Text => {
            replay_summary(&mut out, &reports, &verdict);
            print(&out);
        }
    }
    if verdict.ok() && unread(&reports) == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Phases (or whole files) that could not be read.
fn unread(reports: &[diplo_replay::GameReport]) -> usize {
    reports.iter().map(|r| r.unread).sum()
}

/// The documented exceptions of `--exceptions` (none without it).
fn load_exceptions(args: &ReplayArgs, map: &diplo_map::Map) -> Result<Exceptions, ExitCode> {
    let Some(path) = &args.exceptions else {
        return Ok(Exceptions::default());
    };
    let text = read_text(path)?;
    Exceptions::from_toml_str(&text, &path.display().to_string(), map).map_err(|e| {
        errln!("error: {e}");
        ExitCode::FAILURE
    })
}

/// Each mismatch with its orders and differences, each documented exception, each stale
/// exception.
fn mismatch_lines(out: &mut String, map: &diplo_map::Map, verdict: &diplo_replay::Verdict) {
    for m in &verdict.failures {
        out.push_str(&format!(
            "mismatch: {}:{}: {}\n  orders:\n",
            m.file,
            m.line,
            m.phase.name(map)
        ));
        for o in &m.orders {
            out.push_str(&format!("    {o}\n"));
        }
        out.push_str("  difference:\n");
        for d in &m.differences {
            out.push_str(&format!("    {d}\n"));
        }
    }
    for (m, e) in &verdict.excepted {
        out.push_str(&format!(
            "exception: {}:{}: {}: {}\n",
            m.file,
            m.line,
            m.phase.name(map),
            e.reason
        ));
    }
    for e in &verdict.stale {
        out.push_str(&format!(
            "stale exception: {} {}: the phase now matches the record; remove it from the exceptions file\n",
            e.game, e.phase
        ));
    }
}

/// The JSON report: counts, mismatches, exceptions, stale exceptions, errors, ignored orders.
fn replay_json(
    map: &diplo_map::Map,
    reports: &[diplo_replay::GameReport],
    verdict: &diplo_replay::Verdict,
    ignored: Vec<String>,
) -> serde_json::Value {
    let (passed, failed, excepted) = (
        verdict.passed,
        verdict.failures.len(),
        verdict.excepted.len(),
    );
    let mismatch = |m: &diplo_replay::Mismatch| {
        json!({"file": m.file, "game": m.game, "phase": m.phase.name(map).to_string(),
            "line": m.line, "orders": m.orders, "differences": m.differences})
    };
    json!({
        "games": reports.iter().filter(|r| r.error.is_none()).map(|r| r.games).sum::<usize>(),
        "passed": passed, "failed": failed, "excepted": excepted, "unread": unread(reports),
        "compared": reports.iter().map(|r| r.compared).sum::<usize>(),
        "mismatches": verdict.failures.iter().map(|m| mismatch(m)).collect::<Vec<_>>(),
        "exceptions": verdict.excepted.iter().map(|(m, e)| {
            let mut j = mismatch(m);
            j["reason"] = json!(e.reason);
            j
        }).collect::<Vec<_>>(),
        "stale": verdict.stale.iter().map(|e| json!({"game": e.game, "phase": e.phase})).collect::<Vec<_>>(),
        "errors": verdict.errors.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
        "ignored_orders": ignored,
        "unread_phases": reports.iter().flat_map(|r| &r.problems).map(|e| e.to_string()).collect::<Vec<_>>(),
        "warnings": reports.iter().flat_map(|r| &r.warnings).map(|e| e.to_string()).collect::<Vec<_>>(),
    })
}

/// The text report's closing lines: exceptions, games and phases compared, passed and failed.
fn replay_summary(
    out: &mut String,
    reports: &[diplo_replay::GameReport],
    verdict: &diplo_replay::Verdict,
) {
    let (passed, failed, excepted) = (
        verdict.passed,
        verdict.failures.len(),
        verdict.excepted.len(),
    );
    if excepted > 0 {
        out.push_str(&format!(
            "{excepted} documented exceptions (not counted as failures)\n"
        ));
    }
    let compared: usize = reports.iter().map(|r| r.compared).sum();
    let games: usize = reports
        .iter()
        .filter(|r| r.error.is_none())
        .map(|r| r.games)
        .sum();
    out.push_str(&format!(
        "{games} game{}: {compared} phases compared with the next recorded position; each \
         game's last phase (nothing recorded after it) passes when its orders read and adjudicate\n",
        if games == 1 { "" } else { "s" }
    ));
    out.push_str(&format!(
        "{passed} passed, {failed} failed, {} unread\n",
        unread(reports)
    ));
}

fn diverge(
    args: &ReplayArgs,
    map: &diplo_map::Map,
    base: &diplo_rules::Ruleset,
    other: &diplo_rules::Ruleset,
    files: &[PathBuf],
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> ExitCode {
    let init = || diplo_replay::LineCache::new(map);
    let job = |cache: &mut diplo_replay::LineCache<'_>, path: &std::path::Path| {
        diplo_replay::replay::load_game_with(cache, path)
            .map(|g| (g.phases.len(), first_divergence(map, base, other, &g)))
    };
    let results = diplo_replay::replay::for_each_file_with(files, threads, &init, &job, progress);
    let mut out = String::new();
    let mut list = Vec::new();
    let mut errors = Vec::new();
    let (mut diverged, mut same) = (0usize, 0usize);
    let mut by_kind: std::collections::BTreeMap<String, usize> = Default::default();
    for r in results {
        match r {
            Err(e) => {
                errln!("error: {e}");
                errors.push(e.to_string());
            }
            Ok((_, None)) => same += 1,
            Ok((_, Some(d))) => {
                diverged += 1;
                let kind = format!("{:?}", d.phase.kind).to_lowercase();
                *by_kind.entry(kind).or_default() += 1;
                out.push_str(&format!(
                    "{} under {} would have diverged in {} ({}:{}):\n",
                    d.game,
                    other.name,
                    d.phase.name(map),
                    d.file,
                    d.line
                ));
                for x in &d.differences {
                    out.push_str(&format!("    {x}\n"));
                }
                list.push(
                    json!({"file": d.file, "game": d.game, "phase": d.phase.name(map).to_string(),
                    "line": d.line, "differences": d.differences}),
                );
            }
        }
    }
    let kinds: Vec<String> = by_kind
        .iter()
        .map(|(k, n)| format!("{n} in {k} phases"))
        .collect();
    match args.format {
        Format::Json => {
            let doc = json!({"base": base.name, "ruleset": other.name, "diverged": diverged,
                "same": same, "divergences": list, "errors": errors});
            print(&format!("{doc:#}\n"));
        }
        Format::Text => {
            out.push_str(&format!(
                "{diverged} of {} games diverge under {} from {}{}; {same} would have gone the same way\n",
                diverged + same,
                other.name,
                base.name,
                if kinds.is_empty() { String::new() } else { format!(" ({})", kinds.join(", ")) }
            ));
            print(&out);
        }
    }
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
