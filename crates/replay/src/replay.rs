//! Replaying a recorded game: each phase's recorded position and orders are adjudicated and the
//! result compared with the next recorded position.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use diplo_engine::{
    Adjudication, Adjudicator, AdjudicatorScratch, PhaseKind, Position, ResultLine, Unit,
};
use diplo_map::{Map, PowerId};
use diplo_rules::Ruleset;

use crate::record::{
    parse_game, parse_game_with, Game, LineCache, RecordError, RecordedOrder, RecordedPhase,
};

/// A phase whose adjudication does not give the next recorded position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The game file.
    pub file: String,
    /// The game's name (`game_123`).
    pub game: String,
    /// The phase adjudicated.
    pub phase: diplo_engine::Phase,
    /// 1-based line of its `PHASE` line.
    pub line: usize,
    /// Every order with the engine's result, then the automatic actions.
    pub orders: Vec<String>,
    /// What differs (`missing England F nth`, `extra ...`, `centre ber: ...`), and any order
    /// line that could not be read.
    pub differences: Vec<String>,
}

/// The outcome of replaying one game file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// The game file.
    pub file: String,
    /// The games replayed: one for a godip record or a saved game, one per line of JSON
    /// Lines; none when the file could not be read.
    pub games: usize,
    /// Phases that matched (the last phase of a game, with nothing after it to compare, counts
    /// as passed when its orders are readable and adjudicate).
    pub passed: usize,
    /// Phases compared with a next recorded position.
    pub compared: usize,
    /// Phases that did not match.
    pub mismatches: Vec<Mismatch>,
    /// Order lines that named no unit and were ignored (see [`RecordedPhase::ignored`]).
    pub ignored: Vec<RecordError>,
    /// Phases that could not be read ([`Game::unread`]); a file that could not be read at all
    /// counts one.
    pub unread: usize,
    /// Why phases could not be read, each with its line ([`Game::problems`]).
    pub problems: Vec<RecordError>,
    /// Lines read with a warning ([`Game::warnings`]).
    pub warnings: Vec<RecordError>,
    /// The file could not be read or parsed.
    pub error: Option<RecordError>,
}

fn units_by_key(map: &Map, units: &[Unit]) -> BTreeMap<String, String> {
    units
        .iter()
        .map(|u| {
            (
                map.province(u.location.province).name.clone(),
                format!("{} {}", map.power(u.power).name, u.short(map)),
            )
        })
        .collect()
}

/// The differences between two lists of units: `{only_a} {what}{unit}` for a unit in `a` only,
/// `{only_b} {what}{unit}` for one in `b` only.
pub(crate) fn diff_units(
    map: &Map,
    what: &str,
    (a, only_a): (&[Unit], &str),
    (b, only_b): (&[Unit], &str),
    out: &mut Vec<String>,
) {
    if same_units(a, b) {
        return;
    }
    let ka = units_by_key(map, a);
    let kb = units_by_key(map, b);
    for (k, v) in &ka {
        if kb.get(k) != Some(v) {
            out.push(format!("{only_a} {what}{v}"));
        }
    }
    for (k, v) in &kb {
        if ka.get(k) != Some(v) {
            out.push(format!("{only_b} {what}{v}"));
        }
    }
}

/// Whether two lists of units are the same set, compared by ids without formatting anything.
/// `false` also when a list holds two units in one province: the caller then compares the
/// lists province by province, as it lists differences.
fn same_units(a: &[Unit], b: &[Unit]) -> bool {
    /// Provinces indexed directly; a map with more goes the slow way.
    const SLOTS: usize = 256;
    let small = |u: &Unit| u.location.province.index() < SLOTS;
    if a.len() != b.len() {
        return false;
    }
    if a.len() >= usize::from(u16::MAX) || !a.iter().chain(b).all(small) {
        return same_units_by_search(a, b);
    }
    // slot[province]: 1 + the index in `a` of the unit there, or 0.
    let mut slot = [0u16; SLOTS];
    for (i, u) in a.iter().enumerate() {
        let s = &mut slot[u.location.province.index()];
        if *s != 0 {
            return false;
        }
        *s = i as u16 + 1;
    }
    // Each unit of `b` takes the unit of `a` in its province, which must be the same.
    b.iter().all(|u| {
        let s = &mut slot[u.location.province.index()];
        let same = *s != 0 && a[usize::from(*s) - 1] == *u;
        *s = 0;
        same
    })
}

