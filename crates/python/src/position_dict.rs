//! A position given as a dict (the shape `position()` gives) written straight as a position
//! file's TOML text, for the position reader: no JSON text and TOML value between, which cost
//! more than reading the position itself. A dict of another shape (a value that is not a
//! string where one goes, a key the format does not have) is left to the general path, which
//! words its errors.

use std::fmt::Write;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The TOML text of `position`, if it is a dict of the position file's shape.
pub(crate) fn toml_of(position: &Bound<'_, PyAny>) -> Option<String> {
    let dict = position.cast::<PyDict>().ok()?;
    let mut top = String::with_capacity(64);
    let mut tables = String::with_capacity(1024);
    for (key, value) in dict.iter() {
        let key: String = key.extract().ok()?;
        match key.as_str() {
            "phase" => {
                top.push_str("phase = ");
                quote(&mut top, &value.extract::<String>().ok()?);
                top.push('\n');
            }
            "contested" => {
                top.push_str("contested = ");
                strings(&mut top, &value)?;
                top.push('\n');
            }
            "units" | "centres" => {
                let _ = writeln!(tables, "[{key}]");
                for (power, list) in value.cast::<PyDict>().ok()?.iter() {
                    quote(&mut tables, &power.extract::<String>().ok()?);
                    tables.push_str(" = ");
                    strings(&mut tables, &list)?;
                    tables.push('\n');
                }
            }
            "dislodged" => {
                for entry in value.cast::<PyList>().ok()?.iter() {
                    tables.push_str("[[dislodged]]\n");
                    for (k, v) in entry.cast::<PyDict>().ok()?.iter() {
                        let k: String = k.extract().ok()?;
                        match k.as_str() {
                            "power" | "unit" | "attacker_from" => {
                                tables.push_str(&k);
                                tables.push_str(" = ");
                                quote(&mut tables, &v.extract::<String>().ok()?);
                            }
                            "by_convoy" => {
                                let b = v.cast::<pyo3::types::PyBool>().ok()?.is_true();
                                let _ = write!(tables, "by_convoy = {b}");
                            }
                            _ => return None,
                        }
                        tables.push('\n');
                    }
                }
            }
            _ => return None,
        }
    }
    top.push_str(&tables);
    Some(top)
}

/// A list of strings as a TOML array, if every item is a string.
fn strings(out: &mut String, list: &Bound<'_, PyAny>) -> Option<()> {
    let list = list.cast::<PyList>().ok()?;
    out.push('[');
    for (i, item) in list.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        quote(out, &item.extract::<String>().ok()?);
    }
    out.push(']');
    Some(())
}

/// `s` as a TOML basic string.
fn quote(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c < ' ' || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
