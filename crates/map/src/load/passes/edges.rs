//! The adjacency passes: army and fleet edges (targets, coasts, duplicates, the neighbour
//! limit), the check that every edge is listed on both sides, and that every passable province
//! can be reached.

use super::{terrain_word, Ctx, Graph, Names};
use crate::limits::Limit;
use crate::load::raw::{RawMap, S};
use crate::{Border, Location, Province, ProvinceId, Terrain};

pub(super) fn army_edges(cx: &mut Ctx, names: &Names, provinces: &[Province], g: &mut Graph) {
    // `listed[p] == i`: province i's list has named p already (no set per province).
    let mut listed = vec![usize::MAX; provinces.len()];
    for (i, p) in names.raw.provinces.iter().enumerate() {
        let from = ProvinceId(i as u32);
        let list = p.army.as_deref().unwrap_or_default();
        if too_many_neighbours(cx, list, &provinces[i].name, "army") {
            continue;
        }
        for e in list {
            let Some(loc) = names.location(cx, provinces, e) else {
                continue;
            };
            let target = &provinces[loc.province.index()];
            if loc.coast.is_some() {
                cx.err(
                    e,
                    format!(
                        "army edge `{}` names a coast: army edges go to provinces",
                        e.get_ref()
                    ),
                );
                continue;
            }
            if !target.terrain.is_land() {
                cx.err(
                    e,
                    format!(
                        "army edge from `{}` into `{}`, which is {} (armies cannot enter it)",
                        provinces[i].name,
                        target.name,
                        terrain_word(target.terrain)
                    ),
                );
                continue;
            }
            if loc.province == from {
                cx.err(e, "a province cannot border itself");
                continue;
            }
            if std::mem::replace(&mut listed[loc.province.index()], i) == i {
                cx.err(e, format!("duplicate army edge `{}`", e.get_ref()));
                continue;
            }
            g.army[i].push(loc.province);
            g.army_spans.push((from, loc.province, e.span().start));
        }
    }
}

/// Whether an edge list is longer than the neighbour limit (then it is reported and skipped).
fn too_many_neighbours(cx: &mut Ctx, list: &[S], province: &str, kind: &str) -> bool {
    let max = cx.limits.neighbours;
    let Some(first_over) = list.get(max) else {
        return false;
    };
    cx.err(
        first_over,
        format!(
            "`{province}` lists {} {kind} edges: {}",
            list.len(),
            Limit::Neighbours.exceeded(max)
        ),
    );
    true
}

pub(super) fn fleet_edges(cx: &mut Ctx, names: &Names, provinces: &[Province], g: &mut Graph) {
    // `listed[n] == m`: the list of node m has named node n already (no set per list).
    let mut listed = vec![usize::MAX; g.fleet.len()];
    for (i, p) in names.raw.provinces.iter().enumerate() {
        let pid = ProvinceId(i as u32);
        let lists: Vec<(Location, &Vec<S>)> = match p.coasts.as_deref() {
            Some(coasts) if !coasts.is_empty() => coasts
                .iter()
                .take(u8::MAX as usize)
                .enumerate()
                .map(|(c, rc)| (Location::coast(pid, c as u8), &rc.fleet))
                .collect(),
            _ => p
                .fleet
                .iter()
                .map(|f| (Location::province(pid), f))
                .collect(),
        };
        for (from, list) in lists {
            if too_many_neighbours(cx, list, &provinces[i].name, "fleet") {
                continue;
            }
            let node = g.node(from);
            for e in list {
                let Some(to) = names.location(cx, provinces, e) else {
                    continue;
                };
                let target = &provinces[to.province.index()];
                if !target.terrain.is_navigable() {
                    cx.err(
                        e,
                        format!(
                            "fleet edge from `{}` into `{}`, which is {} (fleets cannot enter it)",
                            provinces[i].name,
                            target.name,
                            terrain_word(target.terrain)
                        ),
                    );
                    continue;
                }
                if target.is_multi_coast() && to.coast.is_none() {
                    let known: Vec<&str> = target.coasts.iter().map(|c| c.name.as_str()).collect();
                    cx.err(
                        e,
                        format!(
                            "fleet edge into `{}` must name a coast: one of {}",
                            target.name,
                            known.join(", ")
                        ),
                    );
                    continue;
                }
                if to.province == pid {
                    cx.err(e, "a province cannot border itself");
                    continue;
                }
                if std::mem::replace(&mut listed[g.node(to)], node) == node {
                    cx.err(e, format!("duplicate fleet edge `{}`", e.get_ref()));
                    continue;
                }
                g.fleet[node].push(to);
                g.fleet_spans.push((from, to, e.span().start));
            }
        }
    }
}

/// Every edge is listed on both sides, except one-way borders.
pub(super) fn edge_symmetry(cx: &mut Ctx, provinces: &[Province], g: &Graph, borders: &[Border]) {
    let one_way = |from: ProvinceId, to: ProvinceId, army: bool| {
        borders
            .iter()
            .any(|b| b.one_way && b.from == from && b.to == to && b.units[if army { 0 } else { 1 }])
    };
    for (from, to, span) in &g.army_spans {
        if g.army[to.index()].binary_search(from).is_err() && !one_way(*from, *to, true) {
            let (a, b) = (&provinces[from.index()].name, &provinces[to.index()].name);
            cx.err_at(
                *span,
                format!("one-sided army edge: `{a}` lists `{b}` but `{b}` does not list `{a}`"),
            );
        }
    }
    let name = |l: &Location| match l.coast {
        Some(c) => format!(
            "{}/{}",
            provinces[l.province.index()].name,
            provinces[l.province.index()].coasts[c as usize].name
        ),
        None => provinces[l.province.index()].name.clone(),
    };
    for (from, to, span) in &g.fleet_spans {
        if g.fleet[g.node(*to)].binary_search(from).is_err()
            && !one_way(from.province, to.province, false)
        {
            let (a, b) = (name(from), name(to));
            cx.err_at(
                *span,
                format!("one-sided fleet edge: `{a}` lists `{b}` but `{b}` does not list `{a}`"),
            );
        }
    }
}

/// Every passable province must be reachable from the first one.
pub(super) fn reachability(cx: &mut Ctx, raw: &RawMap, provinces: &[Province], g: &Graph) {
    let passable: Vec<usize> = (0..provinces.len())
        .filter(|&i| provinces[i].terrain != Terrain::Impassable)
        .collect();
    let Some(&start) = passable.first() else {
        return;
    };
    let mut seen = vec![false; provinces.len()];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(i) = stack.pop() {
        let fleet_next = g
            .nodes_of(ProvinceId(i as u32), provinces)
            .flat_map(|n| g.fleet[n].iter().map(|l| l.province));
        for next in g.army[i].iter().copied().chain(fleet_next) {
            if !seen[next.index()] {
                seen[next.index()] = true;
                stack.push(next.index());
            }
        }
    }
    for &i in &passable {
        if !seen[i] {
            cx.err(
                &raw.provinces[i].name,
                format!(
                    "`{}` cannot be reached from `{}`",
                    provinces[i].name, provinces[start].name
                ),
            );
        }
    }
}