/// [`same_units`] for lists of the same length on any map, by searching.
fn same_units_by_search(a: &[Unit], b: &[Unit]) -> bool {
    let distinct = a.iter().enumerate().all(|(i, u)| {
        a[..i]
            .iter()
            .all(|v| v.location.province != u.location.province)
    });
    // `a`'s units are distinct and all in `b`, which holds as many: `b` holds exactly them.
    distinct && a.iter().all(|u| b.contains(u))
}

fn owner_name(map: &Map, o: Option<PowerId>) -> String {
    o.map_or_else(|| "nobody".to_string(), |p| map.power(p).name.clone())
}

/// The differences between a recorded position and an adjudicated one: the phase, the units,
/// the dislodged units and centre ownership. Empty when they agree.
pub fn diff_position(map: &Map, expected: &RecordedPhase, actual: &Position) -> Vec<String> {
    let mut out = Vec::new();
    if expected.phase != actual.phase {
        out.push(format!(
            "next phase: recorded {}, adjudicated {}",
            expected.phase.name(map),
            actual.phase.name(map)
        ));
    }
    let (missing, extra) = ("missing", "extra");
    diff_units(
        map,
        "",
        (&expected.units, missing),
        (&actual.units, extra),
        &mut out,
    );
    let dislodged: Vec<Unit> = actual.dislodged.iter().map(|d| d.unit).collect();
    diff_units(
        map,
        "dislodged ",
        (&expected.dislodged, missing),
        (&dislodged, extra),
        &mut out,
    );
    diff_owners(
        map,
        &expected.owners,
        &actual.owners,
        "recorded",
        "adjudicated",
        &mut out,
    );
    out
}

pub(crate) fn diff_owners(
    map: &Map,
    a: &[Option<PowerId>],
    b: &[Option<PowerId>],
    a_name: &str,
    b_name: &str,
    out: &mut Vec<String>,
) {
    for p in map.province_ids() {
        let (x, y) = (a[p.index()], b[p.index()]);
        if x != y {
            out.push(format!(
                "centre {}: {a_name} {}, {b_name} {}",
                map.province(p).name,
                owner_name(map, x),
                owner_name(map, y)
            ));
        }
    }
}

/// The engine's adjudication of a recorded phase, from its recorded position.
/// `after_movement` is the adjudicated result of the preceding movement phase and `previous`
/// that phase as recorded (for a retreat phase's attackers and contested provinces: see
/// [`RecordedPhase::position`]).
pub fn adjudicate_phase(
    map: &Map,
    rules: &Ruleset,
    phase: &RecordedPhase,
    after_movement: Option<&Position>,
    previous: Option<&RecordedPhase>,
) -> Adjudication {
    let scratch = &mut AdjudicatorScratch::default();
    adjudicate_phase_with(map, rules, phase, after_movement, previous, scratch)
}

/// [`adjudicate_phase`] with the engine's working buffers of an earlier phase (`scratch`, kept
/// by the caller from phase to phase): the same adjudication, fewer allocations.
fn adjudicate_phase_with(
    map: &Map,
    rules: &Ruleset,
    phase: &RecordedPhase,
    after_movement: Option<&Position>,
    previous: Option<&RecordedPhase>,
    scratch: &mut AdjudicatorScratch,
) -> Adjudication {
    let pos = phase.position(map, after_movement, previous);
    let orders: Vec<_> = phase
        .orders
        .iter()
        .map(|o| (o.power, o.order.clone()))
        .collect();
    let mut adjudicator = Adjudicator::with_scratch(map, rules, std::mem::take(scratch));
    let adj = adjudicator.adjudicate(&pos, &orders);
    *scratch = adjudicator.into_scratch();
    adj
}

/// Each order with its result, then the automatic actions, as lines for a person; `orders`
/// are the phase's orders the adjudication was given.
pub fn describe_results(map: &Map, orders: &[RecordedOrder], adj: &Adjudication) -> Vec<String> {
    let mut lines: Vec<String> = adj
        .results
        .iter()
        .map(|r| {
            let order = &orders[r.index].order;
            ResultLine {
                result: r,
                order,
                map,
            }
            .to_string()
        })
        .collect();
    for a in &adj.automatic {
        lines.push(format!(
            "{} {}: {}",
            map.power(a.unit.power).name,
            a.unit.short(map),
            a.reason_text(map)
        ));
    }
    lines
}

/// The movement-phase result a following retreat phase takes its attackers from.
pub(crate) fn carry(adj: Adjudication, kind: PhaseKind) -> Option<Position> {
    (kind == PhaseKind::Movement).then_some(adj.next)
}

