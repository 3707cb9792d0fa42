//! Canal moves (DATC 2.4 7.C): which fleets may have the canal power's permission, the
//! permission decision, and the canal paradox rule (7.C.8-7.C.12).

use diplo_map::{Map, PowerId, ProvinceId};
use diplo_rules::policies::*;
use diplo_rules::Ruleset;

use crate::interpret::{Eff, Interpretation, NONE};
use crate::position::Unit;
use crate::scratch::Pool;

use super::board::{Board, Extra};
use super::tables::{Sparse, Tri};

/// A canal move that can never have permission (DATC 2.4 7.C.1, 7.C.4–7.C.6).
pub(super) const DENIED: u32 = u32::MAX - 1;

/// Per unit moving over a canal: its permission decision (or `DENIED`), and the canal province
/// whose occupant grants the passage; `NONE` for other units.
pub(super) struct CanalMoves {
    pub(super) perm: Sparse<u32>,
    pub(super) at: Sparse<u32>,
    /// The decisions past the units' own, where each permission decision is appended.
    pub(super) extra: Vec<Extra>,
}

/// Which canal moves may get permission (DATC 2.4 7.C.1-7.C.6); each gets a `Permit`
/// decision appended to `extra`.
pub(super) fn canal_permissions(
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

impl Board<'_> {
    /// The canal power grants passage while its unit in the canal province stays there and is
    /// not dislodged (DATC 2.4 7.C.8, 7.C.10).
    pub(super) fn canal_permitted(&self, f: u32, opt: bool) -> bool {
        let p = ProvinceId(self.canal_at.get(f as usize));
        let e = self.unit_at[p.index()];
        if e == NONE {
            return false;
        }
        let moved_out = self.is_move(e) && self.holds(e, !opt);
        !moved_out && !self.dislodged_in(p, e, !opt)
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

    /// The canal moves whose permission is decided in `cycle` (or that are in it with a
    /// permission still open).
    pub(super) fn canal_moves_in(&self, cycle: &[u32]) -> Vec<u32> {
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

    /// DATC 2.4 7.C.8-7.C.12: a paradox with canal moves.
    pub(super) fn canal_paradox(
        &mut self,
        cycle: &[u32],
        canal_moves: &[u32],
        changed: &mut Vec<u32>,
    ) {
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
