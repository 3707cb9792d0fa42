//! Variant rules of the map format played through whole phases: where powers build (the map's
//! `build`, the ruleset's `builds` house rule, `no_build`), the calendar (a first phase that is
//! an adjustment, adjustments every other year), the victory condition (more than any other, a
//! lead, a last year that ends in a draw), neutral powers that hold and rebuild, and centres that
//! do not count for a power.

use diplo_engine::PhaseKind;
use diplo_game::{EndedBy, Game, MapSource};
use diplo_map::Map;
use diplo_rules::Ruleset;

/// Two powers on a line of coastal land: Red home `r`, Blue home `b`, neutral centres `n` and
/// `m`, an extra Red-owned centre `x`. `extra` is spliced into the top level.
fn map(top: &str, powers_extra: &str) -> Map {
    let text = map_text(top, powers_extra);
    Map::from_toml_str(&text, "line.toml").unwrap_or_else(|e| panic!("{e}"))
}

fn map_text(top: &str, powers_extra: &str) -> String {
    format!(
        r#"
name = "line"
first_year = 1901
first_season = "spring"
{top}

[[power]]
name = "Red"
adjective = "Red"
abbreviation = "RED"
units = ["A r"]
centres = ["r", "x"]

[[power]]
name = "Blue"
adjective = "Blue"
abbreviation = "BLU"
units = ["A b"]
{powers_extra}

[[province]]
name = "r"
full_name = "Redland"
terrain = "inland"
supply_centre = true
home = "Red"
army = ["x", "n"]

[[province]]
name = "x"
full_name = "Xland"
terrain = "inland"
supply_centre = true
army = ["r", "n"]

[[province]]
name = "n"
full_name = "Neutralia"
terrain = "inland"
supply_centre = true
army = ["r", "x", "m"]

[[province]]
name = "m"
full_name = "Midland"
terrain = "inland"
supply_centre = true
army = ["n", "b"]

[[province]]
name = "b"
full_name = "Blueland"
terrain = "inland"
supply_centre = true
home = "Blue"
army = ["m"]
"#
    )
}

fn game(map: Map, sets: &[&str]) -> Game {
    let mut rules = Ruleset::datc();
    for s in sets {
        rules.apply_override(s).unwrap();
    }
    Game::new(
        map,
        MapSource::Copy {
            text: String::new(),
            bases: Vec::new(),
        },
        rules,
        Vec::new(),
    )
}

fn orders(g: &mut Game, power: &str, text: &str) {
    let p = g.map.power_by_name(power).unwrap();
    g.submit(p, text, "orders.txt", Default::default()).unwrap();
}

/// Plays Spring and Fall with every unit holding; returns the phase reached.
fn hold_a_year(g: &mut Game) {
    g.adjudicate(&[]).unwrap();
    g.adjudicate(&[]).unwrap();
}

#[test]
fn home_centre_builds_by_default_and_build_anywhere_as_a_house_rule() {
    let m = map("victory_centres = 5", "");
    // Red owns r (occupied) and x: one build, but x is not a home centre.
    let mut g = game(m.clone(), &[]);
    hold_a_year(&mut g);
    assert_eq!(
        g.position.phase.kind,
        PhaseKind::Movement,
        "no empty home centre: no winter"
    );
    let mut g = game(m, &["builds=owned-centres"]);
    hold_a_year(&mut g);
    assert_eq!(g.position.phase.kind, PhaseKind::Adjustment);
    orders(&mut g, "Red", "Build A x");
    let out = g.adjudicate(&[]).unwrap();
    assert!(
        out.adjudication.results[0].words() == "succeeds",
        "{:?}",
        out.adjudication.results
    );
    assert_eq!(
        g.position.unit_count(g.map.power_by_name("Red").unwrap()),
        2
    );
}

