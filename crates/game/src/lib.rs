//! Hosting whole games of Diplomacy: a game file, order submission, phase after phase.
//!
//! A [`Game`] holds everything a host needs between two commands: the map (an embedded map's
//! name or the game's own copy of a map file), every choice of the ruleset (so that a profile
//! changing later never changes a running game), the position at the start of the current
//! phase, the order sets submitted so far, proxy grants and perpetual orders, and the history of
//! every phase played with its orders and results. The file format is TOML
//! (`crates/game/FORMAT.md`).
//!
//! Submitting orders ([`Game::submit`]) refuses orders for the wrong phase and for units the
//! power does not control (unless the ruleset allows proxy orders, DATC 4.E.5). Adjudicating
//! ([`Game::adjudicate`]) gathers each power's orders from its order sets as the ruleset says
//! (DATC 4.D.1, 4.D.2; perpetual orders 4.E.4), lets a power that sent nothing fall into civil
//! disorder (4.D.8, 4.D.9: the engine's rules for a power without orders), adjudicates with
//! `diplo-engine`, records the phase, and moves to the next phase (retreats and adjustments are
//! skipped when nobody has one to make). After every season that captures centres the map's
//! victory condition is checked (enough centres, a lead, a draw after the last year), and the
//! game ends when it is met. A game on a map file keeps its own copy of that file and of every
//! file it `extends` ([`MapSource`]).
//!
//! Saving is atomic ([`write_atomically`]) and a [`GameLock`] keeps two commands from changing
//! one game at once: a crash or a kill never leaves a half-written game.

pub mod adjudication_json;
mod advancing;
mod deadlines;
pub mod disorder;
pub mod ending;
pub mod file;
mod gathering;
pub mod json;
mod known;
mod late;
pub mod master;
pub mod mila;
pub mod notification;
pub mod possible;
mod production;
mod read;
mod received;
mod schedule;
pub mod scoring;
mod start;
mod store;
mod submission;
pub mod summary;
pub mod time;
pub mod viewer;
mod write;

use std::collections::{BTreeMap, BTreeSet};

use std::path::Path;
use std::sync::Arc;

use diplo_engine::{pending_retreat_options, AdjudicatorScratch, Phase, Position, Retreats};
use diplo_map::limits::Limit;
use diplo_map::{ExtendedFile, Map, PowerId};
use diplo_orders::Order;
use diplo_rules::Ruleset;

pub use advancing::{Ending, PhaseOutcome};
pub use deadlines::{format_length, parse_length, Schedule};
pub use ending::{AtLastYear, DrawStanding, DrawVotes, EndRules, EndedBy};
use file::*;
pub use gathering::{Gathered, SetStatus};
pub use known::KnownPhase;
pub use late::LateOrders;
pub use production::Production;
pub use received::Received;
pub use schedule::Due;
pub use store::{write_atomically, write_atomically_bytes, write_output_atomically, GameLock};
pub use submission::{OrderSet, ProxyGrant, SubmitOptions};

/// Why a game file cannot be read, or a command on a game is refused.
#[derive(Debug)]
pub enum GameError {
    /// The game file is not valid: `file:line:column: what is wrong`.
    Invalid(String),
    /// The file cannot be read or written.
    Io {
        /// The file.
        path: String,
        /// What was being done.
        what: &'static str,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The command is not possible now (the game is over, an order is for the wrong phase or
    /// for another power's unit ...). Each line says what and why.
    Refused(Vec<String>),
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::Invalid(what) => f.write_str(what),
            GameError::Io { path, what, source } => write!(f, "{path}: {what}: {source}"),
            GameError::Refused(lines) => f.write_str(&lines.join("\n")),
        }
    }
}

impl std::error::Error for GameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GameError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// The ruleset as every command prints it: `2023`, or `2023 with convoy_paradox=szykman`.
pub fn ruleset_label(name: &str, overrides: &[String]) -> String {
    if overrides.is_empty() {
        name.to_string()
    } else {
        format!("{name} with {}", overrides.join(", "))
    }
}

/// Where the game's map comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapSource {
    /// A map built into diplo, by name (`standard`).
    Embedded(String),
    /// The text of a map file, and of every file its `extends` chain reads that is not built
    /// into diplo: the game keeps its own copy of the whole map, so that neither a change to
    /// those files nor a move of the game file changes or breaks it.
    Copy {
        /// The map file's text.
        text: String,
        /// The files it extends, nearest first ([`Map::extended_files`]).
        bases: Vec<ExtendedFile>,
    },
}

impl MapSource {
    /// The copy of a map file a game keeps: `text` (read from `file`, which names it in errors
    /// and locates the files it extends) and every file of its `extends` chain.
    pub fn copy_of(text: String, file: &str) -> Result<MapSource, GameError> {
        let bases = Map::extended_files(&text, file).map_err(|e| {
            GameError::Invalid(
                e.diagnostics
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n"),
            )
        })?;
        Ok(MapSource::Copy { text, bases })
    }

    /// Loads the map; `file` names the file in errors.
    pub fn load(&self, file: &str) -> Result<Map, GameError> {
        match self {
            MapSource::Embedded(name) => match Map::embedded(name) {
                Some(map) => map.map_err(|e| GameError::Invalid(e.to_string())),
                // One line whatever the name holds (a game file's `map = "st\ndard"`).
                None => Err(GameError::Invalid(format!(
                    "{file}: no embedded map `{}` (embedded: {})",
                    diplo_map::one_line(name),
                    diplo_map::EMBEDDED_MAPS
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ))),
            },
            MapSource::Copy { text, bases } => Map::from_toml_str_with_files(text, file, bases)
                .map_err(|e| {
                    GameError::Invalid(
                        e.diagnostics
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join("\n"),
                    )
                }),
        }
    }
}

