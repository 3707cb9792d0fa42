//! Provinces and coasts into the model: terrain from the place lines, named coasts (`X/NC`),
//! full names and aliases from the name lines (ambiguous `?` aliases and coasts' aliases
//! reported), and the letter-case check of coastal provinces.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::edges::is_lower;
use super::{LocLine, MilaTerrain, NameLine, Reader};
use crate::model::{Coast, FindingKind, Model, Place, Province, Terrain};

impl<'a> Reader<'a> {
    /// Provinces and coasts; returns MILA place (upper case) → diplo location.
    pub(super) fn provinces(&mut self, m: &mut Model) -> HashMap<String, String> {
        let (mut locs, index) = self.province_list(m);
        let coast_lines = self.coast_lines(m, &index);
        self.add_coasts(m, &index, &mut locs, coast_lines);
        let used_names = self.province_names(m, &index);
        self.coast_names(m, &index, &used_names);
        locs
    }

    /// One province per place that is no coast, with its terrain; returns MILA place →
    /// diplo location and MILA place → index in `m.provinces`.
    fn province_list(&self, m: &mut Model) -> (HashMap<String, String>, HashMap<String, usize>) {
        let mut locs: HashMap<String, String> = HashMap::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        for (key, line) in &self.locs {
            if key.contains('/') {
                continue;
            }
            let terrain = match line.terrain {
                MilaTerrain::Water => Terrain::Sea,
                MilaTerrain::Land => Terrain::Inland,
                MilaTerrain::Coast | MilaTerrain::Port => Terrain::Coast,
                MilaTerrain::Shut => Terrain::Impassable,
            };
            let mut p = Province::new(key, terrain, line.at.clone());
            p.convoyable = line.terrain == MilaTerrain::Port;
            index.insert(key.clone(), m.provinces.len());
            locs.insert(key.clone(), p.name.clone());
            m.provinces.push(p);
        }
        (locs, index)
    }

    /// The coast places (`X/NC`) by coastal province, in file order (lower-case coast, place);
    /// a coast of no coastal province is reported.
    fn coast_lines(
        &self,
        m: &mut Model,
        index: &HashMap<String, usize>,
    ) -> BTreeMap<String, Vec<(String, Place)>> {
        let mut coast_lines: BTreeMap<String, Vec<(String, Place)>> = BTreeMap::new();
        for (key, line) in &self.locs {
            let Some((parent, coast)) = key.split_once('/') else {
                continue;
            };
            match index.get(parent) {
                Some(&i) if m.provinces[i].terrain == Terrain::Coast => coast_lines
                    .entry(parent.to_string())
                    .or_default()
                    .push((coast.to_lowercase(), line.at.clone())),
                _ => m.report(
                    &line.at,
                    FindingKind::NotExpressed,
                    format!("coast `{key}` of no coastal province `{parent}`: left out"),
                ),
            }
        }
        coast_lines
    }

    /// The provinces' named coasts, with their full names; a province's only coast is the
    /// province itself in diplo (its place goes to the province in `locs`).
    fn add_coasts(
        &self,
        m: &mut Model,
        index: &HashMap<String, usize>,
        locs: &mut HashMap<String, String>,
        coast_lines: BTreeMap<String, Vec<(String, Place)>>,
    ) {
        for (parent, coasts) in coast_lines {
            let i = index[&parent];
            let p_name = m.provinces[i].name.clone();
            if coasts.len() == 1 {
                let (c, at) = &coasts[0];
                m.report(
                    at,
                    FindingKind::Note,
                    format!(
                        "`{parent}/{}` is the only coast of `{p_name}`: a province with one coast \
                         has no named coast in diplo, so its edges are `{p_name}`'s",
                        c.to_uppercase()
                    ),
                );
                locs.insert(format!("{parent}/{}", c.to_uppercase()), p_name);
                continue;
            }
            for (c, at) in coasts {
                let key = format!("{parent}/{}", c.to_uppercase());
                let full = self.coast_full_name(m, &key, &c, &at);
                locs.insert(key, format!("{p_name}/{c}"));
                m.provinces[i].coasts.push(Coast {
                    name: c,
                    full_name: full,
                });
            }
        }
    }

    /// The full name of coast `c` (place `key`): from its name line's parentheses, else a
    /// default (reported).
    fn coast_full_name(&self, m: &mut Model, key: &str, c: &str, at: &Place) -> String {
        let full = match self.names.get(key) {
            Some(n) => n
                .full
                .rsplit_once('(')
                .map(|(_, r)| r.trim_end_matches(')').trim().to_string()),
            None => None,
        };
        full.unwrap_or_else(|| {
            let f = default_coast_name(c);
            m.report(
                at,
                FindingKind::Default,
                format!("coast `{key}` has no full name: `{f}` is used"),
            );
            f
        })
    }

    /// The provinces' full names and aliases from their name lines, and the letter case
    /// checks; returns the places whose name line was used.
    fn province_names(&self, m: &mut Model, index: &HashMap<String, usize>) -> BTreeSet<String> {
        let mut used_names: BTreeSet<String> = BTreeSet::new();
        for (key, line) in &self.locs {
            if key.contains('/') {
                continue;
            }
            let i = index[key];
            if let Some(n) = self.names.get(key) {
                used_names.insert(key.clone());
                m.provinces[i].full_name = Some(n.full.clone());
                let aliases = alias_list(m, i, &n.aliases, &n.at);
                m.provinces[i].aliases.extend(aliases);
            }
            fleet_case(m, i, line);
        }
        used_names
    }

