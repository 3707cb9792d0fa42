//! Long chains and rings of moves, long convoy chains and many standoffs resolve without
//! overflowing the stack, in close to linear time: nothing recurses (the resolver keeps its own
//! work list, the convoy route searches their own stacks), so the depth does not grow with the
//! position. The maps are generated directly, not through TOML.

use diplo_engine::{adjudicate, Adjudication, Phase, PhaseKind, Position, Unit};
use diplo_map::{Location, Map, PowerId, ProvinceId, Season, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, UnitRef};
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

fn fleet(power: u8, p: usize) -> Unit {
    Unit {
        kind: UnitKind::Fleet,
        ..army(power, p)
    }
}

fn unit_ref(kind: UnitKind, p: usize) -> UnitRef {
    UnitRef {
        kind: Some(kind),
        place: Place::new(ProvinceId(p as u32)),
    }
}

fn convoy(fleet: usize, from: usize, to: usize) -> Order {
    Order::Convoy {
        unit: unit_ref(UnitKind::Fleet, fleet),
        army: OtherUnit {
            power: None,
            kind: Some(UnitKind::Army),
            place: Place::new(ProvinceId(from as u32)),
        },
        to: Place::new(ProvinceId(to as u32)),
    }
}

fn support(supporter: usize, from: usize, to: usize) -> Order {
    Order::SupportMove {
        unit: unit_ref(UnitKind::Army, supporter),
        supported: OtherUnit {
            power: None,
            kind: Some(UnitKind::Army),
            place: Place::new(ProvinceId(from as u32)),
        },
        to: Place::new(ProvinceId(to as u32)),
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

/// DATC-style convoy over a million fleets in a line, on a thread with a 2 MiB stack: the route
/// searches keep their own stacks, and all convoy orders share one search.
#[test]
fn convoy_chain_of_1000000_fleets_on_a_2_mib_stack() {
    const FLEETS: usize = 1_000_000;
    let worker = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let map = diplo_map::generate::convoy_chain(FLEETS);
            let end = FLEETS + 1;
            let mut units = vec![army(0, 0)];
            units.extend((1..=FLEETS).map(|p| fleet(0, p)));
            let mut orders = vec![(PowerId(0), mv(0, end))];
            orders.extend((1..=FLEETS).map(|p| (PowerId(0), convoy(p, 0, end))));
            let adj = run(&map, units, &orders);
            assert_eq!(adj.results[0].words(), "succeeds");
            assert!(adj.results[1..].iter().all(|r| r.words() == "available"));
            assert!(adj
                .next
                .units
                .iter()
                .any(|u| u.kind == UnitKind::Army && u.location.province.0 as usize == end));
        })
        .expect("a thread with a 2 MiB stack");
    worker.join().expect("the convoy chain adjudicates");
}

/// Pairs of supported attacks and standoffs: every second unit is dislodged next to a contested
/// province (each dislodged unit's retreat options are judged against every contested province).
#[test]
fn many_dislodgements_beside_standoffs() {
    // Per block of six provinces b .. b+5: A b - b+1 supported by A b+2 dislodges the foreign
    // army in b+1, which has nowhere to retreat; A b+3 and A b+5 bounce in b+4.
    const BLOCKS: usize = 20_000;
    let map = line_map(BLOCKS * 6, false);
    let mut units = Vec::new();
    let mut orders = Vec::new();
    for k in 0..BLOCKS {
        let b = 6 * k;
        units.extend([
            army(0, b),
            army(1, b + 1),
            army(0, b + 2),
            army(0, b + 3),
            army(0, b + 5),
        ]);
        orders.push((PowerId(0), mv(b, b + 1)));
        orders.push((PowerId(0), support(b + 2, b, b + 1)));
        orders.push((PowerId(0), mv(b + 3, b + 4)));
        orders.push((PowerId(0), mv(b + 5, b + 4)));
    }
    let adj = run(&map, units, &orders);
    for k in 0..BLOCKS {
        let r = &adj.results[4 * k..4 * k + 4];
        assert_eq!(r[0].words(), "succeeds");
        assert_eq!(r[1].words(), "given");
        assert_eq!(r[2].words(), "fails");
        assert_eq!(r[3].words(), "fails");
    }
    assert_eq!(
        adj.next.contested.len(),
        0,
        "no retreats, so no retreat phase"
    );
    assert_eq!(adj.retreats.len(), BLOCKS);
    assert!(adj.retreats.iter().all(|r| r.options.is_empty()));
}

/// Armies moving along a coast whose sea holds no fleet: each move is checked for a convoy
/// route (none), without clearing anything map-sized per move.
#[test]
fn armies_moving_along_a_coast() {
    const N: usize = 100_000;
    let map = diplo_map::generate::coast(N + 1);
    let units: Vec<Unit> = (0..N).map(|i| army(0, i)).collect();
    let orders: Vec<(PowerId, Order)> = (0..N).map(|i| (PowerId(0), mv(i, i + 1))).collect();
    let adj = run(&map, units, &orders);
    assert!(adj.results.iter().all(|r| r.words() == "succeeds"));
}
