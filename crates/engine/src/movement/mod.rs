//! Adjudicating a movement phase: interpretation, resolution, results and the next position.

mod dislodged;
mod failures;
mod results;

use diplo_map::{Location, Map, PowerId, ProvinceId};
use diplo_orders::Order;
use diplo_rules::Ruleset;

use crate::explain::Paradoxes;
use crate::interpret::{self, Ctx, Eff, Status, NONE};
use crate::outcome::{Adjudication, AutomaticAction, AutomaticKind, Resolution, Retreats};
use crate::position::{Phase, PhaseKind, Position, Unit};
use crate::reason::Reason;
use crate::resolve::{Board, Tri};
use crate::scratch::{Pool, Scratch};

pub(crate) use dislodged::province_mask;
pub use dislodged::retreat_options;
use dislodged::{contested_provinces, dislodgements, retreats_of, unordered_dislodged, Moved};
use results::{attacked_by_unresolved, fill_illegal, results_of, Judged};

/// Adjudicates the orders of a movement phase.
pub fn adjudicate_movement(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
) -> Adjudication {
    adjudicate_movement_in(map, rules, pos, orders, &mut Scratch::default())
}

/// As [`adjudicate_movement`], its working buffers taken from `scratch` and given back to it.
pub(crate) fn adjudicate_movement_in(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
    scratch: &mut Scratch,
) -> Adjudication {
    let units = &pos.units[..];
    let pool = &mut scratch.pool;
    let cx = Ctx::new_in(map, rules, units, pos.phase.season, pool);
    let interp = interpret::interpret(&cx, orders, pool);
    let adjudication = if interp.only_holds
        || interp.permits.is_empty() && interp.eff.iter().all(|e| matches!(e, Eff::Hold))
    {
        nothing_moves(map, rules, pos, orders, &interp, pool)
    } else {
        let mut board = Board::new(
            map,
            rules,
            units,
            &cx.unit_at,
            &pos.owners,
            &interp,
            &mut scratch.board,
        );
        board.resolve();
        let a = judge(pos, orders, &cx, &interp, &board, pool);
        board.recycle();
        a
    };
    interp.recycle(pool);
    cx.recycle(pool);
    adjudication
}

/// Everything that follows from the resolved board: the results, the dislodged units and the
/// next position.
fn judge(
    pos: &Position,
    orders: &[(PowerId, Order)],
    cx: &Ctx,
    interp: &interpret::Interpretation,
    board: &Board,
    pool: &mut Pool,
) -> Adjudication {
    let (map, rules, units) = (cx.map, cx.rules, &pos.units[..]);
    let ends = unit_ends(board, units, pool);
    let dislodged_by = dislodgements(board, &cx.unit_at, &ends, pool);
    let after = standing_units(units, &ends, &dislodged_by, pool);
    let contested = contested_provinces(board, &ends, pool);
    let moved = Moved {
        dislodged_by: &dislodged_by,
        after: &after,
        contested: &contested,
    };
    let (retreats, tags) = retreats_of(map, rules, pos, board, &moved, pool);
    // Only a paradox without an answer leaves decisions unresolved (almost never).
    let any_unresolved = board.state.contains(&Tri::Unresolved);
    let attacked_unresolved = attacked_by_unresolved(board, &cx.unit_at, any_unresolved, pool);
    let paradoxes = Paradoxes::new(rules, board, &interp.status, orders);

    let judged = Judged {
        rules,
        units,
        unit_at: &cx.unit_at,
        interp,
        board,
        ends: &ends,
        dislodged_by: &dislodged_by,
        tags: &tags,
        attacked_unresolved: &attacked_unresolved,
        paradoxes: &paradoxes,
        orders,
    };
    let results = results_of(orders, pool, |r, order| judged.fill(r, order));
    let unordered_dislodged = if retreats.is_empty() {
        // Nothing was dislodged.
        Vec::new()
    } else {
        unordered_dislodged(units, &cx.unit_at, orders, &results, &tags, pool)
    };
    let next = next_position(map, rules, pos, after, &retreats, &contested, pool);
    pool.give(contested);
    pool.give(ends);
    pool.give(dislodged_by);
    pool.give(tags);
    pool.give(attacked_unresolved);
    // Spare vectors are taken only when something may go in them (given back by
    // `Adjudicator::recycle`).
    let mut automatic = Vec::new();
    if !retreats.is_empty() {
        automatic = pool.empty(0);
        automatic.extend(retreats.iter().filter(|r| r.options.is_empty()).map(|r| {
            let unit = r.dislodged.unit;
            AutomaticAction {
                unit,
                kind: AutomaticKind::Disbanded,
                reason: Reason::plain(if map.power(unit.power).neutral {
                    "disbanded: dislodged, and a neutral unit never retreats"
                } else {
                    "disbanded: dislodged with nowhere to retreat"
                }),
            }
        }));
    }
    let mut unresolved = Vec::new();
    if any_unresolved {
        unresolved = pool.empty(0);
        let results = results.iter().enumerate();
        let found = results.filter(|(_, r)| r.resolution == Resolution::Unresolved);
        unresolved.extend(found.map(|(i, _)| i));
    }
    Adjudication {
        results,
        unordered_dislodged,
        retreats,
        automatic,
        unresolved,
        next,
    }
}

