//! Reasons for the orders a convoy paradox decides: which paradox (its orders) and which rule.
//!
//! When the ruleset's paradox rule gives no answer (the 1971, 1982 and 2000 rules in a paradox
//! they do not cover, DATC 4.A.2) and no `paradox_fallback` is set, the resolver marks the cycle
//! `Unresolved`; every order it decides says so, names the paradox's orders and the rule.

use diplo_map::PowerId;
use diplo_orders::Order;
use diplo_rules::policies::ConvoyParadox;
use diplo_rules::policies::ParadoxRuling;
use diplo_rules::Ruleset;

use crate::interpret::{Eff, Status};
use crate::position::Unit;
use crate::reason::{ParadoxFacts, ParadoxRole, Why};
use crate::resolve::Board;

/// The unresolved paradoxes of one movement phase, kept for reasons.
pub(crate) struct Paradoxes {
    /// Per paradox: its units.
    units: Vec<Vec<u32>>,
    /// Per paradox: its orders, in submission order.
    orders: Vec<Vec<Order>>,
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
                rule: ("?", "?"),
                other: Vec::new(),
            };
        }
        let orders = board
            .paradoxes
            .iter()
            .map(|members| {
                status
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| matches!(s, Status::Effective(u) if members.contains(u)))
                    .map(|(i, _)| orders[i].1.clone())
                    .collect()
            })
            .collect();
        Paradoxes {
            units: board.paradoxes.clone(),
            orders,
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
        if let Some(p) = self.units.iter().position(|m| m.contains(&u)) {
            return vec![p];
        }
        let related: Vec<usize> = (0..self.units.len())
            .filter(|&p| {
                self.units[p]
                    .iter()
                    .any(|&v| names(eff, unit_at, u, v) || names(eff, unit_at, v, u))
            })
            .collect();
        if related.is_empty() {
            (0..self.units.len()).collect()
        } else {
            related
        }
    }

    /// The facts of paradoxes `which`, for an order in role `role`.
    fn describe(&self, which: &[usize], role: ParadoxRole) -> Why {
        Why::Paradox(Box::new(ParadoxFacts {
            role,
            orders: which.iter().map(|&p| self.orders[p].clone()).collect(),
            other_cycles: which.iter().all(|&p| self.other[p]),
            rule: self.rule,
        }))
    }

    /// The reason of an `unresolved` order of unit `u`.
    pub fn reason(&self, u: u32, board: &Board) -> Why {
        let which = self.of(u, &board.eff, board.unit_at);
        let role = if self.units.iter().any(|m| m.contains(&u)) {
            ParadoxRole::PartOf
        } else {
            ParadoxRole::DecidedBy
        };
        self.describe(&which, role)
    }

    /// The reason of a unit that holds and is attacked by the unresolved move of `attacker`
    /// (the unit `unit`).
    pub fn attacked_reason(&self, attacker: u32, unit: Unit, board: &Board) -> Why {
        let which = self.of(attacker, &board.eff, board.unit_at);
        self.describe(&which, ParadoxRole::AttackedBy(unit))
    }
}

/// Whether the order of `a` names `b` (supports, convoys it, or moves into its province).
fn names(eff: &[Eff], unit_at: &[u32], a: u32, b: u32) -> bool {
    match eff[a as usize] {
        Eff::SupportHold { target } => target == b,
        Eff::SupportMove { target, to, .. } => target == b || unit_at[to.index()] == b,
        Eff::Convoy { army, to } => army == b || unit_at[to.index()] == b,
        Eff::Move { to, .. } => unit_at[to.province.index()] == b,
        Eff::Rail { to, .. } => unit_at[to.index()] == b,
        Eff::Hold => false,
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
