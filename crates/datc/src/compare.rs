//! One situation (a DATC case, or a position with orders) adjudicated under several rulesets:
//! one row per order with its result under each (movement, retreat or adjustment), one per unit
//! the rules removed, disbanded or built without an order under any of them, what the DATC text
//! states for each, and the switch test that names the issue (`diplo_rules::ISSUES`) deciding a
//! difference from the base ruleset: the ruleset is adjudicated again with one choice (else two)
//! switched to the base's.

mod report;
pub use report::Report;

use crate::{adjudicate_case, main_result, Case, CaseOrder, Expectation};
use diplo_engine::{adjudicate, Adjudication, AutomaticAction, Position};
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use diplo_rules::{Ruleset, ISSUES};

/// One order's result under one ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The DATC's result words: `succeeds`, `fails, dislodged` ...
    pub words: String,
    /// Why, for people (may be empty).
    pub reason: String,
}

/// One order, or one unit the rules acted on without an order (a row of the table).
pub struct Row {
    /// The power whose unit was ordered.
    pub power: String,
    /// The order in the DATC's full form, `(retreat) ` first for a retreat order; or the unit
    /// the rules acted on, `(automatic) A Warsaw` (`(retreat, automatic) ` in a case's
    /// retreat phase): its cells say `removed`, `disbanded` or `built`, else `kept` (`not
    /// built`).
    pub order: String,
    /// Per ruleset (in the order given): the order's result.
    pub cells: Vec<Cell>,
    /// Per ruleset: what the DATC text states for this order, when it states something.
    pub stated: Vec<Option<String>>,
}

/// Why a cell differs from the base's.
#[derive(Clone, Debug, Default)]
pub struct Why {
    /// Issues each of which, switched alone to the base's choice, gives the base's result.
    pub alone: Vec<&'static str>,
    /// Otherwise: pairs that do it together.
    pub pairs: Vec<(&'static str, &'static str)>,
}

/// The (power, order) label of each row.
type Labels = Vec<(String, String)>;

/// A situation adjudicated under one ruleset: the map, the position, the orders given, their
/// results, and what the rules did to units without orders.
pub type Picture<'m> = (
    &'m Map,
    Position,
    Vec<(PowerId, Order)>,
    Vec<diplo_engine::OrderResult>,
    Vec<AutomaticAction>,
);

/// Under one ruleset: the orders' cells and labels, then the automatic actions' (each label
/// once: a unit stands in one place).
struct Run {
    orders: Vec<Cell>,
    labels: Labels,
    automatic: Vec<((String, String), Cell)>,
}

/// The prefix of an automatic row's label in a case's retreat phase.
const RETREAT_AUTOMATIC: &str = "(retreat, automatic) ";
/// The prefix of an automatic row's label in the main phase.
const AUTOMATIC: &str = "(automatic) ";

/// The rows of what `adj`'s rules did without orders, labelled with `prefix`.
fn automatic_cells(map: &Map, adj: &Adjudication, prefix: &str) -> Vec<((String, String), Cell)> {
    adj.automatic
        .iter()
        .map(|a| {
            let label = (
                map.power(a.unit.power).name.clone(),
                format!("{prefix}{}", a.unit.full(map)),
            );
            let cell = Cell {
                words: a.kind.word().to_string(),
                reason: a.reason_text(map),
            };
            (label, cell)
        })
        .collect()
}

/// The words of an automatic row's cell where the ruleset did nothing to the unit: `kept`, or
/// `not built` in a row of builds (`words`: the row's cells elsewhere).
fn not_done<'w>(mut words: impl Iterator<Item = &'w str>) -> &'static str {
    if words.any(|w| w == "built") {
        "not built"
    } else {
        "kept"
    }
}

impl Run {
    /// The cells of `rows` (labels, and the row's words under the other rulesets): the orders'
    /// by index, then the automatic rows by label.
    fn aligned<'r>(
        &self,
        rows: impl Iterator<Item = ((&'r str, &'r str), Vec<&'r str>)>,
    ) -> Vec<Cell> {
        let mut cells = self.orders.clone();
        for ((power, order), words) in rows.skip(self.orders.len()) {
            let found = self
                .automatic
                .iter()
                .find(|((p, o), _)| p == power && o == order);
            cells.push(match found {
                Some((_, cell)) => cell.clone(),
                None => Cell {
                    words: not_done(words.into_iter()).to_string(),
                    reason: String::new(),
                },
            });
        }
        cells
    }
}

