//! Strongly connected components of the undecided decisions' "reads" graph (iterative Tarjan),
//! and the sink components nothing outside depends on: the clean cycles of DATC 5.D.

use crate::interpret::NONE;
use crate::scratch::Pool;

use super::board::Board;
use super::tables::Csr;

impl Board<'_> {
    /// The members of the sink components of `graph` (those no read leaves), as (component,
    /// decision), sorted by component.
    pub(super) fn sink_members(&mut self, undecided: &[u32], graph: &Csr) -> Vec<(u32, u32)> {
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
