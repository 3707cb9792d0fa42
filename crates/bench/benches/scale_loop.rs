//! Large inputs measured once each, outside criterion (each takes seconds and gigabytes):
//!
//! * `cargo bench -p diplo-bench --bench scale_loop -- map N`: loads the generated line map of
//!   `N` provinces from TOML text (`diplo_bench::line_toml`) and prints the time and the peak
//!   memory of the load;
//! * `cargo bench -p diplo-bench --bench scale_loop -- memory [MAX]`: the peak memory of
//!   generating and adjudicating every scaling shape at 10,000, 100,000 and 1,000,000 units (up to
//!   `MAX`), each in a process of its own, with bytes per unit.
//!
//! * `cargo bench -p diplo-bench --bench scale_loop -- time [MAX] [K]`: for every scaling shape
//!   at 10,000, 100,000 and 1,000,000 units (up to `MAX`), each in a process of its own, the time
//!   per unit of `K` samples (default 5) of about a million units each (100 calls at 10,000)
//!   with the plain `adjudicate` function, with a reused `Adjudicator` (after one warm-up
//!   call), and with one given each adjudication back (`Adjudicator::recycle`), the best of the `K`, in the thread's CPU time (kernel time included: page faults
//!   count) where Linux gives it, else the wall clock.
//!
//! Peak memory is the kernel's high-water mark of resident memory (`VmHWM` in
//! `/proc/self/status`, Linux only), measured before and after the work in the same process.

use std::process::Command;
use std::time::Instant;

use diplo_bench::{line_toml, Shape};
use diplo_engine::{adjudicate, Adjudicator};
use diplo_map::limits::Limits;
use diplo_map::Map;
use diplo_rules::Ruleset;

const SIZES: [usize; 3] = [10_000, 100_000, 1_000_000];

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let number = |i: usize, default: usize| {
        args.get(i)
            .and_then(|s| s.replace('_', "").parse().ok())
            .unwrap_or(default)
    };
    match args.first().map(String::as_str) {
        Some("map") => load_map(number(1, 1_000_000)),
        Some("memory") => memory_table(number(1, 1_000_000)),
        Some("one") => one_shape(number(1, 0), number(2, 10_000)),
        Some("time") => time_table(number(1, 1_000_000), number(2, 5)),
        Some("time-one") => time_shape(number(1, 0), number(2, 10_000), number(3, 5)),
        _ => eprintln!("usage: scale_loop map N | memory [MAX] | time [MAX] [K]"),
    }
}

/// The CPU time of this thread so far in nanoseconds (the first figure of
/// `/proc/thread-self/schedstat`, Linux only): on a loaded machine, steadier than the wall clock.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// The peak resident memory of this process so far, in bytes (0 where `/proc` is missing).
fn peak_rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

fn load_map(n: usize) {
    let text = line_toml(n);
    let before = peak_rss();
    let limits = Limits {
        provinces: n.max(Limits::DEFAULT.provinces),
        ..Limits::DEFAULT
    };
    let (start, cpu) = (Instant::now(), cpu_ns());
    let map = Map::from_toml_str_with_limits(&text, "line.toml", &limits);
    let took = start.elapsed();
    // Thread CPU time beside the elapsed time: on a shared machine the first is the fairer.
    let cpu = cpu.zip(cpu_ns()).map_or(0.0, |(a, b)| (b - a) as f64 / 1e9);
    let provinces = map.map_or(0, |m| m.provinces().len());
    println!(
        "map of {provinces} provinces ({} MB of TOML) loaded in {:.3} s ({:.2} µs a province; \
         {cpu:.3} s of CPU); peak memory {} MB above the text",
        text.len() / 1_000_000,
        took.as_secs_f64(),
        took.as_secs_f64() * 1e6 / n as f64,
        peak_rss().saturating_sub(before) / 1_000_000
    );
}

fn memory_table(max: usize) {
    println!("Peak memory above the process's start: generating the map, position and orders;");
    println!("then in all, with the adjudication (and per unit).\n");
    table(max, &["one"], |n, text| {
        let mut figures = text.split_whitespace().map(|f| f.parse().unwrap_or(0u64));
        let (generated, all) = (figures.next().unwrap_or(0), figures.next().unwrap_or(0));
        format!(
            "{} MB; {} MB ({} B a unit)",
            generated / 1_000_000,
            all / 1_000_000,
            all / n as u64
        )
    });
}

