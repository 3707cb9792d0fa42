//! The 1800: Empires and Coalitions map (`empiresandcoalitions`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

#[test]
fn empiresandcoalitions_denmark_builds_in_sweden_once_captured() {
    let mut g = game("empiresandcoalitions");
    assert_eq!(phase(&g), "Spring 1800 Movement");
    // Sweden is Denmark's home centre, but not Denmark's at the start.
    assert_eq!(owner(&g, "swe"), None);
    assert_eq!(centres(&g, "Denmark"), 2);
    orders(&mut g, "Denmark", "F cop - swe");
    play(&mut g);
    play(&mut g);
    assert_eq!(owner(&g, "swe").as_deref(), Some("Denmark"));
    assert_eq!(phase(&g), "Winter 1800 Adjustment");
    // Sweden is occupied; Copenhagen, the home centre the fleet left, takes the build.
    orders(&mut g, "Denmark", "Build F cop");
    let out = play(&mut g);
    expect(&g, &out, &[("B F cop", "succeeds")]);
    // 1801: the Swedish fleet takes Finland and leaves Sweden empty: a build there.
    orders(&mut g, "Denmark", "F swe - fil");
    play(&mut g);
    play(&mut g);
    assert_eq!(owner(&g, "fil").as_deref(), Some("Denmark"));
    assert_eq!(unit_at(&g, "swe"), None);
    orders(&mut g, "Denmark", "Build A swe");
    let out = play(&mut g);
    expect(&g, &out, &[("B A swe", "succeeds")]);
    assert_eq!(units(&g, "Denmark"), 4);
}

#[test]
fn empiresandcoalitions_britain_s_liverpool_fleet_starts_in_gibraltar_a_convoying_coast() {
    let g = game("empiresandcoalitions");
    assert_eq!(unit_at(&g, "gib").as_deref(), Some("F gib"));
    assert_eq!(unit_at(&g, "lie"), None);
    assert_eq!(owner(&g, "lie").as_deref(), Some("Britain"));
    let gib = g.map.province_by_name("gib").unwrap();
    assert!(g.map.province(gib).convoyable && !g.map.province(gib).supply_centre);
}