    /// The name lines not used for a province: coasts' names, whose aliases diplo cannot
    /// keep (reported) unless they name a single-coast province or respell the coast.
    fn coast_names(
        &self,
        m: &mut Model,
        index: &HashMap<String, usize>,
        used_names: &BTreeSet<String>,
    ) {
        for (key, n) in &self.names {
            if used_names.contains(key) {
                continue;
            }
            let Some((parent, coast)) = key.split_once('/') else {
                m.report(
                    &n.at,
                    FindingKind::NotExpressed,
                    format!(
                        "name line for `{key}` ({}), which has no terrain line",
                        n.full
                    ),
                );
                continue;
            };
            let Some(&i) = index.get(parent) else {
                continue; // reported with the coast line
            };
            let lost = coast_aliases(m, i, n, &coast.to_lowercase());
            if !lost.is_empty() {
                m.report(
                    &n.at,
                    FindingKind::NotExpressed,
                    format!(
                        "alias(es) {} of `{key}` ({}) left out: diplo has no aliases for coasts \
                         (it reads the province's names with the coast's: `{}`)",
                        lost.join(", "),
                        n.full,
                        key.to_lowercase()
                    ),
                );
            }
        }
    }
}

/// Fleets may not stand in a place written in lower case: a coastal province `i` whose case
/// disagrees with its coasts is reported.
fn fleet_case(m: &mut Model, i: usize, line: &LocLine) {
    let p = &m.provinces[i];
    if p.terrain != Terrain::Coast {
        return;
    }
    let lower = is_lower(&line.written);
    if p.coasts.is_empty() && lower {
        m.report(
            &line.at,
            FindingKind::NotExpressed,
            format!(
                "`{}` is written in lower case (no fleet may stand there) but has \
                 no coasts: diplo has no coastal province without a fleet; no fleet \
                 edge is written for it",
                line.written
            ),
        );
    } else if !p.coasts.is_empty() && !lower {
        m.report(
            &line.at,
            FindingKind::NotExpressed,
            format!(
                "`{}` has coasts but is written in upper case (a fleet may stand in \
                 the province itself): diplo fleets stand on its coasts only",
                line.written
            ),
        );
    }
}

/// The aliases of the name line `n` of `coast` of province `i`: those of a single-coast
/// province's only coast name the province (added); those respelling the coast are dropped;
/// the others are returned (quoted), to be reported.
fn coast_aliases(m: &mut Model, i: usize, n: &NameLine, coast: &str) -> Vec<String> {
    let is_coast = m.provinces[i].coasts.iter().any(|c| c.name == coast);
    let mut lost: Vec<String> = Vec::new();
    for alias in &n.aliases {
        let a = alias.replace('+', " ");
        if is_coast && respells(&m.provinces[i], &a, coast) {
            continue;
        }
        let a = a.trim_end_matches('?');
        if !is_coast && m.provinces[i].coasts.is_empty() {
            // The only coast of a single-coast province: its aliases name the province.
            if !a.contains(['/', '(']) {
                m.provinces[i].aliases.push((a.to_string(), n.at.clone()));
                continue;
            }
            if respells(&m.provinces[i], a, coast) {
                continue;
            }
        }
        lost.push(format!("`{alias}`"));
    }
    lost
}

fn default_coast_name(c: &str) -> String {
    match c {
        "nc" => "north coast".into(),
        "sc" => "south coast".into(),
        "ec" => "east coast".into(),
        "wc" => "west coast".into(),
        other => format!("{other} coast"),
    }
}

/// The aliases of a province's name line, with `+` read as a space; ambiguous ones (`?`) are
/// reported and left out.
fn alias_list(m: &mut Model, i: usize, raw: &[String], at: &Place) -> Vec<(String, Place)> {
    let mut out = Vec::new();
    for a in raw {
        if let Some(bare) = a.strip_suffix('?') {
            let name = m.provinces[i].name.clone();
            m.report(
                at,
                FindingKind::NotExpressed,
                format!(
                    "alias `{a}` of `{name}` is marked ambiguous (MILA refuses it where orders are \
                     not checked); diplo has no ambiguous names, so `{bare}` is left out"
                ),
            );
            continue;
        }
        out.push((a.replace('+', " "), at.clone()));
    }
    out
}

/// Whether `alias` only respells province `p` and its coast `coast` (`spa(nc)`, `spain/nc`,
/// `spa (north coast)`): diplo reads those through the province's names anyway.
fn respells(p: &Province, alias: &str, coast: &str) -> bool {
    let (prov, c) = if let Some((a, b)) = alias.split_once('(') {
        (a, b.trim_end_matches(')'))
    } else if let Some((a, b)) = alias.split_once('/') {
        (a, b)
    } else {
        return false;
    };
    let norm = diplo_map::normalize_name;
    let prov = norm(prov);
    let names_province = prov == norm(&p.name)
        || p.full_name.as_deref().is_some_and(|f| norm(f) == prov)
        || p.aliases.iter().any(|(a, _)| norm(a) == prov);
    let c = norm(c);
    let full = p
        .coasts
        .iter()
        .find(|k| k.name == coast)
        .map(|k| norm(&k.full_name));
    names_province && (c == coast || Some(&c) == full.as_ref())
}
