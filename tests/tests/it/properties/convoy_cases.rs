//! The oracle (`diplo_tests::oracle`, the DATC's guess algorithm by brute force) against the engine, on small positions around a sea of the standard map where convoys, attacks on convoying fleets and their supports are likely, under every shipped ruleset.

use diplo_engine::{adjudicate, Position, Resolution, Unit};
use diplo_map::{Location, Map, PowerId, ProvinceId, Terrain, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, UnitRef, WrittenCoast};
use diplo_rules::Ruleset;
use diplo_tests::oracle::Verdict;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::inputs::*;

/// A small position around a sea: where the units stand (a selector into the region, a power
/// of three, fleet or army on a coast), and one order spec per unit: `(what, a, b)`.
#[derive(Clone, Debug)]
pub(super) struct ConvoyCase {
    pub(super) start: u16,
    pub(super) units: Vec<(u16, u8, u8)>,
    pub(super) orders: Vec<(u8, u16, u16)>,
}

pub(super) fn convoy_case() -> impl Strategy<Value = ConvoyCase> {
    (
        any::<u16>(),
        vec((any::<u16>(), 0u8..3, 0u8..3), 3..=12),
        vec((any::<u8>(), any::<u16>(), any::<u16>()), 12),
    )
        .prop_map(|(start, units, orders)| ConvoyCase {
            start,
            units,
            orders,
        })
}

/// Up to 12 provinces around a sea, breadth first (multi-coast provinces included: fleets
/// stand on one of their coasts, move to a coast they can reach, and are supported to the
/// province).
pub(super) fn sea_region(map: &Map, start: u16) -> Vec<ProvinceId> {
    let seas: Vec<ProvinceId> = map
        .province_ids()
        .filter(|&p| map.province(p).terrain == Terrain::Sea)
        .collect();
    let ok = |p: ProvinceId| map.province(p).terrain != Terrain::Impassable;
    let mut out = vec![seas[start as usize % seas.len()]];
    let mut next = 0;
    while next < out.len() && out.len() < 12 {
        for q in neighbours(map, out[next]) {
            if ok(q) && !out.contains(&q) && out.len() < 12 {
                out.push(q);
            }
        }
        next += 1;
    }
    out
}

/// What a generated unit is ordered to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Plan {
    Hold,
    Move(ProvinceId),
    SupportHold(usize),
    SupportMove(usize, ProvinceId),
    Convoy(usize, ProvinceId),
}

/// Whether unit `u` can move to `q` directly (a fleet to some coast of it).
pub(super) fn can_reach(map: &Map, u: &Unit, q: ProvinceId) -> bool {
    let p = u.location.province;
    match u.kind {
        UnitKind::Army => map.army_adjacent(p, q),
        UnitKind::Fleet => map.fleet_can_reach(u.location, q),
    }
}

/// A move's destination as written: for a fleet into a multi-coast province, the first coast
/// of it the fleet can reach.
pub(super) fn move_place(map: &Map, u: &Unit, q: ProvinceId) -> Place {
    let coast = match u.kind {
        UnitKind::Fleet if map.province(q).is_multi_coast() => map
            .fleet_neighbours(u.location)
            .iter()
            .find(|l| l.province == q)
            .and_then(|l| l.coast),
        _ => None,
    };
    Place {
        province: q,
        coast: coast.map(WrittenCoast::Known),
    }
}

