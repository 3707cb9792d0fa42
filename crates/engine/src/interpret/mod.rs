//! From orders as written to the effective order of every unit.
//!
//! Every disputable reading (coasts, unit types, nationality, several orders to one unit,
//! convoys to adjacent provinces) is asked of the ruleset's policies. The result is a dense
//! table: one [`Eff`] per unit, indexed like the position's units, and per submitted order
//! whether it is legal and which unit it commands.

mod routes;

use std::cell::{Cell, OnceCell, RefCell, RefMut};

use diplo_map::{Location, Map, PowerId, ProvinceId, Season, Terrain, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, UnitRef, WrittenCoast};
use diplo_rules::policies::*;
use diplo_rules::Ruleset;

use crate::position::Unit;
use crate::reason::{CoastIn, Fact, Text};
use crate::scratch::Pool;
pub(crate) use routes::Routes;

/// No unit / no order.
pub(crate) const NONE: u32 = u32::MAX;

/// A support's coast requirement on the supported fleet move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CoastReq {
    /// Any coast.
    Any,
    /// Exactly this coast.
    Exact(u8),
}

/// The effective order of a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Eff {
    /// No order, an illegal order, or a hold.
    Hold,
    /// A move.
    Move {
        /// Destination (with coast for fleets).
        to: Location,
        /// Goes by convoy.
        convoy: bool,
        /// Written `via convoy`.
        via: bool,
        /// The order is legal but the unit cannot carry it out (written from another coast).
        possible: bool,
        /// By convoy when the convoy works, otherwise over land (DATC 4.A.3 fallback).
        fallback: bool,
    },
    /// Support to hold.
    SupportHold {
        /// The supported unit.
        target: u32,
    },
    /// Support to move.
    SupportMove {
        /// The supported unit.
        target: u32,
        /// The destination province.
        to: ProvinceId,
        /// The coast requirement.
        coast: CoastReq,
    },
    /// Convoy.
    Convoy {
        /// The convoyed army.
        army: u32,
        /// Its destination.
        to: ProvinceId,
    },
    /// A move by railroad (Colonial's Trans-Siberian Railroad, DATC 2.4 7.B).
    Rail {
        /// The railroad: index into `Map::railroads`.
        railroad: u16,
        /// The destination, on the line.
        to: ProvinceId,
    },
}

/// What became of one submitted order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    /// It is the unit's effective order.
    Effective(u32),
    /// It is illegal, with the reason.
    Illegal(Text),
    /// A canal permission (it commands no unit); index into `Interpretation::permits`.
    Permission(usize),
}

/// A canal permission given: the power that gives it, and the move it permits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Permit {
    pub power: PowerId,
    pub from: ProvinceId,
    pub to: ProvinceId,
}

/// The interpreted orders of a movement phase.
pub(crate) struct Interpretation {
    pub eff: Vec<Eff>,
    pub status: Vec<Status>,
    /// Per unit: whether the support/convoy matches the order of the unit it names.
    pub matches: Vec<bool>,
    /// The convoy paths move orders wrote (DATC 4.A.6), by unit, sorted by unit; only the
    /// units whose effective order wrote one ([`Interpretation::path`] reads it).
    pub paths: Vec<(u32, Vec<ProvinceId>)>,
    /// The canal permissions given (DATC 2.4 7.C).
    pub permits: Vec<Permit>,
    /// Every order was a hold (or none was given): every unit holds, and `matches` and
    /// `paths` are left empty (nothing is resolved).
    pub only_holds: bool,
}

impl Interpretation {
    /// The convoy path unit `u`'s move order wrote (empty if none).
    pub fn path(&self, u: u32) -> &[ProvinceId] {
        written_path(&self.paths, u)
    }

