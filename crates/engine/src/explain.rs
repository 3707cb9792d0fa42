//! Reasons for the orders a convoy paradox decides: which paradox (its orders) and which rule.
//!
//! When the ruleset's paradox rule gives no answer (the 1971, 1982 and 2000 rules in a paradox
//! they do not cover, DATC 4.A.2) and no `paradox_fallback` is set, the resolver marks the cycle
//! `Unresolved`; every order it decides says so, names the paradox's orders and the rule. A
//! long paradox is listed once, at its first order, and referred to elsewhere.

use diplo_map::PowerId;
use diplo_orders::Order;
use diplo_rules::policies::ConvoyParadox;
use diplo_rules::policies::ParadoxRuling;
use diplo_rules::Ruleset;

use crate::interpret::{Eff, Status, NONE};
use crate::position::Unit;
use crate::reason::{ParadoxFacts, ParadoxName, ParadoxRole, Why};
use crate::resolve::Board;

/// A paradox of more orders than this is listed in full only in the reason of its first order
/// (in submission order); the others refer to it there, so that the words grow with the
/// number of orders, not with its square.
const LISTED_IN_FULL: usize = 24;

/// At most this many paradoxes are named in one reason; the others are counted.
const NAMED: usize = 3;

/// The unresolved paradoxes of one movement phase, kept for reasons.
pub(crate) struct Paradoxes {
    /// Per paradox: its units.
    units: Vec<Vec<u32>>,
    /// Per paradox: its orders, in submission order.
    orders: Vec<Vec<Order>>,
    /// Per paradox: the unit whose order comes first (its reason lists the paradox in full).
    first: Vec<u32>,
    /// Per unit: the paradox it is part of, or `NONE` (empty when there is no paradox).
    member: Vec<u32>,
    /// (unit, paradox): a unit of the paradox has an order naming the unit; sorted.
    named_by: Vec<(u32, u32)>,
    /// The `convoy_paradox` and `paradox_fallback` choices (the rule that gives no answer).
    rule: (&'static str, &'static str),
    /// Per paradox: a cycle that is no convoy paradox (`other_cycles`, DATC 3.2 5.B.9).
    other: Vec<bool>,
}

impl Paradoxes {
    /// The unresolved paradoxes of `board` (none in almost every phase: then nothing is looked
    /// up, not even the rule's name).
    pub fn new(
        rules: &Ruleset,
        board: &Board,
        status: &[Status],
        orders: &[(PowerId, Order)],
    ) -> Paradoxes {
        if board.paradoxes.is_empty() {
            return Paradoxes {
                units: Vec::new(),
                orders: Vec::new(),
                first: Vec::new(),
                member: Vec::new(),
                named_by: Vec::new(),
                rule: ("?", "?"),
                other: Vec::new(),
            };
        }
        let mut member = vec![NONE; board.eff.len()];
        for (p, units) in board.paradoxes.iter().enumerate() {
            for &u in units {
                member[u as usize] = p as u32;
            }
        }
        let mut listed: Vec<Vec<Order>> = vec![Vec::new(); board.paradoxes.len()];
        let mut first = vec![NONE; board.paradoxes.len()];
        for (i, s) in status.iter().enumerate() {
            let Status::Effective(u) = *s else { continue };
            let p = member[u as usize];
            if p != NONE {
                if first[p as usize] == NONE {
                    first[p as usize] = u;
                }
                listed[p as usize].push(orders[i].1.clone());
            }
        }
        let mut named_by: Vec<(u32, u32)> = board
            .paradoxes
            .iter()
            .enumerate()
            .flat_map(|(p, units)| units.iter().map(move |&v| (v, p as u32)))
            .flat_map(|(v, p)| named(&board.eff, board.unit_at, v).map(|t| (t, p)))
            .filter(|&(t, _)| t != NONE)
            .collect();
        named_by.sort_unstable();
        named_by.dedup();
        Paradoxes {
            units: board.paradoxes.clone(),
            orders: listed,
            first,
            member,
            named_by,
            rule: (
                rules.choice("convoy_paradox").unwrap_or("?"),
                rules.choice("paradox_fallback").unwrap_or("?"),
            ),
            other: board.other_cycle.clone(),
        }
    }

