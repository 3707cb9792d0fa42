//! DATC 4.A: convoy issues (4.A.1 multi-route disruption ... 4.A.7 avoiding a head-to-head).

use enum_dispatch::enum_dispatch;
use strum::{EnumIter, EnumMessage, EnumString, IntoStaticStr};

#[allow(unused_imports)]
use super::*;

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
    /// The fleets ordered to convoy exactly this move form a route from the army to its
    /// destination (whatever then happens to them).
    pub convoy_route_ordered: bool,
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
    OwnFleetOrViaFallback,
    AdjacentMila
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
    /// The MILA `diplomacy` package: as DATC 2.4 (`datc-2.4`), but the convoy counts only when
    /// the fleets ordered to convoy the move form a route; otherwise the army moves over land,
    /// `via convoy` or not.
    #[strum(
        serialize = "mila",
        message = "convoy if an own fleet convoys or 'via convoy' and the convoying fleets form a route; otherwise over land (MILA)"
    )]
    AdjacentMila(AdjacentMila),
}

impl ConvoyToAdjacent for AdjacentMila {
    fn adjacent_route(&self, mv: AdjacentMove) -> AdjacentRoute {
        if (mv.via_convoy || mv.own_fleet_convoys) && mv.convoy_route_ordered {
            AdjacentRoute::Convoy
        } else {
            AdjacentRoute::Land
        }
    }
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
