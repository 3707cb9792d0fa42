//! The movement resolver: the partial-information algorithm of DATC 3.2 chapter 5.E.
//!
//! Every unit with a move, support or convoy order has one boolean decision (the move
//! succeeds, the support is given, the convoy is available), initially unknown. An order is
//! adjudicated twice from what is known so far: optimistically (every unknown decision goes the
//! way that helps the order) and pessimistically; when both agree, the decision is made. This is
//! the `adjudicate(order, optimistic)` of 5.E, with the strengths of 5.B.
//!
//! Instead of the recursive `resolve` of 5.E, decisions are driven by an explicit worklist: an
//! undecided order watches the unknown decisions it read, and is adjudicated again when one of
//! them is made. The stack depth is constant and the work is close to linear in the number of
//! orders, however long a chain of moves is. When nothing more can be decided from partial
//! information, the remaining decisions depend on each other in cycles: the strongly connected
//! components of the "reads" graph that nothing outside depends on are exactly the clean
//! cycles of 5.D. The backup rule of 5.B.9 is applied to them: a cycle of moves only is
//! circular movement (all succeed); a cycle with a convoy is a paradox, settled by the
//! ruleset's paradox policy; any other cycle (variants) is the `other_cycles` choice (its moves
//! and supports fail). Then propagation resumes.
//!
//! Variant rules add decisions beyond the units' own (DATC 2.4 chapter 7): per place a railroad
//! move passes, whether it tries to enter (`at`) and whether it gets in (`pass`); per move
//! through a canal, whether it has permission. A cycle through them is circular movement when
//! all its decisions can be "yes" together (7.B.17, 7.D.1), else a railroad or canal paradox.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

use diplo_map::{Location, Map, PowerId, ProvinceId};
use diplo_rules::policies::*;
use diplo_rules::Ruleset;

use crate::interpret::{Eff, Interpretation, NONE};
use crate::position::Unit;
use crate::scratch::Pool;

/// `Board::half`: a move over a half-strength border by its own edge.
const HALF_DIRECT: u8 = 1;
/// `Board::half`: a convoyed army landing over a half-strength border.
const HALF_LANDING: u8 = 2;

/// A strength as the DATC counts it, in half points (a move over a half-strength border, 1900's
/// route around Africa, may have half a point): `Strength(3)` is 1.5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Strength(pub u32);

impl Strength {
    /// No strength.
    pub const ZERO: Strength = Strength(0);

    /// From the resolver's shifted strength in half points (0 = none, 2 = strength 0).
    pub fn from_shifted(x: u32) -> Strength {
        Strength(x.saturating_sub(2))
    }
}

impl std::fmt::Display for Strength {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.is_multiple_of(2) {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

/// A decision's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tri {
    /// Not decided yet.
    Unknown,
    /// The move succeeds / the support is given / the convoy is available.
    Yes,
    /// The opposite.
    No,
    /// Part of (or decided only by) a paradox the ruleset's rule gives no answer for.
    Unresolved,
}

impl Tri {
    fn and(self, other: Tri) -> Tri {
        match (self, other) {
            (Tri::No, _) | (_, Tri::No) => Tri::No,
            (Tri::Yes, Tri::Yes) => Tri::Yes,
            _ => Tri::Unknown,
        }
    }
    fn open(self) -> bool {
        matches!(self, Tri::Unknown | Tri::Unresolved)
    }
}

/// Compressed lists: `items[start[i]..start[i+1]]` belong to `i` (`start` is empty when every
/// list is).
pub(crate) struct Csr {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Csr {
    /// The lists of `n` keys given as (key, value) `pairs` whose values come in increasing
    /// order (so each list comes out sorted), its vectors taken from `pool` (and `pairs` given
    /// back to it): no sorting is needed.
    fn build_in(n: usize, pairs: Vec<(u32, u32)>, pool: &mut Pool) -> Csr {
        debug_assert!(pairs.windows(2).all(|w| w[0].1 <= w[1].1));
        Csr::count_in(n, pairs, pool)
    }

    /// The lists of `n` keys given as (key, value) `pairs` in any order, each list sorted, its
    /// vectors taken from `pool` (and `pairs` given back to it).
    fn build_sorted_in(n: usize, mut pairs: Vec<(u32, u32)>, pool: &mut Pool) -> Csr {
        pairs.sort_unstable();
        Csr::count_in(n, pairs, pool)
    }

    /// The lists of `pairs`, each in the order its pairs come, its vectors taken from `pool`
    /// (and `pairs` given back to it). A counting sort: each value is placed in its key's slot
    /// in the order given.
    fn count_in(n: usize, pairs: Vec<(u32, u32)>, pool: &mut Pool) -> Csr {
        if pairs.is_empty() {
            // No lists at all: `get` answers the empty list for every key.
            pool.give(pairs);
            return Csr {
                start: pool.empty(0),
                items: pool.empty(0),
            };
        }
        let mut start = pool.take(n + 1, 0u32);
        for &(k, _) in pairs.iter() {
            start[k as usize] += 1;
        }
        let mut at = 0;
        for s in start.iter_mut() {
            let count = *s;
            *s = at;
            at += count;
        }
        let mut items = pool.take(pairs.len(), 0u32);
        // `start[k]` serves as the next free place of key `k`; it ends as `k + 1`'s start.
        for &(k, v) in pairs.iter() {
            let at = &mut start[k as usize];
            items[*at as usize] = v;
            *at += 1;
        }
        start.copy_within(0..n, 1);
        start[0] = 0;
        pool.give(pairs);
        Csr { start, items }
    }
    fn recycle(self, pool: &mut Pool) {
        pool.give(self.start);
        pool.give(self.items);
    }
    #[inline]
    pub fn get(&self, i: usize) -> &[u32] {
        &self.items[self.range(i)]
    }
    /// The place of `i`'s list in `items` (empty when there are no lists at all).
    #[inline]
    fn range(&self, i: usize) -> std::ops::Range<usize> {
        match self.start.get(i..i + 2) {
            Some(&[a, b]) => a as usize..b as usize,
            _ => 0..0,
        }
    }
}

/// A per-unit value that keeps its default for almost every unit (a railroad, canal or border
/// rule, a voided move): no vector at all until some unit's value is set, so a phase without
/// such units neither fills nor reads one.
pub(crate) struct Sparse<T> {
    values: Vec<T>,
    default: T,
}

impl<T: crate::scratch::Pooled + Copy> Sparse<T> {
    fn new(default: T) -> Sparse<T> {
        Sparse {
            values: Vec::new(),
            default,
        }
    }

    #[inline]
    fn get(&self, u: usize) -> T {
        self.values.get(u).copied().unwrap_or(self.default)
    }

    /// Whether no unit's value was ever set (every unit has the default).
    #[inline]
    fn is_unset(&self) -> bool {
        self.values.is_empty()
    }

    /// Sets unit `u`'s value (of `n` units), taking the vector from `pool` on the first one.
    fn set(&mut self, u: usize, v: T, n: usize, pool: &mut Pool) {
        if self.values.len() < n {
            if self.values.capacity() == 0 {
                self.values = pool.empty(n);
            }
            self.values.resize(n, self.default);
        }
        self.values[u] = v;
    }

    fn recycle(self, pool: &mut Pool) {
        pool.give(self.values);
    }
}

/// A canal move that can never have permission (DATC 2.4 7.C.1, 7.C.4–7.C.6).
const DENIED: u32 = u32::MAX - 1;

/// A railroad move being resolved (DATC 2.4 7.B). It passes the places of `path` in order, each
/// step like a move into that place. Step `k` has two decisions: `at` (the train tries to enter
/// the place: it bounces others there) and `pass` (it gets into the place and may go on or end
/// there). The unit's own decision says whether it leaves its origin.
pub(crate) struct RailMove {
    /// The army.
    pub unit: u32,
    /// Its power.
    pub power: PowerId,
    /// The places after the origin, in order; the last is the destination.
    pub path: Vec<ProvinceId>,
    /// The decision id of the first place's `at`; place `k` has `at` = `first + 2k` and
    /// `pass` = `first + 2k + 1`.
    first: u32,
}

/// What a decision beyond the units' own is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Extra {
    /// Railroad move `.0` tries to enter its place `.1` (and bounces other moves there).
    At(u32, u32),
    /// Railroad move `.0` gets into its place `.1`.
    Pass(u32, u32),
    /// Canal move of unit `.0` has the permission of the canal power (DATC 2.4 7.C).
    Permit(u32),
}

/// Everything the resolver needs, in dense arrays.
pub(crate) struct Board<'a> {
    pub map: &'a Map,
    pub rules: &'a Ruleset,
    pub units: &'a [Unit],
    /// Per unit: its effective order; a railroad move meeting a unit coming the other way in
    /// its first place is a plain move there (DATC 2.4 7.B.26–7.B.29).
    pub eff: Vec<Eff>,
    pub unit_at: &'a [u32],
    /// Centre owners at the start of the turn (a railroad stops at a centre it must recapture).
    owners: &'a [Option<PowerId>],
    /// The railroad moves (DATC 2.4 7.B).
    pub rails: Vec<RailMove>,
    /// Per unit: its index in `rails`, or `NONE`.
    rail_of: Sparse<u32>,
    /// Decisions past the units' own (`state[units.len() + i]` is `extra[i]`).
    extra: Vec<Extra>,
    /// Per province: the `at` decisions of railroad steps into it.
    rail_into: Csr,
    /// Per unit: for a move over a canal, its permission decision, or `DENIED`; else `NONE`.
    canal_perm: Sparse<u32>,
    /// Per unit: the canal province whose occupant grants its passage, when it moves over a canal.
    canal_at: Sparse<u32>,
    /// Per unit: a railroad move in a head-to-head battle that cannot dislodge (DATC 2.4 7.B.29).
    no_dislodge: Sparse<bool>,
    /// Per unit: a railroad move whose support does not count in its head-to-head battle (the
    /// battle is not over the final part, DATC 2.4 7.B.15).
    unsupported: Sparse<bool>,
    /// The railroad move whose prevent strength is ignored while a competitor is judged "as if
    /// the train were absent", or `NONE`.
    ignoring: Cell<u32>,
    /// Per unit: the units whose matching support it receives.
    pub supports_of: Csr,
    /// Per army: the fleets whose matching convoy it may use.
    pub convoys_of: Csr,
    /// Per province: the units moving there.
    pub moves_to: Csr,
    /// Per moving unit: the unit at its destination moving back to its origin (any route), or,
    /// under Brannan's rule, the other unit of a head-to-head through a last convoying fleet.
    pub counter: Vec<u32>,
    /// Per moving unit: its `counter` is a head-to-head through the last convoying fleet
    /// (DATC 4.A.4 point 1): a convoyed army, and the unit at its destination moving into the
    /// province of the army's only last convoying fleet.
    via_last_fleet: Sparse<bool>,
    /// Per moving unit: its move was voided by the paradox rule (DATC 2.4's Szykman wording):
    /// it has no path, so no effect anywhere, and no land fallback.
    voided: Sparse<bool>,
    /// Per moving unit: its move over land crosses a difficult passable border (DATC 2.4
    /// chapter 10): one support less, and no support cut without outside support.
    difficult: Sparse<bool>,
    /// Per moving unit: whether it crosses a half-strength border (1900's route around Africa):
    /// `HALF_DIRECT` over its own edge (when not convoyed), `HALF_LANDING` from its convoying
    /// fleets into its destination (when convoyed), else 0.
    half: Sparse<u8>,
    /// Per unit: a plain move, which needs nothing but its own strength: over land (not
    /// convoyed), possible, over no canal and no difficult or half-strength border, counting its
    /// supports, not voided. Its path is certain and its strength is 1 + its supports, so the
    /// resolver skips the general machinery for it.
    plain: Vec<bool>,
    pub state: Vec<Tri>,
    /// The cycles the paradox rule gave no answer for (their units are `Unresolved`).
    pub paradoxes: Vec<Vec<u32>>,
    /// Per entry of `paradoxes`: a cycle that is no convoy paradox, left unresolved by
    /// `other_cycles` (DATC 3.2 5.B.9).
    pub other_cycle: Vec<bool>,
    /// The ruleset's choices the resolver reads while deciding.
    choices: Choices,
    recording: bool,
    reads: RefCell<Vec<u32>>,
    /// Scratch marks for the walks along convoying fleets.
    scratch: RefCell<FleetScratch>,
    /// Per entry of `convoys_of`: the fleet lies on some route of its army.
    on_a_route: Vec<bool>,
    /// Spare buffers: those of the board are taken from it and given back by
    /// [`Board::recycle`] (borrowed: moving a pool in and out costs a copy of it).
    pool: &'a mut Pool,
}

