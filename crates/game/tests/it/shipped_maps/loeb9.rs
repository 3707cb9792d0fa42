//! The Loeb9 map (`loeb9`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

#[test]
fn loeb9_opening_and_first_year_the_arctic_freezes_in_the_fall() {
    let mut g = game("loeb9");
    assert_eq!(phase(&g), "Spring 1901 Movement");
    orders(&mut g, "England", "F edi - nwg\nF lon - nth\nA lvp - yor");
    orders(&mut g, "Norway", "A nwy - fin\nF swe - bot\nF den - ska");
    orders(&mut g, "Russia", "F stp/nc - bar\nA war - pru\nA mos - lvn");
    orders(&mut g, "Germany", "A ber - sil\nF kie - hol\nA mun - bur");
    orders(&mut g, "France", "A par - bur\nF bre - mao\nA mar - pie");
    orders(&mut g, "Spain", "A cor - naf\nF por - mao\nA mad - nav");
    orders(&mut g, "Italy", "F nap - ion\nA rom - tus\nA ven H");
    orders(&mut g, "Austria", "A bud - ser\nF tri - alb\nA vie - gal");
    orders(&mut g, "Turkey", "A con - bul\nF ank - bla\nA smy H");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A mun - bur", "fails"),
            ("A par - bur", "fails"),
            ("F bre - mao", "fails"),
            ("F por - mao", "fails"),
            // Over the difficult Cordoba-North Africa border, into an empty province.
            ("A cor - naf", "succeeds"),
            ("A war - pru", "succeeds"),
            ("F edi - nwg", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1901 Movement");
    orders(&mut g, "England", "F nwg - arc\nF nth H");
    orders(&mut g, "Russia", "F bar - arc\nA pru H\nA lvn H");
    orders(&mut g, "Germany", "A sil H\nF hol H\nA mun H");
    orders(&mut g, "Spain", "A naf - tun");
    orders(&mut g, "Austria", "A ser H\nF alb - gre");
    orders(&mut g, "Italy", "F ion - gre");
    orders(&mut g, "Turkey", "A bul H");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F nwg - arc", "illegal"),
            ("F bar - arc", "illegal"),
            ("A naf - tun", "succeeds"),
            ("F alb - gre", "fails"),
            ("F ion - gre", "fails"),
        ],
    );
    assert_eq!(phase(&g), "Winter 1901 Adjustment");
    for (centre, power) in [
        ("pru", "Russia"),
        ("sil", "Germany"),
        ("hol", "Germany"),
        ("tun", "Spain"),
        ("ser", "Austria"),
        ("bul", "Turkey"),
    ] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    assert_eq!(owner(&g, "gre"), None);
    orders(&mut g, "Russia", "Build A war");
    orders(&mut g, "Germany", "Build A ber\nBuild F kie");
    orders(&mut g, "Spain", "Build A cor");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B A war", "succeeds"), ("B F kie", "succeeds")],
    );
    assert_eq!(phase(&g), "Spring 1902 Movement");
    assert_eq!((units(&g, "Germany"), units(&g, "Spain")), (5, 4));
}

#[test]
fn loeb9_the_arctic_is_open_in_spring_and_the_difficult_border_loses_to_an_ordinary_one() {
    let mut g = game("loeb9");
    board(
        &mut g,
        r#"
phase = "Spring 1901 Movement"
[units]
England = ["F nwg"]
Spain = ["A cor"]
Italy = ["A tun"]
"#,
    );
    orders(&mut g, "England", "F nwg - arc");
    orders(&mut g, "Spain", "A cor - naf");
    orders(&mut g, "Italy", "A tun - naf");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F nwg - arc", "succeeds"),
            ("A cor - naf", "fails"),
            ("A tun - naf", "succeeds"),
        ],
    );
    // Fall: the fleet in the ice can neither leave nor support.
    orders(&mut g, "England", "F arc - nwg");
    let out = play(&mut g);
    expect(&g, &out, &[("F arc - nwg", "illegal")]);
}
