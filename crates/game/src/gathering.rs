//! Which orders count when a phase is adjudicated: a power's order sets combined or replaced
//! (DATC 4.D.1, 4.D.2), its perpetual orders when it sent none (DATC 4.E.4), proxy orders for
//! another power's units (DATC 4.E.5), and the powers left in civil disorder.

use diplo_engine::PhaseKind;
use diplo_map::{PowerId, ProvinceId};
use diplo_orders::Order;

use diplo_rules::policies::SetIntent;

use crate::{Game, OrderSet};

/// The orders a phase is adjudicated with, and how they were gathered.
#[derive(Clone, Debug, Default)]
pub struct Gathered {
    /// Every order, with the power whose unit it orders, in the order the engine reads them.
    pub orders: Vec<(PowerId, Order)>,
    /// Powers that had something to order and sent nothing: civil disorder.
    pub civil_disorder: Vec<PowerId>,
    /// How order sets were combined or set aside, proxy and perpetual orders used.
    pub notes: Vec<String>,
}

/// A gathered order taken as it is from an order set: `gathered.orders[gathered]` is
/// `order_sets[set].orders[index]`.
pub(crate) struct StoredOrder {
    pub(crate) gathered: usize,
    pub(crate) set: usize,
    pub(crate) index: usize,
}

/// Where a power's orders for the phase come from.
enum OrderSource {
    /// Its only order set, by its place in `Game::order_sets`.
    Set(usize),
    /// Orders made for the phase: perpetual orders, or order sets combined.
    Made(Vec<Order>),
}

/// How a power's order sets of the current phase combine ([`Game::set_status`]).
#[derive(Clone, Debug, Default)]
pub struct SetStatus {
    /// The orders that count.
    pub orders: Vec<Order>,
    /// The sets whose orders count, by submission number.
    pub counting: Vec<u64>,
    /// The sets a later set replaced: their orders no longer count.
    pub replaced: Vec<u64>,
    /// Sets came at the same time in no known order and the ruleset makes every unit hold.
    pub all_hold: bool,
    /// What each set did to the earlier ones (`France: order set 5 replaces set 3 (DATC 4.D.1)`).
    pub notes: Vec<String>,
}

impl Game {
    /// How `power`'s order sets of this phase combine under the ruleset (DATC 4.D.1, 4.D.2):
    /// the orders that count and what each set did to the ones before it.
    pub fn set_status(&self, power: PowerId) -> SetStatus {
        let sets: Vec<&OrderSet> = self
            .order_sets
            .iter()
            .filter(|s| s.power == power)
            .collect();
        let name = self.power_name(power);
        let mut st = SetStatus::default();
        let list = |seqs: &[u64]| {
            let words: Vec<String> = seqs.iter().map(u64::to_string).collect();
            format!(
                "set{} {}",
                if seqs.len() == 1 { "" } else { "s" },
                words.join(", ")
            )
        };
        for (i, s) in sets.iter().enumerate() {
            if i == 0 {
                st.orders = s.orders.clone();
                st.counting = vec![s.seq];
            } else if s.same_time {
                if self.rules.order_sets_undefined.combines() {
                    st.notes.push(format!(
                        "{name}: order sets {} and {} came at the same time; they are combined (DATC 4.D.2)",
                        sets[i - 1].seq, s.seq
                    ));
                    st.orders.extend(s.orders.iter().cloned());
                    st.counting.push(s.seq);
                } else {
                    st.all_hold = true;
                }
            } else if self.is_complete(power, &s.orders) {
                st.notes.push(format!(
                    "{name}: order set {} orders every unit and replaces {}",
                    s.seq,
                    list(&st.counting)
                ));
                st.replaced.extend(st.counting.iter().copied());
                st.orders = s.orders.clone();
                st.counting = vec![s.seq];
            } else if self.rules.order_sets_defined.keeps_earlier(s.intent) {
                st.notes.push(format!(
                    "{name}: order set {} is combined with {} (DATC 4.D.1)",
                    s.seq,
                    list(&st.counting)
                ));
                if s.intent == SetIntent::Adds {
                    self.amend(&mut st, s);
                }
                st.orders.extend(s.orders.iter().cloned());
                st.counting.push(s.seq);
            } else {
                st.notes.push(format!(
                    "{name}: order set {} replaces {} (DATC 4.D.1)",
                    s.seq,
                    list(&st.counting)
                ));
                st.replaced.extend(st.counting.iter().copied());
                st.orders = s.orders.clone();
                st.counting = vec![s.seq];
            }
        }
        if st.all_hold {
            st.notes.push(format!(
                "{name}: order sets came at the same time in no known order: all its units hold (DATC 4.D.2)"
            ));
            st.orders = self
                .position
                .units
                .iter()
                .filter(|u| u.power == power && self.position.phase.kind == PhaseKind::Movement)
                .map(|u| Order::Hold {
                    unit: diplo_orders::UnitRef {
                        kind: Some(u.kind),
                        place: diplo_orders::Place::new(u.location.province),
                    },
                })
                .collect();
        }
        st.replaced.sort_unstable();
        st
    }