/// The ruleset's choices the resolver reads while deciding, looked up once per phase.
#[derive(Clone, Copy)]
struct Choices {
    route_rule: RouteRule,
    bounce_rule: BounceRule,
    cut_exemption: ConvoyCutExemption,
    support_cut_from_origin_by_convoy: bool,
    /// The `railroad_cut` choice: a railroad move cuts supports where it tries to enter.
    railroad_cuts: bool,
}

impl Choices {
    fn of(rules: &Ruleset) -> Choices {
        Choices {
            route_rule: rules.multi_route_disruption.route_rule(),
            bounce_rule: rules.dislodged_unit_bounce.bounce_rule(),
            cut_exemption: rules.convoy_paradox.cut_exemption(),
            support_cut_from_origin_by_convoy: rules
                .convoyed_attack_origin
                .convoyed_attack_cuts_support_against_its_origin(),
            railroad_cuts: rules.railroad_cut.cuts(),
        }
    }
}

/// Generation-stamped marks per province for `Board::walk_fleets` (nothing map-sized is
/// cleared per walk).
#[derive(Default)]
pub(crate) struct FleetScratch {
    /// Per province: the generation in which it holds one of the walked fleets.
    member: Vec<u32>,
    /// Per province: the generation in which the walk reached its fleet.
    seen: Vec<u32>,
    generation: u32,
    stack: Vec<u32>,
}

impl FleetScratch {
    fn next_generation(&mut self, provinces: usize) -> u32 {
        if self.member.len() != provinces || self.generation == u32::MAX {
            self.member = vec![0; provinces];
            self.seen = vec![0; provinces];
            self.generation = 0;
        }
        self.generation += 1;
        self.generation
    }
}

/// The railroad moves of a phase (DATC 2.4 7.B): their paths, and the effective orders with a
/// railroad move meeting a unit coming the other way in its first place turned into a plain
/// move there (DATC 2.4 7.B.26-7.B.29).
struct RailPlans {
    eff: Vec<Eff>,
    /// Per railroad move: the unit and the provinces it passes, in order.
    paths: Vec<(u32, Vec<ProvinceId>)>,
    /// Per unit: a railroad move in a head-to-head battle that cannot dislodge.
    no_dislodge: Sparse<bool>,
    /// Per unit: a railroad move whose support does not count in its head-to-head battle.
    unsupported: Sparse<bool>,
}

impl RailPlans {
    fn new(
        map: &Map,
        rules: &Ruleset,
        units: &[Unit],
        unit_at: &[u32],
        mut eff: Vec<Eff>,
        pool: &mut Pool,
    ) -> RailPlans {
        let n = units.len();
        let mut plans = RailPlans {
            eff: Vec::new(),
            paths: Vec::new(),
            no_dislodge: Sparse::new(false),
            unsupported: Sparse::new(false),
        };
        for u in 0..n {
            let Eff::Rail { railroad, to } = eff[u] else {
                continue;
            };
            let from = units[u].location.province;
            let Some(path) = rail_path(&map.railroads()[railroad as usize].provinces, from, to)
            else {
                eff[u] = Eff::Hold;
                continue;
            };
            let first = path[0];
            let x = unit_at[first.index()];
            let opposite = x != NONE
                && matches!(eff[x as usize], Eff::Move { to: back, convoy: false, .. } if back.province == from);
            if opposite {
                eff[u] = Eff::Move {
                    to: Location::province(first),
                    convoy: false,
                    via: false,
                    possible: true,
                    fallback: false,
                };
                let no_dislodge = !rules.railroad_head_to_head.dislodges();
                plans.no_dislodge.set(u, no_dislodge, n, pool);
                let unsupported = first != to && !rules.railroad_support.counts_on_the_way();
                plans.unsupported.set(u, unsupported, n, pool);
                continue;
            }
            plans.paths.push((u as u32, path));
        }
        plans.eff = eff;
        plans
    }
}

/// The provinces a railroad move from `from` to `to` along `line` passes, in order (its
/// destination last), or `None` when either is not on the line.
fn rail_path(line: &[ProvinceId], from: ProvinceId, to: ProvinceId) -> Option<Vec<ProvinceId>> {
    let a = line.iter().position(|&p| p == from)?;
    let b = line.iter().position(|&p| p == to)?;
    Some(if a < b {
        line[a + 1..=b].to_vec()
    } else {
        line[b..a].iter().rev().copied().collect()
    })
}

/// The pairs the resolver indexes: (supported unit, supporter), (army, convoying fleet) and
/// (destination province, moving unit).
struct OrderLinks {
    supports: Vec<(u32, u32)>,
    convoys: Vec<(u32, u32)>,
    moves: Vec<(u32, u32)>,
}

impl OrderLinks {
    fn new(
        rules: &Ruleset,
        units: &[Unit],
        interp: &Interpretation,
        eff: &[Eff],
        pool: &mut Pool,
    ) -> OrderLinks {
        let path_rule = rules.convoy_path.path_rule();
        let mut links = OrderLinks {
            supports: pool.empty(0),
            convoys: pool.empty(0),
            moves: pool.empty(eff.len()),
        };
        for (i, e) in eff.iter().enumerate() {
            match *e {
                Eff::SupportHold { target } | Eff::SupportMove { target, .. }
                    if interp.matches[i] =>
                {
                    links.supports.push((target, i as u32))
                }
                Eff::Convoy { army, .. }
                    if interp.matches[i]
                        && matches!(eff[army as usize], Eff::Move { convoy: true, .. }) =>
                {
                    // DATC 4.A.6: a written path restricts the convoy to the fleets it names.
                    let path = interp.path(army);
                    if path_rule == PathRule::Ignored
                        || path.is_empty()
                        || path.contains(&units[i].location.province)
                    {
                        links.convoys.push((army, i as u32))
                    }
                }
                Eff::Move { to, .. } => links.moves.push((to.province.0, i as u32)),
                _ => {}
            }
        }
        links
    }
}

impl OrderLinks {
    /// The pairs indexed: per unit its supports, per army its convoys (of `n` units), per
    /// province (of `provinces`) the moves into it.
    fn index(self, n: usize, provinces: usize, pool: &mut Pool) -> [Csr; 3] {
        [
            Csr::build_in(n, self.supports, pool),
            Csr::build_in(n, self.convoys, pool),
            Csr::build_in(provinces, self.moves, pool),
        ]
    }
}

/// Per moving unit: the unit at its destination moving back to its origin (any route), or
/// `NONE`.
fn counter_moves(units: &[Unit], unit_at: &[u32], eff: &[Eff], pool: &mut Pool) -> Vec<u32> {
    let mut counter = pool.take(units.len(), NONE);
    for (i, e) in eff.iter().enumerate() {
        let Eff::Move { to, .. } = *e else { continue };
        let d = unit_at[to.province.index()];
        if d == NONE {
            continue;
        }
        if let Eff::Move { to: back, .. } = eff[d as usize] {
            if back.province == units[i].location.province {
                counter[i] = d;
            }
        }
    }
    counter
}

/// The units' decisions before resolution: a hold, or a support or convoy that matches no
/// order, is settled as failing; everything else is open.
fn initial_state(eff: &[Eff], interp: &Interpretation, pool: &mut Pool) -> Vec<Tri> {
    let mut state = pool.empty(eff.len());
    state.extend(eff.iter().enumerate().map(|(i, e)| match e {
        Eff::Hold => Tri::No,
        Eff::Move { .. } | Eff::Rail { .. } => Tri::Unknown,
        _ if !interp.matches[i] => Tri::No,
        _ => Tri::Unknown,
    }));
    state
}

/// The railroad moves with two decisions per step (`At`, `Pass`) appended to `extra`; per unit
/// its index among them (or `NONE`); and (province, `At` decision) pairs for each step.
fn rail_steps(
    units: &[Unit],
    paths: Vec<(u32, Vec<ProvinceId>)>,
    extra: &mut Vec<Extra>,
    pool: &mut Pool,
) -> (Vec<RailMove>, Sparse<u32>, Vec<(u32, u32)>) {
    let n = units.len();
    let mut rails = Vec::new();
    let mut rail_of = Sparse::new(NONE);
    let mut into = pool.empty(0);
    for (ri, (u, path)) in paths.into_iter().enumerate() {
        let first = (n + extra.len()) as u32;
        for (k, p) in path.iter().enumerate() {
            into.push((p.0, first + 2 * k as u32));
            extra.push(Extra::At(ri as u32, k as u32));
            extra.push(Extra::Pass(ri as u32, k as u32));
        }
        rail_of.set(u as usize, ri as u32, n, pool);
        rails.push(RailMove {
            unit: u,
            power: units[u as usize].power,
            path,
            first,
        });
    }
    (rails, rail_of, into)
}

/// Per unit moving over a canal: its permission decision (or `DENIED`), and the canal province
/// whose occupant grants the passage; `NONE` for other units.
struct CanalMoves {
    perm: Sparse<u32>,
    at: Sparse<u32>,
    /// The decisions past the units' own, where each permission decision is appended.
    extra: Vec<Extra>,
}

/// Which canal moves may get permission (DATC 2.4 7.C.1-7.C.6); each gets a `Permit`
/// decision appended to `extra`.
fn canal_permissions(
    (map, rules): (&Map, &Ruleset),
    units: &[Unit],
    unit_at: &[u32],
    eff: &[Eff],
    interp: &Interpretation,
    moves: &mut CanalMoves,
    pool: &mut Pool,
) {
    let n = units.len();
    let extra = &mut moves.extra;
    for canal in map.canals() {
        let passes = |from: ProvinceId, to: ProvinceId| {
            (from == canal.seas[0] && to == canal.seas[1])
                || (from == canal.seas[1] && to == canal.seas[0])
        };
        let movers: Vec<usize> = (0..n)
            .filter(|&u| {
                matches!(eff[u], Eff::Move { to, convoy: false, .. }
                    if units[u].kind == diplo_map::UnitKind::Fleet
                        && passes(units[u].location.province, to.province))
            })
            .collect();
        if movers.is_empty() {
            continue;
        }
        let e = unit_at[canal.province.index()];
        let grantor = (e != NONE).then(|| units[e as usize].power);
        let given: Vec<&crate::interpret::Permit> = interp
            .permits
            .iter()
            .filter(|p| Some(p.power) == grantor && passes(p.from, p.to))
            .collect();
        let candidates = permitted_movers(rules, units, &movers, &given, grantor);
        for &u in &movers {
            moves.at.set(u, canal.province.0, n, pool);
            if grantor.is_some() && candidates.contains(&u) {
                moves.perm.set(u, (n + extra.len()) as u32, n, pool);
                extra.push(Extra::Permit(u as u32));
            } else {
                moves.perm.set(u, DENIED, n, pool);
            }
        }
    }
}

