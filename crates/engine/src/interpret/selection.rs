//! Order-set selection (DATC 4.D.3): every order taken in, and which one counts for a unit
//! given several (the first, the last, or none), with canal permissions set aside.

use diplo_map::PowerId;
use diplo_orders::Order;
use diplo_rules::policies::*;

use super::designation::yield_to_right_designations;
use super::{Ctx, Eff, OrderScan, Permit, Status, NONE};
use crate::reason::Text;
use crate::scratch::Pool;

/// Every order checked, and which one counts for each unit (DATC 4.D.3).
pub(super) struct Effective {
    pub(super) eff: Vec<Eff>,
    /// Per unit: the index of its effective order, or `NONE`.
    pub(super) order_of: Vec<u32>,
    pub(super) status: Vec<Status>,
    /// Per unit: all its orders are illegal because it has several (no precedence).
    pub(super) all_illegal: Vec<bool>,
    pub(super) permits: Vec<Permit>,
    pub(super) scan: OrderScan,
    /// Some unit has several orders and none counts: its `order_of` is [`SEVERAL`] until
    /// every order is taken in.
    several: bool,
}

/// A unit's `order_of` while the orders are taken in: it has several orders and none counts
/// (no precedence); once all are in, `NONE` with `all_illegal` set.
const SEVERAL: u32 = u32::MAX - 1;

pub(super) fn effective_orders(
    cx: &Ctx,
    orders: &[(PowerId, Order)],
    pool: &mut Pool,
) -> Effective {
    let n = cx.units.len();
    let mut e = Effective {
        eff: pool.take(n, Eff::Hold),
        order_of: pool.take(n, NONE),
        status: pool.empty(orders.len()),
        all_illegal: pool.take(n, false),
        permits: Vec::new(),
        scan: OrderScan::new(cx, pool),
        several: false,
    };
    let precedence = cx.rules.multiple_orders.precedence();
    if cx.rules.missing_unit_type.yields_to_a_right_designation()
        || cx.rules.wrong_unit_type.yields_to_a_right_designation()
    {
        let mut checked = yield_to_right_designations(cx, orders, &mut e.scan, pool);
        for (i, c) in checked.drain(..).enumerate() {
            e.accept(cx, &orders[i], i, c, precedence);
        }
        pool.give(checked);
    } else {
        // The only pass over the orders themselves (large, and at a million orders out of the
        // caches): each is noted, checked and taken in on the way.
        for (i, order) in orders.iter().enumerate() {
            e.scan.note(i, order.0, &order.1);
            e.accept(cx, order, i, cx.check(order.0, &order.1), precedence);
        }
    }
    if e.several {
        e.none_counts();
    }
    e
}

impl Effective {
    /// Takes in order `i` (`checked`: its check): its status, and the unit's effective order
    /// when it counts (DATC 4.D.3).
    #[inline(always)]
    fn accept(
        &mut self,
        cx: &Ctx,
        (power, order): &(PowerId, Order),
        i: usize,
        checked: Result<(u32, Eff), Text>,
        precedence: Precedence,
    ) {
        let (u, e) = match checked {
            Ok(c) => c,
            // A canal permission never checks as a unit's order: the order itself is read
            // only where the check failed.
            Err(_) if matches!(order, Order::Permit { .. }) => {
                let status = match cx.check_permit(*power, order) {
                    Ok(p) => {
                        self.permits.push(p);
                        Status::Permission(self.permits.len() - 1)
                    }
                    Err(reason) => Status::Illegal(reason),
                };
                self.status.push(status);
                return;
            }
            Err(reason) => {
                self.status.push(Status::Illegal(reason));
                return;
            }
        };
        let ui = u as usize;
        if self.order_of[ui] == NONE {
            self.order_of[ui] = i as u32;
            self.eff[ui] = e;
            self.status.push(Status::Effective(u));
            return;
        }
        self.several_orders(u, i, e, precedence);
    }

    /// Every order taken in: the units with several orders of which none counts have no
    /// effective order, and all their orders are illegal.
    fn none_counts(&mut self) {
        for (o, all) in self.order_of.iter_mut().zip(&mut self.all_illegal) {
            if *o == SEVERAL {
                *o = NONE;
                *all = true;
            }
        }
    }

    /// Order `i` is a second (or later) one for unit `u`: which counts (DATC 4.D.3).
    fn several_orders(&mut self, u: u32, i: usize, e: Eff, precedence: Precedence) {
        let ui = u as usize;
        match precedence {
            Precedence::First => self.status.push(Status::Illegal(Text::plain(
                "the unit already has an earlier order",
            ))),
            Precedence::Last => {
                self.status[self.order_of[ui] as usize] =
                    Status::Illegal(Text::plain("the unit has a later order"));
                self.order_of[ui] = i as u32;
                self.eff[ui] = e;
                self.status.push(Status::Effective(u));
            }
            Precedence::None => {
                let earlier = self.order_of[ui];
                if earlier != SEVERAL {
                    self.status[earlier as usize] =
                        Status::Illegal(Text::plain("the unit has several orders"));
                }
                self.order_of[ui] = SEVERAL;
                self.several = true;
                self.eff[ui] = Eff::Hold;
                self.status
                    .push(Status::Illegal(Text::plain("the unit has several orders")));
            }
        }
    }
}
