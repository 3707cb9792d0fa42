//! The strengths of DATC 5.B.5-5.B.8 (hold, prevent, defend, attack), with the supports that
//! count, difficult and half-strength borders, and whether a move cuts a support by strength.

use diplo_map::PowerId;
use diplo_rules::policies::*;

use crate::interpret::NONE;

use super::board::{Board, HALF_DIRECT};
use super::tables::Tri;

/// A strength as the DATC counts it, in half points (a move over a half-strength border, 1900's
/// route around Africa, may have half a point): `Strength(3)` is 1.5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Strength(pub u32);

impl Strength {
    /// No strength.
    pub const ZERO: Strength = Strength(0);

    /// From the resolver's shifted strength in half points (0 = none, 2 = strength 0).
    pub fn from_shifted(x: u32) -> Strength {
        Strength(x.saturating_sub(2))
    }
}

impl std::fmt::Display for Strength {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.is_multiple_of(2) {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

impl Board<'_> {
    #[inline(always)]
    pub(super) fn count_supports(&self, u: u32, max: bool, except_power: Option<PowerId>) -> u32 {
        if self.unsupported.get(u as usize) {
            return 0;
        }
        let mut n = 0;
        for &s in self.supports_of.get(u as usize) {
            if Some(self.power(s)) != except_power && self.holds(s, max) {
                n += 1;
            }
        }
        n
    }

    // Strengths. Inside the resolver a strength is counted in half points and shifted by one
    // point: 0 means no strength at all (no path, an empty province, a unit that moved away, a
    // head-to-head loser), otherwise it is 2 + twice the DATC strength. A move over a difficult
    // passable border (DATC 2.4 chapter 10) counts one support less, so without support its DATC
    // strength is 0: it still enters an empty province and still bounces another such move, but
    // loses to any ordinary move. A move over a half-strength border (1900's route around
    // Africa) has half its strength: unsupported, ½ (3 here), it too enters an empty province
    // and bounces another such move, and loses to any ordinary move. The public `attack`,
    // `hold`, `defend` and `prevent` give DATC strengths (`Strength`, in half points).

    /// The difficult-border penalty of move `u`: 1 when it goes over land across a difficult
    /// border; while its route is unknown, the bound that helps (`max`) or hinders the move.
    fn penalty(&self, u: u32, max: bool) -> u32 {
        if !self.difficult.get(u as usize) {
            return 0;
        }
        match self.land_route(u) {
            Tri::Yes => 1,
            Tri::No => 0,
            _ => u32::from(!max),
        }
    }

    /// Whether move `u` goes at half strength (a half-strength border, by its own edge or
    /// landing from its convoy); while its route is unknown, the bound that helps (`max`) or
    /// hinders the move.
    fn at_half(&self, u: u32, max: bool) -> bool {
        let over_land = match self.half.get(u as usize) {
            0 => return false,
            HALF_DIRECT => Tri::Yes,
            _ => Tri::No,
        };
        match self.land_route(u) {
            Tri::Unknown | Tri::Unresolved => !max,
            r => r == over_land,
        }
    }

    /// The strength, in half points and shifted by one point (2), of move `u` with `supports`
    /// supports: the DATC strength less a difficult border's penalty, halved over a
    /// half-strength border (the `half_strength` choice says what is halved).
    #[inline(always)]
    fn move_strength(&self, u: u32, supports: u32, max: bool) -> u32 {
        if self.plain[u as usize] {
            4 + 2 * supports
        } else {
            self.strength_of_other(u, supports, max)
        }
    }

    /// [`Board::move_strength`] of a move that is not plain.
    fn strength_of_other(&self, u: u32, supports: u32, max: bool) -> u32 {
        let s = 1 + supports - self.penalty(u, max);
        2 + if self.at_half(u, max) {
            self.rules.half_strength.halve(s)
        } else {
            2 * s
        }
    }

    /// 5.B.8 ATTACK STRENGTH, shifted.
    #[inline(always)]
    pub(super) fn attack_in(&self, u: u32, max: bool) -> u32 {
        if !self.path(u, max) {
            return 0;
        }
        let dest = self.dest(u).province;
        let d = self.unit_at[dest.index()];
        let defender = if d == NONE {
            None
        } else if !self.is_move(d) {
            Some(self.power(d))
        } else {
            let h2h = self.h2h(u);
            let left = match self.st(d) {
                Tri::Yes => None,
                Tri::No => Some(self.power(d)),
                Tri::Unknown | Tri::Unresolved => (!max).then(|| self.power(d)),
            };
            match h2h {
                Tri::Yes => Some(self.power(d)),
                Tri::No => left,
                _ => {
                    if max {
                        left
                    } else {
                        Some(self.power(d))
                    }
                }
            }
        };
        if defender == Some(self.power(u)) {
            return 0;
        }
        self.move_strength(u, self.count_supports(u, max, defender), max)
    }

