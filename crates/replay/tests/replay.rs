//! The record parser, the replay's comparison, exceptions and divergence, on small hand-written
//! records.

use diplo_map::Map;
use diplo_replay::{first_divergence, parse_game, replay_game, Exceptions};
use diplo_rules::Ruleset;

fn droidippy() -> Ruleset {
    Ruleset::load("droidippy").unwrap()
}

const SPRING: &str =
    "PHASE 1901 Spring Movement\nPOSITIONS\nFrance: army par\nFrance: supply par\n\
Germany: army mun\nGermany: supply mun\nORDERS\npar move bur\nmun move bur\n";

#[test]
fn structural_errors_name_file_line_and_what_was_expected() {
    let map = Map::standard();
    let cases = [
        ("POSITIONS\n", 1, "expected `PHASE"),
        ("PHASE 1901 Summer Movement\n", 1, "unknown season `Summer`"),
        (
            "PHASE 1901 Spring Movement\nFrance: army par\n",
            2,
            "expected `POSITIONS` or `ORDERS`",
        ),
        (
            "PHASE 1901 Spring Movement\nPOSITIONS\nGaul: army par\n",
            3,
            "unknown power `Gaul`",
        ),
        (
            "PHASE 1901 Spring Movement\nPOSITIONS\nFrance: fleet par\n",
            3,
            "cannot stand",
        ),
        (
            "PHASE 1901 Spring Movement\nPOSITIONS\nFrance: tank par\n",
            3,
            "unknown unit type",
        ),
        (
            "PHASE 1901 Spring Movement\nPOSITIONS\nFrance: supply bur\n",
            3,
            "not a supply centre",
        ),
        (
            "PHASE 1901 Spring Movement\nPOSITIONS\nFrance\n",
            3,
            "expected `Power:",
        ),
        ("", 1, "no `PHASE` line"),
    ];
    for (text, line, msg) in cases {
        let e = parse_game(&map, "g.txt", text).unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("g.txt", line), "{text:?}: {e}");
        assert!(e.message.contains(msg), "{text:?}: {e}");
        assert!(e.to_string().starts_with(&format!("g.txt:{line}: ")));
    }
}

#[test]
fn orders_get_the_power_of_their_unit_and_bad_lines_are_kept() {
    let map = Map::standard();
    let text = format!("{SPRING}kie move hol\npar explode\n");
    let g = parse_game(&map, "game_7.txt", &text).unwrap();
    assert_eq!(g.name(), "game_7");
    let p = &g.phases[0];
    let powers: Vec<&str> = p
        .orders
        .iter()
        .map(|o| map.power(o.power).name.as_str())
        .collect();
    assert_eq!(powers, ["France", "Germany"]);
    assert_eq!(p.ignored.len(), 1, "kie: no unit there");
    assert_eq!(p.ignored[0].line, 10);
    assert_eq!(p.unreadable.len(), 1);
    assert_eq!(p.unreadable[0].line, 11);
    // The unreadable line fails the phase; the ignored one does not.
    let r = replay_game(&map, &droidippy(), &g);
    assert_eq!((r.passed, r.mismatches.len(), r.ignored.len()), (0, 1, 1));
    assert!(r.mismatches[0].differences[0].starts_with("unreadable order at line 11"));
}

#[test]
fn one_line_cache_across_records_reads_each_as_a_fresh_one() {
    let map = Map::standard();
    let game_1 = include_str!("../../../examples/records/game_1.txt");
    // The same lines again, then lines that differ only a little from ones already read
    // (another coast, a unit where a centre was, a bad line after good ones).
    let records = [
        game_1.to_string(),
        wrong_fall(),
        format!("{SPRING}par explode\nmun move bur\n"),
        "PHASE 1901 Spring Movement\nPOSITIONS\nRussia: fleet stp/nc\nRussia: supply stp\n\
         France: army par\nORDERS\nstp/nc move bar\npar move bur\n"
            .to_string(),
        "PHASE 1901 Spring Movement\nPOSITIONS\nFrance: army par\nFrance: army par\n".to_string(),
        "PHASE 1901 Spring Movement\nPOSITIONS\nFrance: army par\nFrance: fleet par\n".to_string(),
        game_1.to_string(),
    ];
    let mut cache = diplo_replay::LineCache::new(&map);
    for text in &records {
        let cached = diplo_replay::parse_game_with(&mut cache, "g.txt", text);
        assert_eq!(cached, parse_game(&map, "g.txt", text), "{text}");
    }
}

/// SPRING, then a Fall position that claims France entered Burgundy (the bounce leaves both
/// armies at home).
fn wrong_fall() -> String {
    format!(
        "{SPRING}PHASE 1901 Fall Movement\nPOSITIONS\nFrance: army bur\nFrance: supply par\n\
         Germany: army mun\nGermany: supply mun\nORDERS\n"
    )
}

