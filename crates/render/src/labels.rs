//! Province names placed where nothing covers them: each label starts at its drawing data's
//! `label` point and, when a unit, a supply-centre dot, an order's line or mark, or another
//! label is in the way, moves to the nearest free spot, inside its own province when there is
//! one. The label moves, never the unit.

use crate::geom::{self, Pt};
use crate::layout::Layout;

/// Something drawn over the map that a label must not touch.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Blocker {
    /// A disc: centre and radius (a unit, a centre dot, a ring, a cross).
    Disc(Pt, f64),
    /// A thick line: its ends and half its width (an order's line or arrow).
    Line(Pt, Pt, f64),
}

/// A box: left, top, right, bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rect {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

impl Rect {
    fn overlaps(&self, o: &Rect) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    fn distance_to(&self, p: Pt) -> f64 {
        let dx = (self.x0 - p[0]).max(p[0] - self.x1).max(0.0);
        let dy = (self.y0 - p[1]).max(p[1] - self.y1).max(0.0);
        (dx * dx + dy * dy).sqrt()
    }

    fn contains(&self, p: Pt) -> bool {
        self.distance_to(p) == 0.0
    }

    fn corners(&self) -> [Pt; 4] {
        [
            [self.x0, self.y0],
            [self.x1, self.y0],
            [self.x1, self.y1],
            [self.x0, self.y1],
        ]
    }

    /// The shortest distance between the box and the segment `a`–`b` (0 when they meet).
    fn segment_distance(&self, a: Pt, b: Pt) -> f64 {
        if self.contains(a) || self.contains(b) {
            return 0.0;
        }
        let c = self.corners();
        let edges = (0..4).map(|i| (c[i], c[(i + 1) % 4]));
        if edges.clone().any(|(p, q)| crosses(a, b, p, q)) {
            return 0.0;
        }
        let ends = self.distance_to(a).min(self.distance_to(b));
        c.iter()
            .map(|&p| point_segment(p, a, b))
            .fold(ends, f64::min)
    }

    fn hits(&self, b: &Blocker) -> bool {
        match *b {
            Blocker::Disc(c, r) => self.distance_to(c) < r,
            Blocker::Line(a, e, hw) => self.segment_distance(a, e) < hw,
        }
    }
}

fn cross(o: Pt, a: Pt, b: Pt) -> f64 {
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

/// Whether segments `a`–`b` and `p`–`q` cross.
fn crosses(a: Pt, b: Pt, p: Pt, q: Pt) -> bool {
    let (d1, d2) = (cross(p, q, a), cross(p, q, b));
    let (d3, d4) = (cross(a, b, p), cross(a, b, q));
    (d1 > 0.0) != (d2 > 0.0) && (d3 > 0.0) != (d4 > 0.0)
}

fn point_segment(p: Pt, a: Pt, b: Pt) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dy * dy;
    let t = if len2 < 1e-12 {
        0.0
    } else {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
    };
    let (x, y) = (a[0] + t * dx, a[1] + t * dy);
    ((p[0] - x).powi(2) + (p[1] - y).powi(2)).sqrt()
}

/// The box of `text` written in capitals at `size`, centred on `at` (the text is drawn
/// centred, its baseline `0.35 * size` below `at`).
pub(crate) fn text_box(text: &str, size: f64, at: Pt) -> Rect {
    let w = crate::text::width(text, size, false) + 2.0;
    Rect {
        x0: at[0] - w / 2.0,
        y0: at[1] - size * 0.45,
        x1: at[0] + w / 2.0,
        y1: at[1] + size * 0.42,
    }
}

/// Whether `p` is in the region made of `outlines` (a province's cells and shape).
fn in_region(outlines: &[Vec<Pt>], p: Pt) -> bool {
    outlines.iter().any(|o| geom::inside(p, o))
}

/// Each province's outlines: its cells' and its shape's.
fn outlines(l: &Layout, n: usize) -> Vec<Vec<Vec<Pt>>> {
    let mut out = vec![Vec::new(); n];
    for c in &l.cells {
        if let Some(o) = out.get_mut(c.province) {
            o.push(c.poly.iter().map(|v| v.0).collect());
        }
    }
    for (q, s) in &l.shapes {
        if let Some(o) = out.get_mut(*q) {
            o.push(s.clone());
        }
    }
    out
}

