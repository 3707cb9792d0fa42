//! The legend under the map: map, phase and ruleset; each power's colour, centres and units;
//! and what the marks mean.

use std::fmt::Write;

use diplo_map::PowerId;
use diplo_orders::Order;

use crate::svg::{colour, esc, n};
use crate::Scene;

const ROW: f64 = 22.0;

/// Writes the legend below a map of size `width` x `top`; returns its height.
pub(crate) fn legend(b: &mut String, scene: &Scene, width: f64, top: f64) -> f64 {
    let map = scene.map;
    let per_row = ((width / 230.0).floor() as usize).max(1);
    let rows = map.powers().len().div_ceil(per_row);
    let height = 38.0 + ROW * rows as f64 + 30.0;
    let _ = writeln!(
        b,
        "<g class=\"legend\" transform=\"translate(0,{})\" font-size=\"13\">",
        n(top)
    );
    let _ = writeln!(
        b,
        "<rect width=\"{}\" height=\"{}\" fill=\"#f7f5ef\" stroke=\"#999\"/>",
        n(width),
        n(height)
    );
    let heading = match &scene.title {
        Some(t) => format!("{t} — "),
        None => String::new(),
    };
    let phase = scene.position.phase.name(map).to_string();
    let _ = writeln!(b, "<text class=\"legend-title\" x=\"10\" y=\"22\" font-size=\"16\" font-weight=\"bold\">{}</text>", esc(&format!("{heading}{} — {phase} — ruleset {}", map.title, scene.ruleset)));
    for (i, p) in map.power_ids().enumerate() {
        let (x, y) = (
            10.0 + (i % per_row) as f64 * 230.0,
            38.0 + (i / per_row) as f64 * ROW,
        );
        power_line(b, scene, p, x, y);
    }
    let y = 38.0 + ROW * rows as f64 + 16.0;
    let key = "→ move or retreat (✕ failed)   - - support (✕ cut)   ··· convoy   ⬡ hold   dashed ring: build   ✕ removal or disband   red ring: dislodged";
    let _ = writeln!(
        b,
        "<text x=\"10\" y=\"{}\" fill=\"#333\">{}</text>",
        n(y),
        esc(key)
    );
    b.push_str("</g>\n");
    height
}

fn power_line(b: &mut String, scene: &Scene, p: PowerId, x: f64, y: f64) {
    let map = scene.map;
    let centres = scene
        .position
        .owners
        .iter()
        .filter(|o| **o == Some(p))
        .count();
    let units = scene.position.units.iter().filter(|u| u.power == p).count();
    let waives = scene
        .orders
        .iter()
        .filter(|o| o.power == p && matches!(o.order, Order::Decline))
        .count();
    let extra = if waives > 0 {
        format!(", {waives} build(s) waived")
    } else {
        String::new()
    };
    let _ = writeln!(b, "<rect class=\"swatch\" data-power=\"{}\" x=\"{}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{}\" stroke=\"#111\"/><text x=\"{}\" y=\"{}\">{}</text>", esc(&map.power(p).name), n(x), n(y - 11.0), colour(map, p), n(x + 20.0), n(y), esc(&format!("{}: {centres} centres, {units} units{extra}", map.power(p).name)));
}
