//! The MILA importer, one format construct at a time, on small inline maps.

use crate::common;

use common::{found, id, load};
use diplo_import::{mila, FindingKind, Imported};
use diplo_map::{Location, Terrain, UnitKind};

/// A small valid map: London and Brest on the Channel, Paris inland, Belgium between.
const BASE: &str = "\
ENGLAND (ENGLISH) LON
F LON
FRANCE (FRENCH) PAR BRE
A PAR
F BRE
UNOWNED BEL

London = lon
Paris = par
Brest = bre
Belgium = bel belg
English Channel = eng channel english+channel

COAST LON ABUTS ENG
WATER ENG ABUTS LON BRE BEL
COAST BRE ABUTS ENG PAR bel
LAND PAR ABUTS BRE BEL
COAST BEL ABUTS ENG PAR bre
";

fn import(text: &str) -> Imported {
    mila::import_str(text, "t.map", &|_| Ok(None)).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn terrain_names_powers_and_units() {
    let i = import(BASE);
    let map = load(&i);
    assert_eq!(map.name, "t");
    assert_eq!(map.province(id(&map, "eng")).terrain, Terrain::Sea);
    assert_eq!(map.province(id(&map, "par")).terrain, Terrain::Inland);
    assert_eq!(map.province(id(&map, "lon")).terrain, Terrain::Coast);
    // `+` joins words of an alias.
    assert_eq!(id(&map, "english channel"), id(&map, "eng"));
    assert_eq!(id(&map, "belg"), id(&map, "Belgium"));
    let france = map.power_by_name("France").unwrap();
    assert_eq!(map.power(france).adjective, "French");
    assert_eq!(map.power(france).abbreviation, "FRA");
    assert_eq!(map.home_centres(france).len(), 2);
    assert!(map.province(id(&map, "bel")).supply_centre);
    assert_eq!(map.province(id(&map, "bel")).home, None);
    assert_eq!(map.powers()[1].units.len(), 2);
    assert_eq!(
        map.victory_centres, 3,
        "MILA's default: more than half of 4 centres"
    );
    assert!(!found(&i, FindingKind::Note, "no VICTORY line").is_empty());
    assert!(!found(&i, FindingKind::Default, "home countries").is_empty());
    assert!(i.gaps().next().is_none(), "{}", i.report());
    // The header names the source and every finding.
    assert!(i.toml.contains("MILA map file t.map"));
    assert!(i.toml.contains("no VICTORY line"));
}

#[test]
fn letter_case_restricts_units() {
    let i = import(BASE);
    let map = load(&i);
    let (bre, bel, par) = (id(&map, "bre"), id(&map, "bel"), id(&map, "par"));
    // `bel` in lower case: armies only.
    assert!(map.army_adjacent(bre, bel));
    assert!(!map.fleet_adjacent(Location::province(bre), Location::province(bel)));
    assert!(map.army_adjacent(bre, par));
    // Capitalised: fleets only.
    let text = BASE
        .replace("COAST BRE ABUTS ENG PAR bel", "COAST BRE ABUTS ENG PAR Bel")
        .replace("COAST BEL ABUTS ENG PAR bre", "COAST BEL ABUTS ENG PAR Bre");
    let map = load(&import(&text));
    let (bre, bel) = (id(&map, "bre"), id(&map, "bel"));
    assert!(!map.army_adjacent(bre, bel));
    assert!(map.fleet_adjacent(Location::province(bre), Location::province(bel)));
}

#[test]
fn port_is_a_convoyable_coast_and_shut_is_impassable() {
    let text = BASE.replace("COAST BEL ABUTS", "PORT BEL ABUTS").replace(
        "LAND PAR ABUTS BRE BEL",
        "LAND PAR ABUTS BRE BEL SWI\nSwitzerland = swi\nSHUT SWI ABUTS PAR",
    );
    let i = import(&text);
    let map = load(&i);
    assert!(map.province(id(&map, "bel")).convoyable);
    assert!(map.can_convoy_through(id(&map, "bel")));
    assert_eq!(map.province(id(&map, "swi")).terrain, Terrain::Impassable);
    assert!(map.army_neighbours(id(&map, "par")).len() == 2);
    assert!(!found(&i, FindingKind::Note, "impassable").is_empty());
}

const COASTS: &str = "
Spain = spa
Spain (north coast) = spa/nc spa(nc) spain/nc spa+(north+coast) spa/wc
Spain (south coast) = spa/sc
Gascony = gas
Mid-Atlantic Ocean = mao
Western Med = wes
COAST SPA/NC ABUTS GAS MAO
COAST SPA/SC ABUTS MAO WES
COAST spa ABUTS GAS MAO WES
COAST GAS ABUTS SPA/NC MAO
WATER MAO ABUTS SPA/NC SPA/SC GAS WES
WATER WES ABUTS SPA/SC MAO
ITALY (ITALIAN) SPA
F SPA/SC
";

#[test]
fn multi_coast_provinces_and_coast_aliases() {
    let i = import(COASTS);
    let map = load(&i);
    let spa = id(&map, "spa");
    let p = map.province(spa);
    assert_eq!(p.coasts.len(), 2);
    assert_eq!(p.coasts[0].name, "nc");
    assert_eq!(p.coasts[0].full_name, "north coast");
    // `GAS ABUTS SPA/NC` is a fleet edge to the coast and an army edge to the province.
    assert!(map.army_adjacent(id(&map, "gas"), spa));
    assert!(map.fleet_adjacent(Location::province(id(&map, "gas")), Location::coast(spa, 0)));
    assert!(!map.fleet_adjacent(Location::province(id(&map, "wes")), Location::coast(spa, 0)));
    assert_eq!(map.powers()[0].units[0].location, Location::coast(spa, 1));
    // Respellings of `spa/nc` are what diplo reads anyway; `spa/wc` is a real coast alias.
    let lost = found(&i, FindingKind::NotExpressed, "no aliases for coasts");
    assert_eq!(lost.len(), 1, "{lost:?}");
    assert!(
        lost[0].starts_with("t.map:3: ") && lost[0].contains("`spa/wc`"),
        "{lost:?}"
    );
    assert!(!lost[0].contains("spa(nc)"));
}

#[test]
fn a_single_coast_is_the_province() {
    let text = COASTS.replace("COAST SPA/SC ABUTS MAO WES\n", "").replace(
        "WATER MAO ABUTS SPA/NC SPA/SC GAS WES\nWATER WES ABUTS SPA/SC MAO",
        "WATER MAO ABUTS SPA/NC GAS WES\nWATER WES ABUTS MAO",
    );
    let text = text
        .replace("COAST spa ABUTS GAS MAO WES", "COAST spa ABUTS GAS MAO")
        .replace("F SPA/SC", "F SPA/NC");
    let i = import(&text);
    let map = load(&i);
    let spa = id(&map, "spa");
    assert!(!map.province(spa).is_multi_coast());
    assert!(map.fleet_adjacent(Location::province(spa), Location::province(id(&map, "mao"))));
    assert!(!found(&i, FindingKind::Note, "only coast").is_empty());
}

#[test]
fn one_sided_edges_become_one_way_borders() {
    let text = BASE.replace("LAND PAR ABUTS BRE BEL", "LAND PAR ABUTS BRE");
    let i = import(&text);
    let map = load(&i);
    let (bel, par) = (id(&map, "bel"), id(&map, "par"));
    assert!(map.army_adjacent(bel, par));
    assert!(!map.army_adjacent(par, bel));
    let b = map.border(UnitKind::Army, bel, par).unwrap();
    assert!(b.one_way);
    let amb = found(&i, FindingKind::Ambiguous, "one side only");
    assert_eq!(amb.len(), 1);
    assert!(amb[0].starts_with("t.map:18: "), "{amb:?}");
}

#[test]
fn use_reads_the_base_then_changes_it() {
    let child = "\
MAP base
UNPLAYED ENGLAND
DROP LON
UNOWNED PAR
FRANCE -PAR
OWNS BRE
UNITS
A BRE
GERMANY (GERMAN:G) BEL
A BEL
DUMMY
VICTORY 2 3
BEGIN WINTER 1900 ADJUSTMENTS
RULE BUILD_ANY
RULE HOLD_WIN
";
    let resolve =
        |name: &str| Ok((name == "base.map").then(|| ("base.map".to_string(), BASE.to_string())));
    let i = mila::import_str(child, "child.map", &resolve).unwrap();
    let map = load(&i);
    assert!(map.province_by_name("lon").is_none());
    assert_eq!(map.powers().len(), 2);
    let france = map.power_by_name("France").unwrap();
    assert_eq!(map.home_centres(france), &[id(&map, "bre")]);
    assert_eq!(map.power(france).centres, vec![id(&map, "bre")]);
    assert_eq!(map.power(france).units.len(), 1);
    assert!(map.province(id(&map, "par")).supply_centre);
    let germany = map.power_by_name("Germany").unwrap();
    assert!(map.power(germany).neutral);
    assert_eq!(map.victory_centres, 2);
    assert_eq!(map.first_year, 1900);
    assert_eq!(map.calendar.first_phase, diplo_map::FirstPhase::Adjustment);
    assert_eq!(map.build, diplo_map::BuildRule::OwnedCentres);
    assert!(i.toml.contains("Files read: child.map, base.map."));
    let gaps: Vec<String> = i.gaps().map(|f| f.to_string()).collect();
    assert_eq!(
        gaps.iter()
            .map(|g| g.split(": ").take(2).collect::<Vec<_>>().join(": "))
            .collect::<Vec<_>>(),
        [
            "child.map:9: not expressed",
            "child.map:12: not expressed",
            "child.map:15: not expressed"
        ],
        "{gaps:#?}"
    );
    assert!(gaps[0].contains("`G`") && gaps[1].contains("VICTORY") && gaps[2].contains("HOLD_WIN"));
    assert!(!found(&i, FindingKind::Default, "DUMMY power Germany").is_empty());
}

#[test]
fn begin_and_victory() {
    let map = load(&import(&format!(
        "BEGIN FALL 1 MOVEMENT\nVICTORY 3\n{BASE}"
    )));
    assert_eq!(
        (map.first_year, map.first_season),
        (1, diplo_map::Season::FALL)
    );
    assert_eq!(map.victory_centres, 3);
    let i = import(&format!("BEGIN SPRING 1901 RETREATS\n{BASE}"));
    assert_eq!(found(&i, FindingKind::NotExpressed, "BEGIN").len(), 1);
    let i = import(BASE);
    assert!(!found(&i, FindingKind::Note, "no BEGIN line").is_empty());
}

#[test]
fn unit_lines_replace_units_in_the_same_place() {
    let map = load(&import(&BASE.replace("F BRE\n", "F BRE\nA BRE\n")));
    let france = map.power_by_name("France").unwrap();
    assert_eq!(map.power(france).units.len(), 2);
    assert_eq!(map.power(france).units[1].kind, UnitKind::Army);
}

#[test]
fn what_cannot_be_read_is_reported_with_its_line() {
    let text = format!("{BASE}Carthage = car carthage?\nLAND CAR ABUTS PAR XYZ\n%% what\n");
    let i = import(&text);
    let report = i.report();
    assert!(
        report.contains("t.map:19: not expressed: alias `carthage?`"),
        "{report}"
    );
    assert!(
        report.contains("t.map:20: not expressed: `CAR` abuts `XYZ`"),
        "{report}"
    );
    assert!(
        report.contains("t.map:21: not expressed: line not understood"),
        "{report}"
    );
}

#[test]
fn a_missing_used_file_is_an_error_with_its_line() {
    let e = mila::import_str("# base\nUSE nowhere\n", "t.map", &|_| Ok(None)).unwrap_err();
    assert_eq!(e.to_string(), "t.map:2: cannot read `nowhere`");
}

/// Files named by one `USE` line are read in turn where the line stands, before the rest of
/// the file: the last `VICTORY` read wins.
#[test]
fn used_files_are_read_in_order_before_the_rest() {
    let resolve = |name: &str| {
        Ok(match name {
            "base.map" => Some(("base.map".to_string(), BASE.to_string())),
            "four.map" => Some(("four.map".to_string(), "VICTORY 4\n".to_string())),
            "five.map" => Some(("five.map".to_string(), "VICTORY 5\n".to_string())),
            _ => None,
        })
    };
    let i = mila::import_str("USE base four five\n", "t.map", &resolve).unwrap();
    assert!(i.toml.contains("victory_centres = 5"), "{}", i.toml);
    let i = mila::import_str("USE base five four\n", "t.map", &resolve).unwrap();
    assert!(i.toml.contains("victory_centres = 4"), "{}", i.toml);
    let i = mila::import_str("USE base five\r\nVICTORY 6", "t.map", &resolve).unwrap();
    assert!(i.toml.contains("victory_centres = 6"), "{}", i.toml);
}

/// A file that uses itself is an error at the line that uses it again, not a hang or a stack
/// overflow.
#[test]
fn a_loop_of_used_files_is_an_error() {
    let resolve = |name: &str| {
        Ok((name == "loop.map")
            .then(|| ("loop.map".to_string(), "# again\nUSE loop\n".to_string())))
    };
    let e = mila::import_str("USE loop\n", "t.map", &resolve).unwrap_err();
    assert_eq!(
        e.to_string(),
        "loop.map:2: `USE`/`MAP` loop: `loop.map` uses itself"
    );
    let e = mila::import_str("USE t\n", "t.map", &|name: &str| {
        Ok((name == "t.map").then(|| ("t.map".to_string(), "USE t\n".to_string())))
    })
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "t.map:1: `USE`/`MAP` loop: `t.map` uses itself"
    );
}

