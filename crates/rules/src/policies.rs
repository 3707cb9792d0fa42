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
    /// Whether, when the army's own fleets can complete a route, the convoy orders of foreign
    /// fleets for it are dropped first (DPTG VIII step 1).
    fn own_route_drops_foreign_fleets(&self) -> bool {
        false
    }
}

choices!(OneRoute, AllRoutes, DptgRoutes);

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
    /// DPTG: as 1971, but foreign fleets are dropped when the army's own fleets make a route.
    #[strum(
        serialize = "dptg",
        message = "as one-route, after dropping foreign fleets when own fleets make a route (DPTG)"
    )]
    DptgRoutes(DptgRoutes),
}

impl MultiRouteDisruption for DptgRoutes {
    fn route_rule(&self) -> RouteRule {
        RouteRule::EveryRouteIntact
    }
    fn own_route_drops_foreign_fleets(&self) -> bool {
        true
    }
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
    /// Every convoy in the cycle fails and so do its armies' moves, outright: they have no
    /// effect where they were going and take no land route (the Szykman rule as DATC 2.4 words
    /// it: "the moves of all involved convoying armies fail").
    FailConvoyedArmies,
    /// Every move of the paradox fails, the convoyed armies' moves included ('All Hold').
    AllHold,
    /// The rule gives no answer: the orders of the cycle are `unresolved` (or the
    /// `paradox_fallback` decides).
    NoAnswer,
    /// DPTG convoy subversion (VIII steps 12-13): a circle with no consistent resolution has
    /// its convoys disrupted; a "confused" circle (two resolutions) is a grand standoff: the
    /// convoyed moves and the attacks on the convoying fleets fail, the supports survive.
    Subversion,
    /// Alexander Rules IV.5.f: a convoy is disrupted if it would be without the effects of its
    /// army; otherwise it is not, even if a fleet of it is dislodged.
    WithoutTheArmy,
}

/// Which supports a convoyed army does not cut (the rulebooks' paradox rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConvoyCutExemption {
    /// None: the ordinary support-cutting rule.
    None,
    /// 1971: a support given by a fleet to a fleet attacking one of the army's convoying fleets.
    FleetSupportingAttackOnConvoy,
    /// 1982: a support given by a fleet for an action in a body of water that contains a
    /// fleet ordered to convoy.
    FleetSupportingActionAtConvoyingSea,
    /// 2000/2023/2025EE: a support of an attack on a fleet necessary for the army's convoy.
    SupportOfAttackOnNecessaryFleet,
}

/// DATC 4.A.2: convoy paradoxes.
#[enum_dispatch]
pub trait ConvoyParadox {
    /// The supports a convoyed army does not cut.
    fn cut_exemption(&self) -> ConvoyCutExemption {
        ConvoyCutExemption::None
    }
    /// What to do with a cycle of dependencies that has zero or two resolutions and contains a
    /// convoy order.
    fn paradox_ruling(&self) -> ParadoxRuling;
}

choices!(
    Rule1971,
    Rule1982,
    Rule2000,
    Szykman,
    SzykmanArmies,
    AllHoldRule,
    DptgSubversion,
    AlexanderParadox
);

