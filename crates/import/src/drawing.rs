//! The drawing an imported map borrows from a built-in map it is built on: a MILA map that
//! says `MAP standard.map`, a jDip variant on the standard board. When nearly all the
//! imported provinces are a built-in map's (same short names, seas where it has seas, the
//! same neighbours), the output carries that map's `[drawing]` and each shared province's
//! `draw`, so that it is pictured as players know it rather than by the automatic layout.
//! A province the built-in map lacks is placed among its neighbours there.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use diplo_map::drawing::{Drawing, LandMass, Point};
use diplo_map::{Map, Terrain, EMBEDDED_MAPS};

use crate::model::Checked;

/// The share of the imported provinces (and of their edges among shared provinces) that must
/// be the built-in map's, in tenths.
const SHARE_TENTHS: usize = 9;

/// Where one imported province is drawn.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Placed {
    /// The unit anchor.
    pub at: Point,
    /// Where its name goes, when not at `at`.
    pub label: Option<Point>,
    /// More points of its region.
    pub seeds: Vec<Point>,
    /// An explicit outline.
    pub shape: Option<Vec<Point>>,
    /// Each named coast's fleet anchor, by coast name.
    pub coasts: BTreeMap<String, Point>,
}

/// A built-in map's drawing fitted to an imported map.
#[derive(Clone, Debug)]
pub(crate) struct Borrowed {
    /// The built-in map's name.
    pub base: &'static str,
    /// Its drawing (projection, frame and land masses are written as they are).
    pub drawing: Drawing,
    /// Every imported province's place, by short name.
    pub places: BTreeMap<String, Placed>,
    /// The imported provinces drawn where the built-in map draws one the import lacks:
    /// `(ours, the built-in map's)`.
    pub replaced: Vec<(String, String)>,
    /// The imported provinces the built-in map lacks, placed among their neighbours.
    pub new: Vec<String>,
}

