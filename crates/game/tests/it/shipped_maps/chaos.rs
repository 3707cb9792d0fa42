//! The Chaos map (`chaos`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

#[test]
fn chaos_opening_and_first_year_with_a_retreat() {
    let mut g = game("chaos");
    assert_eq!(phase(&g), "Spring 1901 Movement");
    assert_eq!(g.map.power_ids().count(), 34);
    orders(&mut g, "Berlin", "A ber - kie");
    orders(&mut g, "Munich", "A mun S BER A ber - kie");
    orders(&mut g, "Kiel", "F kie H");
    orders(&mut g, "Paris", "A par - bur");
    orders(&mut g, "Marseilles", "A mar - bur");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A ber - kie", "succeeds"),
            ("F kie H", "dislodged"),
            ("A par - bur", "fails"),
        ],
    );
    assert_eq!(phase(&g), "Spring 1901 Retreat");
    orders(&mut g, "Kiel", "F kie - hel");
    play(&mut g);
    assert_eq!(phase(&g), "Fall 1901 Movement");
    orders(&mut g, "Berlin", "A kie H");
    let out = play(&mut g);
    expect(&g, &out, &[("A kie H", "stands")]);
    assert_eq!(phase(&g), "Winter 1901 Adjustment");
    assert_eq!(owner(&g, "kie").as_deref(), Some("Berlin"));
    assert_eq!(centres(&g, "Kiel"), 0);
    orders(&mut g, "Berlin", "Build F ber");
    let out = play(&mut g);
    expect(&g, &out, &[("B F ber", "succeeds")]);
    assert_eq!(phase(&g), "Spring 1902 Movement");
    assert_eq!(units(&g, "Berlin"), 2);
    assert_eq!(units(&g, "Kiel"), 0, "no centre: its fleet is removed");
}

#[test]
fn chaos_builds_in_a_non_home_owned_centre() {
    let mut g = game("chaos");
    board(
        &mut g,
        r#"
phase = "Winter 1901 Adjustment"
[units]
Berlin = ["A mun"]
[centres]
Berlin = ["ber", "kie", "mun"]
"#,
    );
    orders(&mut g, "Berlin", "Build F kie\nBuild A ber");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B F kie", "succeeds"), ("B A ber", "succeeds")],
    );
}
