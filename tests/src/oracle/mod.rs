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
//! convoy order, `invalid` or `illegal` as `Board::judge_distant_moves` reads 4.E.1 under the
//! `ignored` and `dptg` rules, and supports of such moves as `Board::judge_distant_supports`
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

mod conditions;
mod orders;
mod solve;

use conditions::*;
use orders::*;

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
