//! The automatic layout of a map without drawing data, deterministic (no randomness: the same
//! map gives the same picture). Provinces are placed by stress majorization of the adjacency
//! graph (each pair as far apart as the moves between them), a force-directed layout on very
//! large maps; each province's region is the Voronoi cell of its anchor and of points part way
//! towards each neighbour, so that adjacent provinces share a border and others do not wherever
//! the graph allows, each cell kept within a round reach of its points, so that the map has a
//! coastline and the outermost provinces do not stretch to the frame.

use diplo_map::{Location, Map};

use crate::geom::{self, outer, Edge, Poly, Pt};
use crate::layout::{cells, unit_radius, Cell, Layout, MAP_SIZE};

/// Above this many provinces the force-directed layout is used (stress is quadratic per step).
const STRESS_MAX: usize = 800;
/// How far towards each neighbour a province's extra points lie.
const TOWARDS: [f64; 1] = [0.45];
/// A cell's reach round each of its points, in median neighbour distances.
const REACH: f64 = 0.6;
/// A sea cell's reach, in land cells' reaches: the sea fills more of the open water.
const SEA_REACH: f64 = 1.5;

/// The province of a seed that belongs to none: the middle of a face of four provinces, where
/// two that are not adjacent would otherwise meet; drawn as sea (one of the four is a sea) or
/// land, with no border.
pub(crate) const VOID_SEA: usize = usize::MAX;
/// See [`VOID_SEA`]: a face of four land provinces.
pub(crate) const VOID_LAND: usize = usize::MAX - 1;

/// Whether a seed's province is a void (no province).
pub(crate) fn is_void(p: usize) -> bool {
    p == VOID_SEA || p == VOID_LAND
}

/// Lays out `map` from its adjacency graph.
pub(crate) fn automatic(map: &Map) -> Layout {
    let n = map.provinces().len();
    let pos = if n <= STRESS_MAX {
        stress(map)
    } else {
        force_layout(map)
    };
    let pos = crate::orient::orient(map, pos);
    let (at, width, height) = fit(&place_isolated(map, pos));
    let edges = edges(map);
    let mut seeds = at.clone();
    let mut seed_province: Vec<usize> = (0..n).collect();
    for &(a, b) in &edges {
        for (p, q) in [(a, b), (b, a)] {
            let (u, v) = (at[p], at[q]);
            for t in TOWARDS {
                seeds.push([u[0] + (v[0] - u[0]) * t, u[1] + (v[1] - u[1]) * t]);
                seed_province.push(p);
            }
        }
    }
    let sea = |p: usize| map.provinces()[p].terrain == diplo_map::Terrain::Sea;
    for (centre, four) in four_faces(map, &at) {
        seeds.push(centre);
        seed_province.push(if four.iter().any(|&p| sea(p)) {
            VOID_SEA
        } else {
            VOID_LAND
        });
    }
    let frame = outer(&[[0.0, 0.0], [width, 0.0], [width, height], [0.0, height]]);
    // A point towards a neighbour whose cell is cut off from its province's own is dropped, so
    // that every region is in one piece.
    let polys = voronoi(&seeds, &frame);
    let joined = |i: usize| {
        i < n
            || is_void(seed_province[i])
            || polys[i]
                .iter()
                .any(|(_, e)| *e == Edge::Seed(seed_province[i]))
    };
    // First drawn nearer its own anchor; dropped if that does not join it either.
    let nearer: Vec<Pt> = (0..seeds.len())
        .map(|i| {
            if joined(i) {
                return seeds[i];
            }
            let a = at[seed_province[i]];
            let t = 0.5;
            [
                a[0] + (seeds[i][0] - a[0]) * t,
                a[1] + (seeds[i][1] - a[1]) * t,
            ]
        })
        .collect();
    let polys = voronoi(&nearer, &frame);
    let joined = |i: usize| {
        i < n
            || is_void(seed_province[i])
            || polys[i]
                .iter()
                .any(|(_, e)| *e == Edge::Seed(seed_province[i]))
    };
    let kept: Vec<usize> = (0..seeds.len()).filter(|&i| joined(i)).collect();
    let seeds: Vec<Pt> = kept.iter().map(|&i| nearer[i]).collect();
    let seed_province: Vec<usize> = kept.iter().map(|&i| seed_province[i]).collect();
    let groups = vec![None; seeds.len()];
    let reach = REACH * median_edge(&at, &edges).unwrap_or(MAP_SIZE / 8.0);
    let (fillers, cells): (Vec<Cell>, Vec<Cell>) =
        cells(&seeds, &seed_province, &groups, &frame, &[])
            .into_iter()
            .map(|c| {
                let sea = !is_void(c.province) && sea(c.province) || c.province == VOID_SEA;
                let r = if sea { reach * SEA_REACH } else { reach };
                bounded(c, &seeds, &seed_province, r)
            })
            .filter(|c| c.poly.len() >= 3)
            .partition(|c| is_void(c.province));
    let fillers = fillers
        .into_iter()
        .map(|c| (c.poly.iter().map(|v| v.0).collect(), c.province == VOID_SEA))
        .collect();
    let unit = unit_radius(width, height, n).min(reach * 0.3).max(3.0);
    let label = at.iter().map(|p| [p[0], p[1] + unit * 1.9]).collect();
    let coasts = coast_anchors(map, &at, unit);
    Layout {
        width,
        height,
        lands: Vec::new(),
        cells,
        seed_province,
        seed_points: seeds,
        shapes: Vec::new(),
        at,
        label,
        coasts,
        unit,
        coasts_from_cells: true,
        fillers,
    }
}