/// The built-in maps with drawing data, loaded once.
fn drawn_maps() -> &'static [(&'static str, Map)] {
    static MAPS: OnceLock<Vec<(&'static str, Map)>> = OnceLock::new();
    MAPS.get_or_init(|| {
        EMBEDDED_MAPS
            .iter()
            .filter_map(|(name, _)| Some((*name, Map::embedded(name)?.ok()?)))
            .filter(|(_, m)| m.drawing().is_some())
            .collect()
    })
}

fn is_sea(t: Terrain) -> bool {
    t == Terrain::Sea
}

/// The province of a location (`spa/nc` → `spa`).
fn province_of(loc: &str) -> &str {
    loc.split_once('/').map_or(loc, |(p, _)| p)
}

/// Every edge of the import between two provinces, either kind, once per direction.
fn edges(c: &Checked) -> Vec<(&str, &str)> {
    let army = c
        .army
        .iter()
        .flat_map(|(a, bs)| bs.iter().map(move |b| (a.as_str(), b.as_str())));
    let fleet = c.fleet.iter().flat_map(|(a, bs)| {
        bs.iter()
            .map(move |b| (province_of(a), province_of(b.as_str())))
    });
    army.chain(fleet).collect()
}

/// How well `base` fits the import: the provinces shared (same name, sea where it is sea), or
/// `None` when fewer than nine in ten provinces, or of their edges, are the base's, or when
/// they are fewer than half the base's (a few provinces of a big board).
fn fit(c: &Checked, base: &Map, edges: &[(&str, &str)]) -> Option<usize> {
    let provinces = &c.model.provinces;
    let shared = provinces
        .iter()
        .filter(|p| {
            base.province_by_name(&p.name)
                .is_some_and(|id| is_sea(base.province(id).terrain) == is_sea(p.terrain))
        })
        .count();
    if provinces.is_empty()
        || shared * 10 < provinces.len() * SHARE_TENTHS
        || shared * 2 < base.provinces().len()
    {
        return None;
    }
    let (mut between, mut kept) = (0, 0);
    for (a, b) in edges {
        let (Some(a), Some(b)) = (base.province_by_name(a), base.province_by_name(b)) else {
            continue;
        };
        between += 1;
        kept += usize::from(base.any_neighbours(a).contains(&b));
    }
    (kept * 10 >= between * SHARE_TENTHS).then_some(shared)
}

/// The built-in map the import is built on, with its drawing fitted to the import: `None`
/// when no built-in map with drawing data shares nearly all its provinces.
pub(crate) fn borrow(c: &Checked) -> Option<Borrowed> {
    let edges = edges(c);
    let mut best: Option<(usize, usize, &'static str, &Map)> = None;
    for (name, base) in drawn_maps() {
        let Some(shared) = fit(c, base, &edges) else {
            continue;
        };
        // Most shared first; then the map with fewest provinces besides (the closest).
        let extra = base.provinces().len().saturating_sub(shared);
        if best.is_none_or(|(s, e, _, _)| shared > s || (shared == s && extra < e)) {
            best = Some((shared, extra, name, base));
        }
    }
    let (_, _, name, base) = best?;
    Some(place(c, name, base, &edges))
}

/// Copies the base's places for the shared provinces and places the others.
fn place(c: &Checked, name: &'static str, base: &Map, edges: &[(&str, &str)]) -> Borrowed {
    let mut drawing = base.drawing().expect("a drawn map").clone();
    let mut places = BTreeMap::new();
    let mut new = Vec::new();
    for p in &c.model.provinces {
        match base.province_by_name(&p.name) {
            Some(id) if is_sea(base.province(id).terrain) == is_sea(p.terrain) => {
                places.insert(p.name.clone(), copy(base, &drawing, id));
            }
            _ => new.push(p.name.clone()),
        }
    }
    let replaced = replacements(c, base, &new, edges);
    for (ours, theirs) in &replaced {
        if let Some(id) = base.province_by_name(theirs) {
            places.insert(ours.clone(), copy(base, &drawing, id));
        }
    }
    new.retain(|n| !replaced.iter().any(|(ours, _)| ours == n));
    place_new(c, &mut drawing, &mut places, &new, edges);
    place_coasts(c, &drawing, &mut places);
    Borrowed {
        base: name,
        drawing,
        places,
        replaced,
        new,
    }
}

/// Where the base draws its province `id`: anchor, label, seeds, shape and coasts.
fn copy(base: &Map, drawing: &Drawing, id: diplo_map::ProvinceId) -> Placed {
    let d = &drawing.provinces[id.0 as usize];
    let coasts = base
        .province(id)
        .coasts
        .iter()
        .zip(&d.coasts)
        .map(|(coast, at)| (coast.name.clone(), *at))
        .collect();
    Placed {
        at: d.at,
        label: (d.label != d.at).then_some(d.label),
        seeds: d.seeds.clone(),
        shape: d.shape.clone(),
        coasts,
    }
}

/// The provinces of the import the base lacks that take the place of one the import lacks
/// (Renaissance's Novgorod where the standard map has St Petersburg): `(ours, the base's)`,
/// each pair sea with sea or land with land, the base's province bordering at least half the
/// shared neighbours of ours; the best fits first (most neighbours in common, then nearest to
/// the middle of those neighbours), each province used once.
fn replacements(
    c: &Checked,
    base: &Map,
    new: &[String],
    edges: &[(&str, &str)],
) -> Vec<(String, String)> {
    let ours: std::collections::HashSet<&str> =
        c.model.provinces.iter().map(|p| p.name.as_str()).collect();
    let sea: HashMap<&str, bool> = c
        .model
        .provinces
        .iter()
        .map(|p| (p.name.as_str(), is_sea(p.terrain)))
        .collect();
    let free: Vec<diplo_map::ProvinceId> = base
        .province_ids()
        .filter(|&id| !ours.contains(base.province(id).name.as_str()))
        .collect();
    let mut fits = Vec::new();
    for n in new {
        let mut near: Vec<diplo_map::ProvinceId> = edges
            .iter()
            .filter_map(|(a, b)| (*a == n.as_str()).then_some(*b))
            .filter_map(|b| base.province_by_name(b))
            .collect();
        near.sort();
        near.dedup();
        let drawing = base.drawing().expect("a drawn map");
        let around: Vec<Point> = near
            .iter()
            .map(|q| drawing.provinces[q.0 as usize].at)
            .collect();
        let middle = mean(&around);
        for &b in &free {
            if is_sea(base.province(b).terrain) != sea[n.as_str()] {
                continue;
            }
            let score = near
                .iter()
                .filter(|q| base.any_neighbours(b).contains(q))
                .count();
            if score > 0 && score * 2 >= near.len() {
                let at = drawing.provinces[b.0 as usize].at;
                let far = middle.map_or(0.0, |m| (at[0] - m[0]).hypot(at[1] - m[1]));
                fits.push((score, far, n.clone(), base.province(b).name.clone()));
            }
        }
    }
    // Most neighbours in common first; then the nearest to the middle of ours's neighbours.
    fits.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then_with(|| a.1.total_cmp(&b.1))
            .then_with(|| (&a.2, &a.3).cmp(&(&b.2, &b.3)))
    });
    let mut out: Vec<(String, String)> = Vec::new();
    for (_, _, n, b) in fits {
        if !out.iter().any(|(x, y)| *x == n || *y == b) {
            out.push((n, b));
        }
    }
    out
}

