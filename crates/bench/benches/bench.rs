//! diplo's benchmarks, in one `cargo bench -p diplo-bench` (see BENCHMARKS.md):
//!
//! * `phase/*`: the Spring 1901 opening, all units holding, and a mid-game phase, adjudicated by
//!   diplo (with a reused `Adjudicator`, and by the plain `adjudicate` function) and by the
//!   crates.io `diplomacy` crate, from parsed orders and from order text (the reused
//!   `Adjudicator` is given each adjudication back, `Adjudicator::recycle`; diplo reads the
//!   text with `parse_phase_orders_into` into a list kept from call to call), and parsing alone
//!   (`diplo parse`, `diplomacy parse`);
//! * `datc/*`: the DATC's movement cases (6.A to 6.G) that both crates can state, adjudicated
//!   one after another by diplo (a reused `Adjudicator`) and by the `diplomacy` crate;
//! * `map/*`: loading the standard map, and generated maps of 1,000 to 1,000,000 provinces from
//!   TOML text (`DIPLO_BENCH_MAX_UNITS` lowers the largest);
//! * `replay/*`: replaying a directory of game records (reading, parsing, adjudicating and
//!   comparing every phase) on one thread and on two, when `DIPLO_BENCH_CORPUS` names one (the
//!   Droidippy corpus unpacked, BENCHMARKS.md); skipped with a message otherwise;
//! * `export/*`: a played game written out (MILA's saved game, Cicero's JSON, the game file)
//!   beside playing its phases, per phase (`export.rs`);
//! * `scaling/*`: generated positions of 1,000 to 1,000,000 units (`DIPLO_BENCH_MAX_UNITS`
//!   lowers the largest size), in time per unit, with a reused `Adjudicator` given each
//!   adjudication back (`scale_loop -- time` gives the plain function's figures beside it).

mod export;

use std::hint::black_box;

