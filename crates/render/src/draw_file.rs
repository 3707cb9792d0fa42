//! `diplo map draw`: the automatic layout written into a map file as drawing data
//! (`maps/FORMAT.md`, "Drawing"), a starting point a designer then edits: a `[drawing]` table
//! (`projection = "plane"`, the picture's bounds) and its land masses (`[[drawing.land]]`, so
//! that the written map keeps the coastline) before the first table, and after each
//! province's and coast's `name` line a `draw` with its anchor, label and extra points.

use diplo_map::Map;

use crate::geom::Pt;
use crate::layout::Layout;
use crate::RenderError;

/// A point as the map format writes it.
fn point(p: Pt) -> String {
    format!("[{:.1}, {:.1}]", p[0], p[1])
}

/// The `draw = {...}` of province `i`.
fn province_draw(l: &Layout, i: usize) -> String {
    let at = l.at.get(i).copied().unwrap_or([0.0, 0.0]);
    let label = l.label.get(i).copied().unwrap_or(at);
    let seeds: Vec<String> = l
        .seed_province
        .iter()
        .enumerate()
        .filter(|&(s, p)| *p == i && s >= l.at.len())
        .filter_map(|(s, _)| l.seed_points.get(s).copied())
        .map(point)
        .collect();
    let mut out = format!("draw = {{ at = {}, label = {}", point(at), point(label));
    if !seeds.is_empty() {
        out.push_str(&format!(", seeds = [{}]", seeds.join(", ")));
    }
    out.push_str(" }");
    out
}

/// The automatic layout's land masses, when every land province's anchor is on one and no
/// sea's is (else none: the written map is then drawn without land masses, as before).
fn lands(map: &Map, l: &Layout) -> Vec<Vec<Pt>> {
    let lands = crate::lands::land_outlines(map, l);
    let on_land = |p: Pt| lands.iter().any(|poly| crate::geom::inside(p, poly));
    let fits = map
        .provinces()
        .iter()
        .zip(&l.at)
        .all(|(prov, &at)| (prov.terrain == diplo_map::Terrain::Sea) != on_land(at));
    if fits {
        lands
    } else {
        Vec::new()
    }
}

/// The `[[drawing.land]]` tables of some land masses.
fn land_tables(lands: &[Vec<Pt>]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, poly) in lands.iter().enumerate() {
        out.push("[[drawing.land]]".to_string());
        out.push(format!("name = \"land {}\"", i + 1));
        let points: Vec<String> = poly.iter().map(|&p| point(p)).collect();
        out.push(format!("points = [{}]", points.join(", ")));
        out.push(String::new());
    }
    out
}

/// The value of a `name = "..."` line, if `line` is one.
fn name_of(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix("name")?.trim_start();
    let rest = rest.strip_prefix('=')?.trim();
    rest.strip_prefix('"')?.split('"').next()
}

/// Where the parser is: which table the lines belong to.
enum Table {
    Top,
    Province(Option<usize>),
    Coast(Option<usize>),
    Other,
}

