//! Seeds by distance: a k-d tree over a group's seeds that hands out the seeds nearest a point
//! one at a time, nearest first, so that a Voronoi cell looks only at the few seeds it needs
//! (cells are clipped until the next seed is too far to matter). Building is `n log n`, and
//! each seed handed out costs `log n`; a province drawn with 60,000 seeds renders in a moment
//! where comparing every seed with every other took minutes (issue 34 item 16).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::geom::Pt;

/// Leaves hold at most this many seeds.
const LEAF: usize = 8;

/// A k-d tree over some of the seeds (`among`, indices into `seeds`).
pub(crate) struct Near<'s> {
    seeds: &'s [Pt],
    /// The indices, reordered so that each node's seeds are a contiguous run.
    order: Vec<usize>,
    nodes: Vec<Node>,
}

/// A node: its seeds `order[from..to]`, the box around them, its children (leaves have none).
struct Node {
    from: usize,
    to: usize,
    lo: Pt,
    hi: Pt,
    children: Option<(usize, usize)>,
}

impl<'s> Near<'s> {
    /// The tree over `among`.
    pub(crate) fn new(seeds: &'s [Pt], among: &[usize]) -> Near<'s> {
        let mut near = Near {
            seeds,
            order: among.to_vec(),
            nodes: Vec::new(),
        };
        if !near.order.is_empty() {
            near.build(0, near.order.len());
        }
        near
    }

    /// Builds the node over `order[from..to]` and its children; answers its index.
    fn build(&mut self, from: usize, to: usize) -> usize {
        let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
        for &i in &self.order[from..to] {
            let p = self.seeds[i];
            for k in 0..2 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            from,
            to,
            lo,
            hi,
            children: None,
        });
        if to - from > LEAF {
            let axis = usize::from(hi[1] - lo[1] > hi[0] - lo[0]);
            let mid = from + (to - from) / 2;
            let seeds = self.seeds;
            self.order[from..to].select_nth_unstable_by(mid - from, |&a, &b| {
                seeds[a][axis].total_cmp(&seeds[b][axis])
            });
            let left = self.build(from, mid);
            let right = self.build(mid, to);
            self.nodes[id].children = Some((left, right));
        }
        id
    }

    /// The seeds of the tree by squared distance from `p`, nearest first (equal distances in
    /// the order of their indices): `(distance², index)`.
    pub(crate) fn by_distance(&self, p: Pt) -> impl Iterator<Item = (f64, usize)> + '_ {
        let mut heap = BinaryHeap::new();
        if !self.nodes.is_empty() {
            heap.push(Entry::node(box_dist2(&self.nodes[0], p), 0));
        }
        std::iter::from_fn(move || loop {
            let e = heap.pop()?;
            if e.point {
                return Some((e.d2, e.index));
            }
            let node = &self.nodes[e.index];
            match node.children {
                Some((l, r)) => {
                    for c in [l, r] {
                        heap.push(Entry::node(box_dist2(&self.nodes[c], p), c));
                    }
                }
                None => {
                    for &j in &self.order[node.from..node.to] {
                        heap.push(Entry::point(dist2(self.seeds[j], p), j));
                    }
                }
            }
        })
    }
}

/// The squared distance from `p` to the nearest point of a node's box: never more than any
/// of its seeds' (each bound is one of the seeds' coordinates, and rounding is monotone).
fn box_dist2(n: &Node, p: Pt) -> f64 {
    let d = |k: usize| (n.lo[k] - p[k]).max(p[k] - n.hi[k]).max(0.0);
    d(0) * d(0) + d(1) * d(1)
}

fn dist2(a: Pt, b: Pt) -> f64 {
    (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)
}

/// A heap entry, smallest first: by distance, a node before a seed at the same distance (so
/// every seed at that distance is in the heap before the first is handed out), then by index.
struct Entry {
    d2: f64,
    point: bool,
    index: usize,
}

impl Entry {
    fn node(d2: f64, index: usize) -> Entry {
        Entry {
            d2,
            point: false,
            index,
        }
    }
    fn point(d2: f64, index: usize) -> Entry {
        Entry {
            d2,
            point: true,
            index,
        }
    }
    fn key(&self) -> (f64, bool, usize) {
        (self.d2, self.point, self.index)
    }
}

impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b) = (self.key(), other.key());
        // Reversed: `BinaryHeap` is a max-heap.
        (b.0.total_cmp(&a.0))
            .then(b.1.cmp(&a.1))
            .then(b.2.cmp(&a.2))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Entry {}

#[cfg(test)]
mod tests {
    use super::*;
    use diplo_testkit::Rng;

    /// The seeds come out in the order a full sort by (distance², index) gives, ties included
    /// (a grid has many equal distances).
    #[test]
    fn seeds_come_nearest_first_as_a_full_sort_orders_them() {
        let mut rng = Rng::new(7);
        let mut seeds: Vec<Pt> = (0..300)
            .map(|_| [rng.below(1000) as f64 / 7.0, rng.below(1000) as f64 / 3.0])
            .collect();
        seeds.extend((0..100).map(|i| [(i % 10) as f64, (i / 10) as f64]));
        let among: Vec<usize> = (0..seeds.len()).filter(|i| i % 5 != 3).collect();
        let near = Near::new(&seeds, &among);
        for p in [
            [0.0, 0.0],
            [4.5, 4.5],
            [50.0, 100.0],
            [3.0, 3.0],
            [-20.0, 7.0],
        ] {
            let mut all: Vec<(f64, usize)> =
                among.iter().map(|&j| (dist2(seeds[j], p), j)).collect();
            all.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let got: Vec<(f64, usize)> = near.by_distance(p).collect();
            assert_eq!(got, all, "from {p:?}");
        }
        assert_eq!(Near::new(&seeds, &[]).by_distance([0.0, 0.0]).count(), 0);
    }
}
