//! The saved-game exports written straight into text (`mila::saved_game_json`,
//! `mila::cicero_game_json`, `mila::write_json`) say byte for byte what the `serde_json::Value`
//! tree of earlier versions said, on played games of every embedded map: the reference below is
//! that implementation, kept here, reading each record's position and orders back from their
//! texts.

use std::collections::BTreeMap;

use diplo_engine::{PhaseKind, Position};
use diplo_game::file::PhaseRecordFile;
use diplo_game::mila::{self, short_phase, Flavour};
use diplo_game::possible::{location_key, possible};
use diplo_game::{Game, MapSource, PhaseOutcome};
use diplo_map::{Map, PowerId, ProvinceId};
use diplo_orders::Order;
use diplo_rules::Ruleset;
use serde_json::{json, Map as JsonMap, Value};

/// A game on the embedded map `name` played for `phases` phases by bots picking among the
/// possible orders.
pub(crate) fn played(name: &str, phases: usize, seed: u64) -> Game {
    play(name, phases, seed, usize::MAX).0
}

/// [`played`], with the phases after the first `recorded` adjudicated and not recorded
/// (`Game::adjudicate_unrecorded`): the game and those phases' outcomes.
fn play(name: &str, phases: usize, seed: u64, recorded: usize) -> (Game, Vec<PhaseOutcome>) {
    let map = Map::embedded(name).map(|m| m.unwrap()).unwrap();
    let mut g = Game::new(
        map,
        MapSource::Embedded(name.into()),
        Ruleset::datc(),
        Vec::new(),
    );
    let mut rng = crate::Rng::new(seed);
    let mut pending = Vec::new();
    for i in 0..phases {
        if g.ended.is_some() {
            break;
        }
        let mut by_power: BTreeMap<PowerId, Vec<Order>> = BTreeMap::new();
        for at in possible(&g.map, &g.rules, &g.position) {
            let pick = at.orders[rng.below(at.orders.len())].to_order();
            by_power.entry(at.power).or_default().push(pick);
        }
        for (power, orders) in by_power {
            g.submit_orders(power, orders, "bot", Default::default())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        if i < recorded {
            g.adjudicate(&[]).unwrap_or_else(|e| panic!("{name}: {e}"));
        } else {
            let outcome = (g.adjudicate_unrecorded(&[], pending.len()))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            pending.push(outcome);
        }
    }
    (g, pending)
}

/// The reference: a record's position and orders read back from its texts.
fn from_texts(map: &Map, h: &PhaseRecordFile) -> (Position, Vec<Order>) {
    let text = toml::to_string(&h.position).unwrap();
    let pos = Position::from_toml_str(map, &text, &h.phase).unwrap();
    let orders = (h.results.iter())
        .map(|r| diplo_orders::parse_order(map, &r.order).unwrap().1)
        .collect();
    (pos, orders)
}

fn power_key(map: &Map, p: PowerId) -> String {
    map.power(p).name.to_uppercase()
}

/// The reference's state of a position, with `influence` (per power, MILA's: the provinces its
/// units stood in last).
fn state(map: &Map, rules: &Ruleset, pos: &Position, influence: &[Vec<ProvinceId>]) -> Value {
    let (mut units, mut centers, mut homes) = (JsonMap::new(), JsonMap::new(), JsonMap::new());
    let (mut retreats, mut builds) = (JsonMap::new(), JsonMap::new());
    let (mut influences, mut disorder) = (JsonMap::new(), JsonMap::new());
    for p in map.power_ids() {
        let unit = |u: &diplo_engine::Unit| {
            format!("{} {}", u.kind.letter(), location_key(map, u.location))
        };
        let mut list: Vec<String> = (pos.units.iter().filter(|u| u.power == p))
            .map(unit)
            .collect();
        let mut options = JsonMap::new();
        for d in pos.dislodged.iter().filter(|d| d.unit.power == p) {
            list.push(format!("*{}", unit(&d.unit)));
        }
        for r in diplo_engine::pending_retreat_options(map, rules, pos).iter() {
            if r.dislodged.unit.power == p {
                let places: Vec<String> = r.options.iter().map(|&l| location_key(map, l)).collect();
                options.insert(unit(&r.dislodged.unit), json!(places));
            }
        }
        let owned: Vec<String> = (map.province_ids())
            .filter(|c| pos.owners[c.index()] == Some(p))
            .map(|c| map.province(c).name.to_uppercase())
            .collect();
        let home: Vec<String> = (map.home_centres(p).iter())
            .map(|&c| map.province(c).name.to_uppercase())
            .collect();
        // MILA's: a count in an adjustment phase only, no more than the places to build in.
        let mut count = pos.counted_centres(map, p) as i64 - pos.unit_count(p) as i64;
        let mut sites = Vec::new();
        if pos.phase.kind != PhaseKind::Adjustment {
            count = 0;
        } else if count > 0 {
            sites = diplo_engine::build_sites(map, rules, pos, p);
            count = count.min(sites.len() as i64);
        }
        let sites: Vec<String> = sites
            .iter()
            .map(|&c| map.province(c).name.to_uppercase())
            .collect();
        let influenced: Vec<String> = (influence[p.index()].iter())
            .map(|&c| map.province(c).name.to_uppercase())
            .collect();
        let key = power_key(map, p);
        influences.insert(key.clone(), json!(influenced));
        disorder.insert(key.clone(), json!(0));
        units.insert(key.clone(), json!(list));
        centers.insert(key.clone(), json!(owned));
        homes.insert(key.clone(), json!(home));
        retreats.insert(key.clone(), Value::Object(options));
        builds.insert(key, json!({ "count": count, "homes": sites }));
    }
    json!({
        "name": short_phase(map, pos.phase), "units": units, "centers": centers,
        "homes": homes, "retreats": retreats, "builds": builds,
        "influence": influences, "civil_disorder": disorder, "note": "",
    })
}

/// The reference's MILA order text.
fn mila_order(map: &Map, order: &Order) -> String {
    let text = order.display(map).to_string();
    match order {
        Order::Build { .. } => format!("{} B", text.trim_start_matches("B ").to_uppercase()),
        Order::Move { .. } => text.replace(" via convoy", " VIA").to_uppercase(),
        _ => text.to_uppercase(),
    }
}

/// The reference saved game, with `results` as each phase's results (MILA's codes are
/// checked by `mila/codes.rs`'s tests and, against MILA's rules as `diplo.mila` applies them, by
/// the Python package's tests; see [`results_cover_every_unit`]).
fn reference(game: &Game, cicero: bool, results: &[Value]) -> Value {
    let map = &game.map;
    let mut played: Vec<(Position, Vec<Order>)> =
        game.history.iter().map(|h| from_texts(map, h)).collect();
    played.push((game.position.clone(), Vec::new()));
    let mut phases = Vec::new();
    // MILA's influence: at first where each power's units stand, then each province a unit
    // moves or retreats into is its power's alone (the powers in their names' order).
    let mut influence: Vec<Vec<ProvinceId>> = (map.power_ids())
        .map(|p| {
            (played[0].0.units.iter().filter(|u| u.power == p))
                .map(|u| u.location.province)
                .collect()
        })
        .collect();
    let mut by_name: Vec<PowerId> = map.power_ids().collect();
    by_name.sort_by_key(|&p| power_key(map, p));
    for (i, (pos, orders)) in played.iter().enumerate() {
        let mut state = state(map, &game.rules, pos, &influence);
        if !cicero {
            // MILA's saved game tells each phase's state its game, map and rules.
            state["game_id"] = json!(format!("diplo-{}", map.name));
            state["map"] = json!(map.name);
            state["rules"] = json!([]);
        }
        if let Some(h) = game.history.get(i) {
            for &p in &by_name {
                for (order, r) in orders.iter().zip(&h.results) {
                    let to = match order {
                        Order::Move { to, .. } | Order::Retreat { to, .. } => to.province,
                        _ => continue,
                    };
                    if map.power_by_name(&r.power) == Some(p) && r.result == "succeeds" {
                        influence.iter_mut().for_each(|l| l.retain(|&c| c != to));
                        influence[p.index()].push(to);
                    }
                }
            }
        }
        let mut by_power: JsonMap<String, Value> = (map.power_ids())
            .map(|p| (power_key(map, p), json!([])))
            .collect();
        let record = game.history.get(i);
        for (k, order) in orders.iter().enumerate() {
            let r = record.and_then(|h| h.results.get(k));
            let power = r.and_then(|r| map.power_by_name(&r.power)).or_else(|| {
                (order.unit())
                    .and_then(|u| pos.unit_in(u.place.province))
                    .map(|u| u.power)
            });
            let text = mila_order(map, order);
            if let Some(p) = power {
                if let Some(Value::Array(list)) = by_power.get_mut(&power_key(map, p)) {
                    list.push(json!(text));
                }
            }
        }
        if !cicero && i == game.history.len() {
            // The phase under way: MILA writes `null` for a power that set no orders.
            by_power.values_mut().for_each(|v| *v = Value::Null);
        }
        let messages = if cicero { json!({}) } else { json!([]) };
        phases.push(json!({
            "name": short_phase(map, pos.phase), "state": state,
            "orders": by_power, "results": results[i], "messages": messages,
        }));
    }
    let mut saved = json!({
        "id": format!("diplo-{}", map.name), "map": map.name, "rules": [],
        "ruleset": game.rules.name, "phases": phases,
    });
    if cicero {
        saved["version"] = json!("1.0");
        saved["is_full_press"] = json!(false);
        saved["scoring_system"] = json!("sum_of_squares");
        saved["metadata"] = json!({ "exported_by": "diplo", "ruleset": game.rules.name });
    }
    saved
}

/// Each phase's results in MILA's saved game of `game`, checked to have every unit of the
/// phase (every dislodged unit in a retreat phase) a key, and only MILA's codes.
fn results_cover_every_unit(game: &Game, what: &str) -> Vec<Value> {
    let map = &game.map;
    let saved = mila::saved_game(game).unwrap();
    let phases = saved["phases"].as_array().unwrap();
    let codes = [
        "",
        "bounce",
        "cut",
        "void",
        "no convoy",
        "disrupted",
        "dislodged",
        "disband",
    ];
    for (i, phase) in phases.iter().enumerate().take(game.history.len()) {
        let results = phase["results"].as_object().unwrap();
        let pos = from_texts(map, &game.history[i]).0;
        let units: Vec<&diplo_engine::Unit> = match pos.phase.kind {
            PhaseKind::Movement => pos.units.iter().collect(),
            PhaseKind::Retreat => pos.dislodged.iter().map(|d| &d.unit).collect(),
            PhaseKind::Adjustment => Vec::new(),
        };
        for u in units {
            let key = u.short(map).to_uppercase();
            assert!(
                results.contains_key(&key),
                "{what}, {}: no result for {key}",
                phase["name"]
            );
        }
        for (key, list) in results {
            for code in list.as_array().unwrap() {
                let code = code.as_str().unwrap();
                assert!(
                    codes.contains(&code),
                    "{what}, {}: {key}: `{code}`",
                    phase["name"]
                );
            }
        }
    }
    phases.iter().map(|p| p["results"].clone()).collect()
}

/// Every export of `game` is the reference's text; returns each phase's results.
fn same_as_reference(game: &Game, what: &str) -> Vec<Value> {
    let results = results_cover_every_unit(game, what);
    let mila_ref = reference(game, false, &results);
    let cicero_ref = reference(game, true, &results);
    assert_eq!(
        mila::saved_game_json(game).unwrap(),
        mila_ref.to_string(),
        "{what}: MILA"
    );
    assert_eq!(
        mila::saved_game(game).unwrap(),
        mila_ref,
        "{what}: MILA value"
    );
    assert_eq!(
        mila::cicero_game_json(game).unwrap(),
        cicero_ref.to_string(),
        "{what}: Cicero"
    );
    assert_eq!(
        mila::cicero_game(game).unwrap(),
        cicero_ref,
        "{what}: Cicero value"
    );
    // The hosting rules left out, as MILA's saved game does; the others in every state too.
    let rules = ["SOLITAIRE", "NO_PRESS", "IGNORE_ERRORS", "POWER_CHOICE"].map(String::from);
    let kept = json!(["NO_PRESS", "POWER_CHOICE"]);
    let mut with_rules = mila_ref.clone();
    with_rules["rules"] = kept.clone();
    for phase in with_rules["phases"].as_array_mut().unwrap() {
        phase["state"]["rules"] = kept.clone();
    }
    assert_eq!(
        mila::write_json(game, Flavour::Mila, &rules).unwrap(),
        with_rules.to_string(),
        "{what}: MILA with rules"
    );
    results
}

/// On every embedded map, a played game's exports are the reference's: as played, read back
/// from its game file, and with its records' known phases forgotten (read from their texts),
/// with the same results each way.
#[test]
fn saved_game_exports_are_the_reference_text_on_every_map() {
    let mut retreats = 0;
    for &(name, _) in diplo_map::EMBEDDED_MAPS {
        let game = played(name, 14, 99);
        assert!(
            game.history.len() >= 5,
            "{name}: {} phases",
            game.history.len()
        );
        retreats += (game.history.iter())
            .filter(|h| h.position.phase.contains("Retreat"))
            .count();
        let results = same_as_reference(&game, &format!("{name}, as played"));
        let back = Game::from_toml_str(&game.to_toml(), "game.toml").unwrap();
        let back_results = same_as_reference(&back, &format!("{name}, read back"));
        assert_eq!(back_results, results, "{name}: results read back");
        let mut forgotten = game.clone();
        for h in &mut forgotten.history {
            h.known = Default::default();
        }
        let forgotten_results = same_as_reference(&forgotten, &format!("{name}, from the texts"));
        assert_eq!(forgotten_results, results, "{name}: results from the texts");
    }
    assert!(retreats > 0, "no game had a retreat phase");
}

/// Phases adjudicated and not yet recorded are written as their records would be: into text
/// and into a value, in both flavours.
#[test]
fn phases_not_yet_recorded_are_written_as_recorded_ones() {
    for name in ["standard", "ancmed"] {
        let (game, pending) = play(name, 16, 7, 5);
        assert!(pending.len() >= 10, "{name}: {} pending", pending.len());
        let mut recorded = game.clone();
        for outcome in &pending {
            recorded.record_phase(outcome);
        }
        let rules = vec!["NO_PRESS".to_string()];
        for flavour in [Flavour::Mila, Flavour::Cicero] {
            let mut text = mila::TextSink::default();
            mila::write_into(&game, &pending, flavour, &rules, &mut text).unwrap();
            let expected = mila::write_json(&recorded, flavour, &rules).unwrap();
            assert_eq!(text.out, expected, "{name} {flavour:?}: text");
            let mut value = mila::ValueSink::default();
            mila::write_into(&game, &pending, flavour, &rules, &mut value).unwrap();
            let expected: Value = serde_json::from_str(&expected).unwrap();
            assert_eq!(value.into_value(), expected, "{name} {flavour:?}: value");
        }
    }
}

/// `mila::last_results` is the last adjudicated phase's `results` in the whole saved game,
/// after every phase of games on several maps, their phases recorded or not yet recorded.
#[test]
fn the_last_results_are_the_saved_games() {
    for name in ["standard", "ancmed", "modern"] {
        for recorded in [0, 3, usize::MAX] {
            for phases in 0..14 {
                let (game, pending) = play(name, phases, 11, recorded);
                let mut whole = mila::ValueSink::default();
                mila::write_into(&game, &pending, Flavour::Mila, &[], &mut whole).unwrap();
                let whole = whole.into_value();
                let all = whole["phases"].as_array().unwrap();
                let want = match all.len() {
                    0 | 1 => json!({}),
                    n => all[n - 2]["results"].clone(),
                };
                let got: JsonMap<String, Value> = (mila::last_results(&game, &pending).unwrap())
                    .into_iter()
                    .map(|(key, codes)| (key, json!(codes)))
                    .collect();
                assert_eq!(
                    Value::Object(got),
                    want,
                    "{name}, {phases} phases, {recorded} recorded"
                );
            }
        }
    }
}
