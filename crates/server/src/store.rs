//! Where hosted games live: the [`GameStore`] trait, and [`FileStore`], which keeps each game in
//! `DIR/ID.toml` (the same game file `diplo game` reads and writes, so that the CLI and the
//! server share games) with its access tokens' hashes beside it in `DIR/ID.tokens.toml`.
//! Every change is made under the game's [`GameLock`] and saved atomically.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use diplo_game::{Game, GameError, GameLock};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A game's id: 32 lower-case hex digits (128 random bits). Only a valid id names a file.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameId(String);

impl GameId {
    /// A new random id.
    pub fn random() -> std::io::Result<GameId> {
        Ok(GameId(hex(&random_bytes()?)))
    }

    /// The id in `text`, if it is one (32 lower-case hex digits, nothing else).
    pub fn parse(text: &str) -> Option<GameId> {
        (text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
            .then(|| GameId(text.to_string()))
    }

    /// The id's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// 16 bytes (128 bits) from the operating system's random source.
pub fn random_bytes() -> std::io::Result<[u8; 16]> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).map_err(|e| std::io::Error::other(e.to_string()))?;
    Ok(b)
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A token's SHA-256 hash, in hex: all a store keeps of a token.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Whether two hashes are equal, in a time that does not depend on where they differ.
pub fn same_hash(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut diff = 0u8;
    for (x, y) in a.iter().zip(b) {
        diff |= x ^ y;
    }
    std::hint::black_box(diff) == 0
}

/// The hashes of a game's tokens: the game master's and each power's.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TokenHashes {
    /// The game master's token's hash.
    pub gm: String,
    /// Each power's token's hash, by the power's name.
    pub powers: BTreeMap<String, String>,
}

/// Who a token says the bearer is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// The game master.
    Gm,
    /// One power, by name.
    Power(String),
}

impl TokenHashes {
    /// Whose token `token` is, if anyone's. Every hash is compared, in constant time each.
    pub fn role(&self, token: &str) -> Option<Role> {
        let h = token_hash(token);
        let mut found = None;
        if same_hash(&h, &self.gm) {
            found = Some(Role::Gm);
        }
        for (power, hash) in &self.powers {
            if same_hash(&h, hash) && found.is_none() {
                found = Some(Role::Power(power.clone()));
            }
        }
        found
    }
}

/// Why a store cannot do what was asked.
#[derive(Debug)]
pub enum StoreError {
    /// No game of that id.
    NotFound,
    /// The game has tokens already, and they were not to be replaced.
    TokensIssued,
    /// The game's library refused, or a file could not be read or written.
    Game(GameError),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::NotFound => f.write_str("no such game"),
            StoreError::TokensIssued => f.write_str("the game has tokens already"),
            StoreError::Game(e) => write!(f, "{e}"),
        }
    }
}

impl From<GameError> for StoreError {
    fn from(e: GameError) -> Self {
        StoreError::Game(e)
    }
}

/// A game's version as its store tells it without reading the game: for a game file, its
/// modification time, length and inode (every atomic save makes a new file). A change made
/// behind the store's back (by `diplo game`) gives another stamp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    modified: Option<SystemTime>,
    len: u64,
    inode: u64,
}

impl Stamp {
    /// The stamp of a file, from its metadata.
    pub fn of_file(meta: &std::fs::Metadata) -> Stamp {
        #[cfg(unix)]
        let inode = std::os::unix::fs::MetadataExt::ino(meta);
        #[cfg(not(unix))]
        let inode = 0;
        Stamp {
            modified: meta.modified().ok(),
            len: meta.len(),
            inode,
        }
    }

    /// A stamp from a version number, for a store that counts its games' versions.
    pub fn version(n: u64) -> Stamp {
        Stamp {
            modified: None,
            len: n,
            inode: 0,
        }
    }
}

/// A change made to a game under its lock: `Ok(true)` saves the game, `Ok(false)` leaves it.
pub type Change<'a> = &'a mut dyn FnMut(&mut Game) -> Result<bool, GameError>;

