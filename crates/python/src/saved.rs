//! MILA's saved game made straight into Python's dicts and lists ([`PySink`]), as the game
//! library walks the game (`diplo_game::mila::write_into`): no JSON text between, and each
//! distinct string made into a Python string once per export (the same units, provinces and
//! keys recur in every phase).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyModule, PyString};
use pyo3::IntoPyObjectExt;
use rustc_hash::FxHashMap;

use diplo_engine::Unit;
use diplo_map::{Map, PowerId, ProvinceId};

use crate::names::Names;

/// The strings kept for reuse in one export: enough for the names of any map's phases, not so
/// many that an export of huge games holds a copy of every order.
const MAX_KEPT: usize = 4096;

/// A text of at most 16 bytes as numbers that tell it from every other such text: its length
/// and two overlapping reads that together cover every byte of it.
type Packed = (u64, u64, u8);

/// `s` as [`Packed`], if it is at most 16 bytes long (read in place: copying it into a buffer
/// and reading that back stalls the processor on the copy).
fn packed(s: &[u8]) -> Option<Packed> {
    let n = s.len();
    let word = |at: usize| u64::from_le_bytes(s[at..at + 8].try_into().unwrap_or([0; 8]));
    let half = |at: usize| {
        u64::from(u32::from_le_bytes(
            s[at..at + 4].try_into().unwrap_or([0; 4]),
        ))
    };
    let (a, b) = match n {
        17.. => return None,
        8.. => (word(0), word(n - 8)),
        4.. => (half(0), half(n - 4)),
        1.. => (
            u64::from(s[0]) | u64::from(s[n / 2]) << 8 | u64::from(s[n - 1]) << 16,
            0,
        ),
        0 => (0, 0),
    };
    Some((a, b, n as u8))
}

/// Python objects built from what the writer tells: see the module's comment.
pub(crate) struct PySink<'a, 'py> {
    py: Python<'py>,
    /// The game's names made once (provinces, units), handed out by what they name.
    names: Option<(&'a Names, &'a Map)>,
    /// The program's texts (keys, result words) made so far, by address and length.
    fixed: Vec<(usize, usize, Bound<'py, PyString>)>,
    /// Each power's key (its upper-case name), made at its first use.
    power_keys: Vec<Option<Bound<'py, PyString>>>,
    /// A dict with every power's key (each `None`), in the order the writer gives them: each
    /// object of the powers is a copy, made at the size it ends at (a dict grown entry by
    /// entry is made again at each doubling).
    powers_template: Option<Bound<'py, PyDict>>,
    /// The containers open, innermost last; a dict with the key its next value takes.
    open: Vec<Open<'py>>,
    /// The values of the lists open, one list's after another's (an open list knows where its
    /// own begin): one buffer for every list, not one allocated a list.
    items: Vec<Bound<'py, PyAny>>,
    /// The whole value once its outermost container has ended.
    done: Option<Bound<'py, PyAny>>,
    /// Strings of at most 16 bytes made so far, for reuse, keyed by their bytes packed into
    /// a number and their length (most are: units, provinces, keys, short orders).
    short: FxHashMap<Packed, Bound<'py, PyString>>,
    /// Longer strings made so far, for reuse.
    strings: FxHashMap<String, Bound<'py, PyString>>,
    /// The first error Python raised (a failed insertion), reported at the end.
    error: Option<PyErr>,
}

/// A container being filled.
enum Open<'py> {
    Dict(Bound<'py, PyDict>, Option<Bound<'py, PyString>>),
    /// A list, whose values are those of `items` from this index on.
    List(usize),
}

impl<'a, 'py> PySink<'a, 'py> {
    /// A sink making its strings anew (each once per export), or taking the province and
    /// unit names of `names` (the game's, on `map`).
    pub(crate) fn new(py: Python<'py>, names: Option<(&'a Names, &'a Map)>) -> PySink<'a, 'py> {
        PySink {
            py,
            names,
            fixed: Vec::with_capacity(32),
            power_keys: Vec::new(),
            powers_template: None,
            open: Vec::with_capacity(8),
            items: Vec::with_capacity(64),
            done: None,
            short: FxHashMap::with_capacity_and_hasher(512, Default::default()),
            strings: FxHashMap::with_capacity_and_hasher(512, Default::default()),
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
        if let Some(key) = packed(s.as_bytes()) {
            if let Some(kept) = self.short.get(&key) {
                return kept.clone();
            }
            let made = PyString::new(self.py, s);
            if self.short.len() < MAX_KEPT {
                self.short.insert(key, made.clone());
            }
            return made;
        }
        if let Some(kept) = self.strings.get(s) {
            return kept.clone();
        }
        let made = PyString::new(self.py, s);
        if self.strings.len() < MAX_KEPT {
            self.strings.insert(s.to_string(), made.clone());
        }
        made
    }

    /// A text of the program's as a Python string, the one made before when there is one (a
    /// few dozen texts, so a scan of their addresses).
    fn fixed(&mut self, s: &'static str) -> Bound<'py, PyString> {
        let at = (s.as_ptr() as usize, s.len());
        if let Some((_, _, kept)) = self.fixed.iter().find(|(a, n, _)| (*a, *n) == at) {
            return kept.clone();
        }
        let made = PyString::new(self.py, s);
        if self.fixed.len() < 64 {
            self.fixed.push((at.0, at.1, made.clone()));
        }
        made
    }

    /// Power `p`'s key (its upper-case name `upper`), made at its first use.
    fn power_key_string(&mut self, p: PowerId, upper: &str) -> Bound<'py, PyString> {
        if self.power_keys.len() <= p.index() {
            self.power_keys.resize(p.index() + 1, None);
        }
        let py = self.py;
        self.power_keys[p.index()]
            .get_or_insert_with(|| PyString::new(py, upper))
            .clone()
    }

    /// A new dict with the keys of `powers`, each `None`, in their order.
    fn powers_dict(&mut self, powers: &[(PowerId, String)]) -> PyResult<Bound<'py, PyDict>> {
        if let Some(template) = &self.powers_template {
            return template.copy();
        }
        let template = PyDict::new(self.py);
        for (p, upper) in powers {
            template.set_item(self.power_key_string(*p, upper), self.py.None())?;
        }
        let copy = template.copy();
        self.powers_template = Some(template);
        copy
    }

