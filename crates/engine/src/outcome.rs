//! The outcome of adjudicating a phase, in the DATC's resolution words (DATC 4.E.2).

use std::fmt;

use diplo_map::{Location, Map, PowerId};
use diplo_orders::Order;

use crate::position::{Dislodged, Position, Unit};
use crate::reason::Reason;

/// What happened to one order: the DATC's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resolution {
    /// A move, retreat, build or disband that is carried out.
    Succeeds,
    /// A move or retreat that is not carried out.
    Fails,
    /// An order that cannot be executed; it is ignored (DATC 4.E.1).
    Illegal,
    /// A legal support or convoy that does not match the order of the unit it names.
    Invalid,
    /// A support that is not cut.
    Given,
    /// A support that is cut.
    Cut,
    /// A convoying fleet that is not dislodged (whether or not the army used it).
    Available,
    /// A convoy that fails: the fleet is dislodged, or a paradox rule set it aside.
    Disrupted,
    /// A hold (the unit stays).
    Stands,
    /// Part of a convoy paradox the ruleset's rule gives no resolution for (DATC 4.A.2).
    Unresolved,
}

impl Resolution {
    /// The DATC word.
    pub fn word(self) -> &'static str {
        match self {
            Resolution::Succeeds => "succeeds",
            Resolution::Fails => "fails",
            Resolution::Illegal => "illegal",
            Resolution::Invalid => "invalid",
            Resolution::Given => "given",
            Resolution::Cut => "cut",
            Resolution::Available => "available",
            Resolution::Disrupted => "disrupted",
            Resolution::Stands => "stands",
            Resolution::Unresolved => "unresolved",
        }
    }
}

/// What happened to the ordered unit besides its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tag {
    /// The unit is dislodged and must retreat.
    Dislodged,
    /// The unit is dislodged and has nowhere to retreat: it is disbanded.
    Destroyed,
}

impl Tag {
    /// The DATC word.
    pub fn word(self) -> &'static str {
        match self {
            Tag::Dislodged => "dislodged",
            Tag::Destroyed => "destroyed",
        }
    }
}

/// The result of one submitted order. The order itself is not copied into it: it is
/// `orders[index]` of the list given to the adjudication.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderResult {
    /// Index of the order in the submitted list.
    pub index: usize,
    /// The power that gave it.
    pub power: PowerId,
    /// What happened to the order.
    pub resolution: Resolution,
    /// Whether the unit was dislodged or destroyed.
    pub tag: Option<Tag>,
    /// Why, as facts: who bounced it, who cut it, why it is illegal
    /// ([`OrderResult::reason_text`] gives the words a player reads).
    pub reason: Reason,
}

impl OrderResult {
    /// The DATC result words: `fails, dislodged`; a dislodged hold is just `dislodged`.
    pub fn words(&self) -> String {
        match (self.resolution, self.tag) {
            (Resolution::Stands, Some(t)) => t.word().to_string(),
            (r, Some(t)) => format!("{}, {}", r.word(), t.word()),
            (r, None) => r.word().to_string(),
        }
    }

    /// The reason in words (empty when there is nothing to say); `order` is the order the
    /// result is for (`orders[self.index]`: a coast it wrote may be named).
    pub fn reason_text(&self, map: &Map, order: &Order) -> String {
        self.reason.display(map, Some(order)).to_string()
    }
}

/// What the rules did to a unit without an order for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AutomaticKind {
    /// Removed in an adjustment phase: civil disorder (DATC 4.D.8).
    Removed,
    /// Disbanded: dislodged with nowhere to retreat, no retreat ordered, or a retreat that
    /// clashed with another.
    Disbanded,
    /// Built: a neutral power rebuilding in its empty starting centre.
    Built,
}

impl AutomaticKind {
    /// In one word: `removed`, `disbanded`, `built`.
    pub fn word(self) -> &'static str {
        match self {
            AutomaticKind::Removed => "removed",
            AutomaticKind::Disbanded => "disbanded",
            AutomaticKind::Built => "built",
        }
    }
}

/// A unit the rules removed, disbanded or built without an order for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutomaticAction {
    /// The unit (where it stood, or where it is built).
    pub unit: Unit,
    /// What happened to it.
    pub kind: AutomaticKind,
    /// What happened and why (`disbanded: no retreat ordered`, `removed: civil disorder: ...`),
    /// as facts.
    pub reason: Reason,
}

impl AutomaticAction {
    /// What happened, in words.
    pub fn reason_text(&self, map: &Map) -> String {
        self.reason.display(map, None).to_string()
    }
}

/// A dislodged unit and where it may retreat (an entry of [`Retreats`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetreatOptions<'a> {
    /// The dislodged unit.
    pub dislodged: Dislodged,
    /// Where it may retreat; empty: it is destroyed.
    pub options: &'a [Location],
}

