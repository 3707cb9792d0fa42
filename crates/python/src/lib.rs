//! The `diplo` Python module: diplo's adjudicator for bots, AI research and batch analysis.
//!
//! `diplo.Game` plays a game on any map under any ruleset (the shape follows the MILA
//! `diplomacy` package where that forces no wrong rule); `diplo.adjudicate` and `diplo.replay`
//! are pure functions over plain data for batch work, and run in Rust without the GIL. Every
//! error is a `diplo.DiploError` (a `ValueError`) with the same located message as the CLI.
//! The Python-facing documentation is the stub file `diplo.pyi` beside this crate.

use std::collections::BTreeMap;
use std::sync::Arc;

use diplo_engine::Position;
use diplo_game::possible::location_key;
use diplo_game::{Game as HostedGame, MapSource, SubmitOptions};
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use diplo_rules::policies::SetIntent;
use diplo_rules::Ruleset;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::gc::PyVisit;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use pyo3::IntoPyObjectExt;
use pyo3::PyTraverseError;
use serde_json::{json, Value};

mod convert;
mod names;

use convert::to_py;
use names::{CacheRef, Locked, Names, PhaseCache};

create_exception!(
    diplo,
    DiploError,
    PyValueError,
    "A bad map, ruleset, order, position, game or record: the message names what and where."
);

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
    Ok((Arc::new(map), MapSource::Copy(text)))
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

/// One order's result: power, order (short form), the DATC's result words, the reason;
/// `orders` is the list adjudicated.
fn result_json(map: &Map, orders: &[(PowerId, Order)], r: &diplo_engine::OrderResult) -> Value {
    let order = &orders[r.index].1;
    json!({
        "power": map.power(r.power).name,
        "order": order.display(map).to_string(),
        "result": r.words(),
        "reason": r.reason_text(map, order),
    })
}

/// A game: a map, a ruleset, the current position, the orders given and the history.
#[pyclass(module = "diplo", weakref)]
struct Game {
    game: HostedGame,
    /// The orders and results of the last phase processed and recorded (put into dicts only
    /// when asked for).
    last: (Vec<(PowerId, Order)>, Vec<diplo_engine::OrderResult>),
    /// Phases processed whose history records are not made yet: made when the history is
    /// read ([`Game::record_history`]), since a bot seldom reads it.
    unrecorded: Vec<diplo_game::PhaseOutcome>,
    /// The map's names in MILA's notation (shared by the games on a built-in map).
    names: Arc<Names>,
    /// MILA's hosting rules given at creation (`NO_PRESS` ...): kept for the saved game; they
    /// change no adjudication.
    mila_rules: Vec<String>,
    /// What is worked out once per phase (a bot asks for each power's orderable locations in
    /// turn) and the order texts already made, kept over the game.
    cache: std::sync::Mutex<PhaseCache>,
    /// `powers`, made at the first call (its powers point back to this game: a cycle the
    /// garbage collector sees through `__traverse__` and breaks with `__clear__`).
    powers: std::sync::OnceLock<Py<PyDict>>,
    /// The map's name and the ruleset's, as Python strings.
    labels: [Py<PyString>; 2],
}

impl Game {
    /// Wraps a hosted game.
    fn wrap(game: HostedGame, mila_rules: Vec<String>) -> Game {
        let (texts, steps, names) = match &game.map_source {
            MapSource::Embedded(name) => (
                names::shared_texts(name),
                names::shared_steps(name),
                Python::attach(|py| names::shared_names(py, name, &game.map)),
            ),
            MapSource::Copy(_) => (
                Default::default(),
                Default::default(),
                Python::attach(|py| Arc::new(Names::new(py, &game.map))),
            ),
        };
        let labels = Python::attach(|py| {
            [&game.map.name, &game.rules.name].map(|n| PyString::new(py, n).unbind())
        });
        Game {
            names,
            labels,
            game,
            last: (Vec::new(), Vec::new()),
            unrecorded: Vec::new(),
            mila_rules,
            cache: std::sync::Mutex::new(PhaseCache::new(texts, steps)),
            powers: std::sync::OnceLock::new(),
        }
    }

