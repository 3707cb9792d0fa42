//! A sample of play for checking pictures: orders of every kind on a map's starting position
//! and an adjustment phase with a build, a removal and a civil disorder, as a player writes
//! them. The label-overlap tests draw them on every built-in map and every imported corpus map.

use diplo_engine::{Phase, PhaseKind, Position};
use diplo_map::{Location, Map, PowerId, ProvinceId, Terrain, UnitKind};

fn short(map: &Map, p: ProvinceId) -> String {
    map.province(p).name.clone()
}

fn unit_text(map: &Map, u: &diplo_engine::Unit) -> String {
    format!("{} {}", u.kind.letter(), map.location_name(u.location))
}

/// Orders of every kind for a starting position, as a player writes them, one a line with its
/// power: an attack with support on a foreign unit that holds (so that it is dislodged), then
/// moves, supports to hold and convoys where the map allows them, and holds.
pub fn orders_of_every_kind(map: &Map, pos: &Position) -> String {
    let units = &pos.units;
    let mut given: Vec<Option<String>> = vec![None; units.len()];
    let at = |p: ProvinceId| units.iter().position(|u| u.location.province == p);
    let reach = |i: usize| -> Vec<ProvinceId> {
        let u = &units[i];
        match u.kind {
            UnitKind::Army => map.army_neighbours(u.location.province).to_vec(),
            UnitKind::Fleet => map
                .fleet_neighbours(u.location)
                .iter()
                .map(|l| l.province)
                .collect(),
        }
    };
    'attack: for a in 0..units.len() {
        for t in reach(a) {
            let Some(x) = at(t).filter(|&x| units[x].power != units[a].power) else {
                continue;
            };
            for s in (0..units.len()).filter(|&s| s != a && s != x) {
                if units[s].power == units[x].power || !reach(s).contains(&t) {
                    continue;
                }
                let (ua, ux) = (unit_text(map, &units[a]), unit_text(map, &units[x]));
                given[a] = Some(format!("{ua} - {}", short(map, t)));
                given[s] = Some(format!(
                    "{} S {ua} - {}",
                    unit_text(map, &units[s]),
                    short(map, t)
                ));
                given[x] = Some(format!("{ux} H"));
                break 'attack;
            }
        }
    }
    for i in 0..units.len() {
        if given[i].is_some() {
            continue;
        }
        let u = unit_text(map, &units[i]);
        let near = reach(i);
        let friend = near
            .iter()
            .find_map(|&p| at(p).filter(|&j| given[j].is_none()));
        let empty = near.iter().find(|&&p| at(p).is_none());
        given[i] = Some(match (i % 4, friend, empty) {
            (1, Some(j), _) => format!("{u} S {}", unit_text(map, &units[j])),
            (2, _, _) if convoy(map, pos, i).is_some() => convoy(map, pos, i).unwrap_or_default(),
            (0 | 2, _, Some(&p)) => format!("{u} - {}", short(map, p)),
            _ => format!("{u} H"),
        });
    }
    let mut text = String::new();
    for (u, o) in units.iter().zip(given).filter_map(|(u, o)| Some((u, o?))) {
        text.push_str(&format!("{}: {o}\n", map.power(u.power).name));
    }
    text
}

/// A convoy order for fleet `i` at sea: an army on a coast beside it to another coast beside it.
fn convoy(map: &Map, pos: &Position, i: usize) -> Option<String> {
    let f = &pos.units[i];
    if f.kind != UnitKind::Fleet || map.province(f.location.province).terrain != Terrain::Sea {
        return None;
    }
    let near = map.any_neighbours(f.location.province);
    let army = pos
        .units
        .iter()
        .find(|u| u.kind == UnitKind::Army && near.contains(&u.location.province))?;
    let to = near
        .iter()
        .find(|&&p| p != army.location.province && map.province(p).terrain == Terrain::Coast)?;
    Some(format!(
        "{} C {} - {}",
        unit_text(map, f),
        unit_text(map, army),
        map.province(*to).name
    ))
}

/// An adjustment phase from the starting position, and its orders as a player writes them: the
/// first playing power lost a unit (it builds), the second and third lost a centre (the second
/// removes a unit, the third is in civil disorder).
pub fn adjustment_phase(map: &Map) -> (Position, String) {
    let mut pos = Position::initial(map);
    pos.phase = Phase {
        year: map.first_year,
        season: map.calendar.first_adjustment(),
        kind: PhaseKind::Adjustment,
    };
    let mut text = String::new();
    let powers: Vec<PowerId> = map.power_ids().filter(|p| !map.power(*p).neutral).collect();
    if let Some(&p0) = powers.first() {
        if let Some(k) = pos.units.iter().position(|u| {
            u.power == p0 && map.power(p0).home_centres.contains(&u.location.province)
        }) {
            let u = pos.units.remove(k);
            let place = Location::province(u.location.province);
            let kind = if u.kind == UnitKind::Fleet { "F" } else { "A" };
            let loc = map.location_name(if u.location.coast.is_some() {
                u.location
            } else {
                place
            });
            text.push_str(&format!("{}: Build {kind} {loc}\n", map.power(p0).name));
        }
    }
    for (n, &p) in powers.iter().enumerate().skip(1).take(2) {
        let Some(c) = (0..pos.owners.len()).find(|&c| pos.owners[c] == Some(p)) else {
            continue;
        };
        pos.owners[c] = None;
        if n == 1 {
            if let Some(u) = pos.units.iter().find(|u| u.power == p) {
                let name = &map.power(p).name;
                text.push_str(&format!("{name}: Remove {}\n", unit_text(map, u)));
            }
        }
    }
    (pos, text)
}
