//! Each unit's results of a phase in MILA's codes, as MILA's `diplomacy` package reports them
//! in a saved game's `results`: every unit of the phase a key (an empty list when nothing went
//! wrong), `bounce`, `cut`, `void`, `no convoy`, `disrupted`, `dislodged`, `disband`, and `""`
//! for a build or removal made.
//!
//! MILA's codes are not a plain translation of the DATC's words: MILA reports a convoyed move
//! that found no convoy as `no convoy` (diplo: invalid), the supports and convoys of such a
//! move with it, a convoy the army did not take or could not use as `no convoy` and `void`, a
//! support that would dislodge a unit of the supporter's own power as `void` when it would
//! have counted, a unit destroyed for want of a retreat as dislodged (and disbanded at the
//! retreats, if there are any), a removal in civil disorder as a removal made. The rules below
//! were worked out against MILA 1.1.2: the drop-in `diplo.mila` applies the same ones to its
//! texts (its CI step plays random games on it and on MILA and compares the codes unit by
//! unit), and the Python tests compare this module's codes with the drop-in's.

use diplo_engine::{PhaseKind, Position, Unit};
use diplo_map::{Location, Map, PowerId, ProvinceId, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, UnitRef, WrittenCoast};

use super::words::UpperNames;

const NO_CONVOY: &str = "no convoy";
const BOUNCE: &str = "bounce";
const VOID: &str = "void";
const CUT: &str = "cut";
const DISLODGED: &str = "dislodged";
const DISRUPTED: &str = "disrupted";
const DISBAND: &str = "disband";
/// A build or removal made.
const OK: &str = "";

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
struct Codes {
    list: [&'static str; 6],
    len: u8,
}

impl Codes {
    fn as_slice(&self) -> &[&'static str] {
        &self.list[..self.len as usize]
    }
    fn is_empty(&self) -> bool {
        self.len == 0
    }
    fn contains(&self, code: &str) -> bool {
        self.as_slice().contains(&code)
    }
    fn push(&mut self, code: &'static str) {
        if (self.len as usize) < self.list.len() {
            self.list[self.len as usize] = code;
            self.len += 1;
        }
    }
    fn push_unique(&mut self, code: &'static str) {
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
}

impl Results {
    /// Each key with its codes, in the keys' order.
    pub(super) fn iter(&self) -> impl Iterator<Item = (&str, &[&'static str])> + '_ {
        (self.entries.iter()).map(|(start, end, codes)| {
            (&self.keys[*start as usize..*end as usize], codes.as_slice())
        })
    }

    /// Emptied (the current phase, not adjudicated, has no results).
    pub(super) fn clear(&mut self) {
        self.keys.clear();
        self.entries.clear();
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

    fn sort(&mut self) {
        let keys = &self.keys;
        let key = |e: &(u32, u32, Codes)| &keys[e.0 as usize..e.1 as usize];
        self.entries.sort_by(|a, b| key(a).cmp(key(b)));
    }
}

/// A unit's MILA key (`A PAR`, `F STP/SC`) at the end of `out`.
fn write_unit(map: &Map, upper: &UpperNames, unit: &Unit, out: &mut String) {
    out.push(unit.kind.letter());
    out.push(' ');
    out.push_str(upper.get(unit.location.province));
    if let Some(c) = unit.location.coast {
        if let Some(coast) = map.province(unit.location.province).coasts.get(c as usize) {
            out.push('/');
            out.extend(coast.name.chars().flat_map(char::to_uppercase));
        }
    }
}

/// What the writer keeps from one phase to the next.
#[derive(Default)]
pub(super) struct Carry {
    /// The units the last movement phase destroyed for want of a retreat: MILA keeps them
    /// dislodged and disbands them in the next retreat or adjustment phase (none when a
    /// movement phase comes next).
    destroyed: Vec<Unit>,
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

/// MILA's codes for one of diplo's results of a movement phase (`fails, dislodged` of a move:
/// `bounce`, `dislodged`), into `codes`.
fn engine_codes(o: &Judged, codes: &mut Codes) {
    if o.words == "succeeds" {
        return;
    }
    let head = o.words.split(", ").next().unwrap_or("");
    let dislodged = o.words.split(", ").any(|w| w == "dislodged");
    let hurt = dislodged || o.words.split(", ").any(|w| w == "destroyed");
    let is_move = matches!(o.order, Order::Move { .. });
    let code = match head {
        "fails" | "invalid" if is_move && o.reason.contains("convoy") => Some(NO_CONVOY),
        "fails" | "unresolved" => Some(BOUNCE),
        "illegal" | "invalid" => Some(VOID),
        "cut" => Some(CUT),
        "disrupted" if !dislodged => Some(DISRUPTED),
        _ => None,
    };
    if let Some(code) = code {
        codes.push_unique(code);
    }
    if hurt {
        codes.push_unique(DISLODGED);
    }
}

/// A movement phase being put into MILA's codes: the units at its start are the first keys of
/// `out`, in the position's order.
struct Movement<'a, 'c> {
    cx: &'c Cx<'a>,
    units: &'c [Unit],
    out: &'c mut Results,
    /// Per province: the first unit standing there.
    at: Vec<Option<usize>>,
    /// Per unit: the order it was given (its index in `judged`; the last of several), if any.
    command: Vec<Option<usize>>,
    /// Per unit: its order as the codes look at it.
    cmd: Vec<Cmd<'a>>,
}

impl<'a, 'c> Movement<'a, 'c> {
    fn new(cx: &'c Cx<'a>, pos: &'c Position, out: &'c mut Results) -> Movement<'a, 'c> {
        let mut at = vec![None; cx.map.provinces().len()];
        for (i, u) in pos.units.iter().enumerate() {
            out.add_unit(cx.map, cx.upper, u);
            at[u.location.province.index()].get_or_insert(i);
        }
        let n = pos.units.len();
        Movement {
            cx,
            units: &pos.units,
            out,
            at,
            command: vec![None; n],
            cmd: vec![Cmd::Hold; n],
        }
    }

    /// The unit written `kind` at `place`, if it stands there.
    fn find(&self, kind: Option<UnitKind>, place: &Place) -> Option<usize> {
        let u = (*self.at.get(place.province.index())?)?;
        is(kind, place, &self.units[u]).then_some(u)
    }

    fn codes_of(&mut self, u: usize) -> &mut Codes {
        self.out.codes(u)
    }

    fn codes(mut self, next: &Position, destroyed: &mut Vec<Unit>) {
        self.orders();
        self.failed_convoys();
        self.own_dislodgements();
        self.unused_convoys();
        self.dislodged(next, destroyed);
    }

    /// Each unit's order (the last given it by its power) and diplo's result of it; an order
    /// for no unit of the board is void (one for another power's unit is reported nowhere).
    fn orders(&mut self) {
        let judged = self.cx.judged;
        for (j, o) in judged.iter().enumerate() {
            let unit = o
                .order
                .unit()
                .and_then(|r: &UnitRef| self.find(r.kind, &r.place));
            match unit {
                Some(u) if Some(self.units[u].power) != o.power => {}
                Some(u) => self.command[u] = Some(j),
                None => {
                    let k = self.out.key(text_key(o.text));
                    self.out.codes(k).push_unique(VOID);
                }
            }
        }
        for u in 0..self.units.len() {
            if let Some(j) = self.command[u] {
                self.cmd[u] = Cmd::of(judged[j].order);
                engine_codes(&judged[j], self.out.codes(u));
            }
        }
    }

    /// The army a support or convoy names, if it is a unit of the board.
    fn named_army(&self, u: usize) -> Option<usize> {
        let named = self.cmd[u].names_army()?;
        self.find(named.kind, &named.place)
    }

    /// The supports and convoys of an army whose convoy failed fail with it: a support of an
    /// army that never had a convoy is void (not cut: it was never given), of one whose convoy
    /// failed `no convoy`; a convoy of an army no fleets could carry `no convoy` and void.
    fn failed_convoys(&mut self) {
        for u in 0..self.units.len() {
            let Some(army) = self.named_army(u) else {
                continue;
            };
            let codes = *self.out.codes(u);
            if !(codes.is_empty() || codes.as_slice() == [CUT]) {
                continue;
            }
            let army_failed = self.out.codes(army).contains(NO_CONVOY)
                && matches!(self.cmd[army], Cmd::Move { .. });
            if !army_failed {
                continue;
            }
            let judged = self.cx.judged;
            let never = self.command[army].is_some_and(|j| judged[j].words == "invalid");
            let support = matches!(
                self.cmd[u],
                Cmd::SupportHold { .. } | Cmd::SupportMove { .. }
            );
            let codes = self.codes_of(u);
            if support && never {
                *codes = Codes::default();
                codes.push(VOID);
            } else if codes.is_empty() {
                codes.push(NO_CONVOY);
                if never {
                    codes.push(VOID);
                }
            }
        }
    }

    /// A support that would help dislodge a unit of the supporter's own power is void when the
    /// move succeeds, or when it is the strongest move into the province and fails because it
    /// may not dislodge the unit there (in a head-to-head battle, only a support against the
    /// supporter's own unit).
    fn own_dislodgements(&mut self) {
        let n = self.units.len();
        let convoys: Vec<usize> = (0..n)
            .filter(|&u| matches!(self.cmd[u], Cmd::Convoy { .. }))
            .collect();
        // (mover, supporter) of each support of a move that stands (no code).
        let mut supports: Vec<(usize, usize)> = Vec::new();
        for u in 0..n {
            if let Cmd::SupportMove { named, .. } = self.cmd[u] {
                if self.out.codes(u).is_empty() {
                    if let Some(m) = self.find(named.kind, &named.place) {
                        supports.push((m, u));
                    }
                }
            }
        }
        let strength = |m: usize| 1 + supports.iter().filter(|s| s.0 == m).count();
        let mut movers: Vec<usize> = Vec::new();
        for &(m, _) in &supports {
            if !movers.contains(&m) {
                movers.push(m);
            }
        }
        for mover in movers {
            let Cmd::Move { to: into, via, .. } = self.cmd[mover] else {
                continue;
            };
            // A move by convoy on a route of fleets ordered to convoy it: MILA looks for the
            // defender at the order's last word, `VIA`, finds none, and so counts no support of
            // it as the defender's (none is voided). With no route, MILA drops the `VIA`.
            let army = self.units[mover];
            let this_army = |n: &OtherUnit| {
                n.kind == Some(UnitKind::Army) && n.place.province == army.location.province
            };
            if via
                && !self
                    .route(this_army, army.location.province, into, &convoys)
                    .is_empty()
            {
                continue;
            }
            let Some(target) = self.at[into.index()].filter(|&t| t != mover) else {
                continue;
            };
            let target_moves = match self.cmd[target] {
                Cmd::Move { to, .. } => Some(to),
                _ => None,
            };
            if target_moves.is_some() && self.out.codes(target).is_empty() {
                continue; // the unit there left
            }
            let power = |u: usize| self.units[u].power;
            let helpers = supports.iter().filter(|s| s.0 == mover).map(|s| s.1);
            let own: Vec<usize> = helpers.filter(|&h| power(h) == power(target)).collect();
            let head_to_head = target_moves == Some(self.units[mover].location.province);
            if head_to_head && power(target) != power(mover) {
                for &h in &own {
                    self.codes_of(h).push_unique(VOID);
                }
                continue;
            }
            if self.out.codes(mover).is_empty() {
                for &h in &own {
                    self.codes_of(h).push(VOID);
                }
                continue;
            }
            let rivals = (0..n)
                .filter(|&m| {
                    m != mover && matches!(self.cmd[m], Cmd::Move { to, .. } if to == into)
                })
                .map(strength)
                .max()
                .unwrap_or(0);
            // The unit there holds with its supports to hold (none when it tried to move).
            let holding = match target_moves {
                Some(_) => 1,
                None => {
                    1 + (0..n)
                        .filter(|&s| match self.cmd[s] {
                            Cmd::SupportHold { named } => {
                                self.find(named.kind, &named.place) == Some(target)
                                    && self.out.codes(s).is_empty()
                            }
                            _ => false,
                        })
                        .count()
                }
            };
            let unique = strength(mover) > rivals && strength(mover) > holding;
            let against_own = power(target) == power(mover) || !own.is_empty();
            if self.out.codes(mover).contains(BOUNCE) && unique && against_own {
                for &h in &own {
                    self.codes_of(h).push_unique(VOID);
                }
            }
        }
    }

    /// A convoy on no route of the army's, or one the army does not take (it moves over land
    /// and no fleet of its own power convoys it), is `no convoy` and void.
    fn unused_convoys(&mut self) {
        let convoys: Vec<usize> = (0..self.units.len())
            .filter(|&u| matches!(self.cmd[u], Cmd::Convoy { .. }))
            .collect();
        let unused = |c: &Codes| !c.contains(NO_CONVOY) && !c.contains(VOID);
        for &u in &convoys {
            if unused(self.out.codes(u)) && !self.on_route(u, &convoys) {
                self.codes_of(u).unused_convoy();
            }
        }
        for &u in &convoys {
            let Cmd::Convoy { named, .. } = self.cmd[u] else {
                continue;
            };
            if !unused(self.out.codes(u)) {
                continue;
            }
            let Some(army) = self.find(named.kind, &named.place) else {
                continue;
            };
            let own_convoy = convoys.iter().any(|&f| match self.cmd[f] {
                Cmd::Convoy { named: other, .. } => {
                    same_unit(other, named) && self.units[f].power == self.units[army].power
                }
                _ => false,
            });
            let over_land = match self.cmd[army] {
                Cmd::Move {
                    to, plain: true, ..
                } => {
                    let from = Location::province(self.units[army].location.province);
                    self.cx.map.can_move(UnitKind::Army, from, to)
                }
                _ => false,
            };
            if over_land && !own_convoy {
                self.codes_of(u).unused_convoy();
            }
        }
    }

    /// Whether the fleet `fleet` lies on a chain of the fleets ordered to convoy its army to
    /// its destination, from the army's province to the destination's.
    fn on_route(&self, fleet: usize, convoys: &[usize]) -> bool {
        let Cmd::Convoy { named, to } = self.cmd[fleet] else {
            return false;
        };
        let route = self.route(|n| same_unit(n, named), named.place.province, to, convoys);
        route.contains(&self.units[fleet].location.province)
    }

    /// The provinces of the fleets ordered to convoy an army (the one `names` tells, standing in
    /// `from`) to `to` that lie on a chain of them from `from` to `to` (none: no route).
    fn route(
        &self,
        names: impl Fn(&OtherUnit) -> bool,
        from: ProvinceId,
        to: ProvinceId,
        convoys: &[usize],
    ) -> Vec<ProvinceId> {
        let fleets: Vec<ProvinceId> = (convoys.iter())
            .filter(|&&f| matches!(self.cmd[f], Cmd::Convoy { named, to: t } if names(named) && t == to))
            .map(|&f| self.units[f].location.province)
            .collect();
        let near = |f: ProvinceId, p: ProvinceId| {
            (self.cx.map).can_move(UnitKind::Fleet, Location::province(f), p)
        };
        let reach = |start: ProvinceId| {
            let mut seen: Vec<ProvinceId> =
                fleets.iter().copied().filter(|&f| near(f, start)).collect();
            let mut todo = seen.clone();
            while let Some(here) = todo.pop() {
                for &f in &fleets {
                    if !seen.contains(&f) && near(here, f) {
                        seen.push(f);
                        todo.push(f);
                    }
                }
            }
            seen
        };
        let (a, b) = (reach(from), reach(to));
        a.into_iter().filter(|f| b.contains(f)).collect()
    }

    /// The units dislodged (standing dislodged in `next`), and those gone from the board that
    /// neither moved nor retreat (`destroyed` for want of a retreat), are `dislodged`.
    fn dislodged(&mut self, next: &Position, destroyed: &mut Vec<Unit>) {
        for u in 0..self.units.len() {
            let unit = self.units[u];
            let attacked = next.dislodged.iter().any(|d| same_place(&d.unit, &unit));
            let still = (next.units.iter()).any(|v| v.power == unit.power && same_place(v, &unit));
            let moved = self.command[u].is_some()
                && self.out.codes(u).is_empty()
                && matches!(self.cmd[u], Cmd::Move { .. });
            let gone = !still && !moved;
            if gone && !attacked {
                destroyed.push(unit);
            }
            if attacked || gone {
                self.codes_of(u).push_unique(DISLODGED);
            }
        }
    }
}

/// Whether two units are written alike (MILA's key: the type and the location).
fn same_place(a: &Unit, b: &Unit) -> bool {
    a.kind == b.kind && a.location == b.location
}

/// Whether two supports or convoys name the unit alike.
fn same_unit(a: &OtherUnit, b: &OtherUnit) -> bool {
    a.kind == b.kind && a.place == b.place
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
        match o.words.split(", ").next().unwrap_or("") {
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
