//! The agenda: the work list of undecided orders and who watches which unknown decision, and the
//! propagation that decides whatever partial information decides (DATC 5.E, without recursion).

use std::collections::VecDeque;

use crate::interpret::NONE;
use crate::scratch::Pool;

use super::board::Board;
use super::tables::Tri;

impl Board<'_> {
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

    /// Decides whatever partial information decides.
    pub(super) fn propagate(&mut self, agenda: &mut Agenda) {
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
}

/// The work list of undecided orders, and who watches which unknown decision (one arena of
/// linked lists, so nothing is allocated per order).
pub(super) struct Agenda {
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    head: Vec<u32>,
    next: Vec<u32>,
    watcher: Vec<u32>,
}

impl Agenda {
    /// Every undecided order, queued once.
    pub(super) fn new(state: &[Tri], pool: &mut Pool) -> Agenda {
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
    pub(super) fn recycle(self, pool: &mut Pool) {
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
    pub(super) fn wake(&mut self, u: u32, state: &[Tri]) {
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
