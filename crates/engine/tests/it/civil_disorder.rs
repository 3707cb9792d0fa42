//! Civil-disorder removals say why it was this unit: the ruleset's rule (DATC 4.D.8), the
//! distances it measured and the tie-break that decided. The positions and distances are those
//! of DATC 3.2 6.J (`../shared/reference/datc-3.2.txt`).

use diplo_engine::{adjudicate, adjudicate_with_production, AutomaticKind, Position};
use diplo_map::Map;
use diplo_rules::Ruleset;

/// The automatic removals of a Winter 1901 adjustment with no orders, under `profile`: each
/// removed unit's name and the reason in words.
fn removals(units: &str, centres: &str, profile: &str) -> Vec<(String, String)> {
    let map = Map::standard();
    let pos =
        format!("phase = \"Winter 1901 Adjustment\"\n[units]\n{units}\n[centres]\n{centres}\n");
    let pos = Position::from_toml_str(&map, &pos, "position").expect("position");
    let rules = Ruleset::load(profile).expect("profile");
    let adj = adjudicate(&map, &rules, &pos, &[]);
    adj.automatic
        .iter()
        .inspect(|a| assert_eq!(a.kind, AutomaticKind::Removed))
        .map(|a| (a.unit.full(&map), a.reason_text(&map)))
        .collect()
}

/// 6.J.12 under 2023: distance to the owned centre (Warsaw); A Tuscany is five moves from it
/// (Venice, Tyrolia, Bohemia, Silesia, Warsaw), A Warsaw none.
#[test]
fn the_2023_rule_names_the_owned_centre_and_both_distances() {
    let r = removals(
        r#"Italy = ["A war", "A tus"]"#,
        r#"Italy = ["war"]"#,
        "2023",
    );
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].0, "A Tuscany");
    assert_eq!(
        r[0].1,
        "removed: civil disorder: Italy ordered 0 of its 1 removals; the unit farthest from the \
         nearest owned supply centre goes first (counting every adjacent province, whatever the \
         unit): A Tuscany is 5 moves away, A Warsaw 0 moves away (civil_disorder = \"2023\"; DATC 4.D.8)"
    );
}

/// 6.J.12 under 1971: distance to the nearest home centre; A Tuscany is next to Rome and Venice.
#[test]
fn the_1971_rule_names_the_home_centres_and_its_counting() {
    let r = removals(
        r#"Italy = ["A war", "A tus"]"#,
        r#"Italy = ["war"]"#,
        "1971",
    );
    assert_eq!(r[0].0, "A Warsaw");
    assert!(r[0].1.contains("the unit farthest from the nearest home centre goes first (counting fleets by fleet moves, armies over land and sea)"), "{}", r[0].1);
    assert!(
        r[0].1
            .ends_with(", A Tuscany 1 move away (civil_disorder = \"1971\"; DATC 4.D.8)"),
        "{}",
        r[0].1
    );
}

/// 6.J.12 under 2000: distance to the home country, which Tuscany is part of.
#[test]
fn the_2000_rule_names_the_home_country() {
    let r = removals(
        r#"Italy = ["A war", "A tus"]"#,
        r#"Italy = ["war"]"#,
        "2000",
    );
    assert_eq!(r[0].0, "A Warsaw");
    assert!(
        r[0].1.contains("farthest from the home country"),
        "{}",
        r[0].1
    );
    assert!(r[0].1.contains(", A Tuscany 0 moves away"), "{}", r[0].1);
}

/// 6.J.6: both fleets are three from Munich; Gulf of Bothnia comes first alphabetically.
#[test]
fn an_alphabetical_tie_break_names_the_order_of_names() {
    let r = removals(
        r#"Russia = ["F bot", "F nth"]"#,
        r#"Russia = ["mun"]"#,
        "datc",
    );
    assert_eq!(r[0].0, "F Gulf of Bothnia");
    assert!(
        r[0].1.contains(": F Gulf of Bothnia and F North Sea are both 3 moves away, and Gulf of Bothnia comes first in the alphabetical order of the provinces' names"),
        "{}",
        r[0].1
    );
}

/// 6.J.7: the fleets and the army are all two from an owned centre; a fleet goes first, then
/// North Sea before Skagerrak.
#[test]
fn fleets_before_armies_is_named_where_it_decides() {
    let r = removals(
        r#"Russia = ["A boh", "F ska", "F nth"]"#,
        r#"Russia = ["stp", "war"]"#,
        "datc",
    );
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].0, "F North Sea");
    assert!(
        r[0].1.contains(
            ": F North Sea and F Skagerrak are both 2 moves away, and North Sea comes first"
        ),
        "{}",
        r[0].1
    );
    // A Silesia is one from Warsaw, A Bohemia and F Skagerrak both two: the fleet goes,
    // though Bohemia comes first alphabetically.
    let r = removals(
        r#"Russia = ["A boh", "F ska", "A sil"]"#,
        r#"Russia = ["stp", "war"]"#,
        "datc",
    );
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].0, "F Skagerrak");
    assert!(
        r[0].1.contains(
            ": F Skagerrak and A Bohemia are both 2 moves away, and a fleet goes before an army"
        ),
        "{}",
        r[0].1
    );
}

/// A power that must remove every unit keeps none, and says so.
#[test]
fn a_power_that_keeps_no_unit_says_so() {
    let r = removals(r#"Italy = ["A tus"]"#, "", "datc");
    assert_eq!(r[0].0, "A Tuscany");
    assert!(r[0].1.contains("and Italy keeps no unit"), "{}", r[0].1);
}

/// The house rule of the least recently produced unit (DATC 2.4 4.D.8): A Picardy, produced
/// before A Burgundy and off the centres, goes though Burgundy is as far from Paris.
#[test]
fn the_least_recently_produced_rule_names_the_older_unit() {
    let map = Map::standard();
    let pos = "phase = \"Winter 1901 Adjustment\"\n[units]\nFrance = [\"A par\", \"A bur\", \"A pic\"]\n[centres]\nFrance = [\"par\", \"bre\"]\n";
    let pos = Position::from_toml_str(&map, pos, "position").unwrap();
    let mut rules = Ruleset::datc();
    rules
        .apply_override("civil_disorder=least-recently-produced")
        .unwrap();
    let at = |n: &str| diplo_map::Location::province(map.province_by_name(n).unwrap());
    let produced = [(at("par"), 0), (at("pic"), 3), (at("bur"), 7)];
    let adj = adjudicate_with_production(&map, &rules, &pos, &[], &produced);
    assert_eq!(adj.automatic.len(), 1);
    assert_eq!(adj.automatic[0].unit.full(&map), "A Picardy");
    let reason = adj.automatic[0].reason_text(&map);
    assert!(
        reason.contains("; the least recently produced unit not on a supply centre goes first, then the one farthest from the nearest owned supply centre (counting every adjacent province, whatever the unit): A Picardy before A Burgundy (civil_disorder = \"least-recently-produced\"; DATC 4.D.8)"),
        "{reason}"
    );
}
