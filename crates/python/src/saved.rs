//! MILA's saved game made straight into Python's dicts and lists ([`PySink`]), as the game
//! library walks the game (`diplo_game::mila::write_into`): no JSON text between, and each
//! distinct string made into a Python string once per export (the same units, provinces and
//! keys recur in every phase).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use pyo3::IntoPyObjectExt;
use rustc_hash::FxHashMap;

/// The strings kept for reuse in one export: enough for the names of any map's phases, not so
/// many that an export of huge games holds a copy of every order.
const MAX_KEPT: usize = 4096;

/// Python objects built from what the writer tells: see the module's comment.
pub(crate) struct PySink<'py> {
    py: Python<'py>,
    /// The containers open, innermost last; a dict with the key its next value takes.
    open: Vec<Open<'py>>,
    /// The whole value once its outermost container has ended.
    done: Option<Bound<'py, PyAny>>,
    /// Strings made so far, for reuse.
    strings: FxHashMap<String, Bound<'py, PyString>>,
    /// The first error Python raised (a failed insertion), reported at the end.
    error: Option<PyErr>,
}

/// A container being filled.
enum Open<'py> {
    Dict(Bound<'py, PyDict>, Option<Bound<'py, PyString>>),
    List(Vec<Bound<'py, PyAny>>),
}

impl<'py> PySink<'py> {
    pub(crate) fn new(py: Python<'py>) -> PySink<'py> {
        PySink {
            py,
            open: Vec::new(),
            done: None,
            strings: FxHashMap::with_capacity_and_hasher(1024, Default::default()),
            error: None,
        }
    }

    /// The object made, or the error Python raised in making it.
    pub(crate) fn finish(self) -> PyResult<Bound<'py, PyAny>> {
        match (self.error, self.done) {
            (Some(e), _) => Err(e),
            (None, Some(v)) => Ok(v),
            (None, None) => Ok(self.py.None().into_bound(self.py)),
        }
    }

    /// `s` as a Python string, the one made before when there is one.
    fn py_string(&mut self, s: &str) -> Bound<'py, PyString> {
        if let Some(kept) = self.strings.get(s) {
            return kept.clone();
        }
        let made = PyString::new(self.py, s);
        if self.strings.len() < MAX_KEPT {
            self.strings.insert(s.to_string(), made.clone());
        }
        made
    }

    fn value(&mut self, v: Bound<'py, PyAny>) {
        match self.open.last_mut() {
            Some(Open::Dict(dict, key)) => {
                let key = key.take().unwrap_or_else(|| PyString::new(self.py, ""));
                if let Err(e) = dict.set_item(key, v) {
                    self.error.get_or_insert(e);
                }
            }
            Some(Open::List(items)) => items.push(v),
            None => self.done = Some(v),
        }
    }
}

impl diplo_game::mila::Sink for PySink<'_> {
    fn begin_object(&mut self) {
        self.open.push(Open::Dict(PyDict::new(self.py), None));
    }
    fn end_object(&mut self) {
        if let Some(Open::Dict(dict, _)) = self.open.pop() {
            self.value(dict.into_any());
        }
    }
    fn key(&mut self, key: &str) {
        let key = self.py_string(key);
        if let Some(Open::Dict(_, k)) = self.open.last_mut() {
            *k = Some(key);
        }
    }
    fn begin_array(&mut self) {
        self.open.push(Open::List(Vec::new()));
    }
    fn end_array(&mut self) {
        if let Some(Open::List(items)) = self.open.pop() {
            match PyList::new(self.py, items) {
                Ok(list) => self.value(list.into_any()),
                Err(e) => {
                    self.error.get_or_insert(e);
                }
            }
        }
    }
    fn string(&mut self, s: &str) {
        let s = self.py_string(s);
        self.value(s.into_any());
    }
    fn int(&mut self, n: i64) {
        match n.into_bound_py_any(self.py) {
            Ok(v) => self.value(v),
            Err(e) => {
                self.error.get_or_insert(e);
            }
        }
    }
    fn bool(&mut self, b: bool) {
        match b.into_bound_py_any(self.py) {
            Ok(v) => self.value(v),
            Err(e) => {
                self.error.get_or_insert(e);
            }
        }
    }
}
