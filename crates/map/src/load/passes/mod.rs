//! The passes that turn a merged raw map into a [`Map`]: header, power names, province names,
//! provinces, army edges, fleet edges, borders, edge symmetry, powers (homes, units, centres,
//! build sites), railroads and canals, and the reachability check. Each pass reports what is
//! wrong and goes on, so that every problem of a file is reported at once.

use std::collections::HashMap;

use toml::Spanned;

use super::raw::{RawMap, RawProvince, RawSeason, Sources, S};
use crate::limits::{Limit, Limits};
use crate::{
    normalize_name, Border, BuildRule, Calendar, Canal, Coast, Conversion, Diagnostic, FirstPhase,
    Location, Map, MapError, Power, PowerId, Province, ProvinceId, Railroad, Season, SeasonSpec,
    StartingUnit, Terrain, UnitKind, Victory,
};

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
    let header = header(&mut cx, &raw);
    let mut names = Names {
        provinces: crate::NameTable::default(),
        powers: power_names(&mut cx, &raw),
        raw: &raw,
    };
    names.provinces = province_names(&mut cx, &raw);
    let provinces = provinces(&mut cx, &names);
    let mut graph = Graph::new(&provinces);
    army_edges(&mut cx, &names, &provinces, &mut graph);
    fleet_edges(&mut cx, &names, &provinces, &mut graph);
    // Sorted lists answer "is this an edge" by binary search: the symmetry check stays
    // linear-logarithmic however many neighbours a province has.
    graph.sort();
    let borders = borders(&mut cx, &names, &provinces, &graph);
    edge_symmetry(&mut cx, &provinces, &graph, &borders);
    let powers = powers(&mut cx, &names, &provinces);
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

/// The latest first year a map may have: games then have more than 50,000 years to run before
/// the year counter (`u16`) saturates.
const MAX_FIRST_YEAR: u16 = 9999;

struct Header {
    name: String,
    title: String,
    first_year: u16,
    first_season: Season,
    victory: Victory,
    calendar: Calendar,
    build: BuildRule,
    conversion: Conversion,
}

/// Top-level keys: name, title, calendar start, victory, build rule.
fn header(cx: &mut Ctx, raw: &RawMap) -> Header {
    let name = match &raw.name {
        Some(n) => n.get_ref().clone(),
        None => {
            cx.err_file("missing key `name`: every map names itself (`name = \"standard\"`)");
            String::new()
        }
    };
    let calendar = calendar(cx, raw);
    cx.calendar = calendar.clone();
    let first_season = match &raw.first_season {
        Some(s) => season(cx, s).unwrap_or(Season(0)),
        None => {
            let msg = format!("missing key `first_season`: expected {}", calendar.names());
            cx.err_file(msg);
            Season(0)
        }
    };
    let first_year = raw.first_year.as_ref().map(|y| *y.get_ref());
    match &raw.first_year {
        None => cx.err_file("missing key `first_year`: the year of the first phase, e.g. 1901"),
        Some(y) if *y.get_ref() > MAX_FIRST_YEAR => cx.err_at(
            y.span().start,
            format!(
                "`first_year = {}` is too late: at most {MAX_FIRST_YEAR}, so that a game can last",
                y.get_ref()
            ),
        ),
        Some(_) => {}
    }
    let victory = victory(cx, raw);
    let build = match &raw.build {
        None => BuildRule::HomeCentres,
        Some(b) => match b.get_ref().as_str() {
            "home-centres" => BuildRule::HomeCentres,
            "owned-centres" => BuildRule::OwnedCentres,
            "owned-centres-if-home" => BuildRule::OwnedCentresIfHome,
            "build-sites" => BuildRule::BuildSites,
            other => {
                cx.err(b, format!("unknown build rule `{other}`: expected \"home-centres\", \"owned-centres\", \"owned-centres-if-home\" or \"build-sites\""));
                BuildRule::HomeCentres
            }
        },
    };
    let conversion = match &raw.unit_conversion {
        None => Conversion::None,
        Some(c) => {
            match c.get_ref().as_str() {
                "none" => Conversion::None,
                "owned-centres" => Conversion::OwnedCentres,
                other => {
                    cx.err(c, format!("unknown unit conversion `{other}`: expected \"none\" or \"owned-centres\""));
                    Conversion::None
                }
            }
        }
    };
    Header {
        conversion,
        title: raw
            .title
            .as_ref()
            .map_or_else(|| name.clone(), |t| t.get_ref().clone()),
        name,
        first_year: first_year.unwrap_or(1901),
        first_season,
        victory,
        calendar,
        build,
    }
}

