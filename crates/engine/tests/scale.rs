//! Long chains and rings of moves resolve without overflowing the stack, in close to linear
//! time: the resolver keeps its own work list, so its depth does not grow with the chain.

use diplo_engine::{adjudicate, Adjudication, Phase, PhaseKind, Position, Unit};
use diplo_map::{Location, Map, PowerId, ProvinceId, Season, UnitKind};
use diplo_orders::{Order, Place, UnitRef};
use diplo_rules::Ruleset;

const N: usize = 100_000;

fn line_map(n: usize, ring: bool) -> Map {
    diplo_map::generate::line(n, ring)
}

fn army(power: u8, p: usize) -> Unit {
    Unit {
        power: PowerId(power),
        kind: UnitKind::Army,
        location: Location::province(ProvinceId(p as u32)),
    }
}

fn mv(from: usize, to: usize) -> Order {
    Order::Move {
        unit: UnitRef {
            kind: Some(UnitKind::Army),
            place: Place::new(ProvinceId(from as u32)),
        },
        to: Place::new(ProvinceId(to as u32)),
        via_convoy: false,
        path: Vec::new(),
    }
}

fn run(map: &Map, units: Vec<Unit>, orders: &[(PowerId, Order)]) -> Adjudication {
    let mut pos = Position::empty(
        map,
        Phase {
            year: 1901,
            season: Season::SPRING,
            kind: PhaseKind::Movement,
        },
    );
    pos.units = units;
    adjudicate(map, &Ruleset::datc(), &pos, orders)
}

#[test]
fn ring_of_100000_units_is_circular_movement() {
    let map = line_map(N, true);
    let units: Vec<Unit> = (0..N).map(|i| army((i % 2) as u8, i)).collect();
    let orders: Vec<(PowerId, Order)> = (0..N)
        .map(|i| (PowerId((i % 2) as u8), mv(i, (i + 1) % N)))
        .collect();
    let adj = run(&map, units, &orders);
    assert!(
        adj.results.iter().all(|r| r.words() == "succeeds"),
        "every move of the ring succeeds"
    );
    assert_eq!(adj.next.units.len(), N);
    assert!(adj
        .next
        .units
        .iter()
        .all(|u| (u.location.province.0 as usize).is_multiple_of(N)
            || u.power.0 as usize != u.location.province.0 as usize % 2));
}

#[test]
fn chain_of_100000_units_into_an_empty_province_all_move() {
    let map = line_map(N + 1, false);
    let units: Vec<Unit> = (0..N).map(|i| army((i % 2) as u8, i)).collect();
    let orders: Vec<(PowerId, Order)> = (0..N)
        .map(|i| (PowerId((i % 2) as u8), mv(i, i + 1)))
        .collect();
    let adj = run(&map, units, &orders);
    assert!(adj.results.iter().all(|r| r.words() == "succeeds"));
}

#[test]
fn chain_of_100000_units_blocked_at_its_head_all_fail() {
    let map = line_map(N + 2, false);
    // The head of the chain runs into a holding unit of its own power: nothing moves.
    let mut units: Vec<Unit> = (0..N).map(|i| army(0, i)).collect();
    units.push(army(0, N));
    let orders: Vec<(PowerId, Order)> = (0..N).map(|i| (PowerId(0), mv(i, i + 1))).collect();
    let adj = run(&map, units, &orders);
    assert!(adj.results.iter().all(|r| r.words() == "fails"));
}
