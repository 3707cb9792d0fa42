//! A position given as a dict (the shape `position()` gives) written straight as a position
//! file's TOML text, for the position reader: no JSON text and TOML value between, which cost
//! more than reading the position itself. A dict of another shape (a value that is not a
//! string where one goes, a key the format does not have) is left to the general path, which
//! words its errors.

use std::collections::BTreeMap;
use std::fmt::Write;

use diplo_engine::position::DislodgedInput;
use diplo_engine::PositionInput;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString};
use toml::Spanned;

/// `position` read straight into the position reader's input, if it is a dict of the position
/// file's shape: no text written and parsed again. The values carry no place (a dict has no
/// lines): a position with a problem is read again from [`toml_of`]'s text, whose reader words
/// the problems with their places, as it always did.
pub(crate) fn input_of(position: &Bound<'_, PyAny>) -> Option<PositionInput> {
    let dict = position.cast::<PyDict>().ok()?;
    let mut input = PositionInput {
        phase: Spanned::new(0..0, String::new()),
        contested: Vec::new(),
        units: BTreeMap::new(),
        centres: BTreeMap::new(),
        dislodged: Vec::new(),
    };
    let mut phase = None;
    for (key, value) in dict.iter() {
        match &*key.cast::<PyString>().ok()?.to_cow().ok()? {
            "phase" => phase = Some(spanned(&value)?),
            "contested" => input.contested = spanned_list(&value)?,
            "units" => input.units = per_power(&value)?,
            "centres" => input.centres = per_power(&value)?,
            "dislodged" => {
                for entry in value.cast::<PyList>().ok()?.iter() {
                    input.dislodged.push(dislodged(&entry)?);
                }
            }
            _ => return None,
        }
    }
    input.phase = phase?;
    Some(input)
}

/// A string value, with no place.
fn spanned(value: &Bound<'_, PyAny>) -> Option<Spanned<String>> {
    let s = value.cast::<PyString>().ok()?.to_cow().ok()?;
    Some(Spanned::new(0..0, s.into_owned()))
}

/// A list of strings.
fn spanned_list(value: &Bound<'_, PyAny>) -> Option<Vec<Spanned<String>>> {
    let list = value.cast::<PyList>().ok()?;
    list.iter().map(|item| spanned(&item)).collect()
}

/// A dict of lists of strings by power.
fn per_power(value: &Bound<'_, PyAny>) -> Option<BTreeMap<Spanned<String>, Vec<Spanned<String>>>> {
    let by = value.cast::<PyDict>().ok()?;
    let mut out = BTreeMap::new();
    for (power, list) in by.iter() {
        out.insert(spanned(&power)?, spanned_list(&list)?);
    }
    Some(out)
}

/// A dislodged unit's dict, its three strings given (`by_convoy` may be left out).
fn dislodged(entry: &Bound<'_, PyAny>) -> Option<DislodgedInput> {
    let (mut power, mut unit, mut from, mut by_convoy) = (None, None, None, false);
    for (k, v) in entry.cast::<PyDict>().ok()?.iter() {
        match &*k.cast::<PyString>().ok()?.to_cow().ok()? {
            "power" => power = Some(spanned(&v)?),
            "unit" => unit = Some(spanned(&v)?),
            "attacker_from" => from = Some(spanned(&v)?),
            "by_convoy" => by_convoy = v.cast::<PyBool>().ok()?.is_true(),
            _ => return None,
        }
    }
    Some(DislodgedInput {
        power: power?,
        unit: unit?,
        attacker_from: from?,
        by_convoy,
    })
}

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
                                let b = v.cast::<PyBool>().ok()?.is_true();
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
