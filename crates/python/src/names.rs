//! The names of MILA's notation (`PAR`, `A PAR`, `F STP/SC`), worked out once per game as Python
//! strings, and the per-power dicts built from them straight into Python objects: a bot reads
//! the state every phase, so nothing here goes through an intermediate JSON value or makes a
//! string it made before; and the cache of what a phase's questions share.

use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasherDefault;
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};

use diplo_engine::{Phase, PhaseKind, Position, Unit};
use diplo_game::possible::{
    location_key, possible_with, PlaceNames, Possible, PossibleCache, PossibleOrder, UnitAt,
};
use diplo_game::Game as HostedGame;
use diplo_map::{Location, Map, PowerId, ProvinceId, UnitKind};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use rustc_hash::FxHasher;

/// A map's names as Python strings, made once per game.
pub struct Names {
    /// Per province: its short name in upper case (`PAR`), as Rust text (for sorting and for
    /// writing new order texts).
    keys: Vec<String>,
    /// Per province: each of its coasts' locations in upper case (`STP/SC`), as Rust text.
    coast_keys: Vec<Vec<String>>,
    /// Per province: its short name in upper case (`PAR`).
    provinces: Vec<Py<PyString>>,
    /// Per province: an army there (`A PAR`).
    armies: Vec<Py<PyString>>,
    /// Per province: a fleet there with no coast named (`F PAR`).
    fleets: Vec<Py<PyString>>,
    /// Per province: a fleet on each of its coasts (`F STP/NC`, `F STP/SC`).
    coasts: Vec<Vec<Py<PyString>>>,
    /// Per province: each of its coasts' locations (`STP/NC`, `STP/SC`).
    coast_locations: Vec<Vec<Py<PyString>>>,
    /// Per power (by index): its name.
    power_names: Vec<Py<PyString>>,
    /// The powers sorted by name (the key order of every per-power dict).
    powers: Vec<PowerId>,
    /// A dict of the powers' names (in `powers` order) to None: every per-power dict starts as
    /// a copy (sized and laid out once, instead of grown key by key).
    template: Py<PyDict>,
}

impl Names {
    /// The names of `map`.
    pub fn new(py: Python<'_>, map: &Map) -> Names {
        let s = |text: &str| PyString::new(py, text).unbind();
        let mut powers: Vec<PowerId> = map.power_ids().collect();
        powers.sort_by(|a, b| map.power(*a).name.cmp(&map.power(*b).name));
        let upper: Vec<String> = map
            .provinces()
            .iter()
            .map(|p| p.name.to_uppercase())
            .collect();
        let power_names: Vec<Py<PyString>> = map.powers().iter().map(|p| s(&p.name)).collect();
        let template = PyDict::new(py);
        for &p in &powers {
            // A new dict cannot refuse a string key.
            let _ = template.set_item(power_names[p.index()].bind(py), py.None());
        }
        let coast_keys: Vec<Vec<String>> = map
            .province_ids()
            .map(|p| {
                let n = map.province(p).coasts.len() as u8;
                (0..n)
                    .map(|c| location_key(map, Location::coast(p, c)))
                    .collect()
            })
            .collect();
        let coasts = coast_keys
            .iter()
            .map(|cs| cs.iter().map(|c| s(&format!("F {c}"))).collect());
        let coast_locations = (coast_keys.iter())
            .map(|cs| cs.iter().map(|c| s(c)).collect())
            .collect();
        Names {
            coast_locations,
            armies: upper.iter().map(|n| s(&format!("A {n}"))).collect(),
            fleets: upper.iter().map(|n| s(&format!("F {n}"))).collect(),
            coasts: coasts.collect(),
            provinces: upper.iter().map(|n| s(n)).collect(),
            power_names,
            powers,
            template: template.unbind(),
            keys: upper,
            coast_keys,
        }
    }

    /// A province's upper-case short name, as Rust text.
    pub fn key(&self, p: ProvinceId) -> &str {
        &self.keys[p.index()]
    }

