//! Deadlines that pass: `diplo serve` adjudicates every hosted game whose current phase's
//! deadline has passed, as `diplo game adjudicate --if-due` would (the powers that sent
//! nothing fall into civil disorder as the game's ruleset says), under the game's lock.
//!
//! The server does not read every game to find them: a [`DeadlineIndex`] knows each game's
//! deadline, from one reading of each game at start, from every change the server makes
//! (through [`Indexed`]), and from a new reading of only the games whose file changed behind
//! the server's back (by `diplo game`: their [`Stamp`] changed).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use diplo_game::{time::Seconds, Due, Game, GameError};

use crate::store::{Change, GameId, GameStore, Stamp, StoreError, TokenHashes};

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
/// epoch, UTC), reading every game; games with no deadline, or one still to come, are left
/// alone. Answers one [`Passed`] a game adjudicated or refused. (`diplo serve` itself reads
/// only the games its [`DeadlineIndex`] says are due.)
pub fn adjudicate_passed(store: &dyn GameStore, now: Seconds) -> Vec<Passed> {
    let Ok(ids) = store.list() else {
        return Vec::new();
    };
    ids.iter()
        .filter_map(|id| adjudicate_if_passed(store, id, now))
        .collect()
}

/// Whether `game`'s deadline has passed at `now` and the phase is to be adjudicated (not over;
/// every power ready, or some not).
fn deadline_passed(game: &Game, now: Seconds) -> bool {
    game.deadline.is_some_and(|d| now >= d)
        && matches!(game.due(now), Due::DeadlinePassed { .. } | Due::AllReady)
}

/// Adjudicates the game `id` if its deadline has passed at `now`; `None` when it has not.
pub fn adjudicate_if_passed(store: &dyn GameStore, id: &GameId, now: Seconds) -> Option<Passed> {
    attempt(store, id, now).0
}

/// [`adjudicate_if_passed`], and the game's stamp as it was left when it is not to be tried
/// again before it changes (`None`: the game is gone, or was locked all along).
fn attempt(store: &dyn GameStore, id: &GameId, now: Seconds) -> (Option<Passed>, Option<Stamp>) {
    let mut phase = None;
    let result = store.update(id, &mut |game| {
        if !deadline_passed(game, now) {
            return Ok(false);
        }
        let outcome = game.adjudicate(&[])?;
        phase = Some(outcome.phase.name(&game.map).to_string());
        Ok(true)
    });
    let (outcome, stamp) = match (result, phase) {
        (Ok(stamp), Some(phase)) => (Ok(phase), Some(stamp)),
        (Ok(stamp), None) => return (None, Some(stamp)),
        (Err(StoreError::NotFound), _) => (Err("the game is gone".to_string()), None),
        // Locked by another command all along: worth another try.
        (Err(StoreError::Game(GameError::Io { source, .. })), _)
            if source.kind() == std::io::ErrorKind::TimedOut =>
        {
            (Err(source.to_string()), None)
        }
        // Refused by the game, or unreadable: as it is now.
        (Err(e), _) => (Err(e.to_string()), store.stamp(id).ok()),
    };
    let passed = Passed {
        id: id.as_str().to_string(),
        outcome,
    };
    (Some(passed), stamp)
}

/// What the index knows of one game.
#[derive(Clone, Copy, Debug)]
struct Known {
    /// The game's stamp when this was learnt.
    stamp: Stamp,
    /// Its current phase's deadline.
    deadline: Option<Seconds>,
    /// Tried at this stamp (adjudicated or refused, or unreadable): nothing to do until the
    /// game changes.
    settled: bool,
}

/// Each game's deadline, by id, and the stamp of the game it was read from.
#[derive(Debug, Default)]
pub struct DeadlineIndex {
    games: Mutex<HashMap<GameId, Known>>,
}

/// What a look at the index found: the games due, and those that could not be read.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Look {
    /// The games whose deadline has passed, not tried since they last changed.
    pub due: Vec<GameId>,
    /// The games that could not be read (each said once, until its file changes), and why.
    pub unreadable: Vec<(GameId, String)>,
}

impl DeadlineIndex {
    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Known>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What the server learnt of a game as it changed it: its stamp and its deadline.
    pub fn record(&self, id: &GameId, stamp: Stamp, deadline: Option<Seconds>) {
        let known = Known {
            stamp,
            deadline,
            settled: false,
        };
        self.games().insert(id.clone(), known);
    }

