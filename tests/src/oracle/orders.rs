//! Reading the orders into the oracle's pieces and acts, declining what the oracle does not answer.

use super::*;

/// Reads one order into (piece, act), declining what raises a question of DATC 4.B (coasts),
/// 4.C (unit designation, nationality) or 4.E.1 (legality) that the oracle does not answer.
pub(super) fn read_order(
    map: &Map,
    order: &Order,
    pieces: &[Piece],
) -> Result<(usize, Act), &'static str> {
    let unit = order.unit().ok_or("an order without a unit")?;
    let me = named(pieces, unit.kind, &unit.place, true)?;
    let other = |u: &OtherUnit| {
        if u.power.is_some() {
            return Err("a nationality written in a support or convoy (4.C.5)");
        }
        named(pieces, u.kind, &u.place, false)
    };
    let piece = &pieces[me];
    let act = match order {
        Order::Hold { .. } => Act::Hold,
        Order::Move {
            to,
            via_convoy,
            path,
            ..
        } => {
            if *via_convoy || !path.is_empty() {
                return Err("'via convoy' or a written convoy path");
            }
            let to = if piece.fleet {
                fleet_destination(map, piece.loc, to)?
            } else {
                destination(to)?
            };
            let convoyed = !piece.fleet && !map.army_adjacent(piece.at, to);
            Act::Move { to, convoyed }
        }
        Order::SupportHold { supported, .. } => {
            let target = other(supported)?;
            support_reach(map, piece, pieces[target].at)?;
            Act::SupportHold { target }
        }
        Order::SupportMove { supported, to, .. } => {
            let target = other(supported)?;
            let to = destination(to)?;
            support_reach(map, piece, to)?;
            Act::SupportMove { target, to }
        }
        Order::Convoy { army, to, .. } => {
            let army = other(army)?;
            if !piece.fleet || pieces[army].fleet {
                return Err("a convoy by an army or of a fleet (illegal)");
            }
            let to = destination(to)?;
            Act::Convoy { army, to }
        }
        _ => return Err("an order other than hold, move, support or convoy"),
    };
    Ok((me, act))
}

/// The piece a written unit names: declines an omitted or wrong unit type (4.C.1, 4.C.2) and a
/// written coast other than the unit's own (4.B.5).
pub(super) fn named(
    pieces: &[Piece],
    kind: Option<UnitKind>,
    place: &Place,
    own: bool,
) -> Result<usize, &'static str> {
    let i = pieces
        .iter()
        .position(|x| x.at == place.province)
        .ok_or(if own {
            "an order for a province without a unit"
        } else {
            "a support or convoy naming no unit"
        })?;
    let fleet = match kind {
        Some(k) => k == UnitKind::Fleet,
        None => return Err("a unit type omitted (4.C.1)"),
    };
    if fleet != pieces[i].fleet {
        return Err("a unit type that is not the unit's (4.C.2)");
    }
    match &place.coast {
        None => Ok(i),
        Some(WrittenCoast::Known(c)) if pieces[i].loc.coast == Some(*c) => Ok(i),
        Some(_) => Err("a written coast that is not the unit's (4.B.5)"),
    }
}

/// A destination's province for an army's move or a support or convoy: declines written
/// coasts (4.B.1-4.B.4, 4.B.6); a support of a fleet's move to a coast names the province only.
pub(super) fn destination(to: &Place) -> Result<ProvinceId, &'static str> {
    if to.coast.is_some() {
        return Err("a coast question (4.B): a coast written in an army move, support or convoy");
    }
    Ok(to.province)
}

/// A fleet's destination: a province it can reach, with the coast written exactly when the
/// province has coasts and it is one the fleet can reach (a coast omitted or wrong raises a
/// 4.B question the oracle declines).
pub(super) fn fleet_destination(
    map: &Map,
    from: Location,
    to: &Place,
) -> Result<ProvinceId, &'static str> {
    let multi = map.province(to.province).is_multi_coast();
    let want = match (&to.coast, multi) {
        (None, false) => Location::province(to.province),
        (Some(WrittenCoast::Known(c)), true) => Location {
            province: to.province,
            coast: Some(*c),
        },
        _ => return Err("a coast question (4.B): a coast omitted, unknown or not needed"),
    };
    if map.fleet_neighbours(from).contains(&want) {
        Ok(to.province)
    } else {
        Err("a fleet move to a place it cannot reach (illegal)")
    }
}

/// Declines a support into a province the supporter cannot reach (illegal, 4.E.1).
pub(super) fn support_reach(
    map: &Map,
    piece: &Piece,
    place: ProvinceId,
) -> Result<(), &'static str> {
    let reach = if piece.fleet {
        map.fleet_can_reach(piece.loc, place)
    } else {
        map.army_adjacent(piece.at, place)
    };
    if reach && place != piece.at {
        Ok(())
    } else {
        Err("a support into a province the supporter cannot reach (illegal)")
    }
}
