//! The conditions of DATC 3.2 5.B, evaluated under an assignment of the decisions.

use super::*;

/// One evaluation of the conditions under an assignment, recording which decisions it read.
pub(super) struct Eval<'b, 'a> {
    pub(super) b: &'b Board<'a>,
    pub(super) vals: &'b [bool],
    pub(super) reads: Cell<u64>,
}

impl Eval<'_, '_> {
    /// The assumed result of piece `i`'s decision.
    pub(super) fn val(&self, i: usize) -> bool {
        let v = self.b.pieces[i].var.expect("a decision");
        self.reads.set(self.reads.get() | 1 << v);
        self.vals[v]
    }

    /// The condition of piece `i`'s decision. Every decision the condition could depend on is
    /// read, whatever the values (no short cuts), so that one evaluation finds them all.
    pub(super) fn decide(&self, i: usize) -> bool {
        match self.b.pieces[i].act {
            Act::Move { .. } => self.move_succeeds(i),
            Act::SupportHold { .. } | Act::SupportMove { .. } => self.support_given(i),
            Act::Convoy { .. } => !self.dislodged(i),
            Act::Hold => unreachable!("a hold is no decision"),
        }
    }

    /// How many of the supports are given, and how many of those are not of `power`.
    pub(super) fn given(&self, supports: &[usize], power: Option<PowerId>) -> (u32, u32) {
        let vals: Vec<(bool, PowerId)> = supports
            .iter()
            .map(|&s| (self.val(s), self.b.pieces[s].power))
            .collect();
        let all = vals.iter().filter(|v| v.0).count() as u32;
        let foreign = vals.iter().filter(|v| v.0 && Some(v.1) != power).count() as u32;
        (all, foreign)
    }

    /// 5.B.4 PATH, with the ruleset's 4.A.1 multi-route rule.
    pub(super) fn path(&self, i: usize) -> bool {
        let Act::Move { convoyed: true, .. } = self.b.pieces[i].act else {
            return true;
        };
        let mut fleets = self.b.convoys_of(i);
        let ok: Vec<bool> = fleets.iter().map(|&f| self.val(f)).collect();
        let working: u64 = fleets
            .iter()
            .zip(&ok)
            .filter(|(_, &v)| v)
            .fold(0, |m, (&f, _)| m | 1 << f);
        match self.b.choices.multi_route {
            "all-routes" => self.b.route_exists(i, working),
            "one-route" | "dptg" => {
                if self.b.choices.multi_route == "dptg" {
                    let own: Vec<usize> = fleets
                        .iter()
                        .copied()
                        .filter(|&f| self.b.pieces[f].power == self.b.pieces[i].power)
                        .collect();
                    if !self.b.routes(i, &own).is_empty() {
                        fleets = own;
                    }
                }
                let routes = self.b.routes(i, &fleets);
                !routes.is_empty() && routes.iter().flatten().all(|&f| working & (1 << f) != 0)
            }
            other => panic!("oracle: multi-route rule {other} not known"),
        }
    }

    /// Whether the unit in the destination of `i`'s move stays there (holds, fails, or meets
    /// `i` head to head); reads its move.
    pub(super) fn stays(&self, i: usize, d: usize) -> bool {
        match self.b.pieces[d].act {
            Act::Move { .. } => !self.val(d) || self.b.opponent(i) == Some(d),
            _ => true,
        }
    }

    /// 5.B.8 ATTACK STRENGTH.
    pub(super) fn attack(&self, i: usize) -> u32 {
        let Act::Move { to, .. } = self.b.pieces[i].act else {
            unreachable!()
        };
        let path = self.path(i);
        let dest = self.b.piece_in(to);
        let stays = dest.map(|d| self.stays(i, d)).unwrap_or(false);
        let attacked = dest.map(|d| self.b.pieces[d].power);
        let (all, foreign) = self.given(&self.b.supports_of(i), attacked);
        match (path, stays) {
            (false, _) => 0,
            (true, false) => 1 + all,
            (true, true) if attacked == Some(self.b.pieces[i].power) => 0,
            (true, true) => 1 + foreign,
        }
    }

    /// 5.B.5 HOLD STRENGTH of a province.
    pub(super) fn hold(&self, p: ProvinceId) -> u32 {
        let Some(d) = self.b.piece_in(p) else {
            return 0;
        };
        match self.b.pieces[d].act {
            Act::Move { .. } => u32::from(!self.val(d)),
            _ => 1 + self.given(&self.b.supports_of(d), None).0,
        }
    }

    /// 5.B.7 DEFEND STRENGTH.
    pub(super) fn defend(&self, i: usize) -> u32 {
        1 + self.given(&self.b.supports_of(i), None).0
    }

