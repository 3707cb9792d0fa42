//! Adjudicating an adjustment phase: builds, disbands, declined builds and civil disorder.

use diplo_map::{BuildRule, Location, Map, PowerId, ProvinceId, Terrain, UnitKind};
use diplo_orders::{Order, WrittenCoast};
use diplo_rules::policies::*;
use diplo_rules::Ruleset;

use crate::outcome::{Adjudication, AutomaticAction, OrderResult, Resolution};
use crate::position::{Phase, PhaseKind, Position, Unit};

/// Adjudicates the orders of an adjustment phase, top to bottom per power (DATC 4.D.4-4.D.6).
pub fn adjudicate_adjustments(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
    produced: &[(Location, u64)],
) -> Adjudication {
    let mut results: Vec<Option<OrderResult>> = vec![None; orders.len()];
    let mut units = pos.units.clone();
    let mut automatic = Vec::new();
    for power in map.power_ids() {
        let is_convert = |i: usize| matches!(orders[i].1, Order::Convert { .. });
        let mine: Vec<usize> = (0..orders.len())
            .filter(|&i| orders[i].0 == power && !is_convert(i))
            .collect();
        let delta = pos.counted_centres(map, power) as i64 - pos.unit_count(power) as i64;
        // Legality of each order on its own; then precedence among the legal ones.
        let mut legal: Vec<(usize, Action)> = Vec::new();
        for &i in &mine {
            match check(map, rules, pos, power, &orders[i].1, delta) {
                Ok(a) => legal.push((i, a)),
                Err(e) => {
                    results[i] = Some(result(i, orders, Resolution::from_error(&e), e.reason))
                }
            }
        }
        // 4.D.5 several builds in one province; 4.D.6 / 4.D.3 the same unit twice.
        let prec_double = rules.double_build.precedence();
        legal = dedupe(legal, prec_double, &mut results, orders);
        // 4.D.4 / 4.D.6: too many.
        let allowed = delta.unsigned_abs() as usize;
        let prec = if delta > 0 {
            rules.too_many_builds.precedence()
        } else {
            rules.too_many_disbands.precedence()
        };
        let used: Vec<(usize, Action)> = match prec {
            _ if legal.len() <= allowed => legal.clone(),
            Precedence::First => legal[..allowed].to_vec(),
            Precedence::Last => legal[legal.len() - allowed..].to_vec(),
            Precedence::None => Vec::new(),
        };
        for (i, _) in &legal {
            if !used.iter().any(|(j, _)| j == i) {
                let why = if delta > 0 {
                    format!("{} may build only {allowed}", map.power(power).name)
                } else {
                    format!("{} must remove only {allowed}", map.power(power).name)
                };
                results[*i] = Some(result(*i, orders, Resolution::Illegal, why));
            }
        }
        let mut removed = 0usize;
        for (i, a) in &used {
            match *a {
                Action::Build(unit) => units.push(unit),
                Action::Decline => {}
                Action::Disband(loc) => {
                    units.retain(|u| u.location != loc);
                    removed += 1;
                }
            }
            results[*i] = Some(result(*i, orders, Resolution::Succeeds, String::new()));
        }
        if delta > 0 && map.power(power).rebuild {
            rebuild_neutral(map, pos, power, delta as usize, &mut units, &mut automatic);
        }
        // Civil disorder: removals not ordered (4.D.8).
        if delta < 0 && removed < allowed {
            let remaining: Vec<Unit> = units.iter().copied().filter(|u| u.power == power).collect();
            let candidates: Vec<RemovalCandidate> = remaining
                .iter()
                .map(|u| RemovalCandidate {
                    kind: u.kind,
                    location: u.location,
                    produced: produced
                        .iter()
                        .find(|(l, _)| l.province == u.location.province)
                        .map(|(_, n)| *n),
                })
                .collect();
            let owned: Vec<ProvinceId> = map
                .province_ids()
                .filter(|p| pos.owners[p.index()] == Some(power))
                .collect();
            let board: Vec<(PowerId, UnitKind, Location)> = units
                .iter()
                .map(|u| (u.power, u.kind, u.location))
                .collect();
            let homes = civil_disorder_homes(map, rules, power, &owned);
            let rcx = RemovalContext {
                map,
                power,
                homes: &homes,
                owned: &owned,
                units: &board,
            };
            let order = rules.civil_disorder.removal_order(&rcx, &candidates);
            for &k in order.iter().take(allowed - removed) {
                let unit = remaining[k];
                units.retain(|u| u.location != unit.location);
                automatic.push(AutomaticAction {
                    unit,
                    reason: "removed: civil disorder".into(),
                });
            }
        }
        // Conversions (Era of Empire), after this power's builds and removals.
        let mut converted: Vec<ProvinceId> = Vec::new();
        for i in (0..orders.len()).filter(|&i| orders[i].0 == power && is_convert(i)) {
            let Order::Convert { unit } = &orders[i].1 else {
                continue;
            };
            let r = convert(map, rules, pos, power, unit, &units, &converted);
            results[i] = Some(match r {
                Ok(new) => {
                    converted.push(new.location.province);
                    units.retain(|u| u.location.province != new.location.province);
                    units.push(new);
                    result(i, orders, Resolution::Succeeds, String::new())
                }
                Err(why) => result(i, orders, Resolution::Illegal, why),
            });
        }
    }
    let results = results
        .into_iter()
        .map(|r| r.expect("every adjustment order gets a result"))
        .collect();
    let (year, season) = map.calendar.next(pos.phase.year, pos.phase.season);
    let next_phase = Phase {
        year,
        season,
        kind: PhaseKind::Movement,
    };
    let next = Position {
        phase: next_phase,
        units,
        owners: pos.owners.clone(),
        dislodged: Vec::new(),
        contested: Vec::new(),
    };
    Adjudication {
        results,
        unordered_dislodged: Vec::new(),
        retreats: Vec::new(),
        automatic,
        unresolved: Vec::new(),
        next,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Build(Unit),
    Decline,
    Disband(Location),
}

impl Action {
    fn province(&self) -> Option<ProvinceId> {
        match self {
            Action::Build(u) => Some(u.location.province),
            Action::Disband(l) => Some(l.province),
            Action::Decline => None,
        }
    }
}

struct Refusal {
    fails: bool,
    reason: String,
}

impl Resolution {
    fn from_error(e: &Refusal) -> Resolution {
        if e.fails {
            Resolution::Fails
        } else {
            Resolution::Illegal
        }
    }
}

fn illegal(reason: impl Into<String>) -> Refusal {
    Refusal {
        fails: false,
        reason: reason.into(),
    }
}

fn result(
    i: usize,
    orders: &[(PowerId, Order)],
    resolution: Resolution,
    reason: String,
) -> OrderResult {
    OrderResult {
        index: i,
        power: orders[i].0,
        order: orders[i].1.clone(),
        resolution,
        tag: None,
        reason,
    }
}

fn dedupe(
    legal: Vec<(usize, Action)>,
    prec: Precedence,
    results: &mut [Option<OrderResult>],
    orders: &[(PowerId, Order)],
) -> Vec<(usize, Action)> {
    let mut keep: Vec<(usize, Action)> = Vec::new();
    let mut dropped = vec![false; legal.len()];
    for (a, (_, act)) in legal.iter().enumerate() {
        let Some(p) = act.province() else { continue };
        let same: Vec<usize> = (0..legal.len())
            .filter(|&b| legal[b].1.province() == Some(p))
            .collect();
        if same.len() < 2 {
            continue;
        }
        let winner = match prec {
            Precedence::First => Some(same[0]),
            Precedence::Last => Some(*same.last().unwrap()),
            Precedence::None => None,
        };
        // Two disbands of the same unit: only the first counts, whatever the build rule.
        let winner = if matches!(act, Action::Disband(_)) {
            Some(same[0])
        } else {
            winner
        };
        if winner != Some(a) {
            dropped[a] = true;
        }
    }
    for (a, item) in legal.into_iter().enumerate() {
        if dropped[a] {
            let why = match item.1 {
                Action::Disband(_) => "the unit is already disbanded by an earlier order",
                _ => "another build order names the same province",
            };
            results[item.0] = Some(result(item.0, orders, Resolution::Illegal, why.into()));
        } else {
            keep.push(item);
        }
    }
    keep
}

fn check(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    power: PowerId,
    order: &Order,
    delta: i64,
) -> Result<Action, Refusal> {
    match order {
        Order::Build { unit } => {
            if delta <= 0 {
                return Err(illegal(format!("{} has no builds", map.power(power).name)));
            }
            let p = unit.place.province;
            let prov = map.province(p);
            if pos.owners[p.index()] != Some(power) {
                return Err(illegal(format!(
                    "{} does not own {}",
                    map.power(power).name,
                    prov.full_name
                )));
            }
            may_build_in(map, rules, pos, power, p).map_err(illegal)?;
            if pos.unit_in(p).is_some() {
                return Err(illegal(format!("{} is occupied", prov.full_name)));
            }
            let type_rule = rules.build_unit_type.build_type_rule();
            let kind = match unit.kind {
                Some(k) => k,
                None if prov.terrain == Terrain::Inland
                    && type_rule != BuildTypeRule::AlwaysRequired =>
                {
                    UnitKind::Army
                }
                None if type_rule == BuildTypeRule::FleetIfCoastGiven
                    && matches!(unit.place.coast, Some(WrittenCoast::Known(_))) =>
                {
                    UnitKind::Fleet
                }
                None => {
                    return Err(illegal(format!(
                        "the unit type (A or F) is missing for a build in {}",
                        prov.full_name
                    )))
                }
            };
            let kind = if kind == UnitKind::Fleet && !prov.terrain.is_navigable() {
                match rules.inland_fleet_build.inland_fleet_build() {
                    InlandFleetBuild::Illegal => {
                        return Err(illegal(format!(
                            "a fleet cannot be built in {}, which is inland",
                            prov.full_name
                        )))
                    }
                    InlandFleetBuild::Army => UnitKind::Army,
                }
            } else {
                kind
            };
            let location = match (kind, &unit.place.coast) {
                (UnitKind::Fleet, _) if prov.is_multi_coast() => match &unit.place.coast {
                    Some(WrittenCoast::Known(c)) => Location::coast(p, *c),
                    _ if rules.build_coast.omitted_build_coast_fails() => {
                        return Err(Refusal {
                            fails: true,
                            reason: format!(
                                "a fleet built in {} must name its coast",
                                prov.full_name
                            ),
                        })
                    }
                    _ => Location::coast(p, 0),
                },
                (_, Some(WrittenCoast::Unknown(c)))
                | (UnitKind::Army, Some(WrittenCoast::Unknown(c)))
                    if rules.unknown_coast.reading() == Reading::Illegal =>
                {
                    return Err(illegal(format!("{} has no coast `{c}`", prov.full_name)))
                }
                (UnitKind::Army, Some(_)) if rules.unknown_coast.reading() == Reading::Illegal => {
                    return Err(illegal("an army is built in a province, not on a coast"))
                }
                _ => Location::province(p),
            };
            Ok(Action::Build(Unit {
                power,
                kind,
                location,
            }))
        }
        Order::Decline => {
            if delta <= 0 {
                return Err(illegal(format!(
                    "{} has no builds to decline",
                    map.power(power).name
                )));
            }
            if !rules.declining_builds.may_decline() {
                return Err(illegal("declining builds is not allowed"));
            }
            Ok(Action::Decline)
        }
        Order::Disband { unit } => {
            if delta >= 0 {
                return Err(illegal(format!(
                    "{} has no units to remove",
                    map.power(power).name
                )));
            }
            let p = unit.place.province;
            let Some(u) = pos.unit_in(p) else {
                return Err(illegal(format!(
                    "there is no unit in {}",
                    map.province(p).full_name
                )));
            };
            if u.power != power {
                return Err(illegal(format!(
                    "the unit in {} belongs to {}",
                    map.province(p).full_name,
                    map.power(u.power).name
                )));
            }
            if unit.kind.is_some_and(|k| k != u.kind)
                && rules.wrong_unit_type.reading() == Reading::Illegal
            {
                return Err(illegal(format!(
                    "the unit in {} is not {}",
                    map.province(p).full_name,
                    unit.kind.unwrap().word()
                )));
            }
            Ok(Action::Disband(u.location))
        }
        _ => Err(illegal(
            "only builds, disbands and declined builds in an adjustment phase",
        )),
    }
}

/// Whether `power` may build in `p`, which it owns, under the build rule in force (the map's
/// `build` key, or the ruleset's `builds` house rule): why not, if not.
pub(crate) fn may_build_in(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    power: PowerId,
    p: ProvinceId,
) -> Result<(), String> {
    let prov = map.province(p);
    let name = &map.power(power).name;
    if !map.centre_counts_for(p, power) {
        return Err(format!(
            "{} is not a supply centre for {name}",
            prov.full_name
        ));
    }
    if map.power(power).no_build.contains(&p) {
        return Err(format!("{name} may never build in {}", prov.full_name));
    }
    if map.power(power).neutral {
        // A neutral power builds (rebuilds) only in the centres it started with.
        return if map.power(power).rebuild && map.power(power).centres.contains(&p) {
            Ok(())
        } else {
            Err(format!(
                "{name} is neutral and rebuilds only in its starting centres"
            ))
        };
    }
    let owns_home = || {
        map.home_centres(power)
            .iter()
            .any(|&c| pos.owners[c.index()] == Some(power))
    };
    match rules.builds.rule(map) {
        BuildRule::HomeCentres if prov.home != Some(power) => {
            Err(format!("{} is not a home centre of {name}", prov.full_name))
        }
        BuildRule::OwnedCentresIfHome if prov.home != Some(power) && !owns_home() => Err(format!(
            "{name} owns none of its home centres, so it builds only in them"
        )),
        BuildRule::BuildSites if !map.power(power).build_sites.contains(&p) => {
            Err(format!("{} is not a build site of {name}", prov.full_name))
        }
        _ => Ok(()),
    }
}

/// The centres that count as home for the civil-disorder distance: the home centres, or the
/// owned centres where powers build anywhere (DATC 2.4 11.A).
pub(crate) fn civil_disorder_homes(
    map: &Map,
    rules: &Ruleset,
    power: PowerId,
    owned: &[ProvinceId],
) -> Vec<ProvinceId> {
    match rules.builds.rule(map) {
        BuildRule::OwnedCentres => owned.to_vec(),
        _ => map.home_centres(power).to_vec(),
    }
}

/// A neutral power that rebuilds (the map's `rebuild`) builds a unit in each of its starting
/// centres that it still owns and that is empty, up to its builds: the kind of its starting unit
/// there, else an army.
fn rebuild_neutral(
    map: &Map,
    pos: &Position,
    power: PowerId,
    builds: usize,
    units: &mut Vec<Unit>,
    automatic: &mut Vec<AutomaticAction>,
) {
    let mut left = builds;
    for &c in &map.power(power).centres {
        if left == 0 {
            break;
        }
        if pos.owners[c.index()] != Some(power) || units.iter().any(|u| u.location.province == c) {
            continue;
        }
        let (kind, location) = map
            .power(power)
            .units
            .iter()
            .find(|u| u.location.province == c)
            .map_or((UnitKind::Army, Location::province(c)), |u| {
                (u.kind, u.location)
            });
        let unit = Unit {
            power,
            kind,
            location,
        };
        units.push(unit);
        automatic.push(AutomaticAction {
            unit,
            reason: "built: a neutral power rebuilds in its empty home centre".into(),
        });
        left -= 1;
    }
}

/// A conversion (the 2025 Era of Empire rules): the power's unit in a supply centre it owns
/// becomes the other kind (a fleet on the coast written, in a multi-coast province). `units` is
/// the board after this winter's builds and removals; `converted` the provinces already
/// converted. Why not, if not.
fn convert(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    power: PowerId,
    unit: &diplo_orders::UnitRef,
    units: &[Unit],
    converted: &[ProvinceId],
) -> Result<Unit, String> {
    if rules.unit_conversion.rule(map) != diplo_map::Conversion::OwnedCentres {
        return Err("units are not converted under these rules (unit_conversion)".into());
    }
    let p = unit.place.province;
    let prov = map.province(p);
    let name = &map.power(power).name;
    let Some(u) = units.iter().find(|u| u.location.province == p) else {
        return Err(format!("there is no unit in {} (any more)", prov.full_name));
    };
    if u.power != power {
        return Err(format!(
            "the unit in {} belongs to {}",
            prov.full_name,
            map.power(u.power).name
        ));
    }
    if pos.unit_in(p) != Some(u) {
        return Err(format!(
            "the unit in {} was built this winter",
            prov.full_name
        ));
    }
    if unit.kind.is_some_and(|k| k != u.kind) && rules.wrong_unit_type.reading() == Reading::Illegal
    {
        return Err(format!(
            "the unit in {} is not {}",
            prov.full_name,
            unit.kind.unwrap().word()
        ));
    }
    if pos.owners[p.index()] != Some(power) || !map.centre_counts_for(p, power) {
        return Err(format!(
            "{} is not a supply centre {name} owns",
            prov.full_name
        ));
    }
    if converted.contains(&p) {
        return Err(format!(
            "the unit in {} is already converted",
            prov.full_name
        ));
    }
    let location = match u.kind {
        UnitKind::Fleet => Location::province(p),
        UnitKind::Army if !prov.terrain.is_navigable() => {
            return Err(format!(
                "an army in {}, which is inland, cannot become a fleet",
                prov.full_name
            ));
        }
        UnitKind::Army if prov.is_multi_coast() => match &unit.place.coast {
            Some(WrittenCoast::Known(c)) => Location::coast(p, *c),
            _ => {
                return Err(format!(
                    "name the coast the fleet will stand on (`Convert A {}/{}`)",
                    prov.name, prov.coasts[0].name
                ))
            }
        },
        UnitKind::Army => Location::province(p),
    };
    let kind = match u.kind {
        UnitKind::Army => UnitKind::Fleet,
        UnitKind::Fleet => UnitKind::Army,
    };
    Ok(Unit {
        power,
        kind,
        location,
    })
}
