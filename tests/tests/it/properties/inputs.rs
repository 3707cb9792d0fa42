//! Inputs: the shipped rulesets and maps, random small maps, and random positions with orders.

use std::collections::VecDeque;
use std::sync::OnceLock;

use diplo_engine::{Position, Unit};
use diplo_map::{Location, Map, PowerId, ProvinceId, Terrain, UnitKind, EMBEDDED_MAPS};
use diplo_orders::{Order, OtherUnit, Place, UnitRef, WrittenCoast};
use diplo_rules::{Ruleset, EMBEDDED_RULESETS};
use proptest::collection::vec;
use proptest::prelude::*;

pub(super) fn rulesets() -> &'static [Ruleset] {
    static R: OnceLock<Vec<Ruleset>> = OnceLock::new();
    R.get_or_init(|| {
        EMBEDDED_RULESETS
            .iter()
            .map(|(n, _)| Ruleset::load(n).expect("an embedded ruleset loads"))
            .collect()
    })
}

pub(super) fn shipped_maps() -> &'static [Map] {
    static M: OnceLock<Vec<Map>> = OnceLock::new();
    M.get_or_init(|| {
        EMBEDDED_MAPS
            .iter()
            .map(|(n, _)| {
                Map::embedded(n)
                    .expect("listed")
                    .expect("an embedded map loads")
            })
            .collect()
    })
}

/// A small random connected map: terrain per province (0 inland, 1 coast, 2 sea), a spanning
/// tree (province `i` joins an earlier one), extra edges, supply centres and 2 or 3 powers.
#[derive(Clone, Debug)]
pub(super) struct GenMap {
    pub(super) terrain: Vec<u8>,
    pub(super) parent: Vec<u16>,
    pub(super) extra: Vec<(u16, u16, bool)>,
    pub(super) centres: Vec<bool>,
    pub(super) powers: usize,
}

pub(super) fn gen_map() -> impl Strategy<Value = GenMap> {
    (3usize..=9).prop_flat_map(|n| {
        (
            vec(0u8..3, n),
            vec(any::<u16>(), n),
            vec((any::<u16>(), any::<u16>(), any::<bool>()), 0..2 * n),
            vec(any::<bool>(), n),
            2usize..=3,
        )
            .prop_map(|(terrain, parent, extra, centres, powers)| GenMap {
                terrain,
                parent,
                extra,
                centres,
                powers,
            })
    })
}

pub(super) const POWERS: [(&str, &str); 3] = [("Red", "RED"), ("Blue", "BLU"), ("Green", "GRN")];

impl GenMap {
    /// The map as TOML text in the map format (`maps/FORMAT.md`).
    pub(super) fn toml(&self) -> String {
        let n = self.terrain.len();
        let mut terrain = self.terrain.clone();
        let mut army = vec![Vec::new(); n];
        let mut fleet = vec![Vec::new(); n];
        let mut edge = |a: usize, b: usize, coast_fleet: bool, t: &[u8]| {
            if a == b {
                return;
            }
            let (ta, tb) = (t[a], t[b]);
            let land = ta != 2 && tb != 2;
            let water = ta != 0 && tb != 0;
            // Two coasts: always by land, by sea when they share a coastline.
            let by_sea = water && (ta == 2 || tb == 2 || coast_fleet);
            if land && !army[a].contains(&b) {
                army[a].push(b);
                army[b].push(a);
            }
            if by_sea && !fleet[a].contains(&b) {
                fleet[a].push(b);
                fleet[b].push(a);
            }
        };
        for i in 1..n {
            let p = self.parent[i] as usize % i;
            // An inland province cannot border a sea: the later one becomes coastal.
            if (terrain[i] == 0 && terrain[p] == 2) || (terrain[i] == 2 && terrain[p] == 0) {
                terrain[i] = 1;
            }
            edge(i, p, self.parent[i] & 0x8000 != 0, &terrain);
        }
        for &(a, b, f) in &self.extra {
            edge(a as usize % n, b as usize % n, f, &terrain);
        }
        let mut t = String::from(
            "name = \"random\"\nfirst_year = 1901\nfirst_season = \"spring\"\nvictory_centres = 99\n",
        );
        for (name, abbr) in &POWERS[..self.powers] {
            t.push_str(&format!(
                "[[power]]\nname = \"{name}\"\nadjective = \"{name}\"\nabbreviation = \"{abbr}\"\n"
            ));
        }
        let list = |l: &[usize]| {
            l.iter()
                .map(|j| format!("\"p{j}\""))
                .collect::<Vec<_>>()
                .join(", ")
        };
        for i in 0..n {
            let kind = ["inland", "coast", "sea"][terrain[i] as usize];
            t.push_str(&format!(
                "[[province]]\nname = \"p{i}\"\nfull_name = \"P{i}\"\nterrain = \"{kind}\"\n"
            ));
            if self.centres[i] && terrain[i] != 2 {
                t.push_str("supply_centre = true\n");
            }
            if !army[i].is_empty() {
                t.push_str(&format!("army = [{}]\n", list(&army[i])));
            }
            if !fleet[i].is_empty() {
                t.push_str(&format!("fleet = [{}]\n", list(&fleet[i])));
            }
        }
        t
    }

