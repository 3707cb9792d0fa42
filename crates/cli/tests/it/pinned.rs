//! Whole outputs pinned byte for byte: the expected files were written by `diplo` before the
//! functions that print them were split into smaller ones, so any change to what these
//! commands print shows here. A deliberate change of output updates the file (run the command
//! from the workspace root, as below, and write its output there).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `diplo` with `args` from the workspace root: its standard output, then its standard
/// error.
fn run(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("run diplo");
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

/// Asserts that `diplo args` prints exactly `expected`.
fn pinned(args: &[&str], expected: &str) {
    let got = run(args);
    assert!(
        got == expected,
        "`diplo {}` changed its output:\n--- expected\n{expected}\n--- got\n{got}",
        args.join(" ")
    );
}

#[test]
fn map_show() {
    pinned(&["map", "show"], include_str!("pinned/map-show.txt"));
}

#[test]
fn compare_with_differences_and_the_datc_text() {
    pinned(
        &["compare", "--case", "6.F.24", "-v"],
        include_str!("pinned/compare-6.F.24-v.txt"),
    );
}

#[test]
fn compare_with_the_same_results_everywhere() {
    pinned(
        &["compare", "--case", "6.B.13", "--rulesets", "all", "-v"],
        include_str!("pinned/compare-6.B.13-v.txt"),
    );
}

#[test]
fn datc_text_json_and_all_rulesets() {
    pinned(
        &["datc", "--case", "6.A", "-v"],
        include_str!("pinned/datc-6.A-v.txt"),
    );
    pinned(
        &["datc", "--case", "6.A", "--all-rulesets"],
        include_str!("pinned/datc-6.A-all.txt"),
    );
    pinned(
        &["datc", "--case", "6.A", "--format", "json"],
        include_str!("pinned/datc-6.A.json"),
    );
}

#[test]
fn replay_text_and_json() {
    pinned(
        &["replay", "examples/records/game_1.txt"],
        include_str!("pinned/replay-game_1.txt"),
    );
    pinned(
        &["replay", "examples/records/game_1.txt", "--format", "json"],
        include_str!("pinned/replay-game_1.json"),
    );
}

#[test]
fn adjudicate_one_phase() {
    pinned(
        &["adjudicate", "--orders", "examples/orders/spring-1901.txt"],
        include_str!("pinned/adjudicate-spring-1901.txt"),
    );
}

/// A fresh directory for this test's files.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the test directory");
    dir
}

#[test]
fn game_orders_show_adjudicate_and_history() {
    let dir = fresh_dir("pinned-game");
    let game = dir.join("g.toml");
    let g = game.to_str().unwrap();
    let orders = dir.join("o.txt");
    std::fs::write(
        &orders,
        "England:\nF lon - mun\nA lvp - wal\nF edi - nwg\nFrance:\nA par - bur\nA mar S A par - bur\n",
    )
    .unwrap();
    let more = dir.join("e.txt");
    std::fs::write(&more, "F lon - eng\n").unwrap();
    run(&["game", "new", g]);
    let sent = run(&["game", "orders", g, orders.to_str().unwrap()])
        + &run(&[
            "game",
            "orders",
            g,
            "--power",
            "England",
            "--adds",
            more.to_str().unwrap(),
        ])
        + &run(&["game", "orders", g, "--power", "Russia", "--ready"]);
    assert_eq!(sent, include_str!("pinned/game-orders.txt"));
    pinned(&["game", "show", g], include_str!("pinned/game-show.txt"));
    pinned(
        &["game", "show", g, "--power", "England"],
        include_str!("pinned/game-show-england.txt"),
    );
    pinned(
        &["game", "show", g, "--public"],
        include_str!("pinned/game-show-public.txt"),
    );
    pinned(
        &["game", "show", g, "--format", "json"],
        include_str!("pinned/game-show.json"),
    );
    pinned(
        &["game", "adjudicate", g],
        include_str!("pinned/game-adjudicate.txt"),
    );
    pinned(
        &["game", "history", g],
        include_str!("pinned/game-history.txt"),
    );
}

/// The lines of the picture `path` that draw orders (one `<g class="order" ...>` each).
fn order_lines(path: &Path) -> String {
    let svg = std::fs::read_to_string(path).expect("read the picture");
    svg.lines()
        .filter(|l| l.starts_with("<g class=\"order\""))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn drawn_orders() {
    let dir = fresh_dir("pinned-render");
    let picture = dir.join("r.svg");
    let p = picture.to_str().unwrap();
    run(&[
        "render",
        "--orders",
        "examples/orders/spring-1901.txt",
        "--out",
        p,
    ]);
    assert_eq!(
        order_lines(&picture),
        include_str!("pinned/render-spring-1901-orders.svg.txt")
    );
    run(&[
        "compare",
        "--case",
        "6.F.24",
        "--rulesets",
        "datc",
        "--render",
        p,
    ]);
    assert_eq!(
        order_lines(&picture),
        include_str!("pinned/compare-6.F.24-render-orders.svg.txt")
    );
}
