//! An order's MILA text written straight from the order and the provinces' upper-case names
//! (`A PAR - BUR`, `F NTH C A YOR - HOL`, `A PAR B`, `WAIVE`), for the orders of a saved game:
//! the general way ([`super::mila_order`]: diplo's short form, then rearranged and put in upper
//! case) costs several times more, once per order of every phase written.

use diplo_map::{Location, Map, ProvinceId, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, UnitRef, WrittenCoast};

/// Every province's name in upper case, one after the other (two allocations, not one a
/// province), and where each one's is.
pub(super) struct UpperNames {
    text: String,
    at: Vec<(u32, u32)>,
}

impl UpperNames {
    pub(super) fn new(map: &Map) -> UpperNames {
        let mut text = String::new();
        let at = (map.provinces().iter())
            .map(|p| {
                let start = text.len();
                if p.name.is_ascii() {
                    // Byte by byte in place (char::to_uppercase is a table look-up a char).
                    text.push_str(&p.name);
                    text[start..].make_ascii_uppercase();
                } else {
                    text.extend(p.name.chars().flat_map(char::to_uppercase));
                }
                (start as u32, text.len() as u32)
            })
            .collect();
        UpperNames { text, at }
    }

    /// Province `c`'s name in upper case.
    pub(super) fn get(&self, c: ProvinceId) -> &str {
        let (start, end) = self.at[c.index()];
        &self.text[start as usize..end as usize]
    }
}

/// A location's upper-case name (`PAR`, `STP/SC`) at the end of `out`: the unit keys of the
/// results, the units and retreat options of the state.
pub(super) fn push_location(map: &Map, upper: &UpperNames, at: Location, out: &mut String) {
    out.push_str(upper.get(at.province));
    if let Some(c) = at.coast {
        if let Some(coast) = map.province(at.province).coasts.get(c as usize) {
            out.push('/');
            out.extend(coast.name.chars().flat_map(char::to_uppercase));
        }
    }
}

/// `order`'s MILA text into `out` (emptied first), as [`super::mila_order`] writes it, and the
/// length of its unit (`A PAR` of `A PAR - BUR`); None, with `out` in any state, for an order
/// this does not write: one with a unit type left out, a nationality, a convoy path, a coast the
/// map does not give the province, or an order MILA has no words for (railroads, canals,
/// conversions). Those take the general way.
pub(super) fn write(
    map: &Map,
    upper: &UpperNames,
    order: &Order,
    out: &mut String,
) -> Option<usize> {
    out.clear();
    match order {
        Order::Hold { unit } => {
            let n = own(map, upper, unit, out)?;
            out.push_str(" H");
            Some(n)
        }
        Order::Move {
            unit,
            to,
            via_convoy,
            path,
        } if path.is_empty() => {
            let n = own(map, upper, unit, out)?;
            out.push_str(" - ");
            place(map, upper, to, out)?;
            if *via_convoy {
                out.push_str(" VIA");
            }
            Some(n)
        }
        Order::SupportHold { unit, supported } => {
            let n = own(map, upper, unit, out)?;
            out.push_str(" S ");
            other(map, upper, supported, out)?;
            Some(n)
        }
        Order::SupportMove {
            unit,
            supported,
            to,
        } => on_move(map, upper, (unit, " S ", supported, to), out),
        Order::Convoy { unit, army, to } => on_move(map, upper, (unit, " C ", army, to), out),
        Order::Retreat { unit, to } => {
            let n = own(map, upper, unit, out)?;
            out.push_str(" R ");
            place(map, upper, to, out)?;
            Some(n)
        }
        Order::Disband { unit } => {
            let n = own(map, upper, unit, out)?;
            out.push_str(" D");
            Some(n)
        }
        Order::Build { unit } => {
            let n = own(map, upper, unit, out)?;
            out.push_str(" B");
            Some(n)
        }
        Order::Decline => {
            out.push_str("WAIVE");
            Some(0)
        }
        _ => None,
    }
}

/// A support of a move or a convoy: the unit, `word`, the unit moved and where
/// (`F NTH C A YOR - HOL`); returns the unit's length.
fn on_move(
    map: &Map,
    upper: &UpperNames,
    (unit, word, moved, to): (&UnitRef, &str, &OtherUnit, &Place),
    out: &mut String,
) -> Option<usize> {
    let n = own(map, upper, unit, out)?;
    out.push_str(word);
    other(map, upper, moved, out)?;
    out.push_str(" - ");
    place(map, upper, to, out)?;
    Some(n)
}

/// The ordered unit (`A PAR`), its type written; returns the text's length after it.
fn own(map: &Map, upper: &UpperNames, unit: &UnitRef, out: &mut String) -> Option<usize> {
    kind_and_place(map, upper, unit.kind?, &unit.place, out)?;
    Some(out.len())
}

/// A unit named by a support or convoy, its type written and no nationality.
fn other(map: &Map, upper: &UpperNames, unit: &OtherUnit, out: &mut String) -> Option<()> {
    if unit.power.is_some() {
        return None;
    }
    kind_and_place(map, upper, unit.kind?, &unit.place, out)
}

fn kind_and_place(
    map: &Map,
    upper: &UpperNames,
    kind: UnitKind,
    at: &Place,
    out: &mut String,
) -> Option<()> {
    out.push(kind.letter());
    out.push(' ');
    place(map, upper, at, out)
}

/// `PAR`, `STP/SC`: a coast the map gives the province, or none.
fn place(map: &Map, upper: &UpperNames, at: &Place, out: &mut String) -> Option<()> {
    let province = map.provinces().get(at.province.index())?;
    out.push_str(upper.get(at.province));
    match at.coast {
        None => {}
        Some(WrittenCoast::Known(c)) => {
            let coast = province.coasts.get(c as usize)?;
            out.push('/');
            out.extend(coast.name.chars().flat_map(char::to_uppercase));
        }
        Some(WrittenCoast::Unknown(_)) => return None,
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use diplo_map::Map;

    use super::{write, UpperNames};
    use crate::mila::mila_order;

    /// Written directly or not, an order's text is the general way's; the orders this does not
    /// write are left to it.
    #[test]
    fn an_order_reads_as_the_general_way_writes_it() {
        let map = Map::embedded("standard").unwrap().unwrap();
        let upper = UpperNames::new(&map);
        let direct = [
            "A par H",
            "A par - bur",
            "F stp/sc - bot",
            "A lon - bel via convoy",
            "F lon S A yor",
            "F lon S A yor - wal",
            "F nth C A yor - hol",
            "F tri R alb",
            "F nth D",
            "B A par",
            "B F stp/nc",
            "waive",
        ];
        let general = [
            "par H",
            "A smy S RUS A arm - ank",
            "A yor - nth - hol",
            "B par",
        ];
        let mut out = String::new();
        for (texts, written) in [(&direct[..], true), (&general[..], false)] {
            for text in texts {
                let (_, order) = diplo_orders::parse_order(&map, text).unwrap();
                let unit = write(&map, &upper, &order, &mut out);
                assert_eq!(unit.is_some(), written, "{text}");
                if unit.is_some() {
                    assert_eq!(out, mila_order(&map, &order), "{text}");
                }
            }
        }
    }
}
