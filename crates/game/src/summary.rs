//! Summaries for people of a phase played or due: supply centres that changed owner after a
//! season, builds and removals due in an adjustment phase with the sites available, and the
//! units that held without an order. All of it is derived from the positions and results the
//! game file already keeps, so older game files get summaries too.

use std::collections::BTreeMap;

use diplo_engine::{PhaseKind, Position, PositionFile};
use diplo_map::Map;
use diplo_rules::Ruleset;
use serde_json::{json, Value};

use crate::{Game, GameError, PhaseRecordFile};

/// One supply centre that changed owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CentreChange {
    /// The centre's short name (`bel`).
    pub centre: String,
    /// Its owner before (`None`: neutral).
    pub from: Option<String>,
    /// Its owner after (`None`: no one).
    pub to: Option<String>,
}

/// A power's builds or removals due in an adjustment phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdjustmentDue {
    /// The power.
    pub power: String,
    /// Builds due (positive) or removals due (negative).
    pub count: i64,
    /// Where it may build (legal build sites now), or the units it may remove.
    pub sites: Vec<String>,
}

/// What people want to know about one phase beyond its orders and results.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PhaseSummary {
    /// `Fall 1901`: the season whose end `centre_changes` follow.
    pub season: String,
    /// Supply centres that changed owner at the end of this phase.
    pub centre_changes: Vec<CentreChange>,
    /// Centres each power owns after the phase (for the powers in `centre_changes`).
    pub centres_after: BTreeMap<String, usize>,
    /// Builds and removals due (adjustment phases).
    pub adjustments: Vec<AdjustmentDue>,
    /// Units that held because nobody ordered them (movement phases): power, unit.
    pub unordered: Vec<(String, String)>,
}

fn owners(p: &PositionFile) -> BTreeMap<&str, &str> {
    p.centres
        .iter()
        .flat_map(|(power, cs)| cs.iter().map(move |c| (c.as_str(), power.as_str())))
        .collect()
}

/// The centres whose owner differs between two positions, in the centres' order.
pub fn centre_changes(before: &PositionFile, after: &PositionFile) -> Vec<CentreChange> {
    let (b, a) = (owners(before), owners(after));
    let mut names: Vec<&str> = b.keys().chain(a.keys()).copied().collect();
    names.sort_unstable();
    names.dedup();
    names
        .into_iter()
        .filter(|c| b.get(c) != a.get(c))
        .map(|c| CentreChange {
            centre: c.to_string(),
            from: b.get(c).map(|s| s.to_string()),
            to: a.get(c).map(|s| s.to_string()),
        })
        .collect()
}

/// Per power (by index): its counted centres less its units (builds when positive, removals
/// when negative): the engine's [`Position::allowances`].
pub fn builds_by_power(map: &Map, pos: &Position) -> Vec<i64> {
    pos.allowances(map)
}

/// The builds and removals due in an adjustment phase, with the legal build sites (or the
/// units to choose removals from).
pub fn adjustments_due(map: &Map, rules: &Ruleset, pos: &Position) -> Vec<AdjustmentDue> {
    if pos.phase.kind != PhaseKind::Adjustment {
        return Vec::new();
    }
    let orderable = crate::possible::orderable_locations(map, rules, pos);
    map.power_ids()
        .filter_map(|p| {
            let count = pos.counted_centres(map, p) as i64 - pos.unit_count(p) as i64;
            if count == 0 || (count > 0 && map.power(p).neutral && !map.power(p).rebuild) {
                return None;
            }
            let sites = if count > 0 {
                orderable
                    .iter()
                    .filter(|(k, &q)| {
                        q == p
                            && map
                                .province_by_name(k)
                                .is_some_and(|pr| pos.unit_in(pr).is_none())
                    })
                    .map(|(k, _)| k.to_lowercase())
                    .collect()
            } else {
                pos.unit_names(map, p)
            };
            Some(AdjustmentDue {
                power: map.power(p).name.clone(),
                count,
                sites,
            })
        })
        .collect()
}

impl Game {
    /// The engine position of a history record.
    fn record_position(&self, h: &PhaseRecordFile) -> Result<Position, GameError> {
        let text = toml::to_string(&h.position).map_err(|e| GameError::Invalid(e.to_string()))?;
        Position::from_toml_str(&self.map, &text, &h.phase)
            .map_err(|e| GameError::Invalid(format!("history, {}: {e}", h.phase)))
    }

