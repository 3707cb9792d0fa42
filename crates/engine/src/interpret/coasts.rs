//! Coasts written in orders (DATC 4.B): the coast a fleet moves to when the order omits it,
//! names a wrong one or an unknown one (4.B.1-4.B.3, 4.B.6), and the coast a support to move
//! requires (4.B.4).

use diplo_map::{Location, PowerId, ProvinceId, UnitKind};
use diplo_orders::{Place, WrittenCoast};
use diplo_rules::policies::*;

use super::legality::terrain_word;
use super::{CoastReq, Ctx};
use crate::position::Unit;
use crate::reason::{CoastIn, Fact, Text};

impl<'a> Ctx<'a> {
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

    /// 4.B.4: the coast written in a support order by `supporter`.
    pub(super) fn support_coast(
        &self,
        power: PowerId,
        supporter: UnitKind,
        target: &Unit,
        to: &Place,
    ) -> Result<CoastReq, Text> {
        let prov = self.map.province(to.province);
        match self.rules.support_coast.support_coast_rule() {
            SupportCoastRule::Ignored => return Ok(CoastReq::Any),
            SupportCoastRule::FleetsIgnored if supporter == UnitKind::Fleet => {
                return Ok(CoastReq::Any)
            }
            _ => {}
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
                    SupportCoastRule::OmittedMatchesAny | SupportCoastRule::FleetsIgnored => {
                        Ok(CoastReq::Any)
                    }
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

/// `Spain has no coast `xc``: the coast written at `at` in the order.
pub(crate) fn no_coast(p: ProvinceId, at: CoastIn) -> Text {
    Text::new(
        "{} has no coast `{}`",
        &[Fact::Province(p), Fact::WrittenCoast(at)],
    )
}
