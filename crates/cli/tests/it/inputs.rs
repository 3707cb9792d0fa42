//! Hostile inputs to any command: devices, pipes, oversized files, NULs, huge lines.

use std::process::Command;

use crate::support::{diplo_in_root as diplo, root, stderr, temp_file};

#[cfg(unix)]
#[test]
fn devices_pipes_and_oversized_files_are_refused_at_once() {
    let o = diplo(&["orders", "check", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("expected a regular file"),
        "{}",
        stderr(&o)
    );
    let big = temp_file("big-orders.txt", &"A par H\n".repeat(100));
    let o = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["orders", "check", big.to_str().unwrap()])
        .env("DIPLO_MAX_FILE_BYTES", "100")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("more than the limit of 100 bytes"),
        "{}",
        stderr(&o)
    );
    let ruleset = temp_file("zero.toml", "name = \"x\"\nextends = \"/dev/zero\"\n");
    let o = diplo(&["rulesets", "show", ruleset.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("expected a regular file"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn toml_files_with_a_nul_or_a_lone_cr_in_a_comment_get_a_located_message() {
    let text = std::fs::read_to_string(root().join("maps/standard.toml")).unwrap();
    let map = temp_file("nul_map.toml", &format!("# \0\n{text}"));
    let o = diplo(&["map", "check", map.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("nul_map.toml:1:3: a NUL byte: TOML allows none"),
        "{}",
        stderr(&o)
    );
    let position = temp_file(
        "cr_position.toml",
        "phase = \"Spring 1901 Movement\"\n# old\rMac\n",
    );
    let o = diplo(&[
        "adjudicate",
        "--position",
        position.to_str().unwrap(),
        "--orders",
        "examples/orders/spring-1901.txt",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("cr_position.toml:2:6: a carriage return (CR) without a line feed"),
        "{}",
        stderr(&o)
    );
}

/// Issue 34 item 18: an error quotes at most a line's worth of its input (a 60 MB position
/// value gave 60 MB of stderr), and a huge record line likewise.
#[test]
fn errors_quote_at_most_a_line_s_worth_of_a_huge_input() {
    let dir = std::env::temp_dir().join(format!("diplo-huge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pos = dir.join("pos.toml");
    let huge = "x".repeat(10_000_000);
    std::fs::write(
        &pos,
        format!("phase = \"Spring 1901 Movement\"\n[units]\nFrance = [\"A {huge}\"]\n"),
    )
    .unwrap();
    let orders = dir.join("o.txt");
    std::fs::write(&orders, "FRA: A par H\n").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["adjudicate", "--position", pos.to_str().unwrap()])
        .args(["--orders", orders.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(
        o.stderr.len() < 10_000,
        "{} bytes of stderr",
        o.stderr.len()
    );
    let record = dir.join("game.txt");
    std::fs::write(&record, format!("PHASE Spring 1901 Movement\n{huge}\n")).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["replay", record.to_str().unwrap()])
        .output()
        .unwrap();
    let all = o.stdout.len() + o.stderr.len();
    assert!(all < 10_000, "{all} bytes of output");
    let _ = std::fs::remove_dir_all(&dir);
}