    /// A province's upper-case short name.
    pub fn province<'py>(&self, py: Python<'py>, p: ProvinceId) -> &Bound<'py, PyString> {
        self.provinces[p.index()].bind(py)
    }

    /// The powers sorted by name (the order of every per-power dict, and of a position's
    /// units read from a dict).
    pub fn powers_by_name(&self) -> &[PowerId] {
        &self.powers
    }

    /// A province's coasts' locations, in upper case (`STP/NC`, `STP/SC`; none for most).
    pub fn coast_locations<'a, 'py>(
        &'a self,
        py: Python<'py>,
        p: ProvinceId,
    ) -> impl Iterator<Item = &'a Bound<'py, PyString>> + 'a
    where
        'py: 'a,
    {
        self.coast_locations[p.index()]
            .iter()
            .map(move |c| c.bind(py))
    }

    /// A unit as MILA writes it: `A PAR`, `F STP/SC`.
    pub fn unit<'py>(&self, py: Python<'py>, map: &Map, u: &Unit) -> Bound<'py, PyString> {
        let p = u.location.province.index();
        let made = match (u.kind, u.location.coast) {
            (UnitKind::Army, None) => self.armies.get(p),
            (UnitKind::Fleet, None) => self.fleets.get(p),
            (_, Some(c)) if u.kind == UnitKind::Fleet => {
                self.coasts.get(p).and_then(|c_| c_.get(c as usize))
            }
            _ => None,
        };
        match made {
            Some(s) => s.bind(py).clone(),
            None => {
                let text = format!("{} {}", u.kind.letter(), location_key(map, u.location));
                PyString::new(py, &text)
            }
        }
    }

    /// The units of the position `pos` at `indices` (`A PAR`, `F STP/SC`).
    pub fn units_list<'py>(
        &self,
        py: Python<'py>,
        map: &Map,
        pos: &Position,
        indices: &[usize],
    ) -> PyResult<Bound<'py, PyAny>> {
        let units = indices.iter().filter_map(|&i| pos.units.get(i));
        Ok(PyList::new(py, units.map(|u| self.unit(py, map, u)))?.into_any())
    }

    /// A power's home centres.
    pub fn homes_of<'py>(
        &self,
        py: Python<'py>,
        map: &Map,
        p: PowerId,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.provinces_list(py, map.home_centres(p).iter().copied())
    }

    /// A list of provinces' upper-case short names.
    pub fn provinces_list<'py>(
        &self,
        py: Python<'py>,
        provinces: impl Iterator<Item = ProvinceId>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let items = provinces.map(|p| self.province(py, p));
        Ok(PyList::new(py, items)?.into_any())
    }

    /// A dict from each power's name (in name order) to `f(power)`.
    pub fn per_power<'py>(
        &self,
        py: Python<'py>,
        mut f: impl FnMut(PowerId) -> PyResult<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let out = self.template.bind(py).copy()?;
        for &p in &self.powers {
            out.set_item(self.power(py, p), f(p)?)?;
        }
        Ok(out)
    }

    /// A power's name.
    pub fn power<'py>(&self, py: Python<'py>, p: PowerId) -> &Bound<'py, PyString> {
        self.power_names[p.index()].bind(py)
    }

    /// The power whose name `s` is, if `s` is the very string [`Names::power`] hands out.
    pub fn power_by_identity(&self, s: &Bound<'_, PyString>) -> Option<PowerId> {
        let i = self
            .power_names
            .iter()
            .position(|n| n.as_ptr() == s.as_ptr())?;
        Some(PowerId(i as u8))
    }
}

/// New order texts are written with the names made once, not upper-cased again.
impl PlaceNames for Names {
    fn province(&self, p: ProvinceId, out: &mut String) {
        out.push_str(self.key(p));
    }

    fn location(&self, loc: Location, out: &mut String) {
        match loc.coast {
            None => out.push_str(self.key(loc.province)),
            Some(c) => out.push_str(&self.coast_keys[loc.province.index()][usize::from(c)]),
        }
    }
}

/// Order texts kept at most: past this the cache starts afresh (a huge map's orders).
const MAX_TEXTS: usize = 1 << 20;

