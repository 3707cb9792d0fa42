//! Each unit's results of a phase in MILA's codes, as MILA's `diplomacy` package reports them
//! in a saved game's `results`: every unit of the phase a key (an empty list when nothing went
//! wrong), `bounce`, `cut`, `void`, `no convoy`, `disrupted`, `dislodged`, `disband`, and `""`
//! for a build or removal made.
//!
//! MILA's codes are not a plain translation of the DATC's words: MILA reports a convoyed move
//! that found no convoy as `no convoy` (diplo: invalid), the supports and convoys of such a
//! move with it, a convoy the army did not take or could not use as `no convoy` and `void`, a
//! support that would dislodge a unit of the supporter's own power as `void` when it would
//! have counted (never for a move by convoy that has a route: MILA then finds no defender), a
//! unit destroyed for want of a retreat as dislodged (and disbanded in the next retreat or
//! adjustment phase), a removal in civil disorder as a removal made. The rules below
//! were worked out against MILA 1.1.2. The drop-in `diplo.mila` takes a movement phase's
//! codes from here ([`phase_codes`](super::phase_codes)) and works out the retreat and adjustment phases' itself
//! (its CI step plays random games on it and on MILA and compares the codes unit by unit);
//! the Python tests compare the saved game's codes with the drop-in's.
//!
//! A movement phase's passes are in `codes/movement.rs`; the retreat and adjustment phases' here.

use diplo_engine::{PhaseKind, Position, Unit};
use diplo_map::{Map, PowerId, ProvinceId, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, WrittenCoast};

use super::words::UpperNames;

mod movement;
use movement::Movement;

/// One of MILA's codes, by its place in [`CODE_TEXTS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Code(u8);

/// Each code's text, as MILA writes it.
const CODE_TEXTS: [&str; 8] = [
    "",
    "no convoy",
    "bounce",
    "void",
    "cut",
    "dislodged",
    "disrupted",
    "disband",
];

/// A build or removal made.
const OK: Code = Code(0);
const NO_CONVOY: Code = Code(1);
const BOUNCE: Code = Code(2);
const VOID: Code = Code(3);
const CUT: Code = Code(4);
const DISLODGED: Code = Code(5);
const DISRUPTED: Code = Code(6);
const DISBAND: Code = Code(7);

impl Code {
    /// The code as MILA writes it.
    fn text(self) -> &'static str {
        CODE_TEXTS[self.0 as usize]
    }
}

/// One order of a phase as the export knows it: who gave it, the order, its MILA text, and the
/// DATC's result words and reason.
pub(super) struct Judged<'a> {
    pub power: Option<PowerId>,
    pub order: &'a Order,
    /// MILA's text (`A PAR - BUR`).
    pub text: &'a str,
    /// `succeeds`, `fails, dislodged` ...
    pub words: &'a str,
    /// Why, in words (only read for a move that failed or was invalid: a convoy named there).
    pub reason: &'a str,
}

/// One key's codes (never more than a few).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Codes {
    list: [Code; 6],
    len: u8,
}

impl Codes {
    fn as_slice(&self) -> &[Code] {
        &self.list[..self.len as usize]
    }
    /// The codes as MILA writes them, in order.
    pub(super) fn texts(&self) -> impl ExactSizeIterator<Item = &'static str> + '_ {
        self.as_slice().iter().map(|c| c.text())
    }
    fn is_empty(&self) -> bool {
        self.len == 0
    }
    fn contains(&self, code: Code) -> bool {
        self.as_slice().contains(&code)
    }
    fn push(&mut self, code: Code) {
        if (self.len as usize) < self.list.len() {
            self.list[self.len as usize] = code;
            self.len += 1;
        }
    }
    fn push_unique(&mut self, code: Code) {
        if !self.contains(code) {
            self.push(code);
        }
    }
    /// `no convoy` first and `void` last, as MILA reports a convoy it could not use.
    fn unused_convoy(&mut self) {
        let old = *self;
        *self = Codes::default();
        self.push(NO_CONVOY);
        for &c in old.as_slice() {
            self.push(c);
        }
        self.push(VOID);
    }
}

