//! Where everything goes: province regions (Voronoi cells), land masses, unit anchors, coast
//! anchors and labels, in pixels. From the map's drawing data when it has some, else from an
//! automatic, deterministic layout of its adjacency graph.

use diplo_map::drawing::{Drawing, Point};
use diplo_map::{Location, Map, ProvinceId, Terrain};

use crate::geom::{self, outer, Edge, Poly, Pt};
use crate::near::Near;

/// The longer side of the map area, in pixels.
pub(crate) const MAP_SIZE: f64 = 1200.0;

/// One Voronoi cell of a province's region.
pub(crate) struct Cell {
    /// The province (index).
    pub province: usize,
    /// The cell's outline; edges carry where they come from.
    pub poly: Poly,
    /// The land mass it was clipped to (`None`: the sea, or a map without land masses).
    pub land: Option<usize>,
}

/// A map laid out in pixels.
pub(crate) struct Layout {
    /// Size of the map area.
    pub width: f64,
    /// Size of the map area.
    pub height: f64,
    /// Land mass outlines.
    pub lands: Vec<Vec<Pt>>,
    /// Every cell, sea cells first.
    pub cells: Vec<Cell>,
    /// The province of each seed ([`Edge::Seed`] indices).
    pub seed_province: Vec<usize>,
    /// Explicit province outlines (`shape`).
    pub shapes: Vec<(usize, Vec<Pt>)>,
    /// Unit anchor per province.
    pub at: Vec<Pt>,
    /// Label place per province.
    pub label: Vec<Pt>,
    /// Fleet anchor per coast, per province.
    pub coasts: Vec<Vec<Pt>>,
    /// Radius of a unit symbol.
    pub unit: f64,
}

impl Layout {
    /// Lays out `map`.
    pub fn new(map: &Map) -> Layout {
        match map.drawing() {
            Some(d) if d.provinces.len() == map.provinces().len() => from_drawing(map, d),
            _ => automatic(map),
        }
    }

    /// Where a unit at `loc` is drawn.
    pub fn anchor(&self, loc: Location) -> Pt {
        let p = loc.province.index();
        let at = self.at.get(p).copied().unwrap_or([0.0, 0.0]);
        loc.coast
            .and_then(|c| self.coasts.get(p)?.get(usize::from(c)).copied())
            .unwrap_or(at)
    }

    /// Where a province's unit anchor is.
    pub fn at(&self, p: ProvinceId) -> Pt {
        self.at.get(p.index()).copied().unwrap_or([0.0, 0.0])
    }
}

fn unit_radius(width: f64, height: f64, n: usize) -> f64 {
    ((width * height / n.max(1) as f64).sqrt() * 0.18).clamp(3.0, 11.0)
}

/// The nearest distance between two unit anchors that a tenth of the provinces are closer
/// than a picture must leave at least, in pixels: a denser map is drawn on a larger canvas.
const CROWDED: f64 = 34.0;

/// The largest canvas growth for a crowded map.
const MAX_GROWTH: f64 = 2.75;

/// How much larger than [`MAP_SIZE`] a map whose anchors are `at` (in pixels at `MAP_SIZE`)
/// is drawn, so that a crowded region (Europe on a world map) stays readable.
fn growth(at: &[Pt]) -> f64 {
    if at.len() < 10 || at.len() > 4000 {
        return 1.0;
    }
    let mut nearest: Vec<f64> = at
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let others = at.iter().enumerate().filter(|(j, _)| *j != i);
            others
                .map(|(_, b)| (a[0] - b[0]).hypot(a[1] - b[1]))
                .fold(f64::MAX, f64::min)
        })
        .collect();
    nearest.sort_by(f64::total_cmp);
    let tenth = nearest[nearest.len() / 10].max(1e-3);
    (CROWDED / tenth).clamp(1.0, MAX_GROWTH)
}