/// The spots tried for a label, nearest first: its own point, then rings around it.
fn candidates(at: Pt, size: f64) -> Vec<Pt> {
    let mut out = vec![at];
    let dirs: [Pt; 8] = [
        [0.0, 1.0],
        [0.0, -1.0],
        [1.0, 0.0],
        [-1.0, 0.0],
        [1.0, 1.0],
        [-1.0, 1.0],
        [1.0, -1.0],
        [-1.0, -1.0],
    ];
    for k in 1..=14 {
        let (sx, sy) = (size * 1.6 * k as f64, size * 0.9 * k as f64);
        out.extend(dirs.iter().map(|d| [at[0] + d[0] * sx, at[1] + d[1] * sy]));
        if k >= 2 {
            let half = |d: &Pt| [at[0] + d[0] * sx * 0.5, at[1] + d[1] * sy];
            out.extend(dirs[4..].iter().map(half));
        }
    }
    out
}

/// A province's label as drawn: the centre of its text, its font size, and, for a name moved
/// out of a province too small for it, its leader line: from the name's box to the province.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Label {
    pub at: Pt,
    pub size: f64,
    pub leader: Option<[Pt; 2]>,
}

/// Where each province's label goes, given what is drawn over the map, each label's font size
/// (`sizes`) and the map's (`base`): labels whose own point is free stay there; each other one
/// goes to the nearest free spot inside its province, else the nearest free spot, else its own
/// point. Then a name shrunk for a cramped province is written at the map's size beside it, with
/// a leader line, where a free spot is near ([`leaders`]).
pub(crate) fn place(
    names: &[String],
    l: &Layout,
    blockers: &[Blocker],
    sizes: &[f64],
    base: f64,
) -> Vec<Label> {
    let regions = outlines(l, names.len());
    let spots = spots(names, l, blockers, sizes, &regions);
    let mut out: Vec<Label> = spots
        .iter()
        .enumerate()
        .map(|(i, &at)| Label {
            at,
            size: sizes.get(i).copied().unwrap_or(base),
            leader: None,
        })
        .collect();
    leaders(names, l, blockers, base, &mut out);
    for (label, region) in out.iter_mut().zip(&regions) {
        // A name that found room in its own province needs no line.
        if label.leader.is_some() && in_region(region, label.at) {
            label.leader = None;
        }
    }
    out
}

/// A name shrunk below four fifths of the map's size is readable at full size only outside its
/// province: each such name (the most shrunk first) moves to the nearest spot, at most a few
/// names away, where its box at `base` touches nothing drawn and no other name, and the line
/// from it to the province's label point crosses no other name and passes no unit or dot.
fn leaders(names: &[String], l: &Layout, blockers: &[Blocker], base: f64, out: &mut [Label]) {
    let mut cramped: Vec<usize> = (0..out.len())
        .filter(|&i| out[i].size < base * 0.8 && i < l.label.len())
        .collect();
    cramped.sort_by(|&a, &b| out[a].size.total_cmp(&out[b].size));
    let mut lines: Vec<Blocker> = Vec::new();
    for i in cramped {
        let anchor = l.label[i];
        let boxes: Vec<Rect> = (0..out.len())
            .filter(|&j| j != i)
            .map(|j| text_box(&names[j], out[j].size, out[j].at))
            .collect();
        let reach = base * 6.0;
        let spot = candidates(anchor, base).into_iter().skip(1).find(|&p| {
            let r = text_box(&names[i], base, p);
            let end = nearest_on(&r, anchor);
            let (dx, dy) = (end[0] - anchor[0], end[1] - anchor[1]);
            let line = Blocker::Line(anchor, end, 1.5);
            dx.hypot(dy) <= reach
                && r.x0 >= 0.0
                && r.y0 >= 0.0
                && r.x1 <= l.width
                && r.y1 <= l.height
                && !blockers.iter().chain(&lines).any(|b| r.hits(b))
                && !boxes.iter().any(|o| o.overlaps(&r) || o.hits(&line))
                && !blockers.iter().any(|b| leader_meets(anchor, end, b))
        });
        if let Some(p) = spot {
            let end = nearest_on(&text_box(&names[i], base, p), anchor);
            lines.push(Blocker::Line(anchor, end, 1.0));
            out[i] = Label {
                at: p,
                size: base,
                leader: Some([end, anchor]),
            };
        }
    }
}

