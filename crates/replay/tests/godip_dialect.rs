//! godip's variant records as they come: a bad line never hides the rest of a game, units listed
//! twice or with and without their coast, `build anywhere`, a retreat phase kept for a unit with
//! nowhere to go, and files beside the games that are no records.

use diplo_map::Map;
use diplo_orders::Order;
use diplo_replay::{collect_record_files, parse_game, replay_game};
use diplo_rules::Ruleset;

fn droidippy() -> Ruleset {
    Ruleset::load("droidippy").unwrap()
}

const SPRING: &str = "PHASE 1901 Spring Movement\nPOSITIONS\nFrance: army par\n\
France: supply par\nORDERS\npar move bur\n";
const FALL: &str = "PHASE 1901 Fall Movement\nPOSITIONS\nFrance: army bur\n\
France: supply par\nORDERS\nbur move mun\n";
const WINTER: &str = "PHASE 1901 Fall Adjustment\nPOSITIONS\nFrance: army mun\n\
France: supply par\nFrance: supply mun\nORDERS\n";

#[test]
fn a_bad_line_makes_its_phase_unread_and_the_game_goes_on() {
    let map = Map::standard();
    let bad_fall = FALL.replace("France: army bur", "Gaul: army bur");
    let text = format!("{SPRING}{bad_fall}{WINTER}");
    let game = parse_game(&map, "g.txt", &text).unwrap();
    assert_eq!((game.phases.len(), game.unread), (2, 1));
    assert_eq!(game.problems.len(), 1);
    assert_eq!(game.problems[0].line, 9, "{}", game.problems[0]);
    assert!(game.problems[0].message.contains("unknown power `Gaul`"));
    assert!(game.phases[1].after_gap);
    // Spring is not compared with the winter after the gap; the winter is still adjudicated.
    let report = replay_game(&map, &droidippy(), &game);
    assert_eq!((report.compared, report.unread), (0, 1));
    assert!(report.mismatches.is_empty(), "{:#?}", report.mismatches);
    // A bad `PHASE` line is unread too, and so is everything up to the next one.
    let text = format!(
        "{SPRING}{}{WINTER}",
        FALL.replace("1901 Fall", "1901 Autumnal")
    );
    let game = parse_game(&map, "g.txt", &text).unwrap();
    assert_eq!((game.phases.len(), game.unread), (2, 1));
    assert!(game.problems[0].message.contains("unknown season"));
    // Two bad phases: both reported, each with its line.
    let text = format!(
        "{SPRING}{bad_fall}{}",
        WINTER.replace("army mun", "tank mun")
    );
    let game = parse_game(&map, "g.txt", &text).unwrap();
    let lines: Vec<usize> = game.problems.iter().map(|e| e.line).collect();
    assert_eq!((game.unread, lines), (2, vec![9, 15]));
    // Nothing readable at all is still an error.
    assert!(parse_game(&map, "g.txt", &bad_fall).is_err());
}

#[test]
fn a_unit_listed_twice_or_with_and_without_its_coast_is_kept_once_with_a_warning() {
    let map = Map::standard();
    let text = "PHASE 1901 Spring Movement\nPOSITIONS\nRussia: army mos\nRussia: army mos\n\
        Russia: fleet stp\nRussia: fleet stp/sc\nRussia: supply mos\nORDERS\n\
        stp/sc move bot\nPHASE 1901 Fall Movement\nPOSITIONS\nRussia: army mos\n\
        Russia: fleet bot\nRussia: supply mos\nORDERS\n";
    let game = parse_game(&map, "g.txt", text).unwrap();
    assert_eq!(game.unread, 0, "{:?}", game.problems);
    let lines: Vec<usize> = game.warnings.iter().map(|w| w.line).collect();
    assert_eq!(lines, vec![4, 5], "{:?}", game.warnings);
    assert_eq!(game.phases[0].units.len(), 2);
    let report = replay_game(&map, &droidippy(), &game);
    assert_eq!((report.passed, report.mismatches.len()), (2, 0));
    // A fleet without its coast and never with it cannot stand: its phase is unread.
    let alone = text.replace("Russia: fleet stp/sc\n", "");
    let game = parse_game(&map, "g.txt", &alone).unwrap();
    assert_eq!(game.unread, 1);
    assert!(
        game.problems[0].message.contains("needs its coast"),
        "{:?}",
        game.problems
    );
    // Two different units in one province are no repetition.
    let two = text.replace(
        "Russia: army mos\nRussia: army mos",
        "Russia: army mos\nTurkey: army mos",
    );
    let game = parse_game(&map, "g.txt", &two).unwrap();
    assert!(game.problems[0].message.contains("a second unit"));
}

