//! diplicity's variant JSON: every built-in map exported and imported back is the same map, the
//! standard map's included; a hand-written small variant with every field reads, and what diplo
//! cannot express is reported.

use std::collections::BTreeSet;

use diplo_import::diplicity::{export, import_str};
use diplo_import::FindingKind;
use diplo_map::{Location, Map, EMBEDDED_MAPS};

/// What a map says, by names: provinces with terrain, centre, home and coasts; army and fleet
/// edges; powers with their starting units and centres; the victory centres and first phase.
fn facts(map: &Map) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for p in map.province_ids() {
        let pr = map.province(p);
        // Impassable provinces are no provinces in diplicity (Switzerland is left out).
        if pr.terrain == diplo_map::Terrain::Impassable {
            continue;
        }
        let home = pr.home.map(|h| map.power(h).name.clone());
        let coasts: Vec<&str> = pr.coasts.iter().map(|c| c.name.as_str()).collect();
        out.insert(format!(
            "province {} {:?} {} {:?} {:?} {}",
            pr.name, pr.terrain, pr.supply_centre, home, coasts, pr.convoyable
        ));
        for &q in map.army_neighbours(p) {
            out.insert(format!("army {}-{}", pr.name, map.province(q).name));
        }
        let nodes: Vec<Location> = if pr.is_multi_coast() {
            (0..pr.coasts.len())
                .map(|c| Location {
                    province: p,
                    coast: Some(c as u8),
                })
                .collect()
        } else if pr.terrain.is_navigable() {
            vec![Location {
                province: p,
                coast: None,
            }]
        } else {
            Vec::new()
        };
        for from in nodes {
            for &to in map.fleet_neighbours(from) {
                out.insert(format!(
                    "fleet {}-{}",
                    map.location_name(from),
                    map.location_name(to)
                ));
            }
        }
    }
    for power in map.powers() {
        for u in &power.units {
            out.insert(format!(
                "unit {} {:?} {}",
                power.name,
                u.kind,
                map.location_name(u.location)
            ));
        }
        for &c in &power.centres {
            out.insert(format!("centre {} {}", power.name, map.province(c).name));
        }
        out.insert(format!("power {} neutral {}", power.name, power.neutral));
    }
    out.insert(format!(
        "victory {} last {:?}",
        map.victory.centres, map.victory.last_year
    ));
    out.insert(format!("build {:?}", map.build));
    out.insert(format!(
        "first {} {}",
        map.first_year,
        map.season_name(map.first_season)
    ));
    out
}

fn round_trip(name: &str) -> (Map, Map, diplo_import::Imported) {
    let map = Map::embedded(name).unwrap().unwrap();
    let exported = export(&map);
    let imported = import_str(&exported.json, &format!("{name}.json"))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let back = imported
        .validate()
        .unwrap_or_else(|e| panic!("{name}: {e}\n{}", imported.toml));
    (map, back, imported)
}