    pub(super) fn load(&self) -> Map {
        let text = self.toml();
        Map::from_toml_str(&text, "random.toml")
            .unwrap_or_else(|e| panic!("the generated map does not load: {e}\n{text}"))
    }
}

/// A unit to place: a province of the region, its power, fleet or army (where both can stand),
/// a coast (multi-coast provinces).
pub(super) type UnitSpec = (u16, u8, bool, u8);

/// One order: who (a unit; with `misc % 16 == 0` any province of the region), what (`kind % 6`:
/// hold, move, support hold, support move, convoy, move anywhere), two selectors, `via convoy`,
/// and `misc` for mistakes (`misc % 16`: 1 another power, 2 no unit type, 3 the wrong one, 4
/// no type for the other unit) and for supports and convoys that match no move (`0x80`).
pub(super) type OrderSpec = (u16, u8, u16, u16, bool, u8);

#[derive(Clone, Debug)]
pub(super) struct Case {
    /// Where the units stand: the provinces reached first from this one.
    pub(super) start: u16,
    pub(super) units: Vec<UnitSpec>,
    pub(super) owners: Vec<(u16, u8)>,
    pub(super) orders: Vec<OrderSpec>,
    /// Sort keys for listing the orders in another order.
    pub(super) keys: Vec<u32>,
    /// Retreat orders: (selector, what): disband, retreat to an option, move anywhere, none.
    pub(super) retreats: Vec<(u16, u8)>,
}

pub(super) fn case() -> impl Strategy<Value = Case> {
    (
        any::<u16>(),
        vec(
            (any::<u16>(), any::<u8>(), any::<bool>(), any::<u8>()),
            2..14,
        ),
        vec((any::<u16>(), any::<u8>()), 0..4),
        vec(
            (
                any::<u16>(),
                any::<u8>(),
                any::<u16>(),
                any::<u16>(),
                any::<bool>(),
                any::<u8>(),
            ),
            0..16,
        ),
        vec(any::<u32>(), 16),
        vec((any::<u16>(), 0u8..4), 1..4),
    )
        .prop_map(|(start, units, owners, orders, keys, retreats)| Case {
            start,
            units,
            owners,
            orders,
            keys,
            retreats,
        })
}

/// Every place a unit of the province can stand (each coast of a multi-coast province).
pub(super) fn locations(map: &Map, p: ProvinceId) -> Vec<Location> {
    let prov = map.province(p);
    if prov.is_multi_coast() {
        (0..prov.coasts.len() as u8)
            .map(|c| Location {
                province: p,
                coast: Some(c),
            })
            .collect()
    } else {
        vec![Location::province(p)]
    }
}

/// Provinces an army or a fleet of `p` can reach in one move.
pub(super) fn neighbours(map: &Map, p: ProvinceId) -> Vec<ProvinceId> {
    let from = locations(map, p);
    map.province_ids()
        .filter(|&q| {
            q != p && (map.army_adjacent(p, q) || from.iter().any(|&l| map.fleet_can_reach(l, q)))
        })
        .collect()
}

/// Up to 10 enterable provinces, breadth first from `start`.
pub(super) fn region(map: &Map, start: u16) -> Vec<ProvinceId> {
    let n = map.provinces().len();
    let enterable = |p: ProvinceId| map.province(p).terrain != Terrain::Impassable;
    let Some(first) = (0..n)
        .map(|i| ProvinceId(((start as usize + i) % n) as u32))
        .find(|&p| enterable(p))
    else {
        return Vec::new();
    };
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    let mut queue = VecDeque::from([first]);
    seen[first.index()] = true;
    while let Some(p) = queue.pop_front() {
        out.push(p);
        if out.len() == 10 {
            break;
        }
        for q in neighbours(map, p) {
            if !seen[q.index()] && enterable(q) {
                seen[q.index()] = true;
                queue.push_back(q);
            }
        }
    }
    out
}

