//! Several scenes in one picture (one per ruleset, `compare --render`): every panel shows the
//! same part of the map, zoomed to what the orders involve; panels sit at most three a row; the
//! whole picture is never wider than [`MAX_WIDTH`] pixels.

use crate::geom::Pt;
use crate::layout::Layout;
use crate::svg::{self, n, Panel};
use crate::Scene;

/// The widest picture `panels` makes, in pixels.
pub const MAX_WIDTH: f64 = 4000.0;
/// Panels in a row, at most.
const PER_ROW: usize = 3;
/// Space between panels.
const GAP: f64 = 16.0;
/// The longer side of a zoomed map, in pixels.
const ZOOMED: f64 = 900.0;
/// How much a zoomed map is magnified, at most.
const MAX_MAGNIFY: f64 = 2.0;
/// The smallest side of a zoomed view, in map pixels.
const MIN_SIDE: f64 = 320.0;

/// The part of the map a panel shows (map pixels) and the scale it is drawn at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct View {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    pub scale: f64,
}

/// `[lo, lo + len]` grown to at least `min` around its middle, kept inside `[0, max]`.
fn widen(lo: f64, len: f64, min: f64, max: f64) -> (f64, f64) {
    let len2 = len.max(min).min(max);
    let lo2 = (lo + len / 2.0 - len2 / 2.0).clamp(0.0, (max - len2).max(0.0));
    (lo2, len2)
}

/// The view around `points` on a map laid out as `l`: their box with a margin, at least
/// [`MIN_SIDE`] a side and no thinner than 1 to 2; `None` without points (the whole map).
pub(crate) fn view_of(points: &[Pt], l: &Layout) -> Option<View> {
    let first = points.first()?;
    let (mut x0, mut y0, mut x1, mut y1) = (first[0], first[1], first[0], first[1]);
    for p in points {
        (x0, y0, x1, y1) = (x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1]));
    }
    let margin = (l.unit * 5.0).max(60.0);
    let (w, h) = (x1 - x0 + 2.0 * margin, y1 - y0 + 2.0 * margin);
    let (x, w) = widen(x0 - margin, w, MIN_SIDE.max(h / 2.0), l.width);
    let (y, h) = widen(y0 - margin, h, MIN_SIDE.max(w / 2.0), l.height);
    let scale = (ZOOMED / w.max(h)).min(MAX_MAGNIFY);
    Some(View { x, y, w, h, scale })
}

/// Each scene's panel, zoomed to the provinces the scenes' orders involve (the same view in
/// every panel).
fn zoomed_parts(scenes: &[Scene]) -> Vec<Panel> {
    let Some(first) = scenes.first() else {
        return Vec::new();
    };
    let layout = Layout::new(first.map);
    let points: Vec<Pt> = scenes
        .iter()
        .flat_map(|s| crate::orders::involved(s, &layout))
        .collect();
    let view = view_of(&points, &layout);
    scenes
        .iter()
        .map(|s| svg::panel(s, view.as_ref()))
        .collect()
}

/// One situation adjudicated under one ruleset, as a comparison draws it: the map, the
/// position, the orders given, their results, and what the rules did without orders.
pub type Adjudicated<'m> = (
    &'m diplo_map::Map,
    diplo_engine::Position,
    Vec<(diplo_map::PowerId, diplo_orders::Order)>,
    Vec<diplo_engine::OrderResult>,
    Vec<diplo_engine::AutomaticAction>,
);

/// The scenes of a comparison (`compare --render`, the rules explorer's boards): one per
/// ruleset (`names`, in the order of `adjudicated`), titled `title`, with what differs from
/// the ruleset at `base` highlighted.
pub fn comparison<'a>(
    adjudicated: &'a [Adjudicated<'a>],
    names: &[&str],
    base: usize,
    title: &str,
) -> Vec<Scene<'a>> {
    let Some((_, _, _, base_results, base_automatic)) = adjudicated.get(base) else {
        return Vec::new();
    };
    (adjudicated.iter().zip(names))
        .map(|((m, pos, orders, results, automatic), name)| {
            let mut scene = Scene::new(m, pos, name)
                .with_results(orders, results)
                .with_automatic(automatic)
                .with_title(title);
            scene.highlight_differences(results, base_results, base_automatic);
            scene
        })
        .collect()
}

/// One SVG document per scene (one per ruleset, the rules explorer's boards), each zoomed to
/// the provinces the scenes' orders involve, all showing the same part of the map: the panels
/// [`panels`] puts side by side.
pub fn zoomed(scenes: &[Scene]) -> Vec<String> {
    zoomed_parts(scenes)
        .into_iter()
        .map(|p| svg::document(p.width, p.height, 1.0, &p.body))
        .collect()
}

/// Several scenes in one SVG document (one panel per ruleset): each zoomed to the provinces
/// the scenes' orders involve (the same view in every panel), at most three a row, the whole
/// scaled down when it would be wider than [`MAX_WIDTH`].
pub fn panels(scenes: &[Scene]) -> String {
    let parts = zoomed_parts(scenes);
    if parts.is_empty() {
        return svg::document(1.0, 1.0, 1.0, "");
    }
    let mut body = String::new();
    let (mut width, mut y) = (0.0f64, 0.0);
    for row in parts.chunks(PER_ROW) {
        let mut x = 0.0;
        for p in row {
            body.push_str(&format!(
                "<g class=\"panel\" transform=\"translate({},{})\">{}</g>\n",
                n(x),
                n(y),
                p.body
            ));
            x += p.width + GAP;
        }
        width = width.max(x - GAP);
        y += row.iter().map(|p| p.height).fold(0.0, f64::max) + GAP;
    }
    let height = (y - GAP).max(1.0);
    let shrink = (MAX_WIDTH / width.max(1.0)).min(1.0);
    svg::document(width.max(1.0), height, shrink, &body)
}
