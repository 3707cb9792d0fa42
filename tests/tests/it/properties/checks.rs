//! The checks each case must pass; each returns `Err` with a message rather than panicking.

use std::collections::HashSet;

use diplo_engine::{adjudicate, Adjudication, PhaseKind, Position, Resolution};
use diplo_map::{Location, Map, PowerId, ProvinceId, UnitKind};
use diplo_orders::{Order, Place, UnitRef};
use diplo_rules::policies::RetreatAfterConvoy;
use diplo_rules::{Ruleset, ISSUES};

use super::inputs::*;

pub(super) fn check_one_unit_per_province(pos: &Position, when: &str) -> Result<(), String> {
    let mut seen = HashSet::new();
    for u in &pos.units {
        if !seen.insert(u.location.province) {
            return Err(format!(
                "two units in one province after the {when}: {:?}",
                pos.units
            ));
        }
    }
    Ok(())
}

/// The succeeded moves of a movement phase of `orders`: (from, to).
pub(super) fn succeeded_moves(
    orders: &[(PowerId, Order)],
    adj: &Adjudication,
) -> Vec<(ProvinceId, ProvinceId)> {
    adj.results
        .iter()
        .filter(|r| r.resolution == Resolution::Succeeds)
        .filter_map(|r| match &orders[r.index].1 {
            Order::Move { unit, to, .. } => Some((unit.place.province, to.province)),
            _ => None,
        })
        .collect()
}

/// Every dislodged unit was dislodged by a unit that moved into its province from the
/// province the dislodgement names, and that unit is there now.
pub(super) fn check_dislodgers(
    pos: &Position,
    orders: &[(PowerId, Order)],
    adj: &Adjudication,
) -> Result<(), String> {
    let moves = succeeded_moves(orders, adj);
    for d in &adj.next.dislodged {
        let at = d.unit.location.province;
        if !moves.contains(&(d.attacker_from, at)) {
            return Err(format!(
                "{d:?} is dislodged, but no move from {:?} to {at:?} succeeded",
                d.attacker_from
            ));
        }
        let attacker = pos.unit_in(d.attacker_from);
        let now = adj.next.unit_in(at);
        if attacker.is_none()
            || now.is_none_or(|n| {
                n.power != attacker.unwrap().power || n.kind != attacker.unwrap().kind
            })
        {
            return Err(format!(
                "{d:?}: the dislodger {attacker:?} is not in the province (there: {now:?})"
            ));
        }
    }
    Ok(())
}

/// Whether fleets ordered to convoy the army `from` → `to` form a path between the two.
pub(super) fn convoy_path(
    map: &Map,
    pos: &Position,
    (orders, adj): (&[(PowerId, Order)], &Adjudication),
    from: ProvinceId,
    to: ProvinceId,
) -> bool {
    let fleets: Vec<Location> = adj
        .results
        .iter()
        .filter_map(|r| match &orders[r.index].1 {
            Order::Convoy {
                unit, army, to: t, ..
            } if army.place.province == from && t.province == to => pos
                .unit_in(unit.place.province)
                .filter(|u| u.kind == UnitKind::Fleet)
                .map(|u| u.location),
            _ => None,
        })
        .collect();
    let mut seen = vec![false; fleets.len()];
    let mut stack: Vec<usize> = (0..fleets.len())
        .filter(|&i| map.fleet_can_reach(fleets[i], from))
        .collect();
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        if map.fleet_can_reach(fleets[i], to) {
            return true;
        }
        for j in 0..fleets.len() {
            if !seen[j] && map.fleet_can_reach(fleets[i], fleets[j].province) {
                stack.push(j);
            }
        }
    }
    false
}

/// Every succeeded move went along an edge or a path of convoying fleets, and every unit on
/// the board afterwards either stayed or arrived by a succeeded move.
pub(super) fn check_moves(
    map: &Map,
    pos: &Position,
    orders: &[(PowerId, Order)],
    adj: &Adjudication,
) -> Result<(), String> {
    let moves = succeeded_moves(orders, adj);
    for &(from, to) in &moves {
        let Some(u) = pos.unit_in(from) else {
            return Err(format!(
                "a move from the empty {from:?} to {to:?} succeeded"
            ));
        };
        let ok = match u.kind {
            UnitKind::Army => {
                map.army_adjacent(from, to) || convoy_path(map, pos, (orders, adj), from, to)
            }
            UnitKind::Fleet => map.fleet_can_reach(u.location, to),
        };
        if !ok {
            return Err(format!("{u:?} moved to {to:?} along no edge or convoy"));
        }
    }
    for v in &adj.next.units {
        let p = v.location.province;
        let stayed = pos.units.contains(v) && !moves.iter().any(|&(f, _)| f == p);
        let arrived = moves.iter().any(|&(f, t)| {
            t == p
                && pos
                    .unit_in(f)
                    .is_some_and(|u| u.power == v.power && u.kind == v.kind)
        });
        if !stayed && !arrived {
            return Err(format!(
                "{v:?} is on the board but neither stayed nor moved there"
            ));
        }
    }
    Ok(())
}

