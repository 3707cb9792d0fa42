//! The stateless endpoints: adjudication, orders, comparison, pictures, maps, rulesets and DATC
//! cases. Each reads its request, calls the libraries and answers in the CLI's JSON words.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use diplo_engine::{adjudicate, pending_retreat_options, PhaseKind, Position};
use diplo_map::Map;
use diplo_rules::{Ruleset, ISSUES};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::inputs::{self, PositionSpec, Spec};

/// What the situation endpoints read: a map, a ruleset with overrides, a position and orders.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SituationRequest {
    /// The map (default `standard`).
    #[serde(default)]
    pub map: Option<Spec>,
    /// The ruleset (default `datc`).
    #[serde(default)]
    pub ruleset: Option<Spec>,
    /// `issue: choice` overrides.
    #[serde(default)]
    pub overrides: BTreeMap<String, String>,
    /// The position (default: the map's starting position).
    #[serde(default)]
    pub position: Option<PositionSpec>,
    /// The orders, one per line, with `Power:` headers or `ENG:` prefixes.
    #[serde(default)]
    pub orders: Option<String>,
    /// `/v1/render`: `svg` (default) or `png`.
    #[serde(default)]
    pub format: Option<String>,
    /// `/v1/render`: draw the orders without adjudicating them.
    #[serde(default)]
    pub no_results: bool,
}

/// A situation read: map, ruleset, position.
struct Situation {
    map: Arc<Map>,
    rules: Ruleset,
    pos: Position,
}

/// Reads the map, the ruleset and the position, reporting the problems of all three.
fn situation(r: &SituationRequest) -> Result<Situation, ApiError> {
    let map = inputs::map(r.map.as_ref()).map(|(m, _)| m);
    let rules = inputs::ruleset(r.ruleset.as_ref(), &r.overrides).map(|(r, _)| r);
    let (map, rules) = match (map, rules) {
        (Ok(m), Ok(r)) => (m, r),
        (Err(mut a), Err(b)) => {
            a.errors.extend(b.errors);
            return Err(a);
        }
        (Err(e), _) | (_, Err(e)) => return Err(e),
    };
    let pos = inputs::position(&map, r.position.as_ref())?;
    Ok(Situation { map, rules, pos })
}

/// `POST /v1/adjudicate`: `diplo adjudicate --format json`.
pub fn adjudicate_phase(body: &[u8]) -> Result<Response, ApiError> {
    let r: SituationRequest = inputs::body(body)?;
    let s = situation(&r)?;
    let orders = inputs::orders(&s.map, r.orders.as_deref().unwrap_or(""))?;
    let adj = adjudicate(&s.map, &s.rules, &s.pos, &orders);
    // The common answer written straight from typed rows (the same bytes as the `Value` tree).
    if let Some(bytes) =
        diplo_game::adjudication_json::adjudication_bytes(&s.map, (&s.pos, &orders), &adj)
    {
        let json = [(header::CONTENT_TYPE, "application/json")];
        return Ok((json, bytes).into_response());
    }
    let fallbacks = if adj.unresolved.is_empty() {
        Vec::new()
    } else {
        diplo_game::json::fallback_adjudications(&s.map, &s.rules, &s.pos, &orders)
    };
    let doc = diplo_game::json::adjudication_document(
        &s.map,
        &s.rules,
        (&s.pos, &orders),
        &adj,
        &fallbacks,
    );
    Ok(Json(doc).into_response())
}

/// `POST /v1/orders/check`: every order normalised (`diplo orders check`), or every problem.
pub fn check_orders(body: &[u8]) -> Result<Response, ApiError> {
    let r: SituationRequest = inputs::body(body)?;
    let (map, _) = inputs::map(r.map.as_ref())?;
    let text = r.orders.as_deref().unwrap_or("");
    let (lines, errors) = diplo_orders::parse_orders(&map, text);
    if !errors.is_empty() {
        return Err(ApiError {
            status: axum::http::StatusCode::BAD_REQUEST,
            errors: errors
                .iter()
                .map(|e| {
                    crate::error::Problem::new(
                        format!("orders:{}:{}", e.line, e.column),
                        e.message.clone(),
                    )
                })
                .collect(),
        });
    }
    let orders: Vec<Value> = lines
        .iter()
        .map(|l| {
            json!({
                "line": l.line,
                "power": l.power.map(|p| map.power(p).name.clone()),
                "order": l.order.display(&map).to_string(),
                "text": l.order.display(&map).with_power(l.power).to_string(),
            })
        })
        .collect();
    Ok(Json(json!({ "orders": orders })).into_response())
}

