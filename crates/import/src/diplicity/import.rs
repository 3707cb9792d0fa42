//! diplicity's variant JSON read into the intermediate model.

use std::collections::HashMap;
use std::path::Path;

use super::{Adjacency, Variant, BUILD_ANYWHERE};
use crate::model::{Coast, Edge, FindingKind, Kind, Model, Place, Power, Province, Terrain, Unit};
use crate::{check_province_count, file_name, read_source, ImportError, Imported};

/// Imports a diplicity variant document from a file.
pub fn import_path(path: &Path) -> Result<Imported, ImportError> {
    let text = read_source(path)?;
    import_str(&text, &file_name(path))
}

/// The 1-based line of the first occurrence of `needle` in `text` (1 when it is not there).
fn line_of(text: &str, needle: &str) -> usize {
    text.find(needle)
        .map_or(1, |i| text[..i].matches('\n').count() + 1)
}

/// Imports a diplicity variant document from its text, `file` naming it in findings.
pub fn import_str(text: &str, file: &str) -> Result<Imported, ImportError> {
    let doc: Variant = serde_json::from_str(text).map_err(|e| {
        ImportError::at(
            &Place::new(file, e.line().max(1)),
            format!("not a diplicity variant document (schema version 1): {e}"),
        )
    })?;
    let at = |needle: &str| Place::new(file, line_of(text, needle));
    if doc.schema_version != 1 {
        return Err(ImportError::at(
            &at("schemaVersion"),
            format!(
                "schema version {}: only version 1 is read",
                doc.schema_version
            ),
        ));
    }
    check_province_count(doc.provinces.len(), &at("\"provinces\""))?;
    let mut m = Model {
        format: "diplicity",
        source: format!("diplicity variant {file}"),
        files: vec![file.to_string()],
        name: crate::slug(&doc.id),
        title: doc.name.clone(),
        ..Model::default()
    };
    let nations = nations(&mut m, &doc, &at);
    provinces(&mut m, &doc, &nations, &at);
    start(&mut m, &doc, &nations, &at);
    rules(&mut m, &doc, &at);
    Ok(Imported::from_model(m))
}

/// The nations as powers; their names by id.
fn nations(m: &mut Model, doc: &Variant, at: &dyn Fn(&str) -> Place) -> HashMap<String, String> {
    let mut names = HashMap::new();
    for n in &doc.nations {
        let place = at(&format!("\"id\": \"{}\"", n.id));
        names.insert(n.id.clone(), n.name.clone());
        m.powers.push(Power {
            name: n.name.clone(),
            adjective: n.name.clone(),
            abbreviation: None,
            units: Vec::new(),
            centres: Some(Vec::new()),
            neutral: n.non_playable,
            rebuild: false,
            at: place,
        });
    }
    m.report_file(
        FindingKind::Default,
        "diplicity gives no adjectives: each power's adjective is its name",
    );
    if doc.nations.iter().any(|n| !n.color.is_empty()) {
        m.report_file(FindingKind::NotExpressed, "nation colours are no map data");
    }
    names
}

/// Provinces, named coasts and their edges.
fn provinces(
    m: &mut Model,
    doc: &Variant,
    nations: &HashMap<String, String>,
    at: &dyn Fn(&str) -> Place,
) {
    let mut coasts: HashMap<&str, Vec<Coast>> = HashMap::new();
    for c in &doc.named_coasts {
        let short = c.id.rsplit('/').next().unwrap_or(&c.id).to_string();
        // "St. Petersburg (North Coast)": the coast's own name is in the brackets.
        let full_name = c
            .name
            .strip_suffix(')')
            .and_then(|n| n.split_once(" ("))
            .map_or(c.name.as_str(), |(_, coast)| coast);
        coasts
            .entry(c.parent_province.as_str())
            .or_default()
            .push(Coast {
                name: short,
                full_name: full_name.to_string(),
            });
    }
    for p in &doc.provinces {
        let place = at(&format!("\"id\": \"{}\"", p.id));
        let has_coasts = coasts.contains_key(p.id.as_str());
        let terrain = match p.kind.as_str() {
            "sea" => Terrain::Sea,
            "coastal" => Terrain::Coast,
            "land" if has_coasts => Terrain::Coast,
            "land" => Terrain::Inland,
            other => {
                m.report(
                    &place,
                    FindingKind::Ambiguous,
                    format!("province `{}`: unknown type `{other}`, read as land", p.id),
                );
                Terrain::Inland
            }
        };
        let mut province = Province::new(&p.id, terrain, place.clone());
        province.full_name = Some(p.name.clone());
        province.supply_centre = p.supply_center;
        province.convoyable = p.convoyable_capable;
        province.coasts = coasts.remove(p.id.as_str()).unwrap_or_default();
        province.home = p
            .home_nation
            .as_ref()
            .map(|h| nation_name(m, nations, h, &place));
        m.provinces.push(province);
        for a in &p.adjacencies {
            edge(m, &p.id, a, &place);
        }
    }
    for c in &doc.named_coasts {
        let place = at(&format!("\"id\": \"{}\"", c.id));
        for a in &c.adjacencies {
            edge(m, &c.id, a, &place);
        }
    }
    for parent in coasts.keys() {
        m.report_file(
            FindingKind::NotExpressed,
            format!("named coasts of `{parent}`, which is no province: left out"),
        );
    }
}

