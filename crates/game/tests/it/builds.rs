//! `summary::builds_by_power` against the engine's per-power count, on every built-in map
//! (Colonial's centre that does not count for China, 1900's dummy centre) with random owners
//! and units.

use diplo_engine::Position;
use diplo_game::summary::builds_by_power;
use diplo_map::{Map, PowerId, EMBEDDED_MAPS};

use crate::Rng;

/// `pos` with each owner drawn at random (neutral one time in three) and some units dropped.
fn shuffled(map: &Map, pos: &Position, rng: &mut Rng) -> Position {
    let mut out = pos.clone();
    let powers = map.powers().len();
    for owner in &mut out.owners {
        let k = rng.below(powers + powers / 2 + 1);
        *owner = (k < powers).then_some(PowerId(k as u8));
    }
    out.units.retain(|_| rng.below(3) != 0);
    out
}

#[test]
fn builds_by_power_is_the_engines_count_for_every_power() {
    let mut rng = Rng::new(5);
    for (name, _) in EMBEDDED_MAPS {
        let map = Map::embedded(name).unwrap().unwrap();
        let start = Position::initial(&map);
        for _ in 0..200 {
            let pos = shuffled(&map, &start, &mut rng);
            let got = builds_by_power(&map, &pos);
            for p in map.power_ids() {
                let want = pos.counted_centres(&map, p) as i64 - pos.unit_count(p) as i64;
                assert_eq!(got[p.index()], want, "{name}: {}", map.power(p).name);
            }
        }
    }
}