/// Retreat options: not the attacker's origin (unless allowed after a convoy), not contested,
/// not occupied.
pub(super) fn check_retreat_options(rules: &Ruleset, adj: &Adjudication) -> Result<(), String> {
    let allow = rules
        .retreat_after_convoy
        .may_retreat_to_convoyed_attackers_origin();
    for r in &adj.retreats {
        for o in r.options {
            let p = o.province;
            if p == r.dislodged.attacker_from && !(allow && r.dislodged.by_convoy) {
                return Err(format!("{r:?} may retreat to its attacker's origin"));
            }
            if adj.next.contested.contains(&p) {
                return Err(format!("{r:?} may retreat to the contested {p:?}"));
            }
            if adj.next.unit_in(p).is_some() {
                return Err(format!("{r:?} may retreat to the occupied {p:?}"));
            }
        }
    }
    Ok(())
}

/// A retreat that succeeds goes to one of the unit's options.
pub(super) fn check_retreats_follow_options(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
    adj: &Adjudication,
) -> Result<(), String> {
    let options = diplo_engine::pending_retreat_options(map, rules, pos);
    for r in adj.results.iter() {
        let order = &orders[r.index].1;
        let (unit, to) = match order {
            Order::Move { unit, to, .. } | Order::Retreat { unit, to } => (unit, to),
            _ => continue,
        };
        if r.resolution != Resolution::Succeeds {
            continue;
        }
        let ok = options.iter().any(|o| {
            o.dislodged.unit.location.province == unit.place.province
                && o.options.iter().any(|l| l.province == to.province)
        });
        if !ok {
            return Err(format!("the retreat {order:?} succeeded, not to an option"));
        }
    }
    Ok(())
}

/// A position with its lists in a canonical order.
pub(super) fn normal(pos: &Position) -> Position {
    let mut p = pos.clone();
    p.units.sort_by_key(|u| (u.location, u.power, u.kind));
    p.dislodged
        .sort_by_key(|d| (d.unit.location, d.attacker_from, d.by_convoy));
    p.contested.sort();
    p
}

/// Written and read back, the position is the same (the file lists units by power, so the
/// board's order of units is compared canonically) and writes the same text again.
pub(super) fn check_position_round_trip(map: &Map, pos: &Position) -> Result<(), String> {
    let text = pos.to_toml(map);
    let back = Position::from_toml_str(map, &text, "position.toml")
        .map_err(|e| format!("a written position does not read back: {e}\n{text}"))?;
    if normal(&back) != normal(pos) {
        return Err(format!(
            "a position read back differs:\n{pos:?}\n{back:?}\n{text}"
        ));
    }
    if back.to_toml(map) != text {
        return Err(format!("a position read back writes other text:\n{text}"));
    }
    Ok(())
}

pub(super) type Orders = Vec<(PowerId, Order)>;

/// The orders with at most one per unit (the first); the same listed in the order of `keys`;
/// for each of those, its index among the first.
pub(super) fn reordered(orders: &[(PowerId, Order)], keys: &[u32]) -> (Orders, Orders, Vec<usize>) {
    let mut seen = HashSet::new();
    let once: Vec<(PowerId, Order)> = orders
        .iter()
        .filter(|(_, o)| o.unit().is_none_or(|u| seen.insert(u.place.province)))
        .cloned()
        .collect();
    let mut idx: Vec<usize> = (0..once.len()).collect();
    idx.sort_by_key(|&i| (keys[i % keys.len()], i));
    let shuffled = idx.iter().map(|&i| once[i].clone()).collect();
    (once, shuffled, idx)
}

/// The same orders listed in another order give the same results, retreats, unresolved
/// orders and next position.
pub(super) fn check_order_independence(
    (once, a): (&[(PowerId, Order)], &Adjudication),
    (shuffled, b): (&[(PowerId, Order)], &Adjudication),
    idx: &[usize],
) -> Result<(), String> {
    for (k, &i) in idx.iter().enumerate() {
        let (x, y) = (&a.results[i], &b.results[k]);
        let (xo, yo) = (&once[x.index].1, &shuffled[y.index].1);
        if (x.resolution, x.tag, xo) != (y.resolution, y.tag, yo) {
            return Err(format!(
                "order {xo:?} gives {} listed first and {} reordered",
                x.words(),
                y.words()
            ));
        }
    }
    if normal(&a.next) != normal(&b.next) {
        return Err(format!(
            "the next position depends on the order of the orders:\n{:?}\n{:?}",
            a.next, b.next
        ));
    }
    let retreats = |adj: &Adjudication| {
        let mut r: Vec<_> = adj
            .retreats
            .iter()
            .map(|r| {
                let mut o = r.options.to_vec();
                o.sort();
                (r.dislodged.unit.location, o)
            })
            .collect();
        r.sort();
        r
    };
    if retreats(a) != retreats(b) {
        return Err("the retreat options depend on the order of the orders".into());
    }
    let mut ua: Vec<usize> = a.unresolved.clone();
    let mut ub: Vec<usize> = b.unresolved.iter().map(|&k| idx[k]).collect();
    ua.sort();
    ub.sort();
    if ua != ub {
        return Err("the unresolved orders depend on the order of the orders".into());
    }
    Ok(())
}

