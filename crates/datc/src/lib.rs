//! The DATC test cases as data, and a runner that checks the engine against them.
//!
//! The cases live in `datc/6.X.toml` (format: `datc/FORMAT.md`), transcribed by hand from the
//! DATC 3.2 and embedded in the binary. [`run_case`] builds each case's position from its orders
//! and `owns` lines, adjudicates the movement (or adjustment) phase and, where the case has them,
//! the retreats, and compares every order's result words and every automatic disband with the
//! document's, or with a case's errata where the document contradicts its own definitions
//! (`errata.rs`).

use std::collections::BTreeSet;

pub mod compare;
mod errata;
pub use errata::{check_errata, main_result, Erratum};

use diplo_engine::{adjudicate, Phase, PhaseKind, Position, Unit};
use diplo_map::{Map, PowerId};
use diplo_orders::{parse_order, Order};
use diplo_rules::Ruleset;
use serde::{Deserialize, Serialize};

mod variant;

pub use variant::{case_map, AdjustmentExpectation, OrderRef, RetreatOptionsExpectation};

/// The embedded data files, in section order.
pub const SECTIONS: &[(&str, &str)] = &[
    ("6.A", include_str!("../../../datc/6.A.toml")),
    ("6.B", include_str!("../../../datc/6.B.toml")),
    ("6.C", include_str!("../../../datc/6.C.toml")),
    ("6.D", include_str!("../../../datc/6.D.toml")),
    ("6.E", include_str!("../../../datc/6.E.toml")),
    ("6.F", include_str!("../../../datc/6.F.toml")),
    ("6.G", include_str!("../../../datc/6.G.toml")),
    ("6.H", include_str!("../../../datc/6.H.toml")),
    ("6.I", include_str!("../../../datc/6.I.toml")),
    ("6.J", include_str!("../../../datc/6.J.toml")),
    ("2.4-6.J", include_str!("../../../datc/2.4-6.J.toml")),
    ("2.4-7.A", include_str!("../../../datc/2.4-7.A.toml")),
    ("2.4-7.B", include_str!("../../../datc/2.4-7.B.toml")),
    ("2.4-7.C", include_str!("../../../datc/2.4-7.C.toml")),
    ("2.4-7.D", include_str!("../../../datc/2.4-7.D.toml")),
    ("2.4-8", include_str!("../../../datc/2.4-8.toml")),
    ("2.4-9", include_str!("../../../datc/2.4-9.toml")),
    ("2.4-10", include_str!("../../../datc/2.4-10.toml")),
    ("2.4-11", include_str!("../../../datc/2.4-11.toml")),
    ("2.4-12", include_str!("../../../datc/2.4-12.toml")),
];

/// One section file.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// `6.A`.
    pub section: String,
    /// The section's title.
    pub title: String,
    /// The profile whose choices the main expectations follow (default `datc`).
    #[serde(default)]
    pub preferences: Option<String>,
    /// The DATC version transcribed (default `3.2`); `2.4` has no separate word for an
    /// illegal order, so its `fails` is also met by `illegal`.
    #[serde(default)]
    pub document: Option<String>,
    /// Its cases, in document order.
    #[serde(rename = "case")]
    pub cases: Vec<Case>,
}

