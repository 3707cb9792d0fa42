//! The JSON view of a map names provinces, coasts and powers instead of ids.

use diplo_map::{Map, Terrain, UnitKind};
use serde_json::Value;

#[test]
fn map_serializes_with_names() {
    let map = Map::standard();
    let json: Value = serde_json::to_value(&map).unwrap();
    assert_eq!(json["name"], "standard");
    assert_eq!(json["first_season"], "spring");
    assert_eq!(json["supply_centres"], 34);
    assert_eq!(json["powers"].as_array().unwrap().len(), 7);
    assert_eq!(json["provinces"].as_array().unwrap().len(), 76);

    let province = |name: &str| -> &Value {
        json["provinces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("{name} missing from the JSON"))
    };
    let gas = province("gas");
    assert_eq!(gas["terrain"], "coast");
    assert!(gas["fleet"]
        .as_array()
        .unwrap()
        .contains(&Value::from("spa/nc")));
    let spa = province("spa");
    assert_eq!(spa["fleet"], Value::Array(vec![]));
    assert_eq!(spa["coasts"][0]["name"], "nc");
    assert!(spa["coasts"][0]["fleet"]
        .as_array()
        .unwrap()
        .contains(&Value::from("gas")));
    assert!(spa["army"]
        .as_array()
        .unwrap()
        .contains(&Value::from("por")));
    assert_eq!(province("lvp")["home"], "England");

    let russia = &json["powers"][5];
    assert_eq!(russia["name"], "Russia");
    assert!(russia["units"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!({"kind": "fleet", "location": "stp/sc"})));
}

#[test]
fn summary_matches_the_map() {
    let map = Map::standard();
    let summary = map.summary();
    for (id, p) in map.province_ids().zip(&summary.provinces) {
        assert_eq!(p.army.len(), map.army_neighbours(id).len(), "{}", p.name);
    }
}

#[test]
fn enums_serialize_in_lower_case() {
    assert_eq!(serde_json::to_string(&UnitKind::Army).unwrap(), "\"army\"");
    assert_eq!(
        serde_json::to_string(&UnitKind::Fleet).unwrap(),
        "\"fleet\""
    );
    assert_eq!(
        serde_json::to_string(&Terrain::Impassable).unwrap(),
        "\"impassable\""
    );
    let map = Map::standard();
    let lvp = map.province_by_name("lvp").unwrap();
    let v = serde_json::to_value(map.province(lvp)).unwrap();
    assert_eq!(v["terrain"], "coast");
    assert_eq!(
        v["home"],
        serde_json::json!(map.province(lvp).home.unwrap().0)
    );
}
