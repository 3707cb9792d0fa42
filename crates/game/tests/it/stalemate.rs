//! The draw on stalemate (`[end_rules] stalemate_years`, as dipcc and Cicero play): the
//! survivors share a draw once no supply centre has changed hands for that many whole years.

use diplo_engine::Position;
use diplo_game::{EndRules, EndedBy, Game, GameError, MapSource};
use diplo_map::{Map, Season};
use diplo_rules::Ruleset;

fn game(years: u16) -> Game {
    let mut g = Game::new(
        Map::standard(),
        MapSource::Embedded("standard".into()),
        Ruleset::datc(),
        Vec::new(),
    );
    let rules = EndRules {
        stalemate_years: Some(years),
        ..Default::default()
    };
    g.set_end_rules(rules).unwrap();
    g
}

fn reread(g: &Game) -> Game {
    Game::from_toml_str(&g.to_toml(), "game.toml").unwrap()
}

/// Plays a phase with France's `orders` (the others order nothing).
fn play(g: &mut Game, orders: &str) {
    if !orders.is_empty() {
        let france = g.map.power_by_name("France").unwrap();
        g.submit(france, orders, "t", Default::default()).unwrap();
    }
    g.adjudicate(&[]).unwrap();
}

/// Plays the rest of the year with no orders.
fn finish_year(g: &mut Game) {
    let year = g.phase().year;
    while g.phase().year == year && g.ended.is_none() {
        play(g, "");
    }
}

fn phase(g: &Game) -> String {
    g.phase().name(&g.map).to_string()
}

#[test]
fn a_draw_after_the_years_with_no_centre_changing_hands() {
    let mut g = game(2);
    finish_year(&mut g);
    assert!(g.ended.is_none(), "one quiet year of two");
    assert_eq!(phase(&g), "Spring 1902 Movement");
    let mut g = reread(&g);
    finish_year(&mut g);
    let e = g.ended.clone().expect("two quiet years end it");
    assert_eq!(e.by, EndedBy::Stalemate);
    assert_eq!((e.winner, e.draw.len()), (None, 7));
    assert_eq!(e.phase.name(&g.map).to_string(), "Fall 1902 Movement");
    assert!(
        e.describe(&g.map).contains("on stalemate"),
        "{}",
        e.describe(&g.map)
    );
    // The file keeps the house rule and how the game ended.
    let text = g.to_toml();
    assert!(text.contains("stalemate_years = 2"), "{text}");
    assert_eq!(reread(&g).ended.unwrap().by, EndedBy::Stalemate);
    assert!(g
        .end_rules_text()
        .contains("no supply centre has changed hands for 2 years"));
}

#[test]
fn a_centre_taken_starts_the_count_again() {
    for (years, ends_after) in [(1, 1902), (2, 1903)] {
        let mut g = game(years);
        play(&mut g, "A mar - spa");
        finish_year(&mut g); // Spain is France's at the end of 1901
        assert!(g.ended.is_none(), "{years}: a centre changed hands in 1901");
        while g.ended.is_none() {
            finish_year(&mut g);
        }
        let e = g.ended.unwrap();
        assert_eq!(
            (e.phase.year, e.by),
            (ends_after, EndedBy::Stalemate),
            "{years}"
        );
    }
}

#[test]
fn the_years_counted_must_have_been_played_whole() {
    // Games started from a position: in Spring 1905 (two years counted: 1905 and 1906), and in
    // Fall 1905 (one year counted: 1905 was not played whole, so 1906 is the first).
    for (season, years) in [(0, 2), (1, 1)] {
        let mut start = Position::initial(&Map::standard());
        start.phase.year = 1905;
        start.phase.season = Season(season);
        let source = MapSource::Embedded("standard".into());
        let mut g = Game::from_position(Map::standard(), source, Ruleset::datc(), vec![], start);
        let rules = EndRules {
            stalemate_years: Some(years),
            ..Default::default()
        };
        g.set_end_rules(rules).unwrap();
        finish_year(&mut g);
        assert!(g.ended.is_none(), "{season}: 1905 alone");
        finish_year(&mut g);
        assert_eq!(g.ended.unwrap().phase.year, 1906, "{season}");
    }
}

#[test]
fn zero_years_and_unrecorded_phases_are_refused() {
    let mut g = game(1);
    let zero = EndRules {
        stalemate_years: Some(0),
        ..Default::default()
    };
    match g.set_end_rules(zero) {
        Err(GameError::Refused(lines)) => assert!(lines[0].contains("expected 1 or more")),
        other => panic!("{other:?}"),
    }
    let text = g
        .to_toml()
        .replace("stalemate_years = 1", "stalemate_years = 0");
    let e = Game::from_toml_str(&text, "game.toml")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("game.toml:") && e.contains("stalemate_years 0: expected 1 or more"),
        "{e}"
    );
    // The check reads the history: phases adjudicated and not recorded refuse the next.
    let outcome = g.adjudicate_unrecorded(&[], 0).unwrap();
    let refused = g.adjudicate_unrecorded(&[], 1).unwrap_err().to_string();
    assert!(refused.contains("must be recorded first"), "{refused}");
    g.record_phase(&outcome);
    g.adjudicate_unrecorded(&[], 0).unwrap();
    assert_eq!(g.ended.unwrap().by, EndedBy::Stalemate);
}