/// The situation being compared: a DATC case, or a position with orders.
pub enum Situation {
    /// A DATC case (played on its variant's map when it has one).
    Case(Box<Case>),
    /// A position and the orders given in it.
    Position {
        /// The position.
        pos: Position,
        /// The orders, each with the power that gave it.
        orders: Vec<(PowerId, Order)>,
    },
}

impl Situation {
    /// The position and the results of the movement (or adjustment) phase under `rules`, and
    /// the map it is played on.
    pub fn picture<'m>(&self, map: &'m Map, rules: &Ruleset) -> Result<Picture<'m>, String> {
        match self {
            Situation::Case(case) => {
                let m = crate::case_map(case, map)?;
                let run = adjudicate_case(map, rules, case)?;
                let adj = run.adjudication;
                Ok((m, run.position, run.orders, adj.results, adj.automatic))
            }
            Situation::Position { pos, orders } => {
                let adj = adjudicate(map, rules, pos, orders);
                Ok((map, pos.clone(), orders.clone(), adj.results, adj.automatic))
            }
        }
    }

    /// Every order's result under `rules` with the labels (power, order) of the rows, and what
    /// the rules did to units without orders.
    fn run(&self, map: &Map, rules: &Ruleset) -> Result<Run, String> {
        let mut results = Vec::new();
        let mut labels = Vec::new();
        // A case is played on its own map (a variant's powers and provinces).
        let map = match self {
            Situation::Case(case) => crate::case_map(case, map)?,
            Situation::Position { .. } => map,
        };
        let mut push =
            |r: &diplo_engine::OrderResult, orders: &[(PowerId, Order)], prefix: &str| {
                let order = &orders[r.index].1;
                results.push(Cell {
                    words: r.words(),
                    reason: r.reason_text(map, order),
                });
                labels.push((
                    map.power(r.power).name.clone(),
                    format!("{prefix}{}", order.display(map).full()),
                ));
            };
        let automatic = match self {
            Situation::Case(case) => {
                let run = adjudicate_case(map, rules, case)?;
                let main = &run.adjudication;
                main.results.iter().for_each(|r| push(r, &run.orders, ""));
                let mut automatic = automatic_cells(map, main, AUTOMATIC);
                if let Some(radj) = &run.retreats {
                    let retreats = &run.retreat_orders;
                    radj.results
                        .iter()
                        .for_each(|r| push(r, retreats, "(retreat) "));
                    automatic.extend(automatic_cells(map, radj, RETREAT_AUTOMATIC));
                }
                automatic
            }
            Situation::Position { pos, orders } => {
                let adj = adjudicate(map, rules, pos, orders);
                adj.results.iter().for_each(|r| push(r, orders, ""));
                automatic_cells(map, &adj, AUTOMATIC)
            }
        };
        Ok(Run {
            orders: results,
            labels,
            automatic,
        })
    }
}