/// The fleets moving through one canal that may have the canal power's permission: its own
/// fleets (implicitly) and those it permits explicitly. Under "only one": an explicit
/// permission denies the implicit ones, and two possible permissions are both denied.
fn permitted_movers(
    rules: &Ruleset,
    units: &[Unit],
    movers: &[usize],
    given: &[&crate::interpret::Permit],
    grantor: Option<PowerId>,
) -> Vec<usize> {
    let explicit = |u: usize| {
        let from = units[u].location.province;
        given.iter().any(|p| p.from == from)
    };
    let own = |u: usize| Some(units[u].power) == grantor;
    if !rules.canal_permission.only_one() {
        return movers
            .iter()
            .copied()
            .filter(|&u| own(u) || explicit(u))
            .collect();
    }
    let c: Vec<usize> = if given.is_empty() {
        movers.iter().copied().filter(|&u| own(u)).collect()
    } else {
        movers.iter().copied().filter(|&u| explicit(u)).collect()
    };
    if c.len() == 1 {
        c
    } else {
        Vec::new()
    }
}

/// Per moving unit: whether it crosses a difficult border, and whether a half-strength one
/// (`HALF_DIRECT`). Most maps have no special borders: nothing is looked up per move.
fn special_borders(
    map: &Map,
    units: &[Unit],
    eff: &[Eff],
    pool: &mut Pool,
) -> (Sparse<bool>, Sparse<u8>) {
    let n = units.len();
    let (mut difficult, mut half) = (Sparse::new(false), Sparse::new(0));
    if map.borders().is_empty() {
        return (difficult, half);
    }
    for (u, e) in eff.iter().enumerate() {
        let Eff::Move { to, .. } = *e else { continue };
        let (kind, from) = (units[u].kind, units[u].location.province);
        if map.is_difficult(kind, from, to.province) {
            difficult.set(u, true, n, pool);
        }
        if map.is_half_strength(kind, from, to.province) {
            half.set(u, HALF_DIRECT, n, pool);
        }
    }
    (difficult, half)
}

impl<'a> Board<'a> {
    /// The board for one movement phase: the interpreted orders in dense arrays, with the
    /// railroad steps and canal permissions as decisions of their own.
    pub fn new(
        map: &'a Map,
        rules: &'a Ruleset,
        units: &'a [Unit],
        unit_at: &'a [u32],
        owners: &'a [Option<PowerId>],
        interp: &'a Interpretation,
        pool: &'a mut Pool,
    ) -> Self {
        let n = units.len();
        let p = &mut *pool;
        let mut eff = p.empty(n);
        eff.extend_from_slice(&interp.eff);
        let plans = RailPlans::new(map, rules, units, unit_at, eff, p);
        let eff = plans.eff;
        let links = OrderLinks::new(rules, units, interp, &eff, p);
        let counter = counter_moves(units, unit_at, &eff, p);
        let mut state = initial_state(&eff, interp, p);
        let mut canals = CanalMoves {
            perm: Sparse::new(NONE),
            at: Sparse::new(NONE),
            extra: Vec::new(),
        };
        let (rails, rail_of, into) = rail_steps(units, plans.paths, &mut canals.extra, p);
        if !map.canals().is_empty() {
            canal_permissions((map, rules), units, unit_at, &eff, interp, &mut canals, p);
        }
        state.resize(n + canals.extra.len(), Tri::Unknown);
        let (difficult, half) = special_borders(map, units, &eff, p);
        let provinces = map.provinces().len();
        let rail_into = Csr::build_in(provinces, into, p);
        let [supports_of, convoys_of, moves_to] = links.index(n, provinces, p);
        let via_last_fleet = Sparse::new(false);
        let voided = Sparse::new(false);
        let reads = RefCell::new(p.empty(0));
        let scratch = RefCell::new(std::mem::take(&mut p.fleets));
        let mut board = Board {
            map,
            rules,
            units,
            eff,
            unit_at,
            owners,
            rails,
            rail_of,
            extra: canals.extra,
            rail_into,
            canal_perm: canals.perm,
            canal_at: canals.at,
            no_dislodge: plans.no_dislodge,
            unsupported: plans.unsupported,
            ignoring: Cell::new(NONE),
            supports_of,
            convoys_of,
            moves_to,
            counter,
            via_last_fleet,
            voided,
            difficult,
            half,
            plain: Vec::new(),
            state,
            paradoxes: Vec::new(),
            other_cycle: Vec::new(),
            choices: Choices::of(rules),
            recording: false,
            reads,
            scratch,
            on_a_route: Vec::new(),
            pool,
        };
        board.apply_convoy_rules();
        board.plain = board.plain_moves();
        board
    }

    /// Per unit: whether it is a plain move (see [`Board::plain`]). On the way, settles the
    /// decisions nothing else can change (both adjudications would say "yes" without reading
    /// any decision): a plain move into an empty province no other move or railroad step
    /// enters, and a support or convoy no move or railroad step enters.
    fn plain_moves(&mut self) -> Vec<bool> {
        let n = self.units.len();
        let mut plain = self.pool.take(n, false);
        let no_rails = self.rail_into.items.is_empty();
        // No canal, border, railroad or voided move anywhere (most phases): every move over land
        // that is possible and not convoyed is plain.
        let ordinary = self.canal_perm.is_unset()
            && self.difficult.is_unset()
            && self.half.is_unset()
            && self.unsupported.is_unset()
            && self.voided.is_unset();
        for (u, is_plain) in plain.iter_mut().enumerate() {
            // How many moves go to `p` (the province of a unit, or a destination).
            let movers = |p: ProvinceId| self.moves_to.get(p.index()).len();
            let settled = match self.eff[u] {
                Eff::Move {
                    to,
                    convoy: false,
                    possible: true,
                    ..
                } => {
                    *is_plain = ordinary
                        || (self.canal_perm.get(u) == NONE
                            && !self.difficult.get(u)
                            && self.half.get(u) == 0
                            && !self.unsupported.get(u)
                            && !self.voided.get(u));
                    *is_plain
                        && no_rails
                        && self.unit_at[to.province.index()] == NONE
                        && movers(to.province) == 1
                }
                Eff::SupportHold { .. } | Eff::SupportMove { .. } | Eff::Convoy { .. } => {
                    no_rails && movers(self.units[u].location.province) == 0
                }
                _ => false,
            };
            if settled && self.state[u] == Tri::Unknown {
                self.state[u] = Tri::Yes;
            }
        }
        plain
    }

    /// Voids move `u` (the paradox rule): it has no path, so no effect anywhere.
    fn void(&mut self, u: u32) {
        self.voided
            .set(u as usize, true, self.units.len(), self.pool);
        self.plain[u as usize] = false;
    }

    /// The rules that change which fleets convoy which army, and how a convoyed army lands.
    fn apply_convoy_rules(&mut self) {
        let rules = self.rules;
        if rules
            .multi_route_disruption
            .own_route_drops_foreign_fleets()
        {
            self.drop_foreign_fleets_where_own_route_exists();
        }
        if !self.convoys_of.items.is_empty() {
            let mut pool = std::mem::take(&mut *self.pool);
            self.on_a_route = self.all_fleets_on_a_route(&mut pool);
            *self.pool = pool;
        }
        if rules
            .convoyed_attack_origin
            .convoyed_attack_meets_move_into_last_fleet()
        {
            self.pair_moves_into_last_fleet();
        }
        self.mark_half_strength_landings();
    }

    /// 1900's Suez rule: an army convoyed to its destination around Africa "attacks at half
    /// strength". A convoyed army lands at half strength when every fleet of its convoy orders
    /// that lies on a route and can land it lands it over a half-strength border (decided by the
    /// orders, not by which of those fleets is dislodged).
    fn mark_half_strength_landings(&mut self) {
        if !self.map.borders().iter().any(|b| b.half_strength) {
            return;
        }
        let (mut seen, mut on) = ([Vec::new(), Vec::new()], Vec::new());
        for x in 0..self.units.len() {
            let Eff::Move {
                to, convoy: true, ..
            } = self.eff[x]
            else {
                continue;
            };
            let from = self.units[x].location.province;
            let fleets = self.convoys_of.get(x);
            on.clear();
            self.fleets_on_a_route((from, to.province), fleets, &mut seen, &mut on);
            let mut last = fleets
                .iter()
                .zip(&on)
                .filter(|&(&f, &on)| on && self.map.fleet_can_reach(self.sea(f), to.province))
                .map(|(&f, _)| self.units[f as usize].location.province)
                .peekable();
            let kind = diplo_map::UnitKind::Fleet;
            if last.peek().is_some()
                && last.all(|p| self.map.is_half_strength(kind, p, to.province))
            {
                self.half.set(x, HALF_LANDING, self.units.len(), self.pool);
            }
        }
    }

    /// Brannan's rule (DATC 4.A.4 point 1, 6.F.30): a convoyed attack comes from its last
    /// convoying fleet, so it meets the unit at its destination moving into that fleet's
    /// province head to head. Only where the army has one last fleet: with several, the attack
    /// also comes from the others (as 4.A.4 point 2 reasons for support cutting).
    fn pair_moves_into_last_fleet(&mut self) {
        for x in 0..self.units.len() {
            let Eff::Move {
                to, convoy: true, ..
            } = self.eff[x]
            else {
                continue;
            };
            let b = self.unit_at[to.province.index()];
            if b == NONE || self.counter[x] != NONE || self.counter[b as usize] != NONE {
                continue;
            }
            let Eff::Move { to: into, .. } = self.eff[b as usize] else {
                continue;
            };
            let fleets = self.convoys_of.get(x);
            let on = self.on_a_route(x as u32);
            let mut last = fleets
                .iter()
                .zip(on)
                .filter(|&(&f, &on)| on && self.map.fleet_can_reach(self.sea(f), to.province))
                .map(|(&f, _)| self.units[f as usize].location.province);
            if let (Some(l), None) = (last.next(), last.next()) {
                if l == into.province {
                    self.counter[x] = b;
                    self.counter[b as usize] = x as u32;
                    let n = self.units.len();
                    self.via_last_fleet.set(x, true, n, self.pool);
                    self.via_last_fleet.set(b as usize, true, n, self.pool);
                }
            }
        }
    }

    /// DPTG VIII step 1: when the army's own fleets can complete a route, the convoy orders
    /// of foreign fleets for it are cancelled.
    fn drop_foreign_fleets_where_own_route_exists(&mut self) {
        let n = self.units.len();
        let mut pairs: Vec<(u32, u32)> = self.pool.empty(0);
        for a in 0..n {
            let fleets = self.convoys_of.get(a);
            if fleets.is_empty() {
                continue;
            }
            let power = self.units[a].power;
            let Eff::Move { to, .. } = self.eff[a] else {
                continue;
            };
            let from = self.units[a].location.province;
            let own_route = self.route_exists(from, to.province, fleets, |f| {
                self.units[f as usize].power == power
            });
            for &f in fleets {
                if !own_route || self.units[f as usize].power == power {
                    pairs.push((a as u32, f));
                }
            }
        }
        let kept = Csr::build_sorted_in(n, pairs, self.pool);
        std::mem::replace(&mut self.convoys_of, kept).recycle(self.pool);
    }

