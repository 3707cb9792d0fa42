//! Adjudicating an adjustment phase: builds, disbands, declined builds, civil disorder (its
//! removals in `civil_disorder`) and conversions.

use diplo_map::{BuildRule, Location, Map, PowerId, ProvinceId, Terrain, UnitKind};
use diplo_orders::{Order, UnitRef, WrittenCoast};
use diplo_rules::policies::*;
use diplo_rules::Ruleset;

use crate::interpret::no_coast;
use crate::outcome::{Adjudication, AutomaticAction, AutomaticKind, OrderResult, Resolution};
use crate::position::{Phase, PhaseKind, Position, Unit};
use crate::reason::{CoastIn, Fact, Reason, Text, Why};

/// Adjudicates the orders of an adjustment phase, top to bottom per power (DATC 4.D.4-4.D.6).
pub fn adjudicate_adjustments(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
    produced: &[(Location, u64)],
) -> Adjudication {
    let deltas = deltas(map, pos);
    // Room for every build at once (a neutral power's rebuilds are builds too).
    let builds: usize = deltas.iter().map(|&d| d.max(0) as usize).sum();
    let mut units = Vec::with_capacity(pos.units.len() + builds);
    units.extend_from_slice(&pos.units);
    let mut w = Winter {
        map,
        rules,
        pos,
        orders,
        produced,
        results: vec![None; orders.len()],
        units,
        automatic: Vec::new(),
        legal: Vec::with_capacity(orders.len()),
    };
    for (power, delta) in map.power_ids().zip(deltas) {
        w.adjust_power(power, delta);
    }
    let results = w
        .results
        .into_iter()
        .map(|r| r.expect("every adjustment order gets a result"))
        .collect();
    let (year, season) = map.calendar.next(pos.phase.year, pos.phase.season);
    let next = Position {
        phase: Phase {
            year,
            season,
            kind: PhaseKind::Movement,
        },
        units: w.units,
        owners: pos.owners.clone(),
        dislodged: Vec::new(),
        contested: Vec::new(),
    };
    Adjudication {
        results,
        unordered_dislodged: Vec::new(),
        retreats: crate::outcome::Retreats::default(),
        automatic: w.automatic,
        unresolved: Vec::new(),
        next,
    }
}

/// Per power, its counted centres less its units: its builds (> 0) or removals (< 0).
pub(crate) fn deltas(map: &Map, pos: &Position) -> Vec<i64> {
    let counted = pos.counted_centres_by_power(map);
    let mut deltas: Vec<i64> = counted.into_iter().map(|c| c as i64).collect();
    for u in &pos.units {
        if let Some(d) = deltas.get_mut(u.power.index()) {
            *d -= 1;
        }
    }
    deltas
}

/// An adjustment phase being adjudicated: the orders' results and the units so far.
struct Winter<'a> {
    map: &'a Map,
    rules: &'a Ruleset,
    pos: &'a Position,
    orders: &'a [(PowerId, Order)],
    produced: &'a [(Location, u64)],
    results: Vec<Option<OrderResult>>,
    units: Vec<Unit>,
    automatic: Vec<AutomaticAction>,
    /// Spare room for one power's legal builds and removals (see [`Legal`]).
    legal: Vec<Legal>,
}

/// A power's legal build or removal: the order's index, what it does, and whether another
/// order for the same province or unit takes precedence over it.
#[derive(Clone, Copy)]
struct Legal {
    index: usize,
    action: Action,
    overruled: bool,
}

