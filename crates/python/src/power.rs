//! `diplo.Power`: one power of a game, as the values of MILA's `game.powers` (name, units,
//! centres, homes), read from the game's current position each time they are asked for.

use diplo_map::PowerId;
use pyo3::gc::PyVisit;
use pyo3::prelude::*;
use pyo3::types::PyString;
use pyo3::PyTraverseError;

use crate::game::Game;

/// A power of a game, as in MILA's `game.powers`: its name, units, supply centres and home
/// centres, read from the game's current position each time they are asked for (also by key,
/// `power["units"]`, as the dicts `powers` gave before).
#[pyclass(module = "diplo", frozen)]
pub(crate) struct Power {
    pub(crate) game: Py<Game>,
    pub(crate) power: PowerId,
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
