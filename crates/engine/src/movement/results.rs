//! The results of a movement phase: one per order, in submission order, with its resolution,
//! the tag of the unit it names (dislodged, destroyed) and the reason a player reads;
//! illegal orders (DATC 4.E.1), canal permissions (DATC 2.4 7.C) and unresolved paradoxes.

use diplo_map::{Location, PowerId, ProvinceId};
use diplo_orders::Order;
use diplo_rules::Ruleset;

use super::failures::{move_failure, rail_failure, support_cut};
use crate::explain::{settling_rule, Paradoxes};
use crate::interpret::{self, Eff, Status, NONE};
use crate::outcome::{OrderResult, Resolution, Tag};
use crate::position::Unit;
use crate::reason::{Fact, Reason, Text, Why};
use crate::resolve::{Board, Tri};
use crate::scratch::Pool;

/// One result per order, in submission order, each filled in place by `fill` (given the order)
/// from a hold that stands (its index and power set). In place: a `Reason` is large, and moving
/// it through several returns costs more than judging the order.
pub(super) fn results_of(
    orders: &[(PowerId, Order)],
    pool: &mut Pool,
    mut fill: impl FnMut(&mut OrderResult, &Order),
) -> Vec<OrderResult> {
    // A recycled vector's results are overwritten where they are: cheaper than dropping each
    // one and writing it anew.
    let mut results: Vec<OrderResult> = pool.used();
    results.truncate(orders.len());
    for (index, (r, (power, _))) in results.iter_mut().zip(orders).enumerate() {
        stands(r, index, *power);
    }
    let reused = results.len();
    results.reserve(orders.len() - reused);
    // Written straight into the vector (a push would copy each result once more).
    let rest = orders.iter().enumerate().skip(reused);
    results.extend(rest.map(|(index, (power, _))| OrderResult {
        index,
        power: *power,
        resolution: Resolution::Stands,
        tag: None,
        reason: Reason::NONE,
    }));
    for (r, (_, order)) in results.iter_mut().zip(orders) {
        fill(r, order);
    }
    results
}

/// Makes `r` the result of order `index` of `power`: a hold that stands.
fn stands(r: &mut OrderResult, index: usize, power: PowerId) {
    r.index = index;
    r.power = power;
    r.resolution = Resolution::Stands;
    r.tag = None;
    // Most reasons given back are empty already: nothing to drop or write.
    if !r.reason.is_empty() {
        r.reason = Reason::NONE;
    }
}

/// An illegal order (DATC 4.E.1: it is ignored); `tag`: what became of the unit it names.
pub(super) fn fill_illegal(r: &mut OrderResult, why: &Text, tag: Option<Tag>) {
    r.resolution = Resolution::Illegal;
    r.tag = tag;
    r.reason.why = Why::Text(*why);
}

/// Per unit, the move attacking it whose result is unresolved (a paradox without an answer),
/// or [`NONE`]; empty when no result is unresolved (`any`: some decision is unresolved; read it
/// with [`attacker_of`]).
pub(super) fn attacked_by_unresolved(
    board: &Board,
    unit_at: &[u32],
    any: bool,
    pool: &mut Pool,
) -> Vec<u32> {
    if !any {
        return pool.empty(0);
    }
    let mut attacked = pool.take(board.state.len(), NONE);
    for (a, state) in board.state.iter().enumerate() {
        if *state == Tri::Unresolved {
            if let Eff::Move { to, .. } = board.eff[a] {
                let d = unit_at[to.province.index()];
                if d != NONE {
                    attacked[d as usize] = a as u32;
                }
            }
        }
    }
    attacked
}

/// The unresolved move attacking unit `u` in `attacked` (from [`attacked_by_unresolved`]), or
/// [`NONE`].
fn attacker_of(attacked: &[u32], u: usize) -> u32 {
    attacked.get(u).copied().unwrap_or(NONE)
}

