//! A map's special rules, drawn over its regions, each with a legend entry: ice (a hatched
//! province, its seasons in the legend), impassable provinces (hatched grey), convoyable coasts
//! (a blue dashed outline), crossings with properties (difficult, half-strength, closed in some
//! seasons, one-way: `crossings`, along the provinces' shared border), railroads (a
//! railway line through their provinces) and canals (a blue channel through their province).

use std::fmt::Write;

use diplo_map::{Map, ProvinceId, Season, Terrain};

use crate::geom::Pt;
use crate::labels::Blocker;
use crate::layout::Layout;
use crate::svg::{esc, n, pt};

/// One legend entry: a sample drawn in a box 28 wide centred on the text's middle height, and
/// its text.
pub(crate) struct Entry {
    /// SVG drawn with its origin at the sample's left middle.
    pub sample: String,
    /// What it means.
    pub text: String,
    /// Where it applies (anchors), so that a zoomed picture lists only what it shows.
    pub at: Vec<Pt>,
}

/// How a kind of crossing is stroked: colour, width, dash.
pub(crate) struct Stroke(pub &'static str, pub f64, pub &'static str);

const CANAL: &str = "#1f6fb2";
const CONVOYABLE: &str = "#2d6fa8";

/// The patterns the hatched fills use (once per picture).
pub(crate) fn defs(b: &mut String) {
    b.push_str("<defs><pattern id=\"diplo-ice\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"8\" height=\"8\" fill=\"#eef7fc\" fill-opacity=\"0.55\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"white\" stroke-width=\"3\"/></pattern><pattern id=\"diplo-impassable\" width=\"7\" height=\"7\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(-45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"7\" stroke=\"#6f6f6f\" stroke-width=\"1.5\"/></pattern></defs>\n");
}

/// Draws the map's special rules; answers what they cover (for labels) and their legend
/// entries, in the order drawn.
pub(crate) fn draw(b: &mut String, map: &Map, l: &Layout) -> (Vec<Blocker>, Vec<Entry>) {
    let mut blockers = Vec::new();
    let mut entries = Vec::new();
    b.push_str("<g class=\"special-rules\">\n");
    provinces(b, map, l, &mut entries);
    crate::crossings::crossings(b, map, l, &mut blockers, &mut entries);
    railroads(b, map, l, &mut blockers, &mut entries);
    canals(b, map, l, &mut blockers, &mut entries);
    b.push_str("</g>\n");
    (blockers, entries)
}

/// The outline of a province's region, as one path.
fn outline(l: &Layout, p: usize) -> String {
    let mut d = String::new();
    let cells = l.cells.iter().filter(|c| c.province == p);
    for poly in cells.map(|c| c.poly.iter().map(|v| v.0).collect::<Vec<_>>()) {
        d.push_str(&crate::svg::path_of(poly.into_iter()));
    }
    for (_, s) in l.shapes.iter().filter(|(q, _)| *q == p) {
        d.push_str(&crate::svg::path_of(s.iter().copied()));
    }
    d
}

pub(crate) fn seasons(map: &Map, list: &[Season]) -> String {
    let names: Vec<&str> = list.iter().map(|s| map.season_name(*s)).collect();
    names.join(", ")
}

pub(crate) fn short(map: &Map, p: ProvinceId) -> String {
    map.province(p).name.to_uppercase()
}

/// Ice, impassable provinces and convoyable coasts.
fn provinces(b: &mut String, map: &Map, l: &Layout, entries: &mut Vec<Entry>) {
    let (mut ice, mut impassable, mut convoyable) = (Vec::new(), false, Vec::new());
    let mut at: [Vec<Pt>; 3] = Default::default();
    for (i, p) in map.provinces().iter().enumerate() {
        let d = outline(l, i);
        let here = l.at(ProvinceId(i as u32));
        if !p.closed.is_empty() {
            let _ = writeln!(b, "<path class=\"ice\" data-province=\"{}\" d=\"{d}\" fill=\"url(#diplo-ice)\" stroke=\"#9cc9e4\" stroke-width=\"1.5\"/>", esc(&p.name));
            at[0].push(here);
            ice.push(format!(
                "{} in {}",
                short(map, ProvinceId(i as u32)),
                seasons(map, &p.closed)
            ));
        }
        if p.terrain == Terrain::Impassable {
            impassable = true;
            at[1].push(here);
            let _ = writeln!(b, "<path class=\"impassable\" data-province=\"{}\" d=\"{d}\" fill=\"url(#diplo-impassable)\"/>", esc(&p.name));
        }
        if p.convoyable {
            let _ = writeln!(b, "<path class=\"convoyable\" data-province=\"{}\" d=\"{d}\" fill=\"none\" stroke=\"{CONVOYABLE}\" stroke-width=\"2.2\" stroke-dasharray=\"5,3\"/>", esc(&p.name));
            at[2].push(here);
            convoyable.push(short(map, ProvinceId(i as u32)));
        }
    }
    let swatch = |fill: &str, stroke: &str| {
        format!("<rect x=\"4\" y=\"-7\" width=\"20\" height=\"14\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.5\"/>")
    };
    if !ice.is_empty() {
        entries.push(Entry {
            sample: format!(
                "<rect x=\"4\" y=\"-7\" width=\"20\" height=\"14\" fill=\"#bcd7ea\"/>{}",
                swatch("url(#diplo-ice)", "#9cc9e4")
            ),
            text: format!("ice, closed: {}", ice.join("; ")),
            at: std::mem::take(&mut at[0]),
        });
    }
    if impassable {
        entries.push(Entry {
            sample: format!(
                "<rect x=\"4\" y=\"-7\" width=\"20\" height=\"14\" fill=\"#9a9a9a\"/>{}",
                swatch("url(#diplo-impassable)", "#8a7f6a")
            ),
            text: "impassable".into(),
            at: std::mem::take(&mut at[1]),
        });
    }
    if !convoyable.is_empty() {
        entries.push(Entry {
            sample: format!("<rect x=\"4\" y=\"-7\" width=\"20\" height=\"14\" fill=\"#efe6cf\" stroke=\"{CONVOYABLE}\" stroke-width=\"2.2\" stroke-dasharray=\"5,3\"/>"),
            text: format!("convoyable coast: {}", convoyable.join(", ")),
            at: std::mem::take(&mut at[2]),
        });
    }
}

