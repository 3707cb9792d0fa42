//! What a game accepts it can read back (issue 34): repeated orders stored once, a file cut
//! short refused, the calendar's last year, deadlines the file can hold.

use diplo_game::{Game, MapSource, SubmitOptions};
use diplo_map::{Map, Season};
use diplo_rules::Ruleset;

fn game() -> Game {
    Game::new(
        Map::standard(),
        MapSource::Embedded("standard".into()),
        Ruleset::datc(),
        Vec::new(),
    )
}

/// Item 1: 9,990 copies of one order are one order: the game file does not grow with them.
#[test]
fn repeated_orders_are_stored_once() {
    let mut g = game();
    let england = g.map.power_by_name("England").unwrap();
    let text = "A lvp H\n".repeat(9_990) + "F lon - nth\nA lvp H\n";
    let set = g
        .submit(england, &text, "orders.txt", SubmitOptions::default())
        .unwrap()
        .clone();
    let shown: Vec<String> = (set.orders.iter())
        .map(|o| o.display(&g.map).to_string())
        .collect();
    assert_eq!(shown, ["A lvp H", "F lon - nth"]);
}

/// Item 9: a game file cut at any line end is refused, never read as a smaller game.
#[test]
fn a_game_file_cut_short_is_refused() {
    let mut g = game();
    let france = g.map.power_by_name("France").unwrap();
    g.submit(
        france,
        "A par - bur\nF bre - mao\n",
        "o.txt",
        SubmitOptions::default(),
    )
    .unwrap();
    g.adjudicate(&[]).unwrap();
    let text = g.to_toml();
    assert!(Game::from_toml_str(&text, "g.toml").is_ok());
    let mut cuts = 0;
    for (i, _) in text.match_indices('\n') {
        if i + 1 == text.len() {
            continue;
        }
        let cut = &text[..=i];
        cuts += 1;
        assert!(
            Game::from_toml_str(cut, "g.toml").is_err(),
            "a file cut after byte {i} was read:\n{cut}"
        );
    }
    assert!(cuts > 50, "{cuts}");
    let e = Game::from_toml_str(&text[..text.len() - 20], "g.toml").unwrap_err();
    assert!(e.to_string().contains("cut short"), "{e}");
}

/// Item 8: the last year of the calendar ends the game's progress with a refusal, the game
/// unchanged and still readable, instead of going back to an earlier phase.
#[test]
fn the_last_year_cannot_be_left() {
    let mut g = game();
    g.position.phase.year = u16::MAX;
    g.position.phase.season = Season::FALL;
    let before = g.phase();
    let mut refused = None;
    for _ in 0..3 {
        match g.adjudicate(&[]) {
            Ok(_) => assert!(g.phase() > before, "{:?} after {before:?}", g.phase()),
            Err(e) => {
                refused = Some(e.to_string());
                break;
            }
        }
    }
    let e = refused.expect("a phase after the last year was reached");
    assert!(e.contains("last phase"), "{e}");
    assert_eq!(g.phase().year, u16::MAX);
    let again = Game::from_toml_str(&g.to_toml(), "g.toml").unwrap();
    assert_eq!(again.phase(), g.phase());
}

/// Item 2: a deadline the game file could not hold is refused when set.
#[test]
fn deadlines_outside_the_file_s_years_are_refused() {
    let mut g = game();
    assert!(g.set_deadline(Some(i64::MAX)).is_err());
    assert!(g
        .set_deadline(Some(diplo_game::time::EARLIEST - 1))
        .is_err());
    g.set_deadline(Some(diplo_game::time::LATEST)).unwrap();
    let again = Game::from_toml_str(&g.to_toml(), "g.toml").unwrap();
    assert_eq!(again.deadline, Some(diplo_game::time::LATEST));
}

/// A game file naming an embedded map with a line end in its name (found by the `game` fuzz
/// target, 2026-11-28) is refused with one error line that names the file, the name's line end
/// written `\n`.
#[test]
fn an_unknown_map_name_with_a_line_end_is_refused_on_one_line() {
    let text = game()
        .to_toml()
        .replacen("map = \"standard\"", "map = \"st\\ndard\"", 1);
    assert!(text.contains("map = \"st\\ndard\""), "{text}");
    let err = Game::from_toml_str(&text, "g.toml")
        .unwrap_err()
        .to_string();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("g.toml"), "{err}");
    assert!(err.contains("no embedded map `st\\ndard`"), "{err}");
}
