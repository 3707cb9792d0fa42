//! One adjudication of one decision, optimistic or pessimistic: DATC 5.B.1 MOVE, 5.B.2 SUPPORT
//! (with the rulebooks' paradox exemptions from support cutting, DATC 4.A.2 a-c) and 5.B.3
//! CONVOY, and the dispatch to the railroad and canal decisions.

use diplo_rules::policies::*;

use crate::interpret::{Eff, NONE};

use super::board::{Board, Extra};
use super::tables::Tri;

impl Board<'_> {
    /// 5.B.1 MOVE, optimistic or pessimistic.
    pub(super) fn adjudicate_move(&self, u: u32, opt: bool) -> bool {
        let dest = self.dest(u).province;
        let atk = self.attack_in(u, opt);
        if atk == 0 {
            return false;
        }
        let beats_defender = || atk > self.defend_in(self.counter[u as usize], !opt);
        let beats_hold = || atk > self.hold_in(dest, !opt);
        // Under Brannan's rule the unit moving into the last fleet's province must also beat
        // that fleet where it stands.
        let into_last_fleet = self.via_last_fleet.get(u as usize) && !self.convoyed(u);
        let wins = match self.h2h(u) {
            Tri::Yes => beats_defender() && (!into_last_fleet || beats_hold()),
            Tri::No => beats_hold(),
            _ if opt => beats_defender() || beats_hold(),
            _ => beats_defender() && beats_hold(),
        };
        if !wins {
            return false;
        }
        // A railroad move in a head-to-head battle cannot dislodge (DATC 2.4 7.B.29): the unit
        // there leaves only by winning the battle.
        if self.no_dislodge.get(u as usize) && self.unit_at[dest.index()] != NONE {
            return false;
        }
        for &c in self.moves_to.get(dest.index()) {
            if c != u && atk <= self.prevent_in(c, !opt) {
                return false;
            }
        }
        // A railroad move that gets to this place bounces others there (DATC 2.4 7.B.1).
        for &a in self.rail_into.get(dest.index()) {
            let Extra::At(ri, k) = self.extra_of(a) else {
                continue;
            };
            if self.ignoring.get() == ri || !self.rail_competes_with(ri, u) {
                continue;
            }
            if atk <= self.rail_prevent(ri as usize, k as usize, !opt) {
                return false;
            }
        }
        true
    }

    /// DATC 4.A.2 a-c: whether the rulebook's paradox rule keeps convoyed army `a` from cutting
    /// the support of `s`.
    fn paradox_exempt(&self, a: u32, s: u32) -> bool {
        let fleets = self.convoys_of.get(a as usize);
        let convoy_fleet_in = |p: diplo_map::ProvinceId| {
            fleets
                .iter()
                .copied()
                .find(|&f| self.units[f as usize].location.province == p)
        };
        let s_is_fleet = self.units[s as usize].kind == diplo_map::UnitKind::Fleet;
        match (self.choices.cut_exemption, self.eff[s as usize]) {
            (ConvoyCutExemption::None, _) => false,
            (
                ConvoyCutExemption::FleetSupportingAttackOnConvoy,
                Eff::SupportMove { target, to, .. },
            ) => {
                s_is_fleet
                    && self.units[target as usize].kind == diplo_map::UnitKind::Fleet
                    && convoy_fleet_in(to).is_some()
            }
            (ConvoyCutExemption::FleetSupportingActionAtConvoyingSea, e) => {
                let at = match e {
                    Eff::SupportMove { to, .. } => to,
                    Eff::SupportHold { target } => self.units[target as usize].location.province,
                    _ => return false,
                };
                let f = self.unit_at[at.index()];
                s_is_fleet
                    && self.map.can_convoy_through(at)
                    && f != NONE
                    && matches!(self.eff[f as usize], Eff::Convoy { .. })
            }
            (ConvoyCutExemption::SupportOfAttackOnNecessaryFleet, Eff::SupportMove { to, .. }) => {
                convoy_fleet_in(to).is_some_and(|f| self.necessary(a, f))
            }
            _ => false,
        }
    }

    /// 5.B.2 SUPPORT: given unless cut or the supporter is dislodged.
    fn adjudicate_support(&self, s: u32, opt: bool) -> bool {
        let p = self.units[s as usize].location.province;
        let against = match self.eff[s as usize] {
            Eff::SupportMove { to, .. } => Some(to),
            _ => None,
        };
        for &a in self.moves_to.get(p.index()) {
            let convoyed = self.convoyed(a);
            // The rulebooks' paradox rules keep a convoyed army from cutting the support; the
            // rule takes precedence over the dislodge rule too (DATC 4.A.2, 6.F.17).
            if convoyed && self.power(a) != self.power(s) && self.paradox_exempt(a, s) {
                continue;
            }
            // Dislodged: a unit successfully moves in (the supporter does not move).
            match self.st(a) {
                Tri::Yes => return false,
                Tri::Unknown | Tri::Unresolved if !opt => return false,
                _ => {}
            }
            if self.power(a) == self.power(s) {
                continue;
            }
            let from = self.units[a as usize].location.province;
            if Some(from) == against
                && !(convoyed && self.choices.support_cut_from_origin_by_convoy)
            {
                continue;
            }
            if self.path(a, !opt) && self.cuts_over_border(a, s, opt) {
                return false;
            }
        }
        // DATC 2.4 7.B.14: a railroad move cuts no support, unless the ruleset says it does
        // where it tries to enter.
        if self.choices.railroad_cuts {
            for &at in self.rail_into.get(p.index()) {
                let Extra::At(ri, k) = self.extra_of(at) else {
                    continue;
                };
                let r = &self.rails[ri as usize];
                if r.power == self.power(s) {
                    continue;
                }
                let came_from = if k == 0 {
                    self.units[r.unit as usize].location.province
                } else {
                    r.path[k as usize - 1]
                };
                if Some(came_from) == against {
                    continue;
                }
                if self.holds(at, !opt) {
                    return false;
                }
            }
        }
        true
    }

    /// 5.B.3 CONVOY: available unless the fleet is dislodged.
    pub(super) fn adjudicate_convoy(&self, f: u32, opt: bool) -> bool {
        let p = self.units[f as usize].location.province;
        for &a in self.moves_to.get(p.index()) {
            match self.st(a) {
                Tri::Yes => return false,
                Tri::Unknown | Tri::Unresolved if !opt => return false,
                _ => {}
            }
        }
        true
    }

    pub(super) fn adjudicate(&self, u: u32, opt: bool) -> bool {
        let Some(e) = self.eff.get(u as usize) else {
            return match self.extra_of(u) {
                Extra::At(ri, k) => self.rail_at(ri as usize, k as usize, opt),
                Extra::Pass(ri, k) => self.rail_pass(ri as usize, k as usize, opt),
                Extra::Permit(f) => self.canal_permitted(f, opt),
            };
        };
        match *e {
            Eff::Move { .. } => self.adjudicate_move(u, opt),
            Eff::SupportHold { .. } | Eff::SupportMove { .. } => self.adjudicate_support(u, opt),
            Eff::Convoy { .. } => self.adjudicate_convoy(u, opt),
            Eff::Rail { .. } => self.rail_leaves(self.rail_of.get(u as usize) as usize, opt),
            Eff::Hold => false,
        }
    }
}
