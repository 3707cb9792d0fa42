//! DATC 4.D.8: which units a power that does not order its removals loses (civil disorder), and
//! the rule in words, so that a removal can say why it was this unit.

use enum_dispatch::enum_dispatch;
use strum::{EnumIter, EnumMessage, EnumString, IntoStaticStr};

#[allow(unused_imports)]
use super::*;

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

/// What a civil-disorder removal rule measures the distance to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemovalTarget {
    /// The nearest of the power's home centres (or of its owned centres, where powers build
    /// anywhere: [`RemovalContext::homes`]).
    HomeCentre,
    /// The power's home country (the 2000 rulebook).
    HomeCountry,
    /// The nearest supply centre the power owns (the 2023 rulebook).
    OwnedCentre,
}

impl RemovalTarget {
    /// In words: `the nearest home centre`.
    pub fn words(self) -> &'static str {
        match self {
            RemovalTarget::HomeCentre => "the nearest home centre",
            RemovalTarget::HomeCountry => "the home country",
            RemovalTarget::OwnedCentre => "the nearest owned supply centre",
        }
    }
}

/// A civil-disorder removal rule in words: what decides which unit goes, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RemovalRule {
    /// Whether the least recently produced unit not on a supply centre goes first, before any
    /// distance counts (a house rule, DATC 2.4 4.D.8).
    pub produced_first: bool,
    /// What the distance is measured to; the farthest unit goes first.
    pub to: RemovalTarget,
    /// How the moves are counted (`fleets by fleet moves, armies over land and sea`).
    pub counting: &'static str,
    /// Whether a fleet goes before an army as far away.
    pub fleets_first: bool,
    /// The last tie-break, between units as far away (`alphabetical order of the provinces'
    /// names`): the province first in it goes first.
    pub names: &'static str,
}

/// Which part of a [`RemovalRule`] put one unit before another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemovalDecider {
    /// The one not on a supply centre, or produced earlier ([`RemovalRule::produced_first`]).
    Produced,
    /// The farther one.
    Distance,
    /// As far away: the fleet before the army.
    FleetsFirst,
    /// As far away (and of one kind, where fleets go first): the names' order.
    Names,
}

impl RemovalRule {
    /// Which part of the rule puts `a` (at distance `dist_a`) before `b` (at `dist_b`), where
    /// the rule's order has `a` first.
    pub fn decided_by(
        &self,
        map: &diplo_map::Map,
        (a, dist_a): (&RemovalCandidate, u32),
        (b, dist_b): (&RemovalCandidate, u32),
    ) -> RemovalDecider {
        let produced = |c: &RemovalCandidate| {
            let on_centre = map.province(c.location.province).supply_centre;
            (on_centre, c.produced.unwrap_or(u64::MAX))
        };
        if self.produced_first && produced(a) != produced(b) {
            RemovalDecider::Produced
        } else if dist_a != dist_b {
            RemovalDecider::Distance
        } else if self.fleets_first && a.kind != b.kind {
            RemovalDecider::FleetsFirst
        } else {
            RemovalDecider::Names
        }
    }
}

/// DATC 4.D.8: which units a power that does not order its removals loses.
#[enum_dispatch]
pub trait CivilDisorderRemoval {
    /// Orders `candidates` (the power's units) so that the first ones are removed first.
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize>;

