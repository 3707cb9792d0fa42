//! A second, independent movement adjudicator, used only as a test oracle (issue 13).
//!
//! It follows DATC 3.2 chapter 5 the simple way (the guess algorithm, done by brute force):
//! every move, matching support and matching convoy is a yes/no decision; the conditions of 5.B
//! (attack, hold, prevent and defend strength, path, cut, dislodge) say what each decision must
//! be given the others. The open decisions are split into strongly connected groups of the
//! "reads" relation; a group that reads no other open decision is settled:
//!
//! * a decision whose condition gives the same answer for every assignment of the group's
//!   decisions it reads is decided (partial information, 5.E);
//! * otherwise every assignment of a feedback set of the group (its convoys first, then its
//!   moves, then supports, until the rest reads no undecided decision in a cycle) is tried, the
//!   rest computed from it, and the consistent ones kept: exactly one is the answer;
//! * none or several: the cycle's backup rule (5.B.9): in a cycle of moves only, the moves
//!   that go round a circle are circular movement and succeed (a move into the circle from
//!   outside it is then judged as usual); a cycle with a convoy order is a convoy paradox and gets the
//!   ruleset's 4.A.2 ruling; any other cycle gets the ruleset's `other_cycles` ruling. Then
//!   solving resumes.
//!
//! The 4.A.2 rulings, as the oracle reads the documents:
//!
//! * Szykman (DATC 3.2 4.A.2): the cycle's convoys fail (their fleets hold). The rulebooks'
//!   rules (1971, 1982, 2000) are support-cut exemptions applied in the conditions themselves;
//!   a paradox they leave gets their `paradox_fallback` (Szykman, or unresolved for `none`).
//! * DPTG (`dptg-1998.txt` VIII Steps 5-13, as DATC 2.4 4.A.2 sums them up: "In case the
//!   paradox has two resolutions and in one of the resolutions all the convoys of the paradox
//!   core are disrupted, then this resolution is chosen. In all other cases the 'All Hold' rule
//!   is used"): when some consistent resolution of the cycle disrupts all its convoys, the
//!   convoys fail and the rest is solved again (Step 12: the convoys are struck, the attacks on
//!   their fleets resolved as usual); otherwise the grand standoff of Step 13: the convoyed
//!   moves of the cycle's convoys fail without effect (they cut nothing), every attack on one of
//!   their convoying fleets fails, and the convoys do not go through (`disrupted`, the fleets
//!   not dislodged); the supports are then judged as usual (they "survive uncut"). The cycle
//!   stands for the DPTG's circle of subversion; where the guess algorithm finds exactly one
//!   resolution (the DPTG's Futile and Indomitable convoys) there is no paradox.
//! * Alexander IV.5.f ("If a convoy would be disrupted if not for the effects of the Army
//!   being convoyed, then the convoy is disrupted. If a convoy would not be disrupted if not for
//!   the effects of the Army being convoyed, then the convoy is not disrupted even if a Fleet
//!   involved in the convoy is dislodged"; the notes: "first assume that the convoy fails"):
//!   all the cycle's convoys are assumed to fail together, the rest of the cycle is solved under
//!   that assumption, and each convoy whose fleet is then dislodged is disrupted, each other
//!   one stands (`available`, even if its fleet is dislodged once the armies move). Where the
//!   guess algorithm finds exactly one resolution, IV.5.f gives the same one (assuming the
//!   convoy fails is consistent exactly when failing is a resolution), so it is applied only to
//!   paradoxes. If the rest has no or several resolutions, the convoys are unresolved.
//!
//! Bounds: at most 64 units (decisions are kept in 64-bit masks) and at most [`MAX_GUESSED`]
//! guessed decisions per cycle; beyond them the oracle declines.
//!
//! What it shares with the engine: the map (`diplo_map`: provinces, adjacency, terrain), the
//! position type (`diplo_engine::Position`), the order type (`diplo_orders::Order`), the result
//! words (`diplo_engine::Resolution`) and the ruleset's choices read by key
//! (`Ruleset::choice`). It calls none of the engine's functions: order reading, legality (reach,
//! proper convoy routes), matching, strengths, paradox rules and backup rules are its own.
//!
//! It handles only what the property tests generate and the plainer DATC cases: holds; moves
//! to an adjacent province or, for an army, by convoy to one it does not border (with no
//! convoy order, `invalid` or `illegal` as [`Board::judge_distant_moves`] reads 4.E.1 under the
//! `ignored` and `dptg` rules, and supports of such moves as [`Board::judge_distant_supports`]
//! reads it); fleets on a coast of a multi-coast province, and fleet moves to
//! a coast written and reachable (supports name the province only); supports of holds and
//! moves; convoys by fleets at sea on a proper route; supports and convoys that do not match
//! (`invalid`). Whatever else it meets (4.B coast questions: a coast omitted, unknown or written
//! where none is needed; omitted or wrong unit types, written nationalities, other illegal
//! orders, convoys to adjacent provinces, variant map features and Brannan's rule) it declines with a reason ([`Verdict::Skipped`])
//! rather than guess.

use std::cell::Cell;

use diplo_engine::{Position, Resolution};
use diplo_map::{Location, Map, PowerId, ProvinceId, Terrain, UnitKind};
use diplo_orders::{Order, OtherUnit, Place, WrittenCoast};
use diplo_rules::Ruleset;

/// The most decisions of one cycle the oracle guesses (2^MAX_GUESSED assignments): the
/// cycle's other decisions are computed from the guessed ones, so this bounds a feedback set of
/// the cycle (its convoys, then its moves), not the cycle's size.
pub const MAX_GUESSED: usize = 16;

/// The most units a position may have (decisions are kept in a 64-bit mask).
const MAX_UNITS: usize = 64;

/// What the oracle says about one movement phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OracleResult {
    /// One DATC result word per order, in the order given.
    pub resolutions: Vec<Resolution>,
    /// Per order: whether its unit is dislodged.
    pub dislodged: Vec<bool>,
    /// Every dislodged unit's province.
    pub dislodged_units: Vec<ProvinceId>,
    /// How many times a backup rule (5.B.9: circular movement, a paradox rule, other cycles)
    /// settled a cycle.
    pub backups: usize,
    /// How many of those were convoy paradoxes (the ruleset's 4.A.2 ruling).
    pub paradoxes: usize,
}

/// The oracle's answer: a result, or why it declines the case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The adjudication.
    Resolved(OracleResult),
    /// The case is outside what the oracle implements.
    Skipped(&'static str),
}

/// What a unit does this phase (its order, read against the position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Hold,
    Move { to: ProvinceId, convoyed: bool },
    SupportHold { target: usize },
    SupportMove { target: usize, to: ProvinceId },
    Convoy { army: usize, to: ProvinceId },
}

