//! diplicity's canonical variant JSON (the `variant.schema.yaml` of diplicity-react, schema
//! version 1): read into the intermediate model ([`import_str`]) and written from a diplo map
//! ([`export`]).
//!
//! How diplicity's notions meet diplo's:
//!
//! * `nations` → powers (`non_playable` → `neutral`); a nation's `id` is its name in lower case
//!   with `-` for spaces, its `color` is not map data (exported from a fixed palette, reported).
//! * `provinces` → provinces: `type` `land` (inland, or a multi-coast province when it has
//!   `namedCoasts`), `sea`, `coastal`; `supplyCenter`; `homeNation` → `home`;
//!   `convoyableCapable` → `convoyable`. Impassable provinces are no provinces in diplicity.
//! * `adjacencies` with `pass` `army`, `fleet` or `both` → army and fleet edges; `namedCoasts`
//!   → coasts with their fleet edges. Edge strengths below 1, `noSupport`, `cutException` and
//!   `retreatPriority` have no diplo equivalent and are reported.
//! * `initialState` → starting units, centres owned, the first phase.
//! * `phaseProgression` → the calendar: its seasons, those adjustments follow, the year step
//!   (`yearDelta`), and adjustments every n-th game year (a `yearMod` condition); a condition
//!   that is no such period is reported.
//! * `victoryConditions`: `supply-center-majority` → `victory_centres`; `timed-resolution` →
//!   `[victory] last_year`, with `most-supply-centers` → `at_last_year = "most-centres"`;
//!   `province-control` → `[victory] control`, its `year` → `control_from` (a second one is
//!   reported).
//! * `adjudicationModifiers`: `allow-builds-in-non-home-centers` → `build = "owned-centres"`;
//!   `neutral-nations-auto-build` → neutral powers that `rebuild`; others are reported.
//! * `dominanceRules` and `emergencyMeasures` are reported.

use serde::{Deserialize, Serialize};

mod export;
mod import;

pub use export::{export, Exported};
pub use import::{import_path, import_str};

/// The modifier that lets a power build in any owned centre.
pub(crate) const BUILD_ANYWHERE: &str = "allow-builds-in-non-home-centers";
/// The modifier that has neutral nations rebuild their units.
pub(crate) const NEUTRAL_REBUILD: &str = "neutral-nations-auto-build";

/// A variant document (the fields diplo reads and writes; the others are kept as JSON values so
/// that they can be reported).
#[derive(Debug, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Variant {
    pub schema_version: u32,
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    #[serde(default)]
    pub author: String,
    pub victory_conditions: Vec<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adjudication_modifiers: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub emergency_measures: Option<serde_json::Value>,
    pub phase_progression: PhaseProgression,
    pub nations: Vec<Nation>,
    pub provinces: Vec<Province>,
    #[serde(default)]
    pub named_coasts: Vec<NamedCoast>,
    pub initial_state: InitialState,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dominance_rules: Vec<serde_json::Value>,
}

/// `phaseProgression`.
#[derive(Debug, Deserialize, Serialize)]
pub(crate) struct PhaseProgression {
    pub seasons: Vec<String>,
    pub transitions: Vec<Transition>,
}

/// A phase: season and type.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub(crate) struct PhaseRef {
    pub season: String,
    #[serde(rename = "type")]
    pub kind: String,
}

/// The phase a transition leads to.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PhaseTo {
    pub season: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub year_delta: u32,
}

/// `year % yearMod == yearModValue`.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct YearCondition {
    pub year_mod: u32,
    pub year_mod_value: u32,
}

/// One edge of the phase state machine.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub(crate) struct Transition {
    pub from: PhaseRef,
    pub to: PhaseTo,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<YearCondition>,
}

/// A nation.
#[derive(Debug, Deserialize, Serialize)]
pub(crate) struct Nation {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub color: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub non_playable: bool,
}

/// A province.
#[derive(Debug, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Province {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub supply_center: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home_nation: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub convoyable_capable: bool,
    pub adjacencies: Vec<Adjacency>,
}

/// A named coast of a multi-coast province.
#[derive(Debug, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct NamedCoast {
    pub id: String,
    pub name: String,
    pub parent_province: String,
    pub adjacencies: Vec<Adjacency>,
}

/// One edge: where to, and who passes.
#[derive(Debug, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Adjacency {
    pub to: String,
    pub pass: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub army_strength: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fleet_strength: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub convoy_strength: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_support: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cut_exception: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat_priority: Option<i64>,
}

impl Adjacency {
    /// A plain edge: no strengths or exceptions.
    pub(crate) fn plain(to: String, pass: &str) -> Adjacency {
        Adjacency {
            to,
            pass: pass.to_string(),
            army_strength: None,
            fleet_strength: None,
            convoy_strength: None,
            no_support: None,
            cut_exception: None,
            retreat_priority: None,
        }
    }
}

/// `initialState`.
#[derive(Debug, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InitialState {
    pub phase: StartPhase,
    pub units: Vec<StartUnit>,
    pub supply_centers: Vec<Owned>,
}

/// The opening phase.
#[derive(Debug, Deserialize, Serialize)]
pub(crate) struct StartPhase {
    pub season: String,
    pub year: i64,
    #[serde(rename = "type")]
    pub kind: String,
}

/// A starting unit.
#[derive(Debug, Deserialize, Serialize)]
pub(crate) struct StartUnit {
    pub nation: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub location: String,
}

/// A centre owned at the start.
#[derive(Debug, Deserialize, Serialize)]
pub(crate) struct Owned {
    pub nation: String,
    pub province: String,
}

/// A nation's id from a power's name: lower case, `-` between words (`^[a-z0-9-]+$`).
pub(crate) fn nation_id(name: &str) -> String {
    let id = crate::slug(name);
    if id.is_empty() {
        "nation".into()
    } else {
        id
    }
}
