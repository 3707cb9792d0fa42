//! One trait per DATC disputable issue, and an `enum_dispatch` enum of its choices.
//!
//! Each choice is a unit struct implementing the trait. The enum's variant names, in
//! kebab case (strum), are the words a ruleset file uses: `multi_route_disruption = "all-routes"`.
//! The engine calls the trait methods at its decision points and never asks which edition is in
//! force: adding a choice is one new struct, one variant and its `impl`.

use enum_dispatch::enum_dispatch;
use strum::{EnumIter, EnumMessage, EnumString, IntoStaticStr};

macro_rules! choices {
    ($($name:ident),* $(,)?) => {
        $(
            #[doc = concat!("The `", stringify!($name), "` choice; see its enum variant for what it means.")]
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
            pub struct $name;
        )*
    };
}

// ---------------------------------------------------------------------------------------------
// 4.A convoy issues
// ---------------------------------------------------------------------------------------------

/// How a convoy with several routes is disrupted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RouteRule {
    /// The army arrives when at least one route of available fleets remains.
    AnyIntactRoute,
    /// The army arrives only when no fleet of any route is dislodged.
    EveryRouteIntact,
}

/// DATC 4.A.1: multi-route convoy disruption.
#[enum_dispatch]
pub trait MultiRouteDisruption {
    /// The rule for deciding whether a convoyed army has a path.
    fn route_rule(&self) -> RouteRule;
}

choices!(OneRoute, AllRoutes);

/// Choices of DATC 4.A.1.
#[enum_dispatch(MultiRouteDisruption)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
#[strum(serialize_all = "kebab-case")]
pub enum MultiRoute {
    /// 4.A.1 a: the convoy is disrupted when one of the routes is disrupted (1971 rulebook).
    #[strum(message = "disrupted when any route is disrupted (1971)")]
    OneRoute(OneRoute),
    /// 4.A.1 b: disrupted only when all routes are disrupted (1982 and later rulebooks).
    #[strum(message = "disrupted only when every route is disrupted (1982 and later)")]
    AllRoutes(AllRoutes),
}

impl MultiRouteDisruption for OneRoute {
    fn route_rule(&self) -> RouteRule {
        RouteRule::EveryRouteIntact
    }
}
impl MultiRouteDisruption for AllRoutes {
    fn route_rule(&self) -> RouteRule {
        RouteRule::AnyIntactRoute
    }
}

/// What the backup rule does with a cycle of dependencies that contains a convoy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParadoxRuling {
    /// Every convoy in the cycle fails (the Szykman rule, as DATC 5.B.9 implements it).
    FailConvoys,
}

/// DATC 4.A.2: convoy paradoxes.
#[enum_dispatch]
pub trait ConvoyParadox {
    /// What to do with a cycle of dependencies that has zero or two resolutions and contains a
    /// convoy order.
    fn paradox_ruling(&self) -> ParadoxRuling;
}

choices!(Szykman);

/// Choices of DATC 4.A.2.
#[enum_dispatch(ConvoyParadox)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
#[strum(serialize_all = "kebab-case")]
pub enum Paradox {
    /// 4.A.2 f: the Szykman rule: the convoys of a paradox fail (the fleets hold).
    #[strum(message = "Szykman rule: the convoying fleets of a paradox are treated as holding")]
    Szykman(Szykman),
}

impl ConvoyParadox for Szykman {
    fn paradox_ruling(&self) -> ParadoxRuling {
        ParadoxRuling::FailConvoys
    }
}

/// What the engine knows about an army ordered to an adjacent province.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AdjacentMove {
    /// The order says `via convoy` (or `by convoy`).
    pub via_convoy: bool,
    /// A fleet of the army's own power is ordered to convoy exactly this move.
    pub own_fleet_convoys: bool,
    /// A fleet of another power is ordered to convoy exactly this move.
    pub foreign_fleet_convoys: bool,
}

/// Which route an army moving to an adjacent province takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdjacentRoute {
    /// Over land; convoy orders for it are ignored.
    Land,
    /// By convoy only; no fallback to the land route.
    Convoy,
}

/// DATC 4.A.3: convoying to an adjacent province.
#[enum_dispatch]
pub trait ConvoyToAdjacent {
    /// The route an army moving to an adjacent province takes.
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute;
}

choices!(EraOfEmpire, ExplicitViaConvoy);