/// Each file is read once: 14 files each using the next four times (4^14 readings before)
/// are 15 files read, every use again noted; a file two others use is read at its first use.
#[test]
fn a_file_used_again_is_read_once() {
    let resolve = |name: &str| {
        let Some(i) = name
            .strip_prefix('f')
            .and_then(|n| n.strip_suffix(".map"))
            .and_then(|n| n.parse::<usize>().ok())
        else {
            return Ok(None);
        };
        let text = if i < 13 {
            format!("USE f{0} f{0} f{0}\nUSE f{0}\n", i + 1)
        } else {
            BASE.to_string()
        };
        Ok(Some((name.to_string(), text)))
    };
    let started = std::time::Instant::now();
    let i = mila::import_str("USE f0 f0 f0 f0\n", "t.map", &resolve).unwrap();
    assert!(started.elapsed().as_secs() < 5);
    let again = found(&i, FindingKind::Note, "is read already; not read again");
    assert_eq!(again.len(), 14 * 3, "{again:?}");
    assert_eq!(
        again[0],
        "t.map:1: note: `f0.map` is read already; not read again"
    );
    assert!(
        i.toml.contains("# Files read: t.map, f0.map, f1.map,"),
        "{}",
        i.toml
    );
    load(&i);
    // A diamond: `c` is read where `b` uses it, and not again after `b`.
    let resolve = |name: &str| {
        Ok(match name {
            "b.map" => Some(("b.map".to_string(), "USE c\nVICTORY 2\n".to_string())),
            "c.map" => Some(("c.map".to_string(), format!("{BASE}VICTORY 3\n"))),
            _ => None,
        })
    };
    let i = mila::import_str("USE b c\n", "t.map", &resolve).unwrap();
    assert!(i.toml.contains("victory_centres = 2"), "{}", i.toml);
}

