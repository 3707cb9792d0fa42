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

/// A province named as a word of the order notations, or without a letter, cannot be named by
/// an order (`waive - bet` reads as declining a build): every such name is refused at once,
/// located, with the reason; a name that merely contains a dash or a keyword is fine.
#[test]
fn province_names_orders_cannot_use_are_refused() {
    let text = std::fs::read_to_string(data("tiny.toml")).unwrap();
    let text = text.replace(
        "aliases = [\"bt\"]",
        "aliases = [\"bt\", \"Waive\", \"-\", \"to\", \"b-t\", \"to the sea\"]",
    );
    let err = Map::from_toml_str(&text, "tiny.toml").unwrap_err();
    let messages: Vec<String> = err.diagnostics.iter().map(|d| d.to_string()).collect();
    assert_eq!(messages.len(), 3, "{err}");
    assert!(
        messages[0].contains("tiny.toml:26:")
            && messages[0].contains("invalid province name `Waive`: it is a word of the order notations, so an order could not name the province"),
        "{err}"
    );
    assert!(
        messages[1].contains("invalid province name `-`: a name needs a letter or a digit"),
        "{err}"
    );
    assert!(
        messages[2].contains("invalid province name `to`: it is a word"),
        "{err}"
    );
}

#[test]
fn syntax_errors_are_located() {
    let err = Map::from_toml_str("name = \"x\"\nfirst_year = \n", "x.toml").unwrap_err();
    assert_eq!(err.diagnostics[0].line, 2, "{err}");
}

/// A map of `n` inland provinces `p0`..: `hub` lists `entries` (its army edges); each `pI`
/// lists `hub`.
fn hub_map(n: usize, entries: impl Iterator<Item = String>) -> String {
    let mut text = String::from(
        "name = \"hub\"\nfirst_year = 1901\nfirst_season = \"spring\"\nvictory_centres = 1\n\n\
         [[power]]\nname = \"Red\"\nadjective = \"Red\"\nabbreviation = \"RED\"\nunits = [\"A hub\"]\n\n\
         [[province]]\nname = \"hub\"\nfull_name = \"Hub\"\nterrain = \"inland\"\n\
         supply_centre = true\nhome = \"Red\"\narmy = [",
    );
    for (i, e) in entries.enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push('"');
        text.push_str(&e);
        text.push('"');
    }
    text.push_str("]\n");
    for i in 0..n {
        text.push_str(&format!(
            "\n[[province]]\nname = \"p{i}\"\nfull_name = \"P {i}\"\nterrain = \"inland\"\narmy = [\"hub\"]\n"
        ));
    }
    text
}

/// A province with 200,000 neighbour entries (2,000 provinces, each listed 100 times): the
/// duplicate check is linear (the quadratic one the loader once had would take minutes here),
/// and a load with 198,000 problems reports the first few hundred and counts the rest instead
/// of locating each one.
#[test]
fn a_province_with_200k_neighbour_entries_is_checked_in_linear_time() {
    let n = 2_000;
    let text = hub_map(n, (0..200_000).map(|i| format!("p{}", i % n)));
    let unlimited = diplo_map::limits::Limits {
        provinces: usize::MAX,
        neighbours: usize::MAX,
        ..diplo_map::limits::Limits::DEFAULT
    };
    let err = Map::from_toml_str_with_limits(&text, "hub.toml", &unlimited).unwrap_err();
    let first = &err.diagnostics[0];
    assert!(
        first.message.contains("duplicate army edge `p0`"),
        "{first}"
    );
    let last = err.diagnostics.last().unwrap().to_string();
    assert!(last.ends_with("more problems"), "{last}");
    assert!(err.diagnostics.len() <= 1_000, "{}", err.diagnostics.len());
    // Without the duplicates the hub and its 2,000 neighbours load.
    let text = hub_map(n, (0..n).map(|i| format!("p{i}")));
    let map = Map::from_toml_str_with_limits(&text, "hub.toml", &unlimited).unwrap();
    let hub = map.province_by_name("hub").unwrap();
    assert_eq!(map.army_neighbours(hub).len(), n);
}

#[test]
fn the_province_and_neighbour_limits_are_located_and_name_their_variable() {
    use diplo_map::limits::Limits;
    let text = std::fs::read_to_string(data("tiny.toml")).unwrap();
    let two = Limits {
        provinces: 2,
        ..Limits::DEFAULT
    };
    let err = Map::from_toml_str_with_limits(&text, "tiny.toml", &two).unwrap_err();
    assert_eq!(
        err.to_string(),
        "error: tiny.toml:33:8: 3 provinces: more than the limit of 2 provinces per map (set \
         DIPLO_MAX_PROVINCES to allow more)"
    );
    let one = Limits {
        neighbours: 1,
        ..Limits::DEFAULT
    };
    let err = Map::from_toml_str_with_limits(&text, "tiny.toml", &one).unwrap_err();
    assert!(
        err.to_string().contains(
            "tiny.toml:36:17: `sea` lists 2 fleet edges: more than the limit of 1 neighbours \
             per province (set DIPLO_MAX_NEIGHBOURS to allow more)"
        ),
        "{err}"
    );
    // (The edges of the list skipped are reported one-sided, too.) The defaults take the
    // shipped maps.
    for (name, _) in diplo_map::EMBEDDED_MAPS {
        Map::embedded(name).unwrap().unwrap();
    }
}

#[test]
fn a_nul_or_a_lone_cr_in_a_comment_is_named_and_located() {
    let text = std::fs::read_to_string(data("tiny.toml")).unwrap();
    let nul = format!("{text}# end \0\n");
    let err = Map::from_toml_str(&nul, "tiny.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("error: tiny.toml:37:7: a NUL byte: TOML allows none anywhere"),
        "{err}"
    );
    let cr = text.replacen("# A three", "# A\rthree", 1);
    let err = Map::from_toml_str(&cr, "tiny.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("error: tiny.toml:1:4: a carriage return (CR) without a line feed"),
        "{err}"
    );
}

/// Issue 34 item 20: a drawing's bounds out of range are named as such (with the number, in a
/// line's width), not as "must be four numbers"; a wrong count says the count.
#[test]
fn drawing_bounds_out_of_range_say_which_number() {
    let text = diplo_map::STANDARD_MAP_TOML;
    let line = "bounds = [-13.0, 30.0, 46.0, 72.0]";
    assert!(text.contains(line));
    let huge = text.replace(line, "bounds = [-1e300, 30.0, 46.0, 72.0]");
    let e = Map::from_toml_str(&huge, "m.toml").unwrap_err().to_string();
    assert!(e.contains("`bounds` holds -1e300"), "{e}");
    assert!(e.lines().all(|l| l.len() < 300), "{e}");
    let three = text.replace(line, "bounds = [-13.0, 30.0, 46.0]");
    let e = Map::from_toml_str(&three, "m.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("four numbers") && e.contains("found 3"), "{e}");
}
