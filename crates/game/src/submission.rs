//! Submitting orders: a power's order sets (with what each says about the earlier ones, DATC
//! 4.D.1, 4.D.2), perpetual orders (DATC 4.E.4) and proxy grants (DATC 4.E.5), every order checked
//! against the phase and the units its power may order; and the orders the rules will ignore as
//! illegal (DATC 4.E.1), a warning for the player.

use diplo_engine::{PhaseKind, Resolution};
use diplo_map::limits::Limit;
use diplo_map::{PowerId, ProvinceId};
use diplo_orders::Order;
use diplo_rules::policies::{ProxyRule, SetIntent};

use crate::{Game, GameError};

/// One power's order set for the current phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderSet {
    /// The power that submitted it.
    pub power: PowerId,
    /// Its number among the power's order sets of this phase (England's first set is 1, its
    /// second 2, whatever the other powers sent).
    pub seq: u64,
    /// What it says about earlier sets (DATC 4.D.1).
    pub intent: SetIntent,
    /// Submitted at the same time as the power's previous set (their order is not known,
    /// DATC 4.D.2).
    pub same_time: bool,
    /// The orders.
    pub orders: Vec<Order>,
    /// Sent after the deadline, under `late_orders = "accept-flagged"`.
    pub late: bool,
}

/// A power lets another power order one of its units this phase (DATC 4.E.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProxyGrant {
    /// The unit's owner.
    pub power: PowerId,
    /// Where the unit stands.
    pub province: ProvinceId,
    /// The power that may order it.
    pub to: PowerId,
    /// Its number among the grants of the unit's owner this phase.
    pub seq: u64,
}

/// How an order set is submitted.
#[derive(Clone, Copy, Debug, Default)]
pub struct SubmitOptions {
    /// What the set says about earlier sets (DATC 4.D.1).
    pub intent: SetIntent,
    /// Submitted at the same time as the power's previous set (DATC 4.D.2).
    pub same_time: bool,
    /// Also keep these orders as perpetual orders (DATC 4.E.4).
    pub perpetual: bool,
    /// When the set was sent: after the deadline, the game's `late_orders` applies (`None`:
    /// not checked, as for the game master's own corrections).
    pub at: Option<crate::time::Seconds>,
}

impl Game {
    /// Submits an order set for `power`. `text` is an orders file (one order per line, optional
    /// `Power:` headers, `#` comments); `source` names it in messages. Every problem is
    /// reported at once and nothing is stored then. A line under another power's header is an
    /// order by `power` for that power's unit (a proxy order, DATC 4.E.5).
    pub fn submit(
        &mut self,
        power: PowerId,
        text: &str,
        source: &str,
        opts: SubmitOptions,
    ) -> Result<&OrderSet, GameError> {
        self.submit_sets(Some(power), text, source, opts)?;
        Ok(self.order_sets.last().expect("one set stored"))
    }

    /// Submits the orders of several powers from one file, one order set per power: every line
    /// needs a power (a `Power:` header or a `POW:` prefix). All or nothing, as [`Game::submit`].
    pub fn submit_by_headers(
        &mut self,
        text: &str,
        source: &str,
        opts: SubmitOptions,
    ) -> Result<Vec<OrderSet>, GameError> {
        let n = self.submit_sets(None, text, source, opts)?;
        Ok(self.order_sets[self.order_sets.len() - n..].to_vec())
    }

