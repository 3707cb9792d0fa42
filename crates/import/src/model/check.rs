//! The checks that fit a [`Model`] to what the diplo format can say (`check`): names,
//! edges, borders and units the format cannot hold are settled and reported, never dropped
//! silently.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::*;

/// Border properties of one directed edge for one unit kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BorderProps {
    /// A difficult passable border (DATC 2.4 chapter 10).
    pub difficult: bool,
    /// The seasons in which the border is closed.
    pub closed: BTreeSet<Season>,
    /// The edge exists in this direction only.
    pub one_way: bool,
}

/// A `[[border]]` table as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutBorder {
    /// Province the border leaves (or one end, with `both`).
    pub from: String,
    /// Province the border reaches (or the other end, with `both`).
    pub to: String,
    /// `between` (both directions) rather than `from`/`to`.
    pub both: bool,
    /// `None`: both kinds.
    pub kind: Option<Kind>,
    /// What the border does.
    pub props: BorderProps,
}

/// A model whose names, edges, units and borders all fit the diplo format.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The model checked.
    pub model: Model,
    /// Army edges from each province.
    pub army: BTreeMap<String, BTreeSet<String>>,
    /// Fleet edges from each location (`spa/nc` or `lvp`).
    pub fleet: BTreeMap<String, BTreeSet<String>>,
    /// The `[[border]]` tables to write.
    pub borders: Vec<OutBorder>,
}

fn split_loc(loc: &str) -> (&str, Option<&str>) {
    match loc.split_once('/') {
        Some((p, c)) => (p, Some(c)),
        None => (loc, None),
    }
}

/// Checks a model against the diplo format and settles what it cannot hold, reporting each.
pub fn check(mut m: Model) -> Checked {
    let index = m.province_index();
    let (army, fleet) = edges(&mut m, &index);
    let borders = borders(&mut m, &army, &fleet);
    units(&mut m, &index);
    names(&mut m);
    abbreviations(&mut m);
    m.report_file(
        FindingKind::Default,
        format!(
            "home countries (`country`) are not in {} files: none is written, so each power's \
             home country is its home centres",
            m.format
        ),
    );
    Checked {
        model: m,
        army,
        fleet,
        borders,
    }
}

type EdgeMap = BTreeMap<String, BTreeSet<String>>;

/// Checks every edge's ends; one-sided edges become one-way borders (reported).
fn edges(m: &mut Model, index: &HashMap<String, usize>) -> (EdgeMap, EdgeMap) {
    let mut army: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut fleet: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut first_at: HashMap<(Kind, String, String), Place> = HashMap::new();
    let edges = std::mem::take(&mut m.edges);
    let mut impassable_dropped = 0usize;
    let mut itself: Vec<String> = Vec::new();
    for e in &edges {
        let (fp, fc) = split_loc(&e.from);
        let (tp, tc) = split_loc(&e.to);
        let (Some(&fi), Some(&ti)) = (index.get(fp), index.get(tp)) else {
            let unknown = if index.contains_key(fp) { tp } else { fp };
            m.report(
                &e.at,
                FindingKind::NotExpressed,
                format!(
                    "{} edge `{}` - `{}`: `{unknown}` is not a province of the map; edge left out",
                    e.kind.word(),
                    e.from,
                    e.to
                ),
            );
            continue;
        };
        if fi == ti {
            itself.push(format!("`{}` ({})", e.from, e.at));
            continue;
        }
        let (from, to) = (&m.provinces[fi], &m.provinces[ti]);
        if from.terrain == Terrain::Impassable || to.terrain == Terrain::Impassable {
            impassable_dropped += 1;
            continue;
        }
        let problem = edge_problem(e.kind, from, fc, to, tc);
        if let Some(why) = problem {
            m.report(
                &e.at,
                FindingKind::NotExpressed,
                format!(
                    "{} edge `{}` - `{}` left out: {why}",
                    e.kind.word(),
                    e.from,
                    e.to
                ),
            );
            continue;
        }
        let set = match e.kind {
            Kind::Army => &mut army,
            Kind::Fleet => &mut fleet,
        };
        set.entry(e.from.clone()).or_default().insert(e.to.clone());
        first_at
            .entry((e.kind, e.from.clone(), e.to.clone()))
            .or_insert_with(|| e.at.clone());
    }
    report_dropped(m, &itself, impassable_dropped);
    one_sided(m, &army, &fleet, &first_at);
    (army, fleet)
}