#[test]
fn the_map_build_rule_and_no_build() {
    let m = map("victory_centres = 5\nbuild = \"owned-centres\"", "");
    let mut g = game(m, &[]);
    hold_a_year(&mut g);
    orders(&mut g, "Red", "Build A x");
    let out = g.adjudicate(&[]).unwrap();
    assert_eq!(out.adjudication.results[0].words(), "succeeds");

    // no_build: Red may never build in x.
    let text = map_text("victory_centres = 5\nbuild = \"owned-centres\"", "").replace(
        "centres = [\"r\", \"x\"]",
        "centres = [\"r\", \"x\"]\nno_build = [\"x\"]",
    );
    let mut g = game(Map::from_toml_str(&text, "line.toml").unwrap(), &[]);
    hold_a_year(&mut g);
    assert_eq!(
        g.position.phase.kind,
        PhaseKind::Movement,
        "nowhere to build: no winter"
    );
}

#[test]
fn a_game_may_start_with_winter_builds() {
    let m = map(
        "victory_centres = 5\n[calendar]\nfirst_phase = \"adjustment\"",
        "",
    );
    let mut g = game(m, &["builds=owned-centres"]);
    assert_eq!(g.position.phase.kind, PhaseKind::Adjustment);
    assert_eq!(
        g.position.phase.name(&g.map).to_string(),
        "Winter 1901 Adjustment"
    );
    orders(&mut g, "Red", "Build A x");
    g.adjudicate(&[]).unwrap();
    assert_eq!(
        g.position.phase.name(&g.map).to_string(),
        "Spring 1902 Movement"
    );
}

#[test]
fn adjustments_every_other_year() {
    let m = map(
        "victory_centres = 5\nbuild = \"owned-centres\"\n[calendar]\nadjustment_every = 2",
        "",
    );
    let mut g = game(m, &[]);
    hold_a_year(&mut g);
    assert_eq!(
        g.position.phase.name(&g.map).to_string(),
        "Spring 1902 Movement"
    );
    hold_a_year(&mut g);
    assert_eq!(
        g.position.phase.name(&g.map).to_string(),
        "Winter 1902 Adjustment"
    );
}

#[test]
fn victory_needs_more_than_any_other_and_a_lead() {
    // Red takes n in Spring and Fall: 3 centres (r, x, n) against Blue's 1.
    let play = |top: &str| {
        let mut g = game(map(top, ""), &[]);
        orders(&mut g, "Red", "A r - n");
        g.adjudicate(&[]).unwrap();
        g.adjudicate(&[]).unwrap();
        g
    };
    let g = play("victory_centres = 3");
    let e = g.ended.clone().expect("3 centres win");
    assert_eq!(e.winner, g.map.power_by_name("Red"));
    let g = play("[victory]\ncentres = 3\nlead = 3");
    assert!(g.ended.is_none(), "a lead of 2 is not enough");
    let g = play("[victory]\ncentres = 3\nlead = 2\nmore_than_any = true");
    assert!(g.ended.is_some());
}

#[test]
fn controlling_the_listed_provinces_wins_with_few_centres() {
    // Red takes n in Spring and Fall: 3 centres, far from the 5 the centres need.
    let play = |control: &str| {
        let top = format!("[victory]\ncentres = 5\n{control}");
        let mut g = game(map(&top, ""), &[]);
        orders(&mut g, "Red", "A r - n");
        g.adjudicate(&[]).unwrap();
        g.adjudicate(&[]).unwrap();
        g
    };
    let g = play("control = [\"n\", \"r\"]");
    let e = g
        .ended
        .clone()
        .expect("Red controls n (owned) and r (owned)");
    assert_eq!(e.winner, g.map.power_by_name("Red"));
    assert_eq!((e.centres, e.by), (3, EndedBy::Control));
    let said = e.describe(&g.map);
    assert!(
        said.ends_with("by controlling n, r, with 3 centres"),
        "{said}"
    );
    // The game file says how, in a word read back as the same ending.
    assert!(g.to_toml().contains("by = \"control\""));
    for by in [EndedBy::Lead, EndedBy::Control, EndedBy::Stalemate] {
        assert_eq!(EndedBy::parse(by.word()), Some(by));
    }
    // Blue's m is not Red's; a year before control_from counts for nothing.
    assert!(play("control = [\"n\", \"m\"]").ended.is_none());
    assert!(play("control = [\"n\"]\ncontrol_from = 1902")
        .ended
        .is_none());
}