/// The middles of the faces of four provinces `a`, `b`, `d`, `c` (`a` and `d` both adjacent to
/// `b` and `c`, neither pair adjacent) whose anchors form a convex quadrilateral: the middle of
/// the four anchors, with the four.
fn four_faces(map: &Map, at: &[Pt]) -> Vec<(Pt, [usize; 4])> {
    let n = map.provinces().len();
    let near: Vec<Vec<usize>> = map
        .province_ids()
        .map(|p| map.any_neighbours(p).iter().map(|q| q.index()).collect())
        .collect();
    let adjacent = |a: usize, b: usize| near[a].contains(&b);
    let mut out = Vec::new();
    for a in 0..n {
        for (x, &b) in near[a].iter().enumerate() {
            for &c in &near[a][x + 1..] {
                if adjacent(b, c) {
                    continue;
                }
                for &d in near[b].iter().filter(|&&d| d > a && d != c) {
                    if !adjacent(a, d) && adjacent(c, d) && crossing(at[a], at[d], at[b], at[c]) {
                        let m = [
                            (at[a][0] + at[b][0] + at[c][0] + at[d][0]) / 4.0,
                            (at[a][1] + at[b][1] + at[c][1] + at[d][1]) / 4.0,
                        ];
                        out.push((m, [a, b, d, c]));
                    }
                }
            }
        }
    }
    let key = |f: &(Pt, [usize; 4])| {
        let mut k = f.1;
        k.sort_unstable();
        k
    };
    out.sort_by_key(key);
    out.dedup_by(|x, y| key(x) == key(y));
    out
}

/// Whether segment `a`–`d` crosses segment `b`–`c` (the diagonals of a convex quadrilateral).
fn crossing(a: Pt, d: Pt, b: Pt, c: Pt) -> bool {
    let side = |o: Pt, p: Pt, q: Pt| (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0]);
    (side(a, d, b) > 0.0) != (side(a, d, c) > 0.0) && (side(b, c, a) > 0.0) != (side(b, c, d) > 0.0)
}

/// The Voronoi cell of every seed inside `frame`, in seed order.
fn voronoi(seeds: &[Pt], frame: &Poly) -> Vec<Poly> {
    let all: Vec<usize> = (0..seeds.len()).collect();
    let near = crate::near::Near::new(seeds, &all);
    all.iter()
        .map(|&i| geom::cell(seeds, i, near.by_distance(seeds[i]), frame))
        .collect()
}

/// Each edge of the graph once, as province indices `(a, b)` with `a < b`.
fn edges(map: &Map) -> Vec<(usize, usize)> {
    map.province_ids()
        .flat_map(|p| {
            map.any_neighbours(p)
                .iter()
                .map(move |q| (p.index(), q.index()))
        })
        .filter(|(a, b)| a < b)
        .collect()
}

fn median_edge(at: &[Pt], edges: &[(usize, usize)]) -> Option<f64> {
    let mut d: Vec<f64> = edges
        .iter()
        .map(|&(a, b)| (at[a][0] - at[b][0]).hypot(at[a][1] - at[b][1]))
        .collect();
    d.sort_by(f64::total_cmp);
    d.get(d.len() / 2).copied().filter(|m| *m > 1e-6)
}