    #[inline]
    fn st(&self, v: u32) -> Tri {
        let s = self.state[v as usize];
        if s.open() && self.recording {
            self.reads.borrow_mut().push(v);
        }
        s
    }

    /// A decision counted as true: at most (`max`) when not known false, at least when known true.
    #[inline]
    fn holds(&self, v: u32, max: bool) -> bool {
        match self.st(v) {
            Tri::Yes => true,
            Tri::No => false,
            Tri::Unknown | Tri::Unresolved => max,
        }
    }

    /// Whether decision `u` is a unit's move (a railroad move included: its decision says
    /// whether it leaves its origin).
    #[inline]
    fn is_move(&self, u: u32) -> bool {
        matches!(
            self.eff.get(u as usize),
            Some(Eff::Move { .. } | Eff::Rail { .. })
        )
    }

    /// The effective order behind decision `u` (`Hold` for a railroad step or a canal
    /// permission).
    #[inline]
    fn eff_of(&self, u: u32) -> Eff {
        self.eff.get(u as usize).copied().unwrap_or(Eff::Hold)
    }

    /// Whether decision `u` is a unit's convoy.
    #[inline]
    fn is_convoy(&self, u: u32) -> bool {
        matches!(self.eff.get(u as usize), Some(Eff::Convoy { .. }))
    }

    #[inline]
    fn dest(&self, u: u32) -> Location {
        match self.eff[u as usize] {
            Eff::Move { to, .. } => to,
            _ => unreachable!("dest of a unit that does not move"),
        }
    }

    #[inline]
    fn power(&self, u: u32) -> PowerId {
        self.units[u as usize].power
    }

    /// Whether a move is ordered by convoy (with or without a land fallback).
    #[inline]
    pub fn convoyed(&self, u: u32) -> bool {
        matches!(self.eff[u as usize], Eff::Move { convoy: true, .. })
    }

    /// 5.B.4 PATH, at most (`max`) or at least. A move with a land fallback always has one.
    #[inline]
    pub fn path(&self, u: u32, max: bool) -> bool {
        self.plain[u as usize] || self.path_of_other(u, max)
    }

    /// [`Board::path`] of a move that is not plain.
    fn path_of_other(&self, u: u32, max: bool) -> bool {
        let Eff::Move {
            convoy,
            possible,
            fallback,
            ..
        } = self.eff[u as usize]
        else {
            return false;
        };
        if !possible || self.voided.get(u as usize) {
            return false;
        }
        // A move over a canal needs the canal power's permission (DATC 2.4 7.C).
        match self.canal_perm.get(u as usize) {
            NONE => {}
            DENIED => return false,
            d => {
                if !self.holds(d, max) {
                    return false;
                }
            }
        }
        if !convoy || fallback {
            return true;
        }
        self.convoy_path(u, max)
    }

    /// Whether the convoy route of a convoyed move works, at most or at least.
    pub fn convoy_path(&self, u: u32, max: bool) -> bool {
        let Eff::Move { to, .. } = self.eff[u as usize] else {
            return false;
        };
        let fleets = self.convoys_of.get(u as usize);
        let from = self.units[u as usize].location.province;
        match self.choices.route_rule {
            RouteRule::AnyIntactRoute => {
                self.route_exists(from, to.province, fleets, |f| self.holds(f, max))
            }
            RouteRule::EveryRouteIntact => {
                let on_route = self.on_a_route(u);
                on_route.iter().any(|&x| x)
                    && fleets
                        .iter()
                        .zip(on_route)
                        .all(|(&f, &on)| !on || self.holds(f, max))
            }
        }
    }

    /// Whether `u` travels over land (as opposed to by convoy); for a move with a land
    /// fallback, known once its convoy route is known.
    #[inline]
    fn land_route(&self, u: u32) -> Tri {
        if self.plain[u as usize] {
            Tri::Yes
        } else {
            self.route_of_other(u)
        }
    }

    /// [`Board::land_route`] of a move that is not plain.
    fn route_of_other(&self, u: u32) -> Tri {
        match self.eff[u as usize] {
            // A canal move is a direct move only with permission (DATC 2.4 7.C.6: so there is
            // no head-to-head battle through the canal without it).
            Eff::Move { convoy: false, .. } if self.voided.get(u as usize) => Tri::No,
            Eff::Move { convoy: false, .. } => match self.canal_perm.get(u as usize) {
                NONE => Tri::Yes,
                DENIED => Tri::No,
                d => match self.st(d) {
                    Tri::Yes => Tri::Yes,
                    Tri::No => Tri::No,
                    _ => Tri::Unknown,
                },
            },
            Eff::Move { .. } if self.voided.get(u as usize) => Tri::No,
            Eff::Move {
                fallback: false, ..
            } => Tri::No,
            Eff::Move { .. } => {
                if self.convoy_path(u, false) {
                    Tri::No
                } else if !self.convoy_path(u, true) {
                    Tri::Yes
                } else {
                    Tri::Unknown
                }
            }
            _ => Tri::No,
        }
    }

    /// After resolution: whether a convoyed move (with or without land fallback) went by convoy.
    pub fn h2h_route_was_convoy(&self, u: u32) -> bool {
        self.land_route(u) == Tri::No
    }

    /// Whether `u` is in a head-to-head battle: it and the unit at its destination move into
    /// each other's province, both over land.
    #[inline(always)]
    pub fn h2h(&self, u: u32) -> Tri {
        let o = self.counter[u as usize];
        if o == NONE {
            return Tri::No;
        }
        if self.via_last_fleet.get(u as usize) {
            // Brannan's rule: a head-to-head when the army goes by convoy.
            let army = if self.convoyed(u) { u } else { o };
            return match self.land_route(army) {
                Tri::Yes => Tri::No,
                Tri::No => Tri::Yes,
                t => t,
            };
        }
        self.land_route(u).and(self.land_route(o))
    }

    /// Whether the ordered convoys form any route at all for a convoyed move (ignoring whether
    /// they succeed). A convoyed move without one is legal but `invalid` (DATC 6.D.8, 6.G.8).
    pub fn convoy_ordered(&self, u: u32) -> bool {
        let Eff::Move { to, .. } = self.eff[u as usize] else {
            return false;
        };
        let from = self.units[u as usize].location.province;
        self.route_exists(from, to.province, self.convoys_of.get(u as usize), |_| true)
    }

    fn route_exists(
        &self,
        from: diplo_map::ProvinceId,
        to: diplo_map::ProvinceId,
        fleets: &[u32],
        ok: impl Fn(u32) -> bool,
    ) -> bool {
        self.walk_fleets(from, fleets, &ok, |f| {
            self.map.fleet_can_reach(self.sea(f), to)
        })
    }

    #[inline]
    fn sea(&self, f: u32) -> Location {
        Location::province(self.units[f as usize].location.province)
    }

    /// Walks the chains of `fleets` (those `ok` accepts) from land province `start`, calling
    /// `visit` on each fleet reached; stops and returns true as soon as `visit` does. `ok` is
    /// asked of every fleet first (the decisions a route depends on are all read). Linear in the
    /// fleets and their edges: a generation-stamped mark per province says which provinces hold
    /// one of `fleets` and which were reached.
    fn walk_fleets(
        &self,
        start: diplo_map::ProvinceId,
        fleets: &[u32],
        ok: &impl Fn(u32) -> bool,
        mut visit: impl FnMut(u32) -> bool,
    ) -> bool {
        let mut scratch = self.scratch.borrow_mut();
        let sc = &mut *scratch;
        let g = sc.next_generation(self.map.provinces().len());
        sc.stack.clear();
        for &f in fleets {
            sc.member[self.units[f as usize].location.province.index()] = g;
        }
        for &f in fleets {
            if ok(f) && self.map.fleet_can_reach(self.sea(f), start) {
                sc.seen[self.units[f as usize].location.province.index()] = g;
                sc.stack.push(f);
            }
        }
        while let Some(f) = sc.stack.pop() {
            if visit(f) {
                return true;
            }
            for l in self.map.fleet_neighbours(self.sea(f)) {
                let p = l.province.index();
                if sc.member[p] == g && sc.seen[p] != g {
                    let j = self.unit_at[p];
                    if ok(j) {
                        sc.seen[p] = g;
                        sc.stack.push(j);
                    }
                }
            }
        }
        false
    }

    /// Appends to `out`, per fleet of `fleets`: whether it lies on some route from `from` to `to`
    /// through the ordered fleets (`seen`: the two walks' fleets, buffers reused across armies).
    fn fleets_on_a_route(
        &self,
        (from, to): (diplo_map::ProvinceId, diplo_map::ProvinceId),
        fleets: &[u32],
        seen: &mut [Vec<u32>; 2],
        out: &mut Vec<bool>,
    ) {
        let [forward, backward] = seen;
        forward.clear();
        backward.clear();
        self.walk_fleets(from, fleets, &|_| true, |f| {
            forward.push(f);
            false
        });
        self.walk_fleets(to, fleets, &|_| true, |f| {
            backward.push(f);
            false
        });
        forward.sort_unstable();
        backward.sort_unstable();
        out.extend(
            fleets
                .iter()
                .map(|f| forward.binary_search(f).is_ok() && backward.binary_search(f).is_ok()),
        );
    }

    /// The convoying fleets of army `u` that lie on some route (computed once, in `new`).
    fn on_a_route(&self, u: u32) -> &[bool] {
        &self.on_a_route[self.convoys_of.range(u as usize)]
    }

    /// Which convoying fleets of every army lie on some route, in `convoys_of` order.
    fn all_fleets_on_a_route(&self, pool: &mut Pool) -> Vec<bool> {
        let mut out = pool.empty(self.convoys_of.items.len());
        if self.convoys_of.items.is_empty() {
            return out;
        }
        let mut seen = [pool.empty(0), pool.empty(0)];
        for a in 0..self.units.len() {
            let fleets = self.convoys_of.get(a);
            if fleets.is_empty() {
                continue;
            }
            let Eff::Move { to, .. } = self.eff[a] else {
                out.extend(fleets.iter().map(|_| false));
                continue;
            };
            let from = self.units[a].location.province;
            self.fleets_on_a_route((from, to.province), fleets, &mut seen, &mut out);
        }
        let [forward, backward] = seen;
        pool.give(forward);
        pool.give(backward);
        out
    }

    /// Whether fleet `f` is necessary for `a`'s convoy: without it no route remains.
    fn necessary(&self, a: u32, f: u32) -> bool {
        let Eff::Move { to, .. } = self.eff[a as usize] else {
            return false;
        };
        let from = self.units[a as usize].location.province;
        !self.route_exists(from, to.province, self.convoys_of.get(a as usize), |x| {
            x != f
        })
    }

    #[inline(always)]
    fn count_supports(&self, u: u32, max: bool, except_power: Option<PowerId>) -> u32 {
        if self.unsupported.get(u as usize) {
            return 0;
        }
        let mut n = 0;
        for &s in self.supports_of.get(u as usize) {
            if Some(self.power(s)) != except_power && self.holds(s, max) {
                n += 1;
            }
        }
        n
    }

