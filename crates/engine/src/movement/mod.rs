//! Adjudicating a movement phase: interpretation, resolution, results and the next position.

use diplo_map::{Location, Map, PowerId, ProvinceId, UnitKind};
use diplo_orders::Order;
use diplo_rules::policies::RetreatAfterConvoy;
use diplo_rules::Ruleset;

use crate::explain::{settling_rule, Paradoxes};
use crate::interpret::{self, Ctx, Eff, Status, NONE};
use crate::outcome::{Adjudication, AutomaticAction, OrderResult, Resolution, Retreats, Tag};
use crate::position::{Dislodged, Phase, PhaseKind, Position, Unit};
use crate::reason::{Clash, ClashKind, Fact, Few, RailWhy, Reason, Rival, Text, Why};
use crate::resolve::{Board, Strength, Tri};
use crate::scratch::{Pool, Scratch};

/// Adjudicates the orders of a movement phase.
pub fn adjudicate_movement(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
) -> Adjudication {
    adjudicate_movement_in(map, rules, pos, orders, &mut Scratch::default())
}

/// As [`adjudicate_movement`], its working buffers taken from `scratch` and given back to it.
pub(crate) fn adjudicate_movement_in(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
    scratch: &mut Scratch,
) -> Adjudication {
    let units = &pos.units[..];
    let pool = &mut scratch.pool;
    let cx = Ctx::new_in(map, rules, units, pos.phase.season, pool);
    let interp = interpret::interpret(&cx, orders, pool);
    let adjudication = if interp.only_holds
        || interp.permits.is_empty() && interp.eff.iter().all(|e| matches!(e, Eff::Hold))
    {
        nothing_moves(map, rules, pos, orders, &interp, pool)
    } else {
        let mut board = Board::new(
            map,
            rules,
            units,
            &cx.unit_at,
            &pos.owners,
            &interp,
            &mut scratch.board,
        );
        board.resolve();
        let a = judge(pos, orders, &cx, &interp, &board, pool);
        board.recycle();
        a
    };
    interp.recycle(pool);
    cx.recycle(pool);
    adjudication
}

/// Everything that follows from the resolved board: the results, the dislodged units and the
/// next position.
fn judge(
    pos: &Position,
    orders: &[(PowerId, Order)],
    cx: &Ctx,
    interp: &interpret::Interpretation,
    board: &Board,
    pool: &mut Pool,
) -> Adjudication {
    let (map, rules, units) = (cx.map, cx.rules, &pos.units[..]);
    let ends = unit_ends(board, units, pool);
    let dislodged_by = dislodgements(board, &cx.unit_at, &ends, pool);
    let after = standing_units(units, &ends, &dislodged_by, pool);
    let contested = contested_provinces(board, &ends, pool);
    let moved = Moved {
        dislodged_by: &dislodged_by,
        after: &after,
        contested: &contested,
    };
    let (retreats, tags) = retreats_of(map, rules, pos, board, &moved, pool);
    // Only a paradox without an answer leaves decisions unresolved (almost never).
    let any_unresolved = board.state.contains(&Tri::Unresolved);
    let attacked_unresolved = attacked_by_unresolved(board, &cx.unit_at, any_unresolved, pool);
    let paradoxes = Paradoxes::new(rules, board, &interp.status, orders);

    let judged = Judged {
        rules,
        units,
        unit_at: &cx.unit_at,
        interp,
        board,
        ends: &ends,
        dislodged_by: &dislodged_by,
        tags: &tags,
        attacked_unresolved: &attacked_unresolved,
        paradoxes: &paradoxes,
    };
    let results = results_of(orders, pool, |r, order| judged.fill(r, order));
    let unordered_dislodged = if retreats.is_empty() {
        // Nothing was dislodged.
        Vec::new()
    } else {
        unordered_dislodged(units, &cx.unit_at, orders, &results, &tags, pool)
    };
    let next = next_position(map, rules, pos, after, &retreats, &contested, pool);
    pool.give(contested);
    pool.give(ends);
    pool.give(dislodged_by);
    pool.give(tags);
    pool.give(attacked_unresolved);
    // Spare vectors are taken only when something may go in them (given back by
    // `Adjudicator::recycle`).
    let mut automatic = Vec::new();
    if !retreats.is_empty() {
        automatic = pool.empty(0);
        automatic.extend(retreats.iter().filter(|r| r.options.is_empty()).map(|r| {
            AutomaticAction {
                unit: r.dislodged.unit,
                reason: Reason::plain("disbanded: dislodged with nowhere to retreat"),
            }
        }));
    }
    let mut unresolved = Vec::new();
    if any_unresolved {
        unresolved = pool.empty(0);
        let results = results.iter().enumerate();
        let found = results.filter(|(_, r)| r.resolution == Resolution::Unresolved);
        unresolved.extend(found.map(|(i, _)| i));
    }
    Adjudication {
        results,
        unordered_dislodged,
        retreats,
        automatic,
        unresolved,
        next,
    }
}

