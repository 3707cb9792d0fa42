//! Convoy routes: walks along the chains of convoying fleets, which fleets lie on some route and
//! which are necessary, and the convoy rules applied as the board is built (DPTG's own-route rule
//! of DATC 4.A.1, Brannan's rule of 4.A.4, 1900's half-strength landings).

use diplo_map::Location;
use diplo_rules::policies::*;

use crate::interpret::{Eff, NONE};
use crate::scratch::Pool;

use super::board::{Board, HALF_LANDING};
use super::tables::Csr;

/// Generation-stamped marks per province for `Board::walk_fleets` (nothing map-sized is
/// cleared per walk).
#[derive(Default)]
pub(crate) struct FleetScratch {
    /// Per province: the generation in which it holds one of the walked fleets.
    member: Vec<u32>,
    /// Per province: the generation in which the walk reached its fleet.
    seen: Vec<u32>,
    generation: u32,
    stack: Vec<u32>,
}

impl FleetScratch {
    fn next_generation(&mut self, provinces: usize) -> u32 {
        if self.member.len() != provinces || self.generation == u32::MAX {
            self.member = vec![0; provinces];
            self.seen = vec![0; provinces];
            self.generation = 0;
        }
        self.generation += 1;
        self.generation
    }
}

impl Board<'_> {
    /// The rules that change which fleets convoy which army, and how a convoyed army lands.
    pub(super) fn apply_convoy_rules(&mut self) {
        let rules = self.rules;
        if rules
            .multi_route_disruption
            .own_route_drops_foreign_fleets()
        {
            self.drop_foreign_fleets_where_own_route_exists();
        }
        if !self.convoys_of.items.is_empty() {
            let mut pool = std::mem::take(&mut *self.pool);
            self.on_a_route = self.all_fleets_on_a_route(&mut pool);
            *self.pool = pool;
        }
        if rules
            .convoyed_attack_origin
            .convoyed_attack_meets_move_into_last_fleet()
        {
            self.pair_moves_into_last_fleet();
        }
        self.mark_half_strength_landings();
    }

    /// 1900's Suez rule: an army convoyed to its destination around Africa "attacks at half
    /// strength". A convoyed army lands at half strength when every fleet of its convoy orders
    /// that lies on a route and can land it lands it over a half-strength border (decided by the
    /// orders, not by which of those fleets is dislodged).
    fn mark_half_strength_landings(&mut self) {
        if !self.map.borders().iter().any(|b| b.half_strength) {
            return;
        }
        let (mut seen, mut on) = ([Vec::new(), Vec::new()], Vec::new());
        for x in 0..self.units.len() {
            let Eff::Move {
                to, convoy: true, ..
            } = self.eff[x]
            else {
                continue;
            };
            let from = self.units[x].location.province;
            let fleets = self.convoys_of.get(x);
            on.clear();
            self.fleets_on_a_route((from, to.province), fleets, &mut seen, &mut on);
            let mut last = fleets
                .iter()
                .zip(&on)
                .filter(|&(&f, &on)| on && self.map.fleet_can_reach(self.sea(f), to.province))
                .map(|(&f, _)| self.units[f as usize].location.province)
                .peekable();
            let kind = diplo_map::UnitKind::Fleet;
            if last.peek().is_some()
                && last.all(|p| self.map.is_half_strength(kind, p, to.province))
            {
                self.half.set(x, HALF_LANDING, self.units.len(), self.pool);
            }
        }
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
            let fleets = self.convoys_of.get(x);
            let on = self.on_a_route(x as u32);
            let mut last = fleets
                .iter()
                .zip(on)
                .filter(|&(&f, &on)| on && self.map.fleet_can_reach(self.sea(f), to.province))
                .map(|(&f, _)| self.units[f as usize].location.province);
            if let (Some(l), None) = (last.next(), last.next()) {
                if l == into.province {
                    self.counter[x] = b;
                    self.counter[b as usize] = x as u32;
                    let n = self.units.len();
                    self.via_last_fleet.set(x, true, n, self.pool);
                    self.via_last_fleet.set(b as usize, true, n, self.pool);
                }
            }
        }
    }

    /// DPTG VIII step 1: when the army's own fleets can complete a route, the convoy orders
    /// of foreign fleets for it are cancelled.
    fn drop_foreign_fleets_where_own_route_exists(&mut self) {
        let n = self.units.len();
        let mut pairs: Vec<(u32, u32)> = self.pool.empty(0);
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
        let kept = Csr::build_sorted_in(n, pairs, self.pool);
        std::mem::replace(&mut self.convoys_of, kept).recycle(self.pool);
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

    pub(super) fn route_exists(
        &self,
        from: diplo_map::ProvinceId,
        to: diplo_map::ProvinceId,
        fleets: &[u32],
        ok: impl Fn(u32) -> bool,
    ) -> bool {
        self.walk_fleets(from, fleets, &ok, |f| {
            self.map.fleet_can_reach(self.sea(f), to)
        })
    }

    #[inline]
    fn sea(&self, f: u32) -> Location {
        Location::province(self.units[f as usize].location.province)
    }

    /// Walks the chains of `fleets` (those `ok` accepts) from land province `start`, calling
    /// `visit` on each fleet reached; stops and returns true as soon as `visit` does. `ok` is
    /// asked of every fleet first (the decisions a route depends on are all read). Linear in the
    /// fleets and their edges: a generation-stamped mark per province says which provinces hold
    /// one of `fleets` and which were reached.
    fn walk_fleets(
        &self,
        start: diplo_map::ProvinceId,
        fleets: &[u32],
        ok: &impl Fn(u32) -> bool,
        mut visit: impl FnMut(u32) -> bool,
    ) -> bool {
        let mut scratch = self.scratch.borrow_mut();
        let sc = &mut *scratch;
        let g = sc.next_generation(self.map.provinces().len());
        sc.stack.clear();
        for &f in fleets {
            sc.member[self.units[f as usize].location.province.index()] = g;
        }
        for &f in fleets {
            if ok(f) && self.map.fleet_can_reach(self.sea(f), start) {
                sc.seen[self.units[f as usize].location.province.index()] = g;
                sc.stack.push(f);
            }
        }
        while let Some(f) = sc.stack.pop() {
            if visit(f) {
                return true;
            }
            for l in self.map.fleet_neighbours(self.sea(f)) {
                let p = l.province.index();
                if sc.member[p] == g && sc.seen[p] != g {
                    let j = self.unit_at[p];
                    if ok(j) {
                        sc.seen[p] = g;
                        sc.stack.push(j);
                    }
                }
            }
        }
        false
    }

    /// Appends to `out`, per fleet of `fleets`: whether it lies on some route from `from` to `to`
    /// through the ordered fleets (`seen`: the two walks' fleets, buffers reused across armies).
    fn fleets_on_a_route(
        &self,
        (from, to): (diplo_map::ProvinceId, diplo_map::ProvinceId),
        fleets: &[u32],
        seen: &mut [Vec<u32>; 2],
        out: &mut Vec<bool>,
    ) {
        let [forward, backward] = seen;
        forward.clear();
        backward.clear();
        self.walk_fleets(from, fleets, &|_| true, |f| {
            forward.push(f);
            false
        });
        self.walk_fleets(to, fleets, &|_| true, |f| {
            backward.push(f);
            false
        });
        forward.sort_unstable();
        backward.sort_unstable();
        out.extend(
            fleets
                .iter()
                .map(|f| forward.binary_search(f).is_ok() && backward.binary_search(f).is_ok()),
        );
    }

    /// The convoying fleets of army `u` that lie on some route (computed once, in `new`).
    pub(super) fn on_a_route(&self, u: u32) -> &[bool] {
        &self.on_a_route[self.convoys_of.range(u as usize)]
    }

    /// Which convoying fleets of every army lie on some route, in `convoys_of` order.
    fn all_fleets_on_a_route(&self, pool: &mut Pool) -> Vec<bool> {
        let mut out = pool.empty(self.convoys_of.items.len());
        if self.convoys_of.items.is_empty() {
            return out;
        }
        let mut seen = [pool.empty(0), pool.empty(0)];
        for a in 0..self.units.len() {
            let fleets = self.convoys_of.get(a);
            if fleets.is_empty() {
                continue;
            }
            let Eff::Move { to, .. } = self.eff[a] else {
                out.extend(fleets.iter().map(|_| false));
                continue;
            };
            let from = self.units[a].location.province;
            self.fleets_on_a_route((from, to.province), fleets, &mut seen, &mut out);
        }
        let [forward, backward] = seen;
        pool.give(forward);
        pool.give(backward);
        out
    }

    /// Whether fleet `f` is necessary for `a`'s convoy: without it no route remains.
    pub(super) fn necessary(&self, a: u32, f: u32) -> bool {
        let Eff::Move { to, .. } = self.eff[a as usize] else {
            return false;
        };
        let from = self.units[a as usize].location.province;
        !self.route_exists(from, to.province, self.convoys_of.get(a as usize), |x| {
            x != f
        })
    }
}
