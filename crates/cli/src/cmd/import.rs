//! `diplo map import`: another engine's variant map as a diplo map file (`diplo-import`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use diplo_import::{FindingKind, ImportError, Imported};

use crate::common;

/// `diplo map import --from mila|jdip|diplicity FILE ...`
#[derive(clap::Args, Debug)]
pub struct ImportArgs {
    /// The engine whose file this is.
    #[arg(long, value_enum)]
    from: Source,
    /// A MILA `.map` file, a jDip `variants.xml`, or a diplicity variant `.json`.
    #[arg(value_name = "FILE")]
    path: PathBuf,
    /// jDip: the variant to import, by name or alias (without it, the variants are listed).
    #[arg(long)]
    variant: Option<String>,
    /// A folder the files FILE names (MILA `USE`/`MAP`, jDip `adjacencyURI`) may also be read
    /// from, after FILE's own folder (repeatable). Nothing outside these folders is read.
    #[arg(long = "include-dir", value_name = "DIR")]
    include_dirs: Vec<PathBuf>,
    /// Write the map file here instead of to standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Replace the `--out` file if it exists.
    #[arg(long, requires = "out")]
    force: bool,
}

/// The source formats.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// The MILA engine's text `.map` files.
    Mila,
    /// jDip's `variants.xml` and the adjacency XML its variant names.
    Jdip,
    /// diplicity's canonical variant JSON (schema version 1).
    Diplicity,
}

/// Runs `diplo map import`: the map on stdout (or `--out`), every finding on stderr; fails
/// when the output does not pass diplo's validation.
pub fn run(args: ImportArgs) -> ExitCode {
    if let Some(out) = &args.out {
        if let Err(e) = common::refuse_existing_out(out, args.force, "an import") {
            errln!("error: {e}");
            return ExitCode::FAILURE;
        }
    }
    let imported = match (args.from, &args.variant) {
        (Source::Mila, None) => {
            diplo_import::mila::import_path_with(&args.path, &args.include_dirs)
        }
        (Source::Mila | Source::Diplicity, Some(_)) => {
            errln!("error: --variant is for jDip files");
            return ExitCode::FAILURE;
        }
        (Source::Diplicity, None) => diplo_import::diplicity::import_path(&args.path),
        (Source::Jdip, Some(v)) => {
            diplo_import::jdip::import_path_with(&args.path, v, &args.include_dirs)
        }
        (Source::Jdip, None) => return list_variants(&args.path),
    };
    let imported = match imported {
        Ok(i) => i,
        Err(e) => return fail(&e),
    };
    for f in &imported.findings {
        match (f.kind, &f.place) {
            (FindingKind::Note, Some(p)) => errln!("note: {p}: {}", f.message),
            (FindingKind::Note, None) => errln!("note: {}", f.message),
            _ => errln!("warning: {f}"),
        }
    }
    let valid = imported.validate();
    if let Some(out) = &args.out {
        if let Err(e) = diplo_game::write_output_atomically(out, imported.toml.as_bytes()) {
            errln!("error: {}: cannot write: {e}", out.display());
            return ExitCode::FAILURE;
        }
    } else {
        common::print(&imported.toml);
    }
    summary(&imported);
    match valid {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: the imported map does not pass diplo's validation:");
            common::report_map_error(&e);
            ExitCode::FAILURE
        }
    }
}

fn summary(imported: &Imported) {
    let count = |k: FindingKind| imported.findings.iter().filter(|f| f.kind == k).count();
    errln!(
        "imported `{}`: {} not expressed, {} ambiguous, {} defaults, {} notes",
        imported.name,
        count(FindingKind::NotExpressed),
        count(FindingKind::Ambiguous),
        count(FindingKind::Default),
        count(FindingKind::Note)
    );
}

fn list_variants(path: &Path) -> ExitCode {
    match diplo_import::jdip::variant_names(path) {
        Ok(names) => {
            errln!(
                "error: name the variant with --variant; {} has:",
                path.display()
            );
            for n in names {
                errln!("  {n}");
            }
            ExitCode::FAILURE
        }
        Err(e) => fail(&e),
    }
}

fn fail(e: &ImportError) -> ExitCode {
    errln!("error: {e}");
    ExitCode::FAILURE
}