/// `POST /v1/orders/possible`: every orderable location with who orders there and what.
pub fn possible_orders(body: &[u8]) -> Result<Response, ApiError> {
    let r: SituationRequest = inputs::body(body)?;
    let s = situation(&r)?;
    let possible = diplo_game::possible::possible_orders(&s.map, &s.rules, &s.pos);
    let locations: BTreeMap<String, Value> = possible
        .into_iter()
        .map(|(k, at)| {
            (
                k,
                json!({ "power": s.map.power(at.power).name, "orders": at.orders }),
            )
        })
        .collect();
    Ok(Json(json!({
        "phase": s.pos.phase.name(&s.map).to_string(),
        "possible": locations,
    }))
    .into_response())
}

/// A position's picture: in a retreat phase, with the retreat options.
pub fn position_scene<'a>(
    map: &'a Map,
    rules: &Ruleset,
    pos: &'a Position,
) -> diplo_render::Scene<'a> {
    let scene = diplo_render::Scene::new(map, pos, &rules.name);
    if pos.phase.kind == PhaseKind::Retreat {
        scene.with_retreats(pending_retreat_options(map, rules, pos))
    } else {
        scene
    }
}

/// An SVG answer, or a PNG one when `format` says `png`.
pub fn picture(svg: String, format: Option<&str>) -> Result<Response, ApiError> {
    match format.unwrap_or("svg") {
        "svg" => Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response()),
        "png" => {
            // A picture too large for PNG comes from the request's map: the client's to change.
            let png = diplo_render::png(&svg).map_err(|e| {
                ApiError::bad(
                    "format",
                    format!("no PNG of this picture ({e}); ask for `svg` instead"),
                )
            })?;
            Ok(([(header::CONTENT_TYPE, "image/png")], png).into_response())
        }
        other => Err(ApiError::bad(
            "format",
            format!("unknown picture format `{other}`: `svg` or `png`"),
        )),
    }
}

/// `POST /v1/render`: the position, with the orders and their results when given.
pub fn render(body: &[u8]) -> Result<Response, ApiError> {
    let r: SituationRequest = inputs::body(body)?;
    if let Some(f) = r.format.as_deref().filter(|f| !matches!(*f, "svg" | "png")) {
        return picture(String::new(), Some(f));
    }
    let s = situation(&r)?;
    let orders = match &r.orders {
        Some(text) => inputs::orders(&s.map, text)?,
        None => Vec::new(),
    };
    let mut scene = position_scene(&s.map, &s.rules, &s.pos);
    if r.no_results {
        scene = scene.with_orders(&orders);
    } else if !orders.is_empty() {
        let adj = adjudicate(&s.map, &s.rules, &s.pos, &orders);
        scene = scene.with_adjudication(&orders, &adj);
    }
    picture(diplo_render::svg(&scene), r.format.as_deref())
}

/// `GET /v1/maps`: the built-in maps (`diplo maps list --format json`).
pub fn maps() -> Result<Response, ApiError> {
    let mut rows = Vec::new();
    for name in inputs::map_names() {
        let m = inputs::builtin_map(name)?;
        rows.push(json!({
            "name": m.name,
            "title": m.title,
            "powers": m.powers().iter().filter(|p| !p.neutral).map(|p| p.name.clone()).collect::<Vec<_>>(),
            "supply_centres": m.supply_centre_count(),
            "victory_centres": m.victory.centres,
            "special_rules": m.special_rules(),
        }));
    }
    Ok(Json(rows).into_response())
}

/// `GET /v1/maps/{name}`: the whole map (`diplo map show NAME --format json`).
pub fn map(name: &str) -> Result<Response, ApiError> {
    let map = inputs::builtin_map(name)?;
    Ok(
        Json(serde_json::to_value(map.as_ref()).map_err(|e| ApiError::internal(e.to_string()))?)
            .into_response(),
    )
}

