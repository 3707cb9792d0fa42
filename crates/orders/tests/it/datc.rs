//! Every order of the DATC 3.2 chapter 6 (as transcribed in `datc/6.*.toml`) parses, with its
//! power, into the kind of order its words say, and its canonical forms parse back to it.

use crate::common;

use std::path::PathBuf;

use common::{assert_round_trip, map};
use diplo_orders::{parse_order, parse_orders, Order};
use serde::Deserialize;

#[derive(Deserialize)]
struct File {
    section: String,
    #[serde(default)]
    case: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    id: String,
    #[serde(default)]
    owns: Vec<String>,
    #[serde(default)]
    orders: Vec<Entry>,
    #[serde(default)]
    retreats: Vec<Entry>,
    #[serde(default)]
    automatic_disbands: Vec<Disband>,
}

#[derive(Deserialize)]
struct Entry {
    power: String,
    order: String,
}

#[derive(Deserialize)]
struct Disband {
    power: String,
    unit: String,
}

/// The readable files of `datc/` (some may still be being written: unreadable ones are skipped
/// with a note).
fn files() -> Vec<(PathBuf, File)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../datc");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with("6.") && name.ends_with(".toml")
        })
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("skipping {}: {e}", path.display());
                continue;
            }
        };
        match toml::from_str::<File>(&text) {
            Ok(f) => out.push((path, f)),
            Err(e) => eprintln!("skipping {} (not readable yet): {e}", path.display()),
        }
    }
    out
}

/// The kind of order the DATC's words say.
fn expected_variant(text: &str) -> &'static str {
    if text.starts_with("Build ") {
        "build"
    } else if text.starts_with("Disband ") {
        "disband"
    } else if text.contains(" Supports ") {
        if text.contains(" - ") {
            "support move"
        } else {
            "support hold"
        }
    } else if text.contains(" Convoys ") {
        "convoy"
    } else if text.ends_with(" Holds") {
        "hold"
    } else if text.contains(" - ") {
        "move"
    } else {
        "unknown"
    }
}

fn variant(order: &Order) -> &'static str {
    match order {
        Order::Hold { .. } => "hold",
        Order::Move { .. } => "move",
        Order::SupportHold { .. } => "support hold",
        Order::SupportMove { .. } => "support move",
        Order::Convoy { .. } => "convoy",
        Order::Retreat { .. } => "retreat",
        Order::Disband { .. } => "disband",
        Order::Build { .. } => "build",
        Order::Decline => "decline",
        Order::RailMove { .. } => "railroad move",
        Order::Permit { .. } => "permission",
        Order::Convert { .. } => "conversion",
    }
}

#[test]
fn every_datc_order_parses_and_round_trips() {
    let m = map();
    let files = files();
    assert!(!files.is_empty(), "no readable datc/6.*.toml file");
    let mut count = 0;
    let mut failures = Vec::new();
    for (path, file) in &files {
        let mut file_text = String::new();
        let mut expected_lines = Vec::new();
        for case in &file.case {
            for entry in case.orders.iter().chain(&case.retreats) {
                count += 1;
                let power = m.power_by_name(&entry.power);
                let Some(power) = power else {
                    failures.push(format!("{}: unknown power {}", case.id, entry.power));
                    continue;
                };
                let with_prefix = format!("{}: {}", entry.power, entry.order);
                match (parse_order(m, &entry.order), parse_order(m, &with_prefix)) {
                    (Ok((None, plain)), Ok((Some(p), prefixed))) => {
                        if p != power || plain != prefixed {
                            failures.push(format!("{}: `{with_prefix}` read differently", case.id));
                        }
                        let want = expected_variant(&entry.order);
                        if want != variant(&plain) {
                            failures.push(format!(
                                "{}: `{}` read as a {} ({plain:?}), expected a {want}",
                                case.id,
                                entry.order,
                                variant(&plain)
                            ));
                        }
                        assert_round_trip(&plain, Some(power));
                        file_text.push_str(&format!("{}:\n{}\n", entry.power, entry.order));
                        expected_lines.push((Some(power), plain));
                    }
                    (a, b) => failures.push(format!("{}: `{with_prefix}`: {a:?} / {b:?}", case.id)),
                }
            }
            // The setup's units (`England owns F London`) and the automatic disbands
            // (`F English Channel`) are units as the DATC writes them: they read as holds.
            let units = case
                .owns
                .iter()
                .filter_map(|o| {
                    o.split_once(" owns ")
                        .map(|(p, u)| (p.to_string(), u.to_string()))
                })
                .filter(|(_, u)| !u.starts_with("SC "))
                .chain(
                    case.automatic_disbands
                        .iter()
                        .map(|d| (d.power.clone(), d.unit.clone())),
                );
            for (p, unit) in units {
                match parse_order(m, &format!("{p}: {unit}")) {
                    Ok((Some(_), Order::Hold { .. })) => {}
                    other => {
                        failures.push(format!("{}: unit `{p}: {unit}` read as {other:?}", case.id))
                    }
                }
            }
        }
        // The same orders as one file, with `Power:` header lines.
        let (lines, errors) = parse_orders(m, &file_text);
        assert!(errors.is_empty(), "{}: {errors:?}", path.display());
        let got: Vec<_> = lines.into_iter().map(|l| (l.power, l.order)).collect();
        assert_eq!(
            got,
            expected_lines,
            "{} ({}) read as a file",
            path.display(),
            file.section
        );
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("{count} DATC orders from {} files", files.len());
    assert!(count > 0);
}
