//! Pictures from any drawing data: a map file (its `[drawing]` and provinces' `draw` values
//! fuzzed) gives a picture, SVG and PNG, of its starting position with every unit holding; or
//! the map's located errors. Never a panic, never a hang. Inputs are bounded
//! ([`MAX_RENDER_INPUT`]): a picture's cost grows with the points it is given.

use diplo_map::{Map, PowerId};
use diplo_orders::{Order, Place, UnitRef};

use super::{assert_map_error_located, assert_one_unit_per_province, text, FILE};

/// The largest map text the check draws, in bytes (larger inputs are skipped).
pub const MAX_RENDER_INPUT: usize = 16 * 1024;

/// A map file drawn: its starting position, every unit ordered to hold and adjudicated under
/// the DATC's rules, as SVG (a whole document) and as PNG; or located map errors.
pub fn check_render(data: &[u8]) {
    if data.len() > MAX_RENDER_INPUT {
        return;
    }
    let Some(text) = text(data) else { return };
    let map = match Map::from_toml_str(text, FILE) {
        Ok(map) => map,
        Err(e) => return assert_map_error_located(&e.to_string(), FILE),
    };
    let pos = diplo_engine::Position::initial(&map);
    assert_one_unit_per_province(&pos);
    let orders: Vec<(PowerId, Order)> = pos
        .units
        .iter()
        .map(|u| {
            let unit = UnitRef {
                kind: Some(u.kind),
                place: Place::new(u.location.province),
            };
            (u.power, Order::Hold { unit })
        })
        .collect();
    let rules = diplo_rules::Ruleset::datc();
    let adj = diplo_engine::adjudicate(&map, &rules, &pos, &orders);
    let scene = diplo_render::Scene::new(&map, &pos, "datc").with_adjudication(&orders, &adj);
    let svg = diplo_render::svg(&scene);
    assert!(
        svg.starts_with("<svg") || svg.starts_with("<?xml"),
        "not an SVG document: {}",
        &svg[..svg.len().min(200)]
    );
    assert!(
        svg.trim_end().ends_with("</svg>"),
        "an SVG document cut short"
    );
    let png = diplo_render::png(&svg).unwrap_or_else(|e| panic!("no PNG from our own SVG: {e}"));
    assert!(png.starts_with(b"\x89PNG"), "not a PNG");
}

/// Seeds: the shipped maps with drawing data small enough to draw, and a map that extends the
/// standard map and replaces its drawing.
pub fn corpus() -> Vec<Vec<u8>> {
    vec![
        super::corpus::read("maps/pure.toml"),
        b"extends = \"standard\"\nname = \"drawn\"\n\n[drawing]\nprojection = \"plane\"\n\
          bounds = [0, 0, 400, 300]\n\n[[drawing.land]]\nname = \"all\"\n\
          points = [[0, 0], [400, 0], [400, 300], [0, 300]]\n"
            .to_vec(),
    ]
}