#[test]
fn the_standard_map_exported_and_imported_back_equals_standard_toml() {
    let (map, back, imported) = round_trip("standard");
    let (a, b) = (facts(&map), facts(&back));
    let lost: Vec<_> = a.difference(&b).collect();
    let added: Vec<_> = b.difference(&a).collect();
    assert!(
        lost.is_empty() && added.is_empty(),
        "lost {lost:#?}\nadded {added:#?}"
    );
    assert_eq!(imported.gaps().count(), 1, "{}", imported.report()); // the nation colours
    let exported = export(&map);
    let unsaid: Vec<&str> = exported
        .findings
        .iter()
        .filter(|f| f.kind == FindingKind::NotExpressed)
        .map(|f| f.message.as_str())
        .collect();
    assert!(
        unsaid.iter().any(|m| m.contains("impassable")),
        "{unsaid:?}"
    );
    let json: serde_json::Value = serde_json::from_str(&export(&map).json).unwrap();
    assert_eq!(json["schemaVersion"], 1);
    assert_eq!(json["nations"].as_array().unwrap().len(), 7);
    assert_eq!(json["namedCoasts"].as_array().unwrap().len(), 6);
    let stp = json["provinces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "stp")
        .unwrap();
    assert_eq!(stp["type"], "land");
    let lon = json["provinces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "lon")
        .unwrap();
    let wal = lon["adjacencies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["to"] == "wal")
        .unwrap();
    assert_eq!(wal["pass"], "both");
}

/// A JSON value with every array sorted (the order of provinces, edges and units is no data).
fn sorted(v: &serde_json::Value) -> serde_json::Value {
    match v {
        serde_json::Value::Array(items) => {
            let mut items: Vec<serde_json::Value> = items.iter().map(sorted).collect();
            items.sort_by_key(|x| x.to_string());
            serde_json::Value::Array(items)
        }
        serde_json::Value::Object(m) => {
            serde_json::Value::Object(m.iter().map(|(k, x)| (k.clone(), sorted(x))).collect())
        }
        other => other.clone(),
    }
}

#[test]
fn every_built_in_map_round_trips_or_reports_what_diplicity_cannot_say() {
    for (name, _) in EMBEDDED_MAPS {
        let map = Map::embedded(name).unwrap().unwrap();
        let exported = export(&map);
        let (_, back, _) = round_trip(name);
        // What the JSON holds comes back: exporting the imported map gives the same document.
        let again = export(&back);
        let (a, b): (serde_json::Value, serde_json::Value) = (
            serde_json::from_str(&exported.json).unwrap(),
            serde_json::from_str(&again.json).unwrap(),
        );
        for key in [
            "phaseProgression",
            "provinces",
            "namedCoasts",
            "nations",
            "initialState",
            "victoryConditions",
        ] {
            let (x, y) = (sorted(&a[key]), sorted(&b[key]));
            assert_eq!(x, y, "{name}: {key}");
        }
        // A map whose special rules diplicity cannot say reports each.
        let unsaid = exported
            .findings
            .iter()
            .filter(|f| f.kind == FindingKind::NotExpressed);
        if map.special_rules().iter().any(|r| r.contains("railroad")) {
            assert!(
                unsaid.clone().any(|f| f.message.contains("railroad")),
                "{name}"
            );
        }
    }
}

const SMALL: &str = r##"{
  "schemaVersion": 1,
  "id": "tiny-isles",
  "name": "Tiny Isles",
  "description": "Two powers, one strait.",
  "rules": "Anything goes.",
  "author": "diplo's tests",
  "victoryConditions": [
    { "type": "supply-center-majority", "supplyCenters": 3 },
    { "type": "timed-resolution", "year": 1910, "resolution": "shared-draw" },
    { "type": "province-control", "provinces": ["cap"] }
  ],
  "adjudicationModifiers": ["allow-builds-in-non-home-centers", "neutral-nations-auto-build"],
  "phaseProgression": {
    "seasons": ["Spring", "Fall"],
    "transitions": [
      { "from": { "season": "Spring", "type": "Movement" }, "to": { "season": "Spring", "type": "Retreat", "yearDelta": 0 } },
      { "from": { "season": "Spring", "type": "Retreat" }, "to": { "season": "Fall", "type": "Movement", "yearDelta": 0 } },
      { "from": { "season": "Fall", "type": "Movement" }, "to": { "season": "Fall", "type": "Retreat", "yearDelta": 0 } },
      { "from": { "season": "Fall", "type": "Retreat" }, "to": { "season": "Fall", "type": "Adjustment", "yearDelta": 0 } },
      { "from": { "season": "Fall", "type": "Adjustment" }, "to": { "season": "Spring", "type": "Movement", "yearDelta": 1 } }
    ]
  },
  "nations": [
    { "id": "north", "name": "North", "color": "#112233" },
    { "id": "south", "name": "South", "color": "#445566" },
    { "id": "rebels", "name": "Rebels", "color": "#778899", "non_playable": true }
  ],
  "provinces": [
    { "id": "cap", "name": "Capital", "type": "land", "supplyCenter": true, "homeNation": "north",
      "adjacencies": [ { "to": "hil", "pass": "army" }, { "to": "bay", "pass": "army" } ] },
    { "id": "hil", "name": "Hills", "type": "coastal", "supplyCenter": true, "homeNation": "south",
      "adjacencies": [ { "to": "cap", "pass": "army" }, { "to": "bay", "pass": "army" },
                       { "to": "sea", "pass": "fleet", "armyStrength": 0.5 } ] },
    { "id": "bay", "name": "Bay Town", "type": "land", "supplyCenter": true,
      "adjacencies": [ { "to": "cap", "pass": "army" }, { "to": "hil", "pass": "army" } ] },
    { "id": "sea", "name": "The Sea", "type": "sea", "supplyCenter": false, "convoyableCapable": false,
      "adjacencies": [ { "to": "hil", "pass": "fleet", "armyStrength": 0.5 }, { "to": "bay/ec", "pass": "fleet" },
                       { "to": "bay/wc", "pass": "fleet" } ] }
  ],
  "namedCoasts": [
    { "id": "bay/ec", "name": "Bay Town (East Coast)", "parentProvince": "bay", "adjacencies": [ { "to": "sea", "pass": "fleet" } ] },
    { "id": "bay/wc", "name": "Bay Town (West Coast)", "parentProvince": "bay", "adjacencies": [ { "to": "sea", "pass": "fleet" } ] }
  ],
  "initialState": {
    "phase": { "season": "Spring", "year": 1901, "type": "Movement" },
    "units": [
      { "nation": "north", "type": "Army", "location": "cap" },
      { "nation": "south", "type": "Fleet", "location": "hil" },
      { "nation": "rebels", "type": "Fleet", "location": "bay/ec" }
    ],
    "supplyCenters": [
      { "nation": "north", "province": "cap" },
      { "nation": "south", "province": "hil" },
      { "nation": "rebels", "province": "bay" }
    ]
  },
  "dominanceRules": [ { "province": "bay", "nation": "north", "dependencies": [ { "province": "cap", "nation": "north" } ] } ],
  "emergencyMeasures": { "north": { "homeCenters": ["cap"], "extraBuildSite": "bay" } }
}
"##;

#[test]
fn a_small_variant_with_every_field_reads_and_reports_what_diplo_cannot_say() {
    let imported = import_str(SMALL, "tiny.json").unwrap();
    let map = imported
        .validate()
        .unwrap_or_else(|e| panic!("{e}\n{}", imported.toml));
    assert_eq!(
        (map.name.as_str(), map.title.as_str()),
        ("tiny-isles", "Tiny Isles")
    );
    assert_eq!(
        (map.victory.centres, map.victory.last_year),
        (3, Some(1910))
    );
    assert_eq!(map.build, diplo_map::BuildRule::OwnedCentres);
    let bay = map.province_by_name("bay").unwrap();
    assert_eq!(map.province(bay).coasts.len(), 2);
    let rebels = map.power_by_name("Rebels").unwrap();
    assert!(map.power(rebels).neutral && map.power(rebels).rebuild);
    let report = imported.report();
    // diplicity's province control is diplo's `[victory] control`.
    let cap = map.province_by_name("cap").unwrap();
    assert_eq!(map.victory.control, [cap]);
    assert!(!imported
        .gaps()
        .any(|f| f.message.contains("province-control")));
    for gap in [
        "attack strengths other than 1",
        "`dominanceRules`",
        "`emergencyMeasures`",
    ] {
        assert!(
            imported.gaps().any(|f| f.message.contains(gap)),
            "{gap}: {report}"
        );
    }
    assert!(!map.victory.most_centres_at_last_year);
    let most = SMALL.replace("\"shared-draw\"", "\"most-supply-centers\"");
    let most = import_str(&most, "most.json").unwrap().validate().unwrap();
    assert!(most.victory.most_centres_at_last_year);
    // Findings name the line of the edge they are about.
    let strength = imported
        .findings
        .iter()
        .find(|f| f.message.contains("attack strengths"))
        .unwrap();
    assert_eq!(strength.place.as_ref().unwrap().line, 32, "{report}");
}

#[test]
fn a_document_that_is_no_variant_is_an_error_with_its_line() {
    let err = import_str("{\n  \"schemaVersion\": 1,\n  \"id\": 7\n}\n", "bad.json").unwrap_err();
    assert_eq!(err.place.as_ref().map(|p| p.line), Some(3), "{err}");
    assert!(
        err.to_string()
            .starts_with("bad.json:3: not a diplicity variant"),
        "{err}"
    );
    let err = import_str(
        &SMALL.replace("\"schemaVersion\": 1", "\"schemaVersion\": 2"),
        "v2.json",
    )
    .unwrap_err();
    assert!(err.message.contains("only version 1"), "{err}");
}

#[test]
fn hundred_s_calendar_goes_to_diplicity_and_back() {
    let (_, back, imported) = round_trip("hundred-vdiplomacy");
    let cal = &back.calendar;
    assert_eq!((cal.year_step, cal.adjustment_every), (5, 2));
    assert_eq!(back.season_name(back.first_season), "Year");
    // diplicity cannot say that centres change owner only in adjustment years.
    let exported = export(&Map::embedded("hundred-vdiplomacy").unwrap().unwrap());
    assert!(exported.findings.iter().any(|f| f
        .message
        .contains("centres change owner only in adjustment years")));
    assert!(
        !imported
            .gaps()
            .any(|f| f.message.contains("adjustments when")),
        "{}",
        imported.report()
    );
}

#[test]
fn province_control_goes_to_diplicity_and_back() {
    let text = format!(
        "{}\n[victory]\ncontrol = [\"bel\", \"hol\", \"nth\"]\ncontrol_from = 1905\n",
        diplo_map::STANDARD_MAP_TOML
    );
    let map = Map::from_toml_str(&text, "control.toml").unwrap();
    let exported = export(&map);
    let json: serde_json::Value = serde_json::from_str(&exported.json).unwrap();
    let control = json["victoryConditions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["type"] == "province-control")
        .expect("a province-control condition");
    assert_eq!(
        control["provinces"],
        serde_json::json!(["bel", "hol", "nth"])
    );
    assert_eq!(control["year"], 1905);
    let imported = import_str(&exported.json, "control.json").unwrap();
    let back = imported
        .validate()
        .unwrap_or_else(|e| panic!("{e}\n{}", imported.toml));
    let names: Vec<&str> = (back.victory.control.iter())
        .map(|&p| back.province(p).name.as_str())
        .collect();
    assert_eq!(names, ["bel", "hol", "nth"]);
    assert_eq!(back.victory.control_from, Some(1905));
    assert_eq!(back.victory.centres, 18);
}
