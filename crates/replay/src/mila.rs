//! The MILA `diplomacy` package's saved-game JSON, read as a record: each entry of `phases`
//! (`name` such as `S1901M`, `state.units` with dislodged units marked `*`, `state.centers`,
//! `orders` per power in MILA's notation) becomes a phase to replay. A file holds one game, or
//! several as JSON Lines (what MILA's `to_saved_game_format(game, output_path=...)` appends).
//!
//! The game is read by turning it into godip's record text and parsing that, so the two formats
//! share one reader and one set of checks; errors name the file, the game and the phase.

use diplo_map::Map;
use serde_json::Value;

use crate::record::{parse_game, Game, RecordError};

fn error(file: &str, line: usize, message: impl Into<String>) -> RecordError {
    RecordError {
        file: file.to_string(),
        line,
        message: message.into(),
    }
}

/// Whether a text looks like JSON (a MILA saved game) rather than a godip record.
pub fn looks_like_json(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('{')
}

/// Every game of a MILA saved-game file (one JSON document, or JSON Lines).
pub fn parse_mila_games(map: &Map, file: &str, text: &str) -> Result<Vec<Game>, RecordError> {
    let text = text.trim_start_matches('\u{feff}');
    let docs: Vec<(usize, Value)> = match serde_json::from_str::<Value>(text) {
        Ok(v) => vec![(1, v)],
        Err(whole) => {
            let mut docs = Vec::new();
            for (i, line) in text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
            {
                let v = serde_json::from_str(line).map_err(|e| {
                    let at = if docs.is_empty() { whole.line() } else { i + 1 };
                    error(file, at, format!("not MILA saved-game JSON: {e}"))
                })?;
                docs.push((i + 1, v));
            }
            docs
        }
    };
    docs.iter()
        .map(|(line, doc)| {
            let record = to_record(map, doc).map_err(|m| error(file, *line, m))?;
            parse_game(map, file, &record).map_err(|e| error(file, *line, e.message))
        })
        .collect()
}

/// One MILA game as godip record text.
pub fn to_record(map: &Map, doc: &Value) -> Result<String, String> {
    if let Some(name) = doc.get("map").and_then(Value::as_str) {
        if !name.eq_ignore_ascii_case(&map.name) {
            return Err(format!(
                "the game is on map `{name}`, not `{}` (give --map {name})",
                map.name
            ));
        }
    }
    let phases = doc
        .get("phases")
        .and_then(Value::as_array)
        .ok_or("expected a saved game with a `phases` list")?;
    let mut out = String::new();
    for (i, phase) in phases.iter().enumerate() {
        let name = phase.get("name").and_then(Value::as_str).unwrap_or("");
        if name.eq_ignore_ascii_case("COMPLETED") {
            continue;
        }
        write_phase(map, phase, &mut out)
            .map_err(|m| format!("phase {} (`{name}`): {m}", i + 1))?;
    }
    Ok(out)
}

/// `S1901M` as godip's `PHASE 1901 Spring Movement`: the season whose name starts with the
/// letter (for adjustments, the adjustment phase's name).
fn phase_line(map: &Map, name: &str) -> Result<String, String> {
    let bad = || format!("expected a phase name like `S1901M`, found `{name}`");
    let (letter, rest) = name.split_at_checked(1).ok_or_else(bad)?;
    let (year, kind) = rest
        .split_at_checked(rest.len().saturating_sub(1))
        .ok_or_else(bad)?;
    let year: u16 = year.parse().map_err(|_| bad())?;
    let starts = |s: &str| s.to_uppercase().starts_with(&letter.to_uppercase());
    let seasons = &map.calendar.seasons;
    let season = match kind {
        "A" => seasons
            .iter()
            .find_map(|s| s.adjustment.as_deref().filter(|a| starts(a))),
        "M" | "R" => seasons.iter().map(|s| s.name.as_str()).find(|s| starts(s)),
        _ => None,
    }
    .ok_or_else(bad)?;
    let kind = match kind {
        "M" => "Movement",
        "R" => "Retreat",
        _ => "Adjustment",
    };
    Ok(format!("PHASE {year} {season} {kind}"))
}