/// `GET /v1/rulesets`: the built-in rulesets with their descriptions.
pub fn rulesets() -> Result<Response, ApiError> {
    let mut rows = Vec::new();
    for name in inputs::ruleset_names() {
        let r = inputs::builtin_ruleset(name)?;
        rows.push(json!({ "name": name, "description": r.description }));
    }
    Ok(Json(rows).into_response())
}

/// `GET /v1/rulesets/{name}`: every issue with the ruleset's choice and what it means.
pub fn ruleset(name: &str) -> Result<Response, ApiError> {
    let r = inputs::builtin_ruleset(name)?;
    let issues: Vec<Value> = ISSUES
        .iter()
        .map(|i| {
            let choice = r.choice(i.key).unwrap_or("?");
            let meaning = i
                .choices()
                .into_iter()
                .find(|(c, _)| *c == choice)
                .map_or("", |(_, m)| m);
            json!({
                "datc": i.datc, "key": i.key, "title": i.title, "choice": choice, "meaning": meaning,
                "choices": i.choices().into_iter().map(|(c, _)| c).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(
        Json(json!({ "name": r.name, "description": r.description, "issues": issues }))
            .into_response(),
    )
}

/// `GET /v1/datc/{case}`: one DATC case as transcribed, and whether diplo agrees with it.
pub fn datc_case(id: &str) -> Result<Response, ApiError> {
    let cases = diplo_datc::all_cases();
    let Some(case) = cases.iter().find(|c| c.id.eq_ignore_ascii_case(id)) else {
        return Err(ApiError::not_found(
            "case",
            format!(
                "no DATC case `{id}` (ids look like 6.F.19){}",
                diplo_map::suggest::hint(id, cases.iter().map(|c| c.id.as_str()))
            ),
        ));
    };
    let rules = inputs::builtin_ruleset(&case.preferences).unwrap_or_else(|_| Ruleset::datc());
    let map = match &case.map {
        Some(m) => inputs::builtin_map(m)?,
        None => inputs::builtin_map("standard")?,
    };
    let report = diplo_datc::run_case(&map, &rules, case);
    Ok(Json(json!({
        "case": case,
        "ruleset": rules.name,
        "agrees": report.agrees(),
    }))
    .into_response())
}

/// What `POST /v1/compare` reads.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareRequest {
    /// A DATC case id (`6.F.19`), or else `position` and `orders`.
    #[serde(default)]
    pub case: Option<String>,
    /// The map with `orders` (default `standard`).
    #[serde(default)]
    pub map: Option<Spec>,
    /// The position with `orders` (default: the map's start).
    #[serde(default)]
    pub position: Option<PositionSpec>,
    /// Your own orders.
    #[serde(default)]
    pub orders: Option<String>,
    /// Built-in rulesets' names (default `1971, 1982, 2000, 2023, datc`), or `["all"]`.
    #[serde(default)]
    pub rulesets: Option<Vec<String>>,
    /// The ruleset the others are compared with (default `datc` when compared, else the first).
    #[serde(default)]
    pub base: Option<String>,
    /// `issue: choice` overrides, applied to every compared ruleset.
    #[serde(default)]
    pub overrides: BTreeMap<String, String>,
    /// Also answer `pictures`: one SVG board per ruleset, with the orders and their results (a
    /// result differing from the base ruleset's highlighted), zoomed to the provinces the orders
    /// involve, as the panels of `diplo compare --render`.
    #[serde(default)]
    pub pictures: bool,
}

/// `POST /v1/compare`: `diplo compare --format json`.
pub fn compare(body: &[u8]) -> Result<Response, ApiError> {
    use diplo_datc::compare::{explain, rows, Situation as Sit};
    let r: CompareRequest = inputs::body(body)?;
    let names: Vec<String> = match &r.rulesets {
        None => ["1971", "1982", "2000", "2023", "datc"]
            .map(String::from)
            .to_vec(),
        Some(v) if v.len() == 1 && v[0] == "all" => {
            inputs::ruleset_names().map(String::from).collect()
        }
        Some(v) => v.clone(),
    };
    let mut rulesets = Vec::new();
    let mut problems = Vec::new();
    for (i, n) in names.iter().enumerate() {
        match inputs::builtin_ruleset(n) {
            Ok(r) => rulesets.push(r),
            Err(e) => problems.extend(e.errors.into_iter().map(|mut p| {
                p.at = format!("rulesets[{i}]");
                p
            })),
        }
    }
    for (key, choice) in &r.overrides {
        for rules in &mut rulesets {
            if let Err(e) = rules.set(key, choice) {
                problems.push(crate::error::Problem::new(format!("overrides.{key}"), e));
                break;
            }
        }
    }
    if !problems.is_empty() {
        return Err(ApiError {
            status: axum::http::StatusCode::BAD_REQUEST,
            errors: problems,
        });
    }
    if rulesets.is_empty() {
        return Err(ApiError::bad("rulesets", "no rulesets to compare"));
    }
    let base = match &r.base {
        Some(b) => rulesets
            .iter()
            .position(|x| x.name.eq_ignore_ascii_case(b))
            .ok_or_else(|| {
                ApiError::bad("base", format!("`{b}` is not among the compared rulesets"))
            })?,
        None => rulesets.iter().position(|x| x.name == "datc").unwrap_or(0),
    };
    let (map, title, situation) =
        match (&r.case, &r.orders) {
            (Some(id), _) => {
                let case = diplo_datc::all_cases()
                    .into_iter()
                    .find(|c| c.id.eq_ignore_ascii_case(id))
                    .ok_or_else(|| {
                        ApiError::bad(
                            "case",
                            format!("no DATC case `{id}` (ids look like 6.F.19)"),
                        )
                    })?;
                let title = format!("{} {}", case.id, case.title);
                (
                    inputs::builtin_map("standard")?,
                    title,
                    Sit::Case(Box::new(case)),
                )
            }
            (None, Some(text)) => {
                let (map, _) = inputs::map(r.map.as_ref())?;
                let pos = inputs::position(&map, r.position.as_ref())?;
                let orders = inputs::orders(&map, text)?;
                let title = pos.phase.name(&map).to_string();
                (map, title, Sit::Position { pos, orders })
            }
            (None, None) => return Err(ApiError::bad(
                "case",
                "give `case`, or `orders` (with `position` for a position other than the start)",
            )),
        };
    let case = match &situation {
        Sit::Case(c) => Some(c.as_ref()),
        Sit::Position { .. } => None,
    };
    let (rows, expectations) =
        rows(&map, &situation, case, &rulesets).map_err(|e| ApiError::bad("case", e))?;
    let whys =
        explain(&map, &situation, &rulesets, base, &rows).map_err(|e| ApiError::bad("case", e))?;
    let report = diplo_datc::compare::Report {
        title,
        case,
        rulesets: &rulesets,
        base,
        rows: &rows,
        whys: &whys,
        expectations: &expectations,
    };
    let mut doc = report.json();
    doc["overrides"] = json!(r.overrides);
    if r.pictures {
        doc["pictures"] = compare_pictures(&map, &situation, &rulesets, base, &doc["title"])?;
    }
    Ok(Json(doc).into_response())
}

/// One SVG board per ruleset (by name): the situation's orders with their results, a result
/// that differs from the base ruleset's highlighted, every board zoomed to the same part of the
/// map around what the orders involve (the panels of `diplo compare --render`).
fn compare_pictures(
    map: &Map,
    situation: &diplo_datc::compare::Situation,
    rulesets: &[Ruleset],
    base: usize,
    title: &Value,
) -> Result<Value, ApiError> {
    let mut pictures = Vec::new();
    for r in rulesets {
        pictures.push(
            situation
                .picture(map, r)
                .map_err(|e| ApiError::bad("case", e))?,
        );
    }
    let names: Vec<&str> = rulesets.iter().map(|r| r.name.as_str()).collect();
    let title = title.as_str().unwrap_or_default();
    let scenes = diplo_render::comparison(&pictures, &names, base, title);
    let out: serde_json::Map<String, Value> = rulesets
        .iter()
        .map(|r| r.name.clone())
        .zip(diplo_render::zoomed(&scenes).into_iter().map(Value::from))
        .collect();
    Ok(Value::Object(out))
}