    /// Gives the buffers back to `pool`.
    pub fn recycle(self, pool: &mut Pool) {
        pool.give(self.eff);
        pool.give(self.status);
        pool.give(self.matches);
    }
}

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
    fn routes(&self) -> RefMut<'_, Routes> {
        RefMut::map(self.routes.borrow_mut(), |r| {
            &mut **r.get_or_insert_default()
        })
    }

    /// Per province: whether it counts as holding a fleet when an order's legality is judged
    /// (convoy stepping stones): a fleet is there now, or it is a sea and an order is legal if
    /// it is valid in some position (DATC 2.4 4.E.1 c).
    pub fn fleet_at_sea(&self) -> &[bool] {
        self.fleet_at_sea
            .get_or_init(|| self.fleets_at_sea_in(self.spare_fleets.take()))
    }

    /// [`Ctx::fleet_at_sea`], worked out in `fleets`.
    fn fleets_at_sea_in(&self, mut fleets: Vec<bool>) -> Vec<bool> {
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
        for &p in self.map.closing_provinces() {
            if self.map.province_closed(p, self.season) {
                fleets[p.index()] = false;
            }
        }
        fleets
    }

    /// Why a unit of `kind` cannot cross from `from` to `to` this season, if it cannot (a
    /// closed province or border: ice, DATC 2.4 chapter 8).
    fn closed(&self, kind: UnitKind, from: ProvinceId, to: ProvinceId) -> Result<(), Text> {
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
    fn support_reach(&self, me: &Unit, to: ProvinceId) -> Result<(), Text> {
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

    fn unit_at(&self, p: ProvinceId) -> Option<u32> {
        let u = self.unit_at[p.index()];
        (u != NONE).then_some(u)
    }

    /// Finds the ordered unit, applying 4.C.1, 4.C.2, 4.B.5 and 4.B.6. Returns the unit and the
    /// location as written when it names another coast of the unit's province.
    #[inline(always)]
    fn ordered_unit(&self, power: PowerId, r: &UnitRef) -> Result<(u32, Option<Location>), Text> {
        let p = r.place.province;
        let Some(u) = self.unit_at(p) else {
            return Err(Text::new("there is no unit in {}", &[Fact::Province(p)]));
        };
        let unit = self.units[u as usize];
        if unit.power != power {
            return Err(Text::new(
                "the unit in {} belongs to {}, not {}",
                &[
                    Fact::Province(p),
                    Fact::Power(unit.power),
                    Fact::Power(power),
                ],
            ));
        }
        self.check_kind(r.kind, unit.kind, p)?;
        let written = self.check_unit_coast(&r.place, &unit, CoastIn::Unit)?;
        Ok((u, written))
    }

    #[inline(always)]
    fn check_kind(
        &self,
        written: Option<UnitKind>,
        actual: UnitKind,
        p: ProvinceId,
    ) -> Result<(), Text> {
        match written {
            None if self.rules.missing_unit_type.reading() == Reading::Illegal => Err(Text::new(
                "the unit type (A or F) of the unit in {} is missing",
                &[Fact::Province(p)],
            )),
            Some(k) if k != actual && self.rules.wrong_unit_type.reading() == Reading::Illegal => {
                Err(Text::new(
                    "the unit in {} is {}, not {}",
                    &[
                        Fact::Province(p),
                        Fact::Word(kind_words(actual)),
                        Fact::Word(kind_words(k)),
                    ],
                ))
            }
            _ => Ok(()),
        }
    }

    /// The coast written for a unit's own position (4.B.5/4.B.6). Returns the written location
    /// when it is a real, different coast of the province and the policy ignores it.
    fn check_unit_coast(
        &self,
        place: &Place,
        unit: &Unit,
        at: CoastIn,
    ) -> Result<Option<Location>, Text> {
        match &place.coast {
            None => Ok(None),
            Some(WrittenCoast::Known(c)) if Some(*c) == unit.location.coast => Ok(None),
            Some(WrittenCoast::Known(c)) => {
                if self.rules.wrong_coast.reading() == Reading::Illegal {
                    Err(Text::new(
                        "the unit is on {}, not on the coast written",
                        &[Fact::Location(unit.location)],
                    ))
                } else if unit.kind == UnitKind::Fleet {
                    Ok(Some(Location::coast(place.province, *c)))
                } else {
                    Ok(None)
                }
            }
            Some(WrittenCoast::Unknown(_)) => {
                if self.rules.unknown_coast.reading() == Reading::Illegal {
                    Err(no_coast(place.province, at))
                } else {
                    Ok(None)
                }
            }
        }
    }

    /// The unit a support or convoy names (4.C.1, 4.C.2, 4.C.5, 4.C.6, 4.B.5/4.B.6).
    fn named_unit(&self, supporter_power: PowerId, o: &OtherUnit) -> Result<u32, Text> {
        let p = o.place.province;
        let Some(u) = self.unit_at(p) else {
            return Err(Text::new("there is no unit in {}", &[Fact::Province(p)]));
        };
        let unit = self.units[u as usize];
        self.check_kind(o.kind, unit.kind, p)?;
        match o.power {
            None if unit.power != supporter_power
                && self.rules.missing_nationality.reading() == Reading::Illegal =>
            {
                return Err(Text::new(
                    "the nationality of the {} unit in {} is missing",
                    &[Fact::Adjective(unit.power), Fact::Province(p)],
                ));
            }
            Some(n)
                if n != unit.power
                    && self.rules.wrong_nationality.reading() == Reading::Illegal =>
            {
                return Err(Text::new(
                    "the unit in {} is {}, not {}",
                    &[
                        Fact::Province(p),
                        Fact::Adjective(unit.power),
                        Fact::Adjective(n),
                    ],
                ));
            }
            _ => {}
        }
        self.check_unit_coast(&o.place, &unit, CoastIn::Named)?;
        Ok(u)
    }

    /// The location a fleet at `from` moves to when ordered to `to` (4.B.1, 4.B.2, 4.B.3, 4.B.6).
    pub fn fleet_destination(&self, from: Location, to: &Place) -> Result<Location, Text> {
        let prov = self.map.province(to.province);
        let name = Fact::Province(to.province);
        if !prov.terrain.is_navigable() {
            return Err(Text::new(
                "a fleet cannot go to {}, which is {}",
                &[name, Fact::Word(terrain_word(prov.terrain))],
            ));
        }
        let mut reach = self.map.fleet_destinations(from, to.province);
        let Some(first) = reach.next() else {
            return Err(Text::new(
                "a fleet in {} cannot reach {}",
                &[Fact::Location(from), name],
            ));
        };
        if !prov.is_multi_coast() {
            if let Some(WrittenCoast::Unknown(_)) = &to.coast {
                if self.rules.unknown_coast.reading() == Reading::Illegal {
                    return Err(no_coast(to.province, CoastIn::To));
                }
            }
            return Ok(first);
        }
        // Only a multi-coast province can be reached at two places.
        let second = reach.next();
        let written = match &to.coast {
            Some(WrittenCoast::Known(c)) => Some(*c),
            Some(WrittenCoast::Unknown(_)) => {
                if self.rules.unknown_coast.reading() == Reading::Illegal {
                    return Err(no_coast(to.province, CoastIn::To));
                }
                None
            }
            None => None,
        };
        match (written, second) {
            (Some(c), _)
                if first.coast == Some(c) || second.is_some_and(|s| s.coast == Some(c)) =>
            {
                Ok(Location::coast(to.province, c))
            }
            (Some(_), None) => match self.rules.impossible_coast.reading() {
                Reading::Lenient => Ok(first),
                Reading::Illegal => Err(Text::new(
                    "a fleet in {} cannot reach the coast written; it can reach only {}",
                    &[Fact::Location(from), Fact::Location(first)],
                )),
            },
            (Some(_), Some(_)) => Err(Text::new("{} has no such coast", &[name])),
            (None, None) if self.rules.omitted_coast_one_possible.default_coast() => {
                if first.coast == Some(0) {
                    Ok(first)
                } else {
                    Err(Text::new(
                        "the coast of {} is missing, and the fleet cannot reach its default coast",
                        &[name],
                    ))
                }
            }
            (None, None) => match self.rules.omitted_coast_one_possible.reading() {
                Reading::Lenient => Ok(first),
                Reading::Illegal => Err(Text::new("the coast of {} is missing", &[name])),
            },
            (None, Some(_)) => match self.rules.omitted_coast_two_possible.reading() {
                Reading::Lenient => Ok(first),
                Reading::Illegal => Err(Text::new(
                    "the coast of {} is missing, and both coasts can be reached",
                    &[name],
                )),
            },
        }
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

    /// Whether the fleet in `via` is needed on some proper convoy route from `from` to `to`
    /// (DATC 4.E.1: a route never jumps to a province an earlier fleet could reach).
    fn on_proper_route(&self, from: ProvinceId, to: ProvinceId, via: ProvinceId) -> bool {
        self.routes()
            .on_proper_route(self.map, self.fleet_at_sea(), from, to, via)
    }

    /// Whether a railroad `power` may use runs through both provinces (a support for a railroad
    /// move, DATC 2.4 7.B.13).
    fn railroad_joins(&self, power: PowerId, a: ProvinceId, b: ProvinceId) -> bool {
        self.map.railroads().iter().any(|r| {
            r.powers.contains(&power) && r.provinces.contains(&a) && r.provinces.contains(&b)
        })
    }

    /// A canal permission (DATC 2.4 7.C.2): the power must have a unit in the province of a
    /// canal that joins the two seas.
    pub(crate) fn check_permit(&self, power: PowerId, order: &Order) -> Result<Permit, Text> {
        let Order::Permit { fleet, to } = order else {
            return Err(Text::plain("not a canal permission"));
        };
        let (from, to) = (fleet.place.province, to.province);
        let canal = self.map.canals().iter().find(|c| {
            (c.seas[0] == from && c.seas[1] == to) || (c.seas[1] == from && c.seas[0] == to)
        });
        let Some(canal) = canal else {
            return Err(Text::new(
                "no canal joins {} and {}",
                &[Fact::Province(from), Fact::Province(to)],
            ));
        };
        match self.unit_at(canal.province) {
            Some(e) if self.units[e as usize].power == power => Ok(Permit { power, from, to }),
            _ => Err(Text::new(
                "{} has no unit in {}, so it cannot permit passage",
                &[Fact::Power(power), Fact::Province(canal.province)],
            )),
        }
    }

    /// Checks one movement-phase order; on success returns the unit and its effective order.
    #[inline(always)]
    pub(crate) fn check(&self, power: PowerId, order: &Order) -> Result<(u32, Eff), Text> {
        match order {
            Order::Hold { unit } => {
                let (u, _) = self.ordered_unit(power, unit)?;
                Ok((u, Eff::Hold))
            }
            Order::Move {
                unit,
                to,
                via_convoy,
                path: _,
            } => self.check_move(power, unit, to, via_convoy),
            Order::SupportHold { unit, supported } => {
                self.check_support_hold(power, unit, supported)
            }
            Order::SupportMove {
                unit,
                supported,
                to,
            } => self.check_support_move(power, unit, supported, to),
            Order::Convoy { unit, army, to } => self.check_convoy(power, unit, army, to),
            Order::RailMove { unit, railroad, to } => {
                self.check_rail_move(power, unit, railroad, to)
            }
            Order::Permit { .. } => Err(Text::plain("a canal permission commands no unit")),
            Order::Retreat { .. } => Err(Text::plain("a retreat order in a movement phase")),
            Order::Disband { .. } => Err(Text::plain("a disband order in a movement phase")),
            Order::Build { .. } | Order::Decline => {
                Err(Text::plain("a build order in a movement phase"))
            }
            Order::Convert { .. } => Err(Text::plain(
                "a conversion in a movement phase: units convert during adjustments",
            )),
        }
    }

    /// A move: an army over land or by convoy, a fleet to a coast it can reach (4.B.1–4.B.6).
    fn check_move(
        &self,
        power: PowerId,
        unit: &UnitRef,
        to: &Place,
        via_convoy: &bool,
    ) -> Result<(u32, Eff), Text> {
        let (u, written) = self.ordered_unit(power, unit)?;
        let me = self.units[u as usize];
        let dest = to.province;
        if dest == me.location.province {
            return Err(Text::new(
                "a unit cannot move to its own province {}",
                &[Fact::Province(dest)],
            ));
        }
        self.closed(me.kind, me.location.province, dest)?;
        let eff = match me.kind {
            UnitKind::Army => self.army_move(&me, to, *via_convoy)?,
            UnitKind::Fleet => self.fleet_move(&me, written, to, *via_convoy)?,
        };
        Ok((u, eff))
    }

    /// An army's move: over land, or to a coast fleets at sea could carry it to.
    fn army_move(&self, me: &Unit, to: &Place, via_convoy: bool) -> Result<Eff, Text> {
        let map = self.map;
        let dest = to.province;
        let prov = map.province(dest);
        if !prov.terrain.is_land() {
            return Err(Text::new(
                "an army cannot go to {}, which is {}",
                &[Fact::Province(dest), Fact::Word(terrain_word(prov.terrain))],
            ));
        }
        if to.coast.is_some() && self.rules.unknown_coast.reading() == Reading::Illegal {
            return Err(Text::plain("an army moves to a province, not to a coast"));
        }
        let adjacent = map.army_adjacent(me.location.province, dest);
        let coast_to_coast = map.province(me.location.province).terrain == Terrain::Coast
            && prov.terrain == Terrain::Coast;
        // Searched only when needed: an adjacent move is possible anyway.
        let coastal_route =
            || coast_to_coast && self.convoy_route_exists(me.location.province, dest, None);
        if !adjacent && !coastal_route() {
            let template = if coast_to_coast {
                "an army in {} cannot reach {} (no fleets to convoy it)"
            } else {
                "an army in {} cannot reach {}"
            };
            let facts = [Fact::Province(me.location.province), Fact::Province(dest)];
            return Err(Text::new(template, &facts));
        }
        Ok(Eff::Move {
            to: Location::province(dest),
            convoy: !adjacent,
            via: via_convoy,
            possible: true,
            fallback: false,
        })
    }

    /// A fleet's move, to a coast it can reach (`written`: the coast the order names for the
    /// fleet, when it is another coast of its province).
    fn fleet_move(
        &self,
        me: &Unit,
        written: Option<Location>,
        to: &Place,
        via_convoy: bool,
    ) -> Result<Eff, Text> {
        let fleet_move = |to, possible| Eff::Move {
            to,
            convoy: false,
            via: false,
            possible,
            fallback: false,
        };
        match self.fleet_destination(me.location, to) {
            Ok(loc) => Ok(fleet_move(loc, true)),
            Err(e) => {
                // Legal as written from the coast the order names (4.B.5), but the fleet is
                // elsewhere: the move fails.
                if let Some(w) = written {
                    if let Ok(loc) = self.fleet_destination(w, to) {
                        return Ok(fleet_move(loc, false));
                    }
                }
                if via_convoy && !self.map.fleet_can_reach(me.location, to.province) {
                    return Err(Text::plain("only armies can be convoyed"));
                }
                Err(e)
            }
        }
    }

    /// A support to hold: the supporter can reach the supported unit's province.
    fn check_support_hold(
        &self,
        power: PowerId,
        unit: &UnitRef,
        supported: &OtherUnit,
    ) -> Result<(u32, Eff), Text> {
        let map = self.map;
        let (u, _) = self.ordered_unit(power, unit)?;
        let me = self.units[u as usize];
        if supported.place.province == me.location.province {
            return Err(Text::plain("a unit cannot support itself"));
        }
        let t = self.named_unit(power, supported)?;
        if !map.can_move(me.kind, me.location, supported.place.province) {
            return Err(Text::new(
                "{} cannot reach {}",
                &[Fact::Unit(me), Fact::Province(supported.place.province)],
            ));
        }
        self.support_reach(&me, supported.place.province)?;
        Ok((u, Eff::SupportHold { target: t }))
    }

    /// A support to move: the supporter can reach the destination, the supported unit can make the
    /// move (not by the supporter's convoy), and the coast written (4.B.4).
    fn check_support_move(
        &self,
        power: PowerId,
        unit: &UnitRef,
        supported: &OtherUnit,
        to: &Place,
    ) -> Result<(u32, Eff), Text> {
        let map = self.map;
        let (u, _) = self.ordered_unit(power, unit)?;
        let me = self.units[u as usize];
        if to.province == me.location.province {
            return Err(Text::plain(
                "a unit cannot support a move into its own province",
            ));
        }
        if supported.place.province == to.province {
            return Err(Text::new(
                "a unit cannot move to its own province {}",
                &[Fact::Province(to.province)],
            ));
        }
        if supported.place.province == me.location.province {
            return Err(Text::plain("a unit cannot support itself"));
        }
        let t = self.named_unit(power, supported)?;
        let target = self.units[t as usize];
        if !map.can_move(me.kind, me.location, to.province) {
            return Err(Text::new(
                "{} cannot reach {}",
                &[Fact::Unit(me), Fact::Province(to.province)],
            ));
        }
        self.support_reach(&me, to.province)?;
        // The supported unit must be able to make the move (not by the supporter's convoy,
        // unless each order is viewed individually: DPTG XII against DATC 6.D.31).
        let individually = self.rules.illegal_orders.orders_viewed_individually();
        let possible = match target.kind {
            UnitKind::Army => {
                map.province(to.province).terrain.is_land()
                    && (map.army_adjacent(target.location.province, to.province)
                        || self.convoy_route_exists(
                            target.location.province,
                            to.province,
                            (!individually).then_some(me.location.province),
                        )
                        || self.railroad_joins(target.power, target.location.province, to.province))
            }
            UnitKind::Fleet => map.fleet_can_reach(target.location, to.province),
        };
        if !possible {
            return Err(Text::new(
                "{} cannot move to {}",
                &[Fact::Unit(target), Fact::Province(to.province)],
            ));
        }
        self.closed(target.kind, target.location.province, to.province)?;
        let coast = self.support_coast(power, &target, to)?;
        Ok((
            u,
            Eff::SupportMove {
                target: t,
                to: to.province,
                coast,
            },
        ))
    }

    /// A convoy: a fleet at sea, an army, a coastal destination, and the fleet on a proper route
    /// (DATC 4.E.1).
    fn check_convoy(
        &self,
        power: PowerId,
        unit: &UnitRef,
        army: &OtherUnit,
        to: &Place,
    ) -> Result<(u32, Eff), Text> {
        let map = self.map;
        let (u, _) = self.ordered_unit(power, unit)?;
        let me = self.units[u as usize];
        if me.kind != UnitKind::Fleet || !map.can_convoy_through(me.location.province) {
            return Err(Text::new(
                "only a fleet at sea can convoy; {} cannot",
                &[Fact::Unit(me)],
            ));
        }
        if map.province_closed(me.location.province, self.season) {
            self.closed(me.kind, me.location.province, me.location.province)?;
        }
        let a = self.named_unit(power, army)?;
        let target = self.units[a as usize];
        if target.kind != UnitKind::Army {
            return Err(Text::plain("only armies can be convoyed"));
        }
        if to.province == target.location.province {
            return Err(Text::new(
                "a unit cannot move to its own province {}",
                &[Fact::Province(to.province)],
            ));
        }
        if map.province(to.province).terrain != Terrain::Coast {
            return Err(Text::new(
                "an army cannot be convoyed to {}",
                &[Fact::Province(to.province)],
            ));
        }
        // A fleet in a convoyable coast cannot carry an army to or from its own
        // province (DATC 2.4 9.A, 9.B).
        if me.location.province == to.province {
            return Err(Text::new(
                "{} cannot convoy an army into its own province",
                &[Fact::Unit(me)],
            ));
        }
        if !self.on_proper_route(target.location.province, to.province, me.location.province) {
            return Err(Text::new(
                "{} is on no convoy route from {} to {}",
                &[
                    Fact::Unit(me),
                    Fact::Province(target.location.province),
                    Fact::Province(to.province),
                ],
            ));
        }
        Ok((
            u,
            Eff::Convoy {
                army: a,
                to: to.province,
            },
        ))
    }

    /// A railroad move (DATC 2.4 7.B): an army of one of the railroad's powers, both ends on the
    /// line.
    fn check_rail_move(
        &self,
        power: PowerId,
        unit: &UnitRef,
        railroad: &usize,
        to: &Place,
    ) -> Result<(u32, Eff), Text> {
        let map = self.map;
        let (u, _) = self.ordered_unit(power, unit)?;
        let me = self.units[u as usize];
        let line = &map.railroads()[*railroad];
        if me.kind != UnitKind::Army {
            return Err(Text::new(
                "only armies use the {}",
                &[Fact::Railroad(*railroad)],
            ));
        }
        // DATC 2.4 7.B.34, errata 9.21: only the railroad's powers may use it.
        if !line.powers.contains(&me.power) {
            return Err(Text::new(
                "{} may not use the {}",
                &[Fact::Power(me.power), Fact::Railroad(*railroad)],
            ));
        }
        let on_line = |p: ProvinceId| line.provinces.contains(&p);
        if !on_line(me.location.province) {
            return Err(Text::new(
                "{} is not on the {}",
                &[
                    Fact::Province(me.location.province),
                    Fact::Railroad(*railroad),
                ],
            ));
        }
        if !on_line(to.province) {
            return Err(Text::new(
                "{} is not on the {}",
                &[Fact::Province(to.province), Fact::Railroad(*railroad)],
            ));
        }
        if to.province == me.location.province {
            return Err(Text::new(
                "a unit cannot move to its own province {}",
                &[Fact::Province(to.province)],
            ));
        }
        Ok((
            u,
            Eff::Rail {
                railroad: *railroad as u16,
                to: to.province,
            },
        ))
    }

    /// 4.B.4: the coast written in a support order.
    fn support_coast(&self, power: PowerId, target: &Unit, to: &Place) -> Result<CoastReq, Text> {
        let prov = self.map.province(to.province);
        if self.rules.support_coast.support_coast_rule() == SupportCoastRule::Ignored {
            return Ok(CoastReq::Any);
        }
        if target.kind != UnitKind::Fleet || !prov.is_multi_coast() {
            if let Some(WrittenCoast::Unknown(_)) = &to.coast {
                if self.rules.unknown_coast.reading() == Reading::Illegal {
                    return Err(no_coast(to.province, CoastIn::To));
                }
            }
            return Ok(CoastReq::Any);
        }
        match &to.coast {
            Some(WrittenCoast::Known(c)) => Ok(CoastReq::Exact(*c)),
            Some(WrittenCoast::Unknown(_))
                if self.rules.unknown_coast.reading() == Reading::Illegal =>
            {
                Err(no_coast(to.province, CoastIn::To))
            }
            _ => {
                let reachable = self
                    .map
                    .fleet_destinations(target.location, to.province)
                    .count();
                if reachable < 2 {
                    return Ok(CoastReq::Any);
                }
                match self.rules.support_coast.support_coast_rule() {
                    SupportCoastRule::OmittedMatchesAny => Ok(CoastReq::Any),
                    SupportCoastRule::OmittedDefault => {
                        let first = self
                            .map
                            .fleet_destinations(target.location, to.province)
                            .next();
                        Ok(first
                            .and_then(|l| l.coast)
                            .map_or(CoastReq::Any, CoastReq::Exact))
                    }
                    SupportCoastRule::OmittedMatchesOwnPower if target.power == power => {
                        Ok(CoastReq::Any)
                    }
                    _ => Err(Text::new(
                        "the support must name the coast of {}",
                        &[Fact::Province(to.province)],
                    )),
                }
            }
        }
    }
}

/// `an army`, `a fleet`.
fn kind_words(k: UnitKind) -> &'static str {
    match k {
        UnitKind::Army => "an army",
        UnitKind::Fleet => "a fleet",
    }
}

/// `Spain has no coast `xc``: the coast written at `at` in the order.
pub(crate) fn no_coast(p: ProvinceId, at: CoastIn) -> Text {
    Text::new(
        "{} has no coast `{}`",
        &[Fact::Province(p), Fact::WrittenCoast(at)],
    )
}

pub(crate) fn terrain_word(t: Terrain) -> &'static str {
    match t {
        Terrain::Inland => "inland",
        Terrain::Coast => "a coastal province",
        Terrain::Sea => "sea",
        Terrain::Impassable => "impassable",
    }
}