/// A phase whose effective orders are all holds (the rest illegal): nothing moves, nothing is
/// dislodged, so the resolver has nothing to decide.
fn nothing_moves(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
    interp: &interpret::Interpretation,
    pool: &mut Pool,
) -> Adjudication {
    // Every order is a hold or illegal (no canal permission is given: none was ordered).
    let mut results = results_of(orders, pool, |_, _| {});
    for (r, status) in results.iter_mut().zip(&interp.status) {
        if let Status::Illegal(why) = status {
            fill_illegal(r, why, None);
        }
    }
    let mut units = pool.empty(pos.units.len());
    units.extend_from_slice(&pos.units);
    let next = next_position(map, rules, pos, units, &Retreats::default(), &[], pool);
    Adjudication {
        results,
        unordered_dislodged: Vec::new(),
        retreats: Retreats::default(),
        automatic: Vec::new(),
        unresolved: Vec::new(),
        next,
    }
}

/// One result per order, in submission order, each filled in place by `fill` (given the order)
/// from a hold that stands (its index and power set). In place: a `Reason` is large, and moving
/// it through several returns costs more than judging the order.
fn results_of(
    orders: &[(PowerId, Order)],
    pool: &mut Pool,
    mut fill: impl FnMut(&mut OrderResult, &Order),
) -> Vec<OrderResult> {
    // A recycled vector's results are overwritten where they are: cheaper than dropping each
    // one and writing it anew.
    let mut results: Vec<OrderResult> = pool.used();
    results.truncate(orders.len());
    for (index, (r, (power, _))) in results.iter_mut().zip(orders).enumerate() {
        stands(r, index, *power);
    }
    let reused = results.len();
    results.reserve(orders.len() - reused);
    // Written straight into the vector (a push would copy each result once more).
    let rest = orders.iter().enumerate().skip(reused);
    results.extend(rest.map(|(index, (power, _))| OrderResult {
        index,
        power: *power,
        resolution: Resolution::Stands,
        tag: None,
        reason: Reason::NONE,
    }));
    for (r, (_, order)) in results.iter_mut().zip(orders) {
        fill(r, order);
    }
    results
}

/// Makes `r` the result of order `index` of `power`: a hold that stands.
fn stands(r: &mut OrderResult, index: usize, power: PowerId) {
    r.index = index;
    r.power = power;
    r.resolution = Resolution::Stands;
    r.tag = None;
    // Most reasons given back are empty already: nothing to drop or write.
    if !r.reason.is_empty() {
        r.reason = Reason::NONE;
    }
}

/// An illegal order (DATC 4.E.1: it is ignored); `tag`: what became of the unit it names.
fn fill_illegal(r: &mut OrderResult, why: &Text, tag: Option<Tag>) {
    r.resolution = Resolution::Illegal;
    r.tag = tag;
    r.reason.why = Why::Text(*why);
}

