//! Diplomacy orders as the player wrote them.
//!
//! The model keeps what was written so that the rule policies decide the disputable questions
//! (DATC 4.B coasts, 4.C unit designation and nationality, 4.A.6 convoy paths): an omitted coast
//! differs from a given one ([`Place::coast`]), a unit type is kept as written
//! ([`UnitRef::kind`], `None` when omitted), a nationality in a support is kept
//! ([`OtherUnit::power`]). The parser settles none of these issues.
//!
//! Two notations are read, case-insensitively and with the map's aliases:
//! the DATC's (`England: F North Sea Convoys A Yorkshire - Yorkshire`) and the common short
//! one (`ENG: F nth C A yor - yor`). [`Order`]'s `Display` writes the canonical short form, which
//! parses back to the same order.

mod display;
mod parse;
mod readable;

use diplo_map::{PowerId, ProvinceId, UnitKind};

pub use display::OrderDisplay;
pub use parse::{
    parse_order, parse_orders, parse_orders_into, parse_phase_orders_into, text_lines, LineText,
    OrderLine, ParseError,
};
pub use readable::unreadable_names;

/// A coast as written in an order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum WrittenCoast {
    /// A coast the province has: index into `Province::coasts`.
    Known(u8),
    /// A coast the province does not have (`Portugal(nc)`, `Spain(ec)`), lower case, as written
    /// (DATC 4.B.6 decides what it means).
    Unknown(String),
}

/// A province, and the coast if the order wrote one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The province.
    pub province: ProvinceId,
    /// The coast, if written.
    pub coast: Option<WrittenCoast>,
}

impl Place {
    /// A province without a coast.
    pub fn new(province: ProvinceId) -> Self {
        Place {
            province,
            coast: None,
        }
    }
}

/// The ordered unit, as written: `F North Sea`, `A lon`, or just `London` (type omitted).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnitRef {
    /// `A` or `F`, or `None` when omitted (DATC 4.C.1).
    pub kind: Option<UnitKind>,
    /// Where the unit stands, with the coast if written.
    pub place: Place,
}

/// A unit named inside a support or convoy order: `Russian A Warsaw`, `F Berlin`, `Berlin`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OtherUnit {
    /// Nationality as written (`Supports Russian A ...`), DATC 4.C.5/4.C.6.
    pub power: Option<PowerId>,
    /// `A` or `F` as written, or `None` when omitted.
    pub kind: Option<UnitKind>,
    /// Where the unit stands (for a convoy: where the army starts).
    pub place: Place,
}

/// One order, as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// `A Venice Holds`, `A ven H`.
    Hold {
        /// The ordered unit.
        unit: UnitRef,
    },
    /// `A Yorkshire - Holland via convoy`, `F stp/sc - bot`, `A yor - nth - hol`.
    /// In a retreat phase a move is a retreat (the DATC writes retreats as moves).
    Move {
        /// The ordered unit.
        unit: UnitRef,
        /// Destination as written.
        to: Place,
        /// `via convoy` / `by convoy` was written.
        via_convoy: bool,
        /// A convoy path as written (`A yor - nth - hol` gives `[nth]`), empty if none.
        path: Vec<ProvinceId>,
    },
    /// `A Liverpool Supports A Yorkshire`, `F kie S F ber`.
    SupportHold {
        /// The supporting unit.
        unit: UnitRef,
        /// The supported unit.
        supported: OtherUnit,
    },
    /// `A Liverpool Supports A Yorkshire - Wales`, `F lon S A yor - wal`.
    SupportMove {
        /// The supporting unit.
        unit: UnitRef,
        /// The supported unit.
        supported: OtherUnit,
        /// The destination of the supported move, as written.
        to: Place,
    },
    /// `F North Sea Convoys A Yorkshire - Holland`, `F nth C A yor - hol`.
    Convoy {
        /// The convoying fleet.
        unit: UnitRef,
        /// The convoyed army (its place is where it starts).
        army: OtherUnit,
        /// The destination of the convoyed army.
        to: Place,
    },
    /// A move by railroad (Colonial's Trans-Siberian Railroad, DATC 2.4 7.B):
    /// `A Moscow - TSR - Vladivostok`, `A mos - tsr - vla`; also read without dashes
    /// (`A Moscow TSR Vladivostok`, the retreat DATC 2.4 7.B.32 writes).
    RailMove {
        /// The ordered unit.
        unit: UnitRef,
        /// The railroad: index into `Map::railroads`.
        railroad: usize,
        /// Destination as written.
        to: Place,
    },
    /// A canal permission (Colonial's Suez Canal, DATC 2.4 7.C): `SC F Mediterranean Sea - Red
    /// Sea`, `SC F med - red`. The power permits the named fleet's move through the canal; the
    /// order names no unit of the power's own.
    Permit {
        /// The permitted fleet (where it stands).
        fleet: OtherUnit,
        /// Where it moves.
        to: Place,
    },
    /// An explicit retreat: `F tri R alb`, `F Trieste Retreats to Albania`.
    Retreat {
        /// The dislodged unit.
        unit: UnitRef,
        /// Where it retreats to.
        to: Place,
    },
    /// `Disband F North Sea`, `F nth D`, `Remove A Paris` (retreat or adjustment phase).
    Disband {
        /// The unit.
        unit: UnitRef,
    },
    /// `Build A Paris`, `Build F St Petersburg(nc)`, `B F stp/nc`, `Build Paris` (type omitted).
    Build {
        /// The unit to build.
        unit: UnitRef,
    },
    /// Converting a unit into the other kind during adjustments (the 2025 Era of Empire rules):
    /// `Convert A Marseilles` (the army becomes a fleet); `Convert A Spain(nc)` names the coast
    /// the fleet will stand on.
    Convert {
        /// The unit as written (its kind now; the place's coast is the new fleet's).
        unit: UnitRef,
    },
    /// Declining a build: `Build waive`, `Waive`, `Decline`.
    Decline,
}

impl Order {
    /// The ordered unit, if the order names one (all but [`Order::Decline`] and
    /// [`Order::Permit`], which commands no unit of its own).
    pub fn unit(&self) -> Option<&UnitRef> {
        match self {
            Order::Hold { unit }
            | Order::Move { unit, .. }
            | Order::RailMove { unit, .. }
            | Order::SupportHold { unit, .. }
            | Order::SupportMove { unit, .. }
            | Order::Convoy { unit, .. }
            | Order::Retreat { unit, .. }
            | Order::Disband { unit }
            | Order::Build { unit }
            | Order::Convert { unit } => Some(unit),
            Order::Decline | Order::Permit { .. } => None,
        }
    }

    /// Writes the order in the canonical short form (`F stp/sc - bot`), using `map` for names.
    pub fn display<'a>(&'a self, map: &'a diplo_map::Map) -> OrderDisplay<'a> {
        OrderDisplay {
            order: self,
            power: None,
            map,
            full: false,
        }
    }
}

/// The README's examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