/// Interprets the orders of a movement phase.
/// Checks every order; then DATC 2.4 4.C.1 c / 4.C.2 c: an order whose unit type is missing
/// or wrong is ignored when another legal order to the same unit names the type rightly.
fn yield_to_right_designations(
    cx: &Ctx,
    orders: &[(PowerId, Order)],
    scan: &mut OrderScan,
    pool: &mut Pool,
) -> Vec<Result<(u32, Eff), Text>> {
    let mut checked: Vec<Result<(u32, Eff), Text>> = pool.empty(orders.len());
    // The only pass over the orders themselves (large, and at a million orders out of the
    // caches): what later steps need of them is noted on the way.
    checked.extend(orders.iter().enumerate().map(|(i, (p, o))| {
        scan.note(i, *p, o);
        cx.check(*p, o)
    }));
    let missing = cx.rules.missing_unit_type.yields_to_a_right_designation();
    let wrong = cx.rules.wrong_unit_type.yields_to_a_right_designation();
    if !missing && !wrong {
        return checked;
    }
    let written = |i: usize| orders[i].1.unit().map(|r| r.kind);
    let mut named_rightly = pool.take(cx.units.len(), false);
    for (i, c) in checked.iter().enumerate() {
        if let Ok((u, _)) = c {
            if written(i) == Some(Some(cx.units[*u as usize].kind)) {
                named_rightly[*u as usize] = true;
            }
        }
    }
    for (i, c) in checked.iter_mut().enumerate() {
        let Ok((u, _)) = c else { continue };
        let yields = match written(i) {
            Some(None) => missing,
            Some(Some(k)) => wrong && k != cx.units[*u as usize].kind,
            None => false,
        };
        if yields && named_rightly[*u as usize] {
            *c = Err(Text::plain(
                "another order to the unit gives its type rightly",
            ));
        }
    }
    pool.give(named_rightly);
    checked
}