/// Why an edge of `kind` from `from` (coast `fc`) to `to` (coast `tc`) cannot be written, or
/// `None`.
fn edge_problem(
    kind: Kind,
    from: &Province,
    fc: Option<&str>,
    to: &Province,
    tc: Option<&str>,
) -> Option<String> {
    match kind {
        Kind::Army if !from.terrain.is_land() || !to.terrain.is_land() => Some(format!(
            "an army edge needs land at both ends, but `{}` is {} and `{}` is {}",
            from.name,
            from.terrain.word(),
            to.name,
            to.terrain.word()
        )),
        Kind::Army if fc.is_some() || tc.is_some() => {
            Some("an army edge joins provinces, not coasts".to_string())
        }
        Kind::Fleet if !from.terrain.is_navigable() || !to.terrain.is_navigable() => Some(format!(
            "a fleet edge needs water or coast at both ends, but `{}` is {} and `{}` is {}",
            from.name,
            from.terrain.word(),
            to.name,
            to.terrain.word()
        )),
        Kind::Fleet => coast_problem(from, fc).or_else(|| coast_problem(to, tc)),
        _ => None,
    }
}

/// The file-level notes on the edges left out: a province listed as its own neighbour, and
/// edges of impassable provinces.
fn report_dropped(m: &mut Model, itself: &[String], impassable_dropped: usize) {
    if !itself.is_empty() {
        m.report_file(
            FindingKind::Note,
            format!(
                "provinces listed as their own neighbours (jDip's way of writing an island, or a province with no neighbours), left out \
                 since a province never borders itself in diplo: {}",
                itself.join(", ")
            ),
        );
    }
    if impassable_dropped > 0 {
        m.report_file(
            FindingKind::Note,
            format!(
                "{impassable_dropped} edge(s) into or out of impassable provinces left out (an \
                 impassable province has no edges in diplo; nothing can enter it either way)"
            ),
        );
    }
}

/// One-sided edges become one-way borders (reported).
fn one_sided(
    m: &mut Model,
    army: &EdgeMap,
    fleet: &EdgeMap,
    first_at: &HashMap<(Kind, String, String), Place>,
) {
    for (kind, set) in [(Kind::Army, army), (Kind::Fleet, fleet)] {
        for (from, tos) in set {
            for to in tos {
                if set.get(to).is_some_and(|back| back.contains(from)) {
                    continue;
                }
                let at = first_at[&(kind, from.clone(), to.clone())].clone();
                m.report(
                    &at,
                    FindingKind::Ambiguous,
                    format!(
                        "{} edge `{from}` -> `{to}` is listed on one side only (`{to}` does not \
                         list `{from}`): written as a one-way border, as the source reads; \
                         check whether the source meant a two-way edge",
                        kind.word()
                    ),
                );
                let (fp, _) = split_loc(from);
                let (tp, _) = split_loc(to);
                m.borders.push(BorderRule {
                    from: fp.to_string(),
                    to: tp.to_string(),
                    kind: Some(kind),
                    difficult: false,
                    closed: BTreeSet::new(),
                    one_way: true,
                    at,
                });
            }
        }
    }
}

