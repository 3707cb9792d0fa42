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

mod adjudicate;
mod agenda;
mod backup;
mod board;
mod canal;
mod convoys;
mod paradox;
mod paths;
mod railroad;
mod scc;
mod strength;
mod tables;

pub(crate) use board::Board;
pub(crate) use convoys::FleetScratch;
pub use strength::Strength;
pub(crate) use tables::Tri;

use agenda::Agenda;

impl Board<'_> {
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
}
