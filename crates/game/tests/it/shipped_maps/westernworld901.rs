//! The Western World 901 map (`westernworld901`), played through `Game`: its opening and first year, and each of its special rules.

use diplo_engine::Phase;

use super::*;

#[test]
fn westernworld901_a_dislodged_neutral_army_is_disbanded_then_rebuilt_in_its_centre() {
    let mut g = game("westernworld901");
    assert_eq!(phase(&g), "Spring 901 Movement");
    assert_eq!(units(&g, "Neutral"), 28);
    // As in godip's game_2: the fleet of Cherson, supported from Tamantarka, takes Pechenega's
    // east coast. The neutral army could retreat to Severyana, but it is disbanded at once.
    orders(&mut g, "Eastern Roman Empire", "F crn - pec/ec");
    orders(&mut g, "Khaganate of Khazaria", "A tam S F crn - pec");
    let out = play(&mut g);
    expect(&g, &out, &[("F crn - pec/ec", "succeeds")]);
    assert_eq!(phase(&g), "Fall 901 Movement", "no retreat phase");
    assert_eq!(units(&g, "Neutral"), 27);
    // The fleet sails back: Pechenega stays neutral, and empty.
    orders(&mut g, "Eastern Roman Empire", "F pec/ec - crn");
    play(&mut g);
    assert_eq!(phase(&g), "Winter 901 Adjustment");
    assert_eq!(owner(&g, "pec").as_deref(), Some("Neutral"));
    let out = play(&mut g);
    assert_eq!(unit_at(&g, "pec").as_deref(), Some("A pec"), "rebuilt");
    assert!(
        out.adjudication
            .automatic
            .iter()
            .any(|a| a.reason_text(&g.map).contains("rebuilds")),
        "{:?}",
        out.adjudication.automatic
    );
    assert_eq!(units(&g, "Neutral"), 28);
}

#[test]
fn westernworld901_builds_in_any_owned_centre() {
    let mut g = game("westernworld901");
    // West Frankish owns Brittany, its neutral army gone, and its four home centres are full.
    let btt = g.map.province_by_name("btt").unwrap();
    g.position.units.retain(|u| u.location.province != btt);
    g.position.owners[btt.index()] = g.map.power_by_name("West Frankish Kingdom");
    g.position.phase = Phase::parse("Winter 901 Adjustment", &g.map).unwrap();
    orders(&mut g, "West Frankish Kingdom", "Build F btt");
    let out = play(&mut g);
    expect(&g, &out, &[("B F btt", "succeeds")]);
    assert_eq!(units(&g, "West Frankish Kingdom"), 5);
}
