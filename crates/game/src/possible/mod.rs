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
//! ([`MovementCheck`], [`AdjustmentCheck`]), without adjudicating the phase. A test checks
//! every generated order against a whole adjudication ([`is_legal`]).

use std::cell::{Cell, OnceCell};
use std::collections::BTreeMap;

use diplo_engine::{
    adjudicate, AdjudicatorScratch, AdjustmentCheck, MovementCheck, PhaseKind, Position,
    Resolution, Unit,
};
use diplo_map::{Location, Map, PowerId, ProvinceId, Season, Terrain, UnitKind};
use diplo_orders::{parse_order, Order, OtherUnit, Place, UnitRef, WrittenCoast};
use diplo_rules::Ruleset;
use rustc_hash::FxHashMap;

/// The orders possible for one location: who may order there, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PossibleAt {
    /// The power that orders here.
    pub power: PowerId,
    /// The orders, in a stable order.
    pub orders: Vec<String>,
}

/// A unit as an order names it: its kind and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitAt {
    /// Army or fleet.
    pub kind: UnitKind,
    /// Its province, and coast for a fleet on a coast of several.
    pub location: Location,
}

impl UnitAt {
    fn of(u: &Unit) -> UnitAt {
        UnitAt {
            kind: u.kind,
            location: u.location,
        }
    }

    /// The unit as an order names it, kind and coast written.
    fn unit_ref(self) -> UnitRef {
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

/// The orders possible at one orderable location, as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Possible {
    /// The orderable location (a unit's province, or a centre to build in).
    pub province: ProvinceId,
    /// The power that orders here.
    pub power: PowerId,
    /// The orders, in a stable order.
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

/// The fleet nodes of a province: each coast, or the province itself.
fn fleet_nodes(map: &Map, p: ProvinceId) -> impl Iterator<Item = Location> {
    let n = map.province(p).coasts.len() as u8;
    let single = (n == 0).then(|| Location::province(p));
    single
        .into_iter()
        .chain((0..n).map(move |c| Location::coast(p, c)))
}

/// Where a unit may move this season, as locations (a fleet's with their coast).
fn moves(map: &Map, pos: &Position, u: &Unit) -> Vec<Location> {
    let from = u.location.province;
    let season = pos.phase.season;
    let open = |to: ProvinceId| !map.is_closed(u.kind, from, to, season);
    match u.kind {
        UnitKind::Army => map
            .army_neighbours(from)
            .iter()
            .copied()
            .filter(|&to| open(to))
            .map(Location::province)
            .collect(),
        UnitKind::Fleet => map
            .fleet_neighbours(u.location)
            .iter()
            .copied()
            .filter(|to| open(to.province))
            .collect(),
    }
}

/// The provinces a unit could support into: where it could move, less the difficult borders.
fn support_reach(map: &Map, u: &Unit, moves: &[Location]) -> Vec<ProvinceId> {
    let from = u.location.province;
    let mut out: Vec<ProvinceId> = moves
        .iter()
        .map(|l| l.province)
        .filter(|&to| !map.is_difficult(u.kind, from, to))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// For an army on a coast: the seas (with a convoying fleet in them) it can be carried through,
/// and the coastal provinces it can reach by them (all empty if none); a view of the phase's
/// [`Convoys`].
#[derive(Clone, Copy)]
struct ConvoyReach<'a> {
    /// Sorted.
    fleets: &'a [ProvinceId],
    /// The fleets of `fleets` next to the army (sorted).
    beside: &'a [ProvinceId],
    /// The army's province.
    origin: ProvinceId,
    /// Sorted.
    destinations: &'a [ProvinceId],
}

impl ConvoyReach<'_> {
    /// For the fleet in `f`, one of `fleets`: how it could be on a proper route of one or two
    /// fleets (DATC 4.E.1, as the engine searches routes: the first fleet next to the army, a
    /// second fleet not, and the route ending at the first fleet next to the destination),
    /// which no shortcut can spoil, with the fleets it could share one with into `partners`
    /// ([`ShortRoute::to`]).
    fn short_route<'p>(
        &self,
        map: &Map,
        f: ProvinceId,
        partners: &'p mut Vec<ProvinceId>,
    ) -> ShortRoute<'p> {
        let sea = |a: ProvinceId, b: ProvinceId| map.fleet_can_reach(Location::province(a), b);
        // A fleet next to the army, as the engine finds them (by any edge), cannot be second.
        let next_to_army = |g: ProvinceId| {
            self.beside.binary_search(&g).is_ok() || map.army_neighbours(self.origin).contains(&g)
        };
        partners.clear();
        let place = if self.beside.binary_search(&f).is_ok() {
            // First: followed by a second fleet it reaches.
            let seconds = self.fleets.iter().copied();
            partners.extend(seconds.filter(|&g| !next_to_army(g) && sea(f, g)));
            RoutePlace::First
        } else if !next_to_army(f) {
            // Second: after a first fleet that reaches it.
            let firsts = self.beside.iter().copied();
            partners.extend(firsts.filter(|&s| sea(s, f)));
            RoutePlace::Second
        } else {
            RoutePlace::Neither
        };
        ShortRoute { f, place, partners }
    }
}

