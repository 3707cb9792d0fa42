//! DATC 4.E: miscellaneous issues (4.E.1 illegal orders ... 4.E.5 proxy orders), and when the
//! winter adjustments are held.

use enum_dispatch::enum_dispatch;
use strum::{EnumIter, EnumMessage, EnumString, IntoStaticStr};

#[allow(unused_imports)]
use super::*;

/// DATC 4.E.1: illegal orders.
#[enum_dispatch]
pub trait IllegalOrderHandling {
    /// Whether an illegal move still counts as a move (the unit then cannot receive hold support).
    fn illegal_move_is_a_move(&self) -> bool;
    /// Whether an order is legal when it could be valid in some position, judged on the map
    /// alone (any sea may hold a fleet), rather than only in the current position (DATC 2.4
    /// 4.E.1 c against d). A convoyed move whose fleets are not there is then a legal move.
    fn legal_if_valid_in_some_position(&self) -> bool {
        false
    }
    /// Whether each order is judged "viewed individually" (DPTG XII): a support of an army's
    /// move by convoy is legal when fleets could carry the army, the supporter's own fleet
    /// included. Otherwise the supporter's own fleet does not count (DATC 3.2 6.D.31: "a fleet
    /// cannot convoy and support at the same time").
    fn orders_viewed_individually(&self) -> bool {
        false
    }
    /// Whether a move by convoy that no fleet ordered to convoy it serves is cancelled before
    /// supports are matched (DPTG VIII Step 1), so that supports of it are cancelled too (Step 3:
    /// the army "fails to attempt to move") and are `invalid` rather than `given`.
    fn unserved_convoy_cancels_supports(&self) -> bool {
        false
    }
}

choices!(
    IllegalIgnored,
    IllegalMoveIsMove,
    IllegalUnlessValidSomewhere
);

/// Choices of DATC 4.E.1.
#[enum_dispatch(IllegalOrderHandling)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum IllegalOrders {
    /// 2023/2025EE and the DATC: anything that cannot be executed is illegal and ignored; the
    /// unit holds and may receive hold support.
    #[strum(
        serialize = "ignored",
        message = "illegal orders are ignored; the unit holds and can be supported (2023)"
    )]
    IllegalIgnored(IllegalIgnored),
    /// DPTG VII: an illegal move is treated as a hold that may receive no support to hold. With
    /// it the DPTG's other readings of legality: each order viewed individually (XII), and the
    /// supports of a convoyed move no convoy order serves cancelled with it (VIII Steps 1, 3).
    #[strum(
        serialize = "dptg",
        message = "an illegal move still counts as a move: the unit holds but cannot be supported to hold (DPTG)"
    )]
    IllegalMoveIsMove(IllegalMoveIsMove),
    /// DATC 2.4 4.E.1 c: only orders that can be valid in no position at all are illegal (and
    /// ignored); an order valid in some other position is legal, so an army ordered to a
    /// coast that needs fleets which are not there is moving and cannot be supported to hold.
    #[strum(
        serialize = "any-position",
        message = "legal if valid in some position (map only): a convoyed move without fleets is a move, with no hold support; orders never valid are ignored (2.4 c)"
    )]
    IllegalUnlessValidSomewhere(IllegalUnlessValidSomewhere),
}

impl IllegalOrderHandling for IllegalUnlessValidSomewhere {
    fn illegal_move_is_a_move(&self) -> bool {
        false
    }
    fn legal_if_valid_in_some_position(&self) -> bool {
        true
    }
}

impl IllegalOrderHandling for IllegalMoveIsMove {
    fn illegal_move_is_a_move(&self) -> bool {
        true
    }
    fn orders_viewed_individually(&self) -> bool {
        true
    }
    fn unserved_convoy_cancels_supports(&self) -> bool {
        true
    }
}

impl IllegalOrderHandling for IllegalIgnored {
    fn illegal_move_is_a_move(&self) -> bool {
        false
    }
}

/// DATC 4.E.3: implicit orders.
#[enum_dispatch]
pub trait ImplicitOrderHandling {
    /// Whether a unit without an order takes the move that its own power's supports or convoys
    /// imply.
    fn implicit_orders(&self) -> bool;
}