/// What the interpretation needs of the orders beyond their checks, noted in the pass that
/// checks them.
struct OrderScan {
    /// The moves with a written convoy path, by index (in most phases none).
    with_path: Vec<u32>,
    /// Per power: it gave at least one order (empty when a support counts whether or not
    /// the supported unit's power gave orders: nobody asks).
    ordered_power: Vec<bool>,
    /// Whether every order is a hold (or no order was given): then no unit moves, supports or
    /// convoys, and nothing read from several orders together applies.
    only_holds: bool,
}

impl OrderScan {
    fn new(cx: &Ctx, pool: &mut Pool) -> OrderScan {
        OrderScan {
            with_path: Vec::new(),
            ordered_power: if cx.rules.civil_disorder_hold_support.support_counts() {
                Vec::new()
            } else {
                pool.take(cx.map.powers().len(), false)
            },
            only_holds: true,
        }
    }

    fn note(&mut self, i: usize, power: PowerId, order: &Order) {
        match order {
            Order::Hold { .. } => {}
            Order::Move { path, .. } if !path.is_empty() => {
                self.with_path.push(i as u32);
                self.only_holds = false;
            }
            _ => self.only_holds = false,
        }
        if let Some(o) = self.ordered_power.get_mut(power.index()) {
            *o = true;
        }
    }

