//! The drawing pass: `[drawing]` and every province's and coast's `draw`, checked and turned
//! into a [`Drawing`] (`maps/FORMAT.md`, "Drawing").

use toml::Spanned;

use super::passes::Ctx;
use super::raw::{Nums, Points, RawDraw, RawDrawing, RawMap};
use crate::drawing::{Drawing, LandMass, Point, Projection, ProvinceDrawing};
use crate::{Province, Terrain};

/// Checks the drawing data; `None` when the map has none (or it is wrong: errors are in `cx`).
pub(super) fn drawing(cx: &mut Ctx, raw: &RawMap, provinces: &[Province]) -> Option<Drawing> {
    let Some(d) = &raw.drawing else {
        for p in &raw.provinces {
            if let Some(draw) = &p.draw {
                cx.err_at(
                    draw.span().start,
                    format!(
                        "`{}` has `draw` but the map has no `[drawing]` table",
                        p.name.get_ref()
                    ),
                );
            }
        }
        return None;
    };
    let before = cx.error_count();
    let mut out = Drawing {
        projection: projection(cx, d),
        bounds: bounds(cx, d)?,
        lands: Vec::new(),
        provinces: Vec::new(),
    };
    out.lands = lands(cx, d, &out);
    for (p, province) in raw.provinces.iter().zip(provinces) {
        let name = p.name.get_ref();
        let Some(draw) = &p.draw else {
            cx.err(&p.name, format!("`{name}` has no `draw` (every province needs `draw = {{ at = [..] }}` when the map has `[drawing]`)"));
            continue;
        };
        let Some(mut pd) = province_drawing(cx, draw, name, &out) else {
            continue;
        };
        check_terrain(cx, draw, name, province.terrain, pd.at, &out);
        for c in p.coasts.iter().flatten() {
            let cname = format!("{name}/{}", c.name.get_ref());
            let at = match &c.draw {
                Some(cd) => cd
                    .get_ref()
                    .at
                    .as_ref()
                    .and_then(|a| point(cx, a, &cname, &out)),
                None => None,
            };
            match at {
                Some(a) => pd.coasts.push(a),
                None => {
                    if c.draw.as_ref().is_none_or(|cd| cd.get_ref().at.is_none()) {
                        cx.err(&c.name, format!("coast `{cname}` has no `draw = {{ at = [..] }}` (its fleet anchor)"));
                    }
                    pd.coasts.push(pd.at);
                }
            }
        }
        out.provinces.push(pd);
    }
    (cx.error_count() == before && out.provinces.len() == provinces.len()).then_some(out)
}

fn projection(cx: &mut Ctx, d: &RawDrawing) -> Projection {
    match d.projection.as_ref().map(|s| (s, s.get_ref().as_str())) {
        None | Some((_, "equirectangular")) => Projection::Equirectangular,
        Some((_, "plane")) => Projection::Plane,
        Some((s, w)) => {
            cx.err(
                s,
                format!("unknown projection `{w}` (expected \"equirectangular\" or \"plane\")"),
            );
            Projection::Equirectangular
        }
    }
}

fn bounds(cx: &mut Ctx, d: &RawDrawing) -> Option<[f64; 4]> {
    let Some(b) = &d.bounds else {
        cx.err_file("`[drawing]` has no `bounds = [west, south, east, north]`");
        return None;
    };
    let v = b.get_ref();
    if v.len() != 4 {
        cx.err_at(
            b.span().start,
            format!(
                "`bounds` must be four numbers: west, south, east, north (found {})",
                v.len()
            ),
        );
        return None;
    }
    if let Some(x) = v.iter().find(|x| !x.is_finite() || x.abs() > 1e7) {
        cx.err_at(
            b.span().start,
            format!(
                "`bounds` holds {x:e}: each of west, south, east, north must be a finite number \
                 between -10000000 and 10000000"
            ),
        );
        return None;
    }
    if v[0] >= v[2] || v[1] >= v[3] {
        cx.err_at(
            b.span().start,
            "`bounds` must be west < east and south < north (x0 < x1, y0 < y1)",
        );
        return None;
    }
    Some([v[0], v[1], v[2], v[3]])
}