/// One test case.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// `6.A.5`.
    pub id: String,
    /// The title.
    pub title: String,
    /// `movement` or `adjustment`.
    pub phase: String,
    /// Setup lines as the DATC writes them (`England owns F London`, `Germany owns SC Kiel`).
    #[serde(default)]
    pub owns: Vec<String>,
    /// The orders of the main phase with their expected results.
    pub orders: Vec<CaseOrder>,
    /// The retreat orders, if the case has a retreat phase.
    #[serde(default)]
    pub retreats: Vec<CaseOrder>,
    /// Units the rules remove without orders.
    #[serde(default)]
    pub automatic_disbands: Vec<AutoDisband>,
    /// A transcription note.
    #[serde(default)]
    pub note: Option<String>,
    /// Why the engine is known to disagree; see FORMAT.md.
    #[serde(default)]
    pub expected_failure: Option<String>,
    /// Corrections of result words that contradict the document's own definitions.
    #[serde(default, rename = "erratum")]
    pub errata: Vec<Erratum>,
    /// The issues whose choice can change this case's outcome (ruleset keys).
    #[serde(default)]
    pub depends_on: Vec<String>,
    /// The outcomes the document states under other choices.
    #[serde(default, rename = "alternative")]
    pub alternatives: Vec<Alternative>,
    /// The profile whose choices the main expectations follow (from the section file).
    #[serde(skip)]
    pub preferences: String,
    /// The DATC version the case is transcribed from (from the section file).
    #[serde(skip)]
    pub document: String,
    /// The embedded map the case is played on (default: the standard map).
    #[serde(default)]
    pub map: Option<String>,
    /// `fall` when the case's movement is a Fall movement (default spring).
    #[serde(default)]
    pub season: Option<String>,
    /// The document's own setup sentences (informative).
    #[serde(default)]
    pub setup: Vec<String>,
    /// The case is built from the document's prose (see the note).
    #[serde(default)]
    pub constructed: bool,
    /// What the text says of dislodged units' retreat options.
    #[serde(default)]
    pub retreat_options: Vec<RetreatOptionsExpectation>,
    /// Builds (positive) or removals (negative) in the winter after the case's phase.
    #[serde(default)]
    pub adjustments: Vec<AdjustmentExpectation>,
    /// The centres that win, replacing the map's.
    #[serde(default)]
    pub victory_centres: Option<u16>,
    /// After the case's phase: `none` or the winner's name.
    #[serde(default)]
    pub winner: Option<String>,
    /// Orders whose results must be the same, whatever they are (10.F's preferred "symmetric
    /// cut": both supports cut or both not cut).
    #[serde(default)]
    pub same_result: Vec<OrderRef>,
}

/// An outcome the document states under other issue choices.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Alternative {
    /// The issue choices under which this outcome holds.
    #[serde(default)]
    pub when: std::collections::BTreeMap<String, String>,
    /// The profiles the text names (informative).
    #[serde(default)]
    pub rulesets: Vec<String>,
    /// The text says the rule gives no resolution.
    #[serde(default)]
    pub unresolved: bool,
    /// The orders whose result the text states.
    #[serde(default)]
    pub orders: Vec<CaseOrder>,
    /// The retreat orders whose result the text states.
    #[serde(default)]
    pub retreats: Vec<CaseOrder>,
    /// The automatic disbands the text states, if it states them.
    #[serde(default)]
    pub automatic_disbands: Option<Vec<AutoDisband>>,
    /// The document, case and sentence this is transcribed from.
    pub source: String,
    /// A transcription note.
    #[serde(default)]
    pub note: Option<String>,
}

/// What a case is expected to do under one ruleset.
#[derive(Clone, Copy, Debug)]
pub struct Expectation<'a> {
    /// `main`, or the alternative's `when` as `key=choice, ...`.
    pub label: &'a str,
    /// Expected orders of the main phase (all of them for the main expectation).
    pub orders: &'a [CaseOrder],
    /// Expected retreat results.
    pub retreats: &'a [CaseOrder],
    /// Expected automatic disbands, when stated.
    pub automatic_disbands: Option<&'a [AutoDisband]>,
    /// The text says there is no resolution.
    pub unresolved: bool,
    /// The alternative this comes from, if any.
    pub alternative: Option<&'a Alternative>,
}

