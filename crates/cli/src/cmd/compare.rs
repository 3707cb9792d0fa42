//! `diplo compare`: one situation adjudicated under several rulesets, side by side.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use diplo_datc::{adjudicate_case, all_cases, Case};
use diplo_engine::{adjudicate, Adjudication};
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
    /// The map (with --position/--orders): `standard` or a path.
    #[arg(long, default_value = "standard")]
    map: String,
    /// Your own position (TOML); without it, the map's starting position.
    #[arg(long)]
    position: Option<PathBuf>,
    /// Your own orders file.
    #[arg(long)]
    orders: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

struct Row {
    power: String,
    order: String,
    results: Vec<String>,
}

/// Runs `diplo compare`.
pub fn run(args: CompareArgs) -> ExitCode {
    let names: Vec<String> = if args.rulesets.trim() == "all" {
        EMBEDDED_RULESETS
            .iter()
            .map(|(n, _)| n.to_string())
            .collect()
    } else {
        args.rulesets
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    };
    let mut rulesets = Vec::new();
    for n in &names {
        match Ruleset::load(n) {
            Ok(r) => rulesets.push(r),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let (map, title, depends_on, rows) = match (&args.case, &args.orders) {
        (Some(id), _) => {
            let map = Map::standard();
            let Some(case) = all_cases()
                .into_iter()
                .find(|c| c.id.eq_ignore_ascii_case(id))
            else {
                eprintln!("error: no DATC case `{id}` (ids look like 6.F.19)");
                return ExitCode::FAILURE;
            };
            let rows = match case_rows(&map, &case, &rulesets) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            };
            (
                map,
                format!("{} {}", case.id, case.title),
                case.depends_on.clone(),
                rows,
            )
        }
        (None, Some(orders_path)) => {
            let map = match load_map(&args.map) {
                Ok(m) => m,
                Err(e) => {
                    e.report();
                    return ExitCode::FAILURE;
                }
            };
            let pos = match load_position(&map, args.position.as_deref()) {
                Ok(p) => p,
                Err(c) => return c,
            };
            let lines = match read_orders(&map, orders_path) {
                Ok(l) => l,
                Err(c) => return c,
            };
            let orders: Vec<(PowerId, Order)> = lines
                .iter()
                .filter_map(|l| Some((l.power?, l.order.clone())))
                .collect();
            let texts: Vec<(String, String)> = lines
                .iter()
                .map(|l| (map.power(l.power.unwrap()).name.clone(), l.text.clone()))
                .collect();
            let adjs: Vec<Adjudication> = rulesets
                .iter()
                .map(|r| adjudicate(&map, r, &pos, &orders))
                .collect();
            let rows = texts
                .into_iter()
                .enumerate()
                .map(|(i, (power, order))| Row {
                    power,
                    order,
                    results: adjs.iter().map(|a| a.results[i].words()).collect(),
                })
                .collect();
            (
                map,
                format!("{} ({})", pos.phase, orders_path.display()),
                Vec::new(),
                rows,
            )
        }
        (None, None) => {
            eprintln!("error: give --case ID, or --orders FILE (with --position FILE for a position other than the start)");
            return ExitCode::FAILURE;
        }
    };
    let _ = map;
    // The issues on which the compared rulesets disagree (restricted to what the case depends
    // on, when it says).
    let differing: Vec<&'static str> = ISSUES
        .iter()
        .filter(|i| {
            i.adjudication && (depends_on.is_empty() || depends_on.iter().any(|d| d == i.key))
        })
        .filter(|i| {
            rulesets
                .iter()
                .any(|r| r.choice(i.key) != rulesets[0].choice(i.key))
        })
        .map(|i| i.key)
        .collect();
    match args.format {
        Format::Json => {
            let doc = serde_json::json!({
                "case": args.case,
                "title": title,
                "rulesets": rulesets.iter().map(|r| r.name.clone()).collect::<Vec<_>>(),
                "orders": rows.iter().map(|row| serde_json::json!({
                    "power": row.power,
                    "order": row.order,
                    "results": rulesets.iter().zip(&row.results).map(|(r, w)| (r.name.clone(), serde_json::Value::from(w.clone()))).collect::<serde_json::Map<_, _>>(),
                    "differs": row.results.iter().any(|w| w != &row.results[0]),
                })).collect::<Vec<_>>(),
                "choices": choices_json(&rulesets, &differing),
            });
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&doc).expect("json")
            ));
        }
        Format::Text => print(&table(&title, &rulesets, &rows, &differing)),
    }
    ExitCode::SUCCESS
}

