//! Games played by the MILA `diplomacy` package (PyPI) replay under the `mila` profile.
//!
//! `tests/mila-games/random-games.jsonl` holds 20 games MILA played with random legal orders
//! (`Game.get_all_possible_orders`, fixed seeds, 3 or 4 game years each, a power now and then
//! sending no orders at all), saved with MILA's `to_saved_game_format` as JSON Lines. Every
//! recorded phase, adjudicated by diplo under `rulesets/mila.toml` from its recorded position,
//! must give the next recorded position. Under the DATC's preferences some phases differ
//! (chiefly `A X - Y VIA` with no convoy ordered, which MILA moves over land).

use std::path::PathBuf;

use diplo_map::Map;
use diplo_replay::{parse_mila_games, replay_game};
use diplo_rules::Ruleset;

fn games(map: &Map) -> Vec<diplo_replay::Game> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("mila-games/random-games.jsonl");
    let text = std::fs::read_to_string(&path).expect("read the MILA games");
    parse_mila_games(map, "tests/mila-games/random-games.jsonl", &text)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn mila_games_replay_under_the_mila_profile() {
    let map = Map::standard();
    let games = games(&map);
    assert_eq!(games.len(), 20, "games in the file");
    let rules = Ruleset::load("mila").unwrap_or_else(|e| panic!("{e}"));
    let (mut phases, mut problems) = (0, Vec::new());
    for game in &games {
        let report = replay_game(&map, &rules, game);
        assert!(report.error.is_none(), "{:?}", report.error);
        assert!(report.ignored.is_empty(), "{:?}", report.ignored);
        phases += game.phases.len();
        assert_eq!(report.passed + report.mismatches.len(), game.phases.len());
        for m in &report.mismatches {
            problems.push(format!(
                "{:?}: {}\n    {}",
                m.phase,
                m.differences.join("; "),
                m.orders.join("\n    ")
            ));
        }
    }
    assert!(phases > 200, "only {phases} phases");
    assert!(
        problems.is_empty(),
        "{} of {phases} phases differ under mila:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The same records under the DATC's preferences: MILA's conventions matter in them.
#[test]
fn some_mila_phases_differ_under_the_datc_preferences() {
    let map = Map::standard();
    let rules = Ruleset::datc();
    let differ: usize = games(&map)
        .iter()
        .map(|g| replay_game(&map, &rules, g).mismatches.len())
        .sum();
    eprintln!("mila games under datc: {differ} phases differ");
    assert!(differ > 0, "no phase tells the two profiles apart");
}
