//! Adjudicates the three benchmark phases in a loop with a reused [`Adjudicator`], for a
//! profiler (`perf record`, callgrind), and counts the heap allocations of one adjudication of
//! each, by the plain `adjudicate`, by a warmed-up `Adjudicator`, and by one given its
//! adjudications back (`Adjudicator::recycle`):
//! `cargo bench -p diplo-bench --bench adjudicate_loop -- 100000 [opening|all-hold|mid-game|all]
//! [recycle]`: with `recycle`, the timed loop gives each adjudication back as the criterion
//! benchmark does (otherwise it drops them: a reused context without recycling).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use diplo_bench::{fixture, ALL_HOLD, MIDGAME, OPENING};
use diplo_engine::{adjudicate, Adjudicator};
use diplo_map::Map;
use diplo_rules::Ruleset;

/// The system allocator, counting allocations.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let n: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let only = args.next().filter(|a| a != "all");
    let recycle = args.next().as_deref() == Some("recycle");
    let map = Map::standard();
    let rules = Ruleset::datc();
    let phases = [
        ("opening", OPENING, 1901),
        ("all-hold", ALL_HOLD, 1901),
        ("mid-game", MIDGAME, 1905),
    ];
    for (name, text, year) in phases {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let f = fixture(&map, text, year);
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let once = adjudicate(&map, &rules, &f.position, &f.orders);
        let plain = ALLOCATIONS.load(Ordering::Relaxed) - before;
        drop(once);
        let mut adjudicator = Adjudicator::new(&map, &rules);
        // A few phases first: the context's buffers grow to what every role in the phase needs.
        for _ in 0..10 {
            drop(adjudicator.adjudicate(&f.position, &f.orders));
        }
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let once = adjudicator.adjudicate(&f.position, &f.orders);
        let reused = ALLOCATIONS.load(Ordering::Relaxed) - before;
        // Each adjudication given back (`recycle`) before the next.
        adjudicator.recycle(once);
        for _ in 0..10 {
            let a = adjudicator.adjudicate(&f.position, &f.orders);
            adjudicator.recycle(a);
        }
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let once = adjudicator.adjudicate(&f.position, &f.orders);
        let recycled = ALLOCATIONS.load(Ordering::Relaxed) - before;
        drop(once);
        let start = std::time::Instant::now();
        let mut results = 0;
        for _ in 0..n {
            let a = adjudicator.adjudicate(&f.position, std::hint::black_box(&f.orders));
            results += a.results.len();
            if recycle {
                adjudicator.recycle(a);
            }
        }
        let t = start.elapsed();
        println!(
            "{name}: {plain} allocations ({reused} with a reused Adjudicator, {recycled} when \
             it is given its adjudications back); \
             {results} results in {t:?}: {:?} a phase",
            t / n.max(1)
        );
    }
}