/// One import reads at most `DIPLO_MAX_INCLUDED_FILES` files (256) and
/// `DIPLO_MAX_FILE_BYTES` bytes (64 MiB) together, whatever each file's size.
#[test]
fn the_files_one_import_reads_are_bounded_together() {
    let many: Vec<String> = (0..300).map(|i| format!("f{i}")).collect();
    let e = mila::import_str(
        &format!("USE {}\n", many.join(" ")),
        "t.map",
        &|name: &str| Ok(Some((name.to_string(), "# nothing\n".to_string()))),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "t.map:1: cannot read `f255`: more than the limit of 256 files per map import (set \
         DIPLO_MAX_INCLUDED_FILES to allow more)"
    );
    // 4 MiB each (under the limit of one file): the 16th goes over.
    let big = format!("#{}\n", "x".repeat(4 << 20));
    let many: Vec<String> = (0..20).map(|i| format!("f{i}")).collect();
    let e = mila::import_str(
        &format!("USE {}\n", many.join(" ")),
        "t.map",
        &|name: &str| Ok(Some((name.to_string(), big.clone()))),
    )
    .unwrap_err();
    assert!(
        e.to_string().starts_with(
            "t.map:1: cannot read `f15`: the files of this map together are more than the limit \
             of 67108864 bytes (set DIPLO_MAX_FILE_BYTES"
        ),
        "{e}"
    );
}

