//! The JSON words of diplo's reports, shared by every front end (`diplo ... --format json` and
//! `diplo serve`): one adjudication, with what each paradox fallback would give when orders are
//! unresolved; what one viewer may see of a hosted game; a hosted phase just adjudicated; a
//! game's history.

use std::collections::BTreeMap;

use diplo_engine::{adjudicate, Adjudication, Position};
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use diplo_rules::Ruleset;
use serde_json::{json, Value};

use crate::summary::{adjustments_json, centre_changes_json};
use crate::viewer::{View, Viewer};
use crate::{Game, PhaseOutcome};

/// One paradox fallback's answer: its ruleset word, its meaning, the adjudication it gives.
pub type Fallback = (&'static str, &'static str, Adjudication);

/// One adjudication of `orders` in `pos`: the phase, every order's result with its reason, the
/// units dislodged without an order, the dislodged units with their retreat options, the
/// automatic removals and disbands, and the next position.
pub fn adjudication(
    map: &Map,
    (pos, orders): (&Position, &[(PowerId, Order)]),
    adj: &Adjudication,
) -> Value {
    let result = |r: &diplo_engine::OrderResult| {
        let order = &orders[r.index].1;
        json!({
            "power": map.power(r.power).name,
            "order": order.display(map).full().to_string(),
            "result": r.words(),
            "reason": r.reason_text(map, order),
        })
    };
    json!({
        "phase": pos.phase.name(map).to_string(),
        "results": adj.results.iter().map(result).collect::<Vec<_>>(),
        "unordered_dislodged": adj.unordered_dislodged.iter().map(|(u, t)| json!({
            "power": map.power(u.power).name, "unit": u.short(map), "tag": t.word(),
        })).collect::<Vec<_>>(),
        "dislodged": adj.retreats.iter().map(|r| json!({
            "power": map.power(r.dislodged.unit.power).name,
            "unit": r.dislodged.unit.short(map),
            "attacker_from": map.province(r.dislodged.attacker_from).name,
            "by_convoy": r.dislodged.by_convoy,
            "retreat_options": r.options.iter().map(|l| map.location_name(*l)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "automatic": adj.automatic.iter().map(|a| json!({
            "power": map.power(a.unit.power).name, "unit": a.unit.short(map), "reason": a.reason_text(map),
        })).collect::<Vec<_>>(),
        "next": adj.next.to_file(map),
    })
}

/// The document of `diplo adjudicate --format json`: the [`adjudication`], and when orders are
/// unresolved, no next position, why, and what each paradox fallback (from
/// [`fallback_adjudications`]) would give.
pub fn adjudication_document(
    map: &Map,
    rules: &Ruleset,
    given: (&Position, &[(PowerId, Order)]),
    adj: &Adjudication,
    fallbacks: &[Fallback],
) -> Value {
    let mut doc = adjudication(map, given, adj);
    if !adj.unresolved.is_empty() {
        doc["next"] = Value::Null;
        doc["no_next_position"] = no_next_position(rules).into();
        doc["fallbacks"] = fallbacks
            .iter()
            .map(|(word, what, a)| {
                let mut f = adjudication(map, given, a);
                f["paradox_fallback"] = (*word).into();
                f["meaning"] = (*what).into();
                f
            })
            .collect::<Vec<_>>()
            .into();
    }
    doc
}

/// Why an adjudication with unresolved orders has no next position.
pub fn no_next_position(rules: &Ruleset) -> String {
    format!(
        "no next position: the ruleset gives no answer for the convoy paradox (convoy_paradox = \"{}\", paradox_fallback = \"{}\"; DATC 4.A.2), so nothing follows until a fallback is chosen: adjudicate again with `--set paradox_fallback=CHOICE` (as `diplo game adjudicate` asks)",
        rules.choice("convoy_paradox").unwrap_or("?"),
        rules.choice("paradox_fallback").unwrap_or("?")
    )
}

/// The same phase under every other `paradox_fallback` choice that gives an answer.
pub fn fallback_adjudications(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
) -> Vec<Fallback> {
    let Some(issue) = diplo_rules::ISSUES
        .iter()
        .find(|i| i.key == "paradox_fallback")
    else {
        return Vec::new();
    };
    issue
        .choices()
        .into_iter()
        .filter(|(word, _)| Some(*word) != rules.choice("paradox_fallback"))
        .filter_map(|(word, what)| {
            let mut r = rules.clone();
            r.set("paradox_fallback", word).ok()?;
            let a = adjudicate(map, &r, pos, orders);
            a.unresolved.is_empty().then_some((word, what, a))
        })
        .collect()
}

/// What one viewer may see of a hosted game (`diplo game show --format json`).
pub fn view(view: &View<'_>) -> Value {
    let (game, map) = (view.game, &view.game.map);
    let pos = &game.position;
    let who = match view.viewer {
        Viewer::Host => "host".to_string(),
        Viewer::Power(p) => map.power(p).name.clone(),
        Viewer::Public => "public".to_string(),
    };
    json!({
        "map": map.name,
        "ruleset": game.rules.name,
        "overrides": game.overrides,
        "ruleset_label": game.ruleset_label(),
        "view": who,
        "phase": pos.phase.name(map).to_string(),
        "deadline": view.deadline,
        "deadline_schedule": game.schedule.entries().into_iter().collect::<BTreeMap<_, _>>(),
        "late_orders": game.late_orders.word(),
        "ended": game.ended.as_ref().map(|e| e.to_json(map)),
        "position": pos.to_file(map),
        "centre_counts": map.power_ids().map(|p| (map.power(p).name.clone(), pos.centre_count(p))).collect::<BTreeMap<_, _>>(),
        "retreat_options": retreats(game),
        "order_sets": order_sets(view),
        "set_notes": view.visible().flat_map(|p| game.set_status(p).notes).collect::<Vec<_>>(),
        "ignored_orders": ignored(view),
        "powers": view.concerned.iter().map(|&p| (map.power(p).name.clone(), json!({
            "must_order": game.must_order(p),
            "submitted": game.has_submitted(p),
            "ready": game.ready.contains(&p),
        }))).collect::<BTreeMap<_, _>>(),
        "waiting_for": view.waiting,
        "last_centre_changes": view.last_changes.as_ref().map(|s| json!({
            "season": s.season,
            "changes": centre_changes_json(&s.centre_changes),
            "centres_after": s.centres_after,
        })),
        "adjustments_due": adjustments_json(&view.due),
        "agreements": game.agreements_json(view.viewer),
        "in_disorder": map.power_ids().filter(|&p| game.in_disorder(p)).map(|p| map.power(p).name.clone()).collect::<Vec<_>>(),
        "phases_played": game.history.len(),
        "rollbacks": game.undone.len(),
    })
}

/// `retreat_options`: each dislodged unit with where it may retreat.
fn retreats(game: &Game) -> Vec<Value> {
    let map = &game.map;
    game.retreat_options()
        .iter()
        .map(|r| {
            json!({
                "power": map.power(r.dislodged.unit.power).name,
                "unit": r.dislodged.unit.short(map),
                "options": r.options.iter().map(|l| map.location_name(*l)).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// `order_sets`: the order sets the viewer may see, and whether each counts.
fn order_sets(view: &View<'_>) -> Vec<Value> {
    let (game, map) = (view.game, &view.game.map);
    view.visible_order_sets()
        .map(|s| {
            let st = game.set_status(s.power);
            json!({
                "power": map.power(s.power).name, "seq": s.seq,
                "counts": st.counting.contains(&s.seq),
                "late": s.late,
                "orders": s.orders.iter().map(|o| o.display(map).to_string()).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// `ignored_orders`: the counting orders the rules will ignore as illegal.
fn ignored(view: &View<'_>) -> Vec<Value> {
    let (game, map) = (view.game, &view.game.map);
    view.visible()
        .flat_map(|p| {
            let st = game.set_status(p);
            game.illegal_among(p, &st.orders)
                .into_iter()
                .filter_map(move |(i, why)| {
                    st.orders.get(i).map(|o| {
                        json!({
                            "power": map.power(p).name, "order": o.display(map).to_string(), "why": why,
                        })
                    })
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A hosted game's phase just adjudicated (`diplo game adjudicate --format json`): the
/// [`adjudication`] with the powers in civil disorder, the notes, the ruleset, why it was due
/// (`why_due`, with `--if-due`), the phase's summary, the adjustments due, the next phase's
/// deadline (`next_deadline`, from the schedule) and how the game ended.
pub fn phase_adjudicated(game: &Game, outcome: &PhaseOutcome, why_due: Option<&str>) -> Value {
    let map = &game.map;
    let summary = game
        .phase_summary(game.history.len().saturating_sub(1))
        .unwrap_or_default();
    let given = (&outcome.position, &outcome.gathered.orders[..]);
    let mut v = adjudication(map, given, &outcome.adjudication);
    v["civil_disorder"] = json!(outcome
        .gathered
        .civil_disorder
        .iter()
        .map(|p| map.power(*p).name.clone())
        .collect::<Vec<_>>());
    v["notes"] = json!(outcome.gathered.notes);
    v["ruleset"] = game.ruleset_label().into();
    v["due"] = why_due.into();
    v["summary"] = summary.to_json();
    v["adjustments_due"] = adjustments_json(&game.adjustments_due());
    v["next_deadline"] = game.deadline.map(crate::time::format_rfc3339).into();
    v["ended"] = match &outcome.ended {
        Some(e) => e.to_json(map),
        None => Value::Null,
    };
    v
}

/// Every phase played, as the game file keeps it (without the order sets received, kept for a
/// rollback), each with its summary (`diplo game history --format json`).
pub fn history(game: &Game) -> Value {
    game.history
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let mut v = serde_json::to_value(h).unwrap_or(Value::Null);
            if let Value::Object(m) = &mut v {
                // The sets as received (those replaced too) are the game master's, for a
                // rollback; the results and notes say what counted.
                m.remove("received");
                if let Ok(s) = game.phase_summary(i) {
                    m.insert("summary".into(), s.to_json());
                }
            }
            v
        })
        .collect::<Vec<_>>()
        .into()
}
