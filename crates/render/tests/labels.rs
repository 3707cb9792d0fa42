//! Province labels are never covered: on every embedded map, in its starting position, a
//! movement phase with orders of every kind, its retreat phase and an adjustment phase, each
//! label's box (measured by usvg with the real font) touches no unit, centre dot, order line,
//! mark or other label (their shapes read from the SVG). `DIPLO_PICTURES=DIR` writes them all.

use diplo_engine::{adjudicate, pending_retreat_options, Position};
use diplo_map::{Map, PowerId, EMBEDDED_MAPS};
use diplo_orders::{parse_orders, Order};
use diplo_render::sample::{adjustment_phase, orders_of_every_kind};
use diplo_render::{covered_labels, svg, Scene};
use diplo_rules::Ruleset;

fn parsed(map: &Map, text: &str) -> Vec<(PowerId, Order)> {
    let (lines, errors) = parse_orders(map, text);
    assert!(errors.is_empty(), "{}: {errors:?}\n{text}", map.name);
    lines
        .into_iter()
        .map(|l| (l.power.unwrap(), l.order))
        .collect()
}

/// Checks one picture; with `DIPLO_PICTURES=DIR` set, also writes it there as a PNG to look at.
fn check(name: &str, what: &str, text: &str, problems: &mut Vec<String>) {
    if let Some(dir) = std::env::var_os("DIPLO_PICTURES") {
        let path = std::path::Path::new(&dir).join(format!("{name}-{what}.png"));
        diplo_render::write_file(&path, text).expect("write the picture");
    }
    for o in covered_labels(text) {
        problems.push(format!("{name} ({what}): {o}"));
    }
}

/// Checks a map's starting position, a movement phase with orders of every kind, its retreat
/// phase and an adjustment phase.
fn check_map(name: &str, map: &Map, problems: &mut Vec<String>) {
    let rules = Ruleset::load("datc").unwrap();
    let start = Position::initial(map);
    check(
        name,
        "start",
        &svg(&Scene::new(map, &start, "datc")),
        problems,
    );
    let o = parsed(map, &orders_of_every_kind(map, &start));
    let adj = adjudicate(map, &rules, &start, &o);
    let scene = Scene::new(map, &start, "datc").with_adjudication(&o, &adj);
    check(name, "orders", &svg(&scene), problems);
    let retreats = pending_retreat_options(map, &rules, &adj.next);
    let scene = Scene::new(map, &adj.next, "datc").with_retreats(retreats);
    check(name, "retreats", &svg(&scene), problems);
    let (winter, text) = adjustment_phase(map);
    let o = parsed(map, &text);
    let adj = adjudicate(map, &rules, &winter, &o);
    let scene = Scene::new(map, &winter, "datc").with_adjudication(&o, &adj);
    check(name, "adjustment", &svg(&scene), problems);
}

fn assert_none(problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{} covered labels:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn no_label_is_covered_on_any_embedded_map() {
    let mut problems = Vec::new();
    for (name, _) in EMBEDDED_MAPS {
        let map = Map::embedded(name).unwrap().unwrap();
        check_map(name, &map, &mut problems);
    }
    assert_none(&problems);
}

/// The same on a map without drawing data (the standard map's graph, laid out automatically).
#[test]
fn no_label_is_covered_on_an_automatic_layout() {
    let text = diplo_map::STANDARD_MAP_TOML;
    let cut = text.find("# --- drawing ---").unwrap();
    let plain: String = text[..cut]
        .lines()
        .filter(|l| !l.starts_with("draw = "))
        .collect::<Vec<_>>()
        .join("\n");
    let map = Map::from_toml_str(&plain, "plain.toml").unwrap();
    assert!(map.drawing().is_none());
    let mut problems = Vec::new();
    check_map("standard-automatic", &map, &mut problems);
    assert_none(&problems);
}

/// The test's own measure finds a label under a unit when there is one.
#[test]
fn the_overlap_check_sees_a_label_under_a_unit() {
    let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\"><g class=\"labels\" font-size=\"10\"><text class=\"label\" id=\"label-0\" x=\"50\" y=\"50\">PAR</text></g><g class=\"unit\"><circle cx=\"55\" cy=\"47\" r=\"5\" fill=\"red\" stroke-width=\"1\"/></g></svg>";
    assert_eq!(covered_labels(text).len(), 1, "{:?}", covered_labels(text));
    let apart = text.replace("cx=\"55\"", "cx=\"90\"");
    assert!(
        covered_labels(&apart).is_empty(),
        "{:?}",
        covered_labels(&apart)
    );
}

/// The same on every map file in the folder `DIPLO_LABEL_MAPS` names, when set (imported
/// variant maps: `diplo map import` each into one folder); nothing to check without it.
#[test]
fn no_label_is_covered_on_the_maps_of_a_folder() {
    let Some(dir) = std::env::var_os("DIPLO_LABEL_MAPS") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the folder DIPLO_LABEL_MAPS names")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let mut problems = Vec::new();
    for f in &files {
        let map = Map::from_path(f).unwrap_or_else(|e| panic!("{}: {e:?}", f.display()));
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        check_map(&name, &map, &mut problems);
    }
    assert_none(&problems);
}
