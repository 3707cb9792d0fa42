//! Runs the built `diplo` binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root (`crates/cli/../..`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `diplo` with `args` from the workspace root.
fn diplo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run diplo")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Writes `text` to a fresh file under the test's temporary directory.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("write temporary file");
    path
}

#[test]
fn map_check_accepts_the_standard_map() {
    let o = diplo(&["map", "check", "maps/standard.toml"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "maps/standard.toml: ok (75 provinces, 34 supply centres, 7 powers, 22 units)\n"
    );
    assert_eq!(stderr(&o), "");
}

#[test]
fn map_check_reports_three_located_errors() {
    let o = diplo(&["map", "check", "crates/map/tests/data/bad.toml"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    for line in &lines {
        let rest = line
            .strip_prefix("error: crates/map/tests/data/bad.toml:")
            .unwrap_or_else(|| panic!("unlocated: {line}"));
        let mut parts = rest.splitn(3, ':');
        for _ in 0..2 {
            let n = parts.next().unwrap();
            assert!(n.parse::<usize>().is_ok_and(|n| n > 0), "{line}");
        }
    }
    assert!(
        err.contains("bad.toml:19:16: unknown province `gam`"),
        "{err}"
    );
    assert_eq!(stdout(&o), "");
}

#[test]
fn map_check_checks_every_file_and_fails_on_any_error() {
    let o = diplo(&["map", "check", "maps/standard.toml", "does/not/exist.toml"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("maps/standard.toml: ok"));
    assert!(
        stderr(&o).contains("error: does/not/exist.toml: cannot read the map file"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn map_check_reports_a_syntax_error() {
    let path = temp_file("syntax.toml", "name = \"x\"\nfirst_year = \n");
    let o = diplo(&["map", "check", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let expected = format!("error: {}:2:", path.display());
    assert!(stderr(&o).starts_with(&expected), "{}", stderr(&o));
}

#[test]
fn map_show_text_defaults_to_the_standard_map() {
    let o = diplo(&["map", "show"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Standard Diplomacy"), "{out}");
    assert!(out.contains("75 provinces, 34 supply centres, 7 powers, 22 units"));
    assert!(out.contains("Russia"), "{out}");
    assert!(out.contains("F stp/sc"), "{out}");
    assert!(out.contains("Switzerland"), "{out}");
    let spain = out.lines().find(|l| l.contains("Spain")).unwrap();
    assert!(spain.contains("nc") && spain.contains("sc"), "{spain}");

    let same = diplo(&["map", "show", "maps/standard.toml", "--format", "text"]);
    assert!(same.status.success());
    assert_eq!(stdout(&same), out);
}

#[test]
fn map_show_json_is_the_whole_map_by_name() {
    let o = diplo(&["map", "show", "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    assert_eq!(json["name"], "standard");
    assert_eq!(json["powers"].as_array().unwrap().len(), 7);
    let provinces = json["provinces"].as_array().unwrap();
    assert_eq!(provinces.len(), 76);
    let gas = provinces.iter().find(|p| p["name"] == "gas").unwrap();
    assert!(gas["fleet"]
        .as_array()
        .unwrap()
        .contains(&serde_json::Value::from("spa/nc")));
    assert!(gas["army"]
        .as_array()
        .unwrap()
        .contains(&serde_json::Value::from("spa")));
}

#[test]
fn map_show_rejects_a_missing_map_without_panicking() {
    let o = diplo(&["map", "show", "loeb8"]);
    assert!(
        stderr(&o).contains("(did you mean `loeb9`?)"),
        "{}",
        stderr(&o)
    );
    let o = diplo(&["map", "show", "no-such-map"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("error: no-such-map: no such map file"));
    assert!(!stderr(&o).contains("panicked"));
}

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

#[test]
fn datc_all_rulesets_ends_with_the_total() {
    let out = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["datc", "--all-rulesets"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("in all: ") && last.ends_with(", 0 failed"),
        "{last}"
    );
    // Every shipped profile, so that a new one cannot be left out of the run unnoticed.
    assert!(diplo_rules::EMBEDDED_RULESETS.len() >= 12);
    for (name, _) in diplo_rules::EMBEDDED_RULESETS {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{name} "))),
            "no summary line for {name}"
        );
    }
}

#[test]
fn datc_counts_chapter_6_with_its_errata_and_explains_them() {
    let o = diplo(&["datc"]);
    assert!(o.status.success(), "{}", stdout(&o));
    let text = stdout(&o);
    assert!(
        text.contains("\nDATC 3.2 chapter 6: 176 passed (5 with errata), 0 failed\n"),
        "{text}"
    );
    assert!(
        text.lines().last().unwrap().ends_with(", 0 failed"),
        "{text}"
    );
    let o = diplo(&["datc", "--case", "6.D.4"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(
        text.contains("the document writes: given")
            && text.contains("corrected to:        cut")
            && text.contains("why: ")
            && text.contains("3.2 6.D.5"),
        "{text}"
    );
    let o = diplo(&["datc", "--case", "6.F.28", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let case = &doc["rulesets"][0]["cases"][0];
    assert_eq!(case["verdict"], "passed");
    assert_eq!(case["errata"].as_array().unwrap().len(), 2);
    assert_eq!(case["errata"][0]["corrected"], "disrupted, destroyed");
    assert_eq!(doc["passed_with_errata"], 1);
}

#[test]
fn datc_counts_a_case_without_a_stated_outcome_apart_from_the_passed() {
    // 7.D.2 states no outcome ("judge this whatever you like"): nothing is checked, so it is
    // counted on a line of its own, never among the passed; the closing line keeps its shape.
    let o = diplo(&["datc"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(
        text.contains("\nDATC 2.4 chapters 7-12 (variants): 85 passed, 0 failed\n"),
        "{text}"
    );
    assert!(
        text.contains("\n1 without a stated outcome (not counted as passed): 7.D.2\n"),
        "{text}"
    );
    assert_eq!(
        text.lines().last().unwrap(),
        "in all: 273 passed (5 with errata), 0 failed"
    );
    let o = diplo(&["datc", "--case", "7.D.2"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(text.contains("7.D.2 Kruijswijk's paradox [preferred]: no stated outcome"));
    assert!(
        text.ends_with(
            "0 passed, 0 failed\n1 without a stated outcome (not counted as passed): 7.D.2\n"
        ),
        "{text}"
    );
    let o = diplo(&["datc", "--case", "7.D", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let run = &doc["rulesets"][0];
    assert_eq!(run["passed"], 1);
    assert_eq!(run["no_stated_outcome"], 1);
    assert_eq!(run["not_checked"], serde_json::json!(["7.D.2"]));
    assert_eq!(run["cases"][1]["verdict"], "no-stated-outcome");
    // Under a named ruleset it is run, but not among the cases with a stated outcome.
    let o = diplo(&["datc", "--case", "7.D", "--ruleset", "1982"]);
    let text = stdout(&o);
    assert!(
        text.starts_with("DATC cases under ruleset `1982`: 1 with a stated outcome, 0 without (not run), 1 without any (run, nothing checked)\n"),
        "{text}"
    );
    // `diplo compare` plays a variant case on its own map and marks nothing the text leaves
    // unstated.
    let o = diplo(&["compare", "--case", "7.D.2", "--rulesets", "datc-2.4,1982"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(
        text.contains("Russia: A Vladivostok - TSR - Moscow"),
        "{text}"
    );
    assert!(!text.contains("available!"), "{text}");
}

#[test]
fn compare_shows_unresolved_under_1971_and_2000() {
    let out = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args([
            "compare",
            "--case",
            "6.F.22",
            "--rulesets",
            "1971,1982,2000,datc",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let orders = doc["orders"].as_array().unwrap();
    let convoy = orders
        .iter()
        .find(|o| o["order"] == "F English Channel Convoys A Brest - London")
        .unwrap();
    assert_eq!(convoy["results"]["1971"], "unresolved");
    assert_eq!(convoy["results"]["2000"], "unresolved");
    assert_eq!(convoy["results"]["1982"], "disrupted, dislodged");
    assert_eq!(convoy["results"]["datc"], "disrupted, dislodged");
}

#[test]
fn house_rule_file_extending_2023_works_with_adjudicate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .current_dir(&root)
        .args([
            "adjudicate",
            "--ruleset",
            "examples/rulesets/house.toml",
            "--orders",
            "examples/orders/spring-1901.txt",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("ruleset house"), "{text}");
    let show = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .current_dir(&root)
        .args(["rulesets", "diff", "2023", "examples/rulesets/house.toml"])
        .output()
        .unwrap();
    let diff = String::from_utf8_lossy(&show.stdout);
    assert!(
        diff.contains("2 issues differ")
            && diff.contains("convoy_paradox")
            && diff.contains("wrong_coast"),
        "{diff}"
    );
}

#[test]
fn rulesets_list_and_bad_override() {
    let out = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["rulesets", "list"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && !text.contains("invalid"), "{text}");
    let out = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["datc", "--set", "convoy_paradox=maybe"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("\"szykman\"") && err.contains("\"1982\""),
        "{err}"
    );
}

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
fn maps_list_names_every_built_in_map_with_its_special_rules() {
    let o = diplo(&["maps", "list"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for name in ["standard", "loeb9", "colonial", "chaos", "1898"] {
        assert!(out.lines().any(|l| l.starts_with(name)), "{name}: {out}");
    }
    assert!(out.contains("railroad: Trans-Siberian Railroad"), "{out}");
    assert!(out.contains("ice: arc"), "{out}");
    let json = diplo(&["maps", "list", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    let chaos = v
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"] == "chaos")
        .unwrap();
    assert_eq!(chaos["powers"].as_array().unwrap().len(), 34);
    assert_eq!(chaos["special_rules"][0], "builds in any owned centre");
}

#[test]
fn map_show_lists_neighbours_by_name() {
    let o = diplo(&["map", "show", "standard"]);
    let out = stdout(&o);
    let spain = out.lines().find(|l| l.contains("Spain")).unwrap();
    assert!(spain.contains("army: gas mar por"), "{spain}");
    assert!(spain.contains("fleet (nc): gas mao por"), "{spain}");
    let loeb9 = stdout(&diplo(&["map", "show", "loeb9"]));
    assert!(loeb9.contains("Special rules: ice: arc"), "{loeb9}");
}

#[test]
fn map_check_warns_when_no_power_can_win() {
    let text = std::fs::read_to_string(root().join("maps/standard.toml"))
        .unwrap()
        .replace("victory_centres = 18", "victory_centres = 40");
    let path = temp_file("greedy.toml", &text);
    let o = diplo(&["map", "check", path.to_str().unwrap()]);
    assert!(o.status.success(), "a warning is not an error");
    assert!(
        stderr(&o).contains("warning:")
            && stderr(&o).contains("victory needs 40 supply centres but the map has 34"),
        "{}",
        stderr(&o)
    );
    let o = diplo(&["map", "check", "colonial", "loeb9"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("colonial: ok (119 provinces"),
        "{}",
        stdout(&o)
    );
}

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

/// DATC 6.F.22's position and orders (a paradox the 1971 and 2000 rules do not answer).
fn paradox_6f22() -> (PathBuf, PathBuf) {
    // Tests run in parallel: each call writes its own pair of files.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let pos = temp_file(
        &format!("6f22-{n}.toml"),
        "phase = \"Spring 1901 Movement\"\n[units]\nEngland = [\"F edi\", \"F lon\"]\n\
         France = [\"A bre\", \"F eng\"]\nGermany = [\"F bel\", \"F pic\"]\n\
         Russia = [\"A nwy\", \"F nth\"]\n",
    );
    let orders = temp_file(
        &format!("6f22-{n}.txt"),
        "England: F Edinburgh - North Sea\nEngland: F London Supports F Edinburgh - North Sea\n\
         France: A Brest - London\nFrance: F English Channel Convoys A Brest - London\n\
         Germany: F Belgium Supports F Picardy - English Channel\n\
         Germany: F Picardy - English Channel\nRussia: A Norway - Belgium\n\
         Russia: F North Sea Convoys A Norway - Belgium\n",
    );
    (pos, orders)
}

/// `diplo adjudicate` on 6.F.22's position under `ruleset`, with `extra` arguments.
fn adjudicate_6f22(ruleset: &str, extra: &[&str]) -> Output {
    let (pos, orders) = paradox_6f22();
    let mut args = vec![
        "adjudicate",
        "--ruleset",
        ruleset,
        "--position",
        pos.to_str().unwrap(),
        "--orders",
        orders.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let args: Vec<String> = args.into_iter().map(String::from).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    diplo(&args)
}

#[test]
fn adjudicate_unresolved_gives_no_next_position_but_each_fallbacks() {
    let o = adjudicate_6f22("1971", &[]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}{}", stderr(&o));
    assert!(
        text.contains("France: A Brest - London -> fails (F London held (1 against 1)"),
        "{text}"
    );
    assert!(!text.contains("its own power's"), "{text}");
    assert!(
        text.contains("F London Supports F Edinburgh - North Sea -> unresolved (part of the convoy paradox of F Edinburgh - North Sea; F London Supports")
            && text.contains("convoy_paradox = \"1971\" gives no answer, paradox_fallback = \"none\""),
        "{text}"
    );
    assert!(
        text.contains("Next: none until a paradox fallback is chosen"),
        "{text}"
    );
    let before = text.split("\nWith --set").next().unwrap();
    assert!(
        !before.contains("phase = "),
        "a next position was printed: {text}"
    );
    let szykman = text
        .split("With --set paradox_fallback=szykman")
        .nth(1)
        .expect("the szykman fallback");
    assert!(szykman.contains("Next: Spring 1901 Retreat"), "{text}");
    assert!(
        text.contains("With --set paradox_fallback=all-hold"),
        "{text}"
    );

    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("6f22-next.toml");
    let _ = std::fs::remove_file(&out);
    let o = adjudicate_6f22("2000", &["--out", out.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no next position"), "{}", stderr(&o));
    assert!(!out.exists());

    let o = adjudicate_6f22("1971", &["--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(doc["next"].is_null());
    let fallbacks = doc["fallbacks"].as_array().unwrap();
    assert_eq!(fallbacks.len(), 2);
    assert_eq!(fallbacks[0]["paradox_fallback"], "szykman");
    assert_eq!(fallbacks[0]["next"]["phase"], "Spring 1901 Retreat");
    let reason = doc["results"][1]["reason"].as_str().unwrap();
    assert!(
        reason.contains("F North Sea Convoys A Norway - Belgium"),
        "{reason}"
    );
}

#[test]
fn compare_says_when_the_result_is_the_same_everywhere() {
    let o = diplo(&["compare", "--case", "6.B.13", "--rulesets", "all"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(text.contains("Same result under every ruleset"), "{text}");
    assert!(
        text.contains("  Turkey: F Bulgaria(sc) - Constantinople -> fails\n"),
        "{text}"
    );
    assert!(
        !text.contains("differs") && !text.contains("issue=") && !text.contains('*'),
        "{text}"
    );
}

/// DATC 3.2 6.J.12: the 2023 rules (datc, 2023) remove A Tuscany; "under older rulebooks the
/// army in Tuscany was kept" (1971, 2000 remove A Warsaw, as the case's alternatives transcribe).
#[test]
fn compare_shows_civil_disorder_removals_that_differ() {
    let o = diplo(&["compare", "--case", "6.J.12", "--rulesets", "all"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(!text.contains("Same result under every ruleset"), "{text}");
    let row = |unit: &str| -> Vec<String> {
        let label = format!("Italy: (automatic) {unit} ");
        let line = text
            .lines()
            .find(|l| l.starts_with(&label))
            .unwrap_or_default();
        line[label.len()..]
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    let header: Vec<&str> = text
        .lines()
        .find(|l| l.starts_with("order "))
        .unwrap()
        .split_whitespace()
        .skip(1)
        .collect();
    let cell = |unit: &str, ruleset: &str| {
        let j = header.iter().position(|h| *h == ruleset).unwrap();
        row(unit)[j].trim_end_matches('*').to_string()
    };
    for r in ["datc", "2023"] {
        assert_eq!(cell("A Tuscany", r), "removed", "{r}: {text}");
        assert_eq!(cell("A Warsaw", r), "kept", "{r}: {text}");
    }
    for r in ["1971", "2000"] {
        assert_eq!(cell("A Tuscany", r), "kept", "{r}: {text}");
        assert_eq!(cell("A Warsaw", r), "removed", "{r}: {text}");
    }
    assert!(
        text.contains("  2000: civil_disorder (2000 here, 2023 in datc)\n"),
        "{text}"
    );
    assert!(
        text.contains("The DATC text agrees wherever it states a result"),
        "{text}"
    );
}

#[test]
fn compare_names_the_issue_the_switch_test_finds_per_cell() {
    const F19: [&str; 5] = [
        "compare",
        "--case",
        "6.F.19",
        "--rulesets",
        "1971,1982,2000,datc",
    ];
    let o = diplo(&[&F19[..], &["--format", "json"]].concat());
    assert!(o.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["base"], "datc");
    let support = doc["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["order"] == "F Naples Supports F Rome - Tyrrhenian Sea")
        .unwrap();
    let cell = |r: &str| &support["cells"][r];
    assert_eq!(cell("1982")["result"], "given");
    assert_eq!(cell("1982")["issues"][0]["issue"], "convoy_paradox");
    assert_eq!(cell("1982")["issues"].as_array().unwrap().len(), 1);
    // Under 1971 neither choice alone gives datc's result: the two together do.
    let pair = &cell("1971")["issue_pairs"][0];
    let keys: Vec<&str> = pair
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["issue"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["multi_route_disruption", "convoy_paradox"]);
    assert_eq!(cell("2000")["differs_from_base"], false);
    assert!(cell("2000")["issues"].is_null());
    assert_eq!(cell("1982")["datc_text_states"], "given");
    assert_eq!(cell("1982")["agrees_with_datc_text"], true);
    assert!(!cell("datc")["reason"].as_str().unwrap().is_empty());

    let o = diplo(&F19);
    let text = stdout(&o);
    assert!(
        text.contains("  1982: convoy_paradox (1982 here, szykman in datc)\n"),
        "{text}"
    );
    assert!(text.contains("  the DATC text states"), "{text}");
    assert!(text.contains("given*"), "{text}");
    assert!(!text.contains("Choices on the issues"), "{text}");
}

#[test]
fn compare_shows_orders_once_normalised_and_explains_unresolved() {
    let orders = temp_file(
        "compare-short.txt",
        "TUR: A smy - arm\nENG: F edi - nth\nRUS: F sev - arm\n",
    );
    let o = diplo(&[
        "compare",
        "--orders",
        orders.to_str().unwrap(),
        "--rulesets",
        "1971,datc",
    ]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}{}", stderr(&o));
    assert!(
        text.contains("Turkey: A Smyrna - Armenia -> fails"),
        "{text}"
    );
    assert!(
        !text.contains("TUR:") && !text.contains("Turkey: Turkey"),
        "{text}"
    );

    let (pos, orders) = paradox_6f22();
    let o = diplo(&[
        "compare",
        "--position",
        pos.to_str().unwrap(),
        "--orders",
        orders.to_str().unwrap(),
        "--rulesets",
        "2000,datc",
        "--verbose",
    ]);
    let text = stdout(&o);
    assert!(text.contains("unresolved*"), "{text}");
    assert!(
        text.contains("\nunresolved: the orders form a convoy paradox"),
        "{text}"
    );
    assert!(text.contains("Reasons:\n"), "{text}");
    assert!(
        text.contains("    2000: unresolved (part of the convoy paradox of"),
        "{text}"
    );
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

#[test]
fn user_maps_are_found_by_name_in_diplo_maps_folders() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("user-maps");
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(root().join("maps/standard.toml"))
        .unwrap()
        .replace("name = \"standard\"", "name = \"tiny\"");
    std::fs::write(dir.join("tiny.toml"), text).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args([
            "orders",
            "check",
            "--map",
            "tiny",
            "examples/orders/spring-1901.txt",
        ])
        .current_dir(root())
        .env("DIPLO_MAPS", &dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let o = diplo(&["map", "show", "loeb8"]);
    assert!(
        stderr(&o).contains("(did you mean `loeb9`?)"),
        "{}",
        stderr(&o)
    );
    let o = diplo(&["map", "show", "no-such-map"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("no no-such-map.toml in the user map folders"),
        "{}",
        stderr(&o)
    );
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

#[test]
fn render_writes_svg_and_png_pictures() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let svg = dir.join("render-s1901.svg");
    let _ = std::fs::remove_file(&svg);
    let o = diplo(&[
        "render",
        "--orders",
        "examples/orders/spring-1901.txt",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("class=\"order\""));
    let png = dir.join("compare-6F19.png");
    let o = diplo(&[
        "compare",
        "--render",
        png.to_str().unwrap(),
        "--case",
        "6.F.19",
        "--rulesets",
        "1971,1982,2000,datc",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..4], b"\x89PNG");
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    // Four panels zoomed to the convoy: three in the first row, one in the second.
    assert!(
        (1500..=4000).contains(&width) && height > width / 2,
        "four panels in a grid: {width}x{height} pixels"
    );
    let bad = diplo(&["render", "--out", dir.join("x.gif").to_str().unwrap()]);
    assert!(!bad.status.success());
    assert!(
        stderr(&bad).contains("must end in .svg or .png"),
        "{}",
        stderr(&bad)
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

#[test]
fn map_check_warns_about_a_name_orders_cannot_read() {
    let text = std::fs::read_to_string(root().join("maps/standard.toml"))
        .unwrap()
        .replace("full_name = \"Vienna\"", "full_name = \"Vienna D+C\"");
    let path = temp_file("plus-name.toml", &text);
    let o = diplo(&["map", "check", path.to_str().unwrap()]);
    assert!(o.status.success(), "a warning is not an error");
    let err = stderr(&o);
    assert!(
        err.contains("warning:") && err.contains("orders cannot name it `Vienna D+C`"),
        "{err}"
    );
}
