//! Deadlines that pass: `diplo serve` adjudicates every hosted game whose current phase's
//! deadline has passed, as `diplo game adjudicate --if-due` would (the powers that sent
//! nothing fall into civil disorder as the game's ruleset says), under the game's lock.

use std::time::Duration;

use diplo_game::{time::Seconds, Due};

use crate::store::{GameId, GameStore, StoreError};

/// How often `diplo serve` looks for deadlines that have passed.
pub const CHECK_EVERY: Duration = Duration::from_secs(30);

/// What happened to one game whose deadline had passed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Passed {
    /// The game.
    pub id: String,
    /// The phase adjudicated, or why it could not be (the game is left as it was).
    pub outcome: Result<String, String>,
}

/// Adjudicates every game of `store` whose deadline has passed at `now` (seconds since the
/// epoch, UTC); games with no deadline, or one still to come, are left alone. Answers one
/// [`Passed`] a game adjudicated or refused.
pub fn adjudicate_passed(store: &dyn GameStore, now: Seconds) -> Vec<Passed> {
    let Ok(ids) = store.list() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for id in ids {
        if let Some(p) = adjudicate_if_passed(store, &id, now) {
            out.push(p);
        }
    }
    out
}

fn adjudicate_if_passed(store: &dyn GameStore, id: &GameId, now: Seconds) -> Option<Passed> {
    let mut phase = None;
    let result = store.update(id, &mut |game| {
        if game.deadline.is_none() || !matches!(game.due(now), Due::DeadlinePassed { .. }) {
            return Ok(false);
        }
        let outcome = game.adjudicate(&[])?;
        phase = Some(outcome.phase.name(&game.map).to_string());
        Ok(true)
    });
    match (result, phase) {
        (Ok(()), Some(phase)) => Some(Passed {
            id: id.as_str().to_string(),
            outcome: Ok(phase),
        }),
        (Ok(()), None) => None,
        (Err(e), _) => Some(Passed {
            id: id.as_str().to_string(),
            outcome: Err(match e {
                StoreError::NotFound => "the game is gone".to_string(),
                e => e.to_string(),
            }),
        }),
    }
}