pub(crate) fn stroke_line(b: &mut String, class: &str, a: Pt, e: Pt, s: &Stroke, extra: &str) {
    let dash = if s.2.is_empty() {
        String::new()
    } else {
        format!(" stroke-dasharray=\"{}\"", s.2)
    };
    let _ = write!(b, "<line class=\"{class}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"{dash}{extra}/>", n(a[0]), n(a[1]), n(e[0]), n(e[1]), s.0, n(s.1));
}

/// An arrowhead at `e`, pointing from `a`.
pub(crate) fn head(b: &mut String, a: Pt, e: Pt, c: &str) {
    let (dx, dy) = (e[0] - a[0], e[1] - a[1]);
    let len = dx.hypot(dy).max(1e-9);
    let u = [dx / len, dy / len];
    let h = 9.0;
    let base = [e[0] - u[0] * h, e[1] - u[1] * h];
    let l1 = [base[0] - u[1] * h * 0.5, base[1] + u[0] * h * 0.5];
    let l2 = [base[0] + u[1] * h * 0.5, base[1] - u[0] * h * 0.5];
    let _ = write!(
        b,
        "<path d=\"M{}L{}L{}Z\" fill=\"{c}\"/>",
        pt(e),
        pt(l1),
        pt(l2)
    );
}

/// Railroads: a black line with white ties through their provinces' anchors.
fn railroads(
    b: &mut String,
    map: &Map,
    l: &Layout,
    blockers: &mut Vec<Blocker>,
    entries: &mut Vec<Entry>,
) {
    for r in map.railroads() {
        let points: Vec<Pt> = r.provinces.iter().map(|&p| l.at(p)).collect();
        let mut d = String::new();
        for (i, p) in points.iter().enumerate() {
            let _ = write!(d, "{}{}", if i == 0 { "M" } else { "L" }, pt(*p));
        }
        let _ = writeln!(b, "<g class=\"railroad\" data-name=\"{}\"><path d=\"{d}\" fill=\"none\" stroke=\"#222\" stroke-width=\"4\" stroke-linejoin=\"round\"/><path d=\"{d}\" fill=\"none\" stroke=\"white\" stroke-width=\"2\" stroke-dasharray=\"5,5\"/></g>", esc(&r.name));
        for w in points.windows(2) {
            blockers.push(Blocker::Line(w[0], w[1], 3.0));
        }
        let powers: Vec<&str> = r
            .powers
            .iter()
            .map(|p| map.power(*p).name.as_str())
            .collect();
        entries.push(Entry {
            sample: "<line x1=\"2\" y1=\"0\" x2=\"26\" y2=\"0\" stroke=\"#222\" stroke-width=\"4\"/><line x1=\"2\" y1=\"0\" x2=\"26\" y2=\"0\" stroke=\"white\" stroke-width=\"2\" stroke-dasharray=\"5,5\"/>".into(),
            text: format!("railroad {} ({}), for {}", r.name, r.full_name, powers.join(", ")),
            at: points.clone(),
        });
    }
}

/// Canals: a blue channel from the canal's province towards each of its seas.
fn canals(
    b: &mut String,
    map: &Map,
    l: &Layout,
    blockers: &mut Vec<Blocker>,
    entries: &mut Vec<Entry>,
) {
    for c in map.canals() {
        let at = l.at(c.province);
        let reach = l.unit * 4.0;
        let toward = |s: ProvinceId| {
            let q = l.at(s);
            let (dx, dy) = (q[0] - at[0], q[1] - at[1]);
            let len = dx.hypot(dy).max(1e-9);
            let k = reach.min(len) / len;
            [at[0] + dx * k, at[1] + dy * k]
        };
        let (a, e) = (toward(c.seas[0]), toward(c.seas[1]));
        let d = format!("M{}L{}L{}", pt(a), pt(at), pt(e));
        let _ = writeln!(b, "<path class=\"canal\" data-province=\"{}\" d=\"{d}\" fill=\"none\" stroke=\"{CANAL}\" stroke-width=\"4\" stroke-linecap=\"round\" stroke-linejoin=\"round\" stroke-opacity=\"0.8\"/>", esc(&map.province(c.province).name));
        blockers.push(Blocker::Line(a, at, 3.0));
        blockers.push(Blocker::Line(at, e, 3.0));
        entries.push(Entry {
            sample: format!("<line x1=\"2\" y1=\"0\" x2=\"26\" y2=\"0\" stroke=\"{CANAL}\" stroke-width=\"4\" stroke-linecap=\"round\"/>"),
            text: format!(
                "canal {}: fleets between {} and {} by leave of its occupant",
                short(map, c.province),
                short(map, c.seas[0]),
                short(map, c.seas[1])
            ),
            at: vec![a, at, e],
        });
    }
}
