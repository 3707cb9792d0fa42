//! Possible orders of a retreat phase: each dislodged unit's retreats (the engine's retreat
//! options) and its disband.

use diplo_engine::Position;
use diplo_map::Map;
use diplo_rules::Ruleset;

use super::{location_key, Possible, PossibleOrder, UnitAt};

pub(super) fn retreats(map: &Map, rules: &Ruleset, pos: &Position) -> Vec<Possible> {
    let mut out = Vec::new();
    for r in &diplo_engine::pending_retreat_options(map, rules, pos) {
        let u = r.dislodged.unit;
        if map.power(u.power).neutral {
            continue;
        }
        let me = UnitAt::of(&u);
        let mut options = r.options.to_vec();
        options.sort_by_cached_key(|&to| location_key(map, to));
        let mut orders: Vec<PossibleOrder> = options
            .iter()
            .map(|&to| PossibleOrder::Retreat(me, to))
            .collect();
        orders.push(PossibleOrder::Disband(me));
        out.push(Possible {
            province: u.location.province,
            power: u.power,
            orders,
        });
    }
    out
}
