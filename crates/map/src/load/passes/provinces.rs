//! The province passes: province names (short, full, aliases; valid and unique) and each
//! province's own facts (terrain, supply centre, home, coasts, ice (DATC 2.4 chapter 8),
//! convoyable coasts (chapter 9), dummy centres).

use super::header::season;
use super::{Ctx, Names};
use crate::load::raw::{RawMap, RawProvince, S};
use crate::{normalize_name, Coast, PowerId, Province, ProvinceId, Terrain};

/// Short names, full names and aliases: valid (no word of the order notations,
/// `crate::RESERVED_WORDS`) and unique across the map.
pub(super) fn province_names(cx: &mut Ctx, raw: &RawMap) -> crate::NameTable {
    let mut names = crate::NameTable::default();
    names.reserve(raw.provinces.len() * 2);
    if raw.provinces.len() > u32::MAX as usize - 1 {
        cx.err_file("too many provinces");
    }
    for (i, p) in raw.provinces.iter().enumerate() {
        let id = ProvinceId(i as u32);
        for key in province_keys(p) {
            let k = normalize_name(key.get_ref());
            if k.is_empty() || k.contains(['/', '(', ')', ':', ',']) {
                cx.err(
                    key,
                    format!(
                        "invalid province name `{}`: names may not be empty or contain / ( ) : ,",
                        key.get_ref()
                    ),
                );
                continue;
            }
            if let Some(why) = crate::reserved::why_not_a_province_name(&k) {
                // Reported, and still known: the edges naming it give no second error.
                let name = key.get_ref();
                cx.err(key, format!("invalid province name `{name}`: {why}"));
            }
            match names.get(&k) {
                Some(&other) if other == id => {}
                Some(&other) => duplicate_name(cx, raw, key, &k, other),
                None => {
                    names.insert(k, id);
                }
            }
        }
    }
    names
}

/// A province's short name, full name and aliases, as written.
fn province_keys(p: &RawProvince) -> impl Iterator<Item = &S> {
    std::iter::once(&p.name)
        .chain(p.full_name.iter())
        .chain(p.aliases.iter().flatten())
}

/// Reports `key` (normalised `k`) as a name `other` already has, naming where `other` has it.
fn duplicate_name(cx: &mut Ctx, raw: &RawMap, key: &S, k: &str, other: ProvinceId) {
    let first = &raw.provinces[other.index()];
    let at = province_keys(first)
        .find(|f| normalize_name(f.get_ref()) == k)
        .map_or(first.name.span().start, |f| f.span().start);
    let place = cx.sources.diagnostic(at, "");
    cx.err(
        key,
        format!(
            "duplicate name `{}`: already used by province `{}` ({}:{})",
            key.get_ref(),
            first.name.get_ref(),
            place.file,
            place.line
        ),
    );
}

fn terrain(cx: &mut Ctx, p: &RawProvince) -> Terrain {
    let Some(t) = &p.terrain else {
        cx.err(&p.name, format!("province `{}` has no `terrain`: expected \"inland\", \"coast\", \"sea\" or \"impassable\"", p.name.get_ref()));
        return Terrain::Impassable;
    };
    match t.get_ref().as_str() {
        "inland" => Terrain::Inland,
        "coast" => Terrain::Coast,
        "sea" => Terrain::Sea,
        "impassable" => Terrain::Impassable,
        other => {
            cx.err(t, format!("unknown terrain `{other}`: expected \"inland\", \"coast\", \"sea\" or \"impassable\""));
            Terrain::Impassable
        }
    }
}