impl Case {
    /// The expectation that applies under `rules`: the main one when `rules` makes the
    /// preferred choice on every issue the case depends on, else the first alternative whose
    /// `when` it satisfies, else none (the document states nothing for that ruleset).
    pub fn expectation_for(&self, rules: &Ruleset) -> Option<Expectation<'_>> {
        let preferred = preferred_profile(&self.preferences);
        let main = self.depends_on.iter().all(|k| match &preferred {
            Some(p) => rules.choice(k) == p.choice(k),
            None => false,
        });
        if main {
            return Some(self.main_expectation());
        }
        self.alternatives
            .iter()
            .find(|a| {
                !a.when.is_empty()
                    && a.when
                        .iter()
                        .all(|(k, v)| rules.choice(k) == Some(v.as_str()))
            })
            .map(|a| Expectation {
                label: "alternative",
                orders: &a.orders,
                retreats: &a.retreats,
                automatic_disbands: a.automatic_disbands.as_deref(),
                unresolved: a.unresolved,
                alternative: Some(a),
            })
    }

    /// The document's main expectation (its preferred choices).
    pub fn main_expectation(&self) -> Expectation<'_> {
        Expectation {
            label: "main",
            orders: &self.orders,
            retreats: &self.retreats,
            automatic_disbands: Some(&self.automatic_disbands),
            unresolved: false,
            alternative: None,
        }
    }

    /// Checks the case's own consistency: known issue keys and choices, and alternative
    /// orders that exist in the case.
    pub fn validate(&self) -> Result<(), String> {
        let issue = |k: &str| diplo_rules::ISSUES.iter().find(|i| i.key == k);
        for k in &self.depends_on {
            issue(k).ok_or_else(|| format!("{}: depends_on names unknown issue `{k}`", self.id))?;
        }
        for a in &self.alternatives {
            if a.when.is_empty() {
                return Err(format!("{}: an alternative without `when`", self.id));
            }
            for (k, v) in &a.when {
                let i = issue(k)
                    .ok_or_else(|| format!("{}: `when` names unknown issue `{k}`", self.id))?;
                if !i.choices().iter().any(|(c, _)| c == v) {
                    return Err(format!(
                        "{}: `when` has unknown choice `{v}` for `{k}`",
                        self.id
                    ));
                }
                if !self.depends_on.contains(k) {
                    return Err(format!(
                        "{}: `when` uses `{k}`, which is not in depends_on",
                        self.id
                    ));
                }
            }
            for o in a.orders.iter().chain(&a.retreats) {
                let list = if a.orders.iter().any(|x| std::ptr::eq(x, o)) {
                    &self.orders
                } else {
                    &self.retreats
                };
                if !list
                    .iter()
                    .any(|x| x.power == o.power && x.order == o.order)
                {
                    return Err(format!(
                        "{}: alternative order `{}: {}` is not among the case's orders",
                        self.id, o.power, o.order
                    ));
                }
            }
        }
        variant::validate(self)?;
        check_errata(self)
    }
}

fn preferred_profile(name: &str) -> Option<Ruleset> {
    use std::sync::Mutex;
    static CACHE: Mutex<Vec<(String, Option<Ruleset>)>> = Mutex::new(Vec::new());
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, r)) = cache.iter().find(|(n, _)| n == name) {
        return r.clone();
    }
    let r = Ruleset::load(name).ok();
    cache.push((name.to_string(), r.clone()));
    r
}

/// An order with its expected result.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CaseOrder {
    /// `England`.
    pub power: String,
    /// The order exactly as the DATC writes it.
    pub order: String,
    /// The DATC's result words: `fails, dislodged`; empty when the document states none (the
    /// order is then not checked).
    #[serde(default)]
    pub result: String,
    /// A railroad move that ends part-way: the province where the army ends.
    #[serde(default)]
    pub ends_in: Option<String>,
    /// The document writes no such order: it is built from the case's prose.
    #[serde(default)]
    pub constructed: bool,
    /// The order as the document writes it, where `order` writes what the case means (7.D.2's
    /// railroad move, which the document writes without `TSR`); the note says why.
    #[serde(default)]
    pub written: Option<String>,
}

/// An expected automatic disband.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct AutoDisband {
    /// `France`.
    pub power: String,
    /// `F English Channel`.
    pub unit: String,
}

/// Loads every embedded section.
pub fn load_sections() -> Result<Vec<Section>, String> {
    SECTIONS
        .iter()
        .map(|(name, text)| {
            toml::from_str::<Section>(text).map_err(|e| format!("datc/{name}.toml: {e}"))
        })
        .collect()
}

/// Every embedded case, in document order.
pub fn all_cases() -> Vec<Case> {
    load_sections()
        .expect("the embedded DATC data is valid")
        .into_iter()
        .flat_map(|s| {
            let pref = s.preferences.clone().unwrap_or_else(|| "datc".into());
            let doc = s.document.clone().unwrap_or_else(|| "3.2".into());
            s.cases.into_iter().map(move |mut c| {
                c.preferences = pref.clone();
                c.document = doc.clone();
                c
            })
        })
        .collect()
}

/// One difference between the expected and the actual result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mismatch {
    /// The power and the order, or `automatic disbands`.
    pub what: String,
    /// The document's result.
    pub expected: String,
    /// The engine's result.
    pub actual: String,
}