    /// The power named `name`: one of the names this package hands out (the keys of `powers`)
    /// is known by identity, without reading its text.
    fn power_of(&self, name: &Bound<'_, PyString>) -> PyResult<PowerId> {
        match self.names.power_by_identity(name) {
            Some(p) => Ok(p),
            None => self.power(&name.to_cow()?),
        }
    }

    fn power(&self, name: &str) -> PyResult<PowerId> {
        self.game.map.power_by_name(name).ok_or_else(|| {
            let names: Vec<&str> = self
                .game
                .map
                .powers()
                .iter()
                .map(|p| p.name.as_str())
                .collect();
            err(format!(
                "unknown power `{name}` on map `{}` (its powers: {})",
                self.game.map.name,
                names.join(", ")
            ))
        })
    }

    /// The phase cache, emptied of another phase's results.
    /// A fresh cache (slower, nothing shared) when the game's own is in use: by a call this
    /// one interrupted (Python code run while that call makes Python objects, a `__del__` in
    /// a garbage collection or another thread, calling in again). Waiting for it then, with
    /// the GIL held, would never end.
    fn cache(&self) -> PyResult<CacheRef<'_>> {
        let mut cache = match self.cache.try_lock() {
            Ok(cache) => Locked::Shared(cache),
            Err(std::sync::TryLockError::WouldBlock) => Locked::Own(Box::default()),
            Err(std::sync::TryLockError::Poisoned(_)) => {
                return Err(err("a previous call panicked"))
            }
        };
        cache.enter(self.game.position.phase);
        Ok(cache)
    }

    /// The orders of `orders` if it is a list of texts handed out by
    /// `get_all_possible_orders` (known by identity), without parsing them.
    fn known_orders(&self, orders: &Bound<'_, PyAny>) -> Option<Vec<diplo_orders::Order>> {
        let list = orders.cast::<PyList>().ok()?;
        let cache = self.cache.try_lock().ok()?;
        let texts = cache.texts()?;
        let mut out = Vec::with_capacity(list.len());
        for item in list.iter() {
            out.push(texts.order_of(&item)?.to_order());
        }
        Some(out)
    }

    /// A power's units (`A PAR`, `F STP/SC`), in board order.
    fn units_of<'py>(&self, py: Python<'py>, p: PowerId) -> PyResult<Bound<'py, PyAny>> {
        let (map, pos) = (&self.game.map, &self.game.position);
        let mut cache = self.cache()?;
        let units = cache.board(map, pos).units_of(p);
        self.names.units_list(py, map, pos, units)
    }

    /// A power's supply centres, in province order.
    fn centres_of<'py>(&self, py: Python<'py>, p: PowerId) -> PyResult<Bound<'py, PyAny>> {
        let (map, pos) = (&self.game.map, &self.game.position);
        let mut cache = self.cache()?;
        let owned = cache.board(map, pos).centres_of(p).iter().copied();
        self.names.provinces_list(py, owned)
    }

    /// Each power's dislodged units (`A PAR`) with the places they may retreat to.
    fn retreats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let map = &self.game.map;
        // Only dislodged units have retreat options (none in most phases).
        let options = match self.game.position.dislodged.is_empty() {
            true => diplo_engine::Retreats::default(),
            false => self.game.retreat_options(),
        };
        self.names.per_power(py, |p| {
            let out = PyDict::new(py);
            for r in options.iter().filter(|r| r.dislodged.unit.power == p) {
                let places: Vec<String> = r.options.iter().map(|&l| location_key(map, l)).collect();
                out.set_item(self.names.unit(py, map, &r.dislodged.unit), places)?;
            }
            Ok(out.into_any())
        })
    }

    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (map, pos, names) = (&self.game.map, &self.game.position, &self.names);
        let out = PyDict::new(py);
        let mut cache = self.cache()?;
        let [short, long] = cache.phase_names(py, map, pos.phase);
        out.set_item(intern!(py, "name"), short)?;
        out.set_item(intern!(py, "phase"), long)?;
        let [map_name, ruleset] = &self.labels;
        out.set_item(intern!(py, "map"), map_name)?;
        out.set_item(intern!(py, "ruleset"), ruleset)?;
        let board = cache.board(map, pos);
        let units_of = |p: PowerId| names.units_list(py, map, pos, board.units_of(p));
        out.set_item(intern!(py, "units"), names.per_power(py, units_of)?)?;
        let centres_of = |p: PowerId| names.provinces_list(py, board.centres_of(p).iter().copied());
        out.set_item(intern!(py, "centers"), names.per_power(py, centres_of)?)?;
        drop(cache);
        let homes = names.per_power(py, |p| names.homes_of(py, map, p))?;
        out.set_item(intern!(py, "homes"), homes)?;
        out.set_item(intern!(py, "retreats"), self.retreats(py)?)?;
        let due = diplo_game::summary::builds_by_power(map, pos);
        let builds = names.per_power(py, |p| due[p.index()].into_bound_py_any(py))?;
        out.set_item(intern!(py, "builds"), builds)?;
        Ok(out.into_any())
    }

    /// Puts the phases processed and not recorded yet into the game's history.
    fn record_history(&mut self) {
        for outcome in std::mem::take(&mut self.unrecorded) {
            self.game.record_phase(&outcome);
            self.last = (outcome.gathered.orders, outcome.adjudication.results);
        }
    }

    /// The orders and results of the last phase processed.
    fn last_results(&self) -> (&[(PowerId, Order)], &[diplo_engine::OrderResult]) {
        match self.unrecorded.last() {
            Some(o) => (&o.gathered.orders, &o.adjudication.results),
            None => (&self.last.0, &self.last.1),
        }
    }

    /// The game file's text, history included.
    fn toml_text(&mut self) -> String {
        self.record_history();
        self.game.to_toml()
    }

    fn saved_game(&mut self) -> PyResult<Value> {
        self.record_history();
        let mut saved = diplo_game::mila::saved_game(&self.game).map_err(err)?;
        saved["rules"] = json!(self.mila_rules);
        Ok(saved)
    }

    fn ending(&self) -> Option<Value> {
        self.game.ended.as_ref().map(|e| e.to_json(&self.game.map))
    }
}