/// Each province's own facts: terrain, centre, home, coasts, and which keys its terrain allows.
pub(super) fn provinces(cx: &mut Ctx, names: &Names) -> Vec<Province> {
    let mut out = Vec::with_capacity(names.raw.provinces.len());
    for p in &names.raw.provinces {
        let terrain = terrain(cx, p);
        let supply_centre = p.supply_centre.unwrap_or(false);
        let full_name = match &p.full_name {
            Some(f) => f.get_ref().clone(),
            None => {
                cx.err(
                    &p.name,
                    format!("province `{}` has no `full_name`", p.name.get_ref()),
                );
                p.name.get_ref().clone()
            }
        };
        let home = p.home.as_ref().and_then(|h| names.power(cx, h));
        let country = p.country.as_ref().and_then(|h| names.power(cx, h));
        if let (Some(h), false) = (&p.home, supply_centre) {
            cx.err(h, format!("`{}` is a home centre of {} but not a supply centre (add supply_centre = true)", p.name.get_ref(), h.get_ref()));
        }
        let coasts = coasts(cx, p, terrain);
        edge_keys(cx, p, terrain);
        let closed = p
            .closed
            .iter()
            .flatten()
            .filter_map(|s| season(cx, s))
            .collect();
        let not_centre_for: Vec<PowerId> = p
            .not_centre_for
            .iter()
            .flatten()
            .filter_map(|s| names.power(cx, s))
            .collect();
        if p.not_centre_for.as_ref().is_some_and(|l| !l.is_empty()) && !supply_centre {
            cx.err(
                &p.name,
                format!(
                    "`{}` has `not_centre_for` but is not a supply centre",
                    p.name.get_ref()
                ),
            );
        }
        let convoyable = p.convoyable.unwrap_or(false);
        if convoyable && terrain != Terrain::Coast {
            cx.err(
                &p.name,
                format!(
                    "`{}` is convoyable but not a coastal province (a sea always is)",
                    p.name.get_ref()
                ),
            );
        }
        let dummy = p.dummy.unwrap_or(false);
        if dummy && (!supply_centre || terrain != Terrain::Impassable || home.is_some()) {
            cx.err(
                &p.name,
                format!(
                    "`{}` is a dummy centre: it must be an impassable supply centre, home to nobody",
                    p.name.get_ref()
                ),
            );
        }
        out.push(Province {
            name: p.name.get_ref().to_lowercase(),
            full_name,
            aliases: p
                .aliases
                .iter()
                .flatten()
                .map(|a| a.get_ref().clone())
                .collect(),
            terrain,
            supply_centre,
            home,
            country,
            coasts,
            convoyable,
            closed,
            not_centre_for,
            dummy,
        });
    }
    out
}

fn coasts(cx: &mut Ctx, p: &RawProvince, terrain: Terrain) -> Vec<Coast> {
    let raw = p.coasts.as_deref().unwrap_or_default();
    if raw.len() == 1 {
        cx.err(&raw[0].name, "a province with one coast declares no [[province.coast]]: give its fleet edges in `fleet`");
    }
    if !raw.is_empty() && terrain != Terrain::Coast {
        cx.err(&p.name, "only a coastal province can have named coasts");
    }
    let mut coasts: Vec<Coast> = Vec::new();
    if let Some(c) = raw.get(u8::MAX as usize) {
        cx.err(&c.name, "too many coasts: a province has at most 255");
    }
    for c in raw.iter().take(u8::MAX as usize) {
        let name = c.name.get_ref().to_lowercase();
        if coasts.iter().any(|x| x.name == name) {
            cx.err(&c.name, format!("duplicate coast `{}`", c.name.get_ref()));
        }
        coasts.push(Coast {
            name,
            full_name: c.full_name.get_ref().clone(),
        });
    }
    coasts
}

/// Army edges need land, fleet edges water; a multi-coast province lists fleet edges per coast.
fn edge_keys(cx: &mut Ctx, p: &RawProvince, terrain: Terrain) {
    let terrain_name = p.terrain.as_ref().map_or("", |t| t.get_ref().as_str());
    if matches!(terrain, Terrain::Sea | Terrain::Impassable)
        && p.army.as_ref().is_some_and(|a| !a.is_empty())
    {
        cx.err(
            &p.name,
            format!(
                "`{}` is {terrain_name} and cannot have army edges",
                p.name.get_ref()
            ),
        );
    }
    let has_fleet = p.fleet.as_ref().is_some_and(|f| !f.is_empty());
    if matches!(terrain, Terrain::Inland | Terrain::Impassable) && has_fleet {
        cx.err(
            &p.name,
            format!(
                "`{}` is {terrain_name} and cannot have fleet edges",
                p.name.get_ref()
            ),
        );
    }
    if terrain == Terrain::Coast && has_fleet && p.coasts.as_ref().is_some_and(|c| !c.is_empty()) {
        cx.err(&p.name, format!("`{}` has named coasts: give its fleet edges per [[province.coast]], not in `fleet`", p.name.get_ref()));
    }
}
