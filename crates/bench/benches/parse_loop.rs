//! Parses the benchmark phases in a loop, for a profiler (`perf record`, callgrind):
//! `cargo bench -p diplo-bench --bench parse_loop -- 100000`; `-- 100000 hold` parses only the
//! all-hold phase (22 lines of `A par H`).

use diplo_bench::{ALL_HOLD, MIDGAME, OPENING};
use diplo_map::Map;
use diplo_orders::parse_orders;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let phases: &[&str] = match args.next().as_deref() {
        Some("hold") => &[ALL_HOLD],
        _ => &[OPENING, ALL_HOLD, MIDGAME],
    };
    let map = Map::standard();
    let mut lines = 0;
    let start = std::time::Instant::now();
    for _ in 0..n {
        for &text in phases {
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
