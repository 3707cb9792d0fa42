//! The `diplo` Python module: diplo's adjudicator for bots, AI research and batch analysis.
//!
//! `diplo.Game` plays a game on any map under any ruleset (the shape follows the MILA
//! `diplomacy` package where that forces no wrong rule); `diplo.adjudicate` and `diplo.replay`
//! are pure functions over plain data for batch work, and run in Rust without the GIL. Every
//! error is a `diplo.DiploError` (a `ValueError`) with the same located message as the CLI.
//! The Python-facing documentation is the stub file `python/diplo/__init__.pyi`; the package's
//! Python part (`python/diplo/`, with the MILA drop-in `diplo.mila`) re-exports this module.

use std::collections::BTreeMap;
use std::sync::Arc;

use diplo_game::MapSource;
use diplo_map::Map;
use diplo_rules::Ruleset;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// mimalloc instead of the system allocator: with glibc's, the threads of
/// `diplo.process_multi` waited on each other's allocator locks (freeing what another thread
/// allocated), and two threads were slower than one on 256 games.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod answer;
mod batch;
mod convert;
mod encoding;
mod game;
mod multi;
mod names;
mod position_dict;
mod possible_dict;
mod power;
mod saved;
mod saved_game;
mod vocabulary;

use batch::{adjudicate, replay};
use game::Game;
use power::Power;
use saved_game::{from_saved_game_format, to_saved_game_format};

create_exception!(
    diplo,
    DiploError,
    PyValueError,
    "A bad map, ruleset, order, position, game or record: the message names what and where."
);

/// `value` (a Python int) as a `T`, or a `DiploError` naming the argument and what it takes
/// (`threads=-1: expected 0 (one per core) or more`) instead of a bare `OverflowError`.
fn in_range<T: TryFrom<i64>>(name: &str, value: i64, expected: &str) -> PyResult<T> {
    T::try_from(value).map_err(|_| err(format!("{name}={value}: expected {expected}")))
}

fn err(message: impl ToString) -> PyErr {
    DiploError::new_err(message.to_string())
}

/// The built-in maps loaded so far: a new game shares one instead of reading its TOML again.
static EMBEDDED: std::sync::Mutex<BTreeMap<String, Arc<Map>>> =
    std::sync::Mutex::new(BTreeMap::new());

/// A built-in map by name (shared with the other games on it), or a map file by path.
fn load_map(name: &str) -> PyResult<(Arc<Map>, MapSource)> {
    let source = MapSource::Embedded(name.to_string());
    if let Some(map) = EMBEDDED.lock().ok().and_then(|c| c.get(name).cloned()) {
        return Ok((map, source));
    }
    if let Some(loaded) = Map::embedded(name) {
        let map = Arc::new(loaded.map_err(err)?);
        if let Ok(mut cache) = EMBEDDED.lock() {
            cache.insert(name.to_string(), map.clone());
        }
        return Ok((map, source));
    }
    let path = std::path::Path::new(name);
    let text = diplo_map::limits::read_file(path)
        .map_err(|e| err(format!("map `{name}`: not a built-in map, and {e}")))?;
    let map = Map::from_toml_str(&text, name).map_err(err)?;
    let source = MapSource::copy_of(text, name).map_err(err)?;
    Ok((Arc::new(map), source))
}

/// The built-in rulesets loaded so far, by lower-case name: a new game copies one.
static EMBEDDED_RULES: std::sync::Mutex<BTreeMap<String, Ruleset>> =
    std::sync::Mutex::new(BTreeMap::new());

/// A ruleset profile by name or path, with `key=value` overrides.
fn load_rules(name: &str, overrides: &[String]) -> PyResult<Ruleset> {
    let embedded = diplo_rules::EMBEDDED_RULESETS
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case(name));
    let key = name.to_lowercase();
    let cached = embedded
        .then(|| EMBEDDED_RULES.lock().ok()?.get(&key).cloned())
        .flatten();
    let mut rules = match cached {
        Some(rules) => rules,
        None => {
            let rules = Ruleset::load(name).map_err(err)?;
            if let (true, Ok(mut cache)) = (embedded, EMBEDDED_RULES.lock()) {
                cache.insert(key, rules.clone());
            }
            rules
        }
    };
    for o in overrides {
        rules.apply_override(o).map_err(err)?;
    }
    Ok(rules)
}

/// Overrides given as a dict `{"convoy_paradox": "szykman"}` or a list of `"key=value"`.
fn overrides_of(value: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(v) = value else {
        return Ok(Vec::new());
    };
    if v.is_none() {
        return Ok(Vec::new());
    }
    if let Ok(d) = v.cast::<PyDict>() {
        let mut out = Vec::new();
        for (k, val) in d.iter() {
            out.push(format!(
                "{}={}",
                k.extract::<String>()?,
                val.extract::<String>()?
            ));
        }
        return Ok(out);
    }
    v.extract::<Vec<String>>()
        .map_err(|_| err("overrides: expected a dict of key: choice, or a list of \"key=choice\""))
}

