//! `diplo compare`: one situation adjudicated under several rulesets, side by side, with why.
//!
//! Each order is shown once, normalised (the DATC's full form). Cells that differ from the base
//! ruleset's are explained by the switch test: the ruleset is adjudicated again with one of its
//! choices switched to the base's, and an issue whose switch gives the base's result is named.
//! With `--case`, the table also shows what the DATC text states for each ruleset.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use diplo_datc::{adjudicate_case, all_cases, main_result, Case, CaseOrder, Expectation};
use diplo_engine::{adjudicate, Position};
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use diplo_rules::{Ruleset, EMBEDDED_RULESETS, ISSUES};

use crate::common::{load_map, load_position, print, read_orders, Format};

/// Arguments of `diplo compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// A DATC case (`6.F.19`).
    #[arg(long = "case", value_name = "ID", conflicts_with_all = ["position", "orders"])]
    case: Option<String>,
    /// Comma-separated rulesets (names or paths), or `all` for every embedded one.
    #[arg(long, default_value = "1971,1982,2000,2023,datc")]
    rulesets: String,
    /// The ruleset the others are compared with (default: `datc` when compared, else the
    /// first).
    #[arg(long)]
    base: Option<String>,
    /// The map (with --position/--orders): `standard` or a path.
    #[arg(long, default_value = "standard")]
    map: String,
    /// Your own position (TOML); without it, the map's starting position.
    #[arg(long)]
    position: Option<PathBuf>,
    /// Your own orders file.
    #[arg(long)]
    orders: Option<PathBuf>,
    /// Also give every cell's reason.
    #[arg(long, short)]
    verbose: bool,
    /// Also draw one panel per ruleset side by side, differing results highlighted:
    /// FILE.svg or FILE.png.
    #[arg(long)]
    render: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// One order's result under one ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Cell {
    words: String,
    reason: String,
}

/// One order (a row of the table).
struct Row {
    power: String,
    /// The order in the DATC's full form, `(retreat) ` first for a retreat order.
    order: String,
    cells: Vec<Cell>,
    /// Per ruleset: what the DATC text states for this order, when it states something.
    stated: Vec<Option<String>>,
}

/// Why a cell differs from the base's.
#[derive(Clone, Debug, Default)]
struct Why {
    /// Issues each of which, switched alone to the base's choice, gives the base's result.
    alone: Vec<&'static str>,
    /// Otherwise: pairs that do it together.
    pairs: Vec<(&'static str, &'static str)>,
}

/// The (power, order) label of each row.
type Labels = Vec<(String, String)>;

/// A situation adjudicated under one ruleset: the map, the position, the orders given and
/// their results.
type Picture<'m> = (
    &'m Map,
    Position,
    Vec<(PowerId, Order)>,
    Vec<diplo_engine::OrderResult>,
);

/// The situation being compared: a DATC case, or a position with orders.
enum Situation {
    Case(Box<Case>),
    Position {
        pos: Position,
        orders: Vec<(PowerId, Order)>,
    },
}

impl Situation {
    /// The position and the results of the movement (or adjustment) phase under `rules`, and
    /// the map it is played on.
    fn picture<'m>(&self, map: &'m Map, rules: &Ruleset) -> Result<Picture<'m>, String> {
        match self {
            Situation::Case(case) => {
                let m = diplo_datc::case_map(case, map)?;
                let run = adjudicate_case(map, rules, case)?;
                let results = run.adjudication.results;
                Ok((m, run.position, run.orders, results))
            }
            Situation::Position { pos, orders } => Ok((
                map,
                pos.clone(),
                orders.clone(),
                adjudicate(map, rules, pos, orders).results,
            )),
        }
    }

    /// Every order's result under `rules`, and the labels (power, order) of the rows.
    fn run(&self, map: &Map, rules: &Ruleset) -> Result<(Vec<Cell>, Labels), String> {
        let mut results = Vec::new();
        let mut labels = Vec::new();
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
        match self {
            Situation::Case(case) => {
                let run = adjudicate_case(map, rules, case)?;
                let main = &run.adjudication.results;
                main.iter().for_each(|r| push(r, &run.orders, ""));
                if let Some(radj) = &run.retreats {
                    let retreats = &run.retreat_orders;
                    radj.results
                        .iter()
                        .for_each(|r| push(r, retreats, "(retreat) "));
                }
            }
            Situation::Position { pos, orders } => {
                let adj = adjudicate(map, rules, pos, orders);
                adj.results.iter().for_each(|r| push(r, orders, ""));
            }
        }
        Ok((results, labels))
    }
}