/// Why `coast` (or its absence) does not fit province `p`, or `None`.
fn coast_problem(p: &Province, coast: Option<&str>) -> Option<String> {
    match (p.coasts.is_empty(), coast) {
        (true, None) => None,
        (true, Some(c)) => Some(format!("`{}` has no coast `{c}`", p.name)),
        (false, None) => Some(format!(
            "`{}` has coasts ({}) and the edge names none",
            p.name,
            p.coasts
                .iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
        (false, Some(c)) if p.coasts.iter().any(|k| k.name == c) => None,
        (false, Some(c)) => Some(format!("`{}` has no coast `{c}`", p.name)),
    }
}

/// Merges border rules per directed edge and kind, then writes `between` where both directions
/// agree.
fn borders(m: &mut Model, army: &EdgeMap, fleet: &EdgeMap) -> Vec<OutBorder> {
    let has = |kind: Kind, from: &str, to: &str| match kind {
        Kind::Army => army.get(from).is_some_and(|s| s.contains(to)),
        Kind::Fleet => fleet
            .iter()
            .any(|(f, tos)| split_loc(f).0 == from && tos.iter().any(|t| split_loc(t).0 == to)),
    };
    let props = border_props(m, &has);
    let directed = directed_borders(&props);
    let mut out = pair_up(directed);
    out.sort_by(|x, y| (!x.both, &x.from, &x.to, x.kind).cmp(&(!y.both, &y.from, &y.to, y.kind)));
    out
}

/// The border rules merged per directed edge and kind; a rule on no edge is reported.
fn border_props(
    m: &mut Model,
    has: &dyn Fn(Kind, &str, &str) -> bool,
) -> BTreeMap<(String, String, Kind), BorderProps> {
    let mut props: BTreeMap<(String, String, Kind), BorderProps> = BTreeMap::new();
    let rules = std::mem::take(&mut m.borders);
    for r in &rules {
        let kinds: Vec<Kind> = [Kind::Army, Kind::Fleet]
            .into_iter()
            .filter(|k| r.kind.is_none_or(|rk| rk == *k) && has(*k, &r.from, &r.to))
            .collect();
        if kinds.is_empty() {
            m.report(
                &r.at,
                FindingKind::NotExpressed,
                format!(
                    "border `{}` -> `{}`{}: no such edge on the map, so the border has nothing to \
                     apply to",
                    r.from,
                    r.to,
                    r.kind
                        .map(|k| format!(" ({})", k.word()))
                        .unwrap_or_default()
                ),
            );
            continue;
        }
        for k in kinds {
            let p = props.entry((r.from.clone(), r.to.clone(), k)).or_default();
            p.difficult |= r.difficult;
            p.closed.extend(r.closed.iter().copied());
            p.one_way |= r.one_way;
        }
    }
    props
}

/// One border per direction, for both kinds where they agree.
fn directed_borders(props: &BTreeMap<(String, String, Kind), BorderProps>) -> Vec<OutBorder> {
    let mut directed: Vec<OutBorder> = Vec::new();
    let pairs: BTreeSet<(String, String)> = props
        .keys()
        .map(|(f, t, _)| (f.clone(), t.clone()))
        .collect();
    for (f, t) in pairs {
        let a = props.get(&(f.clone(), t.clone(), Kind::Army));
        let fl = props.get(&(f.clone(), t.clone(), Kind::Fleet));
        match (a, fl) {
            (Some(a), Some(fl)) if a == fl => directed.push(OutBorder {
                from: f,
                to: t,
                both: false,
                kind: None,
                props: a.clone(),
            }),
            _ => {
                for (k, p) in [(Kind::Army, a), (Kind::Fleet, fl)] {
                    if let Some(p) = p {
                        directed.push(OutBorder {
                            from: f.clone(),
                            to: t.clone(),
                            both: false,
                            kind: Some(k),
                            props: p.clone(),
                        });
                    }
                }
            }
        }
    }
    directed
}

/// The directed borders with their twins (the other direction, same kind and properties)
/// paired into `between` borders, unless one-way.
fn pair_up(directed: Vec<OutBorder>) -> Vec<OutBorder> {
    let mut out: Vec<OutBorder> = Vec::new();
    let mut used = vec![false; directed.len()];
    for i in 0..directed.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let b = &directed[i];
        let twin = (0..directed.len()).find(|&j| {
            !used[j]
                && directed[j].from == b.to
                && directed[j].to == b.from
                && directed[j].kind == b.kind
                && directed[j].props == b.props
        });
        let mut b = b.clone();
        if let (Some(j), false) = (twin, b.props.one_way) {
            used[j] = true;
            b.both = true;
            if b.to < b.from {
                std::mem::swap(&mut b.from, &mut b.to);
            }
        }
        out.push(b);
    }
    out
}

/// Starting units must stand where diplo lets them; two in one province are reported.
fn units(m: &mut Model, index: &HashMap<String, usize>) {
    let mut taken: HashMap<String, String> = HashMap::new();
    let mut findings = Vec::new();
    for pi in 0..m.powers.len() {
        let units = std::mem::take(&mut m.powers[pi].units);
        let mut kept = Vec::new();
        for u in units {
            let (p, c) = split_loc(&u.location);
            let why = match index.get(p).map(|&i| &m.provinces[i]) {
                None => Some(format!("`{p}` is not a province of the map")),
                Some(prov) => match u.kind {
                    Kind::Army if !prov.terrain.is_land() => {
                        Some(format!("`{p}` is {}", prov.terrain.word()))
                    }
                    Kind::Army if c.is_some() => Some("an army stands on no coast".into()),
                    Kind::Fleet if !prov.terrain.is_navigable() => {
                        Some(format!("`{p}` is {}", prov.terrain.word()))
                    }
                    Kind::Fleet => coast_problem(prov, c),
                    _ => None,
                },
            };
            let why = why.or_else(|| {
                taken
                    .get(p)
                    .map(|other| format!("{other} already has a unit in `{p}`"))
            });
            match why {
                Some(why) => findings.push((
                    u.at.clone(),
                    format!(
                        "starting unit `{} {}` of {} left out: {why}",
                        u.kind.letter(),
                        u.location,
                        m.powers[pi].name
                    ),
                )),
                None => {
                    taken.insert(p.to_string(), m.powers[pi].name.clone());
                    kept.push(u);
                }
            }
        }
        m.powers[pi].units = kept;
    }
    for (at, msg) in findings {
        m.report(&at, FindingKind::NotExpressed, msg);
    }
}

/// Full names default to the short name; aliases diplo cannot hold (a clash with another
/// province's name, a character names may not contain) are left out and reported.
fn names(m: &mut Model) {
    let mut owner: HashMap<String, usize> = HashMap::new();
    let mut findings: Vec<(Place, FindingKind, String)> = Vec::new();
    let mut defaulted: Vec<String> = Vec::new();
    for (i, p) in m.provinces.iter_mut().enumerate() {
        owner.insert(diplo_map::normalize_name(&p.name), i);
        if p.full_name.is_none() {
            defaulted.push(p.name.clone());
            p.full_name = Some(p.name.to_uppercase());
        }
    }
    for (i, p) in m.provinces.iter().enumerate() {
        let full = diplo_map::normalize_name(p.full_name.as_deref().unwrap_or_default());
        match owner.get(&full) {
            Some(&j) if j != i => findings.push((
                p.at.clone(),
                FindingKind::NotExpressed,
                format!(
                    "full name `{}` of `{}` is also a name of `{}`; diplo names are unique",
                    p.full_name.as_deref().unwrap_or_default(),
                    p.name,
                    m.provinces[j].name
                ),
            )),
            _ => {
                owner.insert(full, i);
            }
        }
    }
    for i in 0..m.provinces.len() {
        keep_unique_aliases(m, i, &mut owner, &mut findings);
    }
    for (at, kind, msg) in findings {
        m.report(&at, kind, msg);
    }
    if !defaulted.is_empty() {
        m.report_file(
            FindingKind::Default,
            format!(
                "no full name in the source for {}: the short name in capitals is used",
                defaulted.join(", ")
            ),
        );
    }
}

/// Province `i`'s aliases that are valid diplo names and name no other province; the others
/// are left out (into `findings`). `owner` maps each normalized name to its province.
fn keep_unique_aliases(
    m: &mut Model,
    i: usize,
    owner: &mut HashMap<String, usize>,
    findings: &mut Vec<(Place, FindingKind, String)>,
) {
    let aliases = std::mem::take(&mut m.provinces[i].aliases);
    let mut kept: Vec<(String, Place)> = Vec::new();
    for (alias, at) in aliases {
        let key = diplo_map::normalize_name(&alias);
        if key.is_empty() || key.contains(['/', '(', ')', ':', ',']) {
            findings.push((
                at,
                FindingKind::NotExpressed,
                format!(
                    "alias `{alias}` of `{}` left out: diplo names may not contain / ( ) : ,",
                    m.provinces[i].name
                ),
            ));
            continue;
        }
        match owner.get(&key) {
            Some(&j) if j == i => {} // already a name of this province
            Some(&j) => findings.push((
                at,
                FindingKind::NotExpressed,
                format!(
                    "alias `{alias}` of `{}` left out: it is already a name of `{}` (diplo \
                     names are unique)",
                    m.provinces[i].name, m.provinces[j].name
                ),
            )),
            None => {
                owner.insert(key, i);
                kept.push((alias, at));
            }
        }
    }
    m.provinces[i].aliases = kept;
}

/// Three-letter abbreviations where the source gives none: the name's first three letters,
/// else its first two and a later one, else a number.
fn abbreviations(m: &mut Model) {
    let mut used: BTreeSet<String> = m
        .powers
        .iter()
        .flat_map(|p| {
            [p.name.to_lowercase(), p.adjective.to_lowercase()]
                .into_iter()
                .chain(p.abbreviation.iter().map(|a| a.to_lowercase()))
        })
        .collect();
    let mut chosen = Vec::new();
    for p in &mut m.powers {
        if p.abbreviation.is_some() {
            continue;
        }
        let letters: Vec<char> = p
            .name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(|c| c.to_uppercase())
            .collect();
        let mut candidates: Vec<String> = Vec::new();
        if letters.len() >= 3 {
            candidates.push(letters[..3].iter().collect());
            for k in 3..letters.len() {
                candidates.push([letters[0], letters[1], letters[k]].iter().collect());
            }
        }
        let base: String = letters.iter().take(2).collect();
        candidates.extend((1..100).map(|n| format!("{base}{n}")));
        let pick = candidates
            .into_iter()
            .find(|c| !used.contains(&c.to_lowercase()))
            .expect("a free abbreviation");
        used.insert(pick.to_lowercase());
        chosen.push(format!("{} {}", p.name, pick));
        p.abbreviation = Some(pick);
    }
    if !chosen.is_empty() {
        m.report_file(
            FindingKind::Default,
            format!(
                "no three-letter power abbreviations in the source; chosen: {}",
                chosen.join(", ")
            ),
        );
    }
}