#[pymethods]
impl Game {
    /// A new game at the map's starting position.
    /// `map_name` is MILA's name for `map`; `rules` takes MILA's hosting flags (`NO_PRESS`,
    /// ...), which are kept in the saved game and change no adjudication.
    #[new]
    #[pyo3(signature = (map = "standard", ruleset = "datc", overrides = None, map_name = None, rules = None))]
    fn new(
        map: &str,
        ruleset: &str,
        overrides: Option<&Bound<'_, PyAny>>,
        map_name: Option<&str>,
        rules: Option<Vec<String>>,
    ) -> PyResult<Game> {
        let sets = overrides_of(overrides)?;
        let (map, source) = load_map(map_name.unwrap_or(map))?;
        let ruleset = load_rules(ruleset, &sets)?;
        Ok(Game::wrap(
            HostedGame::new(map, source, ruleset, sets),
            rules.unwrap_or_default(),
        ))
    }

    /// The map's name.
    #[getter]
    fn map_name<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.labels[0].bind(py).clone()
    }

    /// The ruleset's name.
    #[getter]
    fn ruleset<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.labels[1].bind(py).clone()
    }

    /// The powers, in map order: name to its [`Power`] (`units`, `centers`, `homes`, as MILA's
    /// `game.powers`). The same dict every time, made at the first call: its powers read the
    /// game's current position whenever asked.
    #[getter]
    fn powers<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let game = slf.try_borrow()?;
        if let Some(dict) = game.powers.get() {
            return Ok(dict.bind(py).clone());
        }
        let out = PyDict::new(py);
        for p in game.game.map.power_ids() {
            let power = Power {
                game: slf.clone().unbind(),
                power: p,
            };
            out.set_item(game.names.power(py, p), Py::new(py, power)?)?;
        }
        // Made by a call this one interrupted in the meantime: that one is kept.
        let _ = game.powers.set(out.clone().unbind());
        Ok(game.powers.get().map_or(out, |d| d.bind(py).clone()))
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        // The powers dict's powers point back to this game.
        if let Some(powers) = self.powers.get() {
            visit.call(powers)?;
        }
        Ok(())
    }

    fn __clear__(&mut self) {
        self.powers.take();
    }

    /// The current phase: `Spring 1901 Movement`.
    #[getter]
    fn phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        let [_, long] = self
            .cache()?
            .phase_names(py, &self.game.map, self.game.position.phase);
        Ok(long)
    }

    /// MILA's short name of the current phase: `S1901M`.
    fn get_current_phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        let [short, _] = self
            .cache()?
            .phase_names(py, &self.game.map, self.game.position.phase);
        Ok(short)
    }

    /// Whether the game has ended (a win or a draw).
    #[getter]
    fn is_game_done(&self) -> bool {
        self.game.ended.is_some()
    }

    /// How the game ended (`winner`, `draw`, `phase`, `centres`), or None.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.ending().unwrap_or(Value::Null))
    }

    /// Sets a power's orders for the phase, replacing any given before (one string of lines,
    /// or a list of orders). A neutral power never orders: its orders are refused, and no
    /// orders (an empty list) change nothing.
    fn set_orders(
        &mut self,
        power: &Bound<'_, PyString>,
        orders: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let p = self.power_of(power)?;
        let opts = SubmitOptions {
            intent: SetIntent::Replaces,
            ..Default::default()
        };
        // A list of texts `get_all_possible_orders` gave: their orders are known, not parsed.
        if let Some(known) = self.known_orders(orders) {
            if self
                .game
                .submit_orders(p, known, "set_orders", opts)
                .is_ok()
            {
                return Ok(());
            }
            // Refused: the text's own path words the problems, line by line.
        }
        let text = order_text(orders)?;
        if self.game.map.power(p).neutral && self.game.ended.is_none() && text.trim().is_empty() {
            // A neutral power has nothing to order: no orders is all it can set.
            return Ok(());
        }
        self.game
            .submit(p, &text, "set_orders", opts)
            .map_err(err)?;
        Ok(())
    }

    /// Adjudicates the phase with the orders set (powers that set none are in civil disorder)
    /// and moves to the next phase; results are in `get_results()`.
    fn process(&mut self) -> PyResult<()> {
        let outcome = self
            .game
            .adjudicate_unrecorded(&[], self.unrecorded.len())
            .map_err(err)?;
        self.unrecorded.push(outcome);
        Ok(())
    }

    /// The results of the last phase processed: power, order, the DATC's result words, reason.
    fn get_results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let map = &self.game.map;
        let (orders, results) = self.last_results();
        let results: Vec<Value> = results
            .iter()
            .map(|r| result_json(map, orders, r))
            .collect();
        to_py(py, &Value::Array(results))
    }

    /// The position: phase, units, centres, home centres, retreats, builds (+) or removals (-).
    fn get_state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.state(py)
    }

    /// Units per power (`A PAR`, `F STP/SC`), or one power's list.
    #[pyo3(signature = (power = None))]
    fn get_units<'py>(&self, py: Python<'py>, power: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
        match power {
            Some(name) => self.units_of(py, self.power(name)?),
            None => Ok(self
                .names
                .per_power(py, |p| self.units_of(py, p))?
                .into_any()),
        }
    }

    /// Supply centres per power, or one power's list.
    #[pyo3(signature = (power = None))]
    fn get_centers<'py>(
        &self,
        py: Python<'py>,
        power: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match power {
            Some(name) => self.centres_of(py, self.power(name)?),
            None => Ok(self
                .names
                .per_power(py, |p| self.centres_of(py, p))?
                .into_any()),
        }
    }

    /// Every legal order of every orderable location: `{"PAR": ["A PAR H", "A PAR - BUR", ...]}`.
    fn get_all_possible_orders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let names = &*self.names;
        let mut cache = self.cache()?;
        let (possible, mut locked) = cache.possible_with_texts(&self.game);
        let texts = &mut *locked;
        let out = PyDict::new(py);
        let mut buf = String::new();
        for at in possible {
            let items = at
                .orders
                .iter()
                .map(|&o| texts.text(py, names, o, &mut buf));
            out.set_item(names.province(py, at.province), PyList::new(py, items)?)?;
        }
        Ok(out.into_any())
    }

    /// The locations each power orders in this phase (units; dislodged units; build sites or
    /// units to remove), or one power's list; none for a neutral power, which never orders.
    #[pyo3(signature = (power = None))]
    fn get_orderable_locations<'py>(
        &self,
        py: Python<'py>,
        power: Option<&Bound<'py, PyString>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let g = &self.game;
        let mut cache = self.cache()?;
        let by_power = cache.orderable(g, &self.names);
        let names = &self.names;
        let list = |p: PowerId| names.provinces_list(py, by_power[p.index()].iter().copied());
        match power {
            Some(name) => list(self.power_of(name)?),
            None => Ok(names.per_power(py, list)?.into_any()),
        }
    }

    /// A picture of the current position as SVG (retreat options in a retreat phase): the
    /// same picture as `diplo game show --render FILE.svg`.
    fn render(&self) -> String {
        let g = &self.game;
        let mut scene = diplo_render::Scene::new(&g.map, &g.position, &g.rules.name);
        if g.position.phase.kind == diplo_engine::PhaseKind::Retreat {
            let options = diplo_engine::pending_retreat_options(&g.map, &g.rules, &g.position);
            scene = scene.with_retreats(options);
        }
        diplo_render::svg(&scene)
    }

    /// The game in diplo's game-file format (TOML): everything, history included.
    fn to_toml(mut slf: PyRefMut<'_, Self>) -> String {
        slf.toml_text()
    }

    /// A game from diplo's game-file format.
    #[staticmethod]
    fn from_toml(text: &str) -> PyResult<Game> {
        let game = HostedGame::from_toml_str(text, "game.toml").map_err(err)?;
        Ok(Game::wrap(game, Vec::new()))
    }

    /// The game in the MILA `diplomacy` package's saved-game format (a dict).
    fn to_saved_game_format<'py>(
        mut slf: PyRefMut<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &slf.saved_game()?)
    }

    /// The game file as JSON (the same content as `to_toml`).
    fn to_json(mut slf: PyRefMut<'_, Self>) -> PyResult<String> {
        let value: toml::Value = toml::from_str(&slf.toml_text()).map_err(err)?;
        serde_json::to_string(&value).map_err(err)
    }

    /// A game from `to_json`'s output.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Game> {
        let value: toml::Value = serde_json::from_str(text).map_err(err)?;
        let toml_text = toml::to_string(&value).map_err(err)?;
        Game::from_toml(&toml_text)
    }

    /// Pickling: the game file.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_toml = slf.get_type().getattr("from_toml")?;
        Ok((from_toml, (slf.borrow_mut().toml_text(),)))
    }

    fn __repr__(&self) -> String {
        format!(
            "<diplo.Game {} map={} ruleset={}>",
            self.game.position.phase.name(&self.game.map),
            self.game.map.name,
            self.game.rules.name
        )
    }
}