    fn recycle(self, pool: &mut Pool) {
        pool.give(self.with_path);
        pool.give(self.ordered_power);
    }
}

/// Interprets the orders of a movement phase: each order checked, the effective order of each
/// unit, then the readings that depend on several orders.
pub(crate) fn interpret(cx: &Ctx, orders: &[(PowerId, Order)], pool: &mut Pool) -> Interpretation {
    let Effective {
        mut eff,
        order_of,
        mut status,
        all_illegal,
        permits,
        scan,
        ..
    } = effective_orders(cx, orders, pool);
    if scan.only_holds {
        // Every unit holds (or has no order): nothing below changes an effective order.
        scan.recycle(pool);
        pool.give(order_of);
        pool.give(all_illegal);
        return Interpretation {
            eff,
            status,
            matches: Vec::new(),
            paths: Vec::new(),
            permits,
            only_holds: true,
        };
    }
    railroad_two_units(cx, &mut eff, &order_of, &mut status);
    adjacent_routes(cx, &mut eff, pool);
    if cx.rules.implicit_orders.implicit_orders() {
        implicit_orders(cx, &mut eff, &order_of, &all_illegal);
    }
    let no_hold_support = no_hold_support(cx, orders, &status, &order_of, pool);
    let paths = written_paths(cx, orders, &scan.with_path, &status, &mut eff);
    let mut matches = support_matches(cx, &scan.ordered_power, &eff, &no_hold_support, pool);
    if cx.rules.illegal_orders.unserved_convoy_cancels_supports() {
        cancel_supports_of_unserved_convoys(cx, &eff, &paths, &mut matches, pool);
    }
    scan.recycle(pool);
    pool.give(order_of);
    pool.give(all_illegal);
    pool.give(no_hold_support);
    Interpretation {
        eff,
        status,
        matches,
        paths,
        permits,
        only_holds: false,
    }
}

