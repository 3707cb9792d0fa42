//! `diplo map draw MAP --out FILE`: the map file with drawing data computed from its
//! adjacencies written in (`diplo_render::with_automatic_drawing`), a starting point to edit.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use diplo_map::Map;

use crate::common;

/// Arguments of `diplo map draw`.
#[derive(Args, Debug)]
pub struct DrawArgs {
    /// The map file (without drawing data).
    #[arg(value_name = "MAP")]
    map: PathBuf,
    /// The map file to write, with its drawing.
    #[arg(long)]
    out: PathBuf,
    /// Replace the `--out` file if it exists.
    #[arg(long)]
    force: bool,
}

/// Runs `diplo map draw`.
pub fn run(args: DrawArgs) -> ExitCode {
    if let Err(e) = common::refuse_existing_out(&args.out, args.force, "map draw") {
        errln!("error: {e}");
        return ExitCode::FAILURE;
    }
    let file = args.map.display().to_string();
    let text = match std::fs::read_to_string(&args.map) {
        Ok(t) => t,
        Err(e) => {
            errln!("error: {file}: cannot read the map file: {e}");
            return ExitCode::FAILURE;
        }
    };
    let map = match Map::from_path(&args.map) {
        Ok(m) => m,
        Err(e) => {
            common::report_map_error(&e);
            return ExitCode::FAILURE;
        }
    };
    let drawn = match diplo_render::with_automatic_drawing(&map, &text, &file) {
        Ok(t) => t,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = diplo_map::atomic::write_output_atomically(&args.out, drawn.as_bytes()) {
        errln!("error: {}: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    common::print(&format!(
        "{}: {} provinces drawn from their adjacencies (projection \"plane\"); move the anchors, labels and points as you see fit\n",
        args.out.display(),
        map.provinces().len()
    ));
    ExitCode::SUCCESS
}