    // Strengths. Inside the resolver a strength is counted in half points and shifted by one
    // point: 0 means no strength at all (no path, an empty province, a unit that moved away, a
    // head-to-head loser), otherwise it is 2 + twice the DATC strength. A move over a difficult
    // passable border (DATC 2.4 chapter 10) counts one support less, so without support its DATC
    // strength is 0: it still enters an empty province and still bounces another such move, but
    // loses to any ordinary move. A move over a half-strength border (1900's route around
    // Africa) has half its strength: unsupported, ½ (3 here), it too enters an empty province
    // and bounces another such move, and loses to any ordinary move. The public `attack`,
    // `hold`, `defend` and `prevent` give DATC strengths (`Strength`, in half points).

    /// The difficult-border penalty of move `u`: 1 when it goes over land across a difficult
    /// border; while its route is unknown, the bound that helps (`max`) or hinders the move.
    fn penalty(&self, u: u32, max: bool) -> u32 {
        if !self.difficult.get(u as usize) {
            return 0;
        }
        match self.land_route(u) {
            Tri::Yes => 1,
            Tri::No => 0,
            _ => u32::from(!max),
        }
    }

    /// Whether move `u` goes at half strength (a half-strength border, by its own edge or
    /// landing from its convoy); while its route is unknown, the bound that helps (`max`) or
    /// hinders the move.
    fn at_half(&self, u: u32, max: bool) -> bool {
        let over_land = match self.half.get(u as usize) {
            0 => return false,
            HALF_DIRECT => Tri::Yes,
            _ => Tri::No,
        };
        match self.land_route(u) {
            Tri::Unknown | Tri::Unresolved => !max,
            r => r == over_land,
        }
    }

    /// The strength, in half points and shifted by one point (2), of move `u` with `supports`
    /// supports: the DATC strength less a difficult border's penalty, halved over a
    /// half-strength border (the `half_strength` choice says what is halved).
    #[inline(always)]
    fn move_strength(&self, u: u32, supports: u32, max: bool) -> u32 {
        if self.plain[u as usize] {
            4 + 2 * supports
        } else {
            self.strength_of_other(u, supports, max)
        }
    }

    /// [`Board::move_strength`] of a move that is not plain.
    fn strength_of_other(&self, u: u32, supports: u32, max: bool) -> u32 {
        let s = 1 + supports - self.penalty(u, max);
        2 + if self.at_half(u, max) {
            self.rules.half_strength.halve(s)
        } else {
            2 * s
        }
    }

    /// 5.B.8 ATTACK STRENGTH, shifted.
    #[inline(always)]
    fn attack_in(&self, u: u32, max: bool) -> u32 {
        if !self.path(u, max) {
            return 0;
        }
        let dest = self.dest(u).province;
        let d = self.unit_at[dest.index()];
        let defender = if d == NONE {
            None
        } else if !self.is_move(d) {
            Some(self.power(d))
        } else {
            let h2h = self.h2h(u);
            let left = match self.st(d) {
                Tri::Yes => None,
                Tri::No => Some(self.power(d)),
                Tri::Unknown | Tri::Unresolved => (!max).then(|| self.power(d)),
            };
            match h2h {
                Tri::Yes => Some(self.power(d)),
                Tri::No => left,
                _ => {
                    if max {
                        left
                    } else {
                        Some(self.power(d))
                    }
                }
            }
        };
        if defender == Some(self.power(u)) {
            return 0;
        }
        self.move_strength(u, self.count_supports(u, max, defender), max)
    }

    /// 5.B.8 ATTACK STRENGTH (the DATC's number).
    pub fn attack(&self, u: u32, max: bool) -> Strength {
        Strength::from_shifted(self.attack_in(u, max))
    }

    /// 5.B.5 HOLD STRENGTH of a province, shifted.
    #[inline(always)]
    fn hold_in(&self, p: diplo_map::ProvinceId, max: bool) -> u32 {
        let d = self.unit_at[p.index()];
        if d == NONE {
            return 0;
        }
        if self.is_move(d) {
            return match self.st(d) {
                Tri::Yes => 0,
                Tri::No => 4,
                Tri::Unknown | Tri::Unresolved => 4 * max as u32,
            };
        }
        2 * (2 + self.count_supports(d, max, None))
    }

    /// 5.B.5 HOLD STRENGTH of a province (the DATC's number).
    pub fn hold(&self, p: diplo_map::ProvinceId, max: bool) -> Strength {
        Strength::from_shifted(self.hold_in(p, max))
    }

    /// 5.B.7 DEFEND STRENGTH, shifted.
    fn defend_in(&self, u: u32, max: bool) -> u32 {
        self.move_strength(u, self.count_supports(u, max, None), max)
    }

    /// 5.B.7 DEFEND STRENGTH (the DATC's number).
    pub fn defend(&self, u: u32, max: bool) -> Strength {
        Strength::from_shifted(self.defend_in(u, max))
    }

    /// 5.B.6 PREVENT STRENGTH, shifted, with DATC 4.A.7 from the ruleset.
    fn prevent_in(&self, c: u32, max: bool) -> u32 {
        if !self.path(c, max) {
            return 0;
        }
        let o = self.counter[c as usize];
        if o != NONE {
            let o_moves = self.st(o);
            let (zero_known, zero_possible) = match self.choices.bounce_rule {
                // Lost a head-to-head battle: no effect on the attacker's origin.
                BounceRule::HeadToHeadOnly => {
                    let h = self.h2h(c);
                    (
                        h == Tri::Yes && o_moves == Tri::Yes,
                        h != Tri::No && o_moves != Tri::No,
                    )
                }
                // Dislodged by the unit it moved against, whatever the route.
                BounceRule::Always => {
                    let c_moves = self.st(c);
                    (
                        o_moves == Tri::Yes && c_moves == Tri::No,
                        o_moves != Tri::No && c_moves != Tri::Yes,
                    )
                }
            };
            if zero_known || (!max && zero_possible) {
                return 0;
            }
        }
        self.move_strength(c, self.count_supports(c, max, None), max)
    }

    /// 5.B.6 PREVENT STRENGTH (the DATC's number).
    pub fn prevent(&self, c: u32, max: bool) -> Strength {
        Strength::from_shifted(self.prevent_in(c, max))
    }

    /// Whether move `c` keeps others out of its destination at all (it may have strength 0
    /// over a difficult border and still bounce another such move).
    pub fn prevents(&self, c: u32) -> bool {
        self.prevent_in(c, true) > 0
    }

    /// Whether move `a` cuts support `s` by strength: a move over a difficult passable border
    /// cuts only with a support from a power other than the supporter's (DATC 2.4 10.A, 10.B,
    /// 10.O). `opt` is the support's optimistic adjudication.
    /// Over a half-strength border a move cuts no support by strength (1900 rule 7: "unless the
    /// attack results in the unit being dislodged"), nor does an army convoyed over one when
    /// the ruleset's `half_strength_convoy_cut` says so.
    fn cuts_over_border(&self, a: u32, s: u32, opt: bool) -> bool {
        if self.at_half(a, !opt)
            && (self.half.get(a as usize) == HALF_DIRECT
                || self.rules.half_strength_convoy_cut.dislodge_only())
        {
            return false;
        }
        self.penalty(a, !opt) == 0 || self.count_supports(a, !opt, Some(self.power(s))) > 0
    }

    /// 5.B.1 MOVE, optimistic or pessimistic.
    fn adjudicate_move(&self, u: u32, opt: bool) -> bool {
        let dest = self.dest(u).province;
        let atk = self.attack_in(u, opt);
        if atk == 0 {
            return false;
        }
        let beats_defender = || atk > self.defend_in(self.counter[u as usize], !opt);
        let beats_hold = || atk > self.hold_in(dest, !opt);
        // Under Brannan's rule the unit moving into the last fleet's province must also beat
        // that fleet where it stands.
        let into_last_fleet = self.via_last_fleet.get(u as usize) && !self.convoyed(u);
        let wins = match self.h2h(u) {
            Tri::Yes => beats_defender() && (!into_last_fleet || beats_hold()),
            Tri::No => beats_hold(),
            _ if opt => beats_defender() || beats_hold(),
            _ => beats_defender() && beats_hold(),
        };
        if !wins {
            return false;
        }
        // A railroad move in a head-to-head battle cannot dislodge (DATC 2.4 7.B.29): the unit
        // there leaves only by winning the battle.
        if self.no_dislodge.get(u as usize) && self.unit_at[dest.index()] != NONE {
            return false;
        }
        for &c in self.moves_to.get(dest.index()) {
            if c != u && atk <= self.prevent_in(c, !opt) {
                return false;
            }
        }
        // A railroad move that gets to this place bounces others there (DATC 2.4 7.B.1).
        for &a in self.rail_into.get(dest.index()) {
            let Extra::At(ri, k) = self.extra_of(a) else {
                continue;
            };
            if self.ignoring.get() == ri || !self.rail_competes_with(ri, u) {
                continue;
            }
            if atk <= self.rail_prevent(ri as usize, k as usize, !opt) {
                return false;
            }
        }
        true
    }

    /// DATC 4.A.2 a-c: whether the rulebook's paradox rule keeps convoyed army `a` from cutting
    /// the support of `s`.
    fn paradox_exempt(&self, a: u32, s: u32) -> bool {
        let fleets = self.convoys_of.get(a as usize);
        let convoy_fleet_in = |p: diplo_map::ProvinceId| {
            fleets
                .iter()
                .copied()
                .find(|&f| self.units[f as usize].location.province == p)
        };
        let s_is_fleet = self.units[s as usize].kind == diplo_map::UnitKind::Fleet;
        match (self.choices.cut_exemption, self.eff[s as usize]) {
            (ConvoyCutExemption::None, _) => false,
            (
                ConvoyCutExemption::FleetSupportingAttackOnConvoy,
                Eff::SupportMove { target, to, .. },
            ) => {
                s_is_fleet
                    && self.units[target as usize].kind == diplo_map::UnitKind::Fleet
                    && convoy_fleet_in(to).is_some()
            }
            (ConvoyCutExemption::FleetSupportingActionAtConvoyingSea, e) => {
                let at = match e {
                    Eff::SupportMove { to, .. } => to,
                    Eff::SupportHold { target } => self.units[target as usize].location.province,
                    _ => return false,
                };
                let f = self.unit_at[at.index()];
                s_is_fleet
                    && self.map.can_convoy_through(at)
                    && f != NONE
                    && matches!(self.eff[f as usize], Eff::Convoy { .. })
            }
            (ConvoyCutExemption::SupportOfAttackOnNecessaryFleet, Eff::SupportMove { to, .. }) => {
                convoy_fleet_in(to).is_some_and(|f| self.necessary(a, f))
            }
            _ => false,
        }
    }

    /// 5.B.2 SUPPORT: given unless cut or the supporter is dislodged.
    fn adjudicate_support(&self, s: u32, opt: bool) -> bool {
        let p = self.units[s as usize].location.province;
        let against = match self.eff[s as usize] {
            Eff::SupportMove { to, .. } => Some(to),
            _ => None,
        };
        for &a in self.moves_to.get(p.index()) {
            let convoyed = self.convoyed(a);
            // The rulebooks' paradox rules keep a convoyed army from cutting the support; the
            // rule takes precedence over the dislodge rule too (DATC 4.A.2, 6.F.17).
            if convoyed && self.power(a) != self.power(s) && self.paradox_exempt(a, s) {
                continue;
            }
            // Dislodged: a unit successfully moves in (the supporter does not move).
            match self.st(a) {
                Tri::Yes => return false,
                Tri::Unknown | Tri::Unresolved if !opt => return false,
                _ => {}
            }
            if self.power(a) == self.power(s) {
                continue;
            }
            let from = self.units[a as usize].location.province;
            if Some(from) == against
                && !(convoyed && self.choices.support_cut_from_origin_by_convoy)
            {
                continue;
            }
            if self.path(a, !opt) && self.cuts_over_border(a, s, opt) {
                return false;
            }
        }
        // DATC 2.4 7.B.14: a railroad move cuts no support, unless the ruleset says it does
        // where it tries to enter.
        if self.choices.railroad_cuts {
            for &at in self.rail_into.get(p.index()) {
                let Extra::At(ri, k) = self.extra_of(at) else {
                    continue;
                };
                let r = &self.rails[ri as usize];
                if r.power == self.power(s) {
                    continue;
                }
                let came_from = if k == 0 {
                    self.units[r.unit as usize].location.province
                } else {
                    r.path[k as usize - 1]
                };
                if Some(came_from) == against {
                    continue;
                }
                if self.holds(at, !opt) {
                    return false;
                }
            }
        }
        true
    }