/// A hash map with a fast hasher: the keys are small plain data made by diplo, not by users.
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// Each possible order's text as a Python string (immutable, so one may serve every game),
/// and back: a text handed out is known by its address when it comes back to `set_orders`
/// (the strings are kept alive here, so an address names one string while it is kept).
#[derive(Default)]
pub struct Texts {
    /// Each order's [`key`] to its text (which the table keeps alive).
    table: KeyTable,
    /// Per text, in the order made, its order.
    orders: Vec<PossibleOrder>,
    /// Each text's address to its index in `orders`.
    by_address: FastMap<usize, u32>,
}

/// One slot of a [`KeyTable`]: 24 bytes, the key and the text itself, so that a look-up reads
/// one slot and the string it hands out.
#[derive(Default)]
struct Slot {
    /// The key's low and high halves.
    key: [u64; 2],
    /// The text (`None`: an empty slot).
    text: Option<Py<PyString>>,
}

/// An open-addressing table (linear probing, at most three quarters full) from an order's
/// [`key`] to its text: a lookup is a multiplication and a comparison or two.
#[derive(Default)]
struct KeyTable {
    /// A power of two long.
    slots: Vec<Slot>,
    len: usize,
}

impl KeyTable {
    /// Where a key's probe starts: the top bits of the key's halves mixed by multiplication
    /// (every bit of the key moves the top bits).
    fn start(&self, key: [u64; 2]) -> usize {
        const K: u64 = 0x9E37_79B9_7F4A_7C15;
        let h = (key[0].wrapping_mul(K) ^ key[1]).wrapping_mul(K);
        (h >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    #[inline]
    fn get(&self, key: u128) -> Option<&Py<PyString>> {
        if self.slots.is_empty() {
            return None;
        }
        let key = halves(key);
        let mut i = self.start(key);
        loop {
            let slot = &self.slots[i];
            let text = slot.text.as_ref()?;
            if slot.key == key {
                return Some(text);
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }

    /// Adds a key not in the table, with its text.
    fn insert(&mut self, key: u128, text: Py<PyString>) {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            let old = std::mem::take(&mut self.slots);
            let size = (old.len() * 2).max(1024);
            self.slots.resize_with(size, Slot::default);
            for slot in old.into_iter().filter(|s| s.text.is_some()) {
                self.place(slot);
            }
        }
        self.place(Slot {
            key: halves(key),
            text: Some(text),
        });
        self.len += 1;
    }

    fn place(&mut self, slot: Slot) {
        let mut i = self.start(slot.key);
        while self.slots[i].text.is_some() {
            i = (i + 1) & (self.slots.len() - 1);
        }
        self.slots[i] = slot;
    }
}

/// A key's low and high halves.
fn halves(key: u128) -> [u64; 2] {
    [key as u64, (key >> 64) as u64]
}

impl Texts {
    /// The text of `order` (made now if it is new; `buf` is scratch).
    #[inline]
    pub fn text<'py>(
        &mut self,
        py: Python<'py>,
        names: &Names,
        order: PossibleOrder,
        buf: &mut String,
    ) -> Bound<'py, PyString> {
        let k = key(&order);
        match self.table.get(k) {
            Some(text) => text.bind(py).clone(),
            None => self.make(py, names, order, k, buf),
        }
    }

    /// Makes the text of a new `order` (whose [`key`] is `k`) and keeps it.
    #[inline(never)]
    fn make<'py>(
        &mut self,
        py: Python<'py>,
        names: &Names,
        order: PossibleOrder,
        k: u128,
        buf: &mut String,
    ) -> Bound<'py, PyString> {
        buf.clear();
        order.write(names, buf);
        let text = PyString::new(py, buf);
        let index = self.orders.len() as u32;
        self.by_address.insert(text.as_ptr() as usize, index);
        self.table.insert(k, text.clone().unbind());
        self.orders.push(order);
        text
    }

    /// The text of a support of a fleet's move naming the coast it moves to (`A MAR S F GAS -
    /// SPA/NC`, as MILA lists next to `... - SPA`): `order` is the support (a
    /// [`PossibleOrder::SupportMove`]), `coast` the coast's index in its province. Kept, but
    /// not known by [`Texts::order_of`]: set back, it is read as text, so that a ruleset that
    /// reads a support's coast (`support_coast`) sees it.
    pub fn coast_support_text<'py>(
        &mut self,
        py: Python<'py>,
        names: &Names,
        order: PossibleOrder,
        coast: u8,
        buf: &mut String,
    ) -> Bound<'py, PyString> {
        let PossibleOrder::SupportMove(_, _, to) = order else {
            return self.text(py, names, order, buf);
        };
        let to = Location {
            province: to,
            coast: Some(coast),
        };
        let write = |buf: &mut String| {
            buf.clear();
            order.write(names, buf);
            buf.truncate(buf.len() - names.key(to.province).len());
            names.location(to, buf);
        };
        // Tags 10 to 15 (unused by `key`) hold the coast: the six first coasts of a province
        // are kept; a text for another (no map has one) is made each time.
        if coast >= 6 {
            write(buf);
            return PyString::new(py, buf);
        }
        let k = key(&order) & !0xF | u128::from(10 + coast);
        if let Some(text) = self.table.get(k) {
            return text.bind(py).clone();
        }
        write(buf);
        let text = PyString::new(py, buf);
        self.table.insert(k, text.clone().unbind());
        text
    }

    /// The possible order whose text `s` is, if `s` is one of the strings handed out.
    pub fn order_of(&self, s: &Bound<'_, PyAny>) -> Option<PossibleOrder> {
        let index = *self.by_address.get(&(s.as_ptr() as usize))?;
        self.orders.get(index as usize).copied()
    }

    /// The texts kept (those [`Texts::order_of`] knows and the coast supports').
    fn len(&self) -> usize {
        self.table.len
    }

    fn clear(&mut self) {
        *self = Texts::default();
    }
}

