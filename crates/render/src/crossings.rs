//! Crossings with properties (difficult, half-strength, closed in some seasons, one-way): a
//! styled line along the border the two provinces share (a one-way crossing with an arrow
//! across it, a half-strength one with a `½` on it); two provinces that share no border on the
//! picture (a route off the map, round a continent) get a short styled line leaving each,
//! labelled with the other end's name.

use std::fmt::Write;

use diplo_map::{Border, Map, ProvinceId};

use crate::features::{head, seasons, short, stroke_line, Entry, Stroke};
use crate::geom::{inside, Edge, Pt};
use crate::labels::Blocker;
use crate::layout::Layout;
use crate::svg::{esc, n};

const DIFFICULT: Stroke = Stroke("#a0522d", 3.0, "7,3");
const HALF: Stroke = Stroke("#7b3fa0", 3.0, "2,3");
const CLOSED: Stroke = Stroke("#3d8fc4", 3.0, "1,3");
const ONE_WAY: Stroke = Stroke("#0b6e4f", 2.5, "");

/// A straight piece of a line: its two ends.
type Segment = (Pt, Pt);

/// What a crossing has, in legend order: difficult, half-strength, closed, one-way.
fn kinds(x: &Border) -> [bool; 4] {
    [
        x.difficult,
        x.half_strength,
        !x.closed.is_empty(),
        x.one_way,
    ]
}

/// The segments of the border between provinces `a` and `b` on the picture: cell edges between
/// them (on land, not across the water), and a land cell's coastline where it faces the other's
/// sea cell.
pub(crate) fn shared_border(l: &Layout, a: usize, b: usize) -> Vec<(Pt, Pt)> {
    let mut out = Vec::new();
    let polys = |p: usize| {
        l.cells
            .iter()
            .filter(move |c| c.province == p)
            .map(|c| c.poly.iter().map(|v| v.0).collect::<Vec<Pt>>())
            .collect::<Vec<_>>()
    };
    for (p, q) in [(a, b), (b, a)] {
        let q_polys = polys(q);
        for c in l.cells.iter().filter(|c| c.province == p) {
            for i in 0..c.poly.len() {
                let ((s, e), (t, _)) = (c.poly[i], c.poly[(i + 1) % c.poly.len()]);
                let m = [(s[0] + t[0]) / 2.0, (s[1] + t[1]) / 2.0];
                let along = match e {
                    // Each shared cell edge once, from `a`'s side.
                    Edge::Seed(j) => {
                        p == a
                            && l.seed_province.get(j) == Some(&q)
                            && crate::layout::is_border(l, c, e, s, t)
                    }
                    Edge::Outer => c.land.is_some() && q_polys.iter().any(|poly| inside(m, poly)),
                };
                if along && (s[0] - t[0]).hypot(s[1] - t[1]) > 1e-6 {
                    out.push((s, t));
                }
            }
        }
    }
    out
}

/// The longest of some segments.
fn longest(segs: &[(Pt, Pt)]) -> Option<(Pt, Pt)> {
    let len = |s: &(Pt, Pt)| (s.1[0] - s.0[0]).hypot(s.1[1] - s.0[1]);
    segs.iter()
        .copied()
        .max_by(|x, y| len(x).total_cmp(&len(y)))
}

/// Where a crossing is drawn: along the shared border, or short lines leaving each province.
enum Route {
    Border(Vec<(Pt, Pt)>),
    Apart([(Pt, Pt); 2]),
}

fn route(l: &Layout, from: ProvinceId, to: ProvinceId) -> Option<Route> {
    let segs = shared_border(l, from.0 as usize, to.0 as usize);
    if !segs.is_empty() {
        return Some(Route::Border(segs));
    }
    let (a, e) = (l.at(from), l.at(to));
    let (dx, dy) = (e[0] - a[0], e[1] - a[1]);
    let len = dx.hypot(dy);
    if len < 1e-6 {
        return None;
    }
    let u = [dx / len, dy / len];
    let (gap, reach) = (l.unit * 1.6, (l.unit * 5.0).min(len / 3.0));
    let stub = |p: Pt, s: f64| {
        (
            [p[0] + s * u[0] * gap, p[1] + s * u[1] * gap],
            [p[0] + s * u[0] * reach, p[1] + s * u[1] * reach],
        )
    };
    Some(Route::Apart([stub(a, 1.0), stub(e, -1.0)]))
}

/// An arrow across the middle of `seg`, pointing to the side `towards` is on; answers its ends.
fn across(b: &mut String, seg: (Pt, Pt), towards: Pt) -> [Pt; 2] {
    let (s, t) = seg;
    let m = [(s[0] + t[0]) / 2.0, (s[1] + t[1]) / 2.0];
    let len = (t[0] - s[0]).hypot(t[1] - s[1]).max(1e-9);
    let mut nrm = [-(t[1] - s[1]) / len, (t[0] - s[0]) / len];
    if (towards[0] - m[0]) * nrm[0] + (towards[1] - m[1]) * nrm[1] < 0.0 {
        nrm = [-nrm[0], -nrm[1]];
    }
    let (a, e) = (
        [m[0] - nrm[0] * 9.0, m[1] - nrm[1] * 9.0],
        [m[0] + nrm[0] * 9.0, m[1] + nrm[1] * 9.0],
    );
    stroke_line(b, "one-way-arrow", a, e, &ONE_WAY, "");
    head(b, a, e, ONE_WAY.0);
    [a, e]
}

