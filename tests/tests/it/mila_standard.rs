//! Cross-checks `maps/standard.toml` against an independent transcription of the standard map:
//! the MILA/DPjudge `standard.map` in the shared corpus (`../shared/corpora/variant-maps/mila/`,
//! beside the workspace). Every army edge, every fleet edge (coasts included), every terrain, home
//! centre, neutral centre and starting unit must agree, in both directions.
//!
//! What it checks is our map's data, not the importer: it reads the MILA file with a reader of
//! its own, written from MILA's format description for this test and sharing no code with
//! `diplo-import` (whose own checks are `tests/import-expected/`), so that a mistake in the
//! importer cannot hide the same mistake in `standard.toml`.
//!
//! The MILA file is read in place, never copied into this repository. When `../shared` is absent
//! (a plain clone), the test says so on stderr and passes.
//!
//! The MILA format (`README_MAPS.txt` there), as far as the standard map uses it:
//!
//! * `Full Name = abbr alias...`: names. Coasts have their own entries (`Spain (north coast) =
//!   spa/nc ...`).
//! * `WATER|LAND|COAST|PORT|SHUT ABBR ABUTS ABBR...`: terrain and adjacencies of one location.
//!   A multi-coast province has one line per coast (`COAST SPA/NC ABUTS ...`) and a line for the
//!   whole province written in lower case (`COAST spa ABUTS ...`): fleets cannot stand there.
//! * Case in an `ABUTS` list restricts units: `smy` (all lower case) is an edge armies may take but
//!   fleets may not; `Tys` (capitalised) is an edge fleets may take but armies may not; upper case
//!   is open to both, as far as terrain allows.
//! * `POWER (ADJECTIVE) CENTRE...` then unit lines (`F STP/SC`); `UNOWNED CENTRE...`.
//!
//! Names are matched through full names (`Gulf of Lyon`), falling back to the abbreviation, so the
//! two maps may use different abbreviations. [`RENAMES`] overrides both for any name that
//! differs outright.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;

use diplo_map::{Location, Map, ProvinceId, Terrain, UnitKind};

/// MILA abbreviation → diplo short name, for names that full-name matching does not settle.
/// Empty for the standard map; kept for variants and future spellings.
const RENAMES: &[(&str, &str)] = &[];

fn mila_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/corpora/variant-maps/mila/standard.map")
}

/// The terrain a location line's first word gives, in diplo's terms (`PORT` is a coast).
fn terrain_word(word: &str) -> Option<Terrain> {
    match word {
        "WATER" => Some(Terrain::Sea),
        "LAND" => Some(Terrain::Inland),
        "COAST" | "PORT" => Some(Terrain::Coast),
        "SHUT" => Some(Terrain::Impassable),
        _ => None,
    }
}

fn army_can_stand(t: Terrain) -> bool {
    matches!(t, Terrain::Inland | Terrain::Coast)
}

fn fleet_can_stand(t: Terrain) -> bool {
    matches!(t, Terrain::Sea | Terrain::Coast)
}

/// One `TERRAIN ABBR ABUTS ...` line.
struct MilaLocation {
    /// As written: `BUL/EC`, `bul`, `ADR`.
    abbr: String,
    terrain: Terrain,
    abuts: Vec<String>,
}

#[derive(Default)]
struct MilaMap {
    /// Lower-case abbreviation → full name (`bul/ec` → `Bulgaria (east coast)`).
    full_names: HashMap<String, String>,
    /// Lower-case abbreviation → location line; a later line for the same place replaces it.
    locations: BTreeMap<String, MilaLocation>,
    /// Power name (as written) → home centres.
    homes: BTreeMap<String, Vec<String>>,
    /// Power name → starting units (`F`, `STP/SC`).
    units: BTreeMap<String, Vec<(char, String)>>,
    unowned: Vec<String>,
}

const KEYWORDS: &[&str] = &[
    "BEGIN", "USE", "USES", "MAP", "DROP", "VICTORY", "RULE", "RULES", "DUMMY", "DUMMIES",
    "UNPLAYED", "OWNS", "CENTERS", "INHABITS", "HOME", "HOMES", "UNITS",
];

