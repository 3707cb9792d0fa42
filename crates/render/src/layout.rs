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
    /// Each seed's point (anchors first on the automatic layout).
    pub seed_points: Vec<Pt>,
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
    /// Whether coastlines are drawn from the cells (the automatic layout: between a sea cell
    /// and a land cell, and round a land cell's outer edge), there being no land masses.
    pub coasts_from_cells: bool,
    /// Regions of no province (the automatic layout's faces of four), and whether each is sea.
    pub fillers: Vec<(Vec<Pt>, bool)>,
}

impl Layout {
    /// Lays out `map`.
    pub fn new(map: &Map) -> Layout {
        match map.drawing() {
            Some(d) if d.provinces.len() == map.provinces().len() => from_drawing(map, d),
            _ => crate::auto::automatic(map),
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

pub(crate) fn unit_radius(width: f64, height: f64, n: usize) -> f64 {
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
        seed_points: seeds,
        shapes,
        at: d.provinces.iter().map(|p| px(p.at)).collect(),
        label: d.provinces.iter().map(|p| px(p.label)).collect(),
        coasts: d
            .provinces
            .iter()
            .map(|p| p.coasts.iter().map(|&c| px(c)).collect())
            .collect(),
        unit: unit_radius(width, height, n),
        coasts_from_cells: false,
        fillers: Vec::new(),
    }
}

/// Cells per group: `None` = everything over the frame (no land masses), `Some(None)` = the sea
/// over the frame, `Some(Some(k))` = land mass `k`; a land province on no land mass gets none.
pub(crate) fn cells(
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

/// Whether a cell edge is a border to draw: between different provinces, and (for a land cell)
/// not a sliver along the clip line across the water.
pub(crate) fn is_border(layout: &Layout, cell: &Cell, e: Edge, a: Pt, b: Pt) -> bool {
    let Edge::Seed(j) = e else { return false };
    let other = layout.seed_province.get(j);
    if other == Some(&cell.province) || other.is_some_and(|&o| crate::auto::is_void(o)) {
        return false;
    }
    match cell.land.and_then(|k| layout.lands.get(k)) {
        Some(l) => geom::inside([(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0], l),
        None => true,
    }
}
