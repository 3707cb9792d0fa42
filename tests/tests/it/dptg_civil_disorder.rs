//! The DPTG breaks civil-disorder ties with its own alphabetical list (chapter XIII), which files
//! "Gulf of Bothnia" under B and "Gulf of Lyon" under L; the `dptg` profile follows it.

use std::path::PathBuf;

use diplo_engine::{adjudicate, Position};
use diplo_map::Map;
use diplo_rules::policies::DPTG_ALPHABETICAL;
use diplo_rules::Ruleset;

/// Russia owns only Moscow and has F Gulf of Bothnia and F Finland, each one fleet move from
/// St Petersburg (south coast): one must go, and nobody orders it.
fn removed_under(profile: &str) -> Vec<String> {
    let map = Map::standard();
    let pos = Position::from_toml_str(
        &map,
        r#"
phase = "Winter 1901 Adjustment"
[units]
Russia = ["F bot", "F fin"]
[centres]
Russia = ["mos"]
"#,
        "position",
    )
    .expect("position");
    let rules = Ruleset::load(profile).expect("profile");
    let adj = adjudicate(&map, &rules, &pos, &[]);
    adj.automatic.iter().map(|a| a.unit.full(&map)).collect()
}

#[test]
fn the_dptg_removes_the_gulf_of_bothnia_filed_under_b() {
    assert_eq!(removed_under("dptg"), ["F Gulf of Bothnia"]);
}

#[test]
fn the_1971_profile_sorting_by_full_name_removes_finland() {
    // The same distance and kind; "Finland" comes before "Gulf of Bothnia" by full name.
    assert_eq!(removed_under("1971"), ["F Finland"]);
}

/// CI-only: the list in `diplo-rules` is the document's, name for name and in order.
#[test]
fn the_list_is_the_documents() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference/dptg-1998.txt");
    let Ok(doc) = std::fs::read_to_string(&path) else {
        eprintln!(
            "skipping: {} not found (../shared is only present in CI)",
            path.display()
        );
        return;
    };
    let marker = "according to Oxford and Webster alike: ";
    let start = doc.find(marker).expect("the DPTG's list") + marker.len();
    let end = start + doc[start..].find(".\n").expect("the end of the list");
    let list: Vec<&str> = doc[start..end].split(',').map(str::trim).collect();
    assert_eq!(list, DPTG_ALPHABETICAL);
}
