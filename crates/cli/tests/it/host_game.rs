//! Issue 29's "done when" through `diplo game`: the host's two-year standard game (the 2000
//! rules plus a house rule, seven powers) as `crates/game/tests/it/host.rs` plays it through
//! the library, each command at its own time (`DIPLO_NOW`). The expectations are the same
//! ones, worked out from the rules; the game file is read back with the library to check them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use diplo_game::{EndedBy, Game};

use crate::support::{s, temp_dir};

/// `2026-11-27T12:00:00Z` plus `hours` (the game starts at noon, 27 November 2026).
fn at(hours: u32) -> String {
    let (day, hour) = (27 + (12 + hours) / 24, (12 + hours) % 24);
    let (month, day) = if day > 30 { (12, day - 30) } else { (11, day) };
    format!("2026-{month:02}-{day:02}T{hour:02}:00:00Z")
}

fn run(args: &[&str], hours: u32) -> Output {
    Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(args)
        .env("DIPLO_NOW", at(hours))
        .output()
        .expect("run diplo")
}

/// `diplo args` at the hour given, which must succeed: its standard output and error.
fn ok(args: &[&str], hours: u32) -> String {
    let o = run(args, hours);
    let out = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "diplo {args:?} failed:\n{out}");
    out
}

struct Table {
    file: PathBuf,
}

impl Table {
    fn g(&self) -> &str {
        s(&self.file)
    }

    fn game(&self) -> Game {
        Game::load(&self.file).unwrap()
    }

    /// `power` sends `orders` at the hour given (`extra`: `--adds` ...).
    fn send(&self, power: &str, orders: &str, hours: u32, extra: &[&str]) -> Output {
        let path = self.file.with_file_name(format!("{power}-{hours}.txt"));
        std::fs::write(&path, orders).unwrap();
        let mut args = vec!["game", "orders", self.g(), "--power", power, s(&path)];
        args.extend_from_slice(extra);
        run(&args, hours)
    }

    fn sent(&self, power: &str, orders: &str, hours: u32) -> String {
        let o = self.send(power, orders, hours, &[]);
        let out =
            String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{power} at {hours}: {out}");
        out
    }

    fn adjudicate(&self, hours: u32) -> String {
        ok(&["game", "adjudicate", self.g()], hours)
    }

    fn phase(&self) -> String {
        let g = self.game();
        g.phase().name(&g.map).to_string()
    }

    fn deadline(&self) -> Option<String> {
        self.game().deadline.map(diplo_game::time::format_rfc3339)
    }

    fn units(&self, power: &str) -> Vec<String> {
        let g = self.game();
        let mut u = g
            .position
            .unit_names(&g.map, g.map.power_by_name(power).unwrap());
        u.sort();
        u
    }
}

fn new_table(dir: &Path) -> Table {
    let file = dir.join("host.toml");
    ok(
        &[
            "game",
            "new",
            s(&file),
            "--ruleset",
            "2000",
            "--set",
            "paradox_fallback=szykman",
            "--deadlines",
            "movement=48h,retreat=24h,adjustment=24h",
        ],
        0,
    );
    let t = Table { file };
    ok(&["game", "player", t.g(), "Austria", "Anton"], 0);
    t
}

