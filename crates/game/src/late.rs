//! Orders sent after the deadline: a house rule of the game (`late_orders`), and the sets that
//! came late.

use crate::{time, Game, OrderSet};

/// What a game does with an order set sent after the current phase's deadline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LateOrders {
    /// Take it as any other (until the phase is adjudicated).
    #[default]
    Accept,
    /// Refuse it: nothing is stored.
    Refuse,
    /// Take it, and mark it late: `show`, the adjudication's notes and the history say so.
    AcceptFlagged,
}

impl LateOrders {
    /// Every choice as written, in the order of [`LateOrders::word`].
    pub const WORDS: [&'static str; 3] = ["accept", "refuse", "accept-flagged"];

    /// `accept`, `refuse` or `accept-flagged`.
    pub fn word(self) -> &'static str {
        match self {
            LateOrders::Accept => "accept",
            LateOrders::Refuse => "refuse",
            LateOrders::AcceptFlagged => "accept-flagged",
        }
    }

    /// Reads a choice as [`LateOrders::word`] writes it.
    pub fn parse(text: &str) -> Result<LateOrders, String> {
        match text.trim() {
            "accept" => Ok(LateOrders::Accept),
            "refuse" => Ok(LateOrders::Refuse),
            "accept-flagged" => Ok(LateOrders::AcceptFlagged),
            other => Err(format!(
                "late_orders `{other}`: expected {}",
                LateOrders::WORDS.join(", ")
            )),
        }
    }
}

impl Game {
    /// Whether an order set sent at `at` comes after the current phase's deadline; refused
    /// when the game's `late_orders` says so. `Ok(true)`: the set is to be marked late.
    pub(crate) fn lateness(&self, at: Option<time::Seconds>) -> Result<bool, String> {
        let (Some(at), Some(deadline)) = (at, self.deadline) else {
            return Ok(false);
        };
        if at <= deadline {
            return Ok(false);
        }
        match self.late_orders {
            LateOrders::Accept => Ok(false),
            LateOrders::AcceptFlagged => Ok(true),
            LateOrders::Refuse => Err(format!(
                "the deadline of {} was {} and this game refuses late orders (late_orders = \
                 refuse); the game master may set a new deadline (`diplo game deadline`)",
                self.phase().name(&self.map),
                time::format_rfc3339(deadline)
            )),
        }
    }

    /// `France: order set 2 came after the deadline`, for each late set of the current phase.
    pub fn late_notes(&self) -> Vec<String> {
        self.order_sets
            .iter()
            .filter(|s| s.late)
            .map(|s| late_note(self, s))
            .collect()
    }
}

/// The note on a set that came late.
fn late_note(game: &Game, s: &OrderSet) -> String {
    format!(
        "{}: order set {} came after the deadline (late_orders = accept-flagged)",
        game.power_name(s.power),
        s.seq
    )
}
