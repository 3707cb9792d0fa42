//! The movement resolver: the partial-information algorithm of DATC 3.2 chapter 5.E.
//!
//! Every unit with a move, support or convoy order has one boolean decision (the move
//! succeeds, the support is given, the convoy is available), initially unknown. An order is
//! adjudicated twice from what is known so far: optimistically (every unknown decision goes the
//! way that helps the order) and pessimistically; when both agree, the decision is made. This is
//! the `adjudicate(order, optimistic)` of 5.E, with the strengths of 5.B.
//!
//! Instead of the recursive `resolve` of 5.E, decisions are driven by an explicit worklist: an
//! undecided order watches the unknown decisions it read, and is adjudicated again when one of
//! them is made. The stack depth is constant and the work is close to linear in the number of
//! orders, however long a chain of moves is. When nothing more can be decided from partial
//! information, the remaining decisions depend on each other in cycles: the strongly connected
//! components of the "reads" graph that nothing outside depends on are exactly the clean
//! cycles of 5.D. The backup rule of 5.B.9 is applied to them: a cycle of moves only is
//! circular movement (all succeed); a cycle with a convoy is a paradox, settled by the
//! ruleset's paradox policy; any other cycle (variants) fails its moves and supports. Then
//! propagation resumes.

use std::cell::RefCell;
use std::collections::VecDeque;

use diplo_map::{Location, Map, PowerId};
use diplo_rules::policies::*;
use diplo_rules::Ruleset;

use crate::interpret::{Eff, Interpretation, NONE};
use crate::position::Unit;

/// A decision's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tri {
    /// Not decided yet.
    Unknown,
    /// The move succeeds / the support is given / the convoy is available.
    Yes,
    /// The opposite.
    No,
    /// Part of (or decided only by) a paradox the ruleset's rule gives no answer for.
    Unresolved,
}

impl Tri {
    fn and(self, other: Tri) -> Tri {
        match (self, other) {
            (Tri::No, _) | (_, Tri::No) => Tri::No,
            (Tri::Yes, Tri::Yes) => Tri::Yes,
            _ => Tri::Unknown,
        }
    }
    fn open(self) -> bool {
        matches!(self, Tri::Unknown | Tri::Unresolved)
    }
}

