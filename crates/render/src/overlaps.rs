//! Whether every province label of a picture reads: each label's box, measured with the real
//! font, against the shapes drawn over the map (units, centre dots, orders, marks, special
//! crossings, railroads, canals) and the other labels. The label-overlap tests of this crate
//! and of the workspace (imported corpus maps) share it.

use std::sync::Arc;

/// A box: left, top, right, bottom.
type Rect = [f64; 4];

/// A shape drawn over the map: its outline as segments, half its stroke, and whether it is
/// filled (a filled shape also covers its inside).
struct Shape {
    what: String,
    segments: Vec<([f64; 2], [f64; 2])>,
    half_stroke: f64,
    disc: Option<([f64; 2], f64)>,
}

fn num(n: roxmltree::Node, a: &str) -> f64 {
    n.attribute(a).and_then(|v| v.parse().ok()).unwrap_or(0.0)
}

fn path_points(d: &str) -> Vec<[f64; 2]> {
    let mut out = Vec::new();
    for part in d.split(['M', 'L', 'Z']).filter(|s| !s.trim().is_empty()) {
        let Some((x, y)) = part.trim().split_once(',') else {
            continue;
        };
        if let (Ok(x), Ok(y)) = (x.trim().parse(), y.trim().parse()) {
            out.push([x, y]);
        }
    }
    out
}

/// The covering shapes: every circle, line and path inside a unit, centre, order, automatic
/// action, retreat option, dislodged ring, special crossing, railroad or canal.
fn shapes(doc: &roxmltree::Document) -> Vec<Shape> {
    const COVERING: [&str; 10] = [
        "unit",
        "unit dislodged",
        "centre",
        "order",
        "automatic",
        "retreat-option",
        "dislodged-ring",
        "crossing",
        "railroad",
        "canal",
    ];
    let covered = |n: &roxmltree::Node| {
        n.ancestors()
            .any(|a| a.attribute("class").is_some_and(|c| COVERING.contains(&c)))
    };
    let mut out = Vec::new();
    for n in doc.descendants().filter(|n| n.is_element() && covered(n)) {
        let half_stroke = num(n, "stroke-width") / 2.0;
        let what = format!("{} {:?}", n.tag_name().name(), n.attribute("class"));
        let filled = n.attribute("fill").is_some_and(|f| f != "none");
        match n.tag_name().name() {
            "circle" => {
                let r = num(n, "r") + half_stroke;
                out.push(Shape {
                    what,
                    segments: Vec::new(),
                    half_stroke: 0.0,
                    disc: Some(([num(n, "cx"), num(n, "cy")], r)),
                });
            }
            "line" => out.push(Shape {
                what,
                segments: vec![([num(n, "x1"), num(n, "y1")], [num(n, "x2"), num(n, "y2")])],
                half_stroke,
                disc: None,
            }),
            "path" => {
                let d = n.attribute("d").unwrap_or("");
                let pts = path_points(d);
                let closed = d.contains('Z');
                let mut segments: Vec<_> = pts.windows(2).map(|w| (w[0], w[1])).collect();
                if closed && pts.len() > 2 {
                    segments.push((pts[pts.len() - 1], pts[0]));
                }
                if d.matches('M').count() > 1 {
                    // A cross: two separate strokes.
                    segments = d
                        .split('M')
                        .filter(|s| !s.is_empty())
                        .filter_map(|s| {
                            let p = path_points(&format!("M{s}"));
                            Some((*p.first()?, *p.get(1)?))
                        })
                        .collect();
                }
                let disc = (filled && closed).then(|| {
                    let c = pts
                        .iter()
                        .fold([0.0, 0.0], |a, p| [a[0] + p[0], a[1] + p[1]]);
                    let c = [c[0] / pts.len() as f64, c[1] / pts.len() as f64];
                    (c, 0.0)
                });
                out.push(Shape {
                    what,
                    segments,
                    half_stroke,
                    disc,
                });
            }
            _ => {}
        }
    }
    out
}

fn rect_point(r: &Rect, p: [f64; 2]) -> f64 {
    let dx = (r[0] - p[0]).max(p[0] - r[2]).max(0.0);
    let dy = (r[1] - p[1]).max(p[1] - r[3]).max(0.0);
    (dx * dx + dy * dy).sqrt()
}

