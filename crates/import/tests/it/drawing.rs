//! An import built on a built-in map is drawn as that map is: a MILA variant that says
//! `MAP standard.map` and changes it carries the standard map's `[drawing]`, every shared
//! province where the standard map draws it, and a province the standard map lacks among its
//! neighbours; a map like no built-in one has no drawing (the automatic layout draws it).

use diplo_import::mila::import_str;
use diplo_import::FindingKind;
use diplo_map::{Location, Map, Terrain};

use crate::common::{found, id, load};

/// A location as MILA writes it: `SPA/NC`, `BRE`.
fn loc(map: &Map, l: Location) -> String {
    map.location_name(l).to_uppercase()
}

/// The provinces and edges of `map` as a MILA `.map` file (no powers): a name line per
/// province and coast, a terrain line per place with its neighbours (lower case: armies only,
/// capitalised: fleets only).
fn mila_of(map: &Map) -> String {
    let mut out = String::new();
    for p in map.province_ids() {
        let pr = map.province(p);
        for c in &pr.coasts {
            out += &format!(
                "{} ({}) = {}/{}\n",
                pr.full_name, c.full_name, pr.name, c.name
            );
        }
        out += &format!("{} = {}\n", pr.full_name, pr.name);
    }
    for p in map.province_ids() {
        let pr = map.province(p);
        let word = match pr.terrain {
            Terrain::Inland => "LAND",
            Terrain::Coast => "COAST",
            Terrain::Sea => "WATER",
            Terrain::Impassable => "SHUT",
        };
        let army = map.army_neighbours(p);
        let here = Location::province(p);
        let fleet: &[Location] = if pr.coasts.is_empty() && pr.terrain != Terrain::Inland {
            map.fleet_neighbours(here)
        } else {
            &[]
        };
        let mut abuts: Vec<String> = army
            .iter()
            .map(|&q| {
                let both = fleet.iter().any(|l| l.province == q);
                let name = map.province(q).name.clone();
                if both {
                    name.to_uppercase()
                } else {
                    name
                }
            })
            .collect();
        for l in fleet.iter().filter(|l| !army.contains(&l.province)) {
            let name = loc(map, *l);
            let sea_only = l.coast.is_none()
                && map.province(l.province).terrain != Terrain::Sea
                && pr.terrain != Terrain::Sea;
            abuts.push(if sea_only {
                let mut c = name.to_lowercase();
                c[..1].make_ascii_uppercase();
                c
            } else {
                name
            });
        }
        let own = if pr.coasts.is_empty() {
            pr.name.to_uppercase()
        } else {
            pr.name.clone()
        };
        out += &format!("{word} {own} ABUTS {}\n", abuts.join(" "));
        for (k, _) in pr.coasts.iter().enumerate() {
            let at = Location {
                province: p,
                coast: Some(k as u8),
            };
            let reach: Vec<String> = map
                .fleet_neighbours(at)
                .iter()
                .map(|l| loc(map, *l))
                .collect();
            out += &format!("COAST {} ABUTS {}\n", loc(map, at), reach.join(" "));
        }
    }
    out
}

/// The standard board with Iceland added, an island of the North Atlantic and the Norwegian
/// Sea, and two powers.
const VARIANT: &str = "\
MAP standard.map
ENGLAND (ENGLISH) LON
F LON
FRANCE (FRENCH) PAR
A PAR
Iceland = ice
PORT ICE ABUTS NAO NWG
";

fn iceland() -> diplo_import::Imported {
    let standard = Map::standard();
    let mut base = mila_of(&standard);
    // The seas around Iceland reach it too (a later line replaces the earlier one).
    for sea in ["nao", "nwg"] {
        let line = base
            .lines()
            .find(|l| l.starts_with(&format!("WATER {} ", sea.to_uppercase())))
            .unwrap()
            .to_string();
        base.push_str(&format!("{line} ICE\n"));
    }
    let variant = VARIANT.to_string();
    import_str(&variant, "iceland.map", &|name| {
        Ok((name == "standard.map").then(|| (name.to_string(), base.clone())))
    })
    .unwrap()
}