    /// 5.B.3 CONVOY: available unless the fleet is dislodged.
    fn adjudicate_convoy(&self, f: u32, opt: bool) -> bool {
        let p = self.units[f as usize].location.province;
        for &a in self.moves_to.get(p.index()) {
            match self.st(a) {
                Tri::Yes => return false,
                Tri::Unknown | Tri::Unresolved if !opt => return false,
                _ => {}
            }
        }
        true
    }

    fn adjudicate(&self, u: u32, opt: bool) -> bool {
        let Some(e) = self.eff.get(u as usize) else {
            return match self.extra_of(u) {
                Extra::At(ri, k) => self.rail_at(ri as usize, k as usize, opt),
                Extra::Pass(ri, k) => self.rail_pass(ri as usize, k as usize, opt),
                Extra::Permit(f) => self.canal_permitted(f, opt),
            };
        };
        match *e {
            Eff::Move { .. } => self.adjudicate_move(u, opt),
            Eff::SupportHold { .. } | Eff::SupportMove { .. } => self.adjudicate_support(u, opt),
            Eff::Convoy { .. } => self.adjudicate_convoy(u, opt),
            Eff::Rail { .. } => self.rail_leaves(self.rail_of.get(u as usize) as usize, opt),
            Eff::Hold => false,
        }
    }

    // --- Railroads (DATC 2.4 7.B) and canals (7.C) ----------------------------------------

    #[inline]
    fn extra_of(&self, d: u32) -> Extra {
        self.extra[d as usize - self.units.len()]
    }

    /// The `at` decision of railroad move `ri` at its place `k`.
    #[inline]
    pub fn rail_at_id(&self, ri: usize, k: usize) -> u32 {
        self.rails[ri].first + 2 * k as u32
    }

    /// The `pass` decision of railroad move `ri` at its place `k`.
    #[inline]
    pub fn rail_pass_id(&self, ri: usize, k: usize) -> u32 {
        self.rails[ri].first + 2 * k as u32 + 1
    }

    /// Whether move `u` competes with railroad move `ri` where both go (DATC 2.4 7.B.4).
    fn rail_competes_with(&self, ri: u32, u: u32) -> bool {
        self.power(u) != self.rails[ri as usize].power
            || self.rules.railroad_bounce_own.own_moves_compete()
    }

    /// The railroad move's strength into its place `k`, shifted: support counts only on the
    /// final part (DATC 2.4 7.B.15) unless the ruleset says otherwise.
    pub fn rail_strength(&self, ri: usize, k: usize, max: bool) -> u32 {
        let r = &self.rails[ri];
        let supported = k + 1 == r.path.len() || self.rules.railroad_support.counts_on_the_way();
        2 * (2 + if supported {
            self.count_supports(r.unit, max, None)
        } else {
            0
        })
    }

    /// The railroad move's strength into its place `k` (the DATC's number).
    pub fn rail_attack(&self, ri: usize, k: usize, max: bool) -> Strength {
        Strength::from_shifted(self.rail_strength(ri, k, max))
    }

    /// The railroad move's prevent strength in its place `k`, shifted: none unless it gets
    /// there.
    pub fn rail_prevent(&self, ri: usize, k: usize, max: bool) -> u32 {
        if !self.holds(self.rail_at_id(ri, k), max) {
            return 0;
        }
        self.rail_strength(ri, k, max)
    }

    /// The train tries to enter its place `k`: the first always; a later one when it got
    /// through the place before and did not have to stop there.
    fn rail_at(&self, ri: usize, k: usize, opt: bool) -> bool {
        if k == 0 {
            return true;
        }
        self.holds(self.rail_pass_id(ri, k - 1), opt) && !self.rail_stop(ri, k - 1, !opt)
    }

    /// Errata 9.241: the train stops in a supply centre of the line that its power does not
    /// own, to recapture it, unless an own army stays there (DATC 2.4 7.B.18-7.B.22). `max`:
    /// whether it possibly stops (else: certainly).
    fn rail_stop(&self, ri: usize, k: usize, max: bool) -> bool {
        let r = &self.rails[ri];
        let p = r.path[k];
        if k + 1 == r.path.len()
            || !self.map.province(p).supply_centre
            || self.owners.get(p.index()).copied().flatten() == Some(r.power)
        {
            return false;
        }
        let x = self.unit_at[p.index()];
        if x == NONE || self.power(x) != r.power {
            return true;
        }
        // The own army stays unless it moves out.
        self.is_move(x) && self.holds(x, max)
    }

    /// The train gets into its place `k`: it tries to, the unit there lets it through, and no
    /// other move into the place would beat it.
    fn rail_pass(&self, ri: usize, k: usize, opt: bool) -> bool {
        self.holds(self.rail_at_id(ri, k), opt)
            && self.rail_occupant_lets_through(ri, k, opt)
            && !self.rail_blocked(ri, k, opt)
    }

    /// Errata 9.23: a unit in the place at the start of the turn lets the train through only
    /// by moving out; an own army that stays lets it through while it is not dislodged (DATC
    /// 2.4 7.B.3, 7.B.9, 7.B.10), but the train cannot end on it.
    pub fn rail_occupant_lets_through(&self, ri: usize, k: usize, opt: bool) -> bool {
        let r = &self.rails[ri];
        let p = r.path[k];
        let x = self.unit_at[p.index()];
        if x == NONE {
            return true;
        }
        let last = k + 1 == r.path.len();
        if !last && self.power(x) == r.power && self.rules.railroad_pass_own.passes_own() {
            return !self.dislodged_in(p, x, !opt);
        }
        self.is_move(x) && self.holds(x, opt)
    }

    /// Whether unit `x` in `p` is dislodged (`max`: possibly; else certainly): it does not
    /// move out and a move into `p` succeeds.
    fn dislodged_in(&self, p: ProvinceId, x: u32, max: bool) -> bool {
        let stays = !self.is_move(x) || !self.holds(x, !max);
        stays
            && self
                .moves_to
                .get(p.index())
                .iter()
                .any(|&c| self.holds(c, max))
    }

    /// Whether another move into the train's place `k` stops it (`certain`: surely; else
    /// possibly): a move that would succeed were the train absent, with at least the train's
    /// strength (DATC 2.4 7.B.6-7.B.8: two moves that bounce each other let it slip through).
    pub fn rail_blocked(&self, ri: usize, k: usize, certain: bool) -> bool {
        let r = &self.rails[ri];
        let p = r.path[k];
        for &c in self.moves_to.get(p.index()) {
            if c == r.unit || !self.rail_competes_with(ri as u32, c) {
                continue;
            }
            if self.prevent_in(c, !certain) < self.rail_strength(ri, k, certain) {
                continue;
            }
            let outer = self.ignoring.replace(ri as u32);
            let wins = self.adjudicate_move(c, !certain);
            self.ignoring.set(outer);
            if wins {
                return true;
            }
        }
        false
    }

    /// Whether province `p` is empty at the end of the turn (`max`: possibly; else certainly),
    /// ignoring the railroad moves.
    fn empty_at_end(&self, p: ProvinceId, max: bool) -> bool {
        let x = self.unit_at[p.index()];
        if x != NONE && !(self.is_move(x) && self.holds(x, max)) {
            return false;
        }
        !self
            .moves_to
            .get(p.index())
            .iter()
            .any(|&c| self.holds(c, !max))
    }

    /// Whether the train leaves its origin: it gets through some places, and one of them is
    /// empty at the end of the turn (it stops in the nearest such place before the one it
    /// cannot enter, errata 9.23 (3)).
    fn rail_leaves(&self, ri: usize, opt: bool) -> bool {
        let r = &self.rails[ri];
        for k in 0..r.path.len() {
            if !self.holds(self.rail_pass_id(ri, k), opt) {
                return false;
            }
            if self.empty_at_end(r.path[k], opt) {
                return true;
            }
        }
        false
    }

    /// After resolution: where railroad move `ri` ends.
    pub fn rail_end(&self, ri: usize) -> ProvinceId {
        let r = &self.rails[ri];
        let mut end = self.units[r.unit as usize].location.province;
        for k in 0..r.path.len() {
            if self.state[self.rail_pass_id(ri, k) as usize] != Tri::Yes {
                break;
            }
            if self.empty_at_end(r.path[k], false) {
                end = r.path[k];
            }
        }
        end
    }

    /// The railroad move of unit `u`, if it is one that passes places (not a head-to-head).
    pub fn rail_index(&self, u: u32) -> Option<usize> {
        let ri = self.rail_of.get(u as usize);
        (ri != NONE).then_some(ri as usize)
    }

    /// The canal power grants passage while its unit in the canal province stays there and is
    /// not dislodged (DATC 2.4 7.C.8, 7.C.10).
    fn canal_permitted(&self, f: u32, opt: bool) -> bool {
        let p = ProvinceId(self.canal_at.get(f as usize));
        let e = self.unit_at[p.index()];
        if e == NONE {
            return false;
        }
        let moved_out = self.is_move(e) && self.holds(e, !opt);
        !moved_out && !self.dislodged_in(p, e, !opt)
    }

