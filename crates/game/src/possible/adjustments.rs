//! Possible orders of an adjustment phase: a removal for each unit of a power with too many,
//! and for a power with builds, every build the engine accepts in its empty owned centres, with
//! `WAIVE`.

use diplo_engine::{AdjustmentCheck, Position};
use diplo_map::{Location, Map, PowerId, ProvinceId, UnitKind};
use diplo_orders::Order;
use diplo_rules::Ruleset;

use super::{Possible, PossibleCache, PossibleOrder, UnitAt};

/// The fleet nodes of a province: each coast, or the province itself.
fn fleet_nodes(map: &Map, p: ProvinceId) -> impl Iterator<Item = Location> {
    let n = map.province(p).coasts.len() as u8;
    let single = (n == 0).then(|| Location::province(p));
    single
        .into_iter()
        .chain((0..n).map(move |c| Location::coast(p, c)))
}

pub(super) fn adjustments(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    cache: &mut PossibleCache,
) -> Vec<Possible> {
    let mut out = std::mem::take(&mut cache.spare_out);
    let mut occupied = std::mem::take(&mut cache.occupied);
    occupied.clear();
    occupied.resize(map.provinces().len(), false);
    for u in &pos.units {
        occupied[u.location.province.index()] = true;
    }
    let checks = AdjustmentCheck::all(map, rules, pos);
    for check in checks.iter().filter(|c| !map.power(c.power()).neutral) {
        let (power, delta) = (check.power(), check.allowance());
        if delta < 0 {
            for u in pos.units.iter().filter(|u| u.power == power) {
                let mut orders = cache.orders();
                orders.push(PossibleOrder::Disband(UnitAt::of(u)));
                out.push(Possible {
                    province: u.location.province,
                    power,
                    orders,
                });
            }
        } else if delta > 0 {
            builds(map, pos, check, power, &occupied, cache, &mut out);
        }
    }
    cache.occupied = occupied;
    out
}

/// Every build the engine accepts for `power`, by location, each list ending in `WAIVE`;
/// `occupied`: a mark per province with a unit.
fn builds(
    map: &Map,
    pos: &Position,
    check: &AdjustmentCheck,
    power: PowerId,
    occupied: &[bool],
    cache: &mut PossibleCache,
    out: &mut Vec<Possible>,
) {
    let owned = map
        .province_ids()
        .filter(|&p| pos.owners[p.index()] == Some(power) && !occupied[p.index()]);
    for p in owned {
        let army = UnitAt {
            kind: UnitKind::Army,
            location: Location::province(p),
        };
        let fleets = fleet_nodes(map, p).map(|location| UnitAt {
            kind: UnitKind::Fleet,
            location,
        });
        let mut orders = cache.orders();
        let legal = std::iter::once(army).chain(fleets).filter(|u| {
            let order = Order::Build { unit: u.unit_ref() };
            check.is_legal(&order)
        });
        orders.extend(legal.map(PossibleOrder::Build));
        if orders.is_empty() {
            cache.spare.push(orders);
            continue;
        }
        orders.push(PossibleOrder::Waive);
        out.push(Possible {
            province: p,
            power,
            orders,
        });
    }
}
