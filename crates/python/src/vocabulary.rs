//! The order vocabulary of a map: every order a unit could be given on it in any phase, in
//! MILA's notation, each with a fixed index (`diplo.order_vocabulary`), for a policy network's
//! output layer.
//!
//! What is in it, for every place a unit of a kind may stand: its hold, its moves to every
//! neighbour, an army's move by convoy to every coastal province the seas connect to its own,
//! its support to hold of any unit next to it, its support of any unit's move (by land, by
//! sea or by convoy) into a province it could move to, a fleet's convoy (in a sea, or a
//! convoyable coast) of an army between any two coastal provinces its body of water touches,
//! its retreats, its disband, its build on a supply centre; and `WAIVE`. It depends on the
//! map alone, never on a position or a ruleset.

use std::collections::{BTreeSet, HashSet};

use diplo_game::possible::{PossibleOrder, UnitAt};
use diplo_map::{Location, Map, ProvinceId, Terrain, UnitKind};

/// Every unit that could stand somewhere on the map, place by place.
fn all_units(map: &Map) -> Vec<UnitAt> {
    let mut out = Vec::new();
    for p in map.province_ids() {
        let coasts = map.province(p).coasts.len() as u8;
        let places = std::iter::once(Location::province(p))
            .chain((0..coasts).map(|c| Location::coast(p, c)));
        for location in places {
            for kind in [UnitKind::Army, UnitKind::Fleet] {
                if map.can_stand(kind, location) {
                    out.push(UnitAt { kind, location });
                }
            }
        }
    }
    out
}

/// The bodies of water: each sea (or convoyable coast) province's component number, and per
/// component the coastal provinces it touches.
struct Waters {
    component: Vec<Option<usize>>,
    shores: Vec<BTreeSet<ProvinceId>>,
}

impl Waters {
    fn new(map: &Map) -> Waters {
        let n = map.provinces().len();
        let mut component = vec![None; n];
        let mut shores = Vec::new();
        for start in map.province_ids() {
            if component[start.index()].is_some() || !map.can_convoy_through(start) {
                continue;
            }
            let id = shores.len();
            let mut shore = BTreeSet::new();
            let mut stack = vec![start];
            component[start.index()] = Some(id);
            while let Some(p) = stack.pop() {
                for &q in map.any_neighbours(p) {
                    if map.province(q).terrain == Terrain::Coast {
                        shore.insert(q);
                    }
                    if map.can_convoy_through(q) && component[q.index()].is_none() {
                        component[q.index()] = Some(id);
                        stack.push(q);
                    }
                }
            }
            shores.push(shore);
        }
        Waters { component, shores }
    }

    /// The coastal provinces an army at `from` could be convoyed to.
    fn convoy_reach(&self, map: &Map, from: ProvinceId) -> BTreeSet<ProvinceId> {
        let mut out = BTreeSet::new();
        if map.province(from).terrain != Terrain::Coast {
            return out;
        }
        for &q in map.any_neighbours(from) {
            if let Some(c) = self.component[q.index()] {
                out.extend(self.shores[c].iter().copied().filter(|&s| s != from));
            }
        }
        out
    }
}

/// A unit's moves without a convoy.
fn moves(map: &Map, u: UnitAt) -> Vec<Location> {
    map.step_locations(u.kind, u.location)
}

/// The map's whole vocabulary, in a fixed order, each order once.
pub(crate) fn vocabulary(map: &Map) -> Vec<PossibleOrder> {
    let units = all_units(map);
    let waters = Waters::new(map);
    let reach: Vec<BTreeSet<ProvinceId>> = map
        .province_ids()
        .map(|p| waters.convoy_reach(map, p))
        .collect();
    let mut out = Vec::new();
    for &u in &units {
        unit_orders(map, &units, &waters, &reach, u, &mut out);
    }
    out.push(PossibleOrder::Waive);
    let mut seen = HashSet::new();
    out.retain(|o| seen.insert(*o));
    out
}

/// Every order of one unit, appended to `out`.
fn unit_orders(
    map: &Map,
    units: &[UnitAt],
    waters: &Waters,
    reach: &[BTreeSet<ProvinceId>],
    u: UnitAt,
    out: &mut Vec<PossibleOrder>,
) {
    let p = u.location.province;
    out.push(PossibleOrder::Hold(u));
    let steps = moves(map, u);
    out.extend(steps.iter().map(|&to| PossibleOrder::Move(u, to)));
    if u.kind == UnitKind::Army {
        out.extend(
            reach[p.index()]
                .iter()
                .map(|&to| PossibleOrder::MoveVia(u, to)),
        );
    }
    let targets: BTreeSet<ProvinceId> = steps.iter().map(|l| l.province).collect();
    for &v in units.iter().filter(|v| v.location.province != p) {
        let q = v.location.province;
        if targets.contains(&q) {
            out.push(PossibleOrder::SupportHold(u, v));
        }
        let by_convoy = |to: &ProvinceId| v.kind == UnitKind::Army && reach[q.index()].contains(to);
        for &to in targets.iter().filter(|&&to| to != q) {
            if map.can_move(v.kind, v.location, to) || by_convoy(&to) {
                out.push(PossibleOrder::SupportMove(u, v, to));
            }
        }
    }
    if u.kind == UnitKind::Fleet {
        if let Some(c) = waters.component[p.index()] {
            let shore = &waters.shores[c];
            for &from in shore.iter().filter(|&&s| s != p) {
                let army = UnitAt {
                    kind: UnitKind::Army,
                    location: Location::province(from),
                };
                for &to in shore.iter().filter(|&&s| s != from && s != p) {
                    out.push(PossibleOrder::Convoy(u, army, to));
                }
            }
        }
    }
    out.extend(steps.iter().map(|&to| PossibleOrder::Retreat(u, to)));
    out.push(PossibleOrder::Disband(u));
    if map.province(p).supply_centre {
        out.push(PossibleOrder::Build(u));
    }
}

/// Every order of a map (built-in name or file path), as MILA writes them, in the
/// vocabulary's order: an order's index in this list is its number.
#[pyo3::pyfunction]
#[pyo3(signature = (map = "standard"))]
pub(crate) fn order_vocabulary(py: pyo3::Python<'_>, map: &str) -> pyo3::PyResult<Vec<String>> {
    let (map, _) = crate::load_map(map)?;
    Ok(py.detach(|| vocabulary(&map).iter().map(|o| o.text(&map)).collect()))
}
