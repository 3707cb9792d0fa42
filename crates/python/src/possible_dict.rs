//! The possible orders in the shape of MILA's `get_all_possible_orders`: every location of
//! the map a key, in the map's order.

use diplo_engine::{PhaseKind, Position, Unit};
use diplo_game::possible::{Possible, PossibleOrder};
use diplo_map::{Map, UnitKind};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::names::{Names, Texts};

/// `possible` (the phase's orderable locations and their orders) keyed by every location of
/// `map`: each province, then each of its coasts, in the map's order; an empty list where
/// nothing is ordered; a province's orders also under the coast the unit ordered there is on
/// (a dislodged unit in a retreat phase, else a standing one: not under the coast of the unit
/// that dislodged it). As MILA lists them, a support of a fleet's move into a province of
/// several coasts comes also naming each coast the fleet can reach (`A MAR S F GAS - SPA/NC`
/// after `A MAR S F GAS - SPA`), and a coast where a fleet may be built lists that build and
/// `WAIVE`. Each list is new (the caller may change it).
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
    // The units ordered this phase: the dislodged ones in a retreat phase, else those standing.
    let ordered: Vec<&Unit> = match pos.phase.kind {
        PhaseKind::Retreat => pos.dislodged.iter().map(|d| &d.unit).collect(),
        _ => pos.units.iter().collect(),
    };
    let on_coasts: Vec<_> = (ordered.iter())
        .filter_map(|u| Some((u.location.province, u.location.coast?)))
        .collect();
    let out = PyDict::new(py);
    let mut buf = String::new();
    let mut items = Vec::new();
    for province in map.province_ids() {
        let orders = at[province.index()].map_or(&[][..], |p| &p.orders[..]);
        province_list(py, names, map, orders, texts, &mut buf, &mut items);
        out.set_item(names.province(py, province), PyList::new(py, &items)?)?;
        for (c, coast) in names.coast_locations(py, province).enumerate() {
            let value = match on_coasts.contains(&(province, c as u8)) {
                true => PyList::new(py, &items)?,
                false => coast_builds(py, names, orders, c as u8, texts, &mut buf)?,
            };
            out.set_item(coast, value)?;
        }
        items.clear();
    }
    Ok(out)
}

/// The texts of a province's `orders` into `items`, each support of a fleet's move into a
/// province of several coasts followed by the same naming each coast the fleet can reach.
fn province_list<'py>(
    py: Python<'py>,
    names: &Names,
    map: &Map,
    orders: &[PossibleOrder],
    texts: &mut Texts,
    buf: &mut String,
    items: &mut Vec<Bound<'py, PyString>>,
) {
    for &o in orders {
        items.push(texts.text(py, names, o, buf));
        let PossibleOrder::SupportMove(_, fleet, to) = o else {
            continue;
        };
        if fleet.kind != UnitKind::Fleet || map.province(to).coasts.is_empty() {
            continue;
        }
        for &reach in map.fleet_neighbours(fleet.location) {
            if let (true, Some(c)) = (reach.province == to, reach.coast) {
                items.push(texts.coast_support_text(py, names, o, c, buf));
            }
        }
    }
}

/// What MILA lists under a coast no unit is on: the build of a fleet there and `WAIVE` when
/// the province's `orders` build one, else nothing.
fn coast_builds<'py>(
    py: Python<'py>,
    names: &Names,
    orders: &[PossibleOrder],
    coast: u8,
    texts: &mut Texts,
    buf: &mut String,
) -> PyResult<Bound<'py, PyList>> {
    let here = |o: &&PossibleOrder| match o {
        PossibleOrder::Build(u) => u.location.coast == Some(coast),
        _ => false,
    };
    let Some(&build) = orders.iter().find(here) else {
        return Ok(PyList::empty(py));
    };
    let waive = texts.text(py, names, PossibleOrder::Waive, buf);
    PyList::new(py, [texts.text(py, names, build, buf), waive])
}