#[test]
fn the_host_s_two_year_game_through_diplo_game() {
    let dir = temp_dir("host-game");
    let t = new_table(&dir);
    assert_eq!(t.deadline(), Some(at(48)));

    // Spring 1901: France changes one order with --adds; England is late (accepted); Turkey
    // sends nothing.
    t.sent("Austria", "A vie - gal\nA bud H\nF tri - alb\n", 1);
    t.sent("France", "A par - bur\nA mar - spa\nF bre - mao\n", 2);
    let o = t.send("France", "F bre - eng\n", 3, &["--adds"]);
    assert!(o.status.success());
    let said =
        String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(said.contains("replaces F bre - mao"), "{said}");
    t.sent("Germany", "A mun - ruh\nA ber - mun\nF kie - den\n", 4);
    t.sent("Italy", "A ven H\nA rom - apu\nF nap - ion\n", 5);
    t.sent(
        "Russia",
        "A war - ukr\nA mos H\nF sev - rum\nF stp/sc - bot\n",
        6,
    );
    let not_due = run(&["game", "adjudicate", t.g(), "--if-due"], 47);
    assert_eq!(
        not_due.status.code(),
        Some(3),
        "not due before the deadline"
    );
    t.sent("England", "F lon - nth\nF edi - nwg\nA lvp - yor\n", 49);
    assert!(
        t.game().order_sets.iter().all(|s| !s.late),
        "accept: not marked"
    );
    ok(&["game", "adjudicate", t.g(), "--if-due"], 50);
    assert_eq!(t.phase(), "Fall 1901 Movement");
    assert_eq!(t.deadline(), Some(at(98)));
    assert_eq!(t.units("France"), ["A bur", "A spa", "F eng"]);

    // Fall 1901: Austria into civil disorder; late sets flagged; Germany's comes late.
    ok(&["game", "disorder", t.g(), "Austria"], 51);
    let bad = run(
        &["game", "deadline", t.g(), "--late-orders", "sometimes"],
        51,
    );
    assert!(!bad.status.success());
    let why = String::from_utf8_lossy(&bad.stderr);
    assert!(
        why.contains("late_orders `sometimes`: expected accept"),
        "{why}"
    );
    ok(
        &["game", "deadline", t.g(), "--late-orders", "accept-flagged"],
        51,
    );
    t.sent("Austria", "A gal - war\n", 52);
    t.sent("England", "F nth - nwy\nF nwg H\nA yor H\n", 60);
    t.sent("France", "A bur H\nA spa - por\nF eng - bel\n", 60);
    t.sent("Italy", "A ven - tri\nA apu H\nF ion - tun\n", 61);
    t.sent("Russia", "F bot - swe\nF rum H\nA ukr H\nA mos H\n", 62);
    let late = t.sent("Germany", "A ruh - bur\nA mun S A ruh - bur\nF den H\n", 99);
    assert!(late.contains("late"), "{late}");
    t.adjudicate(100);
    assert_eq!(t.phase(), "Fall 1901 Retreat");
    assert_eq!(t.deadline(), Some(at(124)));
    t.sent("France", "A bur - par\n", 101);
    t.adjudicate(102);

    // Winter 1901: builds, and Austria's removal by the 2000 rule (F Albania, the only unit
    // outside its home country); rolled back and played again the same.
    assert_eq!(t.phase(), "Winter 1901 Adjustment");
    assert_eq!(t.deadline(), Some(at(126)));
    t.sent("England", "Build F edi\n", 103);
    t.sent("France", "Build A mar\nBuild F bre\n", 103);
    t.sent("Germany", "Build A ber\n", 104);
    t.sent("Italy", "Build A ven\nBuild F nap\n", 104);
    t.sent("Russia", "Build A war\nBuild F sev\n", 105);
    let received = t.game().order_sets;
    let first = t.adjudicate(110);
    assert!(
        first.contains("the unit farthest from the home country goes first"),
        "{first}"
    );
    assert!(first.contains("F Albania is 1 move away"), "{first}");
    assert!(
        first.contains("note: Austria is in civil disorder by the game master's hand"),
        "{first}"
    );
    assert!(
        !first.contains("Turkey sent"),
        "Turkey has nothing to adjust: {first}"
    );
    assert_eq!(t.units("Austria"), ["A bud", "A gal"]);
    let rolled = ok(&["game", "rollback", t.g()], 111);
    assert!(rolled.contains("count again, as they were"), "{rolled}");
    let g = t.game();
    assert_eq!(g.order_sets, received);
    assert_eq!(
        g.schedule.describe(),
        "movement=48h,retreat=24h,adjustment=24h"
    );
    assert_eq!(t.deadline(), Some(at(135)));
    let again = t.adjudicate(112);
    // The same Winter; only the next deadline moved, by the two hours the rollback took.
    let upto = |out: &str| out[..out.find("Deadline of").unwrap()].to_string();
    assert_eq!(upto(&again), upto(&first), "the same Winter");
    assert_eq!(t.deadline(), Some(at(160)));
    assert_eq!(
        t.units("Russia"),
        ["A mos", "A ukr", "A war", "F rum", "F sev", "F swe"]
    );

    // Spring 1902: Dana takes Austria over; late orders refused now.
    ok(
        &[
            "game",
            "disorder",
            t.g(),
            "Austria",
            "--end",
            "--player",
            "Dana",
        ],
        113,
    );
    ok(&["game", "deadline", t.g(), "--late-orders", "refuse"], 113);
    t.sent("Austria", "A bud H\nA gal H\n", 114);
    t.sent("Russia", "A mos - lvn\n", 120);
    let refused = t.send("Russia", "A mos - stp\n", 161, &[]);
    assert!(!refused.status.success());
    let why = String::from_utf8_lossy(&refused.stderr);
    assert!(why.contains("refuses late orders"), "{why}");
    t.adjudicate(162);
    assert!(t.units("Russia").contains(&"A lvn".to_string()));
    assert_eq!(t.phase(), "Fall 1902 Movement");

    // Fall 1902: a draw among the seven, secret until the last vote passes it.
    ok(
        &["game", "draw", t.g(), "--power", "France", "propose"],
        163,
    );
    for p in ["England", "Germany", "Italy", "Russia", "Turkey"] {
        ok(&["game", "draw", t.g(), "--power", p, "yes"], 164);
    }
    let public = ok(&["game", "show", t.g(), "--public"], 164);
    assert!(!public.contains("votes seen"), "{public}");
    let over = ok(&["game", "draw", t.g(), "--power", "Austria", "yes"], 165);
    assert!(over.contains("Game over"), "{over}");
    let g = t.game();
    let e = g.ended.clone().unwrap();
    assert_eq!(e.by, EndedBy::DrawVote);
    assert_eq!(e.draw.len(), 7);

    // The history: phases, who played Austria when, the ending; no orders received.
    let out = ok(&["game", "history", t.g(), "--format", "json"], 166);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["phases"].as_array().unwrap().len(), 5);
    assert_eq!(v["ended"]["by"], "draw-vote");
    let austria: Vec<(Option<&str>, bool)> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["player"].as_str(), p["disorder"].as_bool().unwrap()))
        .collect();
    assert_eq!(
        austria,
        [(Some("Anton"), false), (None, true), (Some("Dana"), false)]
    );
    assert!(!out.contains("\"received\""));
    let text = ok(&["game", "history", t.g()], 166);
    assert!(
        text.contains("Austria: Anton from Spring 1901 Movement"),
        "{text}"
    );
}
