//! JSON values (what the library crates produce) as Python objects: dicts, lists, strings,
//! numbers, booleans and None.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pyo3::IntoPyObjectExt;
use serde_json::Value;

/// A list or dict made empty, to be filled from the JSON value it stands for.
enum Container<'py> {
    List(Bound<'py, PyList>),
    Dict(Bound<'py, PyDict>),
}

/// The Python object for `value` if it is a scalar; for an array or object, an empty list or
/// dict (also returned as the container to fill).
fn shell<'py>(
    py: Python<'py>,
    value: &Value,
) -> PyResult<(Bound<'py, PyAny>, Option<Container<'py>>)> {
    let scalar = match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_bound_py_any(py)?,
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_bound_py_any(py)?,
            (None, Some(u)) => u.into_bound_py_any(py)?,
            _ => n.as_f64().unwrap_or(f64::NAN).into_bound_py_any(py)?,
        },
        Value::String(s) => s.into_bound_py_any(py)?,
        Value::Array(_) => {
            let list = PyList::empty(py);
            return Ok((list.clone().into_any(), Some(Container::List(list))));
        }
        Value::Object(_) => {
            let dict = PyDict::new(py);
            return Ok((dict.clone().into_any(), Some(Container::Dict(dict))));
        }
    };
    Ok((scalar, None))
}

/// Converts a JSON value into the equivalent Python object. Nothing recurses: the containers
/// made and not yet filled wait on an explicit stack, so any depth converts.
pub fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    let (root, container) = shell(py, value)?;
    let mut to_fill: Vec<(&Value, Container<'py>)> =
        container.map(|c| (value, c)).into_iter().collect();
    while let Some((v, container)) = to_fill.pop() {
        match (v, container) {
            (Value::Array(items), Container::List(list)) => {
                for item in items {
                    let (child, inner) = shell(py, item)?;
                    list.append(&child)?;
                    to_fill.extend(inner.map(|c| (item, c)));
                }
            }
            (Value::Object(map), Container::Dict(dict)) => {
                for (k, item) in map {
                    let (child, inner) = shell(py, item)?;
                    dict.set_item(k, &child)?;
                    to_fill.extend(inner.map(|c| (item, c)));
                }
            }
            _ => {}
        }
    }
    Ok(root)
}