#[derive(Clone, Debug)]
struct Piece {
    power: PowerId,
    fleet: bool,
    at: ProvinceId,
    /// Where it stands, with the coast.
    loc: Location,
    act: Act,
    /// Index of its decision, for a move or a support or convoy that matches.
    var: Option<usize>,
    /// Its move is illegal (4.E.1): it holds, and its order's result is `illegal`.
    illegal: bool,
    /// That illegal order is a move (under `dptg` it may receive no support to hold).
    illegal_move: bool,
    /// Its move is a legal convoyed move that no convoy order matches: it fails, `invalid`
    /// (DATC 4.E.2: "an invalid order is legal, but does not match"; 6.D.8).
    unmatched: bool,
}

/// The ruleset choices the oracle follows (DATC 4.A), read by key.
#[derive(Clone, Copy, Debug)]
struct Choices<'r> {
    multi_route: &'r str,
    paradox: &'r str,
    fallback: &'r str,
    origin: &'r str,
    bounce: &'r str,
    other_cycles: &'r str,
    illegal: &'r str,
}

impl<'r> Choices<'r> {
    /// Declines the choices the oracle does not implement (none of them is shipped; a paradox
    /// rule it does not know is declined where a case meets a paradox, in [`Board::backup`]).
    fn check(&self) -> Result<(), &'static str> {
        if !matches!(self.multi_route, "all-routes" | "one-route" | "dptg") {
            return Err("a 4.A.1 multi-route rule the oracle does not implement");
        }
        if !matches!(self.origin, "army-province" | "dptg") {
            return Err("a 4.A.4 attack origin the oracle does not implement (Brannan)");
        }
        if !matches!(self.bounce, "unless-head-to-head" | "never") {
            return Err("a 4.A.7 rule the oracle does not implement");
        }
        Ok(())
    }

    fn of(rules: &'r Ruleset) -> Self {
        let c = |k| rules.choice(k).unwrap_or("");
        Choices {
            multi_route: c("multi_route_disruption"),
            paradox: c("convoy_paradox"),
            fallback: c("paradox_fallback"),
            origin: c("convoyed_attack_origin"),
            bounce: c("dislodged_unit_bounce"),
            other_cycles: c("other_cycles"),
            illegal: c("illegal_orders"),
        }
    }
}

/// The board as the decisions see it.
struct Board<'a> {
    map: &'a Map,
    pieces: Vec<Piece>,
    /// The piece of each decision.
    vars: Vec<usize>,
    /// The piece each order commands.
    ordered: Vec<usize>,
    /// Backup rules applied so far.
    backups: Cell<usize>,
    /// Convoy paradoxes settled so far.
    paradoxes: Cell<usize>,
    choices: Choices<'a>,
}

/// The state of a decision while solving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Open,
    Fixed(bool),
    Unresolved,
}

/// Adjudicates a movement phase by brute force (see the module documentation).
pub fn adjudicate(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
) -> Verdict {
    let board = match Board::new(map, rules, pos, orders) {
        Ok(b) => b,
        Err(why) => return Verdict::Skipped(why),
    };
    match board.solve() {
        Ok(states) => Verdict::Resolved(board.result(orders, &states)),
        Err(why) => Verdict::Skipped(why),
    }
}