/// Where a fleet could stand on a route of one or two fleets.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RoutePlace {
    /// Next to the army.
    First,
    /// Not next to the army.
    Second,
    /// Next to the army by an army edge only: on no such route.
    Neither,
}

/// How the fleet in `f` could be on a proper route of one or two fleets for one army
/// ([`ConvoyReach::short_route`]).
struct ShortRoute<'p> {
    f: ProvinceId,
    place: RoutePlace,
    /// The second fleets it reaches (first), or the first fleets that reach it (second).
    partners: &'p [ProvinceId],
}

impl ShortRoute<'_> {
    /// Whether the fleet is on a proper route of one or two fleets to `d`: a sure yes without
    /// searching; `false` says nothing.
    fn to(&self, map: &Map, d: ProvinceId) -> bool {
        let sea = |a: ProvinceId, b: ProvinceId| map.fleet_can_reach(Location::province(a), b);
        let f = self.f;
        if d == f {
            return false;
        }
        match self.place {
            // Alone, or followed by a second fleet that reaches `d`.
            RoutePlace::First => sea(f, d) || self.partners.iter().any(|&g| g != d && sea(g, d)),
            // After a first fleet that does not reach `d` itself (nor stands in it).
            RoutePlace::Second => sea(f, d) && self.partners.iter().any(|&s| s != d && !sea(s, d)),
            RoutePlace::Neither => false,
        }
    }
}

/// Per province: whether a fleet there can convoy this phase (a sea or convoyable coast, not
/// closed, the province's unit a fleet), into `convoying`; `seen` is left all false.
fn convoying_fleets(map: &Map, pos: &Position, convoying: &mut Vec<bool>, seen: &mut Vec<bool>) {
    let n = map.provinces().len();
    convoying.clear();
    convoying.resize(n, false);
    if seen.len() != n {
        seen.clear();
        seen.resize(n, false);
    }
    // The first unit found in a province is the one that counts (as `Position::unit_in`).
    for u in &pos.units {
        let p = u.location.province;
        if !std::mem::replace(&mut seen[p.index()], true) {
            convoying[p.index()] = u.kind == UnitKind::Fleet
                && map.can_convoy_through(p)
                && !map.province_closed(p, pos.phase.season);
        }
    }
    for u in &pos.units {
        seen[u.location.province.index()] = false;
    }
}

