//! jDip variants: a `variants.xml` (powers, starting time, victory conditions, rule options,
//! supply centres, starting units) and the adjacency XML its `MAP adjacencyURI` names
//! (provinces, their `mv`/`xc`/per-coast adjacency, `BORDER`s).
//!
//! How jDip's notions become diplo's:
//!
//! * Terrain is not written in jDip: a province with `mv` adjacency is land, with `xc` or coast
//!   adjacency (`nc`, `sc`, `ec`, `wc`) it holds fleets; both make a coast, `mv` alone inland,
//!   fleet adjacency alone a sea. A land province that borders nothing but itself, which nothing
//!   borders, is impassable (Switzerland). A province listing itself (an island's `mv`) is noted.
//! * `isConvoyableCoast` → `convoyable`; `UNIQUENAME` → aliases.
//! * `BORDER`s (attached to the province they lead into; `from` names where the move starts):
//!   `baseMoveModifier="-1"` → a `difficult` border; a border without modifier prohibits, in the
//!   seasons it names (all seasons when none): from given places → a `closed` border, from
//!   anywhere → the province is `closed`. `unitTypes` → `units`. `orderTypes`, `year` and
//!   `phase`, and other modifiers, have no diplo equivalent and are reported.
//! * `OPTION_BUILDS` → `build`; `WINNING_SUPPLY_CENTERS` → `victory_centres`; `GAME_LENGTH` →
//!   `[victory] last_year` (reported: the count is read as years played, the first included);
//!   `YEARS_WITHOUT_SC_CAPTURE` is reported; `STARTINGTIME` → `first_year` and `first_season`,
//!   or `[calendar] first_phase = "adjustment"`.
//! * A power with `active="false"` is a neutral power (its units hold).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use roxmltree::{Document, Node, ParsingOptions};

use crate::model::{Model, Place};
use crate::{file_name, read_source, read_within, source_dirs, ImportError, Imported, Resolver};

mod adjacency;
mod borders;
mod terrain;
mod variant;

/// The names of the variants a `variants.xml` defines, in file order.
pub fn variant_names(path: &Path) -> Result<Vec<String>, ImportError> {
    let text = read_source(path)?;
    let file = file_name(path);
    let doc = parse(&text, &file)?;
    Ok(variants(&doc)
        .map(|v| v.attribute("name").unwrap_or_default().to_string())
        .collect())
}

/// Imports the variant named `variant` (its name or one of its aliases, case-insensitively)
/// of a jDip `variants.xml`; the adjacency file is read from the same folder (only: see
/// [`import_path_with`]).
pub fn import_path(path: &Path, variant: &str) -> Result<Imported, ImportError> {
    import_path_with(path, variant, &[])
}

/// [`import_path`], the adjacency file read from the folder of `variants.xml` or else from the
/// first of `include_dirs` that has it, and from nowhere else: an absolute `adjacencyURI`, one
/// whose `..` leaves the folder, or a link leading out of it is an error at its line.
pub fn import_path_with(
    path: &Path,
    variant: &str,
    include_dirs: &[PathBuf],
) -> Result<Imported, ImportError> {
    let text = read_source(path)?;
    let dirs = source_dirs(path, include_dirs);
    import_str(&text, &file_name(path), variant, &|name| {
        read_within(&dirs, name)
    })
}

/// Imports a variant from `variants.xml` text named `file`; `resolve` finds the adjacency
/// file's text by the name the variant gives (`Ok(None)`: not found; `Err`: why it cannot be
/// read).
pub fn import_str(
    text: &str,
    file: &str,
    variant: &str,
    resolve: Resolver,
) -> Result<Imported, ImportError> {
    let doc = parse(text, file)?;
    let wanted = variant.trim().to_lowercase();
    let Some(v) = variants(&doc).find(|v| {
        v.attribute("name")
            .is_some_and(|n| n.to_lowercase() == wanted)
            || v.attribute("aliases").is_some_and(|a| {
                a.split(',')
                    .any(|alias| alias.trim().to_lowercase() == wanted)
            })
    }) else {
        let names: Vec<String> = variants(&doc)
            .map(|v| format!("`{}`", v.attribute("name").unwrap_or_default()))
            .collect();
        return Err(ImportError::file(
            file,
            format!("no variant `{variant}`; this file has {}", names.join(", ")),
        ));
    };
    let mut r = Reader {
        doc: &doc,
        file: file.to_string(),
        m: Model::default(),
        powers: HashMap::new(),
    };
    r.variant(v, resolve)?;
    Ok(Imported::from_model(r.m))
}