#[test]
fn a_wrong_next_position_is_reported_with_the_difference() {
    let map = Map::standard();
    // The record claims France entered Burgundy; the bounce leaves both at home.
    let text = wrong_fall();
    let g = parse_game(&map, "game_8.txt", &text).unwrap();
    let r = replay_game(&map, &droidippy(), &g);
    assert_eq!((r.passed, r.compared), (1, 1));
    let m = &r.mismatches[0];
    assert_eq!((m.game.as_str(), m.line), ("game_8", 1));
    assert_eq!(
        m.differences,
        ["missing France A bur", "extra France A par"]
    );
    assert!(m
        .orders
        .iter()
        .any(|o| o.contains("Paris - Burgundy -> fails")));
}

/// The retreat phase's record has no attacker: the replay takes it from its own adjudication of
/// the movement phase, so a retreat to the attacker's province is refused and the unit disbands.
#[test]
fn retreat_phase_takes_the_attacker_from_the_movement_phase() {
    let map = Map::standard();
    let text = "PHASE 1901 Spring Movement\nPOSITIONS\nFrance: army bur\nGermany: army mun\n\
        Germany: army ruh\nORDERS\nmun move bur\nruh support mun move bur\n\
        PHASE 1901 Spring Retreat\nPOSITIONS\nFrance: army/dislodged bur\nGermany: army bur\n\
        Germany: army ruh\nORDERS\nbur move mun\n\
        PHASE 1901 Fall Movement\nPOSITIONS\nGermany: army bur\nGermany: army ruh\nORDERS\n";
    let g = parse_game(&map, "game_9.txt", text).unwrap();
    let r = replay_game(&map, &droidippy(), &g);
    assert!(r.mismatches.is_empty(), "{:?}", r.mismatches);
    assert_eq!(r.passed, 3);
}

#[test]
fn exceptions_excuse_listed_mismatches_and_go_stale() {
    let map = Map::standard();
    let bad = wrong_fall();
    let g = parse_game(&map, "dir/game_8.txt", &bad).unwrap();
    let reports = vec![replay_game(&map, &droidippy(), &g)];
    let text = "[[exception]]\ngame = \"game_8\"\nphase = \"Spring 1901 Movement\"\nreason = \"edited\"\n\
        [[exception]]\ngame = \"game_8\"\nphase = \"Fall 1901 Movement\"\nreason = \"gone\"\n\
        [[exception]]\ngame = \"game_99\"\nphase = \"Fall 1901 Movement\"\nreason = \"not replayed\"\n";
    let ex = Exceptions::from_toml_str(text, "x.toml", &map).unwrap();
    let v = ex.judge(&reports);
    assert!(v.failures.is_empty());
    assert_eq!(v.excepted.len(), 1);
    assert_eq!(v.excepted[0].1.reason, "edited");
    let stale: Vec<&str> = v.stale.iter().map(|e| e.phase.as_str()).collect();
    assert_eq!(stale, ["Fall 1901 Movement"], "game_99 was not replayed");
    assert!(!v.ok());
    let e = Exceptions::from_toml_str(
        "[[exception]]\ngame = \"g\"\nphase = \"Spring 1901 Movement\"\n",
        "x.toml",
        &Map::standard(),
    )
    .unwrap_err();
    assert!(e.starts_with("x.toml:"), "{e}");
    let e = Exceptions::from_toml_str(
        "[[exception]]\ngame = \"g\"\nphase = \"Sprung 1901\"\nreason = \"r\"\n",
        "x.toml",
        &Map::standard(),
    )
    .unwrap_err();
    assert!(e.contains("exception for g"), "{e}");
}

#[test]
fn divergence_names_the_first_phase_and_the_orders() {
    let map = Map::standard();
    // A con - bul via convoy with no fleet: over land under droidippy, stuck under 2025ee.
    let text = "PHASE 1901 Spring Movement\nPOSITIONS\nTurkey: army con\nORDERS\ncon move bul via convoy\n\
        PHASE 1901 Fall Movement\nPOSITIONS\nTurkey: army bul\nORDERS\n";
    let g = parse_game(&map, "game_3.txt", text).unwrap();
    let other = Ruleset::load("2025ee").unwrap();
    let d = first_divergence(&map, &droidippy(), &other, &g).unwrap();
    assert_eq!(d.phase.name(&map).to_string(), "Spring 1901 Movement");
    assert!(
        d.differences[0].contains("Constantinople - Bulgaria via convoy -> succeeds [droidippy]"),
        "{:?}",
        d.differences
    );
    assert!(first_divergence(&map, &droidippy(), &droidippy(), &g).is_none());
}

