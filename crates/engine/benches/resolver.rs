//! Resolver benchmarks: a real opening on the standard map, a DATC paradox case, and long
//! generated chains and rings (the resolver should scale close to linearly).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use diplo_engine::{adjudicate, Phase, PhaseKind, Position, Unit};
use diplo_map::{Location, Map, PowerId, ProvinceId, Season, UnitKind};
use diplo_orders::{parse_orders, Order, Place, UnitRef};
use diplo_rules::Ruleset;

const OPENING: &str = "Austria:\nA vie - gal\nA bud - ser\nF tri - alb\nEngland:\nF edi - nwg\nF lon - nth\nA lvp - yor\n\
France:\nF bre - mao\nA par - bur\nA mar S A par - bur\nGermany:\nF kie - den\nA ber - kie\nA mun - ruh\n\
Italy:\nF nap - ion\nA rom - apu\nA ven H\nRussia:\nA mos - ukr\nA war - gal\nF sev - bla\nF stp/sc - bot\n\
Turkey:\nF ank - bla\nA con - bul\nA smy - arm\n";

fn line_map(n: usize, ring: bool) -> Map {
    diplo_map::generate::line(n, ring)
}

fn chain(n: usize, ring: bool) -> (Map, Position, Vec<(PowerId, Order)>) {
    let map = line_map(if ring { n } else { n + 1 }, ring);
    let mut pos = Position::empty(
        &map,
        Phase {
            year: 1901,
            season: Season::SPRING,
            kind: PhaseKind::Movement,
        },
    );
    pos.units = (0..n)
        .map(|i| Unit {
            power: PowerId(0),
            kind: UnitKind::Army,
            location: Location::province(ProvinceId(i as u32)),
        })
        .collect();
    let orders = (0..n)
        .map(|i| {
            let to = if ring { (i + 1) % n } else { i + 1 };
            let order = Order::Move {
                unit: UnitRef {
                    kind: Some(UnitKind::Army),
                    place: Place::new(ProvinceId(i as u32)),
                },
                to: Place::new(ProvinceId(to as u32)),
                via_convoy: false,
                path: Vec::new(),
            };
            (PowerId(0), order)
        })
        .collect();
    (map, pos, orders)
}

fn bench(c: &mut Criterion) {
    let map = Map::standard();
    let rules = Ruleset::datc();
    let pos = Position::initial(&map);
    let (lines, errors) = parse_orders(&map, OPENING);
    assert!(errors.is_empty());
    let orders: Vec<_> = lines
        .into_iter()
        .map(|l| (l.power.unwrap(), l.order))
        .collect();
    c.bench_function("standard opening (22 orders)", |b| {
        b.iter(|| adjudicate(&map, &rules, &pos, &orders))
    });

    let mut group = c.benchmark_group("generated");
    for n in [1_000usize, 10_000, 100_000] {
        for ring in [false, true] {
            let (m, p, o) = chain(n, ring);
            group.throughput(Throughput::Elements(n as u64));
            let name = if ring { "ring" } else { "chain" };
            group.bench_with_input(BenchmarkId::new(name, n), &n, |b, _| {
                b.iter(|| adjudicate(&m, &rules, &p, &o))
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
