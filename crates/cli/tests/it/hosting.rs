//! `diplo game` for a host running a real game: what each power and the public may see,
//! withdrawn and replaced order sets, readiness and deadlines (`adjudicate --if-due`, with the
//! clock fixed by `DIPLO_NOW`), rollback, and the summaries after a Fall and in a Winter.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use diplo_game::Game;

use crate::support::{s, temp_dir};

fn run(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_diplo"));
    c.args(args).env_remove("DIPLO_NOW");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("run diplo")
}

fn ok_env(args: &[&str], env: &[(&str, &str)]) -> (String, String) {
    let o = run(args, env);
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    );
    assert!(o.status.success(), "diplo {args:?} failed:\n{out}{err}");
    (out, err)
}

fn ok(args: &[&str]) -> String {
    ok_env(args, &[]).0
}

/// Runs `game adjudicate --if-due` expecting "not due": exit status 3, what it printed.
fn not_due(file: &Path, env: &[(&str, &str)]) -> String {
    let o = run(&["game", "adjudicate", s(file), "--if-due"], env);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(o.status.code(), Some(3), "not due must exit 3: {out}");
    out
}

fn fails(args: &[&str]) -> String {
    let o = run(args, &[]);
    assert!(!o.status.success(), "diplo {args:?} should fail");
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Writes an orders file and submits it for `power` (extra flags after).
fn submit(dir: &Path, file: &Path, power: &str, orders: &str, extra: &[&str]) -> (String, String) {
    let path = dir.join(format!("{power}.txt"));
    std::fs::write(&path, orders).unwrap();
    let mut args = vec!["game", "orders", s(file), "--power", power, s(&path)];
    args.extend_from_slice(extra);
    ok_env(&args, &[])
}

const FRANCE_SPRING: &str = "A par - bur\nA mar - spa\nF bre - mao\n";
const FRANCE_FALL: &str = "A bur - bel\nF mao - por\nA spa H\n";

/// A game where France alone orders: after Fall 1901 it owns bel, por and spa and builds.
fn game_to_fall(name: &str) -> (PathBuf, PathBuf) {
    let dir = temp_dir(name);
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    submit(&dir, &file, "France", FRANCE_SPRING, &[]);
    ok(&["game", "adjudicate", s(&file)]);
    (dir, file)
}

#[test]
fn each_power_sees_its_own_orders_and_the_public_sees_only_who_submitted() {
    let dir = temp_dir("views");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    submit(&dir, &file, "France", FRANCE_SPRING, &["--ready"]);
    submit(&dir, &file, "Germany", "A ber - kie\nA mun - ruh\n", &[]);

    let host = ok(&["game", "show", s(&file)]);
    assert!(
        host.contains("A par - bur") && host.contains("A mun - ruh"),
        "{host}"
    );

    let france = ok(&["game", "show", s(&file), "--power", "France"]);
    assert!(france.contains("A par - bur"), "{france}");
    assert!(
        !france.contains("A mun - ruh"),
        "France sees Germany's orders:\n{france}"
    );
    assert!(
        france.contains("France     orders received (1 set), ready"),
        "{france}"
    );
    assert!(
        france.contains("Germany    orders received (1 set)\n"),
        "{france}"
    );
    assert!(france.contains("Austria    no orders yet"), "{france}");

    let public = ok(&["game", "show", s(&file), "--public"]);
    assert!(
        !public.contains("A par - bur") && !public.contains("A mun - ruh"),
        "{public}"
    );
    assert!(public.contains("Germany    orders received"), "{public}");

    let json = ok(&[
        "game",
        "show",
        s(&file),
        "--power",
        "Germany",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let sets = v["order_sets"].as_array().unwrap();
    assert_eq!(sets.len(), 1);
    assert_eq!(sets[0]["power"], "Germany");
    assert_eq!(v["powers"]["France"]["ready"], true);
    assert_eq!(v["powers"]["France"]["submitted"], true);
    assert_eq!(v["powers"]["Italy"]["submitted"], false);
    let public: serde_json::Value = serde_json::from_str(&ok(&[
        "game",
        "show",
        s(&file),
        "--public",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(public["order_sets"].as_array().unwrap().len(), 0);

    let e = fails(&["game", "show", s(&file), "--power", "Frnace"]);
    assert!(e.contains("unknown power `Frnace`"), "{e}");
}

#[test]
fn a_withdrawn_set_gives_way_to_the_earlier_one_and_replacements_are_named() {
    let dir = temp_dir("withdraw");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    submit(&dir, &file, "France", FRANCE_SPRING, &[]);
    let (out, _) = submit(
        &dir,
        &file,
        "France",
        "A par H\nA mar H\nF bre H\n",
        &["--ready"],
    );
    assert!(
        out.contains("note: France: order set 2 orders every unit and replaces set 1"),
        "{out}"
    );
    let show = ok(&["game", "show", s(&file)]);
    assert!(show.contains("replaces set 1"), "{show}");

    let out = ok(&[
        "game",
        "orders",
        s(&file),
        "--power",
        "France",
        "--withdraw",
    ]);
    assert!(
        out.contains("France: order set 2 withdrawn (3 orders)"),
        "{out}"
    );
    assert!(out.contains("France: set 1 counts (3 orders)"), "{out}");
    let game = Game::load(&file).unwrap();
    assert_eq!(game.order_sets.len(), 1);
    assert!(game.ready.is_empty(), "a withdrawal takes readiness back");

    ok(&[
        "game",
        "orders",
        s(&file),
        "--power",
        "France",
        "--withdraw",
    ]);
    let e = fails(&[
        "game",
        "orders",
        s(&file),
        "--power",
        "France",
        "--withdraw",
    ]);
    assert!(
        e.contains("France has no order set for Spring 1901 Movement to withdraw"),
        "{e}"
    );
}

#[test]
fn a_legal_build_set_replaced_by_an_illegal_one_is_warned_about_loudly() {
    let (dir, file) = game_to_fall("ignored");
    submit(&dir, &file, "France", FRANCE_FALL, &[]);
    ok(&["game", "adjudicate", s(&file)]);
    let (_, err) = submit(
        &dir,
        &file,
        "France",
        "Build A par\nBuild A mar\nBuild F bre\n",
        &[],
    );
    assert_eq!(err, "", "a legal set gets no warning");
    let (out, err) = submit(
        &dir,
        &file,
        "France",
        "Build A bel\nBuild A spa\nBuild F por\n",
        &[],
    );
    assert!(
        out.contains("order set 2 orders every unit and replaces set 1"),
        "{out}"
    );
    assert!(
        err.contains("warning: France: 3 of the 3 orders that count (set 2) will be IGNORED"),
        "{err}"
    );
    assert!(err.contains("set 1 no longer counts"), "{err}");
    let show = ok(&["game", "show", s(&file)]);
    assert!(show.contains("will be IGNORED"), "{show}");
    let public = ok(&["game", "show", s(&file), "--public"]);
    assert!(!public.contains("IGNORED"), "{public}");
}

#[test]
fn summaries_after_a_fall_and_in_a_winter() {
    let (dir, file) = game_to_fall("summaries");
    submit(&dir, &file, "France", FRANCE_FALL, &[]);
    let out = ok(&["game", "adjudicate", s(&file)]);
    assert!(out.contains("Supply centres after Fall 1901:"), "{out}");
    assert!(
        out.contains("  France gains bel (neutral), por (neutral), spa (neutral); now 6"),
        "{out}"
    );
    assert!(
        out.contains("  Germany: A Berlin (no order) -> holds"),
        "{out}"
    );
    assert!(
        out.contains("France: 3 builds; sites: bre, mar, par"),
        "{out}"
    );

    let show = ok(&["game", "show", s(&file)]);
    assert!(show.contains("Builds and removals due:"), "{show}");
    assert!(
        show.contains("France: 3 builds; sites: bre, mar, par"),
        "{show}"
    );
    assert!(show.contains("France gains bel (neutral)"), "{show}");

    let history = ok(&["game", "history", s(&file)]);
    assert!(
        history.starts_with("standard map, ruleset datc\n"),
        "{history}"
    );
    assert!(
        history.contains("  Supply centres after Fall 1901:"),
        "{history}"
    );
    assert!(
        history.contains("  Italy: A Rome (no order) -> holds"),
        "{history}"
    );

    let v: serde_json::Value =
        serde_json::from_str(&ok(&["game", "history", s(&file), "--format", "json"])).unwrap();
    let fall = &v[1];
    assert_eq!(fall["phase"], "Fall 1901 Movement");
    let changes = fall["summary"]["centre_changes"].as_array().unwrap();
    assert_eq!(changes.len(), 3);
    assert_eq!(changes[0]["centre"], "bel");
    assert_eq!(changes[0]["to"], "France");
    assert!(changes[0]["from"].is_null());

    // Into the Winter: the history shows the builds due for it.
    submit(&dir, &file, "France", "Build A par\n", &[]);
    ok(&["game", "adjudicate", s(&file)]);
    let history = ok(&["game", "history", s(&file)]);
    assert!(history.contains("Winter 1901 Adjustment\n  Builds and removals due:\n    France: 3 builds; sites: bre, mar, par"), "{history}");
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["game", "history", s(&file), "--format", "json"])).unwrap();
    assert_eq!(v[2]["summary"]["adjustments"][0]["builds"], 3);
}

#[test]
fn a_rollback_keeps_the_undone_phases_and_adjudicates_again_the_same() {
    let (dir, file) = game_to_fall("rollback");
    let at_fall = dir.join("at-fall.toml");
    std::fs::copy(&file, &at_fall).unwrap();
    submit(&dir, &file, "France", FRANCE_FALL, &[]);
    let first = ok(&["game", "adjudicate", s(&file)]);
    let history = ok(&["game", "history", s(&file), "--format", "json"]);
    submit(&dir, &file, "France", "Build A par\n", &[]);

    let e = fails(&["game", "rollback", s(&file), "--to", "Fall 1905 Movement"]);
    assert!(e.contains("is not a phase of this game's history"), "{e}");
    let e = fails(&["game", "rollback", s(&file), "--to", "Autumn 1901"]);
    assert!(e.contains("--to `Autumn 1901`"), "{e}");

    let out = ok_env(
        &["game", "rollback", s(&file)],
        &[("DIPLO_NOW", "2026-11-24T18:00:00Z")],
    )
    .0;
    assert!(out.contains("rolled back from Winter 1901 Adjustment to the start of Fall 1901 Movement (1 phase taken back"), "{out}");
    let back = Game::load(&file).unwrap();
    let before = Game::load(&at_fall).unwrap();
    assert_eq!(back.position, before.position);
    assert_eq!(back.produced, before.produced);
    assert_eq!(back.history, before.history);
    // France's Fall orders are back, as they were: nobody sends them again.
    assert!(
        out.contains(
            "the 1 order set received for Fall 1901 Movement count again, as they were (France)"
        ),
        "{out}"
    );
    assert_eq!(back.order_sets.len(), 1);
    assert_eq!(back.order_sets[0].orders.len(), 3);
    assert_eq!(back.undone.len(), 1);
    let u = &back.undone[0];
    assert_eq!(
        (u.from.as_str(), u.to.as_str()),
        ("Winter 1901 Adjustment", "Fall 1901 Movement")
    );
    assert_eq!(u.at.as_deref(), Some("2026-11-24T18:00:00Z"));
    assert_eq!(u.phases.len(), 1);
    assert_eq!(u.pending.len(), 1, "the pending build set is kept");
    assert_eq!(u.pending[0].lines, vec!["B A par".to_string()]);

    // Played again, it comes out the same, and the undone phases stay.
    assert_eq!(ok(&["game", "adjudicate", s(&file)]), first);
    assert_eq!(
        ok(&["game", "history", s(&file), "--format", "json"]),
        history
    );
    assert_eq!(Game::load(&file).unwrap().undone.len(), 1);
    let text = ok(&["game", "history", s(&file)]);
    assert!(text.contains("Rolled back at 2026-11-24T18:00:00Z from Winter 1901 Adjustment to Fall 1901 Movement: 1 phase kept as [[undone]]"), "{text}");

    // Two phases back at once, to the very start.
    let out = ok(&["game", "rollback", s(&file), "--to", "Spring 1901 Movement"]);
    assert!(out.contains("(2 phases taken back"), "{out}");
    let g = Game::load(&file).unwrap();
    assert!(g.history.is_empty());
    assert_eq!(g.undone.len(), 2);
    let e = fails(&["game", "rollback", s(&file)]);
    assert!(e.contains("nothing to roll back"), "{e}");
}

#[test]
fn if_due_waits_for_readiness_or_the_deadline() {
    let dir = temp_dir("if-due");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    let early = [("DIPLO_NOW", "2026-11-24T17:00:00Z")];
    let late = [("DIPLO_NOW", "2026-11-24T18:00:00Z")];

    // Not due: nobody ready, no deadline; exit status 3 and nothing changes.
    let text = std::fs::read_to_string(&file).unwrap();
    let out = not_due(&file, &early);
    assert!(out.contains("Spring 1901 Movement not due: waiting for Austria, England, France, Germany, Italy, Russia, Turkey to be ready; no deadline is set"), "{out}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);

    // A bad deadline is refused with where it goes wrong.
    let e = fails(&["game", "deadline", s(&file), "2026-11-31T18:00:00Z"]);
    assert!(
        e.contains("deadline `2026-11-31T18:00:00Z`: parsed date is not valid: parameter 'day' for `2026-11` is invalid"),
        "{e}"
    );
    ok(&["game", "deadline", s(&file), "2026-11-24T19:00:00+01:00"]);
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("deadline = \"2026-11-24T18:00:00Z\""));
    let out = not_due(&file, &early);
    assert!(
        out.contains("the deadline 2026-11-24T18:00:00Z is in 1 h 0 min"),
        "{out}"
    );

    // Due by readiness: every power says so (France with orders, the others without).
    submit(&dir, &file, "France", FRANCE_SPRING, &["--ready"]);
    for p in ["Austria", "England", "Germany", "Italy", "Russia"] {
        ok(&["game", "orders", s(&file), "--power", p, "--ready"]);
    }
    let out = not_due(&file, &early);
    assert!(out.contains("waiting for Turkey to be ready"), "{out}");
    ok(&["game", "orders", s(&file), "--power", "Turkey", "--ready"]);
    ok(&[
        "game",
        "orders",
        s(&file),
        "--power",
        "Turkey",
        "--not-ready",
    ]);
    let out = not_due(&file, &early);
    assert!(out.contains("waiting for Turkey"), "{out}");
    ok(&["game", "orders", s(&file), "--power", "Turkey", "--ready"]);
    let (out, _) = ok_env(&["game", "adjudicate", s(&file), "--if-due"], &early);
    assert!(
        out.starts_with("Spring 1901 Movement due: every power that must order is ready"),
        "{out}"
    );
    assert!(
        out.contains("France: A Paris - Burgundy -> succeeds"),
        "{out}"
    );
    let g = Game::load(&file).unwrap();
    assert!(
        g.ready.is_empty() && g.deadline.is_none(),
        "a new phase starts afresh"
    );

    // Due by the deadline: France ready, the others late (civil disorder, as ever).
    submit(&dir, &file, "France", FRANCE_FALL, &["--ready"]);
    ok(&["game", "deadline", s(&file), "2026-11-24T18:00:00Z"]);
    let out = not_due(&file, &early);
    assert!(out.contains("Fall 1901 Movement not due"), "{out}");
    let (out, _) = ok_env(&["game", "adjudicate", s(&file), "--if-due"], &late);
    assert!(out.starts_with("Fall 1901 Movement due: the deadline 2026-11-24T18:00:00Z has passed; not ready: Austria, England, Germany, Italy, Russia, Turkey; no orders from Austria, England, Germany, Italy, Russia, Turkey (civil disorder)"), "{out}");
    assert!(
        out.contains("note: Germany sent no orders (civil disorder)"),
        "{out}"
    );

    let bad = run(
        &["game", "adjudicate", s(&file), "--if-due"],
        &[("DIPLO_NOW", "soon")],
    );
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("DIPLO_NOW=`soon`: failed to parse"));
}

#[test]
fn game_files_without_the_new_sections_still_load_and_bad_ones_are_located() {
    // A file as diplo wrote it before readiness, deadlines and rollbacks existed.
    let (dir, file) = game_to_fall("old-files");
    submit(&dir, &file, "France", FRANCE_FALL, &[]);
    let text = std::fs::read_to_string(&file).unwrap();
    for new in ["deadline", "ready", "[[undone]]"] {
        assert!(
            !text.contains(new),
            "{new} written for a game that does not use it"
        );
    }
    let g = Game::load(&file).unwrap();
    assert_eq!(g.to_toml(), text, "an old file is written back unchanged");
    assert!(ok(&["game", "show", s(&file)]).contains("Phase: Fall 1901 Movement"));

    let bad = text.replacen(
        "map = \"standard\"\n",
        "map = \"standard\"\ndeadline = \"2026-02-30T00:00:00Z\"\nready = [\"Frnace\"]\n",
        1,
    );
    std::fs::write(&file, &bad).unwrap();
    let e = fails(&["game", "show", s(&file)]);
    let line = bad.lines().position(|l| l.starts_with("deadline")).unwrap() + 1;
    assert!(
        e.contains(&format!(
            "g.toml:{line}:13: deadline `2026-02-30T00:00:00Z`: parsed date is not valid: parameter 'day' for `2026-02` is invalid"
        )),
        "{e}"
    );
    assert!(
        e.contains(&format!("g.toml:{}:10: unknown power `Frnace`", line + 1)),
        "{e}"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        bad,
        "never overwritten"
    );
}

#[test]
fn a_rollback_over_the_phase_limit_is_refused_and_changes_nothing() {
    let (dir, file) = game_to_fall("rollback-limit");
    submit(&dir, &file, "France", FRANCE_FALL, &[]);
    let env = [("DIPLO_MAX_PHASES", "2")];
    ok_env(&["game", "adjudicate", s(&file)], &env);
    // One phase back fits: the file then holds one undone phase and reads under the limit.
    ok_env(&["game", "rollback", s(&file)], &env);
    submit(&dir, &file, "France", FRANCE_FALL, &[]);
    ok_env(&["game", "adjudicate", s(&file)], &env);
    // Two more would make three undone phases: refused, nothing changed.
    let text = std::fs::read_to_string(&file).unwrap();
    let o = run(
        &["game", "rollback", s(&file), "--to", "Spring 1901 Movement"],
        &env,
    );
    assert!(!o.status.success());
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("3 phases would be kept as [[undone]]") && e.contains("DIPLO_MAX_PHASES"),
        "{e}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    ok_env(&["game", "show", s(&file)], &env);
}

/// Issue 34 item 1: what a game accepts it can read back. A command whose game file would be
/// larger than diplo reads is refused, and the file on disk stays as it was and readable.
#[test]
fn a_game_is_never_saved_larger_than_diplo_reads() {
    let dir = temp_dir("size-bound");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    let before = std::fs::read_to_string(&file).unwrap();
    let limit = (before.len() + 300).to_string();
    let small = [("DIPLO_MAX_FILE_BYTES", limit.as_str())];
    // Many different orders (each a move England's army may not make): legal to send.
    let map = diplo_map::Map::standard();
    let orders: String = map
        .provinces()
        .iter()
        .map(|p| format!("A lvp - {}\n", p.name))
        .collect();
    let path = dir.join("o.txt");
    std::fs::write(&path, orders).unwrap();
    let o = run(
        &["game", "orders", s(&file), "--power", "England", s(&path)],
        &small,
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    assert!(err.contains("nothing was saved"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    ok_env(&["game", "show", s(&file)], &small);
}