#[test]
fn the_last_year_ends_in_a_draw() {
    let mut g = game(map("[victory]\ncentres = 5\nlast_year = 1902", ""), &[]);
    hold_a_year(&mut g);
    assert!(g.ended.is_none());
    hold_a_year(&mut g);
    let e = g.ended.clone().expect("the game ends after Fall 1902");
    assert_eq!(e.winner, None);
    assert_eq!(e.draw.len(), 2);
    assert!(
        e.describe(&g.map).contains("drawn after Fall 1902"),
        "{}",
        e.describe(&g.map)
    );
    let err = g.adjudicate(&[]).unwrap_err().to_string();
    assert!(err.contains("the game is over"), "{err}");
}

#[test]
fn the_game_s_last_year_overrides_the_map_s() {
    // Later than the map's: 1902 passes, 1903 ends it.
    let mut g = game(map("[victory]\ncentres = 5\nlast_year = 1902", ""), &[]);
    let later = diplo_game::EndRules {
        last_year: Some(1903),
        ..Default::default()
    };
    g.set_end_rules(later).unwrap();
    hold_a_year(&mut g);
    hold_a_year(&mut g);
    assert!(g.ended.is_none(), "the game's last year is 1903");
    hold_a_year(&mut g);
    let e = g.ended.clone().expect("the game ends after Fall 1903");
    assert_eq!((e.phase.year, e.by), (1903, EndedBy::LastYear));
    // Earlier than the map's, and none on the map at all.
    let mut g = game(map("victory_centres = 5", ""), &[]);
    let earlier = diplo_game::EndRules {
        last_year: Some(1901),
        ..Default::default()
    };
    g.set_end_rules(earlier).unwrap();
    hold_a_year(&mut g);
    assert_eq!(g.ended.as_ref().map(|e| e.phase.year), Some(1901));
}

#[test]
fn neutral_units_hold_never_order_and_rebuild() {
    let neutral = "\n[[power]]\nname = \"Neutral\"\nadjective = \"Neutral\"\nabbreviation = \"NEU\"\nneutral = true\nrebuild = true\nunits = [\"A n\"]\ncentres = [\"n\"]\n";
    let m = map("victory_centres = 5", neutral);
    let mut g = game(m, &[]);
    let neu = g.map.power_by_name("Neutral").unwrap();
    let err = g
        .submit(neu, "A n - m", "o.txt", Default::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("neutral power"), "{err}");
    // Red's lone attack fails against the holding neutral unit.
    orders(&mut g, "Red", "A r - n");
    let out = g.adjudicate(&[]).unwrap();
    assert!(
        !out.gathered.civil_disorder.contains(&neu),
        "neutral is never in civil disorder"
    );
    assert_eq!(out.adjudication.results[0].words(), "fails");
    assert_eq!(g.position.unit_count(neu), 1);
}

