//! The results of MILA's saved game (`mila::saved_game`) in MILA's codes, on positions where
//! MILA reports more than the DATC's words say. Each expectation was observed on MILA's
//! `diplomacy` package 1.1.2 (PyPI): the same units put on its standard map with
//! `clear_units`/`set_units`, the same orders set phase by phase, and
//! `result_history.last_value()` read after the last `process()`.

use diplo_engine::Position;
use diplo_game::{mila, Game, MapSource};
use diplo_map::Map;
use diplo_rules::Ruleset;
use rstest::rstest;
use serde_json::{json, Value};

/// A game under the `mila` ruleset on the standard map, its home centres owned, with only
/// `units` (MILA's notation by MILA's power names: `{"FRANCE": ["A PIC"]}`) on the board.
fn game_with(units: &Value) -> Game {
    let map = Map::standard();
    let mut file = Position::initial(&map).to_file(&map);
    file.units.clear();
    for (power, list) in units.as_object().unwrap() {
        let name = map
            .power_by_name(power)
            .map(|p| map.power(p).name.clone())
            .unwrap();
        let list = list.as_array().unwrap().iter();
        file.units.insert(
            name,
            list.map(|u| u.as_str().unwrap().to_lowercase()).collect(),
        );
    }
    let text = toml::to_string(&file).unwrap();
    let rules = Ruleset::load("mila").unwrap();
    let source = MapSource::Embedded("standard".into());
    Game::from_position_text(map, source, rules, Vec::new(), (&text, "case.toml")).unwrap()
}

/// Plays `phases` (each: orders by power, in MILA's notation) from `units`; returns the last
/// phase's results in the saved game.
fn results_after(units: Value, phases: &[Value]) -> Value {
    let mut g = game_with(&units);
    // Each phase's codes from its adjudication alone (`phase_codes`), the units a movement
    // phase destroyed handed to the next.
    let (mut alone, mut destroyed) = (Vec::new(), Vec::new());
    for orders in phases {
        for (power, list) in orders.as_object().unwrap() {
            let power = g.map.power_by_name(power).unwrap();
            let lines: Vec<&str> = list
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o.as_str().unwrap())
                .collect();
            g.submit(power, &lines.join("\n"), "test", Default::default())
                .unwrap();
        }
        let given = g.gather_orders().orders;
        let adj = diplo_engine::adjudicate(&g.map, &g.rules, &g.position, &given);
        (alone, destroyed) = mila::phase_codes(&g.map, &g.position, &given, &adj, &destroyed);
        g.adjudicate(&[]).unwrap();
    }
    let saved = mila::saved_game(&g).unwrap();
    let results = saved["phases"][phases.len() - 1]["results"].clone();
    // The last phase's alone, worked out without the whole game, are the same.
    let last: serde_json::Map<String, Value> = (mila::last_results(&g, &[]).unwrap())
        .into_iter()
        .map(|(key, codes)| (key, json!(codes)))
        .collect();
    assert_eq!(Value::Object(last), results, "last_results");
    let alone: serde_json::Map<String, Value> = (alone.into_iter())
        .map(|(key, codes)| (key, json!(codes)))
        .collect();
    assert_eq!(Value::Object(alone), results, "phase_codes");
    results
}

