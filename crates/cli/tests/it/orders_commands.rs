//! `diplo orders check`: normalised orders, located errors, the orders limit.

use std::process::Command;

use crate::support::{diplo_in_root as diplo, stderr, stdout, temp_file};

#[test]
fn orders_check_rejects_a_missing_file_and_a_missing_map() {
    let o = diplo(&["orders", "check", "no/such/orders.txt"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("error: no/such/orders.txt: cannot read the file"),
        "{}",
        stderr(&o)
    );

    let o = diplo(&[
        "orders",
        "check",
        "--map",
        "nowhere.toml",
        "examples/orders/spring-1901.txt",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("error: nowhere.toml: no such map file"));
}

#[test]
fn orders_check_normalises_the_spring_1901_example() {
    let o = diplo(&[
        "orders",
        "check",
        "--map",
        "standard",
        "examples/orders/spring-1901.txt",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 22, "{out}");
    for expected in [
        "line 8: AUS: A vie - gal",
        "line 13: ENG: F edi - nwg",
        "line 14: ENG: F lon - eng",
        "line 20: FRA: A mar S A par - bur",
        "line 36: RUS: F stp/sc - bot",
        "line 40: TUR: A con - bul",
        "line 41: TUR: A smy - arm",
    ] {
        assert!(
            out.lines().any(|l| l == expected),
            "no `{expected}` in\n{out}"
        );
    }

    // The normalised form reads back to itself.
    let normalised: String = out
        .lines()
        .map(|l| l.split_once(": ").unwrap().1.to_string() + "\n")
        .collect();
    let path = temp_file("normalised.txt", &normalised);
    let again = diplo(&["orders", "check", path.to_str().unwrap()]);
    assert!(again.status.success(), "{}", stderr(&again));
    let reread: String = stdout(&again)
        .lines()
        .map(|l| l.split_once(": ").unwrap().1.to_string() + "\n")
        .collect();
    assert_eq!(reread, normalised);
}

#[test]
fn orders_check_reports_located_errors() {
    let path = temp_file("bad-orders.txt", "England:\nF lon - xyz\nA lvp - yor\n");
    let o = diplo(&["orders", "check", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let expected = format!("error: {}:2:", path.display());
    assert!(stderr(&o).starts_with(&expected), "{}", stderr(&o));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    assert!(
        stdout(&o).contains("line 3: ENG: A lvp - yor"),
        "{}",
        stdout(&o)
    );
}

/// Issue 34 item 20: `orders check` stops where `adjudicate` does (the orders-per-phase limit),
/// so what it accepts can be adjudicated.
#[test]
fn orders_check_keeps_the_orders_limit() {
    let dir = std::env::temp_dir().join(format!("diplo-orders-limit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("o.txt");
    std::fs::write(&path, "ENG: A lvp H\n".repeat(11)).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["orders", "check", path.to_str().unwrap()])
        .env("DIPLO_MAX_ORDERS", "10")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    assert!(
        err.contains("11 orders") && err.contains("DIPLO_MAX_ORDERS"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
