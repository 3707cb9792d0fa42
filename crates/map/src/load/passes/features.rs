//! The variant feature passes: `[[border]]` tables (difficult edges, DATC 2.4 chapter 10;
//! half-strength, seasonally closed and one-way edges), `[[railroad]]` lines and `[[canal]]`s.

use super::header::season;
use super::{Ctx, Graph, Names};
use crate::load::raw::S;
use crate::{normalize_name, Border, Canal, Province, ProvinceId, Railroad};

fn kinds(cx: &mut Ctx, list: &Option<Vec<S>>) -> [bool; 2] {
    let Some(list) = list else {
        return [true, true];
    };
    let mut out = [false, false];
    for s in list {
        match s.get_ref().to_ascii_lowercase().as_str() {
            "army" | "a" => out[0] = true,
            "fleet" | "f" => out[1] = true,
            other => cx.err(
                s,
                format!("unknown unit kind `{other}`: expected \"army\" or \"fleet\""),
            ),
        }
    }
    out
}

/// `[[border]]` tables: each names an existing edge and gives it properties.
pub(super) fn borders(
    cx: &mut Ctx,
    names: &Names,
    provinces: &[Province],
    g: &Graph,
) -> Vec<Border> {
    let mut out = Vec::new();
    for b in &names.raw.borders {
        let ends: Vec<&S> = match (&b.between, &b.from, &b.to) {
            (Some(between), None, None) if between.get_ref().len() == 2 => {
                between.get_ref().iter().collect()
            }
            (None, Some(f), Some(t)) => vec![f, t],
            _ => {
                cx.err_at(b.at.start, "a [[border]] names its edge with `between = [A, B]` (both directions) or with `from` and `to` (one)");
                continue;
            }
        };
        let one_direction = b.between.is_none();
        if b.one_way && !one_direction {
            cx.err_at(b.at.start, "`one_way` needs `from` and `to`, not `between`");
        }
        let (Some(a), Some(z)) = (
            names.province(cx, provinces, ends[0]),
            names.province(cx, provinces, ends[1]),
        ) else {
            continue;
        };
        let units = kinds(cx, &b.units);
        let exists = |x: ProvinceId, y: ProvinceId| {
            (units[0] && g.army[x.index()].binary_search(&y).is_ok())
                || (units[1]
                    && g.nodes_of(x, provinces)
                        .any(|n| g.fleet[n].iter().any(|l| l.province == y)))
        };
        let found = exists(a, z) || (!one_direction && exists(z, a));
        if !found {
            cx.err(
                ends[1],
                format!(
                    "no edge from `{}` to `{}` for the border to apply to",
                    provinces[a.index()].name,
                    provinces[z.index()].name
                ),
            );
            continue;
        }
        let half_strength = b.half_strength.as_ref().is_some_and(|h| *h.get_ref());
        if !b.difficult && !half_strength && b.closed.is_empty() && !b.one_way && b.units.is_none()
        {
            cx.err_at(
                b.at.start,
                "this [[border]] says nothing: give `difficult`, `half_strength`, `closed` or `one_way`",
            );
        }
        if let Some(h) = b.half_strength.as_ref().filter(|h| *h.get_ref()) {
            if b.difficult {
                cx.err_at(
                    h.span().start,
                    "a border is `difficult` or `half_strength`, not both",
                );
            }
        }
        let closed = b.closed.iter().filter_map(|s| season(cx, s)).collect();
        let pairs: &[(ProvinceId, ProvinceId)] = if one_direction {
            &[(a, z)]
        } else {
            &[(a, z), (z, a)]
        };
        for &(from, to) in pairs {
            out.push(Border {
                from,
                to,
                difficult: b.difficult,
                half_strength,
                units,
                closed: Vec::clone(&closed),
                one_way: b.one_way,
            });
        }
    }
    out
}

/// `[[railroad]]`: a line of land provinces, each next to the one before, used by some powers.
pub(super) fn railroads(
    cx: &mut Ctx,
    names: &Names,
    provinces: &[Province],
    g: &Graph,
) -> Vec<Railroad> {
    let mut out = Vec::new();
    for r in &names.raw.railroads {
        let line: Vec<ProvinceId> = r
            .provinces
            .iter()
            .filter_map(|s| names.province(cx, provinces, s))
            .collect();
        if line.len() != r.provinces.len() {
            continue;
        }
        if line.len() < 2 {
            cx.err(&r.name, "a railroad needs at least two provinces");
            continue;
        }
        for (w, s) in line.windows(2).zip(&r.provinces[1..]) {
            if g.army[w[0].index()].binary_search(&w[1]).is_err() {
                cx.err(
                    s,
                    format!(
                        "railroad `{}`: `{}` is not next to `{}` (no army edge)",
                        r.name.get_ref(),
                        provinces[w[1].index()].name,
                        provinces[w[0].index()].name
                    ),
                );
            }
        }
        if names
            .provinces
            .contains_key(&normalize_name(r.name.get_ref()))
        {
            cx.err(
                &r.name,
                format!(
                    "railroad name `{}` is also a province name",
                    r.name.get_ref()
                ),
            );
        }
        out.push(Railroad {
            name: r.name.get_ref().clone(),
            full_name: r
                .full_name
                .as_ref()
                .map_or_else(|| r.name.get_ref().clone(), |f| f.get_ref().clone()),
            provinces: line,
            powers: r.powers.iter().filter_map(|p| names.power(cx, p)).collect(),
        });
    }
    out
}

/// `[[canal]]`: a land province that joins two water provinces for fleets.
pub(super) fn canals(cx: &mut Ctx, names: &Names, provinces: &[Province]) -> Vec<Canal> {
    let mut out = Vec::new();
    for c in &names.raw.canals {
        let province = names.province(cx, provinces, &c.province);
        let seas: Vec<ProvinceId> = c
            .seas
            .iter()
            .filter_map(|s| names.province(cx, provinces, s))
            .collect();
        if c.seas.len() != 2 {
            cx.err(&c.province, "a canal joins exactly two `seas`");
            continue;
        }
        if let (Some(province), &[a, b]) = (province, &seas[..]) {
            out.push(Canal {
                province,
                seas: [a, b],
            });
        }
    }
    out
}