impl Winter<'_> {
    /// One power's builds or removals (`delta`: how many, see [`deltas`]), its civil
    /// disorder, then its conversions.
    fn adjust_power(&mut self, power: PowerId, delta: i64) {
        let allowed = delta.unsigned_abs() as usize;
        let mut used = std::mem::take(&mut self.legal);
        self.legal_within_allowance(power, delta, &mut used);
        let mut removed = 0usize;
        for l in &used {
            match l.action {
                Action::Build(unit) => self.units.push(unit),
                Action::Decline => {}
                Action::Disband(loc) => {
                    self.units.retain(|u| u.location != loc);
                    removed += 1;
                }
            }
            self.set(l.index, Resolution::Succeeds, Reason::NONE);
        }
        used.clear();
        self.legal = used;
        let map = self.map;
        if delta > 0 && map.power(power).rebuild {
            let units = &mut self.units;
            rebuild_neutral(map, self.pos, power, allowed, units, &mut self.automatic);
        }
        if delta < 0 && removed < allowed {
            let (rules, pos, produced) = (self.rules, self.pos, self.produced);
            let how_many = (power, allowed - removed, removed);
            let (units, automatic) = (&mut self.units, &mut self.automatic);
            crate::civil_disorder::removals(map, rules, pos, produced, units, how_many, automatic);
        }
        self.conversions(power);
    }

    fn set(&mut self, i: usize, resolution: Resolution, reason: Reason) {
        self.results[i] = Some(result(i, self.orders, resolution, reason));
    }

    fn is_convert(&self, i: usize) -> bool {
        matches!(self.orders[i].1, Order::Convert { .. })
    }

    /// Leaves in `legal` (empty) the power's builds and removals that count: each legal on its
    /// own (the others get their result now), no province or unit twice (4.D.5, 4.D.6, 4.D.3),
    /// no more than the power may make (4.D.4, 4.D.6), as the ruleset's precedences say.
    fn legal_within_allowance(&mut self, power: PowerId, delta: i64, legal: &mut Vec<Legal>) {
        let (map, rules) = (self.map, self.rules);
        for i in 0..self.orders.len() {
            if self.orders[i].0 != power || self.is_convert(i) {
                continue;
            }
            match check(map, rules, self.pos, power, &self.orders[i].1, delta) {
                Ok(action) => legal.push(Legal {
                    index: i,
                    action,
                    overruled: false,
                }),
                Err(e) => self.set(
                    i,
                    Resolution::from_error(&e),
                    Reason::from(Why::Text(e.reason)),
                ),
            }
        }
        self.dedupe(legal, rules.double_build.precedence());
        if delta > 0 && rules.declining_builds.declines_after_builds() {
            // A decline takes only a build the power's build orders leave (stable: the
            // builds keep their order, as do the declines).
            legal.sort_by_key(|l| matches!(l.action, Action::Decline));
        }
        let allowed = delta.unsigned_abs() as usize;
        let prec = if delta > 0 {
            rules.too_many_builds.precedence()
        } else {
            rules.too_many_disbands.precedence()
        };
        let n = legal.len();
        let used = match prec {
            _ if n <= allowed => 0..n,
            Precedence::First => 0..allowed,
            Precedence::Last => n - allowed..n,
            Precedence::None => 0..0,
        };
        for (k, l) in legal.iter().enumerate() {
            if !used.contains(&k) {
                let template = if delta > 0 {
                    "{} may build only {}"
                } else {
                    "{} must remove only {}"
                };
                let why = Reason::text(template, &[Fact::Power(power), Fact::Count(allowed)]);
                self.set(l.index, Resolution::Illegal, why);
            }
        }
        legal.truncate(used.end);
        legal.drain(..used.start);
    }

    /// Drops from `legal` the orders another order for the same province (or unit) overrules,
    /// as `prec` says (a unit's first disband always counts), giving them their results.
    fn dedupe(&mut self, legal: &mut Vec<Legal>, prec: Precedence) {
        for a in 0..legal.len() {
            legal[a].overruled = overruled(legal, a, prec);
        }
        for l in legal.iter().filter(|l| l.overruled) {
            let why = match l.action {
                Action::Disband(_) => "the unit is already disbanded by an earlier order",
                _ => "another build order names the same province",
            };
            self.set(l.index, Resolution::Illegal, Reason::plain(why));
        }
        legal.retain(|l| !l.overruled);
    }
    /// Conversions (Era of Empire), after the power's builds and removals.
    fn conversions(&mut self, power: PowerId) {
        let mut converted: Vec<ProvinceId> = Vec::new();
        for i in 0..self.orders.len() {
            let (p, order) = &self.orders[i];
            let Order::Convert { unit } = order else {
                continue;
            };
            if *p != power {
                continue;
            }
            let (map, rules, pos) = (self.map, self.rules, self.pos);
            match convert(map, rules, pos, power, unit, &self.units, &converted) {
                Ok(new) => {
                    converted.push(new.location.province);
                    self.units
                        .retain(|u| u.location.province != new.location.province);
                    self.units.push(new);
                    self.set(i, Resolution::Succeeds, Reason::NONE);
                }
                Err(why) => self.set(i, Resolution::Illegal, Reason::from(Why::Text(why))),
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action {
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

pub(crate) struct Refusal {
    fails: bool,
    reason: Text,
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

fn illegal(reason: Text) -> Refusal {
    Refusal {
        fails: false,
        reason,
    }
}

fn result(
    i: usize,
    orders: &[(PowerId, Order)],
    resolution: Resolution,
    reason: Reason,
) -> OrderResult {
    OrderResult {
        index: i,
        power: orders[i].0,
        resolution,
        tag: None,
        reason,
    }
}

/// Whether another of the `legal` orders for the same province (or unit) takes precedence
/// over order `a`, as `prec` says; of two disbands of one unit only the first counts, whatever
/// the build rule.
fn overruled(legal: &[Legal], a: usize, prec: Precedence) -> bool {
    let Some(p) = legal[a].action.province() else {
        return false;
    };
    let same = |l: &Legal| l.action.province() == Some(p);
    let first = legal.iter().position(same);
    let last = legal.iter().rposition(same);
    if first == last {
        return false;
    }
    let winner = match prec {
        _ if matches!(legal[a].action, Action::Disband(_)) => first,
        Precedence::First => first,
        Precedence::Last => last,
        Precedence::None => None,
    };
    winner != Some(a)
}

pub(crate) fn check(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    power: PowerId,
    order: &Order,
    delta: i64,
) -> Result<Action, Refusal> {
    let name = Fact::Power(power);
    match order {
        Order::Build { .. } | Order::Decline if delta <= 0 => {
            let what = if matches!(order, Order::Build { .. }) {
                "builds"
            } else {
                "builds to decline"
            };
            Err(illegal(Text::new(
                "{} has no {}",
                &[name, Fact::Word(what)],
            )))
        }
        Order::Build { unit } => check_build(map, rules, pos, power, unit),
        Order::Decline if !rules.declining_builds.may_decline() => {
            Err(illegal(Text::plain("declining builds is not allowed")))
        }
        Order::Decline => Ok(Action::Decline),
        Order::Disband { .. } if delta >= 0 => {
            Err(illegal(Text::new("{} has no units to remove", &[name])))
        }
        Order::Disband { unit } => check_disband(rules, pos, power, unit),
        _ => Err(illegal(Text::plain(
            "only builds, disbands and declined builds in an adjustment phase",
        ))),
    }
}

/// A build: in an owned centre the build rule allows, empty, of a kind and on a coast the
/// ruleset reads from what is written (4.D.2, 4.B.7).
fn check_build(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    power: PowerId,
    unit: &UnitRef,
) -> Result<Action, Refusal> {
    let p = unit.place.province;
    let prov = map.province(p);
    if pos.owners[p.index()] != Some(power) {
        return Err(illegal(Text::new(
            "{} does not own {}",
            &[Fact::Power(power), Fact::Province(p)],
        )));
    }
    may_build_in(map, rules, pos, power, p).map_err(illegal)?;
    if pos.unit_in(p).is_some() {
        return Err(illegal(Text::new("{} is occupied", &[Fact::Province(p)])));
    }
    let kind = build_kind(rules, prov, unit)?;
    let location = build_location(rules, prov, p, kind, &unit.place.coast)?;
    Ok(Action::Build(Unit {
        power,
        kind,
        location,
    }))
}

/// The kind of unit a build makes: as written, else as the ruleset infers it (an army inland,
/// a fleet where a coast is written); a fleet inland is refused or built as an army.
fn build_kind(
    rules: &Ruleset,
    prov: &diplo_map::Province,
    unit: &UnitRef,
) -> Result<UnitKind, Refusal> {
    let type_rule = rules.build_unit_type.build_type_rule();
    let kind = match unit.kind {
        Some(k) => k,
        None if prov.terrain == Terrain::Inland && type_rule != BuildTypeRule::AlwaysRequired => {
            UnitKind::Army
        }
        None if type_rule == BuildTypeRule::FleetIfCoastGiven
            && matches!(unit.place.coast, Some(WrittenCoast::Known(_))) =>
        {
            UnitKind::Fleet
        }
        None => {
            return Err(illegal(Text::new(
                "the unit type (A or F) is missing for a build in {}",
                &[Fact::Province(unit.place.province)],
            )))
        }
    };
    if kind == UnitKind::Fleet && !prov.terrain.is_navigable() {
        return match rules.inland_fleet_build.inland_fleet_build() {
            InlandFleetBuild::Illegal => Err(illegal(Text::new(
                "a fleet cannot be built in {}, which is inland",
                &[Fact::Province(unit.place.province)],
            ))),
            InlandFleetBuild::Army => Ok(UnitKind::Army),
        };
    }
    Ok(kind)
}

/// Where a build stands: a fleet in a multi-coast province on the coast written (or the first,
/// or refused, as the ruleset says); a coast that does not exist, or one written for an army,
/// refused where the ruleset reads it so.
fn build_location(
    rules: &Ruleset,
    prov: &diplo_map::Province,
    p: ProvinceId,
    kind: UnitKind,
    coast: &Option<WrittenCoast>,
) -> Result<Location, Refusal> {
    let strict = rules.unknown_coast.reading() == Reading::Illegal;
    match (kind, coast) {
        (UnitKind::Fleet, _) if prov.is_multi_coast() => match coast {
            Some(WrittenCoast::Known(c)) => Ok(Location::coast(p, *c)),
            _ if rules.build_coast.omitted_build_coast_fails() => Err(Refusal {
                fails: true,
                reason: Text::new(
                    "a fleet built in {} must name its coast",
                    &[Fact::Province(p)],
                ),
            }),
            _ => Ok(Location::coast(p, 0)),
        },
        (_, Some(WrittenCoast::Unknown(_))) if strict => Err(illegal(no_coast(p, CoastIn::Unit))),
        (UnitKind::Army, Some(_)) if strict => Err(illegal(Text::plain(
            "an army is built in a province, not on a coast",
        ))),
        _ => Ok(Location::province(p)),
    }
}

/// A removal: of the power's own unit, of the kind written where the ruleset insists.
fn check_disband(
    rules: &Ruleset,
    pos: &Position,
    power: PowerId,
    unit: &UnitRef,
) -> Result<Action, Refusal> {
    let p = unit.place.province;
    let full = Fact::Province(p);
    let Some(u) = pos.unit_in(p) else {
        return Err(illegal(Text::new("there is no unit in {}", &[full])));
    };
    if u.power != power {
        return Err(illegal(Text::new(
            "the unit in {} belongs to {}",
            &[full, Fact::Power(u.power)],
        )));
    }
    if let Some(k) = unit.kind.filter(|&k| k != u.kind) {
        if rules.wrong_unit_type.reading() == Reading::Illegal {
            let facts = [full, Fact::Word(k.word())];
            return Err(illegal(Text::new("the unit in {} is not {}", &facts)));
        }
    }
    Ok(Action::Disband(u.location))
}

/// Whether `power` may build in `p`, which it owns, under the build rule in force (the map's
/// `build` key, or the ruleset's `builds` house rule): why not, if not.
pub(crate) fn may_build_in(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    power: PowerId,
    p: ProvinceId,
) -> Result<(), Text> {
    let prov = map.province(p);
    let name = Fact::Power(power);
    let here = Fact::Province(p);
    if !map.centre_counts_for(p, power) {
        return Err(Text::new("{} is not a supply centre for {}", &[here, name]));
    }
    if map.power(power).no_build.contains(&p) {
        return Err(Text::new("{} may never build in {}", &[name, here]));
    }
    if map.power(power).neutral {
        // A neutral power builds (rebuilds) only in the centres it started with.
        return if map.power(power).rebuild && map.power(power).centres.contains(&p) {
            Ok(())
        } else {
            Err(Text::new(
                "{} is neutral and rebuilds only in its starting centres",
                &[name],
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
            Err(Text::new("{} is not a home centre of {}", &[here, name]))
        }
        BuildRule::OwnedCentresIfHome if prov.home != Some(power) && !owns_home() => {
            Err(Text::new(
                "{} owns none of its home centres, so it builds only in them",
                &[name],
            ))
        }
        BuildRule::BuildSites if !map.power(power).build_sites.contains(&p) => {
            Err(Text::new("{} is not a build site of {}", &[here, name]))
        }
        BuildRule::AnyHomeCentres if prov.home.is_none() => Err(Text::new(
            "{} is no power's home centre, so nobody builds there",
            &[here],
        )),
        _ => Ok(()),
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
            kind: AutomaticKind::Built,
            reason: Reason::plain("built: a neutral power rebuilds in its empty home centre"),
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
    unit: &UnitRef,
    units: &[Unit],
    converted: &[ProvinceId],
) -> Result<Unit, Text> {
    if rules.unit_conversion.rule(map) != diplo_map::Conversion::OwnedCentres {
        return Err(Text::plain(
            "units are not converted under these rules (unit_conversion)",
        ));
    }
    let p = unit.place.province;
    let prov = map.province(p);
    let here = Fact::Province(p);
    let Some(u) = units.iter().find(|u| u.location.province == p) else {
        return Err(Text::new("there is no unit in {} (any more)", &[here]));
    };
    if u.power != power {
        return Err(Text::new(
            "the unit in {} belongs to {}",
            &[here, Fact::Power(u.power)],
        ));
    }
    if pos.unit_in(p) != Some(u) {
        return Err(Text::new("the unit in {} was built this winter", &[here]));
    }
    if unit.kind.is_some_and(|k| k != u.kind) && rules.wrong_unit_type.reading() == Reading::Illegal
    {
        let facts = [here, Fact::Word(unit.kind.unwrap().word())];
        return Err(Text::new("the unit in {} is not {}", &facts));
    }
    if pos.owners[p.index()] != Some(power) || !map.centre_counts_for(p, power) {
        let facts = [here, Fact::Power(power)];
        return Err(Text::new("{} is not a supply centre {} owns", &facts));
    }
    if converted.contains(&p) {
        return Err(Text::new("the unit in {} is already converted", &[here]));
    }
    let location = match u.kind {
        UnitKind::Fleet => Location::province(p),
        UnitKind::Army if !prov.terrain.is_navigable() => {
            return Err(Text::new(
                "an army in {}, which is inland, cannot become a fleet",
                &[here],
            ));
        }
        UnitKind::Army if prov.is_multi_coast() => match &unit.place.coast {
            Some(WrittenCoast::Known(c)) => Location::coast(p, *c),
            _ => {
                return Err(Text::new(
                    "name the coast the fleet will stand on (`Convert A {}`)",
                    &[Fact::ShortName(Location::coast(p, 0))],
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