impl<'a> Board<'a> {
    /// Reads the position and orders, or says why the oracle does not take them.
    fn new(
        map: &'a Map,
        rules: &'a Ruleset,
        pos: &Position,
        orders: &[(PowerId, Order)],
    ) -> Result<Self, &'static str> {
        if !map.railroads().is_empty()
            || !map.canals().is_empty()
            || !map.borders().is_empty()
            || map.has_closures()
        {
            return Err("variant map features (railroads, canals, special borders, closures)");
        }
        if pos.units.len() > MAX_UNITS {
            return Err("too many units");
        }
        let mut pieces: Vec<Piece> = pos
            .units
            .iter()
            .map(|u| Piece {
                power: u.power,
                fleet: u.kind == UnitKind::Fleet,
                at: u.location.province,
                loc: u.location,
                act: Act::Hold,
                var: None,
                illegal: false,
                illegal_move: false,
                unmatched: false,
            })
            .collect();
        let mut acts: Vec<(usize, Act)> = Vec::new();
        for (power, order) in orders {
            let (unit, act) = read_order(map, order, &pieces)?;
            if pieces[unit].power != *power {
                return Err("an order for another power's unit");
            }
            acts.push((unit, act));
        }
        let ordered: Vec<usize> = acts.iter().map(|a| a.0).collect();
        if (1..ordered.len()).any(|i| ordered[..i].contains(&ordered[i])) {
            return Err("two orders for one unit");
        }
        for (unit, act) in acts {
            pieces[unit].act = act;
        }
        let choices = Choices::of(rules);
        choices.check()?;
        let mut board = Board {
            map,
            pieces,
            vars: Vec::new(),
            ordered,
            backups: Cell::new(0),
            paradoxes: Cell::new(0),
            choices,
        };
        board.judge_distant_moves()?;
        board.number_decisions()?;
        Ok(board)
    }

    /// Judges the legality (4.E.1) of each army's move to a province it does not border that no
    /// route of fleets ordered to convoy it serves. Under both shipped readings (`ignored`, DATC
    /// 3.2 4.E.1: "A London - Holland is illegal if there is no fleet in the North Sea"; `dptg`,
    /// DPTG XII: "if the Skagerrak stands vacant, then one can legally order neither Army Sweden
    /// to move to Yorkshire nor ...", and the Italian orders of Step 1 "would be illegal if there
    /// were no French fleet") the move is legal when a chain of seas each holding a fleet (any
    /// power's, whatever its order) connects the two provinces: it is then a move that fails,
    /// `invalid` (no convoy order matches it; DATC 6.D.8).
    /// Otherwise it is illegal: the unit holds (`ignored`: and may be supported to hold; `dptg`,
    /// DPTG VII: "except that, because it is a move order, a unit so ordered may receive no
    /// support to hold").
    fn judge_distant_moves(&mut self) -> Result<(), &'static str> {
        for i in 0..self.pieces.len() {
            let Act::Move { to, convoyed: true } = self.pieces[i].act else {
                continue;
            };
            if self.route_exists(i, u64::MAX) {
                continue;
            }
            if !matches!(self.choices.illegal, "ignored" | "dptg") {
                return Err("a convoyed move without convoying fleets under an unknown 4.E.1 rule");
            }
            if self.map.province(to).terrain == Terrain::Sea || to == self.pieces[i].at {
                return Err("an army move into a sea or its own province");
            }
            if self.fleet_chain(self.pieces[i].at, to, None) {
                self.pieces[i].unmatched = true;
            } else {
                self.pieces[i].act = Act::Hold;
                self.pieces[i].illegal = true;
                self.pieces[i].illegal_move = true;
            }
        }
        self.judge_distant_supports()
    }

    /// Judges the legality (4.E.1) of each support of an army's move to a province the army
    /// does not border: such a support is legal only when that move is (DPTG IX: "One cannot
    /// legally order a unit to support an illegal move"), that is when a chain of seas holding
    /// fleets connects the two provinces. Under `ignored` the supporter's own fleet does not
    /// count (DATC 3.2 6.D.31: "the only possible convoy is through the Black Sea and a fleet
    /// cannot convoy and support at the same time"); DPTG judges each order "viewed
    /// individually" (XII), so under `dptg` it does. An illegal support is no order: the unit
    /// holds, `illegal`, and may be supported to hold (it is not a move, DPTG VII).
    fn judge_distant_supports(&mut self) -> Result<(), &'static str> {
        for s in 0..self.pieces.len() {
            let Act::SupportMove { target, to } = self.pieces[s].act else {
                continue;
            };
            let army = &self.pieces[target];
            if army.fleet || self.map.army_adjacent(army.at, to) {
                continue;
            }
            if !matches!(self.choices.illegal, "ignored" | "dptg") {
                return Err("a support of a convoyed move under an unknown 4.E.1 rule");
            }
            let without = (self.choices.illegal == "ignored").then_some(s);
            let legal = to != army.at
                && self.map.province(to).terrain != Terrain::Sea
                && self.fleet_chain(army.at, to, without);
            if !legal {
                self.pieces[s].act = Act::Hold;
                self.pieces[s].illegal = true;
            }
        }
        Ok(())
    }

    /// Whether a chain of seas, each holding a fleet other than `without`, leads from `from` to
    /// `to` (breadth first).
    fn fleet_chain(&self, from: ProvinceId, to: ProvinceId, without: Option<usize>) -> bool {
        let seas: Vec<ProvinceId> = (0..self.pieces.len())
            .filter(|&k| Some(k) != without)
            .map(|k| &self.pieces[k])
            .filter(|x| x.fleet && self.map.province(x.at).terrain == Terrain::Sea)
            .map(|x| x.at)
            .collect();
        let mut reached: Vec<ProvinceId> = seas
            .iter()
            .copied()
            .filter(|&q| self.reaches(q, from))
            .collect();
        let mut next = 0;
        while next < reached.len() {
            let at = reached[next];
            if self.reaches(at, to) {
                return true;
            }
            for &q in &seas {
                if !reached.contains(&q) && self.reaches(at, q) {
                    reached.push(q);
                }
            }
            next += 1;
        }
        false
    }

    /// Gives each move, matching support and matching convoy a decision; checks the convoys.
    fn number_decisions(&mut self) -> Result<(), &'static str> {
        for i in 0..self.pieces.len() {
            let decides = match self.pieces[i].act {
                Act::Hold => false,
                Act::Move { .. } => true,
                Act::Convoy { army, to } => {
                    if self.map.province(self.pieces[i].at).terrain != Terrain::Sea {
                        return Err("a convoy by a fleet that is not at sea");
                    }
                    if !self.on_proper_route(self.pieces[army].at, to, i) {
                        return Err("a convoy on no proper route (illegal, 4.E.1)");
                    }
                    self.matches(i)
                }
                _ => self.matches(i),
            };
            if decides {
                self.pieces[i].var = Some(self.vars.len());
                self.vars.push(i);
            }
        }
        for i in 0..self.pieces.len() {
            if let Act::Convoy { army, to } = self.pieces[i].act {
                if self.map.army_adjacent(self.pieces[army].at, to)
                    && self.pieces[army].act
                        == (Act::Move {
                            to,
                            convoyed: false,
                        })
                {
                    return Err("a convoy to an adjacent province (4.A.3)");
                }
            }
        }
        Ok(())
    }

    /// Whether the fleet `f` lies on a proper route (DATC 4.E.1) of fleets at sea from `from` to
    /// `to`: a chain whose first fleet alone is next to `from`, whose last alone reaches `to`,
    /// and in which no fleet is next to any earlier one but its predecessor.
    fn on_proper_route(&self, from: ProvinceId, to: ProvinceId, f: usize) -> bool {
        let seas: Vec<ProvinceId> = self
            .pieces
            .iter()
            .filter(|x| x.fleet && self.map.province(x.at).terrain == Terrain::Sea)
            .map(|x| x.at)
            .collect();
        let mut chain = Vec::new();
        self.proper_from(from, to, &seas, &mut chain, self.pieces[f].at)
    }

    /// Extends `chain` properly; true when a completed proper route contains `want`.
    fn proper_from(
        &self,
        from: ProvinceId,
        to: ProvinceId,
        seas: &[ProvinceId],
        chain: &mut Vec<ProvinceId>,
        want: ProvinceId,
    ) -> bool {
        let near = |a: ProvinceId, b: ProvinceId| self.reaches(a, b);
        let base = chain.len();
        // Depth-first with an explicit stack: `next[d]` is the next sea to try at depth d.
        let mut next = vec![0usize];
        while let Some(k) = next.last_mut() {
            let Some(&q) = seas.get(*k) else {
                next.pop();
                if !next.is_empty() {
                    chain.pop();
                }
                continue;
            };
            *k += 1;
            let ok = match chain.split_last() {
                None => near(q, from),
                Some((&last, earlier)) => {
                    !chain.contains(&q)
                        && near(last, q)
                        && !near(q, from)
                        && earlier.iter().all(|&e| !near(e, q))
                }
            };
            if !ok || q == to {
                continue;
            }
            chain.push(q);
            if !near(q, to) {
                next.push(0);
                continue;
            }
            let found = chain.contains(&want);
            chain.pop();
            if found {
                chain.truncate(base);
                return true;
            }
        }
        false
    }

    /// Whether a support or convoy order matches the order of the unit it names.
    fn matches(&self, i: usize) -> bool {
        match self.pieces[i].act {
            Act::SupportHold { target } => {
                let t = &self.pieces[target];
                let moving = t.illegal_move && self.choices.illegal == "dptg";
                !matches!(t.act, Act::Move { .. }) && !moving
            }
            Act::SupportMove { target, to } => {
                // DPTG Step 1 cancels a convoyed move no cooperating fleets serve, and Step 3
                // then cancels supports of it: its army "fails to attempt to move".
                let cancelled = self.pieces[target].unmatched && self.choices.illegal == "dptg";
                !cancelled && matches!(self.pieces[target].act, Act::Move { to: t, .. } if t == to)
            }
            Act::Convoy { army, to } => self.pieces[army].act == (Act::Move { to, convoyed: true }),
            _ => false,
        }
    }

    /// The matching convoy orders of an army's move.
    fn convoys_of(&self, army: usize) -> Vec<usize> {
        (0..self.pieces.len())
            .filter(|&f| matches!(self.pieces[f].act, Act::Convoy { army: a, .. } if a == army))
            .filter(|&f| self.matches(f))
            .collect()
    }

    /// Whether the fleets in `usable` (a mask of piece indices) carry `army` to its destination.
    fn route_exists(&self, army: usize, usable: u64) -> bool {
        let fleets: Vec<usize> = self
            .convoys_of(army)
            .into_iter()
            .filter(|&f| usable & (1 << f) != 0)
            .collect();
        !self.routes(army, &fleets).is_empty()
    }

    /// Every simple route (the fleets in order) from the army's province to its destination
    /// through the given fleets.
    fn routes(&self, army: usize, fleets: &[usize]) -> Vec<Vec<usize>> {
        let Act::Move { to, .. } = self.pieces[army].act else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut stack = Vec::new();
        self.extend_routes(self.pieces[army].at, to, fleets, &mut stack, &mut out);
        out
    }

    fn extend_routes(
        &self,
        from: ProvinceId,
        to: ProvinceId,
        fleets: &[usize],
        stack: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if !stack.is_empty() && self.reaches(from, to) {
            out.push(stack.clone());
        }
        // Depth-first with an explicit stack of (the sea reached, the next fleet to try).
        let mut frames = vec![(from, 0usize)];
        while let Some(frame) = frames.last_mut() {
            let (here, k) = *frame;
            let Some(&f) = fleets.get(k) else {
                frames.pop();
                if !frames.is_empty() {
                    stack.pop();
                }
                continue;
            };
            frame.1 += 1;
            let sea = self.pieces[f].at;
            if !stack.contains(&f) && self.reaches_sea(here, sea, stack.is_empty()) {
                stack.push(f);
                if self.reaches(sea, to) {
                    out.push(stack.clone());
                }
                frames.push((sea, 0));
            }
        }
    }

    /// Whether a fleet in sea `from` can reach province `to`.
    fn reaches(&self, from: ProvinceId, to: ProvinceId) -> bool {
        self.map.fleet_can_reach(Location::province(from), to)
    }

    /// Whether the next fleet of a route can be in `sea`: next to the army's province (first
    /// step) or to the previous fleet's sea.
    fn reaches_sea(&self, from: ProvinceId, sea: ProvinceId, first: bool) -> bool {
        if first {
            self.reaches(sea, from)
        } else {
            self.reaches(from, sea)
        }
    }

    /// The pieces ordered to move into `p`.
    fn movers_into(&self, p: ProvinceId) -> Vec<usize> {
        (0..self.pieces.len())
            .filter(|&i| matches!(self.pieces[i].act, Act::Move { to, .. } if to == p))
            .collect()
    }

    /// The piece standing in `p`.
    fn piece_in(&self, p: ProvinceId) -> Option<usize> {
        self.pieces.iter().position(|x| x.at == p)
    }

    /// The matching supports of piece `i`'s move or hold.
    fn supports_of(&self, i: usize) -> Vec<usize> {
        (0..self.pieces.len())
            .filter(|&s| self.pieces[s].var.is_some())
            .filter(|&s| match self.pieces[s].act {
                Act::SupportHold { target } | Act::SupportMove { target, .. } => target == i,
                _ => false,
            })
            .collect()
    }

    /// The unit moving directly (not by convoy) into `i`'s province from `i`'s destination,
    /// when `i` also moves directly: a head-to-head battle.
    fn opponent(&self, i: usize) -> Option<usize> {
        let Act::Move {
            to,
            convoyed: false,
        } = self.pieces[i].act
        else {
            return None;
        };
        let j = self.piece_in(to)?;
        let back = Act::Move {
            to: self.pieces[i].at,
            convoyed: false,
        };
        (self.pieces[j].act == back).then_some(j)
    }
}