    /// Validates and stores order sets; returns how many were stored.
    fn submit_sets(
        &mut self,
        power: Option<PowerId>,
        text: &str,
        source: &str,
        opts: SubmitOptions,
    ) -> Result<usize, GameError> {
        self.refuse_if_ended()?;
        let (lines, errors) = diplo_orders::parse_orders(&self.map, text);
        let mut problems: Vec<String> = errors
            .iter()
            .map(|e| format!("{source}:{}:{}: {}", e.line, e.column, e.message))
            .collect();
        // The orders of the whole phase, those stored and these, within the limit.
        let max = diplo_map::limits::max_orders();
        let stored: usize = self.order_sets.iter().map(|s| s.orders.len()).sum();
        if let Some(l) = lines.get(max.saturating_sub(stored)) {
            problems.push(format!(
                "{source}:{}: `{}`: {} orders this phase with those stored: {}",
                l.line,
                l.text,
                stored + lines.len(),
                Limit::Orders.exceeded(max)
            ));
            problems.push(format!("{source}: no orders stored"));
            return Err(GameError::Refused(problems));
        }
        // One set per submitting power, in the order the powers first appear.
        let mut sets: Vec<(PowerId, Vec<Order>)> =
            power.map(|p| (p, Vec::new())).into_iter().collect();
        for l in lines {
            let Some(by) = power.or(l.power) else {
                problems.push(format!(
                    "{source}:{}: `{}`: no power: add a header line like `England:` or a prefix \
                     like `ENG:`, or name the power with --power",
                    l.line, l.text
                ));
                continue;
            };
            match self.check_order(by, &l.order, true) {
                Ok(()) => match sets.iter_mut().find(|(p, _)| *p == by) {
                    Some((_, orders)) => orders.push(l.order),
                    None => sets.push((by, vec![l.order])),
                },
                Err(why) => problems.push(format!("{source}:{}: `{}`: {why}", l.line, l.text)),
            }
        }
        if sets.is_empty() && problems.is_empty() {
            problems.push(format!(
                "{source}: no orders, and no power named (an empty set needs --power)"
            ));
        }
        self.set_problems(sets.iter().map(|(p, _)| *p), opts, &mut problems);
        let late = self.lateness(opts.at).unwrap_or_else(|why| {
            problems.push(format!("{source}: {why}"));
            false
        });
        if !problems.is_empty() {
            problems.push(format!("{source}: no orders stored; fix the lines above"));
            return Err(GameError::Refused(problems));
        }
        let n = sets.len();
        for (p, orders) in sets {
            self.store_set(p, orders, opts, late);
        }
        Ok(n)
    }

    /// As [`Game::submit`], for orders already read (a caller that made them itself, e.g. with
    /// [`possible::PossibleOrder::to_order`](crate::possible::PossibleOrder::to_order), skips
    /// writing and parsing their text). The same checks apply; a problem names the order by its
    /// place in `orders` (`source:3`) and its canonical text.
    pub fn submit_orders(
        &mut self,
        power: PowerId,
        orders: Vec<Order>,
        source: &str,
        opts: SubmitOptions,
    ) -> Result<&OrderSet, GameError> {
        self.refuse_if_ended()?;
        let max = diplo_map::limits::max_orders();
        let stored: usize = self.order_sets.iter().map(|s| s.orders.len()).sum();
        if stored + orders.len() > max {
            return Err(GameError::Refused(vec![
                format!(
                    "{source}: {} orders this phase with those stored: {}",
                    stored + orders.len(),
                    Limit::Orders.exceeded(max)
                ),
                format!("{source}: no orders stored"),
            ]));
        }
        let mut problems = Vec::new();
        for (i, o) in orders.iter().enumerate() {
            if let Err(why) = self.check_order(power, o, true) {
                let text = o.display(&self.map);
                problems.push(format!("{source}:{}: `{text}`: {why}", i + 1));
            }
        }
        self.set_problems([power], opts, &mut problems);
        let late = self.lateness(opts.at).unwrap_or_else(|why| {
            problems.push(format!("{source}: {why}"));
            false
        });
        if !problems.is_empty() {
            problems.push(format!("{source}: no orders stored; fix the lines above"));
            return Err(GameError::Refused(problems));
        }
        Ok(self.store_set(power, orders, opts, late))
    }

    /// What is wrong with storing order sets of these powers, whatever their orders: added to
    /// `problems`.
    fn set_problems(
        &self,
        powers: impl IntoIterator<Item = PowerId>,
        opts: SubmitOptions,
        problems: &mut Vec<String>,
    ) {
        if opts.perpetual && !self.rules.perpetual_orders.allowed() {
            problems.push(
                "perpetual orders are not allowed by this game's ruleset (perpetual_orders = \
                 not-allowed, DATC 4.E.4)"
                    .to_string(),
            );
        }
        for p in powers {
            if self.map.power(p).neutral {
                problems.push(format!(
                    "{} is a neutral power of this map: it never orders (its units hold)",
                    self.power_name(p)
                ));
            }
            if opts.same_time && !self.order_sets.iter().any(|s| s.power == p) {
                problems.push(format!(
                    "--same-time: {} has no earlier order set this phase",
                    self.power_name(p)
                ));
            }
        }
    }