/// Where each unit ends its move, if it moves: its destination, or for a railroad move the
/// place it stops in (DATC 2.4 7.B).
fn unit_ends(board: &Board, units: &[Unit], pool: &mut Pool) -> Vec<Option<Location>> {
    let mut ends = pool.empty(units.len());
    let orders = board.eff.iter().zip(&board.state).take(units.len());
    ends.extend(orders.enumerate().map(|(u, (e, state))| match *e {
        Eff::Move { to, .. } if *state == Tri::Yes => Some(to),
        Eff::Rail { .. } => board.rail_index(u as u32).and_then(|ri| {
            let end = board.rail_end(ri);
            (end != units[u].location.province).then(|| Location::province(end))
        }),
        _ => None,
    }));
    ends
}

/// Per unit, the unit that dislodged it, or [`NONE`] (a railroad move never dislodges).
fn dislodgements(
    board: &Board,
    unit_at: &[u32],
    ends: &[Option<Location>],
    pool: &mut Pool,
) -> Vec<u32> {
    let mut dislodged_by = pool.take(ends.len(), NONE);
    for a in 0..ends.len() {
        if ends[a].is_some() {
            if let Eff::Move { to, .. } = board.eff[a] {
                let d = unit_at[to.province.index()];
                if d != NONE && ends[d as usize].is_none() {
                    dislodged_by[d as usize] = a as u32;
                }
            }
        }
    }
    dislodged_by
}

/// The units standing after the movement.
fn standing_units(
    units: &[Unit],
    ends: &[Option<Location>],
    dislodged_by: &[u32],
    pool: &mut Pool,
) -> Vec<Unit> {
    let mut after: Vec<Unit> = pool.empty(units.len());
    for (u, &unit) in units.iter().enumerate() {
        if dislodged_by[u] != NONE {
            continue;
        }
        let mut unit = unit;
        if let Some(to) = ends[u] {
            unit.location = to;
        }
        after.push(unit);
    }
    after
}

/// What the movement did: per unit the unit that dislodged it (or [`NONE`]), the units
/// standing after it, and the contested provinces.
struct Moved<'a> {
    dislodged_by: &'a [u32],
    after: &'a [Unit],
    contested: &'a [ProvinceId],
}

/// The dislodged units with their retreat options, and per unit its tag (see
/// [`dislodged_units`]); when no unit is dislodged (most phases), nothing per province is built.
fn retreats_of(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    board: &Board,
    moved: &Moved,
    pool: &mut Pool,
) -> (Retreats, Vec<Option<Tag>>) {
    if moved.dislodged_by.iter().all(|&a| a == NONE) {
        return (Retreats::default(), pool.take(pos.units.len(), None));
    }
    let provinces = map.provinces().len();
    let mut occupied = pool.take(provinces, false);
    for u in moved.after {
        occupied[u.location.province.index()] = true;
    }
    let mut contested = pool.take(provinces, false);
    for p in moved.contested {
        contested[p.index()] = true;
    }
    let place = RetreatPlace {
        occupied: &occupied,
        contested: &contested,
    };
    let found = dislodged_units(map, rules, pos, board, moved.dislodged_by, &place, pool);
    pool.give(occupied);
    pool.give(contested);
    found
}

/// Per province, whether a unit stands there and whether a standoff left it empty: where a
/// dislodged unit may not retreat.
struct RetreatPlace<'a> {
    occupied: &'a [bool],
    contested: &'a [bool],
}

/// The dislodged units with their retreat options, and per unit its tag (dislodged, or
/// destroyed when it has nowhere to go).
fn dislodged_units(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    board: &Board,
    dislodged_by: &[u32],
    place: &RetreatPlace,
    pool: &mut Pool,
) -> (Retreats, Vec<Option<Tag>>) {
    let units = &pos.units;
    let count = dislodged_by.iter().filter(|&&a| a != NONE).count();
    let mut retreats = Retreats::with_buffers(pool.empty(count), pool.empty(0));
    let mut tags = pool.take(units.len(), None);
    let allow_origin = rules
        .retreat_after_convoy
        .may_retreat_to_convoyed_attackers_origin();
    for (u, &a) in dislodged_by.iter().enumerate() {
        if a == NONE {
            continue;
        }
        // The route the attacker really took (a move with a land fallback used the convoy only
        // when it worked).
        let by_convoy = board.convoyed(a) && board.h2h_route_was_convoy(a);
        let d = Dislodged {
            unit: units[u],
            attacker_from: units[a as usize].location.province,
            by_convoy,
        };
        let options = retreat_options(
            map,
            &d,
            place.occupied,
            place.contested,
            allow_origin,
            pos.phase.season,
        );
        retreats.push(d, options);
        let destroyed = retreats.last().is_some_and(|r| r.options.is_empty());
        tags[u] = Some(if destroyed {
            Tag::Destroyed
        } else {
            Tag::Dislodged
        });
    }
    (retreats, tags)
}

