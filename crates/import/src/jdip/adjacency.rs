//! The adjacency XML: each `PROVINCE` with its names and its adjacency as written, the names
//! references are read by, and the army and fleet edges; terrain, coasts and borders are
//! worked out in their own modules, in the order [`adjacency`] gives.

use roxmltree::{Document, Node};

use super::borders::{attach_borders, border_defs};
use super::terrain::{mistyped_sea_adjacency, read_coasts, set_terrain, unmark_convoyable};
use super::{elements, list, node_place, Names, Raw};
use crate::model::{Edge, FindingKind, Kind, Model, Province, Terrain};

/// Reads the adjacency file into the model.
pub(super) fn adjacency(m: &mut Model, doc: &Document, file: &str) -> Names {
    let defs = border_defs(doc, file);
    let mut raws = read_provinces(m, doc, file);
    let mut names = province_names(m);
    mistyped_sea_adjacency(m, &mut raws, &names);
    set_terrain(m, &raws);
    unmark_convoyable(m);
    read_coasts(m, &mut raws, &mut names.renames);
    push_edges(m, &raws, &names);
    attach_borders(m, &raws, &defs, &names);
    names
}

/// Every `PROVINCE` element into the model's provinces (terrain left impassable until the
/// adjacency is known), with its adjacency as written, in the same order.
fn read_provinces(m: &mut Model, doc: &Document, file: &str) -> Vec<Raw> {
    let mut raws: Vec<Raw> = Vec::new();
    for p in elements(doc.root_element()).filter(|n| n.has_tag_name("PROVINCE")) {
        let (prov, raw) = read_province(m, doc, file, p);
        m.provinces.push(prov);
        raws.push(raw);
    }
    raws
}

/// One `PROVINCE` element: the province and its adjacency as written; elements not
/// understood are reported.
fn read_province(m: &mut Model, doc: &Document, file: &str, p: Node) -> (Province, Raw) {
    let here = node_place(doc, file, p);
    let short = p.attribute("shortname").unwrap_or_default().to_lowercase();
    let mut prov = Province::new(&short, Terrain::Impassable, here.clone());
    prov.full_name = p.attribute("fullname").map(str::to_string);
    prov.convoyable = p.attribute("isConvoyableCoast") == Some("true");
    let mut raw = Raw {
        at: here.clone(),
        mv: Vec::new(),
        xc: Vec::new(),
        coasts: Vec::new(),
        borders: list(p.attribute("borders").unwrap_or_default())
            .map(str::to_string)
            .collect(),
    };
    for c in elements(p) {
        let cat = node_place(doc, file, c);
        match c.tag_name().name() {
            "UNIQUENAME" => {
                if let Some(n) = c.attribute("name") {
                    prov.aliases.push((n.to_string(), cat));
                }
            }
            "ADJACENCY" => {
                let refs: Vec<String> = list(c.attribute("refs").unwrap_or_default())
                    .map(str::to_lowercase)
                    .collect();
                match c.attribute("type").unwrap_or("mv") {
                    "mv" => raw.mv.push((refs, cat)),
                    "xc" => raw.xc.extend(refs.into_iter().map(|r| (r, cat.clone()))),
                    t => raw.coasts.push((t.to_string(), refs, cat)),
                }
            }
            other => m.report(
                &cat,
                FindingKind::NotExpressed,
                format!("element <{other}> not understood; left out"),
            ),
        }
    }
    (prov, raw)
}

/// The names provinces are looked up by: short names first, then full names, then unique
/// names; a name two provinces claim is the first one's (reported).
fn province_names(m: &mut Model) -> Names {
    let mut names = Names::default();
    for p in &m.provinces {
        names.province.insert(p.name.clone(), p.name.clone());
    }
    let mut clashes = Vec::new();
    for p in &m.provinces {
        let others = p.full_name.iter().map(|f| (f.clone(), p.at.clone()));
        for (n, at) in others.chain(p.aliases.iter().cloned()) {
            let key = n.to_lowercase();
            match names.province.get(&key) {
                Some(owner) if *owner != p.name => clashes.push((
                    at,
                    format!(
                        "`{n}` names both `{owner}` and `{}`; references by it are read as \
                         `{owner}`",
                        p.name
                    ),
                )),
                Some(_) => {}
                None => {
                    names.province.insert(key, p.name.clone());
                }
            }
        }
    }
    for (at, msg) in clashes {
        m.report(&at, FindingKind::Ambiguous, msg);
    }
    names
}

/// The army and fleet edges of every province, their ends read through `names`.
fn push_edges(m: &mut Model, raws: &[Raw], names: &Names) {
    let fix = |r: &str| names.location(r);
    for (i, raw) in raws.iter().enumerate() {
        let name = m.provinces[i].name.clone();
        for (refs, at) in &raw.mv {
            for r in refs {
                m.edges.push(Edge {
                    kind: Kind::Army,
                    from: name.clone(),
                    to: fix(r),
                    at: at.clone(),
                });
            }
        }
        for (r, at) in &raw.xc {
            m.edges.push(Edge {
                kind: Kind::Fleet,
                from: name.clone(),
                to: fix(r),
                at: at.clone(),
            });
        }
        for (c, refs, at) in &raw.coasts {
            for r in refs {
                m.edges.push(Edge {
                    kind: Kind::Fleet,
                    from: format!("{name}/{c}"),
                    to: fix(r),
                    at: at.clone(),
                });
            }
        }
    }
}