/// Reads one order into (piece, act), declining what raises a question of DATC 4.B (coasts),
/// 4.C (unit designation, nationality) or 4.E.1 (legality) that the oracle does not answer.
fn read_order(map: &Map, order: &Order, pieces: &[Piece]) -> Result<(usize, Act), &'static str> {
    let unit = order.unit().ok_or("an order without a unit")?;
    let me = named(pieces, unit.kind, &unit.place, true)?;
    let other = |u: &OtherUnit| {
        if u.power.is_some() {
            return Err("a nationality written in a support or convoy (4.C.5)");
        }
        named(pieces, u.kind, &u.place, false)
    };
    let piece = &pieces[me];
    let act = match order {
        Order::Hold { .. } => Act::Hold,
        Order::Move {
            to,
            via_convoy,
            path,
            ..
        } => {
            if *via_convoy || !path.is_empty() {
                return Err("'via convoy' or a written convoy path");
            }
            let to = if piece.fleet {
                fleet_destination(map, piece.loc, to)?
            } else {
                destination(to)?
            };
            let convoyed = !piece.fleet && !map.army_adjacent(piece.at, to);
            Act::Move { to, convoyed }
        }
        Order::SupportHold { supported, .. } => {
            let target = other(supported)?;
            support_reach(map, piece, pieces[target].at)?;
            Act::SupportHold { target }
        }
        Order::SupportMove { supported, to, .. } => {
            let target = other(supported)?;
            let to = destination(to)?;
            support_reach(map, piece, to)?;
            Act::SupportMove { target, to }
        }
        Order::Convoy { army, to, .. } => {
            let army = other(army)?;
            if !piece.fleet || pieces[army].fleet {
                return Err("a convoy by an army or of a fleet (illegal)");
            }
            let to = destination(to)?;
            Act::Convoy { army, to }
        }
        _ => return Err("an order other than hold, move, support or convoy"),
    };
    Ok((me, act))
}

/// The piece a written unit names: declines an omitted or wrong unit type (4.C.1, 4.C.2) and a
/// written coast other than the unit's own (4.B.5).
fn named(
    pieces: &[Piece],
    kind: Option<UnitKind>,
    place: &Place,
    own: bool,
) -> Result<usize, &'static str> {
    let i = pieces
        .iter()
        .position(|x| x.at == place.province)
        .ok_or(if own {
            "an order for a province without a unit"
        } else {
            "a support or convoy naming no unit"
        })?;
    let fleet = match kind {
        Some(k) => k == UnitKind::Fleet,
        None => return Err("a unit type omitted (4.C.1)"),
    };
    if fleet != pieces[i].fleet {
        return Err("a unit type that is not the unit's (4.C.2)");
    }
    match &place.coast {
        None => Ok(i),
        Some(WrittenCoast::Known(c)) if pieces[i].loc.coast == Some(*c) => Ok(i),
        Some(_) => Err("a written coast that is not the unit's (4.B.5)"),
    }
}