    /// Stores a checked order set of `power` (`late`: sent after the deadline, to be said so);
    /// returns it.
    fn store_set(
        &mut self,
        power: PowerId,
        orders: Vec<Order>,
        opts: SubmitOptions,
        late: bool,
    ) -> &OrderSet {
        let orders = without_repeats(orders);
        if opts.perpetual {
            self.perpetual.insert(power, orders.clone());
        }
        let seq = next_number(
            self.order_sets
                .iter()
                .filter(|s| s.power == power)
                .map(|s| s.seq),
        );
        // New orders are not final until the power says so again.
        self.ready.remove(&power);
        self.order_sets.push(OrderSet {
            power,
            seq,
            intent: opts.intent,
            same_time: opts.same_time,
            orders,
            late,
        });
        self.order_sets.last().expect("one set stored")
    }

    /// Withdraws `power`'s latest order set of this phase; its earlier sets (if any) count as
    /// they did before it came. The power is no longer ready. Returns the set withdrawn.
    pub fn withdraw(&mut self, power: PowerId) -> Result<OrderSet, GameError> {
        self.refuse_if_ended()?;
        let Some(i) = self.order_sets.iter().rposition(|s| s.power == power) else {
            return Err(GameError::Refused(vec![format!(
                "{} has no order set for {} to withdraw; nothing was changed",
                self.power_name(power),
                self.phase().name(&self.map)
            )]));
        };
        self.ready.remove(&power);
        Ok(self.order_sets.remove(i))
    }

    /// The orders of `set` that the rules will ignore as illegal (DATC 4.E.1) whatever the
    /// other orders are, each with the reason: a warning for the player, who may still send a
    /// better set. (Legality does not depend on the other powers' orders.)
    pub fn illegal_orders(&self, set: &OrderSet) -> Vec<(usize, String)> {
        self.illegal_among(set.power, &set.orders)
    }

    /// The orders of `power` among `orders` that the rules will ignore as illegal, by index.
    pub fn illegal_among(&self, power: PowerId, orders: &[Order]) -> Vec<(usize, String)> {
        let doomed = self.doomed_among(power, orders);
        (doomed.into_iter())
            .filter(|(_, r, _)| *r == Resolution::Illegal)
            .map(|(i, _, why)| (i, why))
            .collect()
    }

    /// The orders of `set` that will fail whatever the other powers order, each with the
    /// reason the adjudication will give (a fleet built without the coast its province needs):
    /// in an adjustment phase a power's orders depend on nothing else. Illegal orders are
    /// [`Game::illegal_orders`]'.
    pub fn failing_orders(&self, set: &OrderSet) -> Vec<(usize, String)> {
        if self.position.phase.kind != PhaseKind::Adjustment {
            return Vec::new();
        }
        let doomed = self.doomed_among(set.power, &set.orders);
        (doomed.into_iter())
            .filter(|(_, r, _)| *r == Resolution::Fails)
            .map(|(i, _, why)| (i, why))
            .collect()
    }

    /// The orders of `power` among `orders` that are illegal or fail when adjudicated with no
    /// other power's orders, with their resolution and reason in the adjudication's words.
    fn doomed_among(&self, power: PowerId, orders: &[Order]) -> Vec<(usize, Resolution, String)> {
        let orders: Vec<(PowerId, Order)> = orders
            .iter()
            .map(|o| {
                let owner = o
                    .unit()
                    .and_then(|u| self.unit_owner(u.place.province))
                    .unwrap_or(power);
                (owner, o.clone())
            })
            .collect();
        let adj = diplo_engine::adjudicate(&self.map, &self.rules, &self.position, &orders);
        adj.results
            .iter()
            .filter(|r| matches!(r.resolution, Resolution::Illegal | Resolution::Fails))
            .map(|r| {
                let why = r.reason_text(&self.map, &orders[r.index].1);
                (r.index, r.resolution, why)
            })
            .collect()
    }

