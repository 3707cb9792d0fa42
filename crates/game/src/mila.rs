//! The MILA `diplomacy` package's saved-game JSON (`to_saved_game_format`), written from a
//! hosted game: one entry per phase with its state (units, dislodged units marked `*`, centres,
//! home centres, retreat options, builds), the orders each power gave in MILA's notation, and
//! each unit's results in MILA's words. Reading the format back is `diplo_replay::mila`.
//!
//! MILA's result words are coarser than the DATC's: a move or support that fails is `bounce`
//! (a cut support `cut`), an illegal or invalid order `void`, a dislodged unit also
//! `dislodged`; an order that succeeds has no word.

use diplo_engine::{Phase, PhaseKind, Position};
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use serde_json::{json, Map as JsonMap, Value};

use crate::possible::location_key;
use crate::Game;

/// MILA's short phase name: `S1901M`, `F1901R`, `W1901A` (the first letter of the season's
/// name, of the adjustment phase's for adjustments).
pub fn short_phase(map: &Map, phase: Phase) -> String {
    let season = phase.season_name(map).chars().next().unwrap_or('?');
    let kind = match phase.kind {
        PhaseKind::Movement => 'M',
        PhaseKind::Retreat => 'R',
        PhaseKind::Adjustment => 'A',
    };
    format!("{}{}{}", season.to_ascii_uppercase(), phase.year, kind)
}

fn power_key(map: &Map, p: PowerId) -> String {
    map.power(p).name.to_uppercase()
}

/// The state of a position in MILA's shape.
pub fn state(map: &Map, pos: &Position) -> Value {
    let mut units = JsonMap::new();
    let mut centers = JsonMap::new();
    let mut homes = JsonMap::new();
    let mut retreats = JsonMap::new();
    let mut builds = JsonMap::new();
    for p in map.power_ids() {
        let mut list: Vec<String> = pos
            .units
            .iter()
            .filter(|u| u.power == p)
            .map(|u| format!("{} {}", u.kind.letter(), location_key(map, u.location)))
            .collect();
        let mut options = JsonMap::new();
        for d in pos.dislodged.iter().filter(|d| d.unit.power == p) {
            let u = d.unit;
            list.push(format!(
                "*{} {}",
                u.kind.letter(),
                location_key(map, u.location)
            ));
            options.insert(
                format!("{} {}", u.kind.letter(), location_key(map, u.location)),
                json!([]),
            );
        }
        let owned: Vec<String> = map
            .province_ids()
            .filter(|c| pos.owners[c.index()] == Some(p))
            .map(|c| map.province(c).name.to_uppercase())
            .collect();
        let home: Vec<String> = map
            .home_centres(p)
            .iter()
            .map(|&c| map.province(c).name.to_uppercase())
            .collect();
        let count = pos.counted_centres(map, p) as i64 - pos.unit_count(p) as i64;
        let key = power_key(map, p);
        units.insert(key.clone(), json!(list));
        centers.insert(key.clone(), json!(owned));
        homes.insert(key.clone(), json!(home));
        retreats.insert(key.clone(), Value::Object(options));
        builds.insert(key, json!({ "count": count, "homes": [] }));
    }
    json!({
        "name": short_phase(map, pos.phase),
        "units": units,
        "centers": centers,
        "homes": homes,
        "retreats": retreats,
        "builds": builds,
        "influence": {},
        "civil_disorder": {},
    })
}

/// An order in MILA's notation (upper case): `A PAR - BUR`, `A PAR S A MAR - BUR`, `WAIVE`.
fn mila_order(map: &Map, order: &Order) -> String {
    let text = order.display(map).to_string();
    match order {
        Order::Build { .. } => {
            // diplo writes `B A par`; MILA `A PAR B`.
            let rest = text.trim_start_matches("B ").to_uppercase();
            format!("{rest} B")
        }
        Order::Move { .. } => text.replace(" via convoy", " VIA").to_uppercase(),
        _ => text.to_uppercase(),
    }
}

/// MILA's result words for the DATC's.
fn mila_results(words: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    for w in words.split(", ") {
        match w {
            "fails" | "bounces" => out.push("bounce"),
            "cut" => out.push("cut"),
            "illegal" | "invalid" => out.push("void"),
            "dislodged" => out.push("dislodged"),
            "destroyed" => out.push("disband"),
            _ => {}
        }
    }
    out
}

