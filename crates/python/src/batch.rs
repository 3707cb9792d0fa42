//! The pure functions for batch work, run in Rust without the GIL: `diplo.adjudicate` (one
//! phase from a position and orders) and `diplo.replay` (game records replayed under a
//! ruleset, several threads at a time).

use diplo_engine::{Position, PositionFile};
use diplo_map::Map;
use diplo_rules::Ruleset;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::{json, Value};

use crate::answer::{self, ResultText};
use crate::convert::to_py;
use crate::{err, load_map, load_rules, order_text, overrides_of};

/// Adjudicates one phase: `position` is a position file's text (TOML) or the same as a dict,
/// `orders` a string of lines (with `Power:` headers, or `France: A par - bur`) or a list.
/// Returns the results and the next position (as a dict in the position-file shape).
#[pyfunction]
#[pyo3(signature = (position, orders, ruleset = "datc", map = "standard", overrides = None))]
pub(crate) fn adjudicate<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    orders: &Bound<'py, PyAny>,
    ruleset: &str,
    map: &str,
    overrides: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (map, _) = load_map(map)?;
    let rules = load_rules(ruleset, &overrides_of(overrides)?)?;
    let given = GivenPosition::of(py, &map, position)?;
    let text = order_text(orders)?;
    let (results, next) = py.detach(|| adjudicate_text(&map, &rules, given, &text))?;
    let out = PyDict::new(py);
    out.set_item(intern!(py, "next"), answer::position(py, &next)?)?;
    out.set_item(intern!(py, "results"), answer::results(py, &results)?)?;
    Ok(out.into_any())
}

/// A position as given: read already (a dict of the position file's shape, read without the
/// GIL's release being worth it), or a position file's text to read.
pub(crate) enum GivenPosition {
    Read(Position),
    Text(String),
}

impl GivenPosition {
    /// `position`, a position file's text (TOML) or the same as a dict, for `map`: a dict of
    /// the file's shape with no problem is read at once; anything else is left as text.
    pub(crate) fn of(py: Python<'_>, map: &Map, position: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Some(input) = crate::position_dict::input_of(position) {
            // A problem is worded by the text's reader, with its place in the dict's text.
            if let Ok(pos) = Position::from_input(map, &input, "", "position") {
                return Ok(GivenPosition::Read(pos));
            }
        }
        Ok(GivenPosition::Text(position_text(py, position)?))
    }

    /// The position, read now if it was given as text.
    pub(crate) fn read(self, map: &Map) -> PyResult<Position> {
        match self {
            GivenPosition::Read(pos) => Ok(pos),
            GivenPosition::Text(text) => {
                Position::from_toml_str(map, &text, "position").map_err(err)
            }
        }
    }
}

/// A position given as a position file's text (TOML), or the same as a dict: the TOML text.
pub(crate) fn position_text(py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = position.extract::<String>() {
        return Ok(s);
    }
    if let Some(text) = crate::position_dict::toml_of(position) {
        return Ok(text);
    }
    let json_mod = py.import("json")?;
    let dumped: String = json_mod
        .call_method1("dumps", (position,))
        .map_err(|_| err("position: expected a position file's text or a dict of its shape"))?
        .extract()?;
    let value: toml::Value = serde_json::from_str(&dumped).map_err(err)?;
    toml::to_string(&value).map_err(|e| err(format!("position: {e}")))
}

/// Orders as text (lines, with `Power:` headers or prefixes) read for the position `pos`, each
/// with the power that gives it: the power the line names, else the owner of the unit it
/// orders (in a retreat phase, of the dislodged unit).
pub(crate) fn given_orders(
    map: &Map,
    pos: &Position,
    orders: &str,
) -> PyResult<Vec<(diplo_map::PowerId, diplo_orders::Order)>> {
    let (lines, errors) = diplo_orders::parse_orders(map, orders);
    if !errors.is_empty() {
        let all: Vec<String> = errors.iter().map(|e| format!("orders: {e}")).collect();
        return Err(err(all.join("\n")));
    }
    let mut given = Vec::new();
    for l in lines {
        // The power named gives the order (the engine judges an order to another power's unit
        // as the ruleset says: DATC 4.E.5); a line naming none is the unit's owner's. In a
        // retreat phase that is the dislodged unit's, not the unit's that took its place.
        let owner = l.power.or_else(|| {
            let u = l.order.unit()?;
            match pos.phase.kind {
                diplo_engine::PhaseKind::Retreat => pos
                    .dislodged
                    .iter()
                    .find(|d| d.unit.location.province == u.place.province)
                    .map(|d| d.unit.power),
                _ => pos.unit_in(u.place.province).map(|u| u.power),
            }
        });
        match owner {
            Some(p) => given.push((p, l.order)),
            None => {
                return Err(err(format!(
                    "orders: `{}`: no unit there and no power named (write `France: ...`)",
                    l.order.display(map)
                )))
            }
        }
    }
    Ok(given)
}

