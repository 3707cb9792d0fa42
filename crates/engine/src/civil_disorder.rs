//! Civil disorder in an adjustment phase (DATC 4.D.8): the removals a power did not order, made
//! in the order of the ruleset's removal rule, each with the facts of why it was this unit.

use std::fmt::{self, Formatter};

use diplo_map::{BuildRule, Location, Map, PowerId, ProvinceId, UnitKind};
use diplo_rules::policies::*;
use diplo_rules::Ruleset;

use crate::outcome::{AutomaticAction, AutomaticKind};
use crate::position::{Position, Unit};
use crate::reason::{Reason, Why};

/// Why civil disorder removed a unit, as facts: the rule, the unit's distance, and the unit
/// kept that came nearest to going, with what put the removed unit before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemovalFacts {
    /// The unit removed.
    pub unit: Unit,
    /// The ruleset's `civil_disorder` choice, as a ruleset file writes it (`"2023"`).
    pub choice: &'static str,
    /// The rule in words.
    pub rule: RemovalRule,
    /// Whether distances are measured from the owned centres because powers build in any
    /// owned centre (DATC 2.4 11.A), where the rule speaks of home centres.
    pub from_owned: bool,
    /// How many removals the power had to make.
    pub needed: usize,
    /// How many of them it ordered.
    pub ordered: usize,
    /// The removed unit's distance (`u32::MAX`: no target reachable).
    pub distance: u32,
    /// The first unit the power keeps, its distance, and what put the removed unit before it;
    /// `None` when the power keeps no unit.
    pub kept: Option<(Unit, u32, RemovalDecider)>,
}

/// The removals `power` did not order: `count` of the units it has in `units` (the board after
/// its ordered removals), in the ruleset's order (4.D.8). `produced` says when units were
/// produced, where the game's history is known.
pub(crate) fn removals(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    produced: &[(Location, u64)],
    units: &mut Vec<Unit>,
    (power, count, ordered): (PowerId, usize, usize),
    automatic: &mut Vec<AutomaticAction>,
) {
    let remaining: Vec<Unit> = units.iter().copied().filter(|u| u.power == power).collect();
    let candidates: Vec<RemovalCandidate> = remaining
        .iter()
        .map(|u| RemovalCandidate {
            kind: u.kind,
            location: u.location,
            produced: produced
                .iter()
                .find(|(l, _)| l.province == u.location.province)
                .map(|(_, n)| *n),
        })
        .collect();
    let owned: Vec<ProvinceId> = map
        .province_ids()
        .filter(|p| pos.owners[p.index()] == Some(power))
        .collect();
    let board: Vec<(PowerId, UnitKind, Location)> = units
        .iter()
        .map(|u| (u.power, u.kind, u.location))
        .collect();
    let from_owned = rules.builds.rule(map) == BuildRule::OwnedCentres;
    let homes = if from_owned {
        owned.clone()
    } else {
        map.home_centres(power).to_vec()
    };
    let rcx = RemovalContext {
        map,
        power,
        homes: &homes,
        owned: &owned,
        units: &board,
    };
    let policy = rules.civil_disorder;
    let order = policy.removal_order(&rcx, &candidates);
    let dist = policy.distances(&rcx, &candidates);
    let rule = policy.rule();
    let first_kept = order.get(count).copied();
    for &k in order.iter().take(count) {
        let unit = remaining[k];
        let kept = first_kept.map(|j| {
            let by = rule.decided_by(map, (&candidates[k], dist[k]), (&candidates[j], dist[j]));
            (remaining[j], dist[j], by)
        });
        let facts = RemovalFacts {
            unit,
            choice: policy.into(),
            rule,
            from_owned,
            needed: count + ordered,
            ordered,
            distance: dist[k],
            kept,
        };
        units.retain(|u| u.location != unit.location);
        automatic.push(AutomaticAction {
            unit,
            kind: AutomaticKind::Removed,
            reason: Reason::from(Why::CivilDisorder(Box::new(facts))),
        });
    }
}

/// `5 moves`, `1 move`, `out of reach`.
struct Moves(u32);

impl fmt::Display for Moves {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            u32::MAX => f.write_str("out of reach"),
            1 => f.write_str("1 move away"),
            n => write!(f, "{n} moves away"),
        }
    }
}

impl RemovalFacts {
    /// The words: `removed: civil disorder: Italy ordered 0 of its 1 removals; the unit
    /// farthest from ... goes first (counting ...): A Tuscany is 5 moves away, A Warsaw 0 ...`.
    pub(crate) fn write(&self, f: &mut Formatter<'_>, map: &Map) -> fmt::Result {
        let unit = self.unit;
        let power = &map.power(unit.power).name;
        write!(
            f,
            "removed: civil disorder: {power} ordered {} of its {} removals; ",
            self.ordered, self.needed
        )?;
        let to = match self.rule.to {
            RemovalTarget::HomeCentre if self.from_owned => {
                "the nearest owned supply centre (powers build in any owned centre)"
            }
            t => t.words(),
        };
        let me = unit.full_name(map);
        let counting = self.rule.counting;
        if self.rule.produced_first {
            f.write_str("the least recently produced unit not on a supply centre goes first, ")?;
            write!(f, "then the one farthest from {to} (counting {counting})")?;
        } else {
            write!(
                f,
                "the unit farthest from {to} goes first (counting {counting})"
            )?;
        }
        match self.kept {
            None => write!(f, ", and {power} keeps no unit")?,
            Some((kept, d, by)) => {
                let other = kept.full_name(map);
                match by {
                    RemovalDecider::Produced => write!(f, ": {me} before {other}")?,
                    RemovalDecider::Distance => write!(
                        f,
                        ": {me} is {}, {other} {}",
                        Moves(self.distance),
                        Moves(d)
                    )?,
                    RemovalDecider::FleetsFirst => write!(
                        f,
                        ": {me} and {other} are both {}, and a fleet goes before an army",
                        Moves(d)
                    )?,
                    RemovalDecider::Names => {
                        let here = &map.province(unit.location.province).full_name;
                        write!(
                            f,
                            ": {me} and {other} are both {}, and {here} comes first in the {}",
                            Moves(d),
                            self.rule.names
                        )?
                    }
                }
            }
        }
        write!(f, " (civil_disorder = \"{}\"; DATC 4.D.8)", self.choice)
    }
}