/// The dislodged units of a phase, each with where it may retreat ([`RetreatOptions`]), in the
/// order they were found. The places of all units are kept in one list, so that a phase with
/// many dislodgements allocates no list per unit.
///
/// ```
/// use diplo_engine::{Dislodged, Retreats, Unit};
/// use diplo_map::{Location, PowerId, ProvinceId, UnitKind};
/// let unit = Unit {
///     power: PowerId(0),
///     kind: UnitKind::Army,
///     location: Location::province(ProvinceId(1)),
/// };
/// let d = Dislodged { unit, attacker_from: ProvinceId(0), by_convoy: false };
/// let mut retreats = Retreats::default();
/// retreats.push(d, [Location::province(ProvinceId(2))]);
/// retreats.push(d, []);
/// assert_eq!(retreats.len(), 2);
/// assert_eq!(retreats.get(0).unwrap().options, [Location::province(ProvinceId(2))]);
/// assert!(retreats.iter().nth(1).unwrap().options.is_empty());
/// ```
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Retreats {
    /// Each dislodged unit with the end of its places in `places` (they start where the
    /// previous unit's end).
    units: Vec<(Dislodged, usize)>,
    /// The places of every unit, one unit after the other.
    places: Vec<Location>,
}

impl Retreats {
    /// Empty, filling the buffers given (cleared first).
    pub(crate) fn with_buffers(
        mut units: Vec<(Dislodged, usize)>,
        mut places: Vec<Location>,
    ) -> Retreats {
        units.clear();
        places.clear();
        Retreats { units, places }
    }

    /// The buffers, for later phases.
    pub(crate) fn into_buffers(self) -> (Vec<(Dislodged, usize)>, Vec<Location>) {
        (self.units, self.places)
    }

    /// Adds a dislodged unit that may retreat to `options` (none: it is destroyed).
    pub fn push(&mut self, dislodged: Dislodged, options: impl IntoIterator<Item = Location>) {
        self.places.extend(options);
        self.units.push((dislodged, self.places.len()));
    }

    /// How many units are dislodged.
    pub fn len(&self) -> usize {
        self.units.len()
    }

    /// Whether no unit is dislodged.
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// The `i`th dislodged unit with its options.
    pub fn get(&self, i: usize) -> Option<RetreatOptions<'_>> {
        let &(dislodged, end) = self.units.get(i)?;
        let start = i.checked_sub(1).map_or(0, |j| self.units[j].1);
        Some(RetreatOptions {
            dislodged,
            options: &self.places[start..end],
        })
    }

    /// The dislodged unit added last, with its options.
    pub fn last(&self) -> Option<RetreatOptions<'_>> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// Every dislodged unit with its options.
    pub fn iter(&self) -> RetreatsIter<'_> {
        RetreatsIter {
            units: self.units.iter(),
            places: &self.places,
            start: 0,
        }
    }
}

impl<'a> IntoIterator for &'a Retreats {
    type Item = RetreatOptions<'a>;
    type IntoIter = RetreatsIter<'a>;
    fn into_iter(self) -> RetreatsIter<'a> {
        self.iter()
    }
}

/// The dislodged units of [`Retreats`] with their options, in order.
#[derive(Clone, Debug)]
pub struct RetreatsIter<'a> {
    units: std::slice::Iter<'a, (Dislodged, usize)>,
    places: &'a [Location],
    /// Where the next unit's places start.
    start: usize,
}

impl<'a> Iterator for RetreatsIter<'a> {
    type Item = RetreatOptions<'a>;
    fn next(&mut self) -> Option<RetreatOptions<'a>> {
        let &(dislodged, end) = self.units.next()?;
        let options = &self.places[self.start..end];
        self.start = end;
        Some(RetreatOptions { dislodged, options })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.units.size_hint()
    }
}

impl ExactSizeIterator for RetreatsIter<'_> {}

impl fmt::Debug for Retreats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Everything adjudicating one phase produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// One result per submitted order, in submission order.
    pub results: Vec<OrderResult>,
    /// Units that had no order and were dislodged (they held).
    pub unordered_dislodged: Vec<(Unit, Tag)>,
    /// Dislodged units with their retreat options (movement phases).
    pub retreats: Retreats,
    /// Automatic disbands and removals.
    pub automatic: Vec<AutomaticAction>,
    /// Indices (into `results`) of the orders of a paradox the ruleset gives no answer for.
    /// When not empty, the next position is provisional: it treats those moves as failed.
    pub unresolved: Vec<usize>,
    /// The position after this phase: the start of the next phase.
    pub next: Position,
}

/// Displays a result line: `ENG: F North Sea - Picardy: illegal (reason)`.
pub struct ResultLine<'a> {
    /// The result.
    pub result: &'a OrderResult,
    /// The order it is for (`orders[result.index]`).
    pub order: &'a Order,
    /// The map for names.
    pub map: &'a Map,
}

impl fmt::Display for ResultLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.result;
        write!(
            f,
            "{}: {} -> {}",
            self.map.power(r.power).name,
            self.order.display(self.map).full(),
            r.words()
        )?;
        if !r.reason.is_empty() {
            write!(f, " ({})", r.reason.display(self.map, Some(self.order)))?;
        }
        Ok(())
    }
}
