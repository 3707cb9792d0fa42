//! Long chains and rings of moves resolve without overflowing the stack, in close to linear
//! time: the resolver keeps its own work list, so its depth does not grow with the chain.

use diplo_engine::{adjudicate, Adjudication, Phase, PhaseKind, Position, Unit};
use diplo_map::{Location, Map, PowerId, ProvinceId, Season, UnitKind};
use diplo_orders::{Order, Place, UnitRef};
use diplo_rules::Ruleset;

const N: usize = 100_000;

/// A map of `n` inland provinces `p0..p{n-1}`, each bordering the next; a ring when `ring`.
fn line_map(n: usize, ring: bool) -> Map {
    let mut t = String::from(
        "name = \"line\"\nfirst_year = 1901\nfirst_season = \"spring\"\nvictory_centres = 1\n",
    );
    t.push_str("[[power]]\nname = \"Red\"\nadjective = \"Red\"\nabbreviation = \"RED\"\n");
    t.push_str("[[power]]\nname = \"Blue\"\nadjective = \"Blue\"\nabbreviation = \"BLU\"\n");
    for i in 0..n {
        let mut nb = Vec::new();
        if i > 0 || ring {
            nb.push(format!("\"p{}\"", (i + n - 1) % n));
        }
        if i + 1 < n || ring {
            nb.push(format!("\"p{}\"", (i + 1) % n));
        }
        t.push_str(&format!(
            "[[province]]\nname = \"p{i}\"\nfull_name = \"P{i}\"\nterrain = \"inland\"\narmy = [{}]\n",
            nb.join(", ")
        ));
    }
    Map::from_toml_str(&t, "generated").expect("generated map is valid")
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
            season: Season::Spring,
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
        .all(|u| u.location.province.0 as usize % N == 0
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
