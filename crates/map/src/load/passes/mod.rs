//! The passes that turn a merged raw map into a [`Map`]: header, power names, province names,
//! provinces, army edges, fleet edges, borders, edge symmetry, powers (homes, units, centres,
//! build sites), railroads and canals, and the reachability check. Each pass reports what is
//! wrong and goes on, so that every problem of a file is reported at once.
//!
//! This module holds what the passes share (the diagnostics [`Ctx`], the [`Names`] that resolve
//! provinces and powers, the adjacency [`Graph`]) and runs them in order; the passes themselves
//! live in the submodules.

mod edges;
mod features;
mod header;
mod powers;
mod provinces;

use std::collections::HashMap;

use super::raw::{RawMap, Sources, S};
use crate::limits::{Limit, Limits};
use crate::{
    Calendar, Diagnostic, Location, Map, MapError, PowerId, Province, ProvinceId, Terrain,
};
use edges::{army_edges, edge_symmetry, fleet_edges, reachability};
use features::{borders, canals, railroads};
use header::{control, header};
use powers::{centre_order, power_names, powers};
use provinces::{province_names, provinces};

/// The most problems one load reports; the rest are counted. (Finding a problem's line costs a
/// scan of its file, so a file of a million bad entries would otherwise take hours.)
const MAX_DIAGNOSTICS: usize = 500;

pub(super) struct Ctx<'a> {
    sources: &'a Sources,
    errors: Vec<Diagnostic>,
    /// The map's calendar, once the header pass has read it: season names resolve against it.
    calendar: Calendar,
    /// Problems found beyond [`MAX_DIAGNOSTICS`].
    more: usize,
    limits: &'a Limits,
}

impl Ctx<'_> {
    /// How many problems were found so far.
    pub(super) fn error_count(&self) -> usize {
        self.errors.len() + self.more
    }
    pub(super) fn err(&mut self, at: &S, msg: impl Into<String>) {
        self.err_at(at.span().start, msg);
    }
    pub(super) fn err_at(&mut self, offset: usize, msg: impl Into<String>) {
        if self.errors.len() >= MAX_DIAGNOSTICS {
            self.more += 1;
            return;
        }
        self.errors.push(self.sources.diagnostic(offset, msg));
    }
    /// A problem with no place in any file (a key missing from the whole map).
    pub(super) fn err_file(&mut self, msg: impl Into<String>) {
        if self.errors.len() >= MAX_DIAGNOSTICS {
            self.more += 1;
            return;
        }
        let mut d = self.sources.diagnostic(0, msg);
        d.line = 0;
        d.column = 0;
        self.errors.push(d);
    }
}

/// The names that resolve provinces and powers, shared by the passes.
struct Names<'a> {
    provinces: crate::NameTable,
    powers: HashMap<String, PowerId>,
    raw: &'a RawMap,
}

pub(super) fn build(raw: RawMap, sources: &Sources, limits: &Limits) -> Result<Map, MapError> {
    let mut cx = Ctx {
        sources,
        errors: Vec::new(),
        calendar: Calendar::default(),
        more: 0,
        limits,
    };
    if let Some(p) = raw.provinces.get(limits.provinces) {
        // Nothing more is checked: the passes' work grows with the provinces.
        cx.err(
            &p.name,
            format!(
                "{} provinces: {}",
                raw.provinces.len(),
                Limit::Provinces.exceeded(limits.provinces)
            ),
        );
        return Err(MapError {
            diagnostics: cx.errors,
        });
    }
    let mut header = header(&mut cx, &raw);
    let mut names = Names {
        provinces: crate::NameTable::default(),
        powers: power_names(&mut cx, &raw),
        raw: &raw,
    };
    names.provinces = province_names(&mut cx, &raw);
    let provinces = provinces(&mut cx, &names);
    header.victory.control = control(&mut cx, &names, &provinces);
    let mut graph = Graph::new(&provinces);
    army_edges(&mut cx, &names, &provinces, &mut graph);
    fleet_edges(&mut cx, &names, &provinces, &mut graph);
    // Sorted lists answer "is this an edge" by binary search: the symmetry check stays
    // linear-logarithmic however many neighbours a province has.
    graph.sort();
    let borders = borders(&mut cx, &names, &provinces, &graph);
    edge_symmetry(&mut cx, &provinces, &graph, &borders);
    let centre_order = centre_order(&mut cx, &names, &provinces);
    let powers = powers(&mut cx, &names, &provinces, &centre_order);
    let railroads = railroads(&mut cx, &names, &provinces, &graph);
    let canals = canals(&mut cx, &names, &provinces);
    reachability(&mut cx, &raw, &provinces, &graph);
    let drawing = super::drawing::drawing(&mut cx, &raw, &provinces);

    if !cx.errors.is_empty() {
        let order: HashMap<&str, usize> = sources
            .list
            .iter()
            .enumerate()
            .map(|(i, s)| (s.file.as_str(), i))
            .collect();
        cx.errors
            .sort_by_key(|d| (order.get(d.file.as_str()).copied(), d.line, d.column));
        if cx.more > 0 {
            let mut d = sources.diagnostic(0, format!("and {} more problems", cx.more));
            d.line = 0;
            d.column = 0;
            cx.errors.push(d);
        }
        return Err(MapError {
            diagnostics: cx.errors,
        });
    }
    let mut map = Map {
        name: header.name,
        title: header.title,
        first_year: header.first_year,
        first_season: header.first_season,
        victory_centres: header.victory.centres,
        victory: header.victory,
        calendar: header.calendar,
        build: header.build,
        conversion: header.conversion,
        provinces,
        powers,
        centre_order,
        army: graph.army,
        node_base: graph.node_base,
        fleet: graph.fleet,
        any: Vec::new(),
        any_start: Vec::new(),
        names: names.provinces,
        name_keys: Default::default(),
        power_keys: Default::default(),
        short_name_keys: Default::default(),
        short_power_keys: Default::default(),
        coast_keys: Vec::new(),
        borders,
        borders_from: Vec::new(),
        railroads,
        canals,
        drawing,
        plain_centres: Vec::new(),
        odd_centres: Vec::new(),
        convoy_provinces: Vec::new(),
        closing_provinces: Vec::new(),
        closures: false,
    };
    map.index_borders();
    map.index_provinces();
    map.index_any_neighbours();
    map.index_names();
    Ok(map)
}

