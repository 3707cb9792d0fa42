//! Parses the benchmark phases in a loop, for a profiler (`perf record`, callgrind):
//! `cargo bench -p diplo-bench --bench parse_loop -- 100000`; `-- 100000 hold` parses only the
//! all-hold phase (22 lines of `A par H`), `-- 100000 full` the opening in the DATC's notation
//! (full names, `Supports`, `Holds`), and `-- 100000 general` the three phases with tabs for
//! spaces, which only the parser's general path reads (its fast path reads spaces only);
//! `-- 100000 into` parses the three phases with `parse_orders_into`, into two lists kept from
//! call to call, and `-- 100000 phase` (or `-- 100000 hold-phase`: the all-hold phase alone)
//! with `parse_phase_orders_into`, into the list the adjudicator takes; `-- 100000 long` (or
//! `long-phase`) the all-hold phase with a power prefix a line (`Austria: A vie holds`);
//! `-- 100000 written` (or `written-phase`) the opening and mid-game as diplo writes orders in
//! full (`France: A Marseilles Supports A Paris - Burgundy`, `diplo_bench::written_in_full`),
//! and `-- 100000 written-general` the same with tabs for spaces (the general parser alone).

use diplo_bench::{written_in_full, ALL_HOLD, ALL_HOLD_LONG, MIDGAME, OPENING};
use diplo_map::Map;
use diplo_orders::{parse_orders, parse_orders_into, parse_phase_orders_into};

/// The opening (`OPENING`) in the DATC's notation.
const OPENING_FULL: &str = "Austria:\nA Vienna - Galicia\nA Budapest - Serbia\nF Trieste - Albania\n\
England:\nF Edinburgh - Norwegian Sea\nF London - North Sea\nA Liverpool - Yorkshire\n\
France:\nF Brest - Mid-Atlantic Ocean\nA Paris - Burgundy\nA Marseilles Supports A Paris - Burgundy\n\
Germany:\nF Kiel - Denmark\nA Berlin - Kiel\nA Munich - Ruhr\n\
Italy:\nF Naples - Ionian Sea\nA Rome - Apulia\nA Venice Holds\n\
Russia:\nA Moscow - Ukraine\nA Warsaw - Galicia\nF Sevastopol - Black Sea\n\
F St. Petersburg(south coast) - Gulf of Bothnia\n\
Turkey:\nF Ankara - Black Sea\nA Constantinople - Bulgaria\nA Smyrna - Armenia\n";

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let tabbed: Vec<String> = [OPENING, ALL_HOLD, MIDGAME]
        .iter()
        .map(|t| t.replace(' ', "\t"))
        .collect();
    let map = Map::standard();
    let written: Vec<String> = [OPENING, MIDGAME]
        .iter()
        .map(|t| written_in_full(&map, t))
        .collect();
    let written_tabbed: Vec<String> = written.iter().map(|t| t.replace(' ', "\t")).collect();
    let phases: Vec<&str> = match args.next().as_deref() {
        Some("written" | "written-phase") => written.iter().map(String::as_str).collect(),
        Some("written-general") => written_tabbed.iter().map(String::as_str).collect(),
        Some("hold" | "hold-phase") => vec![ALL_HOLD],
        Some("long" | "long-phase") => vec![ALL_HOLD_LONG],
        Some("full") => vec![OPENING_FULL],
        Some("general") => tabbed.iter().map(String::as_str).collect(),
        _ => vec![OPENING, ALL_HOLD, MIDGAME],
    };
    let mode = std::env::args().nth(2);
    let into = mode.as_deref() == Some("into");
    let phase = matches!(
        mode.as_deref(),
        Some("phase" | "hold-phase" | "long-phase" | "written-phase")
    );
    let (mut kept, mut kept_errors) = (Vec::new(), Vec::new());
    let mut kept_orders = Vec::new();
    let mut lines = 0;
    let start = std::time::Instant::now();
    for _ in 0..n {
        if phase {
            for &text in &phases {
                let text = std::hint::black_box(text);
                parse_phase_orders_into(&map, text, &mut kept_orders, &mut kept_errors);
                assert!(kept_errors.is_empty());
                lines += kept_orders.len();
            }
            continue;
        }
        if into {
            for &text in &phases {
                parse_orders_into(
                    &map,
                    std::hint::black_box(text),
                    &mut kept,
                    &mut kept_errors,
                );
                assert!(kept_errors.is_empty());
                lines += kept.len();
            }
            continue;
        }
        for &text in &phases {
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
