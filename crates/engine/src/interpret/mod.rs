//! From orders as written to the effective order of every unit.
//!
//! Every disputable reading (coasts, unit types, nationality, several orders to one unit,
//! convoys to adjacent provinces) is asked of the ruleset's policies. The result is a dense
//! table: one [`Eff`] per unit, indexed like the position's units, and per submitted order
//! whether it is legal and which unit it commands.

mod coasts;
mod ctx;
mod designation;
mod implied;
mod legality;
mod matching;
mod routes;
mod selection;

use diplo_map::{Location, PowerId, ProvinceId};
use diplo_orders::Order;
use diplo_rules::policies::*;

use crate::reason::Text;
use crate::scratch::Pool;
pub(crate) use coasts::no_coast;
pub(crate) use ctx::Ctx;
pub(crate) use routes::Routes;

use implied::{adjacent_routes, implicit_orders, railroad_two_units};
use matching::{
    cancel_supports_of_unserved_convoys, no_hold_support, support_matches, written_path,
    written_paths,
};
use selection::{effective_orders, Effective};

/// No unit / no order.
pub(crate) const NONE: u32 = u32::MAX;

/// A support's coast requirement on the supported fleet move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CoastReq {
    /// Any coast.
    Any,
    /// Exactly this coast.
    Exact(u8),
}

/// The effective order of a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Eff {
    /// No order, an illegal order, or a hold.
    Hold,
    /// A move.
    Move {
        /// Destination (with coast for fleets).
        to: Location,
        /// Goes by convoy.
        convoy: bool,
        /// Written `via convoy`.
        via: bool,
        /// The order is legal but the unit cannot carry it out (written from another coast).
        possible: bool,
        /// By convoy when the convoy works, otherwise over land (DATC 4.A.3 fallback).
        fallback: bool,
    },
    /// Support to hold.
    SupportHold {
        /// The supported unit.
        target: u32,
    },
    /// Support to move.
    SupportMove {
        /// The supported unit.
        target: u32,
        /// The destination province.
        to: ProvinceId,
        /// The coast requirement.
        coast: CoastReq,
    },
    /// Convoy.
    Convoy {
        /// The convoyed army.
        army: u32,
        /// Its destination.
        to: ProvinceId,
    },
    /// A move by railroad (Colonial's Trans-Siberian Railroad, DATC 2.4 7.B).
    Rail {
        /// The railroad: index into `Map::railroads`.
        railroad: u16,
        /// The destination, on the line.
        to: ProvinceId,
    },
}

/// What became of one submitted order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    /// It is the unit's effective order.
    Effective(u32),
    /// It is illegal, with the reason.
    Illegal(Text),
    /// A canal permission (it commands no unit); index into `Interpretation::permits`.
    Permission(usize),
}

/// A canal permission given: the power that gives it, and the move it permits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Permit {
    pub power: PowerId,
    pub from: ProvinceId,
    pub to: ProvinceId,
}

/// The interpreted orders of a movement phase.
pub(crate) struct Interpretation {
    pub eff: Vec<Eff>,
    pub status: Vec<Status>,
    /// Per unit: whether the support/convoy matches the order of the unit it names.
    pub matches: Vec<bool>,
    /// The convoy paths move orders wrote (DATC 4.A.6), by unit, sorted by unit; only the
    /// units whose effective order wrote one ([`Interpretation::path`] reads it).
    pub paths: Vec<(u32, Vec<ProvinceId>)>,
    /// The canal permissions given (DATC 2.4 7.C).
    pub permits: Vec<Permit>,
    /// Every order was a hold (or none was given): every unit holds, and `matches` and
    /// `paths` are left empty (nothing is resolved).
    pub only_holds: bool,
}

impl Interpretation {
    /// The convoy path unit `u`'s move order wrote (empty if none).
    pub fn path(&self, u: u32) -> &[ProvinceId] {
        written_path(&self.paths, u)
    }

    /// Gives the buffers back to `pool`.
    pub fn recycle(self, pool: &mut Pool) {
        pool.give(self.eff);
        pool.give(self.status);
        pool.give(self.matches);
    }
}

/// What the interpretation needs of the orders beyond their checks, noted in the pass that
/// checks them.
struct OrderScan {
    /// The moves with a written convoy path, by index (in most phases none).
    with_path: Vec<u32>,
    /// Per power: it gave at least one order (empty when a support counts whether or not
    /// the supported unit's power gave orders: nobody asks).
    ordered_power: Vec<bool>,
    /// Whether every order is a hold (or no order was given): then no unit moves, supports or
    /// convoys, and nothing read from several orders together applies.
    only_holds: bool,
}

impl OrderScan {
    fn new(cx: &Ctx, pool: &mut Pool) -> OrderScan {
        OrderScan {
            with_path: Vec::new(),
            ordered_power: if cx.rules.civil_disorder_hold_support.support_counts() {
                Vec::new()
            } else {
                pool.take(cx.map.powers().len(), false)
            },
            only_holds: true,
        }
    }

    fn note(&mut self, i: usize, power: PowerId, order: &Order) {
        match order {
            Order::Hold { .. } => {}
            Order::Move { path, .. } if !path.is_empty() => {
                self.with_path.push(i as u32);
                self.only_holds = false;
            }
            _ => self.only_holds = false,
        }
        if let Some(o) = self.ordered_power.get_mut(power.index()) {
            *o = true;
        }
    }

    fn recycle(self, pool: &mut Pool) {
        pool.give(self.with_path);
        pool.give(self.ordered_power);
    }
}

/// Interprets the orders of a movement phase: each order checked, the effective order of each
/// unit, then the readings that depend on several orders.
pub(crate) fn interpret(cx: &Ctx, orders: &[(PowerId, Order)], pool: &mut Pool) -> Interpretation {
    let Effective {
        mut eff,
        order_of,
        mut status,
        all_illegal,
        permits,
        scan,
        ..
    } = effective_orders(cx, orders, pool);
    if scan.only_holds {
        // Every unit holds (or has no order): nothing below changes an effective order.
        scan.recycle(pool);
        pool.give(order_of);
        pool.give(all_illegal);
        return Interpretation {
            eff,
            status,
            matches: Vec::new(),
            paths: Vec::new(),
            permits,
            only_holds: true,
        };
    }
    railroad_two_units(cx, &mut eff, &order_of, &mut status);
    adjacent_routes(cx, &mut eff, pool);
    if cx.rules.implicit_orders.implicit_orders() {
        implicit_orders(cx, &mut eff, &order_of, &all_illegal);
    }
    let no_hold_support = no_hold_support(cx, orders, &status, &order_of, pool);
    let paths = written_paths(cx, orders, &scan.with_path, &status, &mut eff);
    let mut matches = support_matches(cx, &scan.ordered_power, &eff, &no_hold_support, pool);
    if cx.rules.illegal_orders.unserved_convoy_cancels_supports() {
        cancel_supports_of_unserved_convoys(cx, &eff, &paths, &mut matches, pool);
    }
    scan.recycle(pool);
    pool.give(order_of);
    pool.give(all_illegal);
    pool.give(no_hold_support);
    Interpretation {
        eff,
        status,
        matches,
        paths,
        permits,
        only_holds: false,
    }
}