fn parse<'t>(text: &'t str, file: &str) -> Result<Document<'t>, ImportError> {
    check_entities(text, file)?;
    let opts = ParsingOptions {
        allow_dtd: true,
        ..ParsingOptions::default()
    };
    Document::parse_with_options(text, opts).map_err(|e| {
        let pos = e.pos();
        ImportError::at(&Place::new(file, pos.row as usize), e.to_string())
    })
}

/// One `<!ENTITY name "value">` of the document's own DTD: its name, value and line.
struct EntityDecl<'t> {
    name: &'t str,
    value: &'t str,
    line: usize,
}

/// The general entities the document declares with a quoted value (external entities are
/// never read; parameter entities are not expanded in content).
fn entity_decls(text: &str) -> Vec<EntityDecl<'_>> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("<!ENTITY") {
        let start = from + i;
        from = start + "<!ENTITY".len();
        let rest = text[from..].trim_start();
        if rest.starts_with('%') {
            continue;
        }
        let name_len = rest
            .find(|c: char| c.is_whitespace() || c == '"' || c == '\'')
            .unwrap_or(rest.len());
        let (name, after) = rest.split_at(name_len);
        let after = after.trim_start();
        let Some(quote) = after.chars().next().filter(|c| *c == '"' || *c == '\'') else {
            continue;
        };
        let Some(end) = after[1..].find(quote) else {
            continue;
        };
        out.push(EntityDecl {
            name,
            value: &after[1..1 + end],
            line: text[..start].matches('\n').count() + 1,
        });
    }
    out
}

/// How many times each name is referenced (`&name;`) in `hay`.
fn ref_counts(hay: &str) -> HashMap<&str, u64> {
    let mut out = HashMap::new();
    for (i, _) in hay.match_indices('&') {
        let rest = &hay[i + 1..];
        let Some(end) = rest.find(';') else { break };
        let name = &rest[..end];
        if !name.is_empty() && !name.contains(|c: char| c.is_whitespace() || c == '&' || c == '<') {
            *out.entry(name).or_insert(0) += 1;
        }
    }
    out
}

/// Refuses a document whose entities could expand past `DIPLO_MAX_FILE_BYTES`, before the
/// parser expands them (one 1 MB entity used 10,000 times is 10 GB): the bound is the text
/// plus, for each reference outside the declarations, the entity's whole expansion.
fn check_entities(text: &str, file: &str) -> Result<(), ImportError> {
    if !text.contains("<!ENTITY") {
        return Ok(());
    }
    let decls = entity_decls(text);
    let index: HashMap<&str, usize> = decls.iter().enumerate().map(|(i, d)| (d.name, i)).collect();
    let inner: Vec<HashMap<&str, u64>> = decls.iter().map(|d| ref_counts(d.value)).collect();
    // Each entity's expanded length, nested references included (a loop counts as nothing
    // more, and nesting deeper than the parser's own limit of 10 as too much: the parser
    // refuses both).
    fn expanded(
        i: usize,
        depth: usize,
        decls: &[EntityDecl],
        inner: &[HashMap<&str, u64>],
        index: &HashMap<&str, usize>,
        memo: &mut [Option<u64>],
        busy: &mut [bool],
    ) -> u64 {
        if let Some(n) = memo[i] {
            return n;
        }
        if depth > 12 {
            return u64::MAX;
        }
        if busy[i] {
            return 0;
        }
        busy[i] = true;
        let mut n = decls[i].value.len() as u64;
        for (name, count) in &inner[i] {
            if let Some(&j) = index.get(name) {
                let each = expanded(j, depth + 1, decls, inner, index, memo, busy);
                n = n.saturating_add(count.saturating_mul(each));
            }
        }
        busy[i] = false;
        memo[i] = Some(n);
        n
    }
    let mut memo = vec![None; decls.len()];
    let mut busy = vec![false; decls.len()];
    let mut total = text.len() as u64;
    let mut inside: HashMap<&str, u64> = HashMap::new();
    for counts in &inner {
        for (name, count) in counts {
            *inside.entry(name).or_insert(0) += count;
        }
    }
    for (name, count) in ref_counts(text) {
        let Some(&i) = index.get(name) else { continue };
        let outside = count.saturating_sub(inside.get(name).copied().unwrap_or(0));
        let each = expanded(i, 0, &decls, &inner, &index, &mut memo, &mut busy);
        total = total.saturating_add(outside.saturating_mul(each));
    }
    let max = diplo_map::limits::max_file_bytes();
    if total > max {
        let line = decls.first().map_or(1, |d| d.line);
        return Err(ImportError::at(
            &Place::new(file, line),
            format!(
                "the entities this document declares expand to more than the limit of {max} \
                 bytes (set DIPLO_MAX_FILE_BYTES to read larger files)"
            ),
        ));
    }
    Ok(())
}

