//! One writer per game in the process: requests that change the same game wait their turn on
//! an async lock (no thread is held while waiting), taken before the game file's lock, which
//! stays for the other processes (`diplo game` may change the game at the same time). An entry
//! lives only while a request holds or waits for it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

use tokio::sync::{Mutex as AsyncMutex, OwnedMutexGuard};

use crate::store::GameId;

/// How long a request waits for another request on the same game before it is answered 503:
/// as long as the game file's lock (`diplo_game::GameLock`) waits for another process.
pub const LOCK_WAIT: Duration = Duration::from_secs(60);

/// The in-process locks of the games being changed, by id.
#[derive(Clone, Debug, Default)]
pub struct GameLocks {
    games: Arc<Mutex<HashMap<GameId, Weak<AsyncMutex<()>>>>>,
}

/// Holding a game's in-process lock (released when dropped).
pub type GameGuard = OwnedMutexGuard<()>;

impl GameLocks {
    /// The lock of `id`, made when no one holds or waits for it; entries no one holds any
    /// more are dropped as new ones are made, so the table only ever holds the games in use.
    fn entry(&self, id: &GameId) -> Arc<AsyncMutex<()>> {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(lock) = games.get(id).and_then(Weak::upgrade) {
            return lock;
        }
        games.retain(|_, lock| lock.strong_count() > 0);
        let lock = Arc::new(AsyncMutex::new(()));
        games.insert(id.clone(), Arc::downgrade(&lock));
        lock
    }

    /// Waits (without holding a thread) for the game's lock; `None` after `wait`.
    pub async fn lock_within(&self, id: &GameId, wait: Duration) -> Option<GameGuard> {
        let lock = self.entry(id);
        tokio::time::timeout(wait, lock.lock_owned()).await.ok()
    }

    /// How many games have an entry (held, waited for, or not yet dropped).
    pub fn len(&self) -> usize {
        let games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        games.values().filter(|l| l.strong_count() > 0).count()
    }

    /// Whether no game is locked or waited for.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn one_holder_per_game_and_no_entry_left_behind() {
        let locks = GameLocks::default();
        let (a, b) = (GameId::random().unwrap(), GameId::random().unwrap());
        let held = locks.lock_within(&a, LOCK_WAIT).await.unwrap();
        // Another game is not held up; the same game is.
        assert!(locks.lock_within(&b, LOCK_WAIT).await.is_some());
        let short = Duration::from_millis(50);
        assert!(locks.lock_within(&a, short).await.is_none());
        assert_eq!(locks.len(), 1);
        drop(held);
        assert!(locks.lock_within(&a, short).await.is_some());
        assert!(locks.is_empty());
        // Many games, one at a time: the table does not grow.
        for _ in 0..100 {
            let id = GameId::random().unwrap();
            let _g = locks.lock_within(&id, short).await.unwrap();
        }
        assert!(locks.games.lock().unwrap().len() <= 1);
    }
}