impl Names<'_> {
    fn power(&self, cx: &mut Ctx, s: &S) -> Option<PowerId> {
        let id = self.powers.get(&s.get_ref().to_lowercase()).copied();
        if id.is_none() {
            cx.err(
                s,
                format!(
                    "unknown power `{}`: expected one of the map's [[power]] names",
                    s.get_ref()
                ),
            );
        }
        id
    }

    /// A province, or a coast of one (`spa/nc`); reports unknown names.
    fn location(&self, cx: &mut Ctx, provinces: &[Province], s: &S) -> Option<Location> {
        let t = s.get_ref();
        let (pname, cname) = match t.split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (t.as_str(), None),
        };
        let Some(&pid) = self.provinces.get(&*crate::normalized(pname)) else {
            cx.err(s, format!("unknown province `{pname}`"));
            return None;
        };
        let prov = &provinces[pid.index()];
        let Some(c) = cname else {
            return Some(Location::province(pid));
        };
        if let Some(i) = prov.coasts.iter().position(|x| x.name == c.to_lowercase()) {
            return Some(Location::coast(pid, i as u8));
        }
        let known: Vec<&str> = prov.coasts.iter().map(|c| c.name.as_str()).collect();
        if known.is_empty() {
            cx.err(
                s,
                format!("unknown coast `{c}`: `{}` has no named coasts", prov.name),
            );
        } else {
            cx.err(
                s,
                format!(
                    "unknown coast `{c}` of `{}`: expected one of {}",
                    prov.name,
                    known.join(", ")
                ),
            );
        }
        None
    }

    /// A province named without a coast.
    fn province(&self, cx: &mut Ctx, provinces: &[Province], s: &S) -> Option<ProvinceId> {
        let loc = self.location(cx, provinces, s)?;
        if loc.coast.is_some() {
            cx.err(
                s,
                format!("`{}` names a coast: expected a province", s.get_ref()),
            );
            return None;
        }
        Some(loc.province)
    }
}

/// The adjacency graph being built, with the place of every edge for later diagnostics.
struct Graph {
    army: Vec<Vec<ProvinceId>>,
    node_base: Vec<u32>,
    fleet: Vec<Vec<Location>>,
    /// Each army edge with the offset of its entry in the file.
    army_spans: Vec<(ProvinceId, ProvinceId, usize)>,
    /// Each fleet edge with the offset of its entry in the file.
    fleet_spans: Vec<(Location, Location, usize)>,
}

impl Graph {
    fn new(provinces: &[Province]) -> Graph {
        let mut node_base = Vec::with_capacity(provinces.len());
        let mut nodes = 0u32;
        for p in provinces {
            node_base.push(nodes);
            nodes += p.coasts.len().max(1) as u32;
        }
        Graph {
            army: vec![Vec::new(); provinces.len()],
            node_base,
            fleet: vec![Vec::new(); nodes as usize],
            army_spans: Vec::new(),
            fleet_spans: Vec::new(),
        }
    }
    fn node(&self, l: Location) -> usize {
        self.node_base[l.province.index()] as usize + l.coast.unwrap_or(0) as usize
    }
    fn nodes_of(&self, p: ProvinceId, provinces: &[Province]) -> std::ops::Range<usize> {
        let base = self.node_base[p.index()] as usize;
        base..base + provinces[p.index()].coasts.len().max(1)
    }
    fn sort(&mut self) {
        self.army.iter_mut().for_each(|l| l.sort());
        self.fleet.iter_mut().for_each(|l| l.sort());
    }
}

fn terrain_word(t: Terrain) -> &'static str {
    match t {
        Terrain::Inland => "inland",
        Terrain::Coast => "coast",
        Terrain::Sea => "sea",
        Terrain::Impassable => "impassable",
    }
}