/// A unit in 42 bits: province (32), coast + 1 or 0 (9), kind (1).
fn unit_bits(u: UnitAt) -> u128 {
    let kind = u128::from(u.kind == UnitKind::Fleet);
    location_bits(u.location) << 1 | kind
}

/// A location in 41 bits: province (32), coast + 1 or 0 (9).
fn location_bits(l: Location) -> u128 {
    let coast = l.coast.map_or(0, |c| u128::from(c) + 1);
    u128::from(l.province.0) << 9 | coast
}

/// A possible order as one number, different for different orders (a variant tag in 4 bits,
/// then the variant's fields): a hash key quicker to hash and compare than the order.
fn key(order: &PossibleOrder) -> u128 {
    use PossibleOrder::*;
    let (tag, fields) = match *order {
        Hold(u) => (0, unit_bits(u)),
        Move(u, to) => (1, unit_bits(u) | location_bits(to) << 42),
        MoveVia(u, to) => (2, unit_bits(u) | u128::from(to.0) << 42),
        SupportHold(u, v) => (3, unit_bits(u) | unit_bits(v) << 42),
        SupportMove(u, v, to) => (
            4,
            unit_bits(u) | unit_bits(v) << 42 | u128::from(to.0) << 84,
        ),
        Convoy(u, v, to) => (
            5,
            unit_bits(u) | unit_bits(v) << 42 | u128::from(to.0) << 84,
        ),
        Retreat(u, to) => (6, unit_bits(u) | location_bits(to) << 42),
        Disband(u) => (7, unit_bits(u)),
        Build(u) => (8, unit_bits(u)),
        Waive => (9, 0),
    };
    fields << 4 | tag
}

/// What the possible orders take from each built-in map alone, by name, shared by every game
/// on it.
static SHARED_STEPS: Mutex<BTreeMap<String, Arc<Mutex<PossibleCache>>>> =
    Mutex::new(BTreeMap::new());

