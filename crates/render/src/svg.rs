//! The map layers of a picture: sea, land, regions, borders, names, centres and units.

use std::fmt::Write;

use diplo_engine::{PhaseKind, Unit};
use diplo_map::{Map, Terrain, UnitKind};

pub(crate) use crate::colours::{colour, ink, tag};
use crate::geom::Pt;
use crate::labels::Blocker;
use crate::layout::{is_border, Layout};
use crate::panels::View;
use crate::Scene;

pub(crate) const SEA: &str = "#bcd7ea";
pub(crate) const LAND: &str = "#efe6cf";
const IMPASSABLE: &str = "#9a9a9a";
const BORDER: &str = "#8a7f6a";
const SEA_BORDER: &str = "#7d9fb8";
const COAST: &str = "#4f6b80";

/// One picture's content, to be placed in a document.
pub(crate) struct Panel {
    pub width: f64,
    pub height: f64,
    pub body: String,
}

/// Escapes text for XML. Characters XML 1.0 has no place for, escaped or not (control
/// characters other than tab and line ends, U+FFFE, U+FFFF: a map's title may hold an escape
/// character), become U+FFFD, so that the document still parses.
pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c < ' ' || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// A number as SVG writes it.
pub(crate) fn n(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else {
        "0".into()
    }
}

/// `x,y` of a point.
pub(crate) fn pt(p: Pt) -> String {
    format!("{},{}", n(p[0]), n(p[1]))
}

/// A whole document around `body`, which is `width` x `height`, drawn at `scale`.
pub(crate) fn document(width: f64, height: f64, scale: f64, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{sw}\" height=\"{sh}\" viewBox=\"0 0 {w} {h}\" font-family=\"{f}\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n{body}</svg>\n",
        sw = n((width * scale).ceil()),
        sh = n((height * scale).ceil()),
        w = n(width),
        h = n(height),
        f = crate::png::FONT_FAMILY
    )
}

/// The whole picture of a scene: map, centres, units, orders, legend; on a crowded map, its
/// densest regions enlarged below it (`insets`). With `view`, only that part of the map,
/// scaled; the legend below it as wide.
pub(crate) fn panel(scene: &Scene, view: Option<&View>) -> Panel {
    let layout = Layout::new(scene.map);
    let mut b = String::new();
    crate::features::defs(&mut b);
    let drawing_starts = b.len();
    regions(&mut b, scene, &layout);
    let (mut blockers, mut rules) = crate::features::draw(&mut b, scene.map, &layout);
    blockers.extend(unit_blockers(scene, &layout));
    blockers.extend(crate::orders::blockers(scene, &layout));
    labels(&mut b, scene.map, &layout, &blockers);
    centres(&mut b, scene, &layout);
    units(&mut b, scene, &layout);
    crate::orders::orders(&mut b, scene, &layout);
    let (width, height) = match view {
        Some(v) => {
            // A zoomed picture's legend lists only the special rules it shows.
            let shown =
                |p: &Pt| p[0] >= v.x && p[0] <= v.x + v.w && p[1] >= v.y && p[1] <= v.y + v.h;
            rules.retain(|e| e.at.iter().any(shown));
            let (w, h) = (v.w * v.scale, v.h * v.scale);
            b = format!(
                "<svg class=\"map\" width=\"{}\" height=\"{}\" viewBox=\"{} {} {} {}\">\n{b}</svg>\n",
                n(w),
                n(h),
                n(v.x),
                n(v.y),
                n(v.w),
                n(v.h)
            );
            (w, h)
        }
        None => {
            // A crowded map's densest regions again, enlarged, below it.
            let sizes = crate::labels::sizes(&layout, label_size(&layout));
            let insets = crate::insets::insets(&layout, &sizes, layout.height);
            let drawing = b[drawing_starts..].to_string();
            crate::insets::draw(&mut b, &drawing, &insets);
            (layout.width, layout.height + crate::insets::height(&insets))
        }
    };
    let legend_h = crate::legend::legend(&mut b, scene, &rules, width, height);
    Panel {
        width,
        height: height + legend_h,
        body: b,
    }
}

pub(crate) fn path_of(points: impl Iterator<Item = Pt>) -> String {
    let mut d = String::new();
    for (i, p) in points.enumerate() {
        let _ = write!(d, "{}{}", if i == 0 { "M" } else { "L" }, pt(p));
    }
    d.push('Z');
    d
}

