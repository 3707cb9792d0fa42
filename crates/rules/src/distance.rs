//! Distances on the map, for the civil-disorder rules.

use diplo_map::{Map, ProvinceId};

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
        for q in map.any_neighbours(p) {
            if dist[q.index()] == u32::MAX {
                dist[q.index()] = d + 1;
                queue.push_back(q);
            }
        }
    }
    dist
}