    /// An `--adds` set changes single orders: each of its orders for a unit (or a build in a
    /// province) replaces the earlier orders for that unit in `st`, with a note naming them
    /// (`France: order set 2 replaces A par - bur`).
    fn amend(&self, st: &mut SetStatus, s: &OrderSet) {
        let place = |o: &Order| o.unit().map(|u| u.place.province);
        let mut replaced = Vec::new();
        st.orders.retain(|earlier| {
            let p = place(earlier);
            let later = p.is_some() && s.orders.iter().any(|o| place(o) == p);
            if later {
                replaced.push(earlier.display(&self.map).to_string());
            }
            !later
        });
        for r in replaced {
            st.notes.push(format!(
                "{}: order set {} replaces {r} (a later order for the same unit)",
                self.power_name(s.power),
                s.seq
            ));
        }
    }

    /// Whether an order set orders every unit the power has to order this phase (then it
    /// replaces the earlier sets under every choice of DATC 4.D.1).
    fn is_complete(&self, power: PowerId, orders: &[Order]) -> bool {
        let ordered = |p: ProvinceId| {
            orders
                .iter()
                .any(|o| o.unit().is_some_and(|u| u.place.province == p))
        };
        match self.position.phase.kind {
            PhaseKind::Movement => self
                .position
                .units
                .iter()
                .filter(|u| u.power == power)
                .all(|u| ordered(u.location.province)),
            PhaseKind::Retreat => self
                .position
                .dislodged
                .iter()
                .filter(|d| d.unit.power == power)
                .all(|d| ordered(d.unit.location.province)),
            PhaseKind::Adjustment => orders.len() >= self.adjustment_count(power),
        }
    }

    /// The orders the current phase would be adjudicated with.
    pub fn gather_orders(&self) -> Gathered {
        let (mut g, stored) = self.plan_orders();
        for s in &stored {
            g.orders[s.gathered].1 = self.order_sets[s.set].orders[s.index].clone();
        }
        g
    }

    /// Swaps the gathered orders that are still in their order sets with their places in
    /// `g`: the first call takes them out of the sets (adjudication clears the sets after),
    /// a second call puts them back.
    pub(crate) fn swap_stored(&mut self, g: &mut Gathered, stored: &[StoredOrder]) {
        for s in stored {
            std::mem::swap(
                &mut g.orders[s.gathered].1,
                &mut self.order_sets[s.set].orders[s.index],
            );
        }
    }

    /// The orders of the phase, as [`Game::gather_orders`] gives them, except that an order
    /// taken as it is from an order set is a placeholder (`Decline`) and listed in the second
    /// value: the caller clones it or takes it from the set.
    pub(crate) fn plan_orders(&self) -> (Gathered, Vec<StoredOrder>) {
        let mut g = Gathered {
            notes: self.late_notes(),
            ..Gathered::default()
        };
        let sources = self.order_sources(&mut g);
        let owners = self.unit_owners();
        let unit_owner = |p: ProvinceId| owners.get(p.index()).copied().flatten();
        let (proxied, by_owner) = self.proxy_orders(&sources, &unit_owner, &mut g.notes);
        // An order counts for its power's own unit (or names none), unless a proxy order
        // for that unit replaced it.
        let counts = |power: PowerId, o: &Order| {
            let province = o.unit().map(|u| u.place.province);
            let own = province.is_none_or(|p| unit_owner(p).is_none_or(|q| q == power));
            own && !province.is_some_and(|p| proxied.contains(&p))
        };
        let count: usize = sources
            .iter()
            .map(|(_, s)| self.source_orders(s).len())
            .sum();
        g.orders.reserve(count + by_owner.len());
        let mut stored = Vec::with_capacity(count);
        for (power, source) in sources {
            match source {
                OrderSource::Set(set) => {
                    let orders = self.order_sets[set].orders.iter().enumerate();
                    for (index, _) in orders.filter(|(_, o)| counts(power, o)) {
                        let gathered = g.orders.len();
                        stored.push(StoredOrder {
                            gathered,
                            set,
                            index,
                        });
                        g.orders.push((power, Order::Decline));
                    }
                }
                OrderSource::Made(orders) => g.orders.extend(
                    orders
                        .into_iter()
                        .filter(|o| counts(power, o))
                        .map(|o| (power, o)),
                ),
            }
        }
        g.orders.extend(by_owner);
        (g, stored)
    }

