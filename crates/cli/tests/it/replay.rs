//! `diplo replay`: records checked phase by phase, and what it says of files it cannot read.

use std::path::Path;
use std::process::Command;

use crate::support::{diplo_in_root as diplo, root, stderr, stdout, temp_file};

#[test]
fn replay_checks_a_record_phase_by_phase() {
    let o = diplo(&["replay", "examples/records"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "1 game: 3 phases compared with the next recorded position; each game's last phase \
         (nothing recorded after it) passes when its orders read and adjudicate\n\
         4 passed, 0 failed, 0 unread\n"
    );
    assert!(
        stderr(&o).is_empty(),
        "no progress when stderr is not a terminal"
    );
}

/// A JSON Lines file of saved games counts each game (it was counted as one).
#[test]
fn replay_counts_each_game_of_a_json_lines_file() {
    let file = "tests/mila-games/random-games.jsonl";
    let o = diplo(&["replay", "--base", "mila", file]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("20 games: "), "{}", stdout(&o));
    let o = diplo(&["replay", "--base", "mila", "--format", "json", file]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(doc["games"], 20, "{doc}");
}

#[test]
fn replay_reports_a_mismatch_and_fails() {
    let text = std::fs::read_to_string(root().join("examples/records/game_1.txt"))
        .unwrap()
        .replace("France: fleet eng\n", "France: fleet mao\n");
    let path = temp_file("game_2.txt", &text);
    let o = diplo(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("game_2.txt:13: Fall 1901 Movement"), "{out}");
    assert!(out.contains("missing France F mao"), "{out}");
    assert!(out.contains("extra France F eng"), "{out}");
    assert!(out.ends_with("3 passed, 1 failed, 0 unread\n"), "{out}");
    // Documented, the same mismatches pass; the JSON says which.
    let ex = temp_file(
        "exceptions.toml",
        "[[exception]]\ngame = \"game_2\"\nphase = \"Fall 1901 Movement\"\nreason = \"edited\"\n",
    );
    let o = diplo(&[
        "replay",
        "--format",
        "json",
        "--exceptions",
        ex.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stdout(&o));
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (j["passed"].as_u64(), j["excepted"].as_u64()),
        (Some(3), Some(1))
    );
    assert_eq!(j["exceptions"][0]["reason"], "edited");
}

#[test]
fn replay_under_another_ruleset_reports_divergences() {
    let o = diplo(&["replay", "--ruleset", "1971", "examples/records"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).ends_with(
        "0 of 1 games diverge under 1971 from droidippy; 1 would have gone the same way\n"
    ));
    let bad = temp_file(
        "bad_game.txt",
        "PHASE 1901 Spring Movement\nPOSITIONS\nGaul: army par\n",
    );
    let o = diplo(&["replay", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("bad_game.txt:3: `Gaul: army par`: unknown power `Gaul`"));
}

#[test]
fn replay_says_what_it_expected_for_an_archive_or_a_binary_file() {
    let archive = temp_file("games.tar.xz", "");
    std::fs::write(&archive, [0xFD, b'7', b'z', b'X', b'Z', 0, 1, 2, 3]).unwrap();
    let binary = temp_file("binary.txt", "");
    std::fs::write(&binary, [0xFF, 0xFE, 0x00, 0x81]).unwrap();
    let prose = temp_file("prose.txt", "hello\n");
    for (file, says) in [
        (
            &archive,
            "an xz-compressed archive, not a game record: unpack it first",
        ),
        (&binary, "a binary file"),
        (&prose, "no `PHASE` line"),
    ] {
        let o = diplo(&["replay", file.to_str().unwrap()]);
        assert!(!o.status.success());
        assert!(!stdout(&o).contains("0 passed, 0 failed"), "{}", stdout(&o));
        let err = stderr(&o);
        assert!(
            err.contains(says) && err.contains("expected game records: godip's text files"),
            "{err}"
        );
    }
}

/// Every error of `diplo replay` goes to stderr with the record's real file and line (never
/// `line 0`); stdout keeps only the report.
#[test]
fn replay_errors_go_to_stderr_with_their_file_and_line() {
    let bad = temp_file(
        "replay_bad_unit.txt",
        "PHASE 1901 Spring Movement\nPOSITIONS\nFrance: army )(\n",
    );
    let bad = bad.to_str().unwrap();
    for extra in [&[][..], &["--ruleset", "1971"][..]] {
        let mut args = vec!["replay", bad];
        args.extend_from_slice(extra);
        let o = diplo(&args);
        assert_eq!(o.status.code(), Some(1));
        let (out, err) = (stdout(&o), stderr(&o));
        assert!(
            err.contains(&format!("error: {bad}:3: `France: army )(`")),
            "{args:?}: {err}"
        );
        assert!(!out.contains("error"), "{args:?}: {out}");
    }
    // A file too large to read: the file, no line.
    let good = root().join("examples/records/game_1.txt");
    let o = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["replay", good.to_str().unwrap()])
        .env("DIPLO_MAX_FILE_BYTES", "5")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("game_1.txt: cannot read the file: ") && err.contains("DIPLO_MAX_FILE_BYTES"),
        "{err}"
    );
    assert!(!err.contains(":0:"), "{err}");
    assert!(!stdout(&o).contains("error"));
    // A device is not a record, and is not said to be missing.
    #[cfg(unix)]
    {
        let o = diplo(&["replay", "/dev/null"]);
        assert!(
            stderr(&o).contains("/dev/null: not a regular file"),
            "{}",
            stderr(&o)
        );
    }
    // The phase and order limits of a record name their line and variable.
    let o = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["replay", good.to_str().unwrap()])
        .env("DIPLO_MAX_ORDERS", "1")
        .output()
        .unwrap();
    let err = stderr(&o);
    assert!(
        err.contains("game_1.txt:") && err.contains("order 2 of Spring 1901 Movement: more than the limit of 1 orders per phase (set DIPLO_MAX_ORDERS to allow more)"),
        "{err}"
    );
}

/// Issue 34 item 17: `replay --threads` with an absurd count starts no more threads than there
/// are files (it gave nothing in 40 s before).
#[test]
fn replay_with_an_absurd_thread_count_finishes() {
    let o = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["replay", "--threads", "18446744073709551615"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/records"))
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        out.contains("passed") || err.contains("passed"),
        "{out}{err}"
    );
}
