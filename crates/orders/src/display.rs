//! The canonical short form of an order.
//!
//! Short form (the default): short names, one-letter verbs.
//!
//! | order | written |
//! | --- | --- |
//! | hold | `A par H` |
//! | move | `F stp/sc - bot`, `A lon - bel via convoy`, `A yor - nth - hol` |
//! | railroad move | `A mos - TSR - vla` (the railroad's `name` from the map) |
//! | canal permission | `SC F med - red` |
//! | support | `F lon S A yor`, `F lon S A yor - wal`, `A smy S RUS A arm - ank` |
//! | convoy | `F nth C A yor - hol` |
//! | retreat | `F tri R alb` |
//! | disband | `F nth D` |
//! | build | `B A par`, `B par` |
//! | decline | `waive` |
//!
//! Full form ([`OrderDisplay::full`]): the DATC's words and full names (`F North Sea Convoys A
//! Yorkshire - Holland`, `A Venice Holds`, `A Smyrna Supports Russian A Armenia - Ankara`,
//! `F Trieste Retreats to Albania`, `Disband F North Sea`, `Build A Paris`, `Decline`,
//! `A Moscow - TSR - Vladivostok`, `SC F Mediterranean Sea - Red Sea`).
//!
//! A coast the province has is written `spa/nc` (short) or `Spain(nc)` (full); a coast it does
//! not have is written in parentheses, `por(nc)`, so that it reads back as the same unknown coast.
//! An omitted unit type stays omitted (`lon H`). Both forms parse back to the same order.

use std::fmt;

use diplo_map::{Map, PowerId, ProvinceId};

use crate::{Order, OtherUnit, Place, UnitRef, WrittenCoast};

/// Displays an [`Order`] in the canonical short form; see [`Order::display`].
pub struct OrderDisplay<'a> {
    pub(crate) order: &'a Order,
    pub(crate) power: Option<PowerId>,
    pub(crate) map: &'a Map,
    pub(crate) full: bool,
}

impl<'a> OrderDisplay<'a> {
    /// Prefixes the power's abbreviation (`ENG: F lon - nth`); in the full form, its name
    /// (`England: F London - North Sea`).
    pub fn with_power(mut self, power: Option<PowerId>) -> Self {
        self.power = power;
        self
    }
    /// Writes full province names and DATC words (`F London - North Sea`) instead of the short form.
    pub fn full(mut self) -> Self {
        self.full = true;
        self
    }

    fn province(&self, f: &mut fmt::Formatter<'_>, id: ProvinceId) -> fmt::Result {
        match self.map.provinces().get(id.index()) {
            Some(p) if self.full => f.write_str(&p.full_name),
            Some(p) => f.write_str(&p.name),
            None => write!(f, "<province {}>", id.0),
        }
    }

    fn place(&self, f: &mut fmt::Formatter<'_>, place: &Place) -> fmt::Result {
        self.province(f, place.province)?;
        match &place.coast {
            None => Ok(()),
            Some(WrittenCoast::Known(c)) => {
                let coast = self
                    .map
                    .provinces()
                    .get(place.province.index())
                    .and_then(|p| p.coasts.get(*c as usize));
                match coast {
                    Some(coast) if self.full => write!(f, "({})", coast.name),
                    Some(coast) => write!(f, "/{}", coast.name),
                    None => write!(f, "(<coast {c}>)"),
                }
            }
            Some(WrittenCoast::Unknown(c)) => write!(f, "({c})"),
        }
    }

    fn kind_and_place(
        &self,
        f: &mut fmt::Formatter<'_>,
        kind: Option<diplo_map::UnitKind>,
        place: &Place,
    ) -> fmt::Result {
        if let Some(k) = kind {
            write!(f, "{} ", k.letter())?;
        }
        self.place(f, place)
    }

    fn unit(&self, f: &mut fmt::Formatter<'_>, unit: &UnitRef) -> fmt::Result {
        self.kind_and_place(f, unit.kind, &unit.place)
    }

    fn other(&self, f: &mut fmt::Formatter<'_>, other: &OtherUnit) -> fmt::Result {
        if let Some(p) = other.power {
            match self.map.powers().get(p.index()) {
                Some(power) if self.full => write!(f, "{} ", power.adjective)?,
                Some(power) => write!(f, "{} ", power.abbreviation)?,
                None => write!(f, "<power {}> ", p.0)?,
            }
        }
        self.kind_and_place(f, other.kind, &other.place)
    }

    /// ` - `, then the place.
    fn to(&self, f: &mut fmt::Formatter<'_>, place: &Place) -> fmt::Result {
        f.write_str(" - ")?;
        self.place(f, place)
    }

    fn word<'w>(&self, short: &'w str, full: &'w str) -> &'w str {
        if self.full {
            full
        } else {
            short
        }
    }
}

impl fmt::Display for OrderDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = self.power {
            match self.map.powers().get(p.index()) {
                Some(power) if self.full => write!(f, "{}: ", power.name)?,
                Some(power) => write!(f, "{}: ", power.abbreviation)?,
                None => write!(f, "<power {}>: ", p.0)?,
            }
        }
        match self.order {
            Order::Hold { unit } => {
                self.unit(f, unit)?;
                write!(f, " {}", self.word("H", "Holds"))
            }
            Order::Move {
                unit,
                to,
                via_convoy,
                path,
            } => {
                self.unit(f, unit)?;
                for &p in path {
                    f.write_str(" - ")?;
                    self.province(f, p)?;
                }
                self.to(f, to)?;
                if *via_convoy {
                    f.write_str(" via convoy")?;
                }
                Ok(())
            }
            Order::RailMove { unit, railroad, to } => {
                self.unit(f, unit)?;
                match self.map.railroads().get(*railroad) {
                    Some(r) => write!(f, " - {}", r.name)?,
                    None => write!(f, " - <railroad {railroad}>")?,
                }
                self.to(f, to)
            }
            Order::Permit { fleet, to } => {
                f.write_str("SC ")?;
                self.other(f, fleet)?;
                self.to(f, to)
            }
            Order::SupportHold { unit, supported } => {
                self.unit(f, unit)?;
                write!(f, " {} ", self.word("S", "Supports"))?;
                self.other(f, supported)
            }
            Order::SupportMove {
                unit,
                supported,
                to,
            } => {
                self.unit(f, unit)?;
                write!(f, " {} ", self.word("S", "Supports"))?;
                self.other(f, supported)?;
                self.to(f, to)
            }
            Order::Convoy { unit, army, to } => {
                self.unit(f, unit)?;
                write!(f, " {} ", self.word("C", "Convoys"))?;
                self.other(f, army)?;
                self.to(f, to)
            }
            Order::Retreat { unit, to } => {
                self.unit(f, unit)?;
                write!(f, " {} ", self.word("R", "Retreats to"))?;
                self.place(f, to)
            }
            Order::Disband { unit } => {
                if self.full {
                    f.write_str("Disband ")?;
                    self.unit(f, unit)
                } else {
                    self.unit(f, unit)?;
                    f.write_str(" D")
                }
            }
            Order::Build { unit } => {
                write!(f, "{} ", self.word("B", "Build"))?;
                self.unit(f, unit)
            }
            Order::Convert { unit } => {
                f.write_str("Convert ")?;
                self.unit(f, unit)
            }
            Order::Decline => f.write_str(self.word("waive", "Decline")),
        }
    }
}
