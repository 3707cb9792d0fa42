//! DATC 4.D: too many and too few orders (4.D.1 ... 4.D.9), builds, and hold support in civil
//! disorder (4.D.9; the removals of 4.D.8 are in `civil_disorder`).

use enum_dispatch::enum_dispatch;
use strum::{EnumIter, EnumMessage, EnumString, IntoStaticStr};

#[allow(unused_imports)]
use super::*;

/// Which of several competing orders counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precedence {
    /// The first legal ones, top to bottom.
    First,
    /// The last legal ones.
    Last,
    /// None of them: all are illegal.
    None,
}

macro_rules! precedence_policy {
    (
        $(#[$tmeta:meta])* trait $Trait:ident;
        $(#[$emeta:meta])* enum $Enum:ident {
            $( $(#[$vmeta:meta])* $Var:ident = $name:literal, $msg:literal => $prec:ident; )+
        }
    ) => {
        $(#[$tmeta])*
        #[enum_dispatch]
        pub trait $Trait {
            /// Which of the competing orders count.
            fn precedence(&self) -> Precedence;
        }
        choices!($($Var),+);
        $(#[$emeta])*
        #[enum_dispatch($Trait)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
        pub enum $Enum {
            $(
                $(#[$vmeta])*
                #[strum(serialize = $name, message = $msg)]
                $Var($Var),
            )+
        }
        $(
            impl $Trait for $Var {
                fn precedence(&self) -> Precedence {
                    Precedence::$prec
                }
            }
        )+
    };
}

/// DATC 4.D.1: several order sets arriving in a defined order (a game-hosting rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum OrderSetsDefined {
    /// 4.D.1 a: all order sets are combined.
    #[strum(serialize = "combine", message = "all order sets are combined")]
    Combine,
    /// 4.D.1 b: combined unless the latest evidently replaces the earlier ones.
    #[strum(
        serialize = "combine-unless-replaced",
        message = "combined, unless the latest evidently replaces the others"
    )]
    CombineUnlessReplaced,
    /// 4.D.1 c: only the latest, unless it says earlier ones still count.
    #[strum(
        serialize = "latest-unless-stated",
        message = "only the latest, unless it says earlier sets still count"
    )]
    LatestUnlessStated,
    /// 4.D.1 d: only the latest.
    #[strum(serialize = "latest", message = "only the latest order set counts")]
    Latest,
}

/// What a later, incomplete order set says about the earlier ones (DATC 4.D.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SetIntent {
    /// Nothing: the set is just more orders.
    #[default]
    Unstated,
    /// The set says it replaces every earlier set.
    Replaces,
    /// The set says the earlier sets still count.
    Adds,
}

impl OrderSetsDefined {
    /// Whether the earlier order sets still count after a later set that does not order every
    /// unit (a set that orders every unit always replaces the earlier ones).
    pub fn keeps_earlier(self, intent: SetIntent) -> bool {
        match self {
            OrderSetsDefined::Combine => true,
            OrderSetsDefined::CombineUnlessReplaced => intent != SetIntent::Replaces,
            OrderSetsDefined::LatestUnlessStated => intent == SetIntent::Adds,
            OrderSetsDefined::Latest => false,
        }
    }
}

/// DATC 4.D.2: several order sets with no defined order (a game-hosting rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum OrderSetsUndefined {
    /// 4.D.2 a: all units hold.
    #[strum(serialize = "all-hold", message = "all units of the power hold")]
    AllHold,
    /// 4.D.2 b: all order sets are combined.
    #[strum(serialize = "combine", message = "all order sets are combined")]
    Combine,
}

impl OrderSetsUndefined {
    /// Whether order sets whose order is not known are combined (else the power's units hold).
    pub fn combines(self) -> bool {
        self == OrderSetsUndefined::Combine
    }
}

precedence_policy! {
    /// DATC 4.D.3: several different legal orders to the same unit.
    trait MultipleOrdersToUnit;
    /// Choices of DATC 4.D.3.
    enum MultipleOrders {
        /// 4.D.3 a: the first order is used (2025EE).
        MultipleFirst = "first", "the first legal order is used (2025EE)" => First;
        /// 4.D.3 b: the last order is used.
        MultipleLast = "last", "the last legal order is used" => Last;
        /// 4.D.3 c: all orders to the unit are illegal; it holds.
        MultipleNone = "all-illegal", "all orders to the unit are illegal" => None;
    }
}

precedence_policy! {
    /// DATC 4.D.4: too many build orders.
    trait TooManyBuildOrders;
    /// Choices of DATC 4.D.4.
    enum TooManyBuilds {
        /// 4.D.4 b: the first legal builds are used (2025EE).
        BuildsFirst = "first", "the first legal builds are used (2025EE)" => First;
        /// 4.D.4 c: the last legal builds are used.
        BuildsLast = "last", "the last legal builds are used" => Last;
        /// 4.D.4 a: all builds are illegal.
        BuildsNone = "all-illegal", "all build orders are illegal" => None;
    }
}

