//! On every built-in map: a game played through `diplo_game` for three years (every unit moving to
//! a neighbour, so that units bounce, are dislodged, retreat or are disbanded, and powers build
//! and remove), written as a godip record, replays through `diplo_replay` on the same map with
//! every phase passing.

use diplo_game::{Game, MapSource};
use diplo_map::Map;
use diplo_rules::Ruleset;

#[test]
fn a_hosted_game_replays_on_every_built_in_map() {
    let mut adjustments = 0;
    for (name, _) in diplo_map::EMBEDDED_MAPS {
        adjustments += round_trip(name);
    }
    assert!(
        adjustments > 5,
        "too few adjustment phases played to test builds"
    );
}

/// Plays, writes and replays one game; returns how many adjustment phases it played.
fn round_trip(name: &str) -> usize {
    let map = Map::embedded(name).expect("embedded").expect("valid");
    let rules = Ruleset::datc();
    let mut game = Game::new(
        map.clone(),
        MapSource::Embedded(name.into()),
        rules.clone(),
        Vec::new(),
    );
    let mut phases = 0;
    for turn in 0..20 {
        if game.ended.is_some()
            || game.position.phase.year >= map.first_year + 3 * map.calendar.year_step
        {
            break;
        }
        // One order set per power (a later set would replace an earlier one, DATC 4.D.1).
        let mut sets: std::collections::BTreeMap<diplo_map::PowerId, String> = Default::default();
        for (power, text) in diplo_tests::scripted::orders(&game, turn) {
            if !map.power(power).neutral {
                sets.entry(power)
                    .or_default()
                    .push_str(&format!("{text}\n"));
            }
        }
        for (power, text) in sets {
            game.submit(power, &text, "orders.txt", Default::default())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        game.adjudicate(&[])
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        phases += 1;
    }
    assert!(phases >= 4, "{name}: only {phases} phases played");
    let (text, report, played) = write_and_replay(&game, &rules, name);
    assert!(
        report.mismatches.is_empty() && report.error.is_none(),
        "{name}: {:#?}\n{text}",
        report.mismatches
    );
    assert_eq!(report.passed, played, "{name}");
    assert!(report.compared >= 4);
    game.history
        .iter()
        .filter(|h| h.phase.contains("Adjustment"))
        .count()
}

#[test]
fn colonial_railroad_moves_and_canal_permissions_survive_the_round_trip() {
    let map = Map::embedded("colonial").unwrap().unwrap();
    let rules = Ruleset::datc();
    let mut game = Game::new(
        map.clone(),
        MapSource::Embedded("colonial".into()),
        rules.clone(),
        Vec::new(),
    );
    game.position = diplo_engine::Position::from_toml_str(
        &map,
        "phase = \"Spring 1870 Movement\"\n[units]\nRussia = [\"A mos\", \"F med\"]\nTurkey = [\"A egy\"]\n\
         [centres]\nRussia = [\"mos\", \"oms\", \"vla\"]\nTurkey = [\"egy\"]\n",
        "start.toml",
    )
    .unwrap();
    let russia = map.power_by_name("Russia").unwrap();
    let turkey = map.power_by_name("Turkey").unwrap();
    game.submit(
        russia,
        "A mos - TSR - vla\nF med - red",
        "o.txt",
        Default::default(),
    )
    .unwrap();
    game.submit(
        turkey,
        "A egy H\nSC F med - red",
        "o.txt",
        Default::default(),
    )
    .unwrap();
    let out = game.adjudicate(&[]).unwrap();
    let words: Vec<String> = out.adjudication.results.iter().map(|r| r.words()).collect();
    assert!(
        words
            .iter()
            .all(|w| w == "succeeds" || w == "stands" || w == "given"),
        "{words:?}"
    );
    game.adjudicate(&[]).unwrap();
    let (text, report, played) = write_and_replay(&game, &rules, "colonial");
    assert!(text.contains("A mos - TSR - vla"), "{text}");
    assert!(text.contains("Turkey: SC F med - red"), "{text}");
    assert!(
        report.mismatches.is_empty(),
        "{:#?}\n{text}",
        report.mismatches
    );
    assert_eq!(report.passed, played);
}

/// Writes a hosted game as a godip record and replays it on the game's map: the record, the
/// report, and how many phases were written.
fn write_and_replay(
    game: &Game,
    rules: &Ruleset,
    name: &str,
) -> (String, diplo_replay::GameReport, usize) {
    let played = game.played_phases().unwrap();
    let powers = game.played_phase_powers();
    let to_write: Vec<diplo_replay::PhaseToWrite> = played
        .iter()
        .zip(&powers)
        .map(|((position, orders), powers)| diplo_replay::PhaseToWrite {
            position,
            orders,
            powers,
        })
        .collect();
    let text = diplo_replay::write_game(&game.map, &to_write);
    let record = diplo_replay::parse_game(&game.map, &format!("{name}.txt"), &text)
        .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
    let report = diplo_replay::replay_game(&game.map, rules, &record);
    (text, report, played.len())
}

/// A declined build names no unit: the record writes it with its power (`France: waive`), so
/// that a waive which uses up the allowance before a later build replays as it was adjudicated.
#[test]
fn a_declined_build_survives_the_round_trip() {
    let map = Map::standard();
    let rules = Ruleset::datc();
    let mut game = Game::new(
        map.clone(),
        MapSource::Embedded("standard".into()),
        rules.clone(),
        Vec::new(),
    );
    game.position = diplo_engine::Position::from_toml_str(
        &map,
        "phase = \"Winter 1901 Adjustment\"\n[units]\nFrance = [\"A bur\"]\n\
         [centres]\nFrance = [\"par\", \"mar\"]\n",
        "start.toml",
    )
    .unwrap();
    let france = map.power_by_name("France").unwrap();
    game.submit(france, "waive\nB A par", "o.txt", Default::default())
        .unwrap();
    let out = game.adjudicate(&[]).unwrap();
    let words: Vec<String> = out.adjudication.results.iter().map(|r| r.words()).collect();
    assert_eq!(
        words,
        ["succeeds", "illegal"],
        "one build: the waive uses it"
    );
    let (text, report, played) = write_and_replay(&game, &rules, "waive");
    assert!(text.contains("France: waive"), "{text}");
    assert!(
        report.mismatches.is_empty(),
        "{:#?}\n{text}",
        report.mismatches
    );
    assert_eq!(report.passed, played);
}