/// Orders given as one text (lines) or a list of lines.
fn order_text(orders: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = orders.extract::<String>() {
        return Ok(s);
    }
    let expected = || err("orders: expected a string or a list of strings");
    if let Ok(list) = orders.cast::<PyList>() {
        // A list's lines joined straight into one text, with no string of their own.
        let mut text = String::new();
        for (i, item) in list.iter().enumerate() {
            let line = item.cast::<PyString>().map_err(|_| expected())?;
            if i > 0 {
                text.push('\n');
            }
            text.push_str(&line.to_cow().map_err(|_| expected())?);
        }
        return Ok(text);
    }
    let lines: Vec<String> = orders
        .extract()
        .map_err(|_| err("orders: expected a string or a list of strings"))?;
    Ok(lines.join("\n"))
}

/// MILA's rule names (`README_RULES.txt` of the `diplomacy` package), each with the ruleset
/// choices it stands for: most are hosting flags (press, deadlines, control), which change
/// no adjudication; `NO_CHECK` is how `diplo.mila` takes orders.
const MILA_RULES: &[(&str, &[&str])] = &[
    ("POWER_CHOICE", &[]),
    ("MULTIPLE_POWERS_PER_PLAYER", &[]),
    ("NO_OBSERVATIONS", &[]),
    ("SOLITAIRE", &[]),
    ("START_MASTER", &[]),
    ("NO_PRESS", &[]),
    ("PUBLIC_PRESS", &[]),
    ("DONT_SKIP_PHASES", &[]),
    ("IGNORE_ERRORS", &[]),
    ("BUILD_ANY", &["builds=owned-centres"]),
    ("CIVIL_DISORDER", &[]),
    ("CD_DUMMIES", &[]),
    ("NO_DEADLINE", &[]),
    ("REAL_TIME", &[]),
    ("ALWAYS_WAIT", &[]),
    ("PROPOSE_DIAS", &[]),
    ("NO_DIAS", &[]),
    ("HOLD_WIN", &[]),
    ("SHARED_VICTORY", &[]),
    ("NO_CHECK", &[]),
];

/// The ruleset overrides MILA's rules `rules` stand for; an unknown name is an error naming
/// the known ones (a rulebook edition is a ruleset, not a rule).
pub(crate) fn mila_rule_overrides(rules: &[String]) -> PyResult<Vec<String>> {
    let mut out = Vec::new();
    for rule in rules {
        let Some((_, sets)) = MILA_RULES.iter().find(|(n, _)| n == rule) else {
            let known: Vec<&str> = MILA_RULES.iter().map(|(n, _)| *n).collect();
            let hint = if diplo_rules::EMBEDDED_RULESETS
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case(rule))
            {
                format!(" (`{rule}` is a ruleset: say ruleset=\"{rule}\")")
            } else {
                String::new()
            };
            return Err(err(format!(
                "rules: `{rule}` is not one of MILA's rules{hint}; they are: {}",
                known.join(", ")
            )));
        };
        out.extend(sets.iter().map(|s| s.to_string()));
    }
    Ok(out)
}

/// MILA's rule names, each with the ruleset choices (`key=choice`) it stands for.
#[pyfunction]
fn mila_rules() -> BTreeMap<String, Vec<String>> {
    MILA_RULES
        .iter()
        .map(|(n, sets)| (n.to_string(), sets.iter().map(|s| s.to_string()).collect()))
        .collect()
}

/// The built-in maps' names.
#[pyfunction]
fn maps() -> Vec<String> {
    diplo_map::EMBEDDED_MAPS
        .iter()
        .map(|(n, _)| n.to_string())
        .collect()
}

/// A map (built-in name or file path) as a dict by name: `name`, `first_year`, `powers`
/// (home centres, starting units), `provinces` (terrain, supply centre, coasts, adjacencies):
/// what `diplo map show --format json` prints.
#[pyfunction]
fn map_summary<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let (map, _) = load_map(name)?;
    convert::to_py(py, &serde_json::to_value(&*map).map_err(err)?)
}

/// The built-in ruleset profiles' names.
#[pyfunction]
fn rulesets() -> Vec<String> {
    diplo_rules::EMBEDDED_RULESETS
        .iter()
        .map(|(n, _)| n.to_string())
        .collect()
}

/// diplo: Diplomacy adjudication under any rulebook edition or house rule, on any map.
/// The native module `diplo._diplo`; the package `diplo` (`python/diplo/__init__.py`)
/// re-exports its names.
#[pymodule]
#[pyo3(name = "_diplo")]
fn diplo(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Power>()?;
    m.add_function(wrap_pyfunction!(adjudicate, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(multi::process_multi, m)?)?;
    m.add_function(wrap_pyfunction!(encoding::encode_board_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(encoding::board_layout, m)?)?;
    m.add_function(wrap_pyfunction!(vocabulary::order_vocabulary, m)?)?;
    m.add_function(wrap_pyfunction!(maps, m)?)?;
    m.add_function(wrap_pyfunction!(to_saved_game_format, m)?)?;
    m.add_function(wrap_pyfunction!(from_saved_game_format, m)?)?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(map_summary, m)?)?;
    m.add_function(wrap_pyfunction!(mila_rules, m)?)?;
    m.add("DiploError", m.py().get_type::<DiploError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