/// The whole game in MILA's saved-game format.
pub fn saved_game(game: &Game) -> Result<Value, String> {
    let map = &game.map;
    let played = game.played_phases()?;
    let mut phases = Vec::new();
    for (i, (pos, orders)) in played.iter().enumerate() {
        let mut by_power: JsonMap<String, Value> = map
            .power_ids()
            .map(|p| (power_key(map, p), json!([])))
            .collect();
        let mut results = JsonMap::new();
        let record = game.history.get(i);
        for (k, order) in orders.iter().enumerate() {
            let r = record.and_then(|h| h.results.get(k));
            let power = r.and_then(|r| map.power_by_name(&r.power)).or_else(|| {
                order
                    .unit()
                    .and_then(|u| pos.unit_in(u.place.province))
                    .map(|u| u.power)
            });
            let text = mila_order(map, order);
            if let Some(p) = power {
                if let Some(Value::Array(list)) = by_power.get_mut(&power_key(map, p)) {
                    list.push(json!(text));
                }
            }
            if let (Some(r), true) = (r, order.unit().is_some()) {
                // MILA keys results by the unit: `A PAR`, the order's first two words.
                let unit = text
                    .split_whitespace()
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" ");
                results.insert(unit, json!(mila_results(&r.result)));
            }
        }
        phases.push(json!({
            "name": short_phase(map, pos.phase),
            "state": state(map, pos),
            "orders": by_power,
            "results": results,
            "messages": [],
        }));
    }
    Ok(json!({
        "id": format!("diplo-{}", map.name),
        "map": map.name,
        "rules": [],
        "ruleset": game.rules.name,
        "phases": phases,
    }))
}

/// The saved-game format of the Cicero data release (`docs/game_json_spec.md` of
/// facebookresearch/diplomacy_cicero): MILA's, with a version, press and scoring fields, and
/// messages keyed by time.
pub fn cicero_game(game: &Game) -> Result<Value, String> {
    let mut saved = saved_game(game)?;
    saved["version"] = json!("1.0");
    saved["is_full_press"] = json!(false);
    saved["scoring_system"] = json!("sum_of_squares");
    saved["metadata"] = json!({ "exported_by": "diplo", "ruleset": game.rules.name });
    if let Some(phases) = saved["phases"].as_array_mut() {
        for p in phases {
            p["messages"] = json!({});
        }
    }
    Ok(saved)
}

/// A hosted game from a MILA (or Cicero) saved game: a new game on `map` whose recorded orders
/// are adjudicated again, phase by phase, under `rules`, so that it ends where diplo's rules take
/// it. A winter one side holds and the other skips is passed over (nobody orders in it); a
/// recorded phase that does not come next is an error naming both phases. `map` must be the
/// saved game's (the caller loads it from the document's `map`).
pub fn from_saved_game(
    doc: &Value,
    map: impl Into<std::sync::Arc<Map>>,
    source: crate::MapSource,
    rules: diplo_rules::Ruleset,
) -> Result<Game, String> {
    let mut game = Game::new(map, source, rules, Vec::new());
    let phases: Vec<&Value> = doc["phases"]
        .as_array()
        .ok_or("expected a saved game with a `phases` list")?
        .iter()
        .filter(|p| {
            !p["name"]
                .as_str()
                .unwrap_or("")
                .eq_ignore_ascii_case("COMPLETED")
        })
        .collect();
    for (i, phase) in phases.iter().enumerate() {
        let name = phase["name"].as_str().unwrap_or("");
        let mut now = short_phase(&game.map, game.position.phase);
        if name != now && now.ends_with('A') {
            // A winter diplo holds and the record skipped: nobody orders in it.
            game.adjudicate(&[]).map_err(|e| e.to_string())?;
            now = short_phase(&game.map, game.position.phase);
        }
        if name != now {
            if name.ends_with('A') {
                continue; // a winter the record holds and diplo skips
            }
            return Err(format!(
                "phase `{name}` comes where diplo's rules reach `{now}`"
            ));
        }
        submit_recorded(&mut game, phase, name)?;
        if i + 1 < phases.len() && game.ended.is_none() {
            game.adjudicate(&[]).map_err(|e| e.to_string())?;
        }
    }
    Ok(game)
}

/// A recorded phase's orders, each power's as one order set.
fn submit_recorded(game: &mut Game, phase: &Value, name: &str) -> Result<(), String> {
    for (power, orders) in phase["orders"].as_object().into_iter().flatten() {
        let lines: Vec<&str> = orders
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        if lines.is_empty() {
            continue;
        }
        let p = game
            .map
            .power_by_name(power)
            .ok_or_else(|| format!("phase `{name}`: unknown power `{power}`"))?;
        let opts = crate::SubmitOptions {
            intent: diplo_rules::policies::SetIntent::Replaces,
            ..Default::default()
        };
        game.submit(p, &lines.join("\n"), name, opts)
            .map_err(|e| format!("phase `{name}`: {e}"))?;
    }
    Ok(())
}
