//! `BORDER`s: each definition by id, attached to the province it leads into, as diplo's
//! `difficult` or `closed` borders or a closed province; what diplo cannot say (`orderTypes`,
//! `year`, `phase`, other modifiers) is reported.

use std::collections::{BTreeSet, HashMap};

use roxmltree::Document;

use super::{list, location, node_place, Names, Raw};
use crate::model::{BorderRule, FindingKind, Kind, Model, Place, Season};

pub(super) struct BorderDef {
    attrs: HashMap<String, String>,
    at: Place,
}

/// Every `BORDER` definition of the document, by id.
pub(super) fn border_defs(doc: &Document, file: &str) -> HashMap<String, BorderDef> {
    let mut defs: HashMap<String, BorderDef> = HashMap::new();
    for d in doc
        .root_element()
        .descendants()
        .filter(|n| n.has_tag_name("BORDER"))
    {
        let attrs: HashMap<String, String> = d
            .attributes()
            .map(|a| (a.name().to_string(), a.value().to_string()))
            .collect();
        let id = attrs.get("id").cloned().unwrap_or_default();
        defs.insert(
            id,
            BorderDef {
                attrs,
                at: node_place(doc, file, d),
            },
        );
    }
    defs
}

/// The borders each province names; a border not defined is reported.
pub(super) fn attach_borders(
    m: &mut Model,
    raws: &[Raw],
    defs: &HashMap<String, BorderDef>,
    names: &Names,
) {
    for (i, raw) in raws.iter().enumerate() {
        for id in &raw.borders {
            match defs.get(id) {
                Some(def) => border(m, i, def, id, &raw.at, names),
                None => m.report(
                    &raw.at,
                    FindingKind::NotExpressed,
                    format!(
                        "`{}` names border `{id}`, which is not defined; left out",
                        m.provinces[i].name
                    ),
                ),
            }
        }
    }
}

/// What a `BORDER` says in diplo's terms.
struct BorderSpec {
    /// `-1`: a difficult border; `0`: a prohibition.
    modifier: i64,
    /// The unit kind it applies to; `None`: both.
    kind: Option<Kind>,
    /// The seasons it closes (all movement seasons when it names none).
    closed: BTreeSet<Season>,
}

impl BorderDef {
    /// Attribute `k`, when given and not empty.
    fn get(&self, k: &str) -> Option<&str> {
        self.attrs
            .get(k)
            .map(String::as_str)
            .filter(|v| !v.is_empty())
    }
}

/// One `BORDER` attached to province `i` (the province a move enters).
fn border(m: &mut Model, i: usize, def: &BorderDef, id: &str, used_at: &Place, names: &Names) {
    let p = m.provinces[i].name.clone();
    let skip = |m: &mut Model, why: String| {
        m.report(
            &def.at,
            FindingKind::NotExpressed,
            format!("border `{id}` (on `{p}`, {used_at}): {why}; left out"),
        );
    };
    let spec = match border_spec(def) {
        Ok(spec) => spec,
        Err(why) => return skip(m, why),
    };
    let from: Vec<String> = def
        .get("from")
        .map(|v| list(v).map(|w| names.province(&location(w).0)).collect())
        .unwrap_or_default();
    if from.is_empty() {
        if let Err(why) = border_from_anywhere(m, i, def, spec) {
            skip(m, why);
        }
        return;
    }
    for f in from {
        m.borders.push(BorderRule {
            from: f,
            to: p.clone(),
            kind: spec.kind,
            difficult: spec.modifier == -1,
            closed: if spec.modifier == -1 {
                BTreeSet::new()
            } else {
                spec.closed.clone()
            },
            one_way: false,
            at: def.at.clone(),
        });
    }
}

