//! `diplo.process_multi`: the current phase of many games adjudicated at once, on several
//! threads, without the GIL (as dipcc's `ThreadPool.process_multi`).

use std::sync::{Arc, Mutex, PoisonError};

use pyo3::prelude::*;

use crate::err;
use crate::game::Game;

/// Adjudicates the current phase of every game of `games` (a list or any sequence), as
/// `Game.process()` on each, on `threads` threads (0: one per core) with the GIL released. A
/// game listed twice is refused before anything is adjudicated; a game that cannot be processed
/// (it has ended) is left as it was and named in the error raised after the others are
/// processed. `keep_awake_us`: how long the pool's threads stay awake after the call, spinning
/// on their core, waiting for the next call (at most a second; 0, the default: they go to sleep
/// at once). Waking a sleeping thread takes tens of microseconds on some machines (a virtual
/// machine's idle core), a tenth of a round of 64 games: a loop that calls again within that
/// time, on a machine whose cores have nothing else to do, gains it, at the cost of the cores
/// kept busy meanwhile (as OpenMP's active waiting).
#[pyfunction]
#[pyo3(signature = (games, threads = 0, keep_awake_us = 0))]
pub(crate) fn process_multi<'py>(
    py: Python<'py>,
    games: Vec<Bound<'py, PyAny>>,
    threads: i64,
    keep_awake_us: i64,
) -> PyResult<()> {
    // A call under way ends the wait of the threads kept awake by the last one; this call's
    // number (the threads it keeps awake wait only while no other call has begun, one made
    // from another Python thread meanwhile included).
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::AcqRel) + 1;
    if games.len() > MAX_GAMES {
        return Err(err(format!(
            "{} games: at most {MAX_GAMES} a call",
            games.len()
        )));
    }
    let threads: usize = crate::in_range("threads", threads, "0 (one per core) or more")?;
    let Some(keep_awake_us) = u64::try_from(keep_awake_us)
        .ok()
        .filter(|&us| us <= MAX_KEEP_AWAKE_US)
    else {
        return Err(err(format!(
            "keep_awake_us={keep_awake_us}: expected microseconds from 0 to {MAX_KEEP_AWAKE_US} (a second)"
        )));
    };
    let mut borrowed: Vec<PyRefMut<'_, Game>> = Vec::with_capacity(games.len());
    // Each game's object address, with its place in the list.
    let mut seen = std::collections::HashMap::with_capacity(games.len());
    for (i, item) in games.iter().enumerate() {
        let game = item
            .cast::<Game>()
            .map_err(|_| err(format!("games[{i}]: expected a diplo.Game")))?;
        if let Some(j) = seen.insert(item.as_ptr(), i) {
            return Err(err(format!(
                "games[{i}]: the same game as games[{j}] (a game is processed once a call)"
            )));
        }
        borrowed.push(
            game.try_borrow_mut()
                .map_err(|_| err(format!("games[{i}]: the game is in use by another call")))?,
        );
    }
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let mut jobs: Vec<&mut Game> = borrowed.iter_mut().map(|g| &mut **g).collect();
    let keep_awake = std::time::Duration::from_micros(keep_awake_us);
    // The pool is taken with the GIL held: a fork made from another Python thread (which
    // holds the GIL then) never finds the pool's lock held in the child.
    let helpers = pool_for(jobs.len(), threads);
    let errors = py.detach(|| run(&mut jobs, helpers, (call, keep_awake)));
    match errors.is_empty() {
        true => Ok(()),
        false => Err(err(errors.join("\n"))),
    }
}

std::thread_local! {
    /// Each thread's adjudicator working memory, used for every game it adjudicates.
    static SCRATCH: std::cell::Cell<diplo_engine::AdjudicatorScratch> =
        std::cell::Cell::new(diplo_engine::AdjudicatorScratch::default());
}

/// A game not yet processed (or taken: None) and its result once processed (None: not yet, or
/// the adjudication panicked).
type Slot<'j, 'g> = (Option<&'j mut &'g mut Game>, Option<Result<(), String>>);

/// One worker's stretch of the jobs, `start..end`: it takes them from the front, and a worker
/// done with its own takes the others' from their ends (so that, round after round, a game is
/// mostly adjudicated by the same thread, whose cache holds it).
struct Stretch {
    /// The next job from the front and the one after the last from the end, as one number each
    /// half (so that one compare-and-swap takes from either end).
    ends: std::sync::atomic::AtomicU64,
}