/// Draws one crossing's kind `k` on its route; answers the points it covers.
fn draw_one(b: &mut String, map: &Map, l: &Layout, x: &Border, k: usize, r: &Route) -> Vec<Pt> {
    let strokes = [&DIFFICULT, &HALF, &CLOSED, &ONE_WAY];
    let classes = ["difficult", "half-strength", "closed-border", "one-way"];
    let mut at = Vec::new();
    let (segs, middle): (Vec<Segment>, Option<Segment>) = match r {
        Route::Border(s) => (s.clone(), longest(s)),
        Route::Apart(s) => (s.to_vec(), None),
    };
    for &(s, t) in &segs {
        stroke_line(b, classes[k], s, t, strokes[k], " stroke-linecap=\"round\"");
        at.extend([s, t]);
    }
    let marks: Vec<Pt> = match (middle, r) {
        (Some((s, t)), _) => vec![[(s[0] + t[0]) / 2.0, (s[1] + t[1]) / 2.0]],
        (None, Route::Apart(s)) => s.iter().map(|p| p.1).collect(),
        _ => Vec::new(),
    };
    if k == 3 {
        match (middle, r) {
            // The arrow is covered like the line (names keep off both).
            (Some(seg), _) => at.extend(across(b, seg, l.at(x.to))),
            (None, Route::Apart([first, _])) => head(b, first.0, first.1, ONE_WAY.0),
            _ => {}
        }
    }
    if k == 1 {
        for m in &marks {
            let _ = write!(b, "<circle cx=\"{}\" cy=\"{}\" r=\"8\" fill=\"white\" stroke=\"{}\"/><text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" fill=\"{}\">½</text>", n(m[0]), n(m[1]), HALF.0, n(m[0]), n(m[1] + 4.0), HALF.0);
        }
    }
    if let Route::Apart([s, t]) = r {
        // Each end names the other.
        for (end, other) in [(s.1, x.to), (t.1, x.from)] {
            let _ = write!(b, "<text class=\"crossing-end\" x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{}\" stroke=\"white\" stroke-width=\"2.5\" paint-order=\"stroke\">to {}</text>", n(end[0]), n(end[1] + 18.0), strokes[k].0, esc(&short(map, other)));
        }
    }
    at
}

/// Crossings with properties: one drawing per pair of provinces and property (a one-way
/// crossing with its arrow pointing where it leads).
pub(crate) fn crossings(
    b: &mut String,
    map: &Map,
    l: &Layout,
    blockers: &mut Vec<Blocker>,
    entries: &mut Vec<Entry>,
) {
    let mut seen: Vec<(ProvinceId, ProvinceId, usize)> = Vec::new();
    let mut used: [Vec<String>; 4] = Default::default();
    let mut used_at: [Vec<Pt>; 4] = Default::default();
    let classes = ["difficult", "half-strength", "closed-border", "one-way"];
    for x in map.borders() {
        for (k, on) in kinds(x).into_iter().enumerate() {
            let pair = (x.from.min(x.to), x.from.max(x.to), k);
            if !on || (k != 3 && seen.contains(&pair)) {
                continue;
            }
            seen.push(pair);
            let Some(r) = route(l, x.from, x.to) else {
                continue;
            };
            let name = format!("{}–{}", short(map, x.from), short(map, x.to));
            let what = match k {
                2 => format!("{name} in {}", seasons(map, &x.closed)),
                3 => format!("{} → {}", short(map, x.from), short(map, x.to)),
                _ => name.clone(),
            };
            let _ = write!(
                b,
                "<g class=\"crossing\" data-kind=\"{}\" data-between=\"{}\">",
                classes[k],
                esc(&name)
            );
            let at = draw_one(b, map, l, x, k, &r);
            b.push_str("</g>\n");
            blockers.extend(at.chunks(2).map(|s| Blocker::Line(s[0], s[1], 6.5)));
            if let Route::Apart(ends) = &r {
                for e in ends {
                    blockers.push(Blocker::Disc([e.1[0], e.1[1] + 14.0], 12.0));
                }
            }
            used[k].push(what);
            used_at[k].extend(at);
        }
    }
    legend(&mut used, &mut used_at, entries);
}

/// The legend entries of the crossings drawn.
fn legend(used: &mut [Vec<String>; 4], at: &mut [Vec<Pt>; 4], entries: &mut Vec<Entry>) {
    let strokes = [&DIFFICULT, &HALF, &CLOSED, &ONE_WAY];
    let words = [
        "difficult crossing (one support less)",
        "half-strength crossing",
        "crossing closed",
        "one-way crossing",
    ];
    for k in 0..4 {
        if !used[k].is_empty() {
            let mut s = String::new();
            stroke_line(&mut s, "sample", [2.0, 0.0], [26.0, 0.0], strokes[k], "");
            if k == 3 {
                head(&mut s, [2.0, 0.0], [26.0, 0.0], ONE_WAY.0);
            }
            entries.push(Entry {
                sample: s,
                text: format!("{}: {}", words[k], used[k].join(", ")),
                at: std::mem::take(&mut at[k]),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_share_a_border_and_distant_provinces_none() {
        let map = Map::standard();
        let l = Layout::new(&map);
        let id = |k: &str| map.province_by_key(k).unwrap().0 as usize;
        let border = shared_border(&l, id("par"), id("bur"));
        assert!(!border.is_empty());
        // The border lies between the two anchors, not through either.
        let (par, bur) = (l.at[id("par")], l.at[id("bur")]);
        for (s, t) in &border {
            for p in [s, t] {
                let d = |q: Pt| (p[0] - q[0]).hypot(p[1] - q[1]);
                assert!(d(par) > 5.0 && d(bur) > 5.0, "{p:?}");
            }
        }
        // A coast: Brest's coastline on the English Channel.
        assert!(!shared_border(&l, id("bre"), id("eng")).is_empty());
        assert!(shared_border(&l, id("par"), id("mos")).is_empty());
    }
}