    /// The summary of the history's phase `index`.
    pub fn phase_summary(&self, index: usize) -> Result<PhaseSummary, GameError> {
        let map = &self.map;
        let h = &self.history[index];
        let after = match self.history.get(index + 1) {
            Some(next) => next.position.clone(),
            None => self.position.to_file(map),
        };
        let pos = self.record_position(h)?;
        let centre_changes = centre_changes(&h.position, &after);
        let centres_after = after
            .centres
            .iter()
            .filter(|(p, _)| {
                centre_changes
                    .iter()
                    .any(|c| c.from.as_ref() == Some(p) || c.to.as_ref() == Some(p))
            })
            .map(|(p, cs)| (p.clone(), cs.len()))
            .collect();
        let mut unordered = Vec::new();
        if pos.phase.kind == PhaseKind::Movement {
            let ordered: Vec<diplo_map::ProvinceId> = h
                .results
                .iter()
                .filter_map(|r| diplo_orders::parse_order(map, &r.order).ok())
                .filter_map(|(_, o)| o.unit().map(|u| u.place.province))
                .collect();
            for u in &pos.units {
                if !ordered.contains(&u.location.province) && !map.power(u.power).neutral {
                    unordered.push((map.power(u.power).name.clone(), u.full(map)));
                }
            }
        }
        let season = h
            .phase
            .rsplit_once(' ')
            .map_or(h.phase.as_str(), |(s, _)| s)
            .to_string();
        Ok(PhaseSummary {
            season,
            centre_changes,
            centres_after,
            adjustments: adjustments_due(map, &self.rules, &pos),
            unordered,
        })
    }

    /// The builds and removals due now (adjustment phases).
    pub fn adjustments_due(&self) -> Vec<AdjustmentDue> {
        adjustments_due(&self.map, &self.rules, &self.position)
    }

    /// The latest phase of the history after which supply centres changed owner, and its
    /// summary.
    pub fn last_centre_changes(&self) -> Option<(usize, PhaseSummary)> {
        (0..self.history.len()).rev().find_map(|i| {
            let s = self.phase_summary(i).ok()?;
            (!s.centre_changes.is_empty()).then_some((i, s))
        })
    }
}

impl PhaseSummary {
    /// Lines for people, indented by two spaces.
    pub fn centre_lines(&self) -> Vec<String> {
        if self.centre_changes.is_empty() {
            return Vec::new();
        }
        let mut out = vec![format!("Supply centres after {}:", self.season)];
        for (power, n) in &self.centres_after {
            let gained: Vec<String> = self
                .centre_changes
                .iter()
                .filter(|c| c.to.as_ref() == Some(power))
                .map(|c| match &c.from {
                    Some(f) => format!("{} (from {f})", c.centre),
                    None => format!("{} (neutral)", c.centre),
                })
                .collect();
            let lost: Vec<String> = self
                .centre_changes
                .iter()
                .filter(|c| c.from.as_ref() == Some(power))
                .map(|c| match &c.to {
                    Some(t) => format!("{} (to {t})", c.centre),
                    None => format!("{} (to no one)", c.centre),
                })
                .collect();
            let mut parts = Vec::new();
            if !gained.is_empty() {
                parts.push(format!("gains {}", gained.join(", ")));
            }
            if !lost.is_empty() {
                parts.push(format!("loses {}", lost.join(", ")));
            }
            out.push(format!("  {power} {}; now {n}", parts.join(", ")));
        }
        out
    }

    /// The adjustments due, for people.
    pub fn adjustment_lines(&self) -> Vec<String> {
        adjustment_lines(&self.adjustments)
    }

    /// The summary as JSON: `centre_changes`, `adjustments`, `unordered`.
    pub fn to_json(&self) -> Value {
        json!({
            "centre_changes": centre_changes_json(&self.centre_changes),
            "centres_after": self.centres_after,
            "adjustments": adjustments_json(&self.adjustments),
            "unordered": self.unordered.iter().map(|(p, u)| json!({
                "power": p, "unit": u, "result": "holds (no order)"
            })).collect::<Vec<_>>(),
        })
    }
}

/// `France: 2 builds; sites: bre, mar` or `Russia: 1 removal; units: A war, F sev`.
pub fn adjustment_lines(due: &[AdjustmentDue]) -> Vec<String> {
    if due.is_empty() {
        return Vec::new();
    }
    let mut out = vec!["Builds and removals due:".to_string()];
    for a in due {
        let n = a.count.unsigned_abs();
        let plural = if n == 1 { "" } else { "s" };
        out.push(if a.count > 0 {
            let sites = if a.sites.is_empty() {
                "no site available: every build is waived".to_string()
            } else if (a.sites.len() as u64) < n {
                format!(
                    "only {} site{} available: {}",
                    a.sites.len(),
                    if a.sites.len() == 1 { "" } else { "s" },
                    a.sites.join(", ")
                )
            } else {
                format!("sites: {}", a.sites.join(", "))
            };
            format!("  {}: {n} build{plural}; {sites}", a.power)
        } else {
            format!(
                "  {}: {n} removal{plural}; units: {}",
                a.power,
                a.sites.join(", ")
            )
        });
    }
    out
}

/// Centre changes as JSON objects: centre, from, to (null: neutral / no one).
pub fn centre_changes_json(changes: &[CentreChange]) -> Value {
    changes
        .iter()
        .map(|c| json!({"centre": c.centre, "from": c.from, "to": c.to}))
        .collect()
}

/// Adjustments due as JSON objects: power, builds, removals, sites.
pub fn adjustments_json(due: &[AdjustmentDue]) -> Value {
    due.iter()
        .map(|a| {
            json!({
                "power": a.power,
                "builds": a.count.max(0),
                "removals": (-a.count).max(0),
                "sites": a.sites,
            })
        })
        .collect()
}