    /// Per candidate, the distance the rule measures (`u32::MAX`: no target reachable).
    fn distances(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32>;

    /// The rule in words, for the reason a removal gives.
    fn rule(&self) -> RemovalRule;
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

/// Distances counting regular moves, an army crossing seas `sea_ok` allows in one move.
fn convoy_counting(
    cx: &RemovalContext,
    candidates: &[RemovalCandidate],
    sea_ok: &dyn Fn(diplo_map::ProvinceId) -> bool,
) -> Vec<u32> {
    let targets = targets_mask(cx.map, cx.homes.iter().copied());
    candidates
        .iter()
        .map(|c| match c.kind {
            diplo_map::UnitKind::Army => {
                crate::distance::army_distance_via(cx.map, c.location.province, &targets, sea_ok)
            }
            diplo_map::UnitKind::Fleet => {
                crate::distance::fleet_distance(cx.map, c.location, &targets)
            }
        })
        .collect()
}

/// The words of the rules that measure to the nearest home centre, fleets first, then by the
/// provinces' full names.
const fn home_rule(counting: &'static str) -> RemovalRule {
    RemovalRule {
        produced_first: false,
        to: RemovalTarget::HomeCentre,
        counting,
        fleets_first: true,
        names: NAMES,
    }
}

const NAMES: &str = "alphabetical order of the provinces' names";
const ABBREVIATIONS: &str = "order of the provinces' abbreviations";
const DPTG_COUNTING: &str = "fleets by fleet moves, armies over land and sea";
const PLAIN_COUNTING: &str = "every adjacent province, whatever the unit";

impl CivilDisorderRemoval for HomeCentreOwnFleets {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        removal_by(cx, candidates, &self.distances(cx, candidates), true)
    }
    fn distances(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
        let seas = fleets_at_sea(cx, true);
        convoy_counting(cx, candidates, &|p| seas[p.index()])
    }
    fn rule(&self) -> RemovalRule {
        home_rule("regular moves, a convoy by the power's own fleets counting as one move")
    }
}

impl CivilDisorderRemoval for HomeCentreAnyFleets {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        removal_by(cx, candidates, &self.distances(cx, candidates), true)
    }
    fn distances(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
        let seas = fleets_at_sea(cx, false);
        convoy_counting(cx, candidates, &|p| seas[p.index()])
    }
    fn rule(&self) -> RemovalRule {
        home_rule("regular moves, a convoy over seas holding any fleets counting as one move")
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
        removal_by(cx, candidates, &self.distances(cx, candidates), true)
    }
    fn distances(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
        plain_home_distances(cx, candidates)
    }
    fn rule(&self) -> RemovalRule {
        home_rule(PLAIN_COUNTING)
    }
}

impl CivilDisorderRemoval for HomeCentrePlainByAbbreviation {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let dist = self.distances(cx, candidates);
        removal_sorted(candidates, &dist, true, |p| {
            cx.map.province(p).name.as_bytes().to_vec()
        })
    }
    fn distances(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
        plain_home_distances(cx, candidates)
    }
    fn rule(&self) -> RemovalRule {
        RemovalRule {
            names: ABBREVIATIONS,
            ..home_rule(PLAIN_COUNTING)
        }
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
        removal_by(cx, candidates, &self.distances(cx, candidates), true)
    }
    fn distances(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
        home_centre_distances(cx, candidates)
    }
    fn rule(&self) -> RemovalRule {
        home_rule(DPTG_COUNTING)
    }
}

impl CivilDisorderRemoval for HomeCentreDistanceByAbbreviation {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let dist = self.distances(cx, candidates);
        removal_sorted(candidates, &dist, true, |p| {
            cx.map.province(p).name.as_bytes().to_vec()
        })
    }
    fn distances(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
        home_centre_distances(cx, candidates)
    }
    fn rule(&self) -> RemovalRule {
        RemovalRule {
            names: ABBREVIATIONS,
            ..home_rule(DPTG_COUNTING)
        }
    }
}

impl CivilDisorderRemoval for DptgDistance {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        let dist = self.distances(cx, candidates);
        removal_sorted(candidates, &dist, true, |p| dptg_sort_key(cx.map, p))
    }
    fn distances(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
        let targets = targets_mask(cx.map, cx.map.home_centres(cx.power).iter().copied());
        dptg_distances(cx, candidates, &targets)
    }
    fn rule(&self) -> RemovalRule {
        RemovalRule {
            names: "the DPTG's own alphabetical list of provinces",
            ..home_rule(DPTG_COUNTING)
        }
    }
}

impl CivilDisorderRemoval for HomeCentreLandDistance {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        removal_by(cx, candidates, &self.distances(cx, candidates), true)
    }
    fn distances(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
        let targets = targets_mask(cx.map, cx.homes.iter().copied());
        candidates
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
            .collect()
    }
    fn rule(&self) -> RemovalRule {
        home_rule("regular moves, a convoy counting as one move")
    }
}

