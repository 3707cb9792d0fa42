//! Every order each unit may be given in the current phase, for bots and reinforcement learning
//! (the Python package's `get_all_possible_orders`), written in the MILA notation diplo reads:
//! `A PAR H`, `A PAR - BUR`, `A LON - NWY VIA`, `A PAR S A MAR - BUR`, `A PAR S A BUR`,
//! `F NTH C A LON - NWY`, `A PAR R BUR`, `A PAR D`, `A PAR B`, `F STP/NC B`, `WAIVE`.
//!
//! Movement orders are built from the map (adjacency, closed borders and provinces, difficult
//! borders over which no support is given, convoy routes through the fleets on the board; each
//! convoy order is also put to the engine, whose convoy-route rule is subtler, unless its fleet
//! is on a route of one or two fleets, which is always proper, and debug builds ask anyway);
//! retreats come from the engine's retreat options; builds are the engine's own legality check
//! applied to every empty owned centre. Convoys and builds are checked one order at a time
//! ([`MovementCheck`](diplo_engine::MovementCheck),
//! [`AdjustmentCheck`](diplo_engine::AdjustmentCheck)), without adjudicating the phase. A test
//! checks every generated order against a whole adjudication ([`is_legal`]).

mod adjustments;
mod movement;
mod notation;
mod retreats;
mod routes;

use std::collections::BTreeMap;

use diplo_engine::{adjudicate, AdjudicatorScratch, PhaseKind, Position, Resolution};
use diplo_map::{Location, Map, PowerId, ProvinceId};
use diplo_orders::parse_order;
use diplo_rules::Ruleset;
use rustc_hash::FxHashMap;

use adjustments::adjustments;
use movement::{movement, Board, Movers, ReachRoom, Steps, StepsKey, Work};
pub use notation::{PlaceNames, PossibleOrder, UnitAt};
use retreats::retreats;

/// The orders possible for one location: who may order there, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PossibleAt {
    /// The power that orders here.
    pub power: PowerId,
    /// The orders, in a stable order (in a movement phase: the unit's hold, moves, moves by
    /// convoy, then its supports and a fleet's convoys, naming the other units in the order
    /// of their provinces, whatever the position's order of its units).
    pub orders: Vec<String>,
}

/// The orders possible at one orderable location, as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Possible {
    /// The orderable location (a unit's province, or a centre to build in).
    pub province: ProvinceId,
    /// The power that orders here.
    pub power: PowerId,
    /// The orders, in a stable order (in a movement phase: the unit's hold, moves, moves by
    /// convoy, then its supports and a fleet's convoys, naming the other units in the order
    /// of their provinces, whatever the position's order of its units).
    pub orders: Vec<PossibleOrder>,
}

/// Every orderable location of the phase, in the order of their upper-case names (the keys of
/// [`possible_orders`]), with the orders possible there, as data.
pub fn possible(map: &Map, rules: &Ruleset, pos: &Position) -> Vec<Possible> {
    possible_with(&mut PossibleCache::default(), map, rules, pos)
}

/// As [`possible`], with what the map alone says kept in `cache` (one cache per map) for the
/// next phases.
pub fn possible_with(
    cache: &mut PossibleCache,
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
) -> Vec<Possible> {
    let mut out = match pos.phase.kind {
        PhaseKind::Movement => movement(map, rules, pos, cache),
        PhaseKind::Retreat => retreats(map, rules, pos),
        PhaseKind::Adjustment => adjustments(map, rules, pos, cache),
    };
    // A stable sort, as the keys' upper-case names compare (by their ranks).
    let rank = cache.name_ranks(map);
    out.sort_by_key(|p| rank[p.province.index()]);
    out.dedup_by_key(|p| p.province);
    out
}

/// Per province: the rank of its upper-case name among the map's (equal names, equal ranks).
fn name_ranks(map: &Map) -> Vec<u32> {
    let ascii = map.provinces().iter().all(|p| p.name.is_ascii());
    let name = |p: ProvinceId| map.province(p).name.as_str();
    let mut order: Vec<ProvinceId> = map.province_ids().collect();
    order.sort_by(|&a, &b| upper_cmp(name(a), name(b), ascii));
    let mut rank = vec![0; order.len()];
    let mut r = 0;
    for (i, &p) in order.iter().enumerate() {
        if i > 0 && upper_cmp(name(order[i - 1]), name(p), ascii).is_ne() {
            r += 1;
        }
        rank[p.index()] = r;
    }
    rank
}

/// Every orderable location of the phase (upper-case short province names, `STP` also for a
/// fleet on a coast, as MILA's `get_orderable_locations` gives them), with the orders possible
/// there.
pub fn possible_orders(map: &Map, rules: &Ruleset, pos: &Position) -> BTreeMap<String, PossibleAt> {
    possible(map, rules, pos)
        .into_iter()
        .map(|p| {
            let orders = p.orders.iter().map(|o| o.text(map)).collect();
            let at = PossibleAt {
                power: p.power,
                orders,
            };
            (pname(map, p.province), at)
        })
        .collect()
}

