//! Railroad moves (DATC 2.4 7.B): their paths and step decisions (`at`, `pass`), how a train
//! enters, passes, stops and ends, and the railroad paradox rule (7.B.23-7.B.25, 7.B.31).

use diplo_map::{Location, Map, PowerId, ProvinceId};
use diplo_rules::policies::*;
use diplo_rules::Ruleset;

use crate::interpret::{Eff, NONE};
use crate::position::Unit;
use crate::scratch::Pool;

use super::board::{Board, Extra};
use super::strength::Strength;
use super::tables::{Sparse, Tri};

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

/// The railroad moves of a phase (DATC 2.4 7.B): their paths, and the effective orders with a
/// railroad move meeting a unit coming the other way in its first place turned into a plain
/// move there (DATC 2.4 7.B.26-7.B.29).
pub(super) struct RailPlans {
    pub(super) eff: Vec<Eff>,
    /// Per railroad move: the unit and the provinces it passes, in order.
    pub(super) paths: Vec<(u32, Vec<ProvinceId>)>,
    /// Per unit: a railroad move in a head-to-head battle that cannot dislodge.
    pub(super) no_dislodge: Sparse<bool>,
    /// Per unit: a railroad move whose support does not count in its head-to-head battle.
    pub(super) unsupported: Sparse<bool>,
}

impl RailPlans {
    pub(super) fn new(
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

/// The railroad moves with two decisions per step (`At`, `Pass`) appended to `extra`; per unit
/// its index among them (or `NONE`); and (province, `At` decision) pairs for each step.
pub(super) fn rail_steps(
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

impl Board<'_> {
    // --- Railroads (DATC 2.4 7.B) and canals (7.C) ----------------------------------------

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
    pub(super) fn rail_competes_with(&self, ri: u32, u: u32) -> bool {
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
    pub(super) fn rail_at(&self, ri: usize, k: usize, opt: bool) -> bool {
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
    pub(super) fn rail_pass(&self, ri: usize, k: usize, opt: bool) -> bool {
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
    pub(super) fn dislodged_in(&self, p: ProvinceId, x: u32, max: bool) -> bool {
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
    pub(super) fn rail_leaves(&self, ri: usize, opt: bool) -> bool {
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

    /// The railroad moves with a decision in `cycle`.
    pub(super) fn rails_in(&self, cycle: &[u32]) -> Vec<usize> {
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

    /// DATC 2.4 7.B.23-7.B.25, 7.B.31: a paradox with railroad moves.
    pub(super) fn railroad_paradox(
        &mut self,
        cycle: &[u32],
        rails: &[usize],
        changed: &mut Vec<u32>,
    ) {
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
}
