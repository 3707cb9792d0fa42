//! Loading and validating a map from TOML.

use std::collections::HashMap;

use serde::Deserialize;
use toml::Spanned;

use crate::{
    normalize_name, Coast, Diagnostic, Location, Map, MapError, Power, PowerId, Province,
    ProvinceId, Season, StartingUnit, Terrain, UnitKind,
};

type S = Spanned<String>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    name: String,
    #[serde(default)]
    title: Option<String>,
    first_year: u16,
    first_season: S,
    victory_centres: u16,
    #[serde(default, rename = "power")]
    powers: Vec<RawPower>,
    #[serde(default, rename = "province")]
    provinces: Vec<RawProvince>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPower {
    name: S,
    adjective: S,
    abbreviation: S,
    #[serde(default)]
    units: Vec<S>,
    #[serde(default)]
    centres: Option<Vec<S>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProvince {
    name: S,
    full_name: S,
    #[serde(default)]
    aliases: Vec<S>,
    terrain: S,
    #[serde(default)]
    supply_centre: bool,
    #[serde(default)]
    home: Option<S>,
    #[serde(default)]
    country: Option<S>,
    #[serde(default)]
    army: Option<Vec<S>>,
    #[serde(default)]
    fleet: Option<Vec<S>>,
    #[serde(default, rename = "coast")]
    coasts: Vec<RawCoast>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCoast {
    name: S,
    full_name: S,
    #[serde(default)]
    fleet: Vec<S>,
}

struct Ctx<'a> {
    file: &'a str,
    text: &'a str,
    errors: Vec<Diagnostic>,
}

impl Ctx<'_> {
    fn err(&mut self, at: &S, msg: impl Into<String>) {
        self.errors
            .push(Diagnostic::at(self.file, self.text, at.span().start, msg));
    }
}

