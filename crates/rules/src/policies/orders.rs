//! DATC 4.D: too many and too few orders (4.D.1 ... 4.D.9), builds and civil disorder.

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
    /// The centres distances are measured from: its home centres, or its owned centres where
    /// powers build anywhere (DATC 2.4 11.A).
    pub homes: &'a [diplo_map::ProvinceId],
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
    HomeCentrePlainByAbbreviation,
    HomeCentreDistanceByAbbreviation,
    DptgDistance
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
    /// The MILA `diplomacy` package's rule: distance to the nearest home centre counted as for
    /// `1971` (fleets by fleet moves, armies over land and sea), fleets first, then by the
    /// province's abbreviation (its short name, byte order) rather than its full name.
    #[strum(
        serialize = "1971-abbreviation",
        message = "as 1971 (DPTG counting, fleets first), ties broken by province abbreviation (MILA)"
    )]
    HomeCentreDistanceByAbbreviation(HomeCentreDistanceByAbbreviation),
    /// The DPTG's own rule (chapter XIII): distance to the nearest home centre counted as for
    /// `1971` (fleets by fleet moves, armies over land and sea), fleets first, then the DPTG's
    /// own alphabetical list, which files "Gulf of Bothnia" under B and "Gulf of Lyon" under L.
    #[strum(
        serialize = "dptg",
        message = "as 1971 (DPTG counting, fleets first), ties broken by the DPTG's own alphabetical list (Gulf of Bothnia under B, Gulf of Lyon under L; DPTG XIII)"
    )]
    DptgDistance(DptgDistance),
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
    let targets = targets_mask(cx.map, cx.homes.iter().copied());
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
    let plain = crate::distance::plain_distances(cx.map, cx.homes);
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

/// DPTG counting to the nearest of the centres distances are measured from.
fn home_centre_distances(cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
    let targets = targets_mask(cx.map, cx.homes.iter().copied());
    dptg_distances(cx, candidates, &targets)
}

impl CivilDisorderRemoval for HomeCentreDistance {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        removal_by(cx, candidates, &home_centre_distances(cx, candidates), true)
    }
}

impl CivilDisorderRemoval for HomeCentreDistanceByAbbreviation {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let dist = home_centre_distances(cx, candidates);
        removal_sorted(candidates, &dist, true, |p| {
            cx.map.province(p).name.as_bytes().to_vec()
        })
    }
}

impl CivilDisorderRemoval for DptgDistance {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let targets = targets_mask(cx.map, cx.map.home_centres(cx.power).iter().copied());
        let dist = dptg_distances(cx, candidates, &targets);
        removal_sorted(candidates, &dist, true, |p| {
            super::dptg_alphabet::dptg_sort_key(cx.map, p)
        })
    }
}

impl CivilDisorderRemoval for HomeCentreLandDistance {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let targets = targets_mask(cx.map, cx.homes.iter().copied());
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
        let targets = targets_mask(cx.map, cx.homes.iter().copied());
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
            homes: map.home_centres(fr),
            owned: &owned,
            units: &units,
        };
        let order = CivilDisorder::from(LeastRecentlyProduced).removal_order(&cx, &candidates);
        assert_eq!(order, [2, 1, 3, 0]);
    }
}
