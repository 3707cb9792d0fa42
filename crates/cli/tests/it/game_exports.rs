//! `diplo game history` and `diplo game import`: a game's history written as a godip record, a
//! MILA or Cicero saved game, replayed by `diplo replay` and imported back, on every map.

use diplo_engine::PhaseKind;
use diplo_game::Game;

use crate::support::{diplo, ok, s, stderr, temp_dir};

/// On every built-in map, a year (or so) played through `diplo game`, written with `game history
/// --format godip`, replays with `diplo replay --map NAME` with every phase passing.
#[test]
fn a_game_on_every_built_in_map_replays_through_the_binary() {
    let dir = temp_dir("every-map-round-trip");
    let mut adjustments = 0;
    for (name, _) in diplo_map::EMBEDDED_MAPS {
        let file = dir.join(format!("{name}.toml"));
        ok(&["game", "new", "--map", name, s(&file)]);
        let first_year = Game::load(&file).unwrap().position.phase.year;
        let orders = dir.join(format!("{name}-orders.txt"));
        let mut phases = 0;
        for turn in 0..8 {
            let game = Game::load(&file).unwrap();
            // Two phases at least: a map of one season a year has one phase in the first year.
            if game.ended.is_some() || (game.position.phase.year > first_year && phases >= 2) {
                break;
            }
            let text = diplo_tests::scripted::orders_file(&game, turn);
            if !text.is_empty() {
                std::fs::write(&orders, text).unwrap();
                ok(&["game", "orders", s(&file), s(&orders)]);
            }
            if game.position.phase.kind == PhaseKind::Adjustment {
                adjustments += 1;
            }
            ok(&["game", "adjudicate", s(&file)]);
            phases += 1;
        }
        assert!(phases >= 2, "{name}: only {phases} phases played");
        let record = ok(&["game", "history", s(&file), "--format", "godip"]);
        let recorded = record.lines().filter(|l| l.starts_with("PHASE ")).count();
        assert!(recorded >= phases, "{name}: {record}");
        let path = dir.join(format!("{name}_1.txt"));
        std::fs::write(&path, record).unwrap();
        let out = ok(&["replay", "--map", name, "--base", "datc", s(&path)]);
        let last = out.trim_end().lines().last().unwrap_or_default();
        assert_eq!(
            last,
            format!("{recorded} passed, 0 failed, 0 unread"),
            "{name}: {out}"
        );
    }
    assert!(adjustments > 5, "too few adjustment phases played");
}

#[test]
fn a_game_on_a_variant_map_replays_through_the_binary() {
    let dir = temp_dir("variant-round-trip");
    let file = dir.join("g.toml");
    ok(&["game", "new", "--map", "loeb9", s(&file)]);
    let orders = dir.join("o.txt");
    std::fs::write(
        &orders,
        "Norway:\nA nwy - swe\nF swe - bal\nSpain:\nA mad - gas\nA cor - naf\n",
    )
    .unwrap();
    ok(&["game", "orders", s(&file), s(&orders)]);
    ok(&["game", "adjudicate", s(&file)]);
    ok(&["game", "adjudicate", s(&file)]);
    let record = ok(&["game", "history", s(&file), "--format", "godip"]);
    assert!(
        record.starts_with("PHASE 1901 Spring Movement\n"),
        "{record}"
    );
    let path = dir.join("game_1.txt");
    std::fs::write(&path, record).unwrap();
    let out = ok(&["replay", "--map", "loeb9", "--base", "datc", s(&path)]);
    assert!(out.trim_end().ends_with(", 0 failed, 0 unread"), "{out}");
    assert!(!out.contains(" 0 passed"), "{out}");
    ok(&["datc", "--section", "10", "--ruleset", "datc-2.4"]);
}

#[test]
fn a_game_exported_in_mila_format_replays_through_the_binary() {
    let dir = temp_dir("mila-round-trip");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    let orders = dir.join("o.txt");
    std::fs::write(
        &orders,
        "France:\nA par - bur\nA mar - spa\nGermany:\nA mun - bur\n",
    )
    .unwrap();
    ok(&["game", "orders", s(&file), s(&orders)]);
    ok(&["game", "adjudicate", s(&file)]);
    ok(&["game", "adjudicate", s(&file)]);
    let saved = ok(&["game", "history", s(&file), "--format", "mila"]);
    let json: serde_json::Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(json["phases"][0]["name"], "S1901M", "{saved}");
    assert_eq!(
        json["phases"][0]["orders"]["FRANCE"][0], "A PAR - BUR",
        "{saved}"
    );
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("game_1.json"), &saved).unwrap();
    let out = ok(&["replay", "--base", "datc", s(&games)]);
    assert!(
        out.trim_end().ends_with("3 passed, 0 failed, 0 unread"),
        "{out}"
    );
    // The Cicero release's format: MILA's with version, press and scoring fields.
    let cicero = ok(&["game", "history", s(&file), "--format", "cicero"]);
    let json: serde_json::Value = serde_json::from_str(&cicero).unwrap();
    assert_eq!(json["version"], "1.0", "{cicero}");
    let path = dir.join("cicero.json");
    std::fs::write(&path, &cicero).unwrap();
    let out = ok(&["replay", "--base", "datc", s(&path)]);
    assert!(
        out.trim_end().ends_with("3 passed, 0 failed, 0 unread"),
        "{out}"
    );
    // Imported back into a game file, the game is where it was.
    let imported = dir.join("imported.toml");
    let out = ok(&[
        "game",
        "import",
        s(&path),
        "--ruleset",
        "datc",
        s(&imported),
    ]);
    assert!(out.contains("imported 2 phases"), "{out}");
    let a = Game::load(&file).unwrap();
    let b = Game::load(&imported).unwrap();
    assert_eq!(a.position, b.position);
    let refused = diplo(&["game", "import", s(&path), s(&imported)]);
    assert!(!refused.status.success(), "never overwrites");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\n\"phases\": [,]}").unwrap();
    let o = diplo(&["game", "import", s(&bad), s(&dir.join("x.toml"))]);
    assert!(stderr(&o).contains("bad.json:2:"), "{}", stderr(&o));
}

/// A saved game whose orders no longer apply under the ruleset imports all the same, each
/// order passed over named on standard error as a note.
#[test]
fn a_saved_game_import_names_the_orders_it_passes_over() {
    let dir = temp_dir("import-notes");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    ok(&["game", "adjudicate", s(&file)]);
    let saved = ok(&["game", "history", s(&file), "--format", "mila"]);
    let mut json: serde_json::Value = serde_json::from_str(&saved).unwrap();
    // England has no army in Wales in Spring 1901.
    json["phases"][0]["orders"]["ENGLAND"] = serde_json::json!(["A WAL - LVP"]);
    let path = dir.join("saved.json");
    std::fs::write(&path, json.to_string()).unwrap();
    let imported = dir.join("imported.toml");
    let o = diplo(&[
        "game",
        "import",
        s(&path),
        "--ruleset",
        "datc",
        s(&imported),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.starts_with("note: ") && err.contains("A WAL - LVP"),
        "{err}"
    );
}
