//! The DATC 2.4 variant cases (`datc/2.4-7.A.toml` … `datc/2.4-12.toml`, chapters 7–12) as data.
//!
//! `variant_data_is_well_formed` always runs: the files parse (read here with the `toml` crate,
//! independently of `diplo_datc`), every case has a known map, result words and keys as
//! `datc/FORMAT.md` describes them.
//!
//! The other two tests are CI-only (they skip when `../shared` is absent):
//! * `every_variant_case_matches_the_document`: every case id is a case of DATC 2.4 chapters 7–12
//!   (`../shared/reference/datc-2.4.txt`), every order that is not marked `constructed` appears
//!   (as its `written` text where it has one), in order and under its power, in that case's text (from its heading to the next heading;
//!   compared ignoring case, colons, runs of spaces and a trailing full stop), every `setup`
//!   sentence appears there, and the files cover the document's 85 cases.
//! * `chapters_8_to_12_order_the_units_jdip_orders`: for every case of chapters 8–12 that jDip's
//!   DATC 2.4 files (`../shared/corpora/jdip-datc/`) also have, our orders name the same units
//!   (power and province) as jDip's orders. jDip is a check only, never the source: where it
//!   differs from the document, the document wins and the difference is listed in
//!   `JDIP_EXCEPTIONS` with the reason.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use serde::Deserialize;

/// The data files, in document order, with the number of cases each holds.
const FILES: &[(&str, usize)] = &[
    ("2.4-7.A", 3),
    ("2.4-7.B", 34),
    ("2.4-7.C", 14),
    ("2.4-7.D", 2),
    ("2.4-8", 5),
    ("2.4-9", 7),
    // 15 document cases; the document's 10.G holds two situations, the second is case 10.G.2.
    ("2.4-10", 16),
    ("2.4-11", 1),
    ("2.4-12", 4),
];

/// Data cases that are a second situation under another document case's heading.
const SPLIT_CASES: &[(&str, &str)] = &[("10.G.2", "10.G")];

/// The number of test cases in DATC 2.4 chapters 7–12.
const DOCUMENT_CASES: usize = 85;

const MAPS: &[&str] = &[
    "colonial",
    "loeb9",
    "loeb9-sicily-tunis",
    "loeb9-north-africa-tunis",
    "standard-convoyable-coasts",
    "chaos",
    "1898",
];

/// Cases where jDip's file orders other units than the document; the document wins.
const JDIP_EXCEPTIONS: &[(&str, &str)] = &[
    (
        "10.E",
        "jDip gives the fleet in Sicily to Spain; the document orders it for Turkey \
         (`Turkey: F Sicily Hold`)",
    ),
    (
    "10.K",
    "jDip starts 10.K in the retreat phase with A Apulia and F Ionian Sea dislodged (the units \
     the document has attacking) and orders them to Sicily; the document's case is a movement \
     phase that dislodges F Tyrrhenian Sea and A Naples, whose retreats to Sicily it describes",
    ),
];

#[derive(Deserialize)]
struct File {
    section: String,
    title: String,
    document: String,
    preferences: String,
    #[serde(default)]
    case: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    id: String,
    title: String,
    #[serde(default)]
    map: Option<String>,
    phase: String,
    #[serde(default)]
    season: Option<String>,
    #[serde(default)]
    constructed: bool,
    #[serde(default)]
    setup: Vec<String>,
    #[serde(default)]
    owns: Vec<String>,
    #[serde(default)]
    orders: Vec<Entry>,
    #[serde(default)]
    retreats: Vec<Entry>,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    depends_on: Vec<String>,
    #[serde(default)]
    alternative: Vec<Alternative>,
}

#[derive(Deserialize)]
struct Entry {
    power: String,
    order: String,
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    ends_in: Option<String>,
    #[serde(default)]
    constructed: bool,
    /// The order as the document writes it, where `order` writes what the case means.
    #[serde(default)]
    written: Option<String>,
}