/// Choices of DATC 4.A.2.
#[enum_dispatch(ConvoyParadox)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
#[strum(serialize_all = "kebab-case")]
pub enum Paradox {
    /// 4.A.2 a: the 1971 rule XII.5.
    #[strum(
        serialize = "1971",
        message = "a convoyed army does not cut a fleet's support of a fleet attacking one of its convoying fleets (1971)"
    )]
    Rule1971(Rule1971),
    /// 4.A.2 b: the 1982 rule XII.5.
    #[strum(
        serialize = "1982",
        message = "a convoyed army does not cut a fleet's support for an action in a sea holding a convoying fleet (1982)"
    )]
    Rule1982(Rule1982),
    /// 4.A.2 c: the 2000/2023/2025EE rule.
    #[strum(
        serialize = "2000",
        message = "a convoyed army does not cut the support of an attack on a fleet its convoy needs (2000/2023/2025EE)"
    )]
    Rule2000(Rule2000),
    /// 4.A.2 f: the Szykman rule: the convoys of a paradox fail (the fleets hold).
    #[strum(message = "Szykman rule: the convoying fleets of a paradox are treated as holding")]
    Szykman(Szykman),
    /// DATC 2.4 4.A.2 d: the Szykman rule as 2.4 words it, targeting the convoyed armies: "the
    /// moves of all involved convoying armies fail and have no effect on the place where they
    /// were ordered to convoy". It differs from `szykman` only for an army that could fall back
    /// to the land route (4.A.3): here it does not.
    #[strum(
        serialize = "szykman-armies",
        message = "Szykman rule as DATC 2.4 words it: the moves of a paradox's convoyed armies fail, with no effect and no land fallback"
    )]
    SzykmanArmies(SzykmanArmies),
    /// 4.A.2 d: the 'All Hold' rule: every move of a paradox fails.
    #[strum(
        serialize = "all-hold",
        message = "All Hold: every move of a paradox fails, the convoyed army's too"
    )]
    AllHoldRule(AllHoldRule),
    /// DPTG VIII steps 5-13: convoy subversion.
    #[strum(
        serialize = "dptg",
        message = "DPTG convoy subversion: circles are disrupted, confused circles are a grand standoff"
    )]
    DptgSubversion(DptgSubversion),
    /// Alexander Rules IV.5.f.
    #[strum(
        serialize = "alexander",
        message = "a convoy is disrupted iff it would be without its army's effects; else it carries even if dislodged (Alexander IV.5.f)"
    )]
    AlexanderParadox(AlexanderParadox),
}

impl ConvoyParadox for DptgSubversion {
    fn paradox_ruling(&self) -> ParadoxRuling {
        ParadoxRuling::Subversion
    }
}
impl ConvoyParadox for AlexanderParadox {
    fn paradox_ruling(&self) -> ParadoxRuling {
        ParadoxRuling::WithoutTheArmy
    }
}

impl ConvoyParadox for Rule1971 {
    fn cut_exemption(&self) -> ConvoyCutExemption {
        ConvoyCutExemption::FleetSupportingAttackOnConvoy
    }
    fn paradox_ruling(&self) -> ParadoxRuling {
        ParadoxRuling::NoAnswer
    }
}
impl ConvoyParadox for Rule1982 {
    fn cut_exemption(&self) -> ConvoyCutExemption {
        ConvoyCutExemption::FleetSupportingActionAtConvoyingSea
    }
    fn paradox_ruling(&self) -> ParadoxRuling {
        ParadoxRuling::NoAnswer
    }
}
impl ConvoyParadox for Rule2000 {
    fn cut_exemption(&self) -> ConvoyCutExemption {
        ConvoyCutExemption::SupportOfAttackOnNecessaryFleet
    }
    fn paradox_ruling(&self) -> ParadoxRuling {
        ParadoxRuling::NoAnswer
    }
}
impl ConvoyParadox for Szykman {
    fn paradox_ruling(&self) -> ParadoxRuling {
        ParadoxRuling::FailConvoys
    }
}
impl ConvoyParadox for SzykmanArmies {
    fn paradox_ruling(&self) -> ParadoxRuling {
        ParadoxRuling::FailConvoyedArmies
    }
}
impl ConvoyParadox for AllHoldRule {
    fn paradox_ruling(&self) -> ParadoxRuling {
        ParadoxRuling::AllHold
    }
}

/// DATC 4.A.2 (host's setting): what to do when the chosen paradox rule gives no answer.
#[enum_dispatch]
pub trait ParadoxFallbackRule {
    /// The ruling used when the paradox rule has none.
    fn fallback(&self) -> ParadoxRuling;
}

choices!(NoFallback, SzykmanFallback, AllHoldFallback);

/// Choices of the paradox fallback.
#[enum_dispatch(ParadoxFallbackRule)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum ParadoxFallback {
    /// Report the orders of the paradox as `unresolved`.
    #[strum(
        serialize = "none",
        message = "report the paradox's orders as unresolved"
    )]
    NoFallback(NoFallback),
    /// Apply the Szykman rule.
    #[strum(serialize = "szykman", message = "apply the Szykman rule")]
    SzykmanFallback(SzykmanFallback),
    /// Apply the All Hold rule.
    #[strum(serialize = "all-hold", message = "apply the All Hold rule")]
    AllHoldFallback(AllHoldFallback),
}

