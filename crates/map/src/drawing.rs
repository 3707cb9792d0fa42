//! Drawing data of a map (`[drawing]` and each province's `draw`, `maps/FORMAT.md` "Drawing"):
//! where the land is, where each province's units and name go, and the points whose Voronoi
//! cells make up its region. The loader checks it; `diplo-render` draws from it.

/// How the points of a map's drawing data are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Projection {
    /// Points are `[longitude, latitude]` in degrees: `x = lon * cos(middle latitude)`,
    /// `y = -lat`.
    Equirectangular,
    /// Points are `[x, y]` with `y` growing downwards.
    Plane,
}

/// A point as written in the map file (`[lon, lat]` or `[x, y]`).
pub type Point = [f64; 2];

/// One land mass (a continent or an island): a closed polygon.
#[derive(Clone, Debug, PartialEq)]
pub struct LandMass {
    /// Its name (for people; may be empty).
    pub name: String,
    /// The outline, at least three points; the last joins the first.
    pub points: Vec<Point>,
}

/// Where one province is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct ProvinceDrawing {
    /// The unit anchor, also a seed of the province's region.
    pub at: Point,
    /// Where its short name is written.
    pub label: Point,
    /// Further points whose Voronoi cells join its region.
    pub seeds: Vec<Point>,
    /// An explicit outline replacing the derived region.
    pub shape: Option<Vec<Point>>,
    /// The fleet anchor of each coast of a multi-coast province (in `Province::coasts` order).
    pub coasts: Vec<Point>,
}

/// A map's whole drawing data.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    /// How points are read.
    pub projection: Projection,
    /// The frame: west, south, east, north (or x0, y0, x1, y1 for a plane).
    pub bounds: [f64; 4],
    /// The land masses.
    pub lands: Vec<LandMass>,
    /// One entry per province, indexed by `ProvinceId`.
    pub provinces: Vec<ProvinceDrawing>,
}

impl Drawing {
    /// A written point in picture coordinates (x right, y down, unscaled).
    pub fn project(&self, p: Point) -> Point {
        match self.projection {
            Projection::Plane => p,
            Projection::Equirectangular => {
                let mid = (self.bounds[1] + self.bounds[3]) / 2.0;
                [p[0] * mid.to_radians().cos(), -p[1]]
            }
        }
    }

    /// The frame in picture coordinates: `[x0, y0, x1, y1]` with `x0 < x1`, `y0 < y1`.
    pub fn frame(&self) -> [f64; 4] {
        let [a, b, c, d] = self.bounds;
        let p = self.project([a, b]);
        let q = self.project([c, d]);
        [p[0].min(q[0]), p[1].min(q[1]), p[0].max(q[0]), p[1].max(q[1])]
    }

    /// Whether a written point lies inside the frame (edges included).
    pub fn in_bounds(&self, p: Point) -> bool {
        let [a, b, c, d] = self.bounds;
        p[0] >= a.min(c) && p[0] <= a.max(c) && p[1] >= b.min(d) && p[1] <= b.max(d)
    }

    /// The index of the land mass a written point lies on, if any.
    pub fn land_at(&self, p: Point) -> Option<usize> {
        self.lands.iter().position(|l| point_in_polygon(p, &l.points))
    }
}

/// Whether `p` lies inside the closed polygon `poly` (even-odd rule).
pub fn point_in_polygon(p: Point, poly: &[Point]) -> bool {
    let mut inside = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + n - 1) % n]);
        if (a[1] > p[1]) != (b[1] > p[1]) {
            let x = a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1]);
            if p[0] < x {
                inside = !inside;
            }
        }
    }
    inside
}
