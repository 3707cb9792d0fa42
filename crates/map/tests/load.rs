//! Loading the shipped maps and reporting located errors in broken ones.

use std::path::Path;

use diplo_map::{Location, Map, Terrain, UnitKind};

fn data(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

#[test]
fn standard_map_has_the_standard_shape() {
    let map = Map::standard();
    let passable = map
        .provinces()
        .iter()
        .filter(|p| p.terrain != Terrain::Impassable)
        .count();
    assert_eq!(passable, 75);
    assert_eq!(map.supply_centre_count(), 34);
    assert_eq!(map.powers().len(), 7);
    assert_eq!(
        map.powers().iter().map(|p| p.units.len()).sum::<usize>(),
        22
    );
    assert_eq!(map.victory_centres, 18);
}

#[test]
fn standard_map_facts_people_get_wrong() {
    let map = Map::standard();
    let p = |n: &str| map.province_by_name(n).unwrap_or_else(|| panic!("{n}"));
    // Rome-Venice: army edge only (DATC 6.A.9).
    assert!(map.army_adjacent(p("rom"), p("ven")));
    assert!(!map.fleet_can_reach(Location::province(p("rom")), p("ven")));
    // Norway-St Petersburg for armies and fleets (north coast).
    assert!(map.army_adjacent(p("nwy"), p("stp")));
    let stp_nc = map.parse_location("stp/nc").unwrap();
    assert!(map.fleet_adjacent(Location::province(p("nwy")), stp_nc));
    // Liverpool touches the North Atlantic; Clyde does not touch the Irish Sea.
    assert!(map.fleet_can_reach(Location::province(p("lvp")), p("nao")));
    assert!(!map.fleet_can_reach(Location::province(p("cly")), p("iri")));
    // Aliases and full names.
    assert_eq!(
        map.province_by_name("Gulf of Lyon"),
        map.province_by_name("gol")
    );
    assert_eq!(
        map.province_by_name("St. Petersburg"),
        map.province_by_name("stp")
    );
    assert!(map.can_stand(UnitKind::Fleet, stp_nc));
    assert!(!map.can_stand(UnitKind::Fleet, Location::province(p("stp"))));
}

#[test]
fn broken_map_reports_three_located_errors() {
    let err = Map::from_path(&data("bad.toml")).unwrap_err();
    let text = err.to_string();
    assert_eq!(err.diagnostics.len(), 3, "{text}");
    assert!(
        text.contains("bad.toml:19:16: unknown province `gam`"),
        "{text}"
    );
    assert!(
        text.contains("bad.toml:19:9: one-sided army edge"),
        "{text}"
    );
    assert!(
        text.contains("bad.toml:25:12: duplicate name `alpha`"),
        "{text}"
    );
}

#[test]
fn tiny_map_loads() {
    let map = Map::from_path(&data("tiny.toml")).unwrap();
    assert_eq!(map.provinces().len(), 3);
    assert_eq!(map.province_by_name("bt"), map.province_by_name("Beta"));
}

#[test]
fn syntax_errors_are_located() {
    let err = Map::from_toml_str("name = \"x\"\nfirst_year = \n", "x.toml").unwrap_err();
    assert_eq!(err.diagnostics[0].line, 2, "{err}");
}
