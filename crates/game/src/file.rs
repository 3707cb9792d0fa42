//! The game file format (TOML), as written and as read. See `crates/game/FORMAT.md`.
//!
//! Reading keeps the place of every value a person may edit (`toml::Spanned`), so that a bad
//! value is reported at its line and column.

use std::collections::BTreeMap;

use diplo_engine::{PositionFile, PositionInput};

pub use crate::master::{ConcessionFile, DrawProposalFile, EndRulesFile, PlayerFile};
use serde::{Deserialize, Serialize};
use toml::Spanned;

/// The version of the format this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// The last line of every game file diplo writes: a file that says it has one
/// (`end_marker = true`) and does not end with it was cut short, and is refused.
pub const END_MARKER: &str = "# end of game file";

/// The first line of every game file diplo writes (a comment for people), line end included.
pub const FIRST_LINE: &str =
    "# A diplo game (format: crates/game/FORMAT.md). Change it with `diplo game`.\n";

/// A game file as written (the history borrowed from the game: records are the bulk of a
/// file, and copying them cost more than writing them).
#[derive(Debug, Serialize)]
pub struct GameFileOut<'a> {
    /// Always [`FORMAT_VERSION`].
    pub format: u32,
    /// Always true: the file ends with [`END_MARKER`].
    pub end_marker: bool,
    /// An embedded map's name (`standard`), when the game uses one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub map: Option<String>,
    /// The text of the map file, when the game uses a map from a file: the game keeps its own
    /// copy so that it does not depend on that file staying the same.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub map_file: Option<String>,
    /// The files the map file `extends` (nearest first), each as the game's own copy.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub map_base: Vec<MapBaseFile>,
    /// The deadline of the current phase (RFC 3339, UTC), if the host set one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline: Option<String>,
    /// The powers that declared their orders for the current phase final (`--ready`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ready: Vec<String>,
    /// The ruleset: every choice, so the game never depends on a profile that may change.
    pub ruleset: RulesetOut,
    /// The deadline rules: phase lengths and late orders (written when not the default).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schedule: Option<ScheduleFile>,
    /// How the game ended, once it has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended: Option<EndedFile>,
    /// The position at the start of the current phase.
    pub state: PositionFile,
    /// Where each dislodged unit may retreat (retreat phases; written for people, recomputed
    /// on reading).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub retreat_options: Vec<RetreatOptionsFile>,
    /// When each unit on the board was produced, by province (smaller is earlier): for the
    /// civil-disorder rule that removes the least recently produced unit.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub produced: BTreeMap<String, u64>,
    /// The same for the dislodged units of a retreat phase.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub produced_dislodged: BTreeMap<String, u64>,
    /// Order sets submitted for the current phase, in submission order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub orders: Vec<OrderSetOut>,
    /// Proxy grants for the current phase (DATC 4.E.5).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub proxy: Vec<ProxyOut>,
    /// Perpetual orders (DATC 4.E.4): used in every phase a power sends no orders.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub perpetual: Vec<PerpetualOut>,
    /// Every phase played, oldest first.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub history: &'a [PhaseRecordFile],
    /// Phases taken back by `diplo game rollback`, kept for the record.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub undone: &'a [UndoneFile],
    /// The house rules for the game's end (written when not the defaults).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_rules: Option<EndRulesFile>,
    /// The draws proposed in the current phase.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub draw_proposal: Vec<DrawProposalFile>,
    /// The concessions of the current phase.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub concession: Vec<ConcessionFile>,
    /// Who played each power from which phase, and its civil disorder by the game master's hand.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub player: Vec<PlayerFile>,
}

/// One rollback: the phases it took back, kept in the file as a record (never replayed).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UndoneFile {
    /// The phase the game was in (`Fall 1902 Movement`).
    pub from: String,
    /// The phase it went back to the start of.
    pub to: String,
    /// When (RFC 3339, UTC).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// The phases taken back, oldest first, as they were in the history.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phases: Vec<PhaseRecordFile>,
    /// The order sets received for the phase the game was in, set aside.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<OrderSetOut>,
}

/// The deadline rules (`[schedule]`): how long each kind of phase lasts, and what happens to
/// orders sent after the deadline.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ScheduleFile {
    /// A movement phase's length (`48h`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<String>,
    /// A retreat phase's length.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat: Option<String>,
    /// An adjustment phase's length.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjustment: Option<String>,
    /// `accept` (the default), `refuse` or `accept-flagged`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_orders: Option<String>,
}

/// The ruleset as written.
#[derive(Debug, Serialize)]
pub struct RulesetOut {
    /// The profile it was made from (`2023`, or a file's name).
    pub name: String,
    /// The profile's description.
    pub description: String,
    /// The `--set issue=choice` overrides given at creation (for people; `choices` holds them).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub overrides: Vec<String>,
    /// Every issue's choice.
    pub choices: BTreeMap<String, String>,
}