fn fill_of(scene: &Scene, p: usize) -> String {
    let prov = &scene.map.provinces()[p];
    match prov.terrain {
        Terrain::Sea => SEA.into(),
        Terrain::Impassable => IMPASSABLE.into(),
        _ => match scene.position.owners.get(p).copied().flatten() {
            Some(o) if prov.supply_centre => tint(colour(scene.map, o)),
            _ => LAND.into(),
        },
    }
}

/// A light tint of a colour over the land colour.
fn tint(c: &str) -> String {
    let v =
        |s: &str, i: usize| u32::from_str_radix(s.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0);
    let mix = |i| (v(c, i) * 35 + v(LAND, i) * 65) / 100;
    format!("#{:02x}{:02x}{:02x}", mix(1), mix(3), mix(5))
}

fn regions(b: &mut String, scene: &Scene, l: &Layout) {
    let _ = writeln!(
        b,
        "<rect class=\"sea\" width=\"{}\" height=\"{}\" fill=\"{SEA}\"/>",
        n(l.width),
        n(l.height)
    );
    for (poly, sea) in &l.fillers {
        let fill = if *sea { SEA } else { LAND };
        let _ = writeln!(b, "<path class=\"filler\" d=\"{}\" fill=\"{fill}\" stroke=\"{fill}\" stroke-width=\"0.6\"/>", path_of(poly.iter().copied()));
    }
    let (sea, land): (Vec<_>, Vec<_>) = l.cells.iter().partition(|c| c.land.is_none());
    cells(b, scene, l, &sea);
    for poly in &l.lands {
        let _ = writeln!(
            b,
            "<path class=\"land\" d=\"{}\" fill=\"{LAND}\"/>",
            path_of(poly.iter().copied())
        );
    }
    cells(b, scene, l, &land);
    for (p, shape) in &l.shapes {
        let _ = writeln!(b, "<path class=\"region\" data-province=\"{}\" d=\"{}\" fill=\"{}\" stroke=\"{BORDER}\"/>", esc(&scene.map.provinces()[*p].name), path_of(shape.iter().copied()), fill_of(scene, *p));
    }
    for poly in &l.lands {
        let _ = writeln!(b, "<path class=\"coastline\" d=\"{}\" fill=\"none\" stroke=\"{COAST}\" stroke-width=\"1.3\"/>", path_of(poly.iter().copied()));
    }
}

fn cells(b: &mut String, scene: &Scene, l: &Layout, list: &[&crate::layout::Cell]) {
    for c in list {
        let fill = fill_of(scene, c.province);
        let name = esc(&scene.map.provinces()[c.province].name);
        let d = path_of(c.poly.iter().map(|v| v.0));
        // Sea cells are stroked in their own colour to hide seams; a land cell is not, because
        // clipping a concave land mass leaves zero-width slivers along the cut across the water.
        let stroke = if c.land.is_none() {
            fill.as_str()
        } else {
            "none"
        };
        let _ = writeln!(b, "<path class=\"region\" data-province=\"{name}\" d=\"{d}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"0.6\"/>");
    }
    let mut d = String::new();
    let mut sea_d = String::new();
    let sea_cell = |p: usize| {
        scene
            .map
            .provinces()
            .get(p)
            .is_some_and(|p| p.terrain == Terrain::Sea)
    };
    for c in list {
        for i in 0..c.poly.len() {
            let ((a, e), (bb, _)) = (c.poly[i], c.poly[(i + 1) % c.poly.len()]);
            if is_border(l, c, e, a, bb) {
                // Without land masses, a border between two seas is drawn in the sea's colour.
                let other = match e {
                    crate::geom::Edge::Seed(j) => l.seed_province.get(j).copied(),
                    crate::geom::Edge::Outer => None,
                };
                let seas =
                    l.coasts_from_cells && sea_cell(c.province) && other.is_some_and(sea_cell);
                // ... and one between a sea and a land is the land's coastline, drawn from
                // the land's side (the sea's side runs on into open water).
                if l.coasts_from_cells && sea_cell(c.province) && !seas {
                    continue;
                }
                let _ = write!(
                    if seas { &mut sea_d } else { &mut d },
                    "M{}L{}",
                    pt(a),
                    pt(bb)
                );
            }
        }
    }
    if !sea_d.is_empty() {
        let _ = writeln!(b, "<path class=\"borders\" d=\"{sea_d}\" fill=\"none\" stroke=\"{SEA_BORDER}\" stroke-width=\"0.9\"/>");
    }
    let sea = !l.lands.is_empty() && list.iter().all(|c| c.land.is_none());
    let stroke = if sea { SEA_BORDER } else { BORDER };
    let _ = writeln!(b, "<path class=\"borders\" d=\"{d}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"0.9\"/>");
    if l.coasts_from_cells {
        let d = cell_coasts(scene, l, list);
        let _ = writeln!(b, "<path class=\"coastline\" d=\"{d}\" fill=\"none\" stroke=\"{COAST}\" stroke-width=\"1.3\"/>");
    }
}