/// A nation's name from its id; an unknown id is reported and kept as written.
fn nation_name(
    m: &mut Model,
    nations: &HashMap<String, String>,
    id: &str,
    place: &Place,
) -> String {
    nations.get(id).cloned().unwrap_or_else(|| {
        m.report(
            place,
            FindingKind::Ambiguous,
            format!("unknown nation `{id}`: kept as a power's name"),
        );
        id.to_string()
    })
}

/// One adjacency: army, fleet or both edges; what diplo cannot say about it is reported.
fn edge(m: &mut Model, from: &str, a: &Adjacency, place: &Place) {
    let kinds: &[Kind] = match a.pass.as_str() {
        "army" => &[Kind::Army],
        "fleet" => &[Kind::Fleet],
        "both" => &[Kind::Army, Kind::Fleet],
        other => {
            m.report(
                place,
                FindingKind::Ambiguous,
                format!("edge {from}-{}: unknown `pass` `{other}`; left out", a.to),
            );
            &[]
        }
    };
    for &kind in kinds {
        let (from, to) = match kind {
            // Army edges join provinces, never coasts.
            Kind::Army => (parent(from), parent(&a.to)),
            Kind::Fleet => (from, a.to.as_str()),
        };
        m.edges.push(Edge {
            kind,
            from: from.to_lowercase(),
            to: to.to_lowercase(),
            at: place.clone(),
        });
    }
    let weak = [a.army_strength, a.fleet_strength, a.convoy_strength]
        .iter()
        .any(|s| s.is_some_and(|s| s != 1.0));
    let mut extras = Vec::new();
    if weak {
        extras.push("attack strengths other than 1");
    }
    if a.no_support == Some(true) {
        extras.push("`noSupport`");
    }
    if a.cut_exception == Some(true) {
        extras.push("`cutException`");
    }
    if a.retreat_priority.is_some_and(|p| p != 0) {
        extras.push("`retreatPriority`");
    }
    if !extras.is_empty() {
        m.report(
            place,
            FindingKind::NotExpressed,
            format!("edge {from}-{}: {}", a.to, extras.join(", ")),
        );
    }
}

fn parent(location: &str) -> &str {
    location.split('/').next().unwrap_or(location)
}

/// The initial state: first phase, units, centres owned.
fn start(
    m: &mut Model,
    doc: &Variant,
    nations: &HashMap<String, String>,
    at: &dyn Fn(&str) -> Place,
) {
    let state = &doc.initial_state;
    let place = at("\"initialState\"");
    m.first_year = Some(state.phase.year);
    let index = doc
        .phase_progression
        .seasons
        .iter()
        .position(|s| *s == state.phase.season);
    match (index, state.phase.kind.as_str()) {
        (Some(i), "Movement") => m.first_season = Some(diplo_map::Season(i as u8)),
        (Some(_), "Adjustment") => m.first_adjustment = true,
        _ => m.report(
            &place,
            FindingKind::NotExpressed,
            format!(
                "the opening phase {} {} {}: a game opens with a movement or an adjustment phase of a listed season",
                state.phase.season, state.phase.year, state.phase.kind
            ),
        ),
    }
    for u in &state.units {
        let power = nation_name(m, nations, &u.nation, &place);
        let kind = if u.kind == "Fleet" {
            Kind::Fleet
        } else {
            Kind::Army
        };
        let unit = Unit {
            kind,
            location: u.location.to_lowercase(),
            at: at(&format!("\"location\": \"{}\"", u.location)),
        };
        if let Some(p) = m.powers.iter_mut().find(|p| p.name == power) {
            p.units.push(unit);
        }
    }
    for c in &state.supply_centers {
        let power = nation_name(m, nations, &c.nation, &place);
        if let Some(p) = m.powers.iter_mut().find(|p| p.name == power) {
            p.centres
                .get_or_insert_with(Vec::new)
                .push(c.province.to_lowercase());
        }
    }
}

