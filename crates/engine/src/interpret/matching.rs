//! Matching: whether each support and convoy matches the order of the unit it names, with
//! what that reads: the units that may receive no support to hold (DATC 4.E.1, DPTG reading),
//! the convoy paths orders wrote (DATC 4.A.6), and supports of convoyed moves no fleet serves.

use diplo_map::{PowerId, ProvinceId};
use diplo_orders::Order;
use diplo_rules::policies::*;

use super::{CoastReq, Ctx, Eff, Status, NONE};
use crate::scratch::Pool;

/// 4.E.1: under the DPTG reading, an illegal move is still a move: the unit holds but may
/// receive no support to hold.
pub(super) fn no_hold_support(
    cx: &Ctx,
    orders: &[(PowerId, Order)],
    status: &[Status],
    order_of: &[u32],
    pool: &mut Pool,
) -> Vec<bool> {
    // Filled only under the DPTG reading (otherwise empty: no unit is marked).
    if !cx.rules.illegal_orders.illegal_move_is_a_move() {
        return pool.empty(0);
    }
    let n = cx.units.len();
    let mut no_hold_support = pool.take(n, false);
    {
        for (i, (power, order)) in orders.iter().enumerate() {
            if let (Status::Illegal(_), Order::Move { unit, .. }) = (&status[i], order) {
                if let Some(u) = cx.unit_at(unit.place.province) {
                    if cx.units[u as usize].power == *power && order_of[u as usize] == NONE {
                        no_hold_support[u as usize] = true;
                    }
                }
            }
        }
    }
    no_hold_support
}

/// The path unit `u` wrote in `paths` (sorted by unit), or the empty path.
pub(super) fn written_path(paths: &[(u32, Vec<ProvinceId>)], u: u32) -> &[ProvinceId] {
    match paths.binary_search_by_key(&u, |(v, _)| *v) {
        Ok(k) => &paths[k].1,
        Err(_) => &[],
    }
}

/// 4.A.6: written convoy paths (a convoyed move without one is impossible where paths are
/// required). Only the orders that write a path are looked at, and only their units' paths
/// are kept.
pub(super) fn written_paths(
    cx: &Ctx,
    orders: &[(PowerId, Order)],
    with_path: &[u32],
    status: &[Status],
    eff: &mut [Eff],
) -> Vec<(u32, Vec<ProvinceId>)> {
    let mut paths = Vec::new();
    for &i in with_path {
        let i = i as usize;
        if let (Status::Effective(u), (_, Order::Move { path, .. })) = (&status[i], &orders[i]) {
            paths.push((*u, path.clone()));
        }
    }
    paths.sort_unstable_by_key(|(u, _)| *u);
    if cx.rules.convoy_path.path_rule() == PathRule::Required {
        for (u, e) in eff.iter_mut().enumerate() {
            if let Eff::Move {
                convoy: true,
                ref mut possible,
                ..
            } = *e
            {
                if written_path(&paths, u as u32).is_empty() {
                    *possible = false;
                }
            }
        }
    }
    paths
}

/// DPTG VIII Step 1 cancels a move by convoy that no fleet ordered to convoy it can carry, and
/// Step 3 then cancels each support of it (the army "fails to attempt to move"): those supports
/// match nothing. A fleet counts when its convoy order names the move and, with a written path
/// (4.A.6), when the path names its province.
pub(super) fn cancel_supports_of_unserved_convoys(
    cx: &Ctx,
    eff: &[Eff],
    paths: &[(u32, Vec<ProvinceId>)],
    matches: &mut [bool],
    pool: &mut Pool,
) {
    let path_rule = cx.rules.convoy_path.path_rule();
    let mut carrying = pool.take(cx.map.provinces().len(), false);
    for s in 0..eff.len() {
        let Eff::SupportMove { target, to, .. } = eff[s] else {
            continue;
        };
        let t = target as usize;
        let convoyed = matches!(
            eff[t],
            Eff::Move {
                convoy: true,
                possible: true,
                ..
            }
        );
        if !matches[s] || !convoyed {
            continue;
        }
        let path = written_path(paths, target);
        let carries = |f: usize| {
            let at = cx.units[f].location.province;
            matches[f]
                && matches!(eff[f], Eff::Convoy { army, to: c } if army == target && c == to)
                && (path_rule == PathRule::Ignored || path.is_empty() || path.contains(&at))
        };
        let fleets: Vec<usize> = (0..eff.len()).filter(|&f| carries(f)).collect();
        let at = |f: usize| cx.units[f].location.province.index();
        fleets
            .iter()
            .for_each(|&f| carrying[at(f)] = cx.fleet_at_sea()[at(f)]);
        let from = cx.units[t].location.province;
        let served = cx
            .routes()
            .convoy_route_exists(cx.map, &carrying, from, to, None);
        fleets.iter().for_each(|&f| carrying[at(f)] = false);
        matches[s] = served;
    }
    pool.give(carrying);
}

/// Which supports and convoys match the order of the unit they name.
pub(super) fn support_matches(
    cx: &Ctx,
    ordered_power: &[bool],
    eff: &[Eff],
    no_hold_support: &[bool],
    pool: &mut Pool,
) -> Vec<bool> {
    let n = cx.units.len();

    let support_counts_in_cd = cx.rules.civil_disorder_hold_support.support_counts();
    let mut matches = pool.empty(n);
    matches.extend((0..n).map(|s| match eff[s] {
        Eff::SupportHold { target } => {
            let t = target as usize;
            !matches!(eff[t], Eff::Move { .. } | Eff::Rail { .. })
                && !no_hold_support.get(t).copied().unwrap_or(false)
                && (support_counts_in_cd || ordered_power[cx.units[t].power.index()])
        }
        Eff::SupportMove { target, to, coast } => match eff[target as usize] {
            Eff::Move { to: mto, .. } => {
                mto.province == to
                    && match coast {
                        CoastReq::Any => true,
                        CoastReq::Exact(c) => mto.coast == Some(c),
                    }
            }
            Eff::Rail { to: rto, .. } => rto == to,
            _ => false,
        },
        // A convoy order matches the army's move whatever route the army takes (DATC 6.G.2:
        // an unwanted convoy is still "available"); only convoyed moves use it as a path.
        Eff::Convoy { army, to } => {
            matches!(eff[army as usize], Eff::Move { to: mto, .. } if mto.province == to)
        }
        _ => true,
    }));
    matches
}
