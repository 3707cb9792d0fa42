//! `diplo map check`, `map show`, `maps`, user maps found by name, and `diplo render`.

use std::path::Path;
use std::process::Command;

use crate::support::{diplo_in_root as diplo, root, stderr, stdout, temp_file};

#[test]
fn map_check_accepts_the_standard_map() {
    let o = diplo(&["map", "check", "maps/standard.toml"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "maps/standard.toml: ok (75 provinces, 34 supply centres, 7 powers, 22 units)\n"
    );
    assert_eq!(stderr(&o), "");
}

#[test]
fn map_check_reports_three_located_errors() {
    let o = diplo(&["map", "check", "crates/map/tests/data/bad.toml"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    for line in &lines {
        let rest = line
            .strip_prefix("error: crates/map/tests/data/bad.toml:")
            .unwrap_or_else(|| panic!("unlocated: {line}"));
        let mut parts = rest.splitn(3, ':');
        for _ in 0..2 {
            let n = parts.next().unwrap();
            assert!(n.parse::<usize>().is_ok_and(|n| n > 0), "{line}");
        }
    }
    assert!(
        err.contains("bad.toml:19:16: unknown province `gam`"),
        "{err}"
    );
    assert_eq!(stdout(&o), "");
}

#[test]
fn map_check_checks_every_file_and_fails_on_any_error() {
    let o = diplo(&["map", "check", "maps/standard.toml", "does/not/exist.toml"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("maps/standard.toml: ok"));
    assert!(
        stderr(&o).contains("error: does/not/exist.toml: cannot read the map file"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn map_check_reports_a_syntax_error() {
    let path = temp_file("syntax.toml", "name = \"x\"\nfirst_year = \n");
    let o = diplo(&["map", "check", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let expected = format!("error: {}:2:", path.display());
    assert!(stderr(&o).starts_with(&expected), "{}", stderr(&o));
}

#[test]
fn map_show_text_defaults_to_the_standard_map() {
    let o = diplo(&["map", "show"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Standard Diplomacy"), "{out}");
    assert!(out.contains("75 provinces, 34 supply centres, 7 powers, 22 units"));
    assert!(out.contains("Russia"), "{out}");
    assert!(out.contains("F stp/sc"), "{out}");
    assert!(out.contains("Switzerland"), "{out}");
    let spain = out.lines().find(|l| l.contains("Spain")).unwrap();
    assert!(spain.contains("nc") && spain.contains("sc"), "{spain}");

    let same = diplo(&["map", "show", "maps/standard.toml", "--format", "text"]);
    assert!(same.status.success());
    assert_eq!(stdout(&same), out);
}

#[test]
fn map_show_json_is_the_whole_map_by_name() {
    let o = diplo(&["map", "show", "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    assert_eq!(json["name"], "standard");
    assert_eq!(json["powers"].as_array().unwrap().len(), 7);
    let provinces = json["provinces"].as_array().unwrap();
    assert_eq!(provinces.len(), 76);
    let gas = provinces.iter().find(|p| p["name"] == "gas").unwrap();
    assert!(gas["fleet"]
        .as_array()
        .unwrap()
        .contains(&serde_json::Value::from("spa/nc")));
    assert!(gas["army"]
        .as_array()
        .unwrap()
        .contains(&serde_json::Value::from("spa")));
}

#[test]
fn map_show_rejects_a_missing_map_without_panicking() {
    let o = diplo(&["map", "show", "loeb8"]);
    assert!(
        stderr(&o).contains("(did you mean `loeb9`?)"),
        "{}",
        stderr(&o)
    );
    let o = diplo(&["map", "show", "no-such-map"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("error: no-such-map: no such map file"));
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn maps_list_names_every_built_in_map_with_its_special_rules() {
    let o = diplo(&["maps", "list"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for name in ["standard", "loeb9", "colonial", "chaos", "1898"] {
        assert!(out.lines().any(|l| l.starts_with(name)), "{name}: {out}");
    }
    assert!(out.contains("railroad: Trans-Siberian Railroad"), "{out}");
    assert!(out.contains("ice: arc"), "{out}");
    let json = diplo(&["maps", "list", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    let chaos = v
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"] == "chaos")
        .unwrap();
    assert_eq!(chaos["powers"].as_array().unwrap().len(), 34);
    assert_eq!(chaos["special_rules"][0], "builds in any owned centre");
}

#[test]
fn map_show_lists_neighbours_by_name() {
    let o = diplo(&["map", "show", "standard"]);
    let out = stdout(&o);
    let spain = out.lines().find(|l| l.contains("Spain")).unwrap();
    assert!(spain.contains("army: gas mar por"), "{spain}");
    assert!(spain.contains("fleet (nc): gas mao por"), "{spain}");
    let loeb9 = stdout(&diplo(&["map", "show", "loeb9"]));
    assert!(loeb9.contains("Special rules: ice: arc"), "{loeb9}");
}

#[test]
fn map_check_warns_when_no_power_can_win() {
    let text = std::fs::read_to_string(root().join("maps/standard.toml"))
        .unwrap()
        .replace("victory_centres = 18", "victory_centres = 40");
    let path = temp_file("greedy.toml", &text);
    let o = diplo(&["map", "check", path.to_str().unwrap()]);
    assert!(o.status.success(), "a warning is not an error");
    assert!(
        stderr(&o).contains("warning:")
            && stderr(&o).contains("victory needs 40 supply centres but the map has 34"),
        "{}",
        stderr(&o)
    );
    let o = diplo(&["map", "check", "colonial", "loeb9"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("colonial: ok (119 provinces"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn map_check_warns_about_a_name_orders_cannot_read() {
    let text = std::fs::read_to_string(root().join("maps/standard.toml"))
        .unwrap()
        .replace("full_name = \"Vienna\"", "full_name = \"Vienna D+C\"");
    let path = temp_file("plus-name.toml", &text);
    let o = diplo(&["map", "check", path.to_str().unwrap()]);
    assert!(o.status.success(), "a warning is not an error");
    let err = stderr(&o);
    assert!(
        err.contains("warning:") && err.contains("orders cannot name it `Vienna D+C`"),
        "{err}"
    );
}

#[test]
fn user_maps_are_found_by_name_in_diplo_maps_folders() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("user-maps");
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(root().join("maps/standard.toml"))
        .unwrap()
        .replace("name = \"standard\"", "name = \"tiny\"");
    std::fs::write(dir.join("tiny.toml"), text).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args([
            "orders",
            "check",
            "--map",
            "tiny",
            "examples/orders/spring-1901.txt",
        ])
        .current_dir(root())
        .env("DIPLO_MAPS", &dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let o = diplo(&["map", "show", "loeb8"]);
    assert!(
        stderr(&o).contains("(did you mean `loeb9`?)"),
        "{}",
        stderr(&o)
    );
    let o = diplo(&["map", "show", "no-such-map"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("no no-such-map.toml in the user map folders"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn render_writes_svg_and_png_pictures() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let svg = dir.join("render-s1901.svg");
    let _ = std::fs::remove_file(&svg);
    let o = diplo(&[
        "render",
        "--orders",
        "examples/orders/spring-1901.txt",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("class=\"order\""));
    let png = dir.join("compare-6F19.png");
    let o = diplo(&[
        "compare",
        "--render",
        png.to_str().unwrap(),
        "--case",
        "6.F.19",
        "--rulesets",
        "1971,1982,2000,datc",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..4], b"\x89PNG");
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    // Four panels zoomed to the convoy: three in the first row, one in the second.
    assert!(
        (1500..=4000).contains(&width) && height > width / 2,
        "four panels in a grid: {width}x{height} pixels"
    );
    let bad = diplo(&["render", "--out", dir.join("x.gif").to_str().unwrap()]);
    assert!(!bad.status.success());
    assert!(
        stderr(&bad).contains("must end in .svg or .png"),
        "{}",
        stderr(&bad)
    );
}