    /// Stops a power's perpetual orders.
    pub fn clear_perpetual(&mut self, power: PowerId) -> bool {
        self.perpetual.remove(&power).is_some()
    }

    /// Lets `to` order `power`'s unit in `province` this phase (DATC 4.E.5).
    pub fn grant_proxy(
        &mut self,
        power: PowerId,
        province: ProvinceId,
        to: PowerId,
    ) -> Result<(), GameError> {
        self.refuse_if_ended()?;
        let mut problems = Vec::new();
        if self.rules.proxy_orders.rule() == ProxyRule::Never {
            problems.push(
                "proxy orders are not allowed by this game's ruleset (proxy_orders = not-allowed, \
                 DATC 4.E.5)"
                    .to_string(),
            );
        }
        if power == to {
            problems.push(format!(
                "{} orders its own units without a proxy",
                self.power_name(power)
            ));
        }
        match self.unit_owner(province) {
            Some(owner) if owner == power => {}
            Some(owner) => problems.push(format!(
                "the unit in {} is {}'s, not {}'s",
                self.map.province(province).full_name,
                self.power_name(owner),
                self.power_name(power)
            )),
            None => problems.push(format!(
                "no unit to order in {} this phase",
                self.map.province(province).full_name
            )),
        }
        if !problems.is_empty() {
            return Err(GameError::Refused(problems));
        }
        let seq = next_number(
            self.proxies
                .iter()
                .filter(|g| g.power == power)
                .map(|g| g.seq),
        );
        self.proxies
            .retain(|g| !(g.power == power && g.province == province));
        self.proxies.push(ProxyGrant {
            power,
            province,
            to,
            seq,
        });
        Ok(())
    }

    pub(crate) fn refuse_if_ended(&self) -> Result<(), GameError> {
        match &self.ended {
            Some(e) => Err(GameError::Refused(vec![format!(
                "the game is over: {}",
                e.describe(&self.map)
            )])),
            None => Ok(()),
        }
    }

    /// The power whose unit can be ordered in `province` this phase (a dislodged unit in a
    /// retreat phase).
    fn unit_owner(&self, province: ProvinceId) -> Option<PowerId> {
        match self.position.phase.kind {
            PhaseKind::Retreat => self
                .position
                .dislodged
                .iter()
                .find(|d| d.unit.location.province == province)
                .map(|d| d.unit.power),
            _ => self.position.unit_in(province).map(|u| u.power),
        }
    }

    /// Per province, [`Game::unit_owner`]: one pass over the units.
    pub(crate) fn unit_owners(&self) -> Vec<Option<PowerId>> {
        let mut owners = vec![None; self.map.provinces().len()];
        let mut own = |p: ProvinceId, power: PowerId| {
            let slot = &mut owners[p.index()];
            // The first unit found in a province, as `unit_owner` finds it.
            if slot.is_none() {
                *slot = Some(power);
            }
        };
        match self.position.phase.kind {
            PhaseKind::Retreat => {
                for d in &self.position.dislodged {
                    own(d.unit.location.province, d.unit.power);
                }
            }
            _ => {
                for u in &self.position.units {
                    own(u.location.province, u.power);
                }
            }
        }
        owners
    }