/// Replays every phase of a game under `rules`.
pub fn replay_game(map: &Map, rules: &Ruleset, game: &Game) -> GameReport {
    replay_game_with(map, rules, game, &mut AdjudicatorScratch::default())
}

/// [`replay_game`] with the engine's working buffers kept in `scratch` (one per thread over
/// many games).
fn replay_game_with(
    map: &Map,
    rules: &Ruleset,
    game: &Game,
    scratch: &mut AdjudicatorScratch,
) -> GameReport {
    let mut report = GameReport {
        file: game.file.clone(),
        games: 1,
        passed: 0,
        compared: 0,
        mismatches: Vec::new(),
        ignored: Vec::new(),
        unread: game.unread,
        problems: game.problems.clone(),
        warnings: game.warnings.clone(),
        error: None,
    };
    let mut after_movement: Option<Position> = None;
    for (i, phase) in game.phases.iter().enumerate() {
        let previous = i
            .checked_sub(1)
            .map(|k| &game.phases[k])
            .filter(|_| !phase.after_gap);
        let carried = after_movement.as_ref().filter(|_| !phase.after_gap);
        let adj = adjudicate_phase_with(map, rules, phase, carried, previous, scratch);
        report.ignored.extend(phase.ignored.iter().cloned());
        let mut differences: Vec<String> = phase
            .unreadable
            .iter()
            .map(|e| format!("unreadable order at line {}: {}", e.line, e.message))
            .collect();
        if let Some(next) = game.phases.get(i + 1).filter(|n| !n.after_gap) {
            report.compared += 1;
            match crate::dialect::retreat_kept_for_nowhere(map, phase, next, &adj) {
                Some(d) => differences.extend(d),
                None => differences.extend(diff_position(map, next, &adj.next)),
            }
        }
        if differences.is_empty() {
            report.passed += 1;
        } else {
            report.mismatches.push(Mismatch {
                file: game.file.clone(),
                game: game.name().to_string(),
                phase: phase.phase,
                line: phase.line,
                orders: describe_results(map, &phase.orders, &adj),
                differences,
            });
        }
        after_movement = carry(adj, phase.phase.kind);
    }
    report
}

/// Reads and parses one game file; errors name the file.
pub fn load_game(map: &Map, path: &std::path::Path) -> Result<Game, RecordError> {
    let (file, text) = read_record(path)?;
    parse_game(map, &file, &text)
}

/// [`load_game`] on the cache's map, reading lines through `cache` (keep one cache per thread
/// over many files).
pub fn load_game_with(
    cache: &mut LineCache<'_>,
    path: &std::path::Path,
) -> Result<Game, RecordError> {
    let (file, text) = read_record(path)?;
    parse_game_with(cache, &file, &text)
}

/// A record file's name (for messages) and text.
fn read_record(path: &std::path::Path) -> Result<(String, String), RecordError> {
    let file = path.display().to_string();
    let text = diplo_map::limits::read_file(path).map_err(|e| RecordError {
        file: file.clone(),
        line: 0,
        message: format!("cannot read the file: {e}"),
    })?;
    Ok((file, text))
}

