//! The board: everything the resolver reads, in dense arrays, built once per movement phase
//! (supports, convoys and moves indexed, the railroad steps and canal permissions as decisions of
//! their own), with the small accessors every part of the resolver uses.

use std::cell::{Cell, RefCell};

use diplo_map::{Location, Map, PowerId, ProvinceId};
use diplo_rules::policies::*;
use diplo_rules::Ruleset;

use crate::interpret::{Eff, Interpretation, NONE};
use crate::position::Unit;
use crate::scratch::Pool;

use super::canal::{canal_permissions, CanalMoves};
use super::convoys::FleetScratch;
use super::railroad::{rail_steps, RailMove, RailPlans};
use super::tables::{Csr, Sparse, Tri};

/// `Board::half`: a move over a half-strength border by its own edge.
pub(super) const HALF_DIRECT: u8 = 1;
/// `Board::half`: a convoyed army landing over a half-strength border.
pub(super) const HALF_LANDING: u8 = 2;

/// What a decision beyond the units' own is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Extra {
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
    pub(super) owners: &'a [Option<PowerId>],
    /// The railroad moves (DATC 2.4 7.B).
    pub rails: Vec<RailMove>,
    /// Per unit: its index in `rails`, or `NONE`.
    pub(super) rail_of: Sparse<u32>,
    /// Decisions past the units' own (`state[units.len() + i]` is `extra[i]`).
    extra: Vec<Extra>,
    /// Per province: the `at` decisions of railroad steps into it.
    pub(super) rail_into: Csr,
    /// Per unit: for a move over a canal, its permission decision, or `DENIED`; else `NONE`.
    pub(super) canal_perm: Sparse<u32>,
    /// Per unit: the canal province whose occupant grants its passage, when it moves over a canal.
    pub(super) canal_at: Sparse<u32>,
    /// Per unit: a railroad move in a head-to-head battle that cannot dislodge (DATC 2.4 7.B.29).
    pub(super) no_dislodge: Sparse<bool>,
    /// Per unit: a railroad move whose support does not count in its head-to-head battle (the
    /// battle is not over the final part, DATC 2.4 7.B.15).
    pub(super) unsupported: Sparse<bool>,
    /// The railroad move whose prevent strength is ignored while a competitor is judged "as if
    /// the train were absent", or `NONE`.
    pub(super) ignoring: Cell<u32>,
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
    pub(super) via_last_fleet: Sparse<bool>,
    /// Per moving unit: its move was voided by the paradox rule (DATC 2.4's Szykman wording):
    /// it has no path, so no effect anywhere, and no land fallback.
    pub(super) voided: Sparse<bool>,
    /// Per moving unit: its move over land crosses a difficult passable border (DATC 2.4
    /// chapter 10): one support less, and no support cut without outside support.
    pub(super) difficult: Sparse<bool>,
    /// Per moving unit: whether it crosses a half-strength border (1900's route around Africa):
    /// `HALF_DIRECT` over its own edge (when not convoyed), `HALF_LANDING` from its convoying
    /// fleets into its destination (when convoyed), else 0.
    pub(super) half: Sparse<u8>,
    /// Per unit: a plain move, which needs nothing but its own strength: over land (not
    /// convoyed), possible, over no canal and no difficult or half-strength border, counting its
    /// supports, not voided. Its path is certain and its strength is 1 + its supports, so the
    /// resolver skips the general machinery for it.
    pub(super) plain: Vec<bool>,
    pub state: Vec<Tri>,
    /// The cycles the paradox rule gave no answer for (their units are `Unresolved`).
    pub paradoxes: Vec<Vec<u32>>,
    /// Per entry of `paradoxes`: a cycle that is no convoy paradox, left unresolved by
    /// `other_cycles` (DATC 3.2 5.B.9).
    pub other_cycle: Vec<bool>,
    /// The ruleset's choices the resolver reads while deciding.
    pub(super) choices: Choices,
    pub(super) recording: bool,
    pub(super) reads: RefCell<Vec<u32>>,
    /// Scratch marks for the walks along convoying fleets.
    pub(super) scratch: RefCell<FleetScratch>,
    /// Per entry of `convoys_of`: the fleet lies on some route of its army.
    pub(super) on_a_route: Vec<bool>,
    /// Spare buffers: those of the board are taken from it and given back by
    /// [`Board::recycle`] (borrowed: moving a pool in and out costs a copy of it).
    pub(super) pool: &'a mut Pool,
}

/// The ruleset's choices the resolver reads while deciding, looked up once per phase.
#[derive(Clone, Copy)]
pub(super) struct Choices {
    pub(super) route_rule: RouteRule,
    pub(super) bounce_rule: BounceRule,
    pub(super) cut_exemption: ConvoyCutExemption,
    pub(super) support_cut_from_origin_by_convoy: bool,
    /// The `railroad_cut` choice: a railroad move cuts supports where it tries to enter.
    pub(super) railroad_cuts: bool,
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

    #[inline]
    pub(super) fn st(&self, v: u32) -> Tri {
        let s = self.state[v as usize];
        if s.open() && self.recording {
            self.reads.borrow_mut().push(v);
        }
        s
    }

    /// A decision counted as true: at most (`max`) when not known false, at least when known true.
    #[inline]
    pub(super) fn holds(&self, v: u32, max: bool) -> bool {
        match self.st(v) {
            Tri::Yes => true,
            Tri::No => false,
            Tri::Unknown | Tri::Unresolved => max,
        }
    }

    /// Whether decision `u` is a unit's move (a railroad move included: its decision says
    /// whether it leaves its origin).
    #[inline]
    pub(super) fn is_move(&self, u: u32) -> bool {
        matches!(
            self.eff.get(u as usize),
            Some(Eff::Move { .. } | Eff::Rail { .. })
        )
    }

    /// The effective order behind decision `u` (`Hold` for a railroad step or a canal
    /// permission).
    #[inline]
    pub(super) fn eff_of(&self, u: u32) -> Eff {
        self.eff.get(u as usize).copied().unwrap_or(Eff::Hold)
    }

    /// Whether decision `u` is a unit's convoy.
    #[inline]
    pub(super) fn is_convoy(&self, u: u32) -> bool {
        matches!(self.eff.get(u as usize), Some(Eff::Convoy { .. }))
    }

    #[inline]
    pub(super) fn dest(&self, u: u32) -> Location {
        match self.eff[u as usize] {
            Eff::Move { to, .. } => to,
            _ => unreachable!("dest of a unit that does not move"),
        }
    }

    #[inline]
    pub(super) fn power(&self, u: u32) -> PowerId {
        self.units[u as usize].power
    }

    #[inline]
    pub(super) fn extra_of(&self, d: u32) -> Extra {
        self.extra[d as usize - self.units.len()]
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
}