/// The map steps shared by the games on the built-in map `name`.
pub fn shared_steps(name: &str) -> Arc<Mutex<PossibleCache>> {
    let Ok(mut all) = SHARED_STEPS.lock() else {
        return Arc::default();
    };
    all.entry(name.to_string()).or_default().clone()
}

/// The names of each built-in map, by name, shared by every game on it.
static SHARED_NAMES: Mutex<BTreeMap<String, Arc<Names>>> = Mutex::new(BTreeMap::new());

/// The names of the built-in map `name` (which is `map`), made once.
pub fn shared_names(py: Python<'_>, name: &str, map: &Map) -> Arc<Names> {
    let Ok(mut all) = SHARED_NAMES.lock() else {
        return Arc::new(Names::new(py, map));
    };
    all.entry(name.to_string())
        .or_insert_with(|| Arc::new(Names::new(py, map)))
        .clone()
}

/// The order texts of each built-in map, by name, shared by every game on it: a new game
/// starts with the texts of the games before it.
static SHARED_TEXTS: Mutex<BTreeMap<String, Arc<Mutex<Texts>>>> = Mutex::new(BTreeMap::new());

/// The order texts shared by the games on the built-in map `name`.
pub fn shared_texts(name: &str) -> Arc<Mutex<Texts>> {
    let Ok(mut all) = SHARED_TEXTS.lock() else {
        return Arc::default();
    };
    all.entry(name.to_string()).or_default().clone()
}

/// What a game works out once per phase, and the Python text of each possible order seen so
/// far (the same orders come back phase after phase, so most texts are made once; the games
/// on a built-in map share them).
#[derive(Default)]
pub struct PhaseCache {
    /// The phase the other fields belong to.
    phase: Option<Phase>,
    possible: Option<Vec<Possible>>,
    /// What the possible orders take from the map alone, kept over the game (shared by the
    /// games on a built-in map).
    possible_cache: Arc<Mutex<PossibleCache>>,
    /// Per power (by index), its orderable locations in name order.
    orderable: Option<Vec<Vec<ProvinceId>>>,
    /// Who has which units and centres (`powers` and `get_state` both read it), when
    /// `board_ready` (kept over phases for its memory).
    board: Board,
    board_ready: bool,
    /// The phase's names: MILA's short one (`S1901M`) and the full one (`Spring 1901 Movement`).
    phase_names: Option<[Py<PyString>; 2]>,
    /// Each possible order's text, as a Python string.
    texts: Arc<Mutex<Texts>>,
}

/// Each power's units and supply centres in a phase, by power index.
#[derive(Default)]
pub struct Board {
    /// Each power's units, as indices into the position's units in board order.
    units: ByPower<usize>,
    /// Each power's supply centres, in province order.
    centres: ByPower<ProvinceId>,
}

/// Items grouped by power (in power index order), each power's in the order given: one list
/// and where each power's part starts, refilled in two passes into the memory of the last.
struct ByPower<T> {
    items: Vec<T>,
    /// Where each power's items start in `items` (one more entry than powers).
    starts: Vec<usize>,
    /// Where the next item of each power goes (while refilling).
    fill: Vec<usize>,
}

impl<T> Default for ByPower<T> {
    fn default() -> Self {
        ByPower {
            items: Vec::new(),
            starts: Vec::new(),
            fill: Vec::new(),
        }
    }
}

impl<T: Copy> ByPower<T> {
    /// Puts in the items `each()` gives with their powers (the same each time it is called);
    /// `blank` fills the list before the items are put in their places.
    fn refill<I: Iterator<Item = (PowerId, T)>>(
        &mut self,
        powers: usize,
        blank: T,
        each: impl Fn() -> I,
    ) {
        let starts = &mut self.starts;
        starts.clear();
        starts.resize(powers + 1, 0);
        for (p, _) in each() {
            if let Some(n) = starts.get_mut(p.index() + 1) {
                *n += 1;
            }
        }
        for p in 0..powers {
            starts[p + 1] += starts[p];
        }
        self.fill.clear();
        self.fill.extend_from_slice(&starts[..powers]);
        self.items.clear();
        self.items.resize(starts[powers], blank);
        for (p, item) in each() {
            if let Some(at) = self.fill.get_mut(p.index()) {
                self.items[*at] = item;
                *at += 1;
            }
        }
    }