impl ParadoxFallbackRule for NoFallback {
    fn fallback(&self) -> ParadoxRuling {
        ParadoxRuling::NoAnswer
    }
}
impl ParadoxFallbackRule for SzykmanFallback {
    fn fallback(&self) -> ParadoxRuling {
        ParadoxRuling::FailConvoys
    }
}
impl ParadoxFallbackRule for AllHoldFallback {
    fn fallback(&self) -> ParadoxRuling {
        ParadoxRuling::AllHold
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
    /// The unit at the destination is ordered to move to the army's province.
    pub opposite_move: bool,
    /// ... and it belongs to the army's power.
    pub opposite_is_own: bool,
}

/// Which route an army moving to an adjacent province takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdjacentRoute {
    /// Over land; convoy orders for it are ignored.
    Land,
    /// By convoy only; no fallback to the land route.
    Convoy,
    /// By convoy when the convoy works, otherwise over land.
    ConvoyWithFallback,
}

/// DATC 4.A.3: convoying to an adjacent province.
#[enum_dispatch]
pub trait ConvoyToAdjacent {
    /// The route an army moving to an adjacent province takes.
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute;
}

choices!(
    Adjacent1971,
    Adjacent1982,
    Adjacent2000Fallback,
    Adjacent2000NoFallback,
    EraOfEmpire,
    ExplicitViaConvoy,
    AlexanderVia,
    EitherRoute,
    Adjacent24,
    ConvoyPreferred,
    OppositeMove,
    OwnFleetOrViaFallback
);

/// Choices of DATC 4.A.3.
#[enum_dispatch(ConvoyToAdjacent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum AdjacentConvoy {
    /// 4.A.3 a with the DATC's recommended handling.
    #[strum(
        serialize = "1971",
        message = "the convoy route only if the convoy works and the unit at the destination moves the opposite way (1971, DATC handling)"
    )]
    Adjacent1971(Adjacent1971),
    /// 4.A.3 b: intent, with the DATC's gap-fill.
    #[strum(
        serialize = "1982",
        message = "convoy if an own fleet convoys, or the destination's own unit moves the opposite way (1982 intent)"
    )]
    Adjacent1982(Adjacent1982),
    /// 4.A.3 c, read with a fallback to the land route.
    #[strum(
        serialize = "2000-fallback",
        message = "convoy if an own fleet convoys or 'via convoy'; over land if the convoy fails (2000/2023)"
    )]
    Adjacent2000Fallback(Adjacent2000Fallback),
    /// 4.A.3 c, read without a fallback.
    #[strum(
        serialize = "2000-no-fallback",
        message = "convoy if an own fleet convoys or 'via convoy'; no land fallback (2000/2023)"
    )]
    Adjacent2000NoFallback(Adjacent2000NoFallback),
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
    /// Alexander Rules IV.5.e: only with `via convoy`, and over land if every route fails.
    #[strum(
        serialize = "alexander",
        message = "convoy only when the order says 'via convoy'; over land if the convoy fails (Alexander)"
    )]
    AlexanderVia(AlexanderVia),
    /// 1999 CD-ROM rulebook: the army arrives if either route works.
    #[strum(
        serialize = "either",
        message = "the army arrives if either the land or a convoy route works (1999 CD-ROM)"
    )]
    EitherRoute(EitherRoute),
    /// DATC 2.4 4.A.3 d: as 2000, over land only when no convoy route is ordered at all (a
    /// disrupted convoy does not fall back).
    #[strum(
        serialize = "datc-2.4",
        message = "convoy if an own fleet convoys or 'via convoy' and a convoy is ordered; otherwise over land (DATC 2.4)"
    )]
    Adjacent24(Adjacent24),
    /// DATC 2.4 4.A.3 a: the convoy route is always preferred when a convoy is ordered, with
    /// no land fallback (2.4 6.G.3: "It tries to convoy and the convoy is disrupted").
    #[strum(
        serialize = "convoy-preferred",
        message = "the convoy route whenever a convoy is ordered; no land fallback (2.4 a)"
    )]
    ConvoyPreferred(ConvoyPreferred),
    /// DATC 2.4 4.A.3 b (Walker 1979): over land unless the unit at the destination moves the
    /// opposite way.
    #[strum(
        serialize = "opposite-move",
        message = "over land unless the unit at the destination moves the opposite way (2.4 b, Walker)"
    )]
    OppositeMove(OppositeMove),
    /// Droidippy (godip's `MustConvoy`): an army its own power's fleet is ordered to convoy takes
    /// the convoy, with no fallback; otherwise `via convoy` takes a working convoy of any power
    /// and falls back to the land route when there is none or it fails.
    #[strum(
        serialize = "own-fleet-or-via-fallback",
        message = "convoy if an own fleet convoys (no fallback); 'via convoy' alone: the convoy if it works, else over land (Droidippy)"
    )]
    OwnFleetOrViaFallback(OwnFleetOrViaFallback),
}