impl Stretch {
    fn new(start: usize, end: usize) -> Stretch {
        Stretch {
            ends: std::sync::atomic::AtomicU64::new((start as u64) << 32 | end as u64),
        }
    }

    /// The next job from the front (`front`) or from the end, if any is left.
    fn take(&self, front: bool) -> Option<usize> {
        use std::sync::atomic::Ordering::{AcqRel, Acquire};
        let mut ends = self.ends.load(Acquire);
        loop {
            let (start, end) = (ends >> 32, ends & 0xFFFF_FFFF);
            if start >= end {
                return None;
            }
            let (next, taken) = match front {
                true => ((start + 1) << 32 | end, start),
                false => (start << 32 | (end - 1), end - 1),
            };
            match self.ends.compare_exchange_weak(ends, next, AcqRel, Acquire) {
                Ok(_) => return Some(taken as usize),
                Err(now) => ends = now,
            }
        }
    }
}

/// The most games a call takes: a worker's stretch is two 32-bit numbers.
const MAX_GAMES: usize = u32::MAX as usize;

/// The most threads a call starts, whatever it asks: more than any machine's cores, fewer than
/// a number that would exhaust the process's threads.
const MAX_THREADS: usize = 256;

/// The threads of the last call, kept for the next: a call that spawned its threads each time
/// paid for their start and for fresh allocator pages in each (two threads were slower than one
/// on 256 games). Rebuilt when a call asks for another number of threads, and in a process
/// forked from the one that made them (`os.fork`, `multiprocessing`'s default on Linux): a
/// fork copies no thread, and work handed to the copied pool would wait forever.
static POOL: Mutex<Option<Kept>> = Mutex::new(None);

/// A kept pool: the process it was made in, its number of threads, the pool.
type Kept = (u32, usize, Arc<rayon::ThreadPool>);

/// The kept pool of `threads` threads (helping the calling thread), made if the last call asked
/// for another number or was made in another process.
fn pool(threads: usize) -> Option<Arc<rayon::ThreadPool>> {
    let mut kept = POOL.lock().unwrap_or_else(PoisonError::into_inner);
    let here = std::process::id();
    match kept.take() {
        Some((pid, n, pool)) if pid == here && n == threads => {
            *kept = Some((pid, n, pool.clone()));
            return Some(pool);
        }
        // Made before a fork: its threads are not in this process, and dropping it would hand
        // them a message they never read. Left alone.
        Some((pid, _, pool)) if pid != here => std::mem::forget(pool),
        _ => {}
    }
    let built = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("diplo-process-multi-{i}"))
        .build()
        .ok()?;
    let built = Arc::new(built);
    *kept = Some((here, threads, built.clone()));
    Some(built)
}

/// The threads of the kept pool that help with `n` games, and the pool (None: the calling
/// thread processes every game).
type Helpers = (usize, Option<Arc<rayon::ThreadPool>>);

/// The helpers of a call of `threads` threads on `n` games (only as many as there are games to
/// share; the pool keeps `threads - 1` threads whatever the number of games, so that a call
/// with fewer games than threads does not make a new pool).
fn pool_for(n: usize, threads: usize) -> Helpers {
    let helpers = threads.clamp(1, MAX_THREADS) - 1;
    let helping = helpers.min(n.saturating_sub(1));
    (helping, (helping > 0).then(|| pool(helpers)).flatten())
}

