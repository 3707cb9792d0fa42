//! What the variant cases of DATC 2.4 chapters 7–12 add to a case: the map it is played on, its
//! season and starting ownership, and the expectations the chapter-6 format has no words for
//! (retreat options, winter adjustments, a winner, where a railroad move ends).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use diplo_engine::{Adjudication, Position};
use diplo_map::{Map, PowerId, Season};
use serde::{Deserialize, Serialize};

use crate::{Case, CaseReport, Mismatch};

/// What the text says of a dislodged unit's retreat options.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RetreatOptionsExpectation {
    /// `Norway`.
    pub power: String,
    /// `F Norwegian Sea`.
    pub unit: String,
    /// Provinces it cannot retreat to.
    #[serde(default)]
    pub excludes: Vec<String>,
    /// Provinces it can retreat to.
    #[serde(default)]
    pub includes: Vec<String>,
}

/// One of the case's orders, by power and text (`same_result`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OrderRef {
    /// `Italy`.
    pub power: String,
    /// The order exactly as in the case's `orders`.
    pub order: String,
}

/// The builds (positive) or removals (negative) a power has in the winter after the case.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AdjustmentExpectation {
    /// `China`.
    pub power: String,
    /// Builds (positive) or removals (negative).
    pub builds: i64,
}

/// The map a case is played on: its own embedded map when it names one, else `default`.
/// Embedded maps are loaded once per process.
pub fn case_map<'a>(case: &Case, default: &'a Map) -> Result<&'a Map, String> {
    let Some(name) = &case.map else {
        return Ok(default);
    };
    static MAPS: OnceLock<Mutex<HashMap<String, &'static Map>>> = OnceLock::new();
    let mut cache = MAPS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(map) = cache.get(name) {
        return Ok(map);
    }
    let map = Map::embedded(name)
        .ok_or_else(|| format!("{}: no embedded map `{name}`", case.id))?
        .map_err(|e| format!("{}: map `{name}`: {e}", case.id))?;
    let map: &'static Map = Box::leak(Box::new(map));
    cache.insert(name.clone(), map);
    Ok(map)
}

/// The season of the case's movement phase, named as on the case's map (the first season
/// when the case names none).
pub(crate) fn season(case: &Case, map: &Map) -> Result<Season, String> {
    match case.season.as_deref() {
        None => Ok(Season(0)),
        Some(name) => map.calendar.season_by_name(name).ok_or_else(|| {
            format!(
                "{}: unknown season `{name}`: expected {}",
                case.id,
                map.calendar.names()
            )
        }),
    }
}

/// A variant case starts with the map's initial centre ownership.
pub(crate) fn initial_owners(map: &Map, pos: &mut Position) {
    for p in map.power_ids() {
        for &c in &map.power(p).centres {
            pos.owners[c.index()] = Some(p);
        }
    }
}

