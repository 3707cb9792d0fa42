//! Distances on the map, for the civil-disorder rules.

use diplo_map::{Location, Map, ProvinceId, Terrain, UnitKind};

/// Distance from every province to the nearest of `targets`, counting plain adjacency (any
/// army or fleet edge, whatever unit could use it). `u32::MAX` where no target is reachable.
pub fn plain_distances(map: &Map, targets: &[ProvinceId]) -> Vec<u32> {
    let n = map.provinces().len();
    let mut dist = vec![u32::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    for &t in targets {
        if dist[t.index()] != 0 {
            dist[t.index()] = 0;
            queue.push_back(t);
        }
    }
    while let Some(p) = queue.pop_front() {
        let d = dist[p.index()];
        for &q in map.any_neighbours(p) {
            if dist[q.index()] == u32::MAX {
                dist[q.index()] = d + 1;
                queue.push_back(q);
            }
        }
    }
    dist
}

/// Fleet moves from `from` to the nearest province marked in `targets` (any coast of it).
pub fn fleet_distance(map: &Map, from: Location, targets: &[bool]) -> u32 {
    if targets[from.province.index()] {
        return 0;
    }
    let mut seen: std::collections::HashSet<Location> = std::collections::HashSet::new();
    let mut queue = std::collections::VecDeque::new();
    seen.insert(from);
    queue.push_back((from, 0u32));
    while let Some((loc, d)) = queue.pop_front() {
        for &next in map.fleet_neighbours(loc) {
            if targets[next.province.index()] {
                return d + 1;
            }
            if seen.insert(next) {
                queue.push_back((next, d + 1));
            }
        }
    }
    u32::MAX
}

/// Army moves from `from` to the nearest target, where a convoy (from a coastal province over
/// any chain of seas to another coastal province) counts as one move and needs no fleet.
pub fn army_distance_convoy_step(map: &Map, from: ProvinceId, targets: &[bool]) -> u32 {
    army_distance_via(map, from, targets, &|_| true)
}

/// As [`army_distance_convoy_step`], but a convoy may only cross seas that `sea_ok` accepts
/// (seas holding the power's own fleets, or any fleet: DATC 2.4 4.D.8 b and c).
pub fn army_distance_via(
    map: &Map,
    from: ProvinceId,
    targets: &[bool],
    sea_ok: &dyn Fn(ProvinceId) -> bool,
) -> u32 {
    let n = map.provinces().len();
    let mut dist = vec![u32::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    dist[from.index()] = 0;
    queue.push_back(from);
    while let Some(p) = queue.pop_front() {
        let d = dist[p.index()];
        if targets[p.index()] {
            return d;
        }
        let mut next: Vec<ProvinceId> = map.army_neighbours(p).to_vec();
        if map.province(p).terrain == Terrain::Coast {
            next.extend(coasts_over_water(map, p, sea_ok));
        }
        for q in next {
            if dist[q.index()] == u32::MAX {
                dist[q.index()] = d + 1;
                queue.push_back(q);
            }
        }
    }
    u32::MAX
}

/// Coastal provinces reachable from coastal `p` over a chain of sea provinces.
fn coasts_over_water(
    map: &Map,
    p: ProvinceId,
    sea_ok: &dyn Fn(ProvinceId) -> bool,
) -> Vec<ProvinceId> {
    let mut seas: Vec<ProvinceId> = map
        .any_neighbours(p)
        .iter()
        .copied()
        .filter(|q| map.province(*q).terrain == Terrain::Sea && sea_ok(*q))
        .collect();
    let mut seen: std::collections::HashSet<ProvinceId> = seas.iter().copied().collect();
    let mut out = Vec::new();
    while let Some(s) = seas.pop() {
        for l in map.fleet_neighbours(Location::province(s)) {
            let q = l.province;
            if !seen.insert(q) {
                continue;
            }
            match map.province(q).terrain {
                Terrain::Sea if sea_ok(q) => seas.push(q),
                Terrain::Coast if q != p => out.push(q),
                _ => {}
            }
        }
    }
    out
}

/// Alexander Rules III.5.h: the number of successful moves a unit needs to reach a home
/// centre, with the current occupation taken into account (provinces held by other powers'
/// units cannot be entered; the power's own units are taken to make way) and convoys by the
/// power's own fleets (an army crosses a chain of seas holding its own fleets in one move).
pub fn alexander_distance(
    cx: &crate::policies::RemovalContext,
    c: &crate::policies::RemovalCandidate,
    targets: &[bool],
) -> u32 {
    let map = cx.map;
    let n = map.provinces().len();
    let mut foreign = vec![false; n];
    let mut own_fleet_at_sea = vec![false; n];
    for &(power, kind, loc) in cx.units {
        if power != cx.power {
            foreign[loc.province.index()] = true;
        } else if kind == UnitKind::Fleet && map.province(loc.province).terrain == Terrain::Sea {
            own_fleet_at_sea[loc.province.index()] = true;
        }
    }
    let from = c.location;
    if targets[from.province.index()] {
        return 0;
    }
    match c.kind {
        UnitKind::Fleet => {
            let mut seen = std::collections::HashSet::new();
            let mut queue = std::collections::VecDeque::new();
            seen.insert(from);
            queue.push_back((from, 0u32));
            while let Some((loc, d)) = queue.pop_front() {
                for &next in map.fleet_neighbours(loc) {
                    if foreign[next.province.index()] {
                        continue;
                    }
                    if targets[next.province.index()] {
                        return d + 1;
                    }
                    if seen.insert(next) {
                        queue.push_back((next, d + 1));
                    }
                }
            }
            u32::MAX
        }
        UnitKind::Army => {
            let mut dist = vec![u32::MAX; n];
            let mut queue = std::collections::VecDeque::new();
            dist[from.province.index()] = 0;
            queue.push_back(from.province);
            while let Some(p) = queue.pop_front() {
                let d = dist[p.index()];
                let mut next: Vec<ProvinceId> = map.army_neighbours(p).to_vec();
                if map.province(p).terrain == Terrain::Coast {
                    // Seas holding the power's own fleets, chained.
                    let mut seas: Vec<ProvinceId> = map
                        .any_neighbours(p)
                        .iter()
                        .copied()
                        .filter(|q| own_fleet_at_sea[q.index()])
                        .collect();
                    let mut seen: std::collections::HashSet<ProvinceId> =
                        seas.iter().copied().collect();
                    while let Some(s) = seas.pop() {
                        for l in map.fleet_neighbours(Location::province(s)) {
                            let q = l.province;
                            if seen.insert(q) {
                                if own_fleet_at_sea[q.index()] {
                                    seas.push(q);
                                } else if map.province(q).terrain == Terrain::Coast {
                                    next.push(q);
                                }
                            }
                        }
                    }
                }
                for q in next {
                    if foreign[q.index()] || dist[q.index()] != u32::MAX {
                        continue;
                    }
                    if targets[q.index()] {
                        return d + 1;
                    }
                    dist[q.index()] = d + 1;
                    queue.push_back(q);
                }
            }
            u32::MAX
        }
    }
}
