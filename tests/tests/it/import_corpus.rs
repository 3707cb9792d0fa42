//! The importers (`diplo-import`) against every variant map of the shared corpus
//! (`../shared/corpora/variant-maps/`, beside the workspace): every MILA `.map` and every
//! variant of every jDip `variants.xml` imports and passes diplo's validation, and what each
//! import reports (what the format cannot express, what the source leaves ambiguous, the
//! defaults it fills) is exactly the checked-in `tests/import-expected/NAME.txt`. Both imported
//! standard maps equal `maps/standard.toml` province for province and edge for edge.
//!
//! The corpus is read in place, never copied here. When `../shared` is absent (a plain clone)
//! each test says so on stderr and passes. `DIPLO_BLESS=1` rewrites the expected reports.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use diplo_import::{FindingKind, Imported};
use diplo_map::{normalize_name, Location, Map, ProvinceId};

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpora/variant-maps")
}

fn expected_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("import-expected")
}

pub(crate) fn corpus_present() -> bool {
    let ok = corpus().is_dir();
    if !ok {
        eprintln!(
            "skipping: ../shared not found ({} does not exist)",
            corpus().display()
        );
    }
    ok
}

/// Every import of the corpus: (report name, what was imported).
pub(crate) fn every_import() -> Vec<(String, Result<Imported, String>)> {
    let mut out = Vec::new();
    let mut mila: Vec<PathBuf> = std::fs::read_dir(corpus().join("mila"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "map"))
        .collect();
    mila.sort();
    for path in mila {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let got = diplo_import::mila::import_path(&path).map_err(|e| e.to_string());
        out.push((format!("mila-{stem}"), got));
    }
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(corpus().join("jdip"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("variants.xml").is_file())
        .collect();
    dirs.sort();
    for dir in dirs {
        let file = dir.join("variants.xml");
        for name in diplo_import::jdip::variant_names(&file).unwrap() {
            let got = diplo_import::jdip::import_path(&file, &name).map_err(|e| e.to_string());
            let id = match &got {
                Ok(i) => i.name.clone(),
                Err(_) => name.clone(),
            };
            out.push((format!("jdip-{id}"), got));
        }
    }
    out
}

#[test]
fn every_corpus_map_imports_validates_and_reports_as_expected() {
    if !corpus_present() {
        return;
    }
    let bless = std::env::var_os("DIPLO_BLESS").is_some();
    let mut problems = Vec::new();
    let (mut clean, mut with_gaps, mut seen) = (0, 0, BTreeSet::new());
    for (id, got) in every_import() {
        assert!(seen.insert(id.clone()), "two imports named {id}");
        let imported = match got {
            Ok(i) => i,
            Err(e) => {
                problems.push(format!("{id}: import failed: {e}"));
                continue;
            }
        };
        if let Err(e) = imported.validate() {
            problems.push(format!("{id}: fails diplo's validation:\n{e}"));
        }
        if imported.gaps().next().is_none() {
            clean += 1;
        } else {
            with_gaps += 1;
        }
        let report = imported.report();
        let path = expected_dir().join(format!("{id}.txt"));
        if bless {
            std::fs::create_dir_all(expected_dir()).unwrap();
            std::fs::write(&path, &report).unwrap();
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(expected) if expected == report => {}
            Ok(expected) => problems.push(format!(
                "{id}: the report differs from {}:\n{}",
                path.display(),
                line_diff(&expected, &report)
            )),
            Err(_) => problems.push(format!(
                "{id}: no expected report {} (DIPLO_BLESS=1 writes it); the report is:\n{report}",
                path.display()
            )),
        }
    }
    // No expected report without its import.
    if let Ok(dir) = std::fs::read_dir(expected_dir()) {
        for e in dir {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            let id = name.trim_end_matches(".txt");
            if !seen.contains(id) {
                problems.push(format!("{name}: no corpus map imports under that name"));
            }
        }
    }
    eprintln!(
        "{} corpus maps imported: {clean} without gaps, {with_gaps} with reported gaps",
        seen.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

fn line_diff(expected: &str, got: &str) -> String {
    let e: BTreeSet<&str> = expected.lines().collect();
    let g: BTreeSet<&str> = got.lines().collect();
    let mut out = String::new();
    for l in e.difference(&g) {
        out.push_str(&format!("- {l}\n"));
    }
    for l in g.difference(&e) {
        out.push_str(&format!("+ {l}\n"));
    }
    if out.is_empty() {
        out.push_str("(same lines, other order)\n");
    }
    out
}

/// How two maps differ, province for province and edge for edge. Provinces are matched by short
/// name; one whose short name the other map lacks is matched by full name and listed in
/// `renamed`. Aliases and home countries are not compared (the sources have no home countries).
struct Comparison {
    renamed: Vec<String>,
    problems: Vec<String>,
}

fn compare(ours: &Map, theirs: &Map) -> Comparison {
    let mut renamed = Vec::new();
    let mut problems = Vec::new();
    let mut to_theirs: BTreeMap<ProvinceId, ProvinceId> = BTreeMap::new();
    for id in ours.province_ids() {
        let p = ours.province(id);
        let by_short = theirs
            .provinces()
            .iter()
            .position(|q| q.name == p.name)
            .map(|i| ProvinceId(i as u32));
        let matched = by_short.or_else(|| {
            let found = theirs
                .provinces()
                .iter()
                .position(|q| normalize_name(&q.full_name) == normalize_name(&p.full_name))
                .map(|i| ProvinceId(i as u32));
            if let Some(q) = found {
                renamed.push(format!(
                    "{} ({}) is {} there",
                    p.name,
                    p.full_name,
                    theirs.province(q).name
                ));
            }
            found
        });
        match matched {
            Some(q) => {
                to_theirs.insert(id, q);
            }
            None => problems.push(format!(
                "province {} ({}) has no counterpart",
                p.name, p.full_name
            )),
        }
    }
    if to_theirs.len() != theirs.provinces().len() {
        let matched: BTreeSet<ProvinceId> = to_theirs.values().copied().collect();
        for q in theirs.province_ids().filter(|q| !matched.contains(q)) {
            problems.push(format!("province {} is missing", theirs.province(q).name));
        }
    }
    let power = |m: &Map, id: Option<diplo_map::PowerId>| id.map(|p| m.power(p).name.clone());
    let loc = |l: Location| -> Location {
        Location {
            province: to_theirs[&l.province],
            coast: l.coast,
        }
    };
    for (&a, &b) in &to_theirs {
        let (p, q) = (ours.province(a), theirs.province(b));
        let what = |w: &str| format!("{} ({w})", q.name);
        if normalize_name(&p.full_name) != normalize_name(&q.full_name) {
            problems.push(what(&format!(
                "full name {:?} vs {:?}",
                p.full_name, q.full_name
            )));
        }
        if p.terrain != q.terrain {
            problems.push(what(&format!("terrain {:?} vs {:?}", p.terrain, q.terrain)));
        }
        if p.supply_centre != q.supply_centre {
            problems.push(what("supply centre"));
        }
        if power(ours, p.home) != power(theirs, q.home) {
            problems.push(what(&format!(
                "home {:?} vs {:?}",
                power(ours, p.home),
                power(theirs, q.home)
            )));
        }
        if p.coasts != q.coasts {
            problems.push(what(&format!("coasts {:?} vs {:?}", p.coasts, q.coasts)));
        }
        if (p.convoyable, &p.closed) != (q.convoyable, &q.closed) {
            problems.push(what("convoyable or closed"));
        }
        let army: BTreeSet<ProvinceId> = ours
            .army_neighbours(a)
            .iter()
            .map(|n| to_theirs[n])
            .collect();
        let their_army: BTreeSet<ProvinceId> = theirs.army_neighbours(b).iter().copied().collect();
        if army != their_army {
            problems.push(what("army edges"));
        }
        let nodes = |m: &Map, id: ProvinceId| -> Vec<Location> {
            let n = m.province(id).coasts.len();
            if n == 0 {
                vec![Location::province(id)]
            } else {
                (0..n as u8).map(|c| Location::coast(id, c)).collect()
            }
        };
        for (x, y) in nodes(ours, a).into_iter().zip(nodes(theirs, b)) {
            let fleet: BTreeSet<Location> =
                ours.fleet_neighbours(x).iter().map(|&l| loc(l)).collect();
            let their_fleet: BTreeSet<Location> =
                theirs.fleet_neighbours(y).iter().copied().collect();
            if fleet != their_fleet {
                problems.push(what(&format!("fleet edges of {}", theirs.location_name(y))));
            }
        }
    }
    if !ours.borders().is_empty() || ours.railroads().len() + ours.canals().len() > 0 {
        problems.push("borders, railroads or canals the other map does not have".into());
    }
    // Powers, home centres and starting units.
    let powers = |m: &Map| -> BTreeMap<String, (String, BTreeSet<String>)> {
        m.powers()
            .iter()
            .map(|p| {
                let units = p
                    .units
                    .iter()
                    .map(|u| format!("{} {}", u.kind.letter(), m.location_name(u.location)))
                    .collect();
                (p.name.clone(), (p.adjective.clone(), units))
            })
            .collect()
    };
    let mut ours_powers = powers(ours);
    for (_, units) in ours_powers.values_mut() {
        *units = units
            .iter()
            .map(|u| {
                let (k, l) = u.split_once(' ').unwrap();
                let l = ours.parse_location(l).unwrap();
                format!("{k} {}", theirs.location_name(loc(l)))
            })
            .collect();
    }
    if ours_powers != powers(theirs) {
        problems.push(format!(
            "powers or starting units: {:?} vs {:?}",
            ours_powers,
            powers(theirs)
        ));
    }
    if (ours.first_year, ours.first_season, ours.victory_centres)
        != (
            theirs.first_year,
            theirs.first_season,
            theirs.victory_centres,
        )
    {
        problems.push("first year, first season or victory centres".into());
    }
    Comparison { renamed, problems }
}

fn check_standard(what: &str, imported: &Imported, expected_renames: &[&str]) {
    let map = imported
        .validate()
        .unwrap_or_else(|e| panic!("{what}: fails validation: {e}"));
    let c = compare(&map, &Map::standard());
    assert!(
        c.problems.is_empty(),
        "{what} differs from maps/standard.toml:\n{}",
        c.problems.join("\n")
    );
    assert_eq!(
        c.renamed, expected_renames,
        "{what}: provinces matched through full names"
    );
    let gaps: Vec<String> = imported.gaps().map(|f| f.to_string()).collect();
    eprintln!(
        "{what} equals maps/standard.toml ({} provinces); renamed: {:?}; its gaps: {gaps:#?}",
        map.provinces().len(),
        c.renamed
    );
}

#[test]
fn imported_standard_maps_equal_standard_toml() {
    if !corpus_present() {
        return;
    }
    let mila = diplo_import::mila::import_path(&corpus().join("mila/standard.map")).unwrap();
    check_standard("MILA standard.map", &mila, &[]);
    let jdip = diplo_import::jdip::import_path(
        &corpus().join("jdip/stdVariants/variants.xml"),
        "Standard",
    )
    .unwrap();
    check_standard("jDip Standard", &jdip, &[]);
    // The power abbreviations chosen by default are standard.toml's.
    for imported in [&mila, &jdip] {
        let map = imported.validate().unwrap();
        let abbr: BTreeSet<&str> = map
            .powers()
            .iter()
            .map(|p| p.abbreviation.as_str())
            .collect();
        let std_map = Map::standard();
        let std_abbr: BTreeSet<&str> = std_map
            .powers()
            .iter()
            .map(|p| p.abbreviation.as_str())
            .collect();
        assert_eq!(abbr, std_abbr);
        assert!(imported
            .findings
            .iter()
            .any(|f| f.kind == FindingKind::Default));
    }
}

/// jDip's Loeb9 against `maps/loeb9.toml`, which was converted from the same files by hand.
#[test]
fn imported_loeb9_equals_the_hand_conversion() {
    if !corpus_present() {
        return;
    }
    let path = corpus().join("jdip/loeb9Variants/variants.xml");
    let imported = diplo_import::jdip::import_path(&path, "Loeb9").unwrap();
    let map = imported.validate().unwrap();
    let hand = Map::from_path(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../maps/loeb9.toml"
    )))
    .unwrap();
    let c = compare(&map, &hand);
    // Loeb9's borders are the point of the variant: compare them separately.
    let problems: Vec<&String> = c
        .problems
        .iter()
        .filter(|p| !p.starts_with("borders"))
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
    let borders = |m: &Map| -> BTreeSet<String> {
        m.borders()
            .iter()
            .map(|b| {
                format!(
                    "{}->{} difficult={} units={:?} closed={:?} one_way={}",
                    m.province(b.from).name,
                    m.province(b.to).name,
                    b.difficult,
                    b.units,
                    b.closed,
                    b.one_way
                )
            })
            .collect()
    };
    assert_eq!(borders(&map), borders(&hand));
}

/// The built-in maps shipped as imports of MILA's variant files, under the names MILA gives
/// them (`standard_france_austria` by an alias). Colonial, Modern and the like are diplo's own
/// conversions, checked against their rulebooks and the DATC, not against MILA's files.
const MILA_VARIANTS: &[&str] = &[
    "ancmed_age_of_empires",
    "empire",
    "standard_age_of_empires",
    "standard_age_of_empires_2",
    "standard_fleet_rome",
    "standard_france_austria",
    "standard_germany_italy",
];

/// Each built-in map of [`MILA_VARIANTS`] has its MILA file's provinces, edges, powers, starting
/// units, calendar and victory: MILA code asking for the name gets MILA's map.
#[test]
fn built_in_maps_under_mila_names_equal_mila_s_files() {
    if !corpus_present() {
        return;
    }
    let mut checked = Vec::new();
    for (name, result) in every_import() {
        let Some(stem) = name
            .strip_prefix("mila-")
            .filter(|s| MILA_VARIANTS.contains(s))
        else {
            continue;
        };
        let ours = Map::embedded(stem)
            .unwrap_or_else(|| panic!("no built-in map `{stem}`"))
            .unwrap_or_else(|e| panic!("{stem}: {e}"));
        let theirs = (result.unwrap_or_else(|e| panic!("{name}: {e}")).validate())
            .unwrap_or_else(|e| panic!("{name}: fails validation: {e}"));
        let c = compare(&ours, &theirs);
        // The hand edits each map's header states.
        let edits: &[&str] = match stem {
            "empire" => &[r#"wdc (full name "Washington D.C." vs "Washington D+C")"#],
            _ => &[],
        };
        assert_eq!(
            c.problems,
            edits,
            "built-in `{stem}` differs from MILA's {stem}.map:\n{}",
            c.problems.join("\n")
        );
        checked.push(stem.to_string());
    }
    assert_eq!(
        checked, MILA_VARIANTS,
        "each MILA variant has a file in the corpus"
    );
    eprintln!("built-in maps equal to MILA's files: {checked:?}");
}

/// Each MILA map's supply centres in MILA's order (MILA's `Map.scs`: the order its games list
/// home centres and take centres in), as the import writes it (`centre_order`): the same as
/// the built-in map of that name, whose order was copied from MILA's `Map.scs`.
#[test]
fn imported_mila_maps_give_the_built_in_maps_centre_order() {
    if !corpus_present() {
        return;
    }
    let names = |m: &Map| -> Vec<String> {
        (m.centre_order().iter())
            .map(|&p| m.province(p).name.clone())
            .collect()
    };
    let mut checked = Vec::new();
    for (name, result) in every_import() {
        let Some(stem) = name.strip_prefix("mila-") else {
            continue;
        };
        let Some(ours) = Map::embedded(stem) else {
            continue;
        };
        let ours = ours.unwrap_or_else(|e| panic!("{stem}: {e}"));
        let theirs = (result.unwrap_or_else(|e| panic!("{name}: {e}")).validate())
            .unwrap_or_else(|e| panic!("{name}: fails validation: {e}"));
        assert_eq!(
            names(&theirs),
            names(&ours),
            "{stem}: the imported centre order"
        );
        checked.push(stem.to_string());
    }
    // Every MILA map file has its built-in map; ten of them have an order of their own.
    let all = [
        "ancmed",
        "ancmed_age_of_empires",
        "colonial",
        "empire",
        "known_world_901",
        "modern",
        "pure",
        "standard",
        "standard_age_of_empires",
        "standard_age_of_empires_2",
        "standard_fleet_rome",
        "standard_france_austria",
        "standard_germany_italy",
        "world",
    ];
    assert_eq!(checked, all);
}