    /// 5.B.8 ATTACK STRENGTH (the DATC's number).
    pub fn attack(&self, u: u32, max: bool) -> Strength {
        Strength::from_shifted(self.attack_in(u, max))
    }

    /// 5.B.5 HOLD STRENGTH of a province, shifted.
    #[inline(always)]
    pub(super) fn hold_in(&self, p: diplo_map::ProvinceId, max: bool) -> u32 {
        let d = self.unit_at[p.index()];
        if d == NONE {
            return 0;
        }
        if self.is_move(d) {
            return match self.st(d) {
                Tri::Yes => 0,
                Tri::No => 4,
                Tri::Unknown | Tri::Unresolved => 4 * max as u32,
            };
        }
        2 * (2 + self.count_supports(d, max, None))
    }

    /// 5.B.5 HOLD STRENGTH of a province (the DATC's number).
    pub fn hold(&self, p: diplo_map::ProvinceId, max: bool) -> Strength {
        Strength::from_shifted(self.hold_in(p, max))
    }

    /// 5.B.7 DEFEND STRENGTH, shifted.
    pub(super) fn defend_in(&self, u: u32, max: bool) -> u32 {
        self.move_strength(u, self.count_supports(u, max, None), max)
    }

    /// 5.B.7 DEFEND STRENGTH (the DATC's number).
    pub fn defend(&self, u: u32, max: bool) -> Strength {
        Strength::from_shifted(self.defend_in(u, max))
    }

    /// 5.B.6 PREVENT STRENGTH, shifted, with DATC 4.A.7 from the ruleset.
    pub(super) fn prevent_in(&self, c: u32, max: bool) -> u32 {
        if !self.path(c, max) {
            return 0;
        }
        let o = self.counter[c as usize];
        if o != NONE {
            let o_moves = self.st(o);
            let (zero_known, zero_possible) = match self.choices.bounce_rule {
                // Lost a head-to-head battle: no effect on the attacker's origin.
                BounceRule::HeadToHeadOnly => {
                    let h = self.h2h(c);
                    (
                        h == Tri::Yes && o_moves == Tri::Yes,
                        h != Tri::No && o_moves != Tri::No,
                    )
                }
                // Dislodged by the unit it moved against, whatever the route.
                BounceRule::Always => {
                    let c_moves = self.st(c);
                    (
                        o_moves == Tri::Yes && c_moves == Tri::No,
                        o_moves != Tri::No && c_moves != Tri::Yes,
                    )
                }
            };
            if zero_known || (!max && zero_possible) {
                return 0;
            }
        }
        self.move_strength(c, self.count_supports(c, max, None), max)
    }

    /// 5.B.6 PREVENT STRENGTH (the DATC's number).
    pub fn prevent(&self, c: u32, max: bool) -> Strength {
        Strength::from_shifted(self.prevent_in(c, max))
    }

    /// Whether move `c` keeps others out of its destination at all (it may have strength 0
    /// over a difficult border and still bounce another such move).
    pub fn prevents(&self, c: u32) -> bool {
        self.prevent_in(c, true) > 0
    }

    /// Whether move `a` cuts support `s` by strength: a move over a difficult passable border
    /// cuts only with a support from a power other than the supporter's (DATC 2.4 10.A, 10.B,
    /// 10.O). `opt` is the support's optimistic adjudication.
    /// Over a half-strength border a move cuts no support by strength (1900 rule 7: "unless the
    /// attack results in the unit being dislodged"), nor does an army convoyed over one when
    /// the ruleset's `half_strength_convoy_cut` says so.
    pub(super) fn cuts_over_border(&self, a: u32, s: u32, opt: bool) -> bool {
        if self.at_half(a, !opt)
            && (self.half.get(a as usize) == HALF_DIRECT
                || self.rules.half_strength_convoy_cut.dislodge_only())
        {
            return false;
        }
        self.penalty(a, !opt) == 0 || self.count_supports(a, !opt, Some(self.power(s))) > 0
    }
}
