//! The land masses of the automatic layout as polygons, for `diplo map draw` to write
//! (`[[drawing.land]]`), so that the written map's pictures keep the coastline the automatic
//! layout draws. The land (land provinces' regions and land faces) is sampled on a grid, each
//! connected piece's outline traced along the grid, and the staircase smoothed to a polygon.

use std::collections::BTreeMap;

use diplo_map::{Map, Terrain};

use crate::geom::{inside, Pt};
use crate::layout::Layout;

/// Grid cells along the picture's longer side.
const STEPS: f64 = 300.0;
/// How far (in grid cells) a smoothed outline may stray from the traced one.
const TOLERANCE: f64 = 1.1;

/// Which grid cells are land: `land[row][col]`.
fn sample(map: &Map, l: &Layout, step: f64, cols: usize, rows: usize) -> Vec<Vec<bool>> {
    let mut land = vec![vec![false; cols]; rows];
    let is_land = |p: usize| {
        map.provinces()
            .get(p)
            .is_some_and(|p| p.terrain != Terrain::Sea)
    };
    let polys = l
        .cells
        .iter()
        .filter(|c| is_land(c.province))
        .map(|c| c.poly.iter().map(|v| v.0).collect::<Vec<Pt>>())
        .chain(l.fillers.iter().filter(|f| !f.1).map(|f| f.0.clone()));
    for poly in polys {
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for p in &poly {
            (x0, y0, x1, y1) = (x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1]));
        }
        let cell = |v: f64, n: usize| ((v / step).floor().max(0.0) as usize).min(n);
        for (r, row) in land
            .iter_mut()
            .enumerate()
            .take(cell(y1, rows - 1) + 1)
            .skip(cell(y0, rows))
        {
            for (c, here) in row
                .iter_mut()
                .enumerate()
                .take(cell(x1, cols - 1) + 1)
                .skip(cell(x0, cols))
            {
                let centre = [(c as f64 + 0.5) * step, (r as f64 + 0.5) * step];
                *here = *here || inside(centre, &poly);
            }
        }
    }
    land
}

/// The outlines of the land cells, grid corners `(col, row)`, land on the right going round
/// (clockwise on the picture, y down); a lake's outline goes the other way.
fn trace(land: &[Vec<bool>]) -> Vec<Vec<(i64, i64)>> {
    let at = |r: i64, c: i64| {
        r >= 0 && c >= 0 && land.get(r as usize).and_then(|x| x.get(c as usize)) == Some(&true)
    };
    // Each land cell's sides facing water, as directed edges between corners.
    let mut next: BTreeMap<(i64, i64), Vec<(i64, i64)>> = BTreeMap::new();
    for (r, row) in land.iter().enumerate() {
        for (c, _) in row.iter().enumerate().filter(|(_, v)| **v) {
            let (r, c) = (r as i64, c as i64);
            let sides = [
                (!at(r - 1, c), (c, r), (c + 1, r)),
                (!at(r, c + 1), (c + 1, r), (c + 1, r + 1)),
                (!at(r + 1, c), (c + 1, r + 1), (c, r + 1)),
                (!at(r, c - 1), (c, r + 1), (c, r)),
            ];
            for (open, a, b) in sides {
                if open {
                    next.entry(a).or_default().push(b);
                }
            }
        }
    }
    let mut loops = Vec::new();
    while let Some((&start, _)) = next.iter().find(|(_, v)| !v.is_empty()) {
        let mut ring = vec![start];
        let mut here = start;
        while let Some(to) = next.get_mut(&here).and_then(Vec::pop) {
            here = to;
            if here == start {
                break;
            }
            ring.push(here);
        }
        loops.push(ring);
    }
    loops
}

/// Twice the signed area of a ring (positive: clockwise on the picture, y down).
fn area2(ring: &[Pt]) -> f64 {
    (0..ring.len())
        .map(|i| {
            let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum()
}

/// The points of `pts` (an open run) that keep it within `tol` (Douglas–Peucker).
fn simplify(pts: &[Pt], tol: f64, out: &mut Vec<Pt>) {
    let (Some(&a), Some(&b)) = (pts.first(), pts.last()) else {
        return;
    };
    let len = (b[0] - a[0]).hypot(b[1] - a[1]).max(1e-9);
    let far = pts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            (
                i,
                ((p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0])).abs() / len,
            )
        })
        .max_by(|x, y| x.1.total_cmp(&y.1));
    match far {
        Some((i, d)) if d > tol && i > 0 && i + 1 < pts.len() => {
            simplify(&pts[..=i], tol, out);
            out.pop();
            simplify(&pts[i..], tol, out);
        }
        _ => out.extend([a, b]),
    }
}

/// The land masses of an automatic layout, each a polygon in picture pixels; lakes are not
/// kept (a land mass has no holes), nor a piece smaller than four grid cells.
pub(crate) fn land_outlines(map: &Map, l: &Layout) -> Vec<Vec<Pt>> {
    let step = l.width.max(l.height) / STEPS;
    if step <= 0.0 || !step.is_finite() {
        return Vec::new();
    }
    let (cols, rows) = (
        (l.width / step).ceil() as usize,
        (l.height / step).ceil() as usize,
    );
    let land = sample(map, l, step, cols.max(1), rows.max(1));
    let mut out = Vec::new();
    for ring in trace(&land) {
        let pts: Vec<Pt> = ring
            .iter()
            .map(|&(c, r)| [c as f64 * step, r as f64 * step])
            .collect();
        // Clockwise (y down) with land on the right: an outer outline; a lake goes the other way.
        if area2(&pts) <= 4.0 * step * step * 2.0 {
            continue;
        }
        // Two runs: from the first corner to the one farthest from it, and back.
        let d = |p: &Pt| (p[0] - pts[0][0]).hypot(p[1] - pts[0][1]);
        let far = (0..pts.len()).max_by(|&i, &j| d(&pts[i]).total_cmp(&d(&pts[j])));
        let far = far.unwrap_or(0);
        let mut back = pts[far..].to_vec();
        back.push(pts[0]);
        let mut smooth = Vec::new();
        simplify(&pts[..=far], TOLERANCE * step, &mut smooth);
        smooth.pop();
        simplify(&back, TOLERANCE * step, &mut smooth);
        smooth.pop();
        let smooth: Vec<Pt> = smooth
            .into_iter()
            .map(|p| [p[0].clamp(0.0, l.width), p[1].clamp(0.0, l.height)])
            .collect();
        if smooth.len() >= 3 {
            out.push(smooth);
        }
    }
    out
}