/// A power of a game, as in MILA's `game.powers`: its name, units, supply centres and home
/// centres, read from the game's current position each time they are asked for (also by key,
/// `power["units"]`, as the dicts `powers` gave before).
#[pyclass(module = "diplo", frozen)]
struct Power {
    game: Py<Game>,
    power: PowerId,
}

/// The keys a [`Power`] answers to, in order.
const POWER_KEYS: [&str; 4] = ["name", "units", "centers", "homes"];

impl Power {
    /// The game, borrowed (an error, not a panic, while a call that changes it is running).
    fn game<'py>(&self, py: Python<'py>) -> PyResult<PyRef<'py, Game>> {
        Ok(self.game.bind(py).try_borrow()?)
    }
}

#[pymethods]
impl Power {
    /// The power's name.
    #[getter]
    fn name<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        Ok(self.game(py)?.names.power(py, self.power).clone())
    }

    /// The power's units (`A PAR`, `F STP/SC`), in board order.
    #[getter]
    fn units<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.game(py)?.units_of(py, self.power)
    }

    /// The power's supply centres, in province order.
    #[getter]
    fn centers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.game(py)?.centres_of(py, self.power)
    }

    /// The power's home centres.
    #[getter]
    fn homes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let game = self.game(py)?;
        game.names.homes_of(py, &game.game.map, self.power)
    }

    /// Whether the power has no units, no supply centres and no dislodged units left.
    fn is_eliminated(&self, py: Python<'_>) -> PyResult<bool> {
        let game = self.game(py)?;
        let pos = &game.game.position;
        let p = self.power;
        Ok(!pos.units.iter().any(|u| u.power == p)
            && !pos.owners.contains(&Some(p))
            && !pos.dislodged.iter().any(|d| d.unit.power == p))
    }

    /// `power["units"]`: the attribute of that name (`name`, `units`, `centers`, `homes`).
    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        match key {
            "name" => Ok(self.name(py)?.into_any()),
            "units" => self.units(py),
            "centers" => self.centers(py),
            "homes" => self.homes(py),
            _ => Err(pyo3::exceptions::PyKeyError::new_err(key.to_string())),
        }
    }

    /// The keys `power[...]` answers to, so that `dict(power)` works.
    fn keys(&self) -> [&'static str; 4] {
        POWER_KEYS
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("<diplo.Power {}>", self.name(py)?))
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.game)
    }
}