impl ConvoyToAdjacent for OwnFleetOrViaFallback {
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute {
        if mv.own_fleet_convoys {
            AdjacentRoute::Convoy
        } else if mv.via_convoy && mv.foreign_fleet_convoys {
            AdjacentRoute::ConvoyWithFallback
        } else {
            AdjacentRoute::Land
        }
    }
}

impl ConvoyToAdjacent for ConvoyPreferred {
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute {
        if any_convoy(&mv) {
            AdjacentRoute::Convoy
        } else {
            AdjacentRoute::Land
        }
    }
}
impl ConvoyToAdjacent for OppositeMove {
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute {
        if any_convoy(&mv) && mv.opposite_move {
            AdjacentRoute::Convoy
        } else {
            AdjacentRoute::Land
        }
    }
}

impl ConvoyToAdjacent for Adjacent24 {
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute {
        if (mv.via_convoy || mv.own_fleet_convoys) && any_convoy(&mv) {
            AdjacentRoute::Convoy
        } else {
            AdjacentRoute::Land
        }
    }
}

fn any_convoy(mv: &AdjacentMove) -> bool {
    mv.own_fleet_convoys || mv.foreign_fleet_convoys
}

impl ConvoyToAdjacent for Adjacent1971 {
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute {
        if any_convoy(&mv) && mv.opposite_move {
            AdjacentRoute::ConvoyWithFallback
        } else {
            AdjacentRoute::Land
        }
    }
}
impl ConvoyToAdjacent for Adjacent1982 {
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute {
        if mv.own_fleet_convoys || (any_convoy(&mv) && mv.opposite_move && mv.opposite_is_own) {
            AdjacentRoute::Convoy
        } else {
            AdjacentRoute::Land
        }
    }
}
impl ConvoyToAdjacent for Adjacent2000Fallback {
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute {
        if mv.via_convoy || mv.own_fleet_convoys {
            AdjacentRoute::ConvoyWithFallback
        } else {
            AdjacentRoute::Land
        }
    }
}
impl ConvoyToAdjacent for Adjacent2000NoFallback {
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute {
        EraOfEmpire.adjacent_route(mv)
    }
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
impl ConvoyToAdjacent for AlexanderVia {
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute {
        if mv.via_convoy {
            AdjacentRoute::ConvoyWithFallback
        } else {
            AdjacentRoute::Land
        }
    }
}
impl ConvoyToAdjacent for EitherRoute {
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute {
        if mv.via_convoy || any_convoy(&mv) {
            AdjacentRoute::ConvoyWithFallback
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
    /// Whether a convoyed attack and a move from its destination into the province of its last
    /// convoying fleet are a head-to-head battle (DATC 3.2 4.A.4 point 1, 6.F.30).
    fn convoyed_attack_meets_move_into_last_fleet(&self) -> bool {
        false
    }
}

choices!(ArmyProvince, Brannan, DptgAttackOrigin);

/// Choices of DATC 4.A.4.
#[enum_dispatch(ConvoyedAttackOrigin)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
#[strum(serialize_all = "kebab-case")]
pub enum AttackOrigin {
    /// 4.A.4 a: the attack comes from the army's starting province (Brannan's rule not followed).
    #[strum(message = "a convoyed attack comes from the army's own province (no Brannan's rule)")]
    ArmyProvince(ArmyProvince),
    /// Brannan's rule: a convoyed attack comes from the last convoying fleet, so it cuts a
    /// support against the army's province, and it meets a move from its destination into the
    /// last fleet's province head to head.
    #[strum(
        message = "Brannan's rule: a convoyed attack comes from the last fleet: it cuts a support against the army's province and meets a move into that fleet's province head to head"
    )]
    Brannan(Brannan),
    /// DPTG VIII step 8: a convoyed army cuts a support against its own province; head-to-head
    /// battles are direct attacks only (step 15), so there is no other effect of Brannan's rule.
    #[strum(
        serialize = "dptg",
        message = "a convoyed army cuts a support against its own province; no head-to-head through the last fleet (DPTG)"
    )]
    DptgAttackOrigin(DptgAttackOrigin),
}