/// Prints a table with a row per shape and a column per size up to `max`: each cell runs this
/// benchmark again in a child process (`mode`, then the shape's index and the size, then any
/// further arguments) and `cell` turns the child's output into the cell's text.
fn table(max: usize, mode: &[&str], cell: impl Fn(usize, &str) -> String) {
    println!("| shape | 10,000 | 100,000 | 1,000,000 |");
    println!("|---|---|---|---|");
    let exe = std::env::current_exe().expect("the benchmark's own path");
    for (i, shape) in Shape::ALL.iter().enumerate() {
        let mut row = format!("| {} |", shape.name());
        for n in SIZES.into_iter().filter(|&n| n <= max) {
            let (i, size) = (i.to_string(), n.to_string());
            let out = Command::new(&exe)
                .arg(mode[0])
                .args([&i, &size])
                .args(&mode[1..])
                .output()
                .expect("the benchmark runs itself");
            let text = String::from_utf8_lossy(&out.stdout);
            row.push_str(&format!(" {} |", cell(n, &text)));
        }
        println!("{row}");
    }
}

/// Generates and adjudicates one shape; prints the growth of the peak memory in bytes after
/// generating the map, position and orders, and after adjudicating them.
fn one_shape(shape: usize, n: usize) {
    let before = peak_rss();
    let x = Shape::ALL[shape].generate(n);
    let generated = peak_rss().saturating_sub(before);
    let result = adjudicate(&x.map, &Ruleset::datc(), &x.position, &x.orders);
    std::hint::black_box(&result);
    println!("{generated} {}", peak_rss().saturating_sub(before));
}

fn time_table(max: usize, k: usize) {
    println!(
        "Best of {k} samples (about a million units each), CPU ns per unit: plain `adjudicate`; reused `Adjudicator`; reused and given its adjudications back (`recycle`).\n"
    );
    let k = k.to_string();
    table(max, &["time-one", &k], |_, text| {
        let mut figures = text.split_whitespace();
        let plain = figures.next().unwrap_or("?");
        let reused = figures.next().unwrap_or("?");
        let recycled = figures.next().unwrap_or("?");
        format!("{plain}; {reused}; {recycled}")
    });
}

/// Generates one shape and adjudicates it `k` times each way; prints the best time per unit in
/// nanoseconds of the plain function, of the reused context, and of the reused context given
/// each adjudication back.
fn time_shape(shape: usize, n: usize, k: usize) {
    let x = Shape::ALL[shape].generate(n);
    let rules = Ruleset::datc();
    // Each sample adjudicates about a million units in all: the kernel's CPU time of a running
    // thread moves on at the scheduler's tick (a few ms), longer than one call at 10,000 units.
    let reps = (1_000_000 / n.max(1)).max(1);
    let best = |f: &mut dyn FnMut()| {
        (0..k.max(1))
            .map(|_| {
                let (start, cpu) = (Instant::now(), cpu_ns());
                for _ in 0..reps {
                    f();
                }
                match (cpu, cpu_ns()) {
                    (Some(a), Some(b)) => (b - a) as f64 / 1e9,
                    _ => start.elapsed().as_secs_f64(),
                }
            })
            .fold(f64::INFINITY, f64::min)
    };
    // `DIPLO_REUSED_ONLY` skips the plain function, for a profile of the reused context alone.
    let reused_only = std::env::var_os("DIPLO_REUSED_ONLY").is_some();
    let plain = best(&mut || {
        if reused_only {
            return;
        }
        std::hint::black_box(adjudicate(&x.map, &rules, &x.position, &x.orders));
    });
    let mut adjudicator = Adjudicator::new(&x.map, &rules);
    std::hint::black_box(adjudicator.adjudicate(&x.position, &x.orders));
    let reused = best(&mut || {
        std::hint::black_box(adjudicator.adjudicate(&x.position, &x.orders));
    });
    // Each adjudication given back, as a host done with a phase's outcome would.
    let adj = adjudicator.adjudicate(&x.position, &x.orders);
    adjudicator.recycle(adj);
    let recycled = best(&mut || {
        let adj = adjudicator.adjudicate(&x.position, &x.orders);
        adjudicator.recycle(std::hint::black_box(adj));
    });
    let units = (n * reps) as f64;
    let [plain, reused, recycled] = [plain, reused, recycled].map(|t| t * 1e9 / units);
    println!("{plain:.0} {reused:.0} {recycled:.0}");
}