/// The point of `r` nearest `p`.
fn nearest_on(r: &Rect, p: Pt) -> Pt {
    [p[0].clamp(r.x0, r.x1), p[1].clamp(r.y0, r.y1)]
}

/// Whether a leader from `a` to `b` passes through a unit, a dot or a line drawn over the map
/// (its first stretch, within the province, may pass under the province's own unit).
fn leader_meets(a: Pt, b: Pt, blocker: &Blocker) -> bool {
    match *blocker {
        Blocker::Disc(c, r) => point_segment(c, a, b) < r && (c[0] - a[0]).hypot(c[1] - a[1]) > r,
        Blocker::Line(p, q, _) => crosses(a, b, p, q),
    }
}

/// Each label's centre at its size in `sizes` (see [`place`]).
fn spots(
    names: &[String],
    l: &Layout,
    blockers: &[Blocker],
    sizes: &[f64],
    regions: &[Vec<Vec<Pt>>],
) -> Vec<Pt> {
    let size_of = |i: usize| sizes.get(i).copied().unwrap_or(10.0);
    let frame = Rect {
        x0: 0.0,
        y0: 0.0,
        x1: l.width,
        y1: l.height,
    };
    let mut placed: Vec<Option<Rect>> = vec![None; names.len()];
    let mut out: Vec<Pt> = l.label.clone();
    out.resize(names.len(), [0.0, 0.0]);
    let free = |r: &Rect, placed: &[Option<Rect>]| {
        r.x0 >= frame.x0
            && r.y0 >= frame.y0
            && r.x1 <= frame.x1
            && r.y1 <= frame.y1
            && !blockers.iter().any(|b| r.hits(b))
            && !placed.iter().flatten().any(|p| p.overlaps(r))
    };
    for (i, name) in names.iter().enumerate() {
        let r = text_box(name, size_of(i), out[i]);
        if free(&r, &placed) {
            placed[i] = Some(r);
        }
    }
    for (i, name) in names.iter().enumerate() {
        if placed[i].is_some() {
            continue;
        }
        let size = size_of(i);
        let spots = candidates(out[i], size);
        let fits = |p: &&Pt| free(&text_box(name, size, **p), &placed);
        let mine = &regions[i];
        let inside = spots.iter().filter(|p| in_region(mine, **p)).find(fits);
        if let Some(&p) = inside.or_else(|| spots.iter().find(fits)) {
            out[i] = p;
            placed[i] = Some(text_box(name, size, p));
        }
    }
    out
}

/// Each province's label size: `base`, smaller (down to 7 pixels) where its unit anchor is
/// close to another's, so that a dense region's names fit between its units.
pub(crate) fn sizes(l: &Layout, base: f64) -> Vec<f64> {
    let at = &l.at;
    if at.len() > 4000 {
        return vec![base; at.len()];
    }
    at.iter()
        .enumerate()
        .map(|(i, a)| {
            let others = at.iter().enumerate().filter(|(j, _)| *j != i);
            let nearest = others
                .map(|(_, b)| (a[0] - b[0]).hypot(a[1] - b[1]))
                .fold(f64::MAX, f64::min);
            (nearest * 0.3).clamp(base.min(7.0), base)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_meets_a_line_through_it_and_not_one_beside_it() {
        let r = Rect {
            x0: 0.0,
            y0: 0.0,
            x1: 10.0,
            y1: 4.0,
        };
        assert!(r.hits(&Blocker::Line([-5.0, 2.0], [15.0, 2.0], 1.0)));
        assert!(!r.hits(&Blocker::Line([-5.0, 8.0], [15.0, 8.0], 1.0)));
        assert!(r.hits(&Blocker::Line([-5.0, 8.0], [15.0, 8.0], 4.5)));
        assert!(r.hits(&Blocker::Disc([12.0, 2.0], 2.5)));
        assert!(!r.hits(&Blocker::Disc([13.0, 2.0], 2.5)));
    }
}
