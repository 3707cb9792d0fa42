//! MILA's saved-game JSON: a hosted game written with `diplo_game::mila::saved_game` reads back
//! with `diplo_replay::parse_mila_games` and replays with every phase passing; a hand-written
//! MILA record replays; bad files are reported with file, line and what was expected.

use std::collections::BTreeMap;

use diplo_game::possible::possible_orders;
use diplo_game::{Game, MapSource};
use diplo_map::Map;
use diplo_replay::{looks_like_json, parse_mila_games, replay_game};
use diplo_rules::Ruleset;

/// Three years of a standard game, each unit given one of its possible orders (a fixed
/// pseudo-random choice; in winters, as many builds or removals as allowed).
fn played_game() -> Game {
    let mut g = Game::new(
        Map::standard(),
        MapSource::Embedded("standard".into()),
        Ruleset::datc(),
        Vec::new(),
    );
    let mut seed = 99u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    while g.position.phase.year < 1904 {
        let got = possible_orders(&g.map, &g.rules, &g.position);
        let mut by_power: BTreeMap<diplo_map::PowerId, Vec<String>> = BTreeMap::new();
        for at in got.values() {
            let delta = g.position.counted_centres(&g.map, at.power) as i64
                - g.position.unit_count(at.power) as i64;
            let mine = by_power.entry(at.power).or_default();
            let winter = g.position.phase.kind == diplo_engine::PhaseKind::Adjustment;
            if winter && mine.len() as u64 >= delta.unsigned_abs() {
                continue;
            }
            mine.push(at.orders[next(at.orders.len())].clone());
        }
        for (power, orders) in by_power {
            g.submit(power, &orders.join("\n"), "bot", Default::default())
                .unwrap_or_else(|e| panic!("{e}"));
        }
        g.adjudicate(&[]).unwrap_or_else(|e| panic!("{e}"));
    }
    g
}

#[test]
fn a_hosted_game_written_in_mila_format_replays() {
    let g = played_game();
    let saved = diplo_game::mila::saved_game(&g).unwrap();
    let phases = saved["phases"].as_array().unwrap();
    assert_eq!(phases[0]["name"], "S1901M");
    assert_eq!(
        phases[0]["state"]["units"]["FRANCE"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    assert!(
        phases
            .iter()
            .any(|p| p["name"].as_str().unwrap().ends_with('A')),
        "a winter"
    );
    let text = serde_json::to_string_pretty(&saved).unwrap();
    assert!(looks_like_json(&text));
    let games = parse_mila_games(&g.map, "game.json", &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].phases.len(), phases.len());
    let report = replay_game(&g.map, &g.rules, &games[0]);
    assert!(report.mismatches.is_empty(), "{:#?}", report.mismatches);
    assert_eq!(report.passed, phases.len());
    // JSON Lines: MILA appends one game per line.
    let line = serde_json::to_string(&saved).unwrap();
    let two = format!("{line}\n{line}\n");
    assert_eq!(
        parse_mila_games(&g.map, "games.jsonl", &two).unwrap().len(),
        2
    );
}

const HAND_WRITTEN: &str = r#"{"id": "hand", "map": "standard", "rules": ["NO_PRESS"], "phases": [
 {"name": "S1901M",
  "state": {"units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
            "centers": {"FRANCE": ["PAR", "MAR"], "GERMANY": ["MUN"]}},
  "orders": {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"], "GERMANY": ["A MUN - BUR"]},
  "results": {}, "messages": []},
 {"name": "F1901M",
  "state": {"units": {"FRANCE": ["A BUR", "A MAR"], "GERMANY": ["A MUN"]},
            "centers": {"FRANCE": ["PAR", "MAR"], "GERMANY": ["MUN"]}},
  "orders": {"FRANCE": ["A BUR - MUN", "A MAR - BUR"], "GERMANY": ["A MUN H"]},
  "results": {}, "messages": []},
 {"name": "COMPLETED", "state": {}, "orders": {}, "results": {}, "messages": []}
]}"#;

#[test]
fn a_hand_written_mila_game_replays() {
    let map = Map::standard();
    let games = parse_mila_games(&map, "hand.json", HAND_WRITTEN).unwrap_or_else(|e| panic!("{e}"));
    let report = replay_game(&map, &Ruleset::datc(), &games[0]);
    assert!(report.mismatches.is_empty(), "{:#?}", report.mismatches);
    assert_eq!(report.passed, 2);
    // A wrong recorded position is found.
    let wrong = HAND_WRITTEN.replacen("\"A BUR\", \"A MAR\"", "\"A PIC\", \"A MAR\"", 1);
    let games = parse_mila_games(&map, "hand.json", &wrong).unwrap();
    assert_eq!(
        replay_game(&map, &Ruleset::datc(), &games[0])
            .mismatches
            .len(),
        1
    );
}

#[test]
fn bad_mila_files_are_reported_with_file_line_and_what_was_expected() {
    let map = Map::standard();
    let err = parse_mila_games(
        &map,
        "bad.json",
        "{\"phases\": [\n{\"name\": \"S1901M\",,}]}",
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.starts_with("bad.json:2:") && err.contains("not MILA saved-game JSON"),
        "{err}"
    );
    let err = parse_mila_games(&map, "x.json", "{\"map\": \"ancmed\", \"phases\": []}")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("the game is on map `ancmed`, not `standard` (give --map ancmed)"),
        "{err}"
    );
    let err = parse_mila_games(
        &map,
        "x.json",
        "{\"phases\": [{\"name\": \"X1901Q\", \"state\": {}}]}",
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("phase 1 (`X1901Q`): expected a phase name like `S1901M`"),
        "{err}"
    );
    let err = parse_mila_games(
        &map,
        "x.json",
        "{\"phases\": [{\"name\": \"S1901M\", \"state\": {\"units\": {\"GAUL\": [\"A PAR\"]}}}]}",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("GAUL"), "{err}");
}
