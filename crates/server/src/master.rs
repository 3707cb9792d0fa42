//! The end of a hosted game and the game master's hand over HTTP: a power proposes or votes on
//! a draw, concedes, or lets another power order one of its units (proxy orders); the game
//! master puts a power into civil disorder and takes it out again, names who plays a power,
//! sets the deadline schedule with the `late_orders` house rule, and the house rules for the
//! end. The decisions are `diplo_game`'s (`ending`, `disorder`, `deadlines`); this module
//! translates, with the authorisation rules of [`crate::games`].

use std::collections::BTreeMap;

use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use diplo_game::viewer::Viewer;
use diplo_game::{AtLastYear, DrawStanding, DrawVotes, Game, LateOrders, Schedule};
use diplo_map::PowerId;
use serde::{Deserialize, Deserializer};
use serde_json::{json, Value};

use crate::error::{ApiError, Problem};
use crate::games::{gm_only, power, who};
use crate::inputs;
use crate::store::{GameStore, Role};

/// Changes the game `id` under its lock as `work` says, and answers what it returns; an error
/// from `work` (a refusal by the game too) leaves the game file untouched.
fn change<F>(store: &dyn GameStore, id: &str, headers: &HeaderMap, mut work: F) -> Response
where
    F: FnMut(&mut Game, Option<&Role>) -> Result<Value, ApiError>,
{
    let answer = (|| {
        let (id, role) = who(store, id, headers)?;
        let mut out = None;
        let mut refused = None;
        store.update(&id, &mut |game| match work(game, role.as_ref()) {
            Ok(v) => {
                out = Some(v);
                Ok(true)
            }
            Err(e) => {
                refused = Some(e);
                Ok(false)
            }
        })?;
        match refused {
            Some(e) => Err(e),
            None => Ok(Json(out).into_response()),
        }
    })();
    answer.unwrap_or_else(IntoResponse::into_response)
}

/// A request body as `T`; an empty body is `T`'s default.
fn body_or_default<T: Default + serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        Ok(T::default())
    } else {
        inputs::body(body)
    }
}

/// The power `name` names in `game` (`at`: where the request gave it), or a 400 listing them.
fn named_power(game: &Game, at: &str, name: &str) -> Result<PowerId, ApiError> {
    game.map.power_by_name(name).ok_or_else(|| {
        let names: Vec<&str> = game.map.powers().iter().map(|p| p.name.as_str()).collect();
        ApiError::bad(
            at,
            format!(
                "unknown power `{name}`; the powers are {}",
                names.join(", ")
            ),
        )
    })
}

/// The current time, as the game library reads it (`DIPLO_NOW` or the clock).
fn now() -> Result<diplo_game::time::Seconds, ApiError> {
    diplo_game::time::now().map_err(ApiError::internal)
}

/// A draw's standing, with the agreements as `viewer` may see them.
fn standing(game: &Game, s: &DrawStanding, viewer: Viewer) -> Value {
    json!({
        "standing": match s {
            DrawStanding::Pending => "pending",
            DrawStanding::Rejected => "rejected",
            DrawStanding::Passed(_) => "passed",
        },
        "ended": game.ended.as_ref().map(|e| e.to_json(&game.map)),
        "agreements": game.agreements_json(viewer),
    })
}

/// What `POST /v1/games/{id}/draw` reads.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawRequest {
    /// The powers that would share the draw; absent: every surviving power.
    #[serde(default)]
    pub among: Option<Vec<String>>,
}

/// `POST /v1/games/{id}/draw`: the token's power proposes a draw (and votes for it).
pub fn propose_draw(store: &dyn GameStore, id: &str, headers: &HeaderMap, body: &[u8]) -> Response {
    let r: DrawRequest = match body_or_default(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    change(store, id, headers, |game, role| {
        let p = power(game, role)?;
        let among = match &r.among {
            None => None,
            Some(names) => {
                let mut problems = Vec::new();
                let mut powers = Vec::new();
                for (i, n) in names.iter().enumerate() {
                    match named_power(game, &format!("among[{i}]"), n) {
                        Ok(p) => powers.push(p),
                        Err(e) => problems.extend(e.errors),
                    }
                }
                if !problems.is_empty() {
                    return Err(ApiError::bad_all(problems));
                }
                Some(powers)
            }
        };
        let s = game.propose_draw(p, among.as_deref())?;
        Ok(standing(game, &s, Viewer::Power(p)))
    })
}

/// What `POST /v1/games/{id}/draw/vote` reads.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VoteRequest {
    /// For the draw (`true`) or against it.
    pub yes: bool,
}

/// `POST /v1/games/{id}/draw/vote`: the token's power votes on the draw proposed in this
/// phase; the vote stays secret (from the other powers and the public) until a draw passes.
pub fn vote_draw(store: &dyn GameStore, id: &str, headers: &HeaderMap, body: &[u8]) -> Response {
    let r: VoteRequest = match inputs::body(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    change(store, id, headers, |game, role| {
        let p = power(game, role)?;
        let s = game.vote_draw(p, r.yes)?;
        Ok(standing(game, &s, Viewer::Power(p)))
    })
}

/// What `POST /v1/games/{id}/concede` reads.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConcedeRequest {
    /// The power the game is conceded to.
    pub to: String,
}