/// The outcome of running one case.
#[derive(Clone, Debug, Serialize)]
pub struct CaseReport {
    /// The case id.
    pub id: String,
    /// The case title.
    pub title: String,
    /// Every difference; empty when the case passes.
    pub mismatches: Vec<Mismatch>,
    /// A problem setting the case up (bad data); the case fails.
    pub error: Option<String>,
    /// The case's expected-failure mark, if any.
    pub expected_failure: Option<String>,
    /// The errata the run checked instead of the document's words (main expectation only).
    pub errata: Vec<Erratum>,
    /// How many outcomes the run compared with the document's (order results, automatic
    /// disbands, retreat options, adjustments, a winner, where a railroad move ends, results
    /// that must be the same). 0: the document states no outcome and nothing is checked
    /// ([`Verdict::NoStatedOutcome`]).
    pub checked: usize,
}

/// How a case came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The engine agrees with the document.
    Passed,
    /// The engine disagrees, and the case is not marked.
    Failed,
    /// The engine disagrees, as the case's `expected_failure` mark says.
    ExpectedFailure,
    /// The case is marked as an expected failure but passes: the mark is stale.
    UnexpectedPass,
    /// The document states no outcome for the case (7.D.2: "judge this whatever you like"):
    /// it was set up and adjudicated without error, but nothing was checked. Never a pass.
    NoStatedOutcome,
}

impl CaseReport {
    /// Whether the engine agrees with the document on everything.
    pub fn agrees(&self) -> bool {
        self.mismatches.is_empty() && self.error.is_none()
    }

    /// The verdict, taking the expected-failure mark into account.
    pub fn verdict(&self) -> Verdict {
        if self.agrees() && self.checked == 0 && self.expected_failure.is_none() {
            return Verdict::NoStatedOutcome;
        }
        match (self.agrees(), self.expected_failure.is_some()) {
            (true, false) => Verdict::Passed,
            (false, false) => Verdict::Failed,
            (false, true) => Verdict::ExpectedFailure,
            (true, true) => Verdict::UnexpectedPass,
        }
    }

    /// Whether this case counts as a failure of the run.
    pub fn is_failure(&self) -> bool {
        matches!(self.verdict(), Verdict::Failed | Verdict::UnexpectedPass)
    }
}

pub(crate) fn normalize(words: &str) -> String {
    words
        .split(',')
        .map(|w| w.trim().to_lowercase())
        .collect::<Vec<_>>()
        .join(", ")
}

fn power(map: &Map, name: &str) -> Result<PowerId, String> {
    map.power_by_name(name)
        .ok_or_else(|| format!("unknown power `{name}`"))
}

/// Builds the starting position of a case (on the case's own map when it names one: pass
/// [`case_map`]'s map).
pub fn setup(map: &Map, case: &Case) -> Result<(Position, Vec<(PowerId, Order)>), String> {
    let map = case_map(case, map)?;
    let adjustment = match case.phase.as_str() {
        "movement" => false,
        "adjustment" => true,
        other => return Err(format!("{}: unknown phase `{other}`", case.id)),
    };
    let phase = if adjustment {
        Phase {
            year: 1901,
            season: map.calendar.first_adjustment(),
            kind: PhaseKind::Adjustment,
        }
    } else {
        Phase {
            year: map.first_year,
            season: variant::season(case, map)?,
            kind: PhaseKind::Movement,
        }
    };
    let mut pos = Position::empty(map, phase);
    if case.map.is_some() && !adjustment {
        variant::initial_owners(map, &mut pos);
    }
    for line in &case.owns {
        let (who, what) = line
            .split_once(" owns ")
            .ok_or_else(|| format!("{}: cannot read `{line}`", case.id))?;
        let p = if who.eq_ignore_ascii_case("nobody") {
            None
        } else {
            Some(power(map, who)?)
        };
        if let Some(sc) = what.strip_prefix("SC ") {
            let prov = map
                .province_by_name(sc)
                .ok_or_else(|| format!("{}: unknown province in `{line}`", case.id))?;
            pos.owners[prov.index()] = p;
        } else {
            let p = p.ok_or_else(|| format!("{}: `{line}`: nobody owns a unit", case.id))?;
            let unit = diplo_engine::position::parse_unit(map, p, what)
                .map_err(|e| format!("{}: `{line}`: {e}", case.id))?;
            pos.units.push(unit);
        }
    }
    let mut orders = Vec::new();
    for o in &case.orders {
        let p = power(map, &o.power)?;
        let (_, order) =
            parse_order(map, &o.order).map_err(|e| format!("{}: `{}`: {e}", case.id, o.order))?;
        if !adjustment {
            if let Some(r) = order.unit() {
                if pos.unit_in(r.place.province).is_none() {
                    let kind = r
                        .kind
                        .ok_or_else(|| format!("{}: `{}` does not say A or F", case.id, o.order))?;
                    let coast = match &r.place.coast {
                        Some(diplo_orders::WrittenCoast::Known(c)) => Some(*c),
                        _ => None,
                    };
                    let location = diplo_map::Location {
                        province: r.place.province,
                        coast,
                    };
                    if !map.can_stand(kind, location) {
                        return Err(format!(
                            "{}: `{}`: no such unit can stand there",
                            case.id, o.order
                        ));
                    }
                    pos.units.push(Unit {
                        power: p,
                        kind,
                        location,
                    });
                }
            }
        }
        orders.push((p, order));
    }
    Ok((pos, orders))
}