impl ConvoyedAttackOrigin for Brannan {
    fn convoyed_attack_cuts_support_against_its_origin(&self) -> bool {
        true
    }
    fn convoyed_attack_meets_move_into_last_fleet(&self) -> bool {
        true
    }
}

impl ConvoyedAttackOrigin for DptgAttackOrigin {
    fn convoyed_attack_cuts_support_against_its_origin(&self) -> bool {
        true
    }
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

/// What a convoy path written in a move order does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathRule {
    /// It is ignored.
    Ignored,
    /// Only the fleets it names may carry the army.
    Restricts,
    /// It is required: a convoyed move without one fails; when given it restricts.
    Required,
}

/// DATC 4.A.6: convoy path specification.
#[enum_dispatch]
pub trait ConvoyPathSpecification {
    /// What a written convoy path does.
    fn path_rule(&self) -> PathRule;
}

choices!(PathIgnored, PathAllowed, PathRequired);

/// Choices of DATC 4.A.6.
#[enum_dispatch(ConvoyPathSpecification)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum ConvoyPath {
    /// 4.A.6 a: path specifications are not used; written paths are ignored.
    #[strum(serialize = "ignored", message = "written convoy paths are ignored")]
    PathIgnored(PathIgnored),
    /// 4.A.6 b: allowed, not required; a written path restricts the convoy to its fleets.
    #[strum(
        serialize = "allowed",
        message = "a written path is optional and restricts the convoy to the fleets it names"
    )]
    PathAllowed(PathAllowed),
    /// 4.A.6 c: required.
    #[strum(
        serialize = "required",
        message = "a convoyed move must write its path, or it fails"
    )]
    PathRequired(PathRequired),
}