/// Places each province the base lacks at the middle of its placed neighbours, round by
/// round (one touching no placed province goes to the middle of the frame), then moves it to
/// the nearest point on the right side of the coastline and clear of every other anchor.
fn place_new(
    c: &Checked,
    drawing: &mut Drawing,
    places: &mut BTreeMap<String, Placed>,
    new: &[String],
    edges: &[(&str, &str)],
) {
    let mut near: HashMap<&str, Vec<&str>> = HashMap::new();
    for (a, b) in edges {
        near.entry(a).or_default().push(b);
        near.entry(b).or_default().push(a);
    }
    let sea: HashMap<&str, bool> = c
        .model
        .provinces
        .iter()
        .map(|p| (p.name.as_str(), is_sea(p.terrain)))
        .collect();
    let [x0, y0, x1, y1] = drawing.bounds;
    let middle = [(x0 + x1) / 2.0, (y0 + y1) / 2.0];
    let mut left: Vec<&str> = new.iter().map(String::as_str).collect();
    while !left.is_empty() {
        let guesses: Vec<Option<Point>> = left
            .iter()
            .map(|name| {
                let around: Vec<Point> = near
                    .get(name)
                    .into_iter()
                    .flatten()
                    .filter_map(|n| places.get(*n).map(|p| p.at))
                    .collect();
                mean(&around)
            })
            .collect();
        let stuck = guesses.iter().all(Option::is_none);
        let mut waiting = Vec::new();
        for (i, (name, guess)) in left.iter().zip(guesses).enumerate() {
            let guess = match guess {
                Some(g) => g,
                None if stuck && i == 0 => middle,
                None => {
                    waiting.push(*name);
                    continue;
                }
            };
            let at = match island(drawing, places, guess, sea[name]) {
                Some(mut land) => {
                    land.name = name.to_string();
                    drawing.lands.push(land);
                    guess
                }
                None => clear_spot(drawing, places, guess, sea[name]),
            };
            places.insert(name.to_string(), Placed::at(at));
        }
        left = waiting;
    }
}

impl Placed {
    fn at(at: Point) -> Placed {
        Placed {
            at,
            label: None,
            seeds: Vec::new(),
            shape: None,
            coasts: BTreeMap::new(),
        }
    }
}

fn mean(points: &[Point]) -> Option<Point> {
    if points.is_empty() {
        return None;
    }
    let n = points.len() as f64;
    let s = points
        .iter()
        .fold([0.0, 0.0], |a, p| [a[0] + p[0], a[1] + p[1]]);
    Some(round([s[0] / n, s[1] / n]))
}

/// A point rounded to two decimals, as a map file writes it.
fn round(p: Point) -> Point {
    [
        (p[0] * 100.0).round() / 100.0,
        (p[1] * 100.0).round() / 100.0,
    ]
}

/// The step of the rings [`clear_spot`] searches: a 150th of the frame.
fn step(drawing: &Drawing) -> f64 {
    let [x0, y0, x1, y1] = drawing.bounds;
    (x1 - x0).abs().max((y1 - y0).abs()) / 150.0
}

