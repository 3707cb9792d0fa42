//! Reading what a request gives: the map and the ruleset (a built-in name or inline TOML), the
//! overrides, the position and the orders. Every problem is collected with its place; a name is
//! only ever looked up among the built-in maps and rulesets, and inline TOML may `extends` only a
//! built-in one, so that no request makes the server read one of its own files.

use std::collections::BTreeMap;

use diplo_engine::Position;
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use diplo_rules::{Ruleset, EMBEDDED_RULESETS};
use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::error::{ApiError, Problem};

/// A map or a ruleset as a request names it: a built-in name, or a whole TOML file inline.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Spec {
    /// A built-in map's or ruleset's name.
    Name(String),
    /// The text of a map or ruleset file.
    Inline {
        /// The TOML text.
        toml: String,
    },
}

/// The position a request gives: the position file's fields as JSON, or its TOML text.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum PositionSpec {
    /// A position file as TOML text.
    Toml {
        /// The TOML text.
        toml: String,
    },
    /// A position file's fields (`phase`, `units`, `centres`, `dislodged`, `contested`).
    Fields(diplo_engine::PositionFile),
}

/// Parses a JSON request body; a problem names the line and column of the body.
pub fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| {
        ApiError::bad(
            format!("body:{}:{}", e.line(), e.column()),
            format!("the request body is not what this endpoint reads: {e}"),
        )
    })
}

/// The names of the built-in maps.
pub fn map_names() -> impl Iterator<Item = &'static str> + Clone {
    diplo_map::EMBEDDED_MAPS.iter().map(|(n, _)| *n)
}

/// The names of the built-in rulesets.
pub fn ruleset_names() -> impl Iterator<Item = &'static str> + Clone {
    EMBEDDED_RULESETS.iter().map(|(n, _)| *n)
}

/// `no built-in map `x` (did you mean `y`?); built-in: a, b`.
pub fn unknown(
    what: &str,
    name: &str,
    names: impl Iterator<Item = &'static str> + Clone,
) -> String {
    format!(
        "no built-in {what} `{name}`{}; built-in: {}",
        diplo_map::suggest::hint(name, names.clone()),
        names.collect::<Vec<_>>().join(", ")
    )
}

/// A built-in map by name (404 when there is none).
pub fn builtin_map(name: &str) -> Result<Map, ApiError> {
    match Map::embedded(name) {
        Some(Ok(map)) => Ok(map),
        Some(Err(e)) => Err(ApiError::internal(e.to_string())),
        None => Err(ApiError::not_found(
            "map",
            unknown("map", name, map_names()),
        )),
    }
}

/// The map a request names (default `standard`), and where it comes from for a hosted game.
pub fn map(spec: Option<&Spec>) -> Result<(Map, diplo_game::MapSource), ApiError> {
    match spec {
        None => Ok((
            Map::standard(),
            diplo_game::MapSource::Embedded("standard".into()),
        )),
        Some(Spec::Name(name)) => {
            let map = builtin_map(name).map_err(|mut e| {
                e.status = axum::http::StatusCode::BAD_REQUEST;
                e
            })?;
            let name = map_names()
                .find(|n| n.eq_ignore_ascii_case(name))
                .unwrap_or("standard");
            Ok((map, diplo_game::MapSource::Embedded(name.into())))
        }
        Some(Spec::Inline { toml }) => {
            check_extends("map.toml", toml, "map", map_names())?;
            let map = Map::from_toml_str(toml, "map.toml").map_err(|e| ApiError {
                status: axum::http::StatusCode::BAD_REQUEST,
                errors: e
                    .diagnostics
                    .iter()
                    .map(|d| Problem::located("map", &d.to_string()))
                    .collect(),
            })?;
            // `check_extends` let only built-in maps be extended: nothing else to keep.
            let source = diplo_game::MapSource::Copy {
                text: toml.clone(),
                bases: Vec::new(),
            };
            Ok((map, source))
        }
    }
}