/// A destination's province for an army's move or a support or convoy: declines written
/// coasts (4.B.1-4.B.4, 4.B.6); a support of a fleet's move to a coast names the province only.
fn destination(to: &Place) -> Result<ProvinceId, &'static str> {
    if to.coast.is_some() {
        return Err("a coast question (4.B): a coast written in an army move, support or convoy");
    }
    Ok(to.province)
}

/// A fleet's destination: a province it can reach, with the coast written exactly when the
/// province has coasts and it is one the fleet can reach (a coast omitted or wrong raises a
/// 4.B question the oracle declines).
fn fleet_destination(map: &Map, from: Location, to: &Place) -> Result<ProvinceId, &'static str> {
    let multi = map.province(to.province).is_multi_coast();
    let want = match (&to.coast, multi) {
        (None, false) => Location::province(to.province),
        (Some(WrittenCoast::Known(c)), true) => Location {
            province: to.province,
            coast: Some(*c),
        },
        _ => return Err("a coast question (4.B): a coast omitted, unknown or not needed"),
    };
    if map.fleet_neighbours(from).contains(&want) {
        Ok(to.province)
    } else {
        Err("a fleet move to a place it cannot reach (illegal)")
    }
}

/// Declines a support into a province the supporter cannot reach (illegal, 4.E.1).
fn support_reach(map: &Map, piece: &Piece, place: ProvinceId) -> Result<(), &'static str> {
    let reach = if piece.fleet {
        map.fleet_can_reach(piece.loc, place)
    } else {
        map.army_adjacent(piece.at, place)
    };
    if reach && place != piece.at {
        Ok(())
    } else {
        Err("a support into a province the supporter cannot reach (illegal)")
    }
}

/// One evaluation of the conditions under an assignment, recording which decisions it read.
struct Eval<'b, 'a> {
    b: &'b Board<'a>,
    vals: &'b [bool],
    reads: Cell<u64>,
}

impl Eval<'_, '_> {
    /// The assumed result of piece `i`'s decision.
    fn val(&self, i: usize) -> bool {
        let v = self.b.pieces[i].var.expect("a decision");
        self.reads.set(self.reads.get() | 1 << v);
        self.vals[v]
    }

    /// The condition of piece `i`'s decision. Every decision the condition could depend on is
    /// read, whatever the values (no short cuts), so that one evaluation finds them all.
    fn decide(&self, i: usize) -> bool {
        match self.b.pieces[i].act {
            Act::Move { .. } => self.move_succeeds(i),
            Act::SupportHold { .. } | Act::SupportMove { .. } => self.support_given(i),
            Act::Convoy { .. } => !self.dislodged(i),
            Act::Hold => unreachable!("a hold is no decision"),
        }
    }

    /// How many of the supports are given, and how many of those are not of `power`.
    fn given(&self, supports: &[usize], power: Option<PowerId>) -> (u32, u32) {
        let vals: Vec<(bool, PowerId)> = supports
            .iter()
            .map(|&s| (self.val(s), self.b.pieces[s].power))
            .collect();
        let all = vals.iter().filter(|v| v.0).count() as u32;
        let foreign = vals.iter().filter(|v| v.0 && Some(v.1) != power).count() as u32;
        (all, foreign)
    }

    /// 5.B.4 PATH, with the ruleset's 4.A.1 multi-route rule.
    fn path(&self, i: usize) -> bool {
        let Act::Move { convoyed: true, .. } = self.b.pieces[i].act else {
            return true;
        };
        let mut fleets = self.b.convoys_of(i);
        let ok: Vec<bool> = fleets.iter().map(|&f| self.val(f)).collect();
        let working: u64 = fleets
            .iter()
            .zip(&ok)
            .filter(|(_, &v)| v)
            .fold(0, |m, (&f, _)| m | 1 << f);
        match self.b.choices.multi_route {
            "all-routes" => self.b.route_exists(i, working),
            "one-route" | "dptg" => {
                if self.b.choices.multi_route == "dptg" {
                    let own: Vec<usize> = fleets
                        .iter()
                        .copied()
                        .filter(|&f| self.b.pieces[f].power == self.b.pieces[i].power)
                        .collect();
                    if !self.b.routes(i, &own).is_empty() {
                        fleets = own;
                    }
                }
                let routes = self.b.routes(i, &fleets);
                !routes.is_empty() && routes.iter().flatten().all(|&f| working & (1 << f) != 0)
            }
            other => panic!("oracle: multi-route rule {other} not known"),
        }
    }

    /// Whether the unit in the destination of `i`'s move stays there (holds, fails, or meets
    /// `i` head to head); reads its move.
    fn stays(&self, i: usize, d: usize) -> bool {
        match self.b.pieces[d].act {
            Act::Move { .. } => !self.val(d) || self.b.opponent(i) == Some(d),
            _ => true,
        }
    }

    /// 5.B.8 ATTACK STRENGTH.
    fn attack(&self, i: usize) -> u32 {
        let Act::Move { to, .. } = self.b.pieces[i].act else {
            unreachable!()
        };
        let path = self.path(i);
        let dest = self.b.piece_in(to);
        let stays = dest.map(|d| self.stays(i, d)).unwrap_or(false);
        let attacked = dest.map(|d| self.b.pieces[d].power);
        let (all, foreign) = self.given(&self.b.supports_of(i), attacked);
        match (path, stays) {
            (false, _) => 0,
            (true, false) => 1 + all,
            (true, true) if attacked == Some(self.b.pieces[i].power) => 0,
            (true, true) => 1 + foreign,
        }
    }

    /// 5.B.5 HOLD STRENGTH of a province.
    fn hold(&self, p: ProvinceId) -> u32 {
        let Some(d) = self.b.piece_in(p) else {
            return 0;
        };
        match self.b.pieces[d].act {
            Act::Move { .. } => u32::from(!self.val(d)),
            _ => 1 + self.given(&self.b.supports_of(d), None).0,
        }
    }

    /// 5.B.7 DEFEND STRENGTH.
    fn defend(&self, i: usize) -> u32 {
        1 + self.given(&self.b.supports_of(i), None).0
    }

