//! The legend under the map: map, phase and ruleset; each power present's colour (and tag),
//! centres and units; and what the marks mean. Every line wraps to the picture's width.

use std::fmt::Write;

use diplo_engine::Phase;
use diplo_map::{Map, PowerId};
use diplo_orders::Order;

use crate::features::Entry;
use crate::svg::{colour, esc, ink, n, tag};
use crate::text::{width as text_width, wrap};
use crate::Scene;

/// The height of a line of powers or of the key.
const ROW: f64 = 22.0;
/// The title's font size.
const TITLE: f64 = 16.0;
/// The other lines' font size.
const FONT: f64 = 13.0;
/// The margin left and right.
const MARGIN: f64 = 10.0;

/// What the marks mean, one item each.
const KEY: [&str; 7] = [
    "→ move or retreat (✕ failed)",
    "- - support (✕ cut)",
    "··· convoy",
    "⬡ hold",
    "dashed ring: build",
    "✕ removal or disband",
    "red ring: dislodged",
];

/// The phase as a title names it: `Spring 1901 Movement`; on a map whose years count from the
/// start of the game (`first_year` below 100: Ancient Mediterranean's 1, North Sea Wars' 0),
/// `Spring of year 1, Movement`, so that the small number reads as a year of the game, the
/// same number the phase's name (`Spring 1 Movement`) has in orders, files and records.
pub(crate) fn phase_title(map: &Map, phase: Phase) -> String {
    if map.first_year >= 100 {
        return phase.name(map).to_string();
    }
    format!(
        "{} of year {}, {}",
        phase.season_name(map),
        phase.year,
        phase.kind.word()
    )
}

/// The legend's title: map, phase ([`phase_title`]) and ruleset; with a heading (`DATC
/// 6.F.19`, panels one per ruleset), the ruleset first, then the heading.
fn title(scene: &Scene) -> String {
    let map = scene.map;
    let heading = match &scene.title {
        Some(t) => format!("{t} — "),
        None => String::new(),
    };
    let name = phase_title(map, scene.position.phase);
    if heading.is_empty() {
        format!("{} — {name} — ruleset {}", map.title, scene.ruleset)
    } else {
        // A heading means panels side by side (one per ruleset): the ruleset comes first.
        format!(
            "Ruleset {} — {heading}{} — {name}",
            scene.ruleset, map.title
        )
    }
}

/// The powers the legend names: those with a unit, a centre, an order or an automatic action
/// in the scene.
fn present(scene: &Scene) -> Vec<PowerId> {
    let pos = scene.position;
    scene
        .map
        .power_ids()
        .filter(|&p| {
            pos.units.iter().any(|u| u.power == p)
                || pos.dislodged.iter().any(|d| d.unit.power == p)
                || pos.owners.contains(&Some(p))
                || scene.orders.iter().any(|o| o.power == p)
                || scene.automatic.iter().any(|a| a.action.unit.power == p)
        })
        .collect()
}

