//! Powers into the model: home centres, owned centres and units, `DUMMY` powers as neutral
//! ones, one-letter abbreviations reported; and which provinces are supply centres.

use std::collections::{BTreeSet, HashMap};

use super::{PowerState, Reader};
use crate::model::{FindingKind, Model, Place, Power, Unit};

impl<'a> Reader<'a> {
    /// The powers with their home centres, owned centres and units, and which provinces are
    /// supply centres.
    pub(super) fn powers(&mut self, m: &mut Model, locs: &HashMap<String, String>) {
        let look = CentreLookup {
            locs,
            index: m.province_index(),
        };
        let mut centres: BTreeSet<String> = BTreeSet::new();
        for c in &self.unowned {
            let at = self
                .unowned_at
                .get(c)
                .cloned()
                .unwrap_or_else(|| Place::new(&m.files[0], 0));
            if let Some(l) = look.centre(m, c, &at) {
                centres.insert(l);
            }
        }
        let mut letters = Vec::new();
        for ps in &self.powers {
            add_power(m, ps, &look, &mut centres, &mut letters);
        }
        for (at, msg) in letters {
            m.report(&at, FindingKind::NotExpressed, msg);
        }
        for c in &self.not_centres {
            if let Some(l) = locs.get(c) {
                centres.remove(l);
            }
        }
        for p in &mut m.provinces {
            p.supply_centre = centres.contains(&p.name);
        }
        m.centre_order = self.milas_centre_order(m, locs);
        homes_not_centres(m, &look.index);
    }

    /// The supply centres of `m` in MILA's order (those MILA's tables do not place last, in the
    /// provinces' order).
    fn milas_centre_order(&self, m: &Model, locs: &HashMap<String, String>) -> Vec<String> {
        let by_province: Vec<String> = (m.provinces.iter())
            .filter(|p| p.supply_centre)
            .map(|p| p.name.clone())
            .collect();
        let mut order: Vec<String> = Vec::with_capacity(by_province.len());
        for c in self.centre_order.order() {
            if let Some(l) = locs.get(&c) {
                if by_province.contains(l) && !order.contains(l) {
                    order.push(l.clone());
                }
            }
        }
        for c in &by_province {
            if !order.contains(c) {
                order.push(c.clone());
            }
        }
        order
    }
}

/// How a power's centres reach the model's provinces.
struct CentreLookup<'l> {
    /// MILA place → diplo location.
    locs: &'l HashMap<String, String>,
    /// Province name → index in the model.
    index: HashMap<String, usize>,
}

impl CentreLookup<'_> {
    /// The province centre `c` names, or `None` (reported at `at`).
    fn centre(&self, m: &mut Model, c: &str, at: &Place) -> Option<String> {
        match self.locs.get(c) {
            Some(l) if self.index.contains_key(l.as_str()) => Some(l.clone()),
            _ => {
                m.report(
                    at,
                    FindingKind::NotExpressed,
                    format!("centre `{c}` is not a province of the map; left out"),
                );
                None
            }
        }
    }
}

/// One power into the model: its home centres marked on their provinces, its owned centres
/// and units; its centres go into `centres`, its one-letter abbreviation's report into
/// `letters`.
fn add_power(
    m: &mut Model,
    ps: &PowerState,
    look: &CentreLookup,
    centres: &mut BTreeSet<String>,
    letters: &mut Vec<(Place, String)>,
) {
    mark_homes(m, ps, look, centres);
    let owns = ps.owns.as_ref().map(|o| {
        o.iter()
            .filter_map(|c| look.centre(m, c, &ps.at))
            .collect::<Vec<_>>()
    });
    if let Some(o) = &owns {
        centres.extend(o.iter().cloned());
    }
    let units = ps
        .units
        .iter()
        .map(|(kind, loc, at)| Unit {
            kind: *kind,
            location: look
                .locs
                .get(loc)
                .cloned()
                .unwrap_or_else(|| loc.to_lowercase()),
            at: at.clone(),
        })
        .collect();
    if ps.dummy {
        m.report(
            &ps.at,
            FindingKind::Default,
            format!(
                "DUMMY power {} is a neutral power: it never orders and its units hold \
                 (in MILA a master, or the CD_DUMMIES rule, may order it); it does not \
                 rebuild",
                ps.name
            ),
        );
    }
    if let Some((l, at)) = &ps.letter {
        letters.push((
            at.clone(),
            format!(
                "one-letter abbreviation `{l}` of {} left out: diplo's power \
                 abbreviations are three-letter order prefixes (`ABC: A par H`)",
                ps.name
            ),
        ));
    }
    m.powers.push(Power {
        name: ps.name.clone(),
        adjective: ps.adjective.clone(),
        abbreviation: None,
        units,
        centres: owns,
        neutral: ps.dummy,
        rebuild: false,
        at: ps.at.clone(),
    });
}

/// The home centres of power `ps` marked on their provinces (a province already another
/// power's home stays that power's, reported) and added to `centres`.
fn mark_homes(m: &mut Model, ps: &PowerState, look: &CentreLookup, centres: &mut BTreeSet<String>) {
    for h in &ps.homes {
        let Some(l) = look.centre(m, h, &ps.at) else {
            continue;
        };
        centres.insert(l.clone());
        let p = &mut m.provinces[look.index[&l]];
        match &p.home {
            Some(other) if *other != ps.name => {
                let msg = format!(
                    "`{l}` is a home centre of both {other} and {}: diplo has one home \
                     power; {other} is kept",
                    ps.name
                );
                m.report(&ps.at, FindingKind::NotExpressed, msg);
            }
            _ => p.home = Some(ps.name.clone()),
        }
    }
}

/// A home centre removed from the centres (`UNOWNED -X`) is no longer a home centre at all
/// (reported).
fn homes_not_centres(m: &mut Model, index: &HashMap<String, usize>) {
    let homes: Vec<String> = m
        .provinces
        .iter()
        .filter(|p| p.home.is_some() && !p.supply_centre)
        .map(|p| p.name.clone())
        .collect();
    for h in homes {
        let i = index[&h];
        let at = m.provinces[i].at.clone();
        m.report(
            &at,
            FindingKind::Ambiguous,
            format!("`{h}` is a home centre and was removed from the centres: not a home centre"),
        );
        m.provinces[i].home = None;
    }
}
