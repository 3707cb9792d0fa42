//! The names of MILA's notation (`PAR`, `A PAR`, `F STP/SC`), worked out once per game, and the
//! per-power dicts built from them straight into Python objects: a bot reads the state every
//! phase, so nothing here goes through an intermediate JSON value; and the cache of what a
//! phase's questions share.

use std::collections::HashMap;

use diplo_engine::{Phase, PhaseKind, Position, Unit};
use diplo_game::possible::{location_key, orderable_locations, possible, Possible, PossibleOrder};
use diplo_game::Game as HostedGame;
use diplo_map::{Map, PowerId, ProvinceId};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// Upper-case province names and the powers in name order, for one map.
pub struct Names {
    /// Per province: its short name in upper case (`PAR`).
    provinces: Vec<String>,
    /// The powers sorted by name (the key order of every per-power dict).
    powers: Vec<PowerId>,
}

impl Names {
    /// The names of `map`.
    pub fn new(map: &Map) -> Names {
        let mut powers: Vec<PowerId> = map.power_ids().collect();
        powers.sort_by(|a, b| map.power(*a).name.cmp(&map.power(*b).name));
        Names {
            provinces: map
                .provinces()
                .iter()
                .map(|p| p.name.to_uppercase())
                .collect(),
            powers,
        }
    }

    /// A province's upper-case short name.
    pub fn province(&self, p: ProvinceId) -> &str {
        &self.provinces[p.index()]
    }

    /// A unit as MILA writes it: `A PAR`, `F STP/SC`.
    pub fn unit(&self, map: &Map, u: &Unit) -> String {
        if u.location.coast.is_none() {
            format!("{} {}", u.kind.letter(), self.province(u.location.province))
        } else {
            format!("{} {}", u.kind.letter(), location_key(map, u.location))
        }
    }

    /// A power's units (`A PAR`, `F STP/SC`), in board order.
    pub fn units_of(&self, map: &Map, pos: &Position, p: PowerId) -> Vec<String> {
        pos.units
            .iter()
            .filter(|u| u.power == p)
            .map(|u| self.unit(map, u))
            .collect()
    }

    /// A power's supply centres, in province order.
    pub fn centres_of<'a>(&'a self, map: &Map, pos: &Position, p: PowerId) -> Vec<&'a str> {
        map.province_ids()
            .filter(|c| pos.owners[c.index()] == Some(p))
            .map(|c| self.province(c))
            .collect()
    }

    /// A power's home centres.
    pub fn homes_of<'a>(&'a self, map: &Map, p: PowerId) -> Vec<&'a str> {
        map.home_centres(p)
            .iter()
            .map(|&c| self.province(c))
            .collect()
    }

    /// A dict from each power's name (in name order) to `f(power)`.
    pub fn per_power<'py>(
        &self,
        py: Python<'py>,
        map: &Map,
        mut f: impl FnMut(PowerId) -> PyResult<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for &p in &self.powers {
            out.set_item(&map.power(p).name, f(p)?)?;
        }
        Ok(out)
    }
}

/// A Python list of strings.
pub fn list<'py, S: AsRef<str>>(py: Python<'py>, items: &[S]) -> PyResult<Bound<'py, PyAny>> {
    Ok(PyList::new(py, items.iter().map(AsRef::as_ref))?.into_any())
}

/// Order texts kept at most: past this the cache starts afresh (a huge map's orders).
const MAX_TEXTS: usize = 1 << 20;

/// What a game works out once per phase, and the Python text of each possible order seen so
/// far (the same orders come back phase after phase, so most texts are made once a game).
#[derive(Default)]
pub struct PhaseCache {
    /// The phase the other fields belong to.
    phase: Option<Phase>,
    possible: Option<Vec<Possible>>,
    /// Per power (by index), its orderable locations in name order.
    orderable: Option<Vec<Vec<String>>>,
    /// Each possible order's text, as a Python string.
    texts: HashMap<PossibleOrder, Py<PyString>>,
}

impl PhaseCache {
    /// Forgets what belongs to another phase than `phase`.
    pub fn enter(&mut self, phase: Phase) {
        if self.phase != Some(phase) {
            self.phase = Some(phase);
            self.possible = None;
            self.orderable = None;
        }
        if self.texts.len() > MAX_TEXTS {
            self.texts.clear();
        }
    }

    /// Every orderable location with its possible orders, as data.
    pub fn possible(&mut self, g: &HostedGame) -> &[Possible] {
        self.possible
            .get_or_insert_with(|| possible(&g.map, &g.rules, &g.position))
    }

    /// The possible orders (as [`PhaseCache::possible`]) with the texts made so far.
    pub fn possible_with_texts(
        &mut self,
        g: &HostedGame,
    ) -> (&[Possible], &mut HashMap<PossibleOrder, Py<PyString>>) {
        self.possible(g);
        (
            self.possible.as_deref().unwrap_or_default(),
            &mut self.texts,
        )
    }

    /// Per power (by index), its orderable locations: in a winter from the possible orders
    /// (each build put to the engine once), otherwise straight from the units.
    pub fn orderable(&mut self, g: &HostedGame, names: &Names) -> &[Vec<String>] {
        if self.orderable.is_none() {
            let mut by_power = vec![Vec::new(); g.map.powers().len()];
            if g.position.phase.kind == PhaseKind::Adjustment {
                for at in self.possible(g) {
                    by_power[at.power.index()].push(names.province(at.province).to_string());
                }
            } else {
                for (loc, p) in orderable_locations(&g.map, &g.rules, &g.position) {
                    by_power[p.index()].push(loc);
                }
            }
            self.orderable = Some(by_power);
        }
        self.orderable.as_deref().unwrap_or_default()
    }
}