    /// The railroad steps into `p`: (railroad move, place index).
    pub fn rails_into(&self, p: ProvinceId) -> impl Iterator<Item = (usize, usize)> + '_ {
        // Without railroad moves `rail_into` has no lists: nothing to read.
        self.rail_into
            .get(p.index())
            .iter()
            .filter_map(|&a| match self.extra_of(a) {
                Extra::At(ri, k) => Some((ri as usize, k as usize)),
                _ => None,
            })
    }

    /// Whether a canal move failed under the canal paradox rule.
    pub fn voided_canal(&self, u: u32) -> bool {
        self.voided.get(u as usize) && self.canal_perm.get(u as usize) != NONE
    }

    /// Whether move `u` goes over a canal, and whether it may (for reasons).
    pub fn canal_state(&self, u: u32) -> Option<Tri> {
        match self.canal_perm.get(u as usize) {
            NONE => None,
            DENIED => Some(Tri::No),
            d => Some(self.state[d as usize]),
        }
    }

    /// Both adjudications; `Some` when they agree.
    fn try_decide(&self, u: u32) -> Option<bool> {
        let opt = self.adjudicate(u, true);
        let pes = if opt {
            self.adjudicate(u, false)
        } else {
            false
        };
        (opt == pes).then_some(opt)
    }

    /// Resolves every decision.
    pub fn resolve(&mut self) {
        let mut agenda = Agenda::new(&self.state, self.pool);
        loop {
            self.propagate(&mut agenda);
            // Nothing more follows from partial information: apply the backup rule to the
            // cycles nothing else depends on.
            let changed = self.backup_rule();
            let done = changed.is_empty();
            for &u in &changed {
                agenda.wake(u, &self.state);
            }
            self.pool.give(changed);
            if done {
                break;
            }
        }
        agenda.recycle(self.pool);
    }

    /// Gives the board's buffers back to its pool, for the next phase.
    pub fn recycle(self) {
        let p = self.pool;
        p.give(self.eff);
        self.rail_of.recycle(p);
        self.rail_into.recycle(p);
        self.canal_perm.recycle(p);
        self.canal_at.recycle(p);
        self.no_dislodge.recycle(p);
        self.unsupported.recycle(p);
        self.supports_of.recycle(p);
        self.convoys_of.recycle(p);
        self.moves_to.recycle(p);
        p.give(self.counter);
        self.via_last_fleet.recycle(p);
        self.voided.recycle(p);
        self.difficult.recycle(p);
        self.half.recycle(p);
        p.give(self.plain);
        p.give(self.state);
        p.give(self.reads.into_inner());
        p.give(self.on_a_route);
        p.fleets = self.scratch.into_inner();
    }

    /// Decides whatever partial information decides.
    fn propagate(&mut self, agenda: &mut Agenda) {
        while let Some(u) = agenda.pop() {
            if self.state[u as usize] != Tri::Unknown {
                continue;
            }
            self.recording = true;
            self.reads.borrow_mut().clear();
            let decided = self.try_decide(u);
            self.recording = false;
            match decided {
                Some(v) => {
                    self.state[u as usize] = if v { Tri::Yes } else { Tri::No };
                    agenda.wake(u, &self.state);
                }
                None => {
                    // Each decision read is watched once, however often it was read.
                    let mut reads = self.reads.borrow_mut();
                    reads.sort_unstable();
                    reads.dedup();
                    for &v in reads.iter() {
                        if v != u && self.state[v as usize] == Tri::Unknown {
                            agenda.watch(v, u);
                        }
                    }
                }
            }
        }
    }

    /// Evaluates `f` after fixing the given decisions and propagating; the state is left as
    /// it was.
    fn under_hypothesis<R>(&mut self, fixed: &[(u32, Tri)], f: impl Fn(&Self) -> R) -> R {
        let saved = self.state.clone();
        for &(u, d) in fixed {
            self.state[u as usize] = d;
        }
        let mut agenda = Agenda::new(&self.state, self.pool);
        self.propagate(&mut agenda);
        agenda.recycle(self.pool);
        let r = f(self);
        self.state = saved;
        r
    }

    /// DPTG VIII step 10: a convoy of the circle is Confused when it would survive with its
    /// subverting supports intact and be disrupted with them cut. The supports that subvert
    /// convoy `c` are those for `c`'s fleet to hold or for an attack on it, given by a unit
    /// that a convoyed army of the circle attacks.
    fn circle_is_confused(&mut self, convoys: &[u32]) -> bool {
        let armies: Vec<u32> = convoys
            .iter()
            .filter_map(|&c| match self.eff[c as usize] {
                Eff::Convoy { army, .. } => Some(army),
                _ => None,
            })
            .collect();
        for &c in convoys {
            let at = self.units[c as usize].location.province;
            let subverting: Vec<u32> = (0..self.units.len() as u32)
                .filter(|&s| {
                    let vulnerable = match self.eff[s as usize] {
                        Eff::SupportHold { target } => target == c,
                        Eff::SupportMove { to, .. } => to == at,
                        _ => false,
                    };
                    let p = self.units[s as usize].location.province;
                    vulnerable
                        && self.state[s as usize] == Tri::Unknown
                        && self
                            .moves_to
                            .get(p.index())
                            .iter()
                            .any(|a| armies.contains(a) && self.power(*a) != self.power(s))
                })
                .collect();
            if subverting.is_empty() {
                continue;
            }
            let intact: Vec<(u32, Tri)> = subverting.iter().map(|&s| (s, Tri::Yes)).collect();
            let cut: Vec<(u32, Tri)> = subverting.iter().map(|&s| (s, Tri::No)).collect();
            let disrupted_if_intact =
                self.under_hypothesis(&intact, |b| !b.adjudicate_convoy(c, true));
            let disrupted_if_cut = self.under_hypothesis(&cut, |b| !b.adjudicate_convoy(c, true));
            if !disrupted_if_intact && disrupted_if_cut {
                return true;
            }
        }
        false
    }

    /// Under a hypothesis that the convoys of `convoys` fail (their armies have no effect),
    /// whether each fleet is dislodged. The state is left as it was.
    fn dislodged_without_armies(&mut self, convoys: &[u32]) -> Vec<bool> {
        let saved = self.state.clone();
        for &c in convoys {
            self.state[c as usize] = Tri::No;
        }
        let mut agenda = Agenda::new(&self.state, self.pool);
        self.propagate(&mut agenda);
        agenda.recycle(self.pool);
        let out = convoys
            .iter()
            .map(|&c| !self.adjudicate_convoy(c, false))
            .collect();
        self.state = saved;
        out
    }

    /// Finds the sink strongly connected components of the undecided decisions and applies
    /// DATC 5.B.9 to each (with the ruleset's paradox rule). Returns the decisions it made (a
    /// vector of the pool's: give it back).
    fn backup_rule(&mut self) -> Vec<u32> {
        let n = self.state.len();
        let mut undecided: Vec<u32> = self.pool.empty(0);
        undecided.extend((0..n as u32).filter(|&u| self.state[u as usize] == Tri::Unknown));
        let mut changed = self.pool.empty(0);
        if undecided.is_empty() {
            self.pool.give(undecided);
            return changed;
        }
        let (graph, reads_unresolved) = self.undecided_reads(&undecided);
        let members = self.sink_members(&undecided, &graph);
        // One buffer for every component's members.
        let mut cycle: Vec<u32> = self.pool.empty(0);
        for component in members.chunk_by(|a, b| a.0 == b.0) {
            cycle.clear();
            cycle.extend(component.iter().map(|&(_, u)| u));
            if cycle.iter().any(|&u| reads_unresolved[u as usize]) {
                // Decided only by a paradox that has no answer: unresolved too.
                for &u in &cycle {
                    self.state[u as usize] = Tri::Unresolved;
                    changed.push(u);
                }
            } else {
                self.settle_cycle(&cycle, &mut changed);
            }
        }
        graph.recycle(self.pool);
        self.pool.give(reads_unresolved);
        self.pool.give(members);
        self.pool.give(cycle);
        self.pool.give(undecided);
        changed
    }

    /// What the undecided decisions read now: the graph of the undecided ones each reads, and
    /// per decision whether it reads an unresolved one.
    fn undecided_reads(&mut self, undecided: &[u32]) -> (Csr, Vec<bool>) {
        let n = self.state.len();
        let mut pairs: Vec<(u32, u32)> = self.pool.empty(0);
        let mut reads_unresolved = self.pool.take(n, false);
        for &u in undecided {
            self.recording = true;
            self.reads.borrow_mut().clear();
            let _ = self.adjudicate(u, true);
            let _ = self.adjudicate(u, false);
            self.recording = false;
            let mut reads = std::mem::take(&mut *self.reads.borrow_mut());
            reads.sort_unstable();
            reads.dedup();
            for &v in &reads {
                match self.state[v as usize] {
                    Tri::Unknown => pairs.push((u, v)),
                    Tri::Unresolved => reads_unresolved[u as usize] = true,
                    _ => {}
                }
            }
            // The buffer serves the next order's reads (a fresh one would be allocated).
            *self.reads.borrow_mut() = reads;
        }
        (Csr::build_sorted_in(n, pairs, self.pool), reads_unresolved)
    }

    /// The members of the sink components of `graph` (those no read leaves), as (component,
    /// decision), sorted by component.
    fn sink_members(&mut self, undecided: &[u32], graph: &Csr) -> Vec<(u32, u32)> {
        let n = self.state.len();
        let comp = tarjan(n, undecided, graph, self.pool);
        let mut sink = self.pool.take(n, true);
        for &u in undecided {
            for &v in graph.get(u as usize) {
                if comp[v as usize] != comp[u as usize] {
                    sink[comp[u as usize] as usize] = false;
                }
            }
        }
        let mut members: Vec<(u32, u32)> = self.pool.empty(0);
        members.extend(
            undecided
                .iter()
                .filter(|&&u| sink[comp[u as usize] as usize])
                .map(|&u| (comp[u as usize], u)),
        );
        members.sort_unstable();
        self.pool.give(comp);
        self.pool.give(sink);
        members
    }

    /// Applies the backup rule to one sink component (`cycle`, none of it reading an
    /// unresolved decision); the decisions made are added to `changed`.
    fn settle_cycle(&mut self, cycle: &[u32], changed: &mut Vec<u32>) {
        let has_convoy = cycle.iter().any(|&u| self.is_convoy(u));
        let only_moves = cycle.iter().all(|&u| self.is_move(u));
        let rails = self.rails_in(cycle);
        let canal_moves = self.canal_moves_in(cycle);
        if !rails.is_empty() || !canal_moves.is_empty() {
            self.settle_variant_cycle(cycle, (&rails, &canal_moves), has_convoy, changed);
            return;
        }
        if !has_convoy {
            // Circular movement succeeds; any other cycle (variants) is the ruleset's
            // choice (DATC 3.2 5.B.9: its moves and supports fail).
            let d = if only_moves {
                Tri::Yes
            } else {
                match self.rules.other_cycles {
                    OtherCycles::AllFail => Tri::No,
                    OtherCycles::Unresolved => Tri::Unresolved,
                }
            };
            for &u in cycle {
                self.state[u as usize] = d;
                changed.push(u);
            }
            if d == Tri::Unresolved {
                self.record_paradox(cycle, true);
            }
            return;
        }
        let mut ruling = self.rules.convoy_paradox.paradox_ruling();
        if ruling == ParadoxRuling::NoAnswer {
            ruling = self.rules.paradox_fallback.fallback();
        }
        self.convoy_ruling(ruling, cycle, changed);
    }

    /// DATC 2.4 chapter 7: a cycle through railroad moves or canal moves (`variant`: those
    /// of each kind in it). When every decision of it can succeed together it is circular
    /// movement (7.B.17, 7.C.7, 7.D.1); otherwise a paradox, settled by the railroad and canal
    /// rules and, with a convoy in it, the convoy paradox rule as well (7.C.13, 7.C.14).
    fn settle_variant_cycle(
        &mut self,
        cycle: &[u32],
        (rails, canal_moves): (&[usize], &[u32]),
        has_convoy: bool,
        changed: &mut Vec<u32>,
    ) {
        if self.all_succeed_together(cycle) {
            for &u in cycle {
                self.state[u as usize] = Tri::Yes;
                changed.push(u);
            }
            return;
        }
        self.railroad_paradox(cycle, rails, changed);
        self.canal_paradox(cycle, canal_moves, changed);
        if has_convoy && self.rules.variant_paradox == VariantParadox::Together {
            // A rulebook rule that is no backup rule has nothing to apply here
            // (7.C.13 under the 1982 rule): the variant rules settle the cycle.
            let ruling = self.rules.convoy_paradox.paradox_ruling();
            if ruling != ParadoxRuling::NoAnswer {
                self.convoy_ruling(ruling, cycle, changed);
            }
        }
    }

    /// Records a cycle left unresolved, by its units, for the reasons (`explain.rs`).
    fn record_paradox(&mut self, cycle: &[u32], other: bool) {
        let n = self.units.len();
        self.paradoxes.push(
            cycle
                .iter()
                .copied()
                .filter(|&u| (u as usize) < n)
                .collect(),
        );
        self.other_cycle.push(other);
    }

    /// Applies a convoy paradox ruling (DATC 4.A.2) to a cycle with a convoy.
    fn convoy_ruling(&mut self, ruling: ParadoxRuling, cycle: &[u32], changed: &mut Vec<u32>) {
        {
            match ruling {
                ParadoxRuling::FailConvoys => {
                    for &u in cycle {
                        if matches!(self.eff_of(u), Eff::Convoy { .. }) {
                            self.state[u as usize] = Tri::No;
                            changed.push(u);
                        }
                    }
                }
                ParadoxRuling::FailConvoyedArmies => {
                    for &u in cycle {
                        if let Eff::Convoy { army, .. } = self.eff_of(u) {
                            self.void(army);
                            for v in [u, army] {
                                if self.state[v as usize] == Tri::Unknown {
                                    self.state[v as usize] = Tri::No;
                                    changed.push(v);
                                }
                            }
                        }
                    }
                }
                ParadoxRuling::AllHold => {
                    let mut fail: Vec<u32> =
                        cycle.iter().copied().filter(|&u| self.is_move(u)).collect();
                    for &u in cycle {
                        if let Eff::Convoy { army, .. } = self.eff_of(u) {
                            fail.push(army);
                        }
                    }
                    for u in fail {
                        if self.state[u as usize] == Tri::Unknown {
                            self.state[u as usize] = Tri::No;
                            changed.push(u);
                        }
                    }
                }
                ParadoxRuling::NoAnswer => {
                    for &u in cycle {
                        self.state[u as usize] = Tri::Unresolved;
                        changed.push(u);
                    }
                    self.record_paradox(cycle, false);
                }
                ParadoxRuling::Subversion => {
                    let convoys: Vec<u32> = cycle
                        .iter()
                        .copied()
                        .filter(|&u| matches!(self.eff_of(u), Eff::Convoy { .. }))
                        .collect();
                    if self.circle_is_confused(&convoys) {
                        // DPTG step 13, a grand standoff: the convoyed moves are cancelled (the
                        // convoys carry nobody, so the armies cut nothing), the attacks on the
                        // convoying fleets fail, so the fleets stand and the supports survive.
                        let mut set: Vec<(u32, Tri)> = Vec::new();
                        for &c in &convoys {
                            set.push((c, Tri::No));
                            if let Eff::Convoy { army, .. } = self.eff[c as usize] {
                                set.push((army, Tri::No));
                            }
                            let p = self.units[c as usize].location.province;
                            for &a in self.moves_to.get(p.index()) {
                                set.push((a, Tri::No));
                            }
                        }
                        for (u, d) in set {
                            if self.state[u as usize] == Tri::Unknown {
                                self.state[u as usize] = d;
                                changed.push(u);
                            }
                        }
                    } else {
                        // DPTG step 12: the circle's convoys are disrupted.
                        for &c in &convoys {
                            self.state[c as usize] = Tri::No;
                            changed.push(c);
                        }
                    }
                }
                ParadoxRuling::WithoutTheArmy => {
                    let convoys: Vec<u32> = cycle
                        .iter()
                        .copied()
                        .filter(|&u| matches!(self.eff_of(u), Eff::Convoy { .. }))
                        .collect();
                    let dislodged = self.dislodged_without_armies(&convoys);
                    for (&c, d) in convoys.iter().zip(dislodged) {
                        // Disrupted if it would be without its army; otherwise it carries.
                        self.state[c as usize] = if d { Tri::No } else { Tri::Yes };
                        changed.push(c);
                    }
                }
            }
        }
    }

    /// The railroad moves with a decision in `cycle`.
    fn rails_in(&self, cycle: &[u32]) -> Vec<usize> {
        let mut out: Vec<usize> = cycle
            .iter()
            .filter_map(|&u| {
                if (u as usize) < self.units.len() {
                    self.rail_index(u)
                } else {
                    match self.extra_of(u) {
                        Extra::At(ri, _) | Extra::Pass(ri, _) => Some(ri as usize),
                        Extra::Permit(_) => None,
                    }
                }
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The canal moves whose permission is decided in `cycle` (or that are in it with a
    /// permission still open).
    fn canal_moves_in(&self, cycle: &[u32]) -> Vec<u32> {
        let mut out: Vec<u32> = cycle
            .iter()
            .filter_map(|&u| {
                if (u as usize) < self.units.len() {
                    let d = self.canal_perm.get(u as usize);
                    (d != NONE && d != DENIED && self.state[d as usize].open()).then_some(u)
                } else {
                    match self.extra_of(u) {
                        Extra::Permit(f) => Some(f),
                        _ => None,
                    }
                }
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether every decision of `cycle` can be "yes" at once (circular movement).
    fn all_succeed_together(&mut self, cycle: &[u32]) -> bool {
        let saved = self.state.clone();
        for &u in cycle {
            self.state[u as usize] = Tri::Yes;
        }
        let ok = cycle
            .iter()
            .all(|&u| self.adjudicate(u, true) && self.adjudicate(u, false));
        self.state = saved;
        ok
    }

    /// DATC 2.4 7.B.23-7.B.25, 7.B.31: a paradox with railroad moves.
    fn railroad_paradox(&mut self, cycle: &[u32], rails: &[usize], changed: &mut Vec<u32>) {
        let mut set = |b: &mut Self, d: u32, v: Tri| {
            if b.state[d as usize] == Tri::Unknown {
                b.state[d as usize] = v;
                changed.push(d);
            }
        };
        for &ri in rails {
            let unit = self.rails[ri].unit;
            let parts: Vec<usize> = cycle
                .iter()
                .filter(|&&u| (u as usize) >= self.units.len())
                .filter_map(|&u| match self.extra_of(u) {
                    Extra::At(r, k) | Extra::Pass(r, k) if r as usize == ri => Some(k as usize),
                    _ => None,
                })
                .collect();
            match self.rules.railroad_paradox {
                RailroadParadox::SzykmanLastPart => match parts.iter().max() {
                    // The last part in the paradox fails, but still bounces.
                    Some(&k) => {
                        set(self, self.rail_at_id(ri, k), Tri::Yes);
                        set(self, self.rail_pass_id(ri, k), Tri::No);
                    }
                    // Only whether it leaves its origin is open: it stays.
                    None => set(self, unit, Tri::No),
                },
                RailroadParadox::WholeMoveFails => {
                    for k in 0..self.rails[ri].path.len() {
                        set(self, self.rail_at_id(ri, k), Tri::No);
                        set(self, self.rail_pass_id(ri, k), Tri::No);
                    }
                    set(self, unit, Tri::No);
                }
            }
        }
    }

    /// DATC 2.4 7.C.8-7.C.12: a paradox with canal moves.
    fn canal_paradox(&mut self, cycle: &[u32], canal_moves: &[u32], changed: &mut Vec<u32>) {
        let mut fail: Vec<u32> = Vec::new();
        for &u in canal_moves {
            // The canal move fails and has no effect on its destination.
            self.void(u);
            fail.push(u);
            fail.push(self.canal_perm.get(u as usize));
        }
        if !canal_moves.is_empty() && self.rules.canal_paradox == CanalParadox::AllHold {
            fail.extend(cycle.iter().copied().filter(|&u| {
                self.is_move(u)
                    || matches!(
                        (u as usize >= self.units.len()).then(|| self.extra_of(u)),
                        Some(Extra::Pass(..))
                    )
            }));
        }
        for d in fail {
            if self.state[d as usize] == Tri::Unknown {
                self.state[d as usize] = Tri::No;
                changed.push(d);
            }
        }
    }
}

/// The work list of undecided orders, and who watches which unknown decision (one arena of
/// linked lists, so nothing is allocated per order).
struct Agenda {
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    head: Vec<u32>,
    next: Vec<u32>,
    watcher: Vec<u32>,
}

impl Agenda {
    /// Every undecided order, queued once.
    fn new(state: &[Tri], pool: &mut Pool) -> Agenda {
        let mut queued = pool.empty(state.len());
        let mut queue = std::mem::take(&mut pool.queue);
        queue.clear();
        queue.reserve(state.len());
        for (u, s) in state.iter().enumerate() {
            let open = *s == Tri::Unknown;
            queued.push(open);
            if open {
                queue.push_back(u as u32);
            }
        }
        Agenda {
            queue,
            queued,
            head: pool.take(state.len(), NONE),
            next: pool.empty(0),
            watcher: pool.empty(0),
        }
    }

    /// Gives the buffers back to `pool`.
    fn recycle(self, pool: &mut Pool) {
        pool.queue = self.queue;
        pool.give(self.queued);
        pool.give(self.head);
        pool.give(self.next);
        pool.give(self.watcher);
    }

    fn pop(&mut self) -> Option<u32> {
        let u = self.queue.pop_front()?;
        self.queued[u as usize] = false;
        Some(u)
    }

    /// `u` is adjudicated again when `v` is decided.
    fn watch(&mut self, v: u32, u: u32) {
        self.watcher.push(u);
        self.next.push(self.head[v as usize]);
        self.head[v as usize] = (self.watcher.len() - 1) as u32;
    }

    /// `u` was decided: queue the undecided orders that watch it.
    fn wake(&mut self, u: u32, state: &[Tri]) {
        let mut w = self.head[u as usize];
        while w != NONE {
            let x = self.watcher[w as usize];
            if !self.queued[x as usize] && state[x as usize] == Tri::Unknown {
                self.queued[x as usize] = true;
                self.queue.push_back(x);
            }
            w = self.next[w as usize];
        }
        self.head[u as usize] = NONE;
    }
}

/// Iterative Tarjan over the undecided nodes; returns a component id per node (a vector of
/// `pool`'s, which lends the working ones too).
fn tarjan(n: usize, nodes: &[u32], graph: &Csr, pool: &mut Pool) -> Vec<u32> {
    let mut index = pool.take(n, NONE);
    let mut low = pool.take(n, 0u32);
    let mut on_stack = pool.take(n, false);
    let mut comp = pool.take(n, NONE);
    let mut stack: Vec<u32> = pool.empty(0);
    // Per node being visited: the node and how many of its edges were followed.
    let mut call: Vec<(u32, u32)> = pool.empty(0);
    let mut counter = 0u32;
    let mut comps = 0u32;
    for &root in nodes {
        if index[root as usize] != NONE {
            continue;
        }
        call.push((root, 0));
        while let Some(&mut (v, ref mut ei)) = call.last_mut() {
            let vi = v as usize;
            if *ei == 0 && index[vi] == NONE {
                index[vi] = counter;
                low[vi] = counter;
                counter += 1;
                stack.push(v);
                on_stack[vi] = true;
            }
            let edges = graph.get(vi);
            if let Some(&w) = edges.get(*ei as usize) {
                *ei += 1;
                let wi = w as usize;
                if index[wi] == NONE {
                    call.push((w, 0));
                } else if on_stack[wi] {
                    low[vi] = low[vi].min(index[wi]);
                }
                continue;
            }
            call.pop();
            if let Some(&(parent, _)) = call.last() {
                let pi = parent as usize;
                low[pi] = low[pi].min(low[vi]);
            }
            if low[vi] == index[vi] {
                loop {
                    let w = stack.pop().unwrap();
                    on_stack[w as usize] = false;
                    comp[w as usize] = comps;
                    if w == v {
                        break;
                    }
                }
                comps += 1;
            }
        }
    }
    for v in [index, low, stack] {
        pool.give(v);
    }
    pool.give(on_stack);
    pool.give(call);
    comp
}
