//! Reading what a request gives: the map and the ruleset (a built-in name or inline TOML), the
//! overrides, the position and the orders. Every problem is collected with its place; a name is
//! only ever looked up among the built-in maps and rulesets, and inline TOML may `extends` only a
//! built-in one, so that no request makes the server read one of its own files.

use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock, OnceLock};

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

/// Built-in maps or rulesets, each read on first use and kept, by its place in the embedded
/// list (the error's words when one does not read).
type Kept<T> = LazyLock<Box<[OnceLock<Result<T, String>>]>>;

/// Every built-in map (`EMBEDDED_MAPS`): a request naming one shares it instead of reading its
/// TOML again (about 0.5 ms for the standard map, against microseconds for adjudicating a phase).
static MAPS: Kept<Arc<Map>> = LazyLock::new(|| {
    diplo_map::EMBEDDED_MAPS
        .iter()
        .map(|_| OnceLock::new())
        .collect()
});

/// Every built-in ruleset (`EMBEDDED_RULESETS`), copied for each request (overrides change the
/// copy).
static RULESETS: Kept<Ruleset> =
    LazyLock::new(|| EMBEDDED_RULESETS.iter().map(|_| OnceLock::new()).collect());

/// A built-in map by name (404 when there is none), read once per process.
pub fn builtin_map(name: &str) -> Result<Arc<Map>, ApiError> {
    let Some(i) = diplo_map::EMBEDDED_MAPS
        .iter()
        .position(|(n, _)| n.eq_ignore_ascii_case(name))
    else {
        return Err(ApiError::not_found(
            "map",
            unknown("map", name, map_names()),
        ));
    };
    let (name, text) = diplo_map::EMBEDDED_MAPS[i];
    MAPS[i]
        .get_or_init(|| {
            Map::from_toml_str(text, &format!("maps/{name}.toml"))
                .map(Arc::new)
                .map_err(|e| e.to_string())
        })
        .clone()
        .map_err(ApiError::internal)
}

/// A built-in ruleset by its exact name in `EMBEDDED_RULESETS` or any other case, read once
/// per process; `None` when there is none.
fn cached_ruleset(name: &str) -> Option<Result<Ruleset, ApiError>> {
    let i = EMBEDDED_RULESETS
        .iter()
        .position(|(n, _)| n.eq_ignore_ascii_case(name))?;
    let (name, _) = EMBEDDED_RULESETS[i];
    Some(
        RULESETS[i]
            .get_or_init(|| Ruleset::load(name).map_err(|e| e.to_string()))
            .clone()
            .map_err(ApiError::internal),
    )
}

/// The map a request names (default `standard`), and where it comes from for a hosted game.
pub fn map(spec: Option<&Spec>) -> Result<(Arc<Map>, diplo_game::MapSource), ApiError> {
    match spec {
        None => Ok((
            builtin_map("standard")?,
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
            Ok((Arc::new(map), source))
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
        None => builtin_ruleset("datc")?,
        Some(Spec::Name(name)) => cached_ruleset(name).unwrap_or_else(|| {
            Err(ApiError::bad(
                "ruleset",
                unknown("ruleset", name, ruleset_names()),
            ))
        })?,
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

/// A built-in ruleset by name (404 when there is none), read once per process.
pub fn builtin_ruleset(name: &str) -> Result<Ruleset, ApiError> {
    cached_ruleset(name).unwrap_or_else(|| {
        Err(ApiError::not_found(
            "ruleset",
            unknown("ruleset", name, ruleset_names()),
        ))
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_in_map_is_read_once_and_shared() {
        let a = builtin_map("standard").unwrap();
        let b = builtin_map("STANDARD").unwrap();
        let (c, _) = map(None).unwrap();
        assert!(Arc::ptr_eq(&a, &b) && Arc::ptr_eq(&a, &c));
        let fresh = Map::standard();
        assert_eq!(a.name, fresh.name);
        assert_eq!(a.provinces().len(), fresh.provinces().len());
        assert!(builtin_map("loeb9").is_ok_and(|m| !Arc::ptr_eq(&m, &a)));
        assert_eq!(builtin_map("nowhere").unwrap_err().status, 404);
    }

    #[test]
    fn a_kept_ruleset_is_the_loaded_one_and_overrides_touch_only_a_copy() {
        for name in ruleset_names() {
            assert_eq!(builtin_ruleset(name).unwrap(), Ruleset::load(name).unwrap());
        }
        assert_eq!(builtin_ruleset("DATC").unwrap(), Ruleset::datc());
        let overrides = BTreeMap::from([("convoy_paradox".to_string(), "szykman".to_string())]);
        let (changed, given) = ruleset(None, &overrides).unwrap();
        assert_eq!(given, ["convoy_paradox=szykman"]);
        assert_eq!(changed.choice("convoy_paradox"), Some("szykman"));
        assert_eq!(builtin_ruleset("datc").unwrap(), Ruleset::datc());
        assert_eq!(ruleset(None, &BTreeMap::new()).unwrap().0, Ruleset::datc());
        assert_eq!(builtin_ruleset("datx").unwrap_err().status, 404);
        let bad = ruleset(Some(&Spec::Name("datx".into())), &BTreeMap::new());
        assert_eq!(bad.unwrap_err().status, 400);
    }
}