/// Coastlines drawn from the cells (the automatic layout): where a land cell meets a sea cell,
/// and round a land cell's outer edge (where it meets the open water round the map).
fn cell_coasts(scene: &Scene, l: &Layout, list: &[&crate::layout::Cell]) -> String {
    let provinces = scene.map.provinces();
    let sea = |p: usize| provinces.get(p).is_some_and(|p| p.terrain == Terrain::Sea);
    let mut d = String::new();
    for c in list.iter().filter(|c| !sea(c.province)) {
        for i in 0..c.poly.len() {
            let ((a, e), (bb, _)) = (c.poly[i], c.poly[(i + 1) % c.poly.len()]);
            let coast = match e {
                crate::geom::Edge::Outer => true,
                crate::geom::Edge::Seed(j) => l
                    .seed_province
                    .get(j)
                    .is_some_and(|&q| sea(q) || q == crate::auto::VOID_SEA),
            };
            if coast {
                let _ = write!(d, "M{}L{}", pt(a), pt(bb));
            }
        }
    }
    d
}

/// The labels' font size.
pub(crate) fn label_size(l: &Layout) -> f64 {
    (l.unit * 1.05).clamp(6.0, 11.0)
}

fn labels(b: &mut String, map: &Map, l: &Layout, blockers: &[Blocker]) {
    let size = label_size(l);
    let names: Vec<String> = map
        .provinces()
        .iter()
        .map(|p| p.name.to_uppercase())
        .collect();
    let sizes = crate::labels::sizes(l, size);
    let placed = crate::labels::place(&names, l, blockers, &sizes, size);
    let _ = writeln!(
        b,
        "<g class=\"labels\" font-size=\"{}\" text-anchor=\"middle\" fill=\"#3b3326\">",
        n(size)
    );
    for ((i, p), name) in map.provinces().iter().enumerate().zip(&names) {
        let crate::labels::Label {
            at,
            size: own,
            leader,
        } = placed[i];
        if let Some(line) = leader {
            leader_line(b, line);
        }
        let mut style = if p.terrain == Terrain::Sea {
            " font-style=\"italic\" fill=\"#2d5470\"".to_string()
        } else {
            String::new()
        };
        if (own - size).abs() > 0.05 {
            style.push_str(&format!(" font-size=\"{}\"", n(own)));
        }
        let _ = writeln!(
            b,
            "<text class=\"label\" id=\"label-{i}\" x=\"{}\" y=\"{}\"{style}>{}</text>",
            n(at[0]),
            n(at[1] + own * 0.35),
            esc(name)
        );
    }
    b.push_str("</g>\n");
}

/// A name's leader line, from its box to its province (`[from, to]`), with a small dot there.
fn leader_line(b: &mut String, [from, to]: [[f64; 2]; 2]) {
    let _ = writeln!(
        b,
        "<line class=\"leader\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#3b3326\" stroke-width=\"0.6\"/><circle class=\"leader\" cx=\"{}\" cy=\"{}\" r=\"1.2\" fill=\"#3b3326\"/>",
        n(from[0]),
        n(from[1]),
        n(to[0]),
        n(to[1]),
        n(to[0]),
        n(to[1])
    );
}