/// Runs one case under a ruleset against the document's main expectation.
pub fn run_case(map: &Map, rules: &Ruleset, case: &Case) -> CaseReport {
    run_expectation(map, rules, case, case.main_expectation())
}

/// Runs one case under a ruleset against the expectation that applies to it; `None` when the
/// document states no outcome for that ruleset.
pub fn run_case_for(map: &Map, rules: &Ruleset, case: &Case) -> Option<CaseReport> {
    case.expectation_for(rules)
        .map(|e| run_expectation(map, rules, case, e))
}

/// Runs one case under a ruleset against a given expectation.
pub fn run_expectation(map: &Map, rules: &Ruleset, case: &Case, exp: Expectation) -> CaseReport {
    let mut report = CaseReport {
        id: case.id.clone(),
        title: case.title.clone(),
        mismatches: Vec::new(),
        error: None,
        expected_failure: if exp.alternative.is_none() {
            case.expected_failure.clone()
        } else {
            None
        },
        errata: if exp.alternative.is_none() {
            case.errata.clone()
        } else {
            Vec::new()
        },
        checked: 0,
    };
    if let Err(e) = run_into(map, rules, case, exp, &mut report) {
        report.error = Some(e);
    }
    report
}

/// A case adjudicated under a ruleset ([`adjudicate_case`]).
#[derive(Clone, Debug)]
pub struct CaseRun {
    /// The position of the main phase.
    pub position: Position,
    /// The orders of the main phase, as adjudicated (results name them by index).
    pub orders: Vec<(PowerId, Order)>,
    /// The main phase's adjudication.
    pub adjudication: diplo_engine::Adjudication,
    /// The retreat orders, as adjudicated (empty when the case has none).
    pub retreat_orders: Vec<(PowerId, Order)>,
    /// The retreat phase's adjudication, when the case has retreat orders.
    pub retreats: Option<diplo_engine::Adjudication>,
}

/// Adjudicates a case under a ruleset: the main phase, and the retreat phase when the case has
/// retreat orders (its position is the movement's outcome: every dislodged unit, even one with
/// no retreat option, so that its retreat order can be judged).
pub fn adjudicate_case(map: &Map, rules: &Ruleset, case: &Case) -> Result<CaseRun, String> {
    let map = case_map(case, map)?;
    let (pos, orders) = setup(map, case)?;
    let adj = adjudicate(map, rules, &pos, &orders);
    let mut run = CaseRun {
        position: pos,
        orders,
        adjudication: adj,
        retreat_orders: Vec::new(),
        retreats: None,
    };
    if case.retreats.is_empty() {
        return Ok(run);
    }
    let adj = &run.adjudication;
    let mut rpos = adj.next.clone();
    rpos.phase = Phase {
        kind: PhaseKind::Retreat,
        ..run.position.phase
    };
    rpos.dislodged = adj.retreats.iter().map(|r| r.dislodged).collect();
    rpos.contested = if adj.next.phase.kind == PhaseKind::Retreat {
        adj.next.contested.clone()
    } else {
        Vec::new()
    };
    for o in &case.retreats {
        let p = power(map, &o.power)?;
        let (_, order) =
            parse_order(map, &o.order).map_err(|e| format!("{}: `{}`: {e}", case.id, o.order))?;
        run.retreat_orders.push((p, order));
    }
    run.retreats = Some(adjudicate(map, rules, &rpos, &run.retreat_orders));
    Ok(run)
}