/// Runs `diplo compare`.
pub fn run(args: CompareArgs) -> ExitCode {
    match compare(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn load_rulesets(spec: &str) -> Result<Vec<Ruleset>, String> {
    let names: Vec<String> = if spec.trim() == "all" {
        EMBEDDED_RULESETS
            .iter()
            .map(|(n, _)| n.to_string())
            .collect()
    } else {
        spec.split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    };
    names
        .iter()
        .map(|n| Ruleset::load(n).map_err(|e| e.to_string()))
        .collect()
}

/// `diplo compare`: the situation under every ruleset, side by side, differences explained.
fn compare(args: &CompareArgs) -> Result<(), String> {
    let rulesets = load_rulesets(&args.rulesets)?;
    if rulesets.is_empty() {
        return Err("no rulesets to compare".into());
    }
    let base = match &args.base {
        Some(b) => rulesets
            .iter()
            .position(|r| &r.name == b)
            .ok_or_else(|| format!("--base {b} is not among the compared rulesets"))?,
        None => rulesets.iter().position(|r| r.name == "datc").unwrap_or(0),
    };
    let (map, title, situation) = situation(args)?;

    let case = match &situation {
        Situation::Case(c) => Some(c.as_ref()),
        Situation::Position { .. } => None,
    };
    let (rows, expectations) = rows(&map, &situation, case, &rulesets)?;

    if let Some(path) = &args.render {
        render(path, &map, &situation, &rulesets, base, &title)?;
    }

    // The switch test for every cell that differs from the base's.
    let whys = explain(&map, &situation, &rulesets, base, &rows)?;

    let report = Report {
        title,
        case,
        rulesets: &rulesets,
        base,
        rows: &rows,
        whys: &whys,
        expectations: &expectations,
    };
    match args.format {
        Format::Json => print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&report.json()).expect("json")
        )),
        Format::Text => print(&report.text(args.verbose)),
    }
    Ok(())
}

/// The situation compared: a DATC case (on the standard map) or the position and orders
/// given, with the map and a title.
fn situation(args: &CompareArgs) -> Result<(Map, String, Situation), String> {
    Ok(match (&args.case, &args.orders) {
        (Some(id), _) => {
            let case = all_cases()
                .into_iter()
                .find(|c| c.id.eq_ignore_ascii_case(id))
                .ok_or_else(|| format!("no DATC case `{id}` (ids look like 6.F.19)"))?;
            (
                Map::standard(),
                format!("{} {}", case.id, case.title),
                Situation::Case(Box::new(case)),
            )
        }
        (None, Some(orders_path)) => {
            let map = load_map(&args.map).map_err(|e| {
                e.report();
                "the map cannot be loaded".to_string()
            })?;
            let pos = load_position(&map, args.position.as_deref())
                .map_err(|_| "the position cannot be read".to_string())?;
            let orders = read_orders(&map, orders_path)
                .map_err(|_| "the orders cannot be read".to_string())?
                .into_iter()
                .filter_map(|l| Some((l.power?, l.order)))
                .collect();
            let title = format!("{} ({})", pos.phase.name(&map), orders_path.display());
            (map, title, Situation::Position { pos, orders })
        }
        (None, None) => {
            return Err(
                "give --case ID, or --orders FILE (with --position FILE for a position other than the start)"
                    .into(),
            )
        }
    })
}