    /// 5.B.6 PREVENT STRENGTH, with the ruleset's 4.A.7 choice.
    fn prevent(&self, i: usize) -> u32 {
        let path = self.path(i);
        let strength = 1 + self.given(&self.b.supports_of(i), None).0;
        let beaten = match self.b.choices.bounce {
            "unless-head-to-head" => self.b.opponent(i).map(|o| self.val(o)).unwrap_or(false),
            "never" => {
                let own = self.val(i);
                let back = self.back_movers(i);
                let any = back.iter().map(|&o| self.val(o)).fold(false, |a, b| a | b);
                !own && any
            }
            other => panic!("oracle: dislodged-unit-bounce rule {other} not known"),
        };
        if !path || beaten {
            0
        } else {
            strength
        }
    }

    /// The units moving from `i`'s destination into `i`'s province (directly or by convoy).
    fn back_movers(&self, i: usize) -> Vec<usize> {
        let Act::Move { to, .. } = self.b.pieces[i].act else {
            return Vec::new();
        };
        let at = self.b.pieces[i].at;
        self.b
            .movers_into(at)
            .into_iter()
            .filter(|&o| self.b.pieces[o].at == to)
            .collect()
    }

    /// 5.B.1 MOVE.
    fn move_succeeds(&self, i: usize) -> bool {
        let Act::Move { to, .. } = self.b.pieces[i].act else {
            unreachable!()
        };
        let attack = self.attack(i);
        let resist = match self.b.opponent(i) {
            Some(o) => self.defend(o),
            None => self.hold(to),
        };
        let prevents: Vec<u32> = self
            .b
            .movers_into(to)
            .into_iter()
            .filter(|&c| c != i)
            .map(|c| self.prevent(c))
            .collect();
        attack > resist && prevents.iter().all(|&p| attack > p)
    }

    /// Whether the (non-moving) unit `i` is dislodged: a move into its province succeeds.
    fn dislodged(&self, i: usize) -> bool {
        let movers = self.b.movers_into(self.b.pieces[i].at);
        let vals: Vec<bool> = movers.iter().map(|&m| self.val(m)).collect();
        vals.contains(&true)
    }

    /// 5.B.2 SUPPORT, with the ruleset's 4.A.2 and 4.A.4 choices for convoyed attackers.
    fn support_given(&self, s: usize) -> bool {
        let at = self.b.pieces[s].at;
        let movers = self.b.movers_into(at);
        let cuts: Vec<bool> = movers.iter().map(|&m| self.cuts(m, s)).collect();
        // The rulebooks' paradox rules exempt the support from the dislodge rule too (6.F.17).
        let dislodging: Vec<bool> = movers
            .iter()
            .map(|&m| self.val(m) && !(self.convoyed(m) && self.exempt(m, s)))
            .collect();
        !cuts.contains(&true) && !dislodging.contains(&true)
    }

    /// Whether `m` is a convoyed move.
    fn convoyed(&self, m: usize) -> bool {
        matches!(self.b.pieces[m].act, Act::Move { convoyed: true, .. })
    }

    /// Whether the move `m` into the supporter `s`'s province cuts its support.
    fn cuts(&self, m: usize, s: usize) -> bool {
        let (mp, sp) = (&self.b.pieces[m], &self.b.pieces[s]);
        let Act::Move { convoyed, .. } = mp.act else {
            unreachable!()
        };
        let path = self.path(m);
        let against = match sp.act {
            Act::SupportHold { target } => self.b.pieces[target].at,
            Act::SupportMove { to, .. } => to,
            _ => unreachable!(),
        };
        let from_target = mp.at == against && !(convoyed && self.b.choices.origin == "dptg");
        path && mp.power != sp.power && !from_target && !(convoyed && self.exempt(m, s))
    }

    /// The 4.A.2 rules under which a convoyed army `m` does not cut the support of `s`.
    fn exempt(&self, m: usize, s: usize) -> bool {
        let b = self.b;
        let sp = &b.pieces[s];
        let fleets = b.convoys_of(m);
        match (b.choices.paradox, sp.act) {
            ("1971", Act::SupportMove { target, to }) => {
                sp.fleet && b.pieces[target].fleet && fleets.iter().any(|&f| b.pieces[f].at == to)
            }
            ("1982", act) => {
                let place = match act {
                    Act::SupportHold { target } => b.pieces[target].at,
                    Act::SupportMove { to, .. } => to,
                    _ => return false,
                };
                sp.fleet
                    && b.map.province(place).terrain == Terrain::Sea
                    && b.piece_in(place)
                        .is_some_and(|f| matches!(b.pieces[f].act, Act::Convoy { .. }))
            }
            ("2000", Act::SupportMove { to, .. }) => fleets
                .iter()
                .any(|&f| b.pieces[f].at == to && !b.route_exists(m, !(1 << f))),
            _ => false,
        }
    }
}

/// A mask of decision indices.
fn mask(vars: &[usize]) -> u64 {
    vars.iter().fold(0, |m, &v| m | 1 << v)
}

/// The indices of the set bits of a mask.
fn bits(m: u64) -> Vec<usize> {
    (0..64).filter(|&b| m & (1 << b) != 0).collect()
}

