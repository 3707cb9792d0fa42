//! `diplo render`: a picture of a position, and of its orders with their results.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use diplo_engine::{adjudicate, pending_retreat_options, PhaseKind, Position};
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use diplo_render::Scene;
use diplo_rules::Ruleset;

use crate::common::{load_map, load_position, read_orders, RulesArgs};

/// Arguments of `diplo render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The map: an embedded map's name or a path.
    #[arg(long, default_value = "standard")]
    map: String,
    #[command(flatten)]
    rules: RulesArgs,
    /// The position (TOML); without it, the map's starting position.
    #[arg(long)]
    position: Option<PathBuf>,
    /// Orders to adjudicate and draw with their results.
    #[arg(long)]
    orders: Option<PathBuf>,
    /// Draw the orders without adjudicating them.
    #[arg(long, requires = "orders")]
    no_results: bool,
    /// The picture to write: FILE.svg or FILE.png.
    #[arg(long)]
    out: PathBuf,
    /// Replace the `--out` file if it exists.
    #[arg(long)]
    force: bool,
}

/// Runs `diplo render`.
pub fn run(args: RenderArgs) -> ExitCode {
    if let Err(e) = crate::common::refuse_existing_out(&args.out, args.force, "a picture") {
        errln!("error: {e}");
        return ExitCode::FAILURE;
    }
    let map = match load_map(&args.map) {
        Ok(m) => m,
        Err(e) => {
            e.report();
            return ExitCode::FAILURE;
        }
    };
    let Ok(rules) = args.rules.load() else {
        return ExitCode::FAILURE;
    };
    let Ok(pos) = load_position(&map, args.position.as_deref()) else {
        return ExitCode::FAILURE;
    };
    let orders: Vec<(PowerId, Order)> = match &args.orders {
        Some(path) => match read_orders(&map, path) {
            Ok(lines) => lines
                .into_iter()
                .filter_map(|l| Some((l.power?, l.order)))
                .collect(),
            Err(c) => return c,
        },
        None => Vec::new(),
    };
    let mut scene = position_scene(&map, &rules, &pos);
    if args.no_results {
        scene = scene.with_orders(&orders);
    } else if args.orders.is_some() {
        // An adjustment with no orders still has its civil-disorder removals to show.
        let adj = adjudicate(&map, &rules, &pos, &orders);
        scene = scene.with_adjudication(&orders, &adj);
    }
    write(&args.out, &diplo_render::svg(&scene))
}

/// A position's picture: in a retreat phase, with the retreat options.
pub(crate) fn position_scene<'a>(map: &'a Map, rules: &Ruleset, pos: &'a Position) -> Scene<'a> {
    let scene = Scene::new(map, pos, &rules.name);
    if pos.phase.kind == PhaseKind::Retreat {
        scene.with_retreats(pending_retreat_options(map, rules, pos))
    } else {
        scene
    }
}

/// Writes a picture (SVG or PNG by the extension); reports a failure on stderr.
pub(crate) fn write(path: &Path, svg: &str) -> ExitCode {
    match diplo_render::write_file(path, svg) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