/// The results of one phase: each key (a unit, or what an order named that is no unit of its
/// power, `WAIVE`) with its codes. Kept by the writer and filled again phase after phase.
#[derive(Default)]
pub(super) struct Results {
    /// The keys, one after the other.
    keys: String,
    /// Each key's place in `keys`, and its codes.
    entries: Vec<(u32, u32, Codes)>,
    /// The entries' indices in their keys' order ([`Results::sort`]).
    order: Vec<u32>,
}

impl Results {
    /// Each key with its codes, in the keys' order (once sorted).
    pub(super) fn iter(&self) -> impl Iterator<Item = (&str, &Codes)> + '_ {
        self.order.iter().map(|&i| {
            let (start, end, codes) = &self.entries[i as usize];
            (&self.keys[*start as usize..*end as usize], codes)
        })
    }

    /// Each key with its codes' texts, in the keys' order, as owned values.
    pub(super) fn keyed(&self) -> Vec<(String, Vec<&'static str>)> {
        (self.iter())
            .map(|(key, codes)| (key.to_string(), codes.texts().collect()))
            .collect()
    }

    /// Emptied (the current phase, not adjudicated, has no results).
    pub(super) fn clear(&mut self) {
        self.keys.clear();
        self.entries.clear();
        self.order.clear();
    }

    /// A new key for `unit` (`A PAR`, `F STP/SC`), with no codes; returns its index.
    fn add_unit(&mut self, map: &Map, upper: &UpperNames, unit: &Unit) -> usize {
        let start = self.keys.len() as u32;
        write_unit(map, upper, unit, &mut self.keys);
        self.entries
            .push((start, self.keys.len() as u32, Codes::default()));
        self.entries.len() - 1
    }

    /// The index of `unit`'s key, added with no codes if it is not there.
    fn unit(&mut self, map: &Map, upper: &UpperNames, unit: &Unit) -> usize {
        let start = self.keys.len();
        write_unit(map, upper, unit, &mut self.keys);
        let found = self.find(&self.keys[start..]);
        self.keys.truncate(start);
        found.unwrap_or_else(|| self.add_unit(map, upper, unit))
    }

    /// The index of `key`, if it is there.
    fn find(&self, key: &str) -> Option<usize> {
        (self.entries.iter())
            .position(|(start, end, _)| &self.keys[*start as usize..*end as usize] == key)
    }

    /// The index of `key`, added with no codes if it is not there.
    fn key(&mut self, key: &str) -> usize {
        self.find(key).unwrap_or_else(|| {
            let start = self.keys.len() as u32;
            self.keys.push_str(key);
            self.entries
                .push((start, self.keys.len() as u32, Codes::default()));
            self.entries.len() - 1
        })
    }

    fn codes(&mut self, i: usize) -> &mut Codes {
        &mut self.entries[i].2
    }

    /// Puts the keys in order: the entries' indices, sorted by the keys' first eight bytes
    /// as a number (the keys of units, `A PAR`, `F STP/SC`, mostly differ there) and then by
    /// the whole key.
    fn sort(&mut self) {
        let (keys, entries) = (&self.keys, &self.entries);
        let key = |i: u32| {
            let (start, end, _) = entries[i as usize];
            &keys.as_bytes()[start as usize..end as usize]
        };
        let mut tagged: Vec<(u64, u32)> = (0..entries.len() as u32)
            .map(|i| (prefix(key(i)), i))
            .collect();
        // The keys are unique (each added once): an unstable sort gives the one order.
        tagged.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| key(a.1).cmp(key(b.1))));
        self.order.clear();
        self.order.extend(tagged.iter().map(|&(_, i)| i));
    }
}

/// The first eight bytes of `key` as a big-endian number (zeros after a shorter key): two keys
/// whose numbers differ compare as those numbers do.
fn prefix(key: &[u8]) -> u64 {
    let mut bytes = [0u8; 8];
    let n = key.len().min(8);
    bytes[..n].copy_from_slice(&key[..n]);
    u64::from_be_bytes(bytes)
}

/// A unit's MILA key (`A PAR`, `F STP/SC`) at the end of `out`.
fn write_unit(map: &Map, upper: &UpperNames, unit: &Unit, out: &mut String) {
    out.push(unit.kind.letter());
    out.push(' ');
    super::words::push_location(map, upper, unit.location, out);
}