/// Every ruleset's results, one row per order, with what the case's DATC text expects under
/// each ruleset.
fn rows<'c>(
    map: &Map,
    situation: &Situation,
    case: Option<&'c Case>,
    rulesets: &[Ruleset],
) -> Result<(Vec<Row>, Vec<Option<Expectation<'c>>>), String> {
    let mut columns = Vec::new();
    let mut labels = Vec::new();
    for r in rulesets {
        let (cells, l) = situation.run(map, r)?;
        labels = l;
        columns.push(cells);
    }
    let expectations: Vec<Option<Expectation>> = rulesets
        .iter()
        .map(|r| case.and_then(|c| c.expectation_for(r)))
        .collect();
    let rows: Vec<Row> = labels
        .into_iter()
        .enumerate()
        .map(|(i, (power, order))| Row {
            power,
            order,
            cells: columns.iter().map(|c| c[i].clone()).collect(),
            stated: expectations
                .iter()
                .map(|e| case.zip(e.as_ref()).and_then(|(c, e)| stated(c, e, i)))
                .collect(),
        })
        .collect();
    Ok((rows, expectations))
}

/// One panel per ruleset, side by side; a result that differs from the base ruleset's is
/// highlighted.
fn render(
    path: &std::path::Path,
    map: &Map,
    situation: &Situation,
    rulesets: &[Ruleset],
    base: usize,
    title: &str,
) -> Result<(), String> {
    let mut pictures = Vec::new();
    for r in rulesets {
        pictures.push(situation.picture(map, r)?);
    }
    let base_words: Vec<String> = pictures[base].3.iter().map(|r| r.words()).collect();
    let scenes: Vec<diplo_render::Scene> = pictures
        .iter()
        .zip(rulesets)
        .map(|((m, pos, orders, results), r)| {
            let mut scene = diplo_render::Scene::new(m, pos, &r.name)
                .with_results(orders, results)
                .with_title(title);
            for (o, res) in scene.orders.iter_mut().zip(results) {
                o.highlight = base_words.get(res.index).is_some_and(|w| *w != res.words());
            }
            scene
        })
        .collect();
    diplo_render::write_file(path, &diplo_render::panels(&scenes)).map_err(|e| e.to_string())
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
    Some(if e.alternative.is_none() {
        main_result(case, found).to_string()
    } else {
        found.result.clone()
    })
}

/// Whether a result agrees with what the DATC text states (DATC 2.4 says `fails` for an order
/// 3.2 calls `illegal`).
fn agrees(case: Option<&Case>, stated: &str, words: &str) -> bool {
    let norm = |s: &str| {
        s.split(',')
            .map(|w| w.trim().to_lowercase())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (s, w) = (norm(stated), norm(words));
    s == w || (case.is_some_and(|c| c.document == "2.4") && s == "fails" && w == "illegal")
}

/// Per row, per ruleset: why the cell differs from the base's (`None` where it does not).
fn explain(
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
            Ok(situation.run(map, &s)?.0)
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

struct Report<'a> {
    title: String,
    case: Option<&'a Case>,
    rulesets: &'a [Ruleset],
    base: usize,
    rows: &'a [Row],
    whys: &'a [Vec<Option<Why>>],
    expectations: &'a [Option<Expectation<'a>>],
}

