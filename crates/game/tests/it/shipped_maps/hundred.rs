//! The Hundred map (`hundred`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

#[test]
fn hundred_opening_and_first_year_the_mercenary_costs_france_a_unit() {
    let mut g = game("hundred");
    assert_eq!(phase(&g), "Spring 1425 Movement");
    orders(
        &mut g,
        "Burgundy",
        "A dij - can\nF hol - was\nA lux - lor\nA fla H",
    );
    orders(
        &mut g,
        "England",
        "F ech - brt\nA nmd - anj\nF lon - dov\nA guy H\nA cal H",
    );
    orders(
        &mut g,
        "France",
        "A orl - brt\nA pro - sav\nA par - cha\nA tou - guy\nA dau H",
    );
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F ech - brt", "fails"),
            ("A orl - brt", "fails"),
            ("A dij - can", "succeeds"),
            ("A tou - guy", "fails"),
            ("A pro - sav", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1425 Movement");
    orders(
        &mut g,
        "England",
        "F ech - brt\nA anj S F ech - brt\nF dov H",
    );
    orders(&mut g, "France", "A orl - brt\nA sav - can");
    // Burgundy sends nothing: its army holds Cantons.
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F ech - brt", "succeeds"),
            ("A orl - brt", "fails"),
            ("A sav - can", "fails"),
        ],
    );
    assert_eq!(phase(&g), "Winter 1425 Adjustment");
    assert_eq!(owner(&g, "can").as_deref(), Some("Burgundy"));
    assert_eq!(owner(&g, "brt").as_deref(), Some("England"));
    // France took nothing: four centres for five units. It keeps the Provence mercenary and
    // discharges the army in Charolais instead.
    assert_eq!((centres(&g, "France"), units(&g, "France")), (4, 5));
    orders(&mut g, "France", "Remove A cha");
    orders(&mut g, "Burgundy", "Build A dij");
    orders(&mut g, "England", "Build F dev");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A cha D", "succeeds"),
            ("B A dij", "succeeds"),
            ("B F dev", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Spring 1426 Movement");
    assert_eq!(unit_at(&g, "sav").as_deref(), Some("A sav"));
    assert_eq!(
        (
            units(&g, "France"),
            units(&g, "Burgundy"),
            units(&g, "England")
        ),
        (4, 5, 6)
    );
}

#[test]
fn hundred_london_calais_across_the_strait_of_dover() {
    // The three examples of rule 8.
    let spring = "phase = \"Spring 1425 Movement\"\n";
    let mut g = game("hundred");
    board(
        &mut g,
        &format!("{spring}[units]\nEngland = [\"F lon\"]\nBurgundy = [\"A fla\"]\n"),
    );
    orders(&mut g, "England", "F lon - cal");
    orders(&mut g, "Burgundy", "A fla - cal");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F lon - cal", "fails"), ("A fla - cal", "fails")],
    );

    let mut g = game("hundred");
    board(
        &mut g,
        &format!("{spring}[units]\nEngland = [\"A lon\", \"F dov\"]\nBurgundy = [\"A fla\"]\n"),
    );
    orders(&mut g, "England", "A lon - cal\nF dov S A lon - cal");
    orders(&mut g, "Burgundy", "A fla - cal");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("A lon - cal", "succeeds"), ("A fla - cal", "fails")],
    );

    let mut g = game("hundred");
    board(
        &mut g,
        &format!(
            "{spring}[units]\nEngland = [\"A lon\", \"A cal\"]\nFrance = [\"A par\", \"F dov\"]\n"
        ),
    );
    orders(&mut g, "England", "A lon S A cal\nA cal H");
    orders(&mut g, "France", "A par - cal\nF dov S A par - cal");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A cal H", "stands"),
            ("A lon S A cal", "given"),
            ("A par - cal", "fails"),
        ],
    );
}

#[test]
fn hundred_builds_in_any_owned_centre_while_a_home_centre_is_owned() {
    let mut g = game("hundred");
    board(
        &mut g,
        r#"
phase = "Winter 1425 Adjustment"
[units]
Burgundy = ["A fla"]
[centres]
Burgundy = ["fla", "can", "sco"]
"#,
    );
    // Burgundy owns Flanders, a home centre: it builds in Cantons and Scotland.
    orders(&mut g, "Burgundy", "Build A can\nBuild F sco");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B A can", "succeeds"), ("B F sco", "succeeds")],
    );

    let mut g = game("hundred");
    board(
        &mut g,
        r#"
phase = "Winter 1425 Adjustment"
[units]
France = ["A lim"]
[centres]
France = ["brt", "cas"]
"#,
    );
    // France owns none of its home centres: no build outside them.
    orders(&mut g, "France", "Build A brt");
    let out = play(&mut g);
    expect(&g, &out, &[("B A brt", "illegal")]);
}

#[test]
fn hundred_castile_has_one_coast_aragon_two() {
    let mut g = game("hundred");
    board(
        &mut g,
        "phase = \"Spring 1425 Movement\"\n[units]\nEngland = [\"F bis\", \"F ara/nc\"]\n",
    );
    orders(&mut g, "England", "F bis - cas\nF ara/nc - med");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F bis - cas", "succeeds"), ("F ara/nc - med", "illegal")],
    );
    orders(&mut g, "England", "F cas - med\nF ara/nc - guy");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F cas - med", "succeeds"), ("F ara/nc - guy", "succeeds")],
    );
}
