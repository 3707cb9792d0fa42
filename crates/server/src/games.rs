//! Hosted games: creation with tokens, what each token may see, orders, adjudication, rollback,
//! history and pictures. The game logic is `diplo_game`'s; every change goes through
//! [`GameStore::update`] (under the game's lock, saved atomically).

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use diplo_game::viewer::{View, Viewer};
use diplo_game::{Game, GameError, SubmitOptions};
use diplo_map::PowerId;
use serde::Deserialize;
use serde_json::json;

use crate::error::{ApiError, Problem};
use crate::inputs::{self, Spec};
use crate::store::{GameId, GameStore, Role, StoreError};
use crate::tokens::Tokens;

/// The one answer for an unknown game and for a token that does not open it.
fn no_game() -> ApiError {
    ApiError::not_found("game", "no such game, or the token does not open it")
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => no_game(),
            StoreError::TokensIssued => {
                ApiError::one(StatusCode::CONFLICT, "game", "the game has tokens already")
            }
            StoreError::Game(GameError::Refused(lines)) => ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                errors: lines.iter().map(|l| Problem::located("game", l)).collect(),
            },
            StoreError::Game(GameError::Io { source, .. })
                if source.kind() == std::io::ErrorKind::TimedOut =>
            {
                ApiError::one(StatusCode::SERVICE_UNAVAILABLE, "game", source.to_string())
            }
            StoreError::Game(e) => ApiError::internal(e.to_string()),
        }
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> Self {
        StoreError::Game(e).into()
    }
}

/// What `POST /v1/games` reads.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The map (default `standard`).
    #[serde(default)]
    pub map: Option<Spec>,
    /// The ruleset (default `datc`).
    #[serde(default)]
    pub ruleset: Option<Spec>,
    /// `issue: choice` overrides.
    #[serde(default)]
    pub overrides: BTreeMap<String, String>,
    /// The deadline schedule, `phase kind: length` (`{"movement": "48h", "retreat": "24h"}`):
    /// every phase gets the deadline of its kind, the first one from now.
    #[serde(default)]
    pub deadlines: BTreeMap<String, String>,
}

/// `POST /v1/games`: a new game; answers its id and its tokens (shown this once only).
pub fn create(store: &dyn GameStore, body: &[u8]) -> Result<Response, ApiError> {
    let r: NewGame = if body.iter().all(u8::is_ascii_whitespace) {
        NewGame::default()
    } else {
        inputs::body(body)?
    };
    let map = inputs::map(r.map.as_ref());
    let rules = inputs::ruleset(r.ruleset.as_ref(), &r.overrides);
    let ((map, source), (rules, overrides)) = match (map, rules) {
        (Ok(m), Ok(r)) => (m, r),
        (Err(mut a), Err(b)) => {
            a.errors.extend(b.errors);
            return Err(a);
        }
        (Err(e), _) | (_, Err(e)) => return Err(e),
    };
    let mut game = Game::new(Arc::unwrap_or_clone(map), source, rules, overrides);
    if !r.deadlines.is_empty() {
        let spec: Vec<String> = r
            .deadlines
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let schedule = diplo_game::Schedule::parse(&spec.join(","))
            .map_err(|e| ApiError::bad("deadlines", e.join("; ")))?;
        let now = diplo_game::time::now().map_err(ApiError::internal)?;
        game.set_schedule(schedule, Some(now))?;
    }
    let tokens =
        Tokens::for_game(&game).map_err(|e| ApiError::internal(format!("no random token: {e}")))?;
    let id = store.create(&game, &tokens.hashes())?;
    Ok((StatusCode::CREATED, Json(tokens.to_json(&id))).into_response())
}

/// The game's id and who the request's token says the bearer is (`None`: no token, the
/// public). An invalid id, an unknown game and a token that opens nothing are one 404.
fn who(
    store: &dyn GameStore,
    id: &str,
    headers: &HeaderMap,
) -> Result<(GameId, Option<Role>), ApiError> {
    let id = GameId::parse(id).ok_or_else(no_game)?;
    let tokens = store.tokens(&id)?;
    let Some(auth) = headers.get(axum::http::header::AUTHORIZATION) else {
        return Ok((id, None));
    };
    let token = auth
        .to_str()
        .ok()
        .and_then(|a| a.strip_prefix("Bearer "))
        .map(str::trim)
        .ok_or_else(no_game)?;
    let role = tokens.role(token).ok_or_else(no_game)?;
    Ok((id, Some(role)))
}