impl Report<'_> {
    fn base_name(&self) -> &str {
        &self.rulesets[self.base].name
    }

    fn differs(&self, i: usize, j: usize) -> bool {
        self.rows[i].cells[j].words != self.rows[i].cells[self.base].words
    }

    fn same_everywhere(&self) -> bool {
        (0..self.rows.len()).all(|i| (0..self.rulesets.len()).all(|j| !self.differs(i, j)))
    }

    fn disagrees_with_datc(&self, i: usize, j: usize) -> bool {
        self.rows[i].stated[j]
            .as_deref()
            .is_some_and(|s| !agrees(self.case, s, &self.rows[i].cells[j].words))
    }

    /// `convoy_paradox (1971 here, szykman in datc)` for ruleset `j`.
    fn issue_text(&self, j: usize, k: &str) -> String {
        format!(
            "{k} ({} here, {} in {})",
            self.rulesets[j].choice(k).unwrap_or("?"),
            self.rulesets[self.base].choice(k).unwrap_or("?"),
            self.base_name()
        )
    }

    fn why_text(&self, j: usize, why: &Why) -> String {
        if !why.alone.is_empty() {
            let issues: Vec<String> = why.alone.iter().map(|k| self.issue_text(j, k)).collect();
            if issues.len() == 1 {
                issues[0].clone()
            } else {
                format!("each alone: {}", issues.join("; "))
            }
        } else if !why.pairs.is_empty() {
            let pairs: Vec<String> = why
                .pairs
                .iter()
                .map(|(a, b)| format!("{} with {}", self.issue_text(j, a), self.issue_text(j, b)))
                .collect();
            format!("two choices together: {}", pairs.join("; or "))
        } else {
            format!(
                "no single choice or pair of choices switched to {}'s gives its result: several of the ruleset's choices together",
                self.base_name()
            )
        }
    }

    /// What the DATC text states for ruleset `j`: `main`, `alternative (key=choice, ...)`.
    fn expectation_label(&self, j: usize) -> String {
        match &self.expectations[j] {
            None => "-".into(),
            Some(e) => match e.alternative {
                None => "the main expectation".into(),
                Some(a) => {
                    let when: Vec<String> =
                        a.when.iter().map(|(k, v)| format!("{k}={v}")).collect();
                    format!("the alternative for {}", when.join(", "))
                }
            },
        }
    }

    fn unresolved_rulesets(&self) -> Vec<usize> {
        (0..self.rulesets.len())
            .filter(|&j| self.rows.iter().any(|r| r.cells[j].words == "unresolved"))
            .collect()
    }

    fn unresolved_footnote(&self) -> Option<String> {
        let js = self.unresolved_rulesets();
        if js.is_empty() {
            return None;
        }
        let which: Vec<String> = js
            .iter()
            .map(|&j| {
                let r = &self.rulesets[j];
                format!(
                    "{} (convoy_paradox = {}, paradox_fallback = {})",
                    r.name,
                    r.choice("convoy_paradox").unwrap_or("?"),
                    r.choice("paradox_fallback").unwrap_or("?")
                )
            })
            .collect();
        Some(format!(
            "unresolved: the orders form a convoy paradox that the ruleset's paradox rule does not answer (DATC 4.A.2: the 1971, 1982 and 2000 rules only stop some supports being cut), and no paradox_fallback is set, so diplo decides nothing for them rather than invent a ruling; `diplo adjudicate --set paradox_fallback=...` shows what each fallback gives. Here: {}.",
            which.join(", ")
        ))
    }

    /// The text: one line per order under every ruleset, or a table with the differences
    /// marked and explained.
    fn text(&self, verbose: bool) -> String {
        let names: Vec<&str> = self.rulesets.iter().map(|r| r.name.as_str()).collect();
        let labels: Vec<String> = self
            .rows
            .iter()
            .map(|r| format!("{}: {}", r.power, r.order))
            .collect();
        let mut out = format!("{}\n", self.title);
        if self.same_everywhere() {
            out.push_str(&self.same_text(&names, &labels, verbose));
            return out;
        }
        out.push_str(&self.table_head(&names));
        out.push_str(&self.table_text(&names, &labels));
        out.push_str(&self.whys_text(&names, &labels));
        out.push_str(&self.datc_agreement_text());
        if let Some(f) = self.unresolved_footnote() {
            out.push_str(&format!("\n{f}\n"));
        }
        if verbose {
            out.push_str(&self.reasons_text(&labels, false));
        }
        out
    }

    /// The text when every ruleset gives the same results: each order with its result.
    fn same_text(&self, names: &[&str], labels: &[String], verbose: bool) -> String {
        let mut out = format!("Same result under every ruleset ({}):\n", names.join(", "));
        for (i, row) in self.rows.iter().enumerate() {
            let c = &row.cells[0];
            out.push_str(&format!("  {} -> {}", labels[i], c.words));
            if verbose && !c.reason.is_empty() {
                out.push_str(&format!(" ({})", c.reason));
            }
            out.push('\n');
        }
        out.push_str(&self.datc_agreement_text());
        if verbose {
            out.push_str(&self.reasons_text(labels, true));
        }
        out
    }

    /// What the table's marks mean, and for which rulesets the DATC text speaks.
    fn table_head(&self, names: &[&str]) -> String {
        let has_text = self.case.is_some() && self.expectations.iter().any(Option::is_some);
        let mut out = format!(
            "Compared with {}: * marks a result that differs from {}'s{}.\n",
            self.base_name(),
            self.base_name(),
            if has_text {
                ", ! one the DATC text contradicts for that ruleset"
            } else {
                ""
            }
        );
        if has_text {
            let which: Vec<String> = (0..names.len())
                .filter(|&j| self.expectations[j].is_some())
                .map(|j| format!("{}: {}", names[j], self.expectation_label(j)))
                .collect();
            out.push_str(&format!(
                "Under each order, what the DATC text states (- where it states nothing); it speaks for {}.\n",
                which.join("; ")
            ));
        }
        out.push('\n');
        out
    }

    /// Cell `(i, j)` with its marks: `*` differs from the base, `!` the DATC text contradicts.
    fn mark(&self, i: usize, j: usize) -> String {
        let mut m = self.rows[i].cells[j].words.clone();
        if self.differs(i, j) {
            m.push('*');
        }
        if self.disagrees_with_datc(i, j) {
            m.push('!');
        }
        m
    }

    /// What the DATC text states for row `i` under each ruleset (`-`: nothing), when it
    /// states anything.
    fn stated_row(&self, i: usize) -> Option<Vec<String>> {
        let row = &self.rows[i];
        row.stated.iter().any(Option::is_some).then(|| {
            row.stated
                .iter()
                .map(|s| s.clone().unwrap_or_else(|| "-".into()))
                .collect()
        })
    }

    /// The table: one column per ruleset, one line per order (and one for what the DATC text
    /// states, when it does).
    fn table_text(&self, names: &[&str], labels: &[String]) -> String {
        let first_header = "the DATC text states";
        let w0 = labels
            .iter()
            .map(|s| s.chars().count())
            .chain([5, first_header.len() + 2])
            .max()
            .unwrap_or(5);
        let widths: Vec<usize> = (0..names.len())
            .map(|j| {
                let cells = (0..self.rows.len()).map(|i| self.mark(i, j).chars().count());
                let stated = (0..self.rows.len())
                    .filter_map(|i| self.stated_row(i).map(|s| s[j].chars().count()));
                cells
                    .chain(stated)
                    .chain([names[j].len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |first: &str, cells: &[String]| {
            let mut l = format!("{first:<w0$}");
            for (c, w) in cells.iter().zip(&widths) {
                l.push_str(&format!("  {c:<w$}", w = *w));
            }
            format!("{}\n", l.trim_end())
        };
        let names_s: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        let mut out = line("order", &names_s);
        for (i, label) in labels.iter().enumerate() {
            let cells: Vec<String> = (0..names.len()).map(|j| self.mark(i, j)).collect();
            out.push_str(&line(label, &cells));
            if let Some(s) = self.stated_row(i) {
                out.push_str(&line(&format!("  {first_header}"), &s));
            }
        }
        out
    }

    /// Why each marked cell differs, the cells of one ruleset with the same explanation
    /// together.
    fn whys_text(&self, names: &[&str], labels: &[String]) -> String {
        let mut out = format!(
            "\nWhy the * cells differ from {}: the issue whose choice makes the difference, found by adjudicating the ruleset again with that one choice switched to {}'s (it then gives {}'s result):\n",
            self.base_name(),
            self.base_name(),
            self.base_name()
        );
        for (j, name) in names.iter().enumerate() {
            let mut groups: Vec<(String, Vec<String>)> = Vec::new();
            for (i, label) in labels.iter().enumerate() {
                let Some(why) = &self.whys[i][j] else {
                    continue;
                };
                let text = self.why_text(j, why);
                let cell = format!(
                    "{label}: {} ({}: {})",
                    self.rows[i].cells[j].words,
                    self.base_name(),
                    self.rows[i].cells[self.base].words
                );
                match groups.iter_mut().find(|(t, _)| *t == text) {
                    Some((_, cells)) => cells.push(cell),
                    None => groups.push((text, vec![cell])),
                }
            }
            for (text, cells) in groups {
                out.push_str(&format!("  {name}: {text}\n"));
                for c in cells {
                    out.push_str(&format!("    {c}\n"));
                }
            }
        }
        out
    }

    /// The cells the DATC text contradicts, or that it agrees everywhere it speaks.
    fn datc_agreement_text(&self) -> String {
        if self.case.is_none() || self.expectations.iter().all(Option::is_none) {
            return String::new();
        }
        let mut lines = Vec::new();
        for (i, row) in self.rows.iter().enumerate() {
            for j in 0..self.rulesets.len() {
                if self.disagrees_with_datc(i, j) {
                    lines.push(format!(
                        "  ! {}: {}: {}: diplo says {}, the DATC text states {} ({})\n",
                        self.rulesets[j].name,
                        row.power,
                        row.order,
                        row.cells[j].words,
                        row.stated[j].as_deref().unwrap_or(""),
                        self.expectation_label(j)
                    ));
                }
            }
        }
        let errata = self
            .case
            .map(|c| {
                c.errata
                    .iter()
                    .map(|e| {
                        format!(
                            "  erratum: {}: {}: the document writes `{}`; its own definitions give `{}` (the corrected words count as what the text states; `diplo datc --case {}` gives the reasoning)\n",
                            e.power, e.order, e.document, e.corrected, c.id
                        )
                    })
                    .collect::<String>()
            })
            .unwrap_or_default();
        let stated_for: Vec<&str> = (0..self.rulesets.len())
            .filter(|&j| self.expectations[j].is_some())
            .map(|j| self.rulesets[j].name.as_str())
            .collect();
        if lines.is_empty() {
            format!(
                "\nThe DATC text agrees wherever it states a result (it states one for {}).\n{errata}",
                stated_for.join(", ")
            )
        } else {
            format!(
                "\nWhere the DATC text states something else:\n{}{errata}",
                lines.concat()
            )
        }
    }

    fn reasons_text(&self, labels: &[String], same: bool) -> String {
        let mut out = String::from("\nReasons:\n");
        for (i, label) in labels.iter().enumerate() {
            let row = &self.rows[i];
            if same || row.cells.iter().all(|c| c == &row.cells[0]) {
                if !row.cells[0].reason.is_empty() {
                    out.push_str(&format!(
                        "  {label}: every ruleset: {} ({})\n",
                        row.cells[0].words, row.cells[0].reason
                    ));
                }
                continue;
            }
            out.push_str(&format!("  {label}:\n"));
            for (j, c) in row.cells.iter().enumerate() {
                let reason = if c.reason.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", c.reason)
                };
                out.push_str(&format!(
                    "    {}: {}{reason}\n",
                    self.rulesets[j].name, c.words
                ));
            }
        }
        out
    }

    fn json(&self) -> serde_json::Value {
        let names: Vec<&str> = self.rulesets.iter().map(|r| r.name.as_str()).collect();
        serde_json::json!({
            "case": self.case.map(|c| c.id.clone()),
            "title": self.title,
            "rulesets": names,
            "base": self.base_name(),
            "same_everywhere": self.same_everywhere(),
            "datc_text": self.case.map(|_| {
                (0..names.len())
                    .map(|j| {
                        let e = self.expectations[j].as_ref();
                        let v = serde_json::json!({
                            "expectation": e.map(|e| if e.alternative.is_some() { "alternative" } else { "main" }),
                            "when": e.and_then(|e| e.alternative).map(|a| &a.when),
                            "source": e.and_then(|e| e.alternative).map(|a| &a.source),
                        });
                        (names[j].to_string(), v)
                    })
                    .collect::<serde_json::Map<_, _>>()
            }),
            "errata": self.case.map(|c| &c.errata),
            "orders": self.rows.iter().enumerate().map(|(i, row)| serde_json::json!({
                "power": row.power,
                "order": row.order,
                "differs": (0..names.len()).any(|j| self.differs(i, j)),
                "results": (0..names.len()).map(|j| (names[j].to_string(), serde_json::Value::from(row.cells[j].words.clone()))).collect::<serde_json::Map<_, _>>(),
                "cells": (0..names.len()).map(|j| {
                    let why = self.whys[i][j].as_ref();
                    let v = serde_json::json!({
                        "result": row.cells[j].words,
                        "reason": row.cells[j].reason,
                        "differs_from_base": self.differs(i, j),
                        "issues": why.map(|w| w.alone.iter().map(|k| self.issue_json(j, k)).collect::<Vec<_>>()),
                        "issue_pairs": why.filter(|w| w.alone.is_empty()).map(|w| w.pairs.iter().map(|(a, b)| vec![self.issue_json(j, a), self.issue_json(j, b)]).collect::<Vec<_>>()),
                        "why": why.map(|w| self.why_text(j, w)),
                        "datc_text_states": row.stated[j],
                        "agrees_with_datc_text": row.stated[j].as_deref().map(|s| agrees(self.case, s, &row.cells[j].words)),
                    });
                    (names[j].to_string(), v)
                }).collect::<serde_json::Map<_, _>>(),
            })).collect::<Vec<_>>(),
            "footnotes": self.unresolved_footnote().into_iter().collect::<Vec<_>>(),
        })
    }

    fn issue_json(&self, j: usize, k: &str) -> serde_json::Value {
        serde_json::json!({
            "issue": k,
            "choice": self.rulesets[j].choice(k),
            "base_choice": self.rulesets[self.base].choice(k),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_the_datc_text_contradicts_is_marked_and_listed() {
        let case = all_cases().into_iter().find(|c| c.id == "6.D.4").unwrap();
        let rulesets = vec![Ruleset::load("1971").unwrap(), Ruleset::datc()];
        let cell = |w: &str| Cell {
            words: w.into(),
            reason: String::new(),
        };
        // Pretend 1971 said `given` where the (corrected) text states `cut`.
        let rows: Vec<Row> = case
            .orders
            .iter()
            .enumerate()
            .map(|(i, o)| Row {
                power: o.power.clone(),
                order: o.order.clone(),
                cells: if i == 0 {
                    vec![cell("given"), cell("cut")]
                } else {
                    vec![cell(&o.result), cell(&o.result)]
                },
                stated: vec![
                    Some(main_result(&case, o).to_string()),
                    Some(main_result(&case, o).to_string()),
                ],
            })
            .collect();
        let expectations: Vec<Option<Expectation>> =
            rulesets.iter().map(|r| case.expectation_for(r)).collect();
        let whys = vec![vec![None; 2]; rows.len()];
        let report = Report {
            title: "t".into(),
            case: Some(&case),
            rulesets: &rulesets,
            base: 1,
            rows: &rows,
            whys: &whys,
            expectations: &expectations,
        };
        let text = report.text(false);
        assert!(text.contains("given*!"), "{text}");
        assert!(
            text.contains("! 1971: Germany: A Berlin Supports F Kiel: diplo says given, the DATC text states cut"),
            "{text}"
        );
        assert_eq!(
            report.json()["orders"][0]["cells"]["1971"]["agrees_with_datc_text"],
            false
        );
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
