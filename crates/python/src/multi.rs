//! `diplo.process_multi`: the current phase of many games adjudicated at once, on several
//! threads, without the GIL (as dipcc's `ThreadPool.process_multi`).

use pyo3::prelude::*;

use crate::err;
use crate::game::Game;

/// Adjudicates the current phase of every game of `games` (a list or any sequence), as
/// `Game.process()` on each, on `threads` threads (0: one per core) with the GIL released. A game listed twice is refused
/// before anything is adjudicated; a game that cannot be processed (it has ended) is left as
/// it was and named in the error raised after the others are processed.
#[pyfunction]
#[pyo3(signature = (games, threads = 0))]
pub(crate) fn process_multi<'py>(
    py: Python<'py>,
    games: Vec<Bound<'py, PyAny>>,
    threads: usize,
) -> PyResult<()> {
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
    let mut work: Vec<Job<'_>> = jobs.iter_mut().map(|g| g.start_job()).collect();
    let done = py.detach(|| run(&mut work, threads));
    drop(work);
    for (game, outcome) in jobs.iter_mut().zip(done.outcomes) {
        game.finish_job(outcome)?;
    }
    match done.errors.is_empty() {
        true => Ok(()),
        false => Err(err(done.errors.join("\n"))),
    }
}

/// One game's work: the hosted game and what the phases not yet recorded count.
pub(crate) struct Job<'a> {
    pub(crate) game: &'a mut diplo_game::Game,
    pub(crate) unrecorded: usize,
}

/// What the threads give back: one outcome per game (None when it failed), and the errors.
struct Done {
    outcomes: Vec<Option<diplo_game::PhaseOutcome>>,
    errors: Vec<String>,
}

/// Adjudicates the jobs on `threads` threads, each taking the next job not yet taken: a thread
/// the machine holds back (other work on its core) leaves the jobs it has not reached to the
/// others, instead of a fixed share that the call would wait for. Each outcome is kept as soon
/// as it is made, so a panic loses only the game it happened in.
fn run(work: &mut [Job<'_>], threads: usize) -> Done {
    use std::sync::{Mutex, PoisonError};
    let n = work.len();
    let next = Mutex::new(work.iter_mut().enumerate());
    let results: Mutex<Vec<Option<Result<diplo_game::PhaseOutcome, String>>>> =
        Mutex::new((0..n).map(|_| None).collect());
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.clamp(1, n.max(1)))
            .map(|_| {
                s.spawn(|| loop {
                    let taken = next.lock().map(|mut jobs| jobs.next());
                    let Ok(Some((i, job))) = taken else { break };
                    let r = (job.game)
                        .adjudicate_unrecorded(&[], job.unrecorded)
                        .map_err(|e| e.to_string());
                    results.lock().unwrap_or_else(PoisonError::into_inner)[i] = Some(r);
                })
            })
            .collect();
        // Joined here, not by the scope (which would panic on a thread's panic): a game whose
        // adjudication panicked has no outcome, and is named below.
        for h in handles {
            let _ = h.join();
        }
    });
    let results = results.into_inner().unwrap_or_else(PoisonError::into_inner);
    let mut done = Done {
        outcomes: Vec::with_capacity(n),
        errors: Vec::new(),
    };
    for (i, r) in results.into_iter().enumerate() {
        match r.unwrap_or_else(|| Err("the adjudication panicked".to_string())) {
            Ok(o) => done.outcomes.push(Some(o)),
            Err(e) => {
                done.errors.push(format!("games[{i}]: {e}"));
                done.outcomes.push(None);
            }
        }
    }
    done
}