pub(crate) fn load(text: &str, file: &str) -> Result<Map, MapError> {
    let raw: RawMap = match toml::from_str(text) {
        Ok(r) => r,
        Err(e) => {
            let offset = e.span().map_or(0, |s| s.start);
            let mut d = Diagnostic::at(file, text, offset, e.message().to_string());
            if e.span().is_none() {
                d.line = 0;
                d.column = 0;
            }
            return Err(MapError {
                diagnostics: vec![d],
            });
        }
    };
    let mut cx = Ctx {
        file,
        text,
        errors: Vec::new(),
    };

    let first_season = match raw.first_season.get_ref().to_ascii_lowercase().as_str() {
        "spring" => Season::Spring,
        "fall" | "autumn" => Season::Fall,
        other => {
            cx.err(
                &raw.first_season,
                format!("unknown season `{other}`: expected \"spring\" or \"fall\""),
            );
            Season::Spring
        }
    };

    // Powers.
    let mut power_ids: HashMap<String, PowerId> = HashMap::new();
    for (i, p) in raw.powers.iter().enumerate() {
        for key in [&p.name, &p.adjective, &p.abbreviation] {
            let k = key.get_ref().to_lowercase();
            if power_ids
                .insert(k.clone(), PowerId(i as u8))
                .is_some_and(|prev| prev.index() != i)
            {
                cx.err(key, format!("duplicate power name `{}`", key.get_ref()));
            }
        }
    }
    if raw.powers.len() > u8::MAX as usize {
        cx.errors.push(Diagnostic::at(
            file,
            text,
            0,
            "too many powers (at most 255)",
        ));
    }
    let lookup_power = |cx: &mut Ctx, s: &S| -> Option<PowerId> {
        let id = power_ids.get(&s.get_ref().to_lowercase()).copied();
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
    };

    // Province names.
    let mut names: HashMap<String, ProvinceId> = HashMap::new();
    let mut name_spans: HashMap<String, usize> = HashMap::new();
    for (i, p) in raw.provinces.iter().enumerate() {
        let id = ProvinceId(i as u32);
        let mut keys: Vec<&S> = vec![&p.name, &p.full_name];
        keys.extend(p.aliases.iter());
        for key in keys {
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
                Some(&other) => {
                    let line = crate::diag::line_col(text, name_spans[&k]).0;
                    cx.err(
                        key,
                        format!(
                            "duplicate name `{}`: already used by province `{}` (line {line})",
                            key.get_ref(),
                            raw.provinces[other.index()].name.get_ref()
                        ),
                    );
                }
                None => {
                    names.insert(k.clone(), id);
                    name_spans.insert(k, key.span().start);
                }
            }
        }
    }
    if raw.provinces.len() > u32::MAX as usize - 1 {
        cx.errors
            .push(Diagnostic::at(file, text, 0, "too many provinces"));
    }

    // Provinces proper.
    let mut provinces = Vec::with_capacity(raw.provinces.len());
    for p in &raw.provinces {
        let terrain = match p.terrain.get_ref().as_str() {
            "inland" => Terrain::Inland,
            "coast" => Terrain::Coast,
            "sea" => Terrain::Sea,
            "impassable" => Terrain::Impassable,
            other => {
                cx.err(&p.terrain, format!("unknown terrain `{other}`: expected \"inland\", \"coast\", \"sea\" or \"impassable\""));
                Terrain::Impassable
            }
        };
        let home = p.home.as_ref().and_then(|h| lookup_power(&mut cx, h));
        let country = p.country.as_ref().and_then(|h| lookup_power(&mut cx, h));
        if let (Some(h), false) = (&p.home, p.supply_centre) {
            cx.err(h, format!("`{}` is a home centre of {} but not a supply centre (add supply_centre = true)", p.name.get_ref(), h.get_ref()));
        }
        if p.coasts.len() == 1 {
            cx.err(&p.coasts[0].name, "a province with one coast declares no [[province.coast]]: give its fleet edges in `fleet`");
        }
        if !p.coasts.is_empty() && terrain != Terrain::Coast {
            cx.err(&p.name, "only a coastal province can have named coasts");
        }
        let mut coasts = Vec::new();
        for c in &p.coasts {
            if coasts
                .iter()
                .any(|x: &Coast| x.name == c.name.get_ref().to_lowercase())
            {
                cx.err(&c.name, format!("duplicate coast `{}`", c.name.get_ref()));
            }
            coasts.push(Coast {
                name: c.name.get_ref().to_lowercase(),
                full_name: c.full_name.get_ref().clone(),
            });
        }
        match (terrain, &p.army) {
            (Terrain::Sea | Terrain::Impassable, Some(a)) if !a.is_empty() => cx.err(
                &p.name,
                format!(
                    "`{}` is {} and cannot have army edges",
                    p.name.get_ref(),
                    p.terrain.get_ref()
                ),
            ),
            _ => {}
        }
        match (terrain, &p.fleet) {
            (Terrain::Inland | Terrain::Impassable, Some(f)) if !f.is_empty() => {
                cx.err(&p.name, format!("`{}` is {} and cannot have fleet edges", p.name.get_ref(), p.terrain.get_ref()))
            }
            (Terrain::Coast, Some(f)) if !f.is_empty() && !p.coasts.is_empty() => cx.err(
                &p.name,
                format!("`{}` has named coasts: give its fleet edges per [[province.coast]], not in `fleet`", p.name.get_ref()),
            ),
            _ => {}
        }
        provinces.push(Province {
            name: p.name.get_ref().to_lowercase(),
            full_name: p.full_name.get_ref().clone(),
            aliases: p.aliases.iter().map(|a| a.get_ref().clone()).collect(),
            terrain,
            supply_centre: p.supply_centre,
            home,
            country,
            coasts,
        });
    }

    // Fleet nodes.
    let mut node_base = Vec::with_capacity(provinces.len());
    let mut nodes = 0u32;
    for p in &provinces {
        node_base.push(nodes);
        nodes += p.coasts.len().max(1) as u32;
    }

    // Resolves an edge target; reports unknown names.
    let resolve = |cx: &mut Ctx, s: &S| -> Option<Location> {
        let t = s.get_ref();
        let (pname, cname) = match t.split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (t.as_str(), None),
        };
        let Some(&pid) = names.get(&normalize_name(pname)) else {
            cx.err(s, format!("unknown province `{pname}`"));
            return None;
        };
        let prov = &provinces[pid.index()];
        match cname {
            None => Some(Location::province(pid)),
            Some(c) => match prov.coasts.iter().position(|x| x.name == c.to_lowercase()) {
                Some(i) => Some(Location::coast(pid, i as u8)),
                None => {
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
            },
        }
    };

    // Army edges.
    let mut army: Vec<Vec<ProvinceId>> = vec![Vec::new(); provinces.len()];
    let mut army_spans: Vec<Vec<(ProvinceId, S)>> = vec![Vec::new(); provinces.len()];
    for (i, p) in raw.provinces.iter().enumerate() {
        for e in p.army.iter().flatten() {
            let Some(loc) = resolve(&mut cx, e) else {
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
                        "army edge from `{}` into `{}`, which is {:?} (armies cannot enter it)",
                        provinces[i].name, target.name, target.terrain
                    )
                    .to_lowercase(),
                );
                continue;
            }
            if loc.province.index() == i {
                cx.err(e, "a province cannot border itself");
                continue;
            }
            if army[i].contains(&loc.province) {
                cx.err(e, format!("duplicate army edge `{}`", e.get_ref()));
                continue;
            }
            army[i].push(loc.province);
            army_spans[i].push((loc.province, e.clone()));
        }
    }
    for (i, edges) in army_spans.iter().enumerate() {
        for (to, span) in edges {
            if provinces[i].terrain.is_land() && !army[to.index()].contains(&ProvinceId(i as u32)) {
                cx.err(
                    span,
                    format!(
                        "one-sided army edge: `{}` lists `{}` but `{}` does not list `{}`",
                        provinces[i].name,
                        provinces[to.index()].name,
                        provinces[to.index()].name,
                        provinces[i].name
                    ),
                );
            }
        }
    }

    // Fleet edges, per node.
    let mut fleet: Vec<Vec<Location>> = vec![Vec::new(); nodes as usize];
    let mut fleet_spans: Vec<(Location, Location, S)> = Vec::new();
    for (i, p) in raw.provinces.iter().enumerate() {
        let pid = ProvinceId(i as u32);
        let lists: Vec<(Location, &Vec<S>)> = if p.coasts.is_empty() {
            p.fleet
                .iter()
                .map(|f| (Location::province(pid), f))
                .collect()
        } else {
            p.coasts
                .iter()
                .enumerate()
                .map(|(c, rc)| (Location::coast(pid, c as u8), &rc.fleet))
                .collect()
        };
        for (from, list) in lists {
            for e in list {
                let Some(to) = resolve(&mut cx, e) else {
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
                let node = node_base[i] as usize + from.coast.unwrap_or(0) as usize;
                if fleet[node].contains(&to) {
                    cx.err(e, format!("duplicate fleet edge `{}`", e.get_ref()));
                    continue;
                }
                fleet[node].push(to);
                fleet_spans.push((from, to, e.clone()));
            }
        }
    }
    for (from, to, span) in &fleet_spans {
        let back = node_base[to.province.index()] as usize + to.coast.unwrap_or(0) as usize;
        if provinces[from.province.index()].terrain.is_navigable() && !fleet[back].contains(from) {
            let name = |l: &Location| match l.coast {
                Some(c) => format!(
                    "{}/{}",
                    provinces[l.province.index()].name,
                    provinces[l.province.index()].coasts[c as usize].name
                ),
                None => provinces[l.province.index()].name.clone(),
            };
            cx.err(
                span,
                format!(
                    "one-sided fleet edge: `{}` lists `{}` but `{}` does not list `{}`",
                    name(from),
                    name(to),
                    name(to),
                    name(from)
                ),
            );
        }
    }
    for list in army.iter_mut() {
        list.sort();
    }
    for list in fleet.iter_mut() {
        list.sort();
    }

    // Powers: home centres, units, starting centres.
    let mut powers = Vec::new();
    let mut occupied: HashMap<ProvinceId, usize> = HashMap::new();
    for (i, rp) in raw.powers.iter().enumerate() {
        let id = PowerId(i as u8);
        let home_centres: Vec<ProvinceId> = (0..provinces.len())
            .filter(|&j| provinces[j].home == Some(id))
            .map(|j| ProvinceId(j as u32))
            .collect();
        let mut units = Vec::new();
        for u in &rp.units {
            let t = u.get_ref().trim();
            let (kind, rest) = match t.split_once(char::is_whitespace) {
                Some((k, r)) if k.eq_ignore_ascii_case("a") => (UnitKind::Army, r),
                Some((k, r)) if k.eq_ignore_ascii_case("f") => (UnitKind::Fleet, r),
                _ => {
                    cx.err(u, format!("starting unit `{t}`: expected `A <province>` or `F <province>[/coast]`"));
                    continue;
                }
            };
            let fake = Spanned::new(u.span(), rest.trim().to_string());
            let Some(loc) = resolve(&mut cx, &fake) else {
                continue;
            };
            let prov = &provinces[loc.province.index()];
            let ok = match kind {
                UnitKind::Army => prov.terrain.is_land() && loc.coast.is_none(),
                UnitKind::Fleet => {
                    prov.terrain.is_navigable() && prov.is_multi_coast() == loc.coast.is_some()
                }
            };
            if !ok {
                let why = match kind {
                    UnitKind::Army => format!(
                        "an army cannot stand in `{}` ({})",
                        prov.name,
                        terrain_word(prov.terrain)
                    ),
                    UnitKind::Fleet if prov.is_multi_coast() && loc.coast.is_none() => {
                        format!("a fleet in `{}` must name its coast", prov.name)
                    }
                    UnitKind::Fleet => format!(
                        "a fleet cannot stand in `{}` ({})",
                        prov.name,
                        terrain_word(prov.terrain)
                    ),
                };
                cx.err(u, format!("impossible starting unit `{t}`: {why}"));
                continue;
            }
            if occupied.insert(loc.province, i).is_some() {
                cx.err(u, format!("two starting units in `{}`", prov.name));
            }
            units.push(StartingUnit {
                kind,
                location: loc,
            });
        }
        let centres = match &rp.centres {
            None => home_centres.clone(),
            Some(list) => list
                .iter()
                .filter_map(|c| {
                    let loc = resolve(&mut cx, c)?;
                    if !provinces[loc.province.index()].supply_centre {
                        cx.err(c, format!("`{}` is not a supply centre", c.get_ref()));
                        return None;
                    }
                    Some(loc.province)
                })
                .collect(),
        };
        powers.push(Power {
            name: rp.name.get_ref().clone(),
            adjective: rp.adjective.get_ref().clone(),
            abbreviation: rp.abbreviation.get_ref().clone(),
            home_centres,
            units,
            centres,
        });
    }

    // Reachability: every passable province must be reachable from the first one.
    let passable: Vec<usize> = (0..provinces.len())
        .filter(|&i| provinces[i].terrain != Terrain::Impassable)
        .collect();
    if let Some(&start) = passable.first() {
        let mut seen = vec![false; provinces.len()];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            let base = node_base[i] as usize;
            let fleet_next = (base..base + provinces[i].coasts.len().max(1))
                .flat_map(|n| fleet[n].iter().map(|l| l.province));
            for next in army[i].iter().copied().chain(fleet_next) {
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

    if !cx.errors.is_empty() {
        cx.errors.sort_by_key(|d| (d.line, d.column));
        return Err(MapError {
            diagnostics: cx.errors,
        });
    }
    let title = raw.title.unwrap_or_else(|| raw.name.clone());
    Ok(Map {
        name: raw.name,
        title,
        first_year: raw.first_year,
        first_season,
        victory_centres: raw.victory_centres,
        provinces,
        powers,
        army,
        node_base,
        fleet,
        names,
    })
}

fn terrain_word(t: Terrain) -> &'static str {
    match t {
        Terrain::Inland => "inland",
        Terrain::Coast => "coast",
        Terrain::Sea => "sea",
        Terrain::Impassable => "impassable",
    }
}
