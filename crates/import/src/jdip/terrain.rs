//! Terrain and coasts from the kinds of adjacency a province has (`mv`: land, `xc` or named
//! coasts: fleets), with the fixes jDip files need: `mv` mistyped for `xc`, `isConvoyableCoast`
//! off the coast, a province with one coast, and land nobody borders written impassable.

use std::collections::{BTreeSet, HashMap};

use super::{location, Names, Raw};
use crate::model::{Coast, FindingKind, Model, Place, Terrain, Word};

const COASTS: [(&str, &str); 4] = [
    ("nc", "north coast"),
    ("sc", "south coast"),
    ("ec", "east coast"),
    ("wc", "west coast"),
];

/// Each province's terrain from the kinds of adjacency it has.
pub(super) fn set_terrain(m: &mut Model, raws: &[Raw]) {
    for (prov, raw) in m.provinces.iter_mut().zip(raws) {
        let land = !raw.mv.is_empty();
        let water = !raw.xc.is_empty() || !raw.coasts.is_empty();
        prov.terrain = match (land, water) {
            (true, true) => Terrain::Coast,
            (true, false) => Terrain::Inland,
            (false, true) => Terrain::Sea,
            (false, false) => Terrain::Impassable,
        };
    }
}

/// `isConvoyableCoast` on a province that is not a coast marks nothing: noted and cleared.
pub(super) fn unmark_convoyable(m: &mut Model) {
    for p in &mut m.provinces {
        if p.convoyable && p.terrain != Terrain::Coast {
            let msg = format!(
                "isConvoyableCoast on `{}`, which is {}: nothing to mark",
                p.name,
                p.terrain.word()
            );
            m.findings.push(crate::Finding {
                place: Some(p.at.clone()),
                kind: FindingKind::Note,
                message: msg,
            });
            p.convoyable = false;
        }
    }
}

/// The provinces' named coasts. One coast alone is the province's fleet adjacency (its name
/// goes into `renames`); `xc` edges beside named coasts are left out.
pub(super) fn read_coasts(m: &mut Model, raws: &mut [Raw], renames: &mut HashMap<String, String>) {
    for (i, raw) in raws.iter_mut().enumerate() {
        let name = m.provinces[i].name.clone();
        if raw.coasts.len() == 1 && raw.xc.is_empty() {
            let (c, refs, cat) = raw.coasts.remove(0);
            m.report(
                &cat,
                FindingKind::Note,
                format!(
                    "`{name}` has one coast (`{c}`): a province with one coast has no named \
                     coast in diplo, so its edges are `{name}`'s"
                ),
            );
            renames.insert(format!("{name}/{c}"), name.clone());
            raw.xc.extend(refs.into_iter().map(|r| (r, cat.clone())));
            continue;
        }
        if !raw.coasts.is_empty() && !raw.xc.is_empty() {
            let at = raw.xc[0].1.clone();
            m.report(
                &at,
                FindingKind::NotExpressed,
                format!(
                    "`{name}` has both `xc` adjacency and named coasts: diplo fleets stand on \
                     its coasts only; the `xc` edges are left out"
                ),
            );
            raw.xc.clear();
        }
        for (c, _, cat) in &raw.coasts {
            let full = coast_full_name(m, c, &name, cat);
            m.provinces[i].coasts.push(Coast {
                name: c.clone(),
                full_name: full,
            });
        }
    }
}

/// The full name of coast `c` of province `name`: jDip's own for its four, else `c` itself
/// (reported).
fn coast_full_name(m: &mut Model, c: &str, name: &str, cat: &Place) -> String {
    let full = COASTS
        .iter()
        .find(|(k, _)| *k == c)
        .map(|(_, f)| f.to_string());
    full.unwrap_or_else(|| {
        m.report(
            cat,
            FindingKind::Default,
            format!("coast `{c}` of `{name}` is not one of jDip's four: `{c}` is its full name"),
        );
        c.to_string()
    })
}

/// A land province that borders nothing but itself and that nothing borders cannot be entered:
/// impassable, as diplo writes Switzerland.
pub(super) fn impassable(m: &mut Model) {
    let mut touched: BTreeSet<String> = BTreeSet::new();
    for e in &m.edges {
        let f = e.from.split('/').next().unwrap_or_default();
        let t = e.to.split('/').next().unwrap_or_default();
        if f != t {
            touched.insert(f.to_string());
            touched.insert(t.to_string());
        }
    }
    let occupied: BTreeSet<String> = m
        .powers
        .iter()
        .flat_map(|p| p.units.iter())
        .map(|u| u.location.split('/').next().unwrap_or_default().to_string())
        .collect();
    let mut notes = Vec::new();
    for p in &mut m.provinces {
        if p.terrain == Terrain::Inland && !touched.contains(&p.name) && !occupied.contains(&p.name)
        {
            p.terrain = Terrain::Impassable;
            notes.push((p.at.clone(), p.name.clone()));
        }
    }
    for (at, name) in notes {
        m.report(
            &at,
            FindingKind::Note,
            format!("`{name}` borders nothing and nothing borders it: written as impassable"),
        );
    }
}

/// An `mv` element of a province that is a sea in everybody else's eyes: every province it
/// names is navigable and lists this one under fleet adjacency only (ancmed's Punic Sea, the
/// second `mv` of Imperial's Ceylon). jDip's `mv` there can only be a typing slip for `xc`;
/// it is read as `xc` and reported.
pub(super) fn mistyped_sea_adjacency(m: &mut Model, raws: &mut [Raw], names: &Names) {
    let index = m.province_index();
    let prov = |r: &str| names.province(&location(r).0);
    let fleet_refs: Vec<BTreeSet<String>> = raws
        .iter()
        .map(|r| {
            r.xc.iter()
                .map(|(x, _)| prov(x))
                .chain(
                    r.coasts
                        .iter()
                        .flat_map(|(_, refs, _)| refs.iter().map(|x| prov(x))),
                )
                .collect()
        })
        .collect();
    let army_refs: Vec<BTreeSet<String>> = raws
        .iter()
        .map(|r| {
            r.mv.iter()
                .flat_map(|(refs, _)| refs.iter().map(|x| prov(x)))
                .collect()
        })
        .collect();
    for i in 0..raws.len() {
        let me = m.provinces[i].name.clone();
        let mut kept = Vec::new();
        for (refs, at) in std::mem::take(&mut raws[i].mv) {
            let others: Vec<usize> = refs
                .iter()
                .map(|r| prov(r))
                .filter(|r| *r != me)
                .filter_map(|r| index.get(&r).copied())
                .collect();
            let mistyped = !others.is_empty()
                && others.len() == refs.iter().filter(|r| prov(r) != me).count()
                && others.iter().all(|&j| {
                    fleet_refs[j].contains(&me)
                        && !army_refs[j].contains(&me)
                        && (!raws[j].xc.is_empty() || !raws[j].coasts.is_empty())
                });
            if mistyped {
                m.report(
                    &at,
                    FindingKind::Ambiguous,
                    format!(
                        "`{me}` lists {} under `mv` (army), but each is water or coast and lists \
                         `{me}` under fleet adjacency only: read as `xc` (fleet)",
                        refs.join(", ")
                    ),
                );
                raws[i].xc.extend(refs.into_iter().map(|r| (r, at.clone())));
            } else {
                kept.push((refs, at));
            }
        }
        raws[i].mv = kept;
    }
}