/// Every ruleset's results, one row per order, with what the case's DATC text expects under
/// each ruleset.
pub fn rows<'c>(
    map: &Map,
    situation: &Situation,
    case: Option<&'c Case>,
    rulesets: &[Ruleset],
) -> Result<(Vec<Row>, Vec<Option<Expectation<'c>>>), String> {
    let runs: Vec<Run> = rulesets
        .iter()
        .map(|r| situation.run(map, r))
        .collect::<Result<_, _>>()?;
    // The orders' rows, then one per unit acted on under any ruleset, in the order first met.
    let mut labels: Labels = runs.last().map(|r| r.labels.clone()).unwrap_or_default();
    let orders = labels.len();
    for (label, _) in runs.iter().flat_map(|r| &r.automatic) {
        if !labels[orders..].contains(label) {
            labels.push(label.clone());
        }
    }
    let words_of = |label: &(String, String)| -> Vec<&str> {
        let cells = runs.iter().flat_map(|r| &r.automatic);
        let found = cells.filter(|(l, _)| l == label);
        found.map(|(_, c)| c.words.as_str()).collect()
    };
    let keyed: Vec<(&(String, String), Vec<&str>)> =
        labels.iter().map(|l| (l, words_of(l))).collect();
    let columns: Vec<Vec<Cell>> = runs
        .iter()
        .map(|r| {
            let rows = keyed
                .iter()
                .map(|(l, w)| ((l.0.as_str(), l.1.as_str()), w.clone()));
            r.aligned(rows)
        })
        .collect();
    let expectations: Vec<Option<Expectation>> = rulesets
        .iter()
        .map(|r| case.and_then(|c| c.expectation_for(r)))
        .collect();
    let rows: Vec<Row> = labels
        .iter()
        .enumerate()
        .map(|(i, (power, order))| Row {
            power: power.clone(),
            order: order.clone(),
            cells: columns.iter().map(|c| c[i].clone()).collect(),
            stated: expectations
                .iter()
                .map(|e| {
                    let (c, e) = case.zip(e.as_ref())?;
                    if i < orders {
                        stated(c, e, i)
                    } else {
                        stated_automatic(c, e, power, order)
                    }
                })
                .collect(),
        })
        .collect();
    Ok((rows, expectations))
}

/// What the expectation `e` of `case` states for the unit of an automatic row: `removed` if its
/// automatic disbands (a complete list, in an adjustment case) name it, else `kept`.
fn stated_automatic(case: &Case, e: &Expectation, power: &str, order: &str) -> Option<String> {
    let unit = order.strip_prefix(AUTOMATIC)?;
    let listed = e
        .automatic_disbands
        .filter(|_| case.phase == "adjustment")?;
    let named = listed.iter().any(|a| a.power == power && a.unit == unit);
    Some(if named { "removed" } else { "kept" }.to_string())
}

/// What the expectation `e` of `case` states for row `i` (the case's orders, then its retreats):
/// the main expectation's words with the case's errata applied.
fn stated(case: &Case, e: &Expectation, i: usize) -> Option<String> {
    let (all, listed, index) = if i < case.orders.len() {
        (&case.orders, e.orders, i)
    } else {
        (&case.retreats, e.retreats, i - case.orders.len())
    };
    let o = all.get(index)?;
    // The n-th order with this text (texts can repeat: 6.I.7).
    let nth = all[..index]
        .iter()
        .filter(|x| x.power == o.power && x.order == o.order)
        .count();
    let found: &CaseOrder = listed
        .iter()
        .filter(|x| x.power == o.power && x.order == o.order)
        .nth(nth)?;
    if found.result.is_empty() {
        // The document states nothing for this order (10.F's supports, 7.D.2).
        return None;
    }
    Some(if e.alternative.is_none() {
        main_result(case, found).to_string()
    } else {
        found.result.clone()
    })
}

