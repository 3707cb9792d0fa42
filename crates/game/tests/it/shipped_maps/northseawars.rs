//! The North Sea Wars map (`northseawars`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

#[test]
fn northseawars_opening_and_first_year() {
    let mut g = game("northseawars");
    assert_eq!(phase(&g), "Spring 0 Movement");
    orders(&mut g, "Britons", "F sbr - wns\nA cym - nbr");
    orders(&mut g, "Romans", "F men - bat\nA ges - mag");
    orders(&mut g, "Frysians", "F fri - lns\nA ams - mag");
    orders(&mut g, "Norse", "F sor - ens\nA got - sea");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A ges - mag", "fails"),
            ("A ams - mag", "fails"),
            ("F men - bat", "succeeds"),
            ("A got - sea", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 0 Movement");
    orders(&mut g, "Britons", "A nbr - ala\nF wns - cns");
    orders(&mut g, "Norse", "F ens - lim\nA sea H");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("A nbr - ala", "succeeds"), ("F ens - lim", "succeeds")],
    );
    assert_eq!(phase(&g), "Winter 0 Adjustment");
    for (centre, power) in [("ala", "Britons"), ("bat", "Romans"), ("lim", "Norse")] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    orders(&mut g, "Britons", "Build A cym");
    orders(&mut g, "Romans", "Build F men");
    orders(&mut g, "Norse", "Build F sor");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B A cym", "succeeds"), ("B F sor", "succeeds")],
    );
    assert_eq!(phase(&g), "Spring 1 Movement");
    assert_eq!((units(&g, "Britons"), units(&g, "Frysians")), (3, 2));
}

#[test]
fn northseawars_the_trade_provinces_have_no_way_back() {
    let mut g = game("northseawars");
    board(
        &mut g,
        "phase = \"Spring 0 Movement\"\n[units]\nBritons = [\"F cns\"]\n",
    );
    orders(&mut g, "Britons", "F cns - woo");
    let out = play(&mut g);
    expect(&g, &out, &[("F cns - woo", "succeeds")]);
    orders(&mut g, "Britons", "F woo - cns");
    let out = play(&mut g);
    expect(&g, &out, &[("F woo - cns", "illegal")]);
    // One centre for one unit: no adjustments.
    assert_eq!(phase(&g), "Spring 1 Movement");
    assert_eq!(owner(&g, "woo").as_deref(), Some("Britons"));
    orders(&mut g, "Britons", "F woo - gra");
    let out = play(&mut g);
    expect(&g, &out, &[("F woo - gra", "succeeds")]);
}
