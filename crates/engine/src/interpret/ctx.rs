//! The interpretation context: the map, rules and units of the phase, and what the board
//! allows a unit: ice closures (DATC 2.4 chapter 8), difficult and half-strength borders
//! (2.4 10.E), railroads, and the convoy routes fleets could offer (searched only when asked).

use std::cell::{Cell, OnceCell, RefCell, RefMut};

use diplo_map::{Map, PowerId, ProvinceId, Season, UnitKind};
use diplo_rules::policies::*;
use diplo_rules::Ruleset;

use super::{Routes, NONE};
use crate::position::Unit;
use crate::reason::{Fact, Text};
use crate::scratch::Pool;

pub(crate) struct Ctx<'a> {
    pub map: &'a Map,
    pub rules: &'a Ruleset,
    pub units: &'a [Unit],
    pub unit_at: Vec<u32>,
    /// The season of the phase: provinces and borders may be closed in it (ice).
    pub season: Season,
    /// Whether the map closes anything in some season (if not, nothing is checked for ice).
    closures: bool,
    /// Whether the map has borders of its own (difficult, half-strength, closing): if not,
    /// every crossing is ordinary.
    borders: bool,
    /// [`Ctx::fleet_at_sea`], worked out when a convoy route is first looked for (in most
    /// phases never).
    fleet_at_sea: OnceCell<Vec<bool>>,
    /// The buffer `fleet_at_sea` is worked out in.
    spare_fleets: Cell<Vec<bool>>,
    /// Scratch space and shared results of the convoy route searches (made at the first
    /// search when the pool had none).
    routes: RefCell<Option<Box<Routes>>>,
}

impl<'a> Ctx<'a> {
    pub fn new(map: &'a Map, rules: &'a Ruleset, units: &'a [Unit], season: Season) -> Self {
        Ctx::new_in(map, rules, units, season, &mut Pool::default())
    }

    /// As [`Ctx::new`], its buffers taken from `pool` (give them back with [`Ctx::recycle`]).
    pub fn new_in(
        map: &'a Map,
        rules: &'a Ruleset,
        units: &'a [Unit],
        season: Season,
        pool: &mut Pool,
    ) -> Self {
        let mut unit_at = pool.take(map.provinces().len(), NONE);
        for (i, u) in units.iter().enumerate() {
            unit_at[u.location.province.index()] = i as u32;
        }
        Ctx {
            map,
            rules,
            units,
            unit_at,
            season,
            closures: map.has_closures(),
            borders: !map.borders().is_empty(),
            fleet_at_sea: OnceCell::new(),
            spare_fleets: Cell::new(pool.empty(0)),
            routes: RefCell::new(pool.routes.take()),
        }
    }

    /// Gives the buffers back to `pool`.
    pub fn recycle(self, pool: &mut Pool) {
        pool.give(self.unit_at);
        pool.give(
            self.fleet_at_sea
                .into_inner()
                .unwrap_or_else(|| self.spare_fleets.take()),
        );
        if let Some(mut routes) = self.routes.into_inner() {
            routes.reset();
            pool.routes = Some(routes);
        }
    }

