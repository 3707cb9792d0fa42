//! The power passes: power names, adjectives and abbreviations (unique), and each power's home
//! centres, starting units, starting centres, build sites and no-build centres.

use std::collections::HashMap;

use toml::Spanned;

use super::{terrain_word, Ctx, Names};
use crate::load::raw::{RawMap, S};
use crate::{Power, PowerId, Province, ProvinceId, StartingUnit, UnitKind};

/// Power names, adjectives and abbreviations: unique, case-insensitively.
pub(super) fn power_names(cx: &mut Ctx, raw: &RawMap) -> HashMap<String, PowerId> {
    let mut ids: HashMap<String, PowerId> = HashMap::new();
    if raw.powers.len() > u8::MAX as usize {
        cx.err_file("too many powers (at most 255)");
    }
    for (i, p) in raw.powers.iter().enumerate() {
        for (key, what) in [
            (Some(&p.name), "name"),
            (p.adjective.as_ref(), "adjective"),
            (p.abbreviation.as_ref(), "abbreviation"),
        ] {
            let Some(key) = key else {
                cx.err(
                    &p.name,
                    format!("power `{}` has no `{what}`", p.name.get_ref()),
                );
                continue;
            };
            let k = key.get_ref().to_lowercase();
            if ids
                .insert(k, PowerId(i as u8))
                .is_some_and(|prev| prev.index() != i)
            {
                cx.err(key, format!("duplicate power name `{}`", key.get_ref()));
            }
        }
    }
    ids
}

/// The supply centres in the map's `centre_order` (each once, every one), else in province
/// order.
pub(super) fn centre_order(cx: &mut Ctx, names: &Names, provinces: &[Province]) -> Vec<ProvinceId> {
    let by_province = || {
        (0..provinces.len())
            .filter(|&j| provinces[j].supply_centre)
            .map(|j| ProvinceId(j as u32))
    };
    let Some(list) = &names.raw.centre_order else {
        return by_province().collect();
    };
    let mut order = Vec::new();
    for (c, p) in list
        .get_ref()
        .iter()
        .zip(centre_list(cx, names, provinces, list.get_ref()))
    {
        if order.contains(&p) {
            cx.err(
                c,
                format!("`{}` is listed twice in `centre_order`", c.get_ref()),
            );
        }
        order.push(p);
    }
    let missing: Vec<&str> = by_province()
        .filter(|p| !order.contains(p))
        .map(|p| provinces[p.index()].name.as_str())
        .collect();
    if !missing.is_empty() {
        let what = format!(
            "`centre_order` leaves out {}: it lists every supply centre once",
            missing.join(", ")
        );
        cx.err_at(list.span().start, what);
    }
    order
}

/// Powers: home centres (from the provinces, in the order of `centre_order`), starting units,
/// starting centres, build sites.
pub(super) fn powers(
    cx: &mut Ctx,
    names: &Names,
    provinces: &[Province],
    centre_order: &[ProvinceId],
) -> Vec<Power> {
    let mut out = Vec::new();
    let mut occupied: HashMap<ProvinceId, usize> = HashMap::new();
    for (i, rp) in names.raw.powers.iter().enumerate() {
        let id = PowerId(i as u8);
        let home_centres: Vec<ProvinceId> = (centre_order.iter().copied())
            .filter(|p| provinces[p.index()].home == Some(id))
            .collect();
        let mut units = Vec::new();
        for u in rp.units.iter().flatten() {
            let Some(unit) = starting_unit(cx, names, provinces, u) else {
                continue;
            };
            if occupied.insert(unit.location.province, i).is_some() {
                let p = &provinces[unit.location.province.index()].name;
                cx.err(u, format!("two starting units in `{p}`"));
            }
            units.push(unit);
        }
        let centres = match &rp.centres {
            None => home_centres.clone(),
            Some(list) => centre_list(cx, names, provinces, list),
        };
        let build_sites = rp
            .build_sites
            .as_ref()
            .map(|l| centre_list(cx, names, provinces, l))
            .unwrap_or_default();
        let no_build = rp
            .no_build
            .as_ref()
            .map(|l| centre_list(cx, names, provinces, l))
            .unwrap_or_default();
        let word = |s: &Option<S>| s.as_ref().map_or_else(String::new, |s| s.get_ref().clone());
        if rp.rebuild == Some(true) && rp.neutral != Some(true) {
            cx.err(
                &rp.name,
                format!(
                    "power `{}` has `rebuild` but is not `neutral`",
                    rp.name.get_ref()
                ),
            );
        }
        out.push(Power {
            name: rp.name.get_ref().clone(),
            adjective: word(&rp.adjective),
            abbreviation: word(&rp.abbreviation),
            home_centres,
            units,
            centres,
            build_sites,
            no_build,
            neutral: rp.neutral.unwrap_or(false),
            rebuild: rp.rebuild.unwrap_or(false),
        });
    }
    out
}

fn centre_list(cx: &mut Ctx, names: &Names, provinces: &[Province], list: &[S]) -> Vec<ProvinceId> {
    list.iter()
        .filter_map(|c| {
            let p = names.province(cx, provinces, c)?;
            if !provinces[p.index()].supply_centre {
                cx.err(c, format!("`{}` is not a supply centre", c.get_ref()));
                return None;
            }
            Some(p)
        })
        .collect()
}

fn starting_unit(
    cx: &mut Ctx,
    names: &Names,
    provinces: &[Province],
    u: &S,
) -> Option<StartingUnit> {
    let t = u.get_ref().trim();
    let (kind, rest) = match t.split_once(char::is_whitespace) {
        Some((k, r)) if k.eq_ignore_ascii_case("a") => (UnitKind::Army, r),
        Some((k, r)) if k.eq_ignore_ascii_case("f") => (UnitKind::Fleet, r),
        _ => {
            cx.err(
                u,
                format!("starting unit `{t}`: expected `A <province>` or `F <province>[/coast]`"),
            );
            return None;
        }
    };
    let place = Spanned::new(u.span(), rest.trim().to_string());
    let loc = names.location(cx, provinces, &place)?;
    let prov = &provinces[loc.province.index()];
    let why = match kind {
        UnitKind::Army if !(prov.terrain.is_land() && loc.coast.is_none()) => Some(format!(
            "an army cannot stand in `{}` ({})",
            prov.name,
            terrain_word(prov.terrain)
        )),
        UnitKind::Fleet
            if prov.terrain.is_navigable() && prov.is_multi_coast() && loc.coast.is_none() =>
        {
            Some(format!("a fleet in `{}` must name its coast", prov.name))
        }
        UnitKind::Fleet if !prov.terrain.is_navigable() => Some(format!(
            "a fleet cannot stand in `{}` ({})",
            prov.name,
            terrain_word(prov.terrain)
        )),
        _ => None,
    };
    if let Some(why) = why {
        cx.err(u, format!("impossible starting unit `{t}`: {why}"));
        return None;
    }
    Some(StartingUnit {
        kind,
        location: loc,
    })
}