fn variants<'a, 't>(doc: &'a Document<'t>) -> impl Iterator<Item = Node<'a, 't>> {
    doc.root_element()
        .children()
        .filter(|n| n.has_tag_name("VARIANT"))
}

fn elements<'a, 't>(n: Node<'a, 't>) -> impl Iterator<Item = Node<'a, 't>> {
    n.children().filter(|c| c.is_element())
}

/// Words of a list attribute: separated by spaces or commas.
fn list(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
}

/// `bul-sc`, `bul/sc`, `bul(sc)` → (`bul`, Some(`sc`)).
fn location(s: &str) -> (String, Option<String>) {
    let s = s.trim().to_lowercase();
    for sep in ['-', '/', '('] {
        if let Some((p, c)) = s.split_once(sep) {
            return (p.to_string(), Some(c.trim_end_matches(')').to_string()));
        }
    }
    (s, None)
}

struct Reader<'a, 't> {
    doc: &'a Document<'t>,
    file: String,
    m: Model,
    /// Power names and alternative names, lower case → index.
    powers: HashMap<String, usize>,
}

/// One `PROVINCE` element's adjacency as written.
struct Raw {
    at: Place,
    /// Each `mv` element's refs, with its place.
    mv: Vec<(Vec<String>, Place)>,
    xc: Vec<(String, Place)>,
    coasts: Vec<(String, Vec<String>, Place)>,
    borders: Vec<String>,
}

/// How the variant's references reach the adjacency file's provinces.
#[derive(Default)]
struct Names {
    /// Every name jDip looks a province up by (short name, full name, unique names), lower
    /// case → short name.
    province: HashMap<String, String>,
    /// One-coast provinces' coasts (`x/nc`) → the province (`x`).
    renames: HashMap<String, String>,
}

impl Names {
    /// A reference (`nor`, `bul-sc`, `Norway`) as a diplo location; unknown names stay as they
    /// are (the checks report them).
    fn location(&self, r: &str) -> String {
        let (p, c) = location(r);
        let p = self.province.get(&p).cloned().unwrap_or(p);
        let loc = match c {
            Some(c) if c != "mv" && c != "xc" => format!("{p}/{c}"),
            _ => p,
        };
        self.renames.get(&loc).cloned().unwrap_or(loc)
    }
    fn province(&self, r: &str) -> String {
        let p = r.trim().to_lowercase();
        self.province.get(&p).cloned().unwrap_or(p)
    }
}

/// Where node `n` of the XML document of `file` starts.
fn node_place(doc: &Document, file: &str, n: Node) -> Place {
    Place::new(file, doc.text_pos_at(n.range().start).row as usize)
}
