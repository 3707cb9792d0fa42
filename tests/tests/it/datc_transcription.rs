//! CI-only: every case in `datc/` says exactly what DATC 3.2 chapter 6 says.
//!
//! The document prints each case's setup, orders and results on one line (`England: F North Sea
//! - Picardy illegal ...`). This test rebuilds that line from the data (owns lines, a `Power:`
//! prefix where the power changes, each order followed by its result words, `RETREATS`, the
//! automatic disbands) and compares it with the document, ignoring case, colons and spaces.
//! It skips when `../shared/reference/datc-3.2.txt` is absent.

use std::path::PathBuf;

use diplo_datc::all_cases;

const POWERS: &[&str] = &[
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

fn document() -> Option<String> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference/datc-3.2.txt");
    match std::fs::read_to_string(&path) {
        Ok(t) => Some(t),
        Err(_) => {
            eprintln!(
                "skipping: {} not found (../shared is only present in CI)",
                path.display()
            );
            None
        }
    }
}

fn norm(s: &str) -> String {
    s.to_lowercase()
        .replace(':', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The data line of a case in the document: the first paragraph of its block that starts with
/// `Power:` or `Power owns SC|A|F`.
fn document_line<'a>(doc: &'a str, id: &str) -> Option<&'a str> {
    let header = format!("\n{id}. TEST CASE");
    let start = doc.find(&header)? + header.len();
    let rest = &doc[start..];
    let end = rest.find("\n6.").unwrap_or(rest.len());
    rest[..end].split("\n\n").map(str::trim).find(|p| {
        POWERS.iter().any(|pw| {
            p.strip_prefix(pw).is_some_and(|r| {
                r.starts_with(':')
                    || r.starts_with(" owns SC ")
                    || r.starts_with(" owns A ")
                    || r.starts_with(" owns F ")
            })
        })
    })
}

#[test]
fn every_case_matches_the_document_line() {
    let Some(doc) = document() else { return };
    let mut problems = Vec::new();
    // The DATC 2.4 cases come from the 2.4 document, in another layout (the variant chapters
    // have their own test, `datc24_variants_transcription.rs`).
    for case in all_cases().into_iter().filter(|c| c.document == "3.2") {
        let mut parts: Vec<String> = case.owns.clone();
        let mut current = String::new();
        let push = |parts: &mut Vec<String>, power: &str, text: String, current: &mut String| {
            if power != current {
                parts.push(format!("{power}:"));
                *current = power.to_string();
            }
            parts.push(text);
        };
        for o in &case.orders {
            push(
                &mut parts,
                &o.power,
                format!("{} {}", o.order, o.result),
                &mut current,
            );
        }
        if !case.retreats.is_empty() {
            parts.push("RETREATS".into());
            current.clear();
            for o in &case.retreats {
                push(
                    &mut parts,
                    &o.power,
                    format!("{} {}", o.order, o.result),
                    &mut current,
                );
            }
        }
        for a in &case.automatic_disbands {
            push(
                &mut parts,
                &a.power,
                format!("Automatic disband {}", a.unit),
                &mut current,
            );
        }
        let ours = norm(&parts.join(" "));
        match document_line(&doc, &case.id) {
            None => problems.push(format!("{}: no data line found in the document", case.id)),
            Some(line) if norm(line) != ours => problems.push(format!(
                "{}:\n  document: {}\n  data:     {}",
                case.id,
                norm(line),
                ours
            )),
            Some(_) => {}
        }
    }
    assert!(
        problems.is_empty(),
        "{} cases differ from the document:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
