//! Convoy routes for possible orders: the fleets that can convoy this phase, the seas each army
//! can be carried through and the coasts it can reach by them, and the routes of one or two
//! fleets that are always proper (DATC 4.A.2, 4.E.1) without asking the engine.

use diplo_engine::{Position, Unit};
use diplo_map::{Location, Map, ProvinceId, Terrain, UnitKind};

/// For an army on a coast: the seas (with a convoying fleet in them) it can be carried through,
/// and the coastal provinces it can reach by them (all empty if none); a view of the phase's
/// [`Convoys`].
#[derive(Clone, Copy)]
pub(super) struct ConvoyReach<'a> {
    /// Sorted.
    pub(super) fleets: &'a [ProvinceId],
    /// The fleets of `fleets` next to the army (sorted).
    beside: &'a [ProvinceId],
    /// The army's province.
    origin: ProvinceId,
    /// Sorted.
    pub(super) destinations: &'a [ProvinceId],
}

impl ConvoyReach<'_> {
    /// For the fleet in `f`, one of `fleets`: how it could be on a proper route of one or two
    /// fleets (DATC 4.E.1, as the engine searches routes: the first fleet next to the army, a
    /// second fleet not, and the route ending at the first fleet next to the destination),
    /// which no shortcut can spoil, with the fleets it could share one with into `partners`
    /// ([`ShortRoute::to`]).
    pub(super) fn short_route<'p>(
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
pub(super) struct ShortRoute<'p> {
    f: ProvinceId,
    place: RoutePlace,
    /// The second fleets it reaches (first), or the first fleets that reach it (second).
    partners: &'p [ProvinceId],
}

impl ShortRoute<'_> {
    /// Whether the fleet is on a proper route of one or two fleets to `d`: a sure yes without
    /// searching; `false` says nothing.
    pub(super) fn to(&self, map: &Map, d: ProvinceId) -> bool {
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
pub(super) fn convoying_fleets(
    map: &Map,
    pos: &Position,
    convoying: &mut Vec<bool>,
    seen: &mut Vec<bool>,
) {
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
/// in the [`PossibleCache`](super::PossibleCache)): nothing is allocated once it has grown to
/// the map's size.
#[derive(Debug, Default)]
pub(super) struct ConvoySearch {
    /// Per province: whether the search has reached its fleet, or found it a destination (all
    /// false between searches).
    seen: Vec<bool>,
    reached: Vec<bool>,
    queue: Vec<ProvinceId>,
    /// The last search's fleets, fleets next to the army, and destinations, each sorted.
    fleets: Vec<ProvinceId>,
    beside: Vec<ProvinceId>,
    pub(super) destinations: Vec<ProvinceId>,
}

impl ConvoySearch {
    /// The seas (with a convoying fleet in them) `army` can be carried through, and the
    /// coastal provinces it can reach by them, into `fleets`, `beside` and `destinations`;
    /// whether the army stands on a coast with a convoying fleet beside it (if not, all three
    /// are empty). `fleets`: [`convoying_fleets`]; `without`: a fleet left out.
    pub(super) fn run(
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
/// in the [`PossibleCache`](super::PossibleCache) for the next phase's).
#[derive(Debug, Default)]
pub(super) struct Convoys {
    /// Per unit: where its lists end in `fleets`, `beside` and `destinations` (each starts
    /// where the previous unit's ends).
    ends: Vec<[usize; 3]>,
    fleets: Vec<ProvinceId>,
    beside: Vec<ProvinceId>,
    destinations: Vec<ProvinceId>,
    /// The armies (by index) with a convoy reach, in the order of their provinces (not the
    /// position's order of its units, so that two listings of one position agree).
    pub(super) armies: Vec<usize>,
}

impl Convoys {
    /// Searches the convoy reach of every army of `pos` (`fleets`: [`convoying_fleets`]).
    pub(super) fn fill(
        &mut self,
        map: &Map,
        pos: &Position,
        fleets: &[bool],
        search: &mut ConvoySearch,
    ) {
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
        self.armies
            .sort_unstable_by_key(|&j| pos.units[j].location.province);
    }

    /// The convoy reach of unit `j` (of `pos.units`), standing in `origin`.
    pub(super) fn of(&self, j: usize, origin: ProvinceId) -> ConvoyReach<'_> {
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