/// Where hosted games are kept.
pub trait GameStore: Send + Sync {
    /// Stores a new game with its tokens' hashes; answers its new id.
    fn create(&self, game: &Game, tokens: &TokenHashes) -> Result<GameId, StoreError>;
    /// A game and its tokens' hashes.
    fn load(&self, id: &GameId) -> Result<(Game, TokenHashes), StoreError>;
    /// The tokens' hashes of a game.
    fn tokens(&self, id: &GameId) -> Result<TokenHashes, StoreError>;
    /// Loads the game under its lock, applies `change`, and saves it atomically when the change
    /// says so; nothing is saved when it fails. Answers the game's stamp as the change left
    /// it, taken under the lock.
    fn update(&self, id: &GameId, change: Change<'_>) -> Result<Stamp, StoreError>;
    /// A game (with or without tokens), and its stamp taken before it was read: a change made
    /// meanwhile shows as another stamp next time.
    fn read(&self, id: &GameId) -> Result<(Game, Stamp), StoreError>;
    /// A game's stamp, without reading the game.
    fn stamp(&self, id: &GameId) -> Result<Stamp, StoreError>;
    /// The ids of every game.
    fn list(&self) -> Result<Vec<GameId>, StoreError>;
    /// Gives an existing game (one made without the store, by `diplo game new`) its tokens'
    /// hashes; refused with [`StoreError::TokensIssued`] when it has some, unless `replace`.
    fn issue_tokens(
        &self,
        id: &GameId,
        tokens: &TokenHashes,
        replace: bool,
    ) -> Result<(), StoreError>;
}

/// Games as files in one folder: `ID.toml` and `ID.tokens.toml`.
#[derive(Clone, Debug)]
pub struct FileStore {
    dir: PathBuf,
}

fn io_error(path: &Path, what: &'static str, source: std::io::Error) -> StoreError {
    StoreError::Game(GameError::Io {
        path: path.display().to_string(),
        what,
        source,
    })
}

impl FileStore {
    /// A store in `dir`, created (readable by its owner only) if it does not exist.
    pub fn open(dir: impl Into<PathBuf>) -> std::io::Result<FileStore> {
        let dir = dir.into();
        if !dir.exists() {
            std::fs::create_dir_all(&dir)?;
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700))?;
            }
        }
        Ok(FileStore { dir })
    }

    /// The game file of `id` (for `diplo game` on the same game).
    pub fn game_path(&self, id: &GameId) -> PathBuf {
        self.dir.join(format!("{}.toml", id.as_str()))
    }

    /// A folder of games that must exist already (never created).
    pub fn open_existing(dir: impl Into<PathBuf>) -> std::io::Result<FileStore> {
        let dir = dir.into();
        if !dir.is_dir() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{}: no such folder of games", dir.display()),
            ));
        }
        Ok(FileStore { dir })
    }

    /// The tokens file of `id`: its tokens' hashes.
    pub fn tokens_path(&self, id: &GameId) -> PathBuf {
        self.dir.join(format!("{}.tokens.toml", id.as_str()))
    }

    /// The game named `text` (its id, or its file's name `ID.toml`), or why no game can be
    /// (a name that is not an id: how to rename the file, with a fresh id to use).
    pub fn id_of(&self, text: &str) -> Result<GameId, String> {
        let name = text.strip_suffix(".toml").unwrap_or(text);
        if let Some(id) = GameId::parse(name) {
            return Ok(id);
        }
        let fresh = GameId::random().map_or_else(|_| "ID".to_string(), |id| id.0);
        let file = self.dir.join(format!("{name}.toml"));
        let hint = if !name.contains(['/', '\\']) && file.is_file() {
            format!(
                "; the server only opens a game file named by its id: rename {} to {}",
                file.display(),
                self.dir.join(format!("{fresh}.toml")).display()
            )
        } else {
            format!(" (for instance {fresh})")
        };
        Err(format!(
            "`{text}` is not a game id: 32 lower-case hex digits, the game file's name without `.toml`{hint}"
        ))
    }

    /// Writes a game's tokens file (mode 0600); the caller holds the game's lock.
    fn write_tokens(&self, id: &GameId, tokens: &TokenHashes) -> Result<(), StoreError> {
        let tpath = self.tokens_path(id);
        let text = toml::to_string(tokens)
            .map_err(|e| StoreError::Game(GameError::Invalid(e.to_string())))?;
        diplo_game::write_atomically(&tpath, &text)
            .map_err(|e| io_error(&tpath, "cannot write the tokens file", e))?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&tpath, std::fs::Permissions::from_mode(0o600))
                .map_err(|e| io_error(&tpath, "cannot protect the tokens file", e))?;
        }
        Ok(())
    }

    fn load_game(&self, id: &GameId) -> Result<Game, StoreError> {
        let path = self.game_path(id);
        if !path.is_file() {
            return Err(StoreError::NotFound);
        }
        Ok(Game::load(&path)?)
    }
}