/// A cell kept within `reach` of its seed: clipped by a 24-sided polygon round it.
fn bounded(c: Cell, seeds: &[Pt], seed_province: &[usize], reach: f64) -> Cell {
    let centre = seed_of(&c, seeds, seed_province);
    let mut poly: Poly = c.poly;
    let sides = 24;
    for k in 0..sides {
        let a = std::f64::consts::TAU * (k as f64 + 0.5) / sides as f64;
        let nrm = [a.cos(), a.sin()];
        let m = [centre[0] + nrm[0] * reach, centre[1] + nrm[1] * reach];
        poly = geom::clip(&poly, m, nrm, Edge::Outer);
    }
    Cell { poly, ..c }
}

/// The seed a cell belongs to: of its province's seeds, the one inside it.
fn seed_of(c: &Cell, seeds: &[Pt], seed_province: &[usize]) -> Pt {
    let outline: Vec<Pt> = c.poly.iter().map(|v| v.0).collect();
    seeds
        .iter()
        .zip(seed_province)
        .filter(|(_, p)| **p == c.province)
        .map(|(s, _)| *s)
        .find(|s| geom::inside(*s, &outline))
        .unwrap_or_else(|| outline.first().copied().unwrap_or([0.0, 0.0]))
}

/// A province with no neighbours (Switzerland) placed at the free spot farthest from the
/// others, inside their box, instead of wherever the layout pushed it.
fn place_isolated(map: &Map, mut pos: Vec<Pt>) -> Vec<Pt> {
    let linked: Vec<bool> = map
        .province_ids()
        .map(|p| !map.any_neighbours(p).is_empty())
        .collect();
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for (p, _) in pos.iter().zip(&linked).filter(|(_, l)| **l) {
        (x0, y0, x1, y1) = (x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1]));
    }
    if x0 > x1 {
        return pos;
    }
    let steps = 24;
    for i in (0..pos.len()).filter(|&i| !linked[i]) {
        let taken: Vec<Pt> = (0..pos.len())
            .filter(|&j| linked[j] || j < i)
            .map(|j| pos[j])
            .collect();
        let mut best = ([x0, y0], -1.0);
        for gx in 0..=steps {
            for gy in 0..=steps {
                let p = [
                    x0 + (x1 - x0) * gx as f64 / steps as f64,
                    y0 + (y1 - y0) * gy as f64 / steps as f64,
                ];
                let room = taken
                    .iter()
                    .map(|q| (p[0] - q[0]).hypot(p[1] - q[1]))
                    .fold(f64::MAX, f64::min);
                if room > best.1 {
                    best = (p, room);
                }
            }
        }
        pos[i] = best.0;
    }
    pos
}

/// Scales positions into the picture with a margin; answers the anchors and the size. A
/// province with no neighbours is brought inside the box of the others.
fn fit(pos: &[Pt]) -> (Vec<Pt>, f64, f64) {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in pos {
        (x0, y0, x1, y1) = (x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1]));
    }
    if x0 > x1 {
        (x0, y0, x1, y1) = (-1.0, -1.0, 1.0, 1.0);
    }
    // At least a move's length (the layout's unit), so that no region reaches the frame.
    let pad = (0.1 * (x1 - x0).max(y1 - y0)).max(1.0);
    let (x0, y0, x1, y1) = (x0 - pad, y0 - pad, x1 + pad, y1 + pad);
    let s = MAP_SIZE / (x1 - x0).max(y1 - y0);
    let at = pos
        .iter()
        .map(|p| [(p[0] - x0) * s, (p[1] - y0) * s])
        .collect();
    (at, (x1 - x0) * s, (y1 - y0) * s)
}

/// Moves between every two provinces (breadth first); provinces in different parts of the
/// graph count one more than the longest path.
fn hops(map: &Map) -> Vec<Vec<u32>> {
    let n = map.provinces().len();
    let ids: Vec<_> = map.province_ids().collect();
    let mut all = vec![vec![u32::MAX; n]; n];
    for (s, row) in all.iter_mut().enumerate() {
        row[s] = 0;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(p) = queue.pop_front() {
            for q in map.any_neighbours(ids[p]) {
                if row[q.index()] == u32::MAX {
                    row[q.index()] = row[p] + 1;
                    queue.push_back(q.index());
                }
            }
        }
    }
    let longest = all.iter().flatten().filter(|d| **d != u32::MAX).max();
    let far = longest.copied().unwrap_or(1) + 1;
    for d in all.iter_mut().flatten().filter(|d| **d == u32::MAX) {
        *d = far;
    }
    all
}