/// `victory_centres`, or the `[victory]` table.
fn victory(cx: &mut Ctx, raw: &RawMap) -> Victory {
    let table = raw.victory.clone().unwrap_or(super::raw::RawVictory {
        centres: None,
        more_than_any: None,
        lead: None,
        last_year: None,
    });
    let centres = match (&raw.victory_centres, &table.centres) {
        (Some(a), Some(b)) if a.get_ref() != b.get_ref() => {
            cx.err_at(
                b.span().start,
                format!(
                    "`[victory] centres = {}` contradicts `victory_centres = {}`: give one",
                    b.get_ref(),
                    a.get_ref()
                ),
            );
            *a.get_ref()
        }
        (Some(a), _) => *a.get_ref(),
        (None, Some(b)) => *b.get_ref(),
        (None, None) => {
            cx.err_file("missing key `victory_centres`: how many supply centres win");
            0
        }
    };
    Victory {
        centres,
        more_than_any: table.more_than_any.unwrap_or(false),
        lead: table.lead.map_or(0, |l| *l.get_ref()),
        last_year: table.last_year.map(|y| *y.get_ref()),
    }
}

/// The `[calendar]` table.
fn calendar(cx: &mut Ctx, raw: &RawMap) -> Calendar {
    let Some(c) = &raw.calendar else {
        return Calendar::default();
    };
    let first_phase = match &c.first_phase {
        None => FirstPhase::Movement,
        Some(f) => {
            match f.get_ref().as_str() {
                "movement" => FirstPhase::Movement,
                "adjustment" => FirstPhase::Adjustment,
                other => {
                    cx.err(f, format!("unknown first phase `{other}`: expected \"movement\" or \"adjustment\""));
                    FirstPhase::Movement
                }
            }
        }
    };
    let adjustment_every = match &c.adjustment_every {
        Some(n) if *n.get_ref() == 0 => {
            cx.err_at(n.span().start, "`adjustment_every` must be at least 1");
            1
        }
        Some(n) => *n.get_ref(),
        None => 1,
    };
    Calendar {
        first_phase,
        adjustment_every,
        seasons: c
            .seasons
            .as_deref()
            .map_or_else(|| Calendar::default().seasons, |list| seasons(cx, list)),
    }
}

/// The `[[calendar.season]]` list: names unique and one word each; centres change owner after
/// the seasons that say `captures` (the last one if none says), and adjustments follow the
/// seasons that name an `adjustment` (the last one, `Winter`, if none does).
fn seasons(cx: &mut Ctx, list: &[RawSeason]) -> Vec<SeasonSpec> {
    match list.get(usize::from(u8::MAX)) {
        _ if list.is_empty() => {
            cx.err_file("`[calendar] season = []`: a year has at least one season");
            return Calendar::default().seasons;
        }
        Some(extra) => {
            cx.err(&extra.name, "too many seasons: a year has at most 255");
            return Calendar::default().seasons;
        }
        None => {}
    }
    let mut seen = std::collections::HashSet::new();
    let word = |cx: &mut Ctx, s: &S, what: &str| {
        let name = s.get_ref();
        if name.is_empty()
            || name
                .chars()
                .any(|c| c.is_whitespace() || c.is_ascii_digit())
        {
            cx.err(s, format!("{what} `{name}` must be one word without digits (phase names read `{name} 1901 Movement`)"));
        }
    };
    for r in list {
        for s in std::iter::once(&r.name).chain(r.aliases.iter().flatten()) {
            word(cx, s, "season name");
            if !seen.insert(s.get_ref().to_lowercase()) {
                cx.err(s, format!("season name `{}` is used twice", s.get_ref()));
            }
        }
        if let Some(a) = &r.adjustment {
            word(cx, a, "adjustment name");
        }
    }
    let any_captures = list.iter().any(|r| r.captures.is_some());
    let any_adjustment = list.iter().any(|r| r.adjustment.is_some());
    let last = list.len() - 1;
    let out: Vec<SeasonSpec> = list
        .iter()
        .enumerate()
        .map(|(i, r)| SeasonSpec {
            name: r.name.get_ref().clone(),
            aliases: r
                .aliases
                .iter()
                .flatten()
                .map(|a| a.get_ref().clone())
                .collect(),
            captures: r
                .captures
                .as_ref()
                .map_or(!any_captures && i == last, |c| *c.get_ref()),
            adjustment: match &r.adjustment {
                Some(a) => Some(a.get_ref().clone()),
                None if !any_adjustment && i == last => Some("Winter".into()),
                None => None,
            },
        })
        .collect();
    if !out.iter().any(|s| s.captures) {
        cx.err(
            &list[0].name,
            "no season has `captures = true`: supply centres would never change owner",
        );
    }
    out
}