/// Whether `f` holds for a fleet neighbour of province `p` (of any of its coasts), trying them
/// in turn until it does.
fn any_fleet_neighbour(map: &Map, p: ProvinceId, mut f: impl FnMut(Location) -> bool) -> bool {
    let coasts = map.province(p).coasts.len() as u8;
    if coasts == 0 {
        return map
            .fleet_neighbours(Location::province(p))
            .iter()
            .any(|&n| f(n));
    }
    (0..coasts).any(|c| {
        map.fleet_neighbours(Location::coast(p, c))
            .iter()
            .any(|&n| f(n))
    })
}

/// What a convoy search works in, kept from one search to the next (and from phase to phase
/// in the [`PossibleCache`]): nothing is allocated once it has grown to the map's size.
#[derive(Debug, Default)]
struct ConvoySearch {
    /// Per province: whether the search has reached its fleet, or found it a destination (all
    /// false between searches).
    seen: Vec<bool>,
    reached: Vec<bool>,
    queue: Vec<ProvinceId>,
    /// The last search's fleets, fleets next to the army, and destinations, each sorted.
    fleets: Vec<ProvinceId>,
    beside: Vec<ProvinceId>,
    destinations: Vec<ProvinceId>,
}

impl ConvoySearch {
    /// The seas (with a convoying fleet in them) `army` can be carried through, and the
    /// coastal provinces it can reach by them, into `fleets`, `beside` and `destinations`;
    /// whether the army stands on a coast with a convoying fleet beside it (if not, all three
    /// are empty). `fleets`: [`convoying_fleets`]; `without`: a fleet left out.
    fn run(
        &mut self,
        map: &Map,
        fleets: &[bool],
        army: &Unit,
        without: Option<ProvinceId>,
    ) -> bool {
        self.fleets.clear();
        self.beside.clear();
        self.destinations.clear();
        let origin = army.location.province;
        if map.province(origin).terrain != Terrain::Coast {
            return false;
        }
        let convoying = |p: ProvinceId| Some(p) != without && fleets[p.index()];
        // Most armies have no convoying fleet beside them: nothing to search.
        if !any_fleet_neighbour(map, origin, |n| convoying(n.province)) {
            return false;
        }
        let n = map.provinces().len();
        if self.seen.len() < n {
            self.seen.resize(n, false);
            self.reached.resize(n, false);
        }
        let (seen, queue) = (&mut self.seen, &mut self.queue);
        let mut visit = |p: ProvinceId, queue: &mut Vec<ProvinceId>| {
            any_fleet_neighbour(map, p, |n| {
                let q = n.province;
                if !seen[q.index()] && convoying(q) {
                    seen[q.index()] = true;
                    queue.push(q);
                }
                false
            });
        };
        visit(origin, queue);
        self.beside.extend_from_slice(queue);
        self.beside.sort_unstable();
        while let Some(sea) = queue.pop() {
            self.fleets.push(sea);
            visit(sea, queue);
            for n in map.fleet_neighbours(Location::province(sea)) {
                let d = n.province;
                if d != origin
                    && !self.reached[d.index()]
                    && map.province(d).terrain == Terrain::Coast
                {
                    self.reached[d.index()] = true;
                    self.destinations.push(d);
                }
            }
        }
        // Every province seen was queued, so it is one of the fleets.
        for f in &self.fleets {
            self.seen[f.index()] = false;
        }
        for d in &self.destinations {
            self.reached[d.index()] = false;
        }
        self.fleets.sort_unstable();
        self.destinations.sort_unstable();
        true
    }
}

/// Every unit's [`ConvoyReach`] in one phase, the lists of all units one after another (kept
/// in the [`PossibleCache`] for the next phase's).
#[derive(Debug, Default)]
struct Convoys {
    /// Per unit: where its lists end in `fleets`, `beside` and `destinations` (each starts
    /// where the previous unit's ends).
    ends: Vec<[usize; 3]>,
    fleets: Vec<ProvinceId>,
    beside: Vec<ProvinceId>,
    destinations: Vec<ProvinceId>,
    /// The armies (by index, ascending) with a convoy reach.
    armies: Vec<usize>,
}

