//! The diplo adjudication engine: movement, retreats and adjustments.
//!
//! [`adjudicate`] takes a map, a ruleset, a [`Position`] and the orders given (each with the
//! power that gave it) and returns an [`Adjudication`]: one result per order in the DATC's words
//! with a reason a player can read, the dislodged units with their retreat options, automatic
//! disbands, and the next position. Every disputable rule question is asked of the ruleset's
//! policies (`diplo_rules::policies`); the engine itself knows no rulebook edition.
//!
//! ```
//! use diplo_engine::{adjudicate, Position};
//! let map = diplo_map::Map::standard();
//! let rules = diplo_rules::Ruleset::datc();
//! let pos = Position::initial(&map);
//! let (orders, errors) = diplo_orders::parse_orders(&map, "France:\nA Paris - Burgundy\n");
//! assert!(errors.is_empty());
//! let orders: Vec<_> = orders.into_iter().map(|l| (l.power.unwrap(), l.order)).collect();
//! let result = adjudicate(&map, &rules, &pos, &orders);
//! assert_eq!(result.results[0].words(), "succeeds");
//! ```

mod adjust;
mod check;
mod civil_disorder;
mod explain;
mod interpret;
mod movement;
pub mod outcome;
pub mod position;
pub mod reason;
mod resolve;
mod retreat;
mod scratch;
pub mod victory;

use diplo_map::{Map, PowerId, ProvinceId};
use diplo_orders::Order;
use diplo_rules::Ruleset;

pub use check::{adjustment_is_legal, AdjustmentCheck, MovementCheck};
pub use outcome::{
    Adjudication, AutomaticAction, AutomaticKind, OrderResult, Resolution, ResultLine,
    RetreatOptions, Retreats, RetreatsIter, Tag,
};
pub use position::{Dislodged, Phase, PhaseKind, Position, PositionFile, PositionInput, Unit};
pub use reason::{Reason, ReasonDisplay};
pub use resolve::Strength;
pub use retreat::pending_retreat_options;
pub use scratch::AdjudicatorScratch;

/// Adjudicates one phase of `pos` with the given orders.
pub fn adjudicate(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
) -> Adjudication {
    match pos.phase.kind {
        PhaseKind::Movement => movement::adjudicate_movement(map, rules, pos, orders),
        PhaseKind::Retreat => retreat::adjudicate_retreats(map, rules, pos, orders),
        PhaseKind::Adjustment => adjust::adjudicate_adjustments(map, rules, pos, orders, &[]),
    }
}

/// A reusable adjudication context for one map and ruleset: it keeps the working buffers of
/// movement phases from one call to the next, so that adjudicating many phases (a game, a
/// replay, a benchmark) allocates little more than the [`Adjudication`]s it returns. The
/// results are those of [`adjudicate`].
///
/// ```
/// use diplo_engine::{Adjudicator, Position};
/// let map = diplo_map::Map::standard();
/// let rules = diplo_rules::Ruleset::datc();
/// let mut adjudicator = Adjudicator::new(&map, &rules);
/// let pos = Position::initial(&map);
/// let first = adjudicator.adjudicate(&pos, &[]);
/// let again = adjudicator.adjudicate(&pos, &[]);
/// assert_eq!(first, again);
/// ```
pub struct Adjudicator<'a> {
    map: &'a Map,
    rules: &'a Ruleset,
    scratch: AdjudicatorScratch,
}

impl<'a> Adjudicator<'a> {
    /// A context for adjudicating phases on `map` under `rules`.
    pub fn new(map: &'a Map, rules: &'a Ruleset) -> Self {
        Adjudicator {
            map,
            rules,
            scratch: AdjudicatorScratch::default(),
        }
    }

    /// As [`Adjudicator::new`], reusing the buffers of `scratch` (from
    /// [`Adjudicator::into_scratch`], on any map).
    pub fn with_scratch(map: &'a Map, rules: &'a Ruleset, scratch: AdjudicatorScratch) -> Self {
        Adjudicator {
            map,
            rules,
            scratch,
        }
    }

    /// The buffers, for a later [`Adjudicator::with_scratch`].
    pub fn into_scratch(self) -> AdjudicatorScratch {
        self.scratch
    }

    /// Takes back an adjudication this context (or any) handed out and keeps its buffers (the
    /// results, the dislodged units and their retreat options, the next position's units and
    /// owners...) for the next phases: a host that is done with a phase's outcome saves
    /// allocating them again (on a position of a million units, fresh memory the size of the
    /// results every phase).
    pub fn recycle(&mut self, adjudication: Adjudication) {
        let pool = &mut self.scratch.inner.pool;
        let Adjudication {
            results,
            unordered_dislodged,
            retreats,
            automatic,
            unresolved,
            next,
        } = adjudication;
        pool.give(results);
        pool.give(unordered_dislodged);
        let (dislodged, places) = retreats.into_buffers();
        pool.give(dislodged);
        pool.give(places);
        pool.give(automatic);
        pool.give(unresolved);
        pool.give(next.units);
        pool.give(next.owners);
        pool.give(next.dislodged);
        pool.give(next.contested);
    }