/// Compressed lists: `items[start[i]..start[i+1]]` belong to `i`.
pub(crate) struct Csr {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Csr {
    fn build(n: usize, pairs: &mut [(u32, u32)]) -> Csr {
        pairs.sort_unstable();
        let mut start = vec![0u32; n + 1];
        for &(k, _) in pairs.iter() {
            start[k as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        Csr {
            start,
            items: pairs.iter().map(|&(_, v)| v).collect(),
        }
    }
    #[inline]
    pub fn get(&self, i: usize) -> &[u32] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// Everything the resolver needs, in dense arrays.
pub(crate) struct Board<'a> {
    pub map: &'a Map,
    pub rules: &'a Ruleset,
    pub units: &'a [Unit],
    pub eff: &'a [Eff],
    pub unit_at: &'a [u32],
    /// Per unit: the units whose matching support it receives.
    pub supports_of: Csr,
    /// Per army: the fleets whose matching convoy it may use.
    pub convoys_of: Csr,
    /// Per province: the units moving there.
    pub moves_to: Csr,
    /// Per moving unit: the unit at its destination moving back to its origin (any route), or,
    /// under Brannan's rule, the other unit of a head-to-head through a last convoying fleet.
    pub counter: Vec<u32>,
    /// Per moving unit: its `counter` is a head-to-head through the last convoying fleet
    /// (DATC 4.A.4 point 1): a convoyed army, and the unit at its destination moving into the
    /// province of the army's only last convoying fleet.
    via_last_fleet: Vec<bool>,
    /// Per moving unit: its move was voided by the paradox rule (DATC 2.4's Szykman wording):
    /// it has no path, so no effect anywhere, and no land fallback.
    voided: Vec<bool>,
    /// Per moving unit: its move over land crosses a difficult passable border (DATC 2.4
    /// chapter 10): one support less, and no support cut without outside support.
    difficult: Vec<bool>,
    pub state: Vec<Tri>,
    /// The cycles the paradox rule gave no answer for (their units are `Unresolved`).
    pub paradoxes: Vec<Vec<u32>>,
    route_rule: RouteRule,
    bounce_rule: BounceRule,
    cut_exemption: ConvoyCutExemption,
    support_cut_from_origin_by_convoy: bool,
    recording: bool,
    reads: RefCell<Vec<u32>>,
}

impl<'a> Board<'a> {
    pub fn new(
        map: &'a Map,
        rules: &'a Ruleset,
        units: &'a [Unit],
        unit_at: &'a [u32],
        interp: &'a Interpretation,
    ) -> Self {
        let n = units.len();
        let eff = &interp.eff[..];
        let path_rule = rules.convoy_path.path_rule();
        let mut sup = Vec::new();
        let mut conv = Vec::new();
        let mut mv = Vec::new();
        for (i, e) in eff.iter().enumerate() {
            match *e {
                Eff::SupportHold { target } | Eff::SupportMove { target, .. }
                    if interp.matches[i] =>
                {
                    sup.push((target, i as u32))
                }
                Eff::Convoy { army, .. }
                    if interp.matches[i]
                        && matches!(eff[army as usize], Eff::Move { convoy: true, .. }) =>
                {
                    // DATC 4.A.6: a written path restricts the convoy to the fleets it names.
                    let path = &interp.paths[army as usize];
                    if path_rule == PathRule::Ignored
                        || path.is_empty()
                        || path.contains(&units[i].location.province)
                    {
                        conv.push((army, i as u32))
                    }
                }
                Eff::Move { to, .. } => mv.push((to.province.0, i as u32)),
                _ => {}
            }
        }
        let mut counter = vec![NONE; n];
        for (i, e) in eff.iter().enumerate() {
            if let Eff::Move { to, .. } = *e {
                let d = unit_at[to.province.index()];
                if d != NONE {
                    if let Eff::Move { to: back, .. } = eff[d as usize] {
                        if back.province == units[i].location.province {
                            counter[i] = d;
                        }
                    }
                }
            }
        }
        let state = eff
            .iter()
            .enumerate()
            .map(|(i, e)| match e {
                Eff::Hold => Tri::No,
                Eff::Move { .. } => Tri::Unknown,
                _ if !interp.matches[i] => Tri::No,
                _ => Tri::Unknown,
            })
            .collect();
        let mut board = Board {
            map,
            rules,
            units,
            eff,
            unit_at,
            supports_of: Csr::build(n, &mut sup),
            convoys_of: Csr::build(n, &mut conv),
            moves_to: Csr::build(map.provinces().len(), &mut mv),
            counter,
            via_last_fleet: vec![false; n],
            voided: vec![false; n],
            difficult: eff
                .iter()
                .zip(units)
                .map(|(e, u)| match *e {
                    Eff::Move { to, .. } => {
                        map.is_difficult(u.kind, u.location.province, to.province)
                    }
                    _ => false,
                })
                .collect(),
            state,
            paradoxes: Vec::new(),
            route_rule: rules.multi_route_disruption.route_rule(),
            bounce_rule: rules.dislodged_unit_bounce.bounce_rule(),
            cut_exemption: rules.convoy_paradox.cut_exemption(),
            support_cut_from_origin_by_convoy: rules
                .convoyed_attack_origin
                .convoyed_attack_cuts_support_against_its_origin(),
            recording: false,
            reads: RefCell::new(Vec::new()),
        };
        if rules
            .multi_route_disruption
            .own_route_drops_foreign_fleets()
        {
            board.drop_foreign_fleets_where_own_route_exists();
        }
        if rules
            .convoyed_attack_origin
            .convoyed_attack_meets_move_into_last_fleet()
        {
            board.pair_moves_into_last_fleet();
        }
        board
    }

    /// Brannan's rule (DATC 4.A.4 point 1, 6.F.30): a convoyed attack comes from its last
    /// convoying fleet, so it meets the unit at its destination moving into that fleet's
    /// province head to head. Only where the army has one last fleet: with several, the attack
    /// also comes from the others (as 4.A.4 point 2 reasons for support cutting).
    fn pair_moves_into_last_fleet(&mut self) {
        for x in 0..self.units.len() {
            let Eff::Move {
                to, convoy: true, ..
            } = self.eff[x]
            else {
                continue;
            };
            let b = self.unit_at[to.province.index()];
            if b == NONE || self.counter[x] != NONE || self.counter[b as usize] != NONE {
                continue;
            }
            let Eff::Move { to: into, .. } = self.eff[b as usize] else {
                continue;
            };
            let from = self.units[x].location.province;
            let fleets = self.convoys_of.get(x);
            let on = self.fleets_on_a_route(from, to.province, fleets);
            let mut last = fleets
                .iter()
                .zip(&on)
                .filter(|&(&f, &on)| on && self.map.fleet_can_reach(self.sea(f), to.province))
                .map(|(&f, _)| self.units[f as usize].location.province);
            if let (Some(l), None) = (last.next(), last.next()) {
                if l == into.province {
                    self.counter[x] = b;
                    self.counter[b as usize] = x as u32;
                    self.via_last_fleet[x] = true;
                    self.via_last_fleet[b as usize] = true;
                }
            }
        }
    }

    /// DPTG VIII step 1: when the army's own fleets can complete a route, the convoy orders
    /// of foreign fleets for it are cancelled.
    fn drop_foreign_fleets_where_own_route_exists(&mut self) {
        let n = self.units.len();
        let mut pairs = Vec::new();
        for a in 0..n {
            let fleets = self.convoys_of.get(a);
            if fleets.is_empty() {
                continue;
            }
            let power = self.units[a].power;
            let Eff::Move { to, .. } = self.eff[a] else {
                continue;
            };
            let from = self.units[a].location.province;
            let own_route = self.route_exists(from, to.province, fleets, |f| {
                self.units[f as usize].power == power
            });
            for &f in fleets {
                if !own_route || self.units[f as usize].power == power {
                    pairs.push((a as u32, f));
                }
            }
        }
        self.convoys_of = Csr::build(n, &mut pairs);
    }

    #[inline]
    fn st(&self, v: u32) -> Tri {
        let s = self.state[v as usize];
        if s.open() && self.recording {
            self.reads.borrow_mut().push(v);
        }
        s
    }

    /// A decision counted as true: at most (`max`) when not known false, at least when known true.
    #[inline]
    fn holds(&self, v: u32, max: bool) -> bool {
        match self.st(v) {
            Tri::Yes => true,
            Tri::No => false,
            Tri::Unknown | Tri::Unresolved => max,
        }
    }

    #[inline]
    fn is_move(&self, u: u32) -> bool {
        matches!(self.eff[u as usize], Eff::Move { .. })
    }

    #[inline]
    fn dest(&self, u: u32) -> Location {
        match self.eff[u as usize] {
            Eff::Move { to, .. } => to,
            _ => unreachable!("dest of a unit that does not move"),
        }
    }

    #[inline]
    fn power(&self, u: u32) -> PowerId {
        self.units[u as usize].power
    }

    /// Whether a move is ordered by convoy (with or without a land fallback).
    #[inline]
    pub fn convoyed(&self, u: u32) -> bool {
        matches!(self.eff[u as usize], Eff::Move { convoy: true, .. })
    }

    /// 5.B.4 PATH, at most (`max`) or at least. A move with a land fallback always has one.
    pub fn path(&self, u: u32, max: bool) -> bool {
        let Eff::Move {
            convoy,
            possible,
            fallback,
            ..
        } = self.eff[u as usize]
        else {
            return false;
        };
        if !possible || self.voided[u as usize] {
            return false;
        }
        if !convoy || fallback {
            return true;
        }
        self.convoy_path(u, max)
    }

    /// Whether the convoy route of a convoyed move works, at most or at least.
    pub fn convoy_path(&self, u: u32, max: bool) -> bool {
        let Eff::Move { to, .. } = self.eff[u as usize] else {
            return false;
        };
        let fleets = self.convoys_of.get(u as usize);
        let from = self.units[u as usize].location.province;
        match self.route_rule {
            RouteRule::AnyIntactRoute => {
                self.route_exists(from, to.province, fleets, |f| self.holds(f, max))
            }
            RouteRule::EveryRouteIntact => {
                let on_route = self.fleets_on_a_route(from, to.province, fleets);
                on_route.iter().any(|&x| x)
                    && fleets
                        .iter()
                        .zip(&on_route)
                        .all(|(&f, &on)| !on || self.holds(f, max))
            }
        }
    }

    /// Whether `u` travels over land (as opposed to by convoy); for a move with a land
    /// fallback, known once its convoy route is known.
    fn land_route(&self, u: u32) -> Tri {
        match self.eff[u as usize] {
            Eff::Move { convoy: false, .. } => Tri::Yes,
            Eff::Move { .. } if self.voided[u as usize] => Tri::No,
            Eff::Move {
                fallback: false, ..
            } => Tri::No,
            Eff::Move { .. } => {
                if self.convoy_path(u, false) {
                    Tri::No
                } else if !self.convoy_path(u, true) {
                    Tri::Yes
                } else {
                    Tri::Unknown
                }
            }
            _ => Tri::No,
        }
    }

    /// After resolution: whether a convoyed move (with or without land fallback) went by convoy.
    pub fn h2h_route_was_convoy(&self, u: u32) -> bool {
        self.land_route(u) == Tri::No
    }

    /// Whether `u` is in a head-to-head battle: it and the unit at its destination move into
    /// each other's province, both over land.
    pub fn h2h(&self, u: u32) -> Tri {
        let o = self.counter[u as usize];
        if o == NONE {
            return Tri::No;
        }
        if self.via_last_fleet[u as usize] {
            // Brannan's rule: a head-to-head when the army goes by convoy.
            let army = if self.convoyed(u) { u } else { o };
            return match self.land_route(army) {
                Tri::Yes => Tri::No,
                Tri::No => Tri::Yes,
                t => t,
            };
        }
        self.land_route(u).and(self.land_route(o))
    }

    /// Whether the ordered convoys form any route at all for a convoyed move (ignoring whether
    /// they succeed). A convoyed move without one is legal but `invalid` (DATC 6.D.8, 6.G.8).
    pub fn convoy_ordered(&self, u: u32) -> bool {
        let Eff::Move { to, .. } = self.eff[u as usize] else {
            return false;
        };
        let from = self.units[u as usize].location.province;
        self.route_exists(from, to.province, self.convoys_of.get(u as usize), |_| true)
    }

    fn route_exists(
        &self,
        from: diplo_map::ProvinceId,
        to: diplo_map::ProvinceId,
        fleets: &[u32],
        ok: impl Fn(u32) -> bool,
    ) -> bool {
        let reach = self.reachable(from, fleets, &ok);
        fleets
            .iter()
            .zip(&reach)
            .any(|(&f, &r)| r && self.map.fleet_can_reach(self.sea(f), to))
    }

    #[inline]
    fn sea(&self, f: u32) -> Location {
        Location::province(self.units[f as usize].location.province)
    }

    /// Which of `fleets` (those `ok` accepts) a chain of them reaches from land province `from`.
    fn reachable(
        &self,
        from: diplo_map::ProvinceId,
        fleets: &[u32],
        ok: &impl Fn(u32) -> bool,
    ) -> Vec<bool> {
        let k = fleets.len();
        let mut seen = vec![false; k];
        let mut stack: Vec<usize> = Vec::with_capacity(k);
        for i in 0..k {
            if ok(fleets[i]) && self.map.fleet_can_reach(self.sea(fleets[i]), from) {
                seen[i] = true;
                stack.push(i);
            }
        }
        while let Some(i) = stack.pop() {
            for j in 0..k {
                if !seen[j]
                    && ok(fleets[j])
                    && self.map.fleet_can_reach(
                        self.sea(fleets[i]),
                        self.units[fleets[j] as usize].location.province,
                    )
                {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen
    }

    /// Per fleet: whether it lies on some route from `from` to `to` through the ordered fleets.
    fn fleets_on_a_route(
        &self,
        from: diplo_map::ProvinceId,
        to: diplo_map::ProvinceId,
        fleets: &[u32],
    ) -> Vec<bool> {
        let forward = self.reachable(from, fleets, &|_| true);
        let backward = self.reachable(to, fleets, &|_| true);
        forward
            .iter()
            .zip(&backward)
            .map(|(&a, &b)| a && b)
            .collect()
    }

    /// Whether fleet `f` is necessary for `a`'s convoy: without it no route remains.
    fn necessary(&self, a: u32, f: u32) -> bool {
        let Eff::Move { to, .. } = self.eff[a as usize] else {
            return false;
        };
        let from = self.units[a as usize].location.province;
        !self.route_exists(from, to.province, self.convoys_of.get(a as usize), |x| {
            x != f
        })
    }

    fn count_supports(&self, u: u32, max: bool, except_power: Option<PowerId>) -> u32 {
        let mut n = 0;
        for &s in self.supports_of.get(u as usize) {
            if Some(self.power(s)) != except_power && self.holds(s, max) {
                n += 1;
            }
        }
        n
    }

    // Strengths. Inside the resolver a strength is shifted by one: 0 means no strength at all
    // (no path, an empty province, a unit that moved away, a head-to-head loser), otherwise it
    // is 1 + the DATC strength. A move over a difficult passable border (DATC 2.4 chapter 10)
    // counts one support less, so without support its DATC strength is 0: it still enters an
    // empty province and still bounces another such move, but loses to any ordinary move.
    // The public `attack`, `hold`, `defend` and `prevent` give DATC strengths.

    /// The difficult-border penalty of move `u`: 1 when it goes over land across a difficult
    /// border; while its route is unknown, the bound that helps (`max`) or hinders the move.
    fn penalty(&self, u: u32, max: bool) -> u32 {
        if !self.difficult[u as usize] {
            return 0;
        }
        match self.land_route(u) {
            Tri::Yes => 1,
            Tri::No => 0,
            _ => u32::from(!max),
        }
    }

    /// 5.B.8 ATTACK STRENGTH, shifted.
    fn attack_in(&self, u: u32, max: bool) -> u32 {
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
        2 + self.count_supports(u, max, defender) - self.penalty(u, max)
    }

    /// 5.B.8 ATTACK STRENGTH (the DATC's number).
    pub fn attack(&self, u: u32, max: bool) -> u32 {
        self.attack_in(u, max).saturating_sub(1)
    }

    /// 5.B.5 HOLD STRENGTH of a province, shifted.
    fn hold_in(&self, p: diplo_map::ProvinceId, max: bool) -> u32 {
        let d = self.unit_at[p.index()];
        if d == NONE {
            return 0;
        }
        if self.is_move(d) {
            return match self.st(d) {
                Tri::Yes => 0,
                Tri::No => 2,
                Tri::Unknown | Tri::Unresolved => 2 * max as u32,
            };
        }
        2 + self.count_supports(d, max, None)
    }

    /// 5.B.5 HOLD STRENGTH of a province (the DATC's number).
    pub fn hold(&self, p: diplo_map::ProvinceId, max: bool) -> u32 {
        self.hold_in(p, max).saturating_sub(1)
    }

    /// 5.B.7 DEFEND STRENGTH, shifted.
    fn defend_in(&self, u: u32, max: bool) -> u32 {
        2 + self.count_supports(u, max, None) - self.penalty(u, max)
    }

    /// 5.B.7 DEFEND STRENGTH (the DATC's number).
    pub fn defend(&self, u: u32, max: bool) -> u32 {
        self.defend_in(u, max).saturating_sub(1)
    }

    /// 5.B.6 PREVENT STRENGTH, shifted, with DATC 4.A.7 from the ruleset.
    fn prevent_in(&self, c: u32, max: bool) -> u32 {
        if !self.path(c, max) {
            return 0;
        }
        let o = self.counter[c as usize];
        if o != NONE {
            let o_moves = self.st(o);
            let (zero_known, zero_possible) = match self.bounce_rule {
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
        2 + self.count_supports(c, max, None) - self.penalty(c, max)
    }

    /// 5.B.6 PREVENT STRENGTH (the DATC's number).
    pub fn prevent(&self, c: u32, max: bool) -> u32 {
        self.prevent_in(c, max).saturating_sub(1)
    }

    /// Whether move `c` keeps others out of its destination at all (it may have strength 0
    /// over a difficult border and still bounce another such move).
    pub fn prevents(&self, c: u32) -> bool {
        self.prevent_in(c, true) > 0
    }

    /// Whether move `a` cuts support `s` by strength: a move over a difficult passable border
    /// cuts only with a support from a power other than the supporter's (DATC 2.4 10.A, 10.B,
    /// 10.O). `opt` is the support's optimistic adjudication.
    fn cuts_over_border(&self, a: u32, s: u32, opt: bool) -> bool {
        self.penalty(a, !opt) == 0 || self.count_supports(a, !opt, Some(self.power(s))) > 0
    }

    /// 5.B.1 MOVE, optimistic or pessimistic.
    fn adjudicate_move(&self, u: u32, opt: bool) -> bool {
        let dest = self.dest(u).province;
        let atk = self.attack_in(u, opt);
        if atk == 0 {
            return false;
        }
        let beats_defender = || atk > self.defend_in(self.counter[u as usize], !opt);
        let beats_hold = || atk > self.hold_in(dest, !opt);
        // Under Brannan's rule the unit moving into the last fleet's province must also beat
        // that fleet where it stands.
        let into_last_fleet = self.via_last_fleet[u as usize] && !self.convoyed(u);
        let wins = match self.h2h(u) {
            Tri::Yes => beats_defender() && (!into_last_fleet || beats_hold()),
            Tri::No => beats_hold(),
            _ if opt => beats_defender() || beats_hold(),
            _ => beats_defender() && beats_hold(),
        };
        if !wins {
            return false;
        }
        for &c in self.moves_to.get(dest.index()) {
            if c != u && atk <= self.prevent_in(c, !opt) {
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
        match (self.cut_exemption, self.eff[s as usize]) {
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
            if Some(from) == against && !(convoyed && self.support_cut_from_origin_by_convoy) {
                continue;
            }
            if self.path(a, !opt) && self.cuts_over_border(a, s, opt) {
                return false;
            }
        }
        true
    }

    /// 5.B.3 CONVOY: available unless the fleet is dislodged.
    fn adjudicate_convoy(&self, f: u32, opt: bool) -> bool {
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

    fn adjudicate(&self, u: u32, opt: bool) -> bool {
        match self.eff[u as usize] {
            Eff::Move { .. } => self.adjudicate_move(u, opt),
            Eff::SupportHold { .. } | Eff::SupportMove { .. } => self.adjudicate_support(u, opt),
            Eff::Convoy { .. } => self.adjudicate_convoy(u, opt),
            Eff::Hold => false,
        }
    }

    /// Both adjudications; `Some` when they agree.
    fn try_decide(&self, u: u32) -> Option<bool> {
        let opt = self.adjudicate(u, true);
        let pes = if opt {
            self.adjudicate(u, false)
        } else {
            false
        };
        (opt == pes).then_some(opt)
    }

    /// Resolves every decision.
    pub fn resolve(&mut self) {
        let mut agenda = Agenda::new(&self.state);
        loop {
            self.propagate(&mut agenda);
            // Nothing more follows from partial information: apply the backup rule to the
            // cycles nothing else depends on.
            let changed = self.backup_rule();
            if changed.is_empty() {
                break;
            }
            for u in changed {
                agenda.wake(u, &self.state);
            }
        }
    }

    /// Decides whatever partial information decides.
    fn propagate(&mut self, agenda: &mut Agenda) {
        while let Some(u) = agenda.pop() {
            if self.state[u as usize] != Tri::Unknown {
                continue;
            }
            self.recording = true;
            self.reads.borrow_mut().clear();
            let decided = self.try_decide(u);
            self.recording = false;
            match decided {
                Some(v) => {
                    self.state[u as usize] = if v { Tri::Yes } else { Tri::No };
                    agenda.wake(u, &self.state);
                }
                None => {
                    for &v in self.reads.borrow().iter() {
                        if v != u && self.state[v as usize] == Tri::Unknown {
                            agenda.watch(v, u);
                        }
                    }
                }
            }
        }
    }

    /// Evaluates `f` after fixing the given decisions and propagating; the state is left as
    /// it was.
    fn under_hypothesis<R>(&mut self, fixed: &[(u32, Tri)], f: impl Fn(&Self) -> R) -> R {
        let saved = self.state.clone();
        for &(u, d) in fixed {
            self.state[u as usize] = d;
        }
        let mut agenda = Agenda::new(&self.state);
        self.propagate(&mut agenda);
        let r = f(self);
        self.state = saved;
        r
    }

    /// DPTG VIII step 10: a convoy of the circle is Confused when it would survive with its
    /// subverting supports intact and be disrupted with them cut. The supports that subvert
    /// convoy `c` are those for `c`'s fleet to hold or for an attack on it, given by a unit
    /// that a convoyed army of the circle attacks.
    fn circle_is_confused(&mut self, convoys: &[u32]) -> bool {
        let armies: Vec<u32> = convoys
            .iter()
            .filter_map(|&c| match self.eff[c as usize] {
                Eff::Convoy { army, .. } => Some(army),
                _ => None,
            })
            .collect();
        for &c in convoys {
            let at = self.units[c as usize].location.province;
            let subverting: Vec<u32> = (0..self.units.len() as u32)
                .filter(|&s| {
                    let vulnerable = match self.eff[s as usize] {
                        Eff::SupportHold { target } => target == c,
                        Eff::SupportMove { to, .. } => to == at,
                        _ => false,
                    };
                    let p = self.units[s as usize].location.province;
                    vulnerable
                        && self.state[s as usize] == Tri::Unknown
                        && self
                            .moves_to
                            .get(p.index())
                            .iter()
                            .any(|a| armies.contains(a) && self.power(*a) != self.power(s))
                })
                .collect();
            if subverting.is_empty() {
                continue;
            }
            let intact: Vec<(u32, Tri)> = subverting.iter().map(|&s| (s, Tri::Yes)).collect();
            let cut: Vec<(u32, Tri)> = subverting.iter().map(|&s| (s, Tri::No)).collect();
            let disrupted_if_intact =
                self.under_hypothesis(&intact, |b| !b.adjudicate_convoy(c, true));
            let disrupted_if_cut = self.under_hypothesis(&cut, |b| !b.adjudicate_convoy(c, true));
            if !disrupted_if_intact && disrupted_if_cut {
                return true;
            }
        }
        false
    }

    /// Under a hypothesis that the convoys of `convoys` fail (their armies have no effect),
    /// whether each fleet is dislodged. The state is left as it was.
    fn dislodged_without_armies(&mut self, convoys: &[u32]) -> Vec<bool> {
        let saved = self.state.clone();
        for &c in convoys {
            self.state[c as usize] = Tri::No;
        }
        let mut agenda = Agenda::new(&self.state);
        self.propagate(&mut agenda);
        let out = convoys
            .iter()
            .map(|&c| !self.adjudicate_convoy(c, false))
            .collect();
        self.state = saved;
        out
    }

    /// Finds the sink strongly connected components of the undecided decisions and applies
    /// DATC 5.B.9 to each (with the ruleset's paradox rule). Returns the decisions it made.
    fn backup_rule(&mut self) -> Vec<u32> {
        let n = self.units.len();
        let undecided: Vec<u32> = (0..n as u32)
            .filter(|&u| self.state[u as usize] == Tri::Unknown)
            .collect();
        if undecided.is_empty() {
            return Vec::new();
        }
        // Edges: what each undecided order reads now; and whether it reads an unresolved one.
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        let mut reads_unresolved = vec![false; n];
        for &u in &undecided {
            self.recording = true;
            self.reads.borrow_mut().clear();
            let _ = self.adjudicate(u, true);
            let _ = self.adjudicate(u, false);
            self.recording = false;
            let mut reads = std::mem::take(&mut *self.reads.borrow_mut());
            reads.sort_unstable();
            reads.dedup();
            for &v in &reads {
                match self.state[v as usize] {
                    Tri::Unknown => pairs.push((u, v)),
                    Tri::Unresolved => reads_unresolved[u as usize] = true,
                    _ => {}
                }
            }
        }
        let graph = Csr::build(n, &mut pairs);
        let comp = tarjan(n, &undecided, &graph);
        // A component is a sink when no edge leaves it.
        let mut sink = vec![true; n];
        for &u in &undecided {
            for &v in graph.get(u as usize) {
                if comp[v as usize] != comp[u as usize] {
                    sink[comp[u as usize] as usize] = false;
                }
            }
        }
        let mut members: Vec<(u32, u32)> = undecided
            .iter()
            .filter(|&&u| sink[comp[u as usize] as usize])
            .map(|&u| (comp[u as usize], u))
            .collect();
        members.sort_unstable();
        let mut changed = Vec::new();
        for cycle in members.chunk_by(|a, b| a.0 == b.0) {
            let cycle: Vec<u32> = cycle.iter().map(|&(_, u)| u).collect();
            if cycle.iter().any(|&u| reads_unresolved[u as usize]) {
                // Decided only by a paradox that has no answer: unresolved too.
                for &u in &cycle {
                    self.state[u as usize] = Tri::Unresolved;
                    changed.push(u);
                }
                continue;
            }
            let has_convoy = cycle
                .iter()
                .any(|&u| matches!(self.eff[u as usize], Eff::Convoy { .. }));
            let only_moves = cycle.iter().all(|&u| self.is_move(u));
            if !has_convoy {
                // Circular movement succeeds; any other cycle (variants) fails its orders.
                let d = if only_moves { Tri::Yes } else { Tri::No };
                for &u in &cycle {
                    self.state[u as usize] = d;
                    changed.push(u);
                }
                continue;
            }
            let mut ruling = self.rules.convoy_paradox.paradox_ruling();
            if ruling == ParadoxRuling::NoAnswer {
                ruling = self.rules.paradox_fallback.fallback();
            }
            match ruling {
                ParadoxRuling::FailConvoys => {
                    for &u in &cycle {
                        if matches!(self.eff[u as usize], Eff::Convoy { .. }) {
                            self.state[u as usize] = Tri::No;
                            changed.push(u);
                        }
                    }
                }
                ParadoxRuling::FailConvoyedArmies => {
                    for &u in &cycle {
                        if let Eff::Convoy { army, .. } = self.eff[u as usize] {
                            self.voided[army as usize] = true;
                            for v in [u, army] {
                                if self.state[v as usize] == Tri::Unknown {
                                    self.state[v as usize] = Tri::No;
                                    changed.push(v);
                                }
                            }
                        }
                    }
                }
                ParadoxRuling::AllHold => {
                    let mut fail: Vec<u32> =
                        cycle.iter().copied().filter(|&u| self.is_move(u)).collect();
                    for &u in &cycle {
                        if let Eff::Convoy { army, .. } = self.eff[u as usize] {
                            fail.push(army);
                        }
                    }
                    for u in fail {
                        if self.state[u as usize] == Tri::Unknown {
                            self.state[u as usize] = Tri::No;
                            changed.push(u);
                        }
                    }
                }
                ParadoxRuling::NoAnswer => {
                    for &u in &cycle {
                        self.state[u as usize] = Tri::Unresolved;
                        changed.push(u);
                    }
                    self.paradoxes.push(cycle.clone());
                }
                ParadoxRuling::Subversion => {
                    let convoys: Vec<u32> = cycle
                        .iter()
                        .copied()
                        .filter(|&u| matches!(self.eff[u as usize], Eff::Convoy { .. }))
                        .collect();
                    if self.circle_is_confused(&convoys) {
                        // DPTG step 13, a grand standoff: the convoyed moves are cancelled (the
                        // convoys carry nobody, so the armies cut nothing), the attacks on the
                        // convoying fleets fail, so the fleets stand and the supports survive.
                        let mut set: Vec<(u32, Tri)> = Vec::new();
                        for &c in &convoys {
                            set.push((c, Tri::No));
                            if let Eff::Convoy { army, .. } = self.eff[c as usize] {
                                set.push((army, Tri::No));
                            }
                            let p = self.units[c as usize].location.province;
                            for &a in self.moves_to.get(p.index()) {
                                set.push((a, Tri::No));
                            }
                        }
                        for (u, d) in set {
                            if self.state[u as usize] == Tri::Unknown {
                                self.state[u as usize] = d;
                                changed.push(u);
                            }
                        }
                    } else {
                        // DPTG step 12: the circle's convoys are disrupted.
                        for &c in &convoys {
                            self.state[c as usize] = Tri::No;
                            changed.push(c);
                        }
                    }
                }
                ParadoxRuling::WithoutTheArmy => {
                    let convoys: Vec<u32> = cycle
                        .iter()
                        .copied()
                        .filter(|&u| matches!(self.eff[u as usize], Eff::Convoy { .. }))
                        .collect();
                    let dislodged = self.dislodged_without_armies(&convoys);
                    for (&c, d) in convoys.iter().zip(dislodged) {
                        // Disrupted if it would be without its army; otherwise it carries.
                        self.state[c as usize] = if d { Tri::No } else { Tri::Yes };
                        changed.push(c);
                    }
                }
            }
        }
        changed
    }
}

/// The work list of undecided orders, and who watches which unknown decision (one arena of
/// linked lists, so nothing is allocated per order).
struct Agenda {
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    head: Vec<u32>,
    next: Vec<u32>,
    watcher: Vec<u32>,
}

impl Agenda {
    /// Every undecided order, queued once.
    fn new(state: &[Tri]) -> Agenda {
        let queued: Vec<bool> = state.iter().map(|s| *s == Tri::Unknown).collect();
        let queue = (0..state.len() as u32)
            .filter(|&u| queued[u as usize])
            .collect();
        Agenda {
            queue,
            queued,
            head: vec![NONE; state.len()],
            next: Vec::new(),
            watcher: Vec::new(),
        }
    }

    fn pop(&mut self) -> Option<u32> {
        let u = self.queue.pop_front()?;
        self.queued[u as usize] = false;
        Some(u)
    }

    /// `u` is adjudicated again when `v` is decided.
    fn watch(&mut self, v: u32, u: u32) {
        self.watcher.push(u);
        self.next.push(self.head[v as usize]);
        self.head[v as usize] = (self.watcher.len() - 1) as u32;
    }

    /// `u` was decided: queue the undecided orders that watch it.
    fn wake(&mut self, u: u32, state: &[Tri]) {
        let mut w = self.head[u as usize];
        while w != NONE {
            let x = self.watcher[w as usize];
            if !self.queued[x as usize] && state[x as usize] == Tri::Unknown {
                self.queued[x as usize] = true;
                self.queue.push_back(x);
            }
            w = self.next[w as usize];
        }
        self.head[u as usize] = NONE;
    }
}

/// Iterative Tarjan over the undecided nodes; returns a component id per node.
fn tarjan(n: usize, nodes: &[u32], graph: &Csr) -> Vec<u32> {
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut comp = vec![NONE; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut call: Vec<(u32, usize)> = Vec::new();
    let mut counter = 0u32;
    let mut comps = 0u32;
    for &root in nodes {
        if index[root as usize] != NONE {
            continue;
        }
        call.push((root, 0));
        while let Some(&mut (v, ref mut ei)) = call.last_mut() {
            let vi = v as usize;
            if *ei == 0 && index[vi] == NONE {
                index[vi] = counter;
                low[vi] = counter;
                counter += 1;
                stack.push(v);
                on_stack[vi] = true;
            }
            let edges = graph.get(vi);
            if *ei < edges.len() {
                let w = edges[*ei];
                *ei += 1;
                let wi = w as usize;
                if index[wi] == NONE {
                    call.push((w, 0));
                } else if on_stack[wi] {
                    low[vi] = low[vi].min(index[wi]);
                }
                continue;
            }
            call.pop();
            if let Some(&(parent, _)) = call.last() {
                let pi = parent as usize;
                low[pi] = low[pi].min(low[vi]);
            }
            if low[vi] == index[vi] {
                loop {
                    let w = stack.pop().unwrap();
                    on_stack[w as usize] = false;
                    comp[w as usize] = comps;
                    if w == v {
                        break;
                    }
                }
                comps += 1;
            }
        }
    }
    comp
}