impl Convoys {
    /// Searches the convoy reach of every army of `pos` (`fleets`: [`convoying_fleets`]).
    fn fill(&mut self, map: &Map, pos: &Position, fleets: &[bool], search: &mut ConvoySearch) {
        self.ends.clear();
        self.fleets.clear();
        self.beside.clear();
        self.destinations.clear();
        self.armies.clear();
        for (j, u) in pos.units.iter().enumerate() {
            if u.kind == UnitKind::Army && search.run(map, fleets, u, None) {
                self.armies.push(j);
                self.fleets.extend_from_slice(&search.fleets);
                self.beside.extend_from_slice(&search.beside);
                self.destinations.extend_from_slice(&search.destinations);
            }
            let ends = [
                self.fleets.len(),
                self.beside.len(),
                self.destinations.len(),
            ];
            self.ends.push(ends);
        }
    }

    /// The convoy reach of unit `j` (of `pos.units`), standing in `origin`.
    fn of(&self, j: usize, origin: ProvinceId) -> ConvoyReach<'_> {
        let start = match j.checked_sub(1) {
            Some(k) => self.ends[k],
            None => [0; 3],
        };
        let end = self.ends[j];
        ConvoyReach {
            fleets: &self.fleets[start[0]..end[0]],
            beside: &self.beside[start[1]..end[1]],
            origin,
            destinations: &self.destinations[start[2]..end[2]],
        }
    }
}

/// Where a unit of one kind on one location moves and could support in one season: what the
/// map alone says, the same in every phase of that season.
#[derive(Debug)]
struct Steps {
    /// The unit kind, location and season these are the steps of.
    key: StepsKey,
    moves: Vec<Location>,
    /// Provinces of `moves`, sorted.
    move_provinces: Vec<ProvinceId>,
    support: Vec<ProvinceId>,
}

/// What [`Steps`] depend on: a unit's kind and location, and the season.
type StepsKey = (UnitKind, Location, Season);

impl Steps {
    fn new(map: &Map, pos: &Position, u: &Unit) -> Steps {
        let moves = moves(map, pos, u);
        let mut move_provinces: Vec<ProvinceId> = moves.iter().map(|l| l.province).collect();
        move_provinces.sort();
        move_provinces.dedup();
        Steps {
            key: (u.kind, u.location, pos.phase.season),
            support: support_reach(map, u, &moves),
            moves,
            move_provinces,
        }
    }
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

    /// Where the steps of each unit of `pos` are, into `self.board.at` (worked out now for
    /// those not seen before).
    fn fill(&mut self, map: &Map, pos: &Position) {
        if self.last.len() != map.provinces().len() {
            self.last.clear();
            self.last.resize(map.provinces().len(), 0);
        }
        self.board.at.clear();
        for u in &pos.units {
            let key = (u.kind, u.location, pos.phase.season);
            let last = &mut self.last[u.location.province.index()];
            let i = match last.checked_sub(1) {
                Some(i) if self.steps[i].key == key => i,
                _ => {
                    let next = self.steps.len();
                    let i = *self.index.entry(key).or_insert(next);
                    if i == next {
                        self.steps.push(Steps::new(map, pos, u));
                    }
                    *last = i + 1;
                    i
                }
            };
            self.board.at.push(i);
        }
    }
}

/// What each unit of a movement phase can do, worked out once for the phase: where each
/// unit's steps are, the convoying fleets, the convoy reaches, and the order the units are
/// listed in (kept in the [`PossibleCache`] for the next phase's).
#[derive(Debug, Default)]
struct Board {
    /// Per unit: where its steps are in the cache's ([`PossibleCache::fill`]).
    at: Vec<usize>,
    /// [`convoying_fleets`], and its scratch marks.
    fleets: Vec<bool>,
    seen: Vec<bool>,
    convoys: Convoys,
    /// The units that order, as (rank of the province's name, unit), sorted.
    order: Vec<(u32, usize)>,
}

