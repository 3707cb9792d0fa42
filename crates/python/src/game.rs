//! `diplo.Game`: a hosted game (map, ruleset, position, orders given, history) as a Python
//! class in the shape of MILA's `diplomacy.Game` (the saved-game functions are
//! `saved_game.rs`).

use std::sync::Arc;

use diplo_game::possible::location_key;
use diplo_game::{Game as HostedGame, MapSource, SubmitOptions};
use diplo_map::PowerId;
use diplo_orders::Order;
use diplo_rules::policies::SetIntent;
use pyo3::gc::PyVisit;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use pyo3::IntoPyObjectExt;
use pyo3::PyTraverseError;
use serde_json::Value;

use crate::answer::{self, ResultText};
use crate::convert::to_py;
use crate::names::{self, CacheRef, Locked, Names, PhaseCache};
use crate::power::Power;
use crate::{err, load_map, load_rules, order_text, overrides_of};

/// The most copies `clone_n_times` makes a call: more than a search's rollouts take, fewer than
/// would exhaust a machine's memory on a long game (each copy carries the whole history).
const MAX_CLONES: usize = 100_000;

/// A game: a map, a ruleset, the current position, the orders given and the history.
#[pyclass(module = "diplo", weakref)]
pub(crate) struct Game {
    pub(crate) game: HostedGame,
    /// The orders and results of the last phase processed and recorded (put into dicts only
    /// when asked for).
    last: (Vec<(PowerId, Order)>, Vec<diplo_engine::OrderResult>),
    /// Phases processed whose history records are not made yet: made when the history is
    /// read ([`Game::record_history`]), since a bot seldom reads it.
    unrecorded: Vec<diplo_game::PhaseOutcome>,
    /// The map's names in MILA's notation (shared by the games on a built-in map).
    pub(crate) names: Arc<Names>,
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
    /// What `from_saved_game_format` passed over in making this game (empty otherwise).
    pub(crate) import_notes: Vec<String>,
}

