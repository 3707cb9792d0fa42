//! Convoy routes as the interpreter judges them (before anything is resolved): whether fleets
//! could carry an army at all, and whether a convoying fleet lies on a proper route (DATC 4.E.1).
//!
//! Both searches are iterative and use scratch arrays kept for the whole phase: a
//! generation-stamped `seen` mark per province (nothing map-sized is cleared per order), and for
//! the proper-route search a path mark and a chord count per province that the search itself
//! returns to zero. The proper routes of one army and destination are searched once and shared by
//! every convoy order naming them, so a chain of n convoying fleets costs one search, not n.

use diplo_map::{Location, Map, ProvinceId};
use rustc_hash::FxHashMap;

/// The proper-route search gives up after this many steps for one army and destination, and then
/// counts every fleet as on a route (the order is legal: it cannot be shown illegal cheaply).
const PROPER_ROUTE_BUDGET: u32 = 20_000;

/// The fleets on some proper route for one army and destination.
enum ProperRoutes {
    /// The search gave up: every fleet counts as on a route.
    GaveUp,
    /// The provinces of the fleets on some proper route, sorted.
    Fleets(Vec<ProvinceId>),
}

impl ProperRoutes {
    /// Whether the fleet in `via` counts as on one of the routes.
    fn include(&self, via: ProvinceId) -> bool {
        match self {
            ProperRoutes::GaveUp => true,
            ProperRoutes::Fleets(on) => on.binary_search(&via).is_ok(),
        }
    }
}

/// One step of the proper-route search: a province on the current path, the next of its fleet
/// neighbours to try, and whether a route was completed below it.
struct Frame {
    node: ProvinceId,
    next: usize,
    completes: bool,
}

/// Scratch space and results kept for one phase.
#[derive(Default)]
pub(crate) struct Routes {
    /// Per province: the generation that last saw it.
    seen: Vec<u32>,
    generation: u32,
    queue: Vec<ProvinceId>,
    /// Per province: on the current proper-route path.
    on_path: Vec<bool>,
    /// Per province: how many path nodes before the last one a fleet could move to it from (a
    /// shortcut, if it is the next node).
    chords: Vec<u32>,
    frames: Vec<Frame>,
    proper: FxHashMap<(ProvinceId, ProvinceId), ProperRoutes>,
    /// The lists of fleets of an earlier phase's proper routes, for this phase's.
    spare_lists: Vec<Vec<ProvinceId>>,
}

/// The neighbours of `p` for any unit: army edges and the fleet edges of every coast, with
/// repeats and in that order (`Map::any_neighbours` gives them sorted, without repeats).
fn for_each_neighbour(map: &Map, p: ProvinceId, mut f: impl FnMut(ProvinceId)) {
    map.army_neighbours(p).iter().for_each(|&q| f(q));
    let coasts = map.province(p).coasts.len();
    if coasts == 0 {
        map.fleet_neighbours(Location::province(p))
            .iter()
            .for_each(|l| f(l.province));
    } else {
        for c in 0..coasts {
            map.fleet_neighbours(Location::coast(p, c as u8))
                .iter()
                .for_each(|l| f(l.province));
        }
    }
}

/// The provinces a fleet in province `p` (as a whole, no coast) can move to, with repeats.
fn sea_neighbours(map: &Map, p: ProvinceId) -> impl Iterator<Item = ProvinceId> + '_ {
    map.fleet_neighbours(Location::province(p))
        .iter()
        .map(|l| l.province)
}

impl Routes {
    /// Ready for a new phase: the proper routes found are forgotten (the marks are
    /// generation-stamped or returned to zero by each search), their fleet lists kept for
    /// the next.
    pub fn reset(&mut self) {
        for (_, found) in self.proper.drain() {
            if let ProperRoutes::Fleets(list) = found {
                self.spare_lists.push(list);
            }
        }
    }

    fn size_for(&mut self, map: &Map) {
        let n = map.provinces().len();
        if self.seen.len() != n {
            self.seen = vec![0; n];
            self.on_path = vec![false; n];
            self.chords = vec![0; n];
            self.generation = 0;
        }
    }

    /// A new generation of `seen` marks.
    fn next_generation(&mut self) -> u32 {
        if self.generation == u32::MAX {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.generation = 0;
        }
        self.generation += 1;
        self.generation
    }

