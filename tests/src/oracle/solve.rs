//! Solving: settling groups of decisions, trying assignments, and the backup rules of cycles.

use super::*;

/// A mask of decision indices.
pub(super) fn mask(vars: &[usize]) -> u64 {
    vars.iter().fold(0, |m, &v| m | 1 << v)
}

/// The indices of the set bits of a mask.
pub(super) fn bits(m: u64) -> Vec<usize> {
    (0..64).filter(|&b| m & (1 << b) != 0).collect()
}

impl Board<'_> {
    /// Evaluates decision `v`'s condition under `vals`: its value and the decisions it read.
    pub(super) fn eval(&self, v: usize, vals: &[bool]) -> (bool, u64) {
        let e = Eval {
            b: self,
            vals,
            reads: Cell::new(0),
        };
        let r = e.decide(self.vars[v]);
        (r, e.reads.get())
    }

    /// The current values: settled decisions as settled, the others false.
    pub(super) fn base(states: &[State]) -> Vec<bool> {
        states.iter().map(|s| *s == State::Fixed(true)).collect()
    }

    /// The values of `v`'s condition over every assignment of the decisions in `free`.
    pub(super) fn outcomes(&self, v: usize, free: u64, states: &[State]) -> Vec<bool> {
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
    pub(super) fn solve(&self) -> Result<Vec<State>, &'static str> {
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
    pub(super) fn settle(
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
    pub(super) fn feedback(&self, group: &[usize], deps: &[u64]) -> (Vec<usize>, Vec<usize>) {
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
    pub(super) fn consistent(
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
    pub(super) fn backup(
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
    pub(super) fn circle(&self, group: &[usize]) -> Vec<usize> {
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
    pub(super) fn other_cycle(
        &self,
        group: &[usize],
        states: &mut [State],
    ) -> Result<(), &'static str> {
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
    pub(super) fn fail_convoys(&self, group: &[usize], states: &mut [State]) {
        for &v in group {
            if self.is_convoy(self.vars[v]) {
                states[v] = State::Fixed(false);
            }
        }
    }

    /// The DPTG's convoy subversion as DATC 2.4 4.A.2 sums it up: when a resolution of the
    /// paradox disrupts all its convoys, that one (Step 12: the convoys are struck, the attacks
    /// on their fleets resolved as usual); otherwise a grand standoff (Step 13).
    pub(super) fn dptg(&self, group: &[usize], solutions: &[u64], states: &mut [State]) {
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
    pub(super) fn grand_standoff(&self, group: &[usize], states: &mut [State]) {
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
    pub(super) fn alexander(&self, group: &[usize], deps: &[u64], states: &mut [State]) {
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
    pub(super) fn result(&self, orders: &[(PowerId, Order)], states: &[State]) -> OracleResult {
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

    pub(super) fn is_move(&self, i: usize) -> bool {
        matches!(self.pieces[i].act, Act::Move { .. })
    }

    pub(super) fn is_convoy(&self, i: usize) -> bool {
        matches!(self.pieces[i].act, Act::Convoy { .. })
    }
}

/// A strongly connected group of `open` decisions (by `deps`) that reads no open decision
/// outside itself.
pub(super) fn sink_group(open: &[usize], deps: &[u64]) -> Vec<usize> {
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