    /// The convoy route searches' scratch space.
    pub(super) fn routes(&self) -> RefMut<'_, Routes> {
        RefMut::map(self.routes.borrow_mut(), |r| {
            &mut **r.get_or_insert_default()
        })
    }

    /// Per province: whether it counts as holding a fleet when an order's legality is judged
    /// (convoy stepping stones): a fleet is there now, or it is a sea and an order is legal if
    /// it is valid in some position (DATC 2.4 4.E.1 c).
    pub fn fleet_at_sea(&self) -> &[bool] {
        self.fleet_at_sea
            .get_or_init(|| self.fleets_at_sea_in(self.spare_fleets.take(), false))
    }

    /// [`Ctx::fleet_at_sea`], worked out in `fleets`; with `ice_open`, as if no province were
    /// closed (ice) this season.
    fn fleets_at_sea_in(&self, mut fleets: Vec<bool>, ice_open: bool) -> Vec<bool> {
        fleets.clear();
        let convoyable = self.map.convoy_provinces();
        if self.rules.illegal_orders.legal_if_valid_in_some_position() {
            fleets.extend_from_slice(convoyable);
        } else {
            fleets.resize(convoyable.len(), false);
        }
        for u in self.units {
            let p = u.location.province.index();
            if u.kind == UnitKind::Fleet && convoyable[p] {
                fleets[p] = true;
            }
        }
        // A fleet in a closed (ice) province convoys nothing (DATC 2.4 8.E).
        if ice_open {
            return fleets;
        }
        for &p in self.map.closing_provinces() {
            if self.map.province_closed(p, self.season) {
                fleets[p.index()] = false;
            }
        }
        fleets
    }

    /// Why a unit of `kind` cannot cross from `from` to `to` this season, if it cannot (a
    /// closed province or border: ice, DATC 2.4 chapter 8).
    pub(super) fn closed(
        &self,
        kind: UnitKind,
        from: ProvinceId,
        to: ProvinceId,
    ) -> Result<(), Text> {
        if !self.closures || !self.map.is_closed(kind, from, to, self.season) {
            return Ok(());
        }
        let season = Fact::Season(self.season);
        let shut = [from, to]
            .into_iter()
            .find(|&p| self.map.province_closed(p, self.season));
        Err(match shut {
            Some(p) => Text::new("{} is closed (ice) in {}", &[Fact::Province(p), season]),
            None => Text::new(
                "the border between {} and {} is closed in {}",
                &[Fact::Province(from), Fact::Province(to), season],
            ),
        })
    }

    /// A support over a difficult passable border (DATC 2.4 10.E) or a half-strength one (1900's
    /// route around Africa) is not possible.
    pub(super) fn support_reach(&self, me: &Unit, to: ProvinceId) -> Result<(), Text> {
        let from = me.location.province;
        self.closed(me.kind, from, to)?;
        if self.borders && self.map.blocks_support(me.kind, from, to) {
            let what = if self.map.is_difficult(me.kind, from, to) {
                "difficult"
            } else {
                "half-strength"
            };
            return Err(Text::new(
                "no support is given over the {} border between {} and {}",
                &[Fact::Word(what), Fact::Province(from), Fact::Province(to)],
            ));
        }
        Ok(())
    }

    pub(super) fn unit_at(&self, p: ProvinceId) -> Option<u32> {
        let u = self.unit_at[p.index()];
        (u != NONE).then_some(u)
    }

    /// Whether fleets at sea could carry an army from `from` to `to`, not using `exclude`.
    pub fn convoy_route_exists(
        &self,
        from: ProvinceId,
        to: ProvinceId,
        exclude: Option<ProvinceId>,
    ) -> bool {
        self.routes()
            .convoy_route_exists(self.map, self.fleet_at_sea(), from, to, exclude)
    }

    /// The province closed by ice this season without which fleets could carry an army from
    /// `from` to `to` (with `via`: on a proper route through the fleet in `via`; not using the
    /// one in `exclude`), when only the ice stops them: the closure a refusal of the convoy is
    /// caused by (DATC 2.4 8.E). Searched only for an order already refused.
    pub(super) fn iced_convoy(
        &self,
        from: ProvinceId,
        to: ProvinceId,
        via: Option<ProvinceId>,
        exclude: Option<ProvinceId>,
    ) -> Option<ProvinceId> {
        if !self.closures {
            return None;
        }
        let open = self.fleets_at_sea_in(Vec::new(), true);
        let iced: Vec<ProvinceId> = (self.map.closing_provinces().iter().copied())
            .filter(|&p| self.map.province_closed(p, self.season) && open[p.index()])
            .collect();
        // Fresh scratch space: the phase's proper routes are kept for the fleets as they are.
        let carries = |fleets: &[bool]| {
            let mut routes = Routes::default();
            match via {
                None => routes.convoy_route_exists(self.map, fleets, from, to, exclude),
                Some(v) => routes.on_proper_route(self.map, fleets, from, to, v),
            }
        };
        if iced.is_empty() || !carries(&open) {
            return None;
        }
        // The first one whose opening alone would do, else the first.
        let shut = self.fleet_at_sea();
        let alone = iced.iter().copied().find(|&p| {
            let mut fleets = shut.to_vec();
            fleets[p.index()] = true;
            carries(&fleets)
        });
        alone.or(iced.first().copied())
    }

    /// Whether the fleet in `via` is needed on some proper convoy route from `from` to `to`
    /// (DATC 4.E.1: a route never jumps to a province an earlier fleet could reach).
    pub(super) fn on_proper_route(
        &self,
        from: ProvinceId,
        to: ProvinceId,
        via: ProvinceId,
    ) -> bool {
        self.routes()
            .on_proper_route(self.map, self.fleet_at_sea(), from, to, via)
    }

    /// Whether a railroad `power` may use runs through both provinces (a support for a railroad
    /// move, DATC 2.4 7.B.13).
    pub(super) fn railroad_joins(&self, power: PowerId, a: ProvinceId, b: ProvinceId) -> bool {
        self.map.railroads().iter().any(|r| {
            r.powers.contains(&power) && r.provinces.contains(&a) && r.provinces.contains(&b)
        })
    }
}