    /// The deadline the index knows for `id` (`None`: the game is unknown to it).
    pub fn deadline(&self, id: &GameId) -> Option<Option<Seconds>> {
        self.games().get(id).map(|k| k.deadline)
    }

    /// Brings the index up to date with `store` and answers the games due at `now`. Games the
    /// index does not know, and games whose stamp changed, are read (the first look reads
    /// every game); the others are not. Games no longer in the store are forgotten.
    pub fn look(&self, store: &dyn GameStore, now: Seconds) -> Look {
        let mut look = Look::default();
        let Ok(ids) = store.list() else {
            return look;
        };
        let listed: HashSet<&GameId> = ids.iter().collect();
        self.games().retain(|id, _| listed.contains(id));
        for id in ids {
            let Ok(stamp) = store.stamp(&id) else {
                continue;
            };
            let known = self.games().get(&id).copied();
            let known = match known {
                Some(k) if k.stamp == stamp => k,
                _ => match store.read(&id) {
                    Ok((game, stamp)) => {
                        self.record(&id, stamp, game.deadline);
                        Known {
                            stamp,
                            deadline: game.deadline,
                            settled: false,
                        }
                    }
                    Err(e) => {
                        look.unreadable.push((id.clone(), e.to_string()));
                        let known = Known {
                            stamp,
                            deadline: None,
                            settled: true,
                        };
                        self.games().insert(id, known);
                        continue;
                    }
                },
            };
            if !known.settled && known.deadline.is_some_and(|d| now >= d) {
                look.due.push(id);
            }
        }
        look
    }

    /// Nothing to do for `id` until its stamp changes (if the index knows it at `stamp`).
    fn settle(&self, id: &GameId, stamp: Stamp) {
        if let Some(known) = self.games().get_mut(id).filter(|k| k.stamp == stamp) {
            known.settled = true;
        }
    }

    /// Adjudicates the game `id` of `store` (an [`Indexed`] store over this index) if its
    /// deadline has passed at `now`. A game that was not adjudicated (refused, or not due
    /// after all) is not tried again until it changes. The caller holds the game's in-process
    /// lock, if any.
    pub fn adjudicate(&self, store: &dyn GameStore, id: &GameId, now: Seconds) -> Option<Passed> {
        let (passed, stamp) = attempt(store, id, now);
        let adjudicated = passed.as_ref().is_some_and(|p| p.outcome.is_ok());
        if let Some(stamp) = stamp.filter(|_| !adjudicated) {
            self.settle(id, stamp);
        }
        passed
    }
}

/// A store that tells its [`DeadlineIndex`] of every change made through it.
pub struct Indexed {
    store: Arc<dyn GameStore>,
    index: Arc<DeadlineIndex>,
}

impl Indexed {
    /// `store`, telling `index` of every change.
    pub fn new(store: Arc<dyn GameStore>, index: Arc<DeadlineIndex>) -> Indexed {
        Indexed { store, index }
    }
}

impl GameStore for Indexed {
    fn create(&self, game: &Game, tokens: &TokenHashes) -> Result<GameId, StoreError> {
        let id = self.store.create(game, tokens)?;
        if let Ok(stamp) = self.store.stamp(&id) {
            self.index.record(&id, stamp, game.deadline);
        }
        Ok(id)
    }

    fn load(&self, id: &GameId) -> Result<(Game, TokenHashes), StoreError> {
        self.store.load(id)
    }

    fn tokens(&self, id: &GameId) -> Result<TokenHashes, StoreError> {
        self.store.tokens(id)
    }

    fn update(&self, id: &GameId, change: Change<'_>) -> Result<Stamp, StoreError> {
        let mut deadline = None;
        let stamp = self.store.update(id, &mut |game| {
            let save = change(game)?;
            deadline = Some(game.deadline);
            Ok(save)
        })?;
        if let Some(deadline) = deadline {
            self.index.record(id, stamp, deadline);
        }
        Ok(stamp)
    }

    fn read(&self, id: &GameId) -> Result<(Game, Stamp), StoreError> {
        self.store.read(id)
    }

    fn stamp(&self, id: &GameId) -> Result<Stamp, StoreError> {
        self.store.stamp(id)
    }

    fn list(&self) -> Result<Vec<GameId>, StoreError> {
        self.store.list()
    }

    fn issue_tokens(
        &self,
        id: &GameId,
        tokens: &TokenHashes,
        replace: bool,
    ) -> Result<(), StoreError> {
        self.store.issue_tokens(id, tokens, replace)
    }
}