/// The power a power's token names, in `game`.
fn power(game: &Game, role: Option<&Role>) -> Result<PowerId, ApiError> {
    match role {
        Some(Role::Power(name)) => game
            .map
            .power_by_name(name)
            .ok_or_else(|| ApiError::internal(format!("the game has no power `{name}`"))),
        Some(Role::Gm) => Err(ApiError::one(
            StatusCode::FORBIDDEN,
            "authorization",
            "this needs a power's token (the game master's token orders no units)",
        )),
        None => Err(needs_token("a power's token")),
    }
}

fn needs_token(whose: &str) -> ApiError {
    ApiError::one(
        StatusCode::UNAUTHORIZED,
        "authorization",
        format!("this needs {whose}: `Authorization: Bearer TOKEN`"),
    )
}

/// Refuses anyone but the game master.
fn gm_only(role: Option<&Role>) -> Result<(), ApiError> {
    match role {
        Some(Role::Gm) => Ok(()),
        Some(Role::Power(_)) => Err(ApiError::one(
            StatusCode::FORBIDDEN,
            "authorization",
            "only the game master may do this",
        )),
        None => Err(needs_token("the game master's token")),
    }
}

/// The viewer a role is.
fn viewer(game: &Game, role: Option<&Role>) -> Viewer {
    match role {
        Some(Role::Gm) => Viewer::Host,
        Some(Role::Power(name)) => game
            .map
            .power_by_name(name)
            .map_or(Viewer::Public, Viewer::Power),
        None => Viewer::Public,
    }
}

/// `GET /v1/games/{id}`: what the token may see (`diplo game show --format json`).
pub fn show(store: &dyn GameStore, id: &str, headers: &HeaderMap) -> Result<Response, ApiError> {
    let (id, role) = who(store, id, headers)?;
    let (game, _) = store.load(&id)?;
    let v = viewer(&game, role.as_ref());
    Ok(Json(diplo_game::json::view(&View::new(&game, v))).into_response())
}

/// A query flag: `?ready=true`.
fn flag(query: &BTreeMap<String, String>, name: &str) -> Result<bool, ApiError> {
    match query.get(name).map(String::as_str) {
        None | Some("false") | Some("0") => Ok(false),
        Some("true") | Some("1") | Some("") => Ok(true),
        Some(other) => Err(ApiError::bad(
            format!("?{name}"),
            format!("`{other}`: `true` or `false`"),
        )),
    }
}

/// `PUT /v1/games/{id}/orders`: a power's order set (the body, as text); `?ready=true` also
/// declares it final. Answers what the power now sees.
pub fn put_orders(
    store: &dyn GameStore,
    id: &str,
    headers: &HeaderMap,
    query: &BTreeMap<String, String>,
    body: &[u8],
) -> Result<Response, ApiError> {
    let (id, role) = who(store, id, headers)?;
    let ready = flag(query, "ready")?;
    let text = std::str::from_utf8(body)
        .map_err(|_| ApiError::bad("body", "the orders are not UTF-8 text"))?;
    let mut out = None;
    let mut refused = None;
    store.update(&id, &mut |game| {
        let p = match power(game, role.as_ref()) {
            Ok(p) => p,
            Err(e) => {
                refused = Some(e);
                return Ok(false);
            }
        };
        if !text.trim().is_empty() {
            game.submit(p, text, "orders", SubmitOptions::default())?;
        }
        if ready {
            game.set_ready(p, true)?;
        }
        out = Some(diplo_game::json::view(&View::new(game, Viewer::Power(p))));
        Ok(true)
    })?;
    if let Some(e) = refused {
        return Err(e);
    }
    Ok(Json(out).into_response())
}

