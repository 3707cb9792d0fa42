//! Every order each unit may be given in the current phase, for bots and reinforcement learning
//! (the Python package's `get_all_possible_orders`), written in the MILA notation diplo reads:
//! `A PAR H`, `A PAR - BUR`, `A LON - NWY VIA`, `A PAR S A MAR - BUR`, `A PAR S A BUR`,
//! `F NTH C A LON - NWY`, `A PAR R BUR`, `A PAR D`, `A PAR B`, `F STP/NC B`, `WAIVE`.
//!
//! Movement orders are built from the map (adjacency, closed borders and provinces, difficult
//! borders over which no support is given, convoy routes through the fleets on the board; each
//! convoy order is also put to the engine, whose convoy-route rule is subtler);
//! retreats come from the engine's retreat options; builds are the engine's own legality check
//! applied to every empty owned centre. A test checks every generated order against the engine.

use std::collections::BTreeMap;

use diplo_engine::{adjudicate, PhaseKind, Position, Resolution, Unit};
use diplo_map::{Location, Map, PowerId, ProvinceId, Terrain, UnitKind};
use diplo_orders::parse_order;
use diplo_rules::Ruleset;

/// The orders possible for one location: who may order there, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PossibleAt {
    /// The power that orders here.
    pub power: PowerId,
    /// The orders, in a stable order.
    pub orders: Vec<String>,
}

/// Every orderable location of the phase (upper-case short province names, `STP` also for a
/// fleet on a coast, as MILA's `get_orderable_locations` gives them), with the orders possible
/// there.
pub fn possible_orders(map: &Map, rules: &Ruleset, pos: &Position) -> BTreeMap<String, PossibleAt> {
    match pos.phase.kind {
        PhaseKind::Movement => movement(map, rules, pos),
        PhaseKind::Retreat => retreats(map, rules, pos),
        PhaseKind::Adjustment => adjustments(map, rules, pos),
    }
}

/// The orderable locations of the phase and who orders there, without listing the orders:
/// units in a movement phase, dislodged units in a retreat phase, units to remove and centres to
/// build in (legal builds only) in an adjustment phase. The keys of [`possible_orders`].
pub fn orderable_locations(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
) -> BTreeMap<String, PowerId> {
    match pos.phase.kind {
        PhaseKind::Movement => pos
            .units
            .iter()
            .map(|u| (pname(map, u.location.province), u.power))
            .collect(),
        PhaseKind::Retreat => pos
            .dislodged
            .iter()
            .map(|d| (pname(map, d.unit.location.province), d.unit.power))
            .collect(),
        PhaseKind::Adjustment => adjustments(map, rules, pos)
            .into_iter()
            .map(|(k, v)| (k, v.power))
            .collect(),
    }
}

/// A location as MILA writes it: `PAR`, `STP/NC`.
pub fn location_key(map: &Map, loc: Location) -> String {
    map.location_name(loc).to_uppercase()
}

fn unit_text(map: &Map, u: &Unit) -> String {
    format!("{} {}", u.kind.letter(), location_key(map, u.location))
}

fn pname(map: &Map, p: ProvinceId) -> String {
    map.province(p).name.to_uppercase()
}

/// The fleet nodes of a province: each coast, or the province itself.
fn fleet_nodes(map: &Map, p: ProvinceId) -> Vec<Location> {
    let n = map.province(p).coasts.len();
    if n == 0 {
        vec![Location::province(p)]
    } else {
        (0..n as u8).map(|c| Location::coast(p, c)).collect()
    }
}

/// Where a unit may move this season, as locations (a fleet's with their coast).
fn moves(map: &Map, pos: &Position, u: &Unit) -> Vec<Location> {
    let from = u.location.province;
    let season = pos.phase.season;
    let open = |to: ProvinceId| !map.is_closed(u.kind, from, to, season);
    match u.kind {
        UnitKind::Army => map
            .army_neighbours(from)
            .iter()
            .copied()
            .filter(|&to| open(to))
            .map(Location::province)
            .collect(),
        UnitKind::Fleet => map
            .fleet_neighbours(u.location)
            .iter()
            .copied()
            .filter(|to| open(to.province))
            .collect(),
    }
}

