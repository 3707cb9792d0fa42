//! `adjudication_json::adjudication_bytes` writes the same bytes as `serde_json::to_vec` of
//! `json::adjudication`, on random phases of every kind (movement, retreat, adjustment) of
//! several maps and rulesets, with every order chosen among the legal ones.

use diplo_engine::{adjudicate, Position};
use diplo_game::adjudication_json::adjudication_bytes;
use diplo_game::json::adjudication;
use diplo_game::possible::possible_orders;
use diplo_map::Map;
use diplo_orders::parse_order;
use diplo_rules::Ruleset;
use diplo_testkit::Rng;

#[test]
fn typed_adjudication_json_is_the_value_trees_bytes() {
    let mut rng = Rng::new(29);
    let mut compared = [0usize; 3];
    for (name, ruleset) in [
        ("standard", "datc"),
        ("standard", "1971"),
        ("ancmed", "2023"),
        ("1900", "2000"),
    ] {
        let map = Map::embedded(name).expect("embedded").expect("loads");
        let rules = Ruleset::load(ruleset).expect("ruleset");
        for _ in 0..8 {
            let mut pos = Position::initial(&map);
            for _ in 0..24 {
                let orders: Vec<_> = possible_orders(&map, &rules, &pos)
                    .values()
                    .filter_map(|at| {
                        let text = rng.pick(&at.orders);
                        parse_order(&map, text).ok().map(|(_, o)| (at.power, o))
                    })
                    .collect();
                let adj = adjudicate(&map, &rules, &pos, &orders);
                let value = serde_json::to_vec(&adjudication(&map, (&pos, &orders), &adj)).unwrap();
                match adjudication_bytes(&map, (&pos, &orders), &adj) {
                    Some(bytes) => {
                        assert_eq!(
                            String::from_utf8(bytes).unwrap(),
                            String::from_utf8(value).unwrap(),
                            "{name} {ruleset} {}",
                            pos.phase.name(&map)
                        );
                        compared[pos.phase.kind as usize] += 1;
                    }
                    None => assert!(!adj.unresolved.is_empty()),
                }
                if !adj.unresolved.is_empty() {
                    break;
                }
                pos = adj.next;
            }
        }
    }
    // Every kind of phase was compared, many times (random orders seldom dislodge a unit).
    assert!(compared.iter().all(|&n| n >= 5), "{compared:?}");
}