/// Choices of DATC 4.A.3.
#[enum_dispatch(ConvoyToAdjacent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
#[strum(serialize_all = "kebab-case")]
pub enum AdjacentConvoy {
    /// 4.A.3 d (2025EE): the convoy route is used when the army says `via convoy` or a fleet of
    /// its own power convoys it; then there is no fallback to the land route.
    #[strum(
        serialize = "2025ee",
        message = "convoy when 'via convoy' or an own fleet convoys; no land fallback (2025EE)"
    )]
    EraOfEmpire(EraOfEmpire),
    /// DPTG: a convoy to an adjacent province must say `by convoy`, always; no fallback.
    #[strum(
        serialize = "dptg",
        message = "convoy only when the order says 'via/by convoy'; no land fallback (DPTG)"
    )]
    ExplicitViaConvoy(ExplicitViaConvoy),
}

impl ConvoyToAdjacent for EraOfEmpire {
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute {
        if mv.via_convoy || mv.own_fleet_convoys {
            AdjacentRoute::Convoy
        } else {
            AdjacentRoute::Land
        }
    }
}
impl ConvoyToAdjacent for ExplicitViaConvoy {
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute {
        if mv.via_convoy {
            AdjacentRoute::Convoy
        } else {
            AdjacentRoute::Land
        }
    }
}

/// DATC 4.A.4: where a convoyed attack comes from.
#[enum_dispatch]
pub trait ConvoyedAttackOrigin {
    /// Whether a convoyed army cuts a support for an attack on the province it starts from.
    /// (With the attack coming from the army's own province, it does not.)
    fn convoyed_attack_cuts_support_against_its_origin(&self) -> bool;
}

choices!(ArmyProvince);

/// Choices of DATC 4.A.4.
#[enum_dispatch(ConvoyedAttackOrigin)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
#[strum(serialize_all = "kebab-case")]
pub enum AttackOrigin {
    /// 4.A.4 a: the attack comes from the army's starting province (Brannan's rule not followed).
    #[strum(message = "a convoyed attack comes from the army's own province (no Brannan's rule)")]
    ArmyProvince(ArmyProvince),
}

impl ConvoyedAttackOrigin for ArmyProvince {
    fn convoyed_attack_cuts_support_against_its_origin(&self) -> bool {
        false
    }
}

/// DATC 4.A.5: retreat when dislodged by a convoy.
#[enum_dispatch]
pub trait RetreatAfterConvoy {
    /// Whether a unit dislodged by a convoyed army may retreat to the army's starting province.
    fn may_retreat_to_convoyed_attackers_origin(&self) -> bool;
}

choices!(NoRetreatToOrigin, RetreatToOrigin);

/// Choices of DATC 4.A.5.
#[enum_dispatch(RetreatAfterConvoy)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
#[strum(serialize_all = "kebab-case")]
pub enum ConvoyRetreat {
    /// 4.A.5 a: never to the attacker's starting province.
    #[strum(
        serialize = "forbidden",
        message = "never to the attacker's starting province (literal 1971-2000)"
    )]
    NoRetreatToOrigin(NoRetreatToOrigin),
    /// 4.A.5 b: allowed when the attack came by convoy (2023/2025EE).
    #[strum(
        serialize = "allowed",
        message = "allowed when the attacker was convoyed (2023/2025EE)"
    )]
    RetreatToOrigin(RetreatToOrigin),
}

impl RetreatAfterConvoy for NoRetreatToOrigin {
    fn may_retreat_to_convoyed_attackers_origin(&self) -> bool {
        false
    }
}
impl RetreatAfterConvoy for RetreatToOrigin {
    fn may_retreat_to_convoyed_attackers_origin(&self) -> bool {
        true
    }
}

/// DATC 4.A.6: convoy path specification.
#[enum_dispatch]
pub trait ConvoyPathSpecification {
    /// Whether a convoy path written in a move order restricts the convoy.
    fn written_path_restricts(&self) -> bool;
}

choices!(PathIgnored);

/// Choices of DATC 4.A.6.
#[enum_dispatch(ConvoyPathSpecification)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
#[strum(serialize_all = "kebab-case")]
pub enum ConvoyPath {
    /// 4.A.6 a: path specifications are not used; written paths are ignored.
    #[strum(serialize = "ignored", message = "written convoy paths are ignored")]
    PathIgnored(PathIgnored),
}

impl ConvoyPathSpecification for PathIgnored {
    fn written_path_restricts(&self) -> bool {
        false
    }
}

/// When a dislodged unit loses its effect on the province its attacker came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BounceRule {
    /// Only when it was in a head-to-head battle with the attacker.
    HeadToHeadOnly,
    /// Always, also when the attacker came by convoy.
    Always,
}

/// DATC 4.A.7: avoiding a head-to-head battle to bounce a unit.
#[enum_dispatch]
pub trait DislodgedUnitBounce {
    /// When a unit dislodged by the unit it moved against has no effect on that unit's origin.
    fn bounce_rule(&self) -> BounceRule;
}

