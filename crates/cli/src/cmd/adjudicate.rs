//! `diplo adjudicate`: adjudicates one phase.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use diplo_engine::{adjudicate, Adjudication, Position, ResultLine};
use diplo_map::{Map, PowerId};
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
    /// Also draw the position with the orders and their results: FILE.svg or FILE.png.
    #[arg(long)]
    render: Option<PathBuf>,
}

/// Runs `diplo adjudicate`.
pub fn run(args: AdjudicateArgs) -> ExitCode {
    let (map, rules, pos, orders) = match inputs(&args) {
        Ok(i) => i,
        Err(c) => return c,
    };
    let adj = adjudicate(&map, &rules, &pos, &orders);
    if let Some(path) = &args.render {
        let scene =
            super::render::position_scene(&map, &rules, &pos).with_adjudication(&orders, &adj);
        if super::render::write(path, &diplo_render::svg(&scene)) != ExitCode::SUCCESS {
            return ExitCode::FAILURE;
        }
    }
    let fallbacks = if adj.unresolved.is_empty() {
        Vec::new()
    } else {
        diplo_game::json::fallback_adjudications(&map, &rules, &pos, &orders)
    };
    match args.format {
        Format::Json => print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&diplo_game::json::adjudication_document(
                &map,
                &rules,
                (&pos, &orders),
                &adj,
                &fallbacks
            ))
            .expect("json")
        )),
        Format::Text => {
            let label = diplo_game::ruleset_label(&rules.name, &args.rules.sets);
            let mut text = adjudication_text(&map, &label, (&pos, &orders), &adj);
            if !adj.unresolved.is_empty() {
                text.push_str(&fallbacks_text(&map, &orders, &adj, &fallbacks));
            }
            print(&text)
        }
    }
    write_next(&args, &map, &rules, &adj)
}

/// The map, ruleset, position and orders (each with its power) of one adjudication.
type Inputs = (Map, diplo_rules::Ruleset, Position, Vec<(PowerId, Order)>);

/// The map, ruleset, position and orders (each with its power) the arguments name.
fn inputs(args: &AdjudicateArgs) -> Result<Inputs, ExitCode> {
    let map = load_map(&args.map).map_err(|e| {
        e.report();
        ExitCode::FAILURE
    })?;
    let rules = args.rules.load()?;
    let pos = load_position(&map, args.position.as_deref())?;
    let orders: Vec<(PowerId, Order)> = read_orders(&map, &args.orders)?
        .into_iter()
        .filter_map(|l| Some((l.power?, l.order)))
        .collect();
    Ok((map, rules, pos, orders))
}

/// `--out`: the next position written to the file (refused when orders are unresolved).
fn write_next(
    args: &AdjudicateArgs,
    map: &Map,
    rules: &diplo_rules::Ruleset,
    adj: &Adjudication,
) -> ExitCode {
    if !adj.unresolved.is_empty() {
        if let Some(out) = &args.out {
            errln!(
                "error: {}: not written: {}",
                out.display(),
                diplo_game::json::no_next_position(rules)
            );
            return ExitCode::FAILURE;
        }
        return ExitCode::SUCCESS;
    }
    if let Some(out) = &args.out {
        if let Err(e) = diplo_game::write_atomically(out, &adj.next.to_toml(map)) {
            errln!(
                "error: {}: cannot write the next position: {e}",
                out.display()
            );
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// For each fallback: the orders whose result it changes, and the position it gives.
fn fallbacks_text(
    map: &Map,
    orders: &[(PowerId, Order)],
    adj: &Adjudication,
    fallbacks: &[diplo_game::json::Fallback],
) -> String {
    let mut out = String::new();
    for (word, what, a) in fallbacks {
        out.push_str(&format!("\nWith --set paradox_fallback={word} ({what}):\n"));
        for (old, new) in adj.results.iter().zip(&a.results) {
            let order = &orders[new.index].1;
            let reason_changed = old.reason_text(map, order) != new.reason_text(map, order);
            if old.words() != new.words() || reason_changed {
                let line = ResultLine {
                    result: new,
                    order,
                    map,
                };
                out.push_str(&format!("  {line}\n"));
            }
        }
        for r in a.retreats.iter().filter(|r| r.options.is_empty()) {
            out.push_str(&format!(
                "  {} {}: destroyed (no retreat)\n",
                map.power(r.dislodged.unit.power).adjective,
                r.dislodged.unit.full(map)
            ));
        }
        out.push_str(&format!("Next: {}\n", a.next.phase.name(map)));
        out.push_str(&a.next.to_toml(map));
    }
    out
}

/// The text report of an adjudication of `orders` in `pos` (also used by `diplo game
/// adjudicate`).
pub(crate) fn adjudication_text(
    map: &Map,
    ruleset: &str,
    (pos, orders): (&Position, &[(PowerId, Order)]),
    adj: &Adjudication,
) -> String {
    let mut out = format!(
        "{} ({} map, ruleset {ruleset})\n",
        pos.phase.name(map),
        map.name
    );
    for r in &adj.results {
        let order = &orders[r.index].1;
        let line = ResultLine {
            result: r,
            order,
            map,
        };
        out.push_str(&format!("  {line}\n"));
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
                a.reason_text(map)
            ));
        }
    }
    if !adj.unresolved.is_empty() {
        // What the engine computed treats the unresolved orders as failed: not a position.
        out.push_str(
            "Next: none until a paradox fallback is chosen (the ruleset gives no answer for the convoy paradox above; DATC 4.A.2)\n",
        );
        return out;
    }
    out.push_str(&format!("Next: {}\n", adj.next.phase.name(map)));
    out.push_str(&adj.next.to_toml(map));
    out
}
