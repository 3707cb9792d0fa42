//! The France vs Austria map (`france_austria`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

#[test]
fn france_austria_opening_and_first_year() {
    let mut g = game("france_austria");
    assert_eq!(phase(&g), "Spring 1901 Movement");
    orders(&mut g, "France", "A par - bur\nA mar - spa\nF bre - mao");
    orders(&mut g, "Austria", "A vie - gal\nA bud - ser\nF tri - alb");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A par - bur", "succeeds"),
            ("A vie - gal", "succeeds"),
            ("F tri - alb", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1901 Movement");
    // Munich and Warsaw, home centres on the standard board, are empty neutral centres here.
    orders(&mut g, "France", "F mao - por\nA bur - mun\nA spa H");
    orders(&mut g, "Austria", "A ser H\nF alb - gre\nA gal - war");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("A bur - mun", "succeeds"), ("A gal - war", "succeeds")],
    );
    assert_eq!(phase(&g), "Winter 1901 Adjustment");
    assert_eq!((centres(&g, "France"), centres(&g, "Austria")), (6, 6));
    orders(
        &mut g,
        "France",
        "Build A par\nBuild A mar\nBuild F bre\nBuild A mun",
    );
    orders(&mut g, "Austria", "Build A vie\nBuild A bud\nBuild F tri");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("B A par", "succeeds"),
            ("B A mun", "illegal"),
            ("B F tri", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Spring 1902 Movement");
    assert_eq!((units(&g, "France"), units(&g, "Austria")), (6, 6));
}

#[test]
fn france_austria_has_only_two_powers_and_empty_neutral_capitals() {
    let g = game("france_austria");
    assert!(g.map.power_by_name("England").is_none());
    for centre in ["lon", "ber", "rom", "mos", "con", "stp"] {
        assert_eq!(owner(&g, centre), None, "{centre}");
        assert_eq!(unit_at(&g, centre), None, "{centre}");
        let p = g.map.province_by_name(centre).unwrap();
        assert_eq!(g.map.province(p).home, None, "{centre}");
    }
}
