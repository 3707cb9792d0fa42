//! A possible order as data ([`PossibleOrder`]), its text in MILA's notation
//! ([`PossibleOrder::write`]) and the order diplo's parser would read from that text
//! ([`PossibleOrder::to_order`]).

use diplo_engine::Unit;
use diplo_map::{Location, Map, ProvinceId, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, UnitRef, WrittenCoast};

/// A unit as an order names it: its kind and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitAt {
    /// Army or fleet.
    pub kind: UnitKind,
    /// Its province, and coast for a fleet on a coast of several.
    pub location: Location,
}

impl UnitAt {
    pub(super) fn of(u: &Unit) -> UnitAt {
        UnitAt {
            kind: u.kind,
            location: u.location,
        }
    }

    /// The unit as an order names it, kind and coast written.
    pub(super) fn unit_ref(self) -> UnitRef {
        UnitRef {
            kind: Some(self.kind),
            place: place(self.location),
        }
    }

    /// The unit as a support or convoy names it: kind and coast written, no nationality.
    fn other(self) -> OtherUnit {
        OtherUnit {
            power: None,
            kind: Some(self.kind),
            place: place(self.location),
        }
    }
}

/// One possible order, as data: what [`PossibleOrder::write`] puts into MILA's words. Small and
/// hashable, so that a caller listing the orders of every phase can keep the text of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PossibleOrder {
    /// `A PAR H`.
    Hold(UnitAt),
    /// `A PAR - BUR`, `F MAO - SPA/NC`.
    Move(UnitAt, Location),
    /// `A LON - NWY VIA`.
    MoveVia(UnitAt, ProvinceId),
    /// `A PAR S A BUR`.
    SupportHold(UnitAt, UnitAt),
    /// `A PAR S A MAR - BUR`.
    SupportMove(UnitAt, UnitAt, ProvinceId),
    /// `F NTH C A LON - NWY`.
    Convoy(UnitAt, UnitAt, ProvinceId),
    /// `A PAR R BUR`.
    Retreat(UnitAt, Location),
    /// `A PAR D` (a retreat not made, or a removal).
    Disband(UnitAt),
    /// `A PAR B`, `F STP/NC B`.
    Build(UnitAt),
    /// `WAIVE`.
    Waive,
}

impl PossibleOrder {
    /// Writes the order in MILA's notation, with the place names of `map` (a [`Map`], which
    /// upper-cases its names as it goes, or names made once by the caller).
    pub fn write(&self, map: &impl PlaceNames, out: &mut String) {
        use PossibleOrder::*;
        match *self {
            Hold(u) => tail(map, out, u, " H"),
            Move(u, to) => {
                unit(map, out, u);
                out.push_str(" - ");
                location(map, out, to);
            }
            MoveVia(u, to) => {
                unit(map, out, u);
                out.push_str(" - ");
                province(map, out, to);
                out.push_str(" VIA");
            }
            SupportHold(u, v) => {
                unit(map, out, u);
                out.push_str(" S ");
                unit(map, out, v);
            }
            SupportMove(u, v, to) => named_move(map, out, u, " S ", v, to),
            Convoy(u, v, to) => named_move(map, out, u, " C ", v, to),
            Retreat(u, to) => {
                unit(map, out, u);
                out.push_str(" R ");
                location(map, out, to);
            }
            Disband(u) => tail(map, out, u, " D"),
            Build(u) => tail(map, out, u, " B"),
            Waive => out.push_str("WAIVE"),
        }
    }

    /// The order in MILA's notation, as a new string.
    pub fn text(&self, map: &Map) -> String {
        let mut out = String::with_capacity(32);
        self.write(map, &mut out);
        out
    }

    /// The order diplo's parser reads from [`PossibleOrder::write`]'s text, without writing or
    /// parsing it (a caller that handed out the text can take it back as this order).
    pub fn to_order(&self) -> Order {
        use PossibleOrder::*;
        match *self {
            Hold(u) => Order::Hold { unit: u.unit_ref() },
            Move(u, to) => Order::Move {
                unit: u.unit_ref(),
                to: place(to),
                via_convoy: false,
                path: Vec::new(),
            },
            MoveVia(u, to) => Order::Move {
                unit: u.unit_ref(),
                to: Place::new(to),
                via_convoy: true,
                path: Vec::new(),
            },
            SupportHold(u, v) => Order::SupportHold {
                unit: u.unit_ref(),
                supported: v.other(),
            },
            SupportMove(u, v, to) => Order::SupportMove {
                unit: u.unit_ref(),
                supported: v.other(),
                to: Place::new(to),
            },
            Convoy(u, v, to) => Order::Convoy {
                unit: u.unit_ref(),
                army: v.other(),
                to: Place::new(to),
            },
            Retreat(u, to) => Order::Retreat {
                unit: u.unit_ref(),
                to: place(to),
            },
            Disband(u) => Order::Disband { unit: u.unit_ref() },
            Build(u) => Order::Build { unit: u.unit_ref() },
            Waive => Order::Decline,
        }
    }
}

/// A location as an order writes it, coast included.
fn place(loc: Location) -> Place {
    Place {
        province: loc.province,
        coast: loc.coast.map(WrittenCoast::Known),
    }
}

/// Appends `name` in upper case.
fn upper(out: &mut String, name: &str) {
    if name.is_ascii() {
        let start = out.len();
        out.push_str(name);
        out[start..].make_ascii_uppercase();
    } else {
        out.extend(name.chars().flat_map(char::to_uppercase));
    }
}

/// The place names an order's text is written with, in MILA's notation.
pub trait PlaceNames {
    /// Appends a province's upper-case short name: `PAR`.
    fn province(&self, p: ProvinceId, out: &mut String);
    /// Appends a location's upper-case name: `PAR`, `STP/SC`.
    fn location(&self, loc: Location, out: &mut String);
}

impl PlaceNames for Map {
    fn province(&self, p: ProvinceId, out: &mut String) {
        upper(out, &self.province(p).name);
    }

    fn location(&self, loc: Location, out: &mut String) {
        upper(out, &self.province(loc.province).name);
        if let Some(c) = loc.coast {
            out.push('/');
            upper(out, &self.province(loc.province).coasts[c as usize].name);
        }
    }
}

fn province(map: &impl PlaceNames, out: &mut String, p: ProvinceId) {
    map.province(p, out);
}

fn location(map: &impl PlaceNames, out: &mut String, loc: Location) {
    map.location(loc, out);
}

fn unit(map: &impl PlaceNames, out: &mut String, u: UnitAt) {
    out.push(u.kind.letter());
    out.push(' ');
    location(map, out, u.location);
}

fn tail(map: &impl PlaceNames, out: &mut String, u: UnitAt, word: &str) {
    unit(map, out, u);
    out.push_str(word);
}

fn named_move(
    map: &impl PlaceNames,
    out: &mut String,
    u: UnitAt,
    word: &str,
    v: UnitAt,
    to: ProvinceId,
) {
    unit(map, out, u);
    out.push_str(word);
    unit(map, out, v);
    out.push_str(" - ");
    province(map, out, to);
}
