//! `diplo adjudicate`: adjudicates one phase.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use diplo_engine::{adjudicate, Position, ResultLine};
use diplo_map::PowerId;
use diplo_orders::Order;

use crate::common::{load_map, load_position, print, read_orders, Format, RulesArgs};

/// Arguments of `diplo adjudicate`.
#[derive(Args, Debug)]
pub struct AdjudicateArgs {
    /// The map: `standard` (embedded) or a path.
    #[arg(long, default_value = "standard")]
    map: String,
    #[command(flatten)]
    rules: RulesArgs,
    /// The position (TOML); without it, the map's starting position.
    #[arg(long)]
    position: Option<PathBuf>,
    /// The orders file: one order per line, `England:` header lines or `ENG:` prefixes.
    #[arg(long)]
    orders: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Also write the next position to this file (TOML).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Runs `diplo adjudicate`.
pub fn run(args: AdjudicateArgs) -> ExitCode {
    let map = match load_map(&args.map) {
        Ok(m) => m,
        Err(e) => {
            e.report();
            return ExitCode::FAILURE;
        }
    };
    let rules = match args.rules.load() {
        Ok(r) => r,
        Err(c) => return c,
    };
    let pos = match load_position(&map, args.position.as_deref()) {
        Ok(p) => p,
        Err(c) => return c,
    };
    let orders: Vec<(PowerId, Order)> = match read_orders(&map, &args.orders) {
        Ok(lines) => lines
            .into_iter()
            .filter_map(|l| Some((l.power?, l.order)))
            .collect(),
        Err(c) => return c,
    };
    let adj = adjudicate(&map, &rules, &pos, &orders);
    if let Some(out) = &args.out {
        if let Err(e) = diplo_game::write_atomically(out, &adj.next.to_toml(&map)) {
            eprintln!(
                "error: {}: cannot write the next position: {e}",
                out.display()
            );
            return ExitCode::FAILURE;
        }
    }
    match args.format {
        Format::Json => print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&adjudication_json(&map, &pos, &adj)).expect("json")
        )),
        Format::Text => print(&adjudication_text(&map, &rules.name, &pos, &adj)),
    }
    ExitCode::SUCCESS
}

/// The text report of an adjudication (also used by `diplo game adjudicate`).
pub(crate) fn adjudication_text(
    map: &diplo_map::Map,
    ruleset: &str,
    pos: &Position,
    adj: &diplo_engine::Adjudication,
) -> String {
    let mut out = format!("{} ({} map, ruleset {ruleset})\n", pos.phase, map.name);
    for r in &adj.results {
        out.push_str(&format!("  {}\n", ResultLine { result: r, map }));
    }
    for (u, tag) in &adj.unordered_dislodged {
        out.push_str(&format!(
            "  {}: {} (no order) -> {}\n",
            map.power(u.power).name,
            u.full(map),
            tag.word()
        ));
    }
    // After a retreat phase the engine still lists the units that were retreating; they are
    // news only after the movement phase that dislodged them.
    if !adj.retreats.is_empty() && pos.phase.kind == diplo_engine::PhaseKind::Movement {
        out.push_str("Dislodged:\n");
        for r in &adj.retreats {
            let u = r.dislodged.unit;
            let opts: Vec<String> = r
                .options
                .iter()
                .map(|l| map.location_full_name(*l))
                .collect();
            let opts = if opts.is_empty() {
                "none: destroyed".to_string()
            } else {
                opts.join(", ")
            };
            out.push_str(&format!(
                "  {} {} (attacked from {}): may retreat to {opts}\n",
                map.power(u.power).adjective,
                u.full(map),
                map.province(r.dislodged.attacker_from).full_name
            ));
        }
    }
    if !adj.automatic.is_empty() {
        out.push_str("Automatic:\n");
        for a in &adj.automatic {
            out.push_str(&format!(
                "  {} {}: {}\n",
                map.power(a.unit.power).adjective,
                a.unit.full(map),
                a.reason
            ));
        }
    }
    out.push_str(&format!("Next: {}\n", adj.next.phase));
    out.push_str(&adj.next.to_toml(map));
    out
}

/// The JSON report of an adjudication (also used by `diplo game adjudicate`).
pub(crate) fn adjudication_json(
    map: &diplo_map::Map,
    pos: &Position,
    adj: &diplo_engine::Adjudication,
) -> serde_json::Value {
    serde_json::json!({
        "phase": pos.phase.to_string(),
        "results": adj.results.iter().map(|r| serde_json::json!({
            "power": map.power(r.power).name,
            "order": r.order.display(map).full().to_string(),
            "result": r.words(),
            "reason": r.reason,
        })).collect::<Vec<_>>(),
        "unordered_dislodged": adj.unordered_dislodged.iter().map(|(u, t)| serde_json::json!({
            "power": map.power(u.power).name, "unit": u.short(map), "tag": t.word(),
        })).collect::<Vec<_>>(),
        "dislodged": adj.retreats.iter().map(|r| serde_json::json!({
            "power": map.power(r.dislodged.unit.power).name,
            "unit": r.dislodged.unit.short(map),
            "attacker_from": map.province(r.dislodged.attacker_from).name,
            "by_convoy": r.dislodged.by_convoy,
            "retreat_options": r.options.iter().map(|l| map.location_name(*l)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "automatic": adj.automatic.iter().map(|a| serde_json::json!({
            "power": map.power(a.unit.power).name, "unit": a.unit.short(map), "reason": a.reason,
        })).collect::<Vec<_>>(),
        "next": adj.next.to_file(map),
    })
}
