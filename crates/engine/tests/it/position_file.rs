//! Position files: every bad value reported at once, at its line and column, and dislodged
//! units that cannot be (two in one province, dislodged by their own power, an attacker from
//! the unit's own or a distant province) refused.

use diplo_engine::Position;
use diplo_map::Map;

fn errors(text: &str) -> Vec<String> {
    let map = Map::standard();
    Position::from_toml_str(&map, text, "pos.toml")
        .unwrap_err()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn every_bad_value_is_reported_at_once() {
    let text = "phase = \"Spring 1901 Movement\"\n\n[units]\nFrance = [\"A par\", \"A xyz\"]\nRed = [\"A bur\"]\n\n[centres]\nFrance = [\"bur\"]\n";
    let errs = errors(text);
    assert_eq!(errs.len(), 3, "{errs:#?}");
    assert!(
        errs[0].starts_with("pos.toml:4:") && errs[0].contains("xyz"),
        "{errs:#?}"
    );
    assert!(
        errs[1].starts_with("pos.toml:5:") && errs[1].contains("unknown power `Red`"),
        "{errs:#?}"
    );
    assert!(
        errs[2].starts_with("pos.toml:8:") && errs[2].contains("not a supply centre"),
        "{errs:#?}"
    );
}

#[test]
fn impossible_dislodged_units_are_refused() {
    let head =
        "phase = \"Spring 1901 Retreat\"\n\n[units]\nFrance = [\"A bur\"]\nGermany = [\"A mun\"]\n";
    let dislodged = |power: &str, unit: &str, from: &str, convoy: bool| {
        format!("\n[[dislodged]]\npower = \"{power}\"\nunit = \"{unit}\"\nattacker_from = \"{from}\"\nby_convoy = {convoy}\n")
    };
    let text = format!(
        "{head}{}{}{}{}",
        dislodged("Germany", "A bur", "par", false),
        dislodged("Italy", "A bur", "mar", false),
        dislodged("Austria", "A mun", "mun", false),
        dislodged("Russia", "A pic", "mun", false),
    );
    let errs = errors(&text);
    assert!(
        errs.iter()
            .any(|e| e.contains("two dislodged units in `bur`")),
        "{errs:#?}"
    );
    let own = format!("{head}{}", dislodged("France", "A bur", "par", false));
    let own_errs = errors(&own);
    assert!(
        own_errs
            .iter()
            .any(|e| e.contains("France stands in `bur` and is dislodged from it too")),
        "{own_errs:#?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.contains("attacker_from is `mun` itself")),
        "{errs:#?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.contains("attacker_from `mun` is not next to `pic`")),
        "{errs:#?}"
    );
    assert!(errs.iter().all(|e| e.starts_with("pos.toml:")), "{errs:#?}");
    // A convoyed attacker may come from afar.
    let ok = format!("{head}{}", dislodged("England", "A pic", "lon", true));
    let map = Map::standard();
    let pos = Position::from_toml_str(
        &map,
        &ok.replace(
            "Germany = [\"A mun\"]",
            "Germany = [\"A mun\"]\nFrance2 = []",
        )
        .replace("France2 = []\n", ""),
        "pos.toml",
    );
    assert!(pos.is_ok(), "{pos:?}");
}

/// A NUL byte or a lone CR in a comment: TOML allows neither anywhere, and the error says which
/// character and where (the `toml` crate's own message is empty).
#[test]
fn a_nul_or_a_lone_cr_in_a_comment_is_named_and_located() {
    let nul = errors("phase = \"Spring 1901 Movement\"\n# a \0 comment\n");
    assert_eq!(nul.len(), 1);
    assert!(
        nul[0].starts_with("pos.toml:2:5: a NUL byte: TOML allows none"),
        "{nul:?}"
    );
    let cr = errors("# old\rMac\nphase = \"Spring 1901 Movement\"\n");
    assert!(
        cr[0].starts_with("pos.toml:1:6: a carriage return (CR) without a line feed"),
        "{cr:?}"
    );
}

/// A value with a line end in it (found by the mutation tests): each error stays one line.
#[test]
fn a_value_with_a_line_end_is_quoted_on_one_line() {
    let errs = errors("phase = \"Spring 1901 Movement\"\n[centres]\nTurkey = [\"\\nk\"]\n");
    assert_eq!(
        errs,
        vec!["pos.toml:3:11: [centres] Turkey: unknown province `\\nk`".to_string()]
    );
}
