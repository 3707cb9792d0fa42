//! The Colonial map (`colonial`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

#[test]
fn colonial_opening_and_first_year() {
    let mut g = game("colonial");
    assert_eq!(phase(&g), "Spring 1870 Movement");
    orders(&mut g, "Russia", "A vla - seo\nF ode - rum\nA mos - prm");
    orders(&mut g, "China", "A mac - seo\nA can - chu\nA sik - kag");
    orders(&mut g, "Britain", "F sin - mal\nF ade - red");
    orders(&mut g, "Holland", "A bor - sar");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A vla - seo", "fails"),
            ("A mac - seo", "fails"),
            ("A mos - prm", "succeeds"),
            ("F ade - red", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1870 Movement");
    orders(&mut g, "Russia", "A vla - seo\nF por S A vla - seo");
    orders(&mut g, "Britain", "F red - egy");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("A vla - seo", "succeeds"), ("F red - egy", "succeeds")],
    );
    assert_eq!(phase(&g), "Winter 1870 Adjustment");
    for (centre, power) in [
        ("seo", "Russia"),
        ("rum", "Russia"),
        ("egy", "Britain"),
        ("mal", "Britain"),
        ("chu", "China"),
        ("kag", "China"),
        ("sar", "Holland"),
    ] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    orders(&mut g, "Russia", "Build A mos\nBuild A vla");
    orders(&mut g, "China", "Build A can\nBuild A sik");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B A mos", "succeeds"), ("B A sik", "succeeds")],
    );
    assert_eq!(phase(&g), "Spring 1871 Movement");
    assert_eq!((units(&g, "Russia"), units(&g, "China")), (7, 7));
}

#[test]
fn colonial_special_rules_are_on_the_map_and_hong_kong_does_not_count_for_china() {
    let g = game("colonial");
    let names = |ps: &[diplo_map::ProvinceId]| -> Vec<String> {
        ps.iter().map(|&p| g.map.province(p).name.clone()).collect()
    };
    let tsr = &g.map.railroads()[0];
    assert_eq!(tsr.name, "TSR");
    assert_eq!(
        names(&tsr.provinces),
        ["mos", "prm", "oms", "kra", "irk", "vla"]
    );
    assert_eq!(tsr.powers, [g.map.power_by_name("Russia").unwrap()]);
    let suez = g.map.canals()[0];
    assert_eq!(g.map.province(suez.province).name, "egy");
    assert_eq!(names(&suez.seas), ["med", "red"]);

    let mut g = game("colonial");
    board(
        &mut g,
        r#"
phase = "Winter 1870 Adjustment"
[units]
China = ["A can", "A hon"]
[centres]
China = ["can", "hon", "pek"]
"#,
    );
    let china = g.map.power_by_name("China").unwrap();
    assert_eq!(g.position.centre_count(china), 3);
    assert_eq!(g.position.counted_centres(&g.map, china), 2);
}

#[test]
fn colonial_the_trans_siberian_railroad_carries_a_russian_army() {
    let mut g = game("colonial");
    orders(&mut g, "Russia", "A mos - TSR - vla\nA vla - seo");
    let out = play(&mut g);
    expect(&g, &out, &[("A mos - TSR - vla", "succeeds")]);
}

#[test]
fn colonial_the_suez_canal_needs_egypt_s_leave() {
    let mut g = game("colonial");
    board(
        &mut g,
        "phase = \"Spring 1870 Movement\"\n[units]\nTurkey = [\"A egy\"]\nRussia = [\"F med\"]\n",
    );
    orders(&mut g, "Russia", "F med - red");
    orders(&mut g, "Turkey", "A egy H");
    let out = play(&mut g);
    expect(&g, &out, &[("F med - red", "fails")]);
    // In the Fall, Turkey (in Egypt) permits the passage.
    orders(&mut g, "Russia", "F med - red");
    orders(&mut g, "Turkey", "A egy H\nSC F med - red");
    let out = play(&mut g);
    expect(&g, &out, &[("F med - red", "succeeds")]);
}