/// Everything the results of a movement phase are read from.
pub(super) struct Judged<'a> {
    pub(super) rules: &'a Ruleset,
    pub(super) units: &'a [Unit],
    pub(super) unit_at: &'a [u32],
    pub(super) interp: &'a interpret::Interpretation,
    pub(super) board: &'a Board<'a>,
    pub(super) ends: &'a [Option<Location>],
    pub(super) dislodged_by: &'a [u32],
    pub(super) tags: &'a [Option<Tag>],
    pub(super) attacked_unresolved: &'a [u32],
    pub(super) paradoxes: &'a Paradoxes,
    /// The orders as given (a reason may name what was ordered and is not in effect).
    pub(super) orders: &'a [(PowerId, Order)],
}

impl Judged<'_> {
    fn unit(&self, u: u32) -> Fact {
        Fact::Unit(self.units[u as usize])
    }

    /// Fills in the resolution, tag and reason of result `r` for `order` (its index and power
    /// set).
    pub(super) fn fill(&self, r: &mut OrderResult, order: &Order) {
        match &self.interp.status[r.index] {
            Status::Permission(k) => {
                (r.resolution, r.tag, r.reason) = self.permission(*k);
            }
            Status::Illegal(why) => {
                let tag = self.illegal_tag(r.power, order);
                fill_illegal(r, why, tag);
            }
            Status::Effective(u) => self.effective(*u, r),
        }
    }

    /// A canal permission: given when a fleet is ordered through the canal.
    fn permission(&self, k: usize) -> (Resolution, Option<Tag>, Reason) {
        let board = self.board;
        let pm = self.interp.permits[k];
        let fleet = self.unit_at[pm.from.index()];
        let moving = fleet != NONE
            && matches!(board.eff[fleet as usize], Eff::Move { to, .. } if to.province == pm.to);
        if moving {
            let used = board.canal_state(fleet) != Some(Tri::No);
            let template = if used {
                "permits {} to pass the canal"
            } else {
                "permits {} to pass the canal, but only one fleet may pass"
            };
            let reason = Reason::text(template, &[self.unit(fleet)]);
            (Resolution::Given, None, reason)
        } else {
            let reason = Reason::plain("no fleet was ordered to move that way");
            (Resolution::Invalid, None, reason)
        }
    }

    /// The tag of the unit an illegal order names, if it is the power's: it may still be
    /// dislodged.
    fn illegal_tag(&self, power: PowerId, order: &Order) -> Option<Tag> {
        let unit = order
            .unit()
            .map(|r| self.unit_at[r.place.province.index()])
            .unwrap_or(NONE);
        if unit != NONE && self.units[unit as usize].power == power {
            self.tags[unit as usize]
        } else {
            None
        }
    }

    /// The result of a unit's effective order, with its reason and tag, written into `r`.
    fn effective(&self, u: u32, r: &mut OrderResult) {
        let ui = u as usize;
        let tag = self.tags[ui];
        if let Some(t) = tag {
            r.tag = tag;
            r.reason.dislodged_by = Some((self.units[self.dislodged_by[ui] as usize], t));
        }
        if let Some(res) = self.plain_result(ui) {
            r.resolution = res;
            return;
        }
        let (res, why) = match self.interp.eff[ui] {
            _ if self.board.state[ui] == Tri::Unresolved => {
                (Resolution::Unresolved, self.paradoxes.reason(u, self.board))
            }
            Eff::Hold if attacker_of(self.attacked_unresolved, ui) != NONE && tag.is_none() => {
                let a = attacker_of(self.attacked_unresolved, ui);
                let why = self
                    .paradoxes
                    .attacked_reason(a, self.units[a as usize], self.board);
                (Resolution::Unresolved, why)
            }
            Eff::Hold => (Resolution::Stands, Why::Nothing),
            Eff::Rail { to, .. } => self.rail(u, to),
            Eff::Move { .. } => self.movement(u),
            Eff::SupportHold { .. } | Eff::SupportMove { .. } => self.support(u),
            Eff::Convoy { .. } => self.convoy(u),
        };
        r.resolution = res;
        r.reason.why = why;
    }

    /// The result of unit `u`'s order when it needs no sentence (most do not: a hold that
    /// stands, a move that succeeds, a support given, a convoy available), else `None`. A `Why`
    /// is large, so the common results skip building one.
    fn plain_result(&self, u: usize) -> Option<Resolution> {
        let state = self.board.state[u];
        match self.interp.eff[u] {
            Eff::Hold
                if state != Tri::Unresolved
                    && (attacker_of(self.attacked_unresolved, u) == NONE
                        || self.tags[u].is_some()) =>
            {
                Some(Resolution::Stands)
            }
            Eff::Move { .. } if state == Tri::Yes => Some(Resolution::Succeeds),
            Eff::SupportHold { .. } | Eff::SupportMove { .. }
                if state == Tri::Yes && self.interp.matches[u] =>
            {
                Some(Resolution::Given)
            }
            Eff::Convoy { .. } if state == Tri::Yes && self.interp.matches[u] => {
                Some(Resolution::Available)
            }
            _ => None,
        }
    }

    fn rail(&self, u: u32, to: ProvinceId) -> (Resolution, Why) {
        let ui = u as usize;
        let end = self.ends[ui].map_or(self.units[ui].location.province, |l| l.province);
        if end == to {
            (Resolution::Succeeds, Why::Nothing)
        } else {
            (Resolution::Fails, rail_failure(self.board, u, end))
        }
    }

    fn movement(&self, u: u32) -> (Resolution, Why) {
        let ui = u as usize;
        let board = self.board;
        let Eff::Move {
            to,
            possible,
            convoy,
            ..
        } = self.interp.eff[ui]
        else {
            return (Resolution::Fails, Why::Nothing);
        };
        if board.state[ui] == Tri::Yes {
            (Resolution::Succeeds, Why::Nothing)
        } else if convoy && possible && !board.convoy_ordered(u) {
            (Resolution::Invalid, Why::Text(self.no_convoy(u, to)))
        } else if !possible {
            let facts = [self.unit(u), Fact::Location(to)];
            let why = Why::Text(Text::new("{} cannot reach {}", &facts));
            (Resolution::Fails, why)
        } else {
            (Resolution::Fails, move_failure(board, u))
        }
    }

    /// Why army `u`'s move by convoy to `to` had no route: no fleet was ordered to convoy it,
    /// the convoys ordered for it are illegal, or the fleets that may convoy it make no chain.
    fn no_convoy(&self, u: u32, to: Location) -> Text {
        if !self.board.convoys_of.get(u as usize).is_empty() {
            let facts = [Fact::Location(to)];
            return Text::new(
                "the fleets ordered to convoy it make no chain to {}",
                &facts,
            );
        }
        let from = self.units[u as usize].location.province;
        let ordered = self.orders.iter().any(|(_, o)| {
            matches!(o, Order::Convoy { army, to: t, .. }
                if army.place.province == from && t.province == to.province)
        });
        match ordered {
            true => Text::plain("the orders to convoy it are illegal: no fleet could convoy it"),
            false => Text::plain("no fleets were ordered to convoy it"),
        }
    }

    fn support(&self, u: u32) -> (Resolution, Why) {
        let ui = u as usize;
        if !self.interp.matches[ui] {
            let why = Text::plain("the supported unit was not ordered that way");
            (Resolution::Invalid, Why::Text(why))
        } else if self.board.state[ui] == Tri::Yes {
            (Resolution::Given, Why::Nothing)
        } else {
            (Resolution::Cut, support_cut(self.board, u))
        }
    }

    fn convoy(&self, u: u32) -> (Resolution, Why) {
        let ui = u as usize;
        if !self.interp.matches[ui] {
            let why = Text::plain("the army was not ordered to move that way by convoy");
            (Resolution::Invalid, Why::Text(why))
        } else if self.board.state[ui] == Tri::Yes {
            (Resolution::Available, Why::Nothing)
        } else if self.dislodged_by[ui] != NONE {
            let why = Text::plain("the fleet is dislodged");
            (Resolution::Disrupted, Why::Text(why))
        } else {
            let (key, choice) = settling_rule(self.rules);
            let why = Text::new(
                "a convoy paradox: the convoy is set aside ({} = \"{}\")",
                &[Fact::Word(key), Fact::Word(choice)],
            );
            (Resolution::Disrupted, Why::Text(why))
        }
    }
}