/// Every order checked, and which one counts for each unit (DATC 4.D.3).
struct Effective {
    eff: Vec<Eff>,
    /// Per unit: the index of its effective order, or `NONE`.
    order_of: Vec<u32>,
    status: Vec<Status>,
    /// Per unit: all its orders are illegal because it has several (no precedence).
    all_illegal: Vec<bool>,
    permits: Vec<Permit>,
    scan: OrderScan,
    /// Some unit has several orders and none counts: its `order_of` is [`SEVERAL`] until
    /// every order is taken in.
    several: bool,
}

/// A unit's `order_of` while the orders are taken in: it has several orders and none counts
/// (no precedence); once all are in, `NONE` with `all_illegal` set.
const SEVERAL: u32 = u32::MAX - 1;

fn effective_orders(cx: &Ctx, orders: &[(PowerId, Order)], pool: &mut Pool) -> Effective {
    let n = cx.units.len();
    let mut e = Effective {
        eff: pool.take(n, Eff::Hold),
        order_of: pool.take(n, NONE),
        status: pool.empty(orders.len()),
        all_illegal: pool.take(n, false),
        permits: Vec::new(),
        scan: OrderScan::new(cx, pool),
        several: false,
    };
    let precedence = cx.rules.multiple_orders.precedence();
    if cx.rules.missing_unit_type.yields_to_a_right_designation()
        || cx.rules.wrong_unit_type.yields_to_a_right_designation()
    {
        let mut checked = yield_to_right_designations(cx, orders, &mut e.scan, pool);
        for (i, c) in checked.drain(..).enumerate() {
            e.accept(cx, &orders[i], i, c, precedence);
        }
        pool.give(checked);
    } else {
        // The only pass over the orders themselves (large, and at a million orders out of the
        // caches): each is noted, checked and taken in on the way.
        for (i, order) in orders.iter().enumerate() {
            e.scan.note(i, order.0, &order.1);
            e.accept(cx, order, i, cx.check(order.0, &order.1), precedence);
        }
    }
    if e.several {
        e.none_counts();
    }
    e
}

impl Effective {
    /// Takes in order `i` (`checked`: its check): its status, and the unit's effective order
    /// when it counts (DATC 4.D.3).
    #[inline(always)]
    fn accept(
        &mut self,
        cx: &Ctx,
        (power, order): &(PowerId, Order),
        i: usize,
        checked: Result<(u32, Eff), Text>,
        precedence: Precedence,
    ) {
        let (u, e) = match checked {
            Ok(c) => c,
            // A canal permission never checks as a unit's order: the order itself is read
            // only where the check failed.
            Err(_) if matches!(order, Order::Permit { .. }) => {
                let status = match cx.check_permit(*power, order) {
                    Ok(p) => {
                        self.permits.push(p);
                        Status::Permission(self.permits.len() - 1)
                    }
                    Err(reason) => Status::Illegal(reason),
                };
                self.status.push(status);
                return;
            }
            Err(reason) => {
                self.status.push(Status::Illegal(reason));
                return;
            }
        };
        let ui = u as usize;
        if self.order_of[ui] == NONE {
            self.order_of[ui] = i as u32;
            self.eff[ui] = e;
            self.status.push(Status::Effective(u));
            return;
        }
        self.several_orders(u, i, e, precedence);
    }

    /// Every order taken in: the units with several orders of which none counts have no
    /// effective order, and all their orders are illegal.
    fn none_counts(&mut self) {
        for (o, all) in self.order_of.iter_mut().zip(&mut self.all_illegal) {
            if *o == SEVERAL {
                *o = NONE;
                *all = true;
            }
        }
    }