/// Per unit, the move attacking it whose result is unresolved (a paradox without an answer),
/// or [`NONE`]; empty when no result is unresolved (`any`: some decision is unresolved; read it
/// with [`attacker_of`]).
fn attacked_by_unresolved(board: &Board, unit_at: &[u32], any: bool, pool: &mut Pool) -> Vec<u32> {
    if !any {
        return pool.empty(0);
    }
    let mut attacked = pool.take(board.state.len(), NONE);
    for (a, state) in board.state.iter().enumerate() {
        if *state == Tri::Unresolved {
            if let Eff::Move { to, .. } = board.eff[a] {
                let d = unit_at[to.province.index()];
                if d != NONE {
                    attacked[d as usize] = a as u32;
                }
            }
        }
    }
    attacked
}

/// The unresolved move attacking unit `u` in `attacked` (from [`attacked_by_unresolved`]), or
/// [`NONE`].
fn attacker_of(attacked: &[u32], u: usize) -> u32 {
    attacked.get(u).copied().unwrap_or(NONE)
}

/// The dislodged (or destroyed) units that no result reports: those with no effective order
/// and no illegal order of their own power (whose result carries the tag, "illegal,
/// dislodged").
fn unordered_dislodged(
    units: &[Unit],
    unit_at: &[u32],
    orders: &[(PowerId, Order)],
    results: &[OrderResult],
    tags: &[Option<Tag>],
    pool: &mut Pool,
) -> Vec<(Unit, Tag)> {
    let mut reported = pool.take(units.len(), false);
    for r in results.iter().filter(|r| r.tag.is_some()) {
        if let Some(unit) = orders[r.index].1.unit() {
            let u = unit_at[unit.place.province.index()];
            if u != NONE {
                reported[u as usize] = true;
            }
        }
    }
    let mut unordered = pool.empty(0);
    unordered.extend(
        (0..units.len()).filter_map(|u| Some((units[u], tags[u].filter(|_| !reported[u])?))),
    );
    pool.give(reported);
    unordered
}

/// The position after the movement: a retreat phase when some dislodged unit can retreat,
/// otherwise the phase after the season.
fn next_position(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    after: Vec<Unit>,
    retreats: &Retreats,
    contested: &[ProvinceId],
    pool: &mut Pool,
) -> Position {
    let mut owners = pool.empty(pos.owners.len());
    owners.extend_from_slice(&pos.owners);
    let mut next = Position {
        phase: pos.phase,
        units: after,
        owners,
        dislodged: Vec::new(),
        contested: Vec::new(),
    };
    let mut retreating = retreats.iter().filter(|r| !r.options.is_empty()).peekable();
    if retreating.peek().is_none() {
        crate::advance_after_season(map, rules, &mut next);
    } else {
        next.phase = Phase {
            kind: PhaseKind::Retreat,
            ..pos.phase
        };
        next.dislodged = pool.empty(retreats.len());
        next.dislodged.extend(retreating.map(|r| r.dislodged));
        next.contested = pool.empty(contested.len());
        next.contested.extend_from_slice(contested);
    }
    next
}

/// Everything the results of a movement phase are read from.
struct Judged<'a> {
    rules: &'a Ruleset,
    units: &'a [Unit],
    unit_at: &'a [u32],
    interp: &'a interpret::Interpretation,
    board: &'a Board<'a>,
    ends: &'a [Option<Location>],
    dislodged_by: &'a [u32],
    tags: &'a [Option<Tag>],
    attacked_unresolved: &'a [u32],
    paradoxes: &'a Paradoxes,
}