impl GameStore for FileStore {
    fn create(&self, game: &Game, tokens: &TokenHashes) -> Result<GameId, StoreError> {
        let id = GameId::random().map_err(|e| io_error(&self.dir, "no random id", e))?;
        let (path, tpath) = (self.game_path(&id), self.tokens_path(&id));
        let _lock = GameLock::acquire(&path)
            .map_err(|e| io_error(&path, "cannot lock the game file", e))?;
        if path.exists() || tpath.exists() {
            return Err(io_error(
                &path,
                "the new game's id is taken",
                std::io::ErrorKind::AlreadyExists.into(),
            ));
        }
        self.write_tokens(&id, tokens)?;
        game.save(&path)?;
        Ok(id)
    }

    fn load(&self, id: &GameId) -> Result<(Game, TokenHashes), StoreError> {
        let tokens = self.tokens(id)?;
        Ok((self.load_game(id)?, tokens))
    }

    fn tokens(&self, id: &GameId) -> Result<TokenHashes, StoreError> {
        let path = self.tokens_path(id);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(StoreError::NotFound),
            Err(e) => return Err(io_error(&path, "cannot read the tokens file", e)),
        };
        toml::from_str(&text)
            .map_err(|e| StoreError::Game(GameError::Invalid(format!("{}: {e}", path.display()))))
    }

    fn update(&self, id: &GameId, change: Change<'_>) -> Result<Stamp, StoreError> {
        let path = self.game_path(id);
        if !path.is_file() {
            return Err(StoreError::NotFound);
        }
        let _lock = GameLock::acquire(&path)
            .map_err(|e| io_error(&path, "cannot lock the game file", e))?;
        let mut game = self.load_game(id)?;
        if change(&mut game)? {
            game.save(&path)?;
        }
        self.stamp(id)
    }

    fn read(&self, id: &GameId) -> Result<(Game, Stamp), StoreError> {
        let stamp = self.stamp(id)?;
        Ok((self.load_game(id)?, stamp))
    }

    fn stamp(&self, id: &GameId) -> Result<Stamp, StoreError> {
        let path = self.game_path(id);
        match std::fs::metadata(&path) {
            Ok(m) if m.is_file() => Ok(Stamp::of_file(&m)),
            Ok(_) => Err(StoreError::NotFound),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(StoreError::NotFound),
            Err(e) => Err(io_error(&path, "cannot read the game file's metadata", e)),
        }
    }

    fn list(&self) -> Result<Vec<GameId>, StoreError> {
        let entries = std::fs::read_dir(&self.dir)
            .map_err(|e| io_error(&self.dir, "cannot list games", e))?;
        let mut ids: Vec<GameId> = entries
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let id = GameId::parse(name.strip_suffix(".toml")?)?;
                // A folder (or anything else) named like a game is none.
                e.path().is_file().then_some(id)
            })
            .collect();
        ids.sort();
        Ok(ids)
    }

    fn issue_tokens(
        &self,
        id: &GameId,
        tokens: &TokenHashes,
        replace: bool,
    ) -> Result<(), StoreError> {
        let path = self.game_path(id);
        if !path.is_file() {
            return Err(StoreError::NotFound);
        }
        let _lock = GameLock::acquire(&path)
            .map_err(|e| io_error(&path, "cannot lock the game file", e))?;
        let tpath = self.tokens_path(id);
        if !replace && std::fs::symlink_metadata(&tpath).is_ok() {
            return Err(StoreError::TokensIssued);
        }
        self.write_tokens(id, tokens)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_validated() {
        let id = GameId::random().unwrap();
        assert_eq!(GameId::parse(id.as_str()), Some(id));
        for bad in [
            "",
            "../etc/passwd",
            "ABCDEF0123456789abcdef0123456789",
            "0123",
        ] {
            assert_eq!(GameId::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn tokens_are_recognised_by_their_hashes() {
        let t = TokenHashes {
            gm: token_hash("g"),
            powers: [("France".to_string(), token_hash("f"))].into(),
        };
        assert_eq!(t.role("g"), Some(Role::Gm));
        assert_eq!(t.role("f"), Some(Role::Power("France".into())));
        assert_eq!(t.role("x"), None);
        assert!(!same_hash("ab", "abc"));
    }
}
