//! The backup rule of DATC 5.B.9: the cycles left when partial information decides nothing more
//! are circular movement, a convoy paradox (see `paradox`), a railroad or canal cycle (DATC 2.4
//! chapter 7), or any other cycle (the `other_cycles` choice).

use diplo_rules::policies::*;

use super::board::Board;
use super::tables::{Csr, Tri};

impl Board<'_> {
    /// Finds the sink strongly connected components of the undecided decisions and applies
    /// DATC 5.B.9 to each (with the ruleset's paradox rule). Returns the decisions it made (a
    /// vector of the pool's: give it back).
    pub(super) fn backup_rule(&mut self) -> Vec<u32> {
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
            // The rule has no answer: the host's `paradox_fallback` (DATC 4.A.2), if any.
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
    pub(super) fn record_paradox(&mut self, cycle: &[u32], other: bool) {
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
}