impl Judged<'_> {
    fn unit(&self, u: u32) -> Fact {
        Fact::Unit(self.units[u as usize])
    }

    /// Fills in the resolution, tag and reason of result `r` for `order` (its index and power
    /// set).
    fn fill(&self, r: &mut OrderResult, order: &Order) {
        match &self.interp.status[r.index] {
            Status::Permission(k) => {
                (r.resolution, r.tag, r.reason) = self.permission(*k);
            }
            Status::Illegal(why) => {
                let tag = self.illegal_tag(r.power, order);
                fill_illegal(r, why, tag);
            }
            Status::Effective(u) => self.effective(*u, r),
        }
    }

    /// A canal permission: given when a fleet is ordered through the canal.
    fn permission(&self, k: usize) -> (Resolution, Option<Tag>, Reason) {
        let board = self.board;
        let pm = self.interp.permits[k];
        let fleet = self.unit_at[pm.from.index()];
        let moving = fleet != NONE
            && matches!(board.eff[fleet as usize], Eff::Move { to, .. } if to.province == pm.to);
        if moving {
            let used = board.canal_state(fleet) != Some(Tri::No);
            let template = if used {
                "permits {} to pass the canal"
            } else {
                "permits {} to pass the canal, but only one fleet may pass"
            };
            let reason = Reason::text(template, &[self.unit(fleet)]);
            (Resolution::Given, None, reason)
        } else {
            let reason = Reason::plain("no fleet was ordered to move that way");
            (Resolution::Invalid, None, reason)
        }
    }

    /// The tag of the unit an illegal order names, if it is the power's: it may still be
    /// dislodged.
    fn illegal_tag(&self, power: PowerId, order: &Order) -> Option<Tag> {
        let unit = order
            .unit()
            .map(|r| self.unit_at[r.place.province.index()])
            .unwrap_or(NONE);
        if unit != NONE && self.units[unit as usize].power == power {
            self.tags[unit as usize]
        } else {
            None
        }
    }

    /// The result of a unit's effective order, with its reason and tag, written into `r`.
    fn effective(&self, u: u32, r: &mut OrderResult) {
        let ui = u as usize;
        let tag = self.tags[ui];
        if let Some(t) = tag {
            r.tag = tag;
            r.reason.dislodged_by = Some((self.units[self.dislodged_by[ui] as usize], t));
        }
        if let Some(res) = self.plain_result(ui) {
            r.resolution = res;
            return;
        }
        let (res, why) = match self.interp.eff[ui] {
            _ if self.board.state[ui] == Tri::Unresolved => {
                (Resolution::Unresolved, self.paradoxes.reason(u, self.board))
            }
            Eff::Hold if attacker_of(self.attacked_unresolved, ui) != NONE && tag.is_none() => {
                let a = attacker_of(self.attacked_unresolved, ui);
                let why = self
                    .paradoxes
                    .attacked_reason(a, self.units[a as usize], self.board);
                (Resolution::Unresolved, why)
            }
            Eff::Hold => (Resolution::Stands, Why::Nothing),
            Eff::Rail { to, .. } => self.rail(u, to),
            Eff::Move { .. } => self.movement(u),
            Eff::SupportHold { .. } | Eff::SupportMove { .. } => self.support(u),
            Eff::Convoy { .. } => self.convoy(u),
        };
        r.resolution = res;
        r.reason.why = why;
    }

    /// The result of unit `u`'s order when it needs no sentence (most do not: a hold that
    /// stands, a move that succeeds, a support given, a convoy available), else `None`. A `Why`
    /// is large, so the common results skip building one.
    fn plain_result(&self, u: usize) -> Option<Resolution> {
        let state = self.board.state[u];
        match self.interp.eff[u] {
            Eff::Hold
                if state != Tri::Unresolved
                    && (attacker_of(self.attacked_unresolved, u) == NONE
                        || self.tags[u].is_some()) =>
            {
                Some(Resolution::Stands)
            }
            Eff::Move { .. } if state == Tri::Yes => Some(Resolution::Succeeds),
            Eff::SupportHold { .. } | Eff::SupportMove { .. }
                if state == Tri::Yes && self.interp.matches[u] =>
            {
                Some(Resolution::Given)
            }
            Eff::Convoy { .. } if state == Tri::Yes && self.interp.matches[u] => {
                Some(Resolution::Available)
            }
            _ => None,
        }
    }

    fn rail(&self, u: u32, to: ProvinceId) -> (Resolution, Why) {
        let ui = u as usize;
        let end = self.ends[ui].map_or(self.units[ui].location.province, |l| l.province);
        if end == to {
            (Resolution::Succeeds, Why::Nothing)
        } else {
            (Resolution::Fails, rail_failure(self.board, u, end))
        }
    }

    fn movement(&self, u: u32) -> (Resolution, Why) {
        let ui = u as usize;
        let board = self.board;
        let Eff::Move {
            to,
            possible,
            convoy,
            ..
        } = self.interp.eff[ui]
        else {
            return (Resolution::Fails, Why::Nothing);
        };
        if board.state[ui] == Tri::Yes {
            (Resolution::Succeeds, Why::Nothing)
        } else if convoy && possible && !board.convoy_ordered(u) {
            let why = Why::Text(Text::plain("no fleets were ordered to convoy it"));
            (Resolution::Invalid, why)
        } else if !possible {
            let facts = [self.unit(u), Fact::Location(to)];
            let why = Why::Text(Text::new("{} cannot reach {}", &facts));
            (Resolution::Fails, why)
        } else {
            (Resolution::Fails, move_failure(board, u))
        }
    }

    fn support(&self, u: u32) -> (Resolution, Why) {
        let ui = u as usize;
        if !self.interp.matches[ui] {
            let why = Text::plain("the supported unit was not ordered that way");
            (Resolution::Invalid, Why::Text(why))
        } else if self.board.state[ui] == Tri::Yes {
            (Resolution::Given, Why::Nothing)
        } else {
            (Resolution::Cut, support_cut(self.board, u))
        }
    }

    fn convoy(&self, u: u32) -> (Resolution, Why) {
        let ui = u as usize;
        if !self.interp.matches[ui] {
            let why = Text::plain("the army was not ordered to move that way by convoy");
            (Resolution::Invalid, Why::Text(why))
        } else if self.board.state[ui] == Tri::Yes {
            (Resolution::Available, Why::Nothing)
        } else if self.dislodged_by[ui] != NONE {
            let why = Text::plain("the fleet is dislodged");
            (Resolution::Disrupted, Why::Text(why))
        } else {
            let (key, choice) = settling_rule(self.rules);
            let why = Text::new(
                "a convoy paradox: the convoy is set aside ({} = \"{}\")",
                &[Fact::Word(key), Fact::Word(choice)],
            );
            (Resolution::Disrupted, Why::Text(why))
        }
    }
}