/// Victory conditions, modifiers, the phase progression, and what has no diplo equivalent.
fn rules(m: &mut Model, doc: &Variant, at: &dyn Fn(&str) -> Place) {
    let place = at("\"victoryConditions\"");
    for v in &doc.victory_conditions {
        match (v["type"].as_str(), v["resolution"].as_str()) {
            (Some("supply-center-majority"), _) => {
                m.victory_centres = v["supplyCenters"]
                    .as_u64()
                    .and_then(|n| u16::try_from(n).ok());
            }
            (Some("timed-resolution"), Some("shared-draw")) => m.last_year = v["year"].as_i64(),
            (Some("timed-resolution"), Some("most-supply-centers")) => {
                m.last_year = v["year"].as_i64();
                m.most_centres_at_last_year = true;
            }
            (Some("province-control"), _) if m.control.is_empty() => {
                let names = v["provinces"].as_array().into_iter().flatten();
                m.control = names
                    .filter_map(|p| p.as_str().map(str::to_lowercase))
                    .collect();
                m.control_from = v["year"].as_i64();
            }
            _ => m.report(
                &place,
                FindingKind::NotExpressed,
                format!("victory condition {v}: no diplo equivalent yet"),
            ),
        }
    }
    let place = at("\"adjudicationModifiers\"");
    for modifier in &doc.adjudication_modifiers {
        if modifier == BUILD_ANYWHERE {
            m.build = Some("owned-centres");
        } else if modifier == super::NEUTRAL_REBUILD {
            for p in m.powers.iter_mut().filter(|p| p.neutral) {
                p.rebuild = true;
            }
        } else {
            m.report(
                &place,
                FindingKind::NotExpressed,
                format!("modifier `{modifier}`: not read by this import"),
            );
        }
    }
    if doc.emergency_measures.is_some() {
        m.report(
            &at("\"emergencyMeasures\""),
            FindingKind::NotExpressed,
            "`emergencyMeasures`",
        );
    }
    if !doc.dominance_rules.is_empty() {
        m.report(
            &at("\"dominanceRules\""),
            FindingKind::NotExpressed,
            "`dominanceRules`",
        );
    }
    calendar(m, doc, at);
}

/// The phase progression as a calendar: the seasons, those adjustments follow, the year step
/// (the largest `yearDelta`) and, from an adjustment's `yearMod` condition, how many game years
/// apart adjustments are held. A progression that is no such calendar is reported.
fn calendar(m: &mut Model, doc: &Variant, at: &dyn Fn(&str) -> Place) {
    let progression = &doc.phase_progression;
    let place = at("\"phaseProgression\"");
    let transitions = &progression.transitions;
    let step = transitions
        .iter()
        .map(|t| t.to.year_delta)
        .max()
        .unwrap_or(1)
        .max(1);
    let adjustments: Vec<&super::Transition> = transitions
        .iter()
        .filter(|t| t.to.kind == "Adjustment")
        .collect();
    let seasons: Vec<(String, bool)> = progression
        .seasons
        .iter()
        .map(|s| (s.clone(), adjustments.iter().any(|t| t.to.season == *s)))
        .collect();
    let mut every = 1;
    let conditions: Vec<&super::YearCondition> = adjustments
        .iter()
        .filter_map(|t| t.condition.as_ref())
        .collect();
    if let Some(c) = conditions.first() {
        let first = m.first_year.unwrap_or(1901);
        let fits = c.year_mod % step == 0
            && conditions.iter().all(|d| d == c)
            && (c.year_mod / step).checked_sub(1).is_some_and(|k| {
                (first + i64::from(step * k)).rem_euclid(i64::from(c.year_mod))
                    == i64::from(c.year_mod_value)
            });
        if fits {
            every = c.year_mod / step;
        } else {
            m.report(
                &place,
                FindingKind::NotExpressed,
                format!(
                    "adjustments when year % {} == {}: not every n-th game year from the first; read as every year",
                    c.year_mod, c.year_mod_value
                ),
            );
        }
    }
    if transitions
        .iter()
        .any(|t| t.condition.is_some() && t.to.kind != "Adjustment")
    {
        m.report(
            &place,
            FindingKind::NotExpressed,
            "a year condition on a transition to a movement or retreat phase: left out",
        );
    }
    let standard = seasons == [("Spring".to_string(), false), ("Fall".to_string(), true)];
    if standard && step == 1 && every == 1 {
        return;
    }
    let (Ok(year_step), Ok(adjustment_every)) = (u16::try_from(step), u16::try_from(every)) else {
        m.report(
            &place,
            FindingKind::NotExpressed,
            "a year step or adjustment period too large",
        );
        return;
    };
    m.calendar = Some(crate::model::CalendarModel {
        seasons,
        year_step,
        adjustment_every,
    });
}