    /// Order `i` is a second (or later) one for unit `u`: which counts (DATC 4.D.3).
    fn several_orders(&mut self, u: u32, i: usize, e: Eff, precedence: Precedence) {
        let ui = u as usize;
        match precedence {
            Precedence::First => self.status.push(Status::Illegal(Text::plain(
                "the unit already has an earlier order",
            ))),
            Precedence::Last => {
                self.status[self.order_of[ui] as usize] =
                    Status::Illegal(Text::plain("the unit has a later order"));
                self.order_of[ui] = i as u32;
                self.eff[ui] = e;
                self.status.push(Status::Effective(u));
            }
            Precedence::None => {
                let earlier = self.order_of[ui];
                if earlier != SEVERAL {
                    self.status[earlier as usize] =
                        Status::Illegal(Text::plain("the unit has several orders"));
                }
                self.order_of[ui] = SEVERAL;
                self.several = true;
                self.eff[ui] = Eff::Hold;
                self.status
                    .push(Status::Illegal(Text::plain("the unit has several orders")));
            }
        }
    }
}

/// DATC 2.4 7.B.33: two railroad moves on one railroad in one turn both hold.
fn railroad_two_units(cx: &Ctx, eff: &mut [Eff], order_of: &[u32], status: &mut [Status]) {
    let n = cx.units.len();
    for r in 0..cx.map.railroads().len() {
        let riders: Vec<usize> = (0..n)
            .filter(|&u| matches!(eff[u], Eff::Rail { railroad, .. } if railroad as usize == r))
            .collect();
        if riders.len() < 2 {
            continue;
        }
        match cx.rules.railroad_two_units {
            RailroadTwoUnits::BothHold => {
                for u in riders {
                    eff[u] = Eff::Hold;
                    if order_of[u] == NONE {
                        continue;
                    }
                    status[order_of[u] as usize] = Status::Illegal(Text::new(
                        "several armies are ordered to use the {} this turn: they hold",
                        &[Fact::Railroad(r)],
                    ));
                }
            }
        }
    }
}

/// 4.A.3: the route of armies moving to an adjacent province.
fn adjacent_routes(cx: &Ctx, eff: &mut [Eff], pool: &mut Pool) {
    let n = cx.units.len();
    // Which fleets are ordered to convoy each army to its destination (own power, foreign power).
    // (Most phases have no convoys: then neither vector is filled.)
    let any_convoy = eff.iter().any(|e| matches!(e, Eff::Convoy { .. }));
    let size = if any_convoy { n } else { 0 };
    let mut own_convoy = pool.take(size, false);
    let mut foreign_convoy = pool.take(size, false);
    for (f, e) in eff.iter().enumerate() {
        if let Eff::Convoy { army, to } = *e {
            let a = army as usize;
            if matches!(eff[a], Eff::Move { to: mto, .. } if mto.province == to) {
                if cx.units[f].power == cx.units[a].power {
                    own_convoy[a] = true;
                } else {
                    foreign_convoy[a] = true;
                }
            }
        }
    }
    // The policy's answer per kind of move (most phases ask it about one or two kinds).
    let mut answers: [Option<AdjacentRoute>; 32] = [None; 32];
    for a in 0..n {
        if let Eff::Move {
            to,
            convoy: false,
            via,
            possible,
            ..
        } = eff[a]
        {
            if cx.units[a].kind != UnitKind::Army {
                continue;
            }
            let d = cx.unit_at[to.province.index()];
            let opposite = d != NONE
                && matches!(eff[d as usize], Eff::Move { to: back, .. } if back.province == cx.units[a].location.province);
            let mv = AdjacentMove {
                via_convoy: via,
                own_fleet_convoys: own_convoy.get(a).copied().unwrap_or(false),
                foreign_fleet_convoys: foreign_convoy.get(a).copied().unwrap_or(false),
                opposite_move: opposite,
                opposite_is_own: opposite && cx.units[d as usize].power == cx.units[a].power,
            };
            let key = usize::from(mv.via_convoy)
                | usize::from(mv.own_fleet_convoys) << 1
                | usize::from(mv.foreign_fleet_convoys) << 2
                | usize::from(mv.opposite_move) << 3
                | usize::from(mv.opposite_is_own) << 4;
            let route =
                *answers[key].get_or_insert_with(|| cx.rules.convoy_to_adjacent.adjacent_route(mv));
            let (convoy, fallback) = match route {
                AdjacentRoute::Land => (false, false),
                AdjacentRoute::Convoy => (true, false),
                AdjacentRoute::ConvoyWithFallback => (true, true),
            };
            eff[a] = Eff::Move {
                to,
                convoy,
                via,
                possible,
                fallback,
            };
        }
    }
    pool.give(own_convoy);
    pool.give(foreign_convoy);
}

/// 4.E.3: implicit orders for units without one: a unit its own power's supports or convoys
/// all name moving to one province moves there.
fn implicit_orders(cx: &Ctx, eff: &mut [Eff], order_of: &[u32], all_illegal: &[bool]) {
    let n = cx.units.len();
    // Per unit: the one destination its own power's supports and convoys name, if they agree.
    let mut implied: Vec<Option<ProvinceId>> = vec![None; n];
    let mut ambiguous = vec![false; n];
    for (s, e) in eff.iter().enumerate() {
        let (target, dest) = match *e {
            Eff::SupportMove { target, to, .. } => (target as usize, to),
            Eff::Convoy { army, to } => (army as usize, to),
            _ => continue,
        };
        if cx.units[s].power != cx.units[target].power {
            continue;
        }
        if implied[target].is_some_and(|x| x != dest) {
            ambiguous[target] = true;
        }
        implied[target] = Some(dest);
    }
    for u in 0..n {
        if order_of[u] != NONE || all_illegal[u] {
            continue;
        }
        let (Some(dest), false) = (implied[u], ambiguous[u]) else {
            continue;
        };
        let unit = cx.units[u];
        let to = match unit.kind {
            UnitKind::Army => Ok(Location::province(dest)),
            UnitKind::Fleet => cx.fleet_destination(unit.location, &Place::new(dest)),
        };
        if let Ok(to) = to {
            let adjacent = cx.map.can_move(unit.kind, unit.location, dest);
            if adjacent || unit.kind == UnitKind::Army {
                eff[u] = Eff::Move {
                    to,
                    convoy: !adjacent,
                    via: false,
                    possible: true,
                    fallback: false,
                };
            }
        }
    }
}