fn run_into(
    map: &Map,
    rules: &Ruleset,
    case: &Case,
    exp: Expectation,
    report: &mut CaseReport,
) -> Result<(), String> {
    check_errata(case)?;
    let CaseRun {
        position: pos,
        orders,
        adjudication: adj,
        retreat_orders,
        retreats: radj,
    } = adjudicate_case(map, rules, case)?;
    let map = case_map(case, map)?;
    let old_words = case.document == "2.4";
    if exp.alternative.is_none() {
        variant::check(map, case, &adj, radj.as_ref(), report);
    }
    let expected = errata::corrected_orders(case, &exp);
    let main = (&case.orders[..], &orders[..], &adj);
    compare(map, main, &expected, "", old_words, report);
    report.checked += usize::from(exp.unresolved);
    if exp.unresolved && adj.unresolved.is_empty() {
        report.mismatches.push(Mismatch {
            what: "paradox".into(),
            expected: "unresolved (the rule gives no resolution)".into(),
            actual: "resolved".into(),
        });
    }
    if let (Some(radj), false) = (&radj, exp.retreats.is_empty()) {
        let retreats = (&case.retreats[..], &retreat_orders[..], radj);
        compare(map, retreats, exp.retreats, "retreat: ", old_words, report);
    }
    if let (PhaseKind::Adjustment, Some(auto)) = (pos.phase.kind, exp.automatic_disbands) {
        report.checked += 1;
        let expected: BTreeSet<String> = auto
            .iter()
            .map(|a| format!("{}: {}", a.power, a.unit))
            .collect();
        let actual: BTreeSet<String> = adj
            .automatic
            .iter()
            .map(|a| format!("{}: {}", map.power(a.unit.power).name, a.unit.full(map)))
            .collect();
        if expected != actual {
            report.mismatches.push(Mismatch {
                what: "automatic disbands".into(),
                expected: expected.into_iter().collect::<Vec<_>>().join("; "),
                actual: actual.into_iter().collect::<Vec<_>>().join("; "),
            });
        }
    }
    Ok(())
}

/// Compares the expected orders (any subset of `all`, matched by power and text) with the
/// results of `phase`: the case's orders `all`, the same read (`given`), and their
/// adjudication, whose results are in the order of `all` (`map` names the reasons' places and
/// units).
fn compare(
    map: &Map,
    phase: (
        &[CaseOrder],
        &[(PowerId, Order)],
        &diplo_engine::Adjudication,
    ),
    expected: &[CaseOrder],
    prefix: &str,
    old_words: bool,
    report: &mut CaseReport,
) {
    let (all, given, adj) = phase;
    let mut used = vec![false; all.len()];
    for e in expected {
        if e.result.is_empty() {
            continue;
        }
        report.checked += 1;
        // The first not yet matched order with this power and text (texts can repeat: 6.I.7).
        let found = (0..all.len())
            .find(|&i| !used[i] && all[i].power == e.power && all[i].order == e.order);
        if let Some(i) = found {
            used[i] = true;
        }
        let Some(i) = found else {
            report.mismatches.push(Mismatch {
                what: format!("{prefix}{}: {}", e.power, e.order),
                expected: normalize(&e.result),
                actual: "no such order in the case".into(),
            });
            continue;
        };
        let r = &adj.results[i];
        let want = normalize(&e.result);
        let got = normalize(&r.words());
        // DATC 2.4 has no separate words for an illegal order or a destroyed unit (3.2's
        // 4.E.2 introduced them): its "fails" is met by "illegal", its "dislodged" by
        // "destroyed".
        let same = want == got
            || (old_words
                && (want == "fails" && got == "illegal"
                    || want == normalize(&got.replace("destroyed", "dislodged"))));
        if !same {
            let actual = if r.reason.is_empty() {
                got
            } else {
                format!("{got} ({})", r.reason_text(map, &given[r.index].1))
            };
            report.mismatches.push(Mismatch {
                what: format!("{prefix}{}: {}", e.power, e.order),
                expected: want,
                actual,
            });
        }
    }
}

/// Runs every case; returns the reports in document order.
pub fn run_all(map: &Map, rules: &Ruleset) -> Vec<CaseReport> {
    all_cases()
        .iter()
        .map(|c| run_case(map, rules, c))
        .collect()
}

/// The README's examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
