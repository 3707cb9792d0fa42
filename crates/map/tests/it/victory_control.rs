//! The province-control victory (`[victory] control`, `control_from`): read, shown among the
//! special rules, and each misuse reported at its line.

use diplo_map::Map;

/// The standard map with `extra` appended (a `[victory]` table).
fn standard_with(extra: &str) -> Result<Map, String> {
    let text = format!("{}\n{extra}", diplo_map::STANDARD_MAP_TOML);
    Map::from_toml_str(&text, "control.toml").map_err(|e| e.to_string())
}

/// The 1-based line, in the standard map with `extra` appended, of the line of `extra` that
/// holds `needle`.
fn line_of(extra: &str, needle: &str) -> usize {
    let base = format!("{}\n", diplo_map::STANDARD_MAP_TOML)
        .lines()
        .count();
    base + extra.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn the_provinces_to_control_and_the_first_year_are_read() {
    let map = standard_with(
        "[victory]\ncontrol = [\"Belgium\", \"hol\", \"nth\"]\ncontrol_from = 1905\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = (map.victory.control.iter())
        .map(|&p| map.province(p).name.as_str())
        .collect();
    assert_eq!(names, ["bel", "hol", "nth"]);
    assert_eq!(map.victory.control_from, Some(1905));
    assert_eq!(map.victory.centres, 18, "the centres still win too");
    assert!(
        map.special_rules()
            .contains(&"victory: control of bel hol nth from 1905".to_string()),
        "{:?}",
        map.special_rules()
    );
    // Without the keys, nothing to control.
    assert!(Map::standard().victory.control.is_empty());
}

#[test]
fn misuses_are_reported_at_their_lines() {
    let extra =
        "[victory]\ncontrol = [\n  \"xyz\",\n  \"spa/nc\",\n  \"bel\",\n  \"Belgium\",\n]\n";
    let err = standard_with(extra).unwrap_err();
    for (needle, words) in [
        ("\"xyz\"", "unknown province `xyz`"),
        (
            "\"spa/nc\"",
            "`control` names the coast `spa/nc`: name the province",
        ),
        ("\"Belgium\"", "`control` names `bel` twice"),
    ] {
        let at = format!("control.toml:{}:", line_of(extra, needle));
        assert!(
            err.lines().any(|l| l.contains(&at) && l.contains(words)),
            "{words} at {at}:\n{err}"
        );
    }
    let err = standard_with("[victory]\ncontrol_from = 1910\n").unwrap_err();
    assert!(err.contains("`control_from` without `control`"), "{err}");
    let err = standard_with("[victory]\ncontrol = []\n").unwrap_err();
    assert!(err.contains("`[victory] control` is empty"), "{err}");
    let err =
        standard_with("[victory]\ncontrol = [\"bel\"]\ncontrol_from = \"soon\"\n").unwrap_err();
    assert!(err.contains("\"soon\", expected u16"), "{err}");
}

#[test]
fn a_child_map_inherits_or_replaces_the_provinces_to_control() {
    let dir = std::env::temp_dir().join(format!("diplo-control-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let base = format!(
        "{}\n[victory]\ncontrol = [\"bel\"]\n",
        diplo_map::STANDARD_MAP_TOML
    );
    std::fs::write(dir.join("base.toml"), base).unwrap();
    std::fs::write(
        dir.join("same.toml"),
        "name = \"same\"\nextends = \"base\"\n",
    )
    .unwrap();
    let other = "name = \"other\"\nextends = \"base\"\n[victory]\ncontrol = [\"hol\", \"den\"]\n";
    std::fs::write(dir.join("other.toml"), other).unwrap();
    let load = |f: &str| Map::from_path(&dir.join(f)).unwrap_or_else(|e| panic!("{e}"));
    let (same, other) = (load("same.toml"), load("other.toml"));
    std::fs::remove_dir_all(&dir).ok();
    let names = |m: &Map| -> Vec<String> {
        (m.victory.control.iter())
            .map(|&p| m.province(p).name.clone())
            .collect()
    };
    assert_eq!(names(&same), ["bel"]);
    assert_eq!(names(&other), ["hol", "den"]);
}
