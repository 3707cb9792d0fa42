//! Variant rules a ruleset may set per game over what the map says (DATC 2.4 chapters 7–12 and
//! the house rules of variant play).

use strum::{EnumIter, EnumMessage, EnumString, IntoStaticStr};

use diplo_map::BuildRule;

/// Where powers may build: the map's own rule, or a house rule over it ("build anywhere").
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum Builds {
    /// The map's `build` rule (home centres on the standard map).
    #[strum(
        serialize = "map",
        message = "as the map says (home centres unless the map says otherwise)"
    )]
    Map,
    /// Owned, empty home centres only.
    #[strum(serialize = "home-centres", message = "owned, empty home centres only")]
    HomeCentres,
    /// Any owned, empty supply centre (the house rule "build anywhere"; DATC 2.4 chapter 11).
    #[strum(
        serialize = "owned-centres",
        message = "any owned, empty supply centre; civil disorder measures distance from owned centres (build anywhere)"
    )]
    OwnedCentres,
    /// Any owned, empty supply centre while the power owns one of its home centres.
    #[strum(
        serialize = "owned-centres-if-home",
        message = "any owned, empty supply centre while the power owns at least one of its home centres"
    )]
    OwnedCentresIfHome,
}

impl Builds {
    /// The build rule in force on `map`.
    pub fn rule(self, map: &diplo_map::Map) -> BuildRule {
        match self {
            Builds::Map => map.build,
            Builds::HomeCentres => BuildRule::HomeCentres,
            Builds::OwnedCentres => BuildRule::OwnedCentres,
            Builds::OwnedCentresIfHome => BuildRule::OwnedCentresIfHome,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// DATC 2.4 chapter 7 (Colonial): the "Additional assumptions" the document calls disputable.
// The first choice of each is the document's.
// ---------------------------------------------------------------------------------------------

/// Whether a move of another army of the railroad's power into a place the railroad move passes
/// stops it (DATC 2.4 7.B.4: "A move with the Trans-Siberian Railroad can bounce on a Russian
/// unit").
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum RailroadBounceOwn {
    /// 7.B.4: it competes like any other move: both bounce.
    #[strum(
        serialize = "bounces",
        message = "a move of the power's own army into a place on the way bounces the railroad move (7.B.4)"
    )]
    Bounces,
    /// The railroad move passes an own army moving in, as it passes one that stays; neither
    /// stops the other there.
    #[strum(
        serialize = "passes",
        message = "the railroad move passes through an own army moving in; neither bounces the other there"
    )]
    Passes,
}

impl RailroadBounceOwn {
    /// Whether an own move into a place on the way competes with the railroad move.
    pub fn own_moves_compete(self) -> bool {
        self == RailroadBounceOwn::Bounces
    }
}

/// Whether a railroad move passes through a place held by another army of its power (DATC 2.4
/// 7.B.3, 7.B.9: "A Russian army can rail through another Russian army as long it is not
/// dislodged").
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum RailroadPassOwn {
    /// It passes while that army is not dislodged (and is no part of its beleaguered garrison).
    #[strum(
        serialize = "unless-dislodged",
        message = "passes through an own army that stays, as long as that army is not dislodged (7.B.3, 7.B.9)"
    )]
    UnlessDislodged,
    /// Errata 9.23 read literally: any unit that stays in a place on the way stops the train.
    #[strum(
        serialize = "blocked",
        message = "an own army that stays stops the railroad move like any other unit (errata 9.23 read literally)"
    )]
    Blocked,
}

impl RailroadPassOwn {
    /// Whether an own army that stays lets the railroad move through.
    pub fn passes_own(self) -> bool {
        self == RailroadPassOwn::UnlessDislodged
    }
}

/// Where support for a railroad move counts (DATC 2.4 7.B.15: "can only receive support on the
/// final part of the move").
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum RailroadSupport {
    /// Only on the last part, into the destination.
    #[strum(
        serialize = "last-part",
        message = "support counts only on the final part of the move, into the destination (7.B.15)"
    )]
    LastPart,
    /// A support of the move counts on every part.
    #[strum(
        serialize = "every-part",
        message = "a support of the move counts on every part of it"
    )]
    EveryPart,
}

impl RailroadSupport {
    /// Whether support counts on a part that does not end in the destination.
    pub fn counts_on_the_way(self) -> bool {
        self == RailroadSupport::EveryPart
    }
}

/// Whether a railroad move cuts support (DATC 2.4 7.B.14: "can not cut support").
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum RailroadCut {
    /// It is no attack: it cuts nothing.
    #[strum(
        serialize = "no-cut",
        message = "a railroad move cuts no support (7.B.14)"
    )]
    NoCut,
    /// It cuts the support of a unit of another power in each place it tries to enter (not a
    /// support against the place it comes from).
    #[strum(
        serialize = "cuts",
        message = "it cuts the support of a foreign unit in each place it tries to enter, except a support against the place it comes from"
    )]
    Cuts,
}

impl RailroadCut {
    /// Whether a railroad move cuts support where it tries to enter.
    pub fn cuts(self) -> bool {
        self == RailroadCut::Cuts
    }
}

