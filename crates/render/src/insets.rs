//! Zoomed insets: on a crowded map (one drawn on an enlarged canvas), the densest regions (where province names had to shrink
//! below a comfortable size because the units stand close together) drawn again, enlarged,
//! below the map, each outlined and numbered on the map where it belongs.

use std::fmt::Write;

use crate::geom::Pt;
use crate::layout::{Layout, MAP_SIZE};
use crate::panels::View;
use crate::svg::n;

/// A name smaller than this (pixels) is crowded.
const CROWDED: f64 = 10.0;
/// Fewer crowded names than this in a region: no inset for it.
const AT_LEAST: usize = 4;
/// Only a map drawn on a canvas enlarged at least this much for its crowding gets insets.
const ENLARGED: f64 = 1.2;
/// At most this many insets.
const MOST: usize = 2;
/// The smallest name in an inset is enlarged to about this size (pixels).
const READABLE: f64 = 13.0;
/// An inset is enlarged at most this much.
const MOST_SCALE: f64 = 2.2;
/// Space round and between insets.
const GAP: f64 = 24.0;
/// Height of an inset's caption.
const CAPTION: f64 = 22.0;
const FRAME: &str = "#5a4a8a";

/// An inset: the part of the map it shows, enlarged, and where it sits below the map.
pub(crate) struct Inset {
    pub view: View,
    /// Its top left corner in the picture.
    pub at: Pt,
}

/// The crowded provinces' anchors: those whose names are smaller than [`CROWDED`].
fn crowded(l: &Layout, sizes: &[f64]) -> Vec<Pt> {
    l.at.iter()
        .zip(sizes)
        .filter(|(_, s)| **s < CROWDED)
        .map(|(p, _)| *p)
        .collect()
}

/// The box round the most crowded anchors within a window a quarter of the map's longer side
/// across, with a margin; answers it and the anchors it holds.
fn densest(points: &[Pt], l: &Layout) -> Option<([f64; 4], Vec<usize>)> {
    let half = l.width.max(l.height) / 8.0;
    let near = |c: Pt| -> Vec<usize> {
        (0..points.len())
            .filter(|&j| (points[j][0] - c[0]).abs() <= half && (points[j][1] - c[1]).abs() <= half)
            .collect()
    };
    let mut best = points.iter().map(|&c| near(c)).max_by_key(Vec::len)?;
    if best.len() < AT_LEAST {
        return None;
    }
    // Grown to take in the crowded provinces next to it, so that a crowded stretch is not cut.
    let bounds = |held: &[usize]| {
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for &j in held {
            let p = points[j];
            (x0, y0, x1, y1) = (x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1]));
        }
        (x0, y0, x1, y1)
    };
    // (one at a time, the box never more than `3 * half` a side).
    let cap = 3.0 * half;
    loop {
        let (x0, y0, x1, y1) = bounds(&best);
        let reach = half / 2.0;
        let next = (0..points.len()).filter(|j| !best.contains(j)).find(|&j| {
            let p = points[j];
            let near = p[0] >= x0 - reach
                && p[0] <= x1 + reach
                && p[1] >= y0 - reach
                && p[1] <= y1 + reach;
            near && x1.max(p[0]) - x0.min(p[0]) <= cap && y1.max(p[1]) - y0.min(p[1]) <= cap
        });
        match next {
            Some(j) => best.push(j),
            None => break,
        }
    }
    let (x0, y0, x1, y1) = bounds(&best);
    // Room round them for their neighbours, so that the inset reads as a piece of the map.
    let margin = (l.unit * 6.0 + 60.0).max(0.2 * (x1 - x0).max(y1 - y0));
    let (x0, y0) = ((x0 - margin).max(0.0), (y0 - margin).max(0.0));
    let (x1, y1) = ((x1 + margin).min(l.width), (y1 + margin).min(l.height));
    Some(([x0, y0, x1 - x0, y1 - y0], best))
}