/// Adjudicates one phase: `position` is a position file's text (TOML) or the same as a dict,
/// `orders` a string of lines (with `Power:` headers, or `France: A par - bur`) or a list.
/// Returns the results and the next position (as a dict in the position-file shape).
#[pyfunction]
#[pyo3(signature = (position, orders, ruleset = "datc", map = "standard", overrides = None))]
fn adjudicate<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    orders: &Bound<'py, PyAny>,
    ruleset: &str,
    map: &str,
    overrides: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (map, _) = load_map(map)?;
    let rules = load_rules(ruleset, &overrides_of(overrides)?)?;
    let pos_text = match position.extract::<String>() {
        Ok(s) => s,
        Err(_) => {
            let json_mod = py.import("json")?;
            let dumped: String = json_mod.call_method1("dumps", (position,))?.extract()?;
            let value: toml::Value = serde_json::from_str(&dumped).map_err(err)?;
            toml::to_string(&value).map_err(err)?
        }
    };
    let text = order_text(orders)?;
    let value = py.detach(|| adjudicate_text(&map, &rules, &pos_text, &text))?;
    to_py(py, &value)
}

fn adjudicate_text(map: &Map, rules: &Ruleset, pos_text: &str, orders: &str) -> PyResult<Value> {
    let pos = Position::from_toml_str(map, pos_text, "position").map_err(err)?;
    let (lines, errors) = diplo_orders::parse_orders(map, orders);
    if !errors.is_empty() {
        let all: Vec<String> = errors.iter().map(|e| format!("orders: {e}")).collect();
        return Err(err(all.join("\n")));
    }
    let mut given = Vec::new();
    for l in lines {
        let owner = l
            .order
            .unit()
            .and_then(|u| pos.unit_in(u.place.province))
            .map(|u| u.power)
            .or(l.power);
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
    let adj = diplo_engine::adjudicate(map, rules, &pos, &given);
    let results = adj.results.iter();
    let results: Vec<Value> = results.map(|r| result_json(map, &given, r)).collect();
    let next = serde_json::to_value(adj.next.to_file(map)).map_err(err)?;
    Ok(json!({ "results": results, "next": next }))
}

/// Replays game records (the texts, not paths: godip's format, or MILA saved-game JSON) under a ruleset, `threads` at a time
/// (0: one per core), without the GIL. Returns `passed`, `failed` and each mismatch.
#[pyfunction]
#[pyo3(signature = (records, ruleset = "droidippy", map = "standard", threads = 0))]
fn replay<'py>(
    py: Python<'py>,
    records: Vec<String>,
    ruleset: &str,
    map: &str,
    threads: usize,
) -> PyResult<Bound<'py, PyAny>> {
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

