//! DATC 4.B: multi-coast issues (4.B.1 ... 4.B.7), questions of reading an order.

use enum_dispatch::enum_dispatch;
use strum::{EnumIter, EnumMessage, EnumString, IntoStaticStr};

#[allow(unused_imports)]
use super::*;

/// DATC 4.B.1: a fleet move to a multi-coast province without a coast, where both coasts are
/// reachable.
#[enum_dispatch]
pub trait TwoCoastsOmitted {
    /// Always illegal in every rule system the DATC lists.
    fn reading(&self) -> Reading;
}

choices!(TwoCoastsIllegal, TwoCoastsDefault);

/// Choices of DATC 4.B.1.
#[enum_dispatch(TwoCoastsOmitted)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum OmittedCoastTwoPossible {
    /// The move is illegal (every rulebook).
    #[strum(serialize = "illegal", message = "the move is illegal")]
    TwoCoastsIllegal(TwoCoastsIllegal),
    /// 2.4 4.B.1 b (early email judges): a default coast, the map's first reachable one.
    #[strum(
        serialize = "default-coast",
        message = "the move goes to a default coast (the map's first reachable coast)"
    )]
    TwoCoastsDefault(TwoCoastsDefault),
}

impl TwoCoastsOmitted for TwoCoastsIllegal {
    fn reading(&self) -> Reading {
        Reading::Illegal
    }
}
impl TwoCoastsOmitted for TwoCoastsDefault {
    fn reading(&self) -> Reading {
        Reading::Lenient
    }
}

reading_policy! {
    /// DATC 4.B.2: a fleet move to a multi-coast province without a coast, where one coast is
    /// reachable.
    trait OneCoastOmitted {
        /// Whether the move goes to the map's default (first) coast of the province rather than
        /// to the reachable one (DATC 2.4 4.B.2 b); it is illegal when the fleet cannot reach it.
        fn default_coast(&self) -> bool {
            false
        }
    };
    /// Choices of DATC 4.B.2.
    enum OmittedCoastOnePossible {
        /// 4.B.2 a: the move goes to the only reachable coast.
        OnlyCoast = "only-coast", "the move goes to the only reachable coast";
        /// 4.B.2 b: the move is illegal.
        OneCoastIllegal = "illegal", "the move is illegal";
        /// DATC 2.4 4.B.2 b: "A move is attempted to a default coast" (the map's first).
        OneCoastDefault = "default-coast",
            "the move goes to a default coast (the map's first), illegal if the fleet cannot reach it (2.4 b)" {
            fn reading(&self) -> Reading {
                Reading::Lenient
            }
            fn default_coast(&self) -> bool {
                true
            }
        };
    }
}

reading_policy! {
    /// DATC 4.B.3: a fleet move to a coast it cannot reach while another coast is reachable.
    trait ImpossibleCoast;
    /// Choices of DATC 4.B.3.
    enum MoveToImpossibleCoast {
        /// 4.B.3 a: the coast is ignored and the move goes to the reachable coast.
        OtherCoast = "other-coast", "the coast is ignored; the move goes to the reachable coast";
        /// 4.B.3 b: the move is illegal.
        ImpossibleCoastIllegal = "illegal", "the move is illegal";
    }
}

/// How a support order's coast must relate to the supported move's coast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SupportCoastRule {
    /// An omitted coast matches either coast; a written coast must match.
    OmittedMatchesAny,
    /// An omitted coast matches only a unit of the supporter's power; a written coast must match.
    OmittedMatchesOwnPower,
    /// An omitted coast, where the move could go to two coasts, makes the support illegal.
    OmittedIllegal,
    /// Coasts in supports are disregarded: any coast matches, written or not.
    Ignored,
    /// An omitted coast, where two are possible, is read as a default coast (the map's
    /// first one the moving fleet can reach).
    OmittedDefault,
    /// A fleet's support is good for either coast, written or not (its coast disregarded); an
    /// army's written coast must match, an omitted one matches either (MILA's).
    FleetsIgnored,
}

/// DATC 4.B.4: coast specification in a support order.
#[enum_dispatch]
pub trait SupportCoastSpecification {
    /// How the supporting order's coast is matched.
    fn support_coast_rule(&self) -> SupportCoastRule;
}

choices!(
    SupportAnyCoast,
    SupportOwnPowerCoast,
    SupportCoastRequired,
    SupportCoastIgnored,
    SupportDefaultCoast,
    SupportFleetCoastIgnored
);

