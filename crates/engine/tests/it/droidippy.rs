//! The Droidippy conventions the corpus replay found (`rulesets/droidippy.toml`), each checked
//! against the choice it replaced; the situations are taken from the recorded games.

use diplo_engine::{adjudicate, Phase, PhaseKind, Position, Unit};
use diplo_map::{Map, PowerId, Season};
use diplo_orders::parse_order;
use diplo_rules::Ruleset;

fn pos(map: &Map, phase: &str, units: &[(&str, &str)], centres: &[(&str, &str)]) -> Position {
    let phase = Phase::parse(phase, map).unwrap();
    let mut p = Position::empty(map, phase);
    for (power, u) in units {
        let power = map.power_by_name(power).unwrap();
        p.units
            .push(diplo_engine::position::parse_unit(map, power, u).unwrap());
    }
    for (power, c) in centres {
        p.owners[map.province_by_name(c).unwrap().index()] = map.power_by_name(power);
    }
    p
}

fn orders(map: &Map, list: &[(&str, &str)]) -> Vec<(PowerId, diplo_orders::Order)> {
    list.iter()
        .map(|(power, o)| {
            (
                map.power_by_name(power).unwrap(),
                parse_order(map, o).unwrap().1,
            )
        })
        .collect()
}

fn rules(base: &str, set: &str) -> Ruleset {
    let mut r = Ruleset::load(base).unwrap();
    if !set.is_empty() {
        r.apply_override(set).unwrap();
    }
    r
}

fn units(map: &Map, p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.units.iter().map(|u: &Unit| u.short(map)).collect();
    v.sort();
    v
}

/// The units Russia keeps after Winter 1902 under `base` with `set` applied, when it must
/// remove one of F bot and F fin (both one move from St Petersburg) and orders nothing.
pub(crate) fn russia_keeps_after_removal(base: &str, set: &str) -> Vec<String> {
    let map = Map::standard();
    let p = pos(
        &map,
        "Winter 1902 Adjustment",
        &[
            ("Russia", "F bot"),
            ("Russia", "F fin"),
            ("Russia", "A mos"),
        ],
        &[("Russia", "mos"), ("Russia", "stp")],
    );
    units(&map, &adjudicate(&map, &rules(base, set), &p, &[]).next)
}

/// game_518, Winter 1902: Russia must remove one of F bot and F fin, both one move from St
/// Petersburg. Droidippy removes the first by abbreviation (bot), not by full name (Finland).
#[test]
fn civil_disorder_ties_break_by_abbreviation() {
    let keeps = russia_keeps_after_removal("droidippy", "");
    assert_eq!(keeps, ["A mos", "F fin"]);
    let by_name = russia_keeps_after_removal("droidippy", "civil_disorder=1971-shared");
    assert_eq!(by_name, ["A mos", "F bot"]);
}

/// game_2855, Spring 1901: `con move bul via convoy` with no fleet ordered to convoy moves over
/// land under Droidippy; under 2025EE the army must be convoyed and stays.
#[test]
fn via_convoy_without_a_convoy_moves_over_land() {
    let map = Map::standard();
    let p = pos(&map, "Spring 1901 Movement", &[("Turkey", "A con")], &[]);
    let o = orders(&map, &[("Turkey", "A con - bul via convoy")]);
    let d = adjudicate(&map, &rules("droidippy", ""), &p, &o);
    assert_eq!(units(&map, &d.next), ["A bul"]);
    let d = adjudicate(&map, &rules("datc", ""), &p, &o);
    assert_eq!(units(&map, &d.next), ["A con"]);
}

/// An own fleet's convoy is used even without `via convoy`, and a disrupted one does not fall
/// back to the land route (godip's MustConvoy).
#[test]
fn own_fleet_convoy_to_adjacent_province_has_no_fallback() {
    let map = Map::standard();
    let p = pos(
        &map,
        "Spring 1901 Movement",
        &[
            ("England", "A lon"),
            ("England", "F eng"),
            ("France", "F mao"),
            ("France", "F bre"),
        ],
        &[],
    );
    let o = orders(
        &map,
        &[
            ("England", "A lon - wal"),
            ("England", "F eng C A lon - wal"),
            ("France", "F mao - eng"),
            ("France", "F bre S F mao - eng"),
        ],
    );
    let d = adjudicate(&map, &rules("droidippy", ""), &p, &o);
    assert!(units(&map, &d.next).contains(&"A lon".to_string()));
    let fallback = rules("droidippy", "convoy_to_adjacent=2000-fallback");
    let d = adjudicate(&map, &fallback, &p, &o);
    assert!(units(&map, &d.next).contains(&"A wal".to_string()));
}

/// game_1896, Fall 1911: Germany has more centres than units and owns its home centres, all
/// occupied. Droidippy still holds the winter phase; the rulebooks' reading skips it.
#[test]
fn adjustment_phase_held_when_a_power_owns_an_occupied_home_centre() {
    let map = Map::standard();
    let p = pos(
        &map,
        "Fall 1901 Movement",
        &[("Germany", "A ber"), ("Germany", "F hol")],
        &[("Germany", "ber"), ("Germany", "hol"), ("Germany", "den")],
    );
    let d = adjudicate(&map, &rules("droidippy", ""), &p, &[]);
    assert_eq!(d.next.phase.kind, PhaseKind::Adjustment);
    let d = adjudicate(&map, &rules("datc", ""), &p, &[]);
    assert_eq!(
        (d.next.phase.season, d.next.phase.year, d.next.phase.kind),
        (Season::SPRING, 1902, PhaseKind::Movement)
    );
    // Owning no home centre at all: no winter phase under either (game_1041, Fall 1908).
    let p = pos(
        &map,
        "Fall 1901 Movement",
        &[("Germany", "F hol")],
        &[("Germany", "hol"), ("Germany", "den")],
    );
    let d = adjudicate(&map, &rules("droidippy", ""), &p, &[]);
    assert_eq!(d.next.phase.kind, PhaseKind::Movement);
}
