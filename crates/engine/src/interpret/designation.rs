//! Designation: which unit an order commands and which unit a support or convoy names (DATC
//! 4.C: missing or wrong unit type, missing or wrong nationality; with the coast written for
//! the unit's own place, 4.B.5/4.B.6), and an order that yields to another one naming the
//! unit's type rightly (DATC 2.4 4.C.1 c / 4.C.2 c).

use diplo_map::{Location, PowerId, ProvinceId, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, UnitRef, WrittenCoast};
use diplo_rules::policies::*;

use super::{no_coast, Ctx, Eff, OrderScan};
use crate::position::Unit;
use crate::reason::{CoastIn, Fact, Text};
use crate::scratch::Pool;

impl<'a> Ctx<'a> {
    /// Finds the ordered unit, applying 4.C.1, 4.C.2, 4.B.5 and 4.B.6. Returns the unit and the
    /// location as written when it names another coast of the unit's province.
    #[inline(always)]
    pub(super) fn ordered_unit(
        &self,
        power: PowerId,
        r: &UnitRef,
    ) -> Result<(u32, Option<Location>), Text> {
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
    pub(super) fn named_unit(&self, supporter_power: PowerId, o: &OtherUnit) -> Result<u32, Text> {
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
}

/// `an army`, `a fleet`.
fn kind_words(k: UnitKind) -> &'static str {
    match k {
        UnitKind::Army => "an army",
        UnitKind::Fleet => "a fleet",
    }
}

/// Checks every order; then DATC 2.4 4.C.1 c / 4.C.2 c: an order whose unit type is missing
/// or wrong is ignored when another legal order to the same unit names the type rightly.
pub(super) fn yield_to_right_designations(
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