/// The insets of a whole-map picture `l` whose names have `sizes`, placed in a row below the
/// map (its top at `top`), enlarged [`MOST_SCALE`] times, or more where their smallest names
/// need it to read at [`READABLE`] pixels, as long as the row is no wider than the map; none
/// on a map that is not crowded (drawn on the usual canvas).
pub(crate) fn insets(l: &Layout, sizes: &[f64], top: f64) -> Vec<Inset> {
    if l.width.max(l.height) < MAP_SIZE * ENLARGED {
        return Vec::new();
    }
    let mut points = crowded(l, sizes);
    let smallest = sizes.iter().copied().fold(f64::MAX, f64::min);
    let mut boxes = Vec::new();
    while boxes.len() < MOST {
        let Some((b, held)) = densest(&points, l) else {
            break;
        };
        let meets = |o: &[f64; 4]| {
            b[0] < o[0] + o[2] && o[0] < b[0] + b[2] && b[1] < o[1] + o[3] && o[1] < b[1] + b[3]
        };
        if boxes.iter().any(meets) {
            break;
        }
        boxes.push(b);
        let inside =
            |p: &Pt| p[0] >= b[0] && p[0] <= b[0] + b[2] && p[1] >= b[1] && p[1] <= b[1] + b[3];
        points = (0..points.len())
            .filter(|j| !held.contains(j))
            .map(|j| points[j])
            .filter(|p| !inside(p))
            .collect();
    }
    if boxes.is_empty() {
        return Vec::new();
    }
    let wide: f64 = boxes.iter().map(|b| b[2]).sum();
    let room = l.width - GAP * (boxes.len() as f64 + 1.0);
    // As large as the row allows, up to [`MOST_SCALE`], but at least enough for the smallest names.
    let scale = (READABLE / smallest.max(1.0))
        .max(MOST_SCALE)
        .min(room / wide.max(1.0));
    if scale < 1.3 {
        return Vec::new();
    }
    let mut x = GAP;
    boxes
        .into_iter()
        .map(|b| {
            let inset = Inset {
                view: View {
                    x: b[0],
                    y: b[1],
                    w: b[2],
                    h: b[3],
                    scale,
                },
                at: [x, top + GAP + CAPTION],
            };
            x += b[2] * scale + GAP;
            inset
        })
        .collect()
}

/// The height the insets take below the map.
pub(crate) fn height(insets: &[Inset]) -> f64 {
    let tallest = insets
        .iter()
        .map(|i| i.view.h * i.view.scale)
        .fold(0.0, f64::max);
    if insets.is_empty() {
        0.0
    } else {
        GAP + CAPTION + tallest + GAP / 2.0
    }
}

/// Draws each inset below the map (the map's drawing `body` again, enlarged, its names given
/// ids of their own) and its numbered outline on the map.
pub(crate) fn draw(b: &mut String, body: &str, insets: &[Inset]) {
    let again = body.replace("id=\"label-", "id=\"inset-label-");
    for (k, i) in insets.iter().enumerate() {
        let v = &i.view;
        let _ = writeln!(
            b,
            "<g class=\"inset-frame\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{FRAME}\" stroke-width=\"2\" stroke-dasharray=\"8,4\"/><text x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\" fill=\"{FRAME}\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">{}</text></g>",
            n(v.x), n(v.y), n(v.w), n(v.h), n(v.x + 5.0), n(v.y + 16.0), k + 1
        );
        let (w, h) = (v.w * v.scale, v.h * v.scale);
        let _ = writeln!(
            b,
            "<g class=\"inset\"><text x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\" fill=\"{FRAME}\">{} (enlarged ×{:.1})</text><svg x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" viewBox=\"{} {} {} {}\">\n{again}</svg><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{FRAME}\" stroke-width=\"2\"/></g>",
            n(i.at[0]), n(i.at[1] - 7.0), k + 1, v.scale,
            n(i.at[0]), n(i.at[1]), n(w), n(h), n(v.x), n(v.y), n(v.w), n(v.h),
            n(i.at[0]), n(i.at[1]), n(w), n(h)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn insets_of(name: &str) -> (Layout, Vec<Inset>) {
        let map = diplo_map::Map::embedded(name).unwrap().unwrap();
        let l = Layout::new(&map);
        let sizes = crate::labels::sizes(&l, crate::svg::label_size(&l));
        let insets = insets(&l, &sizes, l.height);
        (l, insets)
    }

    #[test]
    fn a_crowded_map_gets_an_enlarged_inset_and_the_standard_map_none() {
        assert!(insets_of("standard").1.is_empty());
        for name in ["known_world_901", "youngstown", "world", "coldwar"] {
            let (l, insets) = insets_of(name);
            assert!(!insets.is_empty(), "{name}");
            let row: f64 = insets.iter().map(|i| i.view.w * i.view.scale).sum();
            assert!(row <= l.width, "{name}: the row is wider than the map");
            for i in &insets {
                let v = &i.view;
                assert!(v.scale >= 1.3, "{name}");
                assert!(v.x >= 0.0 && v.y >= 0.0, "{name}");
                assert!(
                    v.x + v.w <= l.width + 0.01 && v.y + v.h <= l.height + 0.01,
                    "{name}"
                );
                assert!(i.at[1] > l.height, "{name}: below the map");
            }
        }
    }
}