/// What the units, dislodged units and centre dots cover, for placing labels.
fn unit_blockers(scene: &Scene, l: &Layout) -> Vec<Blocker> {
    let mut out: Vec<Blocker> = scene
        .position
        .units
        .iter()
        .map(|u| Blocker::Disc(l.anchor(u.location), l.unit * 1.4 + 1.0))
        .collect();
    if scene.position.phase.kind == PhaseKind::Retreat {
        for d in &scene.position.dislodged {
            out.push(Blocker::Disc(dislodged_at(l, &d.unit), l.unit * 1.6 + 1.0));
        }
    }
    let r = (l.unit * 0.42).max(2.0) + 0.5;
    let centres = scene.map.provinces().iter().enumerate();
    out.extend(
        centres
            .filter(|(_, p)| p.supply_centre)
            .map(|(i, _)| Blocker::Disc(centre_spot(l, i), r)),
    );
    out
}

/// Where a province's supply-centre dot goes: beside its unit anchor.
pub(crate) fn centre_spot(l: &Layout, p: usize) -> Pt {
    let a = l.at.get(p).copied().unwrap_or([0.0, 0.0]);
    [a[0] + l.unit * 1.35, a[1] - l.unit * 1.0]
}

fn centres(b: &mut String, scene: &Scene, l: &Layout) {
    let r = (l.unit * 0.42).max(2.0);
    for (i, p) in scene
        .map
        .provinces()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.supply_centre)
    {
        let owner = scene.position.owners.get(i).copied().flatten();
        let (fill, name) = match owner {
            Some(o) => (
                colour(scene.map, o),
                esc(scene
                    .map
                    .powers()
                    .get(o.index())
                    .map_or("", |p| p.name.as_str())),
            ),
            None => ("#ffffff", String::new()),
        };
        let c = centre_spot(l, i);
        let _ = writeln!(b, "<circle class=\"centre\" data-province=\"{}\" data-owner=\"{name}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"#222\" stroke-width=\"1\"/>", esc(&p.name), n(c[0]), n(c[1]), n(r));
    }
}

/// Draws one unit symbol: an army is a circle, a fleet a boat; the letter inside.
pub(crate) fn unit_symbol(
    b: &mut String,
    map: &Map,
    u: &Unit,
    at: Pt,
    r: f64,
    class: &str,
    extra: &str,
) {
    let fill = colour(map, u.power);
    let (x, y) = (at[0], at[1]);
    let _ = write!(
        b,
        "<g class=\"{class}\" data-power=\"{}\" data-unit=\"{}\" data-at=\"{}\"{extra}>",
        esc(map
            .powers()
            .get(u.power.index())
            .map_or("", |p| p.name.as_str())),
        esc(&u.short(map)),
        pt(at)
    );
    match u.kind {
        UnitKind::Army => {
            let _ = write!(b, "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"#111\" stroke-width=\"1.2\"/>", n(x), n(y), n(r));
        }
        UnitKind::Fleet => {
            let d = format!(
                "M{},{}L{},{}L{},{}L{},{}Z",
                n(x - r * 1.25),
                n(y - r * 0.55),
                n(x + r * 1.25),
                n(y - r * 0.55),
                n(x + r * 0.8),
                n(y + r * 0.8),
                n(x - r * 0.8),
                n(y + r * 0.8)
            );
            let _ = write!(
                b,
                "<path d=\"{d}\" fill=\"{fill}\" stroke=\"#111\" stroke-width=\"1.2\"/>"
            );
        }
    }
    let letter = tag(map, u.power).unwrap_or_else(|| u.kind.letter().to_string());
    let size = r * [1.1, 1.1, 0.85, 0.65][letter.chars().count().min(3)];
    let _ = writeln!(b, "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text></g>", n(x), n(y + size * 0.36), n(size), ink(fill), esc(&letter));
}

/// Where a dislodged unit is drawn: offset from its province's anchor.
pub(crate) fn dislodged_at(l: &Layout, u: &Unit) -> Pt {
    let a = l.anchor(u.location);
    [a[0] + l.unit * 1.3, a[1] - l.unit * 1.3]
}

fn units(b: &mut String, scene: &Scene, l: &Layout) {
    for u in &scene.position.units {
        unit_symbol(b, scene.map, u, l.anchor(u.location), l.unit, "unit", "");
    }
    if scene.position.phase.kind == PhaseKind::Retreat {
        for d in &scene.position.dislodged {
            let at = dislodged_at(l, &d.unit);
            let _ = writeln!(b, "<circle class=\"dislodged-ring\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\"/>", n(at[0]), n(at[1]), n(l.unit * 1.6));
            unit_symbol(b, scene.map, &d.unit, at, l.unit, "unit dislodged", "");
        }
    }
}