precedence_policy! {
    /// DATC 4.D.5: several builds in one province.
    trait MultipleBuildsInProvince;
    /// Choices of DATC 4.D.5.
    enum DoubleBuild {
        /// 4.D.5 b: the first build is used.
        DoubleBuildFirst = "first", "the first build is used" => First;
        /// 4.D.5 c: the last build is used.
        DoubleBuildLast = "last", "the last build is used" => Last;
        /// 4.D.5 a: all of them fail.
        DoubleBuildNone = "all-fail", "all builds in that province fail" => None;
    }
}

precedence_policy! {
    /// DATC 4.D.6: too many disband orders.
    trait TooManyDisbandOrders;
    /// Choices of DATC 4.D.6.
    enum TooManyDisbands {
        /// 4.D.6 b: the first legal disbands are used (2025EE).
        DisbandsFirst = "first", "the first legal disbands are used (2025EE)" => First;
        /// 4.D.6 c: the last legal disbands are used.
        DisbandsLast = "last", "the last legal disbands are used" => Last;
        /// 4.D.6 a: all disbands are handled by the civil disorder rule.
        DisbandsNone = "civil-disorder", "the orders are ignored and the civil-disorder rule removes units" => None;
    }
}

/// DATC 4.D.7: declining builds.
#[enum_dispatch]
pub trait DecliningBuilds {
    /// Whether a power may build fewer units than it is entitled to.
    fn may_decline(&self) -> bool;

    /// Whether an order to decline counts only after the power's builds: with too many
    /// orders, a decline never takes the place of a build (MILA's `WAIVE`).
    fn declines_after_builds(&self) -> bool {
        false
    }
}

choices!(DeclineAllowed, DeclineNotAllowed, DeclineAfterBuilds);

/// Choices of DATC 4.D.7.
#[enum_dispatch(DecliningBuilds)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum DeclineBuilds {
    /// 4.D.7 a: declining builds is allowed (2000 and later).
    #[strum(
        serialize = "allowed",
        message = "a power may decline builds (2000 and later)"
    )]
    DeclineAllowed(DeclineAllowed),
    /// 4.D.7 b: declining builds is not allowed. An order to decline is illegal and ignored
    /// (it uses no build); builds left unordered are still not made, since no document gives
    /// the "additional rules … required when someone forgets to build" (DATC 3.2 4.D.7 b).
    #[strum(
        serialize = "not-allowed",
        message = "an order to decline a build is illegal and takes no build; unordered builds are still not made"
    )]
    DeclineNotAllowed(DeclineNotAllowed),
    /// 4.D.7 a, with declines after builds: a power may decline builds, but an order to
    /// decline takes a build only when its build orders leave one (MILA's `WAIVE`).
    #[strum(
        serialize = "after-builds",
        message = "a power may decline builds; a decline takes only a build its build orders leave (MILA)"
    )]
    DeclineAfterBuilds(DeclineAfterBuilds),
}

impl DecliningBuilds for DeclineAllowed {
    fn may_decline(&self) -> bool {
        true
    }
}

impl DecliningBuilds for DeclineNotAllowed {
    fn may_decline(&self) -> bool {
        false
    }
}

impl DecliningBuilds for DeclineAfterBuilds {
    fn may_decline(&self) -> bool {
        true
    }

    fn declines_after_builds(&self) -> bool {
        true
    }
}

/// DATC 4.D.9: hold support for a unit of a power in civil disorder.
#[enum_dispatch]
pub trait HoldSupportInCivilDisorder {
    /// Whether another power's hold support for a unit of a power that gave no orders counts.
    fn support_counts(&self) -> bool;
}

choices!(CivilDisorderSupportSucceeds, CivilDisorderSupportFails);

/// Choices of DATC 4.D.9.
#[enum_dispatch(HoldSupportInCivilDisorder)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum CivilDisorderSupport {
    /// 4.D.9 b: the support succeeds.
    #[strum(serialize = "succeeds", message = "the hold support counts")]
    CivilDisorderSupportSucceeds(CivilDisorderSupportSucceeds),
    /// 4.D.9 a: the support fails.
    #[strum(serialize = "fails", message = "the hold support does not count")]
    CivilDisorderSupportFails(CivilDisorderSupportFails),
}

impl HoldSupportInCivilDisorder for CivilDisorderSupportSucceeds {
    fn support_counts(&self) -> bool {
        true
    }
}
impl HoldSupportInCivilDisorder for CivilDisorderSupportFails {
    fn support_counts(&self) -> bool {
        false
    }
}