impl Board<'_> {
    /// Evaluates decision `v`'s condition under `vals`: its value and the decisions it read.
    fn eval(&self, v: usize, vals: &[bool]) -> (bool, u64) {
        let e = Eval {
            b: self,
            vals,
            reads: Cell::new(0),
        };
        let r = e.decide(self.vars[v]);
        (r, e.reads.get())
    }

    /// The current values: settled decisions as settled, the others false.
    fn base(states: &[State]) -> Vec<bool> {
        states.iter().map(|s| *s == State::Fixed(true)).collect()
    }

    /// The values of `v`'s condition over every assignment of the decisions in `free`.
    fn outcomes(&self, v: usize, free: u64, states: &[State]) -> Vec<bool> {
        let free = bits(free);
        let mut vals = Self::base(states);
        (0..1u64 << free.len())
            .map(|a| {
                for (k, &f) in free.iter().enumerate() {
                    vals[f] = a & (1 << k) != 0;
                }
                self.eval(v, &vals).0
            })
            .collect()
    }

    /// Settles every decision: Ok with their states, or why the oracle declines.
    fn solve(&self) -> Result<Vec<State>, &'static str> {
        let n = self.vars.len();
        let mut states = vec![State::Open; n];
        loop {
            let open: Vec<usize> = (0..n).filter(|&v| states[v] == State::Open).collect();
            if open.is_empty() {
                return Ok(states);
            }
            let base = Self::base(&states);
            let mut deps = vec![0u64; n];
            for &v in &open {
                deps[v] = self.eval(v, &base).1;
            }
            let group = sink_group(&open, &deps);
            self.settle(&group, &deps, &mut states)?;
        }
    }

    /// Settles (some of) a group of open decisions that depend on no other open decision.
    fn settle(
        &self,
        group: &[usize],
        deps: &[u64],
        states: &mut [State],
    ) -> Result<(), &'static str> {
        let unresolved = mask(
            &(0..states.len())
                .filter(|&v| states[v] == State::Unresolved)
                .collect::<Vec<_>>(),
        );
        let gmask = mask(group);
        if let [v] = group {
            if deps[*v] & (1 << v) == 0 {
                let outs = self.outcomes(*v, deps[*v] & unresolved, states);
                states[*v] = if outs.iter().all(|&o| o == outs[0]) {
                    State::Fixed(outs[0])
                } else {
                    State::Unresolved
                };
                return Ok(());
            }
        }
        if group.iter().any(|&v| deps[v] & unresolved != 0) {
            return Err("a cycle depending on an unresolved paradox");
        }
        let forced: Vec<(usize, bool)> = group
            .iter()
            .filter_map(|&v| {
                let free = deps[v] & gmask;
                if free.count_ones() as usize > MAX_GUESSED {
                    return None;
                }
                let outs = self.outcomes(v, free, states);
                outs.iter().all(|&o| o == outs[0]).then_some((v, outs[0]))
            })
            .collect();
        if !forced.is_empty() {
            for (v, b) in forced {
                states[v] = State::Fixed(b);
            }
            return Ok(());
        }
        let (guessed, order) = self.feedback(group, deps);
        if guessed.len() > MAX_GUESSED {
            return Err("a cycle needing more guessed decisions than MAX_GUESSED");
        }
        let solutions = self.consistent(group, &guessed, &order, states);
        if let [one] = solutions[..] {
            for (k, &v) in group.iter().enumerate() {
                states[v] = State::Fixed(one & (1 << k) != 0);
            }
            return Ok(());
        }
        self.backup(group, deps, &solutions, states)
    }

    /// Splits a cycle into decisions to guess (a feedback set: convoys first, then moves, then
    /// supports) and the others in an order in which each reads only guessed or earlier ones.
    fn feedback(&self, group: &[usize], deps: &[u64]) -> (Vec<usize>, Vec<usize>) {
        let rank = |v: usize| match self.pieces[self.vars[v]].act {
            Act::Convoy { .. } => 0,
            Act::Move { .. } => 1,
            _ => 2,
        };
        let mut guessed: Vec<usize> = Vec::new();
        loop {
            let mut known = mask(&guessed);
            let mut order = Vec::new();
            let mut rest: Vec<usize> = group
                .iter()
                .copied()
                .filter(|v| !guessed.contains(v))
                .collect();
            let gmask = mask(group);
            while let Some(k) = rest
                .iter()
                .position(|&v| deps[v] & gmask & !known & !(1 << v) == 0 && deps[v] & (1 << v) == 0)
            {
                let v = rest.remove(k);
                known |= 1 << v;
                order.push(v);
            }
            match rest.iter().min_by_key(|&&v| rank(v)) {
                None => return (guessed, order),
                Some(&v) => guessed.push(v),
            }
        }
    }

    /// Every assignment of `group` (bit k for `group[k]`) that agrees with its conditions: each
    /// assignment of `guessed`, the others computed in `order`, kept when the guessed decisions'
    /// conditions agree with the guesses.
    fn consistent(
        &self,
        group: &[usize],
        guessed: &[usize],
        order: &[usize],
        states: &[State],
    ) -> Vec<u64> {
        let mut vals = Self::base(states);
        (0..1u64 << guessed.len())
            .filter_map(|a| {
                for (k, &v) in guessed.iter().enumerate() {
                    vals[v] = a & (1 << k) != 0;
                }
                for &v in order {
                    vals[v] = self.eval(v, &vals).0;
                }
                let ok = guessed.iter().all(|&v| self.eval(v, &vals).0 == vals[v]);
                let m = group
                    .iter()
                    .enumerate()
                    .fold(0u64, |m, (k, &v)| m | u64::from(vals[v]) << k);
                ok.then_some(m)
            })
            .collect()
    }

    /// 5.B.9 and the ruleset's backup rules, for a cycle with no or several resolutions
    /// (`solutions`, as [`Board::consistent`] gives them).
    fn backup(
        &self,
        group: &[usize],
        deps: &[u64],
        solutions: &[u64],
        states: &mut [State],
    ) -> Result<(), &'static str> {
        let is_move = |v: usize| self.is_move(self.vars[v]);
        self.backups.set(self.backups.get() + 1);
        if group.iter().all(|&v| is_move(v)) {
            // Circular movement: the moves that go round the circle succeed; a move into the
            // circle from outside it (a cycle only through its prevent strength, under a 4.A.7
            // rule that reads a move's own success) is then judged as usual.
            let circle = self.circle(group);
            if !circle.is_empty() {
                circle.iter().for_each(|&v| states[v] = State::Fixed(true));
                return Ok(());
            }
        }
        if !group.iter().any(|&v| self.is_convoy(self.vars[v])) {
            return self.other_cycle(group, states);
        }
        self.paradoxes.set(self.paradoxes.get() + 1);
        let c = self.choices;
        match (c.paradox, c.fallback) {
            ("szykman", _) | ("1971" | "1982" | "2000", "szykman") => {
                self.fail_convoys(group, states)
            }
            ("1971" | "1982" | "2000", "none") => {
                group.iter().for_each(|&v| states[v] = State::Unresolved)
            }
            ("dptg", _) => self.dptg(group, solutions, states),
            ("alexander", _) => self.alexander(group, deps, states),
            _ => return Err("a convoy paradox under a rule the oracle does not implement"),
        }
        Ok(())
    }

    /// The moves of `group` that go round a circle, each into the province the next one leaves.
    fn circle(&self, group: &[usize]) -> Vec<usize> {
        let next = |v: usize| {
            let Act::Move { to, .. } = self.pieces[self.vars[v]].act else {
                return None;
            };
            group
                .iter()
                .copied()
                .find(|&w| self.is_move(self.vars[w]) && self.pieces[self.vars[w]].at == to)
        };
        let round = |v: usize| {
            let mut w = v;
            for _ in 0..group.len() {
                w = match next(w) {
                    Some(x) => x,
                    None => return false,
                };
                if w == v {
                    return true;
                }
            }
            false
        };
        group.iter().copied().filter(|&v| round(v)).collect()
    }

    /// The ruleset's `other_cycles` ruling for a cycle with no convoy that is not circular
    /// movement.
    fn other_cycle(&self, group: &[usize], states: &mut [State]) -> Result<(), &'static str> {
        let fail = match self.choices.other_cycles {
            "all-fail" => true,
            "unresolved" => false,
            _ => return Err("an other_cycles rule the oracle does not implement"),
        };
        for &v in group {
            states[v] = if fail {
                State::Fixed(false)
            } else {
                State::Unresolved
            };
        }
        Ok(())
    }

    /// Szykman: the cycle's convoys fail (the fleets hold); the rest is solved again.
    fn fail_convoys(&self, group: &[usize], states: &mut [State]) {
        for &v in group {
            if self.is_convoy(self.vars[v]) {
                states[v] = State::Fixed(false);
            }
        }
    }

    /// The DPTG's convoy subversion as DATC 2.4 4.A.2 sums it up: when a resolution of the
    /// paradox disrupts all its convoys, that one (Step 12: the convoys are struck, the attacks
    /// on their fleets resolved as usual); otherwise a grand standoff (Step 13).
    fn dptg(&self, group: &[usize], solutions: &[u64], states: &mut [State]) {
        let convoys: u64 = group
            .iter()
            .enumerate()
            .filter(|&(_, &v)| self.is_convoy(self.vars[v]))
            .fold(0, |m, (k, _)| m | 1 << k);
        if solutions.iter().any(|s| s & convoys == 0) {
            self.fail_convoys(group, states);
        } else {
            self.grand_standoff(group, states);
        }
    }

    /// DPTG Step 13: the convoyed moves of the cycle's convoys are cancelled, and so are all
    /// attacks on their convoying fleets; the convoys do not go through (the cycle's convoy
    /// orders are `disrupted`, their fleets not dislodged).
    fn grand_standoff(&self, group: &[usize], states: &mut [State]) {
        let armies: Vec<usize> = group
            .iter()
            .filter_map(|&v| match self.pieces[self.vars[v]].act {
                Act::Convoy { army, .. } => Some(army),
                _ => None,
            })
            .collect();
        let fleets: Vec<usize> = armies.iter().flat_map(|&a| self.convoys_of(a)).collect();
        let seas: Vec<ProvinceId> = fleets.iter().map(|&f| self.pieces[f].at).collect();
        for (i, p) in self.pieces.iter().enumerate() {
            let cancelled = match p.act {
                Act::Move { to, .. } => armies.contains(&i) || seas.contains(&to),
                Act::Convoy { .. } => fleets.contains(&i),
                _ => false,
            };
            // A decision already settled is not part of the circle: a fleet of the convoy that
            // nothing can dislodge stays `available`, as under Szykman.
            if let (true, Some(v)) = (cancelled, p.var) {
                if states[v] == State::Open {
                    states[v] = State::Fixed(false);
                }
            }
        }
    }

    /// Alexander IV.5.f: each convoy of the cycle is judged as if its army had no effects (all
    /// the cycle's convoys at once): the rest of the cycle is computed with the convoys
    /// disrupted; a convoy whose fleet is then dislodged is disrupted, any other stands (and is
    /// not disrupted even if its fleet is dislodged afterwards).
    fn alexander(&self, group: &[usize], deps: &[u64], states: &mut [State]) {
        let (convoys, rest): (Vec<usize>, Vec<usize>) =
            group.iter().partition(|&&v| self.is_convoy(self.vars[v]));
        let mut trial = states.to_vec();
        convoys.iter().for_each(|&v| trial[v] = State::Fixed(false));
        let (guessed, order) = self.feedback(&rest, deps);
        let found = if guessed.len() > MAX_GUESSED {
            Vec::new()
        } else {
            self.consistent(&rest, &guessed, &order, &trial)
        };
        let mut vals = Self::base(&trial);
        if let [one] = found[..] {
            for (k, &v) in rest.iter().enumerate() {
                vals[v] = one & (1 << k) != 0;
            }
        }
        let e = Eval {
            b: self,
            vals: &vals,
            reads: Cell::new(0),
        };
        for &v in &convoys {
            states[v] = match found.len() {
                1 => State::Fixed(!e.dislodged(self.vars[v])),
                _ => State::Unresolved,
            };
        }
    }

    /// The results in the DATC's words.
    fn result(&self, orders: &[(PowerId, Order)], states: &[State]) -> OracleResult {
        let state = |i: usize| self.pieces[i].var.map(|v| states[v]);
        let moved = |i: usize| state(i) == Some(State::Fixed(true)) && self.is_move(i);
        let dislodged: Vec<bool> = (0..self.pieces.len())
            .map(|i| !moved(i) && self.movers_into(self.pieces[i].at).into_iter().any(moved))
            .collect();
        let resolutions = (0..orders.len())
            .map(|k| {
                let i = self.ordered[k];
                let words = match self.pieces[i].act {
                    Act::Hold if self.pieces[i].illegal => return Resolution::Illegal,
                    Act::Hold => return Resolution::Stands,
                    Act::Move { .. } if self.pieces[i].unmatched => return Resolution::Invalid,
                    Act::Move { .. } => [Resolution::Succeeds, Resolution::Fails],
                    Act::Convoy { .. } => [Resolution::Available, Resolution::Disrupted],
                    _ => [Resolution::Given, Resolution::Cut],
                };
                match state(i) {
                    None => Resolution::Invalid,
                    Some(State::Fixed(true)) => words[0],
                    Some(State::Fixed(false)) => words[1],
                    Some(_) => Resolution::Unresolved,
                }
            })
            .collect();
        OracleResult {
            resolutions,
            dislodged: self.ordered.iter().map(|&i| dislodged[i]).collect(),
            dislodged_units: (0..self.pieces.len())
                .filter(|&i| dislodged[i])
                .map(|i| self.pieces[i].at)
                .collect(),
            backups: self.backups.get(),
            paradoxes: self.paradoxes.get(),
        }
    }

    fn is_move(&self, i: usize) -> bool {
        matches!(self.pieces[i].act, Act::Move { .. })
    }

    fn is_convoy(&self, i: usize) -> bool {
        matches!(self.pieces[i].act, Act::Convoy { .. })
    }
}

/// A strongly connected group of `open` decisions (by `deps`) that reads no open decision
/// outside itself.
fn sink_group(open: &[usize], deps: &[u64]) -> Vec<usize> {
    let open_mask = mask(open);
    let mut reach: Vec<u64> = deps.iter().map(|d| d & open_mask).collect();
    loop {
        let mut changed = false;
        for &v in open {
            let more = bits(reach[v]).iter().fold(reach[v], |m, &w| m | reach[w]);
            changed |= more != reach[v];
            reach[v] = more;
        }
        if !changed {
            break;
        }
    }
    let group_of = |v: usize| -> Vec<usize> {
        open.iter()
            .copied()
            .filter(|&w| w == v || (reach[v] & (1 << w) != 0 && reach[w] & (1 << v) != 0))
            .collect()
    };
    open.iter()
        .map(|&v| group_of(v))
        .find(|g| bits(reach[g[0]]).iter().all(|w| g.contains(w)))
        .expect("a finite graph has a sink component")
}