use criterion::{
    criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use diplo_bench::{fixture, written_in_full, Shape, ALL_HOLD, ALL_HOLD_LONG, MIDGAME, OPENING};
use diplo_engine::{adjudicate, Adjudicator, AdjudicatorScratch};
use diplo_map::limits::Limits;
use diplo_map::Map;
use diplo_orders::{parse_phase_orders_into, Order};
use diplo_rules::Ruleset;
use diplomacy::geo::RegionKey;
use diplomacy::judge::{MappedMainOrder, Rulebook, Submission};
use diplomacy::UnitPosition;

const PHASES: [(&str, &str, u16); 4] = [
    ("opening", OPENING, 1901),
    ("all hold", ALL_HOLD, 1901),
    ("all hold, long prefixed", ALL_HOLD_LONG, 1901),
    ("mid-game", MIDGAME, 1905),
];

/// The phases, and the opening and mid-game in full (`written_in_full`: `France: A Marseilles
/// Supports A Paris - Burgundy`, as `diplo adjudicate` prints them).
fn phase_inputs(map: &Map) -> Vec<(&'static str, String, u16)> {
    let mut phases: Vec<_> = (PHASES.iter())
        .map(|&(name, text, year)| (name, text.to_string(), year))
        .collect();
    phases.push(("opening, full names", written_in_full(map, OPENING), 1901));
    phases.push(("mid-game, full names", written_in_full(map, MIDGAME), 1905));
    phases
}

/// Reads `text` into `orders` (kept from call to call, as a host reading phase after phase
/// keeps it).
fn parse(map: &Map, text: &str, orders: &mut Vec<(diplo_map::PowerId, Order)>) {
    let mut errors = Vec::new();
    parse_phase_orders_into(map, text, orders, &mut errors);
    debug_assert!(errors.is_empty());
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
    for (name, text, year) in phase_inputs(&map) {
        let text = text.as_str();
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
        let mut orders_read = Vec::new();
        g.bench_function("diplo parse+adjudicate", |b| {
            b.iter(|| {
                parse(&map, black_box(text), &mut orders_read);
                let adj = adjudicator.adjudicate(&f.position, &orders_read);
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
        g.bench_function("diplo parse", |b| {
            b.iter(|| parse(&map, black_box(text), &mut orders_read))
        });
        g.bench_function("diplomacy parse", |b| {
            b.iter(|| other_orders(black_box(&f.other_orders)))
        });
        g.finish();
    }
}

/// A DATC case as both crates take it.
struct DatcCase {
    fixture: diplo_bench::Fixture,
    start: Vec<UnitPosition<'static, RegionKey>>,
    orders: Vec<MappedMainOrder>,
}

/// The DATC's movement cases both crates can state (the `diplomacy` crate reading each and
/// adjudicating it once without panicking), one after another.
fn datc(c: &mut Criterion) {
    let map = Map::standard();
    let rules = Ruleset::datc();
    let world = diplomacy::geo::standard_map();
    let (fixtures, mut left_out) = diplo_bench::datc_movement_fixtures(&map);
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut cases = Vec::new();
    for (id, fixture) in fixtures {
        let read = std::panic::catch_unwind(|| {
            let start: Vec<UnitPosition<'static, RegionKey>> = fixture
                .other_units
                .iter()
                .map(|s| s.parse().ok())
                .collect::<Option<_>>()?;
            let orders: Vec<MappedMainOrder> = fixture
                .other_orders
                .iter()
                .map(|s| s.parse().ok())
                .collect::<Option<_>>()?;
            let submission = Submission::new(world, &start, orders.clone());
            black_box(&submission.adjudicate(Rulebook::default()));
            Some((start, orders))
        });
        match read {
            Ok(Some((start, orders))) => cases.push(DatcCase {
                fixture,
                start,
                orders,
            }),
            _ => left_out.push(id),
        }
    }
    std::panic::set_hook(quiet);
    eprintln!(
        "datc: {} movement cases; left out (not stated in the `diplomacy` crate's notation, or it panics): {}",
        cases.len(),
        left_out.join(" ")
    );
    let mut g = c.benchmark_group("datc");
    g.throughput(Throughput::Elements(cases.len() as u64));
    let mut adjudicator = Adjudicator::new(&map, &rules);
    g.bench_function("diplo adjudicate", |b| {
        b.iter(|| {
            for case in &cases {
                let f = &case.fixture;
                let adj = adjudicator.adjudicate(&f.position, black_box(&f.orders));
                adjudicator.recycle(black_box(adj));
            }
        })
    });
    g.bench_function("diplomacy adjudicate", |b| {
        b.iter_batched(
            || cases.iter().map(|c| c.orders.clone()).collect::<Vec<_>>(),
            |orders| {
                for (case, orders) in cases.iter().zip(orders) {
                    let submission = Submission::new(world, &case.start, orders);
                    black_box(&submission.adjudicate(Rulebook::default()));
                }
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();
}

/// Replays the game records of `DIPLO_BENCH_CORPUS` (all of them, or the first
/// `DIPLO_BENCH_REPLAY_GAMES`), as `diplo replay` does, on one thread and on two.
fn replay(c: &mut Criterion) {
    let Some(dir) = std::env::var_os("DIPLO_BENCH_CORPUS") else {
        eprintln!(
            "replay: skipped (set DIPLO_BENCH_CORPUS to a directory of game records, such as \
             the Droidippy corpus unpacked: BENCHMARKS.md)"
        );
        return;
    };
    let mut files = match diplo_replay::replay::collect_files(&[dir.into()]) {
        Ok(files) => files,
        Err(e) => return eprintln!("replay: skipped: {e}"),
    };
    if let Some(n) = std::env::var("DIPLO_BENCH_REPLAY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        files.truncate(n);
    }
    let map = Map::standard();
    let rules = Ruleset::load("droidippy").expect("the shipped droidippy ruleset");
    let reports = diplo_replay::replay::replay_files(&map, &rules, &files, 1, &|_| {});
    let phases: usize = reports.iter().map(|r| r.passed + r.mismatches.len()).sum();
    eprintln!("replay: {} files, {phases} phases", files.len());
    let mut g = c.benchmark_group("replay");
    g.throughput(Throughput::Elements(phases as u64))
        .sample_size(10)
        .measurement_time(std::time::Duration::from_secs(30));
    for threads in [1, 2] {
        g.bench_with_input(BenchmarkId::new("games", threads), &threads, |b, &t| {
            b.iter(|| diplo_replay::replay::replay_files(&map, &rules, &files, t, &|_| {}))
        });
    }
    g.finish();
}

/// The largest generated size benchmarked: `DIPLO_BENCH_MAX_UNITS`, or 1,000,000.
fn max_units() -> usize {
    std::env::var("DIPLO_BENCH_MAX_UNITS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}

fn maps(c: &mut Criterion) {
    let mut g = c.benchmark_group("map");
    g.bench_function("standard", |b| b.iter(Map::standard));
    g.finish();
    let mut g = c.benchmark_group("map");
    g.sampling_mode(SamplingMode::Flat).sample_size(10);
    for n in [1_000usize, 10_000, 100_000, 1_000_000] {
        if n > max_units() {
            continue;
        }
        let text = diplo_bench::line_toml(n);
        // A map of more provinces than a host accepts by default (`DIPLO_MAX_PROVINCES`).
        let limits = Limits {
            provinces: n.max(Limits::DEFAULT.provinces),
            ..Limits::DEFAULT
        };
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(BenchmarkId::new("toml line", n), &text, |b, t| {
            b.iter(|| Map::from_toml_str_with_limits(t, "line", &limits).expect("a valid map"))
        });
    }
    g.finish();
}

fn scaling(c: &mut Criterion) {
    let rules = Ruleset::datc();
    let max = max_units();
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

/// The group of every benchmark above (in a module of its own: the function
/// `criterion_group!` makes is public and has no documentation).
mod group {
    use super::*;
    criterion_group!(
        benches,
        phases,
        datc,
        maps,
        replay,
        scaling,
        export::exports
    );
}
criterion_main!(group::benches);