    /// 5.B.6 PREVENT STRENGTH, with the ruleset's 4.A.7 choice.
    pub(super) fn prevent(&self, i: usize) -> u32 {
        let path = self.path(i);
        let strength = 1 + self.given(&self.b.supports_of(i), None).0;
        let beaten = match self.b.choices.bounce {
            "unless-head-to-head" => self.b.opponent(i).map(|o| self.val(o)).unwrap_or(false),
            "never" => {
                let own = self.val(i);
                let back = self.back_movers(i);
                let any = back.iter().map(|&o| self.val(o)).fold(false, |a, b| a | b);
                !own && any
            }
            other => panic!("oracle: dislodged-unit-bounce rule {other} not known"),
        };
        if !path || beaten {
            0
        } else {
            strength
        }
    }

    /// The units moving from `i`'s destination into `i`'s province (directly or by convoy).
    pub(super) fn back_movers(&self, i: usize) -> Vec<usize> {
        let Act::Move { to, .. } = self.b.pieces[i].act else {
            return Vec::new();
        };
        let at = self.b.pieces[i].at;
        self.b
            .movers_into(at)
            .into_iter()
            .filter(|&o| self.b.pieces[o].at == to)
            .collect()
    }

    /// 5.B.1 MOVE.
    pub(super) fn move_succeeds(&self, i: usize) -> bool {
        let Act::Move { to, .. } = self.b.pieces[i].act else {
            unreachable!()
        };
        let attack = self.attack(i);
        let resist = match self.b.opponent(i) {
            Some(o) => self.defend(o),
            None => self.hold(to),
        };
        let prevents: Vec<u32> = self
            .b
            .movers_into(to)
            .into_iter()
            .filter(|&c| c != i)
            .map(|c| self.prevent(c))
            .collect();
        attack > resist && prevents.iter().all(|&p| attack > p)
    }

    /// Whether the (non-moving) unit `i` is dislodged: a move into its province succeeds.
    pub(super) fn dislodged(&self, i: usize) -> bool {
        let movers = self.b.movers_into(self.b.pieces[i].at);
        let vals: Vec<bool> = movers.iter().map(|&m| self.val(m)).collect();
        vals.contains(&true)
    }

    /// 5.B.2 SUPPORT, with the ruleset's 4.A.2 and 4.A.4 choices for convoyed attackers.
    pub(super) fn support_given(&self, s: usize) -> bool {
        let at = self.b.pieces[s].at;
        let movers = self.b.movers_into(at);
        let cuts: Vec<bool> = movers.iter().map(|&m| self.cuts(m, s)).collect();
        // The rulebooks' paradox rules exempt the support from the dislodge rule too (6.F.17).
        let dislodging: Vec<bool> = movers
            .iter()
            .map(|&m| self.val(m) && !(self.convoyed(m) && self.exempt(m, s)))
            .collect();
        !cuts.contains(&true) && !dislodging.contains(&true)
    }

    /// Whether `m` is a convoyed move.
    pub(super) fn convoyed(&self, m: usize) -> bool {
        matches!(self.b.pieces[m].act, Act::Move { convoyed: true, .. })
    }

    /// Whether the move `m` into the supporter `s`'s province cuts its support.
    pub(super) fn cuts(&self, m: usize, s: usize) -> bool {
        let (mp, sp) = (&self.b.pieces[m], &self.b.pieces[s]);
        let Act::Move { convoyed, .. } = mp.act else {
            unreachable!()
        };
        let path = self.path(m);
        let against = match sp.act {
            Act::SupportHold { target } => self.b.pieces[target].at,
            Act::SupportMove { to, .. } => to,
            _ => unreachable!(),
        };
        let from_target = mp.at == against && !(convoyed && self.b.choices.origin == "dptg");
        path && mp.power != sp.power && !from_target && !(convoyed && self.exempt(m, s))
    }

    /// The 4.A.2 rules under which a convoyed army `m` does not cut the support of `s`.
    pub(super) fn exempt(&self, m: usize, s: usize) -> bool {
        let b = self.b;
        let sp = &b.pieces[s];
        let fleets = b.convoys_of(m);
        match (b.choices.paradox, sp.act) {
            ("1971", Act::SupportMove { target, to }) => {
                sp.fleet && b.pieces[target].fleet && fleets.iter().any(|&f| b.pieces[f].at == to)
            }
            ("1982", act) => {
                let place = match act {
                    Act::SupportHold { target } => b.pieces[target].at,
                    Act::SupportMove { to, .. } => to,
                    _ => return false,
                };
                sp.fleet
                    && b.map.province(place).terrain == Terrain::Sea
                    && b.piece_in(place)
                        .is_some_and(|f| matches!(b.pieces[f].act, Act::Convoy { .. }))
            }
            ("2000", Act::SupportMove { to, .. }) => fleets
                .iter()
                .any(|&f| b.pieces[f].at == to && !b.route_exists(m, !(1 << f))),
            _ => false,
        }
    }
}