/// Whether a result agrees with what the DATC text states (DATC 2.4 says `fails` for an order
/// 3.2 calls `illegal`).
pub fn agrees(case: Option<&Case>, stated: &str, words: &str) -> bool {
    let norm = |s: &str| {
        s.split(',')
            .map(|w| w.trim().to_lowercase())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (s, w) = (norm(stated), norm(words));
    s == w || (case.is_some_and(|c| c.document == "2.4") && s == "fails" && w == "illegal")
}

/// Per row, per ruleset: why the cell differs from the base's (`None` where it does not): the
/// switch test. `rows` are what [`rows`] gave for the same `situation` and `rulesets`; `base`
/// indexes `rulesets`. Only adjudication issues are switched, alone first, then in pairs for
/// the cells no single switch explains.
pub fn explain(
    map: &Map,
    situation: &Situation,
    rulesets: &[Ruleset],
    base: usize,
    rows: &[Row],
) -> Result<Vec<Vec<Option<Why>>>, String> {
    let mut whys: Vec<Vec<Option<Why>>> = vec![vec![None; rulesets.len()]; rows.len()];
    let b = &rulesets[base];
    for (j, r) in rulesets.iter().enumerate() {
        let differing: Vec<usize> = (0..rows.len())
            .filter(|&i| rows[i].cells[j].words != rows[i].cells[base].words)
            .collect();
        if differing.is_empty() {
            continue;
        }
        let keys: Vec<&'static str> = ISSUES
            .iter()
            .filter(|i| i.adjudication && r.choice(i.key) != b.choice(i.key))
            .map(|i| i.key)
            .collect();
        let switched = |ks: &[&str]| -> Result<Vec<Cell>, String> {
            let mut s = r.clone();
            for k in ks {
                s.set(k, b.choice(k).unwrap_or_default())?;
            }
            let run = situation.run(map, &s)?;
            Ok(run.aligned(rows.iter().map(|row| {
                let words = row.cells.iter().map(|c| c.words.as_str()).collect();
                ((row.power.as_str(), row.order.as_str()), words)
            })))
        };
        let gives_base = |cells: &[Cell], i: usize| cells[i].words == rows[i].cells[base].words;
        let singles: Vec<Vec<Cell>> = keys
            .iter()
            .map(|k| switched(&[k]))
            .collect::<Result<_, _>>()?;
        for &i in &differing {
            let alone: Vec<&'static str> = keys
                .iter()
                .zip(&singles)
                .filter(|(_, cells)| gives_base(cells, i))
                .map(|(k, _)| *k)
                .collect();
            whys[i][j] = Some(Why {
                alone,
                pairs: Vec::new(),
            });
        }
        // Cells no single switch explains: try the pairs.
        let unexplained: Vec<usize> = differing
            .iter()
            .copied()
            .filter(|&i| whys[i][j].as_ref().is_some_and(|w| w.alone.is_empty()))
            .collect();
        if !unexplained.is_empty() {
            for (x, &k1) in keys.iter().enumerate() {
                for &k2 in &keys[x + 1..] {
                    let cells = switched(&[k1, k2])?;
                    for &i in &unexplained {
                        if gives_base(&cells, i) {
                            if let Some(w) = whys[i][j].as_mut() {
                                w.pairs.push((k1, k2));
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(whys)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::all_cases;

    fn case(id: &str) -> Case {
        all_cases().into_iter().find(|c| c.id == id).unwrap()
    }

    #[test]
    fn the_switch_test_names_the_issue_that_decides_a_difference() {
        // DATC 6.F.24 (second order paradox with no resolution): under 1982's convoy paradox
        // rule the English Channel's convoy stays available, under the datc ruleset's (Szykman)
        // it is disrupted; 1971's rule leaves the paradox unresolved, and setting either its
        // paradox rule or a fallback resolves it.
        let map = Map::standard();
        let case = case("6.F.24");
        let rulesets = vec![
            Ruleset::load("1971").unwrap(),
            Ruleset::load("1982").unwrap(),
            Ruleset::datc(),
        ];
        let situation = Situation::Case(Box::new(case.clone()));
        let (rows, expectations) = rows(&map, &situation, Some(&case), &rulesets).unwrap();
        assert_eq!(expectations.len(), 3);
        let whys = explain(&map, &situation, &rulesets, 2, &rows).unwrap();
        let convoy = rows
            .iter()
            .position(|r| r.order == "F English Channel Convoys A Brest - London")
            .unwrap();
        let words: Vec<&str> = rows[convoy]
            .cells
            .iter()
            .map(|c| c.words.as_str())
            .collect();
        assert_eq!(words, ["unresolved", "available", "disrupted"]);
        let why_1982 = whys[convoy][1].as_ref().unwrap();
        assert_eq!(why_1982.alone, ["convoy_paradox"]);
        assert!(why_1982.pairs.is_empty());
        let why_1971 = whys[convoy][0].as_ref().unwrap();
        assert_eq!(why_1971.alone, ["convoy_paradox", "paradox_fallback"]);
        // The base explains nothing, and a cell equal to the base's needs no explanation.
        assert!(whys.iter().all(|w| w[2].is_none()));
        for (i, row) in rows.iter().enumerate() {
            assert_eq!(
                whys[i][1].is_some(),
                row.cells[1].words != row.cells[2].words,
                "{}",
                row.order
            );
        }
    }

    /// DATC 3.2 6.J.12: "Italy: Automatic disband A Tuscany" under the 2023 rules (the datc
    /// profile's choice); "Under older rulebooks the army in Tuscany was kept" (the case's
    /// alternatives for 1971 and 2000, which remove A Warsaw).
    #[test]
    fn civil_disorder_removals_are_compared_and_their_issue_named() {
        let map = Map::standard();
        let case = case("6.J.12");
        let names = ["1971", "2000", "2023", "datc"];
        let rulesets: Vec<Ruleset> = names.iter().map(|n| Ruleset::load(n).unwrap()).collect();
        let situation = Situation::Case(Box::new(case.clone()));
        let (rows, _) = rows(&map, &situation, Some(&case), &rulesets).unwrap();
        let row = |order: &str| {
            rows.iter()
                .find(|r| r.power == "Italy" && r.order == order)
                .unwrap_or_else(|| panic!("no row {order}"))
        };
        let words = |r: &Row| -> Vec<String> { r.cells.iter().map(|c| c.words.clone()).collect() };
        let tuscany = row("(automatic) A Tuscany");
        let warsaw = row("(automatic) A Warsaw");
        assert_eq!(words(tuscany), ["kept", "kept", "removed", "removed"]);
        assert_eq!(words(warsaw), ["removed", "removed", "kept", "kept"]);
        // What the document states, per ruleset, is what each gives.
        for r in [tuscany, warsaw] {
            for (j, stated) in r.stated.iter().enumerate() {
                assert_eq!(
                    stated.as_deref(),
                    Some(r.cells[j].words.as_str()),
                    "{}",
                    names[j]
                );
            }
        }
        assert!(tuscany.cells[2]
            .reason
            .contains("civil_disorder = \"2023\""));
        let whys = explain(&map, &situation, &rulesets, 3, &rows).unwrap();
        let t = rows.iter().position(|r| std::ptr::eq(r, tuscany)).unwrap();
        for j in [0, 1] {
            assert_eq!(
                whys[t][j].as_ref().unwrap().alone,
                ["civil_disorder"],
                "{}",
                names[j]
            );
        }
        assert!(whys[t][2].is_none());
        let report = Report {
            title: "6.J.12".into(),
            case: Some(&case),
            rulesets: &rulesets,
            base: 3,
            rows: &rows,
            whys: &whys,
            expectations: &rulesets
                .iter()
                .map(|r| case.expectation_for(r))
                .collect::<Vec<_>>(),
        };
        let text = report.text(false);
        assert!(!text.contains("Same result under every ruleset"), "{text}");
        assert!(
            text.contains("civil_disorder (1971 here, 2023 in datc)"),
            "{text}"
        );
    }

    /// A retreat phase with no retreat ordered: the dislodged unit is disbanded under every
    /// ruleset, and the row says so.
    #[test]
    fn automatic_disbands_of_a_retreat_phase_are_rows() {
        let map = Map::standard();
        let rules = Ruleset::datc();
        let movement = "phase = \"Spring 1901 Movement\"\n[units]\nFrance = [\"A bur\"]\nGermany = [\"A mun\", \"A ruh\"]\n";
        let movement = Position::from_toml_str(&map, movement, "p").unwrap();
        let (orders, errors) =
            diplo_orders::parse_orders(&map, "Germany:\nA mun - bur\nA ruh S A mun - bur\n");
        assert!(errors.is_empty());
        let orders: Vec<_> = orders
            .into_iter()
            .map(|l| (l.power.unwrap(), l.order))
            .collect();
        let pos = adjudicate(&map, &rules, &movement, &orders).next;
        assert_eq!(pos.dislodged.len(), 1);
        let situation = Situation::Position {
            pos,
            orders: Vec::new(),
        };
        let rulesets = [rules];
        let (rows, _) = rows(&map, &situation, None, &rulesets).unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].order, "(automatic) A Burgundy");
        assert_eq!(rows[0].cells[0].words, "disbanded");
    }

    #[test]
    fn datc_2_4_fails_is_met_by_illegal() {
        let case = all_cases()
            .into_iter()
            .find(|c| c.document == "2.4")
            .unwrap();
        assert!(agrees(Some(&case), "fails", "illegal"));
        assert!(!agrees(None, "fails", "illegal"));
        assert!(agrees(None, "Disrupted,dislodged", "disrupted, dislodged"));
    }
}
