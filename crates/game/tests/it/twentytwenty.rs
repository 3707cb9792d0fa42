//! Twenty Twenty's two special rules, played through `diplo_game::Game` on the shipped map:
//! builds in any home centre the power owns (another power's too, never a neutral centre), and
//! the victory by a lead over the next power that shrinks each year (20 in 2001, 5 in 2016).

use diplo_engine::Position;
use diplo_game::{EndedBy, Game, MapSource, PhaseOutcome};
use diplo_map::Map;
use diplo_rules::Ruleset;

fn game() -> Game {
    let map = Map::embedded("twentytwenty")
        .expect("twentytwenty is built in")
        .unwrap_or_else(|e| panic!("{e}"));
    Game::new(
        map,
        MapSource::Embedded("twentytwenty".into()),
        Ruleset::datc(),
        Vec::new(),
    )
}

/// The game on a test board (`phase`, `[units]`, `[centres]`).
fn on_board(toml: &str) -> Game {
    let mut g = game();
    g.position =
        Position::from_toml_str(&g.map, toml, "board.toml").unwrap_or_else(|e| panic!("{e}"));
    g
}

fn play(g: &mut Game, power: &str, orders: &str) -> PhaseOutcome {
    let p = g.map.power_by_name(power).unwrap();
    if let Err(e) = g.submit(p, orders, "orders.txt", Default::default()) {
        panic!("{power}'s orders refused: {e}");
    }
    g.adjudicate(&[]).unwrap_or_else(|e| panic!("{e}"))
}

/// Each order's result words with its reason, in order.
fn results(g: &Game, out: &PhaseOutcome) -> Vec<String> {
    let adj = &out.adjudication;
    adj.results
        .iter()
        .map(|r| {
            let order = &out.gathered.orders[r.index].1;
            format!(
                "{}: {} ({})",
                order.display(&g.map),
                r.words(),
                r.reason_text(&g.map, order)
            )
        })
        .collect()
}

#[test]
fn the_uk_builds_in_a_captured_spanish_home_centre_but_not_in_a_neutral_one() {
    let mut g = on_board(
        r#"
phase = "Winter 2003 Adjustment"
[units]
UK = ["F ena"]
Spain = ["A mad"]
[centres]
UK = ["lon", "edi", "dub", "cad", "pai"]
Spain = ["mad", "bar"]
"#,
    );
    let out = play(&mut g, "UK", "Build F cad\nBuild A pai\nBuild F lon");
    let got = results(&g, &out);
    assert!(got[0].starts_with("B F cad: succeeds"), "{got:?}");
    assert!(got[1].starts_with("B A pai: illegal"), "{got:?}");
    assert!(got[1].contains("no power's home centre"), "{got:?}");
    assert!(got[2].starts_with("B F lon: succeeds"), "{got:?}");
    let cad = g.map.province_by_name("cad").unwrap();
    let built = g.position.unit_in(cad).expect("a British fleet in Cadiz");
    assert_eq!(g.map.power(built.power).name, "UK");
}

/// A Fall 2016 board where the UK owns `uk` centres and Spain, the next power, two: the UK's
/// lone fleet holds in London, so no centre changes owner.
fn fall(year: u16, uk: usize) -> Game {
    let centres = [
        "lon", "edi", "dub", "pai", "ser", "now", "swe", "grd", "alg", "mor",
    ];
    let list: Vec<String> = centres[..uk].iter().map(|c| format!("\"{c}\"")).collect();
    on_board(&format!(
        "phase = \"Fall {year} Movement\"\n[units]\nUK = [\"F lon\"]\n[centres]\nUK = [{}]\n\
         Spain = [\"mad\", \"bar\"]\n",
        list.join(", ")
    ))
}

#[test]
fn a_lead_of_five_wins_in_2016_and_of_four_only_from_2017() {
    // A lead of 5 (7 against 2) in 2016: the UK wins with 7 centres, far from 49.
    let mut g = fall(2016, 7);
    play(&mut g, "UK", "F lon H");
    let ending = g.ended.clone().expect("a lead of 5 wins in 2016");
    assert_eq!(ending.by, EndedBy::Lead);
    assert_eq!(ending.winner, g.map.power_by_name("UK"));
    assert_eq!(ending.centres, 7);
    let said = ending.describe(&g.map);
    assert!(
        said.ends_with("with 7 centres, leading every other power by 5 or more"),
        "{said}"
    );
    let back = Game::from_toml_str(&g.to_toml(), "g.toml").expect("the game file reads back");
    assert_eq!(back.ended, g.ended, "by = \"lead\" read back");
    // A lead of 4 is one short in 2016 and enough in 2017.
    let mut g = fall(2016, 6);
    play(&mut g, "UK", "F lon H");
    assert!(g.ended.is_none(), "a lead of 4 is one short in 2016");
    let mut g = fall(2017, 6);
    play(&mut g, "UK", "F lon H");
    assert!(g.ended.is_some(), "a lead of 4 wins in 2017");
    // From 2020 on, any lead wins; a tie for the lead never does.
    let mut g = fall(2025, 3);
    play(&mut g, "UK", "F lon H");
    assert!(g.ended.is_some(), "a lead of 1 wins in 2025");
    let mut g = fall(2025, 2);
    play(&mut g, "UK", "F lon H");
    assert!(g.ended.is_none(), "a tie for the lead wins nothing");
}

#[test]
fn the_rules_say_so_in_the_map_s_special_rules() {
    let rules = game().map.special_rules();
    assert!(
        rules.contains(&"builds in any owned home centre, another power's too".to_string()),
        "{rules:?}"
    );
    assert!(
        rules.contains(&"victory: or a lead of 20 over the next power, 1 less each year".into()),
        "{rules:?}"
    );
}