fn seg_point(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let l2 = dx * dx + dy * dy;
    let t = if l2 == 0.0 {
        0.0
    } else {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2).clamp(0.0, 1.0)
    };
    ((p[0] - a[0] - t * dx).powi(2) + (p[1] - a[1] - t * dy).powi(2)).sqrt()
}

/// The distance between a box and a segment, by sampling the segment finely.
fn rect_segment(r: &Rect, a: [f64; 2], b: [f64; 2]) -> f64 {
    let corners = [[r[0], r[1]], [r[2], r[1]], [r[2], r[3]], [r[0], r[3]]];
    let steps = 64;
    let along = (0..=steps).map(|i| {
        let t = i as f64 / steps as f64;
        rect_point(r, [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t])
    });
    let corner = corners.iter().map(|&c| seg_point(c, a, b));
    along.chain(corner).fold(f64::MAX, f64::min)
}

fn covers(s: &Shape, r: &Rect) -> bool {
    let slack = 0.5;
    if let Some((c, rad)) = s.disc {
        if rad > 0.0 && rect_point(r, c) < rad - slack {
            return true;
        }
    }
    if s.disc.is_some_and(|(_, rad)| rad == 0.0) {
        // A filled polygon: a box corner inside it, or an edge crossing the box.
        let inside = |p: [f64; 2]| {
            let mut c = false;
            for (a, b) in &s.segments {
                if (a[1] > p[1]) != (b[1] > p[1])
                    && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0]
                {
                    c = !c;
                }
            }
            c
        };
        let mid = [(r[0] + r[2]) / 2.0, (r[1] + r[3]) / 2.0];
        if inside(mid) {
            return true;
        }
    }
    s.segments
        .iter()
        .any(|(a, b)| rect_segment(r, *a, *b) < s.half_stroke - slack)
}

/// Each label's box, measured by usvg: the ink of its glyphs in DejaVu Sans.
fn label_boxes(text: &str) -> Result<Vec<(String, Rect)>, String> {
    let mut db = resvg::usvg::fontdb::Database::new();
    db.load_font_data(dejavu::sans::regular().to_vec());
    db.load_font_data(dejavu::sans::bold().to_vec());
    let opts = resvg::usvg::Options {
        font_family: "DejaVu Sans".into(),
        fontdb: Arc::new(db),
        ..Default::default()
    };
    let tree = resvg::usvg::Tree::from_str(text, &opts).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    walk(tree.root(), &mut out);
    Ok(out)
}

fn walk(g: &resvg::usvg::Group, out: &mut Vec<(String, Rect)>) {
    for n in g.children() {
        match n {
            resvg::usvg::Node::Group(c) => walk(c, out),
            resvg::usvg::Node::Text(t) if t.id().starts_with("label-") => {
                let b = t.flattened().abs_bounding_box();
                let chunk = t.chunks().first().map_or("", |c| c.text());
                out.push((
                    chunk.to_string(),
                    [
                        b.left() as f64,
                        b.top() as f64,
                        b.right() as f64,
                        b.bottom() as f64,
                    ],
                ));
            }
            _ => {}
        }
    }
}

/// Every overlap in a picture `svg` wrote: a province label under a unit, centre dot, order
/// line, mark, special crossing, railroad or canal, or two labels over each other; one line
/// each (`PAR [x0, y0, x1, y1] under circle Some("unit")`). Empty when every label reads.
pub fn covered_labels(text: &str) -> Vec<String> {
    let Ok(doc) = roxmltree::Document::parse(text) else {
        return vec!["not an SVG document".to_string()];
    };
    let shapes = shapes(&doc);
    let boxes = match label_boxes(text) {
        Ok(b) => b,
        Err(e) => return vec![format!("the SVG does not read: {e}")],
    };
    let mut out = Vec::new();
    for (i, (name, r)) in boxes.iter().enumerate() {
        if let Some(s) = shapes.iter().find(|s| covers(s, r)) {
            out.push(format!("{name} {r:?} under {}", s.what));
        }
        for (other, q) in &boxes[..i] {
            if r[0] < q[2] - 0.5 && q[0] < r[2] - 0.5 && r[1] < q[3] - 0.5 && q[1] < r[3] - 0.5 {
                out.push(format!("{name} {r:?} over {other} {q:?}"));
            }
        }
    }
    out
}