/// A railroad move whose first place holds a unit moving into the railroad's origin (DATC 2.4
/// 7.B.26–7.B.29).
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum RailroadHeadToHead {
    /// A head-to-head battle over the first place in which the railroad move cannot dislodge.
    #[strum(
        serialize = "no-dislodge",
        message = "a head-to-head battle with the first place; the railroad move cannot dislodge, so it never moves (7.B.26-7.B.29)"
    )]
    NoDislodge,
    /// A plain head-to-head battle: a winning railroad move dislodges the unit and stops there.
    #[strum(
        serialize = "dislodges",
        message = "a plain head-to-head battle: when the railroad move wins it dislodges the unit and ends in the first place"
    )]
    Dislodges,
}

impl RailroadHeadToHead {
    /// Whether a railroad move that wins the battle dislodges the unit.
    pub fn dislodges(self) -> bool {
        self == RailroadHeadToHead::Dislodges
    }
}

/// A paradox (a cycle with no or two consistent resolutions) that includes a railroad move
/// (DATC 2.4 7.B.23–7.B.25, 7.B.31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum RailroadParadox {
    /// "At least the last part of the move that is part of the paradoxical situation fails, but
    /// is still capable of bouncing other units" (an extension of the Szykman rule).
    #[strum(
        serialize = "szykman-last-part",
        message = "the last part of the railroad move in the paradox fails but still bounces; the rest follows (7.B.23-7.B.25, 7.B.31)"
    )]
    SzykmanLastPart,
    /// The whole railroad move fails and has no effect anywhere: the army stays.
    #[strum(
        serialize = "whole-move-fails",
        message = "the whole railroad move fails and bounces nothing: the army stays in its origin"
    )]
    WholeMoveFails,
}

/// Railroads in retreats (DATC 2.4 7.B.32: "can not be used during retreat").
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum RailroadRetreat {
    /// A railroad retreat is illegal (as a convoyed one is); the unit is disbanded.
    #[strum(
        serialize = "not-allowed",
        message = "a retreat by railroad is illegal, as a convoyed retreat is (7.B.32)"
    )]
    NotAllowed,
}

/// Several railroad moves on one railroad in one turn (DATC 2.4 7.B.33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum RailroadTwoUnits {
    /// "They both hold (able to receive a hold support)": the orders are illegal.
    #[strum(
        serialize = "both-hold",
        message = "every railroad move on that railroad is illegal: the armies hold and may be supported to hold (7.B.33)"
    )]
    BothHold,
}

/// Who gets the canal permission (DATC 2.4 7.C.4–7.C.6: "Only one unit can get permission").
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum CanalPermission {
    /// One fleet: an explicit permission denies the implicit ones; two possible implicit
    /// permissions (or two explicit ones) are all denied. So no head-to-head through the canal.
    #[strum(
        serialize = "one",
        message = "one fleet only: an explicit permission denies implicit ones; two possible permissions are both denied (7.C.4-7.C.6)"
    )]
    One,
    /// Every fleet permitted explicitly, and every fleet of the canal power, may pass.
    #[strum(
        serialize = "every",
        message = "every explicitly permitted fleet and every fleet of the power in the canal province may pass"
    )]
    Every,
}

impl CanalPermission {
    /// Whether at most one fleet gets permission.
    pub fn only_one(self) -> bool {
        self == CanalPermission::One
    }
}

/// A paradox that includes a move through a canal (DATC 2.4 7.C.8–7.C.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum CanalParadox {
    /// "The move through the Suez Canal fails and the fleet moving through the Suez Canal does
    /// not have any effect on its ordered destination" (an extension of the Szykman rule).
    #[strum(
        serialize = "canal-move-fails",
        message = "the move through the canal fails and has no effect on its destination (7.C.8-7.C.12)"
    )]
    CanalMoveFails,
    /// Every move in the paradox fails (as the All Hold rule does for convoys).
    #[strum(
        serialize = "all-hold",
        message = "every move of the paradox fails (as the All Hold rule)"
    )]
    AllHold,
}

/// A paradox that combines railroad, canal and convoy rules (DATC 2.4 7.C.13, 7.C.14, 7.D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum VariantParadox {
    /// "All paradox rules should be applied at the same time": no priority.
    #[strum(
        serialize = "together",
        message = "the railroad, canal and convoy paradox rules are applied at the same time (7.C.13, 7.C.14)"
    )]
    Together,
    /// The railroad and canal rules first; the convoy paradox rule only if a paradox remains.
    #[strum(
        serialize = "variant-first",
        message = "the railroad and canal rules first; the convoy paradox rule only where a paradox remains"
    )]
    VariantFirst,
}

/// DATC 3.2 5.B.9's last rule: a cycle that is neither circular movement nor a convoy paradox
/// (possible only with variant rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum OtherCycles {
    /// Every move and support in it fails.
    #[strum(
        serialize = "all-fail",
        message = "every move and support in the cycle fails (DATC 3.2 5.B.9)"
    )]
    AllFail,
    /// Left unresolved, reported like a paradox the rule gives no answer for.
    #[strum(
        serialize = "unresolved",
        message = "the cycle is left unresolved and reported as such"
    )]
    Unresolved,
}
