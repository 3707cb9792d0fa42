use diplo_game::possible::{possible_with, PossibleCache};
use diplo_game::{Game, MapSource};
use diplo_map::Map;
use diplo_rules::Ruleset;
fn main() {
    let mut seed = 99u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let mut total = 0;
    for _ in 0..5 {
        let mut g = Game::new(
            Map::standard(),
            MapSource::Embedded("standard".into()),
            Ruleset::datc(),
            Vec::new(),
        );
        let mut cache = PossibleCache::default();
        while g.position.phase.year < 1911 && g.ended.is_none() {
            let all = possible_with(&mut cache, &g.map, &g.rules, &g.position);
            let mut by: std::collections::BTreeMap<_, Vec<_>> = Default::default();
            for at in &all {
                by.entry(at.power)
                    .or_default()
                    .push(at.orders[next(at.orders.len())].to_order());
                total += at.orders.len();
            }
            for (p, o) in by {
                let _ = g.submit_orders(p, o, "x", Default::default());
            }
            g.adjudicate_unrecorded(&[], 0).unwrap();
        }
    }
    println!("{total}");
}
