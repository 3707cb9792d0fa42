//! A movement phase in MILA's codes: diplo's results put in MILA's words, then MILA's passes
//! over the orders (supports and convoys of a failed convoy, supports against one's own unit,
//! convoys not used), then the units dislodged or destroyed.

use diplo_engine::{Position, Unit};
use diplo_map::{Location, ProvinceId, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, UnitRef};

use super::{
    has_word, head, is, same_place, text_key, Cmd, Codes, Cx, Judged, Results, BOUNCE, CUT,
    DISLODGED, DISRUPTED, NO_CONVOY, VOID,
};

/// MILA's codes for one of diplo's results of a movement phase (`fails, dislodged` of a move:
/// `bounce`, `dislodged`), into `codes`.
fn engine_codes(o: &Judged, codes: &mut Codes) {
    if o.words == "succeeds" {
        return;
    }
    let head = head(o.words);
    // The words after the first (most results have one word).
    let rest = &o.words[head.len()..];
    let dislodged = !rest.is_empty() && has_word(rest, "dislodged");
    let hurt = dislodged || (!rest.is_empty() && has_word(rest, "destroyed"));
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
pub(super) struct Movement<'a, 'c> {
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
    pub(super) fn new(cx: &'c Cx<'a>, pos: &'c Position, out: &'c mut Results) -> Movement<'a, 'c> {
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

    pub(super) fn codes(mut self, next: &Position, destroyed: &mut Vec<Unit>) {
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
    /// army that never had a convoy (the engine found its move invalid, or no chain of fleets
    /// was ordered to convoy it there, as MILA looks for its routes) is void (not cut: it was
    /// never given), of one whose convoy failed `no convoy`; a convoy of an army no fleets could
    /// carry `no convoy` and void.
    fn failed_convoys(&mut self) {
        let convoys: Vec<usize> = (0..self.units.len())
            .filter(|&u| matches!(self.cmd[u], Cmd::Convoy { .. }))
            .collect();
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
            let invalid = self.command[army].is_some_and(|j| judged[j].words == "invalid");
            let never = invalid || self.no_route(army, &convoys);
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

    /// Whether no chain of the fleets ordered to convoy `army` to where it moves leads there.
    fn no_route(&self, army: usize, convoys: &[usize]) -> bool {
        let Cmd::Move { to, .. } = self.cmd[army] else {
            return false;
        };
        let from = self.units[army].location.province;
        let this_army = |n: &OtherUnit| n.kind == Some(UnitKind::Army) && n.place.province == from;
        self.route(this_army, from, to, convoys).is_empty()
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

/// Whether two supports or convoys name the unit alike.
fn same_unit(a: &OtherUnit, b: &OtherUnit) -> bool {
    a.kind == b.kind && a.place == b.place
}