/// A MILA map with more provinces than diplo loads is refused at the first one too many,
/// before the work that grows with them (issue 34 item 17).
#[test]
fn too_many_provinces_are_refused_at_the_first_one_too_many() {
    let mut text = String::new();
    for i in 0..2_001 {
        text.push_str(&format!("P{i} = p{i}\n"));
    }
    for i in 0..2_001 {
        text.push_str(&format!("LAND P{i} ABUTS P{}\n", (i + 1) % 2_001));
    }
    let e = mila::import_str(&text, "big.map", &|_| Ok(None)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "big.map:4002: 2001 provinces: more than the limit of 2000 provinces per map \
         (set DIPLO_MAX_PROVINCES to allow more); nothing was imported"
    );
}

/// The supply centres in MILA's order (its `Map.scs`, the order its games list home centres
/// and take centres in), written as `centre_order` when it is not the provinces' order.
/// Expectations read from MILA 1.1.2's `Map` on the same text.
#[test]
fn supply_centres_come_in_milas_order() {
    let names = |i: &Imported| -> Vec<String> {
        let map = load(i);
        (map.centre_order().iter())
            .map(|&p| map.province(p).name.clone())
            .collect()
    };
    // England's homes, then what the unowned list gathered in the file's order (written: the
    // provinces are written with each power's home centres by name, Brest before Paris).
    let base = import(BASE);
    assert_eq!(names(&base), ["lon", "par", "bre", "bel"]);
    assert!(base
        .toml
        .contains(r#"centre_order = ["lon", "par", "bre", "bel"]"#));
    // Not written when the provinces as written come in MILA's order.
    let plain = import(&BASE.replace("PAR BRE\n", "BRE PAR\n"));
    assert_eq!(names(&plain), ["lon", "bre", "par", "bel"]);
    assert!(!plain.toml.contains("centre_order"), "{}", plain.toml);
    // An UNOWNED line first puts MILA's unowned list first: Belgium, then each power's homes
    // as the file names them (a later INHABITS line does not move France's).
    let text = format!(
        "UNOWNED BEL\n{}\nINHABITS BRE PAR\n",
        BASE.replace("UNOWNED BEL\n", "")
    );
    let first = import(&text);
    assert_eq!(names(&first), ["bel", "lon", "par", "bre"]);
    assert!(first
        .toml
        .contains(r#"centre_order = ["bel", "lon", "par", "bre"]"#));
    let map = load(&first);
    let france = map.power_by_name("France").unwrap();
    let homes: Vec<&str> = (map.home_centres(france).iter())
        .map(|&p| map.province(p).name.as_str())
        .collect();
    assert_eq!(homes, ["par", "bre"]);
}