impl CivilDisorderRemoval for HomeCountryDistance {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        removal_by(cx, candidates, &self.distances(cx, candidates), true)
    }
    fn distances(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
        let country = cx.map.province_ids().filter(|p| {
            let prov = cx.map.province(*p);
            prov.country == Some(cx.power) || prov.home == Some(cx.power)
        });
        let targets = targets_mask(cx.map, country);
        dptg_distances(cx, candidates, &targets)
    }
    fn rule(&self) -> RemovalRule {
        RemovalRule {
            to: RemovalTarget::HomeCountry,
            ..home_rule(DPTG_COUNTING)
        }
    }
}

impl CivilDisorderRemoval for OwnedCentreDistance {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        removal_by(cx, candidates, &self.distances(cx, candidates), true)
    }
    fn distances(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
        let plain = crate::distance::plain_distances(cx.map, cx.owned);
        candidates
            .iter()
            .map(|c| plain[c.location.province.index()])
            .collect()
    }
    fn rule(&self) -> RemovalRule {
        RemovalRule {
            to: RemovalTarget::OwnedCentre,
            ..home_rule(PLAIN_COUNTING)
        }
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
    fn distances(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
        OwnedCentreDistance.distances(cx, candidates)
    }
    fn rule(&self) -> RemovalRule {
        RemovalRule {
            produced_first: true,
            ..OwnedCentreDistance.rule()
        }
    }
}

impl CivilDisorderRemoval for AlexanderDistance {
    fn removal_order(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<usize> {
        removal_by(cx, candidates, &self.distances(cx, candidates), false)
    }
    fn distances(&self, cx: &RemovalContext, candidates: &[RemovalCandidate]) -> Vec<u32> {
        let targets = targets_mask(cx.map, cx.homes.iter().copied());
        candidates
            .iter()
            .map(|c| crate::distance::alexander_distance(cx, c, &targets))
            .collect()
    }
    fn rule(&self) -> RemovalRule {
        RemovalRule {
            fleets_first: false,
            ..home_rule(
                "successful moves through the current occupation, the power's own convoys included",
            )
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
            homes: map.home_centres(fr),
            owned: &owned,
            units: &units,
        };
        let order = CivilDisorder::from(LeastRecentlyProduced).removal_order(&cx, &candidates);
        assert_eq!(order, [2, 1, 3, 0]);
    }
}

#[cfg(test)]
mod decider_tests {
    use super::*;

    #[test]
    fn each_part_of_the_rule_is_named_where_it_decides() {
        let map = diplo_map::Map::standard();
        let at = |n: &str| diplo_map::Location::province(map.province_by_name(n).unwrap());
        let unit = |kind, n: &str, produced| RemovalCandidate {
            kind,
            location: at(n),
            produced,
        };
        let (army, fleet) = (diplo_map::UnitKind::Army, diplo_map::UnitKind::Fleet);
        let rule = CivilDisorder::from(LeastRecentlyProduced).rule();
        // par is a centre: the unit off the centres goes first, whatever the distances.
        let (pic, par) = (unit(army, "pic", Some(5)), unit(army, "par", Some(0)));
        assert_eq!(
            rule.decided_by(&map, (&pic, 1), (&par, 4)),
            RemovalDecider::Produced
        );
        let rule = CivilDisorder::from(OwnedCentreDistance).rule();
        assert!(!rule.produced_first);
        assert_eq!(
            rule.decided_by(&map, (&pic, 3), (&par, 2)),
            RemovalDecider::Distance
        );
        let nth = unit(fleet, "nth", None);
        let bur = unit(army, "bur", None);
        assert_eq!(
            rule.decided_by(&map, (&nth, 2), (&bur, 2)),
            RemovalDecider::FleetsFirst
        );
        assert_eq!(
            rule.decided_by(&map, (&bur, 2), (&pic, 2)),
            RemovalDecider::Names
        );
        // No fleet-first rule: an army and a fleet as far away are told apart by name.
        let rule = CivilDisorder::from(AlexanderDistance).rule();
        assert_eq!(
            rule.decided_by(&map, (&bur, 2), (&nth, 2)),
            RemovalDecider::Names
        );
    }
}
