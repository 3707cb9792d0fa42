//! Writing godip's game-record format: the inverse of [`crate::record`]. A game hosted with
//! `diplo game` (on any map) becomes a record that `diplo replay --map NAME` reads back.

use std::fmt::Write as _;

use diplo_engine::{PhaseKind, Position};
use diplo_map::{Location, Map, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, UnitRef};

/// One phase to write: the position at its start and the orders given in it.
pub struct PhaseToWrite<'a> {
    /// The position at the start of the phase.
    pub position: &'a Position,
    /// The orders of the phase (any power's), as adjudicated.
    pub orders: &'a [Order],
    /// The power of each order, when known (empty otherwise): written for the orders that name
    /// no unit, a declined build (`France: waive`), which the reader could not attribute.
    pub powers: &'a [diplo_map::PowerId],
}

/// Writes the phases as a godip record: `PHASE`, `POSITIONS`, `ORDERS` blocks.
pub fn write_game(map: &Map, phases: &[PhaseToWrite]) -> String {
    let mut out = String::new();
    for p in phases {
        let phase = p.position.phase;
        let season = map.season_name(phase.season);
        let kind = phase.kind.word();
        let _ = writeln!(out, "PHASE {} {season} {kind}", phase.year);
        out.push_str("POSITIONS\n");
        for u in &p.position.units {
            let _ = writeln!(
                out,
                "{}: {} {}",
                map.power(u.power).name,
                kind_word(u.kind),
                map.location_name(u.location)
            );
        }
        for d in &p.position.dislodged {
            let u = d.unit;
            let _ = writeln!(
                out,
                "{}: {}/dislodged {}",
                map.power(u.power).name,
                kind_word(u.kind),
                map.location_name(u.location)
            );
        }
        for (i, owner) in p.position.owners.iter().enumerate() {
            if let Some(o) = owner {
                let name = &map.provinces()[i].name;
                let _ = writeln!(out, "{}: supply {name}", map.power(*o).name);
            }
        }
        out.push_str("ORDERS\n");
        for (i, o) in p.orders.iter().enumerate() {
            if let (Order::Decline, Some(&power)) = (o, p.powers.get(i)) {
                let _ = writeln!(out, "{}: waive", map.power(power).name);
            } else if let Some(line) = order_line(map, p.position, o, phase.kind) {
                let _ = writeln!(out, "{line}");
            }
        }
    }
    out
}

fn kind_word(k: UnitKind) -> &'static str {
    match k {
        UnitKind::Army => "army",
        UnitKind::Fleet => "fleet",
    }
}

fn place(map: &Map, p: &Place) -> String {
    let coast = match &p.coast {
        Some(diplo_orders::WrittenCoast::Known(c)) => Some(*c),
        _ => None,
    };
    map.location_name(Location {
        province: p.province,
        coast,
    })
}

fn unit(map: &Map, u: &UnitRef) -> String {
    place(map, &u.place)
}

fn other(map: &Map, u: &OtherUnit) -> String {
    place(map, &u.place)
}

/// One order in godip's words (`bud move ser`, `bel support mun move bur`, `build Army ank`).
/// godip has no words for Colonial's railroad moves, canal permissions and Era of Empire's
/// conversions: those are written in diplo's short notation (`A mos - TSR - vla`, `Convert A
/// mar`; a permission with the power that gives it,
/// `Turkey: SC F med - red`), which the record reader also reads.
fn order_line(map: &Map, pos: &Position, o: &Order, kind: PhaseKind) -> Option<String> {
    Some(match o {
        Order::Hold { unit: u } => format!("{} hold", unit(map, u)),
        Order::Move {
            unit: u,
            to,
            via_convoy,
            ..
        } => format!(
            "{} move {}{}",
            unit(map, u),
            place(map, to),
            if *via_convoy { " via convoy" } else { "" }
        ),
        Order::Retreat { unit: u, to } => format!("{} move {}", unit(map, u), place(map, to)),
        Order::SupportHold { unit: u, supported } => {
            format!("{} support {}", unit(map, u), other(map, supported))
        }
        Order::SupportMove {
            unit: u,
            supported,
            to,
        } => format!(
            "{} support {} move {}",
            unit(map, u),
            other(map, supported),
            place(map, to)
        ),
        Order::Convoy { unit: u, army, to } => format!(
            "{} convoy {} move {}",
            unit(map, u),
            other(map, army),
            place(map, to)
        ),
        Order::Disband { unit: u } if kind == PhaseKind::Adjustment => {
            format!("remove {}", unit(map, u))
        }
        Order::Disband { unit: u } => format!("{} disband", unit(map, u)),
        Order::Build { unit: u } => {
            let k = match u.kind? {
                UnitKind::Army => "Army",
                UnitKind::Fleet => "Fleet",
            };
            format!("build {k} {}", unit(map, u))
        }
        // godip's words have no railroad move or canal permission (Colonial): written in diplo's.
        Order::RailMove { .. } | Order::Convert { .. } => o.display(map).to_string(),
        Order::Permit { fleet, to } => {
            let grantor = map
                .canals()
                .iter()
                .find(|c| c.seas.contains(&fleet.place.province) && c.seas.contains(&to.province))
                .and_then(|c| pos.unit_in(c.province))
                .map(|u| u.power)?;
            format!("{}: {}", map.power(grantor).name, o.display(map))
        }
        // A declined build names no unit: written above with its power when the power is known.
        Order::Decline => return None,
    })
}
