//! Dislodgements after the movement: which unit dislodged which, the provinces a standoff
//! left contested, the dislodged units with their retreat options, and those no result
//! reports.

use diplo_map::{Location, Map, PowerId, ProvinceId, UnitKind};
use diplo_orders::Order;
use diplo_rules::policies::RetreatAfterConvoy;
use diplo_rules::Ruleset;

use crate::interpret::{Eff, NONE};
use crate::outcome::{OrderResult, Retreats, Tag};
use crate::position::{Dislodged, Position, Unit};
use crate::resolve::{Board, Tri};
use crate::scratch::Pool;

/// Per unit, the unit that dislodged it, or [`NONE`] (a railroad move never dislodges).
pub(super) fn dislodgements(
    board: &Board,
    unit_at: &[u32],
    ends: &[Option<Location>],
    pool: &mut Pool,
) -> Vec<u32> {
    let mut dislodged_by = pool.take(ends.len(), NONE);
    for a in 0..ends.len() {
        if ends[a].is_some() {
            if let Eff::Move { to, .. } = board.eff[a] {
                let d = unit_at[to.province.index()];
                if d != NONE && ends[d as usize].is_none() {
                    dislodged_by[d as usize] = a as u32;
                }
            }
        }
    }
    dislodged_by
}

/// What the movement did: per unit the unit that dislodged it (or [`NONE`]), the units
/// standing after it, and the contested provinces.
pub(super) struct Moved<'a> {
    pub(super) dislodged_by: &'a [u32],
    pub(super) after: &'a [Unit],
    pub(super) contested: &'a [ProvinceId],
}

/// The dislodged units with their retreat options, and per unit its tag (see
/// [`dislodged_units`]); when no unit is dislodged (most phases), nothing per province is built.
pub(super) fn retreats_of(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    board: &Board,
    moved: &Moved,
    pool: &mut Pool,
) -> (Retreats, Vec<Option<Tag>>) {
    if moved.dislodged_by.iter().all(|&a| a == NONE) {
        return (Retreats::default(), pool.take(pos.units.len(), None));
    }
    let provinces = map.provinces().len();
    let mut occupied = pool.take(provinces, false);
    for u in moved.after {
        occupied[u.location.province.index()] = true;
    }
    let mut contested = pool.take(provinces, false);
    for p in moved.contested {
        contested[p.index()] = true;
    }
    let place = RetreatPlace {
        occupied: &occupied,
        contested: &contested,
    };
    let found = dislodged_units(map, rules, pos, board, moved.dislodged_by, &place, pool);
    pool.give(occupied);
    pool.give(contested);
    found
}

/// Per province, whether a unit stands there and whether a standoff left it empty: where a
/// dislodged unit may not retreat.
struct RetreatPlace<'a> {
    occupied: &'a [bool],
    contested: &'a [bool],
}

/// The dislodged units with their retreat options, and per unit its tag (dislodged, or
/// destroyed when it has nowhere to go).
fn dislodged_units(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    board: &Board,
    dislodged_by: &[u32],
    place: &RetreatPlace,
    pool: &mut Pool,
) -> (Retreats, Vec<Option<Tag>>) {
    let units = &pos.units;
    let count = dislodged_by.iter().filter(|&&a| a != NONE).count();
    let mut retreats = Retreats::with_buffers(pool.empty(count), pool.empty(0));
    let mut tags = pool.take(units.len(), None);
    let allow_origin = rules
        .retreat_after_convoy
        .may_retreat_to_convoyed_attackers_origin();
    for (u, &a) in dislodged_by.iter().enumerate() {
        if a == NONE {
            continue;
        }
        // The route the attacker really took (a move with a land fallback used the convoy only
        // when it worked).
        let by_convoy = board.convoyed(a) && board.h2h_route_was_convoy(a);
        let d = Dislodged {
            unit: units[u],
            attacker_from: units[a as usize].location.province,
            by_convoy,
        };
        // A neutral power never orders, so its dislodged unit never retreats: it is disbanded
        // at once, like a unit with nowhere to go.
        let may_retreat = !map.power(d.unit.power).neutral;
        let options = retreat_options(
            map,
            &d,
            place.occupied,
            place.contested,
            allow_origin,
            pos.phase.season,
        )
        .filter(move |_| may_retreat);
        retreats.push(d, options);
        let destroyed = retreats.last().is_some_and(|r| r.options.is_empty());
        tags[u] = Some(if destroyed {
            Tag::Destroyed
        } else {
            Tag::Dislodged
        });
    }
    (retreats, tags)
}