/// What the writer keeps from one phase to the next.
#[derive(Default)]
pub(super) struct Carry {
    /// The units the last movement phase destroyed for want of a retreat: MILA keeps them
    /// dislodged and disbands them in the next retreat or adjustment phase (none when a
    /// movement phase comes next).
    destroyed: Vec<Unit>,
}

impl Carry {
    /// What a phase after a movement phase that destroyed `destroyed` needs of it.
    pub(super) fn after_destroying(destroyed: Vec<Unit>) -> Carry {
        Carry { destroyed }
    }

    /// The units the last movement phase destroyed (none after any other phase).
    pub(super) fn destroyed(self) -> Vec<Unit> {
        self.destroyed
    }
}

/// The phase of `pos`, adjudicated with `judged` into `next`, in MILA's codes, into `out`
/// (emptied first; keys sorted).
pub(super) fn codes(
    map: &Map,
    upper: &UpperNames,
    (pos, next): (&Position, &Position),
    judged: &[Judged],
    carry: &mut Carry,
    out: &mut Results,
) {
    out.clear();
    let cx = Cx { map, upper, judged };
    match pos.phase.kind {
        PhaseKind::Movement => {
            carry.destroyed.clear();
            Movement::new(&cx, pos, out).codes(next, &mut carry.destroyed);
        }
        PhaseKind::Retreat => retreats(&cx, (pos, next), &carry.destroyed, out),
        PhaseKind::Adjustment => adjustments(&cx, (pos, next), &carry.destroyed, out),
    }
    if pos.phase.kind != PhaseKind::Movement {
        carry.destroyed.clear();
    }
    out.sort();
}

/// What every phase's work reads.
struct Cx<'a> {
    map: &'a Map,
    upper: &'a UpperNames,
    judged: &'a [Judged<'a>],
}

/// The first of a result's words (`fails` of `fails, dislodged`).
fn head(words: &str) -> &str {
    words.split(',').next().unwrap_or("")
}

/// Whether `word` is one of a result's words (`dislodged` of `fails, dislodged`, or of
/// `, dislodged`: the words after the first).
fn has_word(words: &str, word: &str) -> bool {
    words.split(',').any(|w| w.trim_start() == word)
}

/// The unit an order's text names, when it is no unit of the board: its first two words.
fn text_key(text: &str) -> &str {
    let t = text.trim_start();
    let first = t.find(' ').unwrap_or(t.len());
    let rest = &t[first..];
    let second = rest.trim_start();
    let end = t.len() - second.len() + second.find(' ').unwrap_or(second.len());
    &t[..end]
}

/// Whether a unit written `kind` at `place` (its coast as written) is `unit`.
fn is(kind: Option<UnitKind>, place: &Place, unit: &Unit) -> bool {
    let coast = match place.coast {
        None => true,
        Some(WrittenCoast::Known(c)) => unit.location.coast == Some(c),
        Some(WrittenCoast::Unknown(_)) => false,
    };
    place.province == unit.location.province && kind.is_none_or(|k| k == unit.kind) && coast
}

/// A unit's order, as MILA's codes look at it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cmd<'a> {
    Hold,
    /// A move; `plain`: written `A PAR - BUR`, no convoy asked for and no path; `via`: a
    /// convoy asked for (`A LON - BEL VIA`).
    Move {
        to: ProvinceId,
        plain: bool,
        via: bool,
    },
    SupportHold {
        named: &'a OtherUnit,
    },
    SupportMove {
        named: &'a OtherUnit,
        to: ProvinceId,
    },
    Convoy {
        named: &'a OtherUnit,
        to: ProvinceId,
    },
    Other,
}