/// A phase whose effective orders are all holds (the rest illegal): nothing moves, nothing is
/// dislodged, so the resolver has nothing to decide.
fn nothing_moves(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
    interp: &interpret::Interpretation,
    pool: &mut Pool,
) -> Adjudication {
    // Every order is a hold or illegal (no canal permission is given: none was ordered).
    let mut results = results_of(orders, pool, |_, _| {});
    for (r, status) in results.iter_mut().zip(&interp.status) {
        if let Status::Illegal(why) = status {
            fill_illegal(r, why, None);
        }
    }
    let mut units = pool.empty(pos.units.len());
    units.extend_from_slice(&pos.units);
    let next = next_position(map, rules, pos, units, &Retreats::default(), &[], pool);
    Adjudication {
        results,
        unordered_dislodged: Vec::new(),
        retreats: Retreats::default(),
        automatic: Vec::new(),
        unresolved: Vec::new(),
        next,
    }
}

/// Where each unit ends its move, if it moves: its destination, or for a railroad move the
/// place it stops in (DATC 2.4 7.B).
fn unit_ends(board: &Board, units: &[Unit], pool: &mut Pool) -> Vec<Option<Location>> {
    let mut ends = pool.empty(units.len());
    let orders = board.eff.iter().zip(&board.state).take(units.len());
    ends.extend(orders.enumerate().map(|(u, (e, state))| match *e {
        Eff::Move { to, .. } if *state == Tri::Yes => Some(to),
        Eff::Rail { .. } => board.rail_index(u as u32).and_then(|ri| {
            let end = board.rail_end(ri);
            (end != units[u].location.province).then(|| Location::province(end))
        }),
        _ => None,
    }));
    ends
}

/// The units standing after the movement.
fn standing_units(
    units: &[Unit],
    ends: &[Option<Location>],
    dislodged_by: &[u32],
    pool: &mut Pool,
) -> Vec<Unit> {
    let mut after: Vec<Unit> = pool.empty(units.len());
    for (u, &unit) in units.iter().enumerate() {
        if dislodged_by[u] != NONE {
            continue;
        }
        let mut unit = unit;
        if let Some(to) = ends[u] {
            unit.location = to;
        }
        after.push(unit);
    }
    after
}

/// The position after the movement: a retreat phase when some dislodged unit can retreat,
/// otherwise the phase after the season.
fn next_position(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    after: Vec<Unit>,
    retreats: &Retreats,
    contested: &[ProvinceId],
    pool: &mut Pool,
) -> Position {
    let mut owners = pool.empty(pos.owners.len());
    owners.extend_from_slice(&pos.owners);
    let mut next = Position {
        phase: pos.phase,
        units: after,
        owners,
        dislodged: Vec::new(),
        contested: Vec::new(),
    };
    let mut retreating = retreats.iter().filter(|r| !r.options.is_empty()).peekable();
    if retreating.peek().is_none() {
        crate::advance_after_season(map, rules, &mut next);
    } else {
        next.phase = Phase {
            kind: PhaseKind::Retreat,
            ..pos.phase
        };
        next.dislodged = pool.empty(retreats.len());
        next.dislodged.extend(retreating.map(|r| r.dislodged));
        next.contested = pool.empty(contested.len());
        next.contested.extend_from_slice(contested);
    }
    next
}