    fn value(&mut self, v: Bound<'py, PyAny>) {
        match self.open.last_mut() {
            Some(Open::Dict(dict, key)) => {
                let key = key.take().unwrap_or_else(|| PyString::new(self.py, ""));
                if let Err(e) = dict.set_item(key, v) {
                    self.error.get_or_insert(e);
                }
            }
            Some(Open::List(_)) => self.items.push(v),
            None => self.done = Some(v),
        }
    }
}

impl diplo_game::mila::Sink for PySink<'_, '_> {
    fn province(&mut self, p: ProvinceId, upper: &str) {
        let s = match self.names {
            Some((names, map)) if p.index() < map.provinces().len() => {
                names.province(self.py, p).clone()
            }
            _ => self.py_string(upper),
        };
        self.value(s.into_any());
    }
    fn unit(&mut self, u: &Unit, text: impl FnOnce() -> String) {
        let s = match self.names {
            Some((names, map)) if u.location.province.index() < map.provinces().len() => {
                names.unit(self.py, map, u)
            }
            _ => self.py_string(&text()),
        };
        self.value(s.into_any());
    }
    fn fixed_key(&mut self, key: &'static str) {
        let key = self.fixed(key);
        if let Some(Open::Dict(_, k)) = self.open.last_mut() {
            *k = Some(key);
        }
    }
    fn fixed_string(&mut self, s: &'static str) {
        let s = self.fixed(s);
        self.value(s.into_any());
    }
    fn power_key(&mut self, p: PowerId, upper: &str) {
        let key = self.power_key_string(p, upper);
        if let Some(Open::Dict(_, k)) = self.open.last_mut() {
            *k = Some(key);
        }
    }
    fn begin_object(&mut self) {
        self.open.push(Open::Dict(PyDict::new(self.py), None));
    }
    fn begin_powers_object(&mut self, powers: &[(PowerId, String)]) {
        let dict = self.powers_dict(powers).unwrap_or_else(|e| {
            self.error.get_or_insert(e);
            PyDict::new(self.py)
        });
        self.open.push(Open::Dict(dict, None));
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
        self.open.push(Open::List(self.items.len()));
    }
    fn end_array(&mut self) {
        if let Some(Open::List(start)) = self.open.pop() {
            match PyList::new(self.py, self.items.drain(start..)) {
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
    fn null(&mut self) {
        self.value(self.py.None().into_bound(self.py));
    }
}

/// Python's cyclic garbage collector held off while an export builds its tree of new dicts and
/// lists (a tree holds no cycle, so there is nothing to collect): otherwise the collector runs
/// every few hundred containers made and walks the young ones, and every tenth run the older
/// ones too, about a tenth of the export's time. It is turned back on when this is dropped, if
/// it was on; the objects made are then collected as any others would be.
pub(crate) struct GcPaused<'py> {
    /// Python's `gc` module, when the collector was on and this turned it off.
    gc: Option<Bound<'py, PyModule>>,
}

impl<'py> GcPaused<'py> {
    /// Turns the collector off if it is on (and this can be done: if not, it stays on).
    pub(crate) fn new(py: Python<'py>) -> GcPaused<'py> {
        let gc = py.import("gc").ok().filter(|gc| {
            let on = gc.call_method0("isenabled").and_then(|v| v.is_truthy());
            on.unwrap_or(false) && gc.call_method0("disable").is_ok()
        });
        GcPaused { gc }
    }
}

impl Drop for GcPaused<'_> {
    fn drop(&mut self) {
        if let Some(gc) = &self.gc {
            // It was on and was turned off here; turning it on again does not fail.
            let _ = gc.call_method0("enable");
        }
    }
}