/// The dislodged (or destroyed) units that no result reports: those with no effective order
/// and no illegal order of their own power (whose result carries the tag, "illegal,
/// dislodged").
pub(super) fn unordered_dislodged(
    units: &[Unit],
    unit_at: &[u32],
    orders: &[(PowerId, Order)],
    results: &[OrderResult],
    tags: &[Option<Tag>],
    pool: &mut Pool,
) -> Vec<(Unit, Tag)> {
    let mut reported = pool.take(units.len(), false);
    for r in results.iter().filter(|r| r.tag.is_some()) {
        if let Some(unit) = orders[r.index].1.unit() {
            let u = unit_at[unit.place.province.index()];
            if u != NONE {
                reported[u as usize] = true;
            }
        }
    }
    let mut unordered = pool.empty(0);
    unordered.extend(
        (0..units.len()).filter_map(|u| Some((units[u], tags[u].filter(|_| !reported[u])?))),
    );
    pool.give(reported);
    unordered
}

/// Contested provinces: a standoff left them without a unit moving in (also where a railroad move
/// bounced and nobody entered). `ends` is where each moving unit ends (`None`: it did not move).
/// A vector from `pool` (the next position copies it only when a retreat phase follows).
pub(super) fn contested_provinces(
    board: &Board,
    ends: &[Option<Location>],
    pool: &mut Pool,
) -> Vec<ProvinceId> {
    let moved = |a: u32| ends[a as usize].is_some();
    let mut contested = pool.empty(0);
    // The provinces moves go to, each judged once (by its first move).
    for (u, e) in board.eff.iter().enumerate() {
        let Eff::Move { to, .. } = *e else { continue };
        let movers = board.moves_to.get(to.province.index());
        if movers.first() != Some(&(u as u32)) || movers.iter().any(|&a| moved(a)) {
            continue;
        }
        if movers.iter().any(|&c| board.prevents(c)) {
            contested.push(to.province);
        }
    }
    contested.sort_unstable();
    contested.dedup();
    // A railroad move that bounced in a place nobody entered leaves it contested.
    for ri in 0..board.rails.len() {
        let r = &board.rails[ri];
        for (k, &p) in r.path.iter().enumerate() {
            let bounced = board.state[board.rail_at_id(ri, k) as usize] == Tri::Yes
                && board.state[board.rail_pass_id(ri, k) as usize] != Tri::Yes
                && !board.moves_to.get(p.index()).is_empty();
            let entered = board.moves_to.get(p.index()).iter().any(|&a| moved(a))
                || ends[r.unit as usize].is_some_and(|l| l.province == p);
            if bounced && !entered && !contested.contains(&p) {
                contested.push(p);
            }
        }
    }
    contested
}

/// Per province: whether it is one of `provinces`.
pub(crate) fn province_mask(map: &Map, provinces: &[ProvinceId]) -> Vec<bool> {
    let mut mask = vec![false; map.provinces().len()];
    for p in provinces {
        mask[p.index()] = true;
    }
    mask
}

/// The places a dislodged unit may retreat to. `occupied` and `contested` are per province.
pub fn retreat_options<'a>(
    map: &'a Map,
    d: &'a Dislodged,
    occupied: &'a [bool],
    contested: &'a [bool],
    allow_convoy_origin: bool,
    season: diplo_map::Season,
) -> impl Iterator<Item = Location> + 'a {
    let from = d.unit.location;
    let (armies, fleets) = match d.unit.kind {
        UnitKind::Army => (map.army_neighbours(from.province), &[][..]),
        UnitKind::Fleet => (&[][..], map.fleet_neighbours(from)),
    };
    let candidates = armies.iter().map(|&p| Location::province(p));
    candidates.chain(fleets.iter().copied()).filter(move |l| {
        let p = l.province;
        !occupied[p.index()]
            && !contested[p.index()]
            && !map.is_closed(d.unit.kind, from.province, p, season)
            && (p != d.attacker_from || (d.by_convoy && allow_convoy_origin))
    })
}