choices!(ImplicitNotAllowed, ImplicitAllowed);

/// Choices of DATC 4.E.3.
#[enum_dispatch(ImplicitOrderHandling)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum ImplicitOrders {
    /// 4.E.3 b: orders are read individually; nothing is implied.
    #[strum(
        serialize = "not-allowed",
        message = "every order is read on its own; nothing is implied"
    )]
    ImplicitNotAllowed(ImplicitNotAllowed),
    /// 4.E.3 a: an unordered unit takes the move its own power's supports or convoys imply.
    #[strum(
        serialize = "allowed",
        message = "an unordered unit takes the move its own power's support or convoy orders imply"
    )]
    ImplicitAllowed(ImplicitAllowed),
}

impl ImplicitOrderHandling for ImplicitAllowed {
    fn implicit_orders(&self) -> bool {
        true
    }
}

impl ImplicitOrderHandling for ImplicitNotAllowed {
    fn implicit_orders(&self) -> bool {
        false
    }
}

/// When the winter adjustment phase is held (not a DATC issue: the rulebooks hold it when
/// someone adjusts, servers differ on powers that cannot build).
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum AdjustmentPhase {
    /// Only when a power must remove units, or has more centres than units and an owned,
    /// empty home centre to build in.
    #[strum(
        serialize = "when-needed",
        message = "only when a power must remove units or can build in an owned, empty home centre"
    )]
    WhenNeeded,
    /// When a power must remove units, or has more centres than units and owns a home centre,
    /// empty or not (the phase is held even when every owned home centre is occupied).
    #[strum(
        serialize = "owned-home-centre",
        message = "when a power must remove units, or has more centres than units and owns a home centre, empty or not (Droidippy)"
    )]
    OwnedHomeCentre,
}

impl AdjustmentPhase {
    /// Whether a power with more centres than units needs an owned home centre that is empty
    /// (one it could build in) to call for an adjustment phase; else owning one is enough.
    pub fn build_needs_empty_home_centre(self) -> bool {
        self == AdjustmentPhase::WhenNeeded
    }
}

/// DATC 4.E.4: perpetual orders (a game-hosting rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum PerpetualOrders {
    /// 4.E.4 a: allowed.
    #[strum(
        serialize = "allowed",
        message = "a power may leave orders that repeat every turn"
    )]
    Allowed,
    /// 4.E.4 b: not allowed.
    #[strum(serialize = "not-allowed", message = "orders count for one phase only")]
    NotAllowed,
}

/// DATC 4.E.5: proxy orders (a game-hosting rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum ProxyOrders {
    /// 4.E.5 a: allowed after notifying the game master.
    #[strum(
        serialize = "notified",
        message = "allowed when the game master was told beforehand"
    )]
    Notified,
    /// 4.E.5 b: allowed inside the normal order set.
    #[strum(
        serialize = "in-order-set",
        message = "allowed as part of the normal order set"
    )]
    InOrderSet,
    /// 4.E.5 c: not allowed.
    #[strum(
        serialize = "not-allowed",
        message = "a power orders only its own units"
    )]
    NotAllowed,
}

impl PerpetualOrders {
    /// Whether a power may leave orders that repeat every phase until it replaces them.
    pub fn allowed(self) -> bool {
        self == PerpetualOrders::Allowed
    }
}

/// When a power may order another power's unit (DATC 4.E.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProxyRule {
    /// Never.
    Never,
    /// When the unit's owner granted it before the proxy's orders were submitted.
    GrantBeforeOrders,
    /// When the unit's owner granted it at any time before the phase is adjudicated.
    GrantBeforeAdjudication,
}

impl ProxyOrders {
    /// The rule for orders given to another power's unit.
    pub fn rule(self) -> ProxyRule {
        match self {
            ProxyOrders::Notified => ProxyRule::GrantBeforeOrders,
            ProxyOrders::InOrderSet => ProxyRule::GrantBeforeAdjudication,
            ProxyOrders::NotAllowed => ProxyRule::Never,
        }
    }
}
