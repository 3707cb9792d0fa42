//! Buffers kept from one adjudication to the next, so that adjudicating a movement phase with a
//! reused [`crate::Adjudicator`] allocates (almost) only what it returns.
//!
//! A [`Pool`] holds spare vectors per element type. A phase takes the ones it needs (cleared and
//! filled to the length asked) and gives them back when done; a vector given back keeps its
//! capacity, so after the first phase of a given size nothing is allocated for them. A fresh
//! pool is just empty: taking from it allocates as `vec![fill; n]` would.

use std::collections::VecDeque;

use diplo_map::{Location, PowerId, ProvinceId};

use crate::interpret::{Eff, Routes, Status};
use crate::outcome::{AutomaticAction, OrderResult, Tag};
use crate::position::{Dislodged, Unit};
use crate::reason::Text;
use crate::resolve::{FleetScratch, Tri};

/// The buffers of movement phases: those of the board (the resolver) apart, as the board borrows
/// them while the rest of the phase is judged.
#[derive(Default)]
pub(crate) struct Scratch {
    /// For interpreting the orders and judging the results.
    pub pool: Pool,
    /// For the board (the resolver), which borrows it while the rest of the phase is judged.
    pub board: Pool,
}

/// The buffers of a reused [`crate::Adjudicator`], owned apart from it so that they can be kept
/// between adjudicators ([`crate::Adjudicator::with_scratch`],
/// [`crate::Adjudicator::into_scratch`]): e.g. by a game that makes an adjudicator per phase.
/// A fresh one is empty; any map may use one. Cloning one gives a fresh one (buffers are not
/// results).
#[derive(Default)]
pub struct AdjudicatorScratch {
    pub(crate) inner: Scratch,
}

impl Clone for AdjudicatorScratch {
    fn clone(&self) -> Self {
        AdjudicatorScratch::default()
    }
}

impl std::fmt::Debug for AdjudicatorScratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AdjudicatorScratch")
    }
}

/// Spare vectors, per element type.
#[derive(Default)]
pub(crate) struct Pool {
    u32s: Vec<Vec<u32>>,
    u8s: Vec<Vec<u8>>,
    bools: Vec<Vec<bool>>,
    tris: Vec<Vec<Tri>>,
    effs: Vec<Vec<Eff>>,
    statuses: Vec<Vec<Status>>,
    pairs: Vec<Vec<(u32, u32)>>,
    checked: Vec<Vec<Result<(u32, Eff), Text>>>,
    ends: Vec<Vec<Option<Location>>>,
    tags: Vec<Vec<Option<Tag>>>,
    provinces: Vec<Vec<ProvinceId>>,
    /// What an adjudication hands out, given back by `Adjudicator::recycle`: its results,
    /// its dislodged units (unordered, retreating and destroyed), its unresolved orders, and
    /// the next position's units, owners, dislodged units and contested provinces (kept with
    /// the provinces above).
    results: Vec<Vec<OrderResult>>,
    unordered: Vec<Vec<(Unit, Tag)>>,
    retreats: Vec<Vec<(Dislodged, usize)>>,
    places: Vec<Vec<Location>>,
    automatic: Vec<Vec<AutomaticAction>>,
    indices: Vec<Vec<usize>>,
    units: Vec<Vec<Unit>>,
    owners: Vec<Vec<Option<PowerId>>>,
    dislodged: Vec<Vec<Dislodged>>,
    /// The resolver's work queue.
    pub queue: VecDeque<u32>,
    /// The interpreter's convoy route searches (boxed: a phase borrows it by moving a pointer).
    pub routes: Option<Box<Routes>>,
    /// The resolver's walks along convoying fleets.
    pub fleets: FleetScratch,
}

/// An element type the pool keeps vectors of.
pub(crate) trait Pooled: Clone + Sized {
    /// The pool's spare vectors of this type.
    fn spares(pool: &mut Pool) -> &mut Vec<Vec<Self>>;
}

macro_rules! pooled {
    ($($t:ty => $field:ident),* $(,)?) => {
        $(impl Pooled for $t {
            fn spares(pool: &mut Pool) -> &mut Vec<Vec<Self>> {
                &mut pool.$field
            }
        })*
    };
}

pooled! {
    u32 => u32s,
    u8 => u8s,
    bool => bools,
    Tri => tris,
    Eff => effs,
    Status => statuses,
    (u32, u32) => pairs,
    Result<(u32, Eff), Text> => checked,
    Option<Location> => ends,
    Option<Tag> => tags,
    ProvinceId => provinces,
    OrderResult => results,
    (Unit, Tag) => unordered,
    (Dislodged, usize) => retreats,
    Location => places,
    AutomaticAction => automatic,
    usize => indices,
    Unit => units,
    Option<PowerId> => owners,
    Dislodged => dislodged,
}

impl Pool {
    /// The most spare vectors kept of one type: more than a movement phase ever has out at
    /// once (about a dozen of `u32`, the most used type).
    const MOST_SPARES: usize = 32;

    /// An empty vector with room for at least `capacity` items (a spare one, if any).
    pub fn empty<T: Pooled>(&mut self, capacity: usize) -> Vec<T> {
        let mut v = T::spares(self).pop().unwrap_or_default();
        v.clear();
        v.reserve(capacity);
        v
    }

    /// A spare vector as it was given back, its items kept (for a caller that overwrites them
    /// in place), or an empty one.
    pub fn used<T: Pooled>(&mut self) -> Vec<T> {
        T::spares(self).pop().unwrap_or_default()
    }

    /// A vector of `n` copies of `fill`.
    pub fn take<T: Pooled>(&mut self, n: usize, fill: T) -> Vec<T> {
        let mut v = T::spares(self).pop().unwrap_or_default();
        v.clear();
        v.resize(n, fill);
        v
    }

    /// Gives a vector back for later phases (unless it has no room, or the pool already keeps
    /// [`Pool::MOST_SPARES`] of its type: adjudications given back that a phase does not take
    /// again, those of retreat phases for example, do not pile up).
    pub fn give<T: Pooled>(&mut self, v: Vec<T>) {
        let spares = T::spares(self);
        if v.capacity() > 0 && spares.len() < Self::MOST_SPARES {
            spares.push(v);
        }
    }
}