/// Reads the parts of a MILA map the standard map uses; fails on anything else so that a
/// directive this reader does not understand cannot silently drop facts.
fn read_mila(text: &str) -> Result<MilaMap, String> {
    let mut m = MilaMap::default();
    let mut current_power: Option<String> = None;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let lineno = n + 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((full, rest)) = line.split_once('=') {
            let abbr = rest
                .split_whitespace()
                .next()
                .ok_or_else(|| format!("line {lineno}: no abbreviation: {line}"))?;
            m.full_names
                .insert(abbr.to_lowercase(), full.trim().to_string());
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(terrain) = terrain_word(words[0]) {
            let abbr = words
                .get(1)
                .ok_or_else(|| format!("line {lineno}: no location: {line}"))?;
            let abuts = match words.get(2) {
                None => Vec::new(),
                Some(&"ABUTS") => words[3..].iter().map(|s| s.to_string()).collect(),
                Some(other) => return Err(format!("line {lineno}: expected ABUTS, found {other}")),
            };
            m.locations.insert(
                abbr.to_lowercase(),
                MilaLocation {
                    abbr: abbr.to_string(),
                    terrain,
                    abuts,
                },
            );
            continue;
        }
        match words[0] {
            "BEGIN" => continue,
            "UNOWNED" | "NEUTRAL" => {
                current_power = None;
                m.unowned
                    .extend(words[1..].iter().map(|s| s.to_lowercase()));
                continue;
            }
            "A" | "F" if words.len() == 2 => {
                let power = current_power
                    .clone()
                    .ok_or_else(|| format!("line {lineno}: unit outside a power: {line}"))?;
                let kind = words[0].chars().next().unwrap();
                m.units
                    .entry(power)
                    .or_default()
                    .push((kind, words[1].to_lowercase()));
                continue;
            }
            w if KEYWORDS.contains(&w) => {
                return Err(format!(
                    "line {lineno}: this test's MILA reader does not handle `{w}`"
                ))
            }
            _ => {}
        }
        // A power line: `AUSTRIA (AUSTRIAN) BUD TRI VIE`.
        let power = words[0].trim_start_matches('_').replace('+', "");
        let mut rest = &words[1..];
        if rest.first().is_some_and(|w| w.starts_with('(')) {
            let close = rest
                .iter()
                .position(|w| w.ends_with(')'))
                .ok_or_else(|| format!("line {lineno}: unclosed `(`: {line}"))?;
            rest = &rest[close + 1..];
        }
        m.homes
            .entry(power.clone())
            .or_default()
            .extend(rest.iter().map(|s| s.to_lowercase()));
        current_power = Some(power);
    }
    Ok(m)
}

/// Maps MILA names onto the diplo map.
struct Names<'a> {
    map: &'a Map,
    mila: &'a MilaMap,
}

impl Names<'_> {
    /// A MILA province abbreviation (any case, no coast) → diplo province.
    fn province(&self, abbr: &str) -> Option<ProvinceId> {
        let abbr = abbr.to_lowercase();
        if let Some(&(_, ours)) = RENAMES.iter().find(|(theirs, _)| *theirs == abbr) {
            return self.map.province_by_name(ours);
        }
        self.mila
            .full_names
            .get(&abbr)
            .and_then(|full| self.map.province_by_name(full))
            .or_else(|| self.map.province_by_name(&abbr))
    }

    /// A MILA location (`bul/ec`, `lvp`) → diplo short location name (`bul/ec`, `lvp`), or an
    /// explanation.
    fn location(&self, abbr: &str) -> Result<String, String> {
        let (prov, coast) = match abbr.split_once('/') {
            Some((p, c)) => (p, Some(c)),
            None => (abbr, None),
        };
        let id = self
            .province(prov)
            .ok_or_else(|| format!("MILA province `{prov}` has no counterpart in standard.toml"))?;
        let loc = match coast {
            None => Location::province(id),
            Some(c) => {
                let c = self.map.coast_by_name(id, c).ok_or_else(|| {
                    format!("MILA coast `{abbr}` has no counterpart in standard.toml")
                })?;
                Location::coast(id, c)
            }
        };
        Ok(self.map.location_name(loc))
    }
}

/// `Tys`: an edge armies may not take.
fn is_capitalised(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase()) && chars.any(|c| c.is_ascii_lowercase())
}

fn is_lower(s: &str) -> bool {
    !s.chars().any(|c| c.is_ascii_uppercase())
}

type Edges = BTreeSet<(String, String)>;