/// Contested provinces: a standoff left them without a unit moving in (also where a railroad move
/// bounced and nobody entered). `ends` is where each moving unit ends (`None`: it did not move).
/// A vector from `pool` (the next position copies it only when a retreat phase follows).
fn contested_provinces(
    board: &Board,
    ends: &[Option<Location>],
    pool: &mut Pool,
) -> Vec<ProvinceId> {
    let moved = |a: u32| ends[a as usize].is_some();
    let mut contested = pool.empty(0);
    // The provinces moves go to, each judged once (by its first move).
    for (u, e) in board.eff.iter().enumerate() {
        let Eff::Move { to, .. } = *e else { continue };
        let movers = board.moves_to.get(to.province.index());
        if movers.first() != Some(&(u as u32)) || movers.iter().any(|&a| moved(a)) {
            continue;
        }
        if movers.iter().any(|&c| board.prevents(c)) {
            contested.push(to.province);
        }
    }
    contested.sort_unstable();
    contested.dedup();
    // A railroad move that bounced in a place nobody entered leaves it contested.
    for ri in 0..board.rails.len() {
        let r = &board.rails[ri];
        for (k, &p) in r.path.iter().enumerate() {
            let bounced = board.state[board.rail_at_id(ri, k) as usize] == Tri::Yes
                && board.state[board.rail_pass_id(ri, k) as usize] != Tri::Yes
                && !board.moves_to.get(p.index()).is_empty();
            let entered = board.moves_to.get(p.index()).iter().any(|&a| moved(a))
                || ends[r.unit as usize].is_some_and(|l| l.province == p);
            if bounced && !entered && !contested.contains(&p) {
                contested.push(p);
            }
        }
    }
    contested
}

