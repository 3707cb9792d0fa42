//! The fuzz targets' checks (`diplo_tests::robust`) on inputs the fuzzers found.

use diplo_tests::robust::check_map;

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
