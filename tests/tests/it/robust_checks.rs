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