fn choices_json(rulesets: &[Ruleset], differing: &[&str]) -> serde_json::Value {
    let mut out = serde_json::Map::new();
    for r in rulesets {
        let mut m = serde_json::Map::new();
        for k in differing {
            m.insert(
                k.to_string(),
                serde_json::Value::from(r.choice(k).unwrap_or("")),
            );
        }
        out.insert(r.name.clone(), serde_json::Value::Object(m));
    }
    serde_json::Value::Object(out)
}

fn case_rows(map: &Map, case: &Case, rulesets: &[Ruleset]) -> Result<Vec<Row>, String> {
    let row = |o: &diplo_datc::CaseOrder, prefix: &str| Row {
        power: o.power.clone(),
        order: format!("{prefix}{}", o.order),
        results: Vec::new(),
    };
    let mut rows: Vec<Row> = case.orders.iter().map(|o| row(o, "")).collect();
    let mut retreat_rows: Vec<Row> = case.retreats.iter().map(|o| row(o, "(retreat) ")).collect();
    for rules in rulesets {
        let (_, adj, radj) = adjudicate_case(map, rules, case)?;
        for (row, r) in rows.iter_mut().zip(&adj.results) {
            row.results.push(r.words());
        }
        if let Some(radj) = radj {
            for (row, r) in retreat_rows.iter_mut().zip(&radj.results) {
                row.results.push(r.words());
            }
        }
    }
    rows.extend(retreat_rows);
    Ok(rows)
}

fn table(title: &str, rulesets: &[Ruleset], rows: &[Row], differing: &[&str]) -> String {
    let first: Vec<String> = rows
        .iter()
        .map(|r| format!("{}: {}", r.power, r.order))
        .collect();
    let w0 = first
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(5)
        .max(5);
    let widths: Vec<usize> = rulesets
        .iter()
        .enumerate()
        .map(|(j, r)| {
            rows.iter()
                .map(|row| row.results[j].chars().count() + 1)
                .max()
                .unwrap_or(0)
                .max(r.name.len())
        })
        .collect();
    let mut out = format!("{title}\n\n{:<w0$}", "order");
    for (r, w) in rulesets.iter().zip(&widths) {
        out.push_str(&format!("  {:<w$}", r.name, w = *w));
    }
    out.push('\n');
    for (row, label) in rows.iter().zip(&first) {
        let differs = row.results.iter().any(|x| x != &row.results[0]);
        out.push_str(&format!("{label:<w0$}"));
        for (cell, w) in row.results.iter().zip(&widths) {
            let mark = if differs {
                format!("{cell}*")
            } else {
                cell.clone()
            };
            out.push_str(&format!("  {:<w$}", mark, w = *w));
        }
        out.push('\n');
    }
    out.push_str("\n* the result differs between the rulesets\n");
    if !differing.is_empty() {
        out.push_str("Choices on the issues where these rulesets differ:\n");
        for r in rulesets {
            let choices: Vec<String> = differing
                .iter()
                .map(|k| format!("{k}={}", r.choice(k).unwrap_or("?")))
                .collect();
            out.push_str(&format!("  {}: {}\n", r.name, choices.join(", ")));
        }
    }
    out
}