    /// The paradoxes `u` is part of or depends on: its own, else those with a unit its order
    /// names or whose order names it, else all of them.
    fn of(&self, u: u32, eff: &[Eff], unit_at: &[u32]) -> Vec<usize> {
        let own = self.member.get(u as usize).copied().unwrap_or(NONE);
        if own != NONE {
            return vec![own as usize];
        }
        let mut related: Vec<usize> = named(eff, unit_at, u)
            .into_iter()
            .filter(|&t| t != NONE)
            .map(|t| self.member[t as usize])
            .filter(|&p| p != NONE)
            .map(|p| p as usize)
            .collect();
        let start = self.named_by.partition_point(|&(t, _)| t < u);
        let by = self.named_by[start..].iter().take_while(|&&(t, _)| t == u);
        related.extend(by.map(|&(_, p)| p as usize));
        related.sort_unstable();
        related.dedup();
        if related.is_empty() {
            (0..self.units.len()).collect()
        } else {
            related
        }
    }

    /// The facts of paradoxes `which`, for the order of unit `u` in role `role`: at most
    /// [`NAMED`] of them, each by its orders, or by its first order where the paradox is long
    /// and `u`'s order is not that first one.
    fn describe(&self, which: &[usize], role: ParadoxRole, u: u32) -> Why {
        let paradoxes = which
            .iter()
            .take(NAMED)
            .map(|&p| {
                let orders = &self.orders[p];
                if orders.len() <= LISTED_IN_FULL || self.first[p] == u {
                    ParadoxName::Orders(orders.clone())
                } else {
                    ParadoxName::Listed {
                        first: orders[0].clone(),
                        orders: orders.len(),
                    }
                }
            })
            .collect();
        Why::Paradox(Box::new(ParadoxFacts {
            role,
            paradoxes,
            more: which.len().saturating_sub(NAMED),
            other_cycles: which.iter().all(|&p| self.other[p]),
            rule: self.rule,
        }))
    }

    /// The reason of an `unresolved` order of unit `u`.
    pub fn reason(&self, u: u32, board: &Board) -> Why {
        let which = self.of(u, &board.eff, board.unit_at);
        let role = if self.member.get(u as usize).is_some_and(|&p| p != NONE) {
            ParadoxRole::PartOf
        } else {
            ParadoxRole::DecidedBy
        };
        self.describe(&which, role, u)
    }

    /// The reason of a unit that holds and is attacked by the unresolved move of `attacker`
    /// (the unit `unit`).
    pub fn attacked_reason(&self, attacker: u32, unit: Unit, board: &Board) -> Why {
        let which = self.of(attacker, &board.eff, board.unit_at);
        // The attacked unit is no paradox's first order: a long paradox is referred to.
        self.describe(&which, ParadoxRole::AttackedBy(unit), NONE)
    }
}

/// The units the order of `a` names (supports, convoys, or moves into the province of), or
/// `NONE`.
fn named(eff: &[Eff], unit_at: &[u32], a: u32) -> [u32; 2] {
    match eff[a as usize] {
        Eff::SupportHold { target } => [target, NONE],
        Eff::SupportMove { target, to, .. } => [target, unit_at[to.index()]],
        Eff::Convoy { army, to } => [army, unit_at[to.index()]],
        Eff::Move { to, .. } => [unit_at[to.province.index()], NONE],
        Eff::Rail { to, .. } => [unit_at[to.index()], NONE],
        Eff::Hold => [NONE, NONE],
    }
}

/// The setting that settled a paradox by setting its convoys aside, as key and choice: the
/// paradox rule, or the fallback when the rule has no answer of its own.
pub(crate) fn settling_rule(rules: &Ruleset) -> (&'static str, &'static str) {
    let key = if rules.convoy_paradox.paradox_ruling() == ParadoxRuling::NoAnswer {
        "paradox_fallback"
    } else {
        "convoy_paradox"
    };
    (key, rules.choice(key).unwrap_or("?"))
}
