//! The Era of Empire map (`era_of_empire`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

#[test]
fn era_of_empire_opening_and_first_year() {
    let mut g = game("era_of_empire");
    assert_eq!(phase(&g), "Spring 1870 Movement");
    orders(&mut g, "Russia", "A vla - seo\nF ode - rum\nF por H");
    orders(
        &mut g,
        "China",
        "A mac - seo\nA can - chu\nA sik - kag\nA pek - mon",
    );
    orders(&mut g, "Britain", "F sin - mal\nF ade - red\nF bom - ars");
    orders(&mut g, "Turkey", "F bag - shi\nF con H");
    orders(&mut g, "Holland", "A bor - sar");
    orders(&mut g, "Japan", "F ota - sak");
    orders(&mut g, "France", "A ton - may");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A vla - seo", "fails"),
            ("A mac - seo", "fails"),
            ("F ode - rum", "succeeds"),
            ("F ade - red", "succeeds"),
            ("A ton - may", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1870 Movement");
    orders(&mut g, "Russia", "A vla - seo\nF por S A vla - seo");
    orders(&mut g, "China", "A mac - seo");
    orders(&mut g, "Britain", "F red - egy");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A vla - seo", "succeeds"),
            ("A mac - seo", "fails"),
            ("F red - egy", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Winter 1870 Adjustment");
    for (centre, power) in [
        ("seo", "Russia"),
        ("rum", "Russia"),
        ("egy", "Britain"),
        ("mal", "Britain"),
        ("chu", "China"),
        ("shi", "Turkey"),
        ("sar", "Holland"),
        ("sak", "Japan"),
        ("may", "France"),
    ] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    orders(&mut g, "Russia", "Build A vla\nBuild F ode");
    orders(&mut g, "Britain", "Build F sin\nBuild F ade");
    orders(&mut g, "China", "Build A can\nBuild A pek\nBuild A sik");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("B A vla", "succeeds"),
            ("B F sin", "succeeds"),
            ("B A sik", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Spring 1871 Movement");
    assert_eq!(
        (
            units(&g, "Russia"),
            units(&g, "Britain"),
            units(&g, "China")
        ),
        (7, 8, 8)
    );
}

#[test]
fn era_of_empire_has_no_railroad_and_no_canal() {
    let mut g = game("era_of_empire");
    assert!(g.map.railroads().is_empty());
    assert!(g.map.canals().is_empty());
    let russia = g.map.power_by_name("Russia").unwrap();
    let err = g
        .submit(russia, "A mos - TSR - vla", "o.txt", Default::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown province `TSR`"), "{err}");
    let mut g = game("era_of_empire");
    board(
        &mut g,
        "phase = \"Spring 1870 Movement\"\n[units]\nRussia = [\"F med\", \"A mos\"]\n",
    );
    // The Mediterranean and the Red Sea meet only through Egypt; Moscow is a day's march from
    // Perm and no further.
    orders(&mut g, "Russia", "F med - red\nA mos - oms");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F med - red", "illegal"), ("A mos - oms", "illegal")],
    );
    orders(&mut g, "Russia", "F med - egy\nA mos - prm");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F med - egy", "succeeds"), ("A mos - prm", "succeeds")],
    );
}

#[test]
fn era_of_empire_builds_in_any_owned_centre_but_china_not_in_hong_kong() {
    let mut g = game("era_of_empire");
    board(
        &mut g,
        r#"
phase = "Winter 1870 Adjustment"
[units]
Britain = ["A del"]
China = ["A pek"]
[centres]
Britain = ["del", "egy", "mal"]
China = ["pek", "hon", "sha"]
"#,
    );
    orders(&mut g, "Britain", "Build F egy\nBuild A mal");
    orders(&mut g, "China", "Build F hon\nBuild A sha");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("B F egy", "succeeds"),
            ("B A mal", "succeeds"),
            ("B F hon", "illegal"),
            ("B A sha", "succeeds"),
        ],
    );
}

#[test]
fn era_of_empire_converts_a_unit_in_an_owned_centre() {
    let mut g = game("era_of_empire");
    // Two movement phases of holds: the winter is held, since units stand in owned centres.
    play(&mut g);
    play(&mut g);
    assert_eq!(g.position.phase.kind, diplo_engine::PhaseKind::Adjustment);
    let britain = g.map.power_by_name("Britain").unwrap();
    let fleet = g
        .position
        .units
        .iter()
        .find(|u| {
            u.power == britain
                && u.kind == diplo_map::UnitKind::Fleet
                && g.map.province(u.location.province).supply_centre
                && g.map.province(u.location.province).terrain == diplo_map::Terrain::Coast
        })
        .copied()
        .expect("a British fleet in a coastal centre");
    let order = format!("Convert {}", fleet.short(&g.map));
    orders(&mut g, "Britain", &order);
    let out = play(&mut g);
    expect(&g, &out, &[(order.as_str(), "succeeds")]);
    let now = g.position.unit_in(fleet.location.province).unwrap();
    assert_eq!(now.kind, diplo_map::UnitKind::Army);
}
