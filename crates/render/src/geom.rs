//! Plane geometry for regions: Voronoi cells by half-plane clipping (Sutherland–Hodgman), with
//! each edge remembering where it came from, so that borders are drawn only between cells of
//! different provinces.

/// A point in picture coordinates (pixels, y down).
pub(crate) type Pt = [f64; 2];

/// Where an edge of a clipped polygon comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Edge {
    /// The starting outline: the frame, or a land mass's coastline.
    Outer,
    /// The bisector with seed `n` (an index into the seed list).
    Seed(usize),
}

/// A polygon whose vertex `i` carries the origin of the edge from vertex `i` to `i + 1`.
pub(crate) type Poly = Vec<(Pt, Edge)>;

/// A polygon with every edge [`Edge::Outer`].
pub(crate) fn outer(points: &[Pt]) -> Poly {
    points.iter().map(|&p| (p, Edge::Outer)).collect()
}

/// Keeps the part of `poly` where `(x - m) · n <= 0`; new edges along the line get `label`.
pub(crate) fn clip(poly: &Poly, m: Pt, n: Pt, label: Edge) -> Poly {
    let side = |p: Pt| (p[0] - m[0]) * n[0] + (p[1] - m[1]) * n[1];
    let mut out = Vec::with_capacity(poly.len() + 2);
    for i in 0..poly.len() {
        let (a, la) = poly[i];
        let (b, _) = poly[(i + 1) % poly.len()];
        let (sa, sb) = (side(a), side(b));
        if sa <= 0.0 {
            out.push((a, la));
        }
        if (sa <= 0.0) != (sb <= 0.0) {
            let t = sa / (sa - sb);
            let x = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
            out.push((x, if sa <= 0.0 { label } else { la }));
        }
    }
    out
}

fn dist2(a: Pt, b: Pt) -> f64 {
    (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)
}

/// The Voronoi cell of `seeds[i]` inside `start`, clipped by the other seeds of its group
/// nearest first (`near`, [`crate::near::Near::by_distance`] from `seeds[i]`) until the next
/// one is too far away to cut the cell.
pub(crate) fn cell(
    seeds: &[Pt],
    i: usize,
    near: impl Iterator<Item = (f64, usize)>,
    start: &Poly,
) -> Poly {
    let p = seeds[i];
    let mut poly = start.clone();
    for (d2, j) in near.filter(|&(d2, j)| j != i && d2 > 1e-12) {
        let reach = poly.iter().map(|(v, _)| dist2(*v, p)).fold(0.0, f64::max);
        if poly.is_empty() || d2 > 4.0 * reach {
            break;
        }
        let q = seeds[j];
        let m = [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0];
        poly = clip(&poly, m, [q[0] - p[0], q[1] - p[1]], Edge::Seed(j));
    }
    poly
}

/// Whether `p` lies inside the closed polygon (even-odd rule): the map crate's test, which
/// also places written points on land masses.
pub(crate) use diplo_map::drawing::point_in_polygon as inside;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_seeds_split_a_square_along_their_bisector() {
        let square = outer(&[[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]]);
        let seeds = [[2.0, 5.0], [8.0, 5.0]];
        let near = crate::near::Near::new(&seeds, &[0, 1]);
        let c = cell(&seeds, 0, near.by_distance(seeds[0]), &square);
        assert!(c.iter().all(|(p, _)| p[0] <= 5.0 + 1e-9));
        assert!(c.iter().any(|(_, e)| *e == Edge::Seed(1)));
        assert!(inside(
            [2.0, 5.0],
            &c.iter().map(|v| v.0).collect::<Vec<_>>()
        ));
    }
}