/// A game being played.
#[derive(Clone, Debug)]
pub struct Game {
    /// The map (shared: games on one built-in map may share one copy; a change to a game's
    /// map through [`Arc::make_mut`] copies it first).
    pub map: Arc<Map>,
    /// Where the map comes from.
    pub map_source: MapSource,
    /// The rules, one choice per DATC issue.
    pub rules: Ruleset,
    /// The `--set` overrides given at creation (for people; `rules` includes them).
    pub overrides: Vec<String>,
    /// The position at the start of the current phase.
    pub position: Position,
    /// Order sets submitted for the current phase, in submission order.
    pub order_sets: Vec<OrderSet>,
    /// Proxy grants for the current phase.
    pub proxies: Vec<ProxyGrant>,
    /// Perpetual orders per power (DATC 4.E.4).
    pub perpetual: BTreeMap<PowerId, Vec<Order>>,
    /// Every phase played, oldest first.
    pub history: Vec<PhaseRecordFile>,
    /// How the game ended, once it has.
    pub ended: Option<Ending>,
    /// When each unit on the board was produced (smaller is earlier), by province.
    pub produced: Production,
    /// When each dislodged unit was produced, by the province it was dislodged from.
    pub produced_dislodged: Production,
    /// The current phase's deadline (seconds since the epoch, UTC), if the host set one.
    pub deadline: Option<time::Seconds>,
    /// The powers that declared their orders for the current phase final.
    pub ready: BTreeSet<PowerId>,
    /// Rollbacks: the phases each took back, kept for the record.
    pub undone: Vec<UndoneFile>,
    /// The game master's part: house rules for the end, draw votes, concessions, players.
    pub master: master::GameMaster,
    /// How long each kind of phase lasts: the deadline each new phase gets.
    pub schedule: Schedule,
    /// What the game does with orders sent after the deadline (a house rule).
    pub late_orders: LateOrders,
    /// The engine's buffers, kept from one movement phase to the next (a clone starts afresh).
    scratch: AdjudicatorScratch,
}

impl Game {
    /// A new game at the map's starting position.
    pub fn new(
        map: impl Into<Arc<Map>>,
        map_source: MapSource,
        rules: Ruleset,
        overrides: Vec<String>,
    ) -> Game {
        let map: Arc<Map> = map.into();
        let position = Position::initial(&map);
        let provinces = map.provinces().len();
        let produced = Production::from_entries(
            provinces,
            position
                .units
                .iter()
                .zip(0..)
                .map(|(u, n)| (u.location.province, n)),
        );
        Game {
            map,
            map_source,
            rules,
            overrides,
            position,
            order_sets: Vec::new(),
            proxies: Vec::new(),
            perpetual: BTreeMap::new(),
            history: Vec::new(),
            ended: None,
            produced,
            produced_dislodged: Production::new(provinces),
            deadline: None,
            ready: BTreeSet::new(),
            undone: Vec::new(),
            master: master::GameMaster::default(),
            schedule: Schedule::default(),
            late_orders: LateOrders::default(),
            scratch: AdjudicatorScratch::default(),
        }
    }

    /// Reads a game file, and removes the temporary files a killed save of it left behind
    /// ([`diplo_map::atomic::remove_leftover_temporaries`]).
    pub fn load(path: &Path) -> Result<Game, GameError> {
        let text = diplo_map::limits::read_file(path).map_err(|source| GameError::Io {
            path: path.display().to_string(),
            what: "cannot read the game file",
            source,
        })?;
        // What a killed save of this game left behind (temporary files of up to the file's size).
        diplo_map::atomic::remove_leftover_temporaries(path);
        Game::from_toml_str(&text, &path.display().to_string())
    }

    /// Saves the game to `path` atomically (see [`write_atomically`]). A game whose file would
    /// be larger than diplo reads back ([`diplo_map::limits::max_file_bytes`]) is not saved:
    /// the file on disk stays as it was, and readable.
    pub fn save(&self, path: &Path) -> Result<(), GameError> {
        let text = self.to_toml();
        let max = diplo_map::limits::max_file_bytes();
        if text.len() as u64 > max {
            return Err(GameError::Refused(vec![format!(
                "{}: the game file would be {} bytes, {}; nothing was saved (the file is as it was)",
                path.display(),
                text.len(),
                Limit::FileBytes.exceeded(max as usize)
            )]));
        }
        write_atomically(path, &text).map_err(|source| GameError::Io {
            path: path.display().to_string(),
            what: "cannot write the game file (it is unchanged)",
            source,
        })
    }

    /// The game's ruleset as every command prints it ([`ruleset_label`]).
    pub fn ruleset_label(&self) -> String {
        ruleset_label(&self.rules.name, &self.overrides)
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.position.phase
    }

    /// Where each dislodged unit may retreat (retreat phases).
    pub fn retreat_options(&self) -> Retreats {
        pending_retreat_options(&self.map, &self.rules, &self.position)
    }

    /// A power's name.
    pub fn power_name(&self, p: PowerId) -> &str {
        &self.map.power(p).name
    }
}

/// The README's examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