#[test]
fn a_dislodged_neutral_unit_is_rebuilt_in_its_empty_centre() {
    let neutral = "\n[[power]]\nname = \"Neutral\"\nadjective = \"Neutral\"\nabbreviation = \"NEU\"\nneutral = true\nrebuild = true\nunits = [\"A n\"]\ncentres = [\"n\"]\n";
    let text =
        map_text("victory_centres = 5", neutral).replace("units = [\"A b\"]", "units = [\"A m\"]");
    let m = Map::from_toml_str(&text, "line.toml").unwrap();
    let mut g = game(m, &[]);
    let neu = g.map.power_by_name("Neutral").unwrap();
    // Spring: Red, supported by Blue, dislodges the neutral army. It could retreat to x, but
    // a neutral unit never retreats: it is disbanded at once and no retreat phase is held.
    orders(&mut g, "Red", "A r - n");
    orders(&mut g, "Blue", "A m S RED A r - n");
    let out = g.adjudicate(&[]).unwrap();
    assert_eq!(
        g.position.phase.kind,
        PhaseKind::Movement,
        "no retreat phase"
    );
    let disbanded = &out.adjudication.automatic;
    assert!(
        disbanded
            .iter()
            .any(|a| a.unit.power == neu && a.reason_text(&g.map).contains("never retreats")),
        "{disbanded:?}"
    );
    assert_eq!(g.position.unit_count(neu), 0);
    // Fall: Red leaves n, which stays neutral; the winter rebuilds the neutral army.
    orders(&mut g, "Red", "A n - x");
    g.adjudicate(&[]).unwrap();
    assert_eq!(g.position.centre_count(neu), 1);
    assert_eq!(g.position.phase.kind, PhaseKind::Adjustment);
    let out = g.adjudicate(&[]).unwrap();
    assert!(
        out.adjudication
            .automatic
            .iter()
            .any(|a| a.unit.power == neu && a.reason_text(&g.map).contains("rebuilds")),
        "{:?}",
        out.adjudication.automatic
    );
    assert_eq!(g.position.unit_count(neu), 1);
}

#[test]
fn units_convert_in_owned_centres_where_the_rules_say() {
    let mut g = game(Map::standard(), &["unit_conversion=owned-centres"]);
    hold_a_year(&mut g);
    assert_eq!(
        g.position.phase.name(&g.map).to_string(),
        "Winter 1901 Adjustment",
        "the winter is held for conversions"
    );
    orders(
        &mut g,
        "France",
        "Convert A mar\nConvert F bre\nConvert A par\nConvert A mar",
    );
    orders(&mut g, "Russia", "Convert F stp/sc");
    let out = g.adjudicate(&[]).unwrap();
    let words: Vec<(String, String)> = out
        .adjudication
        .results
        .iter()
        .map(|r| {
            let order = &out.gathered.orders[r.index].1;
            (order.display(&g.map).to_string(), r.words())
        })
        .collect();
    assert_eq!(
        words,
        [
            ("Convert A mar".to_string(), "succeeds".to_string()),
            ("Convert F bre".to_string(), "succeeds".to_string()),
            ("Convert A par".to_string(), "illegal".to_string()),
            ("Convert A mar".to_string(), "illegal".to_string()),
            ("Convert F stp/sc".to_string(), "succeeds".to_string()),
        ]
    );
    let names = |p: &str| {
        g.position
            .unit_names(&g.map, g.map.power_by_name(p).unwrap())
    };
    assert!(
        names("France").contains(&"F mar".to_string()),
        "{:?}",
        names("France")
    );
    assert!(names("France").contains(&"A bre".to_string()));
    assert!(names("Russia").contains(&"A stp".to_string()));
    // Not under the rulebooks: the standard map converts nothing.
    let mut g = game(Map::standard(), &[]);
    hold_a_year(&mut g);
    assert_eq!(
        g.position.phase.name(&g.map).to_string(),
        "Spring 1902 Movement"
    );
}