/// Classical scaling of the distances `d`: the two leading eigenvectors of the double-centred
/// squared distances (power iteration from fixed vectors), the layout stress starts from, so
/// that it does not start folded.
fn classical(d: &[Vec<u32>]) -> Vec<Pt> {
    let n = d.len();
    let sq = |i: usize, j: usize| f64::from(d[i][j]).powi(2);
    let row: Vec<f64> = (0..n)
        .map(|i| (0..n).map(|j| sq(i, j)).sum::<f64>() / n as f64)
        .collect();
    let all = row.iter().sum::<f64>() / n.max(1) as f64;
    let b: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| -0.5 * (sq(i, j) - row[i] - row[j] + all))
                .collect()
        })
        .collect();
    let times = |v: &[f64], prev: Option<(&[f64], f64)>| -> Vec<f64> {
        let mut out: Vec<f64> = b
            .iter()
            .map(|r| r.iter().zip(v).map(|(x, y)| x * y).sum())
            .collect();
        if let Some((u, l)) = prev {
            let dot: f64 = u.iter().zip(v).map(|(x, y)| x * y).sum();
            for (o, ui) in out.iter_mut().zip(u) {
                *o -= l * ui * dot;
            }
        }
        out
    };
    let leading = |seed: f64, prev: Option<(&[f64], f64)>| -> (Vec<f64>, f64) {
        let mut v: Vec<f64> = (0..n).map(|i| (i as f64 * seed + 0.3).sin()).collect();
        let mut l = 0.0;
        for _ in 0..80 {
            let w = times(&v, prev);
            l = w.iter().map(|x| x * x).sum::<f64>().sqrt();
            if l < 1e-12 {
                break;
            }
            v = w.into_iter().map(|x| x / l).collect();
        }
        (v, l)
    };
    let (v1, l1) = leading(1.37, None);
    let (v2, l2) = leading(2.71, Some((&v1, l1)));
    let golden = |i: usize| {
        let (a, r) = (i as f64 * 2.399_963, (i as f64 + 0.5).sqrt());
        [r * a.cos() * 1e-3, r * a.sin() * 1e-3]
    };
    (0..n)
        .map(|i| {
            let g = golden(i);
            [v1[i] * l1.sqrt() + g[0], v2[i] * l2.sqrt() + g[1]]
        })
        .collect()
}

