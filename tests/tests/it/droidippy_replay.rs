//! Replays the 5,616 Droidippy games of the shared corpus
//! (`../shared/corpora/droidippy-classical-games.tar.xz`, beside the workspace) under
//! `rulesets/droidippy.toml`: every recorded phase, adjudicated from its recorded position, must
//! give the next recorded position, except the phases documented in
//! `tests/droidippy-exceptions.toml` (each with its reason). An exception that no longer occurs
//! fails the test too, so the file cannot go stale.
//!
//! The archive is unpacked with the system `tar` into a temporary directory, never into the
//! repository. When `../shared` is absent (a plain clone), the test says so on stderr and passes.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use diplo_replay::{collect_files, replay_files, Exceptions};

const GAMES: usize = 5_616;
const PHASES: usize = 205_797;

/// A directory removed when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn droidippy_games_replay_to_their_recorded_positions() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let archive = root.join("../../shared/corpora/droidippy-classical-games.tar.xz");
    if !archive.exists() {
        eprintln!(
            "skipped: {} not found (the shared corpora are not beside this workspace)",
            archive.display()
        );
        return;
    }
    let start = Instant::now();
    let dir = TempDir(std::env::temp_dir().join(format!("diplo-droidippy-{}", std::process::id())));
    std::fs::create_dir_all(&dir.0).expect("create a temporary directory");
    let status = Command::new("tar")
        .arg("-xJf")
        .arg(&archive)
        .arg("-C")
        .arg(&dir.0)
        .status()
        .expect("run the system `tar`");
    assert!(status.success(), "tar -xJf {} failed", archive.display());
    let unpacked = start.elapsed();

    let files = collect_files(&[dir.0.join("games")]).expect("list the games");
    assert_eq!(files.len(), GAMES, "games in the archive");
    let exceptions_file = root.join("droidippy-exceptions.toml");
    let text = std::fs::read_to_string(&exceptions_file).expect("read the exceptions file");
    let map = diplo_map::Map::standard();
    let exceptions = Exceptions::from_toml_str(&text, "tests/droidippy-exceptions.toml", &map)
        .unwrap_or_else(|e| panic!("{e}"));
    let rules = diplo_rules::Ruleset::load("droidippy").expect("the droidippy ruleset");
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let reports = replay_files(&map, &rules, &files, threads, &|_| {});
    let verdict = exceptions.judge(&reports);
    eprintln!(
        "droidippy replay: {} passed, {} failed, {} documented exceptions; unpacking {:.1?}, replay {:.1?}",
        verdict.passed,
        verdict.failures.len(),
        verdict.excepted.len(),
        unpacked,
        start.elapsed() - unpacked
    );

    let mut problems = Vec::new();
    for e in &verdict.errors {
        problems.push(format!("unreadable game: {e}"));
    }
    for m in &verdict.failures {
        problems.push(format!(
            "{}:{}: {}: {}",
            m.game,
            m.line,
            m.phase.name(&map),
            m.differences.join("; ")
        ));
    }
    for e in &verdict.stale {
        problems.push(format!(
            "stale exception {} {}: the phase now matches; remove it from tests/droidippy-exceptions.toml",
            e.game, e.phase
        ));
    }
    assert!(
        problems.is_empty(),
        "{} problems (run `diplo replay --exceptions tests/droidippy-exceptions.toml DIR` for the orders):\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert_eq!(
        verdict.passed + verdict.excepted.len(),
        PHASES,
        "phases in the corpus"
    );
}

/// The exceptions file reads (also without the corpus), and every entry explains itself.
#[test]
fn exceptions_file_reads_and_every_entry_has_a_reason() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("droidippy-exceptions.toml");
    let text = std::fs::read_to_string(&path).expect("read the exceptions file");
    let map = diplo_map::Map::standard();
    let exceptions = Exceptions::from_toml_str(&text, "tests/droidippy-exceptions.toml", &map)
        .unwrap_or_else(|e| panic!("{e}"));
    for (e, _) in &exceptions.entries {
        assert!(e.game.starts_with("game_"), "{}: not a game name", e.game);
        assert!(
            e.reason.len() >= 40,
            "{} {}: explain the reason",
            e.game,
            e.phase
        );
    }
}