impl ConvoyPathSpecification for PathIgnored {
    fn path_rule(&self) -> PathRule {
        PathRule::Ignored
    }
}
impl ConvoyPathSpecification for PathAllowed {
    fn path_rule(&self) -> PathRule {
        PathRule::Restricts
    }
}
impl ConvoyPathSpecification for PathRequired {
    fn path_rule(&self) -> PathRule {
        PathRule::Required
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
        $(#[$tmeta:meta])* trait $Trait:ident $({ $($titem:tt)* })?;
        $(#[$emeta:meta])* enum $Enum:ident {
            $(#[$lmeta:meta])* $Lenient:ident = $lname:literal, $lmsg:literal;
            $(#[$smeta:meta])* $Strict:ident = $sname:literal, $smsg:literal;
            $(
                $(#[$xmeta:meta])* $Extra:ident = $xname:literal, $xmsg:literal
                    { $($ximpl:tt)* };
            )?
        }
    ) => {
        $(#[$tmeta])*
        #[enum_dispatch]
        pub trait $Trait {
            /// How the questionable part is read.
            fn reading(&self) -> Reading;
            $($($titem)*)?
        }
        choices!($Lenient, $Strict $(, $Extra)?);
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
            $(
                $(#[$xmeta])*
                #[strum(serialize = $xname, message = $xmsg)]
                $Extra($Extra),
            )?
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
        $(
            impl $Trait for $Extra {
                $($ximpl)*
            }
        )?
    };
}

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
    SupportDefaultCoast
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
}

choices!(DeclineAllowed, DeclineNotAllowed);

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

/// What the civil-disorder removal rule needs to know about one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemovalCandidate {
    /// Army or fleet.
    pub kind: diplo_map::UnitKind,
    /// Where the unit stands.
    pub location: diplo_map::Location,
    /// When it was produced, where the game's history is known: smaller is earlier (the
    /// starting units first). `None` outside a hosted game.
    pub produced: Option<u64>,
}

/// The board as the civil-disorder removal rule sees it.
#[derive(Clone, Copy, Debug)]
pub struct RemovalContext<'a> {
    /// The map.
    pub map: &'a diplo_map::Map,
    /// The power that must remove units.
    pub power: diplo_map::PowerId,
    /// The supply centres it owns.
    pub owned: &'a [diplo_map::ProvinceId],
    /// Every unit on the board: power, kind, location.
    pub units: &'a [(diplo_map::PowerId, diplo_map::UnitKind, diplo_map::Location)],
}

/// DATC 4.D.8: which units a power that does not order its removals loses.
#[enum_dispatch]
pub trait CivilDisorderRemoval {
    /// Orders `candidates` (the power's units) so that the first ones are removed first.
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize>;
}

choices!(
    HomeCentreDistance,
    HomeCentreLandDistance,
    HomeCountryDistance,
    OwnedCentreDistance,
    AlexanderDistance,
    HomeCentreOwnFleets,
    HomeCentreAnyFleets,
    HomeCentreShared,
    LeastRecentlyProduced,
    HomeCentrePlainByAbbreviation
);

/// Choices of DATC 4.D.8.
#[enum_dispatch(CivilDisorderRemoval)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
pub enum CivilDisorder {
    /// 4.D.8 a (1971/1982), counted the DPTG way (DATC 2.4 4.D.8 d).
    #[strum(
        serialize = "1971",
        message = "farthest from the nearest home centre (fleets by fleet moves, armies over land and sea); fleets first; then alphabetical (1971/1982, DPTG counting)"
    )]
    HomeCentreDistance(HomeCentreDistance),
    /// 4.D.8 a counted with regular moves, a convoy counting as one move (DATC 2.4 4.D.8 a).
    #[strum(
        serialize = "1971-land",
        message = "farthest from the nearest home centre by regular moves, a convoy counting as one move; fleets first; then alphabetical"
    )]
    HomeCentreLandDistance(HomeCentreLandDistance),
    /// 4.D.8 b (2000): farthest from the home country, DPTG counting.
    #[strum(
        serialize = "2000",
        message = "farthest from the home country (DPTG counting); fleets first; then alphabetical (2000)"
    )]
    HomeCountryDistance(HomeCountryDistance),
    /// 4.D.8 c (2023/2025EE): farthest from an owned supply centre, counting plain adjacency,
    /// fleets before armies, then alphabetically by province name.
    #[strum(
        serialize = "2023",
        message = "farthest from an owned centre by plain adjacency; fleets first; then alphabetical (2023)"
    )]
    OwnedCentreDistance(OwnedCentreDistance),
    /// Alexander Rules III.5.h: most successful moves to a home centre through the current
    /// occupation, own convoys included; no fleet-first rule.
    #[strum(
        serialize = "alexander",
        message = "most moves to a home centre through the current occupation (own convoys count); then alphabetical (Alexander III.5.h)"
    )]
    AlexanderDistance(AlexanderDistance),
    /// DATC 2.4 4.D.8 b: regular moves, a convoy one move, only over seas with own fleets.
    #[strum(
        serialize = "1971-own-fleets",
        message = "farthest from a home centre; a convoy counts one move but needs the power's own fleets; fleets first (2.4 b)"
    )]
    HomeCentreOwnFleets(HomeCentreOwnFleets),
    /// DATC 2.4 4.D.8 c: regular moves, a convoy one move, over seas with any fleets.
    #[strum(
        serialize = "1971-any-fleets",
        message = "farthest from a home centre; a convoy counts one move over seas holding any fleets; fleets first (2.4 c)"
    )]
    HomeCentreAnyFleets(HomeCentreAnyFleets),
    /// DATC 2.4 4.D.8 e: fleets and armies share each other's abilities (plain adjacency).
    #[strum(
        serialize = "1971-shared",
        message = "farthest from a home centre, armies and fleets both moving over land and sea; fleets first (2.4 e)"
    )]
    HomeCentreShared(HomeCentreShared),
    /// The house rule DATC 2.4 4.D.8 describes last: the least recently produced unit not on
    /// a supply centre is removed first. Needs the game's history (`diplo game`); where it is
    /// not known, and between units produced together, the 2023 rule decides.
    #[strum(
        serialize = "least-recently-produced",
        message = "the least recently produced unit not on a supply centre first (house rule, DATC 2.4 4.D.8); else as 2023"
    )]
    LeastRecentlyProduced(LeastRecentlyProduced),
    /// Droidippy's (and godip's) rule: farthest from the nearest home centre counting plain
    /// adjacency (any army or fleet edge, whatever the unit), fleets first, then by the
    /// province's abbreviation (its short name, byte order) rather than its full name.
    #[strum(
        serialize = "1971-shared-abbreviation",
        message = "farthest from a home centre by plain adjacency; fleets first; then by province abbreviation (Droidippy/godip)"
    )]
    HomeCentrePlainByAbbreviation(HomeCentrePlainByAbbreviation),
}