#[test]
fn build_anywhere_reads_as_a_build() {
    let map = Map::standard();
    let text = "PHASE 1901 Fall Adjustment\nPOSITIONS\nFrance: supply par\nORDERS\n\
        build anywhere Army par\n";
    let game = parse_game(&map, "g.txt", text).unwrap();
    let phase = &game.phases[0];
    assert!(phase.unreadable.is_empty(), "{:?}", phase.unreadable);
    assert!(matches!(phase.orders[0].order, Order::Build { .. }));
}

/// A French attack on Holland leaves the German army there nowhere to go.
const NOWHERE: &str = "PHASE 1901 Fall Movement\nPOSITIONS\nFrance: army bel\n\
France: army ruh\nFrance: army kie\nGermany: army hol\nFrance: supply par\nFrance: supply bre\n\
France: supply mar\nGermany: supply ber\nORDERS\nbel move hol\nruh support bel move hol\n\
kie hold\nhol hold\nPHASE 1901 Fall Retreat\nPOSITIONS\nFrance: army hol\nFrance: army ruh\n\
France: army kie\nFrance: supply par\nFrance: supply bre\nFrance: supply mar\n\
Germany: supply ber\nORDERS\nremove hol\nPHASE 1901 Fall Adjustment\nPOSITIONS\n\
France: army hol\nFrance: army ruh\nFrance: army kie\nFrance: supply par\nFrance: supply bre\n\
France: supply mar\nFrance: supply hol\nFrance: supply kie\nGermany: supply ber\nORDERS\n";

#[test]
fn a_retreat_phase_kept_for_a_unit_with_nowhere_to_go_is_the_automatic_disband() {
    let map = Map::standard();
    let game = parse_game(&map, "g.txt", NOWHERE).unwrap();
    let report = replay_game(&map, &droidippy(), &game);
    assert!(report.mismatches.is_empty(), "{:#?}", report.mismatches);
    assert_eq!((report.passed, report.compared), (3, 2));
    // The convention hides no real difference: a unit left out of the kept phase is one.
    let wrong = NOWHERE.replacen(
        "France: army kie\nFrance: supply par",
        "France: supply par",
        2,
    );
    let game = parse_game(&map, "g.txt", &wrong).unwrap();
    let report = replay_game(&map, &droidippy(), &game);
    assert_eq!(report.mismatches.len(), 2, "{:#?}", report.mismatches);
    assert!(
        report.mismatches[0]
            .differences
            .iter()
            .any(|d| d == "extra France A kie"),
        "{:#?}",
        report.mismatches
    );
}

#[test]
fn files_beside_the_games_that_are_no_records_are_skipped_with_a_note() {
    let dir = std::env::temp_dir().join(format!("diplo-dialect-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("game_1.txt"), format!("{SPRING}{FALL}")).unwrap();
    std::fs::write(dir.join("info.txt"), "game_1.txt from somewhere\n").unwrap();
    let found = collect_record_files(std::slice::from_ref(&dir));
    let only_info = dir.join("only");
    std::fs::create_dir_all(&only_info).unwrap();
    std::fs::write(only_info.join("info.txt"), "no game\n").unwrap();
    let none = collect_record_files(std::slice::from_ref(&only_info));
    std::fs::remove_dir_all(&dir).unwrap();
    let found = found.unwrap();
    assert_eq!(found.files, vec![dir.join("game_1.txt")]);
    assert_eq!(found.skipped.len(), 1);
    assert!(
        found.skipped[0].contains("info.txt: no `PHASE` line"),
        "{:?}",
        found.skipped
    );
    assert!(none.unwrap_err().contains("no game records"));
}