/// Choices of DATC 4.B.4.
#[enum_dispatch(SupportCoastSpecification)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum SupportCoast {
    /// 4.B.4 a: a support without a coast, where two coasts are possible, is illegal.
    #[strum(
        serialize = "illegal",
        message = "a support without coast where two coasts are possible is illegal"
    )]
    SupportCoastRequired(SupportCoastRequired),
    /// 4.B.4 b: omitting the coast is fine only for a unit of the supporter's power (Calhamer).
    #[strum(
        serialize = "own-power",
        message = "a coast may be omitted only when supporting one's own unit (Calhamer)"
    )]
    SupportOwnPowerCoast(SupportOwnPowerCoast),
    /// 4.B.4 c: a support without a coast is valid for both coasts.
    #[strum(
        serialize = "any-coast",
        message = "a support without coast is valid for either coast; a given coast must match"
    )]
    SupportAnyCoast(SupportAnyCoast),
    /// DPTG IX: coasts in a support are extra information the GM disregards.
    #[strum(
        serialize = "ignored",
        message = "coasts in supports are disregarded (DPTG)"
    )]
    SupportCoastIgnored(SupportCoastIgnored),
    /// DATC 2.4 4.B.4 b: a missing coast is read as a default coast.
    #[strum(
        serialize = "default-coast",
        message = "a support without coast means the default coast (the map's first the mover can reach) (2.4 b)"
    )]
    SupportDefaultCoast(SupportDefaultCoast),
    /// MILA's reading (its order expansion puts a fleet's support on the coast of the move it
    /// supports; an army's support keeps the coast it names, which must then match).
    #[strum(
        serialize = "fleets-ignored",
        message = "a fleet's support is good for either coast; an army's written coast must match (MILA)"
    )]
    SupportFleetCoastIgnored(SupportFleetCoastIgnored),
}

impl SupportCoastSpecification for SupportFleetCoastIgnored {
    fn support_coast_rule(&self) -> SupportCoastRule {
        SupportCoastRule::FleetsIgnored
    }
}

impl SupportCoastSpecification for SupportDefaultCoast {
    fn support_coast_rule(&self) -> SupportCoastRule {
        SupportCoastRule::OmittedDefault
    }
}

impl SupportCoastSpecification for SupportCoastIgnored {
    fn support_coast_rule(&self) -> SupportCoastRule {
        SupportCoastRule::Ignored
    }
}

impl SupportCoastSpecification for SupportAnyCoast {
    fn support_coast_rule(&self) -> SupportCoastRule {
        SupportCoastRule::OmittedMatchesAny
    }
}
impl SupportCoastSpecification for SupportOwnPowerCoast {
    fn support_coast_rule(&self) -> SupportCoastRule {
        SupportCoastRule::OmittedMatchesOwnPower
    }
}
impl SupportCoastSpecification for SupportCoastRequired {
    fn support_coast_rule(&self) -> SupportCoastRule {
        SupportCoastRule::OmittedIllegal
    }
}

reading_policy! {
    /// DATC 4.B.5: a wrong coast where none is required (the ordered unit's own coast).
    trait WrongCoastNotRequired;
    /// Choices of DATC 4.B.5.
    enum WrongCoast {
        /// 4.B.5 b: the wrong coast is ignored.
        WrongCoastIgnored = "ignored", "the coast is ignored";
        /// 4.B.5 a: the order is illegal.
        WrongCoastIllegal = "illegal", "the order is illegal";
    }
}

reading_policy! {
    /// DATC 4.B.6: unknown coasts (Spain west coast) or irrelevant ones (an army to Spain(nc)).
    trait UnknownOrIrrelevantCoast;
    /// Choices of DATC 4.B.6.
    enum UnknownCoast {
        /// 4.B.6 b: such a coast is ignored.
        UnknownCoastIgnored = "ignored", "the coast is ignored";
        /// 4.B.6 a: the order is illegal.
        UnknownCoastIllegal = "illegal", "the order is illegal";
    }
}

/// DATC 4.B.7: coast specification in a build order.
#[enum_dispatch]
pub trait BuildCoastSpecification {
    /// Whether a fleet built in a multi-coast province without a coast fails.
    fn omitted_build_coast_fails(&self) -> bool;
}

choices!(BuildCoastRequired, BuildCoastDefault);

/// Choices of DATC 4.B.7.
#[enum_dispatch(BuildCoastSpecification)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum BuildCoast {
    /// Every rulebook: the coast must be given, or the build fails.
    #[strum(
        serialize = "required",
        message = "a fleet built in a multi-coast province must name the coast, or the build fails"
    )]
    BuildCoastRequired(BuildCoastRequired),
    /// DATC 2.4 4.B.7 b: "The fleet is build on a default coast" (the map's first coast).
    #[strum(
        serialize = "default-coast",
        message = "a fleet built without its coast goes on a default coast (the map's first) (2.4 b)"
    )]
    BuildCoastDefault(BuildCoastDefault),
}

impl BuildCoastSpecification for BuildCoastRequired {
    fn omitted_build_coast_fails(&self) -> bool {
        true
    }
}
impl BuildCoastSpecification for BuildCoastDefault {
    fn omitted_build_coast_fails(&self) -> bool {
        false
    }
}