/// A destination as written: for a multi-coast province (shipped maps) mostly no coast, else
/// one of its coasts or (`sel % 4 == 3`) one it does not have.
pub(super) fn with_coast(map: &Map, p: ProvinceId, sel: u16) -> Place {
    let coasts = map.province(p).coasts.len();
    let coast = match sel % 4 {
        _ if coasts == 0 => None,
        0 => None,
        3 => Some(WrittenCoast::Unknown("xc".into())),
        _ => Some(WrittenCoast::Known(((sel >> 2) as usize % coasts) as u8)),
    };
    Place { province: p, coast }
}

/// The position and the orders a case describes on a map.
pub(super) fn build(map: &Map, case: &Case) -> (Position, Vec<(PowerId, Order)>) {
    let region = region(map, case.start);
    let powers = map.power_ids().count().max(1);
    let mut pos = Position::initial(map);
    pos.units.clear();
    pos.owners.iter_mut().for_each(|o| *o = None);
    if region.is_empty() {
        return (pos, Vec::new());
    }
    for &(sel, power, fleet, coast) in &case.units {
        let p = region[sel as usize % region.len()];
        if pos.unit_in(p).is_some() {
            continue;
        }
        let prov = map.province(p);
        let kind = match prov.terrain {
            Terrain::Inland => UnitKind::Army,
            Terrain::Sea => UnitKind::Fleet,
            _ if fleet => UnitKind::Fleet,
            _ => UnitKind::Army,
        };
        let coast = (kind == UnitKind::Fleet && prov.is_multi_coast())
            .then(|| coast % prov.coasts.len() as u8);
        pos.units.push(Unit {
            power: PowerId((power as usize % powers) as u8),
            kind,
            location: Location { province: p, coast },
        });
    }
    for &(sel, power) in &case.owners {
        let p = region[sel as usize % region.len()];
        if map.province(p).supply_centre {
            pos.owners[p.index()] = Some(PowerId((power as usize % powers) as u8));
        }
    }
    let units = pos.units.clone();
    let pick = |s: u16| region[s as usize % region.len()];
    // The ordered province, the unit's kind and power, and the power giving the order.
    let who = |i: usize, who: u16, misc: u8| {
        let (place, kind, power) = if misc.is_multiple_of(16) || units.is_empty() {
            let p = pick(who);
            let u = pos.unit_in(p);
            (
                p,
                u.map_or(UnitKind::Army, |u| u.kind),
                u.map_or(PowerId(0), |u| u.power),
            )
        } else {
            // Mostly one order per unit; with `misc % 16 == 5` any unit (a second order).
            let k = if misc % 16 == 5 { who as usize } else { i };
            let u = units[k % units.len()];
            (u.location.province, u.kind, u.power)
        };
        let giver = if misc % 16 == 1 {
            PowerId(((misc >> 4) as usize % powers) as u8)
        } else {
            power
        };
        (place, kind, giver)
    };
    // The destination of a move: a neighbour, or with `kind % 6 == 5` any province of the
    // region (so that armies are convoyed).
    // Fleets at sea, and the places they could convoy an army between.
    let at_sea: Vec<Location> = pos
        .units
        .iter()
        .filter(|u| {
            u.kind == UnitKind::Fleet && map.province(u.location.province).terrain == Terrain::Sea
        })
        .map(|u| u.location)
        .collect();
    let across = |place: ProvinceId| -> Vec<ProvinceId> {
        region
            .iter()
            .copied()
            .filter(|&q| {
                q != place
                    && map.province(q).terrain == Terrain::Coast
                    && at_sea
                        .iter()
                        .any(|&f| map.fleet_can_reach(f, place) && map.fleet_can_reach(f, q))
            })
            .collect()
    };
    // The destination of a move: a neighbour or (`kind % 6 == 5`) mostly a place a fleet at
    // sea could convoy it to, else any province of the region.
    let dest = |place: ProvinceId, kind: u8, b: u16| {
        let n = neighbours(map, place);
        let far = if kind % 6 == 5 && b & 0x8000 == 0 {
            across(place)
        } else {
            Vec::new()
        };
        if !far.is_empty() {
            far[b as usize % far.len()]
        } else if kind % 6 == 5 || n.is_empty() {
            pick(b)
        } else {
            n[b as usize % n.len()]
        }
    };
    // The moves ordered, for supports and convoys that match them.
    // What an order does: fleets at sea convoy instead of moving anywhere, armies move
    // anywhere instead of convoying.
    let what = |place: ProvinceId, kind: u8| {
        let at_sea = map.province(place).terrain == Terrain::Sea
            && pos
                .unit_in(place)
                .is_some_and(|u| u.kind == UnitKind::Fleet);
        match kind % 6 {
            4 | 5 if at_sea => 4,
            4 | 5 => 5,
            k => k,
        }
    };
    let moves: Vec<(ProvinceId, ProvinceId)> = case
        .orders
        .iter()
        .enumerate()
        .filter_map(|(i, &(w, kind, _, b, _, misc))| {
            if i >= units.len() && !matches!(misc % 16, 0 | 5) {
                return None;
            }
            let place = who(i, w, misc).0;
            matches!(what(place, kind), 1 | 5).then(|| (place, dest(place, what(place, kind), b)))
        })
        .collect();
    let armies: Vec<ProvinceId> = units
        .iter()
        .filter(|u| u.kind == UnitKind::Army)
        .map(|u| u.location.province)
        .collect();
    let mut orders = Vec::new();
    for (i, &(w, kind, a, b, via, misc)) in case.orders.iter().enumerate() {
        // Beyond one order per unit, only orders for any province or any unit.
        if i >= units.len() && !matches!(misc % 16, 0 | 5) {
            continue;
        }
        let (place, unit_kind, power) = who(i, w, misc);
        let kind = what(place, kind);
        let written = match misc % 16 {
            2 => None,
            3 => Some(match unit_kind {
                UnitKind::Army => UnitKind::Fleet,
                UnitKind::Fleet => UnitKind::Army,
            }),
            _ => Some(unit_kind),
        };
        let unit = UnitRef {
            kind: written,
            place: Place::new(place),
        };
        // Where the other unit was ordered to move (mostly), else anywhere near or far.
        let target = |p: ProvinceId| {
            moves
                .iter()
                .find(|&&(f, _)| f == p && misc & 0x80 == 0)
                .map_or_else(|| dest(p, (misc >> 4) % 6, b), |&(_, t)| t)
        };
        // Another unit (not the ordered one), an army for a convoy.
        let other = |s: u16| -> (OtherUnit, ProvinceId) {
            // For a convoy, mostly an army next to the fleet.
            let beside: Vec<ProvinceId> = armies
                .iter()
                .copied()
                .filter(|&p| map.fleet_can_reach(Location::province(place), p))
                .collect();
            let pool: Vec<ProvinceId> = if kind == 4 && !beside.is_empty() && s & 0x8000 == 0 {
                beside
            } else if kind == 4 && !armies.is_empty() {
                armies.clone()
            } else {
                units.iter().map(|u| u.location.province).collect()
            };
            let pool: Vec<ProvinceId> = pool.into_iter().filter(|&p| p != place).collect();
            // Mostly a unit the supporter can help: next to it or moving next to it.
            let near = neighbours(map, place);
            let helped: Vec<ProvinceId> = pool
                .iter()
                .copied()
                .filter(|&p| kind != 4 && (near.contains(&p) || near.contains(&target(p))))
                .collect();
            let pool = if helped.is_empty() || misc & 0x40 != 0 {
                pool
            } else {
                helped
            };
            let p = if pool.is_empty() {
                pick(s)
            } else {
                pool[s as usize % pool.len()]
            };
            let kind = if misc % 16 == 4 {
                None
            } else {
                pos.unit_in(p).map(|u| u.kind)
            };
            let other = OtherUnit {
                power: None,
                kind,
                place: Place::new(p),
            };
            (other, p)
        };
        let order = match kind {
            0 => Order::Hold { unit },
            1 | 5 => Order::Move {
                unit,
                to: with_coast(map, dest(place, kind, b), a),
                via_convoy: via && (kind == 5 || misc & 0x40 != 0),
                path: Vec::new(),
            },
            2 => Order::SupportHold {
                unit,
                supported: other(a).0,
            },
            3 => {
                let (supported, p) = other(a);
                Order::SupportMove {
                    unit,
                    supported,
                    to: Place::new(target(p)),
                }
            }
            _ => {
                let (army, p) = other(a);
                Order::Convoy {
                    unit,
                    army,
                    to: Place::new(target(p)),
                }
            }
        };
        orders.push((power, order));
    }
    (pos, orders)
}