    /// Whether `power` may give `order` now. `at_submission`: proxy grants must already
    /// exist only where the ruleset says so.
    pub(crate) fn check_order(
        &self,
        power: PowerId,
        order: &Order,
        at_submission: bool,
    ) -> Result<(), String> {
        let kind = self.position.phase.kind;
        let fits = match order {
            Order::Hold { .. }
            | Order::SupportHold { .. }
            | Order::SupportMove { .. }
            | Order::Convoy { .. }
            | Order::Permit { .. } => kind == PhaseKind::Movement,
            // A railroad move in a retreat phase is the engine's to refuse (DATC 2.4 7.B.32).
            Order::Move { .. } | Order::RailMove { .. } => kind != PhaseKind::Adjustment,
            Order::Retreat { .. } => kind == PhaseKind::Retreat,
            Order::Disband { .. } => kind != PhaseKind::Movement,
            Order::Build { .. } | Order::Decline | Order::Convert { .. } => {
                kind == PhaseKind::Adjustment
            }
        };
        if !fits {
            let expected = match kind {
                PhaseKind::Movement => "hold, move, support and convoy orders",
                PhaseKind::Retreat => "retreats (moves) and disbands of dislodged units",
                PhaseKind::Adjustment => "builds, removals, declined builds and conversions",
            };
            return Err(format!(
                "not an order for {}: it takes {expected}",
                self.position.phase.name(&self.map)
            ));
        }
        let province = match order {
            // A canal permission names another power's fleet; it commands no unit.
            Order::Build { .. } | Order::Decline | Order::Permit { .. } => return Ok(()),
            other => {
                other
                    .unit()
                    .expect("orders other than Decline name a unit")
                    .place
                    .province
            }
        };
        let Some(owner) = self.unit_owner(province) else {
            let what = if kind == PhaseKind::Retreat {
                "dislodged unit"
            } else {
                "unit"
            };
            return Err(format!(
                "{} has no {what} in {}",
                self.power_name(power),
                self.map.province(province).full_name
            ));
        };
        if owner == power {
            return Ok(());
        }
        let granted = self
            .proxies
            .iter()
            .any(|g| g.power == owner && g.province == province && g.to == power);
        let foreign = format!(
            "the unit in {} is {}'s",
            self.map.province(province).full_name,
            self.power_name(owner)
        );
        match self.rules.proxy_orders.rule() {
            ProxyRule::Never => Err(format!(
                "{foreign}; this game's ruleset allows no proxy orders (DATC 4.E.5)"
            )),
            ProxyRule::GrantBeforeOrders if !granted => Err(format!(
                "{foreign} and {} has not given {} a proxy for it (proxy_orders = notified: the \
                 grant comes first, `diplo game proxy`)",
                self.power_name(owner),
                self.power_name(power)
            )),
            ProxyRule::GrantBeforeAdjudication if !granted && !at_submission => Err(format!(
                "{foreign} and {} gave {} no proxy for it",
                self.power_name(owner),
                self.power_name(power)
            )),
            _ => Ok(()),
        }
    }
}

/// The number after the largest of `numbers` (1 when there is none): order sets and proxy
/// grants are numbered per power, so that a power's first set is "order set 1".
fn next_number(numbers: impl Iterator<Item = u64>) -> u64 {
    numbers.max().unwrap_or(0) + 1
}

/// `orders` with every repeat of an earlier identical movement or retreat order left out: the
/// same order twice is that order once (DATC 4.D.3: "if the orders are the same, then it should
/// just follow that order"), and a game stores it once, so that repeats cannot grow the game
/// file. Adjustment orders and canal permissions are kept as they are: how many there are is a
/// rule question (too many builds, a build twice, DATC 4.D.4, 4.D.5), which the ruleset answers.
fn without_repeats(mut orders: Vec<Order>) -> Vec<Order> {
    let mut repeats = Vec::new();
    if orders.len() > 1 {
        let mut seen = rustc_hash::FxHashSet::default();
        seen.reserve(orders.len());
        for (i, o) in orders.iter().enumerate() {
            if repeats_are_one(o) && !seen.insert(o) {
                repeats.push(i);
            }
        }
    }
    if !repeats.is_empty() {
        let mut i = 0;
        orders.retain(|_| {
            i += 1;
            repeats.binary_search(&(i - 1)).is_err()
        });
    }
    orders
}

/// Whether a second identical copy of `o` says nothing more (a movement or retreat order).
fn repeats_are_one(o: &Order) -> bool {
    matches!(
        o,
        Order::Hold { .. }
            | Order::Move { .. }
            | Order::SupportHold { .. }
            | Order::SupportMove { .. }
            | Order::Convoy { .. }
            | Order::RailMove { .. }
            | Order::Retreat { .. }
    )
}
