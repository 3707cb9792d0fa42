//! `diplo map check`, `diplo map show`, `diplo map export`, `diplo map import` (in
//! `import.rs`) and `diplo map draw` (in `map_draw.rs`).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Subcommand, ValueEnum};
use diplo_map::{Location, Map, ProvinceId, Terrain};

use crate::common;

/// `diplo map ...`
#[derive(Subcommand, Debug)]
pub enum MapCommand {
    /// Validate map files and report every problem with its file, line and column.
    Check {
        /// Map files (TOML, see maps/FORMAT.md), or names of built-in maps.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
    /// Print a map: powers, home centres, starting units, provinces and adjacencies.
    Show {
        /// A map file, or the name of a built-in map; default: the standard map.
        #[arg(value_name = "PATH")]
        map: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Write another engine's variant map (MILA .map, jDip variants.xml, diplicity JSON) as a diplo map file;
    /// what it cannot express is reported with file and line.
    Import(super::import::ImportArgs),
    /// Write a map file without drawing data again with the drawing its pictures use, computed
    /// from its adjacencies: a starting point a designer then edits.
    Draw(super::map_draw::DrawArgs),
    /// Write a map in another engine's format (diplicity's variant JSON); what that format
    /// cannot express is reported on standard error.
    Export {
        /// A map file, or the name of a built-in map.
        #[arg(value_name = "PATH")]
        map: String,
        /// The format to write.
        #[arg(long, value_enum)]
        format: ExportFormat,
        /// Write here instead of to standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Replace the `--out` file if it exists.
        #[arg(long, requires = "out")]
        force: bool,
    },
}

/// The formats `map export` writes.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// diplicity's canonical variant JSON (schema version 1).
    Diplicity,
}

/// `diplo maps ...`
#[derive(Subcommand, Debug)]
pub enum MapsCommand {
    /// List the built-in maps: name, title, powers, centres, special rules.
    List {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

/// How `map show` and `maps list` print.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A summary for people.
    Text,
    /// The whole map as JSON, names instead of ids.
    Json,
}

/// Runs a `map` subcommand.
pub fn run(command: MapCommand) -> ExitCode {
    match command {
        MapCommand::Check { paths } => check(&paths),
        MapCommand::Show { map, format } => show(map.as_deref(), format),
        MapCommand::Import(args) => super::import::run(args),
        MapCommand::Draw(args) => super::map_draw::run(args),
        MapCommand::Export {
            map,
            format: ExportFormat::Diplicity,
            out,
            force,
        } => export(&map, out.as_deref(), force),
    }
}

/// `map export`: the document on stdout (or `--out`), what it cannot say on stderr.
fn export(name: &str, out: Option<&std::path::Path>, force: bool) -> ExitCode {
    if let Some(out) = out {
        if let Err(e) = common::refuse_existing_out(out, force, "an export") {
            errln!("error: {e}");
            return ExitCode::FAILURE;
        }
    }
    let map = match common::load_map(name) {
        Ok(m) => m,
        Err(e) => {
            e.report();
            return ExitCode::FAILURE;
        }
    };
    let exported = diplo_import::diplicity::export(&map);
    for f in &exported.findings {
        errln!("warning: {f}");
    }
    match out {
        Some(out) => {
            if let Err(e) = diplo_game::write_output_atomically(out, exported.json.as_bytes()) {
                errln!("error: {}: cannot write: {e}", out.display());
                return ExitCode::FAILURE;
            }
        }
        None => common::print(&exported.json),
    }
    ExitCode::SUCCESS
}

fn check(paths: &[PathBuf]) -> ExitCode {
    let mut ok = true;
    for path in paths {
        let name = path.to_string_lossy();
        let loaded = match Map::embedded(&name) {
            Some(map) if !path.exists() => map,
            _ => Map::from_path(path),
        };
        match loaded {
            Ok(map) => {
                for w in map.warnings() {
                    errln!("warning: {}: {w}", path.display());
                }
                for w in diplo_orders::unreadable_names(&map) {
                    errln!("warning: {}: {w}", path.display());
                }
                common::print(&format!("{}: ok ({})\n", path.display(), counts(&map)))
            }
            Err(e) => {
                common::report_map_error(&e);
                ok = false;
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The embedded maps: name, title, powers, centres, special rules.
pub fn list(format: Format) -> ExitCode {
    let mut rows = Vec::new();
    for (name, _) in diplo_map::EMBEDDED_MAPS {
        match Map::embedded(name).expect("listed") {
            Ok(map) => rows.push(map),
            Err(e) => {
                common::report_map_error(&e);
                return ExitCode::FAILURE;
            }
        }
    }
    let text = match format {
        Format::Json => {
            let v: Vec<serde_json::Value> = rows
                .iter()
                .map(|m| {
                    serde_json::json!({
                        "name": m.name,
                        "title": m.title,
                        "powers": m.powers().iter().filter(|p| !p.neutral).map(|p| p.name.clone()).collect::<Vec<_>>(),
                        "supply_centres": m.supply_centre_count(),
                        "victory_centres": m.victory.centres,
                        "special_rules": m.special_rules(),
                    })
                })
                .collect();
            serde_json::to_string_pretty(&v).expect("json") + "\n"
        }
        Format::Text => {
            let mut out = String::new();
            for m in &rows {
                let powers = m.powers().iter().filter(|p| !p.neutral).count();
                let _ = writeln!(
                    out,
                    "{:28} {} ({powers} powers, {} centres, {} to win)",
                    m.name,
                    m.title,
                    m.supply_centre_count(),
                    m.victory.centres
                );
                let rules = m.special_rules();
                if !rules.is_empty() {
                    let _ = writeln!(out, "{:28}   {}", "", rules.join("; "));
                }
            }
            out
        }
    };
    common::print(&text);
    ExitCode::SUCCESS
}

/// `75 provinces, 34 supply centres, 7 powers, 22 units` (impassable provinces not counted).
fn counts(map: &Map) -> String {
    let provinces = map
        .provinces()
        .iter()
        .filter(|p| p.terrain != Terrain::Impassable)
        .count();
    let units: usize = map.powers().iter().map(|p| p.units.len()).sum();
    format!(
        "{provinces} provinces, {} supply centres, {} powers, {units} units",
        map.supply_centre_count(),
        map.powers().len()
    )
}

fn show(spec: Option<&str>, format: Format) -> ExitCode {
    let map = match common::load_map(spec.unwrap_or("standard")) {
        Ok(map) => map,
        Err(e) => {
            e.report();
            return ExitCode::FAILURE;
        }
    };
    let text = match format {
        Format::Text => show_text(&map),
        Format::Json => match serde_json::to_string_pretty(&map) {
            Ok(json) => json + "\n",
            Err(e) => {
                errln!("error: cannot write the map as JSON: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    common::print(&text);
    ExitCode::SUCCESS
}

/// `diplo map show` as text: the header, the powers, then the provinces by terrain.
fn show_text(map: &Map) -> String {
    let mut out = String::new();
    show_header(&mut out, map);
    show_powers(&mut out, map);
    show_provinces(&mut out, map);
    out
}

/// Title, start, victory, counts and special rules.
fn show_header(out: &mut String, map: &Map) {
    let season = map.season_name(map.first_season).to_lowercase();
    let _ = writeln!(out, "{} (map `{}`)", map.title, map.name);
    let _ = writeln!(
        out,
        "Starts {season} {}; {} supply centres win.",
        map.first_year, map.victory_centres
    );
    let _ = writeln!(out, "{}.", counts(map));
    let rules = map.special_rules();
    if !rules.is_empty() {
        let _ = writeln!(out, "Special rules: {}.", rules.join("; "));
    }
}

/// Each power's abbreviation, home centres, starting units and (when they differ) owned
/// centres; then the neutral centres.
fn show_powers(out: &mut String, map: &Map) {
    let _ = writeln!(out, "\nPowers");
    let name_w = map.powers().iter().map(|p| p.name.len()).max().unwrap_or(0);
    for p in map.powers() {
        let homes: Vec<&str> = p
            .home_centres
            .iter()
            .map(|&c| map.province(c).name.as_str())
            .collect();
        let units: Vec<String> = p
            .units
            .iter()
            .map(|u| format!("{} {}", u.kind.letter(), map.location_name(u.location)))
            .collect();
        let _ = writeln!(
            out,
            "  {:name_w$}  {}  home: {:<16} units: {}",
            p.name,
            p.abbreviation,
            homes.join(" "),
            units.join(", ")
        );
        if p.centres != p.home_centres {
            let owned: Vec<&str> = p
                .centres
                .iter()
                .map(|&c| map.province(c).name.as_str())
                .collect();
            let _ = writeln!(
                out,
                "  {:name_w$}       owns at the start: {}",
                "",
                owned.join(" ")
            );
        }
    }
    let neutral: Vec<&str> = map
        .provinces()
        .iter()
        .filter(|p| p.supply_centre && p.home.is_none())
        .map(|p| p.name.as_str())
        .collect();
    if !neutral.is_empty() {
        let _ = writeln!(out, "  Neutral centres: {}", neutral.join(" "));
    }
}

/// The provinces by terrain, each with its full name, centre and neighbours.
fn show_provinces(out: &mut String, map: &Map) {
    let short_w = map
        .provinces()
        .iter()
        .map(|p| p.name.len())
        .max()
        .unwrap_or(0);
    let full_w = map
        .provinces()
        .iter()
        .map(|p| p.full_name.chars().count())
        .max()
        .unwrap_or(0);
    let groups = [
        (Terrain::Inland, "Inland provinces"),
        (Terrain::Coast, "Coastal provinces"),
        (Terrain::Sea, "Seas"),
        (Terrain::Impassable, "Impassable"),
    ];
    for (terrain, heading) in groups {
        let mut ids: Vec<_> = map
            .province_ids()
            .filter(|&id| map.province(id).terrain == terrain)
            .collect();
        ids.sort_by(|&a, &b| map.province(a).name.cmp(&map.province(b).name));
        if ids.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n{heading} ({})", ids.len());
        for id in ids {
            let p = map.province(id);
            let centre = match (p.supply_centre, p.home) {
                (true, Some(h)) => format!("SC {}", map.power(h).abbreviation),
                (true, None) => "SC".to_string(),
                (false, _) => String::new(),
            };
            let full = format!("{:full_w$}", p.full_name);
            let line = format!(
                "  {:short_w$}  {full}  {centre:6}  {}",
                p.name,
                neighbours(map, id).join("; ")
            );
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
}

/// Province `id`'s neighbours, sorted: `army: ...` on land, then `fleet: ...` (one per coast
/// of a multi-coast province).
fn neighbours(map: &Map, id: ProvinceId) -> Vec<String> {
    let p = map.province(id);
    let list = |locs: &mut dyn Iterator<Item = Location>| {
        let mut names: Vec<String> = locs.map(|l| map.location_name(l)).collect();
        names.sort();
        names.join(" ")
    };
    let mut adj = Vec::new();
    if p.terrain.is_land() {
        let army = list(
            &mut map
                .army_neighbours(id)
                .iter()
                .map(|&q| Location::province(q)),
        );
        adj.push(format!("army: {army}"));
    }
    if p.is_multi_coast() {
        for (i, c) in p.coasts.iter().enumerate() {
            let fleet = list(
                &mut map
                    .fleet_neighbours(Location::coast(id, i as u8))
                    .iter()
                    .copied(),
            );
            adj.push(format!("fleet ({}): {fleet}", c.name));
        }
    } else if p.terrain.is_navigable() {
        let fleet = list(&mut map.fleet_neighbours(Location::province(id)).iter().copied());
        adj.push(format!("fleet: {fleet}"));
    }
    adj
}