/// `text`, the file `map` was read from, with the automatic layout written in as drawing data.
/// Refused for a map that has drawing data or `extends` another (whose provinces are not all
/// in this file); the result is read back before it is answered, so a file it would spoil is
/// never written.
pub fn with_automatic_drawing(map: &Map, text: &str, file: &str) -> Result<String, RenderError> {
    if map.drawing().is_some() {
        return Err(RenderError(format!(
            "{file}: the map already has drawing data"
        )));
    }
    if text.lines().any(|l| l.trim_start().starts_with("extends")) {
        return Err(RenderError(format!(
            "{file}: the map extends another; draw the map it extends"
        )));
    }
    let l = crate::auto::automatic(map);
    let lands = lands(map, &l);
    let mut out = Vec::new();
    let mut table = Table::Top;
    let mut drawn = vec![false; map.provinces().len()];
    for line in text.lines() {
        let head = line.trim_start();
        if head.starts_with('[') {
            if matches!(table, Table::Top) {
                out.push("# The drawing `diplo map draw` computed from the adjacencies: a starting point to edit.".to_string());
                out.push("[drawing]".to_string());
                out.push("projection = \"plane\"".to_string());
                out.push(format!(
                    "bounds = [0.0, 0.0, {:.1}, {:.1}]",
                    l.width.ceil(),
                    l.height.ceil()
                ));
                out.push(String::new());
                out.extend(land_tables(&lands));
            }
            table = match head.split('#').next().unwrap_or("").trim() {
                "[[province]]" => Table::Province(None),
                "[[province.coast]]" => match table {
                    Table::Province(p) | Table::Coast(p) => Table::Coast(p),
                    _ => Table::Other,
                },
                _ => Table::Other,
            };
            out.push(line.to_string());
            continue;
        }
        out.push(line.to_string());
        let Some(name) = name_of(line) else { continue };
        match table {
            Table::Province(None) => {
                let found = map.provinces().iter().position(|p| p.name == name);
                if let Some(i) = found {
                    out.push(province_draw(&l, i));
                    drawn[i] = true;
                }
                table = Table::Province(found);
            }
            Table::Coast(Some(p)) => {
                let coasts = &map.provinces()[p].coasts;
                if let Some(c) = coasts.iter().position(|c| c.name == name) {
                    let at = l.coasts.get(p).and_then(|v| v.get(c)).copied();
                    out.push(format!(
                        "draw = {{ at = {} }}",
                        point(at.unwrap_or(l.at[p]))
                    ));
                }
            }
            _ => {}
        }
    }
    if let Some(i) = drawn.iter().position(|d| !d) {
        return Err(RenderError(format!(
            "{file}: province `{}` has no `[[province]]` table with its `name` here; its drawing cannot be written",
            map.provinces()[i].name
        )));
    }
    let mut written = out.join("\n");
    written.push('\n');
    let back = Map::from_toml_str(&written, file).map_err(|e| {
        RenderError(format!(
            "{file}: the map with its drawing does not read back: {e:?}"
        ))
    })?;
    if back.drawing().is_none() {
        return Err(RenderError(format!(
            "{file}: no table to write the drawing before"
        )));
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_without_drawing_gets_the_automatic_one_written_in() {
        let text = crate::auto::tests::ten_text();
        let map = Map::from_toml_str(&text, "ten.toml").unwrap();
        let out = with_automatic_drawing(&map, &text, "ten.toml").unwrap();
        let back = Map::from_toml_str(&out, "ten.toml").unwrap();
        let drawing = back.drawing().expect("drawing data");
        assert_eq!(drawing.provinces.len(), 10);
        // The coastline is kept: the five coasts on land, the five seas off it.
        assert_eq!(drawing.lands.len(), 1, "{out}");
        for (i, p) in back.provinces().iter().enumerate() {
            let on_land = drawing.land_at(drawing.provinces[i].at).is_some();
            assert_eq!(on_land, p.name.starts_with('c'), "{}", p.name);
        }
        if let Some(dir) = std::env::var_os("DIPLO_PICTURES") {
            let pos = diplo_engine::Position::initial(&back);
            let text = crate::svg(&crate::Scene::new(&back, &pos, "datc"));
            crate::write_file(&std::path::Path::new(&dir).join("drawn-ten.png"), &text).unwrap();
        }
        assert!(out.contains("[drawing]\nprojection = \"plane\"\nbounds = [0.0, 0.0, "));
        assert_eq!(out.matches("\ndraw = { at = [").count(), 10);
        // Everything else is kept, line for line.
        let kept: Vec<&str> = out
            .lines()
            .filter(|l| !l.starts_with("draw = ") && !l.starts_with("# The drawing"))
            .filter(|l| {
                !l.starts_with("[drawing]")
                    && !l.starts_with("projection")
                    && !l.starts_with("bounds")
                    && !l.starts_with("[[drawing.land]]")
                    && !l.starts_with("name = \"land ")
                    && !l.starts_with("points = ")
            })
            .collect();
        let before: Vec<&str> = text.lines().collect();
        assert_eq!(
            kept.iter().filter(|l| !l.is_empty()).count(),
            before.iter().filter(|l| !l.is_empty()).count()
        );
        // The anchors are the automatic layout's.
        let l = Layout::new(&back);
        let auto = crate::auto::automatic(&map);
        for (a, b) in l.at.iter().zip(&auto.at) {
            assert!(
                (a[0] - b[0]).abs() < 0.2 && (a[1] - b[1]).abs() < 0.2,
                "{a:?} {b:?}"
            );
        }
    }

    #[test]
    fn a_map_with_drawing_data_is_refused() {
        let map = Map::standard();
        let e = with_automatic_drawing(&map, diplo_map::STANDARD_MAP_TOML, "standard.toml");
        assert!(e.unwrap_err().0.contains("already has drawing data"));
    }
}