impl Game {
    /// Wraps a hosted game.
    pub(crate) fn wrap(game: HostedGame, mila_rules: Vec<String>) -> Game {
        let (texts, steps, names) = match &game.map_source {
            MapSource::Embedded(name) => (
                names::shared_texts(name),
                names::shared_steps(name),
                Python::attach(|py| names::shared_names(py, name, &game.map)),
            ),
            MapSource::Copy { .. } => (
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
            import_notes: Vec::new(),
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

    /// Puts the game at `pos` (`set_position`'s work once the position is read).
    fn replace_position(&mut self, pos: diplo_engine::Position) -> PyResult<()> {
        self.record_history();
        self.game.position = pos;
        self.game.order_sets.clear();
        self.game.ready.clear();
        self.game.ended = None;
        // What was worked out for the old position is stale even when the phase is the same.
        let fresh = {
            let cache = self.cache()?;
            PhaseCache::new(cache.shared_texts(), cache.shared_steps())
        };
        self.cache = std::sync::Mutex::new(fresh);
        Ok(())
    }

    /// The orders of `orders` if it is a list of texts handed out by
    /// `get_all_possible_orders` (known by identity), without parsing them.
    fn known_orders(&self, orders: &Bound<'_, PyAny>) -> Option<Vec<Order>> {
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
    pub(crate) fn units_of<'py>(&self, py: Python<'py>, p: PowerId) -> PyResult<Bound<'py, PyAny>> {
        let (map, pos) = (&self.game.map, &self.game.position);
        let mut cache = self.cache()?;
        let units = cache.board(map, pos).units_of(p);
        self.names.units_list(py, map, pos, units)
    }

    /// A power's supply centres, in province order.
    pub(crate) fn centres_of<'py>(
        &self,
        py: Python<'py>,
        p: PowerId,
    ) -> PyResult<Bound<'py, PyAny>> {
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

    /// Records the phases processed when the next adjudication reads the history (a draw on
    /// stalemate compares the centres' owners of the years counted).
    fn record_if_read(&mut self) {
        if self.game.master.end_rules.stalemate_years.is_some() {
            self.record_history();
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

    /// The MILA saved game's JSON text (compact), with the MILA rules the game was created
    /// with: written directly, with no JSON value between.
    pub(crate) fn saved_game(&self) -> PyResult<String> {
        let mut sink = diplo_game::mila::TextSink::with_capacity(4096 * (self.phases() + 1));
        self.write_saved_game(&mut sink)?;
        Ok(sink.out)
    }

    /// The MILA saved game as Python's dicts and lists, made directly.
    pub(crate) fn saved_game_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let _paused = crate::saved::GcPaused::new(py);
        let names = Some((&*self.names, &*self.game.map));
        let mut sink = crate::saved::PySink::new(py, names);
        self.write_saved_game(&mut sink)?;
        sink.finish()
    }

    /// The MILA saved game into `sink`, the phases processed and not yet recorded written as
    /// their records would be (recording them costs more than writing them).
    fn write_saved_game(&self, sink: &mut impl diplo_game::mila::Sink) -> PyResult<()> {
        let mila = diplo_game::mila::Flavour::Mila;
        let (game, pending) = (&self.game, &self.unrecorded);
        diplo_game::mila::write_into(game, pending, mila, &self.mila_rules, sink).map_err(err)
    }

    /// The phases played: those recorded and those not yet.
    fn phases(&self) -> usize {
        self.game.history.len() + self.unrecorded.len()
    }

    /// `process()` as a thread of `diplo.process_multi` runs it, without the GIL: with that
    /// thread's adjudicator memory, the outcome taken into the game there too.
    pub(crate) fn process_in(
        &mut self,
        scratch: &mut diplo_engine::AdjudicatorScratch,
    ) -> Result<(), String> {
        self.record_if_read();
        let outcome = (self.game)
            .adjudicate_unrecorded_in(&[], self.unrecorded.len(), scratch)
            .map_err(|e| e.to_string())?;
        self.take_outcome(outcome)
    }

    /// Takes a phase adjudicated into the game: the outcome kept for the history (first, so
    /// that no error loses it), and the next phase's deadline from the schedule (as
    /// `Game::adjudicate` gives it).
    fn take_outcome(&mut self, outcome: diplo_game::PhaseOutcome) -> Result<(), String> {
        self.unrecorded.push(outcome);
        if !self.game.schedule.is_empty() {
            let now = diplo_game::time::now()?;
            self.game.start_scheduled_deadline(now);
        }
        Ok(())
    }

    fn ending(&self) -> Option<Value> {
        self.game.ended.as_ref().map(|e| e.to_json(&self.game.map))
    }
}

#[pymethods]
impl Game {
    /// A new game at the map's starting position.
    /// `map_name` is MILA's name for `map`; `rules` takes MILA's rule names: its hosting flags
    /// (`NO_PRESS` ...) are kept in the saved game and change no adjudication, `BUILD_ANY` sets
    /// the ruleset's `builds` choice, and a name MILA does not know is refused.
    /// `draw_on_stalemate_years`: the survivors share a draw once no supply centre has changed
    /// hands for that many years (as dipcc's option).
    #[new]
    #[pyo3(signature = (map = "standard", ruleset = "datc", overrides = None, map_name = None, rules = None, draw_on_stalemate_years = None))]
    fn new(
        map: &str,
        ruleset: &str,
        overrides: Option<&Bound<'_, PyAny>>,
        map_name: Option<&str>,
        rules: Option<Vec<String>>,
        draw_on_stalemate_years: Option<i64>,
    ) -> PyResult<Game> {
        let mut sets = overrides_of(overrides)?;
        let rules = rules.unwrap_or_default();
        sets.extend(crate::mila_rule_overrides(&rules)?);
        let (map, source) = load_map(map_name.unwrap_or(map))?;
        let ruleset = load_rules(ruleset, &sets)?;
        let mut game = Game::wrap(HostedGame::new(map, source, ruleset, sets), rules);
        game.set_draw_on_stalemate_years(draw_on_stalemate_years)?;
        Ok(game)
    }

    /// The years with no supply centre changing hands after which the survivors share a draw
    /// (`None`: never). Set it at any time before the game ends; 0 is refused.
    #[getter]
    fn draw_on_stalemate_years(&self) -> Option<u16> {
        self.game.master.end_rules.stalemate_years
    }

    #[setter]
    fn set_draw_on_stalemate_years(&mut self, years: Option<i64>) -> PyResult<()> {
        let expected = "a number of years from 1 to 65535, or None";
        let years =
            (years.map(|y| crate::in_range("draw_on_stalemate_years", y, expected))).transpose()?;
        if years == self.game.master.end_rules.stalemate_years {
            return Ok(());
        }
        let rules = diplo_game::EndRules {
            stalemate_years: years,
            ..self.game.master.end_rules
        };
        self.game.set_end_rules(rules).map_err(err)
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

    /// How the game ended (`winner`, `draw`, `phase`, `centres`, `by`), or None.
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
        self.record_if_read();
        let outcome = self
            .game
            .adjudicate_unrecorded(&[], self.unrecorded.len())
            .map_err(err)?;
        self.take_outcome(outcome).map_err(err)
    }

    /// The results of the last phase processed: power, order, the DATC's result words, reason.
    fn get_results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let map = &self.game.map;
        let (orders, results) = self.last_results();
        let texts: Vec<ResultText> = (results.iter())
            .map(|r| ResultText::of(map, orders, r))
            .collect();
        Ok(answer::results(py, &texts)?.into_any())
    }

    /// The last phase processed's results in MILA's codes, every unit of it a key
    /// (`{"A PAR": [], "A MAR": ["bounce"]}`): that phase's `results` in
    /// `to_saved_game_format()`, without writing the game. Empty before the first phase.
    fn mila_results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let last = diplo_game::mila::last_results(&self.game, &self.unrecorded).map_err(err)?;
        answer::codes(py, &last)
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
    /// With `every_location`, in MILA's shape: every location of the map a key, in the map's
    /// order (a province, then its coasts), an empty list where nothing is ordered, and a
    /// unit's orders under its coast (`STP/SC`) as well as its province: the orders MILA
    /// lists ([`crate::possible_dict::every_location`]).
    #[pyo3(signature = (every_location = false))]
    fn get_all_possible_orders<'py>(
        &self,
        py: Python<'py>,
        every_location: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let names = &*self.names;
        let mut cache = self.cache()?;
        let (possible, mut locked) = cache.possible_with_texts(&self.game);
        let texts = &mut *locked;
        if every_location {
            let (map, pos) = (&self.game.map, &self.game.position);
            let out = crate::possible_dict::every_location(py, names, map, pos, possible, texts)?;
            return Ok(out.into_any());
        }
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

    /// Replaces the position (MILA's `set_units`, `set_centers`, `set_current_phase` are made
    /// of this): a position file's text (TOML) or the same as a dict, in the shape
    /// `diplo.adjudicate` takes and `position()` gives. The orders given for the phase are
    /// dropped and the game is under way again (not ended); the history is kept.
    fn set_position(&mut self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<()> {
        let map = &self.game.map;
        let pos = crate::batch::GivenPosition::of(py, map, position)?.read(map)?;
        self.replace_position(pos)
    }

    /// The current phase adjudicated with `orders` alone (lines, or a list of them, as
    /// `diplo.adjudicate` reads them; the orders set are not used, and the game does not
    /// move): the same answer as `diplo.adjudicate` with this game's map, ruleset and
    /// position, `{"next": ..., "results": [...]}`. With `advance`, the game then stands at the
    /// next position (history kept, as after `set_position`), its units listed power by power
    /// as a position read from a dict lists them. With `mila_codes`, also `"codes"`: the
    /// results in MILA's codes, each unit a key (as the saved game's `results`; a retreat or
    /// adjustment phase's without the units a movement phase before destroyed).
    #[pyo3(signature = (orders, advance = false, mila_codes = false))]
    fn adjudicate<'py>(
        &mut self,
        py: Python<'py>,
        orders: &Bound<'py, PyAny>,
        advance: bool,
        mila_codes: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let text = order_text(orders)?;
        let g = &self.game;
        let (map, rules, pos) = (&g.map, &g.rules, &g.position);
        let adjudicated =
            py.detach(|| crate::batch::adjudicate_with_codes(map, rules, pos, &text, mila_codes));
        let (results, next, codes) = adjudicated?;
        let out = PyDict::new(py);
        let file = next.to_file(map);
        out.set_item(intern!(py, "next"), answer::position(py, &file)?)?;
        out.set_item(intern!(py, "results"), answer::results(py, &results)?)?;
        if let Some(codes) = codes {
            out.set_item(intern!(py, "codes"), answer::codes(py, &codes)?)?;
        }
        if advance {
            self.replace_position(crate::batch::by_power(self.names.powers_by_name(), next))?;
        }
        Ok(out.into_any())
    }

    /// The current position as a dict in the position-file shape (`phase`, `units`,
    /// `centres`, `dislodged` ...), as `diplo.adjudicate` gives the next one.
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let file = self.game.position.to_file(&self.game.map);
        Ok(answer::position(py, &file)?.into_any())
    }