choices!(NoEffectEver, NoEffectHeadToHead);

/// Choices of DATC 4.A.7.
#[enum_dispatch(DislodgedUnitBounce)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
#[strum(serialize_all = "kebab-case")]
pub enum DislodgedBounce {
    /// 4.A.7 a: a dislodged unit never has effect on the province its attacker came from.
    #[strum(
        serialize = "never",
        message = "a dislodged unit never bounces in its attacker's province (literal rulebook)"
    )]
    NoEffectEver(NoEffectEver),
    /// 4.A.7 b: it has no effect there only when it was in a head-to-head battle.
    #[strum(
        serialize = "unless-head-to-head",
        message = "a dislodged unit still bounces unless it lost a head-to-head battle"
    )]
    NoEffectHeadToHead(NoEffectHeadToHead),
}

impl DislodgedUnitBounce for NoEffectEver {
    fn bounce_rule(&self) -> BounceRule {
        BounceRule::Always
    }
}
impl DislodgedUnitBounce for NoEffectHeadToHead {
    fn bounce_rule(&self) -> BounceRule {
        BounceRule::HeadToHeadOnly
    }
}

// ---------------------------------------------------------------------------------------------
// 4.B multi-coast issues and 4.C designation issues: questions of reading an order
// ---------------------------------------------------------------------------------------------

/// How a questionable part of an order is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The order is read in the way that makes sense (the questionable part is ignored or
    /// completed).
    Lenient,
    /// The order is illegal.
    Illegal,
}

