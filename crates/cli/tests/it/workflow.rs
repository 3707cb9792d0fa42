//! `diplo game` for a game master: a deadline schedule set once, late orders under the house
//! rule, a rollback that keeps the orders received and gives the phase its deadline again (the
//! clock fixed by `DIPLO_NOW`).

use std::path::Path;
use std::process::{Command, Output};

use crate::support::{s, temp_dir};

fn run(args: &[&str], now: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(args)
        .env("DIPLO_NOW", now)
        .output()
        .expect("run diplo")
}

/// Runs `diplo args` at `now`, which must succeed: its standard output and error.
fn ok(args: &[&str], now: &str) -> String {
    let o = run(args, now);
    let out = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "diplo {args:?} failed:\n{out}");
    out
}

/// Submits `orders` for `power` at `now`.
fn send(file: &Path, power: &str, orders: &str, now: &str) -> String {
    let path = file.with_file_name(format!("{power}.txt"));
    std::fs::write(&path, orders).unwrap();
    ok(
        &["game", "orders", s(file), "--power", power, s(&path)],
        now,
    )
}

const MON: &str = "2026-11-23T12:00:00Z";
const TUE: &str = "2026-11-24T12:00:00Z";
const THU: &str = "2026-11-26T12:00:00Z";

#[test]
fn a_schedule_late_orders_and_a_rollback_that_keeps_the_orders() {
    let dir = temp_dir("gm-workflow");
    let file = dir.join("g.toml");
    let g = s(&file);
    let out = ok(
        &[
            "game",
            "new",
            g,
            "--deadlines",
            "movement=48h,retreat=24h,adjustment=24h",
            "--late-orders",
            "accept-flagged",
        ],
        MON,
    );
    assert!(out.contains("first deadline 2026-11-25T12:00:00Z"), "{out}");
    // On time, then late (after Wednesday noon): taken, and said to be late.
    send(&file, "France", "A par - bur\nA mar - spa\n", TUE);
    let late = send(&file, "England", "F lon - nth\n", THU);
    assert!(
        late.contains("England: order set 1 for Spring 1901 Movement (1 order), late"),
        "{late}"
    );
    let show = ok(&["game", "show", g], THU);
    assert!(
        show.contains("England    orders received (1 set, 1 late)"),
        "{show}"
    );
    assert!(show.contains("Deadline schedule: movement=48h,retreat=24h,adjustment=24h"));
    // The next phase gets its deadline from the schedule.
    let out = ok(&["game", "adjudicate", g], THU);
    assert!(
        out.contains("Deadline of Fall 1901 Movement: 2026-11-28T12:00:00Z"),
        "{out}"
    );
    let history = ok(&["game", "history", g], THU);
    assert!(
        history.contains(
            "note: England: order set 1 came after the deadline (late_orders = accept-flagged)"
        ),
        "{history}"
    );
    // A mistaken adjudication undone: the orders are back, with a new deadline.
    let out = ok(&["game", "rollback", g], THU);
    assert!(
        out.contains("the 2 order sets received for Spring 1901 Movement count again, as they were (England, France)"),
        "{out}"
    );
    assert!(
        out.contains("Spring 1901 Movement: deadline 2026-11-28T12:00:00Z"),
        "{out}"
    );
    let again = ok(&["game", "adjudicate", g], THU);
    assert!(
        again.contains("France: A Paris - Burgundy -> succeeds"),
        "{again}"
    );
    assert!(
        again.contains("England: F London - North Sea -> succeeds"),
        "{again}"
    );
    // The schedule changes with `game deadline --schedule`; a one-off deadline stays one.
    let out = ok(&["game", "deadline", g, "--schedule", "movement=72h"], THU);
    assert!(out.contains("deadline schedule: movement=72h"), "{out}");
    ok(&["game", "deadline", g, "2026-12-01T00:00:00Z"], THU);
    ok(&["game", "adjudicate", g], THU);
    // France took Spain: a Winter, which the new schedule gives no deadline.
    let show = ok(&["game", "show", g], THU);
    assert!(show.contains("Phase: Winter 1901 Adjustment"), "{show}");
    assert!(!show.contains("Deadline:"), "{show}");
    let out = ok(&["game", "adjudicate", g, "--format", "json"], THU);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["next_deadline"], "2026-11-29T12:00:00Z", "{out}");
    let show = ok(&["game", "show", g], THU);
    assert!(show.contains("Deadline: 2026-11-29T12:00:00Z"), "{show}");
}

#[test]
fn late_orders_refused_and_bad_schedules_are_errors() {
    let dir = temp_dir("gm-refuse");
    let file = dir.join("g.toml");
    let g = s(&file);
    ok(
        &[
            "game",
            "new",
            g,
            "--deadlines",
            "movement=1d",
            "--late-orders",
            "refuse",
        ],
        MON,
    );
    let path = dir.join("o.txt");
    std::fs::write(&path, "A par - bur\n").unwrap();
    let o = run(&["game", "orders", g, "--power", "France", s(&path)], THU);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(err.contains("this game refuses late orders"), "{err}");
    let o = run(
        &[
            "game",
            "new",
            s(&dir.join("h.toml")),
            "--deadlines",
            "moves=2d,retreat=1x",
        ],
        MON,
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown phase kind `moves`"), "{err}");
    assert!(err.contains("`x` is not a unit"), "{err}");
    assert!(!dir.join("h.toml").exists());
}

#[test]
fn a_fleet_built_without_its_coast_is_named_at_submission_and_an_order_is_changed() {
    let dir = temp_dir("gm-submission");
    let file = dir.join("g.toml");
    let g = s(&file);
    ok(&["game", "new", g], MON);
    // One order changed by an --adds set, and said so.
    send(
        &file,
        "Russia",
        "F stp/sc - bot\nF sev - rum\nA mos - sev\n",
        MON,
    );
    let path = dir.join("amend.txt");
    std::fs::write(&path, "A mos - ukr\n").unwrap();
    let out = ok(
        &["game", "orders", g, "--power", "Russia", "--adds", s(&path)],
        MON,
    );
    assert!(
        out.contains("Russia: order set 2 for Spring 1901 Movement (1 order)")
            && out.contains(
                "note: Russia: order set 2 replaces A mos - sev (a later order for the same unit)"
            ),
        "{out}"
    );
    ok(&["game", "adjudicate", g], MON);
    send(&file, "Russia", "F bot - swe\n", MON);
    ok(&["game", "adjudicate", g], MON);
    let out = send(&file, "Russia", "B F stp\nB A mos\n", MON);
    assert!(
        out.contains(
            "  B F stp    <- warning: it will fail: a fleet built in St Petersburg must name its coast"
        ),
        "{out}"
    );
    let out = ok(&["game", "adjudicate", g], MON);
    assert!(
        out.contains("fails (a fleet built in St Petersburg must name its coast)"),
        "{out}"
    );
}