#[derive(Deserialize)]
struct Alternative {
    when: BTreeMap<String, String>,
    #[serde(default)]
    unresolved: bool,
    #[serde(default)]
    orders: Vec<Entry>,
    source: String,
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load() -> Vec<(String, File)> {
    FILES
        .iter()
        .map(|(name, _)| {
            let path = manifest_dir().join(format!("../datc/{name}.toml"));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let file: File =
                toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (name.to_string(), file)
        })
        .collect()
}

/// A file under `../shared` (present only in CI), or `None` with a note.
fn shared(relative: &str) -> Option<String> {
    let path = manifest_dir().join("../../shared").join(relative);
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

/// Lower case, colons ignored, runs of white space collapsed, a trailing full stop dropped.
fn norm(s: &str) -> String {
    let s = s
        .to_lowercase()
        .replace(':', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    s.strip_suffix('.')
        .map(str::trim_end)
        .unwrap_or(&s)
        .to_string()
}

fn document_id(id: &str) -> &str {
    SPLIT_CASES
        .iter()
        .find(|(split, _)| *split == id)
        .map_or(id, |(_, doc)| doc)
}

fn valid_result(result: &str, alternative: bool) -> bool {
    const WORDS: &[&str] = &[
        "succeeds",
        "fails",
        "illegal",
        "given",
        "cut",
        "available",
        "disrupted",
        "stands",
        "dislodged",
    ];
    if alternative && result == "unresolved" {
        return true;
    }
    match result.split_once(", ") {
        Some((word, "dislodged")) => WORDS.contains(&word) && word != "dislodged",
        Some(_) => false,
        None => WORDS.contains(&result),
    }
}

#[test]
fn variant_data_is_well_formed() {
    let mut problems = Vec::new();
    let mut ids = BTreeSet::new();
    for (name, file) in load() {
        let expected = FILES.iter().find(|(n, _)| *n == name).map(|f| f.1);
        if Some(file.case.len()) != expected {
            problems.push(format!(
                "{name}: {} cases, expected {expected:?}",
                file.case.len()
            ));
        }
        if file.document != "2.4" || file.preferences != "datc-2.4" {
            problems.push(format!("{name}: document/preferences must be 2.4/datc-2.4"));
        }
        if !file.section.starts_with("2.4 ") || file.title.is_empty() {
            problems.push(format!("{name}: section `{}` / title", file.section));
        }
        for case in &file.case {
            let id = &case.id;
            if !ids.insert(id.clone()) {
                problems.push(format!("{id}: duplicate id"));
            }
            if case.title.is_empty() {
                problems.push(format!("{id}: no title"));
            }
            match case.map.as_deref() {
                Some(m) if MAPS.contains(&m) => {}
                other => problems.push(format!("{id}: map {other:?}")),
            }
            if case.phase != "movement" && case.phase != "adjustment" {
                problems.push(format!("{id}: phase {}", case.phase));
            }
            if let Some(s) = &case.season {
                if s != "fall" {
                    problems.push(format!("{id}: season {s}"));
                }
            }
            for line in &case.owns {
                if !line.contains(" owns SC ")
                    && !line.contains(" owns A ")
                    && !line.contains(" owns F ")
                {
                    problems.push(format!("{id}: owns line `{line}`"));
                }
            }
            let constructed_orders = case
                .orders
                .iter()
                .chain(&case.retreats)
                .any(|e| e.constructed);
            if (case.constructed || constructed_orders)
                && !case
                    .note
                    .as_deref()
                    .is_some_and(|n| n.to_lowercase().contains("constructed"))
            {
                problems.push(format!("{id}: constructed, but the note does not say so"));
            }
            for e in case.orders.iter().chain(&case.retreats) {
                if let Some(r) = &e.result {
                    if !valid_result(r, false) {
                        problems.push(format!("{id}: `{}`: result `{r}`", e.order));
                    }
                }
                if e.ends_in.is_some()
                    && (!e.order.contains(" TSR ") || e.result.as_deref() != Some("fails"))
                {
                    problems.push(format!(
                        "{id}: `{}`: ends_in needs a failing TSR move",
                        e.order
                    ));
                }
                if e.written.is_some()
                    && !case
                        .note
                        .as_deref()
                        .is_some_and(|n| n.contains("`written`"))
                {
                    problems.push(format!(
                        "{id}: `{}` has `written` text, but the note does not say why",
                        e.order
                    ));
                }
                if e.result.is_none() && case.note.is_none() {
                    problems.push(format!("{id}: `{}` has no result and no note", e.order));
                }
            }
            if !case.alternative.is_empty() && case.depends_on.is_empty() {
                problems.push(format!("{id}: alternatives without depends_on"));
            }
            for alt in &case.alternative {
                if alt.when.is_empty() || !alt.source.starts_with(&format!("2.4 {id}: ")) {
                    problems.push(format!("{id}: alternative when/source"));
                }
                for e in &alt.orders {
                    let r = e.result.as_deref().unwrap_or("");
                    if !valid_result(r, true) || (alt.unresolved != (r == "unresolved")) {
                        problems.push(format!("{id}: alternative `{}`: `{r}`", e.order));
                    }
                    if !case.orders.iter().any(|o| o.order == e.order) {
                        problems.push(format!("{id}: alternative order `{}` not in case", e.order));
                    }
                }
            }
        }
    }
    let documented: BTreeSet<&str> = ids.iter().map(|id| document_id(id)).collect();
    if documented.len() != DOCUMENT_CASES {
        problems.push(format!(
            "{} document cases, expected {DOCUMENT_CASES}",
            documented.len()
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A case heading's id: the first word of a line, without its trailing `.` or `,`, when the
/// line says "TEST CASE" and the id has a case's shape (chapter 7: `7.B.12`; 8–12: `10.O`).
fn case_heading(line: &str) -> Option<&str> {
    let line = line.trim();
    if !line.contains("TEST CASE") {
        return None;
    }
    let id = line.split_whitespace().next()?.trim_end_matches(['.', ',']);
    let parts: Vec<&str> = id.split('.').collect();
    let chapter: u32 = parts.first()?.parse().ok()?;
    let letter = parts.get(1)?;
    if letter.len() != 1 || !letter.chars().all(|c| c.is_ascii_uppercase()) {
        return None;
    }
    let shape = match (chapter, parts.len()) {
        (7, 3) => parts[2].parse::<u32>().is_ok(),
        (8..=12, 2) => true,
        _ => false,
    };
    shape.then_some(id)
}

/// Any heading (chapter, section or case): digits, a dot, then a capital letter or a space.
fn is_heading(line: &str) -> bool {
    let line = line.trim();
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    digits > 0
        && line[digits..].starts_with('.')
        && line[digits + 1..]
            .chars()
            .next()
            .is_some_and(|c| c == ' ' || c.is_ascii_uppercase())
}

/// The cases of chapters 7–12: id → the lines from its heading to the next heading.
fn document_blocks(doc: &str) -> BTreeMap<String, Vec<String>> {
    let start = doc
        .find("\n7. COLONIAL VARIANT")
        .expect("the document has chapter 7");
    let lines: Vec<&str> = doc[start..].lines().collect();
    let mut blocks = BTreeMap::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some(id) = case_heading(line) {
            let end = lines[i + 1..]
                .iter()
                .position(|l| is_heading(l))
                .map_or(lines.len(), |p| i + 1 + p);
            let block = lines[i..end].iter().map(|l| l.to_string()).collect();
            assert!(
                blocks.insert(id.to_string(), block).is_none(),
                "{id}: two headings in the document"
            );
        }
    }
    blocks
}

/// The words of a line that introduces orders: one ending with a colon (`Russia:`, and in 7.B.32
/// `When Russia retreats as follows:`).
fn header_words(line: &str) -> Option<Vec<String>> {
    let t = line.trim().strip_suffix(':')?;
    Some(
        t.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect(),
    )
}

#[test]
fn every_variant_case_matches_the_document() {
    let Some(doc) = shared("reference/datc-2.4.txt") else {
        return;
    };
    let blocks = document_blocks(&doc);
    assert_eq!(
        blocks.len(),
        DOCUMENT_CASES,
        "the document's chapters 7-12 should have {DOCUMENT_CASES} cases: {:?}",
        blocks.keys().collect::<Vec<_>>()
    );
    let mut problems = Vec::new();
    let mut covered = BTreeSet::new();
    for (_, file) in load() {
        for case in &file.case {
            let doc_id = document_id(&case.id);
            let Some(block) = blocks.get(doc_id) else {
                problems.push(format!("{}: not a case of the document", case.id));
                continue;
            };
            covered.insert(doc_id.to_string());
            // Orders, in order and under their power.
            let mut cursor = 0;
            for e in case.orders.iter().chain(&case.retreats) {
                if e.constructed {
                    continue;
                }
                // Where the case writes what the document means, the document's own text.
                let want = norm(e.written.as_deref().unwrap_or(&e.order));
                match (cursor..block.len()).find(|&i| norm(&block[i]) == want) {
                    None => problems.push(format!(
                        "{}: `{}: {}` not found (in order) in the document's case",
                        case.id, e.power, e.order
                    )),
                    Some(i) => {
                        let header = block[..i].iter().rev().find_map(|l| header_words(l));
                        let power = e.power.to_lowercase();
                        if !header.as_ref().is_some_and(|h| h.contains(&power)) {
                            problems.push(format!(
                                "{}: `{}` is listed under {header:?} in the document, not {}",
                                case.id, e.order, e.power
                            ));
                        }
                        cursor = i + 1;
                    }
                }
            }
            // Setup sentences.
            let text = norm(&block.join(" "));
            for sentence in &case.setup {
                if !text.contains(&norm(sentence)) {
                    problems.push(format!(
                        "{}: setup `{sentence}` not in the document's case",
                        case.id
                    ));
                }
            }
        }
    }
    for id in blocks.keys() {
        if !covered.contains(id) {
            problems.push(format!("{id}: document case not transcribed"));
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    eprintln!("{} document cases checked", covered.len());
}

/// The province of the unit an order line orders (`A Naples - Sicily by Convoy` → `naples`,
/// `Build A Mun` → `mun`).
fn ordered_province(order: &str) -> String {
    const STOP: &[&str] = &[
        "supports", "support", "s", "convoys", "convoy", "c", "hold", "holds", "h", "tsr", "via",
        "by",
    ];
    let mut words = order.split_whitespace().peekable();
    if words
        .peek()
        .is_some_and(|w| ["build", "remove", "disband", "sc"].contains(&w.to_lowercase().as_str()))
    {
        words.next();
    }
    if words.peek().is_some_and(|w| *w == "A" || *w == "F") {
        words.next();
    }
    let mut name = Vec::new();
    for w in words {
        if w.starts_with('-') || STOP.contains(&w.to_lowercase().as_str()) {
            break;
        }
        if let Some((before, _)) = w.split_once('-') {
            name.push(before.to_string());
            break;
        }
        name.push(w.to_string());
    }
    name.join(" ").to_lowercase()
}

/// jDip's cases: id → the (power, order) lines of its ORDERS and PRESTATE_RESULTS sections.
fn jdip_cases(text: &str) -> BTreeMap<String, Vec<(String, String)>> {
    let mut cases = BTreeMap::new();
    let mut current: Option<String> = None;
    let mut section = "";
    for raw in text.lines() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("CASE ") {
            let id = rest.split_whitespace().next().unwrap_or("").to_string();
            cases.insert(id.clone(), Vec::new());
            current = Some(id);
            section = "";
            continue;
        }
        let keyword = line
            .chars()
            .all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_whitespace());
        if keyword || line.starts_with("PRESTATE") || line.starts_with("POSTSTATE") {
            section = if line.eq_ignore_ascii_case("ORDERS") {
                "orders"
            } else if line == "PRESTATE_RESULTS" {
                "results"
            } else {
                "other"
            };
            continue;
        }
        if line.starts_with("VARIANT_ALL") || line == "END" {
            section = "";
            continue;
        }
        // jDip's 10.K writes its section as "Orders".
        if line.eq_ignore_ascii_case("orders") {
            section = "orders";
            continue;
        }
        let (Some(id), "orders" | "results") = (&current, section) else {
            continue;
        };
        let line = ["SUCCESS:", "FAILURE:"]
            .iter()
            .find_map(|p| line.strip_prefix(p))
            .unwrap_or(line)
            .trim();
        if let Some((power, order)) = line.split_once(':') {
            cases
                .get_mut(id)
                .expect("current case")
                .push((power.trim().to_lowercase(), order.trim().to_string()));
        }
    }
    cases
}

/// Our id for a jDip id (jDip writes `10.G2` and, for 10.L, `14.L`).
fn our_id(jdip: &str) -> String {
    match jdip {
        "10.G2" => "10.G.2".into(),
        "14.L" => "10.L".into(),
        other => other.into(),
    }
}

#[test]
fn chapters_8_to_12_order_the_units_jdip_orders() {
    let names = [
        "datc_v2.4_08.txt",
        "datc_v2.4_09.txt",
        "datc_v2.4_10.txt",
        "datc_v2.4_10D.txt",
        "datc_v2.4_10F-10G-10L.txt",
        "datc_v2.4_11.txt",
        "datc_v2.4_12.txt",
    ];
    let mut jdip = BTreeMap::new();
    for name in names {
        let Some(text) = shared(&format!("corpora/jdip-datc/{name}")) else {
            return;
        };
        for (id, orders) in jdip_cases(&text) {
            jdip.insert(our_id(&id), orders);
        }
    }
    let mut problems = Vec::new();
    let mut compared = 0;
    let mut missing = Vec::new();
    for (name, file) in load() {
        if name.starts_with("2.4-7") {
            continue;
        }
        for case in &file.case {
            let Some(theirs) = jdip.get(&case.id) else {
                missing.push(case.id.clone());
                continue;
            };
            let ours: BTreeSet<(String, String)> = case
                .orders
                .iter()
                .chain(&case.retreats)
                .map(|e| (e.power.to_lowercase(), ordered_province(&e.order)))
                .collect();
            // jDip may write a province by its short name (`Build A Mun`): resolve it as the one
            // full name of this case's data that starts with it.
            let full_names: BTreeSet<&str> = ours.iter().map(|(_, p)| p.as_str()).collect();
            let theirs: BTreeSet<(String, String)> = theirs
                .iter()
                .map(|(power, order)| {
                    let p = ordered_province(order);
                    let matches: Vec<&&str> = full_names
                        .iter()
                        .filter(|f| **f != p && f.starts_with(p.as_str()))
                        .collect();
                    let p = match (full_names.contains(p.as_str()), matches.as_slice()) {
                        (false, [one]) => one.to_string(),
                        _ => p,
                    };
                    (power.clone(), p)
                })
                .collect();
            compared += 1;
            let exception = JDIP_EXCEPTIONS.iter().find(|(id, _)| *id == case.id);
            match (ours == theirs, exception) {
                (true, None) => {}
                (true, Some(_)) => problems.push(format!(
                    "{}: listed as a jDip exception but now agrees: remove the exception",
                    case.id
                )),
                (false, Some((_, why))) => {
                    eprintln!("{}: jDip differs (documented): {why}", case.id)
                }
                (false, None) => problems.push(format!(
                    "{}: ordered units differ\n  ours: {ours:?}\n  jDip: {theirs:?}",
                    case.id
                )),
            }
        }
    }
    if !missing.is_empty() {
        eprintln!("not in jDip's files: {missing:?}");
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(compared > 0, "no case compared with jDip");
    eprintln!("{compared} cases compared with jDip");
}