/// Refuses inline TOML that does not parse, or whose `extends` names anything but a built-in
/// map or ruleset (a path would make the server read its own files).
fn check_extends(
    file: &str,
    text: &str,
    what: &str,
    names: impl Iterator<Item = &'static str> + Clone,
) -> Result<(), ApiError> {
    let table: toml::Table = toml::from_str(text).map_err(|e| {
        let (at, message) = diplo_map::toml_error(&e, text);
        let (line, col) = diplo_map::line_col(text, at);
        ApiError::bad(format!("{file}:{line}:{col}"), message)
    })?;
    match table.get("extends") {
        None => Ok(()),
        Some(toml::Value::String(base)) if names.clone().any(|n| n.eq_ignore_ascii_case(base)) => {
            Ok(())
        }
        Some(other) => Err(ApiError::bad(
            format!("{file}: extends"),
            format!(
                "`extends` may only name a built-in {what} here, not {other}{}; built-in: {}",
                other
                    .as_str()
                    .map(|s| diplo_map::suggest::hint(s, names.clone()))
                    .unwrap_or_default(),
                names.collect::<Vec<_>>().join(", ")
            ),
        )),
    }
}

/// The ruleset a request names (default `datc`) with its overrides applied (each as
/// `issue=choice`, for a hosted game's record).
pub fn ruleset(
    spec: Option<&Spec>,
    overrides: &BTreeMap<String, String>,
) -> Result<(Ruleset, Vec<String>), ApiError> {
    let mut rules = match spec {
        None => Ruleset::datc(),
        Some(Spec::Name(name)) => {
            if !ruleset_names().any(|n| n.eq_ignore_ascii_case(name)) {
                return Err(ApiError::bad(
                    "ruleset",
                    unknown("ruleset", name, ruleset_names()),
                ));
            }
            Ruleset::load(name).map_err(|e| ApiError::internal(e.to_string()))?
        }
        Some(Spec::Inline { toml }) => {
            check_extends("ruleset.toml", toml, "ruleset", ruleset_names())?;
            Ruleset::from_toml_str(toml, "ruleset.toml")
                .map_err(|e| ApiError::lines("ruleset", &e.to_string()))?
        }
    };
    let mut errors = Vec::new();
    let mut given = Vec::new();
    for (key, choice) in overrides {
        match rules.set(key, choice) {
            Ok(()) => given.push(format!("{key}={choice}")),
            Err(e) => errors.push(Problem::new(format!("overrides.{key}"), e)),
        }
    }
    if errors.is_empty() {
        Ok((rules, given))
    } else {
        Err(ApiError {
            status: axum::http::StatusCode::BAD_REQUEST,
            errors,
        })
    }
}

/// A built-in ruleset by name (404 when there is none).
pub fn builtin_ruleset(name: &str) -> Result<Ruleset, ApiError> {
    if !ruleset_names().any(|n| n.eq_ignore_ascii_case(name)) {
        return Err(ApiError::not_found(
            "ruleset",
            unknown("ruleset", name, ruleset_names()),
        ));
    }
    Ruleset::load(name).map_err(|e| ApiError::internal(e.to_string()))
}

/// The position a request gives, or the map's starting position.
pub fn position(map: &Map, spec: Option<&PositionSpec>) -> Result<Position, ApiError> {
    let text = match spec {
        None => return Ok(Position::initial(map)),
        Some(PositionSpec::Toml { toml }) => toml.clone(),
        Some(PositionSpec::Fields(f)) => toml::to_string(f)
            .map_err(|e| ApiError::bad("position", format!("cannot read the position: {e}")))?,
    };
    Position::from_toml_str(map, &text, "position").map_err(|e| ApiError::lines("position", &e))
}

/// The orders of a request's text, each with its power: every unreadable line, every order
/// without a power and too many orders are problems, all reported.
pub fn orders(map: &Map, text: &str) -> Result<Vec<(PowerId, Order)>, ApiError> {
    let (lines, errors) = diplo_orders::parse_orders(map, text);
    let mut problems: Vec<Problem> = errors
        .iter()
        .map(|e| Problem::new(format!("orders:{}:{}", e.line, e.column), e.message.clone()))
        .collect();
    let max = diplo_map::limits::max_orders();
    if lines.len() > max {
        problems.push(Problem::new(
            "orders",
            format!(
                "{} orders: {}",
                lines.len(),
                diplo_map::limits::Limit::Orders.exceeded(max)
            ),
        ));
    }
    for l in lines.iter().filter(|l| l.power.is_none()) {
        problems.push(Problem::new(
            format!("orders:{}", l.line),
            format!(
                "no power for `{}`: add a header line like `England:` or a prefix like `ENG:`",
                l.text
            ),
        ));
    }
    if !problems.is_empty() {
        return Err(ApiError {
            status: axum::http::StatusCode::BAD_REQUEST,
            errors: problems,
        });
    }
    Ok(lines
        .into_iter()
        .filter_map(|l| Some((l.power?, l.order)))
        .collect())
}