/// Per province: whether it is one of `provinces`.
pub(crate) fn province_mask(map: &Map, provinces: &[ProvinceId]) -> Vec<bool> {
    let mut mask = vec![false; map.provinces().len()];
    for p in provinces {
        mask[p.index()] = true;
    }
    mask
}

/// The places a dislodged unit may retreat to. `occupied` and `contested` are per province.
pub fn retreat_options<'a>(
    map: &'a Map,
    d: &'a Dislodged,
    occupied: &'a [bool],
    contested: &'a [bool],
    allow_convoy_origin: bool,
    season: diplo_map::Season,
) -> impl Iterator<Item = Location> + 'a {
    let from = d.unit.location;
    let (armies, fleets) = match d.unit.kind {
        UnitKind::Army => (map.army_neighbours(from.province), &[][..]),
        UnitKind::Fleet => (&[][..], map.fleet_neighbours(from)),
    };
    let candidates = armies.iter().map(|&p| Location::province(p));
    candidates.chain(fleets.iter().copied()).filter(move |l| {
        let p = l.province;
        !occupied[p.index()]
            && !contested[p.index()]
            && !map.is_closed(d.unit.kind, from.province, p, season)
            && (p != d.attacker_from || (d.by_convoy && allow_convoy_origin))
    })
}

/// Why a railroad move did not reach its destination, and where it ends.
fn rail_failure(b: &Board, u: u32, end: ProvinceId) -> Why {
    let stays = end == b.units[u as usize].location.province;
    let why = match b.rail_index(u) {
        Some(ri) => rail_block(b, ri),
        None => rail_head_to_head(b, u),
    };
    Why::RailStopped { why, end, stays }
}

/// A head-to-head battle with the unit in the first place (DATC 2.4 7.B.26-7.B.29).
fn rail_head_to_head(b: &Board, u: u32) -> RailWhy {
    let o = b.counter[u as usize];
    if o == NONE {
        return RailWhy::Text(Text::plain("it fails"));
    }
    let template = if b.state[u as usize] == Tri::Yes {
        "won the head-to-head battle with {} and stops in its place"
    } else if b.state[o as usize] == Tri::Yes {
        "lost the head-to-head battle with {}"
    } else {
        "a head-to-head battle with {}, which a railroad move cannot dislodge"
    };
    RailWhy::Text(Text::new(template, &[Fact::Unit(b.units[o as usize])]))
}

/// Where along its line railroad move `ri` was stopped, and why.
fn rail_block(b: &Board, ri: usize) -> RailWhy {
    let r = &b.rails[ri];
    for (k, &p) in r.path.iter().enumerate() {
        if b.state[b.rail_pass_id(ri, k) as usize] == Tri::Yes {
            continue;
        }
        if b.state[b.rail_at_id(ri, k) as usize] != Tri::Yes {
            // It had to stop in the place before: a centre to recapture (errata 9.241).
            return match k.checked_sub(1).and_then(|j| r.path.get(j)) {
                Some(&before) => RailWhy::Text(Text::new(
                    "it stops in {} to recapture the supply centre",
                    &[Fact::Province(before)],
                )),
                None => RailWhy::Nothing,
            };
        }
        let x = b.unit_at[p.index()];
        if !b.rail_occupant_lets_through(ri, k, false) && x != NONE {
            let facts = [Fact::Unit(b.units[x as usize])];
            return RailWhy::Text(Text::new("{} stays in the way", &facts));
        }
        if b.rail_blocked(ri, k, false) {
            let mut rivals = Few::default();
            for &c in b.moves_to.get(p.index()) {
                let unit = b.units[c as usize];
                let prevent = b.prevent(c, true);
                rivals.push(Rival { unit, prevent });
            }
            let attack = b.rail_attack(ri, k, false);
            return RailWhy::Bounced {
                province: p,
                attack,
                rivals,
            };
        }
        return RailWhy::Text(Text::new(
            "a paradox: its part into {} fails, but still bounces",
            &[Fact::Province(p)],
        ));
    }
    RailWhy::Nothing
}

