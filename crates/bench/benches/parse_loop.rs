//! Parses the benchmark phases in a loop, for a profiler (`perf record`, callgrind):
//! `cargo bench -p diplo-bench --bench parse_loop -- 100000`.

use diplo_bench::{ALL_HOLD, MIDGAME, OPENING};
use diplo_map::Map;
use diplo_orders::parse_orders;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let map = Map::standard();
    let mut lines = 0;
    let start = std::time::Instant::now();
    for _ in 0..n {
        for text in [OPENING, ALL_HOLD, MIDGAME] {
            let (ok, errors) = parse_orders(&map, std::hint::black_box(text));
            assert!(errors.is_empty());
            lines += ok.len();
        }
    }
    let t = start.elapsed();
    println!(
        "{lines} order lines in {t:?}: {:?} a line",
        t / lines as u32
    );
}
