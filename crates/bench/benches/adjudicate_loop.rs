//! Adjudicates the three benchmark phases in a loop with a reused [`Adjudicator`], for a
//! profiler (`perf record`, callgrind), and counts the heap allocations of one adjudication of
//! each, by the plain `adjudicate`, by a warmed-up `Adjudicator`, and by one given its
//! adjudications back (`Adjudicator::recycle`):
//! `cargo bench -p diplo-bench --bench adjudicate_loop -- 100000 [opening|all-hold|mid-game|all]
//! [recycle]`: with `recycle`, the timed loop gives each adjudication back as the criterion
//! benchmark does (otherwise it drops them: a reused context without recycling).
//!
//! `cargo bench -p diplo-bench --bench adjudicate_loop -- shapes [N]` counts the same for every
//! generated scaling shape (`diplo_bench::Shape`) of about `N` units (default 100,000), without
//! the timed loop.

// The counting allocator below is the only unsafe code of the workspace (`Cargo.toml`).
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use diplo_bench::{fixture, Shape, ALL_HOLD, MIDGAME, OPENING};
use diplo_engine::Position;
use diplo_engine::{adjudicate, Adjudicator};
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
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

/// The allocations of `f`.
fn allocations<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let out = f();
    (ALLOCATIONS.load(Ordering::Relaxed) - before, out)
}

/// The allocations of one adjudication of `pos`: by the plain function, by a warmed-up
/// `Adjudicator`, and by one given its adjudications back.
fn counts(map: &Map, rules: &Ruleset, pos: &Position, orders: &[(PowerId, Order)]) -> [usize; 3] {
    let (plain, once) = allocations(|| adjudicate(map, rules, pos, orders));
    drop(once);
    let mut adjudicator = Adjudicator::new(map, rules);
    // A few phases first: the context's buffers grow to what every role in the phase needs.
    for _ in 0..10 {
        drop(adjudicator.adjudicate(pos, orders));
    }
    let (reused, once) = allocations(|| adjudicator.adjudicate(pos, orders));
    // Each adjudication given back (`recycle`) before the next.
    adjudicator.recycle(once);
    for _ in 0..10 {
        let a = adjudicator.adjudicate(pos, orders);
        adjudicator.recycle(a);
    }
    // The most any of ten phases allocates (a spare buffer too small for its next use may be
    // grown only now and then).
    let recycled = (0..10)
        .map(|_| {
            let (count, once) = allocations(|| adjudicator.adjudicate(pos, orders));
            adjudicator.recycle(once);
            count
        })
        .max()
        .unwrap_or(0);
    [plain, reused, recycled]
}

/// The allocations of one adjudication of every generated shape of about `n` units.
fn shapes(n: usize) {
    let rules = Ruleset::datc();
    for shape in Shape::ALL {
        let x = shape.generate(n);
        let [plain, reused, recycled] = counts(&x.map, &rules, &x.position, &x.orders);
        println!(
            "{} ({n}): {plain} allocations ({reused} with a reused Adjudicator, {recycled} at most when \
             it is given its adjudications back)",
            shape.name()
        );
    }
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .peekable();
    if args.peek().map(String::as_str) == Some("shapes") {
        args.next();
        shapes(args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000));
        return;
    }
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
        let [plain, reused, recycled] = counts(&map, &rules, &f.position, &f.orders);
        let mut adjudicator = Adjudicator::new(&map, &rules);
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
