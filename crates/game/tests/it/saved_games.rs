//! Saved games of other engines read into hosted games (`mila::import_saved_game`): MILA's,
//! Cicero's and dipcc's conventions, and records that diplo's rules take elsewhere.

use diplo_game::mila::{self, Imported};
use diplo_game::MapSource;
use diplo_map::Map;
use diplo_rules::Ruleset;
use serde_json::{json, Value};

fn import(doc: &Value, ruleset: &str) -> Result<Imported, String> {
    let rules = Ruleset::load(ruleset).unwrap();
    let source = MapSource::Embedded("standard".into());
    mila::import_saved_game(doc, Map::standard(), source, rules)
}

/// The units of `power` in MILA's notation (`F ANK`), sorted.
fn units(i: &Imported, power: &str) -> Vec<String> {
    let state = mila::state(&i.game.map, &i.game.position);
    let mut units: Vec<String> = serde_json::from_value(state["units"][power].clone()).unwrap();
    units.sort();
    units
}

fn phase(name: &str, orders: Value) -> Value {
    json!({"name": name, "orders": orders, "results": {}, "messages": []})
}

/// A game as dipcc (Cicero's engine) records it: in Fall 1901 Russia's fleet in Sevastopol is
/// dislodged with nowhere to go (the Black Sea and Rumania held, Armenia the attacker's), and
/// dipcc keeps a retreat phase `F1901R` for it, with `retreat` as Russia's orders.
fn dipcc_game(retreat: Value) -> Value {
    json!({"id": "dipcc-1", "map": "standard", "rules": [], "phases": [
        phase("S1901M", json!({
            "TURKEY": ["F ANK - BLA", "A SMY - ARM", "A CON H"],
            "AUSTRIA": ["A BUD - RUM", "A VIE H", "F TRI H"],
            "RUSSIA": ["F SEV H", "A MOS H", "A WAR H", "F STP/SC H"]})),
        phase("F1901M", json!({
            "TURKEY": ["A ARM - SEV", "F BLA S A ARM - SEV", "A CON H"],
            "AUSTRIA": ["A RUM H", "A VIE H", "F TRI H"],
            "RUSSIA": ["F SEV H", "A MOS H", "A WAR H", "F STP/SC H"]})),
        phase("F1901R", json!({"RUSSIA": retreat})),
        phase("W1901A", json!({"TURKEY": ["F ANK B"], "AUSTRIA": ["A BUD B"]})),
        phase("S1902M", json!({"TURKEY": ["A SEV - UKR"]})),
    ]})
}

#[test]
fn dipcc_s_retreat_phase_for_a_unit_with_nowhere_to_go_is_passed_over() {
    for (retreat, notes) in [(json!([]), 0), (json!(["F SEV D"]), 1)] {
        let doc = dipcc_game(retreat);
        for ruleset in ["mila", "datc"] {
            let i = import(&doc, ruleset).unwrap_or_else(|e| panic!("{ruleset}: {e}"));
            let names: Vec<&str> = i.game.history.iter().map(|h| h.phase.as_str()).collect();
            assert_eq!(
                names,
                [
                    "Spring 1901 Movement",
                    "Fall 1901 Movement",
                    "Winter 1901 Adjustment"
                ]
            );
            assert_eq!(
                i.game.phase().name(&i.game.map).to_string(),
                "Spring 1902 Movement"
            );
            assert_eq!(units(&i, "TURKEY"), ["A CON", "A SEV", "F ANK", "F BLA"]);
            assert_eq!(units(&i, "RUSSIA"), ["A MOS", "A WAR", "F STP/SC"]);
            assert_eq!(units(&i, "AUSTRIA"), ["A BUD", "A RUM", "A VIE", "F TRI"]);
            assert_eq!(i.notes.len(), notes, "{:?}", i.notes);
            if notes == 1 {
                assert!(i.notes[0].starts_with("`F1901R`: a phase diplo's rules skip"));
                assert!(i.notes[0].ends_with("RUSSIA: F SEV D"), "{}", i.notes[0]);
                // The note is kept with the phase that skipped it (Fall 1901 Movement).
                assert_eq!(i.game.history[1].notes, i.notes);
            }
        }
    }
}

/// France's armies leave Paris and Marseilles in the spring; the record then orders the army in
/// Paris again (as if the first move had failed).
fn record_elsewhere() -> Value {
    json!({"id": "g", "map": "standard", "phases": [
        phase("S1901M", json!({"FRANCE": ["A PAR - BUR", "A MAR - SPA"]})),
        phase("F1901M", json!({"FRANCE": ["A PAR - PIC", "A BUR - BEL", "A SPA H"]})),
        phase("W1901A", json!({"FRANCE": ["A PAR B", "A MAR B"]})),
        phase("S1902M", json!({"FRANCE": ["A PAR - PIC", "A GAS - BUR"]})),
    ]})
}

#[test]
fn recorded_orders_whose_unit_is_elsewhere_are_dropped_and_noted() {
    let i = import(&record_elsewhere(), "datc").unwrap();
    assert_eq!(
        i.notes,
        [
            "`F1901M`: FRANCE's `A PAR - PIC` dropped: France has no unit in Paris",
            "`S1902M`: FRANCE's `A GAS - BUR` dropped: France has no unit in Gascony",
        ]
    );
    // The rest of each set counts: Belgium taken, both builds made.
    assert_eq!(
        units(&i, "FRANCE"),
        ["A BEL", "A MAR", "A PAR", "A SPA", "F BRE"]
    );
    assert_eq!(i.game.history[1].notes, i.notes[..1]);
    // The last phase's orders are given: the one that applies is stored.
    assert_eq!(i.game.order_sets.len(), 1);
    assert_eq!(i.game.order_sets[0].orders.len(), 1);
}

#[test]
fn a_phase_diplo_holds_and_the_record_skips_is_adjudicated_with_no_orders() {
    let mut doc = record_elsewhere();
    doc["phases"].as_array_mut().unwrap().remove(2);
    let i = import(&doc, "datc").unwrap();
    assert_eq!(i.game.history.len(), 3);
    assert_eq!(i.notes.len(), 4, "{:?}", i.notes);
    assert!(i.notes[1].starts_with("`W1901A`: a phase diplo's rules hold and the record has not"));
    assert_eq!(i.game.history[2].notes, i.notes[1..2]);
    assert_eq!(units(&i, "FRANCE"), ["A BEL", "A SPA", "F BRE"]);
}

#[test]
fn unreadable_orders_and_movement_phases_out_of_step_are_errors() {
    let mut doc = record_elsewhere();
    doc["phases"][1]["orders"]["FRANCE"] = json!(["A PAR - XYZ", "A BUR H", "A SPA SUPPORTS"]);
    doc["phases"][1]["orders"]["NARNIA"] = json!(["A PAR H"]);
    let e = import(&doc, "datc").err().unwrap();
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines.len(), 3, "{e}");
    assert!(
        lines[0].starts_with("phase `F1901M`: FRANCE: `A PAR - XYZ`: "),
        "{e}"
    );
    assert!(
        lines[1].starts_with("phase `F1901M`: FRANCE: `A SPA SUPPORTS`: "),
        "{e}"
    );
    assert_eq!(lines[2], "phase `F1901M`: unknown power `NARNIA`");
    let mut doc = record_elsewhere();
    doc["phases"].as_array_mut().unwrap().remove(1);
    let e = import(&doc, "datc").err().unwrap();
    assert_eq!(e, "phase `W1901A` comes where diplo's rules reach `F1901M`");
}