/// Why move `u` failed (its order possible).
fn move_failure(b: &Board, u: u32) -> Why {
    if b.voided_canal(u) {
        return Why::Text(Text::plain(
            "a paradox with the canal: the move through it fails and has no effect on its destination",
        ));
    }
    if b.canal_state(u) == Some(Tri::No) {
        return Why::Text(Text::plain("no permission to pass the canal"));
    }
    if !b.path(u, true) {
        return Why::Text(Text::plain(
            "no convoy route: the convoy is disrupted or missing",
        ));
    }
    // A route that depends on an unresolved paradox: the move fails even if it is convoyed, so
    // explain it with the route (the strongest attack it could have).
    let route_open = !b.path(u, false);
    let attack = b.attack(u, route_open);
    let Eff::Move { to, .. } = b.eff[u as usize] else {
        return Why::Nothing;
    };
    let mut clashes = Few::default();
    if let Some(c) = defender_clash(b, u, to.province, attack) {
        clashes.push(c);
    }
    bounce_clashes(b, u, to.province, attack, &mut clashes);
    Why::MoveFailed {
        even_if_convoyed: route_open && !clashes.is_empty(),
        clashes,
    }
}

/// The defender a move of strength `attack` into `to` did not beat: the head-to-head opponent,
/// or the unit holding there.
fn defender_clash(b: &Board, u: u32, to: ProvinceId, attack: Strength) -> Option<Clash> {
    if b.h2h(u) == Tri::Yes {
        let o = b.counter[u as usize];
        let against = b.defend(o, false);
        return (attack <= against).then(|| Clash {
            kind: ClashKind::LostHeadToHead,
            unit: b.units[o as usize],
            attack,
            against,
        });
    }
    let against = b.hold(to, false);
    let d = b.unit_at[to.index()];
    if attack > against || d == NONE {
        return None;
    }
    let own = attack == Strength::ZERO && b.units[d as usize].power == b.units[u as usize].power;
    Some(Clash {
        kind: if own {
            ClashKind::OwnUnit
        } else {
            ClashKind::Held
        },
        unit: b.units[d as usize],
        attack,
        against,
    })
}

/// The other moves (and railroad moves) into `to` that bounced move `u`.
fn bounce_clashes(b: &Board, u: u32, to: ProvinceId, attack: Strength, out: &mut Few<Clash, 2>) {
    for &c in b.moves_to.get(to.index()) {
        if c != u {
            let against = b.prevent(c, false);
            if attack <= against {
                let unit = b.units[c as usize];
                let kind = ClashKind::Bounced;
                out.push(Clash {
                    kind,
                    unit,
                    attack,
                    against,
                });
            }
        }
    }
    if b.rails.is_empty() {
        return;
    }
    for (ri, k) in b.rails_into(to) {
        let against = Strength::from_shifted(b.rail_prevent(ri, k, false));
        if b.rail_prevent(ri, k, false) > 0 && attack <= against {
            let unit = b.units[b.rails[ri].unit as usize];
            let kind = ClashKind::BouncedRailroad;
            out.push(Clash {
                kind,
                unit,
                attack,
                against,
            });
        }
    }
}

/// The units that cut support `s`: those of another power moving in, and its own power's that
/// got in.
fn support_cut(b: &Board, s: u32) -> Why {
    let p = b.units[s as usize].location.province;
    let mut cutters = Few::default();
    for &a in b.moves_to.get(p.index()) {
        if b.units[a as usize].power != b.units[s as usize].power || b.state[a as usize] == Tri::Yes
        {
            cutters.push(b.units[a as usize]);
        }
    }
    Why::CutBy(cutters)
}
