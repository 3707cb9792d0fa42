//! Convoy paradox rulings (DATC 4.A.2): Szykman, All Hold, DPTG subversion, Alexander, or no
//! answer (the cycle is left unresolved), and the hypotheses some of them test.

use diplo_rules::policies::*;

use crate::interpret::Eff;

use super::agenda::Agenda;
use super::board::Board;
use super::tables::Tri;

impl Board<'_> {
    /// Voids move `u` (the paradox rule): it has no path, so no effect anywhere, and no land
    /// fallback (DATC 4.A.3) either.
    pub(super) fn void(&mut self, u: u32) {
        self.voided
            .set(u as usize, true, self.units.len(), self.pool);
        self.plain[u as usize] = false;
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

    /// Applies a convoy paradox ruling (DATC 4.A.2) to a cycle with a convoy.
    pub(super) fn convoy_ruling(
        &mut self,
        ruling: ParadoxRuling,
        cycle: &[u32],
        changed: &mut Vec<u32>,
    ) {
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
}
