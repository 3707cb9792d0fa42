//! The 1898 map (`1898`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

#[test]
fn y1898_opening_and_first_year_home_centres_are_taken_first() {
    let mut g = game("1898");
    assert_eq!(phase(&g), "Spring 1898 Movement");
    assert_eq!(g.position.units.len(), 7);
    orders(&mut g, "Germany", "A kie - ber");
    orders(&mut g, "Italy", "A nap - rom");
    orders(&mut g, "France", "A bre - par");
    orders(&mut g, "England", "F edi - nth");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("A kie - ber", "succeeds"), ("A bre - par", "succeeds")],
    );
    assert_eq!(phase(&g), "Fall 1898 Movement");
    orders(&mut g, "France", "A par - bur");
    orders(&mut g, "England", "F nth - lon");
    let out = play(&mut g);
    expect(&g, &out, &[("F nth - lon", "succeeds")]);
    assert_eq!(phase(&g), "Winter 1898 Adjustment");
    assert_eq!(owner(&g, "ber").as_deref(), Some("Germany"));
    assert_eq!(owner(&g, "rom").as_deref(), Some("Italy"));
    assert_eq!(owner(&g, "lon").as_deref(), Some("England"));
    assert_eq!(owner(&g, "par"), None, "France passed through Paris");
    orders(&mut g, "Germany", "Build F kie");
    orders(&mut g, "Italy", "Build F nap");
    orders(&mut g, "England", "Build F edi");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("B F kie", "succeeds"),
            ("B F nap", "succeeds"),
            ("B F edi", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Spring 1899 Movement");
    assert_eq!((units(&g, "Germany"), units(&g, "France")), (2, 1));
}

#[test]
fn y1898_no_build_in_a_home_centre_not_yet_owned() {
    let mut g = game("1898");
    board(
        &mut g,
        r#"
phase = "Winter 1898 Adjustment"
[units]
Russia = ["A war"]
[centres]
Russia = ["stp", "war", "sev"]
"#,
    );
    orders(&mut g, "Russia", "Build A mos\nBuild F sev");
    let out = play(&mut g);
    expect(&g, &out, &[("B A mos", "illegal"), ("B F sev", "succeeds")]);
}