#[rstest]
#[case::no_convoy_for_a_convoyed_move(
    json!({"ENGLAND": ["A YOR", "F NTH"], "RUSSIA": ["F SKA"]}),
    vec![json!({"ENGLAND": ["A YOR - NWY VIA", "F NTH H"], "RUSSIA": ["F SKA S A YOR - NWY"]})],
    json!({"A YOR": ["no convoy"], "F NTH": [], "F SKA": ["void"]}),
)]
#[case::a_support_of_a_convoyed_move_no_fleet_was_ordered_to_carry_is_void(
    json!({"ENGLAND": ["A YOR", "F NTH"], "RUSSIA": ["F SKA"]}),
    vec![json!({"ENGLAND": ["A YOR - NWY VIA", "F NTH C A YOR - HOL"],
                "RUSSIA": ["F SKA S A YOR - NWY"]})],
    json!({"A YOR": ["no convoy"], "F NTH": ["void"], "F SKA": ["void"]}),
)]
#[case::a_support_of_a_dislodged_army_no_fleet_was_ordered_to_carry_is_void(
    json!({"ENGLAND": ["A YOR", "F NTH"], "RUSSIA": ["F SKA"], "GERMANY": ["A LVP", "A EDI"]}),
    vec![json!({"ENGLAND": ["A YOR - NWY VIA", "F NTH C A YOR - HOL"],
                "RUSSIA": ["F SKA S A YOR - NWY"],
                "GERMANY": ["A LVP - YOR", "A EDI S A LVP - YOR"]})],
    json!({"A YOR": ["no convoy", "dislodged"], "F NTH": ["void"], "A LVP": [], "A EDI": [],
           "F SKA": ["void"]}),
)]
#[case::a_support_of_a_convoyed_move_whose_convoy_is_dislodged_fails_with_no_convoy(
    json!({"ENGLAND": ["A YOR", "F NTH"], "RUSSIA": ["F SKA"], "GERMANY": ["F HEL", "F DEN"]}),
    vec![json!({"ENGLAND": ["A YOR - NWY VIA", "F NTH C A YOR - NWY"],
                "RUSSIA": ["F SKA S A YOR - NWY"],
                "GERMANY": ["F HEL - NTH", "F DEN S F HEL - NTH"]})],
    json!({"A YOR": ["no convoy"], "F NTH": ["dislodged"], "F HEL": [], "F DEN": [],
           "F SKA": ["no convoy"]}),
)]
#[case::a_convoy_the_army_does_not_take(
    json!({"ENGLAND": ["A YOR"], "GERMANY": ["F NTH"]}),
    vec![json!({"ENGLAND": ["A YOR - LON"], "GERMANY": ["F NTH C A YOR - LON"]})],
    json!({"A YOR": [], "F NTH": ["no convoy", "void"]}),
)]
#[case::a_convoy_off_the_route_of_the_fleets_convoying(
    json!({"ENGLAND": ["A LON", "F NTH", "F ENG", "F IRI", "F NAO", "F NWG"]}),
    vec![json!({"ENGLAND": ["A LON - NWY VIA", "F NTH C A LON - NWY", "F IRI C A LON - NWY",
                            "F NAO H", "F NWG H", "F ENG H"]})],
    json!({"A LON": [], "F ENG": [], "F IRI": ["no convoy", "void"], "F NAO": [], "F NTH": [],
           "F NWG": []}),
)]
#[case::a_support_to_dislodge_ones_own_unit(
    json!({"FRANCE": ["A BUR", "A MAR"], "GERMANY": ["A MUN"]}),
    vec![json!({"FRANCE": ["A BUR H", "A MAR S A MUN - BUR"], "GERMANY": ["A MUN - BUR"]})],
    json!({"A BUR": [], "A MAR": ["void"], "A MUN": ["bounce"]}),
)]
#[case::a_support_of_a_move_into_ones_own_unit(
    json!({"ENGLAND": ["A WAL", "A LON", "A YOR"], "FRANCE": ["F ENG"]}),
    vec![json!({"ENGLAND": ["A WAL - LON", "A LON H", "A YOR S A WAL - LON"], "FRANCE": ["F ENG H"]})],
    json!({"A LON": [], "A WAL": ["bounce"], "A YOR": ["void"], "F ENG": []}),
)]
#[case::a_support_of_a_move_by_convoy_into_ones_own_unit_is_not_void(
    json!({"ENGLAND": ["A WAL", "A LON", "A YOR"], "FRANCE": ["F ENG"]}),
    vec![json!({"ENGLAND": ["A WAL - LON VIA", "A LON H", "A YOR S A WAL - LON"],
                "FRANCE": ["F ENG C A WAL - LON"]})],
    json!({"A LON": [], "A WAL": ["bounce"], "A YOR": [], "F ENG": []}),
)]
#[case::a_support_of_a_move_by_convoy_with_no_route_into_ones_own_unit_is_void(
    json!({"TURKEY": ["A ANK", "F ARM", "A SYR"], "RUSSIA": ["F BLA"]}),
    vec![json!({"TURKEY": ["A ANK - ARM VIA", "F ARM - ANK", "A SYR S A ANK - ARM"],
                "RUSSIA": ["F BLA C A ANK - BUL"]})],
    json!({"A ANK": ["bounce"], "A SYR": ["void"], "F ARM": ["bounce"], "F BLA": ["void"]}),
)]
#[case::every_unit_a_key_and_a_dislodged_one(
    json!({"FRANCE": ["A BUR"],
           "GERMANY": ["A MUN", "A RUH", "A BEL", "A PIC", "A PAR", "A GAS", "A MAR"]}),
    vec![json!({"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]})],
    json!({"A BEL": [], "A BUR": ["dislodged"], "A GAS": [], "A MAR": [], "A MUN": [],
           "A PAR": [], "A PIC": [], "A RUH": []}),
)]
#[case::a_bounce_and_a_support_not_cut_from_where_it_supports(
    json!({"FRANCE": ["A PAR", "A MAR", "A PIC"], "GERMANY": ["A MUN", "A BUR"]}),
    vec![json!({"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "A PIC - BEL"],
                "GERMANY": ["A MUN - BUR", "A BUR - MAR"]})],
    json!({"A BUR": ["bounce", "dislodged"], "A MAR": [], "A MUN": ["bounce"], "A PAR": [],
           "A PIC": []}),
)]
#[case::retreats_that_bounce(
    json!({"FRANCE": ["A BUR", "A PIC"], "GERMANY": ["A MUN", "A RUH", "A BEL"], "ENGLAND": ["F ENG"]}),
    vec![json!({"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR", "A BEL - PIC"],
                "ENGLAND": ["F ENG S A BEL - PIC"]}),
         json!({"FRANCE": ["A BUR R PAR", "A PIC R PAR"]})],
    json!({"A BUR": ["bounce", "disband"], "A PIC": ["bounce", "disband"]}),
)]
#[case::a_retreat_and_a_disband(
    json!({"FRANCE": ["A BUR", "A PIC"], "GERMANY": ["A MUN", "A RUH", "A BEL"], "ENGLAND": ["F ENG"]}),
    vec![json!({"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR", "A BEL - PIC"],
                "ENGLAND": ["F ENG S A BEL - PIC"]}),
         json!({"FRANCE": ["A BUR R GAS", "A PIC D"]})],
    json!({"A BUR": [], "A PIC": ["disband"]}),
)]
#[case::a_unit_destroyed_is_disbanded_at_the_retreats(
    json!({"FRANCE": ["A BUR", "A BEL"], "GERMANY": ["A MUN", "A RUH", "A KIE", "A HOL"],
           "ENGLAND": ["A PIC"]}),
    vec![json!({"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR", "A KIE - RUH", "A HOL - BEL"],
                "ENGLAND": ["A PIC S A HOL - BEL"]}),
         json!({"FRANCE": ["A BUR R MAR"]})],
    json!({"A BEL": ["disband"], "A BUR": []}),
)]
#[case::a_unit_destroyed_in_the_fall_is_disbanded_at_the_adjustments(
    json!({"FRANCE": ["A BEL"], "GERMANY": ["A HOL", "A RUH", "A BUR"], "ENGLAND": ["A PIC"]}),
    vec![json!({}), json!({"GERMANY": ["A HOL - BEL", "A RUH S A HOL - BEL"]}), json!({})],
    json!({"A BEL": ["disband"]}),
)]
#[case::a_unit_destroyed_in_the_spring_is_not_reported_after(
    json!({"FRANCE": ["A BEL"], "GERMANY": ["A HOL", "A RUH", "A BUR"], "ENGLAND": ["A PIC"]}),
    vec![json!({"GERMANY": ["A HOL - BEL", "A RUH S A HOL - BEL"]}), json!({})],
    json!({"A BEL": [], "A BUR": [], "A PIC": [], "A RUH": []}),
)]
#[case::builds_made(
    json!({"FRANCE": ["A PIC"]}),
    vec![json!({}), json!({}), json!({"FRANCE": ["A PAR B", "F BRE B"]})],
    json!({"A PAR": [""], "F BRE": [""]}),
)]
#[case::a_waive(
    json!({"FRANCE": ["A PIC", "A BUR"]}),
    vec![json!({}), json!({}), json!({"FRANCE": ["WAIVE"]})],
    json!({"WAIVE": ["void"]}),
)]
#[case::a_removal_made(
    json!({"FRANCE": ["A PIC", "A BUR", "A GAS", "A RUH"]}),
    vec![json!({}), json!({}), json!({"FRANCE": ["A RUH D"]})],
    json!({"A RUH": [""]}),
)]
#[case::a_removal_in_civil_disorder(
    json!({"FRANCE": ["A PIC", "A BUR", "A GAS", "A RUH"]}),
    vec![json!({}), json!({}), json!({})],
    json!({"A RUH": [""]}),
)]
fn results_are_milas_codes(#[case] units: Value, #[case] phases: Vec<Value>, #[case] want: Value) {
    assert_eq!(results_after(units, &phases), want);
}