fn from_drawing(map: &Map, d: &Drawing) -> Layout {
    let f = d.frame();
    let s = MAP_SIZE / (f[2] - f[0]).max(f[3] - f[1]).max(1e-9);
    let unscaled: Vec<Pt> = d
        .provinces
        .iter()
        .map(|p| {
            let q = d.project(p.at);
            [(q[0] - f[0]) * s, (q[1] - f[1]) * s]
        })
        .collect();
    let s = s * growth(&unscaled);
    let px = |p: Point| -> Pt {
        let q = d.project(p);
        [(q[0] - f[0]) * s, (q[1] - f[1]) * s]
    };
    let (width, height) = ((f[2] - f[0]) * s, (f[3] - f[1]) * s);
    let lands: Vec<Vec<Pt>> = d
        .lands
        .iter()
        .map(|l| l.points.iter().map(|&p| px(p)).collect())
        .collect();
    let mut seeds = Vec::new();
    let mut seed_province = Vec::new();
    let mut group: Vec<Option<Option<usize>>> = Vec::new();
    let mut shapes = Vec::new();
    for (i, (pd, prov)) in d.provinces.iter().zip(map.provinces()).enumerate() {
        if let Some(shape) = &pd.shape {
            shapes.push((i, shape.iter().map(|&p| px(p)).collect()));
            continue;
        }
        let g = match (prov.terrain, lands.is_empty()) {
            (_, true) => None,
            (Terrain::Sea, false) => Some(None),
            _ => Some(d.land_at(pd.at)),
        };
        for &p in std::iter::once(&pd.at).chain(&pd.seeds) {
            seeds.push(px(p));
            seed_province.push(i);
            group.push(g);
        }
    }
    let frame = outer(&[[0.0, 0.0], [width, 0.0], [width, height], [0.0, height]]);
    let cells = cells(&seeds, &seed_province, &group, &frame, &lands);
    let n = map.provinces().len();
    Layout {
        width,
        height,
        lands,
        cells,
        seed_province,
        shapes,
        at: d.provinces.iter().map(|p| px(p.at)).collect(),
        label: d.provinces.iter().map(|p| px(p.label)).collect(),
        coasts: d
            .provinces
            .iter()
            .map(|p| p.coasts.iter().map(|&c| px(c)).collect())
            .collect(),
        unit: unit_radius(width, height, n),
    }
}

/// Cells per group: `None` = everything over the frame (no land masses), `Some(None)` = the sea
/// over the frame, `Some(Some(k))` = land mass `k`; a land province on no land mass gets none.
fn cells(
    seeds: &[Pt],
    prov: &[usize],
    group: &[Option<Option<usize>>],
    frame: &Poly,
    lands: &[Vec<Pt>],
) -> Vec<Cell> {
    let mut keys: Vec<Option<Option<usize>>> = group.to_vec();
    keys.sort();
    keys.dedup();
    let mut out = Vec::new();
    for key in keys {
        let land = key.flatten();
        let start = match key {
            Some(Some(k)) => match lands.get(k) {
                Some(l) => outer(l),
                None => continue,
            },
            Some(None) | None => frame.clone(),
        };
        let among: Vec<usize> = (0..seeds.len()).filter(|&i| group[i] == key).collect();
        let near = Near::new(seeds, &among);
        for &i in &among {
            let poly = geom::cell(seeds, i, near.by_distance(seeds[i]), &start);
            if poly.len() >= 3 {
                out.push(Cell {
                    province: prov[i],
                    poly,
                    land,
                });
            }
        }
    }
    out
}

fn automatic(map: &Map) -> Layout {
    let mut pos = force_layout(map);
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    let linked: Vec<bool> = map
        .province_ids()
        .map(|p| !map.any_neighbours(p).is_empty())
        .collect();
    for p in pos.iter().zip(&linked).filter(|(_, l)| **l).map(|(p, _)| p) {
        (x0, y0, x1, y1) = (x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1]));
    }
    if x0 > x1 {
        (x0, y0, x1, y1) = (-1.0, -1.0, 1.0, 1.0);
    }
    // A province with no neighbours (Switzerland) is pushed away: bring it back inside.
    for p in &mut pos {
        *p = [p[0].clamp(x0, x1), p[1].clamp(y0, y1)];
    }
    let pad = 0.08 * (x1 - x0).max(y1 - y0).max(1.0);
    let (x0, y0, x1, y1) = (x0 - pad, y0 - pad, x1 + pad, y1 + pad);
    let s = MAP_SIZE / (x1 - x0).max(y1 - y0);
    let at: Vec<Pt> = pos
        .iter()
        .map(|p| [(p[0] - x0) * s, (p[1] - y0) * s])
        .collect();
    let (width, height) = ((x1 - x0) * s, (y1 - y0) * s);
    let frame = outer(&[[0.0, 0.0], [width, 0.0], [width, height], [0.0, height]]);
    let seed_province: Vec<usize> = (0..at.len()).collect();
    let cells = cells(&at, &seed_province, &vec![None; at.len()], &frame, &[]);
    let unit = unit_radius(width, height, at.len());
    let label = at.iter().map(|p| [p[0], p[1] + unit * 1.9]).collect();
    let coasts = coast_anchors(map, &at, unit);
    Layout {
        width,
        height,
        lands: Vec::new(),
        cells,
        seed_province,
        shapes: Vec::new(),
        at,
        label,
        coasts,
        unit,
    }
}