/// The provinces a unit could support into: where it could move, less the difficult borders.
fn support_reach(map: &Map, pos: &Position, u: &Unit) -> Vec<ProvinceId> {
    let from = u.location.province;
    let mut out: Vec<ProvinceId> = moves(map, pos, u)
        .into_iter()
        .map(|l| l.province)
        .filter(|&to| !map.is_difficult(u.kind, from, to))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// For an army on a coast: the seas (with a convoying fleet in them) it can be carried through,
/// and the coastal provinces it can reach by them.
struct ConvoyReach {
    fleets: Vec<ProvinceId>,
    destinations: Vec<ProvinceId>,
}

fn convoy_reach(
    map: &Map,
    pos: &Position,
    army: &Unit,
    without: Option<ProvinceId>,
) -> ConvoyReach {
    let origin = army.location.province;
    let mut reach = ConvoyReach {
        fleets: Vec::new(),
        destinations: Vec::new(),
    };
    if map.province(origin).terrain != Terrain::Coast {
        return reach;
    }
    let convoying = |p: ProvinceId| {
        Some(p) != without
            && map.can_convoy_through(p)
            && pos.unit_in(p).is_some_and(|f| f.kind == UnitKind::Fleet)
            && !map.province_closed(p, pos.phase.season)
    };
    let mut seen = vec![false; map.provinces().len()];
    let mut queue: Vec<ProvinceId> = Vec::new();
    let mut visit = |p: ProvinceId, queue: &mut Vec<ProvinceId>| {
        for loc in fleet_nodes(map, p) {
            for n in map.fleet_neighbours(loc) {
                let q = n.province;
                if !seen[q.index()] && convoying(q) {
                    seen[q.index()] = true;
                    queue.push(q);
                }
            }
        }
    };
    visit(origin, &mut queue);
    while let Some(sea) = queue.pop() {
        reach.fleets.push(sea);
        visit(sea, &mut queue);
        for n in map.fleet_neighbours(Location::province(sea)) {
            let d = n.province;
            if d != origin
                && map.province(d).terrain == Terrain::Coast
                && !reach.destinations.contains(&d)
            {
                reach.destinations.push(d);
            }
        }
    }
    reach.fleets.sort();
    reach.destinations.sort();
    reach
}

/// What each unit of a movement phase can do, worked out once: its name in orders, where it
/// moves, where it could support, where it could be convoyed.
struct Reach {
    text: String,
    moves: Vec<Location>,
    /// Provinces of `moves`, sorted.
    move_provinces: Vec<ProvinceId>,
    support: Vec<ProvinceId>,
    convoy: ConvoyReach,
}

fn reaches(map: &Map, pos: &Position) -> Vec<Reach> {
    pos.units
        .iter()
        .map(|u| {
            let moves = moves(map, pos, u);
            let mut move_provinces: Vec<ProvinceId> = moves.iter().map(|l| l.province).collect();
            move_provinces.sort();
            move_provinces.dedup();
            let convoy = match u.kind {
                UnitKind::Army => convoy_reach(map, pos, u, None),
                UnitKind::Fleet => ConvoyReach {
                    fleets: Vec::new(),
                    destinations: Vec::new(),
                },
            };
            Reach {
                text: unit_text(map, u),
                support: support_reach(map, pos, u),
                moves,
                move_provinces,
                convoy,
            }
        })
        .collect()
}

fn movement(map: &Map, rules: &Ruleset, pos: &Position) -> BTreeMap<String, PossibleAt> {
    let all = reaches(map, pos);
    let upper: Vec<String> = map
        .provinces()
        .iter()
        .map(|p| p.name.to_uppercase())
        .collect();
    let mut out = BTreeMap::new();
    for (i, u) in pos.units.iter().enumerate() {
        let me = &all[i];
        let mut orders = vec![format!("{} H", me.text)];
        for &to in &me.moves {
            orders.push(format!("{} - {}", me.text, location_key(map, to)));
        }
        for &d in &me.convoy.destinations {
            orders.push(format!("{} - {} VIA", me.text, upper[d.index()]));
        }
        supports(map, pos, i, &all, &upper, &mut orders);
        convoy_orders(map, rules, pos, i, &all, &upper, &mut orders);
        out.insert(
            pname(map, u.location.province),
            PossibleAt {
                power: u.power,
                orders,
            },
        );
    }
    out
}

/// Supports to hold for the units in reach, and to move for every move that ends in reach.
fn supports(
    map: &Map,
    pos: &Position,
    i: usize,
    all: &[Reach],
    upper: &[String],
    orders: &mut Vec<String>,
) {
    let (u, me) = (&pos.units[i], &all[i]);
    let own = u.location.province;
    for (j, v) in pos.units.iter().enumerate() {
        if j == i {
            continue;
        }
        let them = &all[j].text;
        if me.support.binary_search(&v.location.province).is_ok() {
            orders.push(format!("{} S {them}", me.text));
        }
        // A fleet cannot support a convoyed move whose only route goes through itself.
        let rerouted;
        let by_convoy = if all[j].convoy.fleets.binary_search(&own).is_ok() {
            rerouted = convoy_reach(map, pos, v, Some(own));
            &rerouted.destinations
        } else {
            &all[j].convoy.destinations
        };
        let mut targets: Vec<ProvinceId> = all[j]
            .move_provinces
            .iter()
            .chain(by_convoy)
            .copied()
            .filter(|d| me.support.binary_search(d).is_ok())
            .collect();
        targets.sort();
        targets.dedup();
        for d in targets {
            orders.push(format!("{} S {them} - {}", me.text, upper[d.index()]));
        }
    }
}

/// A fleet that can convoy: every army move with a convoy route through it that the engine
/// accepts (a route with no shortcut, DATC 4.A.2's reading of what a convoy route is).
fn convoy_orders(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    i: usize,
    all: &[Reach],
    upper: &[String],
    orders: &mut Vec<String>,
) {
    let u = &pos.units[i];
    if u.kind != UnitKind::Fleet || !map.can_convoy_through(u.location.province) {
        return;
    }
    for (j, v) in pos.units.iter().enumerate() {
        let reach = &all[j].convoy;
        if v.kind != UnitKind::Army || reach.fleets.binary_search(&u.location.province).is_err() {
            continue;
        }
        for &d in &reach.destinations {
            let order = format!("{} C {} - {}", all[i].text, all[j].text, upper[d.index()]);
            if is_legal(map, rules, pos, u.power, &order) {
                orders.push(order);
            }
        }
    }
}

fn retreats(map: &Map, rules: &Ruleset, pos: &Position) -> BTreeMap<String, PossibleAt> {
    let mut out = BTreeMap::new();
    for r in diplo_engine::pending_retreat_options(map, rules, pos) {
        let u = r.dislodged.unit;
        let me = unit_text(map, &u);
        let mut orders: Vec<String> = r
            .options
            .iter()
            .map(|&to| format!("{me} R {}", location_key(map, to)))
            .collect();
        orders.sort();
        orders.push(format!("{me} D"));
        out.insert(
            pname(map, u.location.province),
            PossibleAt {
                power: u.power,
                orders,
            },
        );
    }
    out
}

fn adjustments(map: &Map, rules: &Ruleset, pos: &Position) -> BTreeMap<String, PossibleAt> {
    let mut out = BTreeMap::new();
    for power in map.power_ids() {
        let delta = pos.counted_centres(map, power) as i64 - pos.unit_count(power) as i64;
        if delta < 0 {
            for u in pos.units.iter().filter(|u| u.power == power) {
                let orders = vec![format!("{} D", unit_text(map, u))];
                out.insert(
                    pname(map, u.location.province),
                    PossibleAt { power, orders },
                );
            }
        } else if delta > 0 {
            builds(map, rules, pos, power, &mut out);
        }
    }
    out
}

/// Every build the engine accepts for `power`, by location, each list ending in `WAIVE`.
fn builds(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    power: PowerId,
    out: &mut BTreeMap<String, PossibleAt>,
) {
    let owned = map
        .province_ids()
        .filter(|&p| pos.owners[p.index()] == Some(power) && pos.unit_in(p).is_none());
    for p in owned {
        let mut orders = Vec::new();
        let mut candidates = vec![format!("A {} B", pname(map, p))];
        for loc in fleet_nodes(map, p) {
            candidates.push(format!("F {} B", location_key(map, loc)));
        }
        for c in candidates {
            if is_legal(map, rules, pos, power, &c) {
                orders.push(c);
            }
        }
        if !orders.is_empty() {
            orders.push("WAIVE".into());
            out.insert(pname(map, p), PossibleAt { power, orders });
        }
    }
}

/// Whether the engine takes `text`, given alone by `power`, as a legal order.
pub fn is_legal(map: &Map, rules: &Ruleset, pos: &Position, power: PowerId, text: &str) -> bool {
    let Ok((_, order)) = parse_order(map, text) else {
        return false;
    };
    let adj = adjudicate(map, rules, pos, &[(power, order)]);
    adj.results
        .first()
        .is_some_and(|r| r.resolution != Resolution::Illegal)
}