/// When the movement phase's adjudication does not dislodge the unit the record shows
/// dislodged, the attacker is the unit the recorded orders moved into its province.
#[test]
fn retreat_attacker_falls_back_to_the_recorded_orders() {
    let map = Map::standard();
    let text = "PHASE 1901 Spring Movement\nPOSITIONS\nFrance: army bur\nGermany: army mun\n\
        ORDERS\nmun move bur\n\
        PHASE 1901 Spring Retreat\nPOSITIONS\nFrance: army/dislodged bur\nGermany: army bur\n\
        ORDERS\nbur move mun\n\
        PHASE 1901 Fall Movement\nPOSITIONS\nGermany: army bur\nORDERS\n";
    let g = parse_game(&map, "game_10.txt", text).unwrap();
    let r = replay_game(&map, &droidippy(), &g);
    let failed: Vec<String> = r
        .mismatches
        .iter()
        .map(|m| m.phase.name(&map).to_string())
        .collect();
    assert_eq!(
        failed,
        ["Spring 1901 Movement"],
        "the retreat phase itself matches"
    );
}

/// A winter held under one ruleset and skipped under the other, in which nobody can build or
/// must remove, is no divergence: Germany owns five centres with four units, every home
/// centre occupied (Droidippy holds the winter, the DATC profile goes on to the Spring).
#[test]
fn an_empty_winter_is_no_divergence() {
    let map = Map::standard();
    let text = "PHASE 1901 Fall Movement\nPOSITIONS\nGermany: army ber\nGermany: army mun\n\
        Germany: fleet kie\nGermany: army ruh\nGermany: supply ber\nGermany: supply kie\n\
        Germany: supply mun\nGermany: supply hol\nGermany: supply den\nORDERS\n";
    let g = parse_game(&map, "game_4.txt", text).unwrap();
    let datc = Ruleset::load("datc").unwrap();
    assert_eq!(first_divergence(&map, &droidippy(), &datc, &g), None);
}

/// A map whose year has three seasons: Red's army walks from `r` to the neutral centre `n`,
/// which Summer captures; the Midsummer adjustments follow.
const THREE_SEASON_MAP: &str = r#"
name = "seasons"
first_year = 1901
first_season = "spring"
victory_centres = 9

[[calendar.season]]
name = "Spring"
[[calendar.season]]
name = "Summer"
captures = true
adjustment = "Midsummer"
[[calendar.season]]
name = "Fall"
captures = true

[[power]]
name = "Red"
adjective = "Red"
abbreviation = "RED"
units = ["A r"]

[[province]]
name = "r"
full_name = "Redland"
terrain = "inland"
supply_centre = true
home = "Red"
army = ["n"]

[[province]]
name = "n"
full_name = "Neutralia"
terrain = "inland"
supply_centre = true
army = ["r"]
"#;

#[test]
fn records_of_a_three_season_calendar_write_and_replay() {
    use diplo_engine::{adjudicate, Position};
    let map =
        Map::from_toml_str(THREE_SEASON_MAP, "seasons.toml").unwrap_or_else(|e| panic!("{e}"));
    let rules = Ruleset::datc();
    let order = |text: &str| diplo_orders::parse_order(&map, text).unwrap();
    let plays = [vec!["Red: A r - n"], vec![], vec!["Red: Build A r"], vec![]];
    let mut positions = vec![Position::initial(&map)];
    let mut orders = Vec::new();
    for texts in plays {
        let parsed: Vec<_> = texts.iter().map(|t| order(t)).collect();
        let with_power: Vec<_> = parsed
            .iter()
            .map(|(p, o)| (p.unwrap(), o.clone()))
            .collect();
        let next = adjudicate(&map, &rules, positions.last().unwrap(), &with_power).next;
        orders.push(parsed.into_iter().map(|(_, o)| o).collect::<Vec<_>>());
        positions.push(next);
    }
    orders.push(Vec::new());
    let names: Vec<String> = positions
        .iter()
        .map(|p| p.phase.name(&map).to_string())
        .collect();
    assert_eq!(
        names,
        [
            "Spring 1901 Movement",
            "Summer 1901 Movement",
            "Midsummer 1901 Adjustment",
            "Fall 1901 Movement",
            "Spring 1902 Movement"
        ]
    );
    let to_write: Vec<_> = positions
        .iter()
        .zip(&orders)
        .map(|(position, orders)| diplo_replay::PhaseToWrite {
            position,
            orders,
            powers: &[],
        })
        .collect();
    let text = diplo_replay::write_game(&map, &to_write);
    assert!(text.contains("PHASE 1901 Summer Adjustment"), "{text}");
    let record = parse_game(&map, "seasons.txt", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let report = replay_game(&map, &rules, &record);
    assert!(
        report.mismatches.is_empty(),
        "{:#?}\n{text}",
        report.mismatches
    );
    assert_eq!(report.passed, 5);
    // The adjustment's own name reads too; a season with no adjustments after it does not.
    let own = text.replace("Summer Adjustment", "Midsummer Adjustment");
    assert!(parse_game(&map, "seasons.txt", &own).is_ok());
    let wrong = text.replace("Summer Adjustment", "Spring Adjustment");
    let game = parse_game(&map, "seasons.txt", &wrong).unwrap();
    let err = game.problems[0].to_string();
    assert!(
        err.contains("no adjustments follow Spring on map `seasons`"),
        "{err}"
    );
    assert_eq!(game.unread, 1);
}