/// Stress majorization (each province moved in turn to where its distances to the others best
/// match the moves between them), from classical scaling.
fn stress(map: &Map) -> Vec<Pt> {
    let n = map.provinces().len();
    let d = hops(map);
    let mut pos = classical(&d);
    let iterations = (20_000_000 / (n * n).max(1)).clamp(30, 300);
    for _ in 0..iterations {
        for i in 0..n {
            let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
            for j in (0..n).filter(|&j| j != i) {
                let dij = f64::from(d[i][j].max(1));
                let w = 1.0 / (dij * dij);
                let (dx, dy) = (pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]);
                let dist = dx.hypot(dy).max(1e-6);
                sx += w * (pos[j][0] + dij * dx / dist);
                sy += w * (pos[j][1] + dij * dy / dist);
                sw += w;
            }
            if sw > 0.0 {
                pos[i] = [sx / sw, sy / sw];
            }
        }
    }
    pos
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

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::BTreeSet;
    use std::fmt::Write;

    use super::*;

    /// Ten provinces, two rows: seas `s0`..`s4` over coasts `c0`..`c4`, each bordering the
    /// ones beside it and the one across.
    fn ten() -> Map {
        Map::from_toml_str(&ten_text(), "ten.toml").unwrap_or_else(|e| panic!("{e:?}"))
    }

    /// The text of [`ten`]'s map file.
    pub(crate) fn ten_text() -> String {
        let mut t = String::from("name = \"ten\"\ntitle = \"Ten\"\nfirst_year = 1901\nfirst_season = \"spring\"\nvictory_centres = 2\n\n[[power]]\nname = \"Red\"\nadjective = \"Red\"\nabbreviation = \"RED\"\nunits = [\"A c0\"]\n");
        let beside = |k: &str, i: usize| {
            let mut v = Vec::new();
            if i > 0 {
                v.push(format!("\"{k}{}\"", i - 1));
            }
            if i < 4 {
                v.push(format!("\"{k}{}\"", i + 1));
            }
            v
        };
        for i in 0..5 {
            let mut fleet = beside("s", i);
            fleet.push(format!("\"c{i}\""));
            let _ = write!(t, "\n[[province]]\nname = \"s{i}\"\nfull_name = \"Sea {i}\"\nterrain = \"sea\"\nfleet = [{}]\n", fleet.join(", "));
            let army = beside("c", i);
            let mut fleet = army.clone();
            fleet.push(format!("\"s{i}\""));
            let centre = if i == 0 {
                "supply_centre = true\nhome = \"Red\"\n"
            } else {
                ""
            };
            let _ = write!(t, "\n[[province]]\nname = \"c{i}\"\nfull_name = \"Coast {i}\"\nterrain = \"coast\"\n{centre}army = [{}]\nfleet = [{}]\n", army.join(", "), fleet.join(", "));
        }
        t
    }

    /// The pairs of provinces whose regions share a border longer than `min` pixels.
    fn touching(l: &Layout, min: f64) -> BTreeSet<(usize, usize)> {
        let mut out = BTreeSet::new();
        for c in &l.cells {
            for i in 0..c.poly.len() {
                let ((a, e), (b, _)) = (c.poly[i], c.poly[(i + 1) % c.poly.len()]);
                let Edge::Seed(j) = e else { continue };
                let q = l.seed_province[j];
                if q != c.province && !is_void(q) && (a[0] - b[0]).hypot(a[1] - b[1]) > min {
                    out.insert((c.province.min(q), c.province.max(q)));
                }
            }
        }
        out
    }

    #[test]
    fn a_new_ten_province_map_keeps_its_adjacencies() {
        let map = ten();
        assert!(map.drawing().is_none());
        let l = automatic(&map);
        if let Some(dir) = std::env::var_os("DIPLO_PICTURES") {
            let pos = diplo_engine::Position::initial(&map);
            let text = crate::svg(&crate::Scene::new(&map, &pos, "datc"));
            crate::write_file(&std::path::Path::new(&dir).join("auto-ten.png"), &text).unwrap();
        }
        // Across, the first power's home (c0, province 1) up and left: the coasts above the
        // seas, c0 at the left end.
        assert!(l.width > l.height);
        assert!(l.at[1][1] < l.at[0][1] && l.at[1][0] < l.at[9][0]);
        let graph: BTreeSet<(usize, usize)> = edges(&map).into_iter().collect();
        assert_eq!(graph.len(), 13);
        assert_eq!(touching(&l, 3.0), graph);
        // The outermost provinces do not stretch to the frame.
        for c in &l.cells {
            for (p, _) in &c.poly {
                assert!(p[0] > 1.0 && p[1] > 1.0 && p[0] < l.width - 1.0 && p[1] < l.height - 1.0);
            }
        }
    }

    #[test]
    fn the_standard_graph_keeps_most_of_its_adjacencies() {
        let text = diplo_map::STANDARD_MAP_TOML;
        let cut = text.find("# --- drawing ---").unwrap();
        let plain: String = text[..cut]
            .lines()
            .filter(|l| !l.starts_with("draw = "))
            .collect::<Vec<_>>()
            .join("\n");
        let map = Map::from_toml_str(&plain, "plain.toml").unwrap();
        let l = automatic(&map);
        if let Some(dir) = std::env::var_os("DIPLO_PICTURES") {
            let pos = diplo_engine::Position::initial(&map);
            let text = crate::svg(&crate::Scene::new(&map, &pos, "datc"));
            crate::write_file(&std::path::Path::new(&dir).join("auto-standard.png"), &text)
                .unwrap();
        }
        let graph: BTreeSet<(usize, usize)> = edges(&map).into_iter().collect();
        let drawn = touching(&l, 3.0);
        let kept = graph.intersection(&drawn).count();
        let strays = drawn.difference(&graph).count();
        // Measured when written: 143 of the 206 adjacencies drawn as borders, 38 borders
        // between provinces that are not adjacent (regions are kept in one piece, which costs
        // some borders on a graph this dense).
        assert!(
            kept * 100 >= graph.len() * 65,
            "{kept} of {} kept",
            graph.len()
        );
        assert!(
            strays * 100 <= graph.len() * 20,
            "{strays} borders between provinces not adjacent"
        );
    }
}