/// Army and fleet edges of the MILA map, in diplo names.
fn mila_edges(mila: &MilaMap, names: &Names, problems: &mut Vec<String>) -> (Edges, Edges) {
    let mut army = Edges::new();
    let mut fleet = Edges::new();
    let terrain_of = |abbr: &str| -> Option<&MilaLocation> {
        let prov = abbr.split('/').next().unwrap().to_lowercase();
        mila.locations.get(&prov)
    };
    for (key, loc) in &mila.locations {
        let here_is_coast = key.contains('/');
        let army_here = !here_is_coast && army_can_stand(loc.terrain);
        // A lower-case location line (`spa`) is the whole of a multi-coast province: no fleets.
        let fleet_here = fleet_can_stand(loc.terrain) && !is_lower(&loc.abbr);
        let from = match names.location(key) {
            Ok(n) => n,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        for to in &loc.abuts {
            let Some(target) = terrain_of(to) else {
                problems.push(format!(
                    "MILA: `{}` abuts `{to}`, which has no line",
                    loc.abbr
                ));
                continue;
            };
            let to_name = match names.location(&to.to_lowercase()) {
                Ok(n) => n,
                Err(e) => {
                    problems.push(e);
                    continue;
                }
            };
            if army_here && army_can_stand(target.terrain) && !is_capitalised(to) {
                let to_prov = to_name.split('/').next().unwrap().to_string();
                army.insert((from.clone(), to_prov));
            }
            if fleet_here && !is_lower(to) {
                let target_loc = mila.locations.get(&to.to_lowercase());
                match target_loc {
                    Some(t) if fleet_can_stand(t.terrain) && !is_lower(&t.abbr) => {
                        fleet.insert((from.clone(), to_name));
                    }
                    Some(t) if fleet_can_stand(t.terrain) => problems.push(format!(
                        "MILA: fleet edge `{}` -> `{to}` into a multi-coast province names no coast",
                        loc.abbr
                    )),
                    _ => {} // inland or impassable: no fleet edge
                }
            }
        }
    }
    (army, fleet)
}

/// Army and fleet edges of the diplo map.
fn diplo_edges(map: &Map) -> (Edges, Edges) {
    let mut army = Edges::new();
    let mut fleet = Edges::new();
    for id in map.province_ids() {
        let p = map.province(id);
        for &n in map.army_neighbours(id) {
            army.insert((p.name.clone(), map.province(n).name.clone()));
        }
        let locs: Vec<Location> = if p.is_multi_coast() {
            (0..p.coasts.len() as u8)
                .map(|c| Location::coast(id, c))
                .collect()
        } else {
            vec![Location::province(id)]
        };
        for from in locs {
            for &to in map.fleet_neighbours(from) {
                fleet.insert((map.location_name(from), map.location_name(to)));
            }
        }
    }
    (army, fleet)
}

fn compare_edges(kind: &str, mila: &Edges, ours: &Edges, problems: &mut Vec<String>) {
    for (a, b) in mila.difference(ours) {
        problems.push(format!(
            "{kind} edge {a} -> {b}: in MILA, missing from standard.toml"
        ));
    }
    for (a, b) in ours.difference(mila) {
        problems.push(format!(
            "{kind} edge {a} -> {b}: in standard.toml, missing from MILA"
        ));
    }
}

fn compare_sets(what: &str, mila: BTreeSet<String>, ours: BTreeSet<String>, out: &mut Vec<String>) {
    if mila != ours {
        out.push(format!(
            "{what}: MILA has {:?}, standard.toml has {:?} (only MILA: {:?}; only ours: {:?})",
            mila,
            ours,
            mila.difference(&ours).collect::<Vec<_>>(),
            ours.difference(&mila).collect::<Vec<_>>()
        ));
    }
}

#[test]
fn standard_map_agrees_with_mila() {
    let path = mila_path();
    if !path.exists() {
        eprintln!(
            "skipping: ../shared not found ({} does not exist)",
            path.display()
        );
        return;
    }
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mila = read_mila(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let map = Map::standard();
    let names = Names {
        map: &map,
        mila: &mila,
    };
    let mut problems = Vec::new();

    // Adjacencies, both ways.
    let (mila_army, mila_fleet) = mila_edges(&mila, &names, &mut problems);
    let (our_army, our_fleet) = diplo_edges(&map);
    assert!(
        mila_army.len() > 100 && mila_fleet.len() > 100,
        "reader found too few edges"
    );
    compare_edges("army", &mila_army, &our_army, &mut problems);
    compare_edges("fleet", &mila_fleet, &our_fleet, &mut problems);

    // Provinces and terrain.
    let mut seen = BTreeSet::new();
    for (key, loc) in mila.locations.iter().filter(|(k, _)| !k.contains('/')) {
        let Some(id) = names.province(key) else {
            continue; // already reported by mila_edges
        };
        seen.insert(id);
        let p = map.province(id);
        if p.terrain != loc.terrain {
            problems.push(format!(
                "terrain of {}: MILA {:?}, standard.toml {:?}",
                p.name, loc.terrain, p.terrain
            ));
        }
        let mila_coasts: BTreeSet<String> = mila
            .locations
            .keys()
            .filter_map(|k| k.strip_prefix(&format!("{key}/")))
            .filter_map(|c| {
                map.coast_by_name(id, c)
                    .map(|i| p.coasts[i as usize].name.clone())
            })
            .collect();
        let our_coasts: BTreeSet<String> = p.coasts.iter().map(|c| c.name.clone()).collect();
        compare_sets(
            &format!("coasts of {}", p.name),
            mila_coasts,
            our_coasts,
            &mut problems,
        );
    }
    for id in map.province_ids() {
        if !seen.contains(&id) {
            problems.push(format!(
                "province {} of standard.toml has no MILA location line",
                map.province(id).name
            ));
        }
    }

    // Supply centres, home centres, starting units.
    let prov_name = |abbr: &str| match names.location(abbr) {
        Ok(n) => n,
        Err(e) => format!("?{abbr} ({e})"),
    };
    let mut mila_centres: BTreeSet<String> = mila.unowned.iter().map(|c| prov_name(c)).collect();
    for (power, homes) in &mila.homes {
        let Some(pid) = map.power_by_name(power) else {
            problems.push(format!("MILA power {power} is not in standard.toml"));
            continue;
        };
        let p = map.power(pid);
        let theirs: BTreeSet<String> = homes.iter().map(|c| prov_name(c)).collect();
        mila_centres.extend(theirs.iter().cloned());
        let ours = p
            .home_centres
            .iter()
            .map(|&c| map.province(c).name.clone())
            .collect();
        compare_sets(
            &format!("home centres of {}", p.name),
            theirs,
            ours,
            &mut problems,
        );
        let theirs: BTreeSet<String> = mila
            .units
            .get(power)
            .into_iter()
            .flatten()
            .map(|(k, l)| format!("{k} {}", prov_name(l)))
            .collect();
        let ours = p
            .units
            .iter()
            .map(|u| {
                let k = match u.kind {
                    UnitKind::Army => 'A',
                    UnitKind::Fleet => 'F',
                };
                format!("{k} {}", map.location_name(u.location))
            })
            .collect();
        compare_sets(
            &format!("starting units of {}", p.name),
            theirs,
            ours,
            &mut problems,
        );
    }
    if mila.homes.len() != map.powers().len() {
        problems.push(format!(
            "MILA has {} powers, standard.toml {}",
            mila.homes.len(),
            map.powers().len()
        ));
    }
    let our_centres = map
        .provinces()
        .iter()
        .filter(|p| p.supply_centre)
        .map(|p| p.name.clone())
        .collect();
    compare_sets("supply centres", mila_centres, our_centres, &mut problems);

    assert!(
        problems.is_empty(),
        "maps/standard.toml and {} differ in {} ways:\n  {}",
        path.display(),
        problems.len(),
        problems.join("\n  ")
    );
    eprintln!(
        "standard.toml agrees with MILA standard.map: {} army edges, {} fleet edges",
        our_army.len(),
        our_fleet.len()
    );
}

/// The reader itself, on a tiny inline file, so that a broken reader cannot pass vacuously.
#[test]
fn mila_reader_reads_case_restrictions() {
    let text = "\
ENGLAND (ENGLISH) LON
F LON
UNOWNED BEL
London = lon
Belgium = bel
Wales = wal
Sea = sea
Spain (north coast) = spa/nc
Spain = spa
COAST LON ABUTS SEA wal Bel
COAST WAL ABUTS LON SEA
COAST BEL ABUTS Lon SEA
WATER SEA ABUTS LON WAL BEL SPA/NC
COAST SPA/NC ABUTS SEA
COAST spa ABUTS SEA
";
    let m = read_mila(text).unwrap();
    assert_eq!(m.homes["ENGLAND"], vec!["lon"]);
    assert_eq!(m.units["ENGLAND"], vec![('F', "lon".to_string())]);
    assert_eq!(m.unowned, vec!["bel"]);
    assert_eq!(m.full_names["spa/nc"], "Spain (north coast)");
    assert_eq!(m.locations["lon"].abuts, vec!["SEA", "wal", "Bel"]);
    assert!(is_lower("wal") && !is_lower("Bel") && is_capitalised("Bel"));
    assert!(!is_capitalised("BEL") && !is_capitalised("spa/nc"));
    assert!(is_lower(&m.locations["spa"].abbr));
}