    /// Where each power's orders come from after DATC 4.D.1/4.D.2 (or perpetual orders,
    /// 4.E.4), in power order; powers in civil disorder and notes go into `g`.
    fn order_sources(&self, g: &mut Gathered) -> Vec<(PowerId, OrderSource)> {
        let mut sources = Vec::with_capacity(self.map.powers().len());
        for power in self.map.power_ids() {
            if self.in_disorder(power) {
                self.note_disorder(power, g);
                continue;
            }
            let mut sets = (self.order_sets.iter().enumerate()).filter(|(_, s)| s.power == power);
            match (sets.next(), sets.next()) {
                (None, _) => {
                    let perpetual: Vec<Order> = self
                        .perpetual
                        .get(&power)
                        .into_iter()
                        .flatten()
                        .filter(|o| self.check_order(power, o, false).is_ok())
                        .cloned()
                        .collect();
                    if !perpetual.is_empty() {
                        let name = self.power_name(power);
                        g.notes.push(format!(
                            "{name}: no orders sent; its perpetual orders are used"
                        ));
                        sources.push((power, OrderSource::Made(perpetual)));
                    } else if self.has_something_to_order(power) {
                        g.civil_disorder.push(power);
                    }
                }
                // One set (the common case) counts as it is, with nothing to note.
                (Some((only, _)), None) => sources.push((power, OrderSource::Set(only))),
                _ => {
                    let st = self.set_status(power);
                    g.notes.extend(st.notes);
                    sources.push((power, OrderSource::Made(st.orders)));
                }
            }
        }
        sources
    }

    /// A power the game master put into civil disorder: its orders are not used.
    fn note_disorder(&self, power: PowerId, g: &mut Gathered) {
        if self.has_something_to_order(power) {
            g.civil_disorder.push(power);
        }
        if self.has_submitted(power) {
            g.notes.push(format!(
                "{}: in civil disorder by the game master's hand: its orders are not used",
                self.power_name(power)
            ));
        }
    }

    /// The orders of a source.
    fn source_orders<'a>(&'a self, source: &'a OrderSource) -> &'a [Order] {
        match source {
            OrderSource::Set(set) => &self.order_sets[*set].orders,
            OrderSource::Made(orders) => orders,
        }
    }

    /// Proxy orders (4.E.5): an order for another power's granted unit counts for that unit
    /// instead of the owner's own orders to it. Returns the provinces of the units ordered
    /// by proxy and their orders with their owners; notes what was used or set aside.
    fn proxy_orders(
        &self,
        sources: &[(PowerId, OrderSource)],
        unit_owner: &impl Fn(ProvinceId) -> Option<PowerId>,
        notes: &mut Vec<String>,
    ) -> (Vec<ProvinceId>, Vec<(PowerId, Order)>) {
        let mut proxied: Vec<ProvinceId> = Vec::new();
        let mut by_owner: Vec<(PowerId, Order)> = Vec::new();
        for (power, source) in sources {
            for o in self.source_orders(source) {
                let owner = o
                    .unit()
                    .and_then(|u| unit_owner(u.place.province))
                    .unwrap_or(*power);
                if owner == *power {
                    continue;
                }
                match self.check_order(*power, o, false) {
                    Ok(()) => {
                        notes.push(format!(
                            "{} orders {}'s unit by proxy: {}",
                            self.power_name(*power),
                            self.power_name(owner),
                            o.display(&self.map)
                        ));
                        proxied.push(o.unit().expect("names a unit").place.province);
                        by_owner.push((owner, o.clone()));
                    }
                    Err(why) => notes.push(format!(
                        "{}: `{}` set aside: {why}",
                        self.power_name(*power),
                        o.display(&self.map)
                    )),
                }
            }
        }
        (proxied, by_owner)
    }
}
