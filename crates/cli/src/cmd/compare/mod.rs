//! `diplo compare`: one situation adjudicated under several rulesets, side by side, with why.
//!
//! Each order is shown once, normalised (the DATC's full form). Cells that differ from the base
//! ruleset's are explained by the switch test: the ruleset is adjudicated again with one of its
//! choices switched to the base's, and an issue whose switch gives the base's result is named.
//! With `--case`, the table also shows what the DATC text states for each ruleset. The
//! comparison and the switch test are `diplo_datc::compare`'s; this module reads the arguments
//! and prints.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use diplo_datc::all_cases;
use diplo_datc::compare::{explain, rows, Report, Situation};
use diplo_map::Map;
use diplo_rules::{Ruleset, EMBEDDED_RULESETS};

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
    /// Also draw one panel per ruleset (at most three a row, zoomed to the orders), differing
    /// results outlined: FILE.svg or FILE.png.
    #[arg(long)]
    render: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Runs `diplo compare`.
pub fn run(args: CompareArgs) -> ExitCode {
    match compare(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: {e}");
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

/// One panel per ruleset (`diplo_render::panels`: a grid zoomed to the orders); a result that
/// differs from the base ruleset's is outlined.
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
    let names: Vec<&str> = rulesets.iter().map(|r| r.name.as_str()).collect();
    let scenes = diplo_render::comparison(&pictures, &names, base, title);
    diplo_render::write_file(path, &diplo_render::panels(&scenes)).map_err(|e| e.to_string())
}