/// `POST /v1/games/{id}/concede`: the token's power concedes the game; once every other
/// surviving power has conceded to the same power, it wins.
pub fn concede(store: &dyn GameStore, id: &str, headers: &HeaderMap, body: &[u8]) -> Response {
    let r: ConcedeRequest = match inputs::body(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    change(store, id, headers, |game, role| {
        let p = power(game, role)?;
        let to = named_power(game, "to", &r.to)?;
        let ended = game.concede(p, to)?;
        Ok(json!({
            "ended": ended.map(|e| e.to_json(&game.map)),
            "agreements": game.agreements_json(Viewer::Power(p)),
        }))
    })
}

/// What `POST /v1/games/{id}/proxy` reads.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProxyRequest {
    /// The province of the power's unit (`bur`, `Burgundy`).
    pub province: String,
    /// The power that may order it this phase.
    pub to: String,
}

/// `POST /v1/games/{id}/proxy`: the token's power lets another power order one of its units
/// this phase (DATC 4.E.5, when the ruleset allows proxy orders).
pub fn grant_proxy(store: &dyn GameStore, id: &str, headers: &HeaderMap, body: &[u8]) -> Response {
    let r: ProxyRequest = match inputs::body(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    change(store, id, headers, |game, role| {
        let p = power(game, role)?;
        let to = named_power(game, "to", &r.to);
        let province = game
            .map
            .province_by_name(&r.province)
            .ok_or_else(|| ApiError::bad("province", format!("unknown province `{}`", r.province)));
        let (to, province) = match (to, province) {
            (Ok(t), Ok(pr)) => (t, pr),
            (Err(mut a), Err(b)) => {
                a.errors.extend(b.errors);
                return Err(a);
            }
            (Err(e), _) | (_, Err(e)) => return Err(e),
        };
        game.grant_proxy(p, province, to)?;
        Ok(json!({
            "power": game.power_name(p),
            "province": game.map.province(province).full_name,
            "to": game.power_name(to),
            "phase": game.phase().name(&game.map).to_string(),
        }))
    })
}

/// What `POST /v1/games/{id}/disorder` reads.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisorderRequest {
    /// The power.
    pub power: String,
    /// `true`: into civil disorder from this phase on; `false`: played again.
    pub disorder: bool,
    /// With `disorder: false`: the stand-in's name, kept in the game's record.
    #[serde(default)]
    pub player: Option<String>,
}

/// `POST /v1/games/{id}/disorder`: the game master puts a power into civil disorder (its
/// orders are not used; the ruleset's civil-disorder rules apply) or takes it out again.
pub fn disorder(store: &dyn GameStore, id: &str, headers: &HeaderMap, body: &[u8]) -> Response {
    let r: DisorderRequest = match inputs::body(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    change(store, id, headers, |game, role| {
        gm_only(role)?;
        let p = named_power(game, "power", &r.power)?;
        let at = Some(now()?);
        match (r.disorder, &r.player) {
            (true, Some(_)) => {
                return Err(ApiError::bad(
                    "player",
                    "a stand-in goes with `\"disorder\": false` (the power played again)",
                ))
            }
            (true, None) => game.put_in_disorder(p, at)?,
            (false, player) => game.end_disorder(p, player.as_deref(), at)?,
        }
        Ok(players_answer(game))
    })
}

/// What `POST /v1/games/{id}/players` reads.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRequest {
    /// The power.
    pub power: String,
    /// Who plays it from the current phase on.
    pub player: String,
}

/// `POST /v1/games/{id}/players`: the game master records who plays a power from the current
/// phase on (a power in civil disorder is taken out of it).
pub fn name_player(store: &dyn GameStore, id: &str, headers: &HeaderMap, body: &[u8]) -> Response {
    let r: PlayerRequest = match inputs::body(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    change(store, id, headers, |game, role| {
        gm_only(role)?;
        let p = named_power(game, "power", &r.power)?;
        game.name_player(p, &r.player, Some(now()?))?;
        Ok(players_answer(game))
    })
}

/// Who plays each power and which are in civil disorder.
fn players_answer(game: &Game) -> Value {
    json!({
        "phase": game.phase().name(&game.map).to_string(),
        "players": diplo_game::json::players(game),
        "in_disorder": game.map.power_ids().filter(|&p| game.in_disorder(p))
            .map(|p| game.power_name(p).to_string()).collect::<Vec<_>>(),
    })
}

/// What `PUT /v1/games/{id}/schedule` reads; what is absent is left as it is.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScheduleRequest {
    /// The deadline schedule, `phase kind: length` (`{"movement": "48h"}`); `{}` removes it.
    #[serde(default)]
    pub deadlines: Option<BTreeMap<String, String>>,
    /// What happens to orders sent after the deadline: `accept`, `refuse`, `accept-flagged`.
    #[serde(default)]
    pub late_orders: Option<String>,
}