/// Processes the games on the calling thread and `threads - 1` threads of the kept pool (at
/// most [`MAX_THREADS`] in all; only as many as there are games to share, so that a pool of 255
/// threads is not woken for five games), each taking the games of its own stretch of the list
/// from the front, then the others' from their ends: call after call a game is mostly
/// adjudicated by the same thread (whose cache holds it, with that thread's adjudicator memory),
/// and a thread the machine holds back leaves the games it has not reached to the others. The
/// calling thread takes the last stretch, the games the caller touched last (setting their
/// orders), still in its core's cache. Each game's adjudication is caught on its own, so a
/// panic loses only the game it happened in. When no thread can be started, the calling thread
/// processes every game. Afterwards the pool's threads stay awake for `keep_awake` or until a
/// call after `call` (this one's number) begins. Returns the errors, each naming its game.
fn run(
    games: &mut [&mut Game],
    (helping, pool): Helpers,
    (call, keep_awake): (u64, std::time::Duration),
) -> Vec<String> {
    let n = games.len();
    let workers = if pool.is_some() { helping + 1 } else { 1 };
    // Each game in a slot of its own, its result put beside it; each worker's stretch of slots.
    let slots: Vec<Mutex<Slot<'_, '_>>> = (games.iter_mut())
        .map(|game| Mutex::new((Some(game), None)))
        .collect();
    let stretches: Vec<Stretch> = (0..workers)
        .map(|w| Stretch::new(w * n / workers, (w + 1) * n / workers))
        .collect();
    // The pool's threads that are done (none of the games is left to them).
    let finished = std::sync::atomic::AtomicUsize::new(0);
    let worker = |me: usize| {
        // This thread's adjudicator memory, kept from call to call (warm in its core's cache).
        let mut scratch = SCRATCH.take();
        // Its own stretch first, then what the others have not reached, from their ends.
        let order =
            std::iter::once((me, true)).chain((1..workers).map(|k| ((me + k) % workers, false)));
        for (w, own) in order {
            while let Some(i) = stretches[w].take(own) {
                let mut slot = slots[i].lock().unwrap_or_else(PoisonError::into_inner);
                let Some(game) = slot.0.take() else { continue };
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    game.process_in(&mut scratch)
                }));
                slot.1 = r.ok();
            }
        }
        SCRATCH.set(scratch);
    };
    match &pool {
        Some(pool) => pool.in_place_scope(|s| {
            let (worker, finished) = (&worker, &finished);
            for k in 0..workers - 1 {
                QUEUED.fetch_add(1, std::sync::atomic::Ordering::AcqRel);
                s.spawn(move |_| {
                    QUEUED.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
                    worker(k);
                    finished.fetch_add(1, std::sync::atomic::Ordering::Release);
                });
            }
            worker(workers - 1);
            // Every game is taken: the others end with the game in their hands. Waited for
            // here, briefly, rather than asleep (a sleeping thread takes tens of microseconds
            // to wake, a tenth of a round of 64 games).
            let start = std::time::Instant::now();
            while finished.load(std::sync::atomic::Ordering::Acquire) < workers - 1
                && start.elapsed() < MOST_SPIN
            {
                std::hint::spin_loop();
            }
        }),
        None => worker(0),
    }
    if let Some(pool) = pool.filter(|_| !keep_awake.is_zero()) {
        keep_awake_until_next_call(&pool, workers - 1, call, keep_awake);
    }
    let results =
        (slots.into_iter()).map(|slot| slot.into_inner().unwrap_or_else(PoisonError::into_inner).1);
    let failed = results.enumerate().filter_map(|(i, r)| {
        match r.unwrap_or_else(|| Err("the adjudication panicked".to_string())) {
            Ok(()) => None,
            Err(e) => Some(format!("games[{i}]: {e}")),
        }
    });
    failed.collect()
}

/// Calls of `process_multi` begun: a thread kept awake waits for this to change.
static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Work handed to the pool and not yet begun: a thread kept awake gives way to it at once (a
/// call begun before the one that kept it awake may still have work queued behind it).
static QUEUED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The longest `keep_awake_us` a call takes: a second.
const MAX_KEEP_AWAKE_US: u64 = 1_000_000;

/// Keeps `helping` threads of `pool` spinning until a call after `call` begins (at once if one
/// already has), work is queued in the pool (another call's, which must not wait behind them),
/// or `most` has passed: the next call's work then finds them awake.
fn keep_awake_until_next_call(
    pool: &rayon::ThreadPool,
    helping: usize,
    call: u64,
    most: std::time::Duration,
) {
    use std::sync::atomic::Ordering::Acquire;
    for _ in 0..helping {
        pool.spawn(move || {
            let start = std::time::Instant::now();
            while CALLS.load(Acquire) == call && QUEUED.load(Acquire) == 0 && start.elapsed() < most
            {
                for _ in 0..64 {
                    std::hint::spin_loop();
                }
            }
        });
    }
}

/// The longest the calling thread waits awake for the pool's threads to end their last game:
/// many games' time (a thread the machine holds back longer is waited for asleep).
const MOST_SPIN: std::time::Duration = std::time::Duration::from_micros(200);