impl<'a> Cmd<'a> {
    fn of(order: &'a Order) -> Cmd<'a> {
        match order {
            Order::Hold { .. } => Cmd::Hold,
            Order::Move {
                to,
                via_convoy,
                path,
                ..
            } => Cmd::Move {
                to: to.province,
                plain: !via_convoy && path.is_empty(),
                via: *via_convoy,
            },
            Order::SupportHold { supported, .. } => Cmd::SupportHold { named: supported },
            Order::SupportMove { supported, to, .. } => Cmd::SupportMove {
                named: supported,
                to: to.province,
            },
            Order::Convoy { army, to, .. } => Cmd::Convoy {
                named: army,
                to: to.province,
            },
            _ => Cmd::Other,
        }
    }

    /// The unit a support or convoy names, when written an army (`S A ...`, `C A ...`).
    fn names_army(self) -> Option<&'a OtherUnit> {
        match self {
            Cmd::SupportHold { named }
            | Cmd::SupportMove { named, .. }
            | Cmd::Convoy { named, .. }
                if named.kind == Some(UnitKind::Army) =>
            {
                Some(named)
            }
            _ => None,
        }
    }
}

/// Whether two units are written alike (MILA's key: the type and the location).
fn same_place(a: &Unit, b: &Unit) -> bool {
    a.kind == b.kind && a.location == b.location
}

/// A retreat phase: each dislodged unit a key; a retreat that fails `bounce`, an order that
/// cannot be given `void`; a unit that does not arrive somewhere `disband`, as each unit the
/// movement phase `destroyed`.
fn retreats(cx: &Cx, (pos, next): (&Position, &Position), destroyed: &[Unit], out: &mut Results) {
    let units: Vec<&Unit> = pos.dislodged.iter().map(|d| &d.unit).collect();
    for u in &units {
        out.add_unit(cx.map, cx.upper, u);
    }
    let mut command: Vec<Option<usize>> = vec![None; units.len()];
    for (j, o) in cx.judged.iter().enumerate() {
        let unit =
            (o.order.unit()).and_then(|r| units.iter().position(|u| is(r.kind, &r.place, u)));
        match unit {
            Some(u) if Some(units[u].power) == o.power => command[u] = Some(j),
            Some(u) => out.codes(u).push_unique(VOID),
            None => {
                let k = out.key(text_key(o.text));
                out.codes(k).push_unique(VOID);
            }
        }
    }
    for (u, unit) in units.iter().enumerate() {
        let Some(j) = command[u] else {
            out.codes(u).push(DISBAND);
            continue;
        };
        let o = &cx.judged[j];
        match head(o.words) {
            "fails" => out.codes(u).push(BOUNCE),
            "illegal" | "invalid" => out.codes(u).push(VOID),
            _ => {}
        }
        let to = match o.order {
            Order::Retreat { to, .. } | Order::Move { to, .. } => Some(to.province),
            _ => None,
        };
        let arrived = to.is_some_and(|to| {
            (next.units.iter()).any(|v| v.kind == unit.kind && v.location.province == to)
        });
        if !arrived {
            out.codes(u).push(DISBAND);
        }
    }
    for unit in destroyed {
        let k = out.unit(cx.map, cx.upper, unit);
        out.codes(k).push_unique(DISBAND);
    }
}

/// An adjustment phase: each build or removal `""` when made and `void` when not, a waive
/// `void` (it orders no unit); a unit the rules remove without an order (civil disorder) `""`
/// too (MILA orders the removal for the power, and it succeeds). The units the movement phase
/// just before `destroyed` (no retreat phase between: none could retreat) are disbanded now.
fn adjustments(
    cx: &Cx,
    (pos, next): (&Position, &Position),
    destroyed: &[Unit],
    out: &mut Results,
) {
    for o in cx.judged {
        let (key, code) = match o.order {
            Order::Decline => ("WAIVE", VOID),
            _ if o.words == "succeeds" => (text_key(o.text), OK),
            _ => (text_key(o.text), VOID),
        };
        let k = out.key(key);
        out.codes(k).push(code);
    }
    // The entries so far are the orders' (a unit ordered keeps its order's code).
    for unit in &pos.units {
        if next
            .units
            .iter()
            .any(|v| v.power == unit.power && same_place(v, unit))
        {
            continue;
        }
        let known = out.entries.len();
        let k = out.unit(cx.map, cx.upper, unit);
        if k >= known {
            out.codes(k).push(OK);
        }
    }
    for unit in destroyed {
        let k = out.unit(cx.map, cx.upper, unit);
        out.codes(k).push_unique(DISBAND);
    }
}