    /// A picture of the current position (retreat options in a retreat phase): the same
    /// picture as `diplo game show --render FILE.svg`. `incl_orders` draws the orders given so
    /// far for the phase; `orders` (lines, or a list of them, as `set_orders` and
    /// `diplo.adjudicate` read them) draws those instead. `output_format` is `svg` (returns the
    /// text) or `png` (returns the bytes); `output_path` also writes the picture there,
    /// replacing the file atomically.
    #[pyo3(signature = (incl_orders = false, orders = None, output_format = "svg", output_path = None))]
    fn render<'py>(
        &self,
        py: Python<'py>,
        incl_orders: bool,
        orders: Option<&Bound<'py, PyAny>>,
        output_format: &str,
        output_path: Option<std::path::PathBuf>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let g = &self.game;
        let drawn = match orders {
            Some(o) => crate::batch::given_orders(&g.map, &g.position, &order_text(o)?)?,
            None if incl_orders => g.gather_orders().orders,
            None => Vec::new(),
        };
        let mut scene = diplo_render::Scene::new(&g.map, &g.position, &g.rules.name);
        if g.position.phase.kind == diplo_engine::PhaseKind::Retreat {
            let options = diplo_engine::pending_retreat_options(&g.map, &g.rules, &g.position);
            scene = scene.with_retreats(options);
        }
        if !drawn.is_empty() {
            scene = scene.with_orders(&drawn);
        }
        let svg = diplo_render::svg(&scene);
        let bytes = match output_format {
            "svg" => None,
            "png" => Some(diplo_render::png(&svg).map_err(err)?),
            other => {
                return Err(err(format!(
                    "output_format `{other}`: expected \"svg\" or \"png\""
                )))
            }
        };
        if let Some(path) = output_path {
            let written = match &bytes {
                Some(png) => diplo_game::write_atomically_bytes(&path, png),
                None => diplo_game::write_atomically(&path, &svg),
            };
            written.map_err(|e| err(format!("{}: {e}", path.display())))?;
        }
        match bytes {
            Some(png) => Ok(pyo3::types::PyBytes::new(py, &png).into_any()),
            None => Ok(PyString::new(py, &svg).into_any()),
        }
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

