//! When each unit was produced: the numbers the 4.D.8 house rule `least-recently-produced`
//! reads, carried from phase to phase.

use std::fmt;
use std::ops::Index;

use diplo_engine::{PhaseKind, Position};
use diplo_map::ProvinceId;
use diplo_orders::Order;

/// When each unit was produced (smaller is earlier), by the province it stands in: a table
/// with one slot per province of the map, read and rebuilt every phase without a search.
///
/// It reads like a map from province to number: [`Production::get`], [`Production::insert`],
/// `table[&province]`, and [`Production::iter`] in province order.
#[derive(Clone, Default)]
pub struct Production {
    slots: Vec<Slot>,
}

/// A province's slot in a [`Production`] table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// No number.
    Empty,
    /// A unit stands there and its number is not known yet (only while
    /// [`next_production`] fills the table; read as no number).
    Standing,
    /// The number of the unit there.
    Number(u64),
}

impl Slot {
    fn number(&self) -> Option<&u64> {
        match self {
            Slot::Number(n) => Some(n),
            Slot::Empty | Slot::Standing => None,
        }
    }
}

impl Production {
    /// An empty table for a map of `provinces` provinces.
    pub fn new(provinces: usize) -> Production {
        Production {
            slots: vec![Slot::Empty; provinces],
        }
    }

    /// A table for a map of `provinces` provinces with these numbers (a later number for the
    /// same province replaces an earlier one).
    pub fn from_entries(
        provinces: usize,
        entries: impl IntoIterator<Item = (ProvinceId, u64)>,
    ) -> Production {
        let mut table = Production::new(provinces);
        for (p, n) in entries {
            table.insert(p, n);
        }
        table
    }

    /// The number of the unit in `province`, if known.
    pub fn get(&self, province: ProvinceId) -> Option<u64> {
        self.slots.get(province.index())?.number().copied()
    }

    /// Sets the number of the unit in `province`; returns the number it replaces.
    pub fn insert(&mut self, province: ProvinceId, n: u64) -> Option<u64> {
        let i = province.index();
        if i >= self.slots.len() {
            self.slots.resize(i + 1, Slot::Empty);
        }
        let before = self.slots[i].number().copied();
        self.slots[i] = Slot::Number(n);
        before
    }

    /// Forgets the number of the unit in `province`; returns it.
    pub fn remove(&mut self, province: ProvinceId) -> Option<u64> {
        let slot = self.slots.get_mut(province.index())?;
        let before = slot.number().copied();
        *slot = Slot::Empty;
        before
    }

    /// Every province with a number, and the number, in province order.
    pub fn iter(&self) -> impl Iterator<Item = (ProvinceId, u64)> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Some((ProvinceId(i as u32), *s.number()?)))
    }

    /// The numbers, in province order.
    pub fn values(&self) -> impl Iterator<Item = &u64> + '_ {
        self.slots.iter().filter_map(Slot::number)
    }

    /// How many provinces have a number.
    pub fn len(&self) -> usize {
        self.values().count()
    }

    /// Whether no province has a number.
    pub fn is_empty(&self) -> bool {
        self.values().next().is_none()
    }
}

/// The number of the unit in a province; panics when there is none, as a map's index does.
impl Index<&ProvinceId> for Production {
    type Output = u64;

    fn index(&self, province: &ProvinceId) -> &u64 {
        self.slots
            .get(province.index())
            .and_then(Slot::number)
            .expect("no production number for this province")
    }
}

/// Two tables are equal when they give the same numbers to the same provinces.
impl PartialEq for Production {
    fn eq(&self, other: &Production) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Production {}

impl fmt::Debug for Production {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl FromIterator<(ProvinceId, u64)> for Production {
    fn from_iter<I: IntoIterator<Item = (ProvinceId, u64)>>(entries: I) -> Production {
        Production::from_entries(0, entries)
    }
}

/// When each unit of `next` was produced, from the numbers before a phase of `kind` and its
/// successful orders: a unit that moved or retreated keeps its own, a unit built gets the next
/// number (one more than the largest before). Returns the numbers of the units and of the
/// dislodged units of `next`, in tables for a map of `provinces` provinces.
pub(crate) fn next_production<'a>(
    produced: &Production,
    produced_dislodged: &Production,
    kind: PhaseKind,
    succeeded: impl IntoIterator<Item = &'a Order>,
    next: &Position,
    provinces: usize,
) -> (Production, Production) {
    let source = if kind == PhaseKind::Retreat {
        produced_dislodged
    } else {
        produced
    };
    // The provinces units stand in, then the numbers of the units that arrived there (a
    // later order for the same province counts), then for the others the number the
    // province had before.
    let mut units = Production::new(provinces);
    let standing = next.units.iter().map(|u| u.location.province.index());
    for i in standing.clone() {
        if let Some(slot) = units.slots.get_mut(i) {
            *slot = Slot::Standing;
        }
    }
    let mut built = None;
    for order in succeeded {
        let (to, n) = match order {
            Order::Move { unit, to, .. } | Order::Retreat { unit, to } => {
                match source.get(unit.place.province) {
                    Some(n) => (to.province, n),
                    None => continue,
                }
            }
            Order::Build { unit } => {
                let n = *built.get_or_insert_with(|| first_unused(produced, produced_dislodged));
                (unit.place.province, n)
            }
            _ => continue,
        };
        if let Some(slot) = units.slots.get_mut(to.index()) {
            if *slot != Slot::Empty {
                *slot = Slot::Number(n);
            }
        }
    }
    for i in standing {
        if let Some(slot @ Slot::Standing) = units.slots.get_mut(i) {
            *slot = produced
                .get(ProvinceId(i as u32))
                .map_or(Slot::Empty, Slot::Number);
        }
    }
    // Dislodged units are few and seldom: their table grows as they come.
    let mut dislodged = Production::default();
    for d in &next.dislodged {
        let p = d.unit.location.province;
        if let Some(n) = produced.get(p) {
            dislodged.insert(p, n);
        }
    }
    (units, dislodged)
}

/// One more than the largest number of a unit or a dislodged unit (0 when none has one).
fn first_unused(produced: &Production, produced_dislodged: &Production) -> u64 {
    produced
        .values()
        .chain(produced_dislodged.values())
        .max()
        .map_or(0, |m| m + 1)
}