#[test]
fn an_army_becomes_a_fleet_on_the_coast_written() {
    let mut g = game(Map::standard(), &["unit_conversion=owned-centres"]);
    // Spain, owned by France with an army in it, in the winter.
    let map = g.map.clone();
    g.position = diplo_engine::Position::from_toml_str(
        &map,
        "phase = \"Winter 1901 Adjustment\"\n[units]\nFrance = [\"A spa\", \"A par\"]\n[centres]\nFrance = [\"spa\", \"par\"]\n",
        "pos.toml",
    )
    .unwrap();
    let winter = g.position.clone();
    orders(&mut g, "France", "Convert A spa");
    let out = g.adjudicate(&[]).unwrap();
    assert_eq!(out.adjudication.results[0].words(), "illegal");
    let r = &out.adjudication.results[0];
    let reason = r.reason_text(&g.map, &out.gathered.orders[r.index].1);
    assert!(reason.contains("name the coast"), "{reason}");
    g.position = winter;
    orders(&mut g, "France", "Convert A Spain(south coast)");
    let out = g.adjudicate(&[]).unwrap();
    assert_eq!(out.adjudication.results[0].words(), "succeeds");
    let france = g.map.power_by_name("France").unwrap();
    assert!(g
        .position
        .unit_names(&g.map, france)
        .contains(&"F spa/sc".to_string()));
}

/// Spring, Summer and Fall; centres change owner after Summer (then "Midsummer" adjustments)
/// and after Fall (then the Winter ones).
const THREE_SEASONS: &str = "[[calendar.season]]\nname = \"Spring\"\n[[calendar.season]]\nname = \"Summer\"\ncaptures = true\nadjustment = \"Midsummer\"\n[[calendar.season]]\nname = \"Fall\"\ncaptures = true\nadjustment = \"Winter\"\n";

fn phase_name(g: &Game) -> String {
    g.position.phase.name(&g.map).to_string()
}

#[test]
fn a_calendar_of_three_seasons_captures_and_adjusts_where_it_says() {
    let text = map_text(&format!("victory_centres = 5\n{THREE_SEASONS}"), "");
    let m = Map::from_toml_str(&text, "line.toml").unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::new(
        m,
        MapSource::Copy {
            text,
            bases: Vec::new(),
        },
        Ruleset::datc(),
        Vec::new(),
    );
    assert_eq!(phase_name(&g), "Spring 1901 Movement");
    orders(&mut g, "Red", "A r - n");
    g.adjudicate(&[]).unwrap();
    assert_eq!(phase_name(&g), "Summer 1901 Movement");
    let n = g.map.province_by_name("n").unwrap();
    assert_eq!(
        g.position.owners[n.index()],
        None,
        "no capture after Spring"
    );
    g.adjudicate(&[]).unwrap();
    let red = g.map.power_by_name("Red");
    assert_eq!(g.position.owners[n.index()], red, "Summer captures");
    assert_eq!(phase_name(&g), "Midsummer 1901 Adjustment");
    // The game file keeps the phase by its name, and reads it back.
    let saved = Game::from_toml_str(&g.to_toml(), "g.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(saved.position.phase, g.position.phase);
    orders(&mut g, "Red", "Build A r");
    g.adjudicate(&[]).unwrap();
    assert_eq!(phase_name(&g), "Fall 1901 Movement");
    assert_eq!(g.position.units.len(), 3);
    g.adjudicate(&[]).unwrap();
    assert_eq!(
        phase_name(&g),
        "Spring 1902 Movement",
        "nothing to build: no Winter"
    );
    let history: Vec<String> = g.history.iter().map(|h| h.phase.clone()).collect();
    assert_eq!(
        history,
        [
            "Spring 1901 Movement",
            "Summer 1901 Movement",
            "Midsummer 1901 Adjustment",
            "Fall 1901 Movement"
        ]
    );
}

#[test]
fn victory_is_checked_after_every_season_that_captures() {
    let m = map(&format!("victory_centres = 3\n{THREE_SEASONS}"), "");
    let mut g = game(m, &[]);
    orders(&mut g, "Red", "A r - n");
    g.adjudicate(&[]).unwrap();
    assert!(g.ended.is_none(), "Spring does not capture");
    g.adjudicate(&[]).unwrap();
    let ending = g.ended.as_ref().expect("Red has 3 centres after Summer");
    assert_eq!(
        ending.describe(&g.map),
        "Red won after Summer 1901 Movement with 3 centres"
    );
}