/// How a game ended.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct EndedFile {
    /// The power that reached the victory condition (absent for a draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// The powers that share a draw.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draw: Vec<String>,
    /// The phase after which it did (`Fall 1908 Movement`); for a draw vote or a concession,
    /// the phase during which it did.
    pub phase: String,
    /// How many centres it owned then.
    pub centres: usize,
    /// How: `last-year`, `draw-vote` or `concession`; absent: the map's victory condition (or,
    /// with no winner, the last year).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

/// A dislodged unit's retreat options.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct RetreatOptionsFile {
    /// Its power.
    pub power: String,
    /// `F bre`.
    pub unit: String,
    /// `["mao", "gas"]`; empty: it will be disbanded.
    pub options: Vec<String>,
}

/// An order set as written.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct OrderSetOut {
    /// The power that submitted it.
    pub power: String,
    /// Its number among the power's order sets of the phase (1, 2, ...).
    pub seq: u64,
    /// `replaces`, `adds`, or absent (DATC 4.D.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intent: Option<String>,
    /// Submitted at the same time as the previous set of the power: their order is not known
    /// (DATC 4.D.2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub same_time: bool,
    /// Sent after the deadline (`late_orders = "accept-flagged"`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub late: bool,
    /// The orders, in the canonical short form.
    pub lines: Vec<String>,
}

/// A proxy grant as written.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ProxyOut {
    /// The unit's owner.
    pub power: String,
    /// `A par`.
    pub unit: String,
    /// The power that may order it.
    pub to: String,
    /// Its number among the grants of the unit's owner this phase.
    pub seq: u64,
}

/// Perpetual orders as written.
#[derive(Clone, Debug, Serialize)]
pub struct PerpetualOut {
    /// The power.
    pub power: String,
    /// The orders, in the canonical short form.
    pub lines: Vec<String>,
}

/// One phase of the history: the position it started from, every order and result.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PhaseRecordFile {
    /// `Spring 1901 Movement`.
    pub phase: String,
    /// Powers that gave no orders (civil disorder).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub civil_disorder: Vec<String>,
    /// Notes on how the orders were gathered (order sets set aside, perpetual or proxy orders).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Every order adjudicated and its result.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<ResultFile>,
    /// Units that were dislodged without an order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unordered: Vec<AutomaticFile>,
    /// Units disbanded or removed by the rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub automatic: Vec<AutomaticFile>,
    /// What had been received for the phase when it was adjudicated, for a rollback to restore
    /// (absent in files written before phases kept it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub received: Option<ReceivedFile>,
    /// The position at the start of the phase.
    pub position: PositionFile,
    /// The phase as the game knows it (never written): what the exports read instead of
    /// reading the texts above back.
    #[serde(skip)]
    pub known: crate::KnownPhase,
}

/// The order sets, proxy grants and readiness received for a phase (`[history.received]`), as
/// `[[orders]]`, `[[proxy]]` and `ready` write them for the current phase.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ReceivedFile {
    /// The powers that had declared their orders final.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ready: Vec<String>,
    /// The order sets, in submission order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub orders: Vec<OrderSetOut>,
    /// The proxy grants.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub proxy: Vec<ProxyOut>,
}

/// One order's result in the history.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ResultFile {
    /// The power whose unit it ordered.
    pub power: String,
    /// The order, in the DATC's full form.
    pub order: String,
    /// The DATC's words: `succeeds`, `cut`, `fails, dislodged` ...
    pub result: String,
    /// Why, for people.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// A unit the rules acted on without an order.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct AutomaticFile {
    /// Its power.
    pub power: String,
    /// `A par`.
    pub unit: String,
    /// What happened.
    pub what: String,
}

/// One file a game's map `extends`, kept in the game file (`[[map_base]]`).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapBaseFile {
    /// The name as the extending map's `extends` key writes it.
    pub extends: String,
    /// Where the file was read from when the game began (for messages only).
    pub file: String,
    /// The file's text.
    pub text: String,
}

