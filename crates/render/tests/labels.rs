//! Province labels are never covered: on every embedded map, in its starting position, a
//! movement phase with orders of every kind, its retreat phase and an adjustment phase, each
//! label's box (measured by usvg with the real font) touches no unit, centre dot, order line,
//! mark or other label (their shapes read from the SVG). `DIPLO_PICTURES=DIR` writes them all.

use diplo_engine::{adjudicate, pending_retreat_options, Phase, PhaseKind, Position};
use diplo_map::{Location, Map, PowerId, ProvinceId, Terrain, UnitKind, EMBEDDED_MAPS};
use diplo_orders::{parse_orders, Order};
use diplo_render::{covered_labels, svg, Scene};
use diplo_rules::Ruleset;

fn short(map: &Map, p: ProvinceId) -> String {
    map.province(p).name.clone()
}

fn unit_text(map: &Map, u: &diplo_engine::Unit) -> String {
    format!("{} {}", u.kind.letter(), map.location_name(u.location))
}

/// Orders of every kind for a starting position: an attack with support on a foreign unit
/// that holds (so that it is dislodged), then moves, supports to hold and convoys where the
/// map allows them, and holds.
fn orders_of_every_kind(map: &Map, pos: &Position) -> String {
    let units = &pos.units;
    let mut given: Vec<Option<String>> = vec![None; units.len()];
    let at = |p: ProvinceId| units.iter().position(|u| u.location.province == p);
    let reach = |i: usize| -> Vec<ProvinceId> {
        let u = &units[i];
        match u.kind {
            UnitKind::Army => map.army_neighbours(u.location.province).to_vec(),
            UnitKind::Fleet => map
                .fleet_neighbours(u.location)
                .iter()
                .map(|l| l.province)
                .collect(),
        }
    };
    'attack: for a in 0..units.len() {
        for t in reach(a) {
            let Some(x) = at(t).filter(|&x| units[x].power != units[a].power) else {
                continue;
            };
            for s in (0..units.len()).filter(|&s| s != a && s != x) {
                if units[s].power == units[x].power || !reach(s).contains(&t) {
                    continue;
                }
                let (ua, ux) = (unit_text(map, &units[a]), unit_text(map, &units[x]));
                given[a] = Some(format!("{ua} - {}", short(map, t)));
                given[s] = Some(format!(
                    "{} S {ua} - {}",
                    unit_text(map, &units[s]),
                    short(map, t)
                ));
                given[x] = Some(format!("{ux} H"));
                break 'attack;
            }
        }
    }
    for i in 0..units.len() {
        if given[i].is_some() {
            continue;
        }
        let u = unit_text(map, &units[i]);
        let near = reach(i);
        let friend = near
            .iter()
            .find_map(|&p| at(p).filter(|&j| given[j].is_none()));
        let empty = near.iter().find(|&&p| at(p).is_none());
        given[i] = Some(match (i % 4, friend, empty) {
            (1, Some(j), _) => format!("{u} S {}", unit_text(map, &units[j])),
            (2, _, _) if convoy(map, pos, i).is_some() => convoy(map, pos, i).unwrap(),
            (0 | 2, _, Some(&p)) => format!("{u} - {}", short(map, p)),
            _ => format!("{u} H"),
        });
    }
    let mut text = String::new();
    for (u, o) in units.iter().zip(given) {
        text.push_str(&format!("{}: {}\n", map.power(u.power).name, o.unwrap()));
    }
    text
}

/// A convoy order for fleet `i` at sea: an army on a coast beside it to another coast beside it.
fn convoy(map: &Map, pos: &Position, i: usize) -> Option<String> {
    let f = &pos.units[i];
    if f.kind != UnitKind::Fleet || map.province(f.location.province).terrain != Terrain::Sea {
        return None;
    }
    let near = map.any_neighbours(f.location.province);
    let army = pos
        .units
        .iter()
        .find(|u| u.kind == UnitKind::Army && near.contains(&u.location.province))?;
    let to = near
        .iter()
        .find(|&&p| p != army.location.province && map.province(p).terrain == Terrain::Coast)?;
    Some(format!(
        "{} C {} - {}",
        unit_text(map, f),
        unit_text(map, army),
        map.province(*to).name
    ))
}

fn parsed(map: &Map, text: &str) -> Vec<(PowerId, Order)> {
    let (lines, errors) = parse_orders(map, text);
    assert!(errors.is_empty(), "{}: {errors:?}\n{text}", map.name);
    lines
        .into_iter()
        .map(|l| (l.power.unwrap(), l.order))
        .collect()
}

/// An adjustment phase from the start: the first power lost a unit (it builds), the second and
/// third lost a centre (the second removes a unit, the third is in civil disorder).
fn adjustment(map: &Map) -> (Position, String) {
    let mut pos = Position::initial(map);
    pos.phase = Phase {
        year: map.first_year,
        season: map.calendar.first_adjustment(),
        kind: PhaseKind::Adjustment,
    };
    let mut text = String::new();
    let powers: Vec<PowerId> = map.power_ids().filter(|p| !map.power(*p).neutral).collect();
    if let Some(&p0) = powers.first() {
        if let Some(k) = pos.units.iter().position(|u| {
            u.power == p0 && map.power(p0).home_centres.contains(&u.location.province)
        }) {
            let u = pos.units.remove(k);
            let place = Location::province(u.location.province);
            let kind = if u.kind == UnitKind::Fleet { "F" } else { "A" };
            let loc = map.location_name(if u.location.coast.is_some() {
                u.location
            } else {
                place
            });
            text.push_str(&format!("{}: Build {kind} {loc}\n", map.power(p0).name));
        }
    }
    for (n, &p) in powers.iter().enumerate().skip(1).take(2) {
        let Some(c) = (0..pos.owners.len()).find(|&c| pos.owners[c] == Some(p)) else {
            continue;
        };
        pos.owners[c] = None;
        if n == 1 {
            if let Some(u) = pos.units.iter().find(|u| u.power == p) {
                let name = &map.power(p).name;
                text.push_str(&format!("{name}: Remove {}\n", unit_text(map, u)));
            }
        }
    }
    (pos, text)
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
    let (winter, text) = adjustment(map);
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
