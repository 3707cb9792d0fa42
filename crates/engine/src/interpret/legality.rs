//! Legality of each order on its own (DATC 4.E.1): whether the unit can make the move,
//! reach the place it supports, convoy on a proper route, ride the railroad (DATC 2.4 7.B),
//! or whether a canal permission can be given (2.4 7.C.2).

use diplo_map::{Location, PowerId, ProvinceId, Terrain, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, UnitRef};
use diplo_rules::policies::*;

use super::{Ctx, Eff, Permit};
use crate::position::Unit;
use crate::reason::{Fact, Text};

impl<'a> Ctx<'a> {
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
            if let Some(ice) = coast_to_coast
                .then(|| self.iced_convoy(me.location.province, dest, None, None))
                .flatten()
            {
                return Err(Text::new(
                    "an army cannot reach {} by convoy: {} is closed (ice) in {}",
                    &[
                        Fact::Province(dest),
                        Fact::Province(ice),
                        Fact::Season(self.season),
                    ],
                ));
            }
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
            let exclude = (!individually).then_some(me.location.province);
            let ice = (target.kind == UnitKind::Army
                && map.province(to.province).terrain.is_land())
            .then(|| self.iced_convoy(target.location.province, to.province, None, exclude))
            .flatten();
            if let Some(ice) = ice {
                return Err(Text::new(
                    "the supported army cannot reach {} by convoy: {} is closed (ice) in {}",
                    &[
                        Fact::Province(to.province),
                        Fact::Province(ice),
                        Fact::Season(self.season),
                    ],
                ));
            }
            return Err(Text::new(
                "{} cannot move to {}",
                &[Fact::Unit(target), Fact::Province(to.province)],
            ));
        }
        self.closed(target.kind, target.location.province, to.province)?;
        let coast = self.support_coast(power, me.kind, &target, to)?;
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
            let (from, via) = (target.location.province, me.location.province);
            if let Some(ice) = self.iced_convoy(from, to.province, Some(via), None) {
                return Err(Text::new(
                    "the convoy route to {} passes {}, closed (ice) in {}",
                    &[
                        Fact::Province(to.province),
                        Fact::Province(ice),
                        Fact::Season(self.season),
                    ],
                ));
            }
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
}

pub(crate) fn terrain_word(t: Terrain) -> &'static str {
    match t {
        Terrain::Inland => "inland",
        Terrain::Coast => "a coastal province",
        Terrain::Sea => "sea",
        Terrain::Impassable => "impassable",
    }
}