/// A game file as read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFileIn {
    /// The format version.
    pub format: Spanned<u32>,
    /// Whether the file ends with [`END_MARKER`] (files written before it existed do not).
    #[serde(default)]
    pub end_marker: bool,
    /// An embedded map's name.
    #[serde(default)]
    pub map: Option<Spanned<String>>,
    /// The game's copy of a map file.
    #[serde(default)]
    pub map_file: Option<Spanned<String>>,
    /// The game's copies of the files its map file extends.
    #[serde(default)]
    pub map_base: Vec<MapBaseFile>,
    /// The current phase's deadline (RFC 3339).
    #[serde(default)]
    pub deadline: Option<Spanned<String>>,
    /// The powers ready this phase.
    #[serde(default)]
    pub ready: Vec<Spanned<String>>,
    /// The ruleset.
    pub ruleset: RulesetIn,
    /// The deadline rules.
    #[serde(default)]
    pub schedule: Option<Spanned<ScheduleFile>>,
    /// How the game ended.
    #[serde(default)]
    pub ended: Option<Spanned<EndedFile>>,
    /// The current position.
    pub state: PositionInput,
    /// Written for people; recomputed.
    #[serde(default)]
    pub retreat_options: Vec<RetreatOptionsFile>,
    /// When each unit was produced, by province.
    #[serde(default)]
    pub produced: BTreeMap<Spanned<String>, u64>,
    /// The same for dislodged units.
    #[serde(default)]
    pub produced_dislodged: BTreeMap<Spanned<String>, u64>,
    /// Order sets of the current phase.
    #[serde(default)]
    pub orders: Vec<OrderSetIn>,
    /// Proxy grants.
    #[serde(default)]
    pub proxy: Vec<ProxyIn>,
    /// Perpetual orders.
    #[serde(default)]
    pub perpetual: Vec<PerpetualIn>,
    /// The history.
    #[serde(default)]
    pub history: Vec<Spanned<PhaseRecordIn>>,
    /// Rollbacks, for the record.
    #[serde(default)]
    pub undone: Vec<Spanned<UndoneFile>>,
    /// The house rules for the game's end.
    #[serde(default)]
    pub end_rules: Option<Spanned<EndRulesFile>>,
    /// The draws proposed in the current phase.
    #[serde(default)]
    pub draw_proposal: Vec<Spanned<DrawProposalFile>>,
    /// The concessions of the current phase.
    #[serde(default)]
    pub concession: Vec<Spanned<ConcessionFile>>,
    /// Who played each power when.
    #[serde(default)]
    pub player: Vec<Spanned<PlayerFile>>,
}

/// The ruleset as read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesetIn {
    /// The profile's name.
    pub name: String,
    /// Its description.
    #[serde(default)]
    pub description: String,
    /// The overrides given at creation.
    #[serde(default)]
    pub overrides: Vec<String>,
    /// Every issue's choice.
    pub choices: BTreeMap<Spanned<String>, Spanned<String>>,
}

/// An order set as read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderSetIn {
    /// The submitting power.
    pub power: Spanned<String>,
    /// Its number among the power's order sets of the phase.
    pub seq: u64,
    /// `replaces` or `adds`.
    #[serde(default)]
    pub intent: Option<Spanned<String>>,
    /// Submitted at the same time as the previous set.
    #[serde(default)]
    pub same_time: bool,
    /// Sent after the deadline.
    #[serde(default)]
    pub late: bool,
    /// The orders.
    pub lines: Vec<Spanned<String>>,
}

/// A proxy grant as read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProxyIn {
    /// The unit's owner.
    pub power: Spanned<String>,
    /// The unit.
    pub unit: Spanned<String>,
    /// The power that may order it.
    pub to: Spanned<String>,
    /// Its number among the grants of the unit's owner.
    pub seq: u64,
}

/// Perpetual orders as read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerpetualIn {
    /// The power.
    pub power: Spanned<String>,
    /// The orders.
    pub lines: Vec<Spanned<String>>,
}

/// One phase of the history as read: every value a person may edit keeps its place, so that the
/// history is checked with located errors (the same shape as [`PhaseRecordFile`]).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseRecordIn {
    /// `Spring 1901 Movement`.
    pub phase: Spanned<String>,
    /// Powers that gave no orders.
    #[serde(default)]
    pub civil_disorder: Vec<Spanned<String>>,
    /// Notes for people.
    #[serde(default)]
    pub notes: Vec<String>,
    /// Every order adjudicated and its result.
    #[serde(default)]
    pub results: Vec<ResultIn>,
    /// Units dislodged without an order.
    #[serde(default)]
    pub unordered: Vec<AutomaticIn>,
    /// Units disbanded or removed by the rules.
    #[serde(default)]
    pub automatic: Vec<AutomaticIn>,
    /// What had been received for the phase (checked when a rollback restores it).
    #[serde(default)]
    pub received: Option<Spanned<ReceivedFile>>,
    /// The position at the start of the phase.
    pub position: PositionInput,
}

/// One order's result as read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultIn {
    /// The power whose unit it ordered.
    pub power: Spanned<String>,
    /// The order, in the DATC's full form.
    pub order: Spanned<String>,
    /// The DATC's words.
    pub result: Spanned<String>,
    /// Why, for people.
    #[serde(default)]
    pub reason: String,
}

/// A unit the rules acted on, as read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AutomaticIn {
    /// Its power.
    pub power: Spanned<String>,
    /// `A par`.
    pub unit: Spanned<String>,
    /// What happened.
    pub what: String,
}