impl Board {
    /// Works out the phase's board from `pos` (`at` filled already).
    fn fill(&mut self, map: &Map, pos: &Position, ranks: &[u32], search: &mut ConvoySearch) {
        convoying_fleets(map, pos, &mut self.fleets, &mut self.seen);
        self.convoys.fill(map, pos, &self.fleets, search);
        self.order.clear();
        let ordering = pos.units.iter().enumerate();
        let ordering = ordering.filter(|(_, u)| !map.power(u.power).neutral);
        self.order
            .extend(ordering.map(|(i, u)| (ranks[u.location.province.index()], i)));
        self.order.sort_unstable();
    }

    /// Every unit's steps and convoy reach.
    fn reaches<'a>(
        &'a self,
        pos: &Position,
        steps: &'a [Steps],
        room: ReachRoom,
    ) -> Vec<Reach<'a>> {
        let mut all = room.take();
        let units = pos.units.iter().enumerate();
        let reach = |(j, u): (usize, &Unit)| Reach {
            steps: &steps[self.at[j]],
            convoy: self.convoys.of(j, u.location.province),
        };
        all.extend(units.map(reach));
        all
    }
}

/// The memory of a phase's list of [`Reach`]es, kept for the next phase's while it holds none
/// (a reach borrows its phase).
#[derive(Debug, Default)]
struct ReachRoom(Vec<[usize; 8]>);

impl ReachRoom {
    /// An empty list in this memory. Collecting an emptied vector's iterator into a vector of
    /// elements of the same size and alignment reuses its memory (the standard library's
    /// in-place collection; were it not to, the list would only be allocated anew).
    fn take<'a>(self) -> Vec<Reach<'a>> {
        let mut room = self.0;
        room.clear();
        room.into_iter().filter_map(|_| None).collect()
    }

    /// Keeps the memory of `all`.
    fn keep(mut all: Vec<Reach>) -> ReachRoom {
        all.clear();
        ReachRoom(all.into_iter().filter_map(|_| None).collect())
    }
}

// A room holds a reach exactly, so that its memory can be reused.
const _: () = assert!(std::mem::size_of::<Reach>() == std::mem::size_of::<[usize; 8]>());
const _: () = assert!(std::mem::align_of::<Reach>() == std::mem::align_of::<[usize; 8]>());

/// What each unit of a movement phase can do: where it moves, where it could support, where
/// it could be convoyed.
struct Reach<'s> {
    steps: &'s Steps,
    convoy: ConvoyReach<'s>,
}

/// The buffers the orders of one unit are worked out in, reused unit after unit (and kept in
/// the [`PossibleCache`] from phase to phase).
#[derive(Debug, Default)]
struct Work {
    /// The support reach of the unit at hand, as a mark per province (all false between).
    in_reach: Vec<bool>,
    /// The units a support of the unit at hand can name, as a bit per unit (all clear
    /// between), and as a list in board order.
    near_bits: Vec<u64>,
    near: Vec<usize>,
    /// The support targets of one pair of units.
    targets: Vec<ProvinceId>,
    /// The convoy searches' working memory.
    search: ConvoySearch,
    /// The fleets a fleet could share a short convoy route with ([`ConvoyReach::short_route`]).
    partners: Vec<ProvinceId>,
}

impl Work {
    /// Ready for a phase of `units` units on a map of `provinces` provinces.
    fn size_for(&mut self, provinces: usize, units: usize) {
        if self.in_reach.len() != provinces {
            self.in_reach.clear();
            self.in_reach.resize(provinces, false);
        }
        let words = units.div_ceil(64);
        if self.near_bits.len() < words {
            self.near_bits.resize(words, 0);
        }
    }