    /// Power `p`'s items.
    fn of(&self, p: PowerId) -> &[T] {
        let i = p.index();
        &self.items[self.starts[i]..self.starts[i + 1]]
    }
}

impl Board {
    /// The units of power `p`, as indices into the position's units, in board order.
    pub fn units_of(&self, p: PowerId) -> &[usize] {
        self.units.of(p)
    }

    /// The supply centres of power `p`, in province order.
    pub fn centres_of(&self, p: PowerId) -> &[ProvinceId] {
        self.centres.of(p)
    }
}

/// What a call uses of something shared that may be in use already (a call re-entering the
/// game, or another thread): the shared value, or one of the call's own.
pub enum Locked<'a, T> {
    /// The shared value.
    Shared(MutexGuard<'a, T>),
    /// A value for this call alone.
    Own(Box<T>),
}

impl<T> std::ops::Deref for Locked<'_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        match self {
            Locked::Shared(t) => t,
            Locked::Own(t) => t,
        }
    }
}

impl<T> std::ops::DerefMut for Locked<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        match self {
            Locked::Shared(t) => t,
            Locked::Own(t) => t,
        }
    }
}

/// The phase cache a call uses: the game's own, or a fresh one when that is in use.
pub type CacheRef<'a> = Locked<'a, PhaseCache>;

impl PhaseCache {
    /// A cache whose order texts are `texts` and whose map steps are `steps` (shared, or a
    /// game's own).
    pub fn new(texts: Arc<Mutex<Texts>>, steps: Arc<Mutex<PossibleCache>>) -> PhaseCache {
        PhaseCache {
            texts,
            possible_cache: steps,
            ..Default::default()
        }
    }

    /// The order texts this cache shares (with the other games on its map).
    pub fn shared_texts(&self) -> Arc<Mutex<Texts>> {
        self.texts.clone()
    }

    /// The map steps this cache shares (with the other games on its map).
    pub fn shared_steps(&self) -> Arc<Mutex<PossibleCache>> {
        self.possible_cache.clone()
    }

    /// Forgets what belongs to another phase than `phase`.
    pub fn enter(&mut self, phase: Phase) {
        if self.phase != Some(phase) {
            self.phase = Some(phase);
            // The orders' memory goes back to the map steps for the next phase's orders
            // (unless those are in use by a call this one interrupted).
            if let (Some(old), Ok(mut steps)) =
                (self.possible.take(), self.possible_cache.try_lock())
            {
                steps.recycle(old);
            }
            self.orderable = None;
            self.board_ready = false;
            self.phase_names = None;
        }
    }

    /// Every orderable location with its possible orders, as data.
    pub fn possible(&mut self, g: &HostedGame) -> &[Possible] {
        self.possible.get_or_insert_with(|| {
            // A cache poisoned by a panic elsewhere is dropped: it only saves work.
            let mut cache = self.possible_cache.lock().unwrap_or_else(|poisoned| {
                let mut cache = poisoned.into_inner();
                *cache = PossibleCache::default();
                cache
            });
            possible_with(&mut cache, &g.map, &g.rules, &g.position)
        })
    }

    /// The possible orders (as [`PhaseCache::possible`]) with the texts made so far; texts
    /// of this call's own when the shared ones are in use by a call this one interrupted.
    pub fn possible_with_texts(&mut self, g: &HostedGame) -> (&[Possible], TextsRef<'_>) {
        self.possible(g);
        let texts = match try_lock_texts(&self.texts) {
            Some(mut texts) => {
                if texts.len() > MAX_TEXTS {
                    texts.clear();
                }
                Locked::Shared(texts)
            }
            None => Locked::Own(Box::default()),
        };
        (self.possible.as_deref().unwrap_or_default(), texts)
    }