    /// Adjudicates one phase of `pos` with the given orders, as [`adjudicate`] does.
    pub fn adjudicate(&mut self, pos: &Position, orders: &[(PowerId, Order)]) -> Adjudication {
        match pos.phase.kind {
            PhaseKind::Movement => movement::adjudicate_movement_in(
                self.map,
                self.rules,
                pos,
                orders,
                &mut self.scratch.inner,
            ),
            _ => adjudicate(self.map, self.rules, pos, orders),
        }
    }
}

/// As [`adjudicate`], for a game whose history is known: `produced` says when each unit on the
/// board was produced (smaller is earlier), for the civil-disorder rule that removes the least
/// recently produced unit (DATC 2.4 4.D.8, a house rule).
pub fn adjudicate_with_production(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
    produced: &[(diplo_map::Location, u64)],
) -> Adjudication {
    match pos.phase.kind {
        PhaseKind::Adjustment => adjust::adjudicate_adjustments(map, rules, pos, orders, produced),
        _ => adjudicate(map, rules, pos, orders),
    }
}

/// The season is over (movement without retreats, or retreats done). Where the calendar says
/// this season captures (the standard Fall), the centres change owner; where adjustments follow
/// it this year, the adjustment phase comes next if any power builds or removes (under
/// `adjustment_phase = "owned-home-centre"`: or has more centres than units and owns a home
/// centre, even an occupied one) or could convert a unit; otherwise the next season's movement.
pub(crate) fn advance_after_season(map: &Map, rules: &Ruleset, next: &mut Position) {
    next.dislodged.clear();
    next.contested.clear();
    let Phase { year, season, .. } = next.phase;
    let spec = map.calendar.spec(season);
    if map.calendar.captures_in(map.first_year, year, season) {
        capture_centres(map, next);
    }
    let adjust = spec.adjustment.is_some()
        && map.calendar.adjusts_in(map.first_year, year)
        && adjustments_needed(map, rules, next);
    next.phase = if adjust {
        Phase {
            year,
            season,
            kind: PhaseKind::Adjustment,
        }
    } else {
        let (year, season) = map.calendar.next(year, season);
        Phase {
            year,
            season,
            kind: PhaseKind::Movement,
        }
    };
}

/// Every supply centre with a unit in it now belongs to that unit's power.
fn capture_centres(map: &Map, next: &mut Position) {
    for u in &next.units {
        if map.province(u.location.province).supply_centre {
            next.owners[u.location.province.index()] = Some(u.power);
        }
    }
}

/// Whether anyone has an adjustment to make: a build, a removal, or (where units convert, Era
/// of Empire) a unit in an owned centre that could convert.
fn adjustments_needed(map: &Map, rules: &Ruleset, next: &Position) -> bool {
    let converts = rules.unit_conversion.rule(map) == diplo_map::Conversion::OwnedCentres
        && next.units.iter().any(|u| {
            let c = u.location.province;
            next.owners[c.index()] == Some(u.power) && map.centre_counts_for(c, u.power)
        });
    let needs_empty = rules.adjustment_phase.build_needs_empty_home_centre();
    converts
        || map
            .power_ids()
            .zip(adjust::deltas(map, next))
            .any(|(p, delta)| {
                delta < 0 || (delta > 0 && has_build_centre(map, rules, next, p, needs_empty))
            })
}

/// Where `power` may build in `pos` (an adjustment phase's position): the centres it owns that
/// stand empty and that the build rule in force lets it build in, its home centres first (in
/// the map's order), then the others (in the provinces' order). MILA's "build sites".
pub fn build_sites(map: &Map, rules: &Ruleset, pos: &Position, power: PowerId) -> Vec<ProvinceId> {
    let homes = map.home_centres(power);
    let others = map.province_ids().filter(|c| !homes.contains(c));
    (homes.iter().copied().chain(others))
        .filter(|&c| {
            pos.owners.get(c.index()) == Some(&Some(power))
                && pos.unit_in(c).is_none()
                && adjust::may_build_in(map, rules, pos, power, c).is_ok()
        })
        .collect()
}

/// Whether `power` owns a centre it may build in under the build rule in force (empty, when
/// `empty` is asked).
fn has_build_centre(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    power: PowerId,
    empty: bool,
) -> bool {
    map.province_ids().any(|c| {
        pos.owners[c.index()] == Some(power)
            && (!empty || pos.unit_in(c).is_none())
            && adjust::may_build_in(map, rules, pos, power, c).is_ok()
    })
}

/// The README's examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