fn season(cx: &mut Ctx, s: &S) -> Option<Season> {
    let found = cx.calendar.season_by_name(s.get_ref());
    if found.is_none() {
        let msg = format!(
            "unknown season `{}`: expected {}",
            s.get_ref(),
            cx.calendar.names()
        );
        cx.err(s, msg);
    }
    found
}

/// Power names, adjectives and abbreviations: unique, case-insensitively.
fn power_names(cx: &mut Ctx, raw: &RawMap) -> HashMap<String, PowerId> {
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

/// Short names, full names and aliases: valid and unique across the map.
fn province_names(cx: &mut Ctx, raw: &RawMap) -> crate::NameTable {
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
fn provinces(cx: &mut Ctx, names: &Names) -> Vec<Province> {
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

fn army_edges(cx: &mut Ctx, names: &Names, provinces: &[Province], g: &mut Graph) {
    // `listed[p] == i`: province i's list has named p already (no set per province).
    let mut listed = vec![usize::MAX; provinces.len()];
    for (i, p) in names.raw.provinces.iter().enumerate() {
        let from = ProvinceId(i as u32);
        let list = p.army.as_deref().unwrap_or_default();
        if too_many_neighbours(cx, list, &provinces[i].name, "army") {
            continue;
        }
        for e in list {
            let Some(loc) = names.location(cx, provinces, e) else {
                continue;
            };
            let target = &provinces[loc.province.index()];
            if loc.coast.is_some() {
                cx.err(
                    e,
                    format!(
                        "army edge `{}` names a coast: army edges go to provinces",
                        e.get_ref()
                    ),
                );
                continue;
            }
            if !target.terrain.is_land() {
                cx.err(
                    e,
                    format!(
                        "army edge from `{}` into `{}`, which is {} (armies cannot enter it)",
                        provinces[i].name,
                        target.name,
                        terrain_word(target.terrain)
                    ),
                );
                continue;
            }
            if loc.province == from {
                cx.err(e, "a province cannot border itself");
                continue;
            }
            if std::mem::replace(&mut listed[loc.province.index()], i) == i {
                cx.err(e, format!("duplicate army edge `{}`", e.get_ref()));
                continue;
            }
            g.army[i].push(loc.province);
            g.army_spans.push((from, loc.province, e.span().start));
        }
    }
}

/// Whether an edge list is longer than the neighbour limit (then it is reported and skipped).
fn too_many_neighbours(cx: &mut Ctx, list: &[S], province: &str, kind: &str) -> bool {
    let max = cx.limits.neighbours;
    let Some(first_over) = list.get(max) else {
        return false;
    };
    cx.err(
        first_over,
        format!(
            "`{province}` lists {} {kind} edges: {}",
            list.len(),
            Limit::Neighbours.exceeded(max)
        ),
    );
    true
}

fn fleet_edges(cx: &mut Ctx, names: &Names, provinces: &[Province], g: &mut Graph) {
    // `listed[n] == m`: the list of node m has named node n already (no set per list).
    let mut listed = vec![usize::MAX; g.fleet.len()];
    for (i, p) in names.raw.provinces.iter().enumerate() {
        let pid = ProvinceId(i as u32);
        let lists: Vec<(Location, &Vec<S>)> = match p.coasts.as_deref() {
            Some(coasts) if !coasts.is_empty() => coasts
                .iter()
                .take(u8::MAX as usize)
                .enumerate()
                .map(|(c, rc)| (Location::coast(pid, c as u8), &rc.fleet))
                .collect(),
            _ => p
                .fleet
                .iter()
                .map(|f| (Location::province(pid), f))
                .collect(),
        };
        for (from, list) in lists {
            if too_many_neighbours(cx, list, &provinces[i].name, "fleet") {
                continue;
            }
            let node = g.node(from);
            for e in list {
                let Some(to) = names.location(cx, provinces, e) else {
                    continue;
                };
                let target = &provinces[to.province.index()];
                if !target.terrain.is_navigable() {
                    cx.err(
                        e,
                        format!(
                            "fleet edge from `{}` into `{}`, which is {} (fleets cannot enter it)",
                            provinces[i].name,
                            target.name,
                            terrain_word(target.terrain)
                        ),
                    );
                    continue;
                }
                if target.is_multi_coast() && to.coast.is_none() {
                    let known: Vec<&str> = target.coasts.iter().map(|c| c.name.as_str()).collect();
                    cx.err(
                        e,
                        format!(
                            "fleet edge into `{}` must name a coast: one of {}",
                            target.name,
                            known.join(", ")
                        ),
                    );
                    continue;
                }
                if to.province == pid {
                    cx.err(e, "a province cannot border itself");
                    continue;
                }
                if std::mem::replace(&mut listed[g.node(to)], node) == node {
                    cx.err(e, format!("duplicate fleet edge `{}`", e.get_ref()));
                    continue;
                }
                g.fleet[node].push(to);
                g.fleet_spans.push((from, to, e.span().start));
            }
        }
    }
}

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
fn borders(cx: &mut Ctx, names: &Names, provinces: &[Province], g: &Graph) -> Vec<Border> {
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

/// Every edge is listed on both sides, except one-way borders.
fn edge_symmetry(cx: &mut Ctx, provinces: &[Province], g: &Graph, borders: &[Border]) {
    let one_way = |from: ProvinceId, to: ProvinceId, army: bool| {
        borders
            .iter()
            .any(|b| b.one_way && b.from == from && b.to == to && b.units[if army { 0 } else { 1 }])
    };
    for (from, to, span) in &g.army_spans {
        if g.army[to.index()].binary_search(from).is_err() && !one_way(*from, *to, true) {
            let (a, b) = (&provinces[from.index()].name, &provinces[to.index()].name);
            cx.err_at(
                *span,
                format!("one-sided army edge: `{a}` lists `{b}` but `{b}` does not list `{a}`"),
            );
        }
    }
    let name = |l: &Location| match l.coast {
        Some(c) => format!(
            "{}/{}",
            provinces[l.province.index()].name,
            provinces[l.province.index()].coasts[c as usize].name
        ),
        None => provinces[l.province.index()].name.clone(),
    };
    for (from, to, span) in &g.fleet_spans {
        if g.fleet[g.node(*to)].binary_search(from).is_err()
            && !one_way(from.province, to.province, false)
        {
            let (a, b) = (name(from), name(to));
            cx.err_at(
                *span,
                format!("one-sided fleet edge: `{a}` lists `{b}` but `{b}` does not list `{a}`"),
            );
        }
    }
}

/// Powers: home centres (from the provinces), starting units, starting centres, build sites.
fn powers(cx: &mut Ctx, names: &Names, provinces: &[Province]) -> Vec<Power> {
    let mut out = Vec::new();
    let mut occupied: HashMap<ProvinceId, usize> = HashMap::new();
    for (i, rp) in names.raw.powers.iter().enumerate() {
        let id = PowerId(i as u8);
        let home_centres: Vec<ProvinceId> = (0..provinces.len())
            .filter(|&j| provinces[j].home == Some(id))
            .map(|j| ProvinceId(j as u32))
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

/// `[[railroad]]`: a line of land provinces, each next to the one before, used by some powers.
fn railroads(cx: &mut Ctx, names: &Names, provinces: &[Province], g: &Graph) -> Vec<Railroad> {
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
fn canals(cx: &mut Ctx, names: &Names, provinces: &[Province]) -> Vec<Canal> {
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

/// Every passable province must be reachable from the first one.
fn reachability(cx: &mut Ctx, raw: &RawMap, provinces: &[Province], g: &Graph) {
    let passable: Vec<usize> = (0..provinces.len())
        .filter(|&i| provinces[i].terrain != Terrain::Impassable)
        .collect();
    let Some(&start) = passable.first() else {
        return;
    };
    let mut seen = vec![false; provinces.len()];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(i) = stack.pop() {
        let fleet_next = g
            .nodes_of(ProvinceId(i as u32), provinces)
            .flat_map(|n| g.fleet[n].iter().map(|l| l.province));
        for next in g.army[i].iter().copied().chain(fleet_next) {
            if !seen[next.index()] {
                seen[next.index()] = true;
                stack.push(next.index());
            }
        }
    }
    for &i in &passable {
        if !seen[i] {
            cx.err(
                &raw.provinces[i].name,
                format!(
                    "`{}` cannot be reached from `{}`",
                    provinces[i].name, provinces[start].name
                ),
            );
        }
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
