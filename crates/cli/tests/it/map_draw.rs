//! `diplo map draw`: a map file without drawing data written again with the automatic drawing.

use crate::support::{diplo, ok, s, stderr, temp_dir};

#[test]
fn map_draw_writes_a_drawing_that_reads_back_and_refuses_what_it_cannot_draw() {
    let dir = temp_dir("map-draw");
    let text = diplo_map::STANDARD_MAP_TOML;
    let cut = text.find("# --- drawing ---").unwrap();
    let plain: String = text[..cut]
        .lines()
        .filter(|l| !l.starts_with("draw = "))
        .map(|l| format!("{l}\n"))
        .collect();
    let map = dir.join("plain.toml");
    std::fs::write(&map, plain).unwrap();
    let out = dir.join("drawn.toml");
    let said = ok(&["map", "draw", s(&map), "--out", s(&out)]);
    assert!(said.contains("76 provinces drawn"), "{said}");
    let back = diplo_map::Map::from_path(&out).unwrap();
    assert_eq!(back.drawing().unwrap().provinces.len(), 76);
    // With its land masses, so that the coastline stays.
    assert!(!back.drawing().unwrap().lands.is_empty());
    ok(&[
        "render",
        "--map",
        s(&out),
        "--out",
        s(&dir.join("drawn.svg")),
    ]);
    // The written file is not written over without --force, and has its drawing now.
    let again = diplo(&["map", "draw", s(&map), "--out", s(&out)]);
    assert!(!again.status.success());
    assert!(stderr(&again).contains("use --force"), "{}", stderr(&again));
    let drawn = diplo(&["map", "draw", s(&out), "--out", s(&dir.join("x.toml"))]);
    assert!(!drawn.status.success());
    assert!(
        stderr(&drawn).contains("already has drawing data"),
        "{}",
        stderr(&drawn)
    );
    assert!(!dir.join("x.toml").exists());
}