fn write_phase(map: &Map, phase: &Value, out: &mut String) -> Result<(), String> {
    let name = phase
        .get("name")
        .and_then(Value::as_str)
        .ok_or("no `name`")?;
    let state = phase.get("state").ok_or("no `state`")?;
    out.push_str(&phase_line(map, name)?);
    out.push_str("\nPOSITIONS\n");
    for (power, units) in entries(state.get("units")) {
        for unit in strings(units) {
            let (dislodged, unit) = match unit.strip_prefix('*') {
                Some(u) => ("/dislodged", u),
                None => ("", unit),
            };
            let (kind, place) = unit.split_once(' ').ok_or(format!("unit `{unit}`"))?;
            let kind = match kind {
                "A" => "army",
                "F" => "fleet",
                _ => return Err(format!("unit `{unit}`: expected `A` or `F`")),
            };
            out.push_str(&format!(
                "{power}: {kind}{dislodged} {}\n",
                place.to_lowercase()
            ));
        }
    }
    for (power, centres) in entries(state.get("centers")) {
        for c in strings(centres) {
            out.push_str(&format!("{power}: supply {}\n", c.to_lowercase()));
        }
    }
    out.push_str("ORDERS\n");
    // Each order with its power: MILA lists orders per power, and some name no unit (`WAIVE`).
    for (power, orders) in entries(phase.get("orders")) {
        for o in strings(orders) {
            out.push_str(&format!("{power}: {o}\n"));
        }
    }
    Ok(())
}

/// The entries of a JSON object (none for anything else), power names as the map writes them.
fn entries(v: Option<&Value>) -> Vec<(String, &Value)> {
    v.and_then(Value::as_object)
        .map(|o| o.iter().map(|(k, v)| (k.clone(), v)).collect())
        .unwrap_or_default()
}

fn strings(v: &Value) -> impl Iterator<Item = &str> {
    v.as_array().into_iter().flatten().filter_map(Value::as_str)
}

/// One line of a JSON Lines stream (`diplo replay -`): a MILA or Cicero saved game (an object
/// with `phases`), or `{"name": ..., "record": "<godip record text>"}`; replayed under `rules`,
/// the result as one JSON object: `name`, `passed`, `failed`, `mismatches` (phase, line,
/// differences), `error`.
pub fn replay_json_line(
    map: &Map,
    rules: &diplo_rules::Ruleset,
    line: &str,
    line_no: usize,
) -> Value {
    let fallback = format!("line {line_no}");
    let doc: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return line_result(
                &fallback,
                0,
                Vec::new(),
                Some(format!("<stdin>:{line_no}: not JSON: {e}")),
            )
        }
    };
    let name = doc
        .get("name")
        .or_else(|| doc.get("id"))
        .and_then(Value::as_str)
        .map_or(fallback, String::from);
    let games = if doc.get("phases").is_some() {
        to_record(map, &doc).and_then(|text| parse_game(map, &name, &text).map_err(|e| e.message))
    } else if let Some(text) = doc.get("record").and_then(Value::as_str) {
        parse_game(map, &name, text).map_err(|e| e.to_string())
    } else {
        Err("expected a saved game (with `phases`) or `{\"record\": \"<godip record>\"}`".into())
    };
    let game = match games {
        Ok(g) => g,
        Err(e) => {
            return line_result(
                &name,
                0,
                Vec::new(),
                Some(format!("<stdin>:{line_no}: {e}")),
            )
        }
    };
    let report = crate::replay::replay_game(map, rules, &game);
    let mismatches = report
        .mismatches
        .iter()
        .map(|m| {
            serde_json::json!({
                "phase": m.phase.name(map).to_string(),
                "line": m.line,
                "orders": m.orders,
                "differences": m.differences,
            })
        })
        .collect();
    line_result(
        &name,
        report.passed,
        mismatches,
        report.error.map(|e| e.to_string()),
    )
}

fn line_result(name: &str, passed: usize, mismatches: Vec<Value>, error: Option<String>) -> Value {
    serde_json::json!({
        "name": name,
        "passed": passed,
        "failed": mismatches.len() + usize::from(error.is_some()),
        "mismatches": mismatches,
        "error": error,
    })
}