#[test]
fn a_variant_of_the_standard_map_is_drawn_as_the_standard_map() {
    let imported = iceland();
    let map = load(&imported);
    let standard = Map::standard();
    let (ours, theirs) = (map.drawing().unwrap(), standard.drawing().unwrap());
    assert_eq!(ours.bounds, theirs.bounds);
    for p in standard.province_ids() {
        let name = &standard.province(p).name;
        let here = &ours.provinces[id(&map, name).0 as usize];
        let there = &theirs.provinces[p.0 as usize];
        assert_eq!(here, there, "{name}");
    }
    let note = found(
        &imported,
        FindingKind::Note,
        "drawn as the built-in map `standard`",
    );
    assert_eq!(note.len(), 1, "{}", imported.report());
    assert!(note[0].contains("(ice)"), "{}", note[0]);
}

#[test]
fn a_province_the_standard_map_lacks_is_placed_between_its_neighbours() {
    let map = load(&iceland());
    let d = map.drawing().unwrap();
    let at = |name: &str| d.provinces[id(&map, name).0 as usize].at;
    let ice = at("ice");
    // On land of its own (an island), between the two seas it touches.
    let land = d.land_at(ice).expect("Iceland on land");
    assert_eq!(d.lands[land].name, "ice");
    let (nao, nwg) = (at("nao"), at("nwg"));
    let (lo, hi) = (nao[0].min(nwg[0]), nao[0].max(nwg[0]));
    assert!(
        ice[0] > lo && ice[0] < hi,
        "{ice:?} not between {nao:?} and {nwg:?}"
    );
}

/// A province renamed (Holland as `nld`) is drawn where the standard map draws the province
/// it replaces, and the note says so.
#[test]
fn a_province_in_the_place_of_one_the_map_lacks_is_drawn_in_its_place() {
    let standard = Map::standard();
    let base: String = mila_of(&standard)
        .split_inclusive(|c: char| !c.is_ascii_alphanumeric())
        .map(
            |w| match w.trim_end_matches(|c: char| !c.is_ascii_alphanumeric()) {
                "HOL" => w.replacen("HOL", "NLD", 1),
                "hol" => w.replacen("hol", "nld", 1),
                "Hol" => w.replacen("Hol", "Nld", 1),
                _ => w.to_string(),
            },
        )
        .collect();
    assert!(base.contains("NLD") && !base.contains("HOL"));
    let variant = VARIANT.replace("Iceland = ice\nPORT ICE ABUTS NAO NWG\n", "");
    let imported = import_str(&variant, "dutch.map", &|name| {
        Ok((name == "standard.map").then(|| (name.to_string(), base.clone())))
    })
    .unwrap();
    let map = load(&imported);
    let (ours, theirs) = (map.drawing().unwrap(), standard.drawing().unwrap());
    assert_eq!(
        ours.provinces[id(&map, "nld").0 as usize],
        theirs.provinces[id(&standard, "hol").0 as usize]
    );
    let note = found(&imported, FindingKind::Note, "nld where it draws hol");
    assert_eq!(note.len(), 1, "{}", imported.report());
}

/// Three provinces of the standard map, as it joins them: too few of it to be drawn as it is.
#[test]
fn a_small_map_like_no_built_in_one_has_no_drawing() {
    let text = "\
ENGLAND (ENGLISH) LON
F LON
FRANCE (FRENCH) BRE
A BRE
London = lon
Brest = bre
English Channel = eng channel
COAST LON ABUTS ENG
COAST BRE ABUTS ENG
WATER ENG ABUTS LON BRE
";
    let imported = import_str(text, "tiny.map", &|_| Ok(None)).unwrap();
    assert!(load(&imported).drawing().is_none());
    assert!(
        !imported.report().contains("drawn as"),
        "{}",
        imported.report()
    );
}
