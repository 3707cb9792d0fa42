//! Scripted orders: a deterministic game on any map, for tests that play whole games and need
//! units to move, bounce, be dislodged, retreat and build.

use diplo_engine::PhaseKind;
use diplo_game::Game;
use diplo_map::{Location, PowerId};

/// Deterministic orders for the game's current phase, with the power giving each: each unit
/// moves to its `turn`-th neighbour (every third supports a move of its own power it can reach
/// instead, so that units are dislodged and retreat); each dislodged unit retreats to its first
/// option; each power builds armies in its owned, empty home centres.
pub fn orders(game: &Game, turn: usize) -> Vec<(PowerId, String)> {
    let map = &game.map;
    let pos = &game.position;
    let mut out = Vec::new();
    match pos.phase.kind {
        PhaseKind::Movement => {
            let mut moves: Vec<Option<Location>> = Vec::new();
            for u in &pos.units {
                let targets = map.step_locations(u.kind, u.location);
                moves.push(
                    (!targets.is_empty())
                        .then(|| targets[(turn + u.location.province.index()) % targets.len()]),
                );
            }
            // Every third unit supports a move of its own power it can reach instead, so that
            // units get dislodged and retreat.
            for (i, u) in pos.units.iter().enumerate() {
                let helped = (i % 3 == 0)
                    .then(|| {
                        pos.units.iter().enumerate().find(|&(j, v)| {
                            j != i
                                && v.power == u.power
                                && moves[j].is_some_and(|t| {
                                    t.province != u.location.province
                                        && map.can_move(u.kind, u.location, t.province)
                                })
                        })
                    })
                    .flatten();
                let line = match (helped, moves[i]) {
                    (Some((j, v)), _) => format!(
                        "{} S {} - {}",
                        u.short(map),
                        v.short(map),
                        map.province(moves[j].unwrap().province).name
                    ),
                    (None, Some(to)) => format!("{} - {}", u.short(map), map.location_name(to)),
                    (None, None) => continue,
                };
                out.push((u.power, line));
            }
        }
        PhaseKind::Retreat => {
            for r in &game.retreat_options() {
                if let Some(to) = r.options.first() {
                    out.push((
                        r.dislodged.unit.power,
                        format!(
                            "{} - {}",
                            r.dislodged.unit.short(map),
                            map.location_name(*to)
                        ),
                    ));
                }
            }
        }
        PhaseKind::Adjustment => {
            for p in map.power_ids() {
                for &c in map.home_centres(p) {
                    if pos.owners[c.index()] == Some(p) && pos.unit_in(c).is_none() {
                        out.push((p, format!("Build A {}", map.province(c).name)));
                    }
                }
            }
        }
    }
    out
}

/// [`orders`] as an orders file: one `Power:` section per power that orders (neutral powers
/// never do), in the map's power order.
pub fn orders_file(game: &Game, turn: usize) -> String {
    let map = &game.map;
    let mut sets: std::collections::BTreeMap<PowerId, Vec<String>> = Default::default();
    for (power, line) in orders(game, turn) {
        sets.entry(power).or_default().push(line);
    }
    let mut out = String::new();
    for (p, lines) in sets {
        if map.power(p).neutral {
            continue;
        }
        out.push_str(&format!("{}:\n{}\n", map.power(p).name, lines.join("\n")));
    }
    out
}