fn lands(cx: &mut Ctx, d: &RawDrawing, dr: &Drawing) -> Vec<LandMass> {
    let mut out = Vec::new();
    for (i, l) in d.land.iter().flatten().enumerate() {
        let name = l
            .name
            .as_ref()
            .map_or_else(|| format!("land {}", i + 1), |n| n.get_ref().clone());
        if let Some(points) = polygon(cx, &l.points, &format!("land `{name}`"), dr) {
            out.push(LandMass { name, points });
        }
    }
    out
}

fn province_drawing(
    cx: &mut Ctx,
    draw: &Spanned<RawDraw>,
    name: &str,
    dr: &Drawing,
) -> Option<ProvinceDrawing> {
    let d = draw.get_ref();
    let Some(at) = &d.at else {
        cx.err_at(
            draw.span().start,
            format!("`{name}`'s `draw` has no `at = [..]` (its unit anchor)"),
        );
        return None;
    };
    let at = point(cx, at, name, dr)?;
    let label = d
        .label
        .as_ref()
        .and_then(|l| point(cx, l, name, dr))
        .unwrap_or(at);
    let seeds = match &d.seeds {
        Some(s) => points(cx, s, &format!("`{name}`'s seeds"), dr).unwrap_or_default(),
        None => Vec::new(),
    };
    let shape = d
        .shape
        .as_ref()
        .and_then(|s| polygon(cx, s, &format!("`{name}`'s shape"), dr));
    Some(ProvinceDrawing {
        at,
        label,
        seeds,
        shape,
        coasts: Vec::new(),
    })
}

/// A land province must stand on a land mass and a sea province off every one (when the map has
/// land masses at all).
fn check_terrain(
    cx: &mut Ctx,
    draw: &Spanned<RawDraw>,
    name: &str,
    t: Terrain,
    at: Point,
    dr: &Drawing,
) {
    if dr.lands.is_empty() {
        return;
    }
    let offset = draw
        .get_ref()
        .at
        .as_ref()
        .map_or(draw.span().start, |a| a.span().start);
    match (t == Terrain::Sea, dr.land_at(at)) {
        (true, Some(l)) => cx.err_at(
            offset,
            format!(
                "sea province `{name}` has its `at` on land `{}`",
                dr.lands[l].name
            ),
        ),
        (false, None) => cx.err_at(
            offset,
            format!("land province `{name}` has its `at` in no land polygon"),
        ),
        _ => {}
    }
}

fn point(cx: &mut Ctx, p: &Nums, what: &str, dr: &Drawing) -> Option<Point> {
    let v = p.get_ref();
    if v.len() != 2 || v.iter().any(|x| !x.is_finite()) {
        cx.err_at(
            p.span().start,
            format!("{what}: a point is two numbers, [lon, lat] or [x, y]"),
        );
        return None;
    }
    if !dr.in_bounds([v[0], v[1]]) {
        cx.err_at(
            p.span().start,
            format!(
                "{what}: point [{}, {}] is outside the drawing's bounds",
                v[0], v[1]
            ),
        );
        return None;
    }
    Some([v[0], v[1]])
}

fn points(cx: &mut Ctx, ps: &Points, what: &str, dr: &Drawing) -> Option<Vec<Point>> {
    let mut out = Vec::with_capacity(ps.get_ref().len());
    for v in ps.get_ref() {
        let n: Nums = Spanned::new(ps.span(), v.clone());
        out.push(point(cx, &n, what, dr)?);
    }
    Some(out)
}

fn polygon(cx: &mut Ctx, ps: &Points, what: &str, dr: &Drawing) -> Option<Vec<Point>> {
    if ps.get_ref().len() < 3 {
        cx.err_at(
            ps.span().start,
            format!("{what}: a polygon needs at least 3 points"),
        );
        return None;
    }
    points(cx, ps, what, dr)
}
