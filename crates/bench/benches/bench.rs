//! diplo's benchmarks, in one `cargo bench -p diplo-bench` (see BENCHMARKS.md):
//!
//! * `phase/*`: the Spring 1901 opening, all units holding, and a mid-game phase, adjudicated by
//!   diplo (with a reused `Adjudicator`, and by the plain `adjudicate` function) and by the
//!   crates.io `diplomacy` crate, from parsed orders and from order text (the reused
//!   `Adjudicator` is given each adjudication back, `Adjudicator::recycle`);
//! * `parse/*`: parsing alone (per order line);
//! * `map/*`: loading the standard map and a generated map from TOML text;
//! * `scaling/*`: generated positions of 1,000 to 1,000,000 units (`DIPLO_BENCH_MAX_UNITS`
//!   lowers the largest size), in time per unit, with a reused `Adjudicator` given each
//!   adjudication back (`scale_loop -- time` gives the plain function's figures beside it).

use std::hint::black_box;

use criterion::{
    criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use diplo_bench::{fixture, Shape, ALL_HOLD, MIDGAME, OPENING};
use diplo_engine::{adjudicate, Adjudicator, AdjudicatorScratch};
use diplo_map::Map;
use diplo_orders::{parse_orders, Order};
use diplo_rules::Ruleset;
use diplomacy::geo::RegionKey;
use diplomacy::judge::{MappedMainOrder, Rulebook, Submission};
use diplomacy::UnitPosition;

const PHASES: [(&str, &str, u16); 3] = [
    ("opening", OPENING, 1901),
    ("all hold", ALL_HOLD, 1901),
    ("mid-game", MIDGAME, 1905),
];

fn parse(map: &Map, text: &str) -> Vec<(diplo_map::PowerId, Order)> {
    let (lines, errors) = parse_orders(map, text);
    debug_assert!(errors.is_empty());
    lines
        .into_iter()
        .map(|l| (l.power.unwrap_or(diplo_map::PowerId(0)), l.order))
        .collect()
}

fn other_orders(texts: &[String]) -> Vec<MappedMainOrder> {
    texts
        .iter()
        .map(|s| s.parse().expect("a `diplomacy` order"))
        .collect()
}

fn phases(c: &mut Criterion) {
    let map = Map::standard();
    let rules = Ruleset::datc();
    let world = diplomacy::geo::standard_map();
    for (name, text, year) in PHASES {
        let f = fixture(&map, text, year);
        let start: Vec<UnitPosition<'static, RegionKey>> = f
            .other_units
            .iter()
            .map(|s| s.parse().expect("a `diplomacy` unit"))
            .collect();
        let orders = other_orders(&f.other_orders);
        let mut g = c.benchmark_group(format!("phase/{name}"));
        g.throughput(Throughput::Elements(f.orders.len() as u64));
        let mut adjudicator = Adjudicator::new(&map, &rules);
        // A host adjudicating phase after phase: one context, each adjudication given back
        // when done with (`recycle`), so its buffers serve the next.
        g.bench_function("diplo adjudicate", |b| {
            b.iter(|| {
                let adj = adjudicator.adjudicate(&f.position, black_box(&f.orders));
                adjudicator.recycle(black_box(adj));
            })
        });
        g.bench_function("diplo adjudicate (plain fn)", |b| {
            b.iter(|| adjudicate(&map, &rules, &f.position, black_box(&f.orders)))
        });
        g.bench_function("diplomacy adjudicate", |b| {
            b.iter_batched(
                || orders.clone(),
                |orders| {
                    let submission = Submission::new(world, &start, orders);
                    let outcome = submission.adjudicate(Rulebook::default());
                    black_box(&outcome);
                },
                BatchSize::SmallInput,
            )
        });
        g.bench_function("diplo parse+adjudicate", |b| {
            b.iter(|| {
                let orders = parse(&map, black_box(text));
                let adj = adjudicator.adjudicate(&f.position, &orders);
                adjudicator.recycle(black_box(adj));
            })
        });
        g.bench_function("diplomacy parse+adjudicate", |b| {
            b.iter(|| {
                let orders = other_orders(black_box(&f.other_orders));
                let submission = Submission::new(world, &start, orders);
                let outcome = submission.adjudicate(Rulebook::default());
                black_box(&outcome);
            })
        });
        g.bench_function("diplo parse", |b| b.iter(|| parse(&map, black_box(text))));
        g.bench_function("diplomacy parse", |b| {
            b.iter(|| other_orders(black_box(&f.other_orders)))
        });
        g.finish();
    }
}

fn maps(c: &mut Criterion) {
    let mut g = c.benchmark_group("map");
    g.bench_function("standard", |b| b.iter(Map::standard));
    for n in [1_000usize, 10_000] {
        let text = diplo_bench::line_toml(n);
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(BenchmarkId::new("toml line", n), &text, |b, t| {
            b.iter(|| Map::from_toml_str(t, "line").expect("a valid map"))
        });
    }
    g.finish();
}

fn scaling(c: &mut Criterion) {
    let rules = Ruleset::datc();
    let max: usize = std::env::var("DIPLO_BENCH_MAX_UNITS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    for shape in Shape::ALL {
        let mut g = c.benchmark_group(format!("scaling/{}", shape.name()));
        g.sampling_mode(SamplingMode::Flat).sample_size(10);
        for n in [1_000usize, 10_000, 100_000, 1_000_000] {
            if n > max {
                continue;
            }
            g.throughput(Throughput::Elements(n as u64));
            // The position and the context's buffers, kept across criterion's calls of the
            // routine (one per sample, and more to warm up).
            let mut kept: Option<(diplo_bench::Generated, AdjudicatorScratch)> = None;
            g.bench_function(BenchmarkId::from_parameter(n), |b| {
                // Generated only when this benchmark runs (not when a filter skips it).
                // With a reused context, as a host adjudicating phase after phase would: the
                // plain function's fresh buffers are measured by `scale_loop -- time`.
                let (x, scratch) = kept.get_or_insert_with(|| (shape.generate(n), <_>::default()));
                let buffers = std::mem::take(scratch);
                let mut adjudicator = Adjudicator::with_scratch(&x.map, &rules, buffers);
                // One phase first, untimed: a sample of a few phases must not count the first
                // phase's fresh buffers (at 1,000,000 units, hundreds of megabytes).
                let adj = adjudicator.adjudicate(&x.position, &x.orders);
                adjudicator.recycle(adj);
                b.iter(|| {
                    let adj = adjudicator.adjudicate(&x.position, &x.orders);
                    adjudicator.recycle(black_box(adj));
                });
                *scratch = adjudicator.into_scratch();
            });
        }
        g.finish();
    }
}

criterion_group!(benches, phases, maps, scaling);
criterion_main!(benches);