fn fleets_at_sea(cx: &RemovalContext, own_only: bool) -> Vec<bool> {
    let mut mask = vec![false; cx.map.provinces().len()];
    for &(power, kind, loc) in cx.units {
        if kind == diplo_map::UnitKind::Fleet
            && cx.map.can_convoy_through(loc.province)
            && (!own_only || power == cx.power)
        {
            mask[loc.province.index()] = true;
        }
    }
    mask
}

fn convoy_counting(
    cx: &RemovalContext,
    candidates: &[RemovalCandidate],
    sea_ok: &dyn Fn(diplo_map::ProvinceId) -> bool,
) -> Vec<usize> {
    let targets = targets_mask(cx.map, cx.map.home_centres(cx.power).iter().copied());
    let dist: Vec<u32> = candidates
        .iter()
        .map(|c| match c.kind {
            diplo_map::UnitKind::Army => {
                crate::distance::army_distance_via(cx.map, c.location.province, &targets, sea_ok)
            }
            diplo_map::UnitKind::Fleet => {
                crate::distance::fleet_distance(cx.map, c.location, &targets)
            }
        })
        .collect();
    removal_by(cx, candidates, &dist, true)
}

impl CivilDisorderRemoval for HomeCentreOwnFleets {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let seas = fleets_at_sea(cx, true);
        convoy_counting(cx, candidates, &|p| seas[p.index()])
    }
}

impl CivilDisorderRemoval for HomeCentreAnyFleets {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let seas = fleets_at_sea(cx, false);
        convoy_counting(cx, candidates, &|p| seas[p.index()])
    }
}

/// Plain-adjacency distance from each candidate to the nearest home centre of the power.
fn plain_home_distances(cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
    let plain = crate::distance::plain_distances(cx.map, cx.map.home_centres(cx.power));
    candidates
        .iter()
        .map(|c| plain[c.location.province.index()])
        .collect()
}

impl CivilDisorderRemoval for HomeCentreShared {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        removal_by(cx, candidates, &plain_home_distances(cx, candidates), true)
    }
}

impl CivilDisorderRemoval for HomeCentrePlainByAbbreviation {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let dist = plain_home_distances(cx, candidates);
        removal_sorted(candidates, &dist, true, |p| {
            cx.map.province(p).name.as_bytes().to_vec()
        })
    }
}

/// Sorts by distance (farthest first), then optionally fleets first, then province name.
fn removal_by(
    cx: &RemovalContext,
    candidates: &[RemovalCandidate],
    dist: &[u32],
    fleets_first: bool,
) -> Vec<usize> {
    removal_sorted(candidates, dist, fleets_first, |p| {
        cx.map.province(p).full_name.to_lowercase().into_bytes()
    })
}

/// Sorts by distance (farthest first), then optionally fleets first, then by `name_key` of
/// the province.
fn removal_sorted(
    candidates: &[RemovalCandidate],
    dist: &[u32],
    fleets_first: bool,
    name_key: impl Fn(diplo_map::ProvinceId) -> Vec<u8>,
) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..candidates.len()).collect();
    idx.sort_by(|&a, &b| {
        let (ca, cb) = (&candidates[a], &candidates[b]);
        dist[b]
            .cmp(&dist[a])
            .then_with(|| {
                if fleets_first {
                    let fa = ca.kind == diplo_map::UnitKind::Fleet;
                    let fb = cb.kind == diplo_map::UnitKind::Fleet;
                    fb.cmp(&fa)
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .then_with(|| name_key(ca.location.province).cmp(&name_key(cb.location.province)))
    });
    idx
}

fn targets_mask(
    map: &diplo_map::Map,
    targets: impl Iterator<Item = diplo_map::ProvinceId>,
) -> Vec<bool> {
    let mut mask = vec![false; map.provinces().len()];
    for t in targets {
        mask[t.index()] = true;
    }
    mask
}

/// DPTG counting: armies over land and sea (plain adjacency), fleets by fleet moves.
fn dptg_distances(
    cx: &RemovalContext,
    candidates: &[RemovalCandidate],
    targets: &[bool],
) -> Vec<u32> {
    let list: Vec<diplo_map::ProvinceId> = cx
        .map
        .province_ids()
        .filter(|p| targets[p.index()])
        .collect();
    let plain = crate::distance::plain_distances(cx.map, &list);
    candidates
        .iter()
        .map(|c| match c.kind {
            diplo_map::UnitKind::Army => plain[c.location.province.index()],
            diplo_map::UnitKind::Fleet => {
                crate::distance::fleet_distance(cx.map, c.location, targets)
            }
        })
        .collect()
}

impl CivilDisorderRemoval for HomeCentreDistance {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let targets = targets_mask(cx.map, cx.map.home_centres(cx.power).iter().copied());
        removal_by(
            cx,
            candidates,
            &dptg_distances(cx, candidates, &targets),
            true,
        )
    }
}

impl CivilDisorderRemoval for HomeCentreLandDistance {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let targets = targets_mask(cx.map, cx.map.home_centres(cx.power).iter().copied());
        let dist: Vec<u32> = candidates
            .iter()
            .map(|c| match c.kind {
                diplo_map::UnitKind::Army => crate::distance::army_distance_convoy_step(
                    cx.map,
                    c.location.province,
                    &targets,
                ),
                diplo_map::UnitKind::Fleet => {
                    crate::distance::fleet_distance(cx.map, c.location, &targets)
                }
            })
            .collect();
        removal_by(cx, candidates, &dist, true)
    }
}

