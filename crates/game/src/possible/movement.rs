//! Possible orders of a movement phase: each unit's holds, moves (by land or sea, and by convoy),
//! supports to hold and to move (not over a difficult border), and a fleet's convoys, worked out
//! once per phase from the map's steps kept in the [`PossibleCache`].

use std::cell::{Cell, OnceCell};

use diplo_engine::{MovementCheck, Position, Unit};
use diplo_map::{Location, Map, ProvinceId, Season, UnitKind};
use diplo_rules::Ruleset;

use super::routes::{convoying_fleets, ConvoyReach, ConvoySearch, Convoys};
use super::{Possible, PossibleCache, PossibleOrder, UnitAt};

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

/// Where a unit of one kind on one location moves and could support in one season: what the
/// map alone says, the same in every phase of that season.
#[derive(Debug)]
pub(super) struct Steps {
    /// The unit kind, location and season these are the steps of.
    key: StepsKey,
    moves: Vec<Location>,
    /// Provinces of `moves`, sorted.
    move_provinces: Vec<ProvinceId>,
    support: Vec<ProvinceId>,
}

/// What [`Steps`] depend on: a unit's kind and location, and the season.
pub(super) type StepsKey = (UnitKind, Location, Season);

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
impl PossibleCache {
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
pub(super) struct Board {
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
pub(super) struct ReachRoom(Vec<[usize; 8]>);

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
const _: () = assert!(size_of::<Reach>() == size_of::<[usize; 8]>());
const _: () = assert!(align_of::<Reach>() == align_of::<[usize; 8]>());

/// What each unit of a movement phase can do: where it moves, where it could support, where
/// it could be convoyed.
struct Reach<'s> {
    steps: &'s Steps,
    convoy: ConvoyReach<'s>,
}

/// The buffers the orders of one unit are worked out in, reused unit after unit (and kept in
/// the [`PossibleCache`] from phase to phase).
#[derive(Debug, Default)]
pub(super) struct Work {
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

pub(super) fn movement(
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
pub(super) struct Movers {
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

/// Supports to hold for the units in reach, and to move for every move that ends in reach,
/// the units named in the order of their provinces (whatever the position's order of its
/// units: two listings of one position agree); `work.near`: the units that could be named;
/// `work.in_reach`: the supporter's reach.
fn supports(ctx: &SupportCtx, i: usize, work: &mut Work, orders: &mut Vec<PossibleOrder>) {
    let Work {
        in_reach,
        near,
        targets,
        search,
        ..
    } = work;
    near.sort_unstable_by_key(|&j| ctx.pos.units[j].location.province);
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