    /// Whether fleets at sea (`fleet_at_sea`) could carry an army from `from` to `to`, not using
    /// the one in `exclude`.
    pub fn convoy_route_exists(
        &mut self,
        map: &Map,
        fleet_at_sea: &[bool],
        from: ProvinceId,
        to: ProvinceId,
        exclude: Option<ProvinceId>,
    ) -> bool {
        self.size_for(map);
        let generation = self.next_generation();
        let usable = |q: ProvinceId| fleet_at_sea[q.index()] && Some(q) != exclude && q != to;
        self.queue.clear();
        let (seen, queue) = (&mut self.seen, &mut self.queue);
        for_each_neighbour(map, from, |s| {
            if usable(s) && seen[s.index()] != generation {
                seen[s.index()] = generation;
                queue.push(s);
            }
        });
        while let Some(s) = queue.pop() {
            for q in sea_neighbours(map, s) {
                if q == to {
                    return true;
                }
                if seen[q.index()] != generation && usable(q) {
                    seen[q.index()] = generation;
                    queue.push(q);
                }
            }
        }
        false
    }

    /// Whether the fleet in `via` is on some proper convoy route from `from` to `to` (DATC 4.E.1:
    /// a route never jumps to a province an earlier fleet, or the army's own province, could
    /// reach, and it ends at the first fleet that reaches the destination). When the routes are
    /// too many to search, every fleet counts as on one.
    pub fn on_proper_route(
        &mut self,
        map: &Map,
        fleet_at_sea: &[bool],
        from: ProvinceId,
        to: ProvinceId,
        via: ProvinceId,
    ) -> bool {
        // One lookup when the routes are known, one more to keep them when searched.
        if let Some(found) = self.proper.get(&(from, to)) {
            return found.include(via);
        }
        let found = self.search_proper_routes(map, fleet_at_sea, from, to);
        let on = found.include(via);
        self.proper.insert((from, to), found);
        on
    }

    /// Every proper route from `from` to `to`, depth first with an explicit stack: a path of
    /// fleets at sea starting next to `from`, no later fleet next to `from`, no fleet next to an
    /// earlier one but its predecessor (no chord), ending at the first fleet next to `to`.
    fn search_proper_routes(
        &mut self,
        map: &Map,
        fleet_at_sea: &[bool],
        from: ProvinceId,
        to: ProvinceId,
    ) -> ProperRoutes {
        self.size_for(map);
        let starts = map.any_neighbours(from);
        let sea_adjacent =
            |a: ProvinceId, b: ProvinceId| map.fleet_can_reach(Location::province(a), b);
        let mut on_route = self.spare_lists.pop().unwrap_or_default();
        on_route.clear();
        let mut steps = 0u32;
        let mut gave_up = false;
        'starts: for &s in starts {
            if !fleet_at_sea[s.index()] || s == to {
                continue;
            }
            let mut candidate = Some(s);
            loop {
                if let Some(q) = candidate.take() {
                    // One step: try `q` as the next fleet of the path.
                    steps += 1;
                    if steps >= PROPER_ROUTE_BUDGET {
                        gave_up = true;
                        break 'starts;
                    }
                    let later = !self.frames.is_empty();
                    if later && (self.chords[q.index()] > 0 || starts.contains(&q)) {
                        // A shortcut: not a proper route.
                    } else if sea_adjacent(q, to) {
                        on_route.push(q);
                        if let Some(top) = self.frames.last_mut() {
                            top.completes = true;
                        }
                    } else {
                        self.push(map, q);
                    }
                }
                let Some(top) = self.frames.last_mut() else {
                    break;
                };
                let neighbours = map.fleet_neighbours(Location::province(top.node));
                if let Some(l) = neighbours.get(top.next) {
                    top.next += 1;
                    let q = l.province;
                    if fleet_at_sea[q.index()] && q != to && !self.on_path[q.index()] {
                        candidate = Some(q);
                    }
                    continue;
                }
                let done = self.pop(map);
                if done.completes {
                    on_route.push(done.node);
                    if let Some(parent) = self.frames.last_mut() {
                        parent.completes = true;
                    }
                }
            }
        }
        // Leave the scratch marks as they were (all clear) when the search stopped early.
        while !self.frames.is_empty() {
            self.pop(map);
        }
        if gave_up {
            self.spare_lists.push(on_route);
            return ProperRoutes::GaveUp;
        }
        on_route.sort_unstable();
        on_route.dedup();
        ProperRoutes::Fleets(on_route)
    }

    /// Extends the path by `q`. The node that was last becomes an earlier one: what it reaches
    /// is now a shortcut for any later node.
    fn push(&mut self, map: &Map, q: ProvinceId) {
        if let Some(prev) = self.frames.last() {
            for r in sea_neighbours(map, prev.node) {
                self.chords[r.index()] += 1;
            }
        }
        self.on_path[q.index()] = true;
        self.frames.push(Frame {
            node: q,
            next: 0,
            completes: false,
        });
    }

    /// Takes the last node off the path (undoing `push`).
    fn pop(&mut self, map: &Map) -> Frame {
        let done = self.frames.pop().expect("a node to take off the path");
        self.on_path[done.node.index()] = false;
        if let Some(prev) = self.frames.last() {
            for r in sea_neighbours(map, prev.node) {
                self.chords[r.index()] -= 1;
            }
        }
        done
    }
}