/// Retreat orders for the dislodged units of a retreat phase.
pub(super) fn retreat_orders(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    raw: &[(u16, u8)],
) -> Vec<(PowerId, Order)> {
    let options = diplo_engine::pending_retreat_options(map, rules, pos);
    let n = map.provinces().len();
    let mut out = Vec::new();
    for (i, r) in options.iter().enumerate() {
        let (sel, what) = raw[i % raw.len()];
        let u = r.dislodged.unit;
        let unit = UnitRef {
            kind: Some(u.kind),
            place: Place::new(u.location.province),
        };
        let order = match what {
            0 => Order::Disband { unit },
            1 if !r.options.is_empty() => Order::Retreat {
                unit,
                to: Place::new(r.options[sel as usize % r.options.len()].province),
            },
            1 | 2 => Order::Move {
                unit,
                to: Place::new(ProvinceId((sel as usize % n) as u32)),
                via_convoy: false,
                path: Vec::new(),
            },
            _ => continue,
        };
        out.push((u.power, order));
    }
    out
}

/// Every property, for one case on one map under every shipped ruleset.
pub(super) fn check_case(map: &Map, case: &Case) -> Result<(), String> {
    let (pos, orders) = build(map, case);
    check_position_round_trip(map, &pos)?;
    let (once, shuffled, idx) = reordered(&orders, &case.keys);
    for rules in rulesets() {
        let ctx = |e: String| format!("ruleset {}: {e}", rules.name);
        let adj = adjudicate(map, rules, &pos, &orders);
        if adj.results.len() != orders.len() {
            return Err(ctx("not one result per order".into()));
        }
        check_one_unit_per_province(&adj.next, "movement phase").map_err(ctx)?;
        {
            let m = succeeded_moves(&orders, &adj);
            let conv = m
                .iter()
                .filter(|&&(f, t)| {
                    !map.army_adjacent(f, t)
                        && pos.unit_in(f).is_some_and(|u| u.kind == UnitKind::Army)
                })
                .count();
            eprintln!("STAT orders={} moves={} convoyed={} dislodged={} retreats={} unresolved={} illegal={}", orders.len(), m.len(), conv, adj.next.dislodged.len(), adj.retreats.iter().map(|r| r.options.len()).sum::<usize>(), adj.unresolved.len(), adj.results.iter().filter(|r| r.resolution == Resolution::Illegal).count());
        }
        check_dislodgers(&pos, &orders, &adj).map_err(ctx)?;
        check_moves(map, &pos, &orders, &adj).map_err(ctx)?;
        check_retreat_options(rules, &adj).map_err(ctx)?;
        check_position_round_trip(map, &adj.next).map_err(ctx)?;
        if adj.next.phase.kind == PhaseKind::Retreat {
            let retreats = retreat_orders(map, rules, &adj.next, &case.retreats);
            let after = adjudicate(map, rules, &adj.next, &retreats);
            check_one_unit_per_province(&after.next, "retreat phase").map_err(ctx)?;
            check_retreats_follow_options(map, rules, &adj.next, &retreats, &after).map_err(ctx)?;
        }
        let a = adjudicate(map, rules, &pos, &once);
        let b = adjudicate(map, rules, &pos, &shuffled);
        check_order_independence((&once, &a), (&shuffled, &b), &idx).map_err(ctx)?;
    }
    Ok(())
}

/// Writes a ruleset as a ruleset file: its name, description and every issue's choice.
pub(super) fn ruleset_toml(r: &Ruleset) -> String {
    let q = |s: &str| toml::Value::String(s.to_string()).to_string();
    let mut t = format!(
        "name = {}\ndescription = {}\n",
        q(&r.name),
        q(&r.description)
    );
    for i in ISSUES {
        let c = r.choice(i.key).expect("every issue has a choice");
        t.push_str(&format!("{} = {}\n", i.key, q(c)));
    }
    t
}

pub(super) fn check_ruleset_round_trip(r: &Ruleset) -> Result<(), String> {
    let text = ruleset_toml(r);
    let back = Ruleset::from_toml_str(&text, "ruleset.toml")
        .map_err(|e| format!("a written ruleset does not read back: {e}\n{text}"))?;
    if &back != r {
        return Err(format!("a ruleset read back differs:\n{r:?}\n{back:?}"));
    }
    Ok(())
}