/// Runs `job` on every file, on `threads` threads, and returns the results in file order.
/// `progress` is called with the number of files done after each one.
pub fn for_each_file<T: Send>(
    files: &[PathBuf],
    threads: usize,
    job: &(dyn Fn(&std::path::Path) -> T + Sync),
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<T> {
    for_each_file_with(files, threads, &|| (), &|_, path| job(path), progress)
}

/// The most threads a replay starts, whatever it is asked for: the work is CPU-bound, and each
/// thread costs a stack.
pub const MAX_THREADS: usize = 256;

/// [`for_each_file`] with a state per thread, made by `init` when the thread starts and handed
/// to each `job` the thread runs (a cache kept across files). At most one thread a file and at
/// most [`MAX_THREADS`] are started (`--threads 18446744073709551615` hung before).
pub fn for_each_file_with<S, T: Send>(
    files: &[PathBuf],
    threads: usize,
    init: &(dyn Fn() -> S + Sync),
    job: &(dyn Fn(&mut S, &std::path::Path) -> T + Sync),
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..files.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.min(files.len()).clamp(1, MAX_THREADS) {
            s.spawn(|| {
                let mut state = init();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(path) = files.get(i) else { break };
                    let r = job(&mut state, path);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every file is processed"))
        .collect()
}

/// Replays every file (in parallel on `threads` threads); a file that cannot be read or parsed
/// gives a report with its `error`.
pub fn replay_files(
    map: &Map,
    rules: &Ruleset,
    files: &[PathBuf],
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<GameReport> {
    // Each thread's record lines and engine buffers, kept from file to file.
    let init = || (LineCache::new(map), AdjudicatorScratch::default());
    let job = |(cache, scratch): &mut (LineCache<'_>, AdjudicatorScratch),
               path: &std::path::Path| match load_games_with(cache, path) {
        Ok(games) => {
            let mut reports = games
                .iter()
                .map(|g| replay_game_with(map, rules, g, scratch));
            let first = reports.next().unwrap_or_else(|| empty_report(path, None));
            reports.fold(first, |mut all, r| {
                all.games += r.games;
                all.passed += r.passed;
                all.compared += r.compared;
                all.mismatches.extend(r.mismatches);
                all.ignored.extend(r.ignored);
                all.unread += r.unread;
                all.problems.extend(r.problems);
                all.warnings.extend(r.warnings);
                all.error = all.error.or(r.error);
                all
            })
        }
        Err(e) => empty_report(path, Some(e)),
    };
    for_each_file_with(files, threads, &init, &job, progress)
}

fn empty_report(path: &std::path::Path, error: Option<RecordError>) -> GameReport {
    GameReport {
        file: path.display().to_string(),
        games: 0,
        passed: 0,
        compared: 0,
        mismatches: Vec::new(),
        ignored: Vec::new(),
        unread: usize::from(error.is_some()),
        problems: Vec::new(),
        warnings: Vec::new(),
        error,
    }
}

/// Reads the games of a file: a godip record (one game), or MILA saved-game JSON (one game, or
/// several as JSON Lines), told apart by the content.
pub fn load_games(map: &Map, path: &std::path::Path) -> Result<Vec<Game>, RecordError> {
    load_games_with(&mut LineCache::new(map), path)
}

/// [`load_games`] on the cache's map, reading godip records' orders through `cache`.
pub fn load_games_with(
    cache: &mut LineCache<'_>,
    path: &std::path::Path,
) -> Result<Vec<Game>, RecordError> {
    let (file, text) = read_record(path)?;
    if crate::mila::looks_like_json(&text) {
        crate::mila::parse_mila_games(cache.map(), &file, &text)
    } else {
        parse_game_with(cache, &file, &text).map(|g| vec![g])
    }
}

/// What a game record looks like, for messages about files that are not one.
pub const RECORD_EXPECTED: &str = "game records: godip's text files of `PHASE 1901 Spring Movement` / `POSITIONS` / `ORDERS` blocks (`*.txt`), MILA saved-game JSON (`*.json`, `*.jsonl`), or directories of them";

/// Game files found by [`collect_record_files`], and the files of the directories searched that
/// are not game records (an `info.txt` beside the games), skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collected {
    /// The game files, in order.
    pub files: Vec<PathBuf>,
    /// A note per file skipped: its path and why it is no game record.
    pub skipped: Vec<String>,
}

/// [`collect_record_files`] without the notes on the files skipped.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    collect_record_files(paths).map(|c| c.files)
}

/// Game files under the given paths: files as given, directories searched (not recursively)
/// for `*.txt` (and MILA `*.json`, `*.jsonl`), sorted by name with numbers in numeric order (`game_9` before `game_10`).
/// A file given by name must look like a game record ([`check_record_file`]); a file found in a
/// directory that does not is skipped with a note. A directory must hold at least one game record.
pub fn collect_record_files(paths: &[PathBuf]) -> Result<Collected, String> {
    let mut out = Collected::default();
    for p in paths {
        if p.is_dir() {
            let entries = std::fs::read_dir(p)
                .map_err(|e| format!("{}: cannot read the directory: {e}", p.display()))?;
            let all: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            let mut found: Vec<PathBuf> = all
                .iter()
                .filter(|f| {
                    f.extension()
                        .is_some_and(|x| x == "txt" || x == "json" || x == "jsonl")
                        && f.is_file()
                })
                .cloned()
                .collect();
            if found.is_empty() {
                let archive = all.iter().find(|f| archive_kind(f).is_some());
                return Err(match archive {
                    Some(a) => format!(
                        "{}: no game records (`*.txt`) in the directory, but {} is an archive: {}; expected {RECORD_EXPECTED}",
                        p.display(),
                        a.display(),
                        unpack_hint(a)
                    ),
                    None => format!(
                        "{}: no game records (`*.txt`) in the directory; expected {RECORD_EXPECTED}",
                        p.display()
                    ),
                });
            }
            found.sort_by_key(|f| natural_key(f));
            let before = out.files.len();
            for f in found {
                match record_head(&f) {
                    Ok(()) => out.files.push(f),
                    Err(e) => out.skipped.push(format!("skipped {e}")),
                }
            }
            if out.files.len() == before {
                return Err(format!(
                    "{}: no game records in the directory (every `*.txt` file lacks a `PHASE` line); expected {RECORD_EXPECTED}",
                    p.display()
                ));
            }
        } else if p.is_file() {
            check_record_file(p)?;
            out.files.push(p.clone());
        } else if p.exists() {
            return Err(format!(
                "{}: not a regular file (a device, a pipe or a socket); expected {RECORD_EXPECTED}",
                p.display()
            ));
        } else {
            return Err(format!("{}: no such file or directory", p.display()));
        }
    }
    Ok(out)
}

/// Whether a file found in a directory starts like a game record: a `PHASE` line or JSON in
/// its first 4 KiB (read only that far, so that a directory of thousands of games is not read
/// twice). When it does not, says what it lacks.
fn record_head(path: &std::path::Path) -> Result<(), String> {
    use std::io::Read;
    let mut head = Vec::with_capacity(4096);
    std::fs::File::open(path)
        .and_then(|f| f.take(4096).read_to_end(&mut head))
        .map_err(|e| format!("{}: cannot read the file: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&head);
    if crate::mila::looks_like_json(&text)
        || text.lines().any(|l| l.trim_start().starts_with("PHASE "))
    {
        Ok(())
    } else {
        Err(format!(
            "{}: no `PHASE` line in its first lines, so no game record",
            path.display()
        ))
    }
}

fn unpack_hint(archive: &std::path::Path) -> String {
    format!(
        "unpack it first (e.g. `tar -xf {} -C DIR`) and replay the directory of `*.txt` files it gives (the Droidippy corpus unpacks to `games/`)",
        archive.display()
    )
}

/// The kind of archive a file is, by its first bytes (or its name when it cannot be read).
fn archive_kind(path: &std::path::Path) -> Option<&'static str> {
    use std::io::Read;
    let mut head = [0u8; 512];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    let head = &head[..n];
    let by_magic = if head.starts_with(&[0xFD, b'7', b'z', b'X', b'Z', 0]) {
        Some("an xz-compressed archive")
    } else if head.starts_with(&[0x1F, 0x8B]) {
        Some("a gzip-compressed archive")
    } else if head.starts_with(b"BZh") {
        Some("a bzip2-compressed archive")
    } else if head.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
        Some("a zstd-compressed archive")
    } else if head.starts_with(b"PK\x03\x04") {
        Some("a zip archive")
    } else if head.len() >= 262 && &head[257..262] == b"ustar" {
        Some("a tar archive")
    } else {
        None
    };
    let name = path.to_string_lossy().to_lowercase();
    by_magic.or_else(|| {
        [
            ".tar.xz", ".txz", ".tar.gz", ".tgz", ".tar", ".zip", ".xz", ".gz",
        ]
        .iter()
        .any(|e| name.ends_with(e))
        .then_some("an archive")
    })
}

/// Whether a file looks like a godip game record; when it does not, says what it is and what
/// was expected: an archive (unpack it first), a binary file, or text without a `PHASE` line.
pub fn check_record_file(path: &std::path::Path) -> Result<(), String> {
    let file = path.display();
    if let Some(kind) = archive_kind(path) {
        return Err(format!(
            "{file}: {kind}, not a game record: {}; expected {RECORD_EXPECTED}",
            unpack_hint(path)
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{file}: cannot read the file: {e}"))?;
    let Ok(text) = std::str::from_utf8(&bytes) else {
        return Err(format!(
            "{file}: a binary file (not UTF-8 text), not a game record; expected {RECORD_EXPECTED}"
        ));
    };
    if text.contains('\0') {
        return Err(format!(
            "{file}: a binary file (it holds NUL bytes), not a game record; expected {RECORD_EXPECTED}"
        ));
    }
    if !crate::mila::looks_like_json(text)
        && !text.lines().any(|l| l.trim_start().starts_with("PHASE "))
    {
        return Err(format!(
            "{file}: no `PHASE` line, so no game record; expected {RECORD_EXPECTED}"
        ));
    }
    Ok(())
}

fn natural_key(p: &std::path::Path) -> (String, u64, String) {
    let name = p
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let digits: String = name.chars().filter(char::is_ascii_digit).collect();
    let prefix: String = name.chars().take_while(|c| !c.is_ascii_digit()).collect();
    (prefix, digits.parse().unwrap_or(0), name)
}