/// `DELETE /v1/games/{id}/orders`: withdraws the power's latest order set.
pub fn delete_orders(
    store: &dyn GameStore,
    id: &str,
    headers: &HeaderMap,
) -> Result<Response, ApiError> {
    let (id, role) = who(store, id, headers)?;
    let mut out = None;
    let mut refused = None;
    store.update(&id, &mut |game| {
        let p = match power(game, role.as_ref()) {
            Ok(p) => p,
            Err(e) => {
                refused = Some(e);
                return Ok(false);
            }
        };
        let set = game.withdraw(p)?;
        out = Some(json!({
            "withdrawn": { "seq": set.seq, "orders": set.orders.iter().map(|o| o.display(&game.map).to_string()).collect::<Vec<_>>() },
            "view": diplo_game::json::view(&View::new(game, Viewer::Power(p))),
        }));
        Ok(true)
    })?;
    if let Some(e) = refused {
        return Err(e);
    }
    Ok(Json(out).into_response())
}

/// Why a game is due now, or why not (`Err`).
fn due_now(game: &Game) -> Result<Result<String, String>, GameError> {
    let now = diplo_game::time::now().map_err(|e| GameError::Refused(vec![e]))?;
    let names = |v: &[PowerId]| {
        v.iter()
            .map(|p| game.power_name(*p).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let phase = game.phase().name(&game.map).to_string();
    Ok(match game.due(now) {
        diplo_game::Due::Over => Err("not due: the game is over".to_string()),
        diplo_game::Due::NotDue {
            not_ready,
            deadline,
        } => Err(format!(
            "{phase} not due: waiting for {} to be ready; {}",
            names(&not_ready),
            match deadline {
                Some(d) => format!("the deadline is {}", diplo_game::time::format_rfc3339(d)),
                None => "no deadline is set".to_string(),
            }
        )),
        diplo_game::Due::AllReady => {
            Ok(format!("{phase} due: every power that must order is ready"))
        }
        diplo_game::Due::DeadlinePassed { deadline, .. } => Ok(format!(
            "{phase} due: the deadline {} has passed",
            diplo_game::time::format_rfc3339(deadline)
        )),
    })
}

/// What `POST /v1/games/{id}/adjudicate` may read: overrides for this phase only.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdjudicateRequest {
    /// `issue: choice` for this phase only (`paradox_fallback: szykman` when the ruleset
    /// leaves a convoy paradox unresolved), as `diplo game adjudicate --set`.
    #[serde(default)]
    pub overrides: BTreeMap<String, String>,
}

/// `POST /v1/games/{id}/adjudicate`: the game master adjudicates the phase (the body may give
/// overrides for this phase); with `?if_due=true` anyone may, and it happens only when the
/// phase is due.
pub fn adjudicate(
    store: &dyn GameStore,
    id: &str,
    headers: &HeaderMap,
    query: &BTreeMap<String, String>,
    body: &[u8],
) -> Result<Response, ApiError> {
    let (id, role) = who(store, id, headers)?;
    let if_due = flag(query, "if_due")?;
    let r: AdjudicateRequest = if body.iter().all(u8::is_ascii_whitespace) {
        AdjudicateRequest::default()
    } else {
        inputs::body(body)?
    };
    let mut problems = Vec::new();
    for (key, choice) in &r.overrides {
        if let Err(e) = diplo_rules::Ruleset::datc().set(key, choice) {
            problems.push(Problem::new(format!("overrides.{key}"), e));
        }
    }
    if !problems.is_empty() {
        return Err(ApiError {
            status: StatusCode::BAD_REQUEST,
            errors: problems,
        });
    }
    let sets: Vec<String> = r
        .overrides
        .iter()
        .map(|(k, c)| format!("{k}={c}"))
        .collect();
    if !if_due {
        gm_only(role.as_ref())?;
    }
    let mut out = None;
    store.update(&id, &mut |game| {
        let why = if if_due {
            match due_now(game)? {
                Ok(why) => Some(why),
                Err(not) => {
                    out = Some(json!({ "adjudicated": false, "due": not }));
                    return Ok(false);
                }
            }
        } else {
            None
        };
        let outcome = game.adjudicate(&sets)?;
        let mut v = diplo_game::json::phase_adjudicated(game, &outcome, why.as_deref());
        v["adjudicated"] = true.into();
        out = Some(v);
        Ok(true)
    })?;
    Ok(Json(out).into_response())
}

/// What `PUT /v1/games/{id}/deadline` reads: the current phase's deadline (RFC 3339), or
/// `null` to clear it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeadlineRequest {
    /// `2026-11-24T18:00:00Z`, `2026-11-24T19:00:00+01:00`; `null` clears the deadline.
    pub deadline: Option<String>,
}