impl CivilDisorderRemoval for HomeCountryDistance {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let country = cx.map.province_ids().filter(|p| {
            let prov = cx.map.province(*p);
            prov.country == Some(cx.power) || prov.home == Some(cx.power)
        });
        let targets = targets_mask(cx.map, country);
        removal_by(
            cx,
            candidates,
            &dptg_distances(cx, candidates, &targets),
            true,
        )
    }
}

impl CivilDisorderRemoval for OwnedCentreDistance {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let plain = crate::distance::plain_distances(cx.map, cx.owned);
        let dist: Vec<u32> = candidates
            .iter()
            .map(|c| plain[c.location.province.index()])
            .collect();
        removal_by(cx, candidates, &dist, true)
    }
}

impl CivilDisorderRemoval for LeastRecentlyProduced {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let fallback = OwnedCentreDistance.removal_order(cx, candidates);
        let mut rank = vec![0usize; candidates.len()];
        for (r, &i) in fallback.iter().enumerate() {
            rank[i] = r;
        }
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        order.sort_by_key(|&i| {
            let c = &candidates[i];
            let on_centre = cx.map.province(c.location.province).supply_centre;
            (on_centre, c.produced.unwrap_or(u64::MAX), rank[i])
        });
        order
    }
}

impl CivilDisorderRemoval for AlexanderDistance {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let targets = targets_mask(cx.map, cx.map.home_centres(cx.power).iter().copied());
        let dist: Vec<u32> = candidates
            .iter()
            .map(|c| crate::distance::alexander_distance(cx, c, &targets))
            .collect();
        removal_by(cx, candidates, &dist, false)
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
    /// Whether an order is legal when it could be valid in some position, judged on the map
    /// alone (any sea may hold a fleet), rather than only in the current position (DATC 2.4
    /// 4.E.1 c against d). A convoyed move whose fleets are not there is then a legal move.
    fn legal_if_valid_in_some_position(&self) -> bool {
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
    /// DPTG VII: an illegal move is treated as a hold that may receive no support to hold.
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

#[cfg(test)]
mod least_recently_produced_tests {
    use super::*;

    #[test]
    fn the_oldest_unit_off_the_centres_goes_first_then_the_2023_order() {
        let map = diplo_map::Map::standard();
        let fr = map.power_by_name("France").unwrap();
        let at = |n: &str| diplo_map::Location::province(map.province_by_name(n).unwrap());
        let cand = |n: &str, produced| RemovalCandidate {
            kind: diplo_map::UnitKind::Army,
            location: at(n),
            produced,
        };
        // par is a centre; pic (5) is older than bur (9); gas has no known time.
        let candidates = [
            cand("par", Some(0)),
            cand("bur", Some(9)),
            cand("pic", Some(5)),
            cand("gas", None),
        ];
        let owned = [map.province_by_name("par").unwrap()];
        let units: Vec<_> = candidates
            .iter()
            .map(|c| (fr, c.kind, c.location))
            .collect();
        let cx = RemovalContext {
            map: &map,
            power: fr,
            owned: &owned,
            units: &units,
        };
        let order = CivilDisorder::from(LeastRecentlyProduced).removal_order(&cx, &candidates);
        assert_eq!(order, [2, 1, 3, 0]);
    }
}