/// A `BORDER`'s attributes as diplo can say them, or why it cannot.
fn border_spec(def: &BorderDef) -> Result<BorderSpec, String> {
    for key in ["orderTypes", "year", "phase"] {
        if let Some(v) = def.get(key) {
            return Err(format!(
                "{key} = \"{v}\" restricts it in a way diplo borders cannot"
            ));
        }
    }
    let modifier: i64 = match def.get("baseMoveModifier").map(|v| v.trim().parse::<i64>()) {
        None => 0,
        Some(Ok(n)) => n,
        Some(Err(_)) => return Err("baseMoveModifier is not a number".into()),
    };
    if modifier != 0 && modifier != -1 {
        return Err(format!(
            "baseMoveModifier {modifier}: diplo's difficult border is -1 only"
        ));
    }
    let kinds = border_unit_kinds(def.get("unitTypes"));
    if kinds.is_empty() {
        return Err("it applies to no armies or fleets".into());
    }
    let kind = if kinds.len() == 2 {
        None
    } else {
        kinds.into_iter().next()
    };
    let mut seasons: BTreeSet<Season> = BTreeSet::new();
    if let Some(v) = def.get("season") {
        seasons = movement_seasons(v);
        if seasons.is_empty() {
            return Err(format!(
                "season \"{v}\" has no movement season (spring, fall)"
            ));
        }
    }
    if modifier == -1 && !seasons.is_empty() {
        return Err(
            "a difficult border only in some seasons: diplo's difficult borders hold all year"
                .into(),
        );
    }
    let all_year: BTreeSet<Season> = [Season::SPRING, Season::FALL].into();
    let closed = if seasons.is_empty() {
        all_year
    } else {
        seasons
    };
    Ok(BorderSpec {
        modifier,
        kind,
        closed,
    })
}

/// The unit kinds a `unitTypes` value names (both when it is absent).
fn border_unit_kinds(unit_types: Option<&str>) -> BTreeSet<Kind> {
    let mut kinds: BTreeSet<Kind> = BTreeSet::new();
    match unit_types {
        None => {
            kinds.insert(Kind::Army);
            kinds.insert(Kind::Fleet);
        }
        Some(v) => {
            for t in list(v) {
                match t.to_lowercase().as_str() {
                    "army" => {
                        kinds.insert(Kind::Army);
                    }
                    "fleet" => {
                        kinds.insert(Kind::Fleet);
                    }
                    _ => {}
                }
            }
        }
    }
    kinds
}

/// The movement seasons a `season` value names (others are ignored).
fn movement_seasons(v: &str) -> BTreeSet<Season> {
    let mut seasons: BTreeSet<Season> = BTreeSet::new();
    for s in list(v) {
        match s.to_lowercase().as_str() {
            "spring" => {
                seasons.insert(Season::SPRING);
            }
            "fall" => {
                seasons.insert(Season::FALL);
            }
            _ => {}
        }
    }
    seasons
}

/// A `BORDER` without `from` on province `i`: every move into it is difficult, or the
/// province is closed; `Err` says why diplo cannot say it.
fn border_from_anywhere(
    m: &mut Model,
    i: usize,
    def: &BorderDef,
    spec: BorderSpec,
) -> Result<(), String> {
    let p = m.provinces[i].name.clone();
    let kind = spec.kind;
    if spec.modifier == -1 {
        // Every move into the province.
        let into: BTreeSet<String> = m
            .edges
            .iter()
            .filter(|e| e.to.split('/').next() == Some(p.as_str()))
            .filter(|e| kind.is_none_or(|k| k == e.kind))
            .map(|e| e.from.split('/').next().unwrap_or_default().to_string())
            .collect();
        for f in into {
            m.borders.push(BorderRule {
                from: f,
                to: p.clone(),
                kind,
                difficult: true,
                closed: BTreeSet::new(),
                one_way: false,
                at: def.at.clone(),
            });
        }
    } else if kind.is_none() {
        m.provinces[i].closed.extend(spec.closed);
    } else {
        return Err(
            "a province closed to one unit kind only: diplo closes a province to all".into(),
        );
    }
    Ok(())
}