/// Writes the legend below a map of size `width` x `top`, with the map's special rules
/// (`rules`); returns its height.
pub(crate) fn legend(b: &mut String, scene: &Scene, rules: &[Entry], width: f64, top: f64) -> f64 {
    let inner = (width - 2.0 * MARGIN).max(50.0);
    let heading = wrap(&title(scene), TITLE, true, inner);
    let powers: Vec<(PowerId, String)> = present(scene)
        .into_iter()
        .map(|p| (p, power_text(scene, p)))
        .collect();
    let column = powers
        .iter()
        .map(|(_, t)| text_width(t, FONT, false) + 20.0 + 16.0)
        .fold(120.0, f64::max)
        .min(inner);
    let per_row = ((inner / column).floor() as usize).max(1);
    let rows = powers.len().div_ceil(per_row);
    let mut items = KEY.to_vec();
    let differs =
        scene.orders.iter().any(|o| o.highlight) || scene.automatic.iter().any(|a| a.highlight);
    if differs {
        items.push("amber outline: differs from the base ruleset");
    }
    let key = wrap_items(&items, inner);
    let powers_top = 10.0 + 20.0 * heading.len() as f64 + 8.0;
    let rules_top = powers_top + ROW * rows as f64 + 4.0;
    let rule_lines: Vec<(usize, String)> = rules
        .iter()
        .enumerate()
        .flat_map(|(i, e)| {
            wrap(&e.text, FONT, false, inner - 34.0)
                .into_iter()
                .map(move |l| (i, l))
        })
        .collect();
    let key_top = rules_top + ROW * rule_lines.len() as f64 + 4.0;
    let height = key_top + ROW * key.len() as f64;
    let _ = writeln!(
        b,
        "<g class=\"legend\" transform=\"translate(0,{})\" font-size=\"{FONT}\">",
        n(top)
    );
    let _ = writeln!(
        b,
        "<rect width=\"{}\" height=\"{}\" fill=\"#f7f5ef\" stroke=\"#999\"/>",
        n(width),
        n(height)
    );
    for (i, line) in heading.iter().enumerate() {
        let y = 26.0 + 20.0 * i as f64;
        let _ = writeln!(b, "<text class=\"legend-title\" x=\"{MARGIN}\" y=\"{}\" font-size=\"{TITLE}\" font-weight=\"bold\">{}</text>", n(y), esc(line));
    }
    for (i, (p, text)) in powers.iter().enumerate() {
        let x = MARGIN + (i % per_row) as f64 * column;
        let y = powers_top + 14.0 + (i / per_row) as f64 * ROW;
        power_line(b, scene, *p, text, x, y);
    }
    let mut last = None;
    for (k, (i, line)) in rule_lines.iter().enumerate() {
        let y = rules_top + 14.0 + ROW * k as f64;
        if last != Some(*i) {
            let _ = write!(
                b,
                "<g class=\"legend-rule\" transform=\"translate({MARGIN},{})\">{}</g>",
                n(y - 4.5),
                rules[*i].sample
            );
        }
        last = Some(*i);
        let _ = writeln!(
            b,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            n(MARGIN + 34.0),
            n(y),
            esc(line)
        );
    }
    for (i, line) in key.iter().enumerate() {
        let y = key_top + 14.0 + ROW * i as f64;
        let _ = writeln!(
            b,
            "<text class=\"legend-key\" x=\"{MARGIN}\" y=\"{}\" fill=\"#333\">{}</text>",
            n(y),
            esc(line)
        );
    }
    b.push_str("</g>\n");
    height
}

/// Items joined three spaces apart into lines no wider than `max`.
fn wrap_items(items: &[&str], max: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for item in items {
        let tried = if line.is_empty() {
            item.to_string()
        } else {
            format!("{line}   {item}")
        };
        if line.is_empty() || text_width(&tried, FONT, false) <= max {
            line = tried;
        } else {
            lines.push(std::mem::replace(&mut line, item.to_string()));
        }
    }
    lines.push(line);
    lines
}

/// A power's legend text: name, centres, units, builds waived.
fn power_text(scene: &Scene, p: PowerId) -> String {
    let pos = scene.position;
    let centres = pos.owners.iter().filter(|o| **o == Some(p)).count();
    let units = pos.units.iter().filter(|u| u.power == p).count();
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
    let name = &scene.map.power(p).name;
    let (c, u) = (plural(centres, "centre"), plural(units, "unit"));
    format!("{name}: {c}, {u}{extra}")
}

/// `1 centre`, `2 centres`.
fn plural(count: usize, word: &str) -> String {
    if count == 1 {
        format!("1 {word}")
    } else {
        format!("{count} {word}s")
    }
}

fn power_line(b: &mut String, scene: &Scene, p: PowerId, text: &str, x: f64, y: f64) {
    let map = scene.map;
    let fill = colour(map, p);
    let _ = write!(b, "<rect class=\"swatch\" data-power=\"{}\" x=\"{}\" y=\"{}\" width=\"16\" height=\"16\" fill=\"{fill}\" stroke=\"#111\"/>", esc(&map.power(p).name), n(x), n(y - 12.0));
    if let Some(t) = tag(map, p) {
        let size = [10.0, 10.0, 8.0, 6.0][t.chars().count().min(3)];
        let _ = write!(b, "<text x=\"{}\" y=\"{}\" font-size=\"{size}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text>", n(x + 8.0), n(y), ink(fill), esc(&t));
    }
    let _ = writeln!(
        b,
        "<text x=\"{}\" y=\"{}\">{}</text>",
        n(x + 22.0),
        n(y),
        esc(text)
    );
}
