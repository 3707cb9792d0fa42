//! When a phase is due for adjudication: the powers that must order (those with units to move,
//! dislodged units, builds or removals), the powers that declared their orders final (ready),
//! and the phase's deadline.

use diplo_engine::PhaseKind;
use diplo_map::PowerId;

use crate::{time, Game, GameError};

/// Whether the current phase is due for adjudication ([`Game::due`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Due {
    /// Every power that must order is ready.
    AllReady,
    /// The deadline has passed; these powers were not ready, and these sent nothing (civil
    /// disorder follows).
    DeadlinePassed {
        /// The deadline.
        deadline: time::Seconds,
        /// Powers that must order and did not say they were ready.
        not_ready: Vec<PowerId>,
        /// Powers that must order and sent no order set.
        no_orders: Vec<PowerId>,
    },
    /// Not yet.
    NotDue {
        /// Powers that must order and are not ready.
        not_ready: Vec<PowerId>,
        /// The deadline, if any (in the future).
        deadline: Option<time::Seconds>,
    },
    /// The game is over.
    Over,
}

impl Game {
    /// Declares `power`'s orders for this phase final (or not): `diplo game adjudicate
    /// --if-due` adjudicates once every power that must order is ready.
    pub fn set_ready(&mut self, power: PowerId, ready: bool) -> Result<(), GameError> {
        self.refuse_if_ended()?;
        if self.map.power(power).neutral {
            return Err(GameError::Refused(vec![format!(
                "{} is a neutral power of this map: it never orders",
                self.power_name(power)
            )]));
        }
        if ready {
            self.ready.insert(power);
        } else {
            self.ready.remove(&power);
        }
        Ok(())
    }

    /// Whether `power` has anything to order this phase (units to move, dislodged units,
    /// builds or removals) and is not in civil disorder by the game master's hand: whom the
    /// phase waits for.
    pub fn must_order(&self, power: PowerId) -> bool {
        self.has_something_to_order(power) && !self.in_disorder(power)
    }

    /// The powers the current phase waits for, in the map's order: those that must order and
    /// have not declared their orders final (`--ready`), whether or not they sent orders. The
    /// one notion behind `diplo game show`'s "Waiting for", its JSON `waiting_for` and
    /// [`Game::due`]: the phase is due when this is empty, or at its deadline.
    pub fn awaited(&self) -> Vec<PowerId> {
        if self.ended.is_some() {
            return Vec::new();
        }
        self.map
            .power_ids()
            .filter(|&p| self.must_order(p) && !self.ready.contains(&p))
            .collect()
    }

    /// Whether `power` has sent an order set this phase.
    pub fn has_submitted(&self, power: PowerId) -> bool {
        self.order_sets.iter().any(|s| s.power == power)
    }

    /// Sets the current phase's deadline (`None` clears it).
    pub fn set_deadline(&mut self, deadline: Option<time::Seconds>) -> Result<(), GameError> {
        self.refuse_if_ended()?;
        if let Some(t) = deadline {
            time::check(t).map_err(|e| GameError::Refused(vec![format!("deadline: {e}")]))?;
        }
        self.deadline = deadline;
        Ok(())
    }

    /// Whether the phase is due for adjudication at `now`: every power that must order is
    /// ready, or the deadline has passed.
    pub fn due(&self, now: time::Seconds) -> Due {
        if self.ended.is_some() {
            return Due::Over;
        }
        let not_ready = self.awaited();
        if not_ready.is_empty() {
            return Due::AllReady;
        }
        match self.deadline {
            Some(d) if now >= d => Due::DeadlinePassed {
                deadline: d,
                not_ready,
                no_orders: (self.map.power_ids())
                    .filter(|&p| self.must_order(p) && !self.has_submitted(p))
                    .collect(),
            },
            deadline => Due::NotDue {
                not_ready,
                deadline,
            },
        }
    }

    /// How many builds (or removals) a power has this adjustment phase.
    pub(crate) fn adjustment_count(&self, power: PowerId) -> usize {
        let c = self.position.counted_centres(&self.map, power) as i64;
        let u = self.position.unit_count(power) as i64;
        (c - u).unsigned_abs() as usize
    }

    /// Whether a power has anything to order this phase.
    pub(crate) fn has_something_to_order(&self, power: PowerId) -> bool {
        if self.map.power(power).neutral {
            return false;
        }
        match self.position.phase.kind {
            PhaseKind::Movement => self.position.unit_count(power) > 0,
            PhaseKind::Retreat => self
                .position
                .dislodged
                .iter()
                .any(|d| d.unit.power == power),
            PhaseKind::Adjustment => self.adjustment_count(power) > 0,
        }
    }
}