/// A deadline schedule from `{"movement": "48h", ...}` (`{}`: none).
pub(crate) fn schedule(deadlines: &BTreeMap<String, String>) -> Result<Schedule, ApiError> {
    if deadlines.is_empty() {
        return Ok(Schedule::default());
    }
    let spec: Vec<String> = deadlines.iter().map(|(k, v)| format!("{k}={v}")).collect();
    Schedule::parse(&spec.join(",")).map_err(|e| {
        ApiError::bad_all(
            e.into_iter()
                .map(|m| Problem::new("deadlines", m))
                .collect(),
        )
    })
}

/// The `late_orders` house rule from its word.
pub(crate) fn late_orders(word: &str) -> Result<LateOrders, ApiError> {
    LateOrders::parse(word).map_err(|e| ApiError::bad("late_orders", e))
}

/// `PUT /v1/games/{id}/schedule`: the game master sets the deadline schedule (a phase without
/// a deadline gets one from it, counted from now) and the `late_orders` house rule.
pub fn set_schedule(store: &dyn GameStore, id: &str, headers: &HeaderMap, body: &[u8]) -> Response {
    let r: ScheduleRequest = match inputs::body(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let s = r.deadlines.as_ref().map(schedule).transpose();
    let l = r.late_orders.as_deref().map(late_orders).transpose();
    let (s, l) = match (s, l) {
        (Ok(s), Ok(l)) => (s, l),
        (Err(mut a), Err(b)) => {
            a.errors.extend(b.errors);
            return a.into_response();
        }
        (Err(e), _) | (_, Err(e)) => return e.into_response(),
    };
    change(store, id, headers, |game, role| {
        gm_only(role)?;
        if let Some(s) = s {
            game.set_schedule(s, Some(now()?))?;
        }
        if let Some(l) = l {
            game.late_orders = l;
        }
        Ok(json!({
            "phase": game.phase().name(&game.map).to_string(),
            "deadline": game.deadline.map(diplo_game::time::format_rfc3339),
            "deadline_schedule": game.schedule.entries().into_iter().collect::<BTreeMap<_, _>>(),
            "late_orders": game.late_orders.word(),
        }))
    })
}

/// `Some(value)` for a field given, `null` too (`Some(None)`).
fn given<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// What `PUT /v1/games/{id}/end-rules` reads; what is absent is left as it is.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndRulesRequest {
    /// The last year played; `null`: the map's.
    #[serde(default, deserialize_with = "given")]
    pub last_year: Option<Option<u16>>,
    /// What the end of the last year gives: `draw` or `most-centres`.
    #[serde(default)]
    pub at_last_year: Option<String>,
    /// How many surviving powers a draw needs: `unanimous` or `majority`.
    #[serde(default)]
    pub draw_votes: Option<String>,
    /// A draw of the survivors once no supply centre has changed hands for this many whole
    /// years; `null`: no draw on stalemate.
    #[serde(default, deserialize_with = "given")]
    pub stalemate_years: Option<Option<u16>>,
}

/// The house rule `word` names (`None`: not given); a word that names none is a problem
/// at `field`, listing its `words`.
fn house_rule<T>(
    word: Option<&str>,
    (field, words): (&str, &[&str]),
    parse: fn(&str) -> Option<T>,
    problems: &mut Vec<Problem>,
) -> Option<T> {
    let word = word?;
    let rule = parse(word);
    if rule.is_none() {
        let expected = words.join(", ");
        problems.push(Problem::new(
            field,
            format!("`{word}`: expected {expected}"),
        ));
    }
    rule
}

/// `PUT /v1/games/{id}/end-rules`: the game master sets the house rules for the game's end.
pub fn set_end_rules(
    store: &dyn GameStore,
    id: &str,
    headers: &HeaderMap,
    body: &[u8],
) -> Response {
    let r: EndRulesRequest = match inputs::body(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let mut problems = Vec::new();
    let at = house_rule(
        r.at_last_year.as_deref(),
        ("at_last_year", &AtLastYear::WORDS),
        AtLastYear::parse,
        &mut problems,
    );
    let votes = house_rule(
        r.draw_votes.as_deref(),
        ("draw_votes", &DrawVotes::WORDS),
        DrawVotes::parse,
        &mut problems,
    );
    if !problems.is_empty() {
        return ApiError::bad_all(problems).into_response();
    }
    change(store, id, headers, |game, role| {
        gm_only(role)?;
        let mut rules = game.master.end_rules;
        if let Some(last) = r.last_year {
            rules.last_year = last;
        }
        rules.at_last_year = at.unwrap_or(rules.at_last_year);
        rules.draw_votes = votes.unwrap_or(rules.draw_votes);
        if let Some(years) = r.stalemate_years {
            rules.stalemate_years = years;
        }
        if rules != game.master.end_rules {
            game.set_end_rules(rules)?;
        }
        Ok(json!({
            "last_year": game.last_year(),
            "at_last_year": game.master.end_rules.at_last_year.word(),
            "draw_votes": game.master.end_rules.draw_votes.word(),
            "stalemate_years": game.master.end_rules.stalemate_years,
            "text": game.end_rules_text(),
        }))
    })
}