/// One phase adjudicated (without the GIL): each result's texts and the next position.
fn adjudicate_text(
    map: &Map,
    rules: &Ruleset,
    given: GivenPosition,
    orders: &str,
) -> PyResult<(Vec<ResultText>, PositionFile)> {
    let pos = given.read(map)?;
    let (results, next) = adjudicate_position(map, rules, &pos, orders)?;
    Ok((results, next.to_file(map)))
}

/// The phase of `pos` adjudicated with `orders` (lines of text): each result's texts and the
/// next position.
pub(crate) fn adjudicate_position(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &str,
) -> PyResult<(Vec<ResultText>, Position)> {
    let (results, next, _) = adjudicate_with_codes(map, rules, pos, orders, false)?;
    Ok((results, next))
}

/// A phase's results in MILA's codes: each key (a unit, `A PAR`) with its codes, in order.
pub(crate) type MilaCodes = Vec<(String, Vec<&'static str>)>;

/// As [`adjudicate_position`], and with `codes` the results in MILA's codes too
/// (`diplo_game::mila::phase_codes`; a retreat or adjustment phase's without the units the
/// movement phase before destroyed, which the caller knows).
pub(crate) fn adjudicate_with_codes(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &str,
    codes: bool,
) -> PyResult<(Vec<ResultText>, Position, Option<MilaCodes>)> {
    let given = given_orders(map, pos, orders)?;
    let adj = diplo_engine::adjudicate(map, rules, pos, &given);
    let results = adj.results.iter();
    let results = results.map(|r| ResultText::of(map, &given, r)).collect();
    let codes = codes.then(|| diplo_game::mila::phase_codes(map, pos, &given, &adj, &[]).0);
    Ok((results, adj.next, codes))
}

/// `pos` with its units and dislodged units listed power by power, the powers in the order of
/// `by_name` (the map's powers sorted by name, `Names::powers_by_name`: as a position read
/// from a file or a dict lists them), each power's in the order they were: the order the
/// possible orders follow.
pub(crate) fn by_power(by_name: &[diplo_map::PowerId], mut pos: Position) -> Position {
    let mut rank = vec![0usize; by_name.len()];
    for (i, p) in by_name.iter().enumerate() {
        rank[p.index()] = i;
    }
    pos.units.sort_by_key(|u| rank[u.power.index()]);
    pos.dislodged.sort_by_key(|d| rank[d.unit.power.index()]);
    pos
}

/// Replays game records (the texts, not paths: godip's format, or MILA saved-game JSON) under a ruleset, `threads` at a time
/// (0: one per core), without the GIL. Returns `passed`, `failed` and each mismatch.
#[pyfunction]
#[pyo3(signature = (records, ruleset = "droidippy", map = "standard", threads = 0))]
pub(crate) fn replay<'py>(
    py: Python<'py>,
    records: Vec<String>,
    ruleset: &str,
    map: &str,
    threads: i64,
) -> PyResult<Bound<'py, PyAny>> {
    let threads: usize = crate::in_range("threads", threads, "0 (one per core) or more")?;
    let (map, _) = load_map(map)?;
    let rules = load_rules(ruleset, &[])?;
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    };
    let value = py.detach(|| replay_texts(&map, &rules, &records, threads));
    to_py(py, &value)
}

fn replay_texts(map: &Map, rules: &Ruleset, records: &[String], threads: usize) -> Value {
    let chunk = records.len().div_ceil(threads.max(1)).max(1);
    let reports: Vec<Value> = std::thread::scope(|s| {
        let handles: Vec<_> = records
            .chunks(chunk)
            .enumerate()
            .map(|(c, part)| {
                s.spawn(move || {
                    part.iter()
                        .enumerate()
                        .map(|(i, text)| {
                            replay_one(map, rules, &format!("record {}", c * chunk + i), text)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let passed: u64 = reports.iter().filter_map(|r| r["passed"].as_u64()).sum();
    let failed: usize = reports
        .iter()
        .map(|r| {
            r["mismatches"].as_array().map_or(0, Vec::len) + usize::from(!r["error"].is_null())
        })
        .sum();
    json!({ "passed": passed, "failed": failed, "games": reports })
}

fn replay_one(map: &Map, rules: &Ruleset, name: &str, text: &str) -> Value {
    let games = if diplo_replay::looks_like_json(text) {
        diplo_replay::parse_mila_games(map, name, text)
    } else {
        diplo_replay::parse_game(map, name, text).map(|g| vec![g])
    };
    let games = match games {
        Ok(g) => g,
        Err(e) => {
            return json!({ "record": name, "passed": 0, "mismatches": [], "error": e.to_string() })
        }
    };
    let mut passed = 0;
    let mut mismatches = Vec::new();
    let mut error = None;
    for game in &games {
        let r = diplo_replay::replay_game(map, rules, game);
        passed += r.passed;
        error = error.or(r.error.as_ref().map(ToString::to_string));
        mismatches.extend(r.mismatches.iter().map(|m| {
            json!({
                "phase": m.phase.name(map).to_string(),
                "line": m.line,
                "orders": m.orders,
                "differences": m.differences,
            })
        }));
    }
    json!({ "record": name, "passed": passed, "mismatches": mismatches, "error": error })
}