/// A small island at `guess` for a land province whose neighbours' middle is at sea, when
/// the sea around it is open (no land, no anchor near): so that a new island (Iceland beside
/// the North Atlantic) is drawn where it belongs rather than on the nearest coast.
fn island(
    drawing: &Drawing,
    places: &BTreeMap<String, Placed>,
    guess: Point,
    sea: bool,
) -> Option<LandMass> {
    if sea || drawing.lands.is_empty() || drawing.land_at(guess).is_some() {
        return None;
    }
    let r = step(drawing) * 3.0;
    let points: Vec<Point> = (0..6)
        .map(|k| {
            let a = std::f64::consts::TAU * k as f64 / 6.0;
            round([guess[0] + r * a.cos(), guess[1] + r * a.sin()])
        })
        .collect();
    let open = points
        .iter()
        .all(|&p| drawing.in_bounds(p) && drawing.land_at(p).is_none());
    let clear = places.values().all(|q| {
        let (dx, dy) = (q.at[0] - guess[0], q.at[1] - guess[1]);
        dx * dx + dy * dy >= (3.0 * r) * (3.0 * r)
    });
    (open && clear).then(|| LandMass {
        name: String::new(),
        points,
    })
}

/// The point nearest `guess`, on rings around it, that lies in the frame, on land for a land
/// province and off it for a sea (when the drawing has land masses), and not too near any
/// other anchor; `guess` itself when none is found.
fn clear_spot(
    drawing: &Drawing,
    places: &BTreeMap<String, Placed>,
    guess: Point,
    sea: bool,
) -> Point {
    let step = step(drawing);
    let gap = step * 2.0;
    let fits = |p: Point| {
        drawing.in_bounds(p)
            && (drawing.lands.is_empty() || drawing.land_at(p).is_some() != sea)
            && places.values().all(|q| {
                let (dx, dy) = (q.at[0] - p[0], q.at[1] - p[1]);
                dx * dx + dy * dy >= gap * gap
            })
    };
    // Out to two fifths of the frame: far enough for any coastline, bounded for any map.
    for ring in 0..60 {
        let r = step * ring as f64;
        let turns = if ring == 0 { 1 } else { 8 + 4 * ring };
        for k in 0..turns {
            let a = std::f64::consts::TAU * k as f64 / turns as f64;
            let p = round([guess[0] + r * a.cos(), guess[1] + r * a.sin()]);
            if fits(p) {
                return p;
            }
        }
    }
    guess
}

/// Gives every named coast without a place one: halfway from its province's anchor towards
/// the middle of the places its fleets reach.
fn place_coasts(c: &Checked, drawing: &Drawing, places: &mut BTreeMap<String, Placed>) {
    for p in &c.model.provinces {
        for coast in &p.coasts {
            let Some(own) = places.get(&p.name) else {
                continue;
            };
            if own.coasts.contains_key(&coast.name) {
                continue;
            }
            let loc = format!("{}/{}", p.name, coast.name);
            let reach: Vec<Point> = c
                .fleet
                .get(&loc)
                .into_iter()
                .flatten()
                .filter_map(|l| places.get(province_of(l)).map(|q| q.at))
                .collect();
            let at = match mean(&reach) {
                Some(m) => round([(own.at[0] + m[0]) / 2.0, (own.at[1] + m[1]) / 2.0]),
                None => own.at,
            };
            let at = if drawing.in_bounds(at) { at } else { own.at };
            if let Some(own) = places.get_mut(&p.name) {
                own.coasts.insert(coast.name.clone(), at);
            }
        }
    }
}

/// The words of the finding that says whose drawing the map borrows.
const FINDING: &str = "drawn as the built-in map";

/// The note an import with a borrowed drawing reports.
pub(crate) fn finding(b: &Borrowed) -> String {
    let shared = b.places.len() - b.new.len() - b.replaced.len();
    let mut text = format!(
        "{FINDING} `{}` draws it: its `[drawing]` and the places of the {shared} provinces \
         they share",
        b.base
    );
    if !b.replaced.is_empty() {
        let pairs: Vec<String> = b
            .replaced
            .iter()
            .map(|(ours, theirs)| format!("{ours} where it draws {theirs}"))
            .collect();
        text.push_str(&format!(
            "; {} province(s) drawn in the place of one this map lacks ({})",
            pairs.len(),
            pairs.join(", ")
        ));
    }
    if !b.new.is_empty() {
        text.push_str(&format!(
            "; {} province(s) it lacks placed among their neighbours ({}): look at them with \
             `diplo render` and move them if needed",
            b.new.len(),
            b.new.join(", ")
        ));
    }
    text
}

/// Whether a finding is the one [`finding`] words.
pub(crate) fn is_finding(f: &crate::Finding) -> bool {
    f.place.is_none() && f.message.starts_with(FINDING)
}
