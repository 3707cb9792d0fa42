//! The corpus replay once or more, for a profiler and for the moonshot (the whole
//! Droidippy corpus read, parsed, adjudicated and compared in under a second of CPU on one
//! core): `cargo bench -p diplo-bench --bench replay_loop -- DIR [N] [THREADS]` replays the game
//! records under DIR N times (1) on THREADS threads (1), as the `replay/*` benchmark and `diplo
//! replay` do, and prints the phases, the wall time and the process's CPU time (user and system,
//! from `/proc/self/stat`, in the kernel's clock ticks) a replay. Files are read from disk on
//! every replay (the page cache keeps them after the first).

use std::time::Instant;

use diplo_map::Map;
use diplo_rules::Ruleset;

/// The process's user and system CPU time so far, in seconds (Linux; `None` elsewhere).
fn cpu_seconds() -> Option<(f64, f64)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's name (which may hold spaces), from the third on.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    // utime and stime are the 14th and 15th fields: the 12th and 13th after the name. The
    // kernel counts them in USER_HZ ticks, 100 a second on Linux.
    Some((ticks(11)? / 100.0, ticks(12)? / 100.0))
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let Some(dir) = args.next() else {
        eprintln!("usage: replay_loop DIR [N] [THREADS]");
        std::process::exit(2);
    };
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let threads: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let files = diplo_replay::replay::collect_files(&[dir.into()]).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    let map = Map::standard();
    let rules = Ruleset::load("droidippy").expect("the shipped droidippy ruleset");
    let before = cpu_seconds();
    let start = Instant::now();
    let mut phases = 0;
    for _ in 0..n {
        let reports = diplo_replay::replay::replay_files(&map, &rules, &files, threads, &|_| {});
        phases = reports
            .iter()
            .map(|r| r.passed + r.mismatches.len())
            .sum::<usize>();
    }
    let wall = start.elapsed().as_secs_f64() / n as f64;
    print!(
        "{} files, {phases} phases, {threads} thread(s): {wall:.3} s wall a replay",
        files.len()
    );
    match (before, cpu_seconds()) {
        (Some((u0, s0)), Some((u1, s1))) => println!(
            ", CPU {:.3} s user + {:.3} s system a replay",
            (u1 - u0) / n as f64,
            (s1 - s0) / n as f64
        ),
        _ => println!(" (no CPU time on this system)"),
    }
}