/// 4.E.1: under the DPTG reading, an illegal move is still a move: the unit holds but may
/// receive no support to hold.
fn no_hold_support(
    cx: &Ctx,
    orders: &[(PowerId, Order)],
    status: &[Status],
    order_of: &[u32],
    pool: &mut Pool,
) -> Vec<bool> {
    // Filled only under the DPTG reading (otherwise empty: no unit is marked).
    if !cx.rules.illegal_orders.illegal_move_is_a_move() {
        return pool.empty(0);
    }
    let n = cx.units.len();
    let mut no_hold_support = pool.take(n, false);
    {
        for (i, (power, order)) in orders.iter().enumerate() {
            if let (Status::Illegal(_), Order::Move { unit, .. }) = (&status[i], order) {
                if let Some(u) = cx.unit_at(unit.place.province) {
                    if cx.units[u as usize].power == *power && order_of[u as usize] == NONE {
                        no_hold_support[u as usize] = true;
                    }
                }
            }
        }
    }
    no_hold_support
}

/// The path unit `u` wrote in `paths` (sorted by unit), or the empty path.
fn written_path(paths: &[(u32, Vec<ProvinceId>)], u: u32) -> &[ProvinceId] {
    match paths.binary_search_by_key(&u, |(v, _)| *v) {
        Ok(k) => &paths[k].1,
        Err(_) => &[],
    }
}

/// 4.A.6: written convoy paths (a convoyed move without one is impossible where paths are
/// required). Only the orders that write a path are looked at, and only their units' paths
/// are kept.
fn written_paths(
    cx: &Ctx,
    orders: &[(PowerId, Order)],
    with_path: &[u32],
    status: &[Status],
    eff: &mut [Eff],
) -> Vec<(u32, Vec<ProvinceId>)> {
    let mut paths = Vec::new();
    for &i in with_path {
        let i = i as usize;
        if let (Status::Effective(u), (_, Order::Move { path, .. })) = (&status[i], &orders[i]) {
            paths.push((*u, path.clone()));
        }
    }
    paths.sort_unstable_by_key(|(u, _)| *u);
    if cx.rules.convoy_path.path_rule() == PathRule::Required {
        for (u, e) in eff.iter_mut().enumerate() {
            if let Eff::Move {
                convoy: true,
                ref mut possible,
                ..
            } = *e
            {
                if written_path(&paths, u as u32).is_empty() {
                    *possible = false;
                }
            }
        }
    }
    paths
}

/// DPTG VIII Step 1 cancels a move by convoy that no fleet ordered to convoy it can carry, and
/// Step 3 then cancels each support of it (the army "fails to attempt to move"): those supports
/// match nothing. A fleet counts when its convoy order names the move and, with a written path
/// (4.A.6), when the path names its province.
fn cancel_supports_of_unserved_convoys(
    cx: &Ctx,
    eff: &[Eff],
    paths: &[(u32, Vec<ProvinceId>)],
    matches: &mut [bool],
    pool: &mut Pool,
) {
    let path_rule = cx.rules.convoy_path.path_rule();
    let mut carrying = pool.take(cx.map.provinces().len(), false);
    for s in 0..eff.len() {
        let Eff::SupportMove { target, to, .. } = eff[s] else {
            continue;
        };
        let t = target as usize;
        let convoyed = matches!(
            eff[t],
            Eff::Move {
                convoy: true,
                possible: true,
                ..
            }
        );
        if !matches[s] || !convoyed {
            continue;
        }
        let path = written_path(paths, target);
        let carries = |f: usize| {
            let at = cx.units[f].location.province;
            matches[f]
                && matches!(eff[f], Eff::Convoy { army, to: c } if army == target && c == to)
                && (path_rule == PathRule::Ignored || path.is_empty() || path.contains(&at))
        };
        let fleets: Vec<usize> = (0..eff.len()).filter(|&f| carries(f)).collect();
        let at = |f: usize| cx.units[f].location.province.index();
        fleets
            .iter()
            .for_each(|&f| carrying[at(f)] = cx.fleet_at_sea()[at(f)]);
        let from = cx.units[t].location.province;
        let served = cx
            .routes()
            .convoy_route_exists(cx.map, &carrying, from, to, None);
        fleets.iter().for_each(|&f| carrying[at(f)] = false);
        matches[s] = served;
    }
    pool.give(carrying);
}

/// Which supports and convoys match the order of the unit they name.
fn support_matches(
    cx: &Ctx,
    ordered_power: &[bool],
    eff: &[Eff],
    no_hold_support: &[bool],
    pool: &mut Pool,
) -> Vec<bool> {
    let n = cx.units.len();

    let support_counts_in_cd = cx.rules.civil_disorder_hold_support.support_counts();
    let mut matches = pool.empty(n);
    matches.extend((0..n).map(|s| match eff[s] {
        Eff::SupportHold { target } => {
            let t = target as usize;
            !matches!(eff[t], Eff::Move { .. } | Eff::Rail { .. })
                && !no_hold_support.get(t).copied().unwrap_or(false)
                && (support_counts_in_cd || ordered_power[cx.units[t].power.index()])
        }
        Eff::SupportMove { target, to, coast } => match eff[target as usize] {
            Eff::Move { to: mto, .. } => {
                mto.province == to
                    && match coast {
                        CoastReq::Any => true,
                        CoastReq::Exact(c) => mto.coast == Some(c),
                    }
            }
            Eff::Rail { to: rto, .. } => rto == to,
            _ => false,
        },
        // A convoy order matches the army's move whatever route the army takes (DATC 6.G.2:
        // an unwanted convoy is still "available"); only convoyed moves use it as a path.
        Eff::Convoy { army, to } => {
            matches!(eff[army as usize], Eff::Move { to: mto, .. } if mto.province == to)
        }
        _ => true,
    }));
    matches
}
