//! DATC 4.C: unit designation and nationality issues (4.C.1 ... 4.C.6).

use enum_dispatch::enum_dispatch;
use strum::{EnumIter, EnumMessage, EnumString, IntoStaticStr};

#[allow(unused_imports)]
use super::*;

reading_policy! {
    /// DATC 4.C.1: a missing unit designation (A/F).
    trait MissingUnitDesignation {
        /// Whether the order is ignored when another order to the same unit gives its type
        /// (DATC 2.4 4.C.1 c).
        fn yields_to_a_right_designation(&self) -> bool {
            false
        }
    };
    /// Choices of DATC 4.C.1.
    enum MissingUnitType {
        /// 4.C.1 b: the order is legal.
        MissingTypeLegal = "legal", "the order is legal";
        /// 4.C.1 a: the order is illegal.
        MissingTypeIllegal = "illegal", "the order is illegal";
        /// DATC 2.4 4.C.1 c: legal unless another order names the unit with its type.
        MissingTypeUnlessCorrected = "legal-unless-corrected",
            "the order is legal unless another order to the unit gives its right type (2.4 c)" {
            fn reading(&self) -> Reading {
                Reading::Lenient
            }
            fn yields_to_a_right_designation(&self) -> bool {
                true
            }
        };
    }
}

reading_policy! {
    /// DATC 4.C.2: a wrong unit designation.
    trait WrongUnitDesignation {
        /// Whether the order is ignored when another order to the same unit gives its right
        /// type (DATC 2.4 4.C.2 c).
        fn yields_to_a_right_designation(&self) -> bool {
            false
        }
    };
    /// Choices of DATC 4.C.2.
    enum WrongUnitType {
        /// 4.C.2 b: the designation is ignored; the order is legal.
        WrongTypeLegal = "legal", "the unit type is ignored; the order is legal";
        /// 4.C.2 a: the order is illegal.
        WrongTypeIllegal = "illegal", "the order is illegal";
        /// DATC 2.4 4.C.2 c: legal unless another order names the unit with its right type.
        WrongTypeUnlessCorrected = "legal-unless-corrected",
            "the unit type is ignored unless another order to the unit gives its right type (2.4 c)" {
            fn reading(&self) -> Reading {
                Reading::Lenient
            }
            fn yields_to_a_right_designation(&self) -> bool {
                true
            }
        };
    }
}

/// How a build order without a unit type is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildTypeRule {
    /// The build fails.
    AlwaysRequired,
    /// An army inland; illegal on a coast.
    ArmyInland,
    /// An army inland; a fleet when a coast is named; otherwise illegal on a coast.
    FleetIfCoastGiven,
}

/// DATC 4.C.3: a missing unit designation in a build order.
#[enum_dispatch]
pub trait BuildUnitDesignation {
    /// How a build without A or F is read.
    fn build_type_rule(&self) -> BuildTypeRule;
}

choices!(TypeRequiredOnCoast, TypeAlwaysRequired, TypeFleetIfCoast);

/// Choices of DATC 4.C.3.
#[enum_dispatch(BuildUnitDesignation)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum BuildUnitType {
    /// Every rulebook: the type is required only in coastal provinces.
    #[strum(
        serialize = "required-on-coast",
        message = "the unit type is required on a coastal centre; inland it is an army"
    )]
    TypeRequiredOnCoast(TypeRequiredOnCoast),
    /// 2.4 4.C.3 a: the build always fails.
    #[strum(
        serialize = "always-required",
        message = "a build without a unit type fails"
    )]
    TypeAlwaysRequired(TypeAlwaysRequired),
    /// 2.4 4.C.3 c: as the rulebooks, and a fleet when a coast is named.
    #[strum(
        serialize = "fleet-if-coast-given",
        message = "an army inland; a fleet when a coast is named; otherwise it fails"
    )]
    TypeFleetIfCoast(TypeFleetIfCoast),
}

impl BuildUnitDesignation for TypeRequiredOnCoast {
    fn build_type_rule(&self) -> BuildTypeRule {
        BuildTypeRule::ArmyInland
    }
}
impl BuildUnitDesignation for TypeAlwaysRequired {
    fn build_type_rule(&self) -> BuildTypeRule {
        BuildTypeRule::AlwaysRequired
    }
}
impl BuildUnitDesignation for TypeFleetIfCoast {
    fn build_type_rule(&self) -> BuildTypeRule {
        BuildTypeRule::FleetIfCoastGiven
    }
}

/// What happens to a fleet built in an inland province.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InlandFleetBuild {
    /// The build is illegal.
    Illegal,
    /// An army is built instead.
    Army,
}

/// DATC 4.C.4: building a fleet in an inland province.
#[enum_dispatch]
pub trait FleetBuildInland {
    /// What a fleet build in an inland province does.
    fn inland_fleet_build(&self) -> InlandFleetBuild;
}

choices!(InlandFleetFails, InlandFleetBecomesArmy);

/// Choices of DATC 4.C.4.
#[enum_dispatch(FleetBuildInland)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum InlandFleet {
    /// 4.C.4 a: the build fails.
    #[strum(serialize = "fails", message = "the build is illegal")]
    InlandFleetFails(InlandFleetFails),
    /// 4.C.4 b: an army is built.
    #[strum(serialize = "army", message = "an army is built instead")]
    InlandFleetBecomesArmy(InlandFleetBecomesArmy),
}

impl FleetBuildInland for InlandFleetFails {
    fn inland_fleet_build(&self) -> InlandFleetBuild {
        InlandFleetBuild::Illegal
    }
}
impl FleetBuildInland for InlandFleetBecomesArmy {
    fn inland_fleet_build(&self) -> InlandFleetBuild {
        InlandFleetBuild::Army
    }
}

reading_policy! {
    /// DATC 4.C.5: a missing nationality in a support or convoy order.
    trait MissingNationalityInSupport;
    /// Choices of DATC 4.C.5.
    enum MissingNationality {
        /// 4.C.5 b: the order is legal.
        MissingNationalityLegal = "legal", "the order is legal";
        /// 4.C.5 a: the order is illegal.
        MissingNationalityIllegal = "illegal", "a support or convoy of a foreign unit must name its nationality";
    }
}

reading_policy! {
    /// DATC 4.C.6: a wrong nationality in a support or convoy order.
    trait WrongNationalityInSupport;
    /// Choices of DATC 4.C.6.
    enum WrongNationality {
        /// 4.C.6 b: the nationality is ignored; the order is legal.
        WrongNationalityLegal = "legal", "the nationality is ignored; the order is legal";
        /// 4.C.6 a: the order is illegal.
        WrongNationalityIllegal = "illegal", "the order is illegal";
    }
}