/// `PUT /v1/games/{id}/deadline`: the game master sets (or clears) the current phase's
/// deadline, as `diplo game deadline` does.
pub fn set_deadline(
    store: &dyn GameStore,
    id: &str,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<Response, ApiError> {
    let (id, role) = who(store, id, headers)?;
    gm_only(role.as_ref())?;
    let r: DeadlineRequest = inputs::body(body)?;
    let deadline = match &r.deadline {
        None => None,
        Some(t) => Some(
            diplo_game::time::parse_rfc3339(t.trim())
                .map_err(|e| ApiError::bad("deadline", format!("`{t}`: {e}")))?,
        ),
    };
    let mut out = None;
    store.update(&id, &mut |game| {
        game.set_deadline(deadline)?;
        out = Some(json!({
            "phase": game.phase().name(&game.map).to_string(),
            "deadline": game.deadline.map(diplo_game::time::format_rfc3339),
        }));
        Ok(true)
    })?;
    Ok(Json(out).into_response())
}

/// `POST /v1/games/{id}/rollback`: the game master takes the game back to the start of the
/// previous phase, or of `?to=PHASE`.
pub fn rollback(
    store: &dyn GameStore,
    id: &str,
    headers: &HeaderMap,
    query: &BTreeMap<String, String>,
) -> Result<Response, ApiError> {
    let (id, role) = who(store, id, headers)?;
    gm_only(role.as_ref())?;
    let mut out = None;
    store.update(&id, &mut |game| {
        let now = diplo_game::time::now().map_err(|e| GameError::Refused(vec![e]))?;
        let from = game.phase().name(&game.map).to_string();
        let n = game.rollback(query.get("to").map(String::as_str), Some(now))?;
        out = Some(json!({
            "from": from,
            "to": game.phase().name(&game.map).to_string(),
            "phases_taken_back": n,
        }));
        Ok(true)
    })?;
    Ok(Json(out).into_response())
}

/// `GET /v1/games/{id}/history`: every phase played (`diplo game history --format json`).
pub fn history(store: &dyn GameStore, id: &str, headers: &HeaderMap) -> Result<Response, ApiError> {
    let (id, _) = who(store, id, headers)?;
    let (game, _) = store.load(&id)?;
    Ok(Json(diplo_game::json::history(&game)).into_response())
}

/// `GET /v1/games/{id}/phases/{n}.svg` (or `.png`): phase `n` (1 = the first played) with its
/// orders and results.
pub fn phase_picture(
    store: &dyn GameStore,
    id: &str,
    file: &str,
    headers: &HeaderMap,
) -> Result<Response, ApiError> {
    let (id, _) = who(store, id, headers)?;
    let not_played = || {
        ApiError::not_found(
            "phase",
            format!(
                "no phase `{file}`: phases are 1.svg, 2.svg ... (or .png) up to the phases played"
            ),
        )
    };
    let (n, format) = match (file.strip_suffix(".svg"), file.strip_suffix(".png")) {
        (Some(n), _) => (n, "svg"),
        (_, Some(n)) => (n, "png"),
        _ => return Err(not_played()),
    };
    let n: usize = n.parse().map_err(|_| not_played())?;
    let (game, _) = store.load(&id)?;
    if n == 0 || n > game.history.len() {
        return Err(not_played());
    }
    let phases = game.played_phases().map_err(ApiError::internal)?;
    let powers = game.played_phase_powers();
    let ((pos, orders), powers) = phases
        .get(n - 1)
        .zip(powers.get(n - 1))
        .ok_or_else(not_played)?;
    let orders: Vec<(PowerId, diplo_orders::Order)> =
        powers.iter().copied().zip(orders.iter().cloned()).collect();
    let adj = diplo_engine::adjudicate(&game.map, &game.rules, pos, &orders);
    let scene = crate::stateless::position_scene(&game.map, &game.rules, pos)
        .with_adjudication(&orders, &adj);
    crate::stateless::picture(diplo_render::svg(&scene), Some(format))
}