/// A game's MILA saved-game dict (as `diplomacy.utils.export.to_saved_game_format`); with
/// `output_path`, also appended to that file as one JSON line.
#[pyfunction]
#[pyo3(signature = (game, output_path = None, output_mode = "a"))]
fn to_saved_game_format<'py>(
    py: Python<'py>,
    mut game: PyRefMut<'py, Game>,
    output_path: Option<std::path::PathBuf>,
    output_mode: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let saved = game.saved_game()?;
    if let Some(path) = output_path {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(output_mode == "a")
            .write(true)
            .truncate(output_mode != "a")
            .open(&path)
            .map_err(|e| err(format!("{}: {e}", path.display())))?;
        writeln!(f, "{saved}").map_err(|e| err(format!("{}: {e}", path.display())))?;
    }
    to_py(py, &saved)
}

/// A game from a MILA saved game (a dict or its JSON text): the recorded orders of each phase are
/// adjudicated again under `ruleset`, so the game ends where diplo's rules take it. A recorded
/// winter that diplo skips (nobody builds or removes) is skipped; a recorded phase that does not
/// come next is an error.
#[pyfunction]
#[pyo3(signature = (saved_game, ruleset = "datc"))]
fn from_saved_game_format(
    py: Python<'_>,
    saved_game: &Bound<'_, PyAny>,
    ruleset: &str,
) -> PyResult<Game> {
    let text: String = match saved_game.extract::<String>() {
        Ok(s) => s,
        Err(_) => py
            .import("json")?
            .call_method1("dumps", (saved_game,))?
            .extract()?,
    };
    let doc: Value = serde_json::from_str(&text).map_err(|e| err(format!("saved game: {e}")))?;
    let rules: Vec<String> = doc["rules"]
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|r| r.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    let (map, source) = load_map(doc["map"].as_str().unwrap_or("standard"))?;
    let ruleset = load_rules(ruleset, &[])?;
    let game = diplo_game::mila::from_saved_game(&doc, map, source, ruleset)
        .map_err(|e| err(format!("saved game: {e}")))?;
    Ok(Game::wrap(game, rules))
}

/// The built-in maps' names.
#[pyfunction]
fn maps() -> Vec<String> {
    diplo_map::EMBEDDED_MAPS
        .iter()
        .map(|(n, _)| n.to_string())
        .collect()
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
#[pymodule]
fn diplo(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Power>()?;
    m.add_function(wrap_pyfunction!(adjudicate, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(maps, m)?)?;
    m.add_function(wrap_pyfunction!(to_saved_game_format, m)?)?;
    m.add_function(wrap_pyfunction!(from_saved_game_format, m)?)?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add("DiploError", m.py().get_type::<DiploError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
