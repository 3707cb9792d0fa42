//! Effective orders revised in the light of the other orders: two railroad moves on one line
//! (DATC 2.4 7.B.33), the route of an army moving to an adjacent province (DATC 4.A.3), and
//! implicit orders for units without one (DATC 4.E.3).

use diplo_map::{Location, ProvinceId, UnitKind};
use diplo_orders::Place;
use diplo_rules::policies::*;

use super::{Ctx, Eff, Status, NONE};
use crate::reason::{Fact, Text};
use crate::scratch::Pool;

/// DATC 2.4 7.B.33: two railroad moves on one railroad in one turn both hold.
pub(super) fn railroad_two_units(
    cx: &Ctx,
    eff: &mut [Eff],
    order_of: &[u32],
    status: &mut [Status],
) {
    let n = cx.units.len();
    for r in 0..cx.map.railroads().len() {
        let riders: Vec<usize> = (0..n)
            .filter(|&u| matches!(eff[u], Eff::Rail { railroad, .. } if railroad as usize == r))
            .collect();
        if riders.len() < 2 {
            continue;
        }
        match cx.rules.railroad_two_units {
            RailroadTwoUnits::BothHold => {
                for u in riders {
                    eff[u] = Eff::Hold;
                    if order_of[u] == NONE {
                        continue;
                    }
                    status[order_of[u] as usize] = Status::Illegal(Text::new(
                        "several armies are ordered to use the {} this turn: they hold",
                        &[Fact::Railroad(r)],
                    ));
                }
            }
        }
    }
}

/// 4.A.3: the route of armies moving to an adjacent province.
pub(super) fn adjacent_routes(cx: &Ctx, eff: &mut [Eff], pool: &mut Pool) {
    let n = cx.units.len();
    // Which fleets are ordered to convoy each army to its destination (own power, foreign power).
    // (Most phases have no convoys: then neither vector is filled.)
    let any_convoy = eff.iter().any(|e| matches!(e, Eff::Convoy { .. }));
    let size = if any_convoy { n } else { 0 };
    let mut own_convoy = pool.take(size, false);
    let mut foreign_convoy = pool.take(size, false);
    for (f, e) in eff.iter().enumerate() {
        if let Eff::Convoy { army, to } = *e {
            let a = army as usize;
            if matches!(eff[a], Eff::Move { to: mto, .. } if mto.province == to) {
                if cx.units[f].power == cx.units[a].power {
                    own_convoy[a] = true;
                } else {
                    foreign_convoy[a] = true;
                }
            }
        }
    }
    // The policy's answer per kind of move (most phases ask it about one or two kinds).
    let mut answers: [Option<AdjacentRoute>; 64] = [None; 64];
    for a in 0..n {
        if let Eff::Move {
            to,
            convoy: false,
            via,
            possible,
            ..
        } = eff[a]
        {
            if cx.units[a].kind != UnitKind::Army {
                continue;
            }
            let d = cx.unit_at[to.province.index()];
            let opposite = d != NONE
                && matches!(eff[d as usize], Eff::Move { to: back, .. } if back.province == cx.units[a].location.province);
            let own_fleet_convoys = own_convoy.get(a).copied().unwrap_or(false);
            let foreign_fleet_convoys = foreign_convoy.get(a).copied().unwrap_or(false);
            let mv = AdjacentMove {
                via_convoy: via,
                own_fleet_convoys,
                foreign_fleet_convoys,
                opposite_move: opposite,
                opposite_is_own: opposite && cx.units[d as usize].power == cx.units[a].power,
                convoy_route_ordered: (own_fleet_convoys || foreign_fleet_convoys)
                    && ordered_route(cx, eff, a, to.province),
            };
            let key = usize::from(mv.via_convoy)
                | usize::from(mv.own_fleet_convoys) << 1
                | usize::from(mv.foreign_fleet_convoys) << 2
                | usize::from(mv.opposite_move) << 3
                | usize::from(mv.opposite_is_own) << 4
                | usize::from(mv.convoy_route_ordered) << 5;
            let route =
                *answers[key].get_or_insert_with(|| cx.rules.convoy_to_adjacent.adjacent_route(mv));
            let (convoy, fallback) = match route {
                AdjacentRoute::Land => (false, false),
                AdjacentRoute::Convoy => (true, false),
                AdjacentRoute::ConvoyWithFallback => (true, true),
            };
            eff[a] = Eff::Move {
                to,
                convoy,
                via,
                possible,
                fallback,
            };
        }
    }
    pool.give(own_convoy);
    pool.give(foreign_convoy);
}

/// Whether the fleets ordered to convoy army `a` to `to` form a route from its province there.
fn ordered_route(cx: &Ctx, eff: &[Eff], a: usize, to: ProvinceId) -> bool {
    let mut ordered = vec![false; cx.map.provinces().len()];
    for (f, e) in eff.iter().enumerate() {
        if matches!(*e, Eff::Convoy { army, to: t } if army as usize == a && t == to) {
            ordered[cx.units[f].location.province.index()] = true;
        }
    }
    let from = cx.units[a].location.province;
    cx.routes()
        .convoy_route_exists(cx.map, &ordered, from, to, None)
}

/// 4.E.3: implicit orders for units without one: a unit its own power's supports or convoys
/// all name moving to one province moves there.
pub(super) fn implicit_orders(cx: &Ctx, eff: &mut [Eff], order_of: &[u32], all_illegal: &[bool]) {
    let n = cx.units.len();
    // Per unit: the one destination its own power's supports and convoys name, if they agree.
    let mut implied: Vec<Option<ProvinceId>> = vec![None; n];
    let mut ambiguous = vec![false; n];
    for (s, e) in eff.iter().enumerate() {
        let (target, dest) = match *e {
            Eff::SupportMove { target, to, .. } => (target as usize, to),
            Eff::Convoy { army, to } => (army as usize, to),
            _ => continue,
        };
        if cx.units[s].power != cx.units[target].power {
            continue;
        }
        if implied[target].is_some_and(|x| x != dest) {
            ambiguous[target] = true;
        }
        implied[target] = Some(dest);
    }
    for u in 0..n {
        if order_of[u] != NONE || all_illegal[u] {
            continue;
        }
        let (Some(dest), false) = (implied[u], ambiguous[u]) else {
            continue;
        };
        let unit = cx.units[u];
        let to = match unit.kind {
            UnitKind::Army => Ok(Location::province(dest)),
            UnitKind::Fleet => cx.fleet_destination(unit.location, &Place::new(dest)),
        };
        if let Ok(to) = to {
            let adjacent = cx.map.can_move(unit.kind, unit.location, dest);
            if adjacent || unit.kind == UnitKind::Army {
                eff[u] = Eff::Move {
                    to,
                    convoy: !adjacent,
                    via: false,
                    possible: true,
                    fallback: false,
                };
            }
        }
    }
}
