//! The possible orders in the shape of MILA's `get_all_possible_orders`: every location of
//! the map a key, in the map's order.

use diplo_engine::Position;
use diplo_game::possible::Possible;
use diplo_map::Map;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::names::{Names, Texts};

/// `possible` (the phase's orderable locations and their orders) keyed by every location of
/// `map`: each province, then each of its coasts, in the map's order; an empty list where
/// nothing is ordered; a province's orders also under the coast a unit of `pos` (standing or
/// dislodged) is on. Each list is new (the caller may change it).
pub(crate) fn every_location<'py>(
    py: Python<'py>,
    names: &Names,
    map: &Map,
    pos: &Position,
    possible: &[Possible],
    texts: &mut Texts,
) -> PyResult<Bound<'py, PyDict>> {
    let mut at: Vec<Option<&Possible>> = vec![None; map.provinces().len()];
    for p in possible {
        if let Some(slot) = at.get_mut(p.province.index()) {
            *slot = Some(p);
        }
    }
    let standing = pos.units.iter();
    let on_coasts: Vec<_> = (standing.chain(pos.dislodged.iter().map(|d| &d.unit)))
        .filter_map(|u| Some((u.location.province, u.location.coast?)))
        .collect();
    let out = PyDict::new(py);
    let mut buf = String::new();
    for province in map.province_ids() {
        let orders = at[province.index()].map_or(&[][..], |p| &p.orders[..]);
        let mut list = || {
            let items = orders.iter().map(|&o| texts.text(py, names, o, &mut buf));
            PyList::new(py, items)
        };
        out.set_item(names.province(py, province), list()?)?;
        for (c, coast) in names.coast_locations(py, province).enumerate() {
            let held = on_coasts.contains(&(province, c as u8));
            let value = if held { list()? } else { PyList::empty(py) };
            out.set_item(coast, value)?;
        }
    }
    Ok(out)
}
