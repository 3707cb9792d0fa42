//! The fuzz targets' checks (`diplo_tests::robust`) on inputs the fuzzers found.

use diplo_tests::robust::{check_map, check_position};

/// A map extending the standard map whose Denmark names a coast Skagerrak does not have: the
/// error on the input's line names the input, and the one-sided edge it leaves is placed at
/// Skagerrak's line in the standard map's file (found by the `map` fuzz target).
#[test]
fn a_problem_left_in_an_extended_map_may_name_that_map() {
    let text = "name = \"x\"\nextends = \"standard\"\n\n[[province]]\nname = \"den\"\n\
                fleet = [\"bal\", \"hel\", \"kie\", \"nth\", \"ska/\", \"swe\"]\n";
    let err = diplo_map::Map::from_toml_str(text, diplo_tests::robust::FILE)
        .expect_err("an unknown coast");
    let text_of = err.to_string();
    assert!(text_of.contains("fuzz.input:6:"), "{text_of}");
    assert!(text_of.contains("maps/standard.toml:"), "{text_of}");
    check_map(text.as_bytes());
}

/// A position naming its powers in other spellings than the map's (`france` sorts after
/// `Germany`, `France` before): read, written and read again, it is the same position (found by
/// the `position` fuzz target: the units came back in another order).
#[test]
fn a_position_reads_the_same_whatever_the_spelling_of_its_powers() {
    let text = "phase = \"Fall 1901 Retreat\"\ncontested = [\"gal\"]\n\n[units]\n\
                Germany = [\"A bur\", \"A mun\"]\nfrance = [\"A par\"]\n\n[centres]\n";
    check_position(text.as_bytes());
    let map = &diplo_map::Map::standard();
    let canonical = text.replace("france", "France");
    let a = diplo_engine::Position::from_toml_str(map, text, "a").expect("a position");
    let b = diplo_engine::Position::from_toml_str(map, &canonical, "b").expect("a position");
    assert_eq!(a, b);
}

/// A map whose title holds an escape character (TOML's `\e`): the picture is still an XML
/// document that parses and becomes a PNG, the character written as U+FFFD (found by the
/// `render` fuzz target: the SVG had a raw ESC, which XML 1.0 does not allow even escaped).
#[test]
fn a_title_with_a_control_character_still_draws() {
    let text = "name = \"loeb9-north-africa-tunis\"\nextends = \"loeb9\"\n\
                title = \"Loeb9 (difficult bor\\er North Africa-Tunis)\"\n\n\
                [[border]]\nbetween = [\"naf\", \"tun\"]\ndifficult = true\nunits = [\"army\"]\n";
    diplo_tests::robust::render::check_render(text.as_bytes());
    let map = diplo_map::Map::from_toml_str(text, "t.toml").expect("a map");
    assert!(
        map.title.contains('\u{1b}'),
        "the title keeps its escape character"
    );
    let pos = diplo_engine::Position::initial(&map);
    let svg = diplo_render::svg(&diplo_render::Scene::new(&map, &pos, "datc"));
    assert!(
        !svg.contains('\u{1b}') && svg.contains("bor\u{FFFD}r"),
        "{}",
        &svg[..300]
    );
}