    /// Into `near`: the units in or able to reach one of `support`, in board order.
    fn near(&mut self, movers: &Movers, support: &[ProvinceId]) {
        for &p in support {
            for &j in movers.at(p) {
                self.near_bits[j / 64] |= 1 << (j % 64);
            }
        }
        self.near.clear();
        for (w, word) in self.near_bits.iter_mut().enumerate() {
            let mut bits = std::mem::take(word);
            while bits != 0 {
                self.near.push(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
}

fn movement(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    cache: &mut PossibleCache,
) -> Vec<Possible> {
    let mut out = std::mem::take(&mut cache.spare_out);
    out.reserve(pos.units.len());
    cache.name_ranks(map);
    cache.fill(map, pos);
    let mut work = std::mem::take(&mut cache.work);
    work.size_for(map.provinces().len(), pos.units.len());
    let mut board = std::mem::take(&mut cache.board);
    board.fill(map, pos, &cache.ranks, &mut work.search);
    let mut movers = std::mem::take(&mut cache.movers);
    // The engine's legality check for convoys, built when a fleet first needs it.
    let scratch = Cell::new(Some(&mut cache.check_scratch));
    let made = OnceCell::new();
    let check = || {
        made.get_or_init(|| match scratch.take() {
            Some(scratch) => MovementCheck::new_in(map, rules, pos, scratch),
            None => MovementCheck::new(map, rules, pos),
        })
    };
    let room = std::mem::take(&mut cache.reach_room);
    let all = board.reaches(pos, &cache.steps, room);
    movers.fill(map.provinces().len(), pos, &all);
    let ctx = SupportCtx {
        map,
        pos,
        fleets: &board.fleets,
        all: &all,
        movers: &movers,
    };
    for &(_, i) in &board.order {
        let u = &pos.units[i];
        let mut orders = cache.spare.pop().unwrap_or_else(|| Vec::with_capacity(32));
        unit_orders(&ctx, i, &mut work, &mut orders);
        let fleet = (i, &mut work.partners);
        convoy_orders(&ctx, &check, &board.convoys.armies, fleet, &mut orders);
        out.push(Possible {
            province: u.location.province,
            power: u.power,
            orders,
        });
    }
    cache.reach_room = ReachRoom::keep(all);
    if let Some(Some(check)) = made.into_inner() {
        check.recycle();
    }
    (cache.board, cache.movers, cache.work) = (board, movers, work);
    out
}

/// Unit `i`'s holds, moves and supports, into `orders`.
fn unit_orders(ctx: &SupportCtx, i: usize, work: &mut Work, orders: &mut Vec<PossibleOrder>) {
    let me = UnitAt::of(&ctx.pos.units[i]);
    let reach = &ctx.all[i];
    orders.push(PossibleOrder::Hold(me));
    let moves = reach.steps.moves.iter();
    orders.extend(moves.map(|&to| PossibleOrder::Move(me, to)));
    let via = reach.convoy.destinations.iter();
    orders.extend(via.map(|&d| PossibleOrder::MoveVia(me, d)));
    let support = &reach.steps.support;
    mark(&mut work.in_reach, support, true);
    // The units a support of this one can name: those in or able to reach its reach.
    work.near(ctx.movers, support);
    supports(ctx, i, work, orders);
    mark(&mut work.in_reach, support, false);
}

/// Per province, the units (by index, ascending) standing there or able to move or be
/// convoyed there: the only units a support into that province can name.
#[derive(Debug, Default)]
struct Movers {
    /// Where each province's units start in `units` (one more entry than provinces).
    start: Vec<usize>,
    /// Where the next unit of each province goes, while filling.
    next: Vec<usize>,
    units: Vec<usize>,
}

impl Movers {
    /// Fills the lists from the reach of every unit of `pos` (`all`).
    fn fill(&mut self, provinces: usize, pos: &Position, all: &[Reach]) {
        self.start.clear();
        self.start.resize(provinces + 1, 0);
        for j in 0..all.len() {
            places(pos, all, j, |p| self.start[p.index() + 1] += 1);
        }
        for k in 0..provinces {
            self.start[k + 1] += self.start[k];
        }
        self.next.clear();
        self.next.extend_from_slice(&self.start);
        self.units.clear();
        self.units.resize(self.start[provinces], 0);
        for j in 0..all.len() {
            places(pos, all, j, |p| {
                self.units[self.next[p.index()]] = j;
                self.next[p.index()] += 1;
            });
        }
    }

    fn at(&self, p: ProvinceId) -> &[usize] {
        &self.units[self.start[p.index()]..self.start[p.index() + 1]]
    }
}

/// Calls `f` with where unit `j` stands, where it moves and where it could be convoyed.
fn places(pos: &Position, all: &[Reach], j: usize, mut f: impl FnMut(ProvinceId)) {
    f(pos.units[j].location.province);
    all[j].steps.move_provinces.iter().for_each(|&p| f(p));
    all[j].convoy.destinations.iter().for_each(|&p| f(p));
}

/// Sets (or clears) the marks of `provinces`.
fn mark(marks: &mut [bool], provinces: &[ProvinceId], on: bool) {
    for p in provinces {
        marks[p.index()] = on;
    }
}

/// What the orders of one unit are worked out from.
struct SupportCtx<'a> {
    map: &'a Map,
    pos: &'a Position,
    /// [`convoying_fleets`].
    fleets: &'a [bool],
    /// Every unit's reach.
    all: &'a [Reach<'a>],
    movers: &'a Movers,
}

/// Supports to hold for the units in reach, and to move for every move that ends in reach;
/// `work.near`: the units that could be named, in board order; `work.in_reach`: the
/// supporter's reach.
fn supports(ctx: &SupportCtx, i: usize, work: &mut Work, orders: &mut Vec<PossibleOrder>) {
    let Work {
        in_reach,
        near,
        targets,
        search,
        ..
    } = work;
    let u = &ctx.pos.units[i];
    let (own, supporter) = (u.location.province, UnitAt::of(u));
    for &j in near.iter() {
        if j == i {
            continue;
        }
        let v = &ctx.pos.units[j];
        let them = UnitAt::of(v);
        if in_reach[v.location.province.index()] {
            orders.push(PossibleOrder::SupportHold(supporter, them));
        }
        let reach = &ctx.all[j];
        let moves = reach.steps.move_provinces.iter();
        let moves = moves.filter(|d| in_reach[d.index()]);
        if reach.convoy.destinations.is_empty() {
            // Sorted and without repeats already.
            orders.extend(moves.map(|&d| PossibleOrder::SupportMove(supporter, them, d)));
            continue;
        }
        // A fleet cannot support a convoyed move whose only route goes through itself.
        let by_convoy = if reach.convoy.fleets.binary_search(&own).is_ok() {
            search.run(ctx.map, ctx.fleets, v, Some(own));
            &search.destinations[..]
        } else {
            reach.convoy.destinations
        };
        targets.clear();
        targets.extend(moves);
        targets.extend(by_convoy.iter().filter(|d| in_reach[d.index()]));
        targets.sort_unstable();
        targets.dedup();
        let moves = targets.iter();
        orders.extend(moves.map(|&d| PossibleOrder::SupportMove(supporter, them, d)));
    }
}

/// A fleet that can convoy: every army move with a convoy route through it that the engine
/// accepts (a route with no shortcut, DATC 4.A.2's reading of what a convoy route is): the
/// engine's own legality check, built once for the position.
fn convoy_orders<'p>(
    ctx: &SupportCtx,
    check: &impl Fn() -> &'p Option<MovementCheck<'p>>,
    armies: &[usize],
    (i, partners): (usize, &mut Vec<ProvinceId>),
    orders: &mut Vec<PossibleOrder>,
) {
    let (map, pos) = (ctx.map, ctx.pos);
    let u = &pos.units[i];
    let f = u.location.province;
    if u.kind != UnitKind::Fleet || !map.can_convoy_through(f) {
        return;
    }
    for &j in armies {
        let (v, reach) = (&pos.units[j], &ctx.all[j].convoy);
        if reach.fleets.binary_search(&f).is_err() {
            continue;
        }
        let short = reach.short_route(map, f, partners);
        for &d in reach.destinations {
            let (fleet, army) = (UnitAt::of(u), UnitAt::of(v));
            let convoy = PossibleOrder::Convoy(fleet, army, d);
            let legal = |c: &Option<MovementCheck>| {
                c.as_ref()
                    .is_some_and(|c| c.is_legal(u.power, &convoy.to_order()))
            };
            // A route of one or two fleets has no shortcut: the engine need not be asked.
            let short = short.to(map, d);
            debug_assert!(!short || legal(check()), "{convoy:?}");
            if short || legal(check()) {
                orders.push(convoy);
            }
        }
    }
}

fn retreats(map: &Map, rules: &Ruleset, pos: &Position) -> Vec<Possible> {
    let mut out = Vec::new();
    for r in &diplo_engine::pending_retreat_options(map, rules, pos) {
        let u = r.dislodged.unit;
        if map.power(u.power).neutral {
            continue;
        }
        let me = UnitAt::of(&u);
        let mut options = r.options.to_vec();
        options.sort_by_cached_key(|&to| location_key(map, to));
        let mut orders: Vec<PossibleOrder> = options
            .iter()
            .map(|&to| PossibleOrder::Retreat(me, to))
            .collect();
        orders.push(PossibleOrder::Disband(me));
        out.push(Possible {
            province: u.location.province,
            power: u.power,
            orders,
        });
    }
    out
}

fn adjustments(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    cache: &mut PossibleCache,
) -> Vec<Possible> {
    let mut out = std::mem::take(&mut cache.spare_out);
    let mut occupied = std::mem::take(&mut cache.occupied);
    occupied.clear();
    occupied.resize(map.provinces().len(), false);
    for u in &pos.units {
        occupied[u.location.province.index()] = true;
    }
    let checks = AdjustmentCheck::all(map, rules, pos);
    for check in checks.iter().filter(|c| !map.power(c.power()).neutral) {
        let (power, delta) = (check.power(), check.allowance());
        if delta < 0 {
            for u in pos.units.iter().filter(|u| u.power == power) {
                let mut orders = cache.orders();
                orders.push(PossibleOrder::Disband(UnitAt::of(u)));
                out.push(Possible {
                    province: u.location.province,
                    power,
                    orders,
                });
            }
        } else if delta > 0 {
            builds(map, pos, check, power, &occupied, cache, &mut out);
        }
    }
    cache.occupied = occupied;
    out
}

/// Every build the engine accepts for `power`, by location, each list ending in `WAIVE`;
/// `occupied`: a mark per province with a unit.
fn builds(
    map: &Map,
    pos: &Position,
    check: &AdjustmentCheck,
    power: PowerId,
    occupied: &[bool],
    cache: &mut PossibleCache,
    out: &mut Vec<Possible>,
) {
    let owned = map
        .province_ids()
        .filter(|&p| pos.owners[p.index()] == Some(power) && !occupied[p.index()]);
    for p in owned {
        let army = UnitAt {
            kind: UnitKind::Army,
            location: Location::province(p),
        };
        let fleets = fleet_nodes(map, p).map(|location| UnitAt {
            kind: UnitKind::Fleet,
            location,
        });
        let mut orders = cache.orders();
        let legal = std::iter::once(army).chain(fleets).filter(|u| {
            let order = Order::Build { unit: u.unit_ref() };
            check.is_legal(&order)
        });
        orders.extend(legal.map(PossibleOrder::Build));
        if orders.is_empty() {
            cache.spare.push(orders);
            continue;
        }
        orders.push(PossibleOrder::Waive);
        out.push(Possible {
            province: p,
            power,
            orders,
        });
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
