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