    /// The game in the MILA `diplomacy` package's saved-game format (a dict), as MILA writes
    /// it: results in MILA's codes, every unit a key, and MILA's state.
    fn to_saved_game_format<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.saved_game_dict(py)
    }

    /// The game in the MILA `diplomacy` package's saved-game format as JSON text (one line:
    /// what `to_saved_game_format(game, output_path)` appends), without making the dict.
    fn to_saved_game_json(&self) -> PyResult<String> {
        self.saved_game()
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
        // A JSON document that parsed is whole: it gets the end marker its TOML form carried
        // as a comment, which JSON cannot hold.
        let toml_text = toml::to_string(&value).map_err(err)?;
        Game::from_toml(&format!("{toml_text}{}\n", diplo_game::file::END_MARKER))
    }

    /// Pickling: the game file.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_toml = slf.get_type().getattr("from_toml")?;
        Ok((from_toml, (slf.borrow_mut().toml_text(),)))
    }

    /// Each power's score (name to score) from the centres it owns under `system`:
    /// `sum-of-squares` and `draw-size` as fractions adding to 1, `c-diplo` in points; a solo
    /// takes everything.
    #[pyo3(signature = (system = "sum-of-squares"))]
    fn scores<'py>(&self, py: Python<'py>, system: &str) -> PyResult<Bound<'py, PyDict>> {
        let scoring = diplo_game::scoring::Scoring::parse(system).map_err(err)?;
        let (map, pos) = (&self.game.map, &self.game.position);
        let counts = diplo_game::scoring::centre_counts(map, pos);
        let scores = scoring.scores(&counts, u32::from(map.victory_centres));
        self.names
            .per_power(py, |p| scores[p.index()].into_bound_py_any(py))
    }

    /// A hash of the current position (phase, units, dislodged units, centre owners), stable
    /// from run to run: equal positions hash equal.
    fn board_hash(&self) -> u64 {
        diplo_game::scoring::position_hash(&self.game.map, &self.game.position)
    }

    /// A hash of the orders of every phase played, stable from run to run: games given the
    /// same orders hash equal.
    fn order_history_hash(&mut self) -> u64 {
        self.record_history();
        diplo_game::scoring::order_history_hash(&self.game.history)
    }

    /// What `from_saved_game_format` passed over in making this game, each note naming the
    /// record's phase (recorded orders dropped, with the reason; phases skipped or added); empty
    /// for any other game, and not kept by copies or pickles (the notes of the phases played
    /// are in the game file's history too).
    #[getter]
    fn import_notes(&self) -> Vec<String> {
        self.import_notes.clone()
    }

    /// `n` copies of the game, each playing on alone (history and orders given included); at
    /// most [`MAX_CLONES`] a call.
    fn clone_n_times(&mut self, n: i64) -> PyResult<Vec<Game>> {
        let expected = format!("0 to {MAX_CLONES} copies");
        let n: usize = crate::in_range("n", n, &expected)?;
        if n > MAX_CLONES {
            return Err(err(format!("n={n}: expected {expected}")));
        }
        self.record_history();
        Ok((0..n)
            .map(|_| {
                let mut copy = Game::wrap(self.game.clone(), self.mila_rules.clone());
                copy.last = self.last.clone();
                copy
            })
            .collect())
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