/// Every route (fleet indices in order) by which the fleets `free` can carry the army `a` to a
/// coast it does not border, with the destination.
pub(super) fn convoy_routes(
    map: &Map,
    units: &[Unit],
    a: usize,
    free: &[usize],
) -> Vec<(ProvinceId, Vec<usize>)> {
    fn walk(
        map: &Map,
        units: &[Unit],
        a: usize,
        free: &[usize],
        route: &mut Vec<usize>,
        out: &mut Vec<(ProvinceId, Vec<usize>)>,
    ) {
        let from = units[a].location.province;
        let reach = |f: usize, q: ProvinceId| map.fleet_can_reach(units[f].location, q);
        if let Some((&last, earlier)) = route.split_last() {
            for &q in map.fleet_neighbours(units[last].location) {
                let q = q.province;
                let coast = map.province(q).terrain == Terrain::Coast;
                let proper = earlier.iter().all(|&e| !reach(e, q));
                if coast && proper && q != from && !map.army_adjacent(from, q) {
                    out.push((q, route.clone()));
                }
            }
        }
        for &f in free {
            let sea = units[f].location;
            // A proper route (DATC 4.E.1): no shortcut from the army or an earlier fleet.
            let next = match route.split_last() {
                None => reach(f, from),
                Some((&l, earlier)) => {
                    reach(l, sea.province)
                        && !reach(f, from)
                        && earlier.iter().all(|&e| !reach(e, sea.province))
                }
            };
            if next && !route.contains(&f) && route.len() < 4 {
                route.push(f);
                walk(map, units, a, free, route, out);
                route.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(map, units, a, free, &mut Vec::new(), &mut out);
    out
}

/// The units of a convoy case.
pub(super) fn place_units(map: &Map, region: &[ProvinceId], case: &ConvoyCase) -> Vec<Unit> {
    let mut units: Vec<Unit> = Vec::new();
    for &(sel, power, fleet) in &case.units {
        let p = region[sel as usize % region.len()];
        if units.iter().any(|u| u.location.province == p) {
            continue;
        }
        let kind = match map.province(p).terrain {
            Terrain::Sea => UnitKind::Fleet,
            Terrain::Coast if fleet != 0 => UnitKind::Fleet,
            _ => UnitKind::Army,
        };
        let coasts = locations(map, p);
        let location = match kind {
            UnitKind::Fleet => coasts[usize::from(fleet + power) % coasts.len()],
            UnitKind::Army => Location::province(p),
        };
        units.push(Unit {
            power: PowerId(power),
            kind,
            location,
        });
    }
    units
}

/// Convoyed moves: an army on a coast with `what % 4 != 3` takes a route of fleets at sea
/// (`b % 3 == 0`: every route to that destination, a multi-route convoy).
pub(super) fn plan_convoys(
    map: &Map,
    units: &[Unit],
    case: &ConvoyCase,
    plans: &mut [Option<Plan>],
) {
    for a in 0..units.len() {
        let (what, sel, b) = case.orders[a];
        if units[a].kind != UnitKind::Army || what % 4 == 3 || plans[a].is_some() {
            continue;
        }
        let free: Vec<usize> = (0..units.len())
            .filter(|&f| plans[f].is_none() && units[f].kind == UnitKind::Fleet)
            .filter(|&f| map.province(units[f].location.province).terrain == Terrain::Sea)
            .collect();
        let routes = convoy_routes(map, units, a, &free);
        if routes.is_empty() {
            continue;
        }
        // Mostly onto an occupied coast, where a paradox can arise (DATC 6.F.14 ff.).
        let occupied: Vec<(ProvinceId, Vec<usize>)> = routes
            .iter()
            .filter(|r| units.iter().any(|u| u.location.province == r.0))
            .cloned()
            .collect();
        let routes = if b % 2 == 0 && !occupied.is_empty() {
            occupied
        } else {
            routes
        };
        let (to, route) = routes[sel as usize % routes.len()].clone();
        let fleets: Vec<usize> = if b % 3 == 0 {
            routes
                .iter()
                .filter(|r| r.0 == to)
                .flat_map(|r| r.1.clone())
                .collect()
        } else {
            route
        };
        plans[a] = Some(Plan::Move(to));
        for f in fleets {
            plans[f] = Some(Plan::Convoy(a, to));
        }
    }
}

/// Armies ordered to a coast they do not border with no convoy (`what % 8 == 3`, `b / 8` even):
/// near ones (`b % 3 == 0`: within two seas, where fleets may stand) and any coast of the map
/// (mostly reachable only through empty seas), so that the 4.E.1 legality of a convoyed move
/// without convoys is compared (a chain of seas with fleets, or none).
pub(super) fn plan_distant(
    map: &Map,
    units: &[Unit],
    case: &ConvoyCase,
    plans: &mut [Option<Plan>],
) {
    let coasts: Vec<ProvinceId> = map
        .province_ids()
        .filter(|&p| map.province(p).terrain == Terrain::Coast)
        .filter(|&p| !map.province(p).is_multi_coast())
        .collect();
    for a in 0..units.len() {
        let (what, sel, b) = case.orders[a];
        if units[a].kind != UnitKind::Army || what % 8 != 3 || (b / 8) % 2 != 0 {
            continue;
        }
        if plans[a].is_some() {
            continue;
        }
        let from = units[a].location.province;
        let far = |q: &ProvinceId| *q != from && !map.army_adjacent(from, *q);
        let near: Vec<ProvinceId> = neighbours(map, from)
            .into_iter()
            .filter(|&s| map.province(s).terrain == Terrain::Sea)
            .flat_map(|s| {
                let mut out = neighbours(map, s);
                for t in neighbours(map, s) {
                    if map.province(t).terrain == Terrain::Sea {
                        out.extend(neighbours(map, t));
                    }
                }
                out
            })
            .filter(|q| coasts.contains(q) && far(q))
            .collect();
        let pick = if b % 3 == 0 && !near.is_empty() {
            near
        } else {
            coasts.iter().copied().filter(far).collect()
        };
        plans[a] = Some(Plan::Move(pick[sel as usize % pick.len()]));
    }
}

/// Moves and holds: `what % 8` 0 hold, 1-3 move (`b` even: onto a convoying fleet if one is
/// next door), 4-7 decided later (supports, invalid convoys).
pub(super) fn plan_moves(map: &Map, units: &[Unit], case: &ConvoyCase, plans: &mut [Option<Plan>]) {
    let convoying: Vec<ProvinceId> = (0..units.len())
        .filter(|&f| matches!(plans[f], Some(Plan::Convoy(..))))
        .map(|f| units[f].location.province)
        .collect();
    let destinations: Vec<ProvinceId> = plans
        .iter()
        .filter_map(|p| match p {
            Some(Plan::Convoy(_, to)) => Some(*to),
            _ => None,
        })
        .collect();
    for i in 0..units.len() {
        let (what, a, b) = case.orders[i];
        let at = units[i].location.province;
        // Units at a convoy's destination are mostly left to `paradox_support`; units next to
        // a convoying fleet mostly attack it.
        let keep = destinations.contains(&at) && b % 4 != 3;
        let attack = b % 2 == 0 && what % 8 != 7;
        if plans[i].is_some() || keep || (what % 8 >= 4 && !attack) {
            continue;
        }
        let targets: Vec<ProvinceId> = neighbours(map, units[i].location.province)
            .into_iter()
            .filter(|&q| can_reach(map, &units[i], q))
            .collect();
        let onto: Vec<ProvinceId> = targets
            .iter()
            .copied()
            .filter(|q| convoying.contains(q))
            .collect();
        let pick = if b % 2 == 0 && !onto.is_empty() {
            onto
        } else {
            targets
        };
        if what % 8 >= 4 && (pick.is_empty() || !convoying.contains(&pick[0])) {
            continue;
        }
        plans[i] = Some(match (what % 8, pick.len()) {
            (0, _) | (_, 0) => Plan::Hold,
            _ => Plan::Move(pick[a as usize % pick.len()]),
        });
    }
}

/// Supports (`what % 8` 4 of a hold, 5-6 of a move: mostly one into a convoying fleet or a
/// convoyed one; `b % 7 == 1` one that was not ordered) and invalid convoys (7, fleets at sea).
pub(super) fn plan_rest(map: &Map, units: &[Unit], case: &ConvoyCase, plans: &mut [Option<Plan>]) {
    // Moves by convoy that no convoy order serves (`plan_distant`) are supported now and then
    // (the army's `b` even: all of them, as `plan_distant` takes only those): whether such a support is legal, and whether it is given, is
    // a 4.E.1 question (6.D.31, DPTG XII and VIII Steps 1 and 3).
    let served = |j: usize, q: ProvinceId| {
        units[j].kind == UnitKind::Fleet
            || map.army_adjacent(units[j].location.province, q)
            || plans.contains(&Some(Plan::Convoy(j, q)))
            || case.orders[j].2.is_multiple_of(2)
    };
    let moves: Vec<(usize, ProvinceId)> = (0..units.len())
        .filter_map(|j| match plans[j] {
            Some(Plan::Move(q)) if served(j, q) => Some((j, q)),
            _ => None,
        })
        .collect();
    let convoying_at: Vec<ProvinceId> = (0..units.len())
        .filter(|&f| matches!(plans[f], Some(Plan::Convoy(..))))
        .map(|f| units[f].location.province)
        .collect();
    let convoying = |q: ProvinceId| convoying_at.contains(&q);
    for i in 0..units.len() {
        if plans[i].is_some() {
            continue;
        }
        let (what, a, b) = case.orders[i];
        let at = units[i].location.province;
        if b % 4 != 3 {
            if let Some(plan) = paradox_support(map, units, i, a, plans) {
                plans[i] = Some(plan);
                continue;
            }
        }
        let plan = match what % 8 {
            4 => {
                let near: Vec<usize> = (0..units.len())
                    .filter(|&j| j != i && can_reach(map, &units[i], units[j].location.province))
                    .collect();
                (!near.is_empty()).then(|| Plan::SupportHold(near[a as usize % near.len()]))
            }
            5 | 6 if b % 7 == 1 => {
                let wrong: Vec<(usize, ProvinceId)> = (0..units.len())
                    .filter(|&j| j != i)
                    .flat_map(|j| {
                        neighbours(map, units[j].location.province)
                            .into_iter()
                            .map(move |q| (j, q))
                    })
                    .filter(|&(j, q)| {
                        q != at && can_reach(map, &units[j], q) && can_reach(map, &units[i], q)
                    })
                    .filter(|&(j, q)| plans[j] != Some(Plan::Move(q)))
                    .collect();
                (!wrong.is_empty()).then(|| {
                    let (j, q) = wrong[a as usize % wrong.len()];
                    Plan::SupportMove(j, q)
                })
            }
            5 | 6 => {
                let all: Vec<(usize, ProvinceId)> = moves
                    .iter()
                    .copied()
                    .filter(|&(j, q)| j != i && q != at && can_reach(map, &units[i], q))
                    .collect();
                let sharp: Vec<(usize, ProvinceId)> = all
                    .iter()
                    .copied()
                    .filter(|&(j, q)| {
                        convoying(q)
                            || !map.army_adjacent(units[j].location.province, q)
                                && units[j].kind == UnitKind::Army
                    })
                    .collect();
                let pick = if b % 2 == 0 && !sharp.is_empty() {
                    sharp
                } else {
                    all
                };
                (!pick.is_empty()).then(|| {
                    let (j, q) = pick[a as usize % pick.len()];
                    Plan::SupportMove(j, q)
                })
            }
            _ => invalid_convoy(map, units, i, a, plans),
        };
        plans[i] = Some(plan.unwrap_or(Plan::Hold));
    }
}

/// Circular movement (DATC 6.C): three unplanned units that can each move into the next one's
/// province are ordered round (the `case.start`-th such ring).
pub(super) fn plan_rotation(
    map: &Map,
    units: &[Unit],
    case: &ConvoyCase,
    plans: &mut [Option<Plan>],
) {
    let n = units.len();
    let next = |i: usize, j: usize| {
        i != j && plans[i].is_none() && can_reach(map, &units[i], units[j].location.province)
    };
    let rings: Vec<[usize; 3]> = (0..n)
        .flat_map(|i| (0..n).flat_map(move |j| (0..n).map(move |k| [i, j, k])))
        .filter(|&[i, j, k]| i < j && i < k && next(i, j) && next(j, k) && next(k, i))
        .collect();
    if rings.is_empty() {
        return;
    }
    let ring = rings[case.start as usize / 3 % rings.len()];
    for (a, b) in [(0, 1), (1, 2), (2, 0)] {
        plans[ring[a]] = Some(Plan::Move(units[ring[b]].location.province));
    }
}

/// The paradox shapes of DATC 6.F.14 and 6.F.18: the unit `i` at the destination of another
/// power's convoyed army supports a move into one of that army's convoying fleets, or (the
/// betrayal paradox) supports such a fleet to hold.
pub(super) fn paradox_support(
    map: &Map,
    units: &[Unit],
    i: usize,
    a: u16,
    plans: &[Option<Plan>],
) -> Option<Plan> {
    let at = units[i].location.province;
    let fleets: Vec<usize> = (0..units.len())
        .filter(|&f| match plans[f] {
            Some(Plan::Convoy(army, to)) => to == at && units[army].power != units[i].power,
            _ => false,
        })
        .filter(|&f| can_reach(map, &units[i], units[f].location.province))
        .collect();
    let seas: Vec<ProvinceId> = fleets.iter().map(|&f| units[f].location.province).collect();
    let attacks = (0..units.len()).filter_map(|j| match plans[j] {
        Some(Plan::Move(q)) if seas.contains(&q) => Some(Plan::SupportMove(j, q)),
        _ => None,
    });
    let holds = fleets.iter().map(|&f| Plan::SupportHold(f));
    let options: Vec<Plan> = attacks.chain(holds).collect();
    (!options.is_empty()).then(|| options[a as usize % options.len()])
}

/// A convoy by the fleet at sea `i` of an army next to it to a coast next to it that the army
/// does not border, where the army is not ordered there.
pub(super) fn invalid_convoy(
    map: &Map,
    units: &[Unit],
    i: usize,
    a: u16,
    plans: &[Option<Plan>],
) -> Option<Plan> {
    let sea = units[i].location;
    if units[i].kind != UnitKind::Fleet || map.province(sea.province).terrain != Terrain::Sea {
        return None;
    }
    let options: Vec<(usize, ProvinceId)> = (0..units.len())
        .filter(|&j| {
            units[j].kind == UnitKind::Army && map.fleet_can_reach(sea, units[j].location.province)
        })
        .flat_map(|j| {
            map.fleet_neighbours(sea)
                .iter()
                .map(move |l| (j, l.province))
        })
        .filter(|&(j, q)| {
            let from = units[j].location.province;
            map.province(q).terrain == Terrain::Coast && q != from && !map.army_adjacent(from, q)
        })
        .filter(|&(j, q)| plans[j] != Some(Plan::Move(q)))
        .collect();
    (!options.is_empty()).then(|| {
        let (j, q) = options[a as usize % options.len()];
        Plan::Convoy(j, q)
    })
}

/// The position and orders of a convoy case on `map` (every unit ordered).
pub(super) fn build_convoy_case(map: &Map, case: &ConvoyCase) -> (Position, Vec<(PowerId, Order)>) {
    let region = sea_region(map, case.start);
    let units = place_units(map, &region, case);
    let mut plans = vec![None; units.len()];
    plan_convoys(map, &units, case, &mut plans);
    plan_distant(map, &units, case, &mut plans);
    if case.start.is_multiple_of(3) {
        plan_rotation(map, &units, case, &mut plans);
    }
    plan_moves(map, &units, case, &mut plans);
    plan_rest(map, &units, case, &mut plans);
    let mut pos = Position::initial(map);
    pos.units = units.clone();
    pos.owners.iter_mut().for_each(|o| *o = None);
    let me = |u: &Unit| UnitRef {
        kind: Some(u.kind),
        place: Place::new(u.location.province),
    };
    let other = |u: &Unit| OtherUnit {
        power: None,
        kind: Some(u.kind),
        place: Place::new(u.location.province),
    };
    let orders = units
        .iter()
        .zip(&plans)
        .map(|(u, plan)| {
            let unit = me(u);
            let order = match plan.expect("every unit is planned") {
                Plan::Hold => Order::Hold { unit },
                Plan::Move(q) => Order::Move {
                    unit,
                    to: move_place(map, u, q),
                    via_convoy: false,
                    path: Vec::new(),
                },
                Plan::SupportHold(j) => Order::SupportHold {
                    unit,
                    supported: other(&units[j]),
                },
                Plan::SupportMove(j, q) => Order::SupportMove {
                    unit,
                    supported: other(&units[j]),
                    to: Place::new(q),
                },
                Plan::Convoy(j, q) => Order::Convoy {
                    unit,
                    army: other(&units[j]),
                    to: Place::new(q),
                },
            };
            (u.power, order)
        })
        .collect();
    (pos, orders)
}

/// What comparing the oracle with the engine on one case and ruleset gave.
pub(super) enum Compared {
    /// Both agree; whether a backup rule (circular movement, paradox) was needed, and whether
    /// one of them was a convoy paradox's.
    Agreed { backup: bool, paradox: bool },
    /// The oracle declines the case, with its reason.
    Skipped(&'static str),
}

/// A case written out for a failure message.
pub(super) fn describe(
    map: &Map,
    pos: &Position,
    orders: &[(PowerId, Order)],
    lines: &[String],
) -> String {
    let units: Vec<String> = pos
        .units
        .iter()
        .map(|u| format!("{} {}", map.power(u.power).name, u.short(map)))
        .collect();
    let mut s = format!("units: {}\n", units.join(", "));
    for ((p, o), line) in orders.iter().zip(lines) {
        s.push_str(&format!(
            "  {}: {}  {line}\n",
            map.power(*p).name,
            o.display(map)
        ));
    }
    s
}

/// Compares the oracle and the engine on one case under one ruleset.
pub(super) fn compare_with_oracle(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
) -> Result<Compared, String> {
    let verdict = diplo_tests::oracle::adjudicate(map, rules, pos, orders);
    let adj = adjudicate(map, rules, pos, orders);
    let o = match verdict {
        Verdict::Resolved(o) => o,
        Verdict::Skipped(why) => return Ok(Compared::Skipped(why)),
    };
    let word =
        |r: Resolution, d: bool| format!("{}{}", r.word(), if d { ", dislodged" } else { "" });
    // Every generated unit has an order, so no dislodged unit is left for the unordered list:
    // one whose order is illegal and ignored (DATC 4.E.1) is reported by that order's result.
    let mut differ = !adj.unordered_dislodged.is_empty();
    let lines: Vec<String> = adj
        .results
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let engine = word(r.resolution, r.tag.is_some());
            let oracle = word(o.resolutions[k], o.dislodged[k]);
            differ |= engine != oracle;
            if engine == oracle {
                engine
            } else {
                format!("engine: {engine} / oracle: {oracle}   <--")
            }
        })
        .collect();
    if differ {
        return Err(format!(
            "ruleset {}: oracle and engine differ\n{}",
            rules.name,
            describe(map, pos, orders, &lines)
        ));
    }
    Ok(Compared::Agreed {
        backup: o.backups > 0,
        paradox: o.paradoxes > 0,
    })
}

/// Tallies per ruleset: cases compared, how many of them needed a backup rule, and the skips.
#[derive(Default)]
pub(super) struct Tally {
    pub(super) compared: usize,
    pub(super) backup: usize,
    pub(super) paradox: usize,
    pub(super) skipped: std::collections::BTreeMap<&'static str, usize>,
}

/// The oracle and the engine agree on random small positions with convoys, under every shipped
/// ruleset. Prints how many cases each ruleset compared and skipped (and why).
#[test]
pub(super) fn oracle_agrees_with_the_engine() {
    use proptest::test_runner::{Config, TestRunner};
    use std::cell::RefCell;
    let map = Map::standard();
    let tallies: RefCell<Vec<Tally>> =
        RefCell::new(rulesets().iter().map(|_| Tally::default()).collect());
    let config = Config {
        cases: ORACLE_CASES,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let coasted = std::cell::Cell::new(0usize);
    let unserved = std::cell::Cell::new(0usize);
    let outcome = runner.run(&convoy_case(), |c| {
        let (pos, orders) = build_convoy_case(&map, &c);
        let on_coast = pos.units.iter().any(|u| u.location.coast.is_some());
        coasted.set(coasted.get() + usize::from(on_coast));
        unserved.set(unserved.get() + usize::from(supports_unserved_convoy(&map, &orders)));
        for (k, rules) in rulesets().iter().enumerate() {
            let mut t = tallies.borrow_mut();
            match compare_with_oracle(&map, rules, &pos, &orders).map_err(TestCaseError::fail)? {
                Compared::Agreed { backup, paradox } => {
                    t[k].compared += 1;
                    t[k].backup += usize::from(backup);
                    t[k].paradox += usize::from(paradox);
                }
                Compared::Skipped(why) => *t[k].skipped.entry(why).or_default() += 1,
            }
        }
        Ok(())
    });
    for (rules, t) in rulesets().iter().zip(tallies.borrow().iter()) {
        let skipped: usize = t.skipped.values().sum();
        println!(
            "{:>14}: {} compared ({} with a backup rule, {} with a convoy paradox), {} skipped {:?}",
            rules.name, t.compared, t.backup, t.paradox, skipped, t.skipped
        );
    }
    println!(
        "{} cases with a fleet on a coast of a multi-coast province",
        coasted.get()
    );
    if let Err(e) = outcome {
        panic!("{e}");
    }
    println!(
        "{} cases with a support of an army's move by convoy no convoy order serves",
        unserved.get()
    );
    assert!(coasted.get() > 0, "no case with a fleet on a split coast");
    assert!(
        unserved.get() > 0,
        "no case supports a move by convoy nobody convoys"
    );
    for (rules, t) in rulesets().iter().zip(tallies.borrow().iter()) {
        let skipped: usize = t.skipped.values().sum();
        assert!(
            skipped == 0,
            "{}: the oracle declined cases {:?}",
            rules.name,
            t.skipped
        );
    }
    // Under the rulebooks' paradox rules (support-cut exemptions) the 6.F.14 shape is no
    // paradox, so only the Szykman rulesets are sure to meet backup rules.
    let datc = rulesets().iter().position(|r| r.name == "datc");
    let backups = datc.map(|k| tallies.borrow()[k].backup).unwrap_or(0);
    assert!(backups > 0, "no case needed a backup rule under datc");
    // The DPTG's and Alexander's paradox rulings are compared, not declined.
    for name in ["dptg", "alexander"] {
        let k = rulesets().iter().position(|r| r.name == name);
        let paradoxes = k.map(|k| tallies.borrow()[k].paradox).unwrap_or(0);
        assert!(paradoxes > 0, "no convoy paradox compared under {name}");
    }
}

/// Whether some order supports an army's move to a province it does not border that no
/// convoy order names (the 4.E.1 readings of 6.D.31 and DPTG VIII Steps 1 and 3 then differ).
pub(super) fn supports_unserved_convoy(map: &Map, orders: &[(PowerId, Order)]) -> bool {
    let convoyed = |from: ProvinceId, to: ProvinceId| {
        orders.iter().any(|(_, o)| {
            matches!(o, Order::Convoy { army, to: t, .. }
                if army.place.province == from && t.province == to)
        })
    };
    orders.iter().any(|(_, o)| match o {
        Order::SupportMove { supported, to, .. } => {
            let from = supported.place.province;
            let army = orders.iter().any(|(_, m)| {
                matches!(m, Order::Move { unit, .. }
                    if unit.place.province == from && unit.kind == Some(UnitKind::Army))
            });
            army && !map.army_adjacent(from, to.province) && !convoyed(from, to.province)
        }
        _ => false,
    })
}

/// Cases of `oracle_agrees_with_the_engine` (each under every shipped ruleset).
pub(super) const ORACLE_CASES: u32 = 4000;