/// A coast's anchor: from the province's anchor towards the coast's fleet neighbours.
fn coast_anchors(map: &Map, at: &[Pt], unit: f64) -> Vec<Vec<Pt>> {
    map.province_ids()
        .map(|p| {
            let a = at[p.index()];
            (0..map.province(p).coasts.len())
                .map(|c| {
                    let n = map.fleet_neighbours(Location::coast(p, c as u8));
                    let (mut sx, mut sy) = (0.0, 0.0);
                    for l in n {
                        let q = at[l.province.index()];
                        (sx, sy) = (sx + q[0] - a[0], sy + q[1] - a[1]);
                    }
                    let len = (sx * sx + sy * sy).sqrt();
                    if len < 1e-9 {
                        return [a[0] + unit * 2.0 * c as f64, a[1]];
                    }
                    [a[0] + sx / len * unit * 2.2, a[1] + sy / len * unit * 2.2]
                })
                .collect()
        })
        .collect()
}

/// Fruchterman–Reingold from a golden-angle spiral: deterministic, no randomness.
fn force_layout(map: &Map) -> Vec<Pt> {
    let n = map.provinces().len();
    let mut pos: Vec<Pt> = (0..n)
        .map(|i| {
            let (a, r) = (i as f64 * 2.399_963, (i as f64 + 0.5).sqrt());
            [r * a.cos(), r * a.sin()]
        })
        .collect();
    let edges: Vec<(usize, usize)> = map
        .province_ids()
        .flat_map(|p| {
            map.any_neighbours(p)
                .iter()
                .copied()
                .map(move |q| (p.index(), q.index()))
        })
        .filter(|(a, b)| a < b)
        .collect();
    let iterations = (30_000_000 / (n * n).max(1)).clamp(15, 300);
    let k = 1.0;
    let mut t = (n as f64).sqrt() * 0.1;
    for _ in 0..iterations {
        let mut disp = vec![[0.0f64; 2]; n];
        for i in 0..n {
            for j in (i + 1)..n {
                let (dx, dy) = (pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]);
                let d2 = (dx * dx + dy * dy).max(1e-4);
                let f = k * k / d2;
                disp[i] = [disp[i][0] + dx * f, disp[i][1] + dy * f];
                disp[j] = [disp[j][0] - dx * f, disp[j][1] - dy * f];
            }
        }
        for &(a, b) in &edges {
            let (dx, dy) = (pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]);
            let d = (dx * dx + dy * dy).sqrt().max(1e-4);
            let f = d / k;
            disp[a] = [disp[a][0] - dx * f, disp[a][1] - dy * f];
            disp[b] = [disp[b][0] + dx * f, disp[b][1] + dy * f];
        }
        for (p, d) in pos.iter_mut().zip(&disp) {
            let len = (d[0] * d[0] + d[1] * d[1]).sqrt().max(1e-9);
            let step = len.min(t);
            *p = [p[0] + d[0] / len * step, p[1] + d[1] / len * step];
        }
        t = (t * 0.97).max(0.01);
    }
    pos
}

/// Whether a cell edge is a border to draw: between different provinces, and (for a land cell)
/// not a sliver along the clip line across the water.
pub(crate) fn is_border(layout: &Layout, cell: &Cell, e: Edge, a: Pt, b: Pt) -> bool {
    let Edge::Seed(j) = e else { return false };
    if layout.seed_province.get(j) == Some(&cell.province) {
        return false;
    }
    match cell.land.and_then(|k| layout.lands.get(k)) {
        Some(l) => geom::inside([(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0], l),
        None => true,
    }
}
