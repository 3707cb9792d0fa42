//! The deadline index: one reading of every game at the first look, then only the games whose
//! deadline has passed (adjudicated) and those whose file changed behind the server's back.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use diplo_game::{time::Seconds, Game, MapSource};
use diplo_server::{
    Change, DeadlineIndex, FileStore, GameId, GameStore, Indexed, Stamp, StoreError, TokenHashes,
};

/// A file store that counts the games it reads (whole games: `load`, `read`, `update`).
struct Counting {
    files: FileStore,
    reads: Mutex<BTreeMap<GameId, usize>>,
}

impl Counting {
    fn count(&self, id: &GameId) {
        *self.reads.lock().unwrap().entry(id.clone()).or_default() += 1;
    }

    /// The games read since the last call, and how often each.
    fn take(&self) -> BTreeMap<GameId, usize> {
        std::mem::take(&mut self.reads.lock().unwrap())
    }
}

impl GameStore for Counting {
    fn create(&self, game: &Game, tokens: &TokenHashes) -> Result<GameId, StoreError> {
        self.files.create(game, tokens)
    }
    fn load(&self, id: &GameId) -> Result<(Game, TokenHashes), StoreError> {
        self.count(id);
        self.files.load(id)
    }
    fn tokens(&self, id: &GameId) -> Result<TokenHashes, StoreError> {
        self.files.tokens(id)
    }
    fn update(&self, id: &GameId, change: Change<'_>) -> Result<Stamp, StoreError> {
        self.count(id);
        self.files.update(id, change)
    }
    fn read(&self, id: &GameId) -> Result<(Game, Stamp), StoreError> {
        self.count(id);
        self.files.read(id)
    }
    fn stamp(&self, id: &GameId) -> Result<Stamp, StoreError> {
        self.files.stamp(id)
    }
    fn list(&self) -> Result<Vec<GameId>, StoreError> {
        self.files.list()
    }
    fn issue_tokens(&self, id: &GameId, t: &TokenHashes, replace: bool) -> Result<(), StoreError> {
        self.files.issue_tokens(id, t, replace)
    }
}

fn at(t: &str) -> Seconds {
    diplo_game::time::parse_rfc3339(t).unwrap()
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("diplo-deadlines-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Sets a game's deadline as `diplo game deadline` does: behind the server's back.
fn set_deadline_in_file(files: &FileStore, id: &GameId, deadline: Option<Seconds>) {
    let path = files.game_path(id);
    let mut game = Game::load(&path).unwrap();
    game.set_deadline(deadline).unwrap();
    game.save(&path).unwrap();
}

#[test]
fn only_games_due_or_changed_are_read_after_the_first_look() {
    let dir = folder("index");
    let files = FileStore::open(&dir).unwrap();
    let game = Game::new(
        diplo_map::Map::standard(),
        MapSource::Embedded("standard".into()),
        diplo_rules::Ruleset::datc(),
        Vec::new(),
    );
    let ids: Vec<GameId> = (0..5)
        .map(|_| files.create(&game, &TokenHashes::default()).unwrap())
        .collect();
    set_deadline_in_file(&files, &ids[0], Some(at("2030-01-01T00:00:00Z")));
    set_deadline_in_file(&files, &ids[1], Some(at("2031-01-01T00:00:00Z")));
    let counting = Arc::new(Counting {
        files: files.clone(),
        reads: Mutex::default(),
    });
    let index = Arc::new(DeadlineIndex::default());
    let store = Indexed::new(counting.clone(), index.clone());
    let all: BTreeMap<GameId, usize> = ids.iter().map(|id| (id.clone(), 1)).collect();

    // The first look reads every game; the next ones read none.
    let before = at("2029-12-31T00:00:00Z");
    assert!(index.look(&store, before).due.is_empty());
    assert_eq!(counting.take(), all);
    assert!(index.look(&store, before).due.is_empty());
    assert_eq!(counting.take(), BTreeMap::new());

    // A deadline passes: only that game is read, to be adjudicated; the new phase has none.
    let after = at("2030-01-01T00:01:00Z");
    let look = index.look(&store, after);
    assert_eq!(look.due, [ids[0].clone()]);
    assert_eq!(counting.take(), BTreeMap::new());
    let passed = index.adjudicate(&store, &ids[0], after).unwrap();
    assert_eq!(passed.outcome, Ok("Spring 1901 Movement".to_string()));
    assert_eq!(counting.take(), [(ids[0].clone(), 1)].into());
    assert_eq!(index.deadline(&ids[0]), Some(None));
    assert!(index.look(&store, after).due.is_empty());
    assert_eq!(counting.take(), BTreeMap::new());

    // `diplo game deadline` on another game, behind the server's back: that game is read
    // again (its stamp changed), and no other.
    set_deadline_in_file(&files, &ids[2], Some(at("2030-01-01T00:00:30Z")));
    assert_eq!(index.look(&store, after).due, [ids[2].clone()]);
    assert_eq!(counting.take(), [(ids[2].clone(), 1)].into());

    // A change made through the server is known without reading the game again.
    store
        .update(&ids[2], &mut |g| {
            g.set_deadline(None)?;
            Ok(true)
        })
        .unwrap();
    counting.take();
    assert!(index.look(&store, after).due.is_empty());
    assert_eq!(counting.take(), BTreeMap::new());

    // A game file that cannot be read is said once, until it changes; a game removed is
    // forgotten.
    std::fs::write(files.game_path(&ids[3]), "not a game").unwrap();
    let look = index.look(&store, after);
    assert_eq!(look.unreadable.len(), 1, "{look:?}");
    assert_eq!(look.unreadable[0].0, ids[3]);
    assert!(index.look(&store, after).unreadable.is_empty());
    std::fs::remove_file(files.game_path(&ids[4])).unwrap();
    index.look(&store, after);
    assert_eq!(index.deadline(&ids[4]), None);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every power ready and the deadline passed: the deadline adjudicates it too.
#[test]
fn a_deadline_passed_with_every_power_ready_is_adjudicated() {
    let dir = folder("ready");
    let files = FileStore::open(&dir).unwrap();
    let mut game = Game::new(
        diplo_map::Map::standard(),
        MapSource::Embedded("standard".into()),
        diplo_rules::Ruleset::datc(),
        Vec::new(),
    );
    for p in game.map.power_ids().collect::<Vec<_>>() {
        if game.must_order(p) {
            game.set_ready(p, true).unwrap();
        }
    }
    game.set_deadline(Some(at("2030-01-01T00:00:00Z"))).unwrap();
    let id = files.create(&game, &TokenHashes::default()).unwrap();
    let passed = diplo_server::adjudicate_passed(&files, at("2030-01-02T00:00:00Z"));
    assert_eq!(passed.len(), 1, "{passed:?}");
    assert_eq!(passed[0].id, id.as_str());
    assert_eq!(passed[0].outcome, Ok("Spring 1901 Movement".to_string()));
    let _ = std::fs::remove_dir_all(&dir);
}