/// Checks the variant expectations of a case's main expectation.
pub(crate) fn check(
    map: &Map,
    case: &Case,
    adj: &Adjudication,
    radj: Option<&Adjudication>,
    report: &mut CaseReport,
) {
    let last = radj.map_or(&adj.next, |r| &r.next);
    let mut miss = |what: String, expected: String, actual: String| {
        report.mismatches.push(Mismatch {
            what,
            expected,
            actual,
        })
    };
    for o in &case.orders {
        let Some(at) = &o.ends_in else { continue };
        report.checked += 1;
        let found = map.province_by_name(at).is_some_and(|p| {
            last.units
                .iter()
                .any(|u| u.location.province == p && map.power(u.power).name == o.power)
        });
        if !found {
            miss(
                format!("{}: {}", o.power, o.order),
                format!("ends in {at}"),
                "no unit of that power there".into(),
            );
        }
    }
    for r in &case.retreat_options {
        let options: Option<Vec<String>> = adj
            .retreats
            .iter()
            .find(|x| x.dislodged.unit.full(map) == r.unit)
            .map(|x| {
                x.options
                    .iter()
                    .map(|l| map.province(l.province).full_name.clone())
                    .collect()
            });
        report.checked += 1;
        let Some(options) = options else {
            miss(
                format!("{}: {}", r.power, r.unit),
                "dislodged".into(),
                "not dislodged".into(),
            );
            continue;
        };
        let has = |name: &String| {
            let p = map.province_by_name(name);
            options.iter().any(|o| map.province_by_name(o) == p)
        };
        for x in r.excludes.iter().filter(|x| has(x)) {
            miss(
                format!("{}: {} retreat options", r.power, r.unit),
                format!("not {x}"),
                options.join(", "),
            );
        }
        for x in r.includes.iter().filter(|x| !has(x)) {
            miss(
                format!("{}: {} retreat options", r.power, r.unit),
                x.clone(),
                options.join(", "),
            );
        }
    }
    for a in &case.adjustments {
        report.checked += 1;
        let Some(p) = map.power_by_name(&a.power) else {
            miss(a.power.clone(), "a power".into(), "unknown power".into());
            continue;
        };
        let got = last.counted_centres(map, p) as i64 - last.unit_count(p) as i64;
        if got != a.builds {
            miss(
                format!("{}: winter adjustments", a.power),
                a.builds.to_string(),
                got.to_string(),
            );
        }
    }
    if let Some(w) = &case.winner {
        report.checked += 1;
        let got = winner(map, case, last).map_or("none".to_string(), |p| map.power(p).name.clone());
        if !got.eq_ignore_ascii_case(w) {
            miss("winner".into(), w.clone(), got);
        }
    }
    if !case.same_result.is_empty() {
        report.checked += 1;
        let words: Vec<String> = case
            .same_result
            .iter()
            .map(|r| {
                index_of(case, r).map_or_else(
                    || "no such order in the case".to_string(),
                    |i| crate::normalize(&adj.results[i].words()),
                )
            })
            .collect();
        if words.iter().any(|w| *w != words[0]) {
            miss(
                "same result".into(),
                "the same result for each of: ".to_string()
                    + &case
                        .same_result
                        .iter()
                        .map(|r| format!("{}: {}", r.power, r.order))
                        .collect::<Vec<_>>()
                        .join("; "),
                words.join("; "),
            );
        }
    }
}

/// The index of a `same_result` order among the case's orders, when exactly one matches.
fn index_of(case: &Case, r: &OrderRef) -> Option<usize> {
    let mut found = case
        .orders
        .iter()
        .enumerate()
        .filter(|(_, o)| o.power == r.power && o.order == r.order)
        .map(|(i, _)| i);
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// Checks the variant keys of a case: `same_result` names at least two of the case's orders,
/// each exactly once; an order's `written` text goes with a note that says why it differs.
pub(crate) fn validate(case: &Case) -> Result<(), String> {
    if case.same_result.len() == 1 {
        return Err(format!("{}: `same_result` names one order", case.id));
    }
    for r in &case.same_result {
        if index_of(case, r).is_none() {
            return Err(format!(
                "{}: `same_result` order `{}: {}` is not (uniquely) among the case's orders",
                case.id, r.power, r.order
            ));
        }
    }
    let written = case
        .orders
        .iter()
        .chain(&case.retreats)
        .any(|o| o.written.is_some());
    if written && case.note.is_none() {
        return Err(format!(
            "{}: an order has `written` text but the case has no note",
            case.id
        ));
    }
    Ok(())
}

/// The power that has won in `pos`: most counted centres, at least the victory number.
fn winner(map: &Map, case: &Case, pos: &Position) -> Option<PowerId> {
    let need = usize::from(case.victory_centres.unwrap_or(map.victory_centres));
    map.power_ids()
        .map(|p| (pos.victory_centres(map, p), p))
        .filter(|&(c, _)| c >= need)
        .max_by_key(|&(c, _)| c)
        .map(|(_, p)| p)
}