/// The orderable locations of the phase and who orders there, without listing the orders:
/// units in a movement phase, dislodged units in a retreat phase, units to remove and centres to
/// build in (legal builds only) in an adjustment phase; never a neutral power's, since a neutral
/// power never orders (its orders are refused). The keys of [`possible_orders`].
pub fn orderable_locations(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
) -> BTreeMap<String, PowerId> {
    match pos.phase.kind {
        PhaseKind::Movement => pos
            .units
            .iter()
            .filter(|u| !map.power(u.power).neutral)
            .map(|u| (pname(map, u.location.province), u.power))
            .collect(),
        PhaseKind::Retreat => pos
            .dislodged
            .iter()
            .filter(|d| !map.power(d.unit.power).neutral)
            .map(|d| (pname(map, d.unit.location.province), d.unit.power))
            .collect(),
        PhaseKind::Adjustment => adjustments(map, rules, pos, &mut PossibleCache::default())
            .into_iter()
            .map(|p| (pname(map, p.province), p.power))
            .collect(),
    }
}

/// A location as MILA writes it: `PAR`, `STP/NC`.
pub fn location_key(map: &Map, loc: Location) -> String {
    map.location_name(loc).to_uppercase()
}

/// How two names compare in upper case (as [`pname`] would make them), without making them;
/// `ascii`: both are known to be ASCII.
fn upper_cmp(a: &str, b: &str, ascii: bool) -> std::cmp::Ordering {
    if ascii {
        let (a, b) = (a.bytes(), b.bytes());
        return a
            .map(|c| c.to_ascii_uppercase())
            .cmp(b.map(|c| c.to_ascii_uppercase()));
    }
    let up = |s: &str| s.chars().flat_map(char::to_uppercase).collect::<String>();
    up(a).cmp(&up(b))
}

fn pname(map: &Map, p: ProvinceId) -> String {
    map.province(p).name.to_uppercase()
}

/// What [`possible`] works out from the map alone (each unit's moves and support reach), kept
/// from one phase to the next by a caller that lists the orders of many phases on one map
/// ([`possible_with`]), with the working memory of a phase. One cache serves one map.
#[derive(Debug, Default)]
pub struct PossibleCache {
    /// Where in `steps` the steps of a unit kind on a location in a season are.
    index: FxHashMap<StepsKey, usize>,
    /// Per province: one more than where in `steps` the steps last used there are (0: none),
    /// which a unit that has not moved finds without hashing.
    last: Vec<usize>,
    steps: Vec<Steps>,
    /// [`name_ranks`] of the map, once worked out.
    ranks: Vec<u32>,
    /// Order lists of earlier phases handed back ([`PossibleCache::recycle`]), emptied: the
    /// next phase's lists reuse their memory instead of allocating their own.
    spare: Vec<Vec<PossibleOrder>>,
    /// The list of locations of an earlier phase, emptied, for the same reuse.
    spare_out: Vec<Possible>,
    /// What a movement phase is worked out in.
    board: Board,
    /// The memory of the units' reaches.
    reach_room: ReachRoom,
    /// The engine's convoy checks' map facts and buffers.
    check_scratch: AdjudicatorScratch,
    /// Who could move where in a movement phase.
    movers: Movers,
    /// Per province: whether a unit stands there (an adjustment phase's).
    occupied: Vec<bool>,
    /// The buffers of the orders of one unit after another.
    work: Work,
}

/// Order lists kept for reuse at most: more than the units of any phase on the shipped maps.
const MAX_SPARE: usize = 256;

impl PossibleCache {
    /// Takes back the orders of a phase no longer needed, so that the next phase's orders are
    /// put into their memory (a caller listing the orders of phase after phase).
    pub fn recycle(&mut self, mut old: Vec<Possible>) {
        for at in old.drain(..) {
            if self.spare.len() < MAX_SPARE {
                let mut orders = at.orders;
                orders.clear();
                self.spare.push(orders);
            }
        }
        if old.capacity() > self.spare_out.capacity() {
            self.spare_out = old;
        }
    }

    /// The map's [`name_ranks`] (worked out at the first call).
    fn name_ranks(&mut self, map: &Map) -> &[u32] {
        if self.ranks.len() != map.provinces().len() {
            self.ranks = name_ranks(map);
        }
        &self.ranks
    }

    /// An emptied order list (one handed back if any).
    fn orders(&mut self) -> Vec<PossibleOrder> {
        self.spare.pop().unwrap_or_else(|| Vec::with_capacity(32))
    }
}

/// Whether the engine takes `text`, given alone by `power`, as a legal order.
pub fn is_legal(map: &Map, rules: &Ruleset, pos: &Position, power: PowerId, text: &str) -> bool {
    let Ok((_, order)) = parse_order(map, text) else {
        return false;
    };
    let adj = adjudicate(map, rules, pos, &[(power, order)]);
    adj.results
        .first()
        .is_some_and(|r| r.resolution != Resolution::Illegal)
}