macro_rules! reading_policy {
    (
        $(#[$tmeta:meta])* trait $Trait:ident;
        $(#[$emeta:meta])* enum $Enum:ident {
            $(#[$lmeta:meta])* $Lenient:ident = $lname:literal, $lmsg:literal;
            $(#[$smeta:meta])* $Strict:ident = $sname:literal, $smsg:literal;
        }
    ) => {
        $(#[$tmeta])*
        #[enum_dispatch]
        pub trait $Trait {
            /// How the questionable part is read.
            fn reading(&self) -> Reading;
        }
        choices!($Lenient, $Strict);
        $(#[$emeta])*
        #[enum_dispatch($Trait)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
        pub enum $Enum {
            $(#[$lmeta])*
            #[strum(serialize = $lname, message = $lmsg)]
            $Lenient($Lenient),
            $(#[$smeta])*
            #[strum(serialize = $sname, message = $smsg)]
            $Strict($Strict),
        }
        impl $Trait for $Lenient {
            fn reading(&self) -> Reading {
                Reading::Lenient
            }
        }
        impl $Trait for $Strict {
            fn reading(&self) -> Reading {
                Reading::Illegal
            }
        }
    };
}

/// DATC 4.B.1: a fleet move to a multi-coast province without a coast, where both coasts are
/// reachable.
#[enum_dispatch]
pub trait TwoCoastsOmitted {
    /// Always illegal in every rule system the DATC lists.
    fn reading(&self) -> Reading;
}

choices!(TwoCoastsIllegal);

/// Choices of DATC 4.B.1.
#[enum_dispatch(TwoCoastsOmitted)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum OmittedCoastTwoPossible {
    /// The move is illegal (every rulebook).
    #[strum(serialize = "illegal", message = "the move is illegal")]
    TwoCoastsIllegal(TwoCoastsIllegal),
}

impl TwoCoastsOmitted for TwoCoastsIllegal {
    fn reading(&self) -> Reading {
        Reading::Illegal
    }
}

reading_policy! {
    /// DATC 4.B.2: a fleet move to a multi-coast province without a coast, where one coast is
    /// reachable.
    trait OneCoastOmitted;
    /// Choices of DATC 4.B.2.
    enum OmittedCoastOnePossible {
        /// 4.B.2 a: the move goes to the only reachable coast.
        OnlyCoast = "only-coast", "the move goes to the only reachable coast";
        /// 4.B.2 b: the move is illegal.
        OneCoastIllegal = "illegal", "the move is illegal";
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
}

/// DATC 4.B.4: coast specification in a support order.
#[enum_dispatch]
pub trait SupportCoastSpecification {
    /// How the supporting order's coast is matched.
    fn support_coast_rule(&self) -> SupportCoastRule;
}

choices!(SupportAnyCoast, SupportOwnPowerCoast, SupportCoastRequired);

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

choices!(BuildCoastRequired);

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
}

impl BuildCoastSpecification for BuildCoastRequired {
    fn omitted_build_coast_fails(&self) -> bool {
        true
    }
}

reading_policy! {
    /// DATC 4.C.1: a missing unit designation (A/F).
    trait MissingUnitDesignation;
    /// Choices of DATC 4.C.1.
    enum MissingUnitType {
        /// 4.C.1 b: the order is legal.
        MissingTypeLegal = "legal", "the order is legal";
        /// 4.C.1 a: the order is illegal.
        MissingTypeIllegal = "illegal", "the order is illegal";
    }
}

reading_policy! {
    /// DATC 4.C.2: a wrong unit designation.
    trait WrongUnitDesignation;
    /// Choices of DATC 4.C.2.
    enum WrongUnitType {
        /// 4.C.2 b: the designation is ignored; the order is legal.
        WrongTypeLegal = "legal", "the unit type is ignored; the order is legal";
        /// 4.C.2 a: the order is illegal.
        WrongTypeIllegal = "illegal", "the order is illegal";
    }
}

/// DATC 4.C.3: a missing unit designation in a build order.
#[enum_dispatch]
pub trait BuildUnitDesignation {
    /// Whether a build without a unit type in an inland province builds an army (true) and in a
    /// coastal province is illegal.
    fn inland_build_defaults_to_army(&self) -> bool;
}

choices!(TypeRequiredOnCoast);

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
}

impl BuildUnitDesignation for TypeRequiredOnCoast {
    fn inland_build_defaults_to_army(&self) -> bool {
        true
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

// ---------------------------------------------------------------------------------------------
// 4.D too many and too few orders
// ---------------------------------------------------------------------------------------------

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
}

choices!(DeclineAllowed);

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
}

impl DecliningBuilds for DeclineAllowed {
    fn may_decline(&self) -> bool {
        true
    }
}

/// What the civil-disorder removal rule needs to know about one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemovalCandidate {
    /// Army or fleet.
    pub kind: diplo_map::UnitKind,
    /// Where the unit stands.
    pub location: diplo_map::Location,
}

/// DATC 4.D.8: which units a power that does not order its removals loses.
#[enum_dispatch]
pub trait CivilDisorderRemoval {
    /// Orders `candidates` so that the first ones are removed first. `owned` are the power's
    /// owned supply centres, `home` its home centres.
    fn removal_order(
        &self,
        map: &diplo_map::Map,
        candidates: &[RemovalCandidate],
        owned: &[diplo_map::ProvinceId],
        home: &[diplo_map::ProvinceId],
    ) -> Vec<usize>;
}

choices!(OwnedCentreDistance);

/// Choices of DATC 4.D.8.
#[enum_dispatch(CivilDisorderRemoval)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum CivilDisorder {
    /// 4.D.8 c (2023/2025EE): farthest from an owned supply centre, counting plain adjacency,
    /// fleets before armies, then alphabetically by province name.
    #[strum(
        serialize = "2023",
        message = "farthest from an owned centre by plain adjacency; fleets first; then alphabetical (2023)"
    )]
    OwnedCentreDistance(OwnedCentreDistance),
}

impl CivilDisorderRemoval for OwnedCentreDistance {
    fn removal_order(
        &self,
        map: &diplo_map::Map,
        candidates: &[RemovalCandidate],
        owned: &[diplo_map::ProvinceId],
        _home: &[diplo_map::ProvinceId],
    ) -> Vec<usize> {
        let dist = crate::distance::plain_distances(map, owned);
        let mut idx: Vec<usize> = (0..candidates.len()).collect();
        idx.sort_by(|&a, &b| {
            let (ca, cb) = (&candidates[a], &candidates[b]);
            let da = dist[ca.location.province.index()];
            let db = dist[cb.location.province.index()];
            db.cmp(&da)
                .then_with(|| {
                    let fa = ca.kind == diplo_map::UnitKind::Fleet;
                    let fb = cb.kind == diplo_map::UnitKind::Fleet;
                    fb.cmp(&fa)
                })
                .then_with(|| {
                    let na = &map.province(ca.location.province).full_name;
                    let nb = &map.province(cb.location.province).full_name;
                    na.to_lowercase().cmp(&nb.to_lowercase())
                })
        });
        idx
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

// ---------------------------------------------------------------------------------------------
// 4.E miscellaneous
// ---------------------------------------------------------------------------------------------

/// DATC 4.E.1: illegal orders.
#[enum_dispatch]
pub trait IllegalOrderHandling {
    /// Whether an illegal move still counts as a move (the unit then cannot receive hold support).
    fn illegal_move_is_a_move(&self) -> bool;
}

choices!(IllegalIgnored);

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

choices!(ImplicitNotAllowed);

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
}

impl ImplicitOrderHandling for ImplicitNotAllowed {
    fn implicit_orders(&self) -> bool {
        false
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
