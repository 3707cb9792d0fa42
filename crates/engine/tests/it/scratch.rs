//! An [`AdjudicatorScratch`] kept between adjudicators, and moved between maps: the results are
//! those of [`adjudicate`] on each map.

use diplo_engine::{adjudicate, Adjudicator, AdjudicatorScratch, PhaseKind, Position};
use diplo_map::{Location, Map, PowerId, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, UnitRef, WrittenCoast};
use diplo_rules::Ruleset;

/// A small deterministic generator (no test depends on its exact numbers).
use diplo_testkit::Rng;

fn place(l: Location) -> Place {
    Place {
        province: l.province,
        coast: l.coast.map(WrittenCoast::Known),
    }
}

/// A move (or a convoyed move, or a hold) for every unit, at random.
fn orders(map: &Map, pos: &Position, rng: &mut Rng) -> Vec<(PowerId, Order)> {
    let coasts: Vec<_> = map.province_ids().collect();
    pos.units
        .iter()
        .map(|u| {
            let unit = UnitRef {
                kind: Some(u.kind),
                place: place(u.location),
            };
            let steps = map.step_locations(u.kind, u.location);
            let order = match rng.below(4) {
                0 => Order::Hold { unit },
                1 if u.kind == UnitKind::Army => Order::Move {
                    unit,
                    to: Place::new(coasts[rng.below(coasts.len())]),
                    via_convoy: true,
                    path: Vec::new(),
                },
                _ if steps.is_empty() => Order::Hold { unit },
                _ => Order::Move {
                    unit,
                    to: place(steps[rng.below(steps.len())]),
                    via_convoy: false,
                    path: Vec::new(),
                },
            };
            (u.power, order)
        })
        .collect()
}

#[test]
fn a_scratch_moved_between_maps_adjudicates_as_a_fresh_adjudication() {
    let rules = Ruleset::datc();
    let maps = [Map::standard(), Map::embedded("ancmed").unwrap().unwrap()];
    let mut positions: Vec<Position> = maps.iter().map(Position::initial).collect();
    let mut scratch = AdjudicatorScratch::default();
    let mut rng = Rng::new(11);
    for round in 0..24 {
        let i = round % 2;
        let (map, pos) = (&maps[i], &positions[i]);
        let orders = orders(map, pos, &mut rng);
        let mut adjudicator = Adjudicator::with_scratch(map, &rules, scratch);
        let kept = adjudicator.adjudicate(pos, &orders);
        scratch = adjudicator.into_scratch();
        assert_eq!(kept, adjudicate(map, &rules, pos, &orders), "round {round}");
        let mut next = kept.next;
        while next.phase.kind != PhaseKind::Movement {
            next = adjudicate(map, &rules, &next, &[]).next;
        }
        positions[i] = next;
    }
}

/// Adjudications given back (`Adjudicator::recycle`) lend their buffers to the next phases,
/// whose adjudications are those of the plain function.
#[test]
fn recycled_adjudications_leave_the_next_ones_unchanged() {
    let (map, rules) = (Map::standard(), Ruleset::datc());
    let mut adjudicator = Adjudicator::new(&map, &rules);
    let mut pos = Position::initial(&map);
    let mut rng = Rng::new(5);
    for round in 0..30 {
        let orders = orders(&map, &pos, &mut rng);
        let kept = adjudicator.adjudicate(&pos, &orders);
        let fresh = adjudicate(&map, &rules, &pos, &orders);
        assert_eq!(kept, fresh, "round {round}");
        // The kept one is given back, half the time with an unrelated one.
        adjudicator.recycle(kept);
        if round % 2 == 0 {
            adjudicator.recycle(adjudicate(&map, &rules, &pos, &[]));
        }
        pos = fresh.next;
        while pos.phase.kind != PhaseKind::Movement {
            pos = adjudicate(&map, &rules, &pos, &[]).next;
        }
    }
}

/// As [`orders`], a third of the units (at random) supporting another unit's move instead
/// where they can reach its destination: enough supports that units are dislodged.
fn orders_with_supports(map: &Map, pos: &Position, rng: &mut Rng) -> Vec<(PowerId, Order)> {
    let mut orders = orders(map, pos, rng);
    for i in 0..orders.len() {
        if rng.below(3) != 0 {
            continue;
        }
        let u = pos.units[i];
        let reaches = |to: &Place| match u.kind {
            UnitKind::Army => map
                .army_neighbours(u.location.province)
                .contains(&to.province),
            UnitKind::Fleet => map.fleet_can_reach(u.location, to.province),
        };
        let helped = orders.iter().enumerate().find_map(|(j, (_, o))| match o {
            Order::Move {
                unit,
                to,
                via_convoy: false,
                ..
            } if j != i && reaches(to) => Some((unit.clone(), to.clone())),
            _ => None,
        });
        if let Some((supported, to)) = helped {
            let unit = UnitRef {
                kind: Some(u.kind),
                place: place(u.location),
            };
            let supported = OtherUnit {
                power: None,
                kind: supported.kind,
                place: supported.place,
            };
            orders[i].1 = Order::SupportMove {
                unit,
                supported,
                to,
            };
        }
    }
    orders
}

/// Retreat orders: each dislodged unit retreats to its first option, or disbands.
fn retreat_orders(map: &Map, rules: &Ruleset, pos: &Position) -> Vec<(PowerId, Order)> {
    let retreats = diplo_engine::pending_retreat_options(map, rules, pos);
    retreats
        .iter()
        .map(|r| {
            let unit = UnitRef {
                kind: Some(r.dislodged.unit.kind),
                place: place(r.dislodged.unit.location),
            };
            let order = match r.options.first() {
                Some(&to) => Order::Retreat {
                    unit,
                    to: place(to),
                },
                None => Order::Disband { unit },
            };
            (r.dislodged.unit.power, order)
        })
        .collect()
}

/// A game played through one adjudicator, every phase's adjudication (retreats and adjustments
/// too) given back: each is that of the plain function, dislodged units and their retreat
/// options included.
#[test]
fn recycled_retreat_options_leave_the_next_ones_unchanged() {
    let (map, rules) = (Map::standard(), Ruleset::datc());
    let mut adjudicator = Adjudicator::new(&map, &rules);
    let mut pos = Position::initial(&map);
    let mut rng = Rng::new(17);
    let (mut with_options, mut retreat_phases) = (0, 0);
    for round in 0..120 {
        retreat_phases += usize::from(pos.phase.kind == PhaseKind::Retreat);
        let orders = match pos.phase.kind {
            PhaseKind::Movement => orders_with_supports(&map, &pos, &mut rng),
            PhaseKind::Retreat => retreat_orders(&map, &rules, &pos),
            PhaseKind::Adjustment => Vec::new(),
        };
        let kept = adjudicator.adjudicate(&pos, &orders);
        let fresh = adjudicate(&map, &rules, &pos, &orders);
        assert_eq!(kept, fresh, "round {round}");
        assert_eq!(format!("{kept:?}"), format!("{fresh:?}"), "round {round}");
        with_options += kept
            .retreats
            .iter()
            .filter(|r| !r.options.is_empty())
            .count();
        adjudicator.recycle(kept);
        pos = fresh.next;
    }
    assert!(with_options > 0, "some unit had somewhere to retreat");
    assert!(retreat_phases > 0, "some retreat phase was played");
}