    /// The texts made so far, unless they are in use by a call this one interrupted.
    pub fn texts(&self) -> Option<MutexGuard<'_, Texts>> {
        try_lock_texts(&self.texts)
    }

    /// The names of the phase `phase` (the cache's): MILA's short one (`S1901M`) and the full
    /// one (`Spring 1901 Movement`), made once a phase.
    pub fn phase_names<'py>(
        &mut self,
        py: Python<'py>,
        map: &Map,
        phase: Phase,
    ) -> [Bound<'py, PyString>; 2] {
        let [short, long] = self.phase_names.get_or_insert_with(|| {
            let short = diplo_game::mila::short_phase(map, phase);
            let long = phase.name(map).to_string();
            [
                PyString::new(py, &short).unbind(),
                PyString::new(py, &long).unbind(),
            ]
        });
        [short.bind(py).clone(), long.bind(py).clone()]
    }

    /// Each power's units and supply centres, worked out once a phase.
    pub fn board(&mut self, map: &Map, pos: &Position) -> &Board {
        if !self.board_ready {
            let powers = map.powers().len();
            let units = || pos.units.iter().enumerate().map(|(i, u)| (u.power, i));
            self.board.units.refill(powers, 0, units);
            let centres = || {
                let owners = map.province_ids().zip(&pos.owners);
                owners.filter_map(|(c, owner)| Some(((*owner)?, c)))
            };
            self.board.centres.refill(powers, ProvinceId(0), centres);
            self.board_ready = true;
        }
        &self.board
    }
}

/// The texts (emptied if a call panicked while holding them), or `None` while another call
/// holds them. Never waited for: a call holds them while it makes Python objects, which may
/// run Python code (a `__del__` in a garbage collection, a switch to another thread) that
/// calls in again; waiting then, with the GIL held, would never end.
fn try_lock_texts(texts: &Mutex<Texts>) -> Option<MutexGuard<'_, Texts>> {
    match texts.try_lock() {
        Ok(texts) => Some(texts),
        Err(TryLockError::Poisoned(poisoned)) => {
            let mut texts = poisoned.into_inner();
            texts.clear();
            Some(texts)
        }
        Err(TryLockError::WouldBlock) => None,
    }
}

/// The order texts a call uses: the shared ones, or its own when those are in use (its texts
/// are then not known again by `set_orders`, which reads them as text instead).
pub type TextsRef<'a> = Locked<'a, Texts>;

impl PhaseCache {
    /// Per power (by index), its orderable locations in the order of their names: those of
    /// the possible orders when they are listed already (always in a winter, where each build
    /// is put to the engine once), otherwise straight from the units (dislodged units in a
    /// retreat phase); none for a neutral power.
    pub fn orderable(&mut self, g: &HostedGame, names: &Names) -> &[Vec<ProvinceId>] {
        if self.orderable.is_none() {
            let powers = g.map.powers().len();
            let mut by_power: Vec<Vec<ProvinceId>> =
                (0..powers).map(|_| Vec::with_capacity(16)).collect();
            let pos = &g.position;
            // A neutral power never orders (its orders are refused): it has nothing to order.
            let neutral = |p: PowerId| g.map.power(p).neutral;
            let listed = self.possible.is_some() || pos.phase.kind == PhaseKind::Adjustment;
            if listed {
                // The possible orders' locations: the same places, sorted by name already.
                for at in self.possible(g) {
                    by_power[at.power.index()].push(at.province);
                }
            } else {
                let mut put = |p: PowerId, province: ProvinceId| {
                    if !neutral(p) {
                        by_power[p.index()].push(province);
                    }
                };
                if pos.phase.kind == PhaseKind::Retreat {
                    for d in &pos.dislodged {
                        put(d.unit.power, d.unit.location.province);
                    }
                } else {
                    for u in &pos.units {
                        put(u.power, u.location.province);
                    }
                }
                for provinces in &mut by_power {
                    provinces.sort_by(|a, b| names.key(*a).cmp(names.key(*b)));
                    provinces.dedup();
                }
            }
            self.orderable = Some(by_power);
        }
        self.orderable.as_deref().unwrap_or_default()
    }
}
